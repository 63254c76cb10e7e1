"""The async rollout scheduler: many attempts over a pool of leases, with a concurrency limit.

Env failures (``EnvError``) are typed infrastructure failures: the attempt is rerun on a
fresh instance (up to ``max_env_retries`` times) and each rerun is recorded — never scored.
A model outage (``ModelUnavailable``: the chat endpoint refused or never answered) is recorded
the same way and waited out; when it lasts longer than ``model_outage_s``, or the endpoint refuses
outright (401/403/404), the run stops with every finished attempt stored, for ``--resume``.
Finished attempts go to the store as they complete, so an interrupted run resumes. A closed env manager
(``ManagerClosed``) or any other error stops the run: the other workers are cancelled, nothing more is written.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Callable

from toolkit import bounds
from toolkit.envs.base import EnvError
from toolkit.envs.manager import EnvManager
from toolkit.harness import Harness, ModelUnavailable
from toolkit.rollout.episode import AttemptResult, run_attempt
from toolkit.store import RunStore, attempt_id
from toolkit.sync import gather_or_cancel
from toolkit.tasks import TaskSpec, derive_seed, sample


@dataclass(frozen=True)
class WorkItem:
    """One attempt to run: trial ``trial`` of ``spec``."""

    spec: TaskSpec
    trial: int
    run_seed: int

    @property
    def attempt_id(self) -> str:
        """Return the attempt's id in the store."""
        return attempt_id(self.spec.full_id, self.trial)

    @property
    def instance_seed(self) -> int:
        """Return the seed the instance is sampled with (same task, trial and run seed ⇒ same instance)."""
        return derive_seed(self.run_seed, self.spec.full_id, self.trial)


#: endings where the agent never said it was done: the step limit or loop detection stopped it
UNTERMINATED = ("step_limit", "loop", "invalid_output")


def outcome_of(result: AttemptResult) -> str:
    """Classify an attempt: success, false_complete, overdue, verifier_error or failure.

    - success: the goal reached with no unexpected side effect, and the agent claimed it. The claim is not needed
      where the environment ends episodes itself (MiniWoB) or the verdict judges the claim (OSWorld: an
      infeasible task succeeds when the agent ends with FAIL).
    - false_complete: the agent claimed success and the goal was not reached.
    - overdue: the goal reached, but the agent never terminated (step limit or loop detection ended it).
    - failure: everything else, including the goal reached with side effects (counted in USE, never in SR).
    """
    v = result.verdict
    if not v.ok:
        return "verifier_error"
    claimed_success = result.claimed == "success"
    if v.success and v.clean and (claimed_success or result.termination == "env_done" or v.judges_claim):
        return "success"
    if claimed_success and not v.success:
        return "false_complete"
    if v.success and result.termination in UNTERMINATED:
        return "overdue"
    return "failure"


def attempt_row(item: WorkItem, result: AttemptResult, agent: str, reruns: int, trajectory: str) -> dict[str, Any]:
    """Return the attempt-table row of a finished attempt."""
    v = result.verdict
    return {
        "attempt_id": item.attempt_id, "task_id": item.spec.full_id, "suite": item.spec.suite, "trial": item.trial,
        "seed": item.instance_seed, "agent": agent, "apps": item.spec.apps, "tags": item.spec.tags,
        "difficulty": item.spec.difficulty, "split": item.spec.split, "instruction": result.instance.instruction,
        "params": result.instance.params, "outcome": outcome_of(result), "reward": v.reward, "success": v.success,
        "clean": v.clean, "progress": v.progress, "claimed": result.claimed, "answer": result.answer,
        "termination": result.termination, "steps": result.n_steps, "side_effects": v.side_effects,
        "criteria": {c.id: c.passed for c in v.criteria}, "verifier_error": v.error, "env_reruns": reruns,
        "final_state_hash": result.observations[-1].state_hash, "trajectory": trajectory,
        "reset_ms": round(result.reset_ms, 2), "duration_s": round(result.total_s, 3),
    }


