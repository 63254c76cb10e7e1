"""Task synthesis from a world: requirements first, then golden solution and verifier from independent calls.

:func:`synthesize_tasks` asks the backend for grounded requirements, reviews them (near-duplicates, ambiguity,
grounding), selects a batch (weighted towards a diagnosis report's weakest capabilities), and only then makes,
for each kept task, a golden solution and a verifier in two separate backend calls that never see each other.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from toolkit import bounds
from toolkit.diagnosis.report import DiagnosisReport
from toolkit.synthesis.backends import get_backend
from toolkit.synthesis.claude import ClaudeError
from toolkit.synthesis.models import Rejection, SynthTask, TaskRequirements, World, full_task_id
from toolkit.synthesis.review import normalize, review
from toolkit.synthesis.world import require_consistent
from toolkit.tasks.verifier_source import source_problems

#: How many tasks a world yields by default.
DEFAULT_PER_WORLD = 40
#: A task id TaskRequirements accepts (a malformed draft is named by it when it has one).
_TASK_ID = re.compile(r"^[a-z0-9_.\-]+$")
#: Slack steps over the golden solution's length for an agent (and the random rollouts' budget).
STEP_SLACK = 4


class SynthBatch(BaseModel):
    """The tasks synthesized for one world (before acceptance) and what review dropped."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    world: World
    tasks: list[SynthTask]
    rejections: list[Rejection] = Field(default_factory=list)
    weak: list[str] = Field(default_factory=list)
    weak_skipped: list[str] = Field(default_factory=list)  # weak tags that no task of this world carries

    def tag_counts(self) -> dict[str, int]:
        """Return how often each capability tag occurs in the batch, most frequent first."""
        return dict(Counter(t for task in self.tasks for t in task.requirements.tags).most_common())


def weak_tags(weak: DiagnosisReport | list[str] | str | None) -> list[str]:
    """Return the capability tags to favour, weakest first (from a report's ``weak_capabilities``, a list or a
    comma-separated string); each tag trimmed of whitespace, empty and repeated ones left out. ValueError naming
    ``weak`` for anything else (a number, a list holding one)."""
    if weak is None:
        return []
    if isinstance(weak, DiagnosisReport):
        raw = list(weak.weak_capabilities)
    elif isinstance(weak, str):
        raw = weak.split(",")
    elif isinstance(weak, (list, tuple)) and all(isinstance(t, str) for t in weak):
        raw = list(weak)
    else:  # 3 was "'int' object is not iterable", [3] "'int' object has no attribute 'strip'"
        raise bounds.refuse("weak", "capability tags (a list of strings or one comma-separated string), a "
                                    "DiagnosisReport or None", weak, numeric=False)
    return list(dict.fromkeys(t.strip() for t in raw if t.strip()))


class WeakTagError(ValueError):
    """None of the weak tags asked for is carried by a task the world can make."""


def usable_weak(tags: list[str], reqs: list[TaskRequirements], world_id: str) -> tuple[list[str], list[str]]:
    """Return (usable, skipped): the weak ``tags`` some requirement of ``reqs`` carries, and those none does.

    Raises:
        WeakTagError: (a ValueError) when tags were given and none of them can be made in this world (favouring them
            would select nothing), naming the world, the tags and those its tasks do carry.
    """
    present = {t for r in reqs for t in r.tags}
    usable = [t for t in tags if t in present]
    if tags and not usable:
        raise WeakTagError(f"world {world_id}: no task it can make carries a weak tag ({', '.join(tags)}); "
                           f"its tasks carry: {', '.join(sorted(present)) or 'no tag'}")
    return usable, [t for t in tags if t not in present]


def select(reqs: list[TaskRequirements], n: int | None, weak: list[str], seed: int = 0) -> list[TaskRequirements]:
    """Return up to ``n`` requirements.

    Without weak tags: round-robin over templates (templates and each template's groundings in a seeded order),
    so a batch is varied. With weak tags: candidates carrying weaker tags come first, and a candidate is only taken while the
    weakest tag stays strictly the most frequent tag of the batch.
    """
    rng = random.Random(seed)
    by_template: dict[str, list[TaskRequirements]] = {}
    for r in reqs:
        by_template.setdefault(r.template, []).append(r)
    for group in by_template.values():
        rng.shuffle(group)
    order: list[TaskRequirements] = []
    while any(by_template.values()):
        for name in rng.sample(sorted(by_template), len(by_template)):
            if by_template[name]:
                order.append(by_template[name].pop(0))
    if not weak:
        return order[:n] if n is not None else order
    return _favour(order, n if n is not None else len(order), weak)


def _margin(counts: Counter, target: str) -> int:
    return counts[target] - max((c for t, c in counts.items() if t != target), default=0)


