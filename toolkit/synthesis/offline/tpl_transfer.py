"""Offline task templates that carry evidence across apps: read a fact in one app, act on it in another."""

from __future__ import annotations

import random

from toolkit.synthesis.models import (AddItems, Answer, CreateContact, CreateEvent, Evidence, MoveFile, Ref, SendEmail,
                                      SendText, TaskRequirements, TickItems, UpdateContact, UpdateEvent, World)
from toolkit.synthesis.offline.tpl_base import (crit, email_evidence, event_evidence, facts_of, message_evidence, pick,
                                                 record_of, requirement, thread_of, upcoming)
from toolkit.tasks.spec import AnswerField


def proposal_event(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "proposal"):
        v, p = f.value, w.person(f.value["person"])
        text = pick(rng, f'Add "{v["title"]}" to my calendar on the day and at the time {p.name} suggested in Messages, '
                          f'for one hour, with {p.name} as the only attendee.',
                     f'{p.first} proposed a plan in our text conversation. Put it in my calendar as "{v["title"]}" '
                     f'(one hour, at the proposed day and time) and invite {p.name}.')
        out.append(requirement(w, "proposal_event", p.id, text, ["messages", "calendar"],
                        [CreateEvent(criterion="event_created", title=v["title"], date=v["date"], start=v["start"],
                                     end=v["end"], attendees=[p.id])],
                        [crit("event_created", f'one new event "{v["title"]}" on {v["date"]} {v["start"]}-{v["end"]} '
                                                f'with {p.name} as the only attendee', 3)],
                        [message_evidence(w, v["thread"], p.id)], {"date": v["date"], "start": v["start"]},
                        ["proposal", p.id], ("cross-app", "reading", "scheduling", "form-filling"), "L3"))
    return out


def moved_update(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "moved"):
        v, p = f.value, w.person(f.value["person"])
        ev = record_of(w, "calendar", "events", v["event"])
        text = pick(rng, f'{p.name} told me in Messages that the {ev["title"]} has moved. Change its time in my calendar '
                          f'to match, keeping the same length.',
                     f'Update my calendar: the new time of the {ev["title"]} is in my texts with {p.first}. Keep its duration.')
        out.append(requirement(w, "moved_update", ev["id"], text, ["messages", "calendar"],
                        [UpdateEvent(criterion="time_updated", event=ev["id"], fields={"start": v["start"], "end": v["end"]})],
                        [crit("time_updated", f'the {ev["title"]} runs {v["start"]}-{v["end"]} on {ev["date"]}', 3)],
                        [message_evidence(w, v["thread"], p.id), event_evidence(ev)], {"start": v["start"]},
                        ["moved", ev["id"]], ("cross-app", "reading", "scheduling", "form-filling"), "L3"))
    return out


def moved_email(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "moved"):
        v, p = f.value, w.person(f.value["person"])
        ev = record_of(w, "calendar", "events", v["event"])
        others = [w.person(a) for a in ev["attendees"] if a != p.id and w.person(a).email]
        if not others:
            continue
        q = others[0]
        text = pick(rng, f'Email {q.name} the new start time of the {ev["title"]} that {p.first} mentioned in Messages, '
                          f'with the subject "{ev["title"]}".',
                     f'{p.first} texted me that the {ev["title"]} moved. Send {q.name} an email with the subject '
                     f'"{ev["title"]}" that gives the new start time.')
        body = f'Hi {q.first}, the {ev["title"]} now starts at {v["start"]}.'
        out.append(requirement(w, "moved_email", ev["id"], text, ["messages", "email"],
                        [SendEmail(criterion="email_sent", to=[q.email], subject=ev["title"], contains=[v["start"]], body=body)],
                        [crit("email_sent", f'one new email to {q.email} with subject "{ev["title"]}" mentioning {v["start"]}', 3)],
                        [message_evidence(w, v["thread"], p.id)], {"to": q.email, "start": v["start"]},
                        ["moved", ev["id"], q.id], ("cross-app", "reading", "messaging", "form-filling"), "L3"))
    return out


def signature_new(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "signature_new"):
        v = f.value
        text = pick(rng, f'{v["name"]} emailed me ("{v["subject"]}"). Create a contact for them with the phone number from '
                          f'their signature and their email address.',
                     f'Save {v["name"]} as a new contact: take the phone number and the email address from their email '
                     f'"{v["subject"]}".')
        out.append(requirement(w, "signature_new", v["person"], text, ["email", "contacts"],
                        [CreateContact(criterion="contact_created", name=v["name"], phone=v["phone"], email=v["email"])],
                        [crit("contact_created", f'one new contact {v["name"]} with phone {v["phone"]} and email {v["email"]}', 3)],
                        [email_evidence(w, v["email_id"])], {"phone": v["phone"], "email": v["email"]},
                        ["signature_new", v["person"]], ("cross-app", "reading", "search", "form-filling"), "L3"))
    return out


