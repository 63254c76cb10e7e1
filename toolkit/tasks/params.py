"""Seeded parameter sampling and ``{name.key}`` templating of task specs."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from typing import Any

from toolkit.paths import MOCKED_APPS
from toolkit.tasks.spec import ParamSpec

_FIELD = re.compile(r"\{([A-Za-z_][\w.]*)\}")


class TemplateError(ValueError):
    """A template names a parameter (or key) that does not exist."""


@functools.lru_cache(maxsize=None)
def world_of(app: str) -> Any:
    """Return the parsed ``world.json`` of an app (cached; read-only by convention)."""
    path = MOCKED_APPS / "apps" / app / "world.json"
    if not path.is_file():
        raise FileNotFoundError(f"app {app!r} has no world.json at {path}")
    return json.loads(path.read_text())


def lookup(params: dict[str, Any], dotted: str) -> Any:
    """Return ``params[a][b]...`` for ``"a.b..."``; list items by integer index."""
    value: Any = params
    for part in dotted.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise TemplateError(f"unknown template field '{{{dotted}}}' (no '{part}')")
    return value


def render(template: Any, params: dict[str, Any]) -> Any:
    """Fill ``{name}`` / ``{name.key}`` in every string of a JSON-like value.

    A string that is exactly one field keeps the parameter's own type (a copy: the instance owns what it holds); a
    mapping's keys are always text (a JSON key is a string, and a list would not even be a key).
    """
    if isinstance(template, str):
        whole = _FIELD.fullmatch(template)
        if whole:
            return copy.deepcopy(lookup(params, whole.group(1)))
        return _text(template, params)
    if isinstance(template, list):
        return [render(v, params) for v in template]
    if isinstance(template, dict):
        return {_text(k, params) if isinstance(k, str) else k: render(v, params) for k, v in template.items()}
    return template


def _text(template: str, params: dict[str, Any]) -> str:
    """Return ``template`` with each ``{name.key}`` replaced by the parameter's value as text."""
    return _FIELD.sub(lambda m: str(lookup(params, m.group(1))), template)


def world_items(spec: ParamSpec) -> list[Any]:
    """Return the items of a world parameter's list that match its ``where`` (raises TemplateError when none do)."""
    value: Any = world_of(spec.world)
    for part in spec.path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise TemplateError(f"world {spec.world!r} has no path {spec.path!r}")
        value = value[part]
    if not isinstance(value, list):
        raise TemplateError(f"world {spec.world!r} path {spec.path!r} is not a list")
    if spec.where:
        value = [v for v in value if isinstance(v, dict) and all(v.get(k) == w for k, w in spec.where.items())]
    if not value:
        raise TemplateError(f"world {spec.world!r} path {spec.path!r} has no item matching {spec.where}")
    return value


def _draw(spec: ParamSpec, rng: random.Random) -> Any:
    if spec.choice is not None:
        return rng.choice(spec.choice)
    if spec.range is not None:
        return rng.randint(*spec.range)
    if spec.pattern is not None:
        return "".join(str(rng.randint(0, 9)) if ch == "#" else ch for ch in spec.pattern)
    return rng.choice(world_items(spec))


def sample_params(specs: dict[str, ParamSpec], rng: random.Random) -> dict[str, Any]:
    """Return a value for every parameter, sampled in order; ``distinct_from`` redraws until the value differs.

    Raises:
        TemplateError: naming the parameter's field when its source fails or no distinct value is found.
    """
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        for _ in range(200):
            try:
                value = _draw(spec, rng)
            except (TemplateError, OSError, ValueError) as exc:
                raise TemplateError(f"field 'params.{name}': {exc}") from None
            if all(values.get(other) != value for other in spec.distinct_from):
                break
        else:
            raise TemplateError(f"field 'params.{name}': no value distinct from {spec.distinct_from}")
        # a copy: a choice or world item is the spec's (or the process-wide world.json cache's) own object, which an
        # edit of the instance's params or setup changed for every later sample
        values[name] = copy.deepcopy(value)
    return values


def count_values(spec: ParamSpec) -> int:
    """Return how many distinct values a parameter can take (patterns: 10 per '#')."""
    if spec.choice is not None:
        return len({json.dumps(c, sort_keys=True) for c in spec.choice})
    if spec.range is not None:
        return spec.range[1] - spec.range[0] + 1
    if spec.pattern is not None:
        return 10 ** spec.pattern.count("#")
    return len(world_items(spec))


def _key(value: Any) -> str:
    """Return a value's identity for comparing parameter values (a choice or world item may be a mapping)."""
    return json.dumps(value, sort_keys=True)


def _can_take(spec: ParamSpec, value: Any) -> bool:
    """Return whether the parameter ``spec`` can draw ``value``."""
    if spec.range is not None:
        return isinstance(value, int) and not isinstance(value, bool) and spec.range[0] <= value <= spec.range[1]
    if spec.pattern is not None:
        return (isinstance(value, str) and len(value) == len(spec.pattern)
                and all(p == v if p != "#" else v.isdigit() for p, v in zip(spec.pattern, value)))
    pool = spec.choice if spec.choice is not None else world_items(spec)
    return _key(value) in {_key(v) for v in pool}


def distinct_problem(name: str, specs: dict[str, ParamSpec]) -> str | None:
    """Return why ``name``'s ``distinct_from`` cannot always be met, or None.

    Sampling redraws until the value differs from each named parameter's; when the named ones can take, between them,
    every value ``name`` can (each one a value), the instances where they do have no value for ``name``. The named
    parameters must be earlier ones (see :func:`toolkit.tasks.lint.param_problems`); their own ``distinct_from`` is
    not followed, so a covering they can never reach together is still reported (make the choices plainly disjoint).
    """
    spec = specs[name]
    others = [o for o in dict.fromkeys(spec.distinct_from) if o in specs]
    if not others or count_values(spec) > len(others):  # more values than parameters to avoid: one is always left
        return None
    if spec.choice is not None:
        values = list({_key(v): v for v in spec.choice}.values())
    elif spec.range is not None:
        values = list(range(spec.range[0], spec.range[1] + 1))
    elif spec.pattern is not None:  # at most len(others) values, so at most one '#'
        values = [spec.pattern.replace("#", d) for d in "0123456789"] if "#" in spec.pattern else [spec.pattern]
    else:
        values = list({_key(v): v for v in world_items(spec)}.values())
    # a value -> other-parameter matching that covers every value (Kuhn's augmenting paths; a handful of each)
    takers = [[o for o in others if _can_take(specs[o], v)] for v in values]
    owner: dict[str, int] = {}

    def assign(i: int, seen: set[str]) -> bool:
        for other in takers[i]:
            if other not in seen:
                seen.add(other)
                if other not in owner or assign(owner[other], seen):
                    owner[other] = i
                    return True
        return False

    if not all(assign(i, set()) for i in range(len(values))):
        return None
    shown = ", ".join(f"{values[i]!r} ({o})" for o, i in sorted(owner.items(), key=lambda item: item[1]))
    return (f"{name!r} can only be {', '.join(repr(v) for v in values)}, and {', '.join(map(repr, others))} can take "
            f"them all ({shown}): such an instance has no value for {name!r}; give {name!r} more values than the "
            f"{len(others)} parameter(s) it must differ from, or values they cannot take")
