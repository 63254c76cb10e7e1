"""Verifiers of the Messages tasks (task_bank/mobile-core/messages.yaml).

State: apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text, time}],
unread, pinned, muted, archived}]; apps.contacts.data.contacts = [{id, name, phone, ...}].
"""

import re

from verifier_checks import (
    answer_of,
    app_data,
    by_id,
    contact,
    digits,
    has_number,
    intact,
    rows,
    text,
    thread_content,
    thread_of,
    threads,
)


def _contacts(state):
    return app_data(state, "contacts").get("contacts") or []


def _new_messages(before, after):
    """Messages of `after` (a thread, or None) that `before` (a thread, or None) did not have."""
    if after is None:
        return []
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    return [m for m in after.get("messages", []) if m.get("id") not in old]


def _says(body, wanted):
    """True when a message reads ``wanted`` (case and runs of spaces aside). The plain instruction ends with the text
    ("...with: Thanks for letting me know."), so a last full stop is the sentence's too: it may be left out."""
    return text(body).rstrip(".") == text(wanted).rstrip(".")


def _mine(messages):
    return [m for m in messages if m.get("from") == "me"]


def _others_intact(ctx, skip=(), allow_new_to=()):
    """No conversation outside `skip` changed (unread aside); none deleted; new threads only for
    the (contact_id, number) pairs in `allow_new_to`."""
    before = by_id(threads(ctx.initial))
    after = by_id(threads(ctx.final))
    if any(tid not in after for tid in before if tid not in skip):
        return False
    for tid, t in after.items():
        if tid in skip:
            continue
        if tid in before:
            if thread_content(t) != thread_content(before[tid]):
                return False
        elif not any((cid and t.get("contact_id") == cid) or (num and digits(t.get("number")) == digits(num))
                     for cid, num in allow_new_to):
            return False
    return True


def _pair(ctx, contact_id):
    """(before, after) conversation with a contact; after may be a newly created one."""
    person = contact(ctx.initial, contact_id)
    before = thread_of(threads(ctx.initial), contact_id, person.get("phone"))
    after = thread_of(threads(ctx.final), contact_id, person.get("phone"))
    return before, after, person


def _sent_exactly(before, after, wanted):
    """True when exactly one message was added, it is mine, it is the latest and reads `wanted`."""
    new = _new_messages(before, after)
    if len(new) != 1 or new[0].get("from") != "me" or not _says(new[0].get("text"), wanted):
        return False
    latest = max(after.get("messages", []), key=lambda m: m.get("time", 0))
    return latest.get("time", 0) == new[0].get("time", 0)


def reply(ctx) -> dict[str, bool]:
    tid = ctx.params["who"]["thread"]
    before = by_id(threads(ctx.initial)).get(tid)
    after = by_id(threads(ctx.final)).get(tid)
    new = _new_messages(before, after)
    last = after["messages"][-1] if after and after.get("messages") else {}
    return {
        "replied": bool(after) and last.get("from") == "me" and _says(last.get("text"), ctx.params["text"]),
        "sent_once": bool(after) and len(new) == 1 and len(_mine(new)) == 1,
        "others_intact": bool(after) and _others_intact(ctx, skip=(tid,)),
    }


