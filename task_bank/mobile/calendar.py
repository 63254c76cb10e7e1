"""Verifiers of the Calendar tasks (task_bank/mobile/calendar.yaml).

State: apps.calendar.data.events = [{id, title, date "YYYY-MM-DD", start "HH:MM", end "HH:MM", location,
attendees: [contact id], notes, reminder: minutes}]; the virtual clock (os.clock.now) is Sat 2026-03-14.
Messages: apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text}]}];
Notes: apps.notes.data.notes = [{id, title, body, items, ...}].
"""

from verifier_checks import (
    answer_of,
    app_data,
    hhmm,
    minutes,
    new_messages,
    new_rows,
    number_is,
    only_changed,
    rows,
    says_time,
    text,
    thread_is_with,
    threads_intact,
    time_of,
)

_FIELDS = ("title", "date", "start", "end", "location", "attendees", "notes", "reminder")


def _events(state):
    return rows(state, "calendar", "events")


def _text(value):
    """Compare text ignoring case, surrounding quotes and runs of whitespace."""
    return text(value, "\"'“”")


def _only_changed(ctx, changes):
    """True when the events have the same ids as before and only the listed fields of the listed ids differ."""
    return only_changed(_events(ctx.initial), _events(ctx.final), changes)


def _unchanged(ctx):
    return _only_changed(ctx, {})


def _existing_intact(ctx):
    before, after = _events(ctx.initial), _events(ctx.final)
    return all(after.get(eid) == e for eid, e in before.items())


# ------------------------------------------------------------------ operate


def create_event(ctx):
    p = ctx.params
    new = new_rows(ctx, "calendar", "events")
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
    ok = bool(old) and new.get("start") == hhmm(minutes(old["start"]) + p["delta"]) \
        and new.get("end") == hhmm(minutes(old["end"]) + p["delta"])
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
    busy = sorted((minutes(e["start"]), minutes(e["end"])) for e in _events(ctx.initial).values() if e.get("date") == day)
    start = minutes(p["slot"]["ask"])
    moved = True
    while moved:
        moved = False
        for s, e in busy:
            if s < start + 60 and start < e:
                start, moved = e, True
    new = new_rows(ctx, "calendar", "events")
    made = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["title"]),
        "right_slot": bool(made) and made.get("date") == day and made.get("start") == hhmm(start)
        and made.get("end") == hhmm(start + 60),
        "others_intact": _existing_intact(ctx),
    }


# -------------------------------------------------------------------- query


def query_day(ctx):
    day = ctx.params["d"]["date"]
    on_day = [e for e in _events(ctx.initial).values() if e.get("date") == day]
    truth = on_day[0] if len(on_day) == 1 else None
    return {
        "title": truth is not None and _text(answer_of(ctx, "title")) == _text(truth["title"]),
        "start": truth is not None and time_of(answer_of(ctx, "start")) == truth["start"],  # "9:30", "9:30 am"
        "unchanged": _unchanged(ctx),
    }


def count_attendee(ctx):
    cid = ctx.params["who"]["id"]
    lo, hi = "2026-03-16", "2026-03-22"
    truth = sum(1 for e in _events(ctx.initial).values() if lo <= e.get("date", "") <= hi and cid in (e.get("attendees") or []))
    return {"correct": number_is(answer_of(ctx, "count"), truth), "unchanged": _unchanged(ctx)}


# ---------------------------------------------------------------- cross-app


def message_attendees(ctx):
    p = ctx.params["e"]
    sent = new_messages(ctx)
    want = _text(ctx.params["text"])
    per = {cid: [m for t, m in sent if thread_is_with(t, ctx.initial, cid)] for cid in p["attendees"]}
    return {
        "all_sent": all(len(ms) == 1 and want in _text(ms[0].get("text")) for ms in per.values()),
        "no_extra": all(any(thread_is_with(t, ctx.initial, cid) for cid in p["attendees"]) for t, _ in sent) and threads_intact(ctx),
        "calendar_intact": _unchanged(ctx),
    }


def from_messages(ctx):
    p = ctx.params["x"]
    new = new_rows(ctx, "calendar", "events")
    made = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["title"]),
        "when": bool(made) and made.get("date") == p["date"] and made.get("start") == p["start"] and made.get("end") == p["end"],
        "attendee": bool(made) and (made.get("attendees") or []) == [p["contact"]],
        "reminder": bool(made) and made.get("reminder") == ctx.params["rem"]["minutes"],
        "others_intact": _existing_intact(ctx) and threads_intact(ctx) and not new_messages(ctx),
    }


def save_note(ctx):
    eid = ctx.params["e"]["id"]
    event = _events(ctx.initial).get(eid, {})
    old_notes, now_notes = rows(ctx.initial, "notes", "notes"), rows(ctx.final, "notes", "notes")
    # the raw list, not now_notes: two rows sharing a new id must not count as one new note
    new = [n for n in app_data(ctx.final, "notes").get("notes") or [] if n.get("id") not in old_notes and not n.get("trashed")]
    note = new[0] if len(new) == 1 else {}
    body = _text(note.get("body")) + " " + " ".join(_text(i.get("text")) for i in note.get("items") or [])
    return {
        "note_saved": len(new) == 1 and _text(event.get("title")) in _text(note.get("title")),
        "details": bool(note) and bool(event) and _text(event["location"]) in body and says_time(body, event["start"]),
        "rest_intact": _unchanged(ctx) and all(now_notes.get(k) == v for k, v in old_notes.items()),
    }
