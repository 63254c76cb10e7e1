"""``diagnose(run) -> DiagnosisReport``: what went wrong, at three levels.

- actions: parse errors, off-screen coordinates, no-effect actions (state and screen unchanged),
  repeated actions, loops, outputs cut at the token limit (``truncated``: raise ``max_tokens``);
- trajectories: false complete, overdue, budget exhausted, side effects (with the state paths),
  wrong answers (query tasks, against the expected fields), and verifier errors apart;
- knowledge: failure rates by app, capability tag and criterion, and for tasks with both
  successes and failures the first step where a failed attempt diverges from a successful one.
The ranked weak capabilities are the input of failure-driven task synthesis.

Attempts whose verifier crashed (outcome ``verifier_error``) are not the agent's failures: they are
listed in ``trajectories["verifier_errors"]`` and left out of the success rate, the other trajectory
findings, the failure rates, the weak capabilities and the divergences. Their steps still count in the
action findings, which do not depend on the verdict.

An attempt whose trajectory file is missing or damaged (fewer readable steps than its row records) is listed in
``trajectories["missing_steps"]``: its verdict comes from the attempt table, so it keeps its place in every rate,
but its action findings cover only the steps that could be read and it takes no part in the divergences.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from toolkit.diagnosis.queries import VERIFIER_ERROR, RunRef, attempts, first_divergence, open_run, steps

TRAJECTORY_FINDINGS = ("false_complete", "overdue", "budget_exhausted", "side_effects", "wrong_answers",
                       "verifier_errors", "missing_steps")


class Finding(BaseModel):
    """One located problem: which attempt, which step, and what."""

    model_config = ConfigDict(extra="forbid")
    attempt_id: str
    task_id: str
    step: int | None = None
    detail: str = ""


class Rate(BaseModel):
    """A failure rate of one group (app, tag or criterion)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    attempts: int
    failures: int
    rate: float


class DiagnosisReport(BaseModel):
    """The diagnosis of one run.

    ``attempts`` counts every finished attempt; ``success_rate`` and the rates are over the scored ones
    (``trajectories["verifier_errors"]`` lists the rest).
    """

    model_config = ConfigDict(extra="forbid")
    run_id: str
    attempts: int
    success_rate: float
    actions: dict[str, list[Finding]] = Field(default_factory=dict)
    action_counts: dict[str, int] = Field(default_factory=dict)
    parse_error_kinds: dict[str, int] = Field(default_factory=dict)
    trajectories: dict[str, list[Finding]] = Field(default_factory=dict)
    by_app: list[Rate] = Field(default_factory=list)
    by_tag: list[Rate] = Field(default_factory=list)
    by_criterion: list[Rate] = Field(default_factory=list)
    divergences: list[Finding] = Field(default_factory=list)
    weak_capabilities: list[str] = Field(default_factory=list)

    def to_json(self) -> str:
        """Return the report as JSON text."""
        return self.model_dump_json(indent=2)

    def to_markdown(self, examples: int = 3) -> str:
        """Return the report as Markdown (counts, top rates, a few examples of each finding)."""
        lines = [f"# Diagnosis of run `{self.run_id}`", "", self._headline(), ""]
        lines += ["## Actions", "", "| finding | count |", "| --- | --- |"]
        lines += [f"| {k} | {v} |" for k, v in self.action_counts.items()]
        if self.parse_error_kinds:
            lines += ["", "Parse errors by kind: " + ", ".join(f"{k} {v}" for k, v in self.parse_error_kinds.items())]
        for name, found in self.actions.items():
            for f in found[:examples]:
                lines.append(f"- {name}: `{f.attempt_id}` step {f.step}: {f.detail}")
        lines += ["", "## Trajectories", "", "| finding | attempts |", "| --- | --- |"]
        lines += [f"| {k} | {len(v)} |" for k, v in self.trajectories.items()]
        for name, found in self.trajectories.items():
            for f in found[:examples]:
                lines.append(f"- {name}: `{f.attempt_id}`: {f.detail}")
        lines += ["", "## Knowledge", ""]
        for title, rates in (("app", self.by_app), ("capability tag", self.by_tag), ("criterion", self.by_criterion)):
            lines += [f"Failure rate by {title}:", "", f"| {title} | attempts | failures | rate |", "| --- | --- | --- | --- |"]
            lines += [f"| {r.name} | {r.attempts} | {r.failures} | {r.rate:.0%} |" for r in rates[:12]]
            lines.append("")
        if self.divergences:
            lines += ["First divergence of failed attempts from a successful one:", ""]
            lines += [f"- `{f.attempt_id}` step {f.step}: {f.detail}" for f in self.divergences[:examples * 3]]
            lines.append("")
        lines += ["## Weakest capabilities", ""] + [f"{i + 1}. {t}" for i, t in enumerate(self.weak_capabilities)]
        return "\n".join(lines) + "\n"

    def _headline(self) -> str:
        if not self.attempts:
            return ("No finished attempts: nothing to diagnose "
                    "(a stopped run can be finished with `guigym eval --resume`).")
        left_out = len(self.trajectories.get("verifier_errors", []))
        if not left_out:
            return f"{self.attempts} attempts, success rate {self.success_rate:.1%}."
        return (f"{self.attempts} attempts, success rate {self.success_rate:.1%} "
                f"over the {self.attempts - left_out} scored; "
                f"{left_out} left out of every rate and finding below because their verifier failed "
                "(a task or verifier bug, not an agent failure; see verifier_errors).")


