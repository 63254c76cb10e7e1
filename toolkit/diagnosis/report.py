"""``diagnose(run) -> DiagnosisReport``: what went wrong, at three levels.

- actions: parse errors, off-screen coordinates, no-effect actions (state and screen unchanged),
  repeated actions, loops, outputs cut at the token limit (``truncated``: raise ``max_tokens``);
- trajectories: false complete, overdue, budget exhausted, side effects (with the state paths),
  wrong answers (query tasks, against the expected fields);
- knowledge: failure rates by app, capability tag and criterion, and for tasks with both
  successes and failures the first step where a failed attempt diverges from a successful one.
The ranked weak capabilities are the input of failure-driven task synthesis.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from toolkit.diagnosis.queries import RunRef, attempts, first_divergence, open_run, steps


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
    """The diagnosis of one run."""

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
        lines = [f"# Diagnosis of run `{self.run_id}`", "",
                 f"{self.attempts} attempts, success rate {self.success_rate:.1%}.", ""]
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


def _rates(groups: dict[str, list[bool]]) -> list[Rate]:
    rates = [Rate(name=k, attempts=len(v), failures=sum(not ok for ok in v), rate=sum(not ok for ok in v) / len(v))
             for k, v in groups.items() if v]
    return sorted(rates, key=lambda r: (-r.rate, -r.attempts, r.name))


def _expected_answer(params: dict[str, Any]) -> str:
    return json.dumps(params, default=str)[:200]


def diagnose(run: RunRef, min_support: int = 2) -> DiagnosisReport:
    """Return the diagnosis of a run (see the module docstring for what is found)."""
    store = open_run(run)
    table = attempts(store)
    report = DiagnosisReport(run_id=store.run_id, attempts=len(table),
                             success_rate=float((table["outcome"] == "success").mean()) if len(table) else 0.0)
    acts: dict[str, list[Finding]] = defaultdict(list)
    trajs: dict[str, list[Finding]] = defaultdict(list)
    kinds: Counter = Counter()
    by_app, by_tag, by_crit = defaultdict(list), defaultdict(list), defaultdict(list)
    step_frames = {}
    for row in table.to_dict("records"):
        aid, tid, ok = row["attempt_id"], row["task_id"], row["outcome"] == "success"
        df = steps(store, aid)
        step_frames[aid] = df
        previous_image, previous_actions = None, None
        for rec in df.to_dict("records"):
            i = int(rec["index"])
            if rec.get("parse_error"):
                kinds[rec.get("parse_error_kind") or "unknown"] += 1
                acts["parse_errors"].append(Finding(attempt_id=aid, task_id=tid, step=i, detail=str(rec["parse_error"])[:160]))
                if "less than or equal to 1000" in str(rec["parse_error"]) or "greater than or equal to 0" in str(rec["parse_error"]):
                    acts["off_screen"].append(Finding(attempt_id=aid, task_id=tid, step=i, detail=str(rec["parse_error"])[:160]))
            usage = rec.get("usage")
            if isinstance(usage, dict) and usage.get("finish_reason") == "length":
                parsed = "; its parse error: " + str(rec["parse_error"])[:100] if rec.get("parse_error") else ""
                acts["truncated"].append(Finding(attempt_id=aid, task_id=tid, step=i,
                                                 detail=f"output cut at {usage.get('completion_tokens', '?')} tokens{parsed}"))
            device_actions = [a for a in rec.get("actions") or [] if a["type"] not in ("terminate", "ask_user", "answer", "wait")]
            unchanged_state = rec.get("state_hash_before") == rec.get("state_hash_after")
            unchanged_screen = previous_image is None or previous_image == rec.get("image_hash_after")
            if device_actions and unchanged_state and unchanged_screen and rec.get("screen_before") == rec.get("screen_after"):
                acts["no_effect"].append(Finding(attempt_id=aid, task_id=tid, step=i,
                                                 detail=f"{device_actions[0]} changed nothing on {rec.get('screen_before')}"))
            if device_actions and previous_actions == rec.get("actions"):
                acts["repeats"].append(Finding(attempt_id=aid, task_id=tid, step=i, detail=f"{device_actions[0]} repeated"))
            previous_image, previous_actions = rec.get("image_hash_after"), rec.get("actions")
        if row["termination"] in ("loop", "invalid_output"):
            detail = ("stopped by loop detection" if row["termination"] == "loop"
                      else "stopped by loop detection: outputs with no valid action, screen unchanged")
            acts["loops"].append(Finding(attempt_id=aid, task_id=tid, step=int(row["steps"]) - 1, detail=detail))
        if row["outcome"] == "false_complete":
            failed = [k for k, v in (row.get("criteria") or {}).items() if not v]
            trajs["false_complete"].append(Finding(attempt_id=aid, task_id=tid, detail=f"claimed success; failed criteria {failed}"))
        if row["outcome"] == "overdue":
            trajs["overdue"].append(Finding(attempt_id=aid, task_id=tid, detail="goal reached but never terminated"))
        if row["termination"] == "step_limit" and not ok:
            trajs["budget_exhausted"].append(Finding(attempt_id=aid, task_id=tid, detail=f"ran out of {row['steps']} steps"))
        if row.get("side_effects"):
            trajs["side_effects"].append(Finding(attempt_id=aid, task_id=tid, detail=", ".join(row["side_effects"][:8])))
        is_query = any(t in ("query", "answer-sheet") for t in row.get("tags") or []) or "answer" in json.dumps(row.get("criteria") or {})
        if is_query and not ok and row.get("verifier_error") is None and (row.get("criteria") or {}):
            failed = [k for k, v in row["criteria"].items() if not v]
            if failed:
                trajs["wrong_answers"].append(Finding(attempt_id=aid, task_id=tid,
                                                      detail=f"failed {failed}; parameters {_expected_answer(row.get('params') or {})}"))
        for app in row.get("apps") or []:
            if app != "answersheet":
                by_app[app].append(ok)
        for tag in row.get("tags") or []:
            by_tag[tag].append(ok)
        for crit, passed in (row.get("criteria") or {}).items():
            by_crit[f"{tid.split('/')[-1]}:{crit}"].append(bool(passed))
    # Divergence: failed attempts of tasks that also have a success.
    for tid, group in table.groupby("task_id"):
        wins = group[group["outcome"] == "success"]
        if wins.empty:
            continue
        win = step_frames[wins.iloc[0]["attempt_id"]]
        for lost in group[group["outcome"] != "success"].to_dict("records"):
            first = first_divergence(step_frames[lost["attempt_id"]], win)
            if first is not None:
                lost_df = step_frames[lost["attempt_id"]]
                took = lost_df.iloc[first]["actions"] if first < len(lost_df) else "(ended)"
                should = win.iloc[first]["actions"] if first < len(win) else "(ended)"
                report.divergences.append(Finding(attempt_id=lost["attempt_id"], task_id=tid, step=first,
                                                  detail=f"did {took} where the success did {should}"))
    report.actions = dict(acts)
    report.action_counts = {k: len(acts.get(k, [])) for k in ("parse_errors", "off_screen", "no_effect", "repeats", "loops",
                                                              "truncated")}
    report.parse_error_kinds = dict(kinds)
    report.trajectories = {k: trajs.get(k, []) for k in ("false_complete", "overdue", "budget_exhausted", "side_effects",
                                                         "wrong_answers")}
    report.by_app, report.by_tag, report.by_criterion = _rates(by_app), _rates(by_tag), _rates(by_crit)
    report.weak_capabilities = [r.name for r in report.by_tag if r.attempts >= min_support and r.failures > 0]
    return report
