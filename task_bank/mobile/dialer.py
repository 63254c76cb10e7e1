"""Verifiers of the Phone (dialer) tasks (dialer.yaml). Each returns one boolean per criterion id.

State: apps.dialer.data = {call_log: [{id, contact_id, number, kind, time, duration}],
voicemails: [{id, contact_id, number, time, duration, transcript, read}], speed_dial: {slot: contact id},
call: null | {...}}; apps.contacts.data.contacts = [{id, name, phone, ...}];
apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text, time}], ...}].
"""

from __future__ import annotations

import re

from verifier_checks import app_data, clock_now, digits, new_rows, number_is, rows, text, time_of

DAY = 86400000


def _log(state: dict) -> dict:
    return rows(state, "dialer", "call_log")


def _vms(state: dict) -> dict:
    return rows(state, "dialer", "voicemails")


def _contacts(state: dict) -> dict:
    return rows(state, "contacts", "contacts")


def _thread_rows(state: dict) -> dict:
    """{id: thread} of the Messages app (the primitive `threads` gives the list)."""
    return rows(state, "messages", "threads")


def _new_calls(ctx) -> list[dict]:
    return new_rows(ctx, "dialer", "call_log")


def _old_log_intact(ctx, removed=frozenset()) -> bool:
    after = _log(ctx.final)
    return all(after.get(k) == v for k, v in _log(ctx.initial).items() if k not in removed)


def _no_call(ctx) -> bool:
    return app_data(ctx.final, "dialer").get("call") is None


def _vms_intact(ctx, removed=frozenset()) -> bool:
    """The voicemails are the same ids (less `removed`), unchanged apart from the read flag."""
    before, after = _vms(ctx.initial), _vms(ctx.final)
    if set(after) != set(before) - set(removed):
        return False
    strip = lambda v: {k: x for k, x in v.items() if k != "read"}
    return all(strip(after[k]) == strip(v) for k, v in before.items() if k in after)


def _speed(state: dict) -> dict:
    return dict(app_data(state, "dialer").get("speed_dial") or {})


def _with(entry: dict, contact_id, phone) -> bool:
    """True when a call-log entry is with the contact (by id or by number)."""
    if contact_id and entry.get("contact_id") == contact_id:
        return True
    return bool(digits(phone)) and digits(entry.get("number")) == digits(phone)


def _outgoing_to(calls: list[dict], number) -> list[dict]:
    return [e for e in calls if e.get("kind") == "outgoing" and digits(e.get("number")) == digits(number)]


# ------------------------------------------------------------------ parsing answers


def _seconds(value) -> int | None:
    """Parse a duration answer: "6:12", "06:12", "6 min 12 s", "6m12s", "372 s" -> seconds."""
    t = str(value if value is not None else "").strip().lower()
    m = re.fullmatch(r"(\d+):(\d{1,2})", t)
    if m and int(m.group(2)) < 60:
        return int(m.group(1)) * 60 + int(m.group(2))
    m = re.fullmatch(r"(\d+)\s*(?:m|min|mins|minutes?)\.?\s*(?:(?:and\s*)?(\d+)\s*(?:s|sec|secs|seconds?)\.?)?", t)
    if m:
        return int(m.group(1)) * 60 + int(m.group(2) or 0)
    m = re.fullmatch(r"(\d+)\s*(?:s|sec|secs|seconds?)\.?", t)
    return int(m.group(1)) if m else None


def _single_number(value) -> str | None:
    """The single number in an answer ("ext. 214", "$65", "65 dollars", "$65.00") as its digits ("65"; a fraction
    that is not zero stays: "65.50"), else None. Written cents are the same whole number, not a second number."""
    found = re.findall(r"\d+(?:\.\d+)?", str(value if value is not None else ""))
    if len(found) != 1:
        return None
    whole, _, cents = found[0].partition(".")
    return found[0] if cents.strip("0") else whole.lstrip("0") or "0"


# ---------------------------------------------------------------------- verifiers


def call_contact(ctx) -> dict[str, bool]:
    phone = ctx.params["contact"]["phone"]
    new = _new_calls(ctx)
    return {
        "called": len(_outgoing_to(new, phone)) == 1,
        "only_call": len(new) == 1 and _no_call(ctx),
        "rest_intact": _old_log_intact(ctx) and _vms_intact(ctx) and _speed(ctx.initial) == _speed(ctx.final),
    }


