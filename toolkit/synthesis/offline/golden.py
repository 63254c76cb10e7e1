"""Golden solutions of the offline backend, made from a task's requirements and its world only (never its verifier).

A golden solution has two parts:
- ``patch``: the end state over s0 (whole collections, as the device's merge replaces lists), what a correct
  agent leaves behind, for the verifier probes;
- ``actions``: a GUI action sequence over ``data-gym`` targets, as the bundled tasks' reference solutions:
  it visits the evidence the task needs, then does the operations, then terminates with success.
"""

from __future__ import annotations

import copy
from typing import Any

from toolkit.synthesis.models import (AddItems, Answer, CreateContact, CreateEvent, GoldenSolution, MoveFile, SendEmail,
                                      SendText, SetFlag, TaskRequirements, TickItems, UpdateContact, UpdateEvent, World)
from toolkit.synthesis.offline.world import ACCOUNT
from toolkit.synthesis.timeutil import parse_clock


class _Plan:
    """An action list that remembers how deep each app's screen stack is, so re-entering an app starts at its root."""

    def __init__(self) -> None:
        self.steps: list[dict[str, Any]] = []
        self.depth: dict[str, int] = {}
        self.app: str | None = None

    def open(self, app: str) -> None:
        self.steps.append({"type": "open", "app": app})
        self.steps.extend({"type": "click", "target": "nav-back"} for _ in range(self.depth.get(app, 0)))
        self.depth[app] = 0
        self.app = app

    def tap(self, target: str, push: int = 0) -> None:
        self.steps.append({"type": "click", "target": target})
        self.depth[self.app] += push

    def type(self, target: str, text: str, clear: bool = False, push: int = 0) -> None:
        step = {"type": "type", "target": target, "text": str(text)}
        if clear:
            step["clear"] = True
        self.steps.append(step)
        self.depth[self.app] += push


# ---------------------------------------------------------------------------------------------- navigation


def _searched(plan: _Plan, app: str, target: str, query: str) -> None:
    """Open ``app``, search for ``query`` and tap the result ``target`` (a data-gym id)."""
    plan.open(app)
    plan.tap("btn:search", push=1)
    plan.type("field:search", query, clear=True)
    plan.tap(target, push=1)


def _thread(plan: _Plan, thread: str, name: str) -> None:
    _searched(plan, "messages", f"thread:{thread}", name)


def _email(plan: _Plan, email: str, search: str) -> None:
    _searched(plan, "email", f"email:{email}", search)


def _event(plan: _Plan, event: str, title: str) -> None:
    _searched(plan, "calendar", f"event:{event}", title)


def _contact(plan: _Plan, contact: str, name: str) -> None:
    plan.open("contacts")
    plan.type("field:search", name, clear=True)
    plan.tap(f"contact:{contact}", push=1)


def _note(plan: _Plan, note: str, title: str) -> None:
    plan.open("notes")
    plan.type("field:search", title, clear=True)
    plan.tap(f"note:{note}", push=1)


def _file_search(plan: _Plan, name: str) -> None:
    plan.open("files")
    plan.tap("btn:search", push=1)
    plan.type("field:search", name, clear=True)


def _visit(plan: _Plan, world: World, ev) -> None:
    ref, search = ev.ref, ev.search
    if ref.app == "messages":
        _thread(plan, ref.id, search)
    elif ref.app == "email":
        _email(plan, ref.id, search)
    elif ref.app == "calendar":
        _event(plan, ref.id, search)
    elif ref.app == "contacts":
        _contact(plan, ref.id, search)
    elif ref.app == "notes":
        _note(plan, ref.id, search)
        plan.tap("btn:done", push=-1)
    elif ref.app == "files":
        _file_search(plan, search)
        plan.tap(f"entry:{ref.id}")
        plan.tap("btn:close-sheet")


# ---------------------------------------------------------------------------------------------- operations


def _attendee_picks(plan: _Plan, world: World, ids: list[str]) -> None:
    plan.tap("btn:add-attendee")
    for pid in ids:
        plan.type("field:attendee_search", world.person(pid).name, clear=True)
        plan.tap(f"pick:{pid}")
    plan.tap("btn:done")


