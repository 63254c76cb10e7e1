"""The shared rollout path: attempts, the scheduler."""

from toolkit.rollout.episode import AttemptResult, run_attempt
from toolkit.rollout.scheduler import Scheduler, WorkItem, attempt_row, outcome_of

__all__ = ["AttemptResult", "Scheduler", "WorkItem", "attempt_row", "outcome_of", "run_attempt"]
