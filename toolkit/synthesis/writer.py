"""Write synthesized tasks as an ordinary task-bank suite: ``<out>/<world>/tasks.yaml`` + ``verifiers/*.py``.

The YAML's ``defaults.setup`` is the world's initial-state patch, so every task of the world starts from the
same device; each task has no sampled parameters (its facts are baked into the instruction), its reference
is the golden action sequence, and its verifier is the generated file. ``world.json`` and
``requirements.jsonl`` sit beside them (the loader reads only YAML).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml

from toolkit.paths import TASK_BANK
from toolkit.synthesis.models import Rejection, SynthTask, TaskRequirements, World

#: Paths every synthesized task may change: reading an email or a conversation marks it read.
READ_FLAGS = ["apps.email.data.emails[id=*].read", "apps.messages.data.threads[id=*].unread"]


def expected_changes(req: TaskRequirements) -> list[str]:
    """Return the state paths ``req`` may change (globs; ``[new]`` is a record the task creates), from its checks.

    Records a task creates are ``[new]``, never an id prefix such as ``[id=t*]``: a world's own ids may share the
    prefix (``t01``), and the glob would then let the task change or delete those records unnoticed.
    """
    paths = list(READ_FLAGS)
    for c in req.checks:
        if c.kind == "create_event":
            paths.append("apps.calendar.data.events[new]")
        elif c.kind == "update_event":
            paths += [f"apps.calendar.data.events[id={c.event}].{k}" for k in c.fields]
        elif c.kind == "create_contact":
            paths.append("apps.contacts.data.contacts[new]")
        elif c.kind == "update_contact":
            paths += [f"apps.contacts.data.contacts[id={c.contact}].{k}" for k in c.fields]
        elif c.kind == "send_text":
            paths.append(f"apps.messages.data.threads[id={c.thread}].messages[new]" if c.thread
                         else "apps.messages.data.threads[new]")
        elif c.kind == "send_email":
            paths.append("apps.email.data.emails[new]")
        elif c.kind == "tick_items":
            paths += [f"apps.notes.data.notes[id={c.note}].items[id={i}].done" for i in c.items]
            paths.append(f"apps.notes.data.notes[id={c.note}].updated")
        elif c.kind == "add_items":
            paths += [f"apps.notes.data.notes[id={c.note}].items[new]", f"apps.notes.data.notes[id={c.note}].updated"]
        elif c.kind == "move_file":
            paths += [f"apps.files.data.entries[id={c.file}].parent", f"apps.files.data.entries[id={c.file}].modified"]
        elif c.kind == "set_flag":
            paths.append(f"apps.{c.app}.data.{c.collection}[id={c.id}].{c.flag}")
        elif c.kind == "answer":
            paths.append("apps.answersheet.data.*")
    return list(dict.fromkeys(paths))


def function_name(task_id: str) -> str:
    """Return the verifier file stem of a task id (``a-b.c`` → ``a_b_c``)."""
    return "".join(ch if ch.isalnum() else "_" for ch in task_id)


def task_entry(task: SynthTask) -> dict[str, Any]:
    """Return the YAML mapping of one task (the fields of :class:`toolkit.tasks.TaskSpec`)."""
    req = task.requirements
    entry: dict[str, Any] = {
        "id": req.id,
        "apps": list(req.apps),
        "instruction": req.instruction,
        "criteria": [c.model_dump() for c in req.criteria],
        "verifier": f"verifiers/{function_name(req.id)}.py:{task.verifier.function}",
        "expected_changes": expected_changes(req),
        "reference": task.golden.actions,
        "max_steps": task.max_steps,
        "difficulty": req.difficulty,
        "tags": list(req.tags),
        "objective": req.objective,
        "composition": req.composition,
        "split": req.split,
    }
    if req.answer_sheet:
        entry["answer_sheet"] = [f.model_dump() for f in req.answer_sheet]
    return entry


class OutFolderError(ValueError):
    """A world's suite would replace something that is not a synthesized world (a file, or a folder of other files)."""


