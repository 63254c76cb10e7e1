"""The toolkit's service facade: typed functions shared by the MCP server and other front ends.

Every function validates its arguments (naming the bad one in a ``ValueError``/``KeyError``),
calls toolkit functions, and returns pydantic models. Long evaluations run as background jobs on
the toolkit's event loop; interactive environments are leased sessions reaped when idle.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from toolkit import diagnosis
from toolkit.evaluation import evaluate_async, load_result
from toolkit.harness import HarnessConfig, get_format
from toolkit.harness.policies import check_sampling
from toolkit.session import EnvSession, make_env
from toolkit.store import RunStore, list_runs
from toolkit.sync import background_loop
from toolkit.tasks import SpecError, list_suites as _list_suites, load_tasks, sample

if TYPE_CHECKING:  # synthesis loads on first use
    from toolkit.synthesis.pipeline import WorldValidation


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SuiteInfo(_Model):
    name: str
    tasks: int


class TaskInfo(_Model):
    id: str
    suite: str
    apps: list[str]
    difficulty: str
    tags: list[str]
    split: str
    objective: str
    high_risk: bool


class TaskDetail(_Model):
    spec: dict[str, Any]
    instance: dict[str, Any]


class JobInfo(_Model):
    job_id: str
    status: Literal["running", "done", "failed"]
    run_id: str | None = None
    run_dir: str | None = None
    done: int = 0
    total: int = 0
    error: str | None = None
    summary: dict[str, Any] | None = None


class RunInfo(_Model):
    run_id: str
    purpose: str
    agent: str | None
    suites: str
    attempts: int
    SR: float
    run_dir: str


class RunSummary(_Model):
    run_id: str
    suites: dict[str, dict[str, float]]
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


class ValidationInfo(_Model):
    task_id: str
    ok: bool
    checks: dict[str, str | None]


def _arg(name: str, message: str) -> ValueError:
    return ValueError(f"argument '{name}': {message}")


# -- tasks ---------------------------------------------------------------------------------------------


def list_suites() -> list[SuiteInfo]:
    """Return the task suites and their sizes."""
    return [SuiteInfo(name=s, tasks=len(load_tasks([s]))) for s in _list_suites()]


def list_tasks(suite: str | None = None) -> list[TaskInfo]:
    """Return the tasks of a suite (all suites when None)."""
    suites = [suite] if suite else _list_suites()
    try:
        specs = load_tasks(suites)
    except SpecError as exc:
        raise _arg("suite", str(exc)) from None
    return [TaskInfo(id=s.full_id, suite=s.suite, apps=s.apps, difficulty=s.difficulty, tags=s.tags, split=s.split,
                     objective=s.objective, high_risk=s.high_risk) for s in specs]


def _spec(task_id: str):
    if not task_id or "/" not in task_id:
        raise _arg("task_id", f"expected '<suite>/<id>', got {task_id!r}")
    try:
        return load_tasks([task_id.split("/")[0]], [task_id])[0]
    except SpecError as exc:
        raise _arg("task_id", str(exc)) from None


def show_task(task_id: str, seed: int = 0) -> TaskDetail:
    """Return a task's spec and the instance sampled with ``seed``."""
    spec = _spec(task_id)
    return TaskDetail(spec=spec.model_dump(mode="json"), instance=sample(spec, seed).model_dump(mode="json"))


def validate_task(task_id: str, instances: int = 5, random_rollouts: int = 20) -> ValidationInfo:
    """Run the validation suite on one task."""
    from toolkit.validation import validate_tasks

    spec = _spec(task_id)
    if not 1 <= instances <= 50:
        raise _arg("instances", "must be between 1 and 50")
    [report] = _run(validate_tasks([spec], instances, random_rollouts, parallel=1))
    return ValidationInfo(task_id=report.task_id, ok=report.ok, checks=report.checks)


def _run(coro):
    return asyncio.run_coroutine_threadsafe(coro, background_loop()).result()


# -- evaluation jobs -------------------------------------------------------------------------------------

_jobs: dict[str, dict[str, Any]] = {}
_job_ids = itertools.count(1)
_lock = threading.Lock()


