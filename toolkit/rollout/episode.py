"""One attempt on the shared rollout path: reset → (prompt → policy → parse → step)* → evaluate.

Evaluation, data collection and training differ only in what they do with the returned
:class:`AttemptResult`.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from toolkit.actions import action_dict
from toolkit.envs.base import Lease, Observation
from toolkit.envs.manager import EnvManager
from toolkit.harness import Harness
from toolkit.tasks import TaskInstance, TaskSpec, Verdict
from toolkit.tasks.diff import diff_paths

_MAX_DIFF = 40
_PATH_PARTS = re.compile(r"[^.\[\]]+|\[[^\]]*\]")


def _lookup(state: Any, path: str) -> Any:
    """Return the value at a diff path (``a.b[id=x].c`` / ``a[3]``), or None when absent."""
    value = state
    for part in _PATH_PARTS.findall(path):
        if part.startswith("[id="):
            key = part[4:-1]
            value = next((v for v in value if isinstance(v, dict) and str(v.get("id")) == key), None) if isinstance(value, list) else None
        elif part.startswith("["):
            idx = int(part[1:-1])
            value = value[idx] if isinstance(value, list) and idx < len(value) else None
        else:
            value = value.get(part) if isinstance(value, dict) else None
        if value is None:
            return None
    return value


def state_changes(before: dict, after: dict) -> list[dict[str, Any]]:
    """Return the changed leaf paths between two states with their values (at most a few dozen)."""
    paths = diff_paths(before, after)
    out = [{"path": p, "before": _lookup(before, p), "after": _lookup(after, p)} for p in paths[:_MAX_DIFF]]
    if len(paths) > _MAX_DIFF:
        out.append({"path": f"... {len(paths) - _MAX_DIFF} more", "before": None, "after": None})
    return out

#: Actions the rollout handles itself; they never reach the device. ``terminate`` does reach it: benchmarks
#: such as OSWorld judge the claim itself (an infeasible task succeeds only when the agent ends with FAIL).
_CONTROL = ("ask_user",)


@dataclass
class AttemptResult:
    """A finished attempt: the verdict, how it ended, and every step's record."""

    task_id: str
    instance: TaskInstance
    verdict: Verdict
    steps: list[dict[str, Any]]
    observations: list[Observation]
    claimed: str | None
    answer: str | None
    termination: str
    reset_ms: float
    total_s: float
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def n_steps(self) -> int:
        """Return the number of model steps taken."""
        return len(self.steps)


def _image_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _reply(spec: TaskSpec, question: str) -> str | None:
    """Return the scripted user reply whose key occurs in the question (case-insensitive)."""
    q = question.lower()
    for key, answer in spec.user_replies.items():
        if key.lower() in q:
            return answer
    return None


def _through_terminate(actions: list) -> list:
    """Return a batch up to its first ``terminate``: the episode ends there, so what follows never runs (it would
    change the final state that is judged)."""
    ends = next((i for i, a in enumerate(actions) if a.type == "terminate"), None)
    return actions if ends is None else actions[:ends + 1]


async def run_attempt(manager: EnvManager, lease: Lease, spec: TaskSpec, instance: TaskInstance, harness: Harness,
                      seed: int, attempt_id: str = "attempt",
                      on_observation: Callable[[int, Observation], None] | None = None) -> AttemptResult:
    """Run one attempt of ``instance`` on ``lease`` with ``harness`` and judge it.

    Raises:
        EnvError: on infrastructure failure (the caller reruns the attempt; never scored).
    """
    start = time.perf_counter()
    obs = await manager.reset(lease, instance)
    reset_ms = (time.perf_counter() - start) * 1000
    observations = [obs]
    if on_observation:
        on_observation(0, obs)
    episode = harness.episode(instance, seed, spec.device)
    images = {0: obs.image}
    image_hash = _image_hash(obs.image)
    steps: list[dict[str, Any]] = []
    claimed: str | None = None
    answer: str | None = None
    termination = "step_limit"
    repeats = 0
    previous: tuple | None = None

    for step in range(instance.max_steps):
        decision = await episode.decide(step, obs, lambda ref: images[int(ref.split(":")[1])])
        actions = _through_terminate(decision.actions)
        notes = [decision.parsed.error] if decision.parsed.error else []
        if decision.parsed.error and decision.usage.get("finish_reason") == "length":
            # the model cannot tell a cut-off answer from a malformed one unless it is told
            notes.append("your output was cut off at the token limit before it was complete: answer more briefly")
        if decision.policy_error:
            notes.append(decision.policy_error)
        device_actions = [a for a in actions if a.type not in _CONTROL]
        for a in actions:
            if a.type == "ask_user":
                reply = _reply(spec, a.question)
                notes.append(f"User replied: {reply}" if reply is not None else "The user did not answer.")
        env_start = time.perf_counter()
        result = await manager.step(lease, device_actions, action_id=f"{attempt_id}:{step}")
        env_ms = (time.perf_counter() - env_start) * 1000
        new_obs = result.observation
        notes.extend(r.error for r in result.results if r.error)
        note = "; ".join(notes) or None
        episode.record(step, decision.output, note)
        observations.append(new_obs)
        images[step + 1] = new_obs.image
        if on_observation:
            on_observation(step + 1, new_obs)
        steps.append({
            "kind": "step", "index": step, "prompt": decision.prompt, "output": decision.output,
            "thought": decision.parsed.thought, "actions": [action_dict(a) for a in actions],
            "parse_error": decision.parsed.error, "parse_error_kind": decision.parsed.error_kind,
            "policy_error": decision.policy_error, "results": [r.model_dump() for r in result.results],
            "note": note, "obs_before": step, "obs_after": step + 1,
            "screen_before": obs.screen, "screen_after": new_obs.screen,
            "state_hash_before": obs.state_hash, "state_hash_after": new_obs.state_hash,
            "image_hash_before": image_hash, "image_hash_after": _image_hash(new_obs.image),
            "state_diff": state_changes(obs.state, new_obs.state),
            "token_ids": decision.token_ids, "logprobs": decision.logprobs, "usage": decision.usage or None,
            "policy_ms": round(decision.policy_ms, 2), "env_ms": round(env_ms, 2),
        })
        terminate = next((a for a in actions if a.type == "terminate"), None)
        if terminate is not None:
            claimed, answer, termination = terminate.status, terminate.answer, "terminate"
            break
        if new_obs.done:
            termination = "env_done"  # the benchmark ended the episode (its own success/failure rule)
            break
        signature = (tuple(sorted(str(action_dict(a)) for a in actions)), obs.state_hash, new_obs.state_hash)
        unchanged = obs.state_hash == new_obs.state_hash and image_hash == steps[-1]["image_hash_after"]
        repeats = repeats + 1 if unchanged and signature == previous else 0
        previous = signature
        obs, image_hash = new_obs, steps[-1]["image_hash_after"]
        if harness.config.loop_limit and unchanged and repeats + 1 >= harness.config.loop_limit:
            # the same nothing, over and over, is output the format cannot read, not a repeated action
            termination = "invalid_output" if not actions and decision.parsed.error else "loop"
            break

    verdict = await manager.evaluate(lease, instance, spec, final_state=observations[-1].state)
    return AttemptResult(task_id=spec.full_id, instance=instance, verdict=verdict, steps=steps,
                         observations=observations, claimed=claimed, answer=answer, termination=termination,
                         reset_ms=reset_ms, total_s=time.perf_counter() - start)
