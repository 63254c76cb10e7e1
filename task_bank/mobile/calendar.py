"""Verifiers of the Calendar tasks (task_bank/mobile/calendar.yaml).

State: apps.calendar.data.events = [{id, title, date "YYYY-MM-DD", start "HH:MM", end "HH:MM", location,
attendees: [contact id], notes, reminder: minutes}]; the virtual clock (os.clock.now) is Sat 2026-03-14.
Messages: apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text}]}];
Notes: apps.notes.data.notes = [{id, title, body, items, ...}].
"""

import re

_FIELDS = ("title", "date", "start", "end", "location", "attendees", "notes", "reminder")


def _app(state, app):
    return ((state.get("apps") or {}).get(app) or {}).get("data") or {}


def _events(state):
    return {e["id"]: e for e in _app(state, "calendar").get("events") or [] if isinstance(e, dict) and "id" in e}


def _text(value):
    """Compare text ignoring case, surrounding quotes and runs of whitespace."""
    return " ".join(str(value if value is not None else "").split()).strip("\"'“”").casefold()


def _time(value):
    """Return "HH:MM" for "9:30" / "09:30" / "09.30" answers, else the cleaned text."""
    m = re.fullmatch(r"\s*(\d{1,2})[:.](\d{2})\s*", str(value or ""))
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else _text(value)


def _minutes(hhmm):
    h, m = str(hhmm).split(":")
    return int(h) * 60 + int(m)


def _hhmm(total):
    return f"{total // 60:02d}:{total % 60:02d}"


def _answer(ctx, name):
    return (ctx.answer or {}).get(name)


def _number(value):
    try:
        return None if value is None or isinstance(value, bool) else float(str(value).strip())
    except ValueError:
        return None


def _only_changed(ctx, changes):
    """True when the events have the same ids as before and only the listed fields of the listed ids differ."""
    before, after = _events(ctx.initial), _events(ctx.final)
    if set(before) != set(after):
        return False
    for eid, old in before.items():
        allowed = changes.get(eid, set())
        new = after[eid]
        if any(old.get(k) != new.get(k) for k in set(old) | set(new) if k not in allowed):
            return False
    return True


def _unchanged(ctx):
    return _only_changed(ctx, {})


def _new_events(ctx):
    before, after = _events(ctx.initial), _events(ctx.final)
    return [e for eid, e in after.items() if eid not in before]


def _existing_intact(ctx):
    before, after = _events(ctx.initial), _events(ctx.final)
    return all(after.get(eid) == e for eid, e in before.items())


# ------------------------------------------------------------------ operate


def create_event(ctx):
    p = ctx.params
    new = _new_events(ctx)
    made = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["ev"]["title"]),
        "when": bool(made) and made.get("date") == p["when"]["date"] and made.get("start") == p["when"]["start"]
        and made.get("end") == p["when"]["end"],
        "where": bool(made) and _text(made.get("location")) == _text(p["ev"]["location"]),
        "others_intact": _existing_intact(ctx),
    }


def move_event(ctx):
    p = ctx.params["m"]
    before, after = _events(ctx.initial), _events(ctx.final)
    old, new = before.get(p["id"], {}), after.get(p["id"], {})
    return {
        "moved": new.get("date") == p["to"],
        "same_time": bool(old) and new.get("start") == old.get("start") and new.get("end") == old.get("end"),
        "rest_intact": _only_changed(ctx, {p["id"]: {"date"}}),
    }


def delete_event(ctx):
    eid = ctx.params["e"]["id"]
    before, after = _events(ctx.initial), _events(ctx.final)
    return {
        "deleted": eid in before and eid not in after,
        "others_intact": set(after) == set(before) - {eid} and all(after[k] == v for k, v in before.items() if k != eid),
    }


def add_attendee(ctx):
    p = ctx.params["x"]
    before, after = _events(ctx.initial), _events(ctx.final)
    old, new = before.get(p["id"], {}), after.get(p["id"], {})
    want = set(old.get("attendees") or []) | {p["contact"]}
    got = new.get("attendees") or []
    return {
        "invited": sorted(got) == sorted(want) and len(got) == len(set(got)),
        "rest_intact": _only_changed(ctx, {p["id"]: {"attendees"}}),
    }


def shift_event(ctx):
    p = ctx.params["s"]
    before, after = _events(ctx.initial), _events(ctx.final)
    old, new = before.get(p["id"], {}), after.get(p["id"], {})
    ok = bool(old) and new.get("start") == _hhmm(_minutes(old["start"]) + p["delta"]) \
        and new.get("end") == _hhmm(_minutes(old["end"]) + p["delta"])
    return {
        "shifted": ok,
        "same_day": bool(old) and new.get("date") == old.get("date"),
        "rest_intact": _only_changed(ctx, {p["id"]: {"start", "end"}}),
    }


def set_reminder(ctx):
    p = ctx.params
    eid = p["e"]["id"]
    new = _events(ctx.final).get(eid, {})
    return {
        "reminder_set": new.get("reminder") == p["rem"]["minutes"],
        "rest_intact": _only_changed(ctx, {eid: {"reminder"}}),
    }


