"""Tasks and synthesis: list, show and validate tasks; build worlds, synthesize and audit (background jobs), re-validate."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit import bounds
from toolkit.api.jobs import start_job
from toolkit.api.models import JobInfo, SuiteInfo, TaskDetail, TaskInfo, TaskPage, ValidationInfo, arg_error, paged
from toolkit.sync import run_in_background
from toolkit.tasks import SpecError, find_task, list_suites as _list_suites, load_tasks, sample
from toolkit.tasks.loader import known_suites

if TYPE_CHECKING:  # synthesis loads on first use
    from toolkit.synthesis import World
    from toolkit.synthesis.pipeline import WorldValidation


def list_suites() -> list[SuiteInfo]:
    """Return every suite name the toolkit takes (what ``--suite`` accepts): the bundled suites, the synthesized ones
    (each ``synth/<world>``, and ``synth`` for all of them) and the external benchmarks (``miniwob``, ``osworld``),
    with their sizes. One that cannot load here (osworld without ``GUIGYM_OSWORLD_TASKS``) has ``tasks`` None and a
    ``note`` saying why."""
    folders = set(known_suites()) - set(_list_suites(include_code=True))  # synth: its synth/<world> suites together
    out = []
    for name in known_suites():
        note = f"all {name}/<world> suites together" if name in folders else None
        try:
            out.append(SuiteInfo(name=name, tasks=len(load_tasks([name])), note=note))
        except SpecError as exc:
            out.append(SuiteInfo(name=name, tasks=None, note=str(exc)))
    return out


#: list_tasks's page size when none is given, and the largest page it serves.
TASK_PAGE_DEFAULT: int = 50
TASK_PAGE_MAX: int = 500


def list_tasks(suite: str | None = None, *, app: str | None = None, tag: str | None = None,
               query: str | None = None) -> list[TaskInfo]:
    """Return the tasks of a suite (when None, of every suite that loads here: :func:`list_suites` says which do not),
    every one of them: :func:`task_page` pages them.

    ``app``: only the tasks that use that app; ``tag``: only those with that capability tag (both case-insensitive,
    and refused naming the argument when no task of the suite(s) has it); ``query``: only those whose id or instruction
    contains it (case-insensitive).
    """
    if suite is not None and not str(suite).strip():  # "" listed every suite, as if suite had been left out
        raise arg_error("suite", f"a blank name names no suite; leave suite out for every suite (known: "
                                 f"{', '.join(known_suites())})")
    if suite:
        try:
            specs = load_tasks([suite])
        except SpecError as exc:
            raise arg_error("suite", str(exc)) from None
    else:  # every suite that loads here, the external benchmarks too (osworld needs its task folder: left out)
        specs = []
        for name in _list_suites(include_code=True):
            try:
                specs += load_tasks([name])
            except SpecError:
                continue
    where = f"suite {suite!r}" if suite else "any suite"
    if app is not None:
        wanted = _known("app", app, {a for s in specs for a in s.apps}, where)
        specs = [s for s in specs if wanted in {a.casefold() for a in s.apps}]
    if tag is not None:
        wanted = _known("tag", tag, {t for s in specs for t in s.tags}, where)
        specs = [s for s in specs if wanted in {t.casefold() for t in s.tags}]
    if query is not None:
        needle = query.casefold()
        specs = [s for s in specs if needle in s.full_id.casefold() or needle in s.instruction.casefold()]
    return [TaskInfo(id=s.full_id, suite=s.suite, apps=s.apps, difficulty=s.difficulty, tags=s.tags, split=s.split,
                     objective=s.objective, high_risk=s.high_risk) for s in specs]


def _known(name: str, value: str, known: set[str], where: str) -> str:
    """Return ``value`` case-folded; a ValueError naming ``name`` when none of ``known`` is it (a misspelt app or tag
    would otherwise read as "no such task")."""
    if value.casefold() not in {k.casefold() for k in known}:
        raise arg_error(name, f"no task of {where} has {name} {value!r}; known: {', '.join(sorted(known)) or 'none'}")
    return value.casefold()


def task_page(suite: str | None = None, app: str | None = None, tag: str | None = None, query: str | None = None,
              offset: int = 0, limit: int = TASK_PAGE_DEFAULT) -> TaskPage:
    """Return one page of :func:`list_tasks` (same filters): ``limit`` tasks from ``offset``, the number matched
    (``total``) and the offset of the next page (``next_offset``, None on the last page)."""
    tasks, fields = paged(lambda: list_tasks(suite, app=app, tag=tag, query=query), offset, limit, TASK_PAGE_MAX,
                          lambda n: f"{n} task(s) match")
    return TaskPage(tasks=tasks, **fields)


def spec_of(task_id: str):
    """Return the spec of ``task_id``: ``<suite>/<id>``, or a bare ``<id>`` that one suite alone holds (as
    ``make_env("contacts.edit_phone")`` takes one). ValueError naming ``task_id`` when it is neither, or when a bare id
    is in several suites (the error lists their full ids)."""
    try:
        return find_task(task_id)
    except SpecError as exc:
        lists = " (the MCP tool list_tasks or `guigym tasks list` lists them)" if "any suite" in str(exc) else ""
        raise arg_error("task_id", f"{exc}{lists}") from None


def show_task(task_id: str, seed: int = 0) -> TaskDetail:
    """Return a task's spec and the instance sampled with ``seed``."""
    spec = spec_of(task_id)
    bounds.check("seed", seed, bounds.SEED)
    return TaskDetail(spec=spec.model_dump(mode="json"), instance=sample(spec, seed).model_dump(mode="json"))