def signature_known(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "signature_known"):
        v, p = f.value, w.person(f.value["person"])
        text = pick(rng, f"Add the phone number from {p.name}'s email signature to {p.first}'s contact.",
                     f"{p.name}'s contact has no phone number. Copy it from the signature of their email.")
        out.append(requirement(w, "signature_known", p.id, text, ["email", "contacts"],
                        [UpdateContact(criterion="phone_saved", contact=p.id, fields={"phone": v["phone"]})],
                        [crit("phone_saved", f"{p.name}'s phone is {v['phone']}", 3)],
                        [email_evidence(w, v["email"])], {"phone": v["phone"]},
                        ["signature_known", p.id], ("cross-app", "reading", "search", "form-filling"), "L2"))
    return out


def bring_tick(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "bring"):
        v, p = f.value, w.person(f.value["person"])
        note = record_of(w, "notes", "notes", v["note"])
        text = pick(rng, f'Tick off the items on my "{note["title"]}" list that {p.name} said they would bring.',
                     f'{p.first} texted me what they will bring. Mark those items as done on my "{note["title"]}" checklist.')
        out.append(requirement(w, "bring_tick", p.id, text, ["messages", "notes"],
                        [TickItems(criterion="items_ticked", note=note["id"], items=v["items"])],
                        [crit("items_ticked", f'{" and ".join(v["texts"])} are ticked on "{note["title"]}"', 3)],
                        [message_evidence(w, v["thread"], p.id)], {"items": v["texts"]}, ["bring", p.id],
                        ("cross-app", "reading", "multi-entity-edit"), "L3"))
    return out


def birthday_save(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "birthday"):
        v, q, p = f.value, w.person(f.value["person"]), w.person(f.value["by"])
        text = pick(rng, f"{p.name} mentioned {q.name}'s birthday in Messages. Save it in {q.first}'s contact.",
                     f"Add {q.name}'s birthday to their contact; {p.first} told me the date in a text.")
        out.append(requirement(w, "birthday_save", q.id, text, ["messages", "contacts"],
                        [UpdateContact(criterion="birthday_saved", contact=q.id, fields={"birthday": v["birthday"]})],
                        [crit("birthday_saved", f"{q.name}'s birthday is {v['birthday']} (MM-DD)", 3)],
                        [message_evidence(w, v["thread"], p.id)], {"birthday": v["birthday"]}, ["birthday", q.id],
                        ("cross-app", "reading", "form-filling"), "L3"))
    return out


