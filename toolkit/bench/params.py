"""The bounds of the bench sections' arguments, read by ``guigym bench -p`` before any section runs.

A section declares each argument with one of these types; ``-p SECTION.NAME=VALUE`` validates the value against it,
so ``-p env.instances=-1``, ``-p soak.resets=0`` or ``-p env.steps=2.5`` is refused, naming the key, before
Chromium starts. Integers are strict (``true`` or ``2.0`` is not a count).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

#: A count for which 0 means nothing to measure (instances, resets, steps, trajectories, repeats).
Count = Annotated[int, Field(strict=True, ge=1)]
#: A count where 0 is meaningful (warm-up rounds, overlap, instances held active).
Count0 = Annotated[int, Field(strict=True, ge=0)]
#: Seconds or gigabytes: finite, not negative.
Amount = Annotated[float, Field(ge=0, allow_inf_nan=False)]
#: Parallelism levels, at least one, each at least 1.
Levels = Annotated[tuple[Count, ...], Field(min_length=1)]
#: Suite names, at least one.
Names = Annotated[tuple[Annotated[str, Field(min_length=1)], ...], Field(min_length=1)]


def cross_check(section: str, args: dict) -> str | None:
    """Return what is wrong between a section's arguments (``args``: all of them, defaults filled in), if anything."""
    if section in ("history", "train-tokens") and not args["overlap"] < args["window"]:
        return f"overlap ({args['overlap']}) must be below window ({args['window']})"
    if section == "train-tokens" and args["window"] < 2:
        return f"window must be at least 2, its sliding baseline keeps window - 1 steps (got {args['window']})"
    if section == "throughput":  # the suites load before any browser starts, so a typo costs no Chromium
        from toolkit.tasks import SpecError, load_tasks

        try:
            load_tasks(list(args["suites"]))
        except SpecError as exc:
            return f"suites: {exc}"
    if section == "capacity":
        from toolkit.envs.adapters.mocked import MockedAdapter

        try:
            MockedAdapter(device=args["device"])
        except ValueError as exc:
            return f"device: {exc}"
    return None
