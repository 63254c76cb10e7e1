"""Bundled verifiers called on crafted answers and states: an answer written as a person writes it (a time with
"am", a reading with its unit, a phone number with dashes, a message with a closing full stop) passes, a wrong one
still fails. The verifier file runs in this process with ``verifier_checks`` bound to the toolkit's module, the same
file the sandboxed worker loads."""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from types import SimpleNamespace

import pytest

from toolkit.paths import MOCKED_APPS, TASK_BANK
from toolkit.tasks import load_tasks, sample
from toolkit.tasks import verifier_checks as vc


@pytest.fixture
def verifier(monkeypatch):
    """Return ``load(suite, file)``: the verifier module ``task_bank/<suite>/<file>.py``."""
    monkeypatch.setitem(sys.modules, "verifier_checks", vc)

    def load(suite: str, file: str):
        spec = importlib.util.spec_from_file_location(f"bank_{suite}_{file}".replace("-", "_"), TASK_BANK / suite / f"{file}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load


def _params(suite: str, task: str, seed: int = 0) -> dict:
    [spec] = load_tasks([suite], [task])
    return sample(spec, seed).params


def _ctx(params: dict, initial: dict | None = None, final: dict | None = None, answer: dict | None = None, world=None):
    initial = initial or {"apps": {}}
    return SimpleNamespace(params=params, initial=initial, final=copy.deepcopy(initial) if final is None else final,
                           answer=answer or {}, world=world or {}, trajectory=[])


# ------------------------------------------------------------------ 1. times of day


def test_time_of_reads_a_time_as_people_write_it():
    for typed in ("09:05", "9:05", "9.05", "9:05 am", "9:05am", "9:05 AM", "9:05 a.m.", " 9:05\tam "):
        assert vc.time_of(typed) == "09:05", typed
    assert vc.time_of("9:05 pm") == "21:05" and vc.time_of("12:15 am") == "00:15" and vc.time_of("12:15 p.m.") == "12:15"
    for typed in ("905", "9", "25:00", "13 pm", "9:60", "9:05 xm", "", None, "9:05:00"):
        assert vc.time_of(typed) is None, typed



def test_says_time_finds_a_time_of_day_in_a_message_however_it_is_written():
    for body in ("arrives 09:58", "at 9:58.", "9.58 am", "(9:58am)", "ETA 9:58 a.m., see you"):
        assert vc.says_time(body, "09:58"), body
    assert vc.says_time("dinner at 1 pm", "13:00") and vc.says_time("room 1 at 13:00", "13:00")
    for body in ("9:58 pm", "19:58", "9:585", "$9.58", "order 9", "a9:58", "", None):
        assert not vc.says_time(body, "09:58"), body
    assert not vc.says_time("room 1", "13:00") and not vc.says_time("8", "08:00")


def test_railway_departure_time_accepts_am_and_a_dot_and_refuses_pm(verifier):
    railway = verifier("mobile-core", "railway")
    params = _params("mobile-core", "railway.departure_time")
    want = params["train"]["stops"][0]["dep"]
    h, m = (int(x) for x in want.split(":"))
    right = (want, f"{h}:{m:02d}", f"{h}.{m:02d}", f"{h % 12 or 12}:{m:02d} {'am' if h < 12 else 'pm'}", f" {want} ")
    wrong = (f"{(h + 12) % 24}:{m:02d}", f"{h}:{(m + 1) % 60:02d}", f"{h}{m:02d}", "", None)
    for typed in right:
        assert railway.departure_time(_ctx(params, answer={"departure": typed})) == {"time_correct": True, "unchanged": True}, typed
    for typed in wrong:
        assert railway.departure_time(_ctx(params, answer={"departure": typed})) == {"time_correct": False, "unchanged": True}, typed


# ------------------------------------------------------------------ 2. numbers with a unit


def test_quantity_reads_a_number_with_one_of_its_units_and_nothing_else():
    units = ("%", "% rh", "percent")
    for typed in ("47", "47%", "47 %", "47% RH", "47 % rh", "47 percent", "47 Percent.", " 47 ", 47, 47.0):
        assert vc.quantity(typed, units) == 47.0, typed
    assert vc.quantity("21,5 %", units) == 21.5 and vc.quantity("\u22123 °C", ("°c",)) == -3.0
    for typed in ("47 RH%", "about 47", "47 or 48", "47 degrees", "4 7", "47%%", "nan", "", None, True):
        assert vc.quantity(typed, units) is None, typed
    assert vc.quantity("47%") is None  # no units given: the number alone


def _greenhouse_state(world: dict) -> dict:
    zones = [{"id": z["id"], **z["controls"]} for z in world["zones"]]
    return {"apps": {"greenhouse": {"data": {"clock": world["start_clock"], "zones": zones, "plants": world["plants"],
                                             "alerts": []}}}}


def test_greenhouse_readings_accept_their_units_and_refuse_a_wrong_number(verifier):
    gh = verifier("mobile", "greenhouse")
    world = json.loads((MOCKED_APPS / "apps" / "greenhouse" / "world.json").read_text())
    state = _greenhouse_state(world)
    params = _params("mobile", "greenhouse.query_humidity")
    zone = next(z for z in state["apps"]["greenhouse"]["data"]["zones"] if z["id"] == params["zone"]["id"])
    hum = gh.humidity(world, zone)
    for typed, ok in ((f"{hum}", True), (f"{hum}% RH", True), (f"{hum} %", True), (f"{hum} percent", True),
                      (f"{hum}%.", True), (f"{hum + 1}% RH", False), (f"{hum} RH kPa", False), (f"{hum}0 %", False)):
        got = gh.query_humidity(_ctx(params, state, answer={"humidity": typed}, world={"greenhouse": world}))
        assert got == {"correct": ok, "unchanged": True}, typed
    params = _params("mobile", "greenhouse.advance_and_read")
    zone = next(z for z in state["apps"]["greenhouse"]["data"]["zones"] if z["id"] == params["case"]["zone"])
    target = state["apps"]["greenhouse"]["data"]["clock"] + 180
    final = copy.deepcopy(state)
    final["apps"]["greenhouse"]["data"]["clock"] = target
    temp = gh.temperature(world, zone, target)
    for typed, ok in ((f"{temp} °C", True), (f"{temp}°", True), (f"{temp} degrees", True), (f"{temp + 1} °C", False)):
        got = gh.advance_and_read(_ctx(params, state, final, answer={"temperature": typed}, world={"greenhouse": world}))
        assert got["correct"] is ok, typed


# ------------------------------------------------------------------ 3. a message naming shifts


def _world(app: str) -> dict:
    return json.loads((MOCKED_APPS / "apps" / app / "world.json").read_text())


def _texted(initial: dict, cid: str, body: str) -> dict:
    """``initial`` with a new thread with contact ``cid`` holding one message of mine, ``body``."""
    final = copy.deepcopy(initial)
    final["apps"]["messages"]["data"]["threads"].append(
        {"id": "t-new", "contact_id": cid, "number": "", "messages": [{"id": "m-new", "from": "me", "text": body}]})
    return final


def test_roster_message_shifts_wants_exactly_their_shifts_in_either_order(verifier):
    roster, world = verifier("mobile", "roster"), _world("roster")
    params = _params("mobile", "roster.message_shifts")
    pid = params["p"]["id"]
    initial = {"apps": {"roster": {"data": {"assign": world["assign"], "unavailable": {}, "requests": [], "status": "draft"}},
                        "messages": {"data": {"threads": []}}, "contacts": {"data": {"contacts": [{"id": pid}]}}}}
    mine = roster.shifts_of(world, initial["apps"]["roster"]["data"], pid)
    assert len(mine) >= 2
    days = {d["id"]: d for d in world["days"]}
    slots = {s["id"]: s for s in world["slots"]}
    other_day = next(d for d in days if not any(s.startswith(d + "-") for s in mine))
    long = [f"{days[s.split('-')[0]]['name']} {slots[s.split('-')[1]]['label']}" for s in mine]
    short = [f"{slots[s.split('-')[1]]['id']} on {days[s.split('-')[0]]['short']}." for s in mine]
    cases = (("Good morning! Your shifts: " + ", ".join(long) + ".", True),
             ("; ".join(reversed(short)), True),
             (", ".join(long).upper(), True),
             (", ".join(long[:-1]), False),  # one left out
             (", ".join(long) + f", {days[other_day]['name']} night", False),  # one that is not theirs
             (", ".join(s.replace(" ", "s ") + "s" for s in long), False),  # "Mondays mornings": not the words
             (", ".join(f"{days[s.split('-')[0]]['name']}" for s in mine), False))  # days without slots
    for body, ok in cases:
        got = roster.message_shifts(_ctx(params, initial, _texted(initial, pid, body), world={"roster": world}))
        assert got == {"sent": ok, "no_stray_texts": True, "roster_unchanged": True}, body


# ------------------------------------------------------------------ 4. an alarm before an event


def test_crossapp_event_alarm_before_midnight_rings_the_day_before(verifier):
    crossapp = verifier("mobile", "crossapp")
    # An event on Tuesday 2026-03-17 at 00:15; an alarm half an hour before rings Monday (weekday 1) at 23:45.
    world = {"calendar": {"events": [{"id": "e-late", "title": "Night launch", "date": "2026-03-17", "start": "00:15"}]}}
    params = {"ev": {"id": "e-late", "title": "Night launch", "minutes": 30}}
    initial = {"apps": {"clock": {"data": {"alarms": []}}, "calendar": {"data": {"events": world["calendar"]["events"]}}}}

    def judged(time, days):
        final = copy.deepcopy(initial)
        final["apps"]["clock"]["data"]["alarms"].append({"id": "a-new", "label": "Night launch", "time": time, "days": days,
                                                         "on": True})
        return crossapp.event_alarm(_ctx(params, initial, final, world=world))

    assert judged("23:45", [1]) == {"created": True, "time": True, "days": True, "others_intact": True}
    assert judged("23:45", [2])["days"] is False  # the event's own weekday: the alarm would ring a day late
    assert judged("00:15", [1])["time"] is False
    params["ev"]["minutes"] = 15  # no wrap: 00:00 on the event's day
    assert judged("00:00", [2]) == {"created": True, "time": True, "days": True, "others_intact": True}
    # And a Sunday event (weekday 0) wraps back to Saturday (6).
    world["calendar"]["events"][0].update(date="2026-03-22", start="00:10")
    assert judged("23:55", [6])["days"] is True and judged("23:55", [0])["days"] is False


# ------------------------------------------------------------------ 5. a payee's contact details


def test_phone_is_reads_a_phone_number_grouped_any_usual_way():
    for typed in ("555-0137", "5550137", "555 0137", "(555) 0137", "555.0137", "+1 555-0137", "+1 (555) 013-7.", " 555-0137 "):
        assert vc.phone_is(typed, "555-0137"), typed
    for typed in ("555-0138", "555-0137 or 555-0138", "15550137", "555-01370", "ext 555-0137", "+12345 555-0137", "", None):
        assert not vc.phone_is(typed, "555-0137"), typed


@pytest.mark.parametrize("key", ["phone", "email"])
def test_crossapp_payee_contact_query_accepts_a_formatted_phone_and_a_closing_full_stop(verifier, key):
    crossapp = verifier("mobile", "crossapp")
    world = {"bank": _world("bank"), "contacts": _world("contacts")}
    payee = next(p for p in world["bank"]["payees"] if p["id"] == "p1")
    contact = next(c for c in world["contacts"]["contacts"] if c["id"] == payee["contact_id"])
    truth = contact[key]
    params = {"p": {"id": "p1", "key": key, "answer": truth}}
    initial = {"apps": {"bank": {"data": {}}, "contacts": {"data": {"contacts": [contact]}}}}
    d = vc.digits(truth)
    right = ((truth, f"{truth}.", f"({d[:3]}) {d[3:]}", f"+1 {d[:3]} {d[3:]}", d) if key == "phone"
             else (truth, f"{truth}.", truth.upper(), f" {truth} "))
    wrong = ((f"{truth[:-1]}9", f"{truth} or {truth}", f"1{d}") if key == "phone"
             else (f"x{truth}", truth.replace("@", " at "), f"{truth}.com"))
    for typed, ok in [(t, True) for t in right] + [(t, False) for t in wrong]:
        got = crossapp.payee_contact_query(_ctx(params, initial, answer={"value": typed}, world=world))
        assert got == {"correct": ok, "unchanged": True}, typed


# ------------------------------------------------------------------ 6. what a message says, amounts of money


def test_says_ignores_case_spacing_quotes_and_closing_punctuation_but_not_words():
    assert vc.says("OK, ship   it.", "Ship it") and vc.says("“Ship it!”", "ship it", whole=True)
    assert vc.says("Yes,11:00 works", "Yes, 11:00 works.", whole=True)
    assert not vc.says("ship items", "ship it") and not vc.says("Ship it now", "ship it", whole=True)
    assert not vc.says("at 1100", "11:00") and not vc.says("dont", "don't") and not vc.says("anything", "")


def test_number_reads_dollars_written_as_people_write_them():
    for typed in ("$12.50", "$ 12.50", "12.50 dollars", "12.50 USD", "usd 12.50", "12.50$", "$12.50.", 12.5):
        assert vc.number(typed, "$,") == 12.5, typed
    assert vc.number("$ 1,204.50", "$,") == 1204.5 and vc.number_is("12 000 dollars", 12000, "$, ")
    for typed in ("12.50 euros", "$12.50 or $13", "about $12.50", "$$", "12.50 dollarz"):
        assert vc.number(typed, "$,") is None, typed
    assert vc.number("12.50 dollars") is None  # no currency sign dropped: no currency words either


def _teamchat_state(channel: str) -> dict:
    return {"apps": {"teamchat": {"data": {"messages": [], "channels": [{"id": channel, "kind": "channel", "members": []}],
                                           "me": {"id": "u-ada"}}}}}


def test_teamchat_and_tracker_messages_read_the_text_as_written(verifier):
    teamchat, tracker = verifier("web", "teamchat"), verifier("web", "tracker")
    params = _params("web", "teamchat.post_message")
    want, cid = params["text"], params["channel"]["id"]
    initial = _teamchat_state(cid)
    bare = want.rstrip(".!?")
    for body, ok in ((want, True), (bare, True), (f"  {bare.upper()}!! ", True), (f"“{want}”", True),
                     (f"{bare} not", False), (bare[:-1], False), (f"Hi all: {want}", False)):
        final = copy.deepcopy(initial)
        final["apps"]["teamchat"]["data"]["messages"].append({"id": "m-new", "channel": cid, "author": "u-ada", "text": body})
        got = teamchat.post_message(_ctx(params, initial, final))
        assert got == {"posted": ok, "once": ok, "rest_intact": True}, body
    params = _params("web", "tracker.comment")
    key, want = params["i"]["key"], params["text"]
    initial = {"apps": {"tracker": {"data": {"issues": [], "comments": [], "links": [], "sprints": [], "counters": {}}}}}
    for body, ok in ((want, True), (want.rstrip(".!?").lower(), True), (want.replace(" ", "  "), True),
                     (want.rstrip(".!?") + "s", False)):
        final = copy.deepcopy(initial)
        final["apps"]["tracker"]["data"]["comments"].append({"id": "cm-new", "issue": key, "author": "u-ada", "text": body})
        assert tracker.comment(_ctx(params, initial, final)) == {"commented": ok, "only_that": True}, body


def test_crm_reads_a_subject_with_a_full_stop_and_a_total_in_dollars(verifier):
    crm = verifier("web", "crm")
    params = _params("web", "crm.log_activity")
    empty = {"apps": {"crm": {"data": {kind: [] for kind in crm.KINDS}}}}
    for subject, ok in ((params["subject"], True), (params["subject"] + ".", True), (params["subject"].upper(), True),
                        (params["subject"] + " again", False)):
        final = copy.deepcopy(empty)
        final["apps"]["crm"]["data"]["activities"].append({"id": "T-1", "ref": params["c"]["id"], "kind": params["k"]["id"],
                                                           "subject": subject})
        assert crm.log_activity(_ctx(params, empty, final)) == {"logged": ok, "rest_intact": True}, subject
    params = {"q": {"owner": "u-teo", "stage": "prospecting"}}
    initial = copy.deepcopy(empty)
    initial["apps"]["crm"]["data"]["opps"] = [{"id": "o1", "owner": "u-teo", "stage": "prospecting", "amount": 1250},
                                              {"id": "o2", "owner": "u-teo", "stage": "prospecting", "amount": 11000}]
    for typed, ok in (("12250", True), ("$12,250", True), ("$ 12,250.00", True), ("12250 dollars", True),
                      ("$12,251", False), ("12,250 euros", False)):
        assert crm.query_stage_total(_ctx(params, initial, answer={"total": typed}))["correct"] is ok, typed


def test_crossapp_text_event_location_wants_the_place_as_whole_words(verifier):
    crossapp = verifier("mobile", "crossapp")
    world = {"calendar": {"events": [{"id": "e-x", "location": "Room 4"}]}}
    params = {"ev": {"id": "e-x", "location": "Room 4"}, "who": {"id": "c2"}}
    initial = {"apps": {"messages": {"data": {"threads": []}}, "contacts": {"data": {"contacts": [{"id": "c2"}]}},
                        "calendar": {"data": {"events": []}}}}
    for body, ok in (("It's in Room 4.", True), ("room 4", True), ("It's in Room 42", False), ("Roo m 4", False)):
        got = crossapp.text_event_location(_ctx(params, initial, _texted(initial, "c2", body), world=world))
        assert got == {"sent": True, "location": ok, "others_intact": True}, body
