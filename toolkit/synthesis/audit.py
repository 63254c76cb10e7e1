"""The verifier audit: a static reward-hack scan plus execution probes in the sandboxed verifier pool.

A verifier is accepted only when
- the static scan (:func:`scan_verifier`, in ``audit_scan.py``) finds nothing: no constant results,
  existence-only checks, golden or hidden-answer reads, processes, network, files, eval/exec, dynamic
  imports, host time, randomness or interpreter introspection;
- and, run out of process through :class:`~toolkit.tasks.VerifierPool` (no network, no writes, rlimits):
  it does not succeed on the initial state (with an agent that did nothing), succeeds on the golden state
  (the reference solution's final state), gives the same verdict twice on it, does not succeed on the reset
  state (s0 again, with the reference's actions in the trajectory), and does not succeed on the perturbed
  golden state (every change the reference made altered). No probe may end in a ``verifier_error``; one that
  hangs (misses the pool's deadline) is rejected at its first probe, the others not run.

``audit_report(planted=True)`` runs the planted-hack suite (``toolkit/synthesis/planted/``) and every
bundled verifier through the same audit: the hacks must be rejected, the bundled verifiers accepted.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict

from toolkit import bounds
from toolkit.envs.adapters.base import refuse_external
from toolkit.sync import run_sync
from toolkit.synthesis.audit_golden import Golden, golden_states, perturbed, reference_trajectory
from toolkit.synthesis.audit_scan import KINDS, Finding, scan_verifier
from toolkit.tasks import TaskInstance, TaskSpec, Verdict, VerifierLimits, VerifierPool, judge, load_tasks, sample
from toolkit.tasks.verifier import timed_out

__all__ = ["AuditResult", "Finding", "KINDS", "PROBES", "audit_report", "audit_report_async", "audit_verifier",
           "scan_verifier"]

DEFAULT_SUITES = ("mobile-core", "mobile", "web")

#: The execution probes and what a failure of each means (reasons start with these names).
PROBES = {
    "success_on_initial": "succeeds on the untouched initial state (an agent that did nothing)",
    "fails_on_golden": "does not succeed on the golden state reached by the reference solution",
    "nondeterministic": "judges the same golden state differently twice",
    "success_after_reset": "succeeds on the reset state (s0 again) given the reference's actions",
    "success_on_perturbed": "succeeds on the golden state with every change altered (checks existence, not values)",
    "verifier_error": "crashed, hung, was refused by the sandbox, or answered with the wrong keys",
    "no_golden": "no golden state could be built, so the verifier was not run",
}


class AuditResult(BaseModel):
    """The audit of one task's verifier: accepted, or the reasons it was not."""

    model_config = ConfigDict(extra="forbid")
    task_id: str
    accepted: bool
    reasons: list[str]
    findings: list[Finding]


def _reason_kind(reason: str) -> str:
    return reason.split(":", 1)[0]


def _failed(verdict: Verdict) -> list[str]:
    return [c.id for c in verdict.criteria if not c.passed]


async def audit_verifier(spec: TaskSpec, instance: TaskInstance, initial: dict, golden: dict,
                         pool: VerifierPool | None = None, *, trajectory: list[dict[str, Any]] | None = None,
                         perturb: bool = True) -> AuditResult:
    """Audit ``spec``'s verifier on one instance: static scan, then the execution probes.

    Args:
        spec: the task (its ``verifier`` names the file, relative to ``spec.folder``, and the function).
        instance: the sampled instance the states belong to.
        initial: s0 of the instance.
        golden: the final state the reference solution reaches from s0.
        pool: the sandboxed verifier pool to run in (default: a private one, closed at the end).
        trajectory: the golden trajectory (default: the reference's device actions).
        perturb: also run the perturbed-golden probe.
    """
    file, function = spec.verifier.split(":")
    path = spec.folder / file
    try:
        findings = scan_verifier(Path(path).read_text(), function, str(path))
    except OSError as exc:
        findings = [Finding(kind="missing_function", line=0, message=f"cannot read {path}: {exc}")]
    reasons = [f"{f.kind}: {f.message} (line {f.line})" for f in findings]
    own = pool is None
    pool = pool or VerifierPool(limits=VerifierLimits(timeout_s=10))
    trajectory = reference_trajectory(instance) if trajectory is None else trajectory
    try:
        reasons += await _probes(pool, spec, instance, initial, golden, trajectory, perturb)
    finally:
        if own:
            await pool.close()
    return AuditResult(task_id=spec.full_id, accepted=not reasons, reasons=reasons, findings=findings)


class _Hung(Exception):
    """A probe's verifier call missed its deadline (the message is the audit's reason)."""


