"""Metrics over attempt tables and the ``evaluate`` entry point used by the CLI and notebooks.

SR  success ∧ clean ∧ the agent claimed success      PR  mean progress
FC  claimed success without success (false complete)  OT  success reached but never terminated
USE unexpected side effects (not clean)               pass@n, passⁿ  over the n trials of each task
Attempts whose verifier failed are left out of every rate and counted apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

import pandas as pd

from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.harness import Harness, HarnessConfig, make_policy
from toolkit.harness.policies import ReplayPolicy
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore
from toolkit.tasks import load_tasks

METRICS = ("attempts", "SR", "PR", "FC", "OT", "USE", "pass@n", "pass^n", "mean_steps", "env_errors")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Return the unbiased pass@k of a task with ``c`` successes in ``n`` trials."""
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Return passᵏ: the chance that ``k`` trials drawn without replacement all succeed."""
    return math.comb(c, k) / math.comb(n, k) if n >= k else 0.0


def _reruns_of(env_errors: pd.DataFrame | None, by: str, group: Any) -> pd.DataFrame:
    """Return the infrastructure reruns (env_errors.jsonl rows) of one ``by`` group."""
    if env_errors is None or env_errors.empty:
        return pd.DataFrame()
    return env_errors[env_errors[by] == group] if by in env_errors else env_errors


def summarize(attempts: pd.DataFrame, env_errors: pd.DataFrame | None = None, by: str = "suite") -> pd.DataFrame:
    """Return one row of metrics per ``by`` group (rates in [0, 1])."""
    rows = []
    if attempts.empty:
        return pd.DataFrame(columns=[by, *METRICS])
    for group, df in attempts.groupby(by):
        scored = df[df["outcome"] != "verifier_error"]
        sr = scored["outcome"].eq("success")
        n_trials = scored.groupby("task_id").size()
        k = int(n_trials.min()) if len(n_trials) else 0
        per_task = scored.assign(sr=sr).groupby("task_id")["sr"].agg(["size", "sum"])
        reruns = _reruns_of(env_errors, by, group)
        model = reruns["kind"].eq("model") if "kind" in reruns else pd.Series(False, index=reruns.index)
        rows.append({
            by: group,
            "attempts": int(len(df)),
            "SR": float(sr.mean()) if len(scored) else 0.0,
            "PR": float(scored["progress"].mean()) if len(scored) else 0.0,
            "FC": float(scored["outcome"].eq("false_complete").mean()) if len(scored) else 0.0,
            "OT": float(scored["outcome"].eq("overdue").mean()) if len(scored) else 0.0,
            "USE": float((~scored["clean"].astype(bool)).mean()) if len(scored) else 0.0,
            "pass@n": float(per_task.apply(lambda r: pass_at_k(int(r["size"]), int(r["sum"]), k), axis=1).mean()) if k else 0.0,
            "pass^n": float(per_task.apply(lambda r: pass_hat_k(int(r["size"]), int(r["sum"]), k), axis=1).mean()) if k else 0.0,
            "mean_steps": float(scored["steps"].mean()) if len(scored) else 0.0,
            "env_errors": int((~model).sum()),
            "verifier_errors": int(df["outcome"].eq("verifier_error").sum()),
            "model_errors": int(model.sum()),  # reruns after a model outage (ModelUnavailable), not env failures
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
        """Return the CLI's ``--json`` object."""
        suites = {}
        for row in self.summary.to_dict("records"):
            suites[row["suite"]] = {k: (int(row[k]) if k in ("attempts", "env_errors") else float(row[k])) for k in METRICS}
        return {"run_id": self.run_id, "run_dir": str(self.store.dir), "suites": suites}


def load_result(store: RunStore) -> EvalResult:
    """Return the EvalResult of an existing run."""
    attempts = store.attempts()
    if not attempts.empty:
        attempts = attempts.sort_values(["task_id", "trial"], kind="stable").reset_index(drop=True)
    env_errors = pd.DataFrame(store.env_error_rows())
    if not env_errors.empty and "task_id" in env_errors:
        env_errors["suite"] = env_errors["task_id"].str.split("/").str[0]
    return EvalResult(store=store, attempts=attempts, summary=summarize(attempts, env_errors))