def validate_task(task_id: str, instances: int = 5, random_rollouts: int = 20) -> ValidationInfo:
    """Run the validation suite on one task."""
    from toolkit.validation import validate_tasks

    spec = spec_of(task_id)
    bounds.check("instances", instances, bounds.INSTANCES)
    bounds.check("random_rollouts", random_rollouts, bounds.RANDOM_ROLLOUTS)
    [report] = run_in_background(validate_tasks([spec], instances, random_rollouts, parallel=1))
    return ValidationInfo(task_id=report.task_id, ok=report.ok, checks=report.checks)


def synth_validate(out: str) -> list[WorldValidation]:
    """Re-check the synthesized worlds under ``out`` (a synth folder or one world folder); return one result per world."""
    from toolkit.synthesis.pipeline import validate_synth

    if not out or not str(out).strip():  # Path("") is the working folder: say what is missing instead
        raise arg_error("out", "name a synth folder or one world folder to re-check")
    try:
        return validate_synth(out)
    except ValueError as exc:  # no synthesized world there
        raise arg_error("out", str(exc)) from None


def synth_audit(planted: bool = True, suites: list[str] | None = None) -> JobInfo:
    """Start auditing the verifiers of ``suites`` (default: the bundled ones), and the planted hacks when ``planted``,
    in the background (the audit of the default suites takes minutes). Return the job:
    :func:`~toolkit.api.jobs.job_status` counts the verifiers audited (``done`` of ``total``, planted hacks included),
    shows the stage in ``progress``, and once done carries the report (:func:`toolkit.synthesis.audit.audit_report`'s)
    in ``result``; :func:`~toolkit.api.jobs.cancel_job` stops it.

    The arguments are checked before the job starts: a ValueError naming ``suites`` for an empty or blank list, an
    unknown suite, a task file that does not load or an external benchmark's suite.
    """
    from toolkit.envs.adapters.base import refuse_external
    from toolkit.synthesis.audit import DEFAULT_SUITES, audit_report_async
    from toolkit.synthesis.planted import planted_hacks

    if isinstance(suites, str):  # one suite's name, not a list of its letters
        suites = [suites]
    # an agent passing [] (or a blank name) means no suite, not "the default suites": that audit takes minutes
    if suites is not None and (not suites or not all(isinstance(s, str) and s.strip() for s in suites)):
        raise arg_error("suites", f"give suite names (known: {', '.join(known_suites())}), or leave suites out for "
                                  f"mobile-core, mobile and web; got {suites!r}")
    try:  # the tasks load here, before the job: an unknown suite is the caller's error, not a failed job
        specs = load_tasks(list(suites or DEFAULT_SUITES))
        refuse_external(specs, "the audit checks the verifier files of the bundled and synthesized tasks; an "
                               "external benchmark keeps its own verification")
    except ValueError as exc:  # SpecError (a ValueError) or the external benchmark's refusal
        raise arg_error("suites", str(exc)) from None
    total = len(specs) + (len(planted_hacks()) if planted else 0)

    async def work(state: dict[str, Any]) -> dict[str, Any]:
        def on_progress(line: str) -> None:
            state["progress"] = line

        def on_done(_result: Any) -> None:
            state["done"] += 1

        report = await audit_report_async(planted=planted, suites=suites, on_progress=on_progress, on_done=on_done)
        return {"result": report}

    return start_job("synth_audit", total, work)


