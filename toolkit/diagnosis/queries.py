"""Queries over the trajectory store: runs, summaries, per-task results, attempts, steps, comparisons.

Every function takes a run id or folder (or a RunStore) and returns plain data or DataFrames; the
CLI, the MCP tools, the widgets and the report all read runs through these. None of them writes
to the run. Success rates leave out ``verifier_error`` attempts: a crashed verifier is a task bug,
not an agent failure.
"""

from __future__ import annotations

import difflib
import math
from pathlib import Path
from typing import Any

import pandas as pd

from toolkit.evaluation import EvalResult, has_score, summarize
from toolkit.store import RunStore, list_runs

RunRef = str | Path | RunStore | EvalResult
VERIFIER_ERROR = "verifier_error"


def open_run(run: RunRef) -> RunStore:
    """Return the RunStore of a run id, folder, store or EvalResult."""
    return RunStore.open(run)


def runs(root: str | Path | None = None) -> pd.DataFrame:
    """Return one row per run under ``root``: id, purpose, agent, suites, attempts, SR, folder.

    SR is over the scored attempts (verifier errors left out); None for a run with none (no attempt finished yet, or
    every one failed in the env or its verifier), not 0.0, which reads as an agent that failed all. A run whose
    manifest cannot be read is still listed, with purpose ``unknown (manifest.json unreadable)`` and no agent or
    suites; one with a damaged attempt row too, with purpose ``unknown (attempts.jsonl unreadable)`` and 0 attempts
    (reading the run names the row).
    """
    rows = []
    for store in list_runs(root):
        try:
            manifest = store.manifest
        except ValueError:  # a damaged manifest.json: list the run (its attempts are still there), not fail the list
            manifest = {"purpose": "unknown (manifest.json unreadable)"}
        try:
            attempts = store.attempt_rows()
        except ValueError:  # a hand-edited row of the wrong type: one run's damage must not hide every other run
            attempts, manifest = [], {**manifest, "purpose": "unknown (attempts.jsonl unreadable)"}
        scored = [a.get("outcome") for a in attempts if a.get("outcome") != VERIFIER_ERROR]
        rows.append({"run_id": store.run_id, "purpose": manifest.get("purpose", "eval"), "agent": manifest.get("agent"),
                     "suites": ",".join(manifest.get("suites", [])), "attempts": len(attempts),
                     "SR": (scored.count("success") / len(scored)) if scored else None, "run_dir": str(store.dir)})
    df = pd.DataFrame(rows, columns=["run_id", "purpose", "agent", "suites", "attempts", "SR", "run_dir"])
    for column in ("agent", "SR"):  # pandas turns a missing agent or SR into NaN (not JSON)
        df[column] = df[column].astype(object).where(df[column].notna(), None)
    return df


def _none_for_nan(df: pd.DataFrame) -> pd.DataFrame:
    """Missing values as None (not NaN), so records read like the JSON they came from."""
    return df.astype(object).where(df.notna(), None) if not df.empty else df


def attempts(run: RunRef) -> pd.DataFrame:
    """Return the attempt table, sorted by task and trial."""
    df = open_run(run).attempts()
    return df.sort_values(["task_id", "trial"], kind="stable").reset_index(drop=True) if not df.empty else df


