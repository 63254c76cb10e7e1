"""The whole synthesis path for several worlds: build, synthesize, accept by execution, write, report.

:func:`synthesize_bank` builds ``worlds`` worlds (different personas, scenarios and seeds), synthesizes a batch
per world, accepts it by execution (:mod:`toolkit.synthesis.accept`), and writes the accepted tasks to
``<out>/<world>/`` (suite ``synth/<world>``) with the rejections beside them. :func:`validate_synth` re-checks
written worlds the way ``guigym tasks validate`` does, plus the world's consistency and loading.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field

from toolkit import bounds
from toolkit.paths import TASK_BANK
from toolkit.synthesis.accept import accept_batch
from toolkit.synthesis.models import Rejection, SynthReport, World, suite_name
from toolkit.synthesis.review import normalize
from toolkit.synthesis.synthesize import DEFAULT_PER_WORLD, synthesize_tasks
from toolkit.synthesis.world import WorldLoadError, build_world, check_world, initial_state, verify_loaded
from toolkit.synthesis.writer import (check_out_root, check_replaceable, read_world, world_mismatches,
                                     write_world_suite)
from toolkit.sync import run_sync
from toolkit.tasks.loader import load_file

DEFAULT_OUT = TASK_BANK / "synth"


def _default_world_keys(count: int, seed: int) -> list[tuple[Any, str, int, str]]:
    """Return (persona, scenario, seed, world id) of :func:`default_worlds`' ``count`` worlds."""
    from toolkit.synthesis.offline.pools import DEFAULT_WORLDS

    keys = []
    for i in range(count):
        persona, scenario, base = DEFAULT_WORLDS[i % len(DEFAULT_WORLDS)]
        s = base + seed + 100 * (i // len(DEFAULT_WORLDS))
        keys.append((persona, scenario, s, f"{scenario}-{s}"))
    return keys


def default_world_ids(count: int, seed: int = 0) -> list[str]:
    """Return the ids of :func:`default_worlds` ``(count, seed=seed)`` without building the worlds (the folders
    ``<out>/<id>`` a synthesis writes, checkable before it starts)."""
    return [world_id for *_, world_id in _default_world_keys(count, seed)]


def default_worlds(count: int, backend: Any = "offline", seed: int = 0) -> list[World]:
    """Return ``count`` worlds with different personas, scenarios and seeds (the offline pool's defaults, cycled)."""
    return [build_world(persona, scenario, seed=s, backend=backend, world_id=world_id)
            for persona, scenario, s, world_id in _default_world_keys(count, seed)]


async def synthesize_bank_async(worlds: int | list[World] = 3, out: str | Path = DEFAULT_OUT, backend: Any = "offline",
                                per_world: int | None = DEFAULT_PER_WORLD, weak: Any = None, random_rollouts: int = 20,
                                instances: int = 5, parallel: int = 2, seed: int = 0,
                                on_progress: Callable[[str], None] | None = None) -> SynthReport:
    """Async :func:`synthesize_bank`."""
    start = time.perf_counter()
    say = on_progress or (lambda _msg: None)
    _check_out(out)
    if isinstance(worlds, int):  # 0 or a negative count built no world, and the empty report read as a result
        bounds.check("worlds", worlds, bounds.WORLDS)
    elif not isinstance(worlds, (list, tuple)) or not all(isinstance(w, World) for w in worlds):
        # "3" or a world's dict ended in AttributeError: 'str' object has no attribute 'id'
        bad = worlds if not isinstance(worlds, (list, tuple)) else next(w for w in worlds if not isinstance(w, World))
        raise bounds.refuse("worlds", "a count or a list of World objects (a world read from JSON: "
                                      "World.model_validate(...))", bad, numeric=False)
    elif not worlds:
        raise ValueError("argument 'worlds': give a count or at least one World, got an empty list")
    if per_world is not None:
        bounds.check("per_world", per_world, bounds.PER_WORLD)
    # the seed, not the world seeds made from it: -50 was named as "got -39", and True built world moving-12
    for name, value, pair in (("seed", seed, bounds.SEED), ("random_rollouts", random_rollouts, bounds.RANDOM_ROLLOUTS),
                              ("instances", instances, bounds.INSTANCES), ("parallel", parallel, bounds.VALIDATE_PARALLEL)):
        bounds.check(name, value, pair)  # before any world is built, not at the first acceptance
    chosen = default_worlds(worlds, backend, seed) if isinstance(worlds, int) else list(worlds)
    out = Path(out)
    ids = [w.id for w in chosen]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:  # one folder per id: the later world would replace the earlier one's suite, and the report count both
        raise ValueError(f"world id(s) {', '.join(twice)} given more than once (each world writes <out>/<id>); "
                         "give the worlds distinct ids (build_world(..., world_id=...))")
    check_out_root(out)
    for world in chosen:  # before any work: a file or a foreign folder in a world's place is refused, never replaced
        check_replaceable(out / world.id)
    accepted, rejections = [], []
    seen: dict[str, str] = {}  # instructions across worlds stay distinct
    # Every world's batch is made before anything is written: a weak tag list no world can serve fails here.
    batches = [synthesize_tasks(world, weak=weak, n=per_world, backend=backend, seed=seed, seen=seen) for world in chosen]
    for world, batch in zip(chosen, batches):
        if batch.weak_skipped:
            say(f"world {world.id}: no task carries weak tag(s) {', '.join(batch.weak_skipped)}; skipped, "
                f"favouring {', '.join(batch.weak)}")
        say(f"world {world.id}: {len(batch.tasks)} tasks synthesized, {len(batch.rejections)} dropped by review; accepting...")
        done = iter(range(1, len(batch.tasks) + 1))
        result = await accept_batch(batch, random_rollouts=random_rollouts, instances=instances, parallel=parallel,
                                    on_done=lambda r: say(f"  [{next(done)}] {r.task_id}: "
                                                          f"{'passed' if r.ok else 'failed ' + str([k for k, v in r.checks.items() if v])}"))
        if result.accepted:
            write_world_suite(world, result.accepted, out / world.id, rejections=result.rejections)
            say(f"world {world.id}: {len(result.accepted)} accepted, {len(result.rejections)} rejected -> {out / world.id}")
        else:  # an empty suite would replace a good one of the same world (the bundled synth/<world> by default)
            say(f"world {world.id}: 0 accepted, {len(result.rejections)} rejected; nothing written "
                f"({out / world.id} is left as it was)")
        accepted += [(world.id, t) for t in result.accepted]
        rejections += result.rejections
    reqs = [t.requirements for _, t in accepted]
    return SynthReport(
        worlds=[w.id for w in chosen], out=str(out), accepted=len(reqs), rejected=len(rejections),
        cross_app_share=round(sum(r.cross_app for r in reqs) / len(reqs), 4) if reqs else 0.0,
        distinct_instructions=len({normalize(r.instruction) for r in reqs}),
        tags=dict(Counter(t for r in reqs for t in r.tags).most_common()), rejections=rejections,
        accepted_ids=[t.requirements.full_id for _, t in accepted],
        weak_skipped={b.world.id: b.weak_skipped for b in batches if b.weak_skipped},
        seconds=round(time.perf_counter() - start, 1))


def synthesize_bank(worlds: int | list[World] = 3, out: str | Path = DEFAULT_OUT, backend: Any = "offline",
                    per_world: int | None = DEFAULT_PER_WORLD, weak: Any = None, random_rollouts: int = 20,
                    instances: int = 5, parallel: int = 2, seed: int = 0,
                    on_progress: Callable[[str], None] | None = None) -> SynthReport:
    """Synthesize and accept tasks for ``worlds`` (a count or World objects); return the report.

    Accepted tasks go to ``<out>/<world>/`` (suite ``synth/<world>`` when ``out`` is ``task_bank/synth``);
    rejections (stage and reasons) are written to ``rejections.jsonl`` beside them and listed in the report.
    Weak tags a world's tasks never carry are skipped for it (the report's ``weak_skipped``); when a world can make
    none of them, ValueError is raised before anything is written. So is OutFolderError (a ValueError) when
    ``<out>/<world>`` is a file or a folder that is not a synthesized world (writing would replace it) or ``out`` is
    (inside) a synthesized world folder or, in the task bank, a suite's folder
    (:func:`~toolkit.synthesis.writer.check_out_root`), a
    ValueError when two of ``worlds`` share an id, and one naming the world and its issues when a given World is
    inconsistent (:func:`~toolkit.synthesis.world.check_world`).
    """
    return run_sync(synthesize_bank_async(worlds, out, backend, per_world, weak, random_rollouts, instances, parallel,
                                          seed, on_progress))


class WorldValidation(BaseModel):
    """The re-validation of one written world: consistency, loading, and the tasks' validation checks."""

    model_config = ConfigDict(extra="forbid")
    world: str
    issues: list[str] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    tasks: int = 0
    passed: int = 0
    failed: dict[str, dict[str, str]] = Field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Return True when the world is consistent, loads, and every task passed."""
        return not self.issues and not self.missing and self.passed == self.tasks


def world_folders(out: str | Path = DEFAULT_OUT) -> list[Path]:
    """Return the synthesized world folders under ``out``: those with a world.json or a tasks.yaml (a folder holding
    one without the other is a damaged world, for :func:`validate_synth` to name, not a folder to pass over: its
    tasks.yaml still loads as the suite ``synth/<world>``)."""
    root = Path(out)
    if (root / "world.json").is_file() or (root / "tasks.yaml").is_file():
        return [root]
    if not root.is_dir():
        return []
    # hidden folders are a write in progress or an interrupted one (writer.write_world_suite), not a world
    return sorted(p for p in root.iterdir() if not p.name.startswith(".") and p.is_dir()
                  and ((p / "world.json").is_file() or (p / "tasks.yaml").is_file()))


async def validate_synth_async(out: str | Path = DEFAULT_OUT, instances: int = 5, random_rollouts: int = 20,
                               parallel: int = 2) -> list[WorldValidation]:
    """Async :func:`validate_synth`."""
    from toolkit.validation import validate_tasks

    _check_out(out)
    folders = world_folders(out)
    if not folders:  # an empty answer would read as "nothing failed"
        raise ValueError(f"no synthesized worlds under {out} (a world folder holds world.json and tasks.yaml; "
                         "`guigym synth tasks` writes them)")
    results = []
    for folder in folders:
        try:
            world = read_world(folder)
        except (OSError, ValueError) as exc:  # damaged JSON, or not a World: this world's issue, not the run's end
            results.append(WorldValidation(world=folder.name, issues=[f"{folder / 'world.json'}: cannot be read: "
                                                                      f"{_first_line(exc)}"]))
            continue
        res = WorldValidation(world=world.id, issues=[f"{i.where}: {i.message}" for i in check_world(world)])
        results.append(res)
        name = Path(os.path.abspath(folder)).name  # "." or "w/.." name no folder (abspath: links are not followed)
        if world.id != name:  # the bank loads the tasks as synth/<folder>: this report would name another suite
            res.issues.append(f"{folder / 'world.json'}: field 'id' is {world.id!r}, but its folder is {name!r} "
                              f"(the tasks load as suite {suite_name(name)}): keep each world in the folder "
                              "named by its id")
        if not (folder / "tasks.yaml").is_file():  # the world's suite is gone: nothing of it would run
            res.issues.append(f"{folder / 'tasks.yaml'}: missing (the world's tasks); write them again with "
                              "`guigym synth tasks`")
            continue
        try:
            res.missing = verify_loaded(world, initial_state(world))
        except WorldLoadError as exc:  # no device holds this world: its tasks cannot run either
            res.issues.append(str(exc))
            continue
        try:
            specs = load_file(folder / "tasks.yaml", suite=suite_name(world.id))
        except ValueError as exc:  # SpecError: names the file, and the task and field when known
            res.issues.append(f"tasks.yaml does not load: {exc}")
            continue
        if not specs:  # 0 of 0 passed would read as a checked world
            res.issues.append(f"{folder / 'tasks.yaml'}: holds no task: nothing to validate")
            continue
        # a tasks.yaml written from another world (or edited) runs its tasks on a device that was never checked
        res.issues += world_mismatches(folder / "tasks.yaml", world)
        reports = await validate_tasks(specs, instances, random_rollouts, parallel)
        res.tasks, res.passed = len(reports), sum(r.ok for r in reports)
        res.failed = {r.task_id: {k: v for k, v in r.checks.items() if v} for r in reports if not r.ok}
    return results


def _check_out(out: Any) -> None:
    """Raise ValueError naming ``out`` when it names no folder: "" (or blank) was Path(""), the working folder."""
    if not isinstance(out, (str, Path)) or not str(out).strip():
        raise ValueError(f"argument 'out': name a folder (default: {DEFAULT_OUT}), got {out!r}")


def _first_line(exc: Exception) -> str:
    """Return an exception's message, a pydantic error's first lines only (its count and the first field)."""
    return " ".join(str(exc).splitlines()[:3])


def validate_synth(out: str | Path = DEFAULT_OUT, instances: int = 5, random_rollouts: int = 20,
                   parallel: int = 2) -> list[WorldValidation]:
    """Re-check every synthesized world under ``out`` (or one world folder): consistency, loading, validation, and that
    its tasks.yaml starts them from the world in its world.json (``defaults.setup`` and ``device``).

    A world whose ``world.json`` or ``tasks.yaml`` cannot be read is reported with that as its issue (named by its
    folder when its world.json is the damaged one); the other worlds are still checked.
    Raises ValueError when ``out`` holds no synthesized world.
    """
    return run_sync(validate_synth_async(out, instances, random_rollouts, parallel))


def rejections_of(folder: str | Path) -> list[Rejection]:
    """Return the rejections logged beside a written world."""
    path = Path(folder) / "rejections.jsonl"
    return [Rejection.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()] if path.is_file() else []