def check_replaceable(folder: Path) -> None:
    """Return when a world's suite may be written to ``folder``: it does not exist, is empty, or is a synthesized world
    (holds world.json), which a new write replaces whole.

    Raises:
        OutFolderError: when ``folder`` is a file, or a folder holding other files (replacing it would delete them).
    """
    folder = Path(folder)
    if not folder.exists() and not folder.is_symlink():
        return
    if not folder.is_dir():
        raise OutFolderError(f"{folder} is a file, not a synthesized world folder; writing world {folder.name} would "
                             "replace it: move it away or write elsewhere")
    if any(folder.iterdir()) and not (folder / "world.json").is_file():
        raise OutFolderError(f"{folder} holds files but no world.json, so it is not a synthesized world; writing world "
                             f"{folder.name} would delete them: move them away or write elsewhere")


def check_out_root(out: Path, bank: Path = TASK_BANK) -> None:
    """Return when worlds may be written under ``out``: neither it nor a folder above it is a synthesized world or,
    in the task bank ``bank``, the folder of a suite (one holding task files itself).

    Raises:
        OutFolderError: naming the world or suite folder: a suite loads every tasks.yaml below it, so a world written
            inside another would add its tasks to that world's suite (whose ids then clash, and it no longer loads),
            and one written inside a suite's folder (task_bank/mobile) would silently join that suite.
    """
    out, bank = Path(out).absolute(), Path(bank).absolute()
    for folder in (out, *out.parents):
        inside = "is" if folder == out else f"is inside {folder}, which is"
        if (folder / "world.json").is_file():
            raise OutFolderError(f"{out} {inside} a synthesized world folder; a world written there would become part "
                                 f"of that world's suite: write to the folder holding the worlds ({folder.parent})")
        if bank in folder.parents and any(p.is_file() and not p.name.startswith(".") for p in folder.glob("*.yaml")):
            raise OutFolderError(f"{out} {inside} the folder of suite {folder.relative_to(bank).as_posix()!r} (it holds "
                                 "task files, and a suite loads every tasks.yaml below them): the worlds' tasks would "
                                 f"join that suite; write to a folder of their own, e.g. {bank / 'synth'}")


def write_world_suite(world: World, tasks: list[SynthTask], folder: Path, rejections: list[Rejection] | None = None,
                      file_name: str = "tasks.yaml") -> Path:
    """Write ``world``'s tasks into ``folder`` (replacing what was there); return the YAML path.

    The suite is written whole into a hidden sibling folder first and then takes ``folder``'s place, so a failure
    while writing leaves the earlier suite as it was, never half of each.

    Raises:
        ValueError: when two tasks' verifiers would be written to the same file (review drops such tasks).
        OutFolderError: (a ValueError) when ``folder`` is a file or a folder that is not a synthesized world
            (:func:`check_replaceable`); nothing is written then.
    """
    check_replaceable(folder)
    stems: dict[str, str] = {}
    for t in tasks:
        other = stems.setdefault(function_name(t.requirements.id), t.requirements.id)
        if other != t.requirements.id:
            raise ValueError(f"tasks {other} and {t.requirements.id} would both write verifiers/"
                             f"{function_name(other)}.py")
    final = Path(folder)
    folder = final.with_name(f".{final.name}.writing")
    _remove(folder)  # left by a write that was interrupted
    (folder / "verifiers").mkdir(parents=True)
    doc = {"defaults": {"device": world.device, "setup": world.patch(), "start_app": None, "high_risk": False},
           "tasks": [task_entry(t) for t in tasks]}
    path = folder / file_name
    # one comment line each: a line break in a backend's title or summary would put the rest of it into the YAML
    title, persona, backend = (" ".join(str(x).split()) for x in (world.scenario.title, world.persona.summary
                                                                   or world.persona.name, world.backend))
    header = (f"# Synthesized tasks of world {world.id} ({title}; persona: {persona}).\n"
              f"# Generated by toolkit.synthesis ({backend} backend) and accepted by execution; do not edit by hand.\n")
    path.write_text(header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=140))
    for t in tasks:
        (folder / "verifiers" / f"{function_name(t.requirements.id)}.py").write_text(t.verifier.source)
    (folder / "world.json").write_text(world.model_dump_json(indent=1))
    with (folder / "requirements.jsonl").open("w") as f:
        for t in tasks:
            f.write(t.requirements.model_dump_json() + "\n")
    if rejections is not None:
        with (folder / "rejections.jsonl").open("w") as f:
            for r in rejections:
                f.write(r.model_dump_json() + "\n")
    _swap(folder, final)
    return final / file_name