def send_new(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    before, after, person = _pair(ctx, cid)
    skip = (after["id"],) if after else ()
    return {
        "sent": bool(after) and _sent_exactly(before, after, ctx.params["text"]),
        "sent_once": bool(after) and len(_new_messages(before, after)) == 1,
        "others_intact": _others_intact(ctx, skip=skip, allow_new_to=[(cid, person.get("phone"))]),
    }


def delete_thread(ctx) -> dict[str, bool]:
    tid = ctx.params["x"]["thread"]
    after = by_id(threads(ctx.final))
    return {
        "deleted": tid in by_id(threads(ctx.initial)) and tid not in after,
        "others_intact": _others_intact(ctx, skip=(tid,)) and len(after) == len(threads(ctx.initial)) - 1,
    }


def _flag_task(ctx, tid, **flags):
    before = by_id(threads(ctx.initial)).get(tid)
    after = by_id(threads(ctx.final)).get(tid)
    ok = {k: bool(after) and after.get(k) is v for k, v in flags.items()}
    same = bool(after) and before is not None and before.get("messages") == after.get("messages") \
        and all(after.get(k) == before.get(k) for k in ("pinned", "muted", "archived", "contact_id", "number") if k not in flags)
    return ok, same


def pin(ctx) -> dict[str, bool]:
    tid = ctx.params["x"]["thread"]
    ok, same = _flag_task(ctx, tid, pinned=True)
    return {"pinned": ok["pinned"], "others_intact": same and _others_intact(ctx, skip=(tid,))}


def mute_archive(ctx) -> dict[str, bool]:
    tid = ctx.params["x"]["thread"]
    ok, same = _flag_task(ctx, tid, muted=True, archived=True)
    return {"muted": ok["muted"], "archived": ok["archived"], "kept": same, "others_intact": _others_intact(ctx, skip=(tid,))}


def unarchive(ctx) -> dict[str, bool]:
    tid = ctx.params["x"]["thread"]
    ok, same = _flag_task(ctx, tid, archived=False)
    return {"unarchived": ok["archived"], "others_intact": same and _others_intact(ctx, skip=(tid,))}


def _read_only(ctx) -> bool:
    """A query changes no conversation: the threads are as they were, read markers aside."""
    return intact(ctx, ["messages"], {})


def query_code(ctx) -> dict[str, bool]:
    answer = answer_of(ctx, "code")
    return {"correct": digits(answer) == ctx.params["q"]["code"] and digits(answer) != "", "unchanged": _read_only(ctx)}


def _hhmm(value):
    """Return "HH:MM" for "19:30", "7:30 pm", "7.30pm", "19h30"; None when not a time."""
    m = re.fullmatch(r"\s*(\d{1,2})\s*[:.h]\s*(\d{2})\s*([ap]\.?\s*m\.?)?\s*", str(value or ""), re.IGNORECASE)
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    if m.group(3):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m.group(3).lower().startswith("p") else 0)
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"


def query_plan_time(ctx) -> dict[str, bool]:
    return {"correct": _hhmm(answer_of(ctx, "time")) == ctx.params["q"]["time"], "unchanged": _read_only(ctx)}


def _one_new_message_to(ctx, contact_id, predicate):
    before, after, _ = _pair(ctx, contact_id)
    new = _new_messages(before, after)
    return len(new) == 1 and new[0].get("from") == "me" and predicate(new[0].get("text", "")), after


def forward_code(ctx) -> dict[str, bool]:
    to = ctx.params["to"]
    code = ctx.params["src"]["code"]
    ok, after = _one_new_message_to(ctx, to["id"], lambda body: code in digits(body) and re.search(rf"(?<!\d){code}(?!\d)", body) is not None)
    return {
        "sent": ok,
        "others_intact": _others_intact(ctx, skip=(after["id"],) if after else (), allow_new_to=[(to["id"], to.get("phone"))]),
    }


def share_number(ctx) -> dict[str, bool]:
    x, y = ctx.params["x"], ctx.params["y"]
    phone = digits(x["phone"])
    ok, after = _one_new_message_to(ctx, y["id"], lambda body: has_number(body, phone))
    return {
        "sent": ok,
        "others_intact": _others_intact(ctx, skip=(after["id"],) if after else (), allow_new_to=[(y["id"], y.get("phone"))]),
        "contacts_intact": _contacts(ctx.final) == _contacts(ctx.initial),
    }


def save_sender(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before = rows(ctx.initial, "contacts", "contacts")
    after = rows(ctx.final, "contacts", "contacts")
    added = [c for cid, c in after.items() if cid not in before]
    match = [c for c in added if text(c.get("name")) == text(x["name"]) and digits(c.get("phone")) == digits(x["number"])]
    return {
        "saved": len(match) >= 1,
        "single": len(added) == 1,
        "contacts_intact": all(after.get(cid) == c for cid, c in before.items()),
        "messages_intact": _others_intact(ctx),
    }


def text_company(ctx) -> dict[str, bool]:
    company = text(ctx.params["g"]["company"])
    wanted = ctx.params["text"]
    staff = [c for c in _contacts(ctx.initial) if text(c.get("company")) == company]
    touched = []
    all_sent = bool(staff)
    for c in staff:
        before, after, _ = _pair(ctx, c["id"])
        if after is None:
            all_sent = False
            continue
        touched.append(after["id"])
        if not _sent_exactly(before, after, wanted):
            all_sent = False
    return {
        "all_sent": all_sent,
        "no_extra": _others_intact(ctx, skip=tuple(touched), allow_new_to=[(c["id"], c.get("phone")) for c in staff]),
        "contacts_intact": _contacts(ctx.final) == _contacts(ctx.initial),
    }