def schedule_rule(ctx):
    """A 1-hour event at the asked time, or, when that clashes, right after the clashing event(s)."""
    p = ctx.params
    day = p["slot"]["date"]
    busy = sorted((_minutes(e["start"]), _minutes(e["end"])) for e in _events(ctx.initial).values() if e.get("date") == day)
    start = _minutes(p["slot"]["ask"])
    moved = True
    while moved:
        moved = False
        for s, e in busy:
            if s < start + 60 and start < e:
                start, moved = e, True
    new = _new_events(ctx)
    made = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["title"]),
        "right_slot": bool(made) and made.get("date") == day and made.get("start") == _hhmm(start)
        and made.get("end") == _hhmm(start + 60),
        "others_intact": _existing_intact(ctx),
    }


# -------------------------------------------------------------------- query


def query_day(ctx):
    day = ctx.params["d"]["date"]
    on_day = [e for e in _events(ctx.initial).values() if e.get("date") == day]
    truth = on_day[0] if len(on_day) == 1 else None
    return {
        "title": truth is not None and _text(_answer(ctx, "title")) == _text(truth["title"]),
        "start": truth is not None and _time(_answer(ctx, "start")) == truth["start"],
        "unchanged": _unchanged(ctx),
    }


def count_attendee(ctx):
    cid = ctx.params["who"]["id"]
    lo, hi = "2026-03-16", "2026-03-22"
    truth = sum(1 for e in _events(ctx.initial).values() if lo <= e.get("date", "") <= hi and cid in (e.get("attendees") or []))
    return {"correct": _number(_answer(ctx, "count")) == truth, "unchanged": _unchanged(ctx)}


# ---------------------------------------------------------------- cross-app


def _threads(state):
    return _app(state, "messages").get("threads") or []


def _new_mine(ctx):
    """(thread, message) pairs of messages I sent that were not in the initial state."""
    seen = {m.get("id") for t in _threads(ctx.initial) for m in t.get("messages") or []}
    return [(t, m) for t in _threads(ctx.final) for m in t.get("messages") or []
            if m.get("id") not in seen and m.get("from") == "me"]


def _contact(state, cid):
    for c in _app(state, "contacts").get("contacts") or []:
        if c.get("id") == cid:
            return c
    return {}


def _to(thread, state, cid):
    phone = re.sub(r"\D", "", str(_contact(state, cid).get("phone", "")))
    return thread.get("contact_id") == cid or (bool(phone) and re.sub(r"\D", "", str(thread.get("number", ""))) == phone)


def _threads_intact(ctx):
    """No conversation was deleted and none changed apart from new messages and the read counter."""
    before = {t.get("id"): t for t in _threads(ctx.initial)}
    after = {t.get("id"): t for t in _threads(ctx.final)}
    if not set(before) <= set(after):
        return False
    for tid, old in before.items():
        new = after[tid]
        if {k: v for k, v in old.items() if k not in ("messages", "unread")} != {k: v for k, v in new.items() if k not in ("messages", "unread")}:
            return False
        if (new.get("messages") or [])[: len(old.get("messages") or [])] != (old.get("messages") or []):
            return False
    return True


def message_attendees(ctx):
    p = ctx.params["e"]
    sent = _new_mine(ctx)
    want = _text(ctx.params["text"])
    per = {cid: [m for t, m in sent if _to(t, ctx.initial, cid)] for cid in p["attendees"]}
    return {
        "all_sent": all(len(ms) == 1 and want in _text(ms[0].get("text")) for ms in per.values()),
        "no_extra": all(any(_to(t, ctx.initial, cid) for cid in p["attendees"]) for t, _ in sent) and _threads_intact(ctx),
        "calendar_intact": _unchanged(ctx),
    }


def from_messages(ctx):
    p = ctx.params["x"]
    new = _new_events(ctx)
    made = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["title"]),
        "when": bool(made) and made.get("date") == p["date"] and made.get("start") == p["start"] and made.get("end") == p["end"],
        "attendee": bool(made) and (made.get("attendees") or []) == [p["contact"]],
        "reminder": bool(made) and made.get("reminder") == ctx.params["rem"]["minutes"],
        "others_intact": _existing_intact(ctx) and _threads_intact(ctx) and not _new_mine(ctx),
    }


def save_note(ctx):
    eid = ctx.params["e"]["id"]
    event = _events(ctx.initial).get(eid, {})
    before = {n.get("id") for n in _app(ctx.initial, "notes").get("notes") or []}
    new = [n for n in _app(ctx.final, "notes").get("notes") or [] if n.get("id") not in before and not n.get("trashed")]
    note = new[0] if len(new) == 1 else {}
    body = _text(note.get("body")) + " " + " ".join(_text(i.get("text")) for i in note.get("items") or [])
    old_notes = {n.get("id"): n for n in _app(ctx.initial, "notes").get("notes") or []}
    now_notes = {n.get("id"): n for n in _app(ctx.final, "notes").get("notes") or []}
    return {
        "note_saved": len(new) == 1 and _text(event.get("title")) in _text(note.get("title")),
        "details": bool(note) and bool(event) and _text(event["location"]) in body and event["start"] in body,
        "rest_intact": _unchanged(ctx) and all(now_notes.get(k) == v for k, v in old_notes.items()),
    }