def call_duration(ctx) -> dict[str, bool]:
    phone = ctx.params["contact"]["phone"]
    new = _new_calls(ctx)
    mine = _outgoing_to(new, phone)
    need = int(ctx.params["dur"]["min"]) * 60
    return {
        "called": len(mine) >= 1,
        "long_enough": any(int(e.get("duration") or 0) >= need for e in mine),
        "rest_intact": len(new) == len(mine) and _no_call(ctx) and _old_log_intact(ctx) and _vms_intact(ctx)
        and _speed(ctx.initial) == _speed(ctx.final),
    }


def dial_number(ctx) -> dict[str, bool]:
    new = _new_calls(ctx)
    return {
        "called": len(_outgoing_to(new, ctx.params["number"])) == 1,
        "only_call": len(new) == 1 and _no_call(ctx),
        "rest_intact": _old_log_intact(ctx) and _vms_intact(ctx) and _speed(ctx.initial) == _speed(ctx.final),
    }


def _phone_unchanged(ctx, slot: str | None = None) -> bool:
    """Nothing else changed in the Phone app: the call log, the voicemails (listening aside) and the speed dial (but
    ``slot``, which the task sets)."""
    before, after = _speed(ctx.initial), _speed(ctx.final)
    before.pop(slot, None)
    after.pop(slot, None)
    return _log(ctx.initial) == _log(ctx.final) and _vms_intact(ctx) and before == after


def query_last_call(ctx) -> dict[str, bool]:
    cid = ctx.params["who"]["id"]
    phone = (_contacts(ctx.initial).get(cid) or {}).get("phone")
    calls = sorted((e for e in _log(ctx.initial).values() if _with(e, cid, phone) and e.get("kind") != "missed"),
                   key=lambda e: e.get("time") or 0, reverse=True)
    expected = int(calls[0].get("duration") or 0) if calls else None
    return {
        "correct": expected is not None and _seconds(ctx.answer.get("duration")) == expected,
        "unchanged": _phone_unchanged(ctx),
    }


