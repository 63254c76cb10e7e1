"""Metrics over attempt tables and the ``evaluate`` entry point used by the CLI and notebooks.

SR  success ∧ clean ∧ the agent claimed success      PR  mean progress
FC  claimed success without success (false complete)  OT  success reached but never terminated
USE unexpected side effects (not clean)               pass@n, passⁿ  over the n trials of each task
Attempts whose verifier failed are left out of every rate and counted apart (``verifier_errors``), as are
attempts that never finished because the env or the model service failed on every try (``unfinished``:
``--resume`` runs them).
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.harness import Harness, HarnessConfig, make_policy
from toolkit.harness.policies import LOCAL_MODEL_AGENTS, ReplayPolicy
from toolkit.paths import DEFAULT_RUNS, out_folder_problem
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore
from toolkit.store.ids import finished_ids
from toolkit.store.lock import writing
from toolkit.tasks import load_tasks, sample

if TYPE_CHECKING:  # pandas is imported where a table is made: an eval that stops at a bad option starts ~0.6 s sooner
    import pandas as pd

METRICS = ("attempts", "SR", "PR", "FC", "OT", "USE", "pass@n", "pass^n", "mean_steps", "env_errors")
#: what the rates leave out, counted apart: attempts whose verifier failed, reruns after a model outage, and
#: attempts with no result at all (every try failed in the env or the model service)
LEFT_OUT = ("verifier_errors", "model_errors", "unfinished")


#: the summary columns that count (attempts, reruns); the others are rates over the scored attempts
COUNTS = ("attempts", "env_errors", "n", *LEFT_OUT)


def has_score(row: dict[str, Any]) -> bool:
    """Return whether a summary row has rates: some attempt finished with a verdict (not a verifier error).

    Without one every rate is 0.0 in :func:`summarize`'s frame, which would read as an agent that failed all.
    """
    return int(row.get("attempts") or 0) - int(row.get("verifier_errors") or 0) > 0


def pass_at_k(n: int, c: int, k: int) -> float:
    """Return the unbiased pass@k of a task with ``c`` successes in ``n`` trials."""
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Return passᵏ: the chance that ``k`` trials drawn without replacement all succeed."""
    return math.comb(c, k) / math.comb(n, k) if n >= k else 0.0


def _reruns_of(env_errors: pd.DataFrame | None, by: str, group: Any) -> pd.DataFrame:
    """Return the infrastructure reruns (env_errors.jsonl rows) of one ``by`` group (none when rows lack ``by``)."""
    import pandas as pd

    if env_errors is None or env_errors.empty or by not in env_errors:
        return pd.DataFrame()
    return env_errors[env_errors[by] == group]


def _pass_rates(scored: pd.DataFrame) -> tuple[int, float, float]:
    """Return n (the most scored trials of any task) and the mean pass@n and passⁿ over the tasks.

    A task with fewer scored trials (a verifier error, an unfinished attempt) is rated over the trials it has,
    so one task's missing trial does not change every other task's figure.
    """
    if scored.empty:
        return 0, 0.0, 0.0
    per_task = scored.assign(sr=scored["outcome"].eq("success")).groupby("task_id")["sr"].agg(["size", "sum"])
    n = int(per_task["size"].max())
    at = [pass_at_k(int(size), int(c), min(n, int(size))) for size, c in zip(per_task["size"], per_task["sum"])]
    hat = [pass_hat_k(int(size), int(c), min(n, int(size))) for size, c in zip(per_task["size"], per_task["sum"])]
    return n, float(sum(at) / len(at)), float(sum(hat) / len(hat))


