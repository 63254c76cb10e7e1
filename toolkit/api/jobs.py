"""Background jobs on the toolkit's loop, polled by id: evaluations (:func:`run_eval`), task synthesis
(:func:`toolkit.api.tasks.synth_tasks`) and verifier audits (:func:`toolkit.api.tasks.synth_audit`), all started
through :func:`start_job` and stopped with :func:`cancel_job`."""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import threading
from pathlib import Path
from typing import Any, Awaitable, Callable

from toolkit import bounds
from toolkit.api.models import JobInfo, arg_error, not_blank
from toolkit.evaluation import check_out, evaluate_async
from toolkit.harness import HarnessConfig, get_format
from toolkit.agents import AGENTS, LOCAL_MODEL_AGENTS
from toolkit.harness.policies import check_sampling
from toolkit.store import RunStore
from toolkit.sync import background_loop
from toolkit.tasks import SpecError, load_tasks
from toolkit.tasks.loader import known_suites

_jobs: dict[str, dict[str, Any]] = {}
#: each job's future (its task on the loop) and the event set once its task has ended
_running: dict[str, tuple[concurrent.futures.Future, threading.Event]] = {}
_job_ids = itertools.count(1)
_lock = threading.Lock()


def run_eval(suites: list[str], agent: str = "reference", tasks: list[str] | None = None, trials: int = 1, parallel: int = 2,
             seed: int = 0, out: str | None = None, model: str | None = None, model_name: str | None = None,
             action_format: str | None = None, temperature: float | None = None, max_tokens: int | None = None,
             resume: str | None = None) -> JobInfo:
    """Start an evaluation in the background and return its job (poll with :func:`job_status`).

    ``model``: the endpoint URL (agent openai), checkpoint folder (hf) or run (replay); ``model_name``: the name the
    endpoint serves; ``action_format``: the harness's action format (None: text-v1, or a replayed run's own);
    ``temperature`` / ``max_tokens``: sampling.
    ``suites`` / ``tasks``: a list of names, or one name as a string.
    ``resume``: a run id to finish (its missing attempts, with its own settings; only an openai agent's ``model`` and
    ``model_name`` may be given, to move the endpoint) — the other arguments are then ignored.
    """
    for name, value in (("resume", resume), ("model", model), ("model_name", model_name),
                        ("action_format", action_format)):
        not_blank(name, value)  # resume "" started a new evaluation; model_name "" was taken for no model name
    if resume is not None:
        return _resume_job(resume, out, model, model_name, parallel)
    # one name given as a string is that name, as evaluate() takes it ("mobile-core" was read letter by letter)
    suites = [suites] if isinstance(suites, str) else suites
    tasks = [tasks] if isinstance(tasks, str) else tasks
    if not suites:
        raise arg_error("suites", "name at least one suite")
    if tasks is not None and not tasks:  # an agent passing [] means "none", not "every task of the suites"
        raise arg_error("tasks", "an empty list names no task; leave tasks out to run every task of the suites")
    known = known_suites()  # with the code-defined suites (miniwob, osworld) and the folders of suites (synth)
    for s in suites:
        if s not in known:
            raise arg_error("suites", f"unknown suite {s!r}; known: {', '.join(known)}")
    if agent not in AGENTS:  # the CLI's --agent choices
        raise arg_error("agent", f"unknown agent {agent!r}; known: {', '.join(AGENTS)}")
    needs = {"openai": "the endpoint's base URL, e.g. http://127.0.0.1:8000/v1", "replay": "a run id or folder",
             **{name: "a local checkpoint folder" for name in LOCAL_MODEL_AGENTS}}
    if agent in needs and not model:
        raise arg_error("model", f"agent {agent} needs model: {needs[agent]}")
    if agent not in needs and (model or model_name):
        raise arg_error("model", f"model and model_name are for the {', '.join(needs)} agents, not --agent {agent}")
    if agent == "openai" and not model_name:
        raise arg_error("model_name", "agent openai needs the model name the endpoint serves")
    if agent in LOCAL_MODEL_AGENTS and not (Path(model) / "config.json").is_file():  # now, not as a failed job later
        raise arg_error("model", f"no checkpoint at {model} (a folder with config.json and the processor files)")
    if agent == "replay":
        try:
            RunStore.open(model, root=out)
        except FileNotFoundError as exc:
            raise arg_error("model", str(exc)) from None
    try:
        get_format(action_format or "text-v1")
    except ValueError as exc:
        raise arg_error("action_format", str(exc)) from None
    # none given: a replay takes its run's own configuration (a given one must equal it)
    config = HarnessConfig(format=action_format) if action_format else None
    try:
        check_sampling(agent, temperature, max_tokens)
    except ValueError as exc:
        raise arg_error("temperature" if "temperature" in str(exc) else "max_tokens", str(exc)) from None
    bounds.check("trials", trials, bounds.TRIALS)
    bounds.check("parallel", parallel, bounds.PARALLEL)
    bounds.check("seed", seed, bounds.SEED)
    check_out(out)  # evaluate's own check, here before the job starts: a file there failed the job as NotADirectoryError
    try:
        specs = load_tasks(suites, tasks)
    except SpecError as exc:
        raise arg_error("tasks", str(exc)) from None
    return _start_eval(len(specs) * trials, dict(suites=suites, agent=agent, tasks=tasks, trials=trials, parallel=parallel,
                                                 seed=seed, out=out, model=model, model_name=model_name, harness_config=config,
                                                 temperature=temperature, max_tokens=max_tokens))


