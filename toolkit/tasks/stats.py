"""Task-bank statistics: apps, templates, reachable instances and the distributions of their labels."""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

from toolkit.paths import MOCKED_APPS
from toolkit.tasks.loader import SpecError
from toolkit.tasks.params import TemplateError, count_values
from toolkit.tasks.spec import TaskSpec


def reachable_instances(spec: TaskSpec) -> int:
    """Return how many distinct instances sampling can reach (parameter product × instruction variants).

    Raises:
        SpecError: naming the file, task and parameter when a parameter's source cannot be read.
    """
    total = 1 + len(spec.instruction_variants)
    for name, p in spec.params.items():
        try:
            n = count_values(p)
        except (TemplateError, OSError, ValueError) as exc:
            raise SpecError(f"{spec.source}: task '{spec.id}': field 'params.{name}': {exc}") from None
        total *= max(1, n - len(p.distinct_from))
    return total


def _built(device: str) -> list[str]:
    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    if device not in catalog:
        return []
    return [a for a in catalog[device]["apps"] if (MOCKED_APPS / "apps" / a / "manifest.json").is_file()]


def task_stats(specs: list[TaskSpec]) -> dict[str, Any]:
    """Return the counts and distributions of a list of task specs.

    ``apps`` / ``web_apps``: the built phone apps, and the desktop-only ones, that these tasks use. ``instances`` sums
    each template's reachable instances capped at 10**9 (a readable count); ``log10_instances`` is the uncapped sum's.
    """
    n = max(1, len(specs))
    used = {a for s in specs for a in s.apps}
    phone = set(_built("phone"))
    return {
        "apps": len(phone & used),
        "web_apps": len((set(_built("desktop")) - phone) & used),
        "templates": len(specs),
        "instances": sum(min(reachable_instances(s), 10**9) for s in specs),
        "cross_app_share": round(sum(s.cross_app for s in specs) / n, 4),
        "answersheet_share": round(sum(bool(s.answer_sheet) for s in specs) / n, 4),
        "high_risk": sum(s.high_risk for s in specs),
        "by_suite": dict(Counter(s.suite for s in specs)),
        "by_app": dict(Counter(a for s in specs for a in s.apps if a != "answersheet")),
        "difficulty": dict(sorted(Counter(s.difficulty for s in specs).items())),
        "objective": dict(Counter(s.objective for s in specs)),
        "composition": dict(Counter(s.composition for s in specs)),
        "split": dict(Counter(s.split for s in specs)),
        "tags": dict(Counter(t for s in specs for t in s.tags).most_common()),
        "median_reference_steps": sorted(len(s.reference) for s in specs)[len(specs) // 2] if specs else 0,
        "log10_instances": round(math.log10(max(1, sum(reachable_instances(s) for s in specs))), 2),
    }
