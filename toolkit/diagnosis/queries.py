"""Queries over the trajectory store: runs, summaries, per-task results, attempts, steps, comparisons.

Every function takes a run id or folder (or a RunStore) and returns plain data or DataFrames; the
CLI, the MCP tools, the widgets and the report all read runs through these.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from toolkit.evaluation import summarize
from toolkit.store import RunStore, list_runs

RunRef = str | Path | RunStore


def open_run(run: RunRef) -> RunStore:
    """Return the RunStore of a run id, folder or store."""
    return run if isinstance(run, RunStore) else RunStore.open(run)


def runs(root: str | Path | None = None) -> pd.DataFrame:
    """Return one row per run under ``root``: id, purpose, agent, suites, attempts, SR, folder."""
    rows = []
    for store in list_runs(root):
        manifest = store.manifest
        attempts = store.attempt_rows()
        rows.append({"run_id": store.run_id, "purpose": manifest.get("purpose", "eval"), "agent": manifest.get("agent"),
                     "suites": ",".join(manifest.get("suites", [])), "attempts": len(attempts),
                     "SR": (sum(a["outcome"] == "success" for a in attempts) / len(attempts)) if attempts else 0.0,
                     "run_dir": str(store.dir)})
    return pd.DataFrame(rows, columns=["run_id", "purpose", "agent", "suites", "attempts", "SR", "run_dir"])


def _none_for_nan(df: pd.DataFrame) -> pd.DataFrame:
    """Missing values as None (not NaN), so records read like the JSON they came from."""
    return df.astype(object).where(df.notna(), None) if not df.empty else df


def attempts(run: RunRef) -> pd.DataFrame:
    """Return the attempt table, sorted by task and trial."""
    df = open_run(run).attempts()
    return df.sort_values(["task_id", "trial"], kind="stable").reset_index(drop=True) if not df.empty else df


def summary(run: RunRef, by: str = "suite") -> pd.DataFrame:
    """Return metrics grouped by ``suite``, ``app``, ``tag``, ``difficulty`` or ``split``."""
    df = attempts(run)
    if df.empty:
        return summarize(df)
    if by in ("app", "tag"):
        column = "apps" if by == "app" else "tags"
        df = df.explode(column).rename(columns={column: by})
        df = df[df[by].notna() & (df[by] != "answersheet")]
    elif by not in df.columns:
        raise ValueError(f"summary by {by!r}: expected suite, app, tag, difficulty or split")
    return summarize(df, by=by)


def task_results(run: RunRef) -> pd.DataFrame:
    """Return one row per task: attempts, successes, SR, mean reward, mean steps and the outcomes seen."""
    df = attempts(run)
    if df.empty:
        return pd.DataFrame(columns=["task_id", "attempts", "successes", "SR", "mean_reward", "mean_steps", "outcomes"])
    rows = []
    for task_id, group in df.groupby("task_id"):
        successes = int((group["outcome"] == "success").sum())
        rows.append({"task_id": task_id, "attempts": len(group), "successes": successes, "SR": successes / len(group),
                     "mean_reward": float(group["reward"].mean()), "mean_steps": float(group["steps"].mean()),
                     "outcomes": {str(k): int(v) for k, v in group["outcome"].value_counts().items()}})
    out = pd.DataFrame(rows)
    return out[["task_id", "attempts", "successes", "SR", "mean_reward", "mean_steps", "outcomes"]]


def attempts_of(run: RunRef, task_id: str) -> pd.DataFrame:
    """Return the attempts of one task (short or full id)."""
    df = attempts(run)
    return df[(df["task_id"] == task_id) | df["task_id"].str.endswith("/" + task_id)].reset_index(drop=True)


def attempt(run: RunRef, attempt_id: str) -> dict[str, Any]:
    """Return one attempt: its table row, instance, verdict (per criterion) and step count."""
    store = open_run(run)
    row = next((r for r in store.attempt_rows() if r["attempt_id"] == attempt_id), None)
    if row is None:
        raise KeyError(f"run {store.run_id} has no attempt {attempt_id!r}")
    records = store.trajectory(attempt_id)
    header = next(r for r in records if r["kind"] == "attempt")
    verdict = next((r for r in records if r["kind"] == "verdict"), {})
    return {"row": row, "instance": header["instance"], "initial_screenshot": str(store.dir / header["screenshot"]),
            "verdict": {k: verdict.get(k) for k in ("criteria", "reward", "success", "clean", "side_effects", "error",
                                                   "claimed", "answer", "termination")},
            "steps": sum(1 for r in records if r["kind"] == "step")}


def steps(run: RunRef, attempt_id: str) -> pd.DataFrame:
    """Return the steps of an attempt with absolute screenshot paths."""
    store = open_run(run)
    df = _none_for_nan(store.steps(attempt_id))
    for col in ("screenshot_before", "screenshot_after"):
        if col in df:
            df[col] = df[col].map(lambda p: str(store.dir / p))
    return df


def step(run: RunRef, attempt_id: str, index: int) -> dict[str, Any]:
    """Return one step record (prompt, output, actions, results, state diff, timings, screenshot paths)."""
    df = steps(run, attempt_id)
    if not 0 <= index < len(df):
        raise IndexError(f"attempt {attempt_id!r} has steps 0..{len(df) - 1}, not {index}")
    return df.iloc[index].to_dict()


def step_signature(record: dict[str, Any]) -> tuple:
    """Return what identifies a step for comparison: the screen before it and the actions taken."""
    return (record.get("screen_before"), record.get("state_hash_before"), str(record.get("actions")))


def first_divergence(a: pd.DataFrame, b: pd.DataFrame) -> int | None:
    """Return the first step index where two attempts differ (screen, state or actions), or None."""
    for i in range(min(len(a), len(b))):
        if step_signature(a.iloc[i].to_dict()) != step_signature(b.iloc[i].to_dict()):
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def compare(run: RunRef, attempt_a: str, attempt_b: str, run_b: RunRef | None = None) -> dict[str, Any]:
    """Compare two attempts (of one run, or of two runs): outcomes, step counts and the first divergent step."""
    sa, sb = steps(run, attempt_a), steps(run_b or run, attempt_b)
    first = first_divergence(sa, sb)
    at = lambda df, i: df.iloc[i].to_dict() if i is not None and i < len(df) else None  # noqa: E731
    return {"a": attempt(run, attempt_a)["row"], "b": attempt(run_b or run, attempt_b)["row"], "first_divergence": first,
            "a_step": _brief(at(sa, first)), "b_step": _brief(at(sb, first))}


def _brief(record: dict[str, Any] | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {k: record.get(k) for k in ("index", "screen_before", "output", "actions", "note", "screenshot_before")}