def trajectory_records(item: WorkItem, result: AttemptResult, store: RunStore) -> list[dict[str, Any]]:
    """Write the attempt's screenshots and return its trajectory records (header, steps, verdict)."""
    paths = store.write_screenshots(item.attempt_id, [(o.image, o.image_format) for o in result.observations])
    first = result.observations[0]
    header = {"kind": "attempt", "attempt_id": item.attempt_id, "task_id": item.spec.full_id, "trial": item.trial,
              "instance": result.instance.model_dump(), "initial_state": first.state, "initial_state_hash": first.state_hash,
              "screenshot": paths[0], "screen": first.screen,
              "elements": [e.model_dump() for e in first.elements]}
    steps = []
    for record in result.steps:
        after = result.observations[record["obs_after"]]
        steps.append({**record, "screenshot_before": paths[record["obs_before"]], "screenshot_after": paths[record["obs_after"]],
                      "elements_after": [e.model_dump() for e in after.elements]})
    final = {"kind": "verdict", **result.verdict.model_dump(), "claimed": result.claimed, "answer": result.answer,
             "termination": result.termination, "final_state": result.observations[-1].state}
    return [header, *steps, final]


def commit_attempt(store: RunStore, item: WorkItem, result: AttemptResult, agent: str, tried: int,
                   extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write a finished attempt: screenshots, trajectory, then its row (the commit point, with ``extra`` fields).

    Each file is fsynced before the row that refers to it; return the row. Blocking: call it off the event loop.
    """
    trajectory = store.write_trajectory(item.attempt_id, trajectory_records(item, result, store))
    row = {**attempt_row(item, result, agent, tried, trajectory), **(extra or {})}
    store.append_attempt(row)
    return row


class Scheduler:
    """Run work items concurrently over one env manager and write them to a store."""

    def __init__(self, manager: EnvManager, harness: Harness, store: RunStore, agent: str, parallel: int = 1,
                 max_env_retries: int = 3, on_done: Callable[[WorkItem, dict[str, Any]], None] | None = None,
                 model_outage_s: float = 120.0):
        # Checked here: a negative max_env_retries ran no attempt and reported nothing, parallel 0 ran one at a time.
        bounds.check_seconds("model_outage_s", model_outage_s)
        self.manager = manager
        self.harness = harness
        self.store = store
        self.agent = agent
        self.parallel = bounds.check("parallel", parallel, (1, None))
        self.max_env_retries = bounds.check("max_env_retries", max_env_retries, bounds.COUNT)
        self.on_done = on_done
        self.model_outage_s = model_outage_s
        self.env_errors = 0
        self.model_errors = 0
        self.stopped: ModelUnavailable | None = None
        self._outage_since: float | None = None

    def _record_error(self, item: WorkItem, tried: int, exc: EnvError) -> None:
        self.store.append_env_error({"attempt_id": item.attempt_id, "task_id": item.spec.full_id, "suite": item.spec.suite,
                                     "trial": item.trial, "try": tried, "kind": exc.kind, "op": exc.op, "message": exc.message,
                                     "time": time.time()})

    async def _wait_out(self, exc: ModelUnavailable) -> None:
        """Wait before rerunning after a model outage; stop the run when it is permanent or has lasted too long."""
        now = time.monotonic()
        if self._outage_since is None:
            self._outage_since = now
        lasted = now - self._outage_since
        if exc.permanent or lasted >= self.model_outage_s:
            self.stopped = self.stopped or exc
            return
        await asyncio.sleep(min(10.0, max(1.0, lasted / 4), self.model_outage_s - lasted))

    def _stop_error(self, left: int, finished: int) -> ModelUnavailable:
        """Return the error that ends a run stopped by a model outage: why, what is stored, how to finish."""
        cause = self.stopped
        how = "refuses the request" if cause.permanent else f"gave no answer for {self.model_outage_s:.0f} s"
        purpose = self.store.manifest.get("purpose", "eval")
        finish = f"guigym {purpose} --resume {self.store.run_id} --out {self.store.dir.parent}"
        advice = "Check the endpoint URL, the model name and the API key, then finish" if cause.permanent else "Finish"
        return ModelUnavailable(f"the model service {how} ({cause.message}). Stopped the run with {left} attempt(s) "
                                f"left; the {finished} finished are stored in {self.store.dir}. {advice} them with: "
                                f"{finish}", cause.permanent)

    async def _commit(self, item: WorkItem, result: AttemptResult, tried: int) -> dict[str, Any]:
        """Write a finished attempt (screenshots, trajectory, then its row: the commit point) and return its row.

        In a worker thread: each file is fsynced (about 0.1 s for an attempt's screenshots), which on the event loop
        stalled every other attempt's env and model calls. A cancelled run waits for a commit under way to end, so
        nothing is written after the run has stopped (its writer lock released).
        """
        work = asyncio.ensure_future(asyncio.to_thread(commit_attempt, self.store, item, result, self.agent, tried))
        try:
            return await asyncio.shield(work)
        except asyncio.CancelledError:
            await asyncio.wait([work])  # the thread cannot be stopped: let it finish before the cancellation goes on
            if not work.cancelled():
                work.exception()  # retrieved: a failed write is not also reported as "never retrieved"
            raise

    async def _run_item(self, item: WorkItem) -> dict[str, Any] | None:
        spec = item.spec
        instance = sample(spec, item.instance_seed)
        tried = env_failures = 0
        # env failures get max_env_retries reruns; a model outage is waited out (it says nothing about this attempt)
        while env_failures <= self.max_env_retries and self.stopped is None:
            lease = None
            try:
                [lease] = await self.manager.request(spec)  # a failed boot is an env_error too
                result = await run_attempt(self.manager, lease, spec, instance, self.harness, seed=item.instance_seed,
                                           attempt_id=f"{item.attempt_id}#{tried}")
            except ModelUnavailable as exc:
                self.model_errors += 1
                self._record_error(item, tried, exc)
                tried += 1
                await self._wait_out(exc)
                continue
            except EnvError as exc:
                self.env_errors += 1
                self._record_error(item, tried, exc)
                tried, env_failures = tried + 1, env_failures + 1
                continue
            finally:
                if lease is not None:
                    await self.manager.release(lease)
            self._outage_since = None
            row = await self._commit(item, result, tried)
            if self.on_done:
                self.on_done(item, row)
            return row
        return None

    async def run(self, items: list[WorkItem]) -> list[dict[str, Any]]:
        """Run every item not yet in the store (each attempt id once); return the rows written now (in completion order)."""
        done, done_keys = self.store.done_ids(), self.store.done_keys()  # keys: a run whose ids were spelled otherwise
        todo, seen = [], set(done)
        for i in items:  # an item given twice ran twice at once: two rows, and two writers of one trajectory file
            if i.attempt_id not in seen and (i.spec.full_id, i.trial) not in done_keys:
                seen.add(i.attempt_id)
                todo.append(i)
        for device in sorted({i.spec.device for i in todo}):
            await self.manager.warm(min(self.parallel, sum(i.spec.device == device for i in todo)), device)
        queue: asyncio.Queue[WorkItem] = asyncio.Queue()
        for item in todo:
            queue.put_nowait(item)
        rows: list[dict[str, Any]] = []

        async def worker() -> None:
            while not queue.empty() and self.stopped is None:
                item = queue.get_nowait()
                row = await self._run_item(item)
                if row is not None:
                    rows.append(row)

        # One worker failing (or the run cancelled) stops the others before the caller closes the manager.
        await gather_or_cancel(*(worker() for _ in range(min(self.parallel, len(todo)) or 1)))
        if self.stopped is not None:
            raise self._stop_error(left=len(todo) - len(rows), finished=len(done) + len(rows))
        return rows
