"""Verifiers of the cross-app phone tasks (crossapp.yaml). Each returns one boolean per criterion id.

Expected values come from the sampled parameters and, where it matters, from the apps' world files
(`ctx.world[app]`), so a verifier never trusts the reference solution.
"""

from __future__ import annotations

import unicodedata
from datetime import date, timedelta

from verifier_checks import (
    alnum,
    answer_of,
    app_data,
    by_id,
    clock_now,
    digits,
    hhmm,
    minutes,
    new_messages,
    new_rows,
    number_is,
    only_changed,
    phone_is,
    rows,
    same_keys,
    says,
    text,
)

# ---------------------------------------------------------------- helpers


def _list_intact(ctx, app: str, key: str, changes: dict[str, set[str]] | None = None, ignore=()) -> bool:
    """Every initial record still exists, unchanged except the fields changes[id] and ignore (new records are fine)."""
    before, after = rows(ctx.initial, app, key), rows(ctx.final, app, key)
    return only_changed(before, after, changes or {}, ignore, added=True)


def _events_intact(ctx) -> bool:
    return _list_intact(ctx, "calendar", "events")


def _contacts_intact(ctx) -> bool:
    return _list_intact(ctx, "contacts", "contacts") and same_keys(ctx, "contacts", ["blocked"])


def _emails_intact(ctx) -> bool:
    """No email moved, deleted, starred or relabelled (reading is allowed)."""
    return _list_intact(ctx, "email", "emails", ignore={"read"})


def _world_event(ctx, eid: str) -> dict:
    return by_id((ctx.world["calendar"] or {}).get("events", [])).get(eid) or {}


def _contact_email(ctx, cid: str) -> str:
    return (by_id((ctx.world["contacts"] or {}).get("contacts", [])).get(cid) or {}).get("email") or ""


def _attendee_emails(ctx, eid: str) -> set[str]:
    return {_contact_email(ctx, c).casefold() for c in _world_event(ctx, eid).get("attendees", [])}


def _addr_set(values) -> set[str]:
    out = set()
    for v in values or []:
        for part in str(v).replace(";", ",").split(","):
            if part.strip():
                out.add(part.strip().casefold())
    return out


def _new_sent(ctx) -> list[dict]:
    return [m for m in new_rows(ctx, "email", "emails") if m.get("folder") == "sent"]


def _new_emails_all_sent(ctx) -> bool:
    return all(m.get("folder") == "sent" for m in new_rows(ctx, "email", "emails"))


def _thread_contact(ctx, thread: dict) -> str | None:
    """The thread's contact id, else the first contact whose phone has the thread number's digits."""
    if thread.get("contact_id"):
        return thread["contact_id"]
    number = digits(thread.get("number"))
    return next((c.get("id") for c in app_data(ctx.final, "contacts").get("contacts") or []
                 if number and digits(c.get("phone")) == number), None)


def _old_messages_intact(ctx) -> bool:
    before, after = rows(ctx.initial, "messages", "threads"), rows(ctx.final, "messages", "threads")
    for tid, old in before.items():
        new = after.get(tid)
        if new is None:
            return False
        if any(old.get(f) != new.get(f) for f in ("contact_id", "number", "pinned", "muted", "archived")):
            return False
        old_msgs = old.get("messages") or []
        if (new.get("messages") or [])[: len(old_msgs)] != old_msgs:
            return False
    return True


def _one_text_to(ctx, contact_id: str):
    """The single new outgoing message, if it went to contact_id; else None."""
    msgs = new_messages(ctx, mine=False)
    if len(msgs) != 1:
        return None
    thread, msg = msgs[0]
    if msg.get("from") != "me" or _thread_contact(ctx, thread) != contact_id:
        return None
    return msg


def _one_new_event(ctx, title: str):
    new = new_rows(ctx, "calendar", "events")
    if len(new) != 1 or text(new[0].get("title")) != text(title):
        return None
    return new[0]


