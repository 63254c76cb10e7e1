"""Runs and attempts: list runs, summaries, per-task results, attempts, steps, comparisons and diagnosis."""

from __future__ import annotations

import numbers
from pathlib import Path
from typing import Any

import pandas as pd

from toolkit import bounds, diagnosis
from toolkit.api.models import (AttemptInfo, RunInfo, RunPage, RunSummary, StepInfo, TaskResultsPage, arg_error,
                                 not_blank, paged)
from toolkit.diagnosis.queries import no_score, unfinished_note
from toolkit.envs import fleet
from toolkit.envs.fleet import FleetStatus
from toolkit.evaluation import load_result
from toolkit.paths import DEFAULT_RUNS
from toolkit.store import RunStore, list_runs


def list_runs_info(root: str | None = None) -> list[RunInfo]:
    """Return the runs under ``root`` (default: $GUIGYM_RUNS, else runs/ in the guigym checkout), newest first."""
    return [RunInfo(**r) for r in diagnosis.runs(root).to_dict("records")]


#: list_runs's page size when none is given, and the largest page it serves.
RUN_PAGE_DEFAULT: int = 20
RUN_PAGE_MAX: int = 500


def run_page(root: str | None = None, offset: int = 0, limit: int = RUN_PAGE_DEFAULT) -> RunPage:
    """Return one page of :func:`list_runs_info`: ``limit`` runs from ``offset`` (newest first), the number stored
    (``total``) and the offset of the next page (``next_offset``, None on the last page)."""
    runs, fields = paged(lambda: list_runs_info(root), offset, limit, RUN_PAGE_MAX, lambda n: f"{n} run(s) stored")
    return RunPage(runs=runs, **fields)


def _store(run_id: str, root: str | None = None, name: str = "run_id") -> RunStore:
    """Return the run ``run_id``; a missing one is an error naming the caller's argument ``name``."""
    try:
        return RunStore.open(run_id, root=root)
    except FileNotFoundError as exc:
        raise arg_error(name, str(exc)) from None


def _groups(store: RunStore, by: str) -> list[dict[str, Any]]:
    """Return SR/PR per app or tag; a group with no scored attempt has None rates and says why (``no_score``)."""
    rows = []
    for row in diagnosis.summary(store, by).to_dict("records"):
        why = no_score(row)
        rates = {k: None if why or pd.isna(row[k]) else row[k] for k in ("SR", "PR")}  # NaN: no row has the field
        rows.append({by: row[by], "attempts": row["attempts"], **rates, **({"no_score": why} if why else {})})
    return rows


def run_summary(run_id: str, root: str | None = None) -> RunSummary:
    """Return a run's metrics per suite, and success by app and by tag."""
    store = _store(run_id, root)
    result = load_result(store)
    by_app, by_tag = _groups(store, "app"), _groups(store, "tag")
    return RunSummary(run_id=store.run_id, suites=result.as_json()["suites"], by_app=by_app, by_tag=by_tag)


def task_results(run_id: str, root: str | None = None) -> list[dict[str, Any]]:
    """Return one row per task of a run."""
    return diagnosis.task_results(_store(run_id, root)).to_dict("records")


#: task_results_page's page size when none is given, and the largest page it serves.
RESULT_PAGE_DEFAULT: int = 50
RESULT_PAGE_MAX: int = 500


def task_results_page(run_id: str, root: str | None = None, offset: int = 0,
                      limit: int = RESULT_PAGE_DEFAULT) -> TaskResultsPage:
    """Return one page of :func:`task_results`: ``limit`` rows from ``offset``, the number of the run's tasks
    (``total``) and the offset of the next page (``next_offset``, None on the last page)."""
    store = None

    def rows() -> list[dict[str, Any]]:
        nonlocal store
        store = _store(run_id, root)
        return diagnosis.task_results(store).to_dict("records")

    tasks, fields = paged(rows, offset, limit, RESULT_PAGE_MAX, lambda n: f"run {store.run_id} has {n} task(s)")
    return TaskResultsPage(run_id=store.run_id, tasks=tasks, **fields)