def run_eval(suites: list[str], agent: str = "reference", tasks: list[str] | None = None, trials: int = 1, parallel: int = 2,
             seed: int = 0, out: str | None = None, model: str | None = None, model_name: str | None = None,
             action_format: str = "text-v1", temperature: float | None = None, max_tokens: int | None = None,
             resume: str | None = None) -> JobInfo:
    """Start an evaluation in the background and return its job (poll with :func:`job_status`).

    ``model``: the endpoint URL (agent openai), checkpoint folder (hf) or run (replay); ``model_name``: the name the
    endpoint serves; ``action_format``: the harness's action format; ``temperature`` / ``max_tokens``: sampling.
    ``resume``: a run id to finish (its missing attempts, with its own settings; only an openai agent's ``model`` and
    ``model_name`` may be given, to move the endpoint) — the other arguments are then ignored.
    """
    if resume:
        return _resume_job(resume, out, model, model_name, parallel)
    if not suites:
        raise _arg("suites", "name at least one suite")
    for s in suites:
        if s not in _list_suites():
            raise _arg("suites", f"unknown suite {s!r}; known: {', '.join(_list_suites())}")
    if agent not in ("reference", "random", "openai", "hf", "replay"):
        raise _arg("agent", f"unknown agent {agent!r}")
    needs = {"openai": "the endpoint's base URL, e.g. http://127.0.0.1:8000/v1", "hf": "a local checkpoint folder",
             "replay": "a run id or folder"}
    if agent in needs and not model:
        raise _arg("model", f"agent {agent} needs model: {needs[agent]}")
    if agent == "openai" and not model_name:
        raise _arg("model_name", "agent openai needs the model name the endpoint serves")
    try:
        get_format(action_format)
    except ValueError as exc:
        raise _arg("action_format", str(exc)) from None
    config = HarnessConfig(format=action_format)
    try:
        check_sampling(agent, temperature, max_tokens)
    except ValueError as exc:
        raise _arg("temperature" if "temperature" in str(exc) else "max_tokens", str(exc)) from None
    if not 1 <= trials <= 100:
        raise _arg("trials", "must be between 1 and 100")
    try:
        specs = load_tasks(suites, tasks)
    except SpecError as exc:
        raise _arg("tasks", str(exc)) from None
    return _start_job(len(specs) * trials, dict(suites=suites, agent=agent, tasks=tasks, trials=trials, parallel=parallel,
                                                seed=seed, out=out, model=model, model_name=model_name, harness_config=config,
                                                temperature=temperature, max_tokens=max_tokens))


def _resume_job(resume: str, out: str | None, model: str | None, model_name: str | None, parallel: int) -> JobInfo:
    """Start finishing run ``resume`` in the background (see :func:`run_eval`)."""
    try:
        store = RunStore.open(resume, root=out)
    except FileNotFoundError as exc:
        raise _arg("resume", str(exc)) from None
    manifest = store.manifest
    if (model or model_name) and manifest.get("agent") != "openai":
        raise _arg("model", f"run {store.run_id} is a {manifest.get('agent')} run; only an openai run's endpoint may move")
    total = len(load_tasks(manifest["suites"], manifest.get("tasks") or None)) * int(manifest["trials"])
    return _start_job(total, dict(resume=str(store.dir), out=out, model=model, model_name=model_name, parallel=parallel))


def _start_job(total: int, kwargs: dict[str, Any]) -> JobInfo:
    """Run ``evaluate_async(**kwargs)`` on the background loop; the job names its run as soon as the folder exists."""
    job_id = f"job-{next(_job_ids)}"
    state: dict[str, Any] = {"status": "running", "done": 0, "total": total, "run_id": None, "run_dir": None,
                             "error": None, "summary": None}

    def on_start(total: int, already: int, store: RunStore) -> None:
        state.update(total=total, done=already, run_id=store.run_id, run_dir=str(store.dir))

    def on_done(item, row) -> None:
        state["done"] += 1

    async def job() -> None:
        try:
            result = await evaluate_async(**kwargs, on_start=on_start, on_done=on_done)
            state.update(status="done", run_id=result.run_id, run_dir=str(result.store.dir), summary=result.as_json()["suites"])
            if result.unfinished:
                state["error"] = (f"{len(result.unfinished)} attempt(s) have no result (every try failed in the env or "
                                  f"the model service); resume run {result.run_id} to finish them")
        except Exception as exc:  # noqa: BLE001 - reported through job_status, with the run id when a run folder exists
            state.update(status="failed", error=f"{type(exc).__name__}: {exc}")

    with _lock:
        _jobs[job_id] = state
    asyncio.run_coroutine_threadsafe(job(), background_loop())
    return job_status(job_id)


def job_status(job_id: str) -> JobInfo:
    """Return the state of a background job."""
    state = _jobs.get(job_id)
    if state is None:
        raise _arg("job_id", f"no job {job_id!r}; known: {', '.join(_jobs) or 'none'}")
    return JobInfo(job_id=job_id, **state)


