"""The validation suite: every task and every app checked by execution.

For each task, over ``instances`` distinct sampled instances (the first ones among seeds 0, 1, 2, ...; a fixed task,
whose parameters are all single choices, has only as many instances as instruction variants):
- instances are valid and distinct;
- the reference solution, played through the GUI, reaches reward 1 and success within the step
  limit, claims success, and is clean;
- the untouched initial state is not a success, and neither is a null agent that terminates at once claiming success;
- the verifier is deterministic (same inputs ⇒ same verdict);
- reset restores s0 exactly (state hash);
- the app logic replayed in Node from the page's action log reaches the same state as Chromium;
- ``random_rollouts`` random-action rollouts never succeed.
A verifier that misses the verifier pool's deadline once fails that check, and the other checks are not run (each
judgement would wait the deadline out again).
The null agent and the random rollouts must be judged failures: a verifier error on the state one reaches (a verifier
that can judge the reference's state but crashes on others an agent reaches) fails their check too.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable

from toolkit import bounds
from toolkit.envs.adapters.base import refuse_external
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import state_hash
from toolkit.envs.local import LocalBackend
from toolkit.envs.manager import EnvManager
from toolkit.harness import Harness, PolicyRequest, PolicyResponse, RandomPolicy, ReferencePolicy
from toolkit.paths import MOCKED_APPS
from toolkit.rollout import run_attempt
from toolkit.sync import within
from toolkit.tasks import TaskSpec, derive_seed, judge, sample
from toolkit.tasks.stats import reachable_instances
from toolkit.tasks.verifier import timed_out

CHECKS = ("instances", "reference", "initial_not_success", "null_agent", "deterministic", "reset", "node_agrees",
          "random_never_succeeds")


class NullPolicy:
    """The null agent: terminates at once, claiming success (a task must not reward doing nothing)."""

    name = "null"

    def for_episode(self, instance, seed: int) -> "NullPolicy":
        return self

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        return PolicyResponse(text=request.render([{"type": "terminate", "status": "success"}], "null agent"))


def wanted_instances(spec: TaskSpec, instances: int) -> int:
    """Return how many distinct instances to require: ``instances``, or fewer for a fixed task (single-choice params)."""
    fixed = all(p.choice is not None and len(p.choice) == 1 for p in spec.params.values())
    return min(instances, reachable_instances(spec)) if fixed else instances


@dataclass
class TaskValidation:
    """The checks of one task: each check name → None (passed) or the failure message."""

    task_id: str
    checks: dict[str, str | None] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Return True when every check passed."""
        return all(v is None for v in self.checks.values())

    def fail(self, check: str, message: str) -> None:
        """Record the first failure of a check."""
        if self.checks.get(check) is None:
            self.checks[check] = message


class _Hung(Exception):
    """A judgement missed the verifier pool's deadline (the message names the check and the seed)."""


def _judged(report: TaskValidation, check: str, where: str, error: str | None) -> None:
    """Fail ``check`` and raise :class:`_Hung` when ``error`` (a verdict's) says the verifier missed its deadline:
    every later judgement of the task would wait the deadline out again (five instances and the rollouts: minutes)."""
    if timed_out(error):
        report.fail(check, f"{where}: {error}; the verifier hangs, so the other checks were not run")
        raise _Hung(f"{check} check ({where})")