def synth_world(persona: int | None = None, scenario: str | None = None, seed: int = 0) -> World:
    """Build a world (offline backend) for ``persona`` / ``scenario``; return it.

    Raises:
        ValueError: naming ``persona`` when it is no index of the offline pool, ``scenario`` when it is no id of it.
    """
    from toolkit.synthesis import build_world
    from toolkit.synthesis.world import pool_persona

    bounds.check("seed", seed, bounds.SEED)
    if persona is not None:
        if isinstance(persona, bool) or not isinstance(persona, int):  # True built persona 1's world; 1.5 a TypeError
            raise bounds.refuse("persona", "an index of the offline persona pool (a whole number) or None", persona)
        try:
            pool_persona(persona)
        except ValueError as exc:
            raise arg_error("persona", str(exc)) from None
    try:
        return build_world(persona, scenario, seed=seed, backend="offline")
    except ValueError as exc:
        if str(exc).startswith("unknown scenario"):  # said without the argument's name, as the CLI's --scenario has it
            raise arg_error("scenario", str(exc)) from None
        raise


#: The pipeline's progress line once a world is finished: ``world <id>: N accepted, M rejected -> <folder>`` when it
#: was written, ``...; nothing written (...)`` when none of its tasks was accepted (that world counts as done too: the
#: job's ``done`` stopped short of ``total`` when it matched the written line only).
_WORLD_FINISHED = re.compile(r"world \S+: \d+ accepted, \d+ rejected(?: -> |; nothing written)")


def synth_tasks(out: str, worlds: int = 1, per_world: int = 10, weak: list[str] | None = None, random_rollouts: int = 20,
                seed: int = 0) -> JobInfo:
    """Start synthesizing tasks for ``worlds`` new worlds (offline backend) in the background: accept them by execution
    and write them under ``out``. Return the job; :func:`~toolkit.api.jobs.job_status` counts the worlds finished,
    written or with no task accepted (``done`` of ``total``), shows the latest progress line, and once done carries
    the ``SynthReport`` in ``result``; :func:`~toolkit.api.jobs.cancel_job` stops it at its next progress line.

    The arguments are checked before the job starts (a ValueError naming the bad one).
    """
    if not out or not str(out).strip():
        raise arg_error("out", "name the folder to write the synthesized worlds to")
    bounds.check("worlds", worlds, bounds.WORLDS)
    bounds.check("per_world", per_world, bounds.PER_WORLD)
    bounds.check("random_rollouts", random_rollouts, bounds.RANDOM_ROLLOUTS)
    bounds.check("seed", seed, bounds.SEED)
    _check_out(Path(out), worlds, seed)
    if weak is not None and not all(isinstance(t, str) and t.strip() for t in weak):
        raise arg_error("weak", f"capability tags must be non-empty strings, got {weak!r}")

    async def work(state: dict[str, Any]) -> dict[str, Any]:
        from toolkit.synthesis import synthesize_bank

        stop = threading.Event()

        def on_progress(line: str) -> None:
            if stop.is_set():  # the job was cancelled: end the synthesis in its thread, which cancelling cannot stop
                raise SynthCancelled("the synth_tasks job was cancelled")
            state["progress"] = line.strip()
            if _WORLD_FINISHED.match(line):
                state["done"] += 1

        # synchronous (backend calls, then its own loop for acceptance): in a worker thread, so the loop keeps serving
        thread = asyncio.ensure_future(asyncio.to_thread(synthesize_bank, worlds, out, "offline", per_world, weak,
                                                         random_rollouts, seed=seed, on_progress=on_progress))
        try:
            report = await asyncio.shield(thread)
        except asyncio.CancelledError:  # the job ends once the thread has stopped, not while it still writes worlds
            stop.set()
            await asyncio.gather(thread, return_exceptions=True)
            raise
        return {"result": report.model_dump(mode="json")}

    return start_job("synth_tasks", worlds, work)


class SynthCancelled(Exception):
    """Raised from a cancelled synth_tasks job's progress callback, to stop the synthesis thread."""


def _check_out(out: Path, worlds: int, seed: int) -> None:
    """Raise a ValueError naming ``out`` when the synthesis job could not write its worlds there: ``out`` (or a folder
    above it) is a file, no folder can be made or written there, ``out`` is (inside) a synthesized world folder, or a
    world's folder ``<out>/<world id>`` is a file or a folder of other files (the job would fail on it after building
    the worlds)."""
    from toolkit.paths import out_folder_problem
    from toolkit.synthesis.pipeline import default_world_ids
    from toolkit.synthesis.writer import OutFolderError, check_out_root, check_replaceable

    problem = out_folder_problem(out, "the synthesized worlds")
    if problem:
        raise arg_error("out", problem)
    try:
        check_out_root(out)
        for world_id in default_world_ids(worlds, seed):
            check_replaceable(out / world_id)
    except OutFolderError as exc:
        raise arg_error("out", str(exc)) from None