async def evaluate_async(suites: Iterable[str] = ("mobile-core",), agent: str = "reference", *, tasks: Iterable[str] | None = None,
                         trials: int = 1, parallel: int = 4, seed: int = 0, out: str | Path | None = None,
                         resume: str | None = None, model: str | None = None, model_name: str | None = None,
                         harness_config: HarnessConfig | None = None, isolation: str = "pages", purpose: str = "eval",
                         backend: str = "local", ray_address: str | None = None, model_outage_s: float = 120.0,
                         temperature: float | None = None, max_tokens: int | None = None,
                         on_done: Callable[[WorkItem, dict[str, Any]], None] | None = None,
                         on_start: Callable[[int, int], None] | None = None) -> EvalResult:
    """Evaluate an agent on task suites and return the result (see :func:`evaluate`).

    ``backend``: ``local`` (Chromium in this process) or ``ray`` (env hosts on the Ray cluster at ``ray_address``).
    ``temperature`` / ``max_tokens``: sampling of the model agents (openai, hf, hf-tokens); None keeps their defaults.
    ``model_outage_s``: how long a model endpoint may give no answer before the run stops (resumable).

    Raises:
        ModelUnavailable: the model endpoint refused (401/403/404) or stayed down past ``model_outage_s``; every
            finished attempt is stored and ``resume=run_id`` finishes the rest.
    """
    from toolkit.envs.fleet import FLEET
    from toolkit.envs.backends import make_manager
    from toolkit.manifest import run_manifest

    suites = [s for s in suites]
    specs = load_tasks(suites, list(tasks) if tasks else None)
    if resume:
        store = RunStore.open(resume, root=out)
        manifest = store.manifest
        agent, seed, trials = manifest["agent"], manifest["seed"], manifest["trials"]
        model, model_name = manifest.get("model"), manifest.get("model_name")
        sampling = manifest.get("sampling") or {}  # runs made before sampling options were stored have none
        temperature, max_tokens = sampling.get("temperature"), sampling.get("max_tokens")
        specs = load_tasks(manifest["suites"], manifest.get("tasks") or None)
        harness_config = HarnessConfig.from_dict(manifest.get("harness") or {})  # the run's own agent configuration
    else:
        store = None
    config = harness_config or HarnessConfig()
    adapter = MockedAdapter()
    policy = make_policy(agent, model=model, model_name=model_name, apps=adapter.apps, temperature=temperature,
                         max_tokens=max_tokens, **({"root": out} if agent == "replay" else {}))
    items = [WorkItem(spec=s, trial=t, run_seed=seed) for s in specs for t in range(trials)]
    if isinstance(policy, ReplayPolicy):  # checked before a run folder exists: a wrong source loses nothing
        policy.require([(i.spec.full_id, i.instance_seed) for i in items])
        config = policy.harness_config(config)
    harness = Harness(policy, config)
    manager = make_manager(backend, isolation=isolation, adapter=adapter, ray_address=ray_address)  # bad arguments fail first
    if store is None:
        store = RunStore.create(run_manifest(purpose=purpose, agent=agent, suites=suites, tasks=list(tasks or []), trials=trials, seed=seed,
                                             parallel=parallel, model=model, model_name=model_name,
                                             sampling={"temperature": temperature, "max_tokens": max_tokens},
                                             harness=config.as_dict()), root=out)
    if on_start:
        on_start(len(items), len(store.done_ids()))
    async with manager:
        manager.fleet_stats.attach(store.dir / FLEET, run_id=store.run_id)  # runs/<id>/fleet.jsonl: guigym fleet
        await Scheduler(manager, harness, store, agent=agent, parallel=parallel, on_done=on_done,
                        model_outage_s=model_outage_s).run(items)
    return load_result(store)


def evaluate(suites: Iterable[str] = ("mobile-core",), agent: str = "reference", **kwargs: Any) -> EvalResult:
    """Evaluate ``agent`` on ``suites``; works in scripts and inside Jupyter's running loop.

    Returns:
        EvalResult with ``.summary`` (one row per suite) and ``.attempts`` DataFrames.
    """
    from toolkit.sync import run_sync

    return run_sync(evaluate_async(suites, agent, **kwargs))