def location_text(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for ev in [e for e in upcoming(w) if e["attendees"]][:4]:
        p = next((w.person(a) for a in ev["attendees"] if w.person(a).phone and record_of(w, "contacts", "contacts", a).get("phone")), None)
        if p is None:
            continue
        text = pick(rng, f'Text {p.name} the location of my {ev["title"]} (just the place).',
                     f'{p.first} asked where the {ev["title"]} is. Reply by text message with its location from my calendar.')
        out.append(requirement(w, "location_text", ev["id"], text, ["calendar", "messages"],
                        [SendText(criterion="text_sent", contact=p.id, thread=thread_of(w, p.id), contains=[ev["location"]],
                                  text=ev["location"])],
                        [crit("text_sent", f'a new text to {p.name} says "{ev["location"]}"', 3)], [event_evidence(ev)],
                        {"location": ev["location"]}, ["location", ev["id"], p.id],
                        ("cross-app", "reading", "messaging"), "L2"))
    return out


def attendees_email(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    msgs = ["Looking forward to it, see you there.", "Quick reminder about our plans this week.",
            "I might be ten minutes late, please start without me."]
    for ev in [e for e in upcoming(w) if len(e["attendees"]) >= 2][:3]:
        people = [w.person(a) for a in ev["attendees"]]
        msg = rng.choice(msgs)
        text = pick(rng, f'Email everyone invited to my {ev["title"]} (and nobody else) with the subject "{ev["title"]}" '
                          f'and the message "{msg}"',
                     f'Send one email to all the attendees of the {ev["title"]} in my calendar. Subject: {ev["title"]}. '
                     f'Message: {msg}')
        out.append(requirement(w, "attendees_email", ev["id"], text, ["calendar", "email"],
                        [SendEmail(criterion="email_sent", to=[p.email for p in people], subject=ev["title"], contains=[msg],
                                   body=msg)],
                        [crit("email_sent", f'one new email to exactly {", ".join(p.email for p in people)}', 3)],
                        [event_evidence(ev)], {"to": [p.email for p in people]}, ["attendees", ev["id"]],
                        ("cross-app", "reading", "messaging", "form-filling"), "L3"))
    return out


def file_size(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "file_request"):
        v, p = f.value, w.person(f.value["person"])
        text = pick(rng, f'How big is the file {p.name} asked me for by email, in KB? Enter the number in the Answers app.',
                     f'{p.first} asked me by email to send a file. Look it up in Files and submit its size in KB in Answers.')
        out.append(requirement(w, "file_size", p.id, text, ["email", "files", "answersheet"],
                        [Answer(criterion="correct", field="size", type="number", accept=[str(v["size"])])],
                        [crit("correct", f'the answer is {v["size"]}', 3)],
                        [email_evidence(w, v["email"]), Evidence(ref=Ref(app="files", collection="entries", id=v["file"]), search=v["name"])],
                        {"size": v["size"], "file": v["name"]}, ["file_size", v["file"]],
                        ("cross-app", "query", "reading", "search"), "L3", "transfer",
                        AnswerField(name="size", label="Size (KB)", type="number")))
    return out


def file_move(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "file_request"):
        v, p = f.value, w.person(f.value["person"])
        text = pick(rng, f'{p.name} asked me for a file by email. Move that file into the "To send" folder in Files.',
                     f'Put the file {p.first} asked for in their email into my "To send" folder.')
        out.append(requirement(w, "file_move", p.id, text, ["email", "files"],
                        [MoveFile(criterion="file_moved", file=v["file"], folder="fd04")],
                        [crit("file_moved", f'{v["name"]} is in "To send"', 3)], [email_evidence(w, v["email"])],
                        {"file": v["name"], "folder": "To send"}, ["file_move", v["file"]],
                        ("cross-app", "reading", "navigation"), "L3"))
    return out


def reschedule_move(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "reschedule"):
        v, p = f.value, w.person(f.value["person"])
        ev = record_of(w, "calendar", "events", v["event"])
        text = pick(rng, f'{p.name} asked by email to move the {ev["title"]} to another day. Move it in my calendar to '
                          f'that day, keeping the time.',
                     f'Reschedule my {ev["title"]} to the day {p.first} proposed in their email (same time).')
        out.append(requirement(w, "reschedule_move", ev["id"], text, ["email", "calendar"],
                        [UpdateEvent(criterion="date_moved", event=ev["id"], fields={"date": v["date"]})],
                        [crit("date_moved", f'the {ev["title"]} is on {v["date"]} at {ev["start"]}', 3)],
                        [email_evidence(w, v["email"]), event_evidence(ev)], {"date": v["date"]}, ["reschedule", ev["id"]],
                        ("cross-app", "reading", "scheduling"), "L3"))
    return out


def code_reply(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "code_request"):
        v, p = f.value, w.person(f.value["person"])
        text = pick(rng, f'Reply to {p.name}\'s email asking for the {v["kind"]}, with the code from my notes.',
                     f'{p.first} emailed me asking for the {v["kind"]}. It is in my notes; answer their email with it.')
        out.append(requirement(w, "code_reply", p.id, text, ["notes", "email"],
                        [SendEmail(criterion="reply_sent", to=[p.email], contains=[v["code"]], reply_to=v["email"],
                                   body=f'It is {v["code"]}.')],
                        [crit("reply_sent", f'a reply to {p.name}\'s email contains {v["code"]}', 3)],
                        [Evidence(ref=Ref(app="notes", collection="notes", id=v["note"]), search="Codes"),
                         email_evidence(w, v["email"])], {"code": v["code"]}, ["code_reply", p.id],
                        ("cross-app", "reading", "messaging", "search"), "L3"))
    return out


def add_items(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    for f in facts_of(w, "add_items"):
        v, p = f.value, w.person(f.value["person"])
        note = record_of(w, "notes", "notes", v["note"])
        text = pick(rng, f'Add the two items {p.name} asked for by email to my "{note["title"]}" checklist.',
                     f'{p.first} emailed me two things for the "{note["title"]}" list. Add them to that checklist.')
        out.append(requirement(w, "add_items", p.id, text, ["email", "notes"],
                        [AddItems(criterion="items_added", note=note["id"], texts=v["texts"])],
                        [crit("items_added", f'"{note["title"]}" gains the items {", ".join(v["texts"])}', 3)],
                        [email_evidence(w, v["email"])], {"items": v["texts"]}, ["add_items", p.id],
                        ("cross-app", "reading", "form-filling"), "L3"))
    return out


def share_phone(w: World, rng: random.Random) -> list[TaskRequirements]:
    out = []
    contacts = {c["id"]: c for c in w.records.get("contacts", {}).get("contacts", [])}
    texters = [pid for pid in contacts if thread_of(w, pid)]
    with_phone = [pid for pid, c in contacts.items() if c["phone"] and pid not in texters]
    for pid, qid in zip(texters[:3], with_phone[:3]):
        p, q = w.person(pid), contacts[qid]
        text = pick(rng, f"Text {p.name} {q['name']}'s phone number from my contacts.",
                     f"{p.first} needs {q['name']}'s number. Send it to them by text message.")
        out.append(requirement(w, "share_phone", f"{pid}-{qid}", text, ["contacts", "messages"],
                        [SendText(criterion="text_sent", contact=pid, thread=thread_of(w, pid), contains=[q["phone"]],
                                  text=f"{q['name']}: {q['phone']}")],
                        [crit("text_sent", f"a new text to {p.name} contains {q['phone']}", 3)],
                        [Evidence(ref=Ref(app="contacts", collection="contacts", id=qid), search=q["name"])],
                        {"phone": q["phone"]}, ["share_phone", pid, qid], ("cross-app", "reading", "messaging"), "L2"))
    return out
