"""Tasks: specs loaded from task_bank/, sampled instances, verifiers run out of process, verdicts."""

from toolkit.tasks.judge import judge, submitted_answer
from toolkit.tasks.loader import (SpecError, derive_seed, find_task, list_suites, load_file, load_suite, load_tasks, register_suite,
                                  sample)
from toolkit.tasks.spec import AnswerField, Criterion, TaskInstance, TaskSpec
from toolkit.tasks.verdict import CriterionResult, Verdict, score, shaped_reward, verifier_error
from toolkit.tasks.verifier import VerifierLimits, VerifierPool

__all__ = [
    "AnswerField", "Criterion", "CriterionResult", "SpecError", "TaskInstance", "TaskSpec", "Verdict",
    "VerifierLimits", "VerifierPool", "derive_seed", "find_task", "judge", "list_suites", "load_file", "load_suite",
    "load_tasks", "register_suite", "sample", "score", "shaped_reward", "submitted_answer", "verifier_error",
]
