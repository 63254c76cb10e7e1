"""The argument checks: the ranges of the numeric arguments the CLI and the MCP tools share, defined once so the two
cannot drift, and the checks every layer makes of its arguments (the API, the env manager, the scheduler), each error
naming the argument and what it must be (:func:`refuse`).

Each range is an inclusive ``(low, high)`` pair: the CLI builds ``click.IntRange(*TRIALS)``, the MCP server
``Field(ge=low, le=high)`` (published in its input schemas), and :mod:`toolkit.api` checks the same pair for callers
that bypass the MCP schema (:func:`check`). The env layer checks its counts (``(low, None)``: no upper limit), its
seconds (:func:`check_seconds`) and ``step``'s arguments (:func:`check_step_args`) here too. No toolkit imports: the
CLI loads this without the toolkit behind it.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
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
#: the last fleet samples a fleet status returns (one a second of the run; None: every one, for Python callers)
FLEET_SAMPLES = (1, 600)


#: env-layer counts with no upper limit (instances to warm or lease, retries): ``(low, None)``
COUNT = (0, None)


def refuse(name: str, must: str, value: Any, hint: str = "", error: type[Exception] = ValueError,
           numeric: bool = True) -> Exception:
    """Return the error for argument ``name``: ``argument 'name': must be <must>, got <value>[; hint]``. The value's
    type is named too (``got float 1.5``, ``got str '3'``, ``got bool True``) unless ``numeric`` and it is a plain
    int (``got -3``: a number out of range); a long value is cut (a whole batch of actions given as one string)."""
    text = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
    shown = text if numeric and type(value) is int else f"{type(value).__name__} {text}"
    return error(f"argument '{name}': must be {must}, got {shown}{f'; {hint}' if hint else ''}")


def check(name: str, value: Any, bounds: tuple[int, int | None]) -> int:
    """Return ``value`` as an int; raise ``ValueError("argument 'name': ...")`` naming the range unless it is a whole
    number within ``bounds`` (``(low, None)``: no upper limit)."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low or \
            (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f">= {low}"
        raise refuse(name, f"a whole number {span}", value)
    return int(value)


def check_seconds(name: str, value: Any, low: float = 0.0, *, above: bool = False,
                  none: str | None = None) -> float | None:
    """Return ``value``: a number of seconds ``>= low`` (``> low`` when ``above``), or None when ``none`` says what
    None means; raise ``ValueError("argument 'name': ...")`` naming the range otherwise (NaN is refused)."""
    if value is None and none is not None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not (value > low if above else value >= low):
        raise refuse(name, f"seconds {'>' if above else '>='} {low:g}" + (f" (None: {none})" if none else ""), value)
    return value


def check_step_args(actions: Any, action_id: Any) -> list:
    """Return ``actions`` as a list, or raise TypeError naming the argument a caller of an env's ``step`` got wrong.

    Checked before anything runs: a caller's mistake is neither an env error nor a reason to drop a healthy instance
    (a non-str ``action_id`` used to fail after the actions had run, and a dict or a str was taken apart key by key
    or letter by letter, each piece an "action").
    """
    from pydantic import BaseModel  # here: the CLI loads this module without pydantic

    if not isinstance(action_id, str) or not action_id:
        raise refuse("action_id", "a non-empty str", action_id, error=TypeError, numeric=False)
    if isinstance(actions, (str, bytes, Mapping, BaseModel)) or not isinstance(actions, Sequence):
        raise refuse("actions", "a list of actions (dicts or Action objects)", actions,
                     "wrap a single action as [action]", error=TypeError, numeric=False)
    return list(actions)
