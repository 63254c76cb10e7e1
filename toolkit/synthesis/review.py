"""The review step: drop near-duplicates, ambiguous and ungrounded task requirements, saying why.

- near-duplicate: the same template and key facts as a kept task, or the same normalized instruction;
- ambiguous: a person, event or note the instruction names matches more than one record of the world
  (a first name used alone counts when two people share it), or evidence the task relies on is missing;
- ungrounded: an expected value that appears nowhere in the world (derived values: their parts must), or a check
  naming a record the world lacks (an event, contact, thread, email, note, checklist item, file or folder), an
  answer field the task's AnswerSheet lacks or a criterion the task lacks, or an app the world does not span;
- a task id used twice, or whose verifier file name collides with a kept task's (``a-b``, ``a_b`` and ``a.b`` all
  write ``verifiers/a_b.py``, so one task would run the other's verifier).
"""

from __future__ import annotations

import json
import re
from typing import Any

from toolkit.synthesis.models import Ref, Rejection, TaskRequirements, World
from toolkit.synthesis.world_check import _mentions
from toolkit.synthesis.writer import function_name


def normalize(text: str) -> str:
    """Return an instruction reduced to lower-case words (quotes, punctuation and spacing ignored)."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _scalars(value: Any):
    if isinstance(value, dict):
        for v in value.values():
            yield from _scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from _scalars(v)
    elif value is not None and not isinstance(value, bool):
        yield value


def ungrounded(req: TaskRequirements, world: World) -> list[str]:
    """Return the expected values of ``req`` that the world does not contain (``parts`` stand for derived values)."""
    text = json.dumps(world.records, ensure_ascii=False) + json.dumps([p.model_dump() for p in world.people])
    expected = dict(req.expected)
    if "parts" in expected:  # a derived value (a sum): its parts must be in the world
        expected = {k: v for k, v in expected.items() if not isinstance(v, (int, float)) or k == "parts"}
    return [str(v) for v in _scalars(expected) if not _mentions(text, _as_text(v))]


def _as_text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


#: The collection each record-naming field of a check refers to: check kind -> [(field, app, collection)].
_CHECK_REFS = {"update_event": [("event", "calendar", "events")], "create_event": [("attendees", "contacts", "contacts")],
               "update_contact": [("contact", "contacts", "contacts")],
               "send_text": [("contact", "contacts", "contacts"), ("thread", "messages", "threads")],
               "send_email": [("reply_to", "email", "emails")], "tick_items": [("note", "notes", "notes")],
               "add_items": [("note", "notes", "notes")], "move_file": [("file", "files", "entries")]}


#: The app each check kind operates in (set_flag names its own).
_CHECK_APP = {"create_event": "calendar", "update_event": "calendar", "create_contact": "contacts",
              "update_contact": "contacts", "send_text": "messages", "send_email": "email", "tick_items": "notes",
              "add_items": "notes", "move_file": "files", "answer": "answersheet"}


def _plain_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def dangling(req: TaskRequirements, world: World) -> list[str]:
    """Return a line per app the task needs that the world does not span, and per criterion, record or answer field a
    check of ``req`` names that does not exist (``checks[i].field``)."""
    out = []

    def need(where: str, app: str, col: str, rid: Any) -> dict | None:
        rec = world.record(Ref(app=app, collection=col, id=str(rid)))
        if rec is None:
            out.append(f"{where} names {app}.{col}[{rid}], which is not in the world")
        return rec

    # apps the world does not span hold none of its records: the task would start from another device than the world
    spans = {*world.apps, *world.records, "answersheet"}
    needed = [*req.apps, *(getattr(c, "app", None) if c.kind == "set_flag" else _CHECK_APP[c.kind] for c in req.checks)]
    out += [f"the task needs app {app!r}, which world {world.id} does not span ({', '.join(sorted(spans - {'answersheet'}))})"
            for app in dict.fromkeys(needed) if app not in spans]
    sheet = {f.name for f in req.answer_sheet}
    criteria = [c.id for c in req.criteria]
    for i, c in enumerate(req.checks):
        at = f"checks[{i}] ({c.kind})"
        if c.criterion not in criteria:  # the verifier would answer a key the task lacks: an error on every state
            out.append(f"{at}.criterion names criterion {c.criterion!r}, which the task's criteria lack "
                       f"({', '.join(criteria)})")
        for field, app, col in _CHECK_REFS.get(c.kind, []):
            value = getattr(c, field)
            for rid in (value if isinstance(value, list) else [] if value is None else [value]):
                need(f"{at}.{field}", app, col, rid)
        if c.kind == "update_event" and isinstance(c.fields.get("attendees"), list):
            for rid in c.fields["attendees"]:
                need(f"{at}.fields.attendees", "contacts", "contacts", rid)
        elif c.kind == "tick_items":
            note = world.record(Ref(app="notes", collection="notes", id=c.note)) or {}
            items = {it.get("id") for it in note.get("items") or [] if isinstance(it, dict)}
            out += [f"{at}.items names item {it!r}, which note {c.note} does not have" for it in c.items
                    if note and it not in items]
        elif c.kind == "move_file":
            folder = c.folder == "root" or need(f"{at}.folder", "files", "entries", c.folder)
            if isinstance(folder, dict) and not folder.get("folder"):
                out.append(f"{at}.folder names files.entries[{c.folder}], which is a file, not a folder")
        elif c.kind == "set_flag" and (c.app, c.collection) not in (("messages", "threads"), ("contacts", "contacts")):
            out.append(f"{at} names {c.app}.{c.collection}, which holds no {c.flag} flag")
        elif c.kind == "set_flag":
            need(f"{at}.id", c.app, c.collection, c.id)
        elif c.kind == "answer" and c.field not in sheet:
            out.append(f"{at}.field names answer field {c.field!r}, which the task's answer_sheet lacks "
                       f"({', '.join(sorted(sheet)) or 'no field'})")
        if c.kind == "answer" and c.type == "number":  # the verifier compares float(accepted): '$12.50' raises there
            out += [f"{at}.accept: {a!r} is not a plain number (the answer's type is number)" for a in c.accept
                    if not _plain_number(a)]
    return out


def ambiguities(req: TaskRequirements, world: World) -> list[str]:
    """Return why the instruction of ``req`` could name more than one record (empty when it is unambiguous)."""
    out = []
    text = req.instruction
    names = [p.name for p in world.people]
    firsts = [p.first for p in world.people]
    for p in world.people:
        if p.name in text and names.count(p.name) > 1:
            out.append(f"{p.name!r} names {names.count(p.name)} people")
        elif p.name not in text and re.search(rf"\b{re.escape(p.first)}\b", text) and firsts.count(p.first) > 1:
            out.append(f"first name {p.first!r} is shared by {firsts.count(p.first)} people")
    events = [e["title"] for e in world.records.get("calendar", {}).get("events", [])]
    for title in set(events):
        if re.search(rf"\b{re.escape(title)}\b", text) and events.count(title) > 1:
            out.append(f"event title {title!r} matches {events.count(title)} events")
    notes = [n["title"] for n in world.records.get("notes", {}).get("notes", [])]
    for title in set(notes):
        if f'"{title}"' in text and notes.count(title) > 1:
            out.append(f"note title {title!r} matches {notes.count(title)} notes")
    for ev in req.evidence:
        if world.record(ev.ref) is None:
            out.append(f"evidence {ev.ref.app}.{ev.ref.collection}[{ev.ref.id}] is not in the world")
    return out


def review(reqs: list[TaskRequirements], world: World,
           seen: dict[str, str] | None = None) -> tuple[list[TaskRequirements], list[Rejection]]:
    """Return (kept, rejected): near-duplicates, ambiguous and ungrounded requirements are dropped with reasons.

    ``seen`` maps normalized instructions already used (by other worlds' selected tasks) to their full task ids; it is
    only read: the caller adds the tasks it selects (:func:`~toolkit.synthesis.synthesize.synthesize_tasks`), so a
    requirement kept here but never selected blocks no later world's same instruction.
    """
    kept: list[TaskRequirements] = []
    rejected: list[Rejection] = []
    seen_keys: dict[str, str] = {}
    seen_text: dict[str, str] = dict(seen or {})  # a copy: this world's kept requirements are not all selected
    ids: set[str] = set()
    stems: dict[str, str] = {}  # verifier file stem -> the kept task id that writes it
    for req in reqs:
        reasons = []
        key = json.dumps([req.template, sorted(req.key_facts)])
        text = normalize(req.instruction)
        if key in seen_keys:
            reasons.append(f"near-duplicate of {seen_keys[key]} (same template and key facts)")
        if text in seen_text:
            reasons.append(f"same instruction as {seen_text[text]}")
        if req.id in ids:
            reasons.append(f"task id {req.id} is already used")
        elif function_name(req.id) in stems:
            reasons.append(f"verifier file verifiers/{function_name(req.id)}.py is already that of task "
                           f"{stems[function_name(req.id)]}")
        reasons += [f"ambiguous: {a}" for a in ambiguities(req, world)]
        reasons += [f"ungrounded: expected value {v!r} is not in the world" for v in ungrounded(req, world)]
        reasons += [f"ungrounded: {d}" for d in dangling(req, world)]
        if reasons:
            rejected.append(Rejection(task_id=req.full_id, stage="review", reasons=reasons))
            continue
        kept.append(req)
        seen_keys[key] = seen_text[text] = req.full_id
        ids.add(req.id)
        stems[function_name(req.id)] = req.id
    return kept, rejected