def _favour(order: list[TaskRequirements], limit: int, weak: list[str]) -> list[TaskRequirements]:
    """Pick greedily: each step takes the candidate that leaves the weakest tag furthest ahead of every other tag
    (ties: more weak tags, then the given order); candidates without the weakest tag only while it stays ahead.
    When every task with the weakest tag also carries another tag (cross-app tasks all need reading), the
    weakest tag ends level with that one instead of ahead."""
    target = weak[0]
    boost = {tag: len(weak) - i for i, tag in enumerate(weak)}
    counts: Counter = Counter()
    chosen: list[TaskRequirements] = []
    left = list(order)
    while left and len(chosen) < limit:
        best = max(range(len(left)), key=lambda i: (_margin(counts + Counter(left[i].tags), target),
                                                     target in left[i].tags,
                                                     sum(boost.get(t, 0) for t in left[i].tags), -i))
        after = counts + Counter(left[best].tags)
        if target not in left[best].tags and _margin(after, target) <= 0:
            break
        if target in left[best].tags and _margin(after, target) < _margin(counts, target) and _margin(counts, target) > 0 \
                and not any(target not in r.tags and _margin(counts + Counter(r.tags), target) > 0 for r in left):
            break
        chosen.append(left.pop(best))
        counts = after
    strict, kept = list(chosen), Counter(counts)
    while strict and _margin(kept, target) <= 0:  # the weakest tag should end strictly ahead...
        kept -= Counter(strict.pop().tags)
    if strict:
        return strict
    while chosen and _margin(counts, target) < 0:  # ...or, when its tasks always carry another tag, level with it
        counts -= Counter(chosen.pop().tags)
    return chosen


def build_task(backend: Any, req: TaskRequirements, world: World) -> SynthTask:
    """Return the task of ``req``: golden solution and verifier from two separate backend calls."""
    golden = backend.golden(req, world)
    verifier = backend.verifier(req)
    problems = source_problems(verifier.source, verifier.function)
    if problems:  # the loader would refuse it at the write stage: refused here, before acceptance runs the task
        raise ValueError("; ".join(problems[:3]))
    reference_steps = len(golden.actions)
    return SynthTask(requirements=req, golden=golden, verifier=verifier, max_steps=min(200, reference_steps + STEP_SLACK))


def drafts(raw: list[Any], world: World) -> tuple[list[TaskRequirements], list[Rejection]]:
    """Return (requirements, rejections) of a backend's drafts: each TaskRequirements (or mapping) on ``world``, and a
    ``review`` rejection per draft that is no TaskRequirements, naming the draft (its id, else its index) and fields.

    The suite is written as synth/<world.id> whatever a draft says: a stray world would misname every rejection and
    accepted id of the report.
    """
    reqs, rejections = [], []
    for i, draft in enumerate(raw):
        if isinstance(draft, TaskRequirements):
            reqs.append(draft if draft.world == world.id else draft.model_copy(update={"world": world.id}))
            continue
        try:
            reqs.append(TaskRequirements.model_validate({**draft, "world": world.id} if isinstance(draft, dict) else draft))
        except ValidationError as exc:
            tid = draft.get("id") if isinstance(draft, dict) else None
            named = tid if isinstance(tid, str) and _TASK_ID.fullmatch(tid) else f"draft-{i}"
            fields = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}" for e in exc.errors()[:4])
            more = f" (and {len(exc.errors()) - 4} more)" if len(exc.errors()) > 4 else ""
            rejections.append(Rejection(task_id=full_task_id(world.id, named), stage="review",
                                        reasons=[f"draft {i} is no TaskRequirements: {fields}{more}"]))
    return reqs, rejections


def synthesize_tasks(world: World, weak: DiagnosisReport | list[str] | str | None = None, n: int | None = DEFAULT_PER_WORLD,
                     backend: Any = "offline", seed: int = 0, seen: dict[str, str] | None = None) -> SynthBatch:
    """Return a batch of tasks for ``world``: reviewed requirements (favouring ``weak`` tags), each with its
    golden solution and verifier. A requirement whose solution or verifier cannot be made is logged, not raised.

    ``seen`` (normalized instruction -> full task id) carries the instructions of earlier worlds, so a batch over several
    worlds stays distinct; the instructions of this batch's tasks (those selected and built) are added to it, and no
    other: a requirement review kept but the selection left out does not block a later world's same instruction.

    Weak tags that no reviewed requirement of this world carries are skipped (listed in ``weak_skipped``); when none
    of them can be made, :class:`WeakTagError` (a ValueError) is raised. An inconsistent world (:func:`check_world`
    issues) is a ValueError naming it and its issues, raised before the backend is asked.
    """
    if not isinstance(world, World):  # a world's dict ended in AttributeError: 'dict' object has no attribute 'device'
        raise bounds.refuse("world", "a World (one read from JSON: World.model_validate(...))", world, numeric=False)
    if n is not None:  # a negative n sliced off the last tasks; 0 made an empty batch that read as a failed world
        bounds.check("n", n, bounds.PER_WORLD)
    bounds.check("seed", seed, bounds.SEED)  # True drew seed 1's batch; 1.5 a batch of its own
    require_consistent(world)  # a world given as an object (edited, read from a file) was never checked
    engine = get_backend(backend)
    # the suite is written as synth/<world.id> whatever a backend's requirements say: a stray world would misname
    # every rejection and accepted id of the report
    reqs, malformed = drafts(engine.tasks(world, seed), world)
    kept, rejections = review(reqs, world, seen)
    rejections = malformed + rejections
    tags, skipped = usable_weak(weak_tags(weak), kept, world.id)
    tasks = []
    for req in select(kept, n, tags, seed):
        try:
            tasks.append(build_task(engine, req, world))
        except (ValueError, KeyError, StopIteration, ClaudeError) as exc:  # ClaudeError: a malformed answer
            rejections.append(Rejection(task_id=req.full_id, stage="write", reasons=[f"{type(exc).__name__}: {exc}"]))
    if seen is not None:
        seen.update({normalize(t.requirements.instruction): t.requirements.full_id for t in tasks})
    return SynthBatch(world=world, tasks=tasks, rejections=rejections, weak=tags, weak_skipped=skipped)
