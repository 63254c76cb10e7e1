"""Answer and side-effect cases of bundled verifiers on end states the apps' own actions reach: a right answer written
another usual way passes, a wrong one that merely holds the right digits or words fails (found by a verifier hunt)."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.tasks.test_bank_verifiers_five_apps import _answer, _text
from tests.tasks.test_bank_verifiers_lab_apps import _verdicts
from toolkit.paths import MOCKED_APPS
from toolkit.tasks import VerifierPool, judge, load_tasks, sample
from toolkit.validation import node_replay

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")

CALENDAR = json.loads((MOCKED_APPS / "apps" / "calendar" / "world.json").read_text(encoding="utf-8"))
CONTACTS = json.loads((MOCKED_APPS / "apps" / "contacts" / "world.json").read_text(encoding="utf-8"))


async def test_crossapp_attendee_phone_query_reads_the_answer_as_one_phone_number():
    """The attendee's number was compared by its digits alone: "+1 555-0185" (a country code) was refused, while
    "Room 555, desk 0185" or "555 / 0185 (ext)" (other text holding the same digits) passed."""
    def cases(inst, s0):
        phone = inst.params["ev"]["phone"]
        head, tail = phone.split("-")
        return ((phone, True), (f"({head}) {tail}", True), (f"+1 {phone}", True), (f"{head}.{tail}.", True),
                (f"Room {head}, desk {tail}", False), (f"{phone} ext 2", False), (f"{head}-{tail}1", False),
                (f"{phone} or {head}-0100", False))
    await _verdicts("crossapp.attendee_phone_query", cases, lambda inst, typed: _answer("phone", typed))


async def test_food_share_eta_reads_the_arrival_time_however_it_is_written():
    """The arrival time was looked for as the text "09:58": a text saying "9:58" or "9:58 am" was refused, and one
    saying "$9.58" of an amount would have been read as the time had the app written times unpadded."""
    def cases(inst, s0):
        o = inst.params["o"]
        hour, minute = o["eta"].split(":")
        short = f"{int(hour)}:{minute}"
        return ((f"My {o['rest_name']} order arrives at {o['eta']}", True),
                (f"My {o['rest_name']} order arrives at {short}.", True),
                (f"My {o['rest_name']} order arrives at {short} am", True),
                (f"My {o['rest_name']} order arrives at {short} pm", False),
                (f"My {o['rest_name']} order costs ${int(hour)}.{minute}", False),
                (f"My {o['rest_name']} order arrives at 1{o['eta']}", False))
    await _verdicts("food.share_eta", cases, lambda inst, body: _text(inst.params["contact"]["id"], body))


async def test_calendar_save_note_reads_the_start_time_however_it_is_written():
    """The start time was looked for as the text "08:00" in the note: "8:00 am" or "8 am" was refused."""
    def cases(inst, s0):
        event = next(e for e in s0["apps"]["calendar"]["data"]["events"] if e["id"] == inst.params["e"]["id"])
        hour, minute = (int(x) for x in event["start"].split(":"))
        half = f"{(hour - 1) % 12 + 1}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
        wrong = f"{(hour + 1) % 24:02d}:{minute:02d}"
        return ((f"{event['start']} at {event['location']}", True), (f"{half}, {event['location']}", True),
                (f"{wrong}, {event['location']}", False), (f"1{event['start']} at {event['location']}", False))

    def log_of(inst, body):
        title = next(e for e in CALENDAR["events"] if e["id"] == inst.params["e"]["id"])["title"]
        return [{"app": None, "action": {"type": "open", "app": "notes"}},
                {"app": "notes", "action": {"type": "intent", "create": {"title": title, "body": body}}},
                {"app": "notes", "action": {"type": "done"}}]
    await _verdicts("calendar.save_note", cases, log_of)


async def _suite_verdicts(suite: str, task: str, cases) -> None:
    """Judge, for each (log, success) of ``cases(inst)``, the end state that log reaches from the task's reset (the
    task's first instance of ``suite``); every state is replayed in one Node run."""
    [spec] = load_tasks([suite], [task])
    inst = sample(spec, 0)
    reset = {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app}
    [initial] = node_replay([{"apps": spec.apps, "reset": reset, "log": []}])
    listed = list(cases(inst))
    finals = node_replay([{"apps": spec.apps, "reset": reset, "log": log} for log, _ in listed])
    pool = VerifierPool(size=1)
    try:
        for (log, success), final in zip(listed, finals, strict=True):
            assert "error" not in final, final
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (log[-1], verdict.criteria)
    finally:
        await pool.close()


def _railway_booking() -> list:
    """Book (and pay for) one second-class seat on train G103 from Alderveld to Cobalt Bay on March 16."""
    steps = [{"type": "set_route", "from": "ALV", "to": "COB"}, {"type": "select_date", "date": "2026-03-16"},
             {"type": "search"}, {"type": "open_train", "train": "G103"}, {"type": "choose_class", "cls": "second"},
             {"type": "toggle_passenger", "id": "p1"}, {"type": "review"}, {"type": "start_pay"},
             {"type": "@draft", "key": "pin", "value": "2468"}, {"type": "confirm_pay"}]
    opened = [{"app": None, "action": {"type": "open", "app": "railway"}}]
    return opened + [{"app": "railway", "action": a} for a in steps]


