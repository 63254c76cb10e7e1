"""Verifiers of the offline backend, written from a task's requirements only (never its golden solution).

The generated file imports its checks from the module ``verifier_checks`` (toolkit/tasks/verifier_checks/,
which the verifier worker provides and the audit allows), holds the task's expected values as literals, and
defines ``verify(ctx) -> {criterion id: bool}``. Every check of the
requirements decides its criterion; ``others_intact`` compares s0 with the final state, allowing only what the
checks may change (plus read/unread flags, which reading the evidence flips).
"""

from __future__ import annotations

import pprint

from toolkit.synthesis.models import TaskRequirements, VerifierCode



def _allowances(req: TaskRequirements) -> dict:
    """Return what the checks may change, per app, in the ``intact`` helper's terms."""
    allow: dict[str, dict] = {}

    def rule(app: str) -> dict:
        return allow.setdefault(app, {"new": {}, "fields": {}, "append": {}})

    for c in req.checks:
        if c.kind == "create_event":
            rule("calendar")["new"]["events"] = rule("calendar")["new"].get("events", 0) + 1
        elif c.kind == "update_event":
            rule("calendar")["fields"].setdefault(c.event, []).extend(c.fields)
        elif c.kind == "create_contact":
            rule("contacts")["new"]["contacts"] = rule("contacts")["new"].get("contacts", 0) + 1
        elif c.kind == "update_contact":
            rule("contacts")["fields"].setdefault(c.contact, []).extend(c.fields)
        elif c.kind == "send_text":
            if c.thread:
                rule("messages")["append"].setdefault(c.thread, []).append("messages")
            else:
                rule("messages")["new"]["threads"] = 1
        elif c.kind == "send_email":
            rule("email")["new"]["emails"] = rule("email")["new"].get("emails", 0) + 1
        elif c.kind in ("tick_items", "add_items"):
            rule("notes")["fields"].setdefault(c.note, []).extend(["items", "updated"])
        elif c.kind == "move_file":
            rule("files")["fields"].setdefault(c.file, []).extend(["parent", "modified"])
        elif c.kind == "set_flag":
            rule(c.app)["fields"].setdefault(c.id, []).append(c.flag)
    return allow


def _call(check) -> str:
    k = check.kind
    if k == "create_event":
        want = {"title": check.title, "date": check.date, "start": check.start, "end": check.end,
                "attendees": check.attendees}
        if check.reminder is not None:
            want["reminder"] = check.reminder
        return f"create_event(ctx, {want!r})"
    if k == "update_event":
        return f"update_record(ctx, 'calendar', 'events', {check.event!r}, {check.fields!r})"
    if k == "create_contact":
        return f"create_contact(ctx, {{'name': {check.name!r}, 'phone': {check.phone!r}, 'email': {check.email!r}}})"
    if k == "update_contact":
        return f"update_record(ctx, 'contacts', 'contacts', {check.contact!r}, {check.fields!r})"
    if k == "send_text":
        return f"send_text(ctx, {check.contact!r}, {check.thread!r}, {check.contains!r})"
    if k == "send_email":
        return f"send_email(ctx, {check.to!r}, {check.subject!r}, {check.contains!r}, {check.reply_to!r})"
    if k == "tick_items":
        return f"tick_items(ctx, {check.note!r}, {check.items!r})"
    if k == "add_items":
        return f"add_items(ctx, {check.note!r}, {check.texts!r})"
    if k == "move_file":
        return f"move_file(ctx, {check.file!r}, {check.folder!r})"
    if k == "set_flag":
        return f"update_record(ctx, {check.app!r}, {check.collection!r}, {check.id!r}, {{{check.flag!r}: {check.value!r}}})"
    if k == "answer":
        return f"answer(ctx, {check.field!r}, {check.type!r}, {check.accept!r})"
    raise ValueError(f"no verifier for check kind {k!r}")


def offline_verifier(req: TaskRequirements) -> VerifierCode:
    """Return the verifier source of ``req`` (function ``verify``), from its criteria and checks alone."""
    decided = {c.criterion for c in req.checks}
    missing = [c.id for c in req.criteria if c.id not in decided and c.id != "others_intact"]
    if missing:
        raise ValueError(f"task {req.id}: criteria {missing} are decided by no check")
    apps = sorted({a for a in req.unchanged if a != "answersheet"})
    allow = pprint.pformat(_allowances(req), width=110, compact=True)
    calls: dict[str, list[str]] = {}  # a criterion several checks decide needs all of them (one dict key each)
    for check in req.checks:
        calls.setdefault(check.criterion, []).append(_call(check))
    if any(c.id == "others_intact" for c in req.criteria):
        calls.setdefault("others_intact", []).append("intact(ctx, APPS, ALLOW)")
    used = sorted({call.split("(", 1)[0] for group in calls.values() for call in group})
    lines = [f'"""Verifier of the synthesized task {req.id} (world {req.world}); generated from its requirements."""',
             "", f"from verifier_checks import {', '.join(used)}", "", f"APPS = {apps!r}", f"ALLOW = {allow}", "", "",
             "def verify(ctx):", '    """Return one boolean per criterion of the task."""', "    return {"]
    lines += [f"        {criterion!r}: {' and '.join(group)}," for criterion, group in calls.items()]
    lines.append("    }")
    return VerifierCode(task_id=req.id, function="verify", source="\n".join(lines) + "\n")