# -- runs and attempts -----------------------------------------------------------------------------------


def list_runs_info(root: str | None = None) -> list[RunInfo]:
    """Return the runs under ``root`` (default: $GUIGYM_RUNS, else runs/ in the guigym checkout), newest first."""
    return [RunInfo(**r) for r in diagnosis.runs(root).to_dict("records")]


def _store(run_id: str, root: str | None = None) -> RunStore:
    try:
        return RunStore.open(run_id, root=root)
    except FileNotFoundError as exc:
        raise _arg("run_id", str(exc)) from None


def run_summary(run_id: str, root: str | None = None) -> RunSummary:
    """Return a run's metrics per suite, and success by app and by tag."""
    store = _store(run_id, root)
    result = load_result(store)
    by_app = diagnosis.summary(store, "app")[["app", "attempts", "SR", "PR"]].to_dict("records")
    by_tag = diagnosis.summary(store, "tag")[["tag", "attempts", "SR", "PR"]].to_dict("records")
    return RunSummary(run_id=store.run_id, suites=result.as_json()["suites"], by_app=by_app, by_tag=by_tag)


def task_results(run_id: str, root: str | None = None) -> list[dict[str, Any]]:
    """Return one row per task of a run."""
    return diagnosis.task_results(_store(run_id, root)).to_dict("records")


def _locate(attempt_id: str, run_id: str | None, root: str | None, name: str = "attempt_id") -> RunStore:
    """Return the run holding ``attempt_id``; errors name the caller's argument ``name``."""
    if "/" in attempt_id and run_id is None:
        run_id, attempt_id = attempt_id.split("/", 1)
    if run_id:
        store = _store(run_id, root)
        if attempt_id not in store.done_ids():
            raise _arg(name, f"run {run_id} has no attempt {attempt_id!r}")
        return store
    for store in list_runs(root):
        if attempt_id in store.done_ids():
            return store
    raise _arg(name, f"no run under {root or 'runs/'} has attempt {attempt_id!r}")


def get_attempt(attempt_id: str, run_id: str | None = None, root: str | None = None) -> AttemptInfo:
    """Return an attempt (``run_id/attempt_id``, or an attempt id of the newest run holding it)."""
    store = _locate(attempt_id, run_id, root)
    aid = attempt_id.split("/", 1)[-1]
    info = diagnosis.attempt(store, aid)
    return AttemptInfo(run_id=store.run_id, **info)


def get_step(attempt_id: str, step: int, run_id: str | None = None, root: str | None = None) -> tuple[StepInfo, bytes]:
    """Return one step of an attempt and its screenshot after the step (JPEG/PNG bytes)."""
    store = _locate(attempt_id, run_id, root)
    aid = attempt_id.split("/", 1)[-1]
    try:
        rec = diagnosis.step(store, aid, int(step))
    except IndexError as exc:
        raise _arg("step", str(exc)) from None
    info = StepInfo(run_id=store.run_id, attempt_id=aid, index=int(rec["index"]), screen_before=rec.get("screen_before"),
                    screen_after=rec.get("screen_after"), output=rec["output"], actions=rec["actions"] or [],
                    parse_error=rec.get("parse_error"), note=rec.get("note"), results=rec["results"] or [],
                    state_diff=rec.get("state_diff") or [], screenshot=rec["screenshot_after"],
                    policy_ms=rec.get("policy_ms"), env_ms=rec.get("env_ms"),
                    usage=rec.get("usage") if isinstance(rec.get("usage"), dict) else None)
    return info, Path(info.screenshot).read_bytes()


def compare_attempts(attempt_a: str, attempt_b: str, run_id: str | None = None, root: str | None = None) -> dict[str, Any]:
    """Compare two attempts: outcomes and the first step where they diverge."""
    store_a, store_b = _locate(attempt_a, run_id, root, "attempt_a"), _locate(attempt_b, run_id, root, "attempt_b")
    return diagnosis.compare(store_a, attempt_a.split("/", 1)[-1], attempt_b.split("/", 1)[-1], run_b=store_b)


def diagnose_run(run_id: str, root: str | None = None) -> diagnosis.DiagnosisReport:
    """Return the diagnosis report of a run."""
    return diagnosis.diagnose(_store(run_id, root))


# -- synthesis -------------------------------------------------------------------------------------------


def synth_validate(out: str) -> list[WorldValidation]:
    """Re-check the synthesized worlds under ``out`` (a synth folder or one world folder); return one result per world."""
    from toolkit.synthesis.pipeline import validate_synth, world_folders

    if not world_folders(out):  # an empty answer would read as "nothing failed"
        raise _arg("out", f"no synthesized worlds under {out} (a world folder holds world.json and tasks.yaml)")
    return validate_synth(out)