def _do(plan: _Plan, world: World, req: TaskRequirements, check) -> None:
    if isinstance(check, CreateEvent):
        plan.open("calendar")
        plan.tap("btn:new", push=1)
        plan.type("field:title", check.title)
        plan.type("field:date", check.date, clear=True)
        plan.type("field:start", check.start, clear=True)
        plan.type("field:end", check.end, clear=True)
        if check.attendees:
            _attendee_picks(plan, world, check.attendees)
        if check.reminder is not None:
            plan.tap(f"reminder:{check.reminder}")
        plan.tap("btn:save")
    elif isinstance(check, UpdateEvent):
        event = _world_event(world, check.event)
        _event(plan, check.event, event["title"])
        fields = dict(check.fields)
        if "date" in fields:
            plan.tap("btn:move")
            plan.type("field:move_date", fields.pop("date"), clear=True)
            plan.tap("btn:confirm-move")
        if fields:
            plan.tap("btn:edit", push=1)
            for key in ("start", "end"):
                if key in fields:
                    plan.type(f"field:{key}", fields[key], clear=True)
            if "attendees" in fields:
                _attendee_picks(plan, world, [a for a in fields["attendees"] if a not in event["attendees"]])
            if "reminder" in fields:
                plan.tap(f"reminder:{fields['reminder']}")
            plan.tap("btn:save", push=-1)
    elif isinstance(check, CreateContact):
        plan.open("contacts")
        plan.tap("btn:new", push=1)
        plan.type("field:name", check.name)
        if check.phone:
            plan.type("field:phone", check.phone)
        if check.email:
            plan.type("field:email", check.email)
        plan.tap("btn:save")
    elif isinstance(check, UpdateContact):
        _contact(plan, check.contact, world.person(check.contact).name)
        plan.tap("btn:edit", push=1)
        for key, value in check.fields.items():
            plan.type(f"field:{key}", value, clear=True)
        plan.tap("btn:save", push=-1)
    elif isinstance(check, SendText):
        person = world.person(check.contact)
        if check.thread:
            _thread(plan, check.thread, person.name)
        else:
            plan.open("messages")
            plan.tap("btn:new", push=1)
            plan.type("field:recipient", person.name)
            plan.tap(f"recipient:{person.id}")
        plan.type("field:compose", check.text)
        plan.tap("btn:send")
    elif isinstance(check, SendEmail):
        if check.reply_to:
            _email(plan, check.reply_to, _world_email(world, check.reply_to)["subject"])
            plan.tap("btn:reply", push=1)
        else:
            plan.open("email")
            plan.tap("btn:compose", push=1)
            plan.type("field:to", ", ".join(check.to))
            if check.subject:
                plan.type("field:subject", check.subject)
        plan.type("field:body", check.body)
        plan.tap("btn:send", push=-1)
    elif isinstance(check, TickItems):
        _note(plan, check.note, _world_note(world, check.note)["title"])
        for item in check.items:
            plan.tap(f"item:{item}")
        plan.tap("btn:done", push=-1)
    elif isinstance(check, AddItems):
        _note(plan, check.note, _world_note(world, check.note)["title"])
        for text in check.texts:
            plan.type("field:new_item", text)
            plan.tap("btn:add-item")
        plan.tap("btn:done", push=-1)
    elif isinstance(check, MoveFile):
        entry = _world_entry(world, check.file)
        _file_search(plan, entry["name"])
        plan.tap(f"more:{check.file}")
        plan.tap("act:move", push=1)
        plan.tap("pick-crumb:root")
        plan.tap(f"dest:{check.folder}")
        plan.tap("btn:pick-here", push=-1)
    elif isinstance(check, SetFlag) and check.app == "messages":
        _thread(plan, check.id, world.person(_world_thread(world, check.id)["contact_id"]).name)
        plan.tap("btn:menu")
        plan.tap({"pinned": "btn:pin", "muted": "btn:mute"}[check.flag])
    elif isinstance(check, SetFlag) and check.app == "contacts":
        _contact(plan, check.id, world.person(check.id).name)
        plan.tap("btn:favorite")
    elif isinstance(check, Answer):
        plan.open("answersheet")
        plan.type(f"field:{check.field}", check.accept[0])
        plan.tap("btn:submit")
    else:  # pragma: no cover - the Check union is closed
        raise ValueError(f"task {req.id}: no golden recipe for check kind {check.kind!r}")


def _world_event(world: World, eid: str) -> dict:
    return next(e for e in world.records["calendar"]["events"] if e["id"] == eid)


def _world_thread(world: World, tid: str) -> dict:
    return next(t for t in world.records["messages"]["threads"] if t["id"] == tid)


def _world_email(world: World, eid: str) -> dict:
    return next(e for e in world.records["email"]["emails"] if e["id"] == eid)


def _world_note(world: World, nid: str) -> dict:
    return next(n for n in world.records["notes"]["notes"] if n["id"] == nid)