def node_replay(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Replay action logs in Node (runtime/node/replay.mjs) and return the final states."""
    res = subprocess.run(["node", str(MOCKED_APPS / "runtime/node/replay.mjs")], input=json.dumps({"jobs": jobs}),
                         capture_output=True, text=True, timeout=120)
    if res.returncode != 0:
        raise RuntimeError(f"node replay failed: {res.stderr[-1000:]}")
    return json.loads(res.stdout)


class NodeReplayer:
    """One Node process (``replay.mjs --serve``) that replays the action logs of many tasks, one request at a time:
    the app modules are imported once, not once per task (~0.2 s each)."""

    TIMEOUT_S = 120.0

    def __init__(self) -> None:
        self._proc: asyncio.subprocess.Process | None = None
        self._stderr: Any = None
        self._lock = asyncio.Lock()

    async def replay(self, jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Return the final states of ``jobs`` (as :func:`node_replay`); RuntimeError when Node fails or hangs (the
        process is then stopped, and the next request starts a new one)."""
        async with self._lock:
            if self._proc is None or self._proc.returncode is not None:
                await self.close()  # a process that died: its stderr file goes with it
                self._stderr = tempfile.TemporaryFile()
                self._proc = await asyncio.create_subprocess_exec(
                    "node", str(MOCKED_APPS / "runtime/node/replay.mjs"), "--serve", stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE, stderr=self._stderr, limit=1 << 30)  # a line holds whole states
            proc = self._proc
            try:
                proc.stdin.write(json.dumps({"jobs": jobs}).encode() + b"\n")
                await proc.stdin.drain()
                line = await within(self.TIMEOUT_S, proc.stdout.readline())
                answer = json.loads(line) if line else None
            except (OSError, ValueError, asyncio.TimeoutError) as exc:
                answer = {"error": f"{type(exc).__name__}: {exc}"}
            if not isinstance(answer, list):
                why = str(answer["error"] if isinstance(answer, dict) else "Node exited")[-1000:]
                tail = self._stderr_tail()
                await self.close()
                raise RuntimeError(f"node replay failed: {why}" + (f"; its stderr: {tail}" if tail else ""))
            return answer

    def _stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        self._stderr.seek(0)
        return self._stderr.read()[-1000:].decode(errors="replace")

    async def close(self) -> None:
        """Stop the Node process (it ends at the end of its input; killed if it does not within a few seconds)."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.returncode is None:
            proc.stdin.close()
            try:
                await within(5, proc.wait())
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None


async def validate_task(manager: EnvManager, spec: TaskSpec, instances: int = 5, random_rollouts: int = 20,
                        replayer: NodeReplayer | None = None) -> TaskValidation:
    """Run every check on one task and return the result (``replayer``: a Node process shared by many tasks;
    None runs one for this task)."""
    report = TaskValidation(task_id=spec.full_id, checks={c: None for c in CHECKS})
    instances = wanted_instances(spec, instances)
    samples, keys = [], set()
    for seed in range(10 * instances):  # the first `instances` distinct instances among seeds 0, 1, 2, ...
        try:
            inst = sample(spec, seed)
        except Exception as exc:  # noqa: BLE001 - a broken template is a failed check, not a crash
            report.fail("instances", f"seed {seed}: {exc}")
            break
        key = json.dumps([inst.params, inst.instruction], sort_keys=True, default=str)
        if key not in keys:
            keys.add(key)
            samples.append(inst)
        if len(samples) == instances:
            break
    if len(samples) < instances and report.checks["instances"] is None:
        report.fail("instances", f"only {len(samples)} distinct instances among seeds 0..{10 * instances - 1}")
    reference = Harness(ReferencePolicy())
    adapter = manager.adapter_for(spec.device)
    random = Harness(RandomPolicy(apps=adapter.apps))
    # The attempts after the reference runs: (instance, harness, seed, attempt id, random rollout index or None for
    # the null agent on the first instance).
    others = [(samples[0], Harness(NullPolicy()), samples[0].seed, f"validate-null:{samples[0].key}", None)] if samples else []
    others += [(samples[i % len(samples)], random, derive_seed("random", spec.full_id, i), f"validate-random:{i}", i)
               for i in range(random_rollouts) if samples]

    async def run_other(inst, harness, seed, attempt_id, rollout):
        result = await run_attempt(manager, lease, spec, inst, harness, seed=seed, attempt_id=attempt_id)
        error = result.verdict.error
        if rollout is None:
            _judged(report, "null_agent", f"seed {inst.seed}", error)
        else:
            _judged(report, "random_never_succeeds", f"random rollout {rollout} (seed {inst.seed})", error)
        if result.verdict.success or not result.verdict.ok:
            if rollout is None:
                report.fail("null_agent", f"seed {inst.seed}: terminating at once, claiming success, "
                                          + (f"the verifier failed: {error[:300]}" if error else "scored success"))
            else:
                report.fail("random_never_succeeds", f"random rollout {rollout} (seed {inst.seed}) " + (
                    f"reached a state the verifier failed on: {error[:300]}" if error else "succeeded"))
        return result

    [lease] = await manager.request(spec)
    jobs, chromium_states = [], []
    try:
        for inst in samples:
            result = await run_attempt(manager, lease, spec, inst, reference, seed=inst.seed, attempt_id=f"validate:{inst.key}")
            v = result.verdict
            _judged(report, "reference", f"seed {inst.seed}", v.error)
            if not (v.ok and v.success and v.reward == 1.0 and v.clean and result.claimed == "success"):
                failed = [c.id for c in v.criteria if not c.passed]
                errors = [s["policy_error"] for s in result.steps if s.get("policy_error")]
                report.fail("reference", f"seed {inst.seed}: reward {v.reward:.2f}, failed criteria {failed}, side effects "
                                         f"{v.side_effects}, claimed {result.claimed}, verifier_error {v.error}, {errors[:1]}")
            s0, final = result.observations[0].state, result.observations[-1].state
            initial = await judge(manager.verifiers, spec, inst, s0, s0)
            _judged(report, "initial_not_success", f"seed {inst.seed}", initial.error)
            if not initial.ok or initial.success:
                report.fail("initial_not_success", f"seed {inst.seed}: the untouched s0 scores success={initial.success} "
                                                   f"(error {initial.error})")
            again = await manager.evaluate(lease, inst, spec, final_state=final)
            _judged(report, "deterministic", f"seed {inst.seed}", again.error)
            if again.model_dump() != v.model_dump():
                report.fail("deterministic", f"seed {inst.seed}: judging the same final state twice differed")
            jobs.append({"apps": adapter.apps, "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app},
                         "log": await manager.action_log(lease)})
            chromium_states.append(final)
            # Reset restores s0: the reset checked is the one from this reference run's final state. The next attempt
            # on this instance (the null agent or a random rollout) starts with it, so it runs now and its first
            # observation is the check; with none left on this instance, a reset of its own.
            follow = next((o for o in others if o[0] is inst), None)
            if follow is not None:
                others.remove(follow)
                restored = (await run_other(*follow)).observations[0]
            else:
                restored = await manager.reset(lease, inst)
            if restored.state_hash != result.observations[0].state_hash:
                report.fail("reset", f"seed {inst.seed}: reset gave state {restored.state_hash}, s0 was {state_hash(s0)}")
        for other in others:
            await run_other(*other)
    except _Hung as hung:
        jobs = []  # the Node replay is a check not run either
        for check in CHECKS[1:]:  # the instances were sampled before any judgement: that check ran
            report.fail(check, f"not run: the verifier hung in the {hung}")
    finally:
        await manager.release(lease)
    if jobs and shutil.which("node"):
        try:
            node_states = await (replayer.replay(jobs) if replayer else asyncio.to_thread(node_replay, jobs))
        except RuntimeError as exc:  # Node itself failed: this task's check fails, the others go on
            node_states = [{"error": str(exc)}] * len(jobs)
        for job, node_state, chrome_state in zip(jobs, node_states, chromium_states):
            if "error" in node_state:
                report.fail("node_agrees", f"seed {job['reset']['seed']}: {node_state['error'][:300]}")
            elif state_hash(node_state) != state_hash(chrome_state):
                report.fail("node_agrees", f"seed {job['reset']['seed']}: Node and Chromium states differ")
    return report


async def validate_tasks(specs: list[TaskSpec], instances: int = 5, random_rollouts: int = 20, parallel: int = 4,
                         on_done: Callable[[TaskValidation], None] | None = None) -> list[TaskValidation]:
    """Validate tasks concurrently (one lease per running task); screenshots are skipped (nobody looks).

    Raises ValueError, before any browser starts, for tasks of an external benchmark (a device with its own adapter,
    e.g. MiniWoB++): they have no reference solution to play, and the benchmark keeps its own verification; and for
    ``instances``, ``random_rollouts`` or ``parallel`` outside :mod:`toolkit.bounds` (naming the argument).
    """
    bounds.check("instances", instances, bounds.INSTANCES)
    bounds.check("random_rollouts", random_rollouts, bounds.RANDOM_ROLLOUTS)
    bounds.check("parallel", parallel, bounds.VALIDATE_PARALLEL)  # 0 made a semaphore nothing ever passed: a hang
    refuse_external(specs, "the validation suite checks tasks of the bundled and synthesized apps by their reference "
                           "solutions; an external benchmark has none and keeps its own verification")
    adapter = MockedAdapter(screenshots=False)
    sem = asyncio.Semaphore(parallel)
    replayer = NodeReplayer()
    try:
        async with EnvManager(backend=LocalBackend(), adapter=adapter) as manager:
            for device in sorted({s.device for s in specs}):
                await manager.warm(min(parallel, sum(s.device == device for s in specs)), device)

            async def one(spec: TaskSpec) -> TaskValidation:
                async with sem:
                    report = await validate_task(manager, spec, instances, random_rollouts, replayer)
                if on_done:
                    on_done(report)
                return report

            return list(await asyncio.gather(*(one(s) for s in specs)))
    finally:
        await replayer.close()
