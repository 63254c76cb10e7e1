"""Verifiers of the Contacts tasks (contacts.yaml). Each returns one boolean per criterion id."""

from __future__ import annotations

from verifier_checks import (answer_of, app_data, digits, has_number, new_messages, number_is, only_changed, rows, text,
                             threads_intact)


def _contacts(state: dict) -> dict[str, dict]:
    return rows(state, "contacts", "contacts")


def _blocked(state: dict) -> list:
    return list(app_data(state, "contacts").get("blocked") or [])


def _only_changed(ctx, changes: dict[str, set[str]]) -> bool:
    """True when the contacts are the same ids as before and only the listed fields of the listed ids differ."""
    return only_changed(_contacts(ctx.initial), _contacts(ctx.final), changes)


def _unchanged(ctx, changes: dict[str, set[str]] | None = None) -> bool:
    """True when no block changed and no contact changed beyond the fields ``changes`` allows ({id: fields})."""
    return _only_changed(ctx, changes or {}) and _blocked(ctx.initial) == _blocked(ctx.final)


def _field_set(ctx, key: str, field: str, expected) -> dict[str, bool]:
    cid = ctx.params[key]["id"]
    after = _contacts(ctx.final).get(cid, {})
    return {
        "ok": str(after.get(field, "")).strip() == str(expected),
        "rest": _unchanged(ctx, {cid: {field}}),
    }


def _same_phone(value, expected) -> bool:
    """True when ``value`` is the number ``expected`` however its digits are grouped ("5550214" is "555-0214"),
    as Messages, the dialer and the other tasks' verifiers match numbers."""
    return bool(digits(expected)) and digits(value) == digits(expected)


def edit_phone(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final).get(cid, {})
    return {"phone_changed": _same_phone(after.get("phone"), ctx.params["phone"]), "rest_intact": _unchanged(ctx, {cid: {"phone"}})}


def edit_email(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final).get(cid, {})
    return {
        "email_changed": text(after.get("email")) == text(ctx.params["email"]),
        "rest_intact": _unchanged(ctx, {cid: {"email"}}),
    }


def add_note(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final).get(cid, {})
    note = text(ctx.params["note"]).rstrip(".")
    return {
        "note_set": text(after.get("notes"), '"').rstrip(".") == note,
        "rest_intact": _unchanged(ctx, {cid: {"notes"}}),
    }


def set_birthday(ctx) -> dict[str, bool]:
    r = _field_set(ctx, "contact", "birthday", ctx.params["date"]["value"])
    return {"birthday_set": r["ok"], "rest_intact": r["rest"]}


def create(ctx) -> dict[str, bool]:
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    person = ctx.params["person"]
    new = [c for cid, c in after.items() if cid not in before]
    named = [c for c in new if text(c.get("name")) == text(person["name"])]
    made = named[0] if len(named) == 1 else {}
    return {
        "created": len(new) == 1 and len(named) == 1,
        "fields_match": bool(made)
        and _same_phone(made.get("phone"), ctx.params["phone"])
        and text(made.get("email")) == text(person["email"])
        and text(made.get("company")) == text(ctx.params["company"]),
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
        "rest_intact": _unchanged(ctx, {cid: {"favorite"}}),
    }


def unfavorite(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    after = _contacts(ctx.final)
    return {
        "not_favorite": cid in after and after[cid].get("favorite") is False,
        "rest_intact": _unchanged(ctx, {cid: {"favorite"}}),
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
    members = [cid for cid, c in before.items() if text(c.get("company")) == text(company["name"])]
    return {
        "all_moved": bool(members)
        and all(text(after.get(cid, {}).get("company")) == text(ctx.params["new_name"]) for cid in members),
        "rest_intact": _unchanged(ctx, {cid: {"company"} for cid in members}),
    }


def swap_phones(ctx) -> dict[str, bool]:
    pair = ctx.params["pair"]
    a, b = pair["a"], pair["b"]
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    old_a, old_b = before.get(a, {}).get("phone"), before.get(b, {}).get("phone")
    return {
        "a_has_b": old_b is not None and _same_phone(after.get(a, {}).get("phone"), old_b),
        "b_has_a": old_a is not None and _same_phone(after.get(b, {}).get("phone"), old_a),
        "rest_intact": _unchanged(ctx, {a: {"phone"}, b: {"phone"}}),
    }


def query_company(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    truth = _contacts(ctx.initial).get(cid, {}).get("company")
    return {
        "correct": bool(truth) and text(answer_of(ctx, "company")) == text(truth),
        "unchanged": _unchanged(ctx),
    }


def count_company(ctx) -> dict[str, bool]:
    name = text(ctx.params["company"]["name"])
    truth = sum(1 for c in _contacts(ctx.initial).values() if text(c.get("company")) == name)
    return {"correct": number_is(answer_of(ctx, "count"), truth), "unchanged": _unchanged(ctx)}


def reverse_lookup(ctx) -> dict[str, bool]:
    phone = ctx.params["contact"]["phone"]
    owners = [c["name"] for c in _contacts(ctx.initial).values() if c.get("phone") == phone]
    return {
        "correct": len(owners) == 1 and text(answer_of(ctx, "name")) == text(owners[0]),
        "unchanged": _unchanged(ctx),
    }


def share_contact(ctx) -> dict[str, bool]:
    pair = ctx.params["pair"]
    before = _contacts(ctx.initial)
    shared, recipient = before.get(pair["a"], {}), before.get(pair["b"], {})
    phone = digits(shared.get("phone"))

    def to_recipient(thread):  # the same number however it was typed ("5550188", "555 0188"), as Messages matches it
        return thread.get("contact_id") == pair["b"] or (
            bool(digits(recipient.get("phone"))) and digits(thread.get("number")) == digits(recipient.get("phone")))

    def holds_card(body):
        return text(shared.get("name")) in text(body) and has_number(body, phone)

    new = new_messages(ctx)
    return {
        "sent": any(to_recipient(t) and holds_card(m.get("text")) for t, m in new),
        # and no conversation deleted or changed on the way
        "only_recipient": bool(new) and all(to_recipient(t) for t, _ in new) and threads_intact(ctx),
        "contacts_intact": _unchanged(ctx),
    }
