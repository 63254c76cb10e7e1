"""``diagnose(run) -> DiagnosisReport``: what went wrong, at three levels.

- actions: parse errors, off-screen coordinates, no-effect actions (state and screen unchanged),
  repeated actions, loops, outputs cut at the token limit (``truncated``: raise ``max_tokens``), and steps whose
  policy failed (``policy_errors``: it raised, or answered no text; the empty output is no parse error of the model);
- trajectories: false complete, overdue, budget exhausted, side effects (with the state paths),
  wrong answers (query tasks that submitted an answer: the answer given against the expected fields; one that
  gave none is not a wrong answer), and verifier errors apart;
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

Infrastructure problems are listed too, not only counted: ``env_errors`` groups the rows of ``env_errors.jsonl``
(env failures and model outages, each a rerun) by kind, operation and message; ``unfinished`` names the attempts
that have no result because every try failed (``guigym eval --resume`` runs them). An app or tag whose every
attempt had a verifier error has no rate: it is in ``unscored_by_app`` / ``unscored_by_tag``, not in the rates.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from typing import Any

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from toolkit import bounds
from toolkit.diagnosis.queries import VERIFIER_ERROR, RunRef, attempts, first_divergence, open_run, steps
from toolkit.store.ids import finished_ids

ACTION_FINDINGS = ("parse_errors", "off_screen", "no_effect", "repeats", "loops", "truncated", "policy_errors")
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


class Unscored(BaseModel):
    """An app or tag with no scored attempt (every attempt's verifier failed): it has no rate, not a rate of 0."""

    model_config = ConfigDict(extra="forbid")
    name: str
    verifier_errors: int


class EnvErrorGroup(BaseModel):
    """The env-error rows (reruns) of one kind, operation and message: how many, and which attempts they hit."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    op: str
    message: str
    count: int
    attempts: int
    examples: list[str] = Field(default_factory=list)  # the first attempt ids hit, in the order of the rows


class Unfinished(BaseModel):
    """An attempt with no result: every try failed in the env or the model service."""

    model_config = ConfigDict(extra="forbid")
    attempt_id: str
    task_id: str | None = None
    trial: int | None = None
    tries: int
    last_error: str = ""


class DiagnosisReport(BaseModel):
    """The diagnosis of one run.

    ``attempts`` counts every finished attempt; ``success_rate`` (None when none was scored) and the rates are over
    the scored ones (``trajectories["verifier_errors"]`` lists the rest). ``env_errors`` and ``unfinished`` list the
    reruns and the attempts with no result at all.
    """

    model_config = ConfigDict(extra="forbid")
    run_id: str
    attempts: int
    success_rate: float | None  # None: no attempt scored (a rate of 0 would read as an agent that failed all)
    actions: dict[str, list[Finding]] = Field(default_factory=dict)
    action_counts: dict[str, int] = Field(default_factory=dict)
    parse_error_kinds: dict[str, int] = Field(default_factory=dict)
    trajectories: dict[str, list[Finding]] = Field(default_factory=dict)
    by_app: list[Rate] = Field(default_factory=list)
    by_tag: list[Rate] = Field(default_factory=list)
    by_criterion: list[Rate] = Field(default_factory=list)
    divergences: list[Finding] = Field(default_factory=list)
    weak_capabilities: list[str] = Field(default_factory=list)
    unscored_by_app: list[Unscored] = Field(default_factory=list)
    unscored_by_tag: list[Unscored] = Field(default_factory=list)
    env_errors: list[EnvErrorGroup] = Field(default_factory=list)
    unfinished: list[Unfinished] = Field(default_factory=list)
    #: the lists a bounded copy shortened (``toolkit.api.diagnose_run`` with ``examples``), each with its full length,
    #: e.g. ``{"actions.no_effect": 434, "by_criterion": 111}``; empty: every list is whole
    cut: dict[str, int] = Field(default_factory=dict)

    def to_json(self) -> str:
        """Return the report as JSON text."""
        return self.model_dump_json(indent=2)

    def to_markdown(self, examples: int = 3, limit: int = 20) -> str:
        """Return the report as Markdown (counts, top rates, a few examples of each finding).

        Free text (details, names, messages) is escaped: it reads as the text it is, and cannot break a table or
        inject HTML. A long list shows its first ``limit`` items and says how many more there are.
        """
        from toolkit.diagnosis.markdown import report_markdown

        return report_markdown(self, examples, limit)


def _rates(groups: dict[str, list[bool]]) -> list[Rate]:
    rates = [Rate(name=k, attempts=len(v), failures=sum(not ok for ok in v), rate=sum(not ok for ok in v) / len(v))
             for k, v in groups.items() if v]
    return sorted(rates, key=lambda r: (-r.rate, -r.attempts, r.name))


def _unscored(verifier_errors: Counter, scored: dict[str, list[bool]]) -> list[Unscored]:
    """Return the groups with verifier errors and no scored attempt, most verifier errors first."""
    ranked = sorted(verifier_errors.items(), key=lambda kv: (-kv[1], kv[0]))
    return [Unscored(name=k, verifier_errors=n) for k, n in ranked if not scored.get(k)]


def _env_fields(row: dict[str, Any]) -> tuple[str, str, str]:
    """Return the (kind, op, message) of an env-error row ("unknown" for what a row of an older run lacks)."""
    return (str(row.get("kind") or "unknown"), str(row.get("op") or "unknown"),
            str(row.get("message") or row.get("error") or ""))


def env_error_groups(rows: list[dict[str, Any]], examples: int = 5) -> list[EnvErrorGroup]:
    """Return the env-error rows grouped by (kind, op, message), most reruns first (then first seen).

    Each group counts its rows (reruns) and the attempts they hit, and keeps the first ``examples`` attempt ids.
    """
    counts: Counter = Counter()
    # the attempts of each group, as dict keys: a set that keeps the order they were first hit in
    hit: dict[tuple[str, str, str], dict[str, None]] = defaultdict(dict)
    for row in rows:
        key = _env_fields(row)
        counts[key] += 1
        if row.get("attempt_id") is not None:
            hit[key][str(row["attempt_id"])] = None
    order = sorted(counts, key=lambda k: -counts[k])  # stable: ties keep the order they were first seen in
    return [EnvErrorGroup(kind=k[0], op=k[1], message=k[2], count=counts[k], attempts=len(hit[k]),
                          examples=list(hit[k])[:examples]) for k in order]


_TRIAL = re.compile(r"__t(\d+)$")  # attempt ids end with __t<trial> (toolkit.store.attempt_id)


def unfinished_attempts(rows: list[dict[str, Any]], done: set[str]) -> list[Unfinished]:
    """Return the attempts of the env-error rows that have no result (not in ``done``), by task and trial."""
    tries: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row.get("attempt_id") is not None and row["attempt_id"] not in done:
            tries[str(row["attempt_id"])].append(row)
    found = []
    for aid, failed in tries.items():
        last = failed[-1]  # rows are appended as the tries fail: the last one is the latest failure
        trial = last.get("trial")
        if trial is None and (match := _TRIAL.search(aid)):
            trial = int(match.group(1))
        kind, op, message = _env_fields(last)
        found.append(Unfinished(attempt_id=aid, task_id=last.get("task_id"), trial=trial, tries=len(failed),
                                last_error=f"{kind} during {op}: {message}"))
    return sorted(found, key=lambda u: (u.task_id or "", u.trial if u.trial is not None else -1, u.attempt_id))


def _expected_answer(params: dict[str, Any]) -> str:
    return json.dumps(params, default=str)[:200]


def diagnose(run: RunRef, min_support: int = 2) -> DiagnosisReport:
    """Return the diagnosis of a run (see the module docstring for what is found).

    A run with no finished attempt gets an empty diagnosis (every action and trajectory finding listed, with none
    found), but for its env errors and unfinished attempts.

    Raises:
        ValueError: ``min_support`` (the attempts a tag needs to be a weak capability) is not a whole number >= 1
            ("2" failed as a bare comparison TypeError, and only on a run with attempts).
    """
    min_support = bounds.check("min_support", min_support, (1, None))
    store = open_run(run)
    table = attempts(store)
    env_rows = store.env_error_rows()
    done = finished_ids(table.to_dict("records"), env_rows) if not table.empty else set()
    env_errors, unfinished = env_error_groups(env_rows), unfinished_attempts(env_rows, done)
    if table.empty:
        return DiagnosisReport(run_id=store.run_id, attempts=0, success_rate=None,
                               actions={k: [] for k in ACTION_FINDINGS}, action_counts={k: 0 for k in ACTION_FINDINGS},
                               trajectories={k: [] for k in TRAJECTORY_FINDINGS},
                               env_errors=env_errors, unfinished=unfinished)
    scored = table[table["outcome"] != VERIFIER_ERROR]
    report = DiagnosisReport(run_id=store.run_id, attempts=len(table),
                             success_rate=float((scored["outcome"] == "success").mean()) if len(scored) else None,
                             env_errors=env_errors, unfinished=unfinished)
    acts: dict[str, list[Finding]] = defaultdict(list)
    trajs: dict[str, list[Finding]] = defaultdict(list)
    kinds: Counter = Counter()
    by_app, by_tag, by_crit = defaultdict(list), defaultdict(list), defaultdict(list)
    unscored_app, unscored_tag = Counter(), Counter()  # verifier errors per app and tag
    step_frames = {}
    for row in table.to_dict("records"):
        aid, tid, ok = row["attempt_id"], row["task_id"], row["outcome"] == "success"
        df, missing = _readable_steps(store, row)
        if missing:
            trajs["missing_steps"].append(Finding(attempt_id=aid, task_id=tid, detail=missing))
        else:  # only complete attempts are compared step by step, on what a comparison reads: the rest of a step
            # (prompt, elements, state diff) held for every attempt of a large run would fill the memory. copy():
            # a column selection is a view of pandas' one block of every object column, which keeps them all alive
            step_frames[aid] = df[[c for c in _COMPARED if c in df.columns]].copy()
        _action_findings(df, aid, tid, acts, kinds)
        if row["termination"] in ("loop", "invalid_output"):
            detail = ("stopped by loop detection" if row["termination"] == "loop"
                      else "stopped by loop detection: outputs with no valid action, screen unchanged")
            last = len(df) - 1 if row["steps"] != row["steps"] else int(row["steps"]) - 1  # NaN: an older row's gap
            acts["loops"].append(Finding(attempt_id=aid, task_id=tid, step=last, detail=detail))
        if row["outcome"] == VERIFIER_ERROR:
            # the verdict is unknown: neither a failure nor a success of the agent
            trajs["verifier_errors"].append(Finding(attempt_id=aid, task_id=tid,
                                                    detail=str(row.get("verifier_error"))[:200]))
            unscored_app.update(a for a in row.get("apps") or [] if a != "answersheet")
            unscored_tag.update(row.get("tags") or [])
            continue
        _trajectory_findings(row, ok, trajs, _given_answer(row, df))
        for app in row.get("apps") or []:
            if app != "answersheet":
                by_app[app].append(ok)
        for tag in row.get("tags") or []:
            by_tag[tag].append(ok)
        for crit, passed in (row.get("criteria") or {}).items():
            by_crit[f"{tid.split('/')[-1]}:{crit}"].append(bool(passed))
    report.divergences = _divergences(scored, step_frames)
    report.actions = {k: acts.get(k, []) for k in ACTION_FINDINGS}
    report.action_counts = {k: len(v) for k, v in report.actions.items()}
    report.parse_error_kinds = dict(kinds)
    report.trajectories = {k: trajs.get(k, []) for k in TRAJECTORY_FINDINGS}
    report.by_app, report.by_tag, report.by_criterion = _rates(by_app), _rates(by_tag), _rates(by_crit)
    report.unscored_by_app, report.unscored_by_tag = _unscored(unscored_app, by_app), _unscored(unscored_tag, by_tag)
    report.weak_capabilities = [r.name for r in report.by_tag if r.attempts >= min_support and r.failures > 0]
    return report


_NOT_DEVICE = ("terminate", "ask_user", "answer", "wait")
#: the step fields the divergences read (:func:`~toolkit.diagnosis.queries.step_signature` and the finding's detail)
_COMPARED = ("index", "screen_before", "state_hash_before", "actions")


def _readable_steps(store, row: dict[str, Any]) -> tuple[pd.DataFrame, str]:
    """Return the steps of an attempt that can be read, and why they fall short of its row ("" when they do not)."""
    try:
        df = steps(store, row["attempt_id"])
    except FileNotFoundError:
        return pd.DataFrame(), "its trajectory file is missing"
    expected = row.get("steps")
    if not isinstance(expected, (int, float)) or expected != expected:  # a row of an older run: no count (None, NaN)
        return df, ""
    expected = int(expected)
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
        if rec.get("policy_error"):
            # the policy (agent code, or its client) failed: the model said nothing, so the "no 'Action:' line" its
            # empty output got is no parse error of the model's; it was counted as one and the crash went unseen
            found("policy_errors", str(rec["policy_error"])[:160])
            error = ""
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
        # the screen before: the previous step's, or for the first step the one it recorded (a run stored before
        # steps recorded it has none: then the state alone decides)
        before = previous_image if previous_image is not None else rec.get("image_hash_before")
        unchanged_screen = before is None or before == rec.get("image_hash_after")
        same_screen = rec.get("screen_before") == rec.get("screen_after")
        if device_actions and unchanged_state and unchanged_screen and same_screen:
            found("no_effect", f"{device_actions[0]} changed nothing on {rec.get('screen_before')}")
        if device_actions and previous_actions == rec.get("actions"):
            found("repeats", f"{device_actions[0]} repeated")
        previous_image, previous_actions = rec.get("image_hash_after"), rec.get("actions")


_SHEET = "apps.answersheet.data."
_UNKNOWN = object()  # the steps cannot tell whether an answer was given


def _given_answer(row: dict[str, Any], df: pd.DataFrame) -> Any:
    """Return the answer an attempt gave: the AnswerSheet values it submitted last (read from its steps' state
    changes), else the answer of its ``terminate``; None when it gave none; ``_UNKNOWN`` when its steps cannot tell
    (no recorded state changes, or a step's changes cut short)."""
    values: dict[str, Any] = {}
    submitted, cut = False, "state_diff" not in df.columns
    for changes in df.get("state_diff", []):
        for change in changes if isinstance(changes, list) else []:
            path = str(change.get("path"))
            if path == _SHEET + "submitted" and change.get("after") is True:
                submitted = True
            elif path == _SHEET + "values" and isinstance(change.get("after"), dict):
                values = dict(change["after"])
            elif path.startswith(_SHEET + "values."):
                values[path.removeprefix(_SHEET + "values.")] = change.get("after")
            cut = cut or path.startswith("... ")
    if submitted:
        return values
    if row.get("answer") is not None:
        return row["answer"]
    return _UNKNOWN if cut else None


def _trajectory_findings(row: dict[str, Any], ok: bool, trajs: dict[str, list[Finding]], given: Any = _UNKNOWN) -> None:
    """Add the trajectory-level findings of one scored attempt to ``trajs``; ``given``: the answer it gave
    (:func:`_given_answer`): a query attempt that gave none failed to answer, it gave no wrong answer."""
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
    if is_query and not ok and row.get("verifier_error") is None and failed and given is not None:
        said = "" if given is _UNKNOWN else f"answered {json.dumps(given, default=str, ensure_ascii=False)[:200]}; "
        found("wrong_answers", f"{said}failed {failed}; parameters {_expected_answer(row.get('params') or {})}")


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