def plural(n: int, word: str, words: str | None = None) -> str:
    """Return ``"1 word"`` or ``"n words"`` (``words`` for an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def no_score(row: dict[str, Any]) -> str | None:
    """Return why a summary row (one group) has no rates, e.g. ``n/a — 2 verifier errors``; None when it has some.

    Its rates are over its scored attempts: the finished ones whose verifier did not fail.
    """
    if has_score(row):
        return None
    verifier_errors = int(row.get("verifier_errors") or 0)
    counts = ((verifier_errors, "verifier error"), (int(row.get("unfinished") or 0), "unfinished attempt"))
    why = [plural(n, word) for n, word in counts if n]
    return "n/a — " + (", ".join(why) if why else "no scored attempt")


#: what :func:`summary` groups by
SUMMARY_BY = ("suite", "app", "tag", "difficulty", "split")


def summary(run: RunRef, by: str = "suite") -> pd.DataFrame:
    """Return metrics grouped by ``suite``, ``app``, ``tag``, ``difficulty`` or ``split``.

    A run with no finished attempts gives an empty frame with the ``by`` column and the metric columns.

    Raises:
        ValueError: ``by`` is none of those (for an empty run too: it returned a frame with a ``by`` column of that
            name, and the same call failed once the run had an attempt).
    """
    if by not in SUMMARY_BY:
        raise ValueError(f"summary by {by!r}: expected {', '.join(SUMMARY_BY[:-1])} or {SUMMARY_BY[-1]}")
    df = attempts(run)
    if df.empty:
        return summarize(df, by=by)
    if by in ("app", "tag"):
        column = "apps" if by == "app" else "tags"
        df = df.explode(column).rename(columns={column: by})
        df = df[df[by].notna() & (df[by] != "answersheet")]
    return summarize(df, by=by)


def task_results(run: RunRef) -> pd.DataFrame:
    """Return one row per task: attempts, successes, SR, mean reward, mean steps and the outcomes seen.

    ``attempts`` and ``outcomes`` count every attempt; SR, mean reward and mean steps are over the scored
    ones (verifier errors left out), and None for a task whose every verifier failed.
    """
    columns = ["task_id", "attempts", "successes", "SR", "mean_reward", "mean_steps", "outcomes"]
    df = attempts(run)
    if df.empty:
        return pd.DataFrame(columns=columns)
    rows = []
    for task_id, group in df.groupby("task_id"):
        scored = group[group["outcome"] != VERIFIER_ERROR]
        successes = int((scored["outcome"] == "success").sum())
        n = len(scored)
        rows.append({"task_id": task_id, "attempts": len(group), "successes": successes,
                     "SR": successes / n if n else None,
                     "mean_reward": float(scored["reward"].mean()) if n else None,
                     "mean_steps": float(scored["steps"].mean()) if n else None,
                     "outcomes": {str(k): int(v) for k, v in group["outcome"].value_counts().items()}})
    out = pd.DataFrame(rows, columns=columns)
    return _none_for_nan(out) if out[["SR", "mean_reward", "mean_steps"]].isna().any().any() else out


def attempts_of(run: RunRef, task_id: str) -> pd.DataFrame:
    """Return the attempts of one task (short or full id)."""
    df = attempts(run)
    if df.empty:
        return df
    return df[(df["task_id"] == task_id) | df["task_id"].str.endswith("/" + task_id)].reset_index(drop=True)


def unfinished_note(store: RunStore, attempt_id: str) -> str:
    """Return why ``attempt_id`` has no result when its tries failed in the env or the model service (a clause to
    append to "has no attempt ..."), else ""."""
    tries = [r for r in store.env_error_rows() if r.get("attempt_id") == attempt_id]
    if not tries:
        return ""
    last = tries[-1]
    return (f" with a result: it is unfinished, {plural(len(tries), 'try', 'tries')} failed in the env or the model "
            f"service (last: {last.get('kind', '?')} during {last.get('op', '?')}: {last.get('message', '?')}); "
            f"resuming the run runs it again")


def attempt(run: RunRef, attempt_id: str) -> dict[str, Any]:
    """Return one attempt: its table row, instance, verdict (per criterion) and step count."""
    store = open_run(run)
    row = next((r for r in store.attempt_rows() if r["attempt_id"] == attempt_id), None)
    if row is None:  # why there is none: its tries failed, or the id is mistyped (a task id for an attempt id)
        why = unfinished_note(store, attempt_id)
        if not why:
            close = difflib.get_close_matches(str(attempt_id), [r["attempt_id"] for r in store.attempt_rows()], n=3)
            why = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        raise KeyError(f"run {store.run_id} has no attempt {attempt_id!r}{why}")
    records = store.trajectory(attempt_id)
    header = next((r for r in records if r.get("kind") == "attempt"), None)
    if header is None:  # the store skips lines it cannot parse: here the first one, with the instance
        raise ValueError(f"run {store.run_id}: the trajectory file of {attempt_id!r} is damaged "
                         "(its attempt header cannot be read)")
    return {"row": row, "instance": header["instance"], "initial_screenshot": str(store.dir / header["screenshot"]),
            "verdict": verdict_of(row, records), "steps": sum(1 for r in records if r.get("kind") == "step")}


VERDICT_FIELDS = ("criteria", "reward", "success", "clean", "side_effects", "error", "claimed", "answer", "termination")


def verdict_of(row: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    """Return an attempt's verdict (:data:`VERDICT_FIELDS`) from its trajectory records, else from its table row.

    The row holds the same verdict with criteria as ``{id: passed}`` (no descriptions); it is used when the
    trajectory's verdict line is missing, so a damaged file still shows the scores the rates were computed from.
    """
    verdict = next((r for r in records if r.get("kind") == "verdict"), None)
    if verdict is not None:
        return {k: verdict.get(k) for k in VERDICT_FIELDS}
    # a row from a DataFrame has NaN where the JSON had null
    row = {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()}
    criteria = [{"id": k, "description": "(description not stored in the attempt table)", "passed": bool(v)}
                for k, v in (row.get("criteria") or {}).items()]
    return {**{k: row.get(k) for k in VERDICT_FIELDS}, "criteria": criteria, "error": row.get("verifier_error")}


def steps(run: RunRef, attempt_id: str) -> pd.DataFrame:
    """Return the steps of an attempt with absolute screenshot paths."""
    store = open_run(run)
    df = _none_for_nan(store.steps(attempt_id))
    for col in ("screenshot_before", "screenshot_after"):
        if col in df:
            df[col] = df[col].map(lambda p: str(store.dir / p))
    return df


def step(run: RunRef, attempt_id: str, index: int) -> dict[str, Any]:
    """Return step ``index`` of an attempt (prompt, output, actions, results, state diff, timings, screenshot paths).

    Found by its recorded index, not its position: a damaged line the store skips would shift every later step.
    """
    df = steps(run, attempt_id)
    found = [i for i, recorded in enumerate(df["index"] if "index" in df else []) if recorded == index]
    if not found:
        readable = [int(i) for i in df["index"]] if "index" in df else []
        if readable == list(range(len(df))):
            has = f"steps 0..{len(df) - 1}" if len(df) else "no steps"
            raise IndexError(f"attempt {attempt_id!r} has {has}, not {index}")
        raise IndexError(f"attempt {attempt_id!r} has no readable step {index}: its trajectory file is damaged "
                         f"(readable steps: {', '.join(map(str, readable)) or 'none'})")
    return df.iloc[found[0]].to_dict()


def step_signature(record: dict[str, Any], same_instance: bool = True) -> tuple:
    """Return what identifies a step when two attempts are compared.

    ``same_instance=True`` (both attempts start from the same state): the screen before the step, the
    state hash before it and the full actions. Otherwise the values that differ between instances
    (state hashes, coordinates, typed text) are left out: the screen before the step and the action
    types, with the app of an ``open``.
    """
    if same_instance:
        return (record.get("screen_before"), record.get("state_hash_before"), str(record.get("actions")))
    actions = record.get("actions")
    kinds = tuple((a.get("type"), a.get("app")) if a.get("type") == "open" else a.get("type")
                  for a in (actions if isinstance(actions, list) else []))
    return (record.get("screen_before"), kinds)


def first_divergence(a: pd.DataFrame, b: pd.DataFrame, same_instance: bool = True) -> int | None:
    """Return the first step index where two attempts differ, or None when their steps all match.

    Steps are compared by :func:`step_signature`; pass ``same_instance=False`` for attempts of different
    instances (trials sample different parameters, so their states differ from step 0 on). A shorter
    attempt whose steps all match diverges where it ends.
    """
    for i in range(min(len(a), len(b))):
        if step_signature(a.iloc[i].to_dict(), same_instance) != step_signature(b.iloc[i].to_dict(), same_instance):
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def _initial_state_hash(store: RunStore, attempt_id: str) -> str | None:
    header = next((r for r in store.trajectory(attempt_id) if r.get("kind") == "attempt"), {})
    return header.get("initial_state_hash")


def same_instance(row_a: dict[str, Any], row_b: dict[str, Any], hash_a: str | None = None,
                  hash_b: str | None = None) -> bool:
    """Return whether two attempt rows are of the same task instance.

    Same instance: same task and same instance ``seed``, and, when both are known, the same initial state hash.
    """
    if row_a.get("seed") is None or row_a.get("seed") != row_b.get("seed"):
        return False
    if row_a.get("task_id") != row_b.get("task_id"):
        return False
    return hash_a is None or hash_b is None or hash_a == hash_b


def compare(run: RunRef, attempt_a: str, attempt_b: str, run_b: RunRef | None = None) -> dict[str, Any]:
    """Compare two attempts (of one run, or of two runs): outcomes, step counts and the first divergent step.

    The full step signature (with state hashes) is used only when both attempts are of the same instance
    (:func:`same_instance`); otherwise screens and action types are compared. ``same_instance`` in the
    result says which rule was used.
    """
    store_a, store_b = open_run(run), open_run(run_b or run)
    sa, sb = steps(store_a, attempt_a), steps(store_b, attempt_b)
    row_a, row_b = attempt(store_a, attempt_a)["row"], attempt(store_b, attempt_b)["row"]
    same = same_instance(row_a, row_b, _initial_state_hash(store_a, attempt_a), _initial_state_hash(store_b, attempt_b))
    first = first_divergence(sa, sb, same_instance=same)
    at = lambda df, i: df.iloc[i].to_dict() if i is not None and i < len(df) else None  # noqa: E731
    return {"a": row_a, "b": row_b, "same_instance": same, "first_divergence": first,
            "a_step": _brief(at(sa, first)), "b_step": _brief(at(sb, first))}


def _brief(record: dict[str, Any] | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {k: record.get(k) for k in ("index", "screen_before", "output", "actions", "note", "screenshot_before")}