def _rates(groups: dict[str, list[bool]]) -> list[Rate]:
    rates = [Rate(name=k, attempts=len(v), failures=sum(not ok for ok in v), rate=sum(not ok for ok in v) / len(v))
             for k, v in groups.items() if v]
    return sorted(rates, key=lambda r: (-r.rate, -r.attempts, r.name))


def _expected_answer(params: dict[str, Any]) -> str:
    return json.dumps(params, default=str)[:200]


def diagnose(run: RunRef, min_support: int = 2) -> DiagnosisReport:
    """Return the diagnosis of a run (see the module docstring for what is found); empty for a run with no attempts."""
    store = open_run(run)
    table = attempts(store)
    if table.empty:
        return DiagnosisReport(run_id=store.run_id, attempts=0, success_rate=0.0,
                               trajectories={k: [] for k in TRAJECTORY_FINDINGS})
    scored = table[table["outcome"] != VERIFIER_ERROR]
    report = DiagnosisReport(run_id=store.run_id, attempts=len(table),
                             success_rate=float((scored["outcome"] == "success").mean()) if len(scored) else 0.0)
    acts: dict[str, list[Finding]] = defaultdict(list)
    trajs: dict[str, list[Finding]] = defaultdict(list)
    kinds: Counter = Counter()
    by_app, by_tag, by_crit = defaultdict(list), defaultdict(list), defaultdict(list)
    step_frames = {}
    for row in table.to_dict("records"):
        aid, tid, ok = row["attempt_id"], row["task_id"], row["outcome"] == "success"
        df, missing = _readable_steps(store, row)
        if missing:
            trajs["missing_steps"].append(Finding(attempt_id=aid, task_id=tid, detail=missing))
        else:
            step_frames[aid] = df  # only complete attempts are compared step by step
        _action_findings(df, aid, tid, acts, kinds)
        if row["termination"] in ("loop", "invalid_output"):
            detail = ("stopped by loop detection" if row["termination"] == "loop"
                      else "stopped by loop detection: outputs with no valid action, screen unchanged")
            acts["loops"].append(Finding(attempt_id=aid, task_id=tid, step=int(row["steps"]) - 1, detail=detail))
        if row["outcome"] == VERIFIER_ERROR:
            # the verdict is unknown: neither a failure nor a success of the agent
            trajs["verifier_errors"].append(Finding(attempt_id=aid, task_id=tid,
                                                    detail=str(row.get("verifier_error"))[:200]))
            continue
        _trajectory_findings(row, ok, trajs)
        for app in row.get("apps") or []:
            if app != "answersheet":
                by_app[app].append(ok)
        for tag in row.get("tags") or []:
            by_tag[tag].append(ok)
        for crit, passed in (row.get("criteria") or {}).items():
            by_crit[f"{tid.split('/')[-1]}:{crit}"].append(bool(passed))
    report.divergences = _divergences(scored, step_frames)
    report.actions = dict(acts)
    report.action_counts = {k: len(acts.get(k, [])) for k in ("parse_errors", "off_screen", "no_effect", "repeats", "loops",
                                                              "truncated")}
    report.parse_error_kinds = dict(kinds)
    report.trajectories = {k: trajs.get(k, []) for k in TRAJECTORY_FINDINGS}
    report.by_app, report.by_tag, report.by_criterion = _rates(by_app), _rates(by_tag), _rates(by_crit)
    report.weak_capabilities = [r.name for r in report.by_tag if r.attempts >= min_support and r.failures > 0]
    return report


_NOT_DEVICE = ("terminate", "ask_user", "answer", "wait")


def _readable_steps(store, row: dict[str, Any]) -> tuple[pd.DataFrame, str]:
    """Return the steps of an attempt that can be read, and why they fall short of its row ("" when they do not)."""
    try:
        df = steps(store, row["attempt_id"])
    except FileNotFoundError:
        return pd.DataFrame(), "its trajectory file is missing"
    expected = int(row.get("steps") or 0)
    if len(df) < expected:  # the store skips lines it cannot parse
        return df, f"{len(df)} of its {expected} steps are readable: its trajectory file is damaged"
    return df, ""