def _locate(attempt_id: str, run_id: str | None, root: str | None, name: str = "attempt_id") -> RunStore:
    """Return the run holding ``attempt_id``; errors name the caller's argument ``name``."""
    if not isinstance(attempt_id, str) or not attempt_id:  # None or 3 failed as "argument of type ... is not iterable"
        raise arg_error(name, f"an attempt id ('run_id/attempt_id', or one a run holds), got {attempt_id!r}")
    not_blank("run_id", run_id)  # "" searched every run for the attempt
    if "/" in attempt_id:
        given, attempt_id = attempt_id.rsplit("/", 1)
        # the run part of the caller's attempt id: an error names that argument, not run_id (which may not be given)
        if run_id and _store(given, root, name).dir.resolve() != _store(run_id, root).dir.resolve():
            # the id's own run was dropped for run_id, and the whole "run/attempt" then looked up as an attempt id
            raise arg_error(name, f"{given}/{attempt_id} is an attempt of run {given}, not of run {run_id}: "
                                  "give the run once, in the id or as the run")
        run_id, run_argument = given, name
    else:
        run_argument = "run_id"
    if run_id:
        store = _store(run_id, root, run_argument)
        if attempt_id not in store.done_ids():
            raise arg_error(name, f"run {run_id} has no attempt {attempt_id!r}{unfinished_note(store, attempt_id)}")
        return store
    unreadable = []
    for store in list_runs(root):
        try:
            if attempt_id in store.done_ids():
                return store
        except ValueError:  # a damaged attempt table (it names the file and line) must not hide the other runs
            unreadable.append(store.run_id)
    skipped = f" (runs whose attempt table cannot be read: {', '.join(unreadable)})" if unreadable else ""
    raise arg_error(name, f"no run under {root or DEFAULT_RUNS} has attempt {attempt_id!r}{skipped}")


def get_attempt(attempt_id: str, run_id: str | None = None, root: str | None = None) -> AttemptInfo:
    """Return an attempt (``run_id/attempt_id``, or an attempt id of the newest run holding it)."""
    store = _locate(attempt_id, run_id, root)
    aid = attempt_id.rsplit("/", 1)[-1]
    info = diagnosis.attempt(store, aid)
    return AttemptInfo(run_id=store.run_id, **info)


def get_step(attempt_id: str, step: int, run_id: str | None = None, root: str | None = None) -> tuple[StepInfo, bytes]:
    """Return one step of an attempt and its screenshot after the step (JPEG/PNG bytes)."""
    if isinstance(step, bool) or not isinstance(step, numbers.Integral):
        # int() took 1.7 as step 1 and failed on "abc" or None with a message that named no argument
        raise arg_error("step", f"a step index (a whole number), got {type(step).__name__} {step!r}")
    store = _locate(attempt_id, run_id, root)
    aid = attempt_id.rsplit("/", 1)[-1]
    try:
        rec = diagnosis.step(store, aid, int(step))
    except IndexError as exc:
        raise arg_error("step", str(exc)) from None
    info = StepInfo(run_id=store.run_id, attempt_id=aid, index=int(rec["index"]), screen_before=rec.get("screen_before"),
                    screen_after=rec.get("screen_after"), output=rec["output"], actions=rec["actions"] or [],
                    parse_error=rec.get("parse_error"), note=rec.get("note"), results=rec["results"] or [],
                    state_diff=rec.get("state_diff") or [], screenshot=rec["screenshot_after"],
                    policy_ms=rec.get("policy_ms"), env_ms=rec.get("env_ms"),
                    usage=rec.get("usage") if isinstance(rec.get("usage"), dict) else None)
    try:
        return info, Path(info.screenshot).read_bytes()
    except FileNotFoundError:  # the bare OSError named a path but not which attempt and step, nor what to do
        raise FileNotFoundError(f"run {store.run_id}: attempt {aid!r} step {info.index}: its screenshot "
                                f"{info.screenshot} is missing (the run was copied or pruned without its "
                                "screenshots/); attempt_steps lists the step without it") from None


STEP_BRIEF = ("index", "screen_before", "screen_after", "output", "actions", "parse_error", "note", "policy_ms", "env_ms",
              "screenshot_after")


def attempt_steps(attempt_id: str, run_id: str | None = None, root: str | None = None) -> list[dict[str, Any]]:
    """Return an attempt's steps in order, each with :data:`STEP_BRIEF` and ``ok`` (every action of the step ran);
    screenshot paths are absolute."""
    store = _locate(attempt_id, run_id, root)
    rows = diagnosis.steps(store, attempt_id.rsplit("/", 1)[-1]).to_dict("records")
    return [{**{k: r.get(k) for k in STEP_BRIEF}, "ok": all(x.get("ok", False) for x in r.get("results") or [])}
            for r in rows]