def synth_audit(planted: bool = True, suites: list[str] | None = None) -> dict[str, Any]:
    """Audit the verifiers of ``suites`` (default: the bundled ones), and the planted hacks when ``planted``."""
    from toolkit.synthesis.audit import audit_report

    for s in suites or []:
        if s not in _list_suites():
            raise _arg("suites", f"unknown suite {s!r}; known: {', '.join(_list_suites())}")
    return audit_report(planted=planted, suites=suites)


# -- interactive environment sessions ---------------------------------------------------------------------


class SessionRegistry:
    """Leased interactive environments, closed when idle longer than ``idle_s``."""

    def __init__(self, idle_s: float = 600.0, limit: int = 16):
        self.idle_s = idle_s
        self.limit = limit
        self._sessions: dict[str, tuple[EnvSession, float]] = {}
        self._ids = itertools.count(1)
        self._steps: dict[str, int] = {}

    def reap(self) -> list[str]:
        """Close sessions idle for longer than ``idle_s``; return their ids."""
        now = time.monotonic()
        stale = [sid for sid, (_, seen) in self._sessions.items() if now - seen > self.idle_s]
        for sid in stale:
            self.close(sid)
        return stale

    def _get(self, session_id: str) -> EnvSession:
        self.reap()
        if session_id not in self._sessions:
            raise _arg("session_id", f"no open session {session_id!r} (closed, reaped after {self.idle_s:g} s idle, or never opened)")
        env, _ = self._sessions[session_id]
        self._sessions[session_id] = (env, time.monotonic())
        return env

    def _info(self, sid: str, env: EnvSession, obs) -> SessionInfo:
        return SessionInfo(session_id=sid, task_id=env.spec.full_id if env.spec else None,
                           instruction=env.instance.instruction if env.instance else "", screen=obs.screen,
                           elements=[e.model_dump() for e in obs.elements], note=obs.note, state_hash=obs.state_hash,
                           step=self._steps.get(sid, 0))

    def open(self, task_id: str | None = None, seed: int = 0) -> tuple[SessionInfo, bytes]:
        """Open a session (on a task, or a free phone when ``task_id`` is None), reset, and return the first screen."""
        self.reap()
        if len(self._sessions) >= self.limit:
            raise ValueError(f"too many open sessions ({self.limit}); close one with env_close")
        env = make_env(_spec(task_id) if task_id else None, seed=seed)
        sid = f"s{next(self._ids)}"
        obs = env.reset()
        self._sessions[sid] = (env, time.monotonic())
        self._steps[sid] = 0
        return self._info(sid, env, obs), obs.image

    def reset(self, session_id: str, seed: int | None = None) -> tuple[SessionInfo, bytes]:
        """Reset a session (optionally to another instance seed)."""
        env = self._get(session_id)
        obs = env.reset(seed)
        self._steps[session_id] = 0
        return self._info(session_id, env, obs), obs.image

    def step(self, session_id: str, actions: list[dict[str, Any]]) -> tuple[SessionInfo, list[dict[str, Any]], bytes]:
        """Apply actions; return the new screen, per-action results and the screenshot."""
        if not isinstance(actions, list) or not actions:
            raise _arg("actions", "give a non-empty list of actions, e.g. [{\"type\": \"click\", \"x\": 500, \"y\": 300}]")
        env = self._get(session_id)
        result = env.step(actions)
        self._steps[session_id] += 1
        return self._info(session_id, env, result.observation), [r.model_dump() for r in result.results], result.observation.image

    def observe(self, session_id: str) -> tuple[SessionInfo, bytes]:
        """Return the current screen."""
        env = self._get(session_id)
        obs = env.observe()
        return self._info(session_id, env, obs), obs.image

    def state(self, session_id: str) -> dict[str, Any]:
        """Return the device state JSON (and the verdict so far when the session has a task)."""
        env = self._get(session_id)
        out: dict[str, Any] = {"state": env.state()}
        if env.spec is not None:
            out["verdict"] = env.evaluate().model_dump()
        return out

    def close(self, session_id: str) -> bool:
        """Close a session; return whether it was open."""
        item = self._sessions.pop(session_id, None)
        self._steps.pop(session_id, None)
        if item is None:
            return False
        item[0].close()
        return True

    def close_all(self) -> None:
        """Close every session."""
        for sid in list(self._sessions):
            self.close(sid)