def _action_findings(df, aid: str, tid: str, acts: dict[str, list[Finding]], kinds: Counter) -> None:
    """Add the action-level findings of one attempt's steps to ``acts`` and its parse error kinds to ``kinds``."""
    def found(kind: str, detail: str) -> None:
        acts[kind].append(Finding(attempt_id=aid, task_id=tid, step=i, detail=detail))

    previous_image, previous_actions = None, None
    for rec in df.to_dict("records"):
        i = int(rec["index"])
        error = str(rec["parse_error"]) if rec.get("parse_error") else ""
        if error:
            kinds[rec.get("parse_error_kind") or "unknown"] += 1
            found("parse_errors", error[:160])
            if "less than or equal to 1000" in error or "greater than or equal to 0" in error:
                found("off_screen", error[:160])
        usage = rec.get("usage")
        if isinstance(usage, dict) and usage.get("finish_reason") == "length":
            parsed = "; its parse error: " + error[:100] if error else ""
            found("truncated", f"output cut at {usage.get('completion_tokens', '?')} tokens{parsed}")
        device_actions = [a for a in rec.get("actions") or [] if a["type"] not in _NOT_DEVICE]
        unchanged_state = rec.get("state_hash_before") == rec.get("state_hash_after")
        unchanged_screen = previous_image is None or previous_image == rec.get("image_hash_after")
        same_screen = rec.get("screen_before") == rec.get("screen_after")
        if device_actions and unchanged_state and unchanged_screen and same_screen:
            found("no_effect", f"{device_actions[0]} changed nothing on {rec.get('screen_before')}")
        if device_actions and previous_actions == rec.get("actions"):
            found("repeats", f"{device_actions[0]} repeated")
        previous_image, previous_actions = rec.get("image_hash_after"), rec.get("actions")


def _trajectory_findings(row: dict[str, Any], ok: bool, trajs: dict[str, list[Finding]]) -> None:
    """Add the trajectory-level findings of one scored attempt to ``trajs``."""
    def found(kind: str, detail: str) -> None:
        trajs[kind].append(Finding(attempt_id=row["attempt_id"], task_id=row["task_id"], detail=detail))

    criteria = row.get("criteria") or {}
    failed = [k for k, v in criteria.items() if not v]
    if row["outcome"] == "false_complete":
        found("false_complete", f"claimed success; failed criteria {failed}")
    if row["outcome"] == "overdue":
        found("overdue", "goal reached but never terminated")
    if row["termination"] == "step_limit" and not ok:
        found("budget_exhausted", f"ran out of {row['steps']} steps")
    if row.get("side_effects"):
        found("side_effects", ", ".join(row["side_effects"][:8]))
    is_query = any(t in ("query", "answer-sheet") for t in row.get("tags") or []) or "answer" in json.dumps(criteria)
    if is_query and not ok and row.get("verifier_error") is None and failed:
        found("wrong_answers", f"failed {failed}; parameters {_expected_answer(row.get('params') or {})}")


def _divergences(scored, step_frames: dict[str, Any]) -> list[Finding]:
    """Return where each failed attempt of a task with a success first diverges from a success.

    A success of the same instance (same ``seed``) is preferred and compared with the full step signature.
    Failing that, the first success of the task is used and only screens and action types are compared,
    since another instance has other state hashes and coordinates from step 0 on.
    """
    found = []
    for tid, group in scored.groupby("task_id"):
        wins = group[(group["outcome"] == "success") & group["attempt_id"].isin(step_frames)]
        if wins.empty:
            continue
        for lost in group[group["outcome"] != "success"].to_dict("records"):
            if lost["attempt_id"] not in step_frames:  # its steps are missing: nothing to compare
                continue
            has_seed = "seed" in wins and lost.get("seed") is not None
            twins = wins[wins["seed"] == lost["seed"]] if has_seed else wins.iloc[:0]
            same = not twins.empty
            win_id = (twins if same else wins).iloc[0]["attempt_id"]
            win, lost_df = step_frames[win_id], step_frames[lost["attempt_id"]]
            first = first_divergence(lost_df, win, same_instance=same)
            if first is None:
                continue
            took = lost_df.iloc[first]["actions"] if first < len(lost_df) else "(ended)"
            should = win.iloc[first]["actions"] if first < len(win) else "(ended)"
            how = "same instance" if same else "another instance: screens and action types compared"
            found.append(Finding(attempt_id=lost["attempt_id"], task_id=tid, step=first,
                                 detail=f"did {took} where the success `{win_id}` did {should} ({how})"))
    return found
