"""World construction: coherent records across apps, a consistency checker that catches what it should, and
worlds that load into a device with every record present."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tests.conftest import requires_chromium
from toolkit.synthesis import build_world, check_world, initial_state, load_into_device, verify_loaded
from toolkit.synthesis.models import Ref, World
from toolkit.synthesis.world import WorldLoadError
from toolkit.synthesis.timeutil import parse_clock


def test_worlds_are_consistent_deterministic_and_distinct(world, three_worlds):
    assert check_world(world) == []
    assert build_world(0, "moving", seed=11, world_id="moving-11").model_dump() == world.model_dump()
    assert len({w.id for w in three_worlds}) == 3
    assert len({(w.persona.occupation, w.scenario.id, w.seed) for w in three_worlds}) == 3
    for w in three_worlds:
        assert check_world(w) == [], w.id


def test_records_share_people_events_and_facts_across_apps(world):
    contacts = {c["id"] for c in world.records["contacts"]["contacts"]}
    attendees = {a for e in world.records["calendar"]["events"] for a in e["attendees"]}
    texters = {t["contact_id"] for t in world.records["messages"]["threads"]}
    senders = {e["from"]["email"] for e in world.records["email"]["emails"]}
    assert attendees <= contacts and texters <= contacts
    assert {p.email for p in world.people if p.id in attendees} & senders  # attendees also write emails
    multi = [f for f in world.facts if len({s.app for s in f.sources}) > 1]
    assert len(multi) >= 10, "facts should tie records of different apps together"


def test_checker_catches_a_dangling_reference(world):
    broken = world.model_copy(deep=True)
    broken.records["calendar"]["events"][0]["attendees"].append("p99")
    broken.records["messages"]["threads"][0]["contact_id"] = "nobody"
    issues = check_world(broken)
    kinds = {(i.kind, i.where.split("[")[0]) for i in issues}
    assert ("dangling_reference", "calendar.events") in kinds
    assert ("dangling_reference", "messages.threads") in kinds
    assert any("p99" in i.message for i in issues)


def test_checker_catches_dates_off_the_virtual_clock(world):
    broken = world.model_copy(deep=True)
    now_ms = int(parse_clock(world.clock).timestamp() * 1000)
    broken.records["email"]["emails"][0]["time"] = now_ms + 3_600_000  # received an hour in the future
    broken.records["messages"]["threads"][1]["messages"][0]["text"] = "See you on Tuesday, March 19?"  # a Thursday
    issues = [i for i in check_world(broken) if i.kind == "date_off_clock"]
    assert any(i.where.startswith("email.emails") and "after the clock" in i.message for i in issues)
    assert any("Tuesday, March 19" in i.message for i in issues)


def test_checker_catches_records_that_answer_one_question_differently(world):
    """A contact that is not its person, a fact the contact contradicts, and two facts with two answers."""
    broken = world.model_copy(deep=True)
    contacts = {c["id"]: c for c in broken.records["contacts"]["contacts"]}
    pid = next(p.id for p in broken.people if p.id in contacts and p.phone and contacts[p.id]["phone"])
    contacts[pid]["name"] = "Someone Else"
    contacts[pid]["phone"] = "555-0000"
    code = next(f for f in broken.facts if f.kind == "code")
    twin = code.model_copy(deep=True, update={"id": "fact-twin"})
    twin.value["code"] = code.value["code"] + "9"
    broken.facts.append(twin)
    issues = [(i.kind, i.where, i.message) for i in check_world(broken)]
    person = broken.person(pid)
    assert ("ambiguous", f"contacts.contacts[{pid}]", f"name 'Someone Else' is not person {pid}'s {person.name!r}") in issues
    assert ("ambiguous", f"contacts.contacts[{pid}]", f"phone '555-0000' is not person {pid}'s {person.phone!r}") in issues
    assert any(k == "ambiguous" and w == "facts[fact-twin]" and f"contradicts {code.id}'s" in m for k, w, m in issues)
    told = next(f for f in broken.facts if f.kind == "signature_known")
    contacts[told.value["person"]]["phone"] = "555-1111"  # the address book and the signature disagree
    assert any(w == f"facts[{told.id}]" and "is not the contact" in m for _, w, m in
               [(i.kind, i.where, i.message) for i in check_world(broken)])


def test_records_lacking_the_fields_checked_are_issues_not_crashes(world):
    """A backend's world (Claude's) may hold records without a date, a time or a parent, or values of another type:
    each is a bad_value naming the record and field, where the checker used to raise KeyError or TypeError."""
    broken = world.model_copy(deep=True)
    broken.records["calendar"]["events"].append({"id": "ev-x", "title": "No date"})
    broken.records["email"]["emails"][0]["time"] = "yesterday"
    del broken.records["notes"]["notes"][0]["title"]
    broken.records["files"]["entries"].append({"id": "fi-x", "name": "orphan.txt"})
    broken.records["contacts"]["contacts"].append("just a name")
    broken.records["messages"]["threads"][0]["messages"][0]["time"] = None
    issues = {(i.where, i.message) for i in check_world(broken)}
    n_events, n_files = len(broken.records["calendar"]["events"]) - 1, len(broken.records["files"]["entries"]) - 1
    n_contacts = len(broken.records["contacts"]["contacts"]) - 1
    assert {(f"calendar.events[{n_events}]", "field 'date' is missing"),
            ("notes.notes[0]", "field 'title' is missing"),  # review matches instructions against titles ("email.emails[0]", "field 'time' is 'yesterday'"),
            (f"files.entries[{n_files}]", "field 'parent' is missing"),
            (f"contacts.contacts[{n_contacts}]", "is str, not a record (an object)"),
            ("messages.threads[0].messages[0]", "field 'time' is None")} <= issues
    facts = world.model_copy(deep=True)
    facts.facts[0].value["person"] = ["p01"]  # unhashable where an id belongs
    assert any("is not a person" in i.message for i in check_world(facts))


def test_fields_holding_another_kind_of_value_are_issues_not_crashes(world):
    """An attendee list of objects, a note folder that is an object, a thread's messages as text, a list as a record id
    in another collection, a fact sourced from the email labels (names, not records): the checker raised TypeError or
    AttributeError on each (and `synth validate` died on such a world.json); a string of ids was read letter by letter."""
    broken = world.model_copy(deep=True)
    broken.records["calendar"]["events"][0]["attendees"] = [{"id": "p04"}]
    broken.records["calendar"]["events"][1]["attendees"] = "p04"
    broken.records["notes"]["notes"][0]["folder"] = {"id": "f1"}
    broken.records["messages"]["threads"][0]["messages"] = "hi there"
    broken.records["messages"]["threads"][1]["contact_id"] = ["p01"]
    broken.records["email"]["emails"][0]["labels"] = "Work"
    broken.records["files"]["entries"][0]["modified"] = 20260301
    issues = {(i.where, i.message) for i in check_world(broken)}
    assert {("calendar.events[0]", "field 'attendees' is [{'id': 'p04'}], not a list of contact ids"),
            ("calendar.events[1]", "field 'attendees' is 'p04', not a list of contact ids"),
            ("notes.notes[0]", "field 'folder' is {'id': 'f1'}, not a folder id or null"),
            ("messages.threads[0]", "field 'messages' is 'hi there', not a list of messages"),
            ("messages.threads[1]", "field 'contact_id' is ['p01'], not a contact id"),
            ("email.emails[0]", "field 'labels' is 'Work', not a list of label names"),
            ("files.entries[0]", "field 'modified' is 20260301, not a YYYY-MM-DD date")} == issues
    other = world.model_copy(deep=True)
    other.records["shop"] = {"orders": [{"id": ["o1"]}, {"id": ["o1"]}]}
    other.facts[0].sources.append(Ref(app="email", collection="labels", id="Work"))
    issues = {(i.kind, i.where, i.message) for i in check_world(other)}
    assert ("duplicate_id", "shop.orders", "id ['o1'] is used more than once") in issues
    assert ("dangling_reference", f"facts[{other.facts[0].id}]", "source email.labels[Work] does not exist") in issues


def test_duplicate_people_or_facts_unknown_devices_or_apps_and_unreadable_times_are_issues(world):
    """Two people or facts sharing an id passed (world.person() read the first); a device or app the catalog lacks
    passed (`synth validate` then ended whole on 'unknown device', naming no world); a time of 1e30 ms raised
    OverflowError out of the checker."""
    broken = world.model_copy(deep=True)
    broken.people.append(broken.people[0].model_copy())
    broken.facts.append(broken.facts[0].model_copy())
    broken.records["shop"] = {"orders": [{"id": "o1"}]}
    broken.records["notes"]["notes"][0]["updated"] = 1e30
    issues = {(i.kind, i.where, i.message.split(" (its apps")[0]) for i in check_world(broken)}
    assert issues == {("bad_value", "records.shop", "device 'phone' has no app 'shop'"),
                      ("bad_value", "notes.notes[0]", "field 'updated' is 1e+30, not a time (epoch ms) of years 1-9999")}
    broken.records["notes"]["notes"][0]["updated"] = world.records["notes"]["notes"][0]["updated"]
    issues = {(i.kind, i.where, i.message) for i in check_world(broken)}
    assert ("duplicate_id", "people", f"id {world.people[0].id!r} is used more than once") in issues
    assert ("duplicate_id", "facts", f"id {world.facts[0].id!r} is used more than once") in issues
    elsewhere = world.model_copy(update={"device": "tablet"})
    assert [(i.where, i.message) for i in check_world(elsewhere)] == [
        ("device", "unknown device 'tablet'; the catalog has ['desktop', 'phone']")]
    with pytest.raises(WorldLoadError, match=r"^world moving-11: unknown device 'tablet'"):
        initial_state(elsewhere)


def test_keys_the_device_refuses_are_issues(world):
    """A record key '__proto__' passed the checker; the device refuses the whole patch, so acceptance and `synth
    validate` ended with a RuntimeError from Node."""
    broken = world.model_copy(deep=True)
    broken.records["contacts"]["contacts"][0]["__proto__"] = {"admin": True}
    broken.records["notes"]["notes"][1]["meta"] = {"constructor": "x"}
    wheres = {i.where for i in check_world(broken) if "refuses this key" in i.message}
    assert wheres == {"contacts.contacts[0].__proto__", "notes.notes[1].meta.constructor"}
    with pytest.raises(WorldLoadError, match=r"^world moving-11: the device refused it: .*'__proto__' is not allowed"):
        initial_state(broken)


def test_a_clock_that_is_no_time_or_not_the_devices_is_refused(world):
    """The device always starts at 2026-03-14T09:30 (a suite patches app data, not the clock): a world at another time
    would be read against another today; a clock that is no time made every check raise a bare strptime error."""
    data = world.model_dump()
    data["clock"] = "yesterday"
    with pytest.raises(ValidationError, match="clock 'yesterday' is not a YYYY-MM-DDTHH:MM time"):
        World.model_validate(data)
    later = world.model_copy(update={"clock": "2026-05-01T10:00"})
    assert [(i.kind, i.where) for i in check_world(later)][:1] == [("date_off_clock", "clock")]


def test_world_loads_in_node_with_every_record(world):
    assert verify_loaded(world, initial_state(world)) == []
    state = initial_state(world)
    state["apps"]["contacts"]["data"]["contacts"].pop()
    assert any("missing" in line for line in verify_loaded(world, state))


@requires_chromium
async def test_world_loads_into_a_real_device_with_every_record(world):
    state = await load_into_device(world)
    assert verify_loaded(world, state) == []
    counts = {f"{a}.{c}": len(v) for a, cols in world.records.items() for c, v in cols.items()}
    assert counts["contacts.contacts"] >= 10 and counts["email.emails"] >= 15 and counts["calendar.events"] >= 8


def test_a_persona_index_outside_the_pool_is_refused_not_wrapped():
    from toolkit.synthesis.offline.pools import PERSONAS

    last = build_world(len(PERSONAS) - 1, "moving", seed=11).persona  # (its summary adds the scenario)
    assert last.model_dump(exclude={"summary"}) == PERSONAS[-1].model_dump(exclude={"summary"})
    for index in (len(PERSONAS), -1):
        with pytest.raises(ValueError, match=rf"^{index} is .*0 to {len(PERSONAS) - 1}"):
            build_world(index, "moving", seed=11)


def test_an_empty_app_list_is_refused_not_read_as_every_app():
    """apps=[] built a world over every phone app (as load_tasks(ids=[]) loaded every task); None still means all."""
    with pytest.raises(ValueError, match=r"^argument 'apps': an empty list names no app; give None"):
        build_world(0, "moving", apps=[], seed=11)
    with pytest.raises(ValueError, match=r"^argument 'apps': app names are non-empty strings; got ''"):
        build_world(0, "moving", apps=["contacts", ""], seed=11)
    assert build_world(0, "moving", apps="contacts", seed=11).apps == ["contacts"]  # not c, o, n, t, ...
    assert build_world(0, "moving", apps=None, seed=11).apps == sorted(["contacts", "messages", "email", "calendar",
                                                                        "notes", "files"])


@pytest.mark.parametrize("kwargs, name", [
    ({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"), ({"seed": True}, "seed"),
    ({"persona": True}, "persona"), ({"persona": 1.5}, "persona"), ({"persona": " "}, "persona"),
    ({"scenario": ""}, "scenario"), ({"scenario": 3}, "scenario"),
    ({"world_id": ""}, "world_id"), ({"world_id": "Bad ID"}, "world_id"), ({"world_id": 3}, "world_id"),
])
def test_malformed_build_arguments_are_errors_naming_the_argument(kwargs, name):
    """seed -1 built world "moving--1", True persona 1's world, an empty scenario a world of the seed's scenario, an
    empty world_id world "moving-0", and "Bad ID" failed as a bare pydantic error on World.id."""
    args = {"persona": 0, "scenario": "moving", **kwargs}
    with pytest.raises(ValueError, match=rf"^argument '{name}': "):
        build_world(**args)


def test_the_persona_summary_says_the_worlds_scenario(tmp_path, world):
    """Persona 0's summary was 'an architect who is moving to a new flat across town' in every scenario: the launch
    world's suite header and `synth world --json` said moving house. It is composed from persona and scenario now."""
    from toolkit.synthesis import synthesize_tasks
    from toolkit.synthesis.models import Persona, Scenario
    from toolkit.synthesis.writer import write_world_suite

    launch = build_world(0, "launch", seed=11)
    assert launch.persona.summary == "an architect preparing the launch of a new app"
    assert build_world(0, "launch", seed=11).model_dump_json() == launch.model_dump_json()  # the same bytes again
    assert world.persona.summary == "an architect who is moving to a new flat across town"  # the default pair's text
    assert build_world(None, None, seed=3).persona.summary == "a nurse organising a class trip"  # both by seed
    assert build_world("retired pilot", "wedding").persona.summary == "retired pilot helping plan a sibling's wedding"
    mars = Scenario(id="moving", title="Moving to Mars")  # another scenario under a pool id: not the pool's phrase
    assert build_world(Persona(occupation="editor", city="Rye"), mars).persona.summary == "an editor busy with moving to Mars"
    own = Persona(occupation="editor", city="Rye", summary="a keen cyclist")  # a caller's own summary is theirs
    assert build_world(own, "trip").persona.summary == "a keen cyclist"
    path = write_world_suite(launch, synthesize_tasks(launch, n=1).tasks, tmp_path / launch.id)
    assert "persona: an architect preparing the launch of a new app)" in path.read_text().splitlines()[0]
