"""The rollout half of :class:`~toolkit.training.trainer.GuiGRPOTrainer`: the env manager, one group's attempts on
the shared rollout path (an ``EnvError`` drops the attempt and reruns it, a verifier error drops it from its group
but keeps it in the run store, as evaluation does),
their rewards, the sampler record shared over ranks, and the run store's trajectories.

:class:`RolloutMixin` reads the trainer's attributes (set in ``GuiGRPOTrainer.__init__``): ``env_factory``,
``store``, ``specs``, ``harness_config``, ``engine``, ``sampler``, ``reward_kind``, ``rollout_temperature``,
``max_new_tokens``, ``max_turns``, ``concurrency``, ``run_seed``, ``max_env_retries``, ``env_error_count``,
``verifier_error_count``, ``dropped`` (this batch's attempts left unscored, each with why).
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass

from toolkit.envs.base import EnvError
from toolkit.harness import Harness
from toolkit.rollout.episode import AttemptResult, run_attempt
from toolkit.rollout.scheduler import UNTERMINATED, WorkItem, commit_attempt, outcome_of
from toolkit.store import attempt_id
from toolkit.sync import gather_or_cancel
from toolkit.tasks import derive_seed, sample
from toolkit.tasks.verdict import shaped_reward
from toolkit.training.policy import HFTokenPolicy


@dataclass(frozen=True)
class TrainItem(WorkItem):
    """A training attempt: member ``member`` of a group that shares one instance (``group_seed``)."""

    group_seed: int = 0
    member: int = 0
    step: int = 0

    @property
    def attempt_id(self) -> str:
        return attempt_id(self.spec.full_id, self.trial) + f"-s{self.step}g{self.member}"

    @property
    def instance_seed(self) -> int:
        return self.group_seed


@dataclass
class Outcome:
    """A resolved attempt: its result, reward (None: a verifier error, not scored) and (for the store) its item."""

    item: TrainItem
    result: AttemptResult
    reward: float | None
    success: bool
    reruns: int


class RolloutMixin:
    """Environment and rollout methods of the GRPO trainer (see the module docstring)."""

    # -- environment --------------------------------------------------------------------------------------------
    def _run(self, coro):
        """Run ``coro`` on the toolkit's background loop (the env manager's); an interrupt cancels it."""
        from toolkit.sync import run_in_background

        return run_in_background(coro)

    def manager(self):
        """Return the env manager (started on first use, in the toolkit's background loop)."""
        if self._manager is None:
            async def start():
                manager = self.env_factory()
                await manager.__aenter__()
                if self.store is not None and hasattr(manager, "fleet_stats"):  # runs/<id>/fleet.jsonl: guigym fleet
                    manager.fleet_stats.attach(self.store.dir / "fleet.jsonl", run_id=self.store.run_id)
                return manager
            self._manager = self._run(start())
        return self._manager

    def close_envs(self) -> None:
        """Close the env manager."""
        if self._manager is not None:
            manager, self._manager = self._manager, None
            self._run(manager.__aexit__(None, None, None))

    # -- rollouts -----------------------------------------------------------------------------------------------
    def _reward(self, result: AttemptResult) -> float:
        verdict = result.verdict
        if self.reward_kind == "shaped":
            # "aborted after success": the goal was reached, then the agent ended with status failed (unless the
            # verdict itself judges the claim, as OSWorld's infeasible tasks do)
            aborted = verdict.success and result.claimed == "failed" and not verdict.judges_claim
            return shaped_reward(verdict, claimed_success=result.claimed == "success", aborted_after_success=aborted,
                                 overdue=verdict.success and result.termination in UNTERMINATED)
        return float(verdict.reward)

    async def _attempt(self, item: TrainItem, harness: Harness, sem: asyncio.Semaphore) -> Outcome | None:
        manager = self._manager
        spec = item.spec
        instance = sample(spec, item.instance_seed)
        if self.max_turns:
            instance = instance.model_copy(update={"max_steps": min(instance.max_steps, self.max_turns)})
        seed = derive_seed(item.group_seed, "member", item.member) % (2 ** 31)
        last = None
        async with sem:
            for attempt in range(self.max_env_retries + 1):
                lease = None
                try:
                    [lease] = await manager.request(spec)  # a failed boot is an env error too
                    result = await run_attempt(manager, lease, spec, instance, harness, seed=seed,
                                               attempt_id=f"{item.attempt_id}#{attempt}")
                except EnvError as exc:  # dropped and rerun, never scored
                    self.env_error_count += 1
                    last = exc
                    if self.store is not None:
                        self.store.append_env_error({"attempt_id": item.attempt_id, "task_id": spec.full_id,
                                                     "trial": item.trial, "try": attempt, "kind": exc.kind, "op": exc.op,
                                                     "message": exc.message, "time": time.time()})
                    continue
                finally:
                    if lease is not None:
                        await manager.release(lease)
                if not result.verdict.ok:  # verifier error: not a score, dropped from the group (kept in the store)
                    return self._unscored(item, result, attempt, f"verifier error ({result.verdict.error})")
                reward = self._reward(result)
                if not math.isfinite(reward):  # one NaN would make its whole group's advantages, then the weights, NaN
                    return self._unscored(item, result, attempt, f"the verifier's reward is {reward!r}, not a number")
                return Outcome(item=item, result=result, reward=reward, success=outcome_of(result) == "success",
                               reruns=attempt)
        self.dropped.append(f"{item.attempt_id}: {self.max_env_retries + 1} tries, each an env error (last: {last.kind} "
                            f"in {last.op}: {last.message})")
        return None

    def _unscored(self, item: TrainItem, result: AttemptResult, reruns: int, why: str) -> None:
        """Count an attempt that has no usable score, write it to the run store (``train_reward`` null) and note why
        it left its group."""
        self.verifier_error_count += 1
        self._store(Outcome(item=item, result=result, reward=None, success=False, reruns=reruns))
        self.dropped.append(f"{item.attempt_id}: {why}")

    async def _rollouts(self, groups: list[tuple[str, int]]) -> list[list[Outcome]]:
        policy = HFTokenPolicy(self.engine, temperature=self.rollout_temperature, max_new_tokens=self.max_new_tokens)
        harness = Harness(policy, self.harness_config)
        sem = asyncio.Semaphore(max(1, self.concurrency))
        step = int(self.state.global_step)
        jobs = []
        for g, (task, n) in enumerate(groups):
            spec = self.specs[task]
            group_seed = derive_seed(self.run_seed, task, step, g) % (2 ** 31)
            members = []
            for m in range(n):
                trial = self._trials.get(task, 0)
                self._trials[task] = trial + 1
                members.append(TrainItem(spec=spec, trial=trial, run_seed=self.run_seed, group_seed=group_seed, member=m,
                                         step=step))
            jobs.append(members)
        # gather_or_cancel: one failing attempt stops its siblings before the manager closes under them
        flat = await gather_or_cancel(*(self._attempt(item, harness, sem) for members in jobs for item in members))
        out, k = [], 0
        for members in jobs:
            out.append([o for o in flat[k:k + len(members)] if o is not None])
            k += len(members)
        return out

    def _share_records(self, groups: list[tuple[str, int, int]]) -> None:
        """Add every rank's resolved groups (task, attempts, successes) to this rank's sampler record.

        Each rank rolls out its own groups; gathering them keeps one record on every rank, so all ranks size the
        groups of a task alike. A collective: every rank calls it once per generation batch.
        """
        per_rank = [groups]
        if self.accelerator.num_processes > 1:
            from accelerate.utils import gather_object

            per_rank = gather_object([groups])
        for rank_groups in per_rank:
            for task, attempts, successes in rank_groups:
                self.sampler.add(task, attempts, successes)

    # -- the run store ---------------------------------------------------------------------------------------
    def _store(self, outcome: Outcome) -> None:
        if self.store is None:
            return
        item = outcome.item
        commit_attempt(self.store, item, outcome.result, "hf-tokens", outcome.reruns,
                       {"train_step": item.step, "group_member": item.member, "train_reward": outcome.reward})
