"""Acceptance by execution: a synthesized task is kept only when running it proves it sound.

For each world: the world must load (every record present in s0, computed in Node by the apps' own logic), and
each task's entry must load as a task (a ``write`` rejection otherwise, e.g. an app the device lacks: one such
entry would fail the whole suite file).
For each task:
1. the verifier audit (:func:`toolkit.synthesis.audit.audit_verifier`): static reward-hack scan, then, in the
   sandboxed verifier pool, not success on s0, success on the golden state (s0 + the golden patch),
   deterministic, not success on the reset state, not success on the perturbed golden state;
2. the GUI checks of the validation suite (:func:`toolkit.validation.validate_tasks`) in Chromium: the golden
   action sequence replays to success (clean, claimed), s0 and a null agent do not succeed, the verifier is
   deterministic, reset restores s0, Node agrees with Chromium, and ``random_rollouts`` random rollouts never
   succeed.
Every rejection is logged with its stage and reasons.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from pydantic import BaseModel, ConfigDict, Field

from toolkit.synthesis.audit import AuditResult, audit_verifier
from toolkit.synthesis.models import Rejection, SynthTask, World, suite_name
from toolkit.synthesis.synthesize import SynthBatch
from toolkit.synthesis.world import WorldLoadError, apply_patch, initial_states, verify_loaded
from toolkit.synthesis.writer import write_world_suite
from toolkit.tasks import TaskSpec, VerifierLimits, VerifierPool, sample
from toolkit.tasks.loader import SpecError, load_file
from toolkit.validation import TaskValidation, validate_tasks


class AcceptResult(BaseModel):
    """What acceptance kept and dropped for one world (rejections carry stage and reasons)."""

    model_config = ConfigDict(extra="forbid")
    world: str
    accepted: list[SynthTask]
    rejections: list[Rejection] = Field(default_factory=list)
    audits: list[AuditResult] = Field(default_factory=list)


async def audit_tasks(specs: list[TaskSpec], tasks: list[SynthTask], states: list[dict], pool: VerifierPool) -> list[AuditResult]:
    """Return the audit of each task's verifier on (s0, s0 + golden patch)."""
    out = []
    for spec, task, initial in zip(specs, tasks, states):
        golden = apply_patch(initial, task.golden.patch)
        out.append(await audit_verifier(spec, sample(spec, 0), initial, golden, pool))
    return out


async def accept_batch(batch: SynthBatch, random_rollouts: int = 20, instances: int = 5, parallel: int = 2,
                       on_done: Callable[[TaskValidation], None] | None = None) -> AcceptResult:
    """Return the tasks of ``batch`` that pass every check, and a rejection (stage, reasons) for each other one."""
    world = batch.world
    result = AcceptResult(world=world.id, accepted=[], rejections=list(batch.rejections))
    if not batch.tasks:
        return result
    with tempfile.TemporaryDirectory(prefix=f"synth-{world.id}-") as tmp:
        tasks, specs, dropped = _loadable(world, batch.tasks, Path(tmp))
        result.rejections += dropped
        if not tasks:
            return result
        by_id = {s.id: s for s in specs}
        ordered = [by_id[t.requirements.id] for t in tasks]
        try:
            states = initial_states([(world, sample(s, 0).setup) for s in ordered])
        except WorldLoadError as exc:  # the device refused the world's patch: every task of it fails alike
            reasons = [f"the world did not load: {exc}"]
        else:
            missing = verify_loaded(world, states[0])
            reasons = [f"the world did not load: {len(missing)} record(s) missing, e.g. {missing[:3]}"] if missing else []
        if reasons:
            result.rejections += [Rejection(task_id=s.full_id, stage="audit", reasons=reasons) for s in ordered]
            return result
        pool = VerifierPool(size=2, limits=VerifierLimits(timeout_s=10))
        try:
            result.audits = await audit_tasks(ordered, tasks, states, pool)
        finally:
            await pool.close()
        survivors = []
        for spec, task, audit in zip(ordered, tasks, result.audits):
            if audit.accepted:
                survivors.append((spec, task))
            else:
                result.rejections.append(Rejection(task_id=spec.full_id, stage="audit", reasons=audit.reasons))
        reports = await validate_tasks([s for s, _ in survivors], instances, random_rollouts, parallel,
                                       on_done=on_done) if survivors else []
        for (spec, task), report in zip(survivors, reports):
            if report.ok:
                result.accepted.append(task)
            else:
                result.rejections.append(Rejection(task_id=spec.full_id, stage="gui",
                                                   reasons=[f"{k}: {v}" for k, v in report.checks.items() if v]))
    return result


def _loadable(world: World, tasks: list[SynthTask], tmp: Path) -> tuple[list[SynthTask], list[TaskSpec], list[Rejection]]:
    """Write ``tasks`` as the world's suite under ``tmp`` and load it; return (the tasks that load, their specs, a
    ``write`` rejection for each task whose entry the loader refuses, e.g. an app the device lacks).

    One refused entry fails the whole file, so only then is each task loaded alone to find the ones at fault.
    """
    try:
        return tasks, load_file(write_world_suite(world, tasks, tmp / world.id), suite=suite_name(world.id)), []
    except SpecError:
        pass
    good, dropped = [], []
    for task in tasks:
        path = write_world_suite(world, [task], tmp / "alone" / world.id)
        try:
            load_file(path, suite=suite_name(world.id))
            good.append(task)
        except SpecError as exc:  # the message starts with the temporary file's path: the task and field are what matter
            dropped.append(Rejection(task_id=task.requirements.full_id, stage="write",
                                     reasons=[str(exc).removeprefix(f"{path}: ")]))
    if not good:
        return [], [], dropped
    return good, load_file(write_world_suite(world, good, tmp / world.id), suite=suite_name(world.id)), dropped