@pytest.mark.parametrize(("task", "field", "key"), [("railway.cheapest_second", "price", "price"),
                                                    ("railway.fastest_train", "train", "train")])
async def test_railway_queries_refuse_a_ticket_bought_on_the_way(task, field, key):
    """The query tasks checked the answer alone: an agent that also bought a ticket (paid from the wallet) succeeded."""
    def cases(inst):
        right = _answer(field, str(inst.params["trip"][key]))
        return ((right, True), (_railway_booking() + right, False))
    await _suite_verdicts("mobile-core", task, cases)


@pytest.mark.parametrize(("task", "field", "key"), [("messages.query_code", "code", "code"),
                                                    ("messages.query_plan_time", "time", "time")])
async def test_messages_queries_refuse_a_text_sent_on_the_way(task, field, key):
    """The query tasks checked the answer alone: an agent that also texted the code away succeeded."""
    def cases(inst):
        right = _answer(field, str(inst.params["q"][key]))
        leak = [{"app": None, "action": {"type": "open", "app": "messages"}},
                {"app": "messages", "action": {"type": "open", "thread": "t02"}},
                {"app": "messages", "action": {"type": "send", "text": f"it is {inst.params['q'][key]}"}}]
        return ((right, True), (leak + right, False))
    await _suite_verdicts("mobile-core", task, cases)


async def test_intact_sees_a_contact_blocked_on_the_way():
    """intact() compared the Contacts app's contact rows alone, not its block list: a synthesized query task whose
    agent also blocked someone still had 'nothing else changed in contacts'."""
    def cases(inst):
        right = _answer("company", "Copperline Logistics")
        contact = _s0_contacts(inst)[0]["id"]
        block = [{"app": None, "action": {"type": "open", "app": "contacts"}},
                 {"app": "contacts", "action": {"type": "open", "id": contact}},
                 {"app": "contacts", "action": {"type": "toggle_block", "id": contact, "value": True}}]
        return ((right, True), (block + right, False))
    await _suite_verdicts("synth/moving-11", "company-query-p02", cases)


def _s0_contacts(inst) -> list:
    return inst.setup["apps"]["contacts"]["data"]["contacts"]


def _dialer_query_answer(inst, task: str) -> list:
    """The reference's answer to a dialer query, submitted in Answers."""
    names = {"dialer.query_last_call": "duration", "dialer.query_missed": "count"}
    typed = next(a["text"] for step in inst.reference for a in (step if isinstance(step, list) else [step])
                 if a.get("type") == "type" and a.get("target") == f"field:{names[task]}")
    return _answer(names[task], typed)


@pytest.mark.parametrize("task", ["dialer.query_last_call", "dialer.query_missed"])
async def test_dialer_queries_refuse_a_voicemail_deleted_or_a_speed_dial_cleared_on_the_way(task):
    """The dialer queries compared the call log alone: deleting a voicemail or clearing a speed-dial slot while
    looking up the answer still succeeded."""
    def cases(inst):
        right = _dialer_query_answer(inst, task)
        phone = [{"app": None, "action": {"type": "open", "app": "dialer"}}]
        delete_vm = phone + [{"app": "dialer", "action": {"type": "open_vm", "id": "v1"}},
                             {"app": "dialer", "action": {"type": "ask_delete_vm", "id": "v1"}},
                             {"app": "dialer", "action": {"type": "confirm"}}]
        listen = phone + [{"app": "dialer", "action": {"type": "open_vm", "id": "v1"}}]
        return ((right, True), (listen + right, True), (delete_vm + right, False),
                (phone + [{"app": "dialer", "action": {"type": "clear_speed", "slot": "2"}}] + right, False))
    await _suite_verdicts("mobile", task, cases)


async def test_greenhouse_caretaker_phone_reads_one_phone_number_and_sees_a_block():
    """The caretaker's number was compared by its digits alone ("+1 555-0107" refused, "Room 555, desk 0107"
    accepted), and 'nothing changed in Contacts' did not look at the block list."""
    def cases(inst):
        world = json.loads((MOCKED_APPS / "apps" / "greenhouse" / "world.json").read_text(encoding="utf-8"))
        zone = next(z for z in world["zones"] if z["id"] == inst.params["zone"]["id"])
        phone = next(c for c in CONTACTS["contacts"] if c["id"] == zone["caretaker"])["phone"]
        head, tail = phone.split("-")
        block = [{"app": None, "action": {"type": "open", "app": "contacts"}},
                 {"app": "contacts", "action": {"type": "open", "id": zone["caretaker"]}},
                 {"app": "contacts", "action": {"type": "toggle_block", "id": zone["caretaker"], "value": True}}]
        return ((_answer("phone", phone), True), (_answer("phone", f"+1 {head} {tail}"), True),
                (_answer("phone", f"Room {head}, desk {tail}"), False), (block + _answer("phone", phone), False))
    await _suite_verdicts("mobile", "greenhouse.caretaker_phone", cases)
