"""Offline task templates inside one app (plus the Answers app for queries): look-ups, counts, edits, messages."""

from __future__ import annotations

import random

from toolkit.synthesis.models import (Answer, CreateEvent, Evidence, Ref, SendEmail, SendText, SetFlag, TaskRequirements,
                                      UpdateEvent, World)
from toolkit.synthesis.offline.tpl_base import (REMINDERS, crit, email_evidence, event_evidence, facts_of, free_days,
                                                 message_evidence, ordinal, pick, record_of, requirement, thread_of,
                                                 touched_events, upcoming)
from toolkit.synthesis.timeutil import add_minutes, days_from, long_day
from toolkit.tasks.spec import AnswerField

_NOTES = ["Running ten minutes late, sorry!", "Thanks again for yesterday.", "Can you call me when you have a minute?",
          "I left the spare key with the neighbour.", "Lunch on Friday? My treat."]

_ERRANDS = ["Call the bank", "Gym session", "Pick up dry cleaning", "Pharmacy run", "Return library books",
            "Bike repair drop-off", "Video call with the landlord", "Haircut"]



def orders_total(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "orders"):
        v = f.value
        total = round(sum(o["total"] for o in v["orders"]), 2)
        text = pick(rng, f'What is the total of my {len(v["orders"])} orders from {v["shop"]}, in dollars? '
                          f'Enter the amount in the Answers app.',
                     f'Add up what I paid for my {len(v["orders"])} {v["shop"]} orders (see the order emails) and '
                     f'submit the sum in dollars in the Answers app.')
        out.append(requirement(w, "orders_total", v["shop"].split()[0], text, ["email", "answersheet"],
                        [Answer(criterion="correct", field="total", type="number", accept=[f"{total:.2f}"])],
                        [crit("correct", f"the answer is {total:.2f}", 3)],
                        [email_evidence(w, o["email"]) for o in v["orders"]],
                        {"total": total, "parts": [o["total"] for o in v["orders"]]}, ["orders_total", v["shop"]],
                        ("query", "search", "reading", "arithmetic", "counting"), "L3", "deep-dive",
                        AnswerField(name="total", label="Total ($)", type="number")))
    return out


def orders_max(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "orders"):
        v = f.value
        top = max(v["orders"], key=lambda o: o["total"])
        text = pick(rng, f'Which of my {v["shop"]} orders cost the most? Enter its order number in the Answers app.',
                     f'Find my most expensive order from {v["shop"]} in my email and submit its order number in Answers.')
        out.append(requirement(w, "orders_max", v["shop"].split()[0], text, ["email", "answersheet"],
                        [Answer(criterion="correct", field="order", type="text", accept=[top["number"]])],
                        [crit("correct", f'the answer is {top["number"]}', 3)],
                        [email_evidence(w, o["email"]) for o in v["orders"]], {"order": top["number"]},
                        ["orders_max", v["shop"]], ("query", "search", "reading", "compare"), "L3", "deep-dive",
                        AnswerField(name="order", label="Order number", type="text")))
    return out


def code_query(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "code"):
        v, p = f.value, w.person(f.value["person"])
        text = pick(rng, f'What is the {v["kind"]} that {p.name} texted me? Enter it in the Answers app.',
                     f'{p.first} sent me the {v["kind"]} in Messages. Submit it in the Answers app.')
        out.append(requirement(w, "code_query", p.id, text, ["messages", "answersheet"],
                        [Answer(criterion="correct", field="code", type="text", accept=[v["code"]])],
                        [crit("correct", f'the answer is {v["code"]}', 3)], [message_evidence(w, v["thread"], p.id)],
                        {"code": v["code"]}, ["code", p.id], ("query", "reading", "search"), "L2", "transfer",
                        AnswerField(name="code", label="Code", type="text")))
    return out