def summarize(attempts: pd.DataFrame, env_errors: pd.DataFrame | None = None, by: str = "suite") -> pd.DataFrame:
    """Return one row of metrics per ``by`` group (rates in [0, 1]), with ``n`` and the :data:`LEFT_OUT` counts.

    ``attempts`` is a table of attempt rows (``result.attempts``); a run's own summary is ``result.summary``, and
    :func:`toolkit.diagnosis.summary` groups a run by app, tag, difficulty or split.
    """
    import pandas as pd

    if not isinstance(attempts, pd.DataFrame):  # an EvalResult failed as "argument of type 'EvalResult' is not iterable"
        raise TypeError(f"summarize: attempts must be a DataFrame of attempt rows (result.attempts), got "
                        f"{type(attempts).__name__}; a run's summary is result.summary, or toolkit.diagnosis.summary(run, by)")
    if len(attempts) and by not in attempts:  # every attempt left out: an empty table that read as a run of nothing
        raise ValueError(f"summarize: by={by!r} is not a column of the attempts (e.g. suite, task_id, difficulty, split)")
    groups = set(attempts[by]) if by in attempts else set()
    if env_errors is not None and by in env_errors:
        groups |= set(env_errors[by].dropna())  # a group whose every attempt failed to run still gets a row
    if not groups:
        return pd.DataFrame(columns=[by, *METRICS, "n", *LEFT_OUT])
    rows = []
    for group in sorted(groups, key=str):
        df = attempts[attempts[by] == group] if by in attempts else attempts.iloc[0:0]
        scored = df[df["outcome"] != "verifier_error"] if len(df) else df
        n, pass_at, pass_hat = _pass_rates(scored)
        reruns = _reruns_of(env_errors, by, group)
        model = reruns["kind"].eq("model") if "kind" in reruns else pd.Series(False, index=reruns.index)
        finished = finished_ids(df.to_dict("records"), reruns.to_dict("records")) if "attempt_id" in df else set()
        tried = set(reruns["attempt_id"]) if "attempt_id" in reruns else set()
        rows.append({
            by: group,
            "attempts": int(len(df)),
            "SR": float(scored["outcome"].eq("success").mean()) if len(scored) else 0.0,
            "PR": float(scored["progress"].mean()) if len(scored) else 0.0,
            "FC": float(scored["outcome"].eq("false_complete").mean()) if len(scored) else 0.0,
            "OT": float(scored["outcome"].eq("overdue").mean()) if len(scored) else 0.0,
            "USE": float((~scored["clean"].astype(bool)).mean()) if len(scored) else 0.0,
            "pass@n": pass_at, "pass^n": pass_hat,
            "mean_steps": float(scored["steps"].mean()) if len(scored) else 0.0,
            "env_errors": int((~model).sum()),
            "n": n,
            "verifier_errors": int(df["outcome"].eq("verifier_error").sum()) if len(df) else 0,
            "model_errors": int(model.sum()),  # reruns after a model outage (ModelUnavailable), not env failures
            "unfinished": len(tried - finished),
        })
    return pd.DataFrame(rows)


@dataclass
class EvalResult:
    """What :func:`evaluate` returns: the run's store, its attempt table and the per-suite summary."""

    store: RunStore
    attempts: pd.DataFrame
    summary: pd.DataFrame

    @property
    def run_id(self) -> str:
        """Return the run id."""
        return self.store.run_id

    def as_json(self) -> dict[str, Any]:
        """Return the CLI's ``--json`` object: per suite the :data:`METRICS` and counts; the rates of a suite with no
        scored attempt (every attempt unfinished or a verifier error) are null, as the text views say n/a."""
        suites = {}
        for row in self.summary.to_dict("records"):
            # a rate is NaN where no row has its field (a run of an older version): null, as JSON has no NaN
            suites[row["suite"]] = {k: (int(row[k]) if k in COUNTS else float(row[k])
                                        if has_score(row) and not math.isnan(row[k]) else None)
                                    for k in (*METRICS, "n", *LEFT_OUT)}
        return {"run_id": self.run_id, "run_dir": str(self.store.dir), "suites": suites}

    @property
    def unfinished(self) -> list[str]:
        """Return the ids of attempts that have no result: every try failed in the env or the model service."""
        done = self.store.finished_ids()
        return sorted({r["attempt_id"] for r in self.store.env_error_rows() if r.get("attempt_id") not in done})


def load_result(run: str | Path | RunStore, root: str | Path | None = None) -> EvalResult:
    """Return the EvalResult of an existing run: a run id (under ``root``, default the runs folder), a run folder's
    path, its store or an EvalResult of it (read afresh). A run that does not exist is a FileNotFoundError naming it."""
    import pandas as pd

    store = RunStore.open(run, root=root)
    attempts = store.attempts()
    if not attempts.empty:
        attempts = attempts.sort_values(["task_id", "trial"], kind="stable").reset_index(drop=True)
    env_errors = pd.DataFrame(store.env_error_rows())
    if not env_errors.empty and "task_id" in env_errors:
        # rows written before they named their suite: a task id is <suite>/<task>, and a suite may hold a slash
        fallback = env_errors["task_id"].str.rsplit("/", n=1).str[0]
        env_errors["suite"] = env_errors["suite"].fillna(fallback) if "suite" in env_errors else fallback
    return EvalResult(store=store, attempts=attempts, summary=summarize(attempts, env_errors))


