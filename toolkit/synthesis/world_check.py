"""World consistency: :func:`check_world` returns every inconsistency of a world.

A device the catalog lacks (or apps it lacks) is an issue; records lacking the fields the checks read (or holding
values of another kind) come first, alone; then dangling
references, dates off the virtual clock (and a clock that is not the device's), duplicate ids, keys the device
refuses, facts not present in their evidence records, text the task templating would misread, and records that
answer one question differently (``ambiguous``).
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from typing import Any

from toolkit.synthesis.models import World, WorldIssue
from toolkit.synthesis.timeutil import DEFAULT_CLOCK, from_ms, parse_clock
from toolkit.tasks.params import world_of

_FIELD = re.compile(r"\{[A-Za-z_][\w.]*\}")
_LONG_DAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|"
                       r"June|July|August|September|October|November|December) (\d{1,2})\b")
_MAX_FUTURE_DAYS = 366



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


def _epoch_ms(value: float) -> bool:
    """True when ``value`` is an epoch-ms time Python can read (inf, nan or years past 9999 are not)."""
    try:
        from_ms(value)
    except (OverflowError, ValueError, OSError):
        return False
    return True


def _device_issues(world: World) -> list[WorldIssue]:
    """Return a ``bad_value`` issue for a device the catalog lacks, or an app (of ``apps`` or ``records``) it lacks."""
    from toolkit.envs.adapters.mocked import MockedAdapter

    try:
        have = MockedAdapter(world.device, screenshots=False).apps
    except ValueError as exc:  # no such device: no task of the world can run
        return [WorldIssue(kind="bad_value", where="device", message=str(exc))]
    out: list[WorldIssue] = []
    for where, apps in (("apps", world.apps), ("records", list(world.records))):
        for app in apps:
            if app not in have:  # loaded under a name no app reads: the records are on no screen a task shows
                _issue(out, "bad_value", f"{where}.{app}", f"device {world.device!r} has no app {app!r} "
                                                           f"(its apps: {', '.join(have)})")
    return out


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
                elif kind is _NUM and not _epoch_ms(rec[key]):  # every date check reads it as a time
                    _issue(out, "bad_value", where, f"field {key!r} is {rec[key]!r}, not a time (epoch ms) of years 1-9999")
            for key, (fits, what) in (_OPTIONAL_SHAPES.get((app, col), {}) if want is fields else {}).items():
                if key in rec and not fits(rec[key]):  # a string of ids would be read letter by letter
                    _issue(out, "bad_value", where, f"field {key!r} is {rec[key]!r}, not {what}")
    return out


def check_world(world: World) -> list[WorldIssue]:
    """Return the world's inconsistencies (empty when every reference resolves and dates agree with the clock).

    Records lacking the fields these checks read are reported first, alone (the other checks need them), after any
    device issue (a device or app the catalog lacks).
    """
    out = _device_issues(world)
    shapes = _shape_issues(world)
    if shapes:
        return out + shapes
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
    for where, ids in (("people", [p.id for p in world.people]), ("facts", [f.id for f in world.facts])):
        for rid in sorted({i for i in ids if ids.count(i) > 1}):  # world.person() and the facts' checks read one
            _issue(out, "duplicate_id", where, f"id {rid!r} is used more than once")
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