# ---------------------------------------------------------------- tasks

def invite_with_attendee(ctx) -> dict[str, bool]:
    p = ctx.params
    inv, who, rem = p["inv"], p["who"], p["rem"]
    ev = _one_new_event(ctx, inv["title"]) or {}
    return {
        "created": bool(ev),
        "when_where": bool(ev) and ev.get("date") == inv["date"] and ev.get("start") == inv["start"]
        and ev.get("end") == inv["end"] and text(ev.get("location")) == text(inv["location"]),
        "attendee": bool(ev) and ev.get("attendees") == [who["id"]],
        "reminder": bool(ev) and ev.get("reminder") == rem["minutes"],
        "others_intact": _events_intact(ctx) and _emails_intact(ctx) and not new_rows(ctx, "email", "emails")
        and _contacts_intact(ctx),
    }


def event_alarm(ctx) -> dict[str, bool]:
    ev = ctx.params["ev"]
    world = _world_event(ctx, ev["id"])
    # Minutes from the start of the event's day; an alarm before midnight (00:15 less 30 minutes) rings at 23:45 on
    # the day before, so the weekday moves back with the time, not only the clock face.
    at = minutes(world["start"]) - int(ev["minutes"])
    wd = (date.fromisoformat(world["date"]).weekday() + 1 + at // (24 * 60)) % 7  # 0 = Sunday
    expected = hhmm(at)
    new = new_rows(ctx, "clock", "alarms")
    al = new[0] if len(new) == 1 and text(new[0].get("label")) == text(ev["title"]) else {}
    return {
        "created": bool(al),
        "time": bool(al) and al.get("time") == expected,
        "days": bool(al) and al.get("days") == [wd] and al.get("on") is True,
        "others_intact": _list_intact(ctx, "clock", "alarms") and _events_intact(ctx),
    }


def birthday_event(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    contact = next(c for c in ctx.world["contacts"]["contacts"] if c["id"] == p["id"])
    mm, dd = (int(x) for x in contact["birthday"].split("-"))
    today = date(1970, 1, 1) + timedelta(milliseconds=clock_now(ctx.initial))  # the device's day, not a fixed one
    nxt = date(today.year, mm, dd)
    if nxt < today:
        nxt = date(today.year + 1, mm, dd)
    ev = _one_new_event(ctx, f"{p['first']}'s birthday") or {}
    return {
        "created": bool(ev),
        "when": bool(ev) and ev.get("date") == nxt.isoformat() == p["date"]
        and ev.get("start") == "18:00" and ev.get("end") == "19:00",
        "attendee": bool(ev) and ev.get("attendees") == [p["id"]],
        "others_intact": _events_intact(ctx) and _contacts_intact(ctx),
    }


def email_attendees(ctx) -> dict[str, bool]:
    p = ctx.params
    sent = _new_sent(ctx)
    one = len(sent) == 1 and len(new_rows(ctx, "email", "emails")) == 1
    m = sent[0] if one else {}
    return {
        "sent": one and text(m.get("subject")) == text(p["ev"]["title"]),
        "recipients": one and _addr_set(m.get("to")) | _addr_set(m.get("cc")) == _attendee_emails(ctx, p["ev"]["id"]),
        "body": one and says(m.get("body"), p["msg"])
        and len(text(m.get("body"), fold=False)) <= len(text(p["msg"], fold=False)) + 40,
        "others_intact": _events_intact(ctx) and _contacts_intact(ctx) and _emails_intact(ctx),
    }


def forward_to_attendees(ctx) -> dict[str, bool]:
    p = ctx.params
    sent = _new_sent(ctx)
    one = len(sent) == 1 and _new_emails_all_sent(ctx)
    m = sent[0] if one else {}
    orig = next((e for e in ctx.world["email"]["emails"] if e["id"] == p["mail"]["id"]), {})
    return {
        "forwarded": one and m.get("forward_of") == p["mail"]["id"],
        "recipients": one and _addr_set(m.get("to")) | _addr_set(m.get("cc")) == _attendee_emails(ctx, p["ev"]["id"]),
        "attachments": one and sorted(m.get("attachments") or []) == sorted(orig.get("attachments") or []),
        "others_intact": _events_intact(ctx) and _emails_intact(ctx) and _contacts_intact(ctx),
    }


def company_events_count(ctx) -> dict[str, bool]:
    company = ctx.params["co"]["name"]
    people = {c["id"] for c in ctx.world["contacts"]["contacts"] if text(c.get("company")) == text(company)}
    count = sum(1 for e in ctx.world["calendar"]["events"]
                if "2026-03-16" <= e["date"] <= "2026-03-22" and people & set(e.get("attendees") or []))
    return {
        "correct": count == ctx.params["co"]["count"] and number_is(answer_of(ctx, "count"), count),
        "unchanged": _events_intact(ctx) and _contacts_intact(ctx),
    }


def favorite_attendees(ctx) -> dict[str, bool]:
    attendees = set(_world_event(ctx, ctx.params["ev"]["id"]).get("attendees") or [])
    before = rows(ctx.initial, "contacts", "contacts")
    after = rows(ctx.final, "contacts", "contacts")
    newly = sum(1 for c in attendees if not before.get(c, {}).get("favorite"))
    allow = {c: {"favorite"} for c in attendees}
    return {
        "favorites": all(after.get(c, {}).get("favorite") is True for c in attendees),
        "others_intact": _list_intact(ctx, "contacts", "contacts", allow) and len(after) == len(before)
        and _events_intact(ctx),
        "count": newly == ctx.params["ev"]["count"] and number_is(answer_of(ctx, "count"), newly),
    }


def place_to_contact(ctx) -> dict[str, bool]:
    pl = ctx.params["pl"]
    world = next(x for x in ctx.world["reviews"]["places"] if x["id"] == pl["id"])
    new = new_rows(ctx, "contacts", "contacts")
    c = new[0] if len(new) == 1 and text(new[0].get("name")) == text(pl["name"]) else {}
    return {
        "created": bool(c),
        # Contacts takes "5550302" as well as "555-0302": compare the digits.
        "phone": bool(c) and world["phone"] == pl["phone"] and bool(digits(pl["phone"])) and digits(c.get("phone")) == digits(pl["phone"]),
        "others_intact": _contacts_intact(ctx) and app_data(ctx.initial, "reviews") == app_data(ctx.final, "reviews"),
    }


def _place_key(value) -> str:
    """A place name by its letters and digits, accents dropped: "Saltmarsh Cafe" and "saltmarsh café." are "Saltmarsh Café"."""
    return alnum(unicodedata.normalize("NFKD", str(value if value is not None else "")).encode("ascii", "ignore").decode())


def ride_charge_query(ctx) -> dict[str, bool]:
    r = ctx.params["r"]
    world = ctx.world["rides"]
    ride = next(h for h in world["history"] if h["id"] == r["ride"])
    key = "dest" if r["ask"] == "go to" else "pickup"
    place = next(x["name"] for x in world["places"] if x["id"] == ride[key])
    return {
        "correct": place == r["place"] and bool(_place_key(place)) and _place_key(answer_of(ctx, "place")) == _place_key(place),
        "unchanged": app_data(ctx.initial, "bank") == app_data(ctx.final, "bank")
        and app_data(ctx.initial, "rides") == app_data(ctx.final, "rides"),
    }


def payee_contact_query(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    payee = next(x for x in ctx.world["bank"]["payees"] if x["id"] == p["id"])
    contact = next(c for c in ctx.world["contacts"]["contacts"] if c["id"] == payee["contact_id"])
    truth = contact[p["key"]]
    # As a person writes it: a phone number grouped any usual way, either answer with a closing full stop.
    got = answer_of(ctx, "value")
    return {
        "correct": truth == p["answer"] and (phone_is(got, truth) if p["key"] == "phone" else says(got, truth, whole=True)),
        "unchanged": app_data(ctx.initial, "bank") == app_data(ctx.final, "bank") and _contacts_intact(ctx),
    }


def _text_task(ctx, contact_id: str, needle: str, extra_intact: bool) -> dict[str, bool]:
    msg = _one_text_to(ctx, contact_id)
    return {
        "sent": msg is not None,
        "payload": msg is not None and says(msg.get("text"), needle),
        "others_intact": _old_messages_intact(ctx) and extra_intact,
    }


def text_event_location(ctx) -> dict[str, bool]:
    ev = ctx.params["ev"]
    loc = _world_event(ctx, ev["id"]).get("location", "")
    r = _text_task(ctx, ctx.params["who"]["id"], loc, _events_intact(ctx) and _contacts_intact(ctx))
    return {"sent": r["sent"], "location": r["payload"] and loc == ev["location"], "others_intact": r["others_intact"]}


def flight_note_to_calendar(ctx) -> dict[str, bool]:
    f = ctx.params["f"]
    ev = _one_new_event(ctx, f["title"]) or {}
    note = rows(ctx.initial, "notes", "notes").get("n04", {})
    ok_note = f["start"] in (note.get("body") or "")
    return {
        "created": bool(ev),
        "when": bool(ev) and ok_note and ev.get("date") == f["date"] and ev.get("start") == f["start"]
        and ev.get("end") == hhmm(minutes(f["start"]) + 60 * int(f["hours"])),
        "reminder": bool(ev) and ev.get("reminder") == f["minutes"],
        "others_intact": _events_intact(ctx) and _list_intact(ctx, "notes", "notes"),
    }


def note_code_text(ctx) -> dict[str, bool]:
    item = ctx.params["item"]
    r = _text_task(ctx, ctx.params["who"]["id"], item["value"],
                   _list_intact(ctx, "notes", "notes") and _contacts_intact(ctx))
    return {"sent": r["sent"], "value": r["payload"], "others_intact": r["others_intact"]}


def photo_to_attendees(ctx) -> dict[str, bool]:
    p = ctx.params
    photo = next(x for x in ctx.world["gallery"]["photos"] if x["id"] == p["ph"]["id"])
    off, hm = photo["at"].split(" ")
    day = date(1970, 1, 1) + timedelta(milliseconds=clock_now(ctx.initial), days=int(off))  # days before the device's
    fname = f"IMG_{day.strftime('%Y%m%d')}_{hm.replace(':', '')}.jpg"
    sent = _new_sent(ctx)
    one = len(sent) == 1 and _new_emails_all_sent(ctx)
    m = sent[0] if one else {}
    return {
        "sent": one and text(m.get("subject")) == text(p["ph"]["label"]),
        "photo": one and list(m.get("attachments") or []) == [fname] and fname == p["ph"]["file"],
        "recipients": one and _addr_set(m.get("to")) | _addr_set(m.get("cc")) == _attendee_emails(ctx, p["ev"]["id"]),
        "others_intact": app_data(ctx.initial, "gallery") == app_data(ctx.final, "gallery") and _events_intact(ctx)
        and _emails_intact(ctx) and _contacts_intact(ctx),
    }


def visit_to_calendar(ctx) -> dict[str, bool]:
    pl, when = ctx.params["pl"], ctx.params["when"]
    before = {v.get("id") for v in app_data(ctx.initial, "reviews").get("visits") or []}
    visits = [v for v in app_data(ctx.final, "reviews").get("visits") or [] if v.get("id") not in before]
    ev = _one_new_event(ctx, f"Visit {pl['name']}") or {}
    rb, ra = app_data(ctx.initial, "reviews"), app_data(ctx.final, "reviews")
    return {
        "visit": len(visits) == 1 and visits[0].get("place") == pl["id"] and visits[0].get("date") == when["date"]
        and visits[0].get("time") == when["time"],
        "event": bool(ev) and ev.get("date") == when["date"] and ev.get("start") == when["time"]
        and ev.get("end") == when["end"],
        "others_intact": _events_intact(ctx) and same_keys(ctx, "reviews", ("reviews", "lists", "questions"))
        and (rb.get("visits") or []) == (ra.get("visits") or [])[: len(rb.get("visits") or [])],
    }


def invite_location_text(ctx) -> dict[str, bool]:
    inv = ctx.params["inv"]
    world = next(e for e in ctx.world["email"]["emails"] if e["id"] == inv["id"])
    loc = world["invite"]["location"]
    r = _text_task(ctx, ctx.params["who"]["id"], loc,
                   _emails_intact(ctx) and not new_rows(ctx, "email", "emails") and _contacts_intact(ctx))
    return {"sent": r["sent"], "location": r["payload"] and loc == inv["location"], "others_intact": r["others_intact"]}


def attendee_phone_query(ctx) -> dict[str, bool]:
    ev = ctx.params["ev"]
    attendees = _world_event(ctx, ev["id"]).get("attendees") or []
    contact = next((c for c in ctx.world["contacts"]["contacts"] if attendees and c["id"] == attendees[0]), {})
    truth = contact.get("phone")
    return {
        # one phone number, grouped any usual way: not other text that merely holds its digits ("Room 555, desk 0185")
        "correct": len(attendees) == 1 and truth == ev["phone"] and phone_is(answer_of(ctx, "phone"), truth),
        "unchanged": _events_intact(ctx) and _contacts_intact(ctx),
    }


def birthday_text(ctx) -> dict[str, bool]:
    b = ctx.params["b"]
    msg = _one_text_to(ctx, b["id"])
    return {
        "sent": msg is not None,
        "text": msg is not None and text(msg.get("text")) == text(ctx.params["msg"]),
        "others_intact": _old_messages_intact(ctx) and _contacts_intact(ctx),
    }


def reply_with_event_time(ctx) -> dict[str, bool]:
    p = ctx.params
    start = _world_event(ctx, p["ev"]["id"]).get("start")
    orig = next(e for e in ctx.world["email"]["emails"] if e["id"] == p["mail"]["id"])
    sent = _new_sent(ctx)
    one = len(sent) == 1 and _new_emails_all_sent(ctx)
    m = sent[0] if one else {}
    body = str(m.get("body") or "")
    message = body.split("\n\n")[0] if "\n\n" in body else body  # the part above the quote
    return {
        "replied": one and m.get("in_reply_to") == p["mail"]["id"]
        and orig["from"]["email"].casefold() in _addr_set(m.get("to")),
        "time": one and start == p["ev"]["start"] and start in message,
        "others_intact": _events_intact(ctx) and _emails_intact(ctx),
    }


def dnd_for_event(ctx) -> dict[str, bool]:
    ev = ctx.params["ev"]
    world = _world_event(ctx, ev["id"])
    wd = (date.fromisoformat(world["date"]).weekday() + 1) % 7
    before, after = app_data(ctx.initial, "settings"), app_data(ctx.final, "settings")
    sch = (after.get("dnd") or {}).get("schedule") or {}
    rest_same = all(before.get(k) == after.get(k) for k in set(before) | set(after) if k != "dnd") and \
        all((before.get("dnd") or {}).get(k) == (after.get("dnd") or {}).get(k)
            for k in set(before.get("dnd") or {}) | set(after.get("dnd") or {}) if k != "schedule")
    return {
        "times": sch.get("start") == world["start"] == ev["start"] and sch.get("end") == world["end"] == ev["end"],
        "days": sch.get("on") is True and sch.get("days") == [wd],
        "others_intact": rest_same and _events_intact(ctx),
    }