async def _probes(pool: VerifierPool, spec: TaskSpec, instance: TaskInstance, initial: dict, golden: dict,
                  trajectory: list[dict[str, Any]], perturb: bool) -> list[str]:
    reasons: list[str] = []

    async def run(name: str, final: dict, traj: list[dict[str, Any]]) -> Verdict | None:
        verdict = await judge(pool, spec, instance, initial, final, traj)
        if timed_out(verdict.error):  # each later probe would wait out the same deadline: the first one decides
            raise _Hung(f"verifier_error: on the {name} state: {verdict.error} (the {name} probe); the other "
                        "probes were not run")
        if verdict.error:
            reasons.append(f"verifier_error: on the {name} state: {verdict.error}")
            return None
        return verdict

    try:
        first = await run("initial", initial, [])
        if first is not None and first.success:
            reasons.append(f"success_on_initial: {PROBES['success_on_initial']} (reward {first.reward:.2f})")
        gold = await run("golden", golden, trajectory)
        if gold is not None and not gold.success:
            reasons.append(f"fails_on_golden: reward {gold.reward:.2f}, failed criteria {_failed(gold)}")
        again = await run("golden", golden, trajectory)
        if gold is not None and again is not None and gold.model_dump() != again.model_dump():
            reasons.append(f"nondeterministic: {PROBES['nondeterministic']}")
        reset = await run("reset", initial, trajectory)
        if reset is not None and reset.success:
            reasons.append(f"success_after_reset: {PROBES['success_after_reset']} (reward {reset.reward:.2f})")
    except _Hung as hung:
        return [*reasons, str(hung)]
    altered = perturbed(initial, golden) if perturb else None
    if altered is not None:
        verdict = await judge(pool, spec, instance, initial, altered, trajectory)
        if verdict.ok and verdict.success:  # an error on an altered state is not held against a verifier
            reasons.append(f"success_on_perturbed: {PROBES['success_on_perturbed']}")
    return reasons


def _swap_verifier(spec: TaskSpec, path: str, function: str) -> TaskSpec:
    """Return ``spec`` with its verifier replaced by ``function`` of the file at ``path``."""
    p = Path(path)
    return spec.model_copy(update={"verifier": f"{p.name}:{function}", "source": str(p.with_name("manifest.yaml"))})


async def _audit_many(jobs: list[tuple[TaskSpec, TaskInstance, Golden]], pool: VerifierPool,
                      parallel: int, on_done: Callable[[AuditResult], None] | None = None) -> list[AuditResult]:
    sem = asyncio.Semaphore(parallel)

    async def one(spec: TaskSpec, inst: TaskInstance, states: Golden) -> AuditResult:
        result = await _one(spec, inst, states)
        if on_done:
            on_done(result)
        return result

    async def _one(spec: TaskSpec, inst: TaskInstance, states: Golden) -> AuditResult:
        if states.error:  # the static scan still runs; the probes cannot
            file, function = spec.verifier.split(":")
            findings = scan_verifier((spec.folder / file).read_text(), function, str(spec.folder / file))
            reasons = [f"{f.kind}: {f.message} (line {f.line})" for f in findings]
            reasons.append(f"no_golden: {states.error}")
            return AuditResult(task_id=spec.full_id, accepted=False, reasons=reasons, findings=findings)
        async with sem:
            return await audit_verifier(spec, inst, states.initial, states.golden, pool, trajectory=states.trajectory)

    return list(await asyncio.gather(*(one(*job) for job in jobs)))


