"""The ranges of the numeric arguments the CLI and the MCP tools share, defined once so the two cannot drift.

Each is an inclusive ``(low, high)`` pair: the CLI builds ``click.IntRange(*TRIALS)``, the MCP server
``Field(ge=low, le=high)`` (published in its input schemas), and :mod:`toolkit.api` checks the same pair for callers
that bypass the MCP schema (:func:`check`). No imports: the CLI loads this without the toolkit behind it.
"""

from __future__ import annotations

import numbers
from typing import Any

#: instance and run seeds: 2**53 - 1 is the largest integer a JSON number carries exactly in every client (a
#: JavaScript double), and the largest MiniWoB++ seed its page tells apart
SEED = (0, 2**53 - 1)
#: attempts per task in an evaluation
TRIALS = (1, 1000)
#: attempts an evaluation runs at once (Chromium pages)
PARALLEL = (1, 512)
#: task validations run at once (validate, synth)
VALIDATE_PARALLEL = (1, 64)
#: instances a task validation samples
INSTANCES = (1, 100)
#: random-agent rollouts a task validation runs
RANDOM_ROLLOUTS = (0, 1000)
#: worlds one synthesis builds
WORLDS = (1, 50)
#: tasks synthesized per world
PER_WORLD = (1, 500)


def check(name: str, value: Any, bounds: tuple[int, int]) -> None:
    """Raise ``ValueError("argument 'name': ...")`` unless ``value`` is a whole number within ``bounds``."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
        raise ValueError(f"argument '{name}': must be a whole number from {low} to {high}, got {value!r}")