#: what ``--resume`` may change: where the model is served (a moved vLLM server, a fixed model name)
RESUME_MAY_CHANGE = ("model", "model_name")


def _open_run(argument: str, run: Any, out: Any, heal: bool = False) -> RunStore:
    """Return ``RunStore.open(run)``; a run that does not exist is a FileNotFoundError naming ``argument`` (the CLI
    says it as the option a user typed: ``--resume: no run 'x'``)."""
    try:
        return RunStore.open(run, root=out, heal=heal)
    except FileNotFoundError as exc:
        raise FileNotFoundError(f"argument '{argument}': {exc}") from None


def _resume_settings(manifest: dict[str, Any], given: dict[str, Any], run_id: str) -> dict[str, Any]:
    """Return a resumed run's own settings, refusing a given option (not None) that differs from them.

    A resumed run finishes the attempts it was started with, under the agent it was started with, so the scores
    of its two halves are one measurement. Only the endpoint of an ``openai`` agent may move; the change is stored.
    ``run_id`` (the run's folder name) names the run in the errors.
    """
    missing = [k for k in ("agent", "suites", "trials", "seed") if manifest.get(k) is None]
    if missing:  # a hand-edited or foreign manifest: say what is missing, not KeyError: 'agent'
        raise ValueError(f"run {run_id}: its manifest.json has no {', '.join(missing)}, so the "
                         "settings it was started with are unknown and it cannot be resumed")
    sampling = manifest.get("sampling") or {}  # runs made before sampling options were stored have none
    endpoint = (manifest.get("resumes") or [{}])[-1]  # where the last resume pointed an openai agent, if it moved it
    harness = HarnessConfig.from_dict(manifest.get("harness") or {}, f"run {run_id}: manifest.json harness")
    own = {"agent": manifest["agent"], "suites": list(manifest["suites"]), "tasks": list(manifest.get("tasks") or []),
           "trials": manifest["trials"], "seed": manifest["seed"], "temperature": sampling.get("temperature"),
           "max_tokens": sampling.get("max_tokens"), "harness": harness,
           "model": endpoint.get("model", manifest.get("model")),
           "model_name": endpoint.get("model_name", manifest.get("model_name"))}
    for name, value in given.items():
        if value is None or value == own[name] or (name in RESUME_MAY_CHANGE and own["agent"] == "openai"):
            continue
        shown = own[name].as_dict() if name == "harness" else own[name]
        # the run as it was named (its folder): a copied or renamed run's manifest holds its first id, or none
        raise ValueError(f"run {run_id} was started with {name}={shown!r}; a resumed run keeps its own "
                         f"settings (only an openai agent's model URL and model name may change), so leave {name} out")
    moved = {k: given[k] for k in RESUME_MAY_CHANGE if given.get(k) is not None and given[k] != own[k]}
    return {**own, **moved, "moved": bool(moved)}


def _unique(specs: list[Any]) -> list[Any]:
    """Return the specs once each, in order (a suite or task named twice would run every attempt twice)."""
    seen: set[str] = set()
    return [s for s in specs if not (s.full_id in seen or seen.add(s.full_id))]


def _check_trials(trials: Any) -> None:
    """Refuse a ``trials`` that is not None or a whole number of at least 1, before any run folder exists.

    ``trials or 1`` read 0 as 1 (one attempt per task where none were asked for), and a negative count gave no
    attempt at all: a run folder of nothing that reads as a finished, empty run.
    """
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise ValueError(f"trials must be a whole number of at least 1 (or None for 1), got {trials!r}")


def _check_parallel(parallel: Any) -> None:
    """Refuse a ``parallel`` that is not a whole number of at least 1 (0 ran one at a time but was stored as 0)."""
    if isinstance(parallel, bool) or not isinstance(parallel, numbers.Integral) or parallel < 1:
        raise ValueError(f"parallel must be a whole number of at least 1, got {parallel!r}")


def check_out(out: str | Path | None) -> None:
    """Raise a ValueError naming ``out`` (and the path) when a new run cannot be written under it (None: the default
    runs folder): it or a folder above it is a file, or nothing can be written there. Checked before any model,
    browser or run folder is made; a file given as ``out`` ended in a bare NotADirectoryError when the run was made."""
    problem = out_folder_problem(out or DEFAULT_RUNS, "runs")  # as RunStore.create reads it: "" is the default too
    if problem:
        where = "" if out else " (default: $GUIGYM_RUNS, else runs/ in the guigym checkout)"
        raise ValueError(f"argument 'out'{where}: {problem}")


