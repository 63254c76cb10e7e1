"""Verdicts: criteria results turned into reward, success, cleanliness and progress."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from toolkit.tasks.spec import TaskSpec


class CriterionResult(BaseModel):
    """One criterion as judged."""

    model_config = ConfigDict(extra="forbid")
    id: str
    description: str
    weight: float
    required: bool
    passed: bool


class Verdict(BaseModel):
    """The judgement of one attempt's final state.

    ``error`` is set (and every score is 0 / False) when the verifier failed: a
    ``verifier_error`` is never a score and is reported apart from failures.
    """

    model_config = ConfigDict(extra="forbid")
    task_id: str
    criteria: list[CriterionResult] = Field(default_factory=list)
    reward: float = 0.0
    success: bool = False
    clean: bool = True
    progress: float = 0.0
    side_effects: list[str] = Field(default_factory=list)
    error: str | None = None
    error_kind: Literal["verifier_error"] | None = None
    #: True when the judge already scored the agent's claim (OSWorld: FAIL on an infeasible task is the success),
    #: so success does not also need the agent to claim success
    judges_claim: bool = False

    @property
    def ok(self) -> bool:
        """Return True when the verifier ran (the verdict is a score)."""
        return self.error is None


def score(spec: TaskSpec, results: dict[str, Any], side_effects: list[str]) -> Verdict:
    """Combine verifier booleans into a verdict: reward = Σwb/Σw, success = ∏ required b.

    A verifier result that is not a mapping of every criterion id to a bool is a verifier_error.
    """
    if not isinstance(results, dict):
        return verifier_error(spec.full_id, f"verifier returned {type(results).__name__}, expected a dict of booleans")
    missing = [c.id for c in spec.criteria if c.id not in results]
    extra = sorted(set(results) - {c.id for c in spec.criteria})
    bad = [k for k, v in results.items() if not isinstance(v, bool)]
    if missing or extra or bad:
        return verifier_error(spec.full_id, f"verifier result keys: missing {missing}, unknown {extra}, not bool {bad}")
    criteria = [CriterionResult(id=c.id, description=c.description, weight=c.weight, required=c.required,
                                passed=results[c.id]) for c in spec.criteria]
    total = sum(c.weight for c in criteria)
    reward = sum(c.weight for c in criteria if c.passed) / total
    success = all(c.passed for c in criteria if c.required)
    return Verdict(task_id=spec.full_id, criteria=criteria, reward=reward, success=success,
                   clean=not side_effects, progress=reward, side_effects=side_effects)


#: Longest verifier error a verdict keeps (it is written into every attempt's record and report).
MAX_ERROR = 4000


def verifier_error(task_id: str, message: str) -> Verdict:
    """Return the verdict of a verifier that crashed, hung, ran out of memory or answered badly (the message cut to
    :data:`MAX_ERROR` characters)."""
    if len(message) > MAX_ERROR:
        message = f"{message[:MAX_ERROR]}… ({len(message) - MAX_ERROR} more characters)"
    return Verdict(task_id=task_id, clean=True, error=message, error_kind="verifier_error")


def shaped_reward(verdict: Verdict, claimed_success: bool, aborted_after_success: bool = False,
                  overdue: bool = False) -> float:
    """Return the optional shaped RL reward (recipe ``reward.kind: shaped``; docs/training.md).

    progress × 0.8 if not clean × 0.8 if false complete × 0.5 if aborted after success × 0.5 if overdue.
    """
    r = verdict.progress
    if not verdict.clean:
        r *= 0.8
    if claimed_success and not verdict.success:
        r *= 0.8
    if aborted_after_success:
        r *= 0.5
    if overdue:
        r *= 0.5
    return r