def compare_attempts(attempt_a: str, attempt_b: str, run_id: str | None = None, root: str | None = None) -> dict[str, Any]:
    """Compare two attempts: outcomes and the first step where they diverge; ``run_a`` / ``run_b`` name their runs.

    Each attempt is ``run_id/attempt_id``, or a bare id of ``run_id``. Without ``run_id`` a bare id is looked up in
    the other attempt's run when that is given, else in the newest run holding both (the same attempt ids recur in
    every run of a suite: looked up apart, each came from the newest run holding it, and one run's failure was
    silently compared with another run's success).
    """
    not_blank("run_id", run_id)  # "" looked both up as if no run were given
    bare_a, bare_b = "/" not in str(attempt_a), "/" not in str(attempt_b)
    if run_id is None and bare_a != bare_b:  # the bare one in the other's run, when it holds it
        store = _locate(attempt_b if bare_a else attempt_a, None, root, "attempt_b" if bare_a else "attempt_a")
        if _holds(store, attempt_a if bare_a else attempt_b):
            attempt_a, attempt_b = ((f"{store.dir}/{attempt_a}", attempt_b) if bare_a
                                    else (attempt_a, f"{store.dir}/{attempt_b}"))
    elif run_id is None and bare_a and bare_b:
        both = next((s for s in list_runs(root) if _holds(s, attempt_a) and _holds(s, attempt_b)), None)
        if both is None:  # a missing attempt is named as such; two found apart are of two runs
            _locate(attempt_a, None, root, "attempt_a"), _locate(attempt_b, None, root, "attempt_b")
            raise arg_error("attempt_b", f"no run under {root or DEFAULT_RUNS} holds both {attempt_a!r} and {attempt_b!r}: "
                                         "give each as 'run_id/attempt_id'")
        run_id = str(both.dir)
    store_a, store_b = _locate(attempt_a, run_id, root, "attempt_a"), _locate(attempt_b, run_id, root, "attempt_b")
    found = diagnosis.compare(store_a, attempt_a.rsplit("/", 1)[-1], attempt_b.rsplit("/", 1)[-1], run_b=store_b)
    return {"run_a": store_a.run_id, "run_b": store_b.run_id, **found}


def _holds(store: RunStore, attempt_id: str) -> bool:
    """Return whether ``store`` has a result for ``attempt_id`` (False for a run whose attempt table is damaged)."""
    try:
        return attempt_id in store.done_ids()
    except ValueError:
        return False


#: diagnose_run's bounds on its lists, when it is asked for a bounded report (the MCP tool's defaults and ranges)
DIAGNOSIS_EXAMPLES, DIAGNOSIS_EXAMPLES_RANGE = 5, (0, 100)
DIAGNOSIS_RATES, DIAGNOSIS_RATES_RANGE = 20, (1, 1000)


def diagnose_run(run_id: str, root: str | None = None, examples: int | None = None,
                 rates: int | None = None) -> diagnosis.DiagnosisReport:
    """Return the diagnosis report of a run: whole (None), or bounded for a reply that must stay small: each finding
    list (``actions.*``, ``trajectories.*``, ``divergences``, ``env_errors``, ``unfinished``) cut to its first
    ``examples`` items and each rate list (``by_app``, ``by_tag``, ``by_criterion``, ``unscored_by_*``: worst first)
    to ``rates``; the report's ``cut`` names every list shortened, with its full length. Counts
    (``attempts``, ``action_counts``, ``parse_error_kinds``) and ``weak_capabilities`` stay whole."""
    if examples is not None:
        examples = bounds.check("examples", examples, DIAGNOSIS_EXAMPLES_RANGE)
    if rates is not None:
        rates = bounds.check("rates", rates, DIAGNOSIS_RATES_RANGE)
    report = diagnosis.diagnose(_store(run_id, root))
    cut: dict[str, int] = {}

    def first(name: str, items: list, n: int | None) -> list:
        if n is None or len(items) <= n:
            return items
        cut[name] = len(items)
        return items[:n]

    update: dict[str, Any] = {
        "actions": {k: first(f"actions.{k}", v, examples) for k, v in report.actions.items()},
        "trajectories": {k: first(f"trajectories.{k}", v, examples) for k, v in report.trajectories.items()},
        **{k: first(k, getattr(report, k), examples) for k in ("divergences", "env_errors", "unfinished")},
        **{k: first(k, getattr(report, k), rates) for k in ("by_app", "by_tag", "by_criterion", "unscored_by_app",
                                                               "unscored_by_tag")}}
    return report.model_copy(update={**update, "cut": cut}) if cut else report


#: fleet_status's samples (the last ones) by default and at most, when bounded: a run samples its fleet every second
FLEET_SAMPLES, FLEET_SAMPLES_MAX = 60, bounds.FLEET_SAMPLES[1]


def fleet_status(run_id: str | None = None, root: str | None = None, limit: int | None = FLEET_SAMPLES) -> FleetStatus:
    """Return a run's env fleet over time (default: the newest run with a fleet log) with its last ``limit`` samples
    (1 to :data:`FLEET_SAMPLES_MAX`; None: every one, for Python callers); errors name ``run_id``/``limit``."""
    # an hour's run holds 3,600 samples: limit=10**9 replied with every one; True was read as 1
    limit = fleet.check_limit(limit)
    not_blank("run_id", run_id)  # "" took the newest run with a fleet log
    try:
        return fleet.fleet_status(run_id, root, limit)
    except FileNotFoundError as exc:
        raise arg_error("run_id", str(exc)) from None
    except ValueError as exc:
        raise arg_error("limit", str(exc)) from None