def _resume_job(resume: str, out: str | None, model: str | None, model_name: str | None, parallel: int) -> JobInfo:
    """Start finishing run ``resume`` in the background (see :func:`run_eval`)."""
    try:
        store = RunStore.open(resume, root=out)
    except FileNotFoundError as exc:
        raise arg_error("resume", str(exc)) from None
    manifest = store.manifest
    if (model or model_name) and manifest.get("agent") != "openai":
        raise arg_error("model", f"run {store.run_id} is a {manifest.get('agent')} run; only an openai run's endpoint may move")
    ids = manifest.get("task_ids")  # the run's own tasks; a run made before they were stored: its filter's
    total = len(load_tasks(manifest["suites"], ids if ids is not None else manifest.get("tasks") or None))
    total *= int(manifest["trials"])
    return _start_eval(total, dict(resume=str(store.dir), out=out, model=model, model_name=model_name, parallel=parallel))


def _start_eval(total: int, kwargs: dict[str, Any]) -> JobInfo:
    """Run ``evaluate_async(**kwargs)`` as a job; the job names its run as soon as the folder exists."""

    async def work(state: dict[str, Any]) -> dict[str, Any]:
        def on_start(total: int, already: int, store: RunStore) -> None:
            state.update(total=total, done=already, run_id=store.run_id, run_dir=str(store.dir))

        def on_done(item, row) -> None:
            state["done"] += 1

        result = await evaluate_async(**kwargs, on_start=on_start, on_done=on_done)
        final: dict[str, Any] = dict(run_id=result.run_id, run_dir=str(result.store.dir), summary=result.as_json()["suites"])
        if result.unfinished:
            final["error"] = (f"{len(result.unfinished)} attempt(s) have no result (every try failed in the env or "
                              f"the model service); resume run {result.run_id} to finish them")
        return final

    return start_job("eval", total, work)


def start_job(kind: str, total: int, work: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]) -> JobInfo:
    """Run ``work(state)`` on the toolkit's background loop as job ``kind``; return the job (poll with :func:`job_status`,
    stop with :func:`cancel_job`).

    ``work`` may update its job's ``state`` (``done``, ``total``, ``progress``, ``run_id``...) while it runs, and returns
    the fields to set when it finishes (e.g. ``summary`` or ``result``); an exception fails the job with its type and
    text in ``error``. Work that blocks (synchronous code) belongs in ``asyncio.to_thread`` so the loop keeps serving.
    A job whose task is cancelled, by :func:`cancel_job` or otherwise, ends ``cancelled`` (it stayed ``running``).
    """
    job_id = f"job-{next(_job_ids)}"
    state: dict[str, Any] = {"kind": kind, "status": "running", "done": 0, "total": total, "run_id": None, "run_dir": None,
                             "error": None, "summary": None, "progress": None, "result": None}
    ended = threading.Event()
    started = False

    async def job() -> None:
        nonlocal started
        started = True
        try:
            final = await work(state)
            with _lock:
                state.update(status="done", **final)
        except asyncio.CancelledError:  # a BaseException: ``except Exception`` let it through, the job stayed running
            with _lock:
                state.update(status="cancelled", error=_cancelled(state))
            raise
        except Exception as exc:  # noqa: BLE001 - reported through job_status, with the run id when a run folder exists
            with _lock:
                state.update(status="failed", error=f"{type(exc).__name__}: {exc}")
        finally:
            ended.set()

    def settle(future: concurrent.futures.Future) -> None:
        # cancelled before its first step, the body never ran (nor its except): record it here
        if future.cancelled() and not started:
            with _lock:
                state.update(status="cancelled", error=_cancelled(state))
            ended.set()

    with _lock:
        _jobs[job_id] = state
    future = asyncio.run_coroutine_threadsafe(job(), background_loop())
    _running[job_id] = (future, ended)
    future.add_done_callback(settle)
    return job_status(job_id)


def _cancelled(state: dict[str, Any]) -> str:
    """The ``error`` of a cancelled job: what it left behind."""
    if state.get("run_id"):
        return f"cancelled; the attempts it finished are stored in run {state['run_id']}: resume it to finish the rest"
    if state["kind"] == "synth_tasks":
        return "cancelled; the worlds it finished before stopping are written (job_status's done counts them)"
    return "cancelled"


def cancel_job(job_id: str, wait_s: float = 60.0) -> JobInfo:
    """Cancel a running job and return its state: ``cancelled`` once it has stopped, ``cancelling`` while it still
    cleans up after ``wait_s`` seconds (poll :func:`job_status`). An evaluation stops its attempts (the finished ones
    stay in its run, which ``resume`` finishes); a synthesis stops at its next progress line. A job that has already
    ended is returned as it is."""
    state = _state(job_id)
    with _lock:  # the job may end meanwhile: its "done" must not become "cancelling" for ever
        if state["status"] != "running":
            return job_status(job_id)
        state["status"] = "cancelling"
    future, ended = _running[job_id]
    future.cancel()  # cancels the job's task on the loop
    try:
        on_loop = asyncio.get_running_loop() is background_loop()
    except RuntimeError:
        on_loop = False
    if not on_loop:  # waiting on the loop's own thread would stop the job from ever ending
        ended.wait(wait_s)
    return job_status(job_id)


def _state(job_id: str) -> dict[str, Any]:
    state = _jobs.get(job_id)
    if state is None:
        raise arg_error("job_id", f"no job {job_id!r}; known: {', '.join(_jobs) or 'none'}")
    return state


def job_status(job_id: str) -> JobInfo:
    """Return the state of a background job (an evaluation, a task synthesis or a verifier audit)."""
    return JobInfo(job_id=job_id, **_state(job_id))
