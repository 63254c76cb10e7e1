"""Verifiers of the Contacts tasks (contacts.yaml). Each returns one boolean per criterion id."""

from __future__ import annotations


def _app(state: dict) -> dict:
    return ((state.get("apps") or {}).get("contacts") or {}).get("data") or {}


def _contacts(state: dict) -> dict[str, dict]:
    return {c["id"]: c for c in _app(state).get("contacts") or [] if isinstance(c, dict) and "id" in c}


def _blocked(state: dict) -> list:
    return list(_app(state).get("blocked") or [])


def _text(value) -> str:
    return " ".join(str(value if value is not None else "").split()).casefold()


def _only_changed(ctx, changes: dict[str, set[str]]) -> bool:
    """True when the contacts are the same ids as before and only the listed fields of the listed ids differ."""
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    if set(before) != set(after):
        return False
    for cid, old in before.items():
        new = after[cid]
        allowed = changes.get(cid, set())
        keys = set(old) | set(new)
        if any(old.get(k) != new.get(k) for k in keys if k not in allowed):
            return False
    return True


def _unchanged(ctx) -> bool:
    """True when no contact and no block changed."""
    return _only_changed(ctx, {}) and _blocked(ctx.initial) == _blocked(ctx.final)


def _field_set(ctx, key: str, field: str, expected) -> dict[str, bool]:
    cid = ctx.params[key]["id"]
    after = _contacts(ctx.final).get(cid, {})
    return {
        "ok": str(after.get(field, "")).strip() == str(expected),
        "rest": _only_changed(ctx, {cid: {field}}) and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def edit_phone(ctx) -> dict[str, bool]:
    r = _field_set(ctx, "contact", "phone", ctx.params["phone"])
    return {"phone_changed": r["ok"], "rest_intact": r["rest"]}


def edit_email(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final).get(cid, {})
    return {
        "email_changed": _text(after.get("email")) == _text(ctx.params["email"]),
        "rest_intact": _only_changed(ctx, {cid: {"email"}}) and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def add_note(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final).get(cid, {})
    note = _text(ctx.params["note"]).rstrip(".")
    return {
        "note_set": _text(after.get("notes")).strip('"').rstrip(".") == note,
        "rest_intact": _only_changed(ctx, {cid: {"notes"}}) and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def set_birthday(ctx) -> dict[str, bool]:
    r = _field_set(ctx, "contact", "birthday", ctx.params["date"]["value"])
    return {"birthday_set": r["ok"], "rest_intact": r["rest"]}


def create(ctx) -> dict[str, bool]:
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    person = ctx.params["person"]
    new = [c for cid, c in after.items() if cid not in before]
    named = [c for c in new if _text(c.get("name")) == _text(person["name"])]
    made = named[0] if len(named) == 1 else {}
    return {
        "created": len(new) == 1 and len(named) == 1,
        "fields_match": bool(made)
        and str(made.get("phone", "")).strip() == ctx.params["phone"]
        and _text(made.get("email")) == _text(person["email"])
        and _text(made.get("company")) == _text(ctx.params["company"]),
        "others_intact": all(after.get(cid) == c for cid, c in before.items())
        and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def delete(ctx) -> dict[str, bool]:
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    cid = ctx.params["contact"]["id"]
    return {
        "deleted": cid in before and cid not in after,
        "others_intact": set(after) == set(before) - {cid}
        and all(after[k] == v for k, v in before.items() if k != cid)
        and [b for b in _blocked(ctx.final)] == [b for b in _blocked(ctx.initial) if b != cid],
    }


def favorite(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    return {
        "is_favorite": _contacts(ctx.final).get(cid, {}).get("favorite") is True,
        "rest_intact": _only_changed(ctx, {cid: {"favorite"}}) and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def unfavorite(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final)
    return {
        "not_favorite": cid in after and after[cid].get("favorite") is False,
        "rest_intact": _only_changed(ctx, {cid: {"favorite"}}) and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def block(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    before, after = _blocked(ctx.initial), _blocked(ctx.final)
    return {
        "blocked": cid in after,
        "only_that": set(after) == set(before) | {cid} and _only_changed(ctx, {}),
    }


def move_company(ctx) -> dict[str, bool]:
    company = ctx.params["company"]
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    members = [cid for cid, c in before.items() if _text(c.get("company")) == _text(company["name"])]
    return {
        "all_moved": bool(members)
        and all(_text(after.get(cid, {}).get("company")) == _text(ctx.params["new_name"]) for cid in members),
        "rest_intact": _only_changed(ctx, {cid: {"company"} for cid in members})
        and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def swap_phones(ctx) -> dict[str, bool]:
    pair = ctx.params["pair"]
    a, b = pair["a"], pair["b"]
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    old_a, old_b = before.get(a, {}).get("phone"), before.get(b, {}).get("phone")
    return {
        "a_has_b": old_b is not None and str(after.get(a, {}).get("phone", "")).strip() == old_b,
        "b_has_a": old_a is not None and str(after.get(b, {}).get("phone", "")).strip() == old_a,
        "rest_intact": _only_changed(ctx, {a: {"phone"}, b: {"phone"}}) and _blocked(ctx.initial) == _blocked(ctx.final),
    }


def _answer(ctx, name: str):
    return (ctx.answer or {}).get(name)


def query_company(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    truth = _contacts(ctx.initial).get(cid, {}).get("company")
    return {
        "correct": bool(truth) and _text(_answer(ctx, "company")) == _text(truth),
        "unchanged": _unchanged(ctx),
    }


def count_company(ctx) -> dict[str, bool]:
    name = _text(ctx.params["company"]["name"])
    truth = sum(1 for c in _contacts(ctx.initial).values() if _text(c.get("company")) == name)
    value = _answer(ctx, "count")
    try:
        correct = value is not None and not isinstance(value, bool) and float(str(value).strip()) == truth
    except ValueError:
        correct = False
    return {"correct": correct, "unchanged": _unchanged(ctx)}


def reverse_lookup(ctx) -> dict[str, bool]:
    phone = ctx.params["contact"]["phone"]
    owners = [c["name"] for c in _contacts(ctx.initial).values() if c.get("phone") == phone]
    return {
        "correct": len(owners) == 1 and _text(_answer(ctx, "name")) == _text(owners[0]),
        "unchanged": _unchanged(ctx),
    }


def _new_messages(ctx) -> list[tuple[dict, dict]]:
    """(thread, message) pairs of the messages sent by me that were not in the initial state."""
    def threads(state):
        return (((state.get("apps") or {}).get("messages") or {}).get("data") or {}).get("threads") or []
    seen = {m.get("id") for t in threads(ctx.initial) for m in t.get("messages") or []}
    return [(t, m) for t in threads(ctx.final) for m in t.get("messages") or []
            if m.get("id") not in seen and m.get("from") == "me"]


def share_contact(ctx) -> dict[str, bool]:
    pair = ctx.params["pair"]
    before = _contacts(ctx.initial)
    shared, recipient = before.get(pair["a"], {}), before.get(pair["b"], {})
    digits = "".join(ch for ch in str(shared.get("phone", "")) if ch.isdigit())

    def to_recipient(thread):
        return thread.get("contact_id") == pair["b"] or (
            bool(recipient.get("phone")) and str(thread.get("number", "")).strip() == recipient["phone"])

    def holds_card(text):
        return _text(shared.get("name")) in _text(text) and bool(digits) and digits in "".join(ch for ch in str(text) if ch.isdigit())

    new = _new_messages(ctx)
    return {
        "sent": any(to_recipient(t) and holds_card(m.get("text")) for t, m in new),
        "only_recipient": bool(new) and all(to_recipient(t) for t, _ in new),
        "contacts_intact": _unchanged(ctx),
    }