async def audit_report_async(planted: bool = False, suites: str | list[str] | None = None, seed: int = 0,
                             record: bool = True, workers: int | None = None,
                             on_progress: Callable[[str], None] | None = None,
                             on_done: Callable[[AuditResult], None] | None = None) -> dict[str, Any]:
    """Async :func:`audit_report`; ``on_progress`` gets a line as each stage starts, ``on_done`` each verifier's
    result (bundled and planted) as it is audited.

    Raises:
        SpecError: an unknown suite, or a task file that does not load.
        ValueError: ``argument 'seed'`` / ``'workers'`` out of range (before anything runs); suites with tasks of
            an external benchmark (MiniWoB++, OSWorld), which have no verifier files.
    """
    from toolkit.synthesis.planted import planted_hacks

    start = time.perf_counter()
    # before anything runs: seed -1 failed as a SpecError on the first task's file (read as a bad suite), workers -1 as
    # "Semaphore initial value must be >= 0"
    bounds.check("seed", seed, bounds.SEED)
    if workers is not None:
        bounds.check("workers", workers, (1, None))
    # one name as a string is that suite (list() would audit its letters, failing on 'm' of mobile-core)
    suites = [suites] if isinstance(suites, str) else list(suites or DEFAULT_SUITES)
    specs = load_tasks(suites)
    # before any replay: an external benchmark's verifiers are its own code, not files to scan and probe
    refuse_external(specs, "the audit checks the verifier files of the bundled and synthesized tasks; an external "
                           "benchmark keeps its own verification")
    by_id = {s.full_id: s for s in specs}
    hacks = planted_hacks() if planted else []
    hosts = {h["task"] for h in hacks} - set(by_id)
    if hosts:  # planted hacks replace verifiers of tasks outside the audited suites too
        for s in load_tasks(sorted({h.rsplit("/", 1)[0] for h in hosts})):
            by_id.setdefault(s.full_id, s)
    needed = sorted({s.full_id for s in specs} | {h["task"] for h in hacks})
    instances = {tid: sample(by_id[tid], seed) for tid in needed}
    loaded = time.perf_counter()
    say = on_progress or (lambda _line: None)
    say(f"replaying the reference solutions of {len(needed)} task(s) for their golden states")
    states = dict(zip(needed, await golden_states([(by_id[t], instances[t]) for t in needed], record=record)))
    replayed = time.perf_counter()
    workers = workers or min(4, os.cpu_count() or 2)
    pool = VerifierPool(size=workers, limits=VerifierLimits(timeout_s=10))
    try:
        good_jobs = [(s, instances[s.full_id], states[s.full_id]) for s in specs]
        bad_jobs = [(_swap_verifier(by_id[h["task"]], h["path"], h["function"]), instances[h["task"]],
                     states[h["task"]]) for h in hacks]
        say(f"auditing {len(good_jobs)} verifier(s)" + (f" and {len(bad_jobs)} planted hack(s)" if planted else ""))
        results = await _audit_many(good_jobs + bad_jobs, pool, parallel=2 * workers, on_done=on_done)
    finally:
        await pool.close()
    good, bad = results[:len(good_jobs)], results[len(good_jobs):]
    report: dict[str, Any] = {}
    if planted:
        rows, by_kind = [], {}
        for hack, res in zip(hacks, bad):
            kinds = sorted({_reason_kind(r) for r in res.reasons})
            rows.append({"file": hack["file"], "task": hack["task"], "kind": hack["kind"],
                         "caught_by": hack["caught_by"], "rejected": not res.accepted,
                         "expected_kind_found": bool(set(kinds) & set(hack["detected_as"])), "kinds": kinds,
                         "reasons": res.reasons[:6]})
            k = by_kind.setdefault(hack["kind"], {"planted": 0, "rejected": 0})
            k["planted"] += 1
            k["rejected"] += not res.accepted
        rejected = sum(r["rejected"] for r in rows)
        report.update(planted=len(rows), rejected=rejected, rejected_share=rejected / len(rows) if rows else 0.0,
                      by_kind=by_kind, missed=[r["file"] for r in rows if not r["rejected"]],
                      wrong_kind=[r["file"] for r in rows if r["rejected"] and not r["expected_kind_found"]],
                      hacks=rows)
    accepted = sum(r.accepted for r in good)
    # a task whose reference reaches no golden state leaves its verifier unprobed: neither accepted nor rejected
    unaudited = {r.task_id: [x for x in r.reasons if _reason_kind(x) == "no_golden"] for r in good}
    unaudited = {tid: why for tid, why in unaudited.items() if why}
    rejected_good = [r for r in good if not r.accepted and r.task_id not in unaudited]
    reasons = Counter(_reason_kind(x) for r in rejected_good for x in r.reasons)
    report.update(suites=suites, seed=seed, good=len(good), good_accepted=accepted,
                  good_accepted_share=accepted / len(good) if good else 0.0,
                  false_rejections=[{"task": r.task_id, "reasons": r.reasons[:4]} for r in rejected_good],
                  unaudited=[{"task": tid, "reasons": why} for tid, why in unaudited.items()],
                  false_rejection_kinds=dict(reasons), seconds=round(time.perf_counter() - start, 2),
                  timings={"load_s": round(loaded - start, 2), "golden_s": round(replayed - loaded, 2),
                           "audit_s": round(time.perf_counter() - replayed, 2)})
    return report


def audit_report(planted: bool = False, suites: str | list[str] | None = None, seed: int = 0, record: bool = True,
                 workers: int | None = None) -> dict[str, Any]:
    """Audit the bundled verifiers of ``suites`` (names, or one name as a string; default mobile-core, mobile, web)
    and, with ``planted``, the hacks.

    Golden states come from the reference solutions replayed in Node (recorded once in Chromium and
    cached); every verifier call goes through one sandboxed :class:`VerifierPool` of ``workers`` processes
    (default: the CPU count, at most 4).

    Returns:
        ``{"good", "good_accepted", "false_rejections": [{"task", "reasons"}], "unaudited": [{"task", "reasons"}]
        (tasks whose reference reached no golden state, so their verifier was not probed), ...}``
        and, with ``planted``, also
        ``{"planted", "rejected", "rejected_share", "by_kind", "missed", "hacks", ...}``.
    """
    coro = audit_report_async(planted=planted, suites=suites, seed=seed, record=record, workers=workers)
    return run_sync(coro)  # the toolkit's one sync wrapper: from a running loop (Jupyter, MCP) it runs beside it