def event_start_query(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for ev in [e for e in upcoming(w) if e["id"] not in touched_events(w)][:3]:
        text = pick(rng, f'What time does my {ev["title"]} start? Enter it as HH:MM in the Answers app.',
                     f'Check my calendar: when does the {ev["title"]} begin? Submit the start time (HH:MM) in Answers.')
        out.append(requirement(w, "event_start", ev["id"], text, ["calendar", "answersheet"],
                        [Answer(criterion="correct", field="start", type="text", accept=[ev["start"]])],
                        [crit("correct", f'the answer is {ev["start"]}', 3)], [event_evidence(ev)], {"start": ev["start"]},
                        ["event_start", ev["id"]], ("query", "reading", "search"), "L1", "atomic",
                        AnswerField(name="start", label="Start time", type="text")))
    return out


def event_date_query(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for ev in [e for e in upcoming(w) if e["id"] not in touched_events(w)][1:4]:
        text = pick(rng, f'On which date is my {ev["title"]}? Enter it as YYYY-MM-DD in the Answers app.',
                     f'Look up the date of the {ev["title"]} in my calendar and submit it (YYYY-MM-DD) in Answers.')
        out.append(requirement(w, "event_date", ev["id"], text, ["calendar", "answersheet"],
                        [Answer(criterion="correct", field="date", type="text", accept=[ev["date"]])],
                        [crit("correct", f'the answer is {ev["date"]}', 3)], [event_evidence(ev)], {"date": ev["date"]},
                        ["event_date", ev["id"]], ("query", "reading", "search"), "L1", "atomic",
                        AnswerField(name="date", label="Date (YYYY-MM-DD)", type="text")))
    return out


def set_reminder(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for ev in [e for e in upcoming(w) if e["id"] not in touched_events(w)][:3]:
        minutes = rng.choice([m for m in (10, 60, 1440) if m != ev["reminder"]])
        text = pick(rng, f'Set the reminder of my {ev["title"]} to {REMINDERS[minutes]}.',
                     f'I want to be reminded {REMINDERS[minutes]} my {ev["title"]}. Change its reminder.')
        out.append(requirement(w, "set_reminder", ev["id"], text, ["calendar"],
                        [UpdateEvent(criterion="reminder_set", event=ev["id"], fields={"reminder": minutes})],
                        [crit("reminder_set", f'the {ev["title"]} reminds {minutes} minutes before', 3)], [event_evidence(ev)],
                        {"event": ev["title"]}, ["set_reminder", ev["id"]], ("scheduling", "settings", "search"), "L1",
                        "atomic"))
    return out


def add_attendee(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    contacts = [c["id"] for c in w.records.get("contacts", {}).get("contacts", [])]
    for ev in [e for e in upcoming(w) if e["id"] not in touched_events(w)][:3]:
        free = [c for c in contacts if c not in ev["attendees"] and w.person(c).role != "service"]
        if not free:
            continue
        p = w.person(rng.choice(free))
        text = pick(rng, f'Add {p.name} as an attendee of my {ev["title"]}.',
                     f'Invite {p.name} to the {ev["title"]} in my calendar (keep the other attendees).')
        out.append(requirement(w, "add_attendee", ev["id"], text, ["calendar"],
                        [UpdateEvent(criterion="attendee_added", event=ev["id"], fields={"attendees": [*ev["attendees"], p.id]})],
                        [crit("attendee_added", f'the {ev["title"]} has {p.name} among its attendees, the others kept', 3)],
                        [event_evidence(ev)], {"attendee": p.id}, ["add_attendee", ev["id"]],
                        ("scheduling", "form-filling", "search"), "L2", "atomic"))
    return out


def company_query(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for c in [c for c in w.records.get("contacts", {}).get("contacts", []) if c["company"]][:3]:
        text = pick(rng, f"Which company does {c['name']} work for? Enter it in the Answers app.",
                     f"Look up {c['name']}'s company in my contacts and submit it in the Answers app.")
        out.append(requirement(w, "company_query", c["id"], text, ["contacts", "answersheet"],
                        [Answer(criterion="correct", field="company", type="text", accept=[c["company"]])],
                        [crit("correct", f"the answer is {c['company']}", 3)],
                        [Evidence(ref=Ref(app="contacts", collection="contacts", id=c["id"]), search=c["name"])],
                        {"company": c["company"]}, ["company", c["id"]], ("query", "reading", "search"), "L1", "atomic",
                        AnswerField(name="company", label="Company", type="text")))
    return out


def proposal_place(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "proposal"):
        v, p = f.value, w.person(f.value["person"])
        accept = [v["place"]] + ([v["place"][4:]] if v["place"].startswith("the ") else [])
        text = pick(rng, f"Where did {p.name} suggest we meet? Enter the place in the Answers app.",
                     f"{p.first} proposed a place to meet in Messages. Submit the name of that place in Answers.")
        out.append(requirement(w, "proposal_place", p.id, text, ["messages", "answersheet"],
                        [Answer(criterion="correct", field="place", type="text", accept=accept)],
                        [crit("correct", f"the answer is {v['place']}", 3)], [message_evidence(w, v["thread"], p.id)],
                        {"place": v["place"]}, ["proposal_place", p.id], ("query", "reading", "search"), "L2", "transfer",
                        AnswerField(name="place", label="Place", type="text")))
    return out


def text_message(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    people = [p for p in w.people if p.in_contacts and p.phone and record_of(w, "contacts", "contacts", p.id).get("phone")]
    for p, msg in zip(rng.sample(people, min(3, len(people))), rng.sample(_NOTES, 3)):
        text = pick(rng, f'Send {p.name} a text message saying: "{msg}"', f'Text {p.name}: "{msg}"')
        out.append(requirement(w, "text_message", p.id, text, ["messages"],
                        [SendText(criterion="text_sent", contact=p.id, thread=thread_of(w, p.id), contains=[msg], text=msg)],
                        [crit("text_sent", f'one new text to {p.name} says "{msg}"', 3)], [], {"contact": p.name},
                        ["text", p.id], ("messaging", "form-filling"), "L1", "atomic"))
    return out


def email_compose(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    people = [p for p in w.people if p.in_contacts and p.email]
    for p, msg in zip(rng.sample(people, 2), rng.sample(_NOTES, 2)):
        subject = rng.choice(["Quick note", "Hello", "Following up", "This week"])
        text = f'Email {p.name} at {p.email} with the subject "{subject}" and the message "{msg}"'
        out.append(requirement(w, "email_compose", p.id, text, ["email"],
                        [SendEmail(criterion="email_sent", to=[p.email], subject=subject, contains=[msg], body=msg)],
                        [crit("email_sent", f'one new email to {p.email}, subject "{subject}", says "{msg}"', 3)], [],
                        {"to": p.email}, ["email", p.id], ("messaging", "form-filling"), "L1", "atomic"))
    return out


def create_event(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for day, title in zip(free_days(w)[::3][:3], rng.sample(_ERRANDS, 3)):
        start = rng.choice(["08:30", "12:00", "16:30", "19:00"])
        end = add_minutes(start, 30)
        text = pick(rng, f'Add "{title}" to my calendar on {long_day(day)} from {start} to {end}.',
                     f'Put "{title}" in my calendar: {long_day(day)}, {start}-{end}.')
        out.append(requirement(w, "create_event", title, text, ["calendar"],
                        [CreateEvent(criterion="event_created", title=title, date=day.isoformat(), start=start, end=end)],
                        [crit("event_created", f'one new event "{title}" on {day.isoformat()} {start}-{end}', 3)], [], {},
                        ["create_event", title], ("scheduling", "form-filling"), "L2", "atomic"))
    return out


def move_event(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    free = free_days(w)[1::3]
    for ev, day in zip([e for e in upcoming(w) if e["id"] not in touched_events(w)][-2:], free):
        text = f'Move my {ev["title"]} to {long_day(day)}, at the same time.'
        out.append(requirement(w, "move_event", ev["id"], text, ["calendar"],
                        [UpdateEvent(criterion="date_moved", event=ev["id"], fields={"date": day.isoformat()})],
                        [crit("date_moved", f'the {ev["title"]} is on {day.isoformat()} at {ev["start"]}', 3)],
                        [event_evidence(ev)], {"event": ev["title"]}, ["move_event", ev["id"]], ("scheduling", "search"), "L2",
                        "atomic"))
    return out


def pin_thread(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    threads = [t for t in w.records.get("messages", {}).get("threads", []) if not t["pinned"] and t.get("contact_id")]
    for t in rng.sample(threads, min(2, len(threads))):
        p = w.person(t["contact_id"])
        out.append(requirement(w, "pin_thread", t["id"], f"Pin my conversation with {p.name} in Messages.", ["messages"],
                        [SetFlag(criterion="pinned", app="messages", collection="threads", id=t["id"], flag="pinned")],
                        [crit("pinned", f"the conversation with {p.name} is pinned", 3)], [],
                        {"contact": p.name}, ["pin", t["id"]], ("messaging", "settings"), "L1", "atomic"))
    return out


def favorite_contact(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    plain = [c for c in w.records.get("contacts", {}).get("contacts", []) if not c["favorite"]]
    for c in rng.sample(plain, min(2, len(plain))):
        out.append(requirement(w, "favorite_contact", c["id"], f"Add {c['name']} to my favourite contacts.", ["contacts"],
                        [SetFlag(criterion="favorite", app="contacts", collection="contacts", id=c["id"], flag="favorite")],
                        [crit("favorite", f"{c['name']} is a favourite", 3)], [], {"contact": c["name"]},
                        ["favorite", c["id"]], ("settings", "search"), "L1", "atomic"))
    return out


def count_emails(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    emails = w.records.get("email", {}).get("emails", [])
    by_sender: dict[str, list[str]] = {}
    for e in emails:
        by_sender.setdefault(e["from"]["email"], []).append(e["id"])
    people = [p for p in w.people if len(by_sender.get(p.email, [])) >= 2]
    for p in rng.sample(people, min(2, len(people))):
        ids = by_sender[p.email]
        text = f"How many emails has {p.name} sent me? Enter the number in the Answers app."
        out.append(requirement(w, "count_emails", p.id, text, ["email", "answersheet"],
                        [Answer(criterion="correct", field="count", type="number", accept=[str(len(ids))])],
                        [crit("correct", f"the answer is {len(ids)}", 3)], [], {"count": len(ids), "parts": ids},
                        ["count_emails", p.id], ("query", "counting", "search"), "L2", "atomic",
                        AnswerField(name="count", label="Emails", type="number")))
    return out


def count_week(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    monday = days_from(w.clock, 2)  # the clock is a Saturday: next week starts on Monday
    days = {(monday.toordinal() + k) for k in range(7)}
    week = [e for e in w.records.get("calendar", {}).get("events", []) if ordinal(e["date"]) in days]
    people = sorted({a for e in week for a in e["attendees"]})
    for pid in rng.sample(people, min(2, len(people))):
        p = w.person(pid)
        ids = [e["id"] for e in week if pid in e["attendees"]]
        text = (f"How many events with {p.name} are in my calendar next week, Monday to Sunday? "
                f"Enter the number in the Answers app.")
        out.append(requirement(w, "count_week", pid, text, ["calendar", "answersheet"],
                        [Answer(criterion="correct", field="count", type="number", accept=[str(len(ids))])],
                        [crit("correct", f"the answer is {len(ids)}", 3)], [], {"count": len(ids), "parts": ids},
                        ["count_week", pid], ("query", "counting", "relative-date"), "L2", "atomic",
                        AnswerField(name="count", label="Events next week", type="number")))
    return out
