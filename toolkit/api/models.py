"""The wire types of the service facade (pydantic, ``extra="forbid"``) and the error that names an argument."""

from __future__ import annotations

from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field

from toolkit import bounds


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SuiteInfo(_Model):
    name: str
    tasks: int | None  # None: the suite cannot be loaded on this machine (``note`` says why)
    note: str | None = None  # why it cannot load, or what a folder of suites holds


class TaskInfo(_Model):
    id: str
    suite: str
    apps: list[str]
    difficulty: str
    tags: list[str]
    split: str
    objective: str
    high_risk: bool


class TaskPage(_Model):
    """One page of the tasks matching a filter: call again with ``offset=next_offset`` for the next."""
    tasks: list[TaskInfo]
    #: the tasks matching the filters, over every page
    total: int
    offset: int
    limit: int
    #: the offset of the next page; None on the last page
    next_offset: int | None = None


class TaskDetail(_Model):
    spec: dict[str, Any]
    instance: dict[str, Any]


class JobInfo(_Model):
    job_id: str
    #: what the job does: ``eval`` (``run_eval``), ``synth_tasks`` or ``synth_audit``
    kind: Literal["eval", "synth_tasks", "synth_audit"] = "eval"
    #: ``cancelling``: :func:`~toolkit.api.jobs.cancel_job` asked it to stop and it is still cleaning up
    status: Literal["running", "done", "failed", "cancelling", "cancelled"]
    run_id: str | None = None
    run_dir: str | None = None
    #: progress: attempts (eval), worlds finished, accepted tasks or not (synth_tasks), or verifiers audited
    #: (synth_audit), of ``total``
    done: int = 0
    total: int = 0
    error: str | None = None
    #: eval: the run's metrics per suite
    summary: dict[str, Any] | None = None
    #: the latest progress line (synth_tasks, synth_audit)
    progress: str | None = None
    #: synth_tasks: the ``SynthReport`` (what the blocking call returned); synth_audit: the audit report; once done
    result: dict[str, Any] | None = None


class RunInfo(_Model):
    run_id: str
    purpose: str
    agent: str | None
    suites: str
    attempts: int
    SR: float | None  # None: no scored attempt
    run_dir: str


class RunPage(_Model):
    """One page of the stored runs, newest first: call again with ``offset=next_offset`` for the next."""
    runs: list[RunInfo]
    #: every stored run, over every page
    total: int
    offset: int
    limit: int
    #: the offset of the next page; None on the last page
    next_offset: int | None = None


class TaskResultsPage(_Model):
    """One page of a run's per-task results (by task id): call again with ``offset=next_offset`` for the next."""
    run_id: str
    #: one row per task: attempts, successes, SR, mean_reward, mean_steps, outcomes
    tasks: list[dict[str, Any]]
    #: the run's tasks, over every page
    total: int
    offset: int
    limit: int
    #: the offset of the next page; None on the last page
    next_offset: int | None = None


class RunSummary(_Model):
    run_id: str
    suites: dict[str, dict[str, int | float | None]]  # null rates: the suite has no scored attempt
    by_app: list[dict[str, Any]]
    by_tag: list[dict[str, Any]]


class AttemptInfo(_Model):
    run_id: str
    row: dict[str, Any]
    initial_screenshot: str
    instance: dict[str, Any]
    verdict: dict[str, Any]
    steps: int


class StepInfo(_Model):
    run_id: str
    attempt_id: str
    index: int
    screen_before: str | None = None
    screen_after: str | None = None
    output: str
    actions: list[dict[str, Any]]
    parse_error: str | None = None
    note: str | None = None
    results: list[dict[str, Any]]
    state_diff: list[dict[str, Any]] = Field(default_factory=list)
    screenshot: str
    policy_ms: float | None = None
    env_ms: float | None = None
    #: the model call's token counts and ``finish_reason`` when the policy reports them
    usage: dict[str, Any] | None = None


class SessionInfo(_Model):
    session_id: str
    task_id: str | None
    instruction: str
    screen: str
    elements: list[dict[str, Any]]
    note: str | None = None
    state_hash: str
    step: int


class SessionState(_Model):
    """A session's device state, or the part of it at ``path``, bounded to ``max_chars`` of JSON text."""
    session_id: str
    #: the dotted path selected (keys, and indices into lists), e.g. ``apps.messages.data.threads``; None: the whole state
    path: str | None = None
    #: the length of the selection's JSON text (compact)
    chars: int
    #: whether ``state`` is cut: then it is the start of the selection's JSON text, ending with a ``[truncated ...]`` marker
    truncated: bool = False
    state: Any
    #: when truncated: the selection's keys (indices for a list) and the JSON length of each, to pick a narrower path
    keys: dict[str, int] | None = None
    #: when truncated: how to narrow the selection
    hint: str | None = None
    #: the task's verdict so far (None for a free session)
    verdict: dict[str, Any] | None = None


class ValidationInfo(_Model):
    task_id: str
    ok: bool
    checks: dict[str, str | None]


def arg_error(name: str, message: str) -> ValueError:
    """Return the ValueError for a bad argument ``name``: ``argument 'name': message`` (a message that already
    names it, from a toolkit function that says which argument is wrong, is kept as it is)."""
    prefix = f"argument '{name}': "
    return ValueError(message if message.startswith(prefix) else prefix + message)


def not_blank(name: str, value: Any) -> Any:
    """Return ``value`` (None: left out); a blank string is a ValueError naming ``name``.

    For optional arguments whose absence means something else: read as left out, a blank one silently answered
    another question (run_eval's resume "" started a new evaluation, run_id "" searched every run).
    """
    if isinstance(value, str) and not value.strip():
        raise arg_error(name, f"{value!r} is blank; give a value, or leave {name} out")
    return value


def paged(load: Callable[[], list], offset: Any, limit: Any, most: int,
          counted: Callable[[int], str]) -> tuple[list, dict[str, Any]]:
    """Return one page of what ``load()`` lists (in page order) and the page's fields for its model (``total``,
    ``offset``, ``limit``, ``next_offset``: None on the last page). ``offset`` and ``limit`` (1 to ``most``) are
    checked before anything is loaded; an offset past the end is a ValueError saying ``counted(total)``."""
    offset = bounds.check("offset", offset, (0, None))
    limit = bounds.check("limit", limit, (1, most))
    items = load()
    if offset > len(items):
        raise arg_error("offset", f"{offset} is past the end: {counted(len(items))}; page from 0")
    end = offset + limit
    return items[offset:end], {"total": len(items), "offset": offset, "limit": limit,
                               "next_offset": end if end < len(items) else None}