def _names(value: str | Iterable[str] | None) -> list[str] | None:
    """Return a ``suites`` or ``tasks`` argument as a list: one name given as a string is that name (not its
    characters, which ``list("mobile-core")`` would give); None stays None."""
    if value is None:
        return None
    return [value] if isinstance(value, str) else list(value)


async def evaluate_async(suites: str | Iterable[str] | None = None, agent: str | None = None, *,
                         tasks: str | Iterable[str] | None = None, trials: int | None = None, parallel: int = 4,
                         seed: int | None = None, out: str | Path | None = None,
                         resume: str | None = None, model: str | None = None, model_name: str | None = None,
                         harness_config: HarnessConfig | None = None, isolation: str = "pages", purpose: str = "eval",
                         backend: str = "local", ray_address: str | None = None, model_outage_s: float = 120.0,
                         temperature: float | None = None, max_tokens: int | None = None,
                         on_done: Callable[[WorkItem, dict[str, Any]], None] | None = None,
                         on_start: Callable[[int, int, RunStore], None] | None = None) -> EvalResult:
    """Evaluate an agent on task suites and return the result (see :func:`evaluate`).

    Defaults: suites ``mobile-core``, agent ``reference``, 1 trial, seed 0.
    ``backend``: ``local`` (Chromium in this process) or ``ray`` (env hosts on the Ray cluster at ``ray_address``).
    ``temperature`` / ``max_tokens``: sampling of the model agents (openai, hf, hf-tokens); None keeps their defaults.
    ``model_outage_s``: how long a model endpoint may give no answer before the run stops (resumable).
    ``suites`` / ``tasks``: a list of names, or one name as a string.
    ``on_start(total, already_done, store)`` is called once the run folder exists; ``on_done(item, row)`` per attempt.
    ``agent="replay"`` (``model``: the stored run) replays that run's suites, tasks, trials and seed unless given.
    ``resume``: a run id (under ``out``) or folder; the run keeps its own settings, so any other option given must
    equal the run's, except an ``openai`` agent's ``model`` and ``model_name`` (the endpoint may have moved).

    Raises:
        ModelUnavailable: the model endpoint refused (401/403/404) or stayed down past ``model_outage_s``; every
            finished attempt is stored and ``resume=run_id`` finishes the rest.
        ValueError: an option that a resumed run cannot change, a bad option, or suites and tasks that name no task.
        RunInUse: the run to resume is being written by another process or evaluation (one writer per run).
    """
    from toolkit.envs.fleet import FLEET
    from toolkit.envs.backends import make_manager
    from toolkit.manifest import run_manifest

    suites, tasks = _names(suites), _names(tasks)
    if harness_config is not None and not isinstance(harness_config, HarnessConfig):
        # a dict failed midway as "'dict' object has no attribute 'format'"
        raise TypeError(f"harness_config must be a toolkit.harness.HarnessConfig (e.g. HarnessConfig(format='json-v1')) "
                        f"or None, got {type(harness_config).__name__}")
    _check_trials(trials)
    _check_parallel(parallel)
    parallel = int(parallel)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)):
        # derive_seed hashes str(seed): '1' sampled what 1 does but was stored as '1' (a resume with seed=1 was then
        # refused), 1.5 and True sampled instances no integer seed gives
        raise ValueError(f"seed must be an integer (or None for 0), got {type(seed).__name__} {seed!r}")
    seed = None if seed is None else int(seed)  # a numpy integer would be stored as the string '3'
    if tasks is not None and not tasks:  # as the MCP tools refuse it: a filter that kept nothing ran every task
        raise ValueError("tasks: an empty list names no task; leave tasks out (None) to run every task of the suites")
    if not resume:  # a resumed run is found by id or folder, and written where it is
        check_out(out)
    if resume:
        store = _open_run("resume", resume, out)  # healed (a torn last row cut) once this writer holds the run
        run = _resume_settings(store.manifest, {
            "agent": agent, "suites": suites, "tasks": tasks or None, "trials": trials, "seed": seed, "temperature": temperature,
            "max_tokens": max_tokens, "harness": harness_config, "model": model, "model_name": model_name},
            store.run_id)
        # a run being written is refused now, not once a model has loaded (after the manifest's checks: a run that
        # cannot be resumed gets no lock file)
        with writing(store.dir, store.run_id):
            pass
        agent, suites, tasks, trials, seed = run["agent"], run["suites"], run["tasks"], run["trials"], run["seed"]
        temperature, max_tokens, harness_config = run["temperature"], run["max_tokens"], run["harness"]
        model, model_name = run["model"], run["model_name"]
        # the tasks the run was started with: a task added to its suites since is not part of it (a run made before
        # the list was stored has none, and runs what its suites and task filter name now)
        recorded = store.manifest.get("task_ids")
        if recorded is not None:
            tasks = list(recorded)
    else:
        store = None
        if agent == "replay" and model:  # the stored run's tasks, trials and seed, unless given: those it has attempts of
            stored = _open_run("model", model, out).manifest
            stored_suites = list(stored.get("suites") or [])
            suites = suites if suites is not None else stored_suites
            if tasks is None and suites == stored_suites:  # the tasks it ran, not those its suites hold now: its
                # filter as it was given, else (a whole suite) the ids it started with
                tasks = list(stored.get("tasks") or stored.get("task_ids") or []) or None
            trials = trials or stored.get("trials")
            seed = seed if seed is not None else stored.get("seed")
        suites = suites if suites is not None else ["mobile-core"]
        agent, trials, seed = agent or "reference", trials or 1, seed or 0
    specs = _unique(load_tasks(suites, tasks or None))
    if not specs:  # checked before a run folder exists: a run of nothing would look like a finished, empty one
        raise ValueError(f"suite(s) {suites} hold no task: nothing to evaluate" if suites else
                         "no suite given: name at least one (e.g. ['mobile-core'])")
    if harness_config is None and not resume and agent in LOCAL_MODEL_AGENTS:  # a trained checkpoint's own config
        harness_config = HarnessConfig.saved_with(model)
    config = harness_config or HarnessConfig()  # a replay's is the stored run's (below), not these defaults
    adapter = MockedAdapter()
    # a replayed run named by id was found under out: resumed by its folder's path (no out), that is the run's folder
    replay_root = out if out is not None or store is None else store.dir.parent
    policy = make_policy(agent, model=model, model_name=model_name, apps=adapter.apps, temperature=temperature,
                         max_tokens=max_tokens, **({"root": replay_root} if agent == "replay" else {}))
    items = [WorkItem(spec=s, trial=t, run_seed=seed) for s in specs for t in range(trials)]
    for item in items:  # before a run folder exists: a seed a task refuses (SpecError) would end the run midway
        sample(item.spec, item.instance_seed)
    if isinstance(policy, ReplayPolicy):  # checked before a run folder exists: a wrong source loses nothing
        policy.require([(i.spec.full_id, i.instance_seed) for i in items])
        config = policy.harness_config(harness_config)  # refused here when it differs: before any run folder
    harness = Harness(policy, config)
    manager = make_manager(backend, isolation=isolation, adapter=adapter, ray_address=ray_address)  # bad arguments fail first
    if store is None:
        store = RunStore.create(run_manifest(purpose=purpose, agent=agent, suites=suites, tasks=list(tasks or []),
                                             task_ids=[s.full_id for s in specs], trials=trials, seed=seed,
                                             parallel=parallel, model=model, model_name=model_name,
                                             sampling={"temperature": temperature, "max_tokens": max_tokens},
                                             harness=config.as_dict()), root=out)
    with writing(store.dir, store.run_id):  # one writer per run: a second resume of it is RunInUse, not a rerun of all
        if resume:
            store.heal()  # only now: a torn last row seen before the lock may have been a live writer's append
            if run["moved"]:  # the manifest keeps the endpoint each part of the run was served from
                store.record_resume({"model": run["model"], "model_name": run["model_name"]})
        if on_start:
            on_start(len(items), len(store.done_ids()), store)
        async with manager:
            manager.fleet_stats.attach(store.dir / FLEET, run_id=store.run_id)  # runs/<id>/fleet.jsonl: guigym fleet
            await Scheduler(manager, harness, store, agent=agent, parallel=parallel, on_done=on_done,
                            model_outage_s=model_outage_s).run(items)
    return load_result(store)


def evaluate(suites: str | Iterable[str] | None = None, agent: str | None = None, **kwargs: Any) -> EvalResult:
    """Evaluate ``agent`` on ``suites``; works in scripts and inside Jupyter's running loop.

    Returns:
        EvalResult with ``.summary`` (one row per suite) and ``.attempts`` DataFrames.
    """
    from toolkit.sync import run_sync

    return run_sync(evaluate_async(suites, agent, **kwargs))
