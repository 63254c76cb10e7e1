"""The type and range of each training recipe value, checked when a recipe is loaded (and by ``build_trainer``).

A value of the wrong kind (``group_size: four``, ``save_only_model: "yes"``) or out of range (``group_size: 1``,
``overlap: 2`` with ``window: 2``) is a ValueError naming its key path, instead of a crash (or a silent default)
deep inside TRL. ``null`` is accepted only where the code gives it a meaning (``rollout.max_turns: null``: each
task's own max_steps); elsewhere leave the key out to get its default.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from toolkit.actions import CoordSpace


def _formats() -> tuple[str, ...]:
    from toolkit.harness.formats import ALIASES, FORMATS

    return (*FORMATS, *ALIASES)


def _loss_types() -> tuple[str, ...]:
    from toolkit.training.schema import LOSS_TYPES

    return LOSS_TYPES


COORDS: tuple[str, ...] = CoordSpace.__args__  # norm1000, norm1, pixels


@dataclass(frozen=True)
class Kind:
    """What one recipe key takes: ``kind`` (int, float, bool, str, list of str, one of ``choices``), its bounds,
    and whether ``null`` is meaningful."""

    kind: str
    lo: float | None = None
    hi: float | None = None
    lo_open: bool = False  # lo itself is out of range (> lo rather than >= lo)
    nullable: bool = False
    choices: Callable[[], tuple[str, ...]] | None = None

    def describe(self) -> str:
        if self.kind == "choice":
            return f"one of {', '.join(self.choices())}" + (" (or null)" if self.nullable else "")
        what = {"int": "an integer", "float": "a number", "bool": "true or false", "str": "a string",
                "strs": "a list of strings"}[self.kind]
        if self.lo is not None and self.hi is not None:
            what += f" in {'(' if self.lo_open else '['}{self.lo:g}, {self.hi:g}]"
        elif self.lo is not None:
            what += f" {'>' if self.lo_open else '>='} {self.lo:g}"
        return what + (" (or null)" if self.nullable else "")

    def ok(self, value: Any) -> bool:
        if value is None:
            return self.nullable
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "str":
            return isinstance(value, str)
        if self.kind == "strs":
            return isinstance(value, list) and all(isinstance(v, str) for v in value)
        if self.kind == "choice":
            return isinstance(value, str) and value in self.choices()
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.kind == "int" and not isinstance(value, int):
            return False
        if math.isnan(value) or math.isinf(value):
            return False
        if self.lo is not None and (value < self.lo or (self.lo_open and value == self.lo)):
            return False
        return self.hi is None or value <= self.hi


def _int(lo: int | None = None, nullable: bool = False) -> Kind:
    return Kind("int", lo=lo, nullable=nullable)


def _float(lo: float | None = None, hi: float | None = None, lo_open: bool = False, nullable: bool = False) -> Kind:
    return Kind("float", lo=lo, hi=hi, lo_open=lo_open, nullable=nullable)


BOOL, STR = Kind("bool"), Kind("str")

# Key path -> kind; ``tasks.pools[]`` stands for every pool. Keys with a fixed set of values (schema.VALUES) and the
# temperature (schema._check_values) are checked there.
TYPES: dict[str, Kind] = {
    "name": STR, "description": STR,
    "model.checkpoint": STR,
    "model.format": Kind("choice", choices=_formats),
    "model.coords": Kind("choice", nullable=True, choices=lambda: COORDS),
    "model.tiny.seed": _int(0), "model.tiny.max_pixels": _int(1),
    "model.tiny.warm_start": Kind("strs", nullable=True), "model.tiny.warm_start_steps": _int(0),
    "tasks.pools[].suite": STR,
    "tasks.pools[].tasks": Kind("strs", nullable=True),
    "tasks.pools[].env.apps": Kind("strs", nullable=True),
    "algorithm.group_size": _int(2),  # GRPO's advantages need at least two attempts per group (TRL refuses fewer)
    "algorithm.learning_rate": _float(0, lo_open=True),
    "algorithm.kl_loss_coef": _float(0), "algorithm.entropy_coef": _float(0),
    "algorithm.per_token_loss": BOOL,
    # the lower clip bound is 1 - epsilon: past 1 it is negative and clips nothing (the ratio is never below 0)
    "algorithm.epsilon": _float(0, 1, lo_open=True), "algorithm.epsilon_high": _float(0, lo_open=True, nullable=True),
    "algorithm.loss_type": Kind("choice", nullable=True, choices=_loss_types), "algorithm.use_bias_correction_kl": BOOL,
    "sampling.success_threshold": _float(0, 1), "sampling.fail_budget": _int(1), "sampling.mastered_budget": _int(1),
    "rollout.concurrency": _int(1), "rollout.temperature": _float(),
    "rollout.max_turns": _int(1, nullable=True), "rollout.max_new_tokens": _int(1),
    "rollout.max_total_length": _int(1), "rollout.loop_limit": _int(0), "rollout.ray_address": Kind("str", nullable=True),
    "history.window": _int(1), "history.overlap": _int(0), "history.windowwise_train": BOOL,
    "trainer.tasks_per_step": _int(1), "trainer.steps_per_generation": _int(1),
    "trainer.gradient_accumulation_steps": _int(1), "trainer.max_steps": _int(1), "trainer.save_steps": _int(1),
    "trainer.save_only_model": BOOL, "trainer.seed": _int(0), "trainer.gradient_checkpointing": BOOL,
    "trainer.k3_threshold": _float(0, lo_open=True), "trainer.output_dir": Kind("str", nullable=True),
    "trainer.overwrite_output_dir": BOOL,
}


def _lookup(node: Any, parts: list[str], path: str, out: list[tuple[str, Any]]) -> None:
    """Append (concrete path, value) for each value at ``parts`` under ``node`` (``pools[]``: every pool)."""
    if not parts:
        out.append((path, node))
        return
    head, rest = parts[0], parts[1:]
    many = head.endswith("[]")
    key = head.removesuffix("[]")
    if not isinstance(node, dict) or key not in node:
        return
    where = f"{path}.{key}" if path else key
    if many:
        for i, item in enumerate(node[key] or []):
            _lookup(item, rest, f"{where}[{i}]", out)
    else:
        _lookup(node[key], rest, where, out)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def check_types(recipe: dict[str, Any]) -> None:
    """Raise ValueError naming the key path of the first value of the wrong type or out of range, then check that
    ``history.overlap`` is below ``history.window`` and that ``env`` maps names to plain values."""
    for pattern, kind in TYPES.items():
        found: list[tuple[str, Any]] = []
        _lookup(recipe, pattern.split("."), "", found)
        for path, value in found:
            if not kind.ok(value):
                hint = ""
                if kind.kind == "float" and isinstance(value, str) and _number(value):
                    hint = f" (YAML reads {value} as a string: write it with a dot and a signed exponent, e.g. 1.0e-6)"
                raise ValueError(f"recipe key {path!r} is {value!r}; expected {kind.describe()}{hint}")
    history = recipe.get("history") or {}
    window, overlap = history.get("window", 10), history.get("overlap", 2)
    if overlap >= window:
        said = {k: "" if k in history else " (its default: the key is not set)" for k in ("window", "overlap")}
        raise ValueError(f"recipe key 'history.overlap' is {overlap}{said['overlap']}, but it must be below "
                         f"'history.window' ({window}{said['window']}): consecutive history windows share that many "
                         "turns")
    env = recipe.get("env")
    if env is not None:
        if not isinstance(env, dict):
            raise ValueError(f"recipe key 'env' is {env!r}; expected a mapping of environment variable names to values")
        for name, value in env.items():
            if not isinstance(name, str) or value is None or isinstance(value, (dict, list)):
                raise ValueError(f"recipe key 'env.{name}' is {value!r}; expected a string, number or true/false "
                                 "(it is exported as an environment variable)")
            if not name or "=" in name or "\0" in name:  # os.environ refuses these names
                raise ValueError(f"recipe key 'env.{name}': {name!r} is not an environment variable name (it must be "
                                 "non-empty, without '=' or a NUL character)")
            if "\0" in str(value):
                raise ValueError(f"recipe key 'env.{name}' holds a NUL character, which an environment variable "
                                 "cannot")
