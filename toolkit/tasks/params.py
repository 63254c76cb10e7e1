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