def _world_entry(world: World, fid: str) -> dict:
    return next(e for e in world.records["files"]["entries"] if e["id"] == fid)


# ---------------------------------------------------------------------------------------------- end state


def _end_state(world: World, req: TaskRequirements) -> dict[str, Any]:
    """Return the patch of the state a correct agent leaves: each check applied to the world's collections."""
    data: dict[str, dict[str, Any]] = {}
    now = int(parse_clock(world.clock).timestamp() * 1000)

    def col(app: str, name: str) -> list:
        if name not in data.setdefault(app, {}):
            data[app][name] = copy.deepcopy(world.records[app][name])
        return data[app][name]

    def find(items: list, rid: str) -> dict:
        return next(i for i in items if i.get("id") == rid)

    for k, check in enumerate(req.checks):
        if isinstance(check, CreateEvent):
            col("calendar", "events").append({
                "id": f"ev9{k}", "title": check.title, "date": check.date, "start": check.start, "end": check.end,
                "location": "", "attendees": list(check.attendees), "notes": "",
                "reminder": 30 if check.reminder is None else check.reminder})
        elif isinstance(check, UpdateEvent):
            find(col("calendar", "events"), check.event).update(copy.deepcopy(check.fields))
        elif isinstance(check, CreateContact):
            col("contacts", "contacts").append({"id": f"cn9{k}", "name": check.name, "phone": check.phone,
                                                 "email": check.email, "company": "", "favorite": False, "notes": "",
                                                 "birthday": ""})
        elif isinstance(check, UpdateContact):
            find(col("contacts", "contacts"), check.contact).update(check.fields)
        elif isinstance(check, SendText):
            threads = col("messages", "threads")
            message = {"id": f"m9{k}", "from": "me", "text": check.text, "time": now}
            if check.thread:
                thread = find(threads, check.thread)
                thread["messages"].append(message)
                thread["unread"] = 0
            else:
                threads.append({"id": f"t9{k}", "contact_id": check.contact, "number": world.person(check.contact).phone,
                                "messages": [message], "unread": 0, "pinned": False, "muted": False, "archived": False})
        elif isinstance(check, SendEmail):
            original = _world_email(world, check.reply_to) if check.reply_to else None
            subject = check.subject or (f"Re: {original['subject']}" if original else "")
            col("email", "emails").append({
                "id": f"m9{k}", "own": True, "folder": "sent", "time": now, "read": True, "starred": False, "labels": [],
                "from": dict(ACCOUNT), "to": list(check.to), "cc": [], "subject": subject, "body": check.body,
                "attachments": [], "in_reply_to": check.reply_to, "forward_of": None})
        elif isinstance(check, TickItems):
            note = find(col("notes", "notes"), check.note)
            for item in note["items"]:
                if item["id"] in check.items:
                    item["done"] = True
            note["updated"] = now
        elif isinstance(check, AddItems):
            note = find(col("notes", "notes"), check.note)
            note["items"].extend({"id": f"it9{k}{j}", "text": t, "done": False} for j, t in enumerate(check.texts))
            note["updated"] = now
        elif isinstance(check, MoveFile):
            find(col("files", "entries"), check.file)["parent"] = check.folder
        elif isinstance(check, SetFlag):
            find(col(check.app, check.collection), check.id)[check.flag] = check.value
        elif isinstance(check, Answer):
            sheet = data.setdefault("answersheet", {})
            sheet.setdefault("values", {})[check.field] = check.accept[0]
            sheet.update(submitted=True, submissions=1)
    return {"apps": {app: {"data": cols} for app, cols in data.items()}}


def offline_golden(req: TaskRequirements, world: World) -> GoldenSolution:
    """Return the golden solution of ``req`` in ``world``: end-state patch and GUI action sequence."""
    plan = _plan(req, world)
    return GoldenSolution(task_id=req.id, patch=_end_state(world, req), actions=plan)


def _plan(req: TaskRequirements, world: World) -> list[dict[str, Any]]:
    plan = _Plan()
    operated = {type(c).__name__ for c in req.checks}
    for ev in req.evidence:
        # An evidence record that the operation itself opens (the email a reply answers) is not visited twice.
        if ev.ref.app == "email" and any(isinstance(c, SendEmail) and c.reply_to == ev.ref.id for c in req.checks):
            continue
        if ev.ref.app == "calendar" and "UpdateEvent" in operated:
            continue
        _visit(plan, world, ev)
    for check in req.checks:
        _do(plan, world, req, check)
    plan.steps.append({"type": "terminate", "status": "success"})
    return plan.steps