def _swap(new: Path, final: Path) -> None:
    """Put the written folder ``new`` in ``final``'s place (the old one is moved aside, then deleted)."""
    old = final.with_name(f".{final.name}.old")
    _remove(old)
    if final.exists() or final.is_symlink():
        final.rename(old)
    new.rename(final)
    _remove(old)


def _remove(path: Path) -> None:
    """Delete ``path`` if it is there: a folder with its contents, a file or a link (a link's target is kept)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def read_world(folder: Path) -> World:
    """Return the world saved beside a synthesized suite."""
    path = Path(folder) / "world.json"
    if not path.is_file():
        raise FileNotFoundError(f"no world.json in {folder} (not a synthesized world folder)")
    return World.model_validate(json.loads(path.read_text()))


def world_mismatches(tasks_file: Path, world: World) -> list[str]:
    """Return one line per place where the synthesized suite ``tasks_file`` starts its tasks from another device than
    ``world`` (the world.json beside it) describes: its ``defaults.setup`` (or a task's own ``setup``) is not the world's
    patch, or its ``device`` not the world's. Each line names the file, the field and the first difference; [] when
    they agree. The file must already load (:func:`toolkit.tasks.loader.load_file`)."""
    from toolkit.strict_yaml import load_strict

    tasks_file = Path(tasks_file)
    doc = load_strict(tasks_file.read_text(encoding="utf-8"))
    source = tasks_file.with_name("world.json")
    entries = [("defaults", doc.get("defaults") or {}, True)]
    entries += [(f"tasks[{i}] ({t.get('id')})", t, False) for i, t in enumerate(doc["tasks"])]
    out = []
    for label, entry, is_default in entries:
        # a task without its own setup/device takes the defaults' (checked once, as 'defaults')
        if is_default or "setup" in entry:
            setup = entry.get("setup") or {}
            where = _first_difference(setup, world.patch())
            if where is not None:
                out.append(f"{tasks_file}: field '{label}.setup' differs from {source} (the world's records) {where}; "
                           "the tasks would start from another device than the world that was checked: write the "
                           "world's tasks again with `guigym synth tasks`")
        if is_default or "device" in entry:
            device = entry.get("device", "phone")
            if device != world.device:
                out.append(f"{tasks_file}: field '{label}.device' is {device!r}, but {source} says {world.device!r}")
    return out


def _first_difference(have: Any, want: Any, where: str = "") -> str | None:
    """Return "at <path>: ..." for the first place ``have`` (the suite's) differs from ``want`` (the world's); None when
    they are equal."""
    if have == want:
        return None
    if isinstance(have, dict) and isinstance(want, dict):
        for key in sorted(set(have) | set(want), key=str):
            path = f"{where}.{key}" if where else str(key)
            if key not in have:
                return f"at {path}: missing in the suite"
            if key not in want:
                return f"at {path}: not in the world"
            found = _first_difference(have[key], want[key], path)
            if found:
                return found
    if isinstance(have, list) and isinstance(want, list):
        for i, (a, b) in enumerate(zip(have, want)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return f"at {where or '(top)'}: {len(have)} item(s) in the suite, {len(want)} in the world"
    return f"at {where or '(top)'}: the suite has {_short(have)}, the world {_short(want)}"


def _short(value: Any) -> str:
    """Return ``value`` as JSON, cut to 60 characters."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."
