"""Policy-adaptive group sizes: how many attempts a task gets in a GRPO group, from its success record so far."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AdaptiveSampler:
    """Policy-adaptive group sizes from each task's success record."""

    success_threshold: float = 0.8
    fail_budget: int = 4
    mastered_budget: int = 2
    record: dict[str, list[int]] = field(default_factory=dict)  # task -> [attempts, successes]

    def budget(self, task: str, group_size: int) -> int:
        """Return how many attempts ``task`` gets in this group."""
        n, s = self.record.get(task, [0, 0])
        if n == 0 or 0 < s / n <= self.success_threshold:
            return group_size
        if s == 0:
            return max(1, min(group_size, self.fail_budget))
        return max(1, min(group_size, self.mastered_budget))

    def add(self, task: str, attempts: int, successes: int) -> None:
        """Add ``attempts`` resolved attempts of ``task``, ``successes`` of them successful."""
        entry = self.record.setdefault(task, [0, 0])
        entry[0] += attempts
        entry[1] += successes
