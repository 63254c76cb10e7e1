"""World construction: build a world with a backend, check that it is consistent, load it into a device.

- :func:`build_world` asks a backend for a world (persona + scenario ⇒ records across apps);
- :func:`check_world` returns every inconsistency: dangling references, dates off the virtual clock,
  duplicate ids, facts not present in their evidence records, text the task templating would misread, records
  that answer one question differently (``ambiguous``);
- :func:`initial_state` computes s0 = app init + the world patch in Node (the apps' own logic, no browser);
- :func:`verify_loaded` lists the world records missing from (or different in) a device state;
- :func:`load_into_device` resets a real Chromium device to the world and returns its state.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from typing import Any

from toolkit.synthesis.models import Persona, Scenario, World, WorldIssue
from toolkit.synthesis.timeutil import DEFAULT_CLOCK, from_ms, parse_clock
from toolkit.tasks.params import world_of

_FIELD = re.compile(r"\{[A-Za-z_][\w.]*\}")
_LONG_DAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|"
                       r"June|July|August|September|October|November|December) (\d{1,2})\b")
_MAX_FUTURE_DAYS = 366


def pool_persona(index: int) -> Persona:
    """Return persona ``index`` of the offline pool.

    Raises:
        ValueError: when ``index`` names no persona (negative, or past the end), listing the pool. Not wrapped modulo
            the pool size: a sweep over indices 0..9 of a pool of 5 would get each persona twice under different labels.
    """
    from toolkit.synthesis.offline.pools import PERSONAS

    if 0 <= index < len(PERSONAS):
        return PERSONAS[index]
    where = "is negative" if index < 0 else "is past the end of the offline persona pool"
    pool = "; ".join(f"{i}: {p.summary or p.occupation}" for i, p in enumerate(PERSONAS))
    raise ValueError(f"{index} {where}; the pool has {len(PERSONAS)} (0 to {len(PERSONAS) - 1}): {pool}")


def build_world(persona: Persona | str | int | None = None, scenario: Scenario | str | None = None,
                apps: list[str] | None = None, seed: int = 0, backend: Any = "offline", world_id: str | None = None) -> World:
    """Return a world of ``persona`` in ``scenario`` over ``apps``, made by ``backend`` ("offline", "claude" or a Backend).

    ``persona`` may be a Persona, an index into the offline pool (:func:`pool_persona`), or None (picked by seed);
    ``scenario`` a Scenario,
    an id of the offline pool, or None. The world is checked; ValueError lists the issues if it is inconsistent.
    """
    from toolkit.synthesis.backends import get_backend
    from toolkit.synthesis.offline import pools
    from toolkit.synthesis.offline.world import PHONE_APPS

    if persona is None:
        persona = pools.PERSONAS[seed % len(pools.PERSONAS)]
    elif isinstance(persona, int):
        persona = pool_persona(persona)
    elif isinstance(persona, str):
        persona = Persona(name="Robin Hale", occupation=persona, city="Harbour City", summary=persona)
    if scenario is None or isinstance(scenario, str):
        key = scenario or sorted(pools.SCENARIOS)[seed % len(pools.SCENARIOS)]
        if key not in pools.SCENARIOS:
            raise ValueError(f"unknown scenario {key!r}; the offline pool has {sorted(pools.SCENARIOS)}")
        scenario = pools.SCENARIOS[key]
    world = get_backend(backend).world(persona, scenario, list(apps or PHONE_APPS), seed, world_id)
    require_consistent(world)
    return world


def require_consistent(world: World) -> None:
    """Return when :func:`check_world` finds nothing; raise ValueError naming the world and its first issues."""
    issues = check_world(world)
    if issues:
        more = f" (and {len(issues) - 8} more)" if len(issues) > 8 else ""
        raise ValueError(f"world {world.id} is inconsistent: "
                         + "; ".join(f"{i.where}: {i.message}" for i in issues[:8]) + more)


# ---------------------------------------------------------------------------------------------- checking


def _issue(out: list[WorldIssue], kind: str, where: str, message: str) -> None:
    out.append(WorldIssue(kind=kind, where=where, message=message))


#: Keys the device refuses in a state patch (mocked_apps/runtime/core/state.js UNSAFE_KEYS): they reach prototypes.
_UNSAFE_KEYS = ("__proto__", "constructor", "prototype")


def _unsafe_keys(value: Any, where: str):
    """Yield the path of every object key of ``value`` that the device refuses to load."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in _UNSAFE_KEYS:
                yield f"{where}.{k}"
            yield from _unsafe_keys(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _unsafe_keys(v, f"{where}[{i}]")


def _strings(value: Any, where: str):
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{where}[{i}]")


def _mentions(text: str, value: Any) -> bool:
    """True when ``text`` carries ``value`` (a date also as 'Tuesday, March 17'; MM-DD as 'March 17')."""
    s = str(value)
    if s in text or s.casefold() in text.casefold():
        return True
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
            d = date.fromisoformat(s)
            return f"{d.strftime('%B')} {d.day}" in text
        if re.fullmatch(r"\d{2}-\d{2}", s):
            d = date(2024, int(s[:2]), int(s[3:]))
            return f"{d.strftime('%B')} {d.day}" in text
    except ValueError:
        return False
    return False


def _weekday_agrees(m: re.Match, today: date) -> bool:
    """True when 'Weekday, Month D' names a real weekday in the clock's year or the next (dates are upcoming or recent)."""
    month = datetime.strptime(m.group(2), "%B").month
    for year in (today.year, today.year + 1):
        try:
            if date(year, month, int(m.group(3))).strftime("%A") == m.group(1):
                return True
        except ValueError:
            continue
    return False


_NUM = (int, float)
#: The fields check_world and review read in each collection, and their types (a backend's world may lack them).
_SHAPES = {("contacts", "contacts"): {"id": str},
           ("calendar", "events"): {"id": str, "title": str, "date": str, "start": str, "end": str},
           ("messages", "threads"): {"id": str}, ("email", "emails"): {"id": str, "time": _NUM, "from": dict},
           ("notes", "folders"): {"id": str}, ("notes", "notes"): {"id": str, "title": str, "updated": _NUM},
           ("files", "entries"): {"id": str, "parent": str, "folder": bool}}


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


#: Fields the checks read when a record has them: field -> (the test its value must pass, what it must be).
_OPTIONAL_SHAPES = {("calendar", "events"): {"attendees": (_names, "a list of contact ids")},
                    ("messages", "threads"): {"messages": (lambda v: isinstance(v, list), "a list of messages"),
                                              "contact_id": (lambda v: v is None or isinstance(v, str), "a contact id")},
                    ("email", "emails"): {"labels": (_names, "a list of label names")},
                    ("notes", "notes"): {"folder": (lambda v: v is None or isinstance(v, str), "a folder id or null")},
                    ("files", "entries"): {"modified": (lambda v: isinstance(v, str), "a YYYY-MM-DD date")}}


def _shape_issues(world: World) -> list[WorldIssue]:
    """Return a ``bad_value`` issue per record lacking a field the checks read (or holding the wrong type)."""
    out: list[WorldIssue] = []
    for (app, col), fields in _SHAPES.items():
        items = world.records.get(app, {}).get(col, [])
        subs = [(f"{app}.{col}[{i}]", r, fields) for i, r in enumerate(items)]
        if col == "threads":
            subs += [(f"{app}.{col}[{i}].messages[{j}]", m, {"id": str, "time": _NUM}) for i, r in enumerate(items)
                     if isinstance(r, dict) and isinstance(r.get("messages"), list) for j, m in enumerate(r["messages"])]
        for where, rec, want in subs:
            if not isinstance(rec, dict):
                _issue(out, "bad_value", where, f"is {type(rec).__name__}, not a record (an object)")
                continue
            for key, kind in want.items():
                if key not in rec or isinstance(rec[key], bool) and kind is not bool or not isinstance(rec[key], kind):
                    _issue(out, "bad_value", where, f"field {key!r} is {'missing' if key not in rec else repr(rec[key])}")
            for key, (fits, what) in (_OPTIONAL_SHAPES.get((app, col), {}) if want is fields else {}).items():
                if key in rec and not fits(rec[key]):  # a string of ids would be read letter by letter
                    _issue(out, "bad_value", where, f"field {key!r} is {rec[key]!r}, not {what}")
    return out


def check_world(world: World) -> list[WorldIssue]:
    """Return the world's inconsistencies (empty when every reference resolves and dates agree with the clock).

    Records lacking the fields these checks read are reported first, alone (the other checks need them).
    """
    out = _shape_issues(world)
    if out:
        return out
    if world.clock != DEFAULT_CLOCK:  # the suite's setup patches app data only; the device keeps its own clock
        _issue(out, "date_off_clock", "clock", f"{world.clock} is not the device's clock {DEFAULT_CLOCK}, where every "
                                               "device starts: the world's dates would be read against another today")
    now = parse_clock(world.clock)
    recs = world.records
    contacts = {c["id"]: c for c in recs.get("contacts", {}).get("contacts", [])}
    people = {p.id: p for p in world.people}
    for app, cols in recs.items():
        for col, items in cols.items():
            ids = [json.dumps(r.get("id")) for r in items if isinstance(r, dict) and "id" in r]  # any JSON id, hashable
            for rid in sorted({i for i in ids if ids.count(i) > 1}):
                _issue(out, "duplicate_id", f"{app}.{col}", f"id {json.loads(rid)!r} is used more than once")
            for where in _unsafe_keys(items, f"{app}.{col}"):  # Node would refuse the whole world's patch
                _issue(out, "bad_value", where, "the device refuses this key in a state patch (it reaches prototypes)")
            for where, text in _strings(items, f"{app}.{col}"):
                if _FIELD.search(text):
                    _issue(out, "template_field", where, f"text {text[:40]!r} looks like a template field")
                for m in _LONG_DAY.finditer(text):
                    if not _weekday_agrees(m, now.date()):
                        _issue(out, "date_off_clock", where, f"{m.group(0)!r}: no {m.group(1)} on that day near the clock")
    for cid, c in contacts.items():
        if cid not in people:
            _issue(out, "dangling_reference", f"contacts.contacts[{cid}]", "no person of the world has this id")
    for e in recs.get("calendar", {}).get("events", []):
        where = f"calendar.events[{e.get('id')}]"
        for a in e.get("attendees", []):
            if a not in contacts:
                _issue(out, "dangling_reference", where, f"attendee {a!r} is not a contact")
        try:
            d = date.fromisoformat(e["date"])
        except (KeyError, ValueError):
            _issue(out, "bad_value", where, f"date {e.get('date')!r} is not YYYY-MM-DD")
            continue
        if abs((d - now.date()).days) > _MAX_FUTURE_DAYS:
            _issue(out, "date_off_clock", where, f"date {e['date']} is more than a year from the clock {world.clock}")
        if not (str(e.get("start", "")) < str(e.get("end", ""))):
            _issue(out, "bad_value", where, f"end {e.get('end')} is not after start {e.get('start')}")
    events = recs.get("calendar", {}).get("events", [])
    for i, a in enumerate(events):
        for b in events[i + 1:]:
            if a["date"] == b["date"] and a["start"] < b["end"] and b["start"] < a["end"]:
                _issue(out, "bad_value", f"calendar.events[{a['id']}]", f"overlaps {b['id']} on {a['date']}")
    for t in recs.get("messages", {}).get("threads", []):
        where = f"messages.threads[{t.get('id')}]"
        cid = t.get("contact_id")
        if cid is not None and cid not in contacts:
            _issue(out, "dangling_reference", where, f"contact {cid!r} is not a contact")
        elif cid is not None and contacts[cid].get("phone") and contacts[cid]["phone"] != t.get("number"):
            _issue(out, "bad_value", where, f"number {t.get('number')} is not {cid}'s phone {contacts[cid]['phone']}")
        for m in t.get("messages", []):
            if from_ms(m["time"]) > now:
                _issue(out, "date_off_clock", f"{where}.{m['id']}", f"sent at {from_ms(m['time']):%Y-%m-%d %H:%M}, after the clock")
    addresses = {p.email.lower(): p for p in world.people if p.email}
    account = world.persona.name
    for e in recs.get("email", {}).get("emails", []):
        where = f"email.emails[{e.get('id')}]"
        if from_ms(e["time"]) > now:
            _issue(out, "date_off_clock", where, f"received at {from_ms(e['time']):%Y-%m-%d %H:%M}, after the clock")
        sender = (e.get("from") or {})
        person = addresses.get(str(sender.get("email", "")).lower())
        if person is None and any(p.name == sender.get("name") for p in world.people):
            _issue(out, "dangling_reference", where, f"sender {sender.get('name')} writes from an address that is not theirs")
        if person is not None and person.name != sender.get("name"):
            _issue(out, "bad_value", where, f"address {sender.get('email')} belongs to {person.name}, not {sender.get('name')}")
        for label in e.get("labels", []):
            if label not in recs["email"].get("labels", []):
                _issue(out, "dangling_reference", where, f"label {label!r} does not exist")
    owner = (world_of("email").get("account") or {}).get("name")
    if "email" in recs and owner and account != owner:
        _issue(out, "bad_value", "persona.name", f"the phone's email account is {owner}, not {account}")
    notes = recs.get("notes", {})
    folder_ids = {f["id"] for f in notes.get("folders", [])}
    for n in notes.get("notes", []):
        if n.get("folder") is not None and n["folder"] not in folder_ids:
            _issue(out, "dangling_reference", f"notes.notes[{n['id']}]", f"folder {n['folder']!r} does not exist")
        if from_ms(n["updated"]) > now:
            _issue(out, "date_off_clock", f"notes.notes[{n['id']}]", "edited after the clock")
    entries = {e["id"]: e for e in recs.get("files", {}).get("entries", [])}
    for e in entries.values():
        if e["parent"] != "root" and not (e["parent"] in entries and entries[e["parent"]]["folder"]):
            _issue(out, "dangling_reference", f"files.entries[{e['id']}]", f"parent {e['parent']!r} is not a folder")
        if str(e.get("modified", "")) > world.clock[:10]:
            _issue(out, "date_off_clock", f"files.entries[{e['id']}]", f"modified {e['modified']}, after the clock")
    for f in world.facts:
        texts = []
        for ref in f.sources:
            rec = world.record(ref)
            if rec is None:
                _issue(out, "dangling_reference", f"facts[{f.id}]", f"source {ref.app}.{ref.collection}[{ref.id}] does not exist")
            else:
                texts.append(json.dumps(rec, ensure_ascii=False))
        for key in ("person", "by"):
            if key in f.value and str(f.value[key]) not in people:
                _issue(out, "dangling_reference", f"facts[{f.id}]", f"{key} {f.value[key]!r} is not a person")
        for key in ("phone", "code", "start", "date", "birthday", "place", "name", "number"):
            if key in f.value and texts and not any(_mentions(t, f.value[key]) for t in texts):
                _issue(out, "bad_value", f"facts[{f.id}]", f"{key} {f.value[key]!r} appears in none of its sources")
        for key in ("date",):
            if key in f.value and f.kind in ("proposal", "reschedule") and str(f.value[key]) <= world.clock[:10]:
                _issue(out, "date_off_clock", f"facts[{f.id}]", f"{f.kind} date {f.value[key]} is not after the clock")
    _contradictions(world, contacts, people, out)
    return out


#: Fact kinds with one answer per subject: kind -> (the value keys naming the subject, the keys holding the answer).
_ONE_ANSWER = {"moved": (("event",), ("start", "end")), "reschedule": (("event",), ("date",)),
               "code": (("person", "kind"), ("code",)), "code_request": (("person", "kind"), ("code",)),
               "birthday": (("person",), ("birthday",)), "signature_known": (("person",), ("phone",)),
               "signature_new": (("person",), ("phone",))}
#: Person fields a contact record and a fact must agree on with the person (when both give one).
_PERSON_FIELDS = ("name", "phone", "email", "birthday")


def _contradictions(world: World, contacts: dict[str, dict], people: dict[str, Any], out: list[WorldIssue]) -> None:
    """Add an issue for records that answer one question differently: a contact that is not its person (name,
    phone, email, birthday), or two facts (or a fact and the person) giving one subject different answers."""
    for cid, c in contacts.items():
        person = people.get(cid)
        for key in _PERSON_FIELDS if person is not None else ():
            mine, theirs = str(c.get(key) or ""), str(getattr(person, key) or "")
            if mine and theirs and mine != theirs:
                _issue(out, "ambiguous", f"contacts.contacts[{cid}]", f"{key} {mine!r} is not person {cid}'s {theirs!r}")
    answers: dict[tuple, tuple[str, tuple]] = {}
    for f in world.facts:
        if f.kind not in _ONE_ANSWER:
            continue
        subject_keys, answer_keys = _ONE_ANSWER[f.kind]
        if any(k not in f.value for k in subject_keys + answer_keys):
            continue
        subject = (f.kind, *(json.dumps(f.value[k]) for k in subject_keys))
        answer = tuple(f.value[k] for k in answer_keys)
        first = answers.setdefault(subject, (f.id, answer))
        if first[1] != answer:
            said = ", ".join(map(repr, answer)), ", ".join(map(repr, first[1]))
            _issue(out, "ambiguous", f"facts[{f.id}]", f"{f.kind} {said[0]} contradicts {first[0]}'s {said[1]} "
                                                        f"for the same {'/'.join(subject_keys)}")
        person = people.get(str(f.value.get("person")))
        for key in ("phone", "birthday") if person is not None else ():
            told, known = str(f.value.get(key) or ""), str(getattr(person, key) or "")
            contact = str((contacts.get(person.id) or {}).get(key) or "")
            for where, value in (("person", known), ("contact", contact)):
                if key in answer_keys and told and value and told != value:
                    _issue(out, "ambiguous", f"facts[{f.id}]", f"{key} {told!r} is not the {where} {person.id}'s {value!r}")


# ---------------------------------------------------------------------------------------------- loading


def device_apps(device: str = "phone") -> list[str]:
    """Return the apps a device page boots (the catalog's built apps)."""
    from toolkit.envs.adapters.mocked import MockedAdapter

    return MockedAdapter(device, screenshots=False).apps


class WorldLoadError(RuntimeError):
    """The device (the apps' logic in Node) refused a world's patch: the world's fault, not Node's."""


def initial_states(worlds_and_patches: list[tuple[World, dict[str, Any]]], seed: int = 0) -> list[dict[str, Any]]:
    """Return s0 for each (world, extra patch): the apps' init in Node, then the world patch, then the extra patch.

    Raises:
        WorldLoadError: (a RuntimeError) naming the world whose patch the device refused.
    """
    from toolkit.validation import node_replay

    jobs = []
    for world, extra in worlds_and_patches:
        patch = _merge(json.loads(json.dumps(world.patch())), extra)
        jobs.append({"apps": device_apps(world.device), "reset": {"seed": seed, "patch": patch, "start_app": None}, "log": []})
    states = node_replay(jobs)
    for (world, _), state in zip(worlds_and_patches, states):
        if "error" in state:
            message = (str(state["error"]).strip().splitlines() or ["(no message)"])[0]  # not the JS stack under it
            raise WorldLoadError(f"world {world.id}: the device refused it: {message[:300]}")
    return states



def initial_state(world: World, extra: dict[str, Any] | None = None, seed: int = 0) -> dict[str, Any]:
    """Return s0 of a device reset to ``world`` (plus an ``extra`` patch), computed in Node."""
    return initial_states([(world, extra or {})], seed)[0]


def _merge(target: dict, patch: dict) -> dict:
    """Merge like the device (mocked_apps/runtime/core/state.js deepMerge): objects merge, lists replace, None deletes."""
    for key, value in patch.items():
        if value is None:
            target.pop(key, None)
        elif isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = json.loads(json.dumps(value))
    return target


def apply_patch(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of ``state`` with ``patch`` merged in the device's way."""
    return _merge(json.loads(json.dumps(state)), patch)


def verify_loaded(world: World, state: dict[str, Any]) -> list[str]:
    """Return one line per world record missing from ``state`` or different there ([] when all are present)."""
    missing = []
    for app, cols in world.records.items():
        data = ((state.get("apps") or {}).get(app) or {}).get("data")
        if data is None:
            missing.append(f"{app}: the app is not on the device")
            continue
        for col, items in cols.items():
            have = data.get(col)
            if not isinstance(have, list):
                missing.append(f"{app}.{col}: no such collection in the state")
                continue
            by_id = {r.get("id"): r for r in have if isinstance(r, dict)}
            for rec in items:
                if isinstance(rec, dict) and "id" in rec:
                    if by_id.get(rec["id"]) != rec:
                        missing.append(f"{app}.{col}[{rec['id']}]: " + ("missing" if rec["id"] not in by_id else "differs"))
                elif rec not in have:
                    missing.append(f"{app}.{col}: {rec!r} missing")
    return missing


async def load_into_device(world: World, manager: Any = None) -> dict[str, Any]:
    """Reset a real device (Chromium) to the world and return its state (a fresh manager when none is given)."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.manager import EnvManager
    from toolkit.tasks import TaskInstance

    instance = TaskInstance(task_id=f"world/{world.id}", seed=0, instruction="(world)", params={}, setup=world.patch(),
                            reference=[], expected_changes=[], max_steps=1)
    own = manager is None
    manager = manager or EnvManager(adapter=MockedAdapter(world.device, screenshots=False))
    try:
        [lease] = await manager.request(None)
        try:
            return (await manager.reset(lease, instance)).state
        finally:
            await manager.release(lease)
    finally:
        if own:
            await manager.close()