def _missed_in_scope(state: dict, scope: str) -> list[dict]:
    today = clock_now(state) // DAY
    contacts = _contacts(state)
    missed = [e for e in _log(state).values() if e.get("kind") == "missed"]
    if scope == "today":
        return [e for e in missed if int(e.get("time") or 0) // DAY == today]
    if scope == "yesterday":
        return [e for e in missed if int(e.get("time") or 0) // DAY == today - 1]
    if scope == "before_yesterday":
        return [e for e in missed if int(e.get("time") or 0) // DAY < today - 1]
    if scope.startswith("contact:"):
        cid = scope.split(":", 1)[1]
        return [e for e in missed if _with(e, cid, (contacts.get(cid) or {}).get("phone"))]
    if scope == "unknown":
        phones = {digits(c.get("phone")) for c in contacts.values()} - {""}
        return [e for e in missed if e.get("contact_id") not in contacts and digits(e.get("number")) not in phones]
    return missed


def query_missed(ctx) -> dict[str, bool]:
    expected = len(_missed_in_scope(ctx.initial, ctx.params["q"]["scope"]))
    return {"correct": number_is(ctx.answer.get("count"), expected), "unchanged": _phone_unchanged(ctx)}


def voicemail_fact(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    got = ctx.answer.get("answer")
    ok = time_of(got) == q["answer"] if q["kind"] == "time" else _single_number(got) == q["answer"]
    return {"correct": ok, "kept": _vms_intact(ctx) and _log(ctx.initial) == _log(ctx.final)}


def delete_voicemail(ctx) -> dict[str, bool]:
    vm = ctx.params["x"]["vm"]
    return {
        "deleted": vm in _vms(ctx.initial) and vm not in _vms(ctx.final),
        "others_intact": _vms_intact(ctx, removed={vm}) and _log(ctx.initial) == _log(ctx.final),
    }


def clear_history(ctx) -> dict[str, bool]:
    cid = ctx.params["who"]["id"]
    phone = (_contacts(ctx.initial).get(cid) or {}).get("phone")
    before, after = _log(ctx.initial), _log(ctx.final)
    theirs = {k for k, e in before.items() if _with(e, cid, phone)}
    return {
        "removed": bool(theirs) and not any(_with(e, cid, phone) for e in after.values()),
        "others_intact": set(after) == set(before) - theirs and _old_log_intact(ctx, removed=theirs)
        and _vms_intact(ctx) and _contacts(ctx.initial) == _contacts(ctx.final),
    }


def speed_dial(ctx) -> dict[str, bool]:
    slot = str(ctx.params["slot"])
    return {
        "assigned": _speed(ctx.final).get(slot) == ctx.params["contact"]["id"],
        "others_intact": _phone_unchanged(ctx, slot),
    }


def callback_voicemail(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    new = _new_calls(ctx)
    return {
        "listened": (_vms(ctx.final).get(x["vm"]) or {}).get("read") is True,
        "called_back": len(_outgoing_to(new, x["number"])) == 1,
        "rest_intact": len(new) == 1 and _no_call(ctx) and _old_log_intact(ctx) and _vms_intact(ctx),
    }


def return_missed(ctx) -> dict[str, bool]:
    wanted = {digits(e.get("number")) for e in _missed_in_scope(ctx.initial, ctx.params["s"]["scope"])}
    new = _new_calls(ctx)
    called = [digits(e.get("number")) for e in new if e.get("kind") == "outgoing"]
    return {
        "all_called": bool(wanted) and all(n in called for n in wanted),
        "no_extra": len(called) == len(new) and set(called) <= wanted and _no_call(ctx),
        "rest_intact": _old_log_intact(ctx) and _vms_intact(ctx),
    }


def text_missed_caller(ctx) -> dict[str, bool]:
    who = ctx.params["who"]
    before, after = _thread_rows(ctx.initial), _thread_rows(ctx.final)

    def is_theirs(t: dict) -> bool:
        if who.get("contact_id") and t.get("contact_id") == who["contact_id"]:
            return True
        return digits(t.get("number")) == digits(who["number"])

    new_msgs = []  # (thread id, message) for every message that was not there before
    for tid, t in after.items():
        old = {m.get("id") for m in (before.get(tid) or {}).get("messages") or []}
        new_msgs += [(tid, m) for m in t.get("messages") or [] if m.get("id") not in old]
    theirs = [t for t in after.values() if is_theirs(t)]
    target = theirs[0] if len(theirs) == 1 else None
    last = (target.get("messages") or [{}])[-1] if target and target.get("messages") else {}
    content = lambda t: {k: v for k, v in t.items() if k not in ("unread", "messages")}
    return {
        "sent": target is not None and last.get("from") == "me" and text(last.get("text")) == text(ctx.params["text"])
        and any(m is last for _, m in new_msgs),
        "sent_once": len(new_msgs) == 1 and target is not None and new_msgs[0][0] == target.get("id")
        and set(before) <= set(after) and all(content(after[k]) == content(v) for k, v in before.items()),
        "rest_intact": _phone_unchanged(ctx) and _contacts(ctx.initial) == _contacts(ctx.final),
    }


def save_caller(ctx) -> dict[str, bool]:
    who = ctx.params["who"]
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    new = [c for k, c in after.items() if k not in before]
    named = [c for c in new if text(c.get("name")) == text(who["name"])]
    return {
        "saved": len(named) == 1 and digits(named[0].get("phone")) == digits(who["number"]),
        "single": len(new) == 1 and all(after.get(k) == v for k, v in before.items()),
        "log_intact": _phone_unchanged(ctx),
    }


def longest_call_speed_dial(ctx) -> dict[str, bool]:
    slot = str(ctx.params["slot"])
    day = clock_now(ctx.initial) // DAY + int(ctx.params["d"]["day"])
    calls = [e for e in _log(ctx.initial).values() if e.get("kind") != "missed" and int(e.get("time") or 0) // DAY == day]
    longest = max(calls, key=lambda e: int(e.get("duration") or 0)) if calls else None
    contacts = _contacts(ctx.initial)
    who = None
    if longest:
        who = contacts.get(longest.get("contact_id")) or next(
            (c for c in contacts.values() if digits(c.get("phone")) == digits(longest.get("number"))), None)
    return {
        "assigned": who is not None and _speed(ctx.final).get(slot) == who.get("id"),
        "correct": who is not None and text(ctx.answer.get("name")) == text(who.get("name")),
        "rest_intact": _phone_unchanged(ctx, slot),
    }
