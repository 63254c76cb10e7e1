"""Load-time checks of a task spec that pydantic's field types cannot express.

Each check returns messages of the form ``field 'x.y': what is wrong`` (empty when the spec is sound); the loader
prefixes them with the file and the task. They catch at load what would otherwise fail only for some seeds, only
when a verdict is serialised, or at every attempt's start: a device or app the catalog lacks, non-JSON values,
template fields naming no parameter (or a key that some of a parameter's values lack), ``distinct_from`` naming no
earlier parameter or one that some instances cannot meet, world parameters whose app, path or ``where`` match
nothing, and ``[id=prefix*]`` side-effect patterns that may also cover records the task starts with.
"""

from __future__ import annotations

import datetime
import fnmatch
import json
import math
import random
import re
from functools import lru_cache
from typing import Any, Iterator

from toolkit.actions import ActionError, parse_action
from toolkit.paths import MOCKED_APPS
from toolkit.tasks.params import (TemplateError, distinct_problem, lookup, render, sample_params, world_items,
                                  world_of)
from toolkit.tasks.setup_patch import setup_problems
from toolkit.tasks.spec import ParamSpec, TaskSpec

_FIELD = re.compile(r"\{([A-Za-z_][\w.]*)\}")
# An id glob with a literal prefix: "[id=t*]", or "[id=RG*" (the "*" runs on across "]"); not "[id=*]", which
# says "any record" on purpose.
_PREFIX_GLOB = re.compile(r"\[id=([^\]*]+)\*")
_SEGMENT = re.compile(r"\[id=[^\]]*\]|[^.\[]+")
# In an app's JavaScript: an id built in code from a literal start, `T-${i}` or 'T-' + i (_BUILT_ID, group 1 or
# 3; neither when the start is itself computed, `${prefix}-${n}`, or the id is String(...)); an id from ctx.uid or
# a helper around it, uid('rv') or newId(ctx, 'rv', ...) (_UID, group 2); the app's init function (_INIT).
_BUILT_ID = re.compile(r"""(?<![\w$])(?:id|[\w$]*(?:_id|Id))\s*[:=]\s*"""
                       r"""(?:`([^`$]*)\$\{|(["'])([^"'\n]*)\2\s*\+|String\s*\()""")
_UID = re.compile(r"""\b(?:uid|\w*[Ii]d)\s*\(\s*(?:ctx\s*,\s*)?(["'])([^"'\n]*)\1""")
_INIT = re.compile(r"^export\s+function\s+init\s*\(.*?^\}", re.M | re.S)


def json_problems(value: Any, field: str) -> list[str]:
    """Return why ``value`` (a raw YAML value at ``field``) is not plain JSON: dates, non-string keys, NaN..."""
    out: list[str] = []
    _json_walk(value, field, out)
    return out


def _json_walk(value: Any, field: str, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                kind = type(key).__name__
                out.append(f"field '{field or '(task)'}': key {key!r} ({kind}) is not a string (quote it)")
            _json_walk(item, f"{field}.{key}" if field else str(key), out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _json_walk(item, f"{field}.{i}", out)
    elif isinstance(value, float) and not math.isfinite(value):
        out.append(f"field '{field}': {value!r} is not a JSON number")
    elif isinstance(value, (datetime.date, datetime.time)):
        kind = type(value).__name__
        out.append(f"field '{field}': {value} is a YAML {kind}, not a JSON value (quote it: \"{value}\")")
    elif not isinstance(value, (str, int, float, bool, type(None))):
        out.append(f"field '{field}': a {type(value).__name__} is not a JSON value")


def _strings(value: Any, field: str) -> Iterator[tuple[str, str]]:
    """Yield (field, string) for every string of a JSON-like value, dict keys included (templates render keys too)."""
    if isinstance(value, str):
        yield field, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{field}.{i}")
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield f"{field}.{key}", key
            yield from _strings(item, f"{field}.{key}")


def _templated(spec: TaskSpec) -> Iterator[tuple[str, str]]:
    yield "instruction", spec.instruction
    yield from _strings(spec.instruction_variants, "instruction_variants")
    for i, c in enumerate(spec.criteria):
        yield f"criteria.{i}.description", c.description
    yield from _strings(spec.setup, "setup")
    yield from _strings(spec.reference, "reference")
    yield from _strings(spec.expected_changes, "expected_changes")


def _values(param: ParamSpec) -> list[Any]:
    """Return the values a parameter can take, as far as key lookups care (a range or pattern gives a scalar)."""
    if param.choice is not None:
        return list(param.choice)
    if param.range is not None:
        return [param.range[0]]
    if param.pattern is not None:
        return [param.pattern]
    return world_items(param)


def param_problems(spec: TaskSpec) -> list[str]:
    """Return the problems of the parameters: world sources that match nothing, ``distinct_from`` names."""
    out = []
    earlier: list[str] = []
    for name, param in spec.params.items():
        if param.world is not None:
            try:
                world_items(param)
            except (TemplateError, OSError, ValueError) as exc:
                out.append(f"field 'params.{name}': {exc}")
        named = len(out)
        for other in param.distinct_from:
            if other not in earlier:
                what = "itself" if other == name else ("a later parameter" if other in spec.params else "no parameter")
                out.append(f"field 'params.{name}.distinct_from': {other!r} is {what}; name a parameter declared "
                           f"before {name!r} (declared before it: {earlier or 'none'})")
        try:  # sampling would fail only for the seeds that draw the covering values
            why = distinct_problem(name, spec.params) if len(out) == named else None
        except (TemplateError, OSError, ValueError):  # a world source that fails: reported above
            why = None
        if why:
            out.append(f"field 'params.{name}.distinct_from': {why}")
        earlier.append(name)
    return out


def template_problems(spec: TaskSpec) -> list[str]:
    """Return the template fields that name no declared parameter, or a key some of its values lack."""
    out, seen = [], set()
    values: dict[str, list[Any]] = {}
    for field, text in _templated(spec):
        for dotted in _FIELD.findall(text):
            root = dotted.split(".")[0]
            if root not in spec.params:
                problem = (f"field '{field}': unknown template field '{{{dotted}}}' (no parameter {root!r}; "
                           f"declared: {sorted(spec.params) or 'none'})")
            elif "." not in dotted:
                continue
            else:
                if root not in values:
                    try:
                        values[root] = _values(spec.params[root])
                    except (TemplateError, OSError, ValueError):
                        values[root] = []  # reported by param_problems
                problem = next((f"field '{field}': {exc} for {root} = {_short(v)}" for v in values[root]
                                for exc in [_lookup_error({root: v}, dotted)] if exc), None)
            if problem and (field, dotted) not in seen:
                seen.add((field, dotted))
                out.append(problem)
    return out


def _short(value: Any) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _lookup_error(params: dict[str, Any], dotted: str) -> str | None:
    try:
        lookup(params, dotted)
    except TemplateError as exc:
        return str(exc)
    return None


def _ids_at(root: Any, segments: list[str]) -> set[str] | None:
    """Return the ids of the records at ``segments`` below ``root`` (None when the path is not there)."""
    current, resolved = [root], False
    for seg in segments:
        nxt = []
        for node in current:
            if seg.startswith("[id=") and isinstance(node, list):
                nxt += [r for r in node if isinstance(r, dict) and fnmatch.fnmatchcase(str(r.get("id")), seg[4:-1])]
            elif isinstance(node, dict) and seg in node:
                nxt.append(node[seg])
                resolved = True
        current = nxt
    lists = [node for node in current if isinstance(node, list)]
    if not (resolved and lists):
        return None
    return {str(r["id"]) for node in lists for r in node if isinstance(r, dict) and "id" in r}


def _all_ids(value: Any, into: set[str]) -> set[str]:
    """Return every ``id`` (a string or an integer) anywhere in ``value``, as the device's ``ctx.uid`` collects them."""
    if isinstance(value, dict):
        rid = value.get("id")
        if isinstance(rid, (str, int)) and not isinstance(rid, bool):
            into.add(str(rid))
        for item in value.values():
            _all_ids(item, into)
    elif isinstance(value, list):
        for item in value:
            _all_ids(item, into)
    return into


def _existing_ids(spec: TaskSpec, app: str, segments: list[str]) -> set[str]:
    """Return the ids of the app's world.json, anywhere in it, and those at ``segments`` (below
    ``apps.<app>.data``) in the task's setup.

    An app's init may move or rename a world collection (the reviews app's ``my_reviews``, ids ``rv1``..., become
    ``data.reviews``, while world.json's own ``reviews`` hold other records): a path of the app's state says
    nothing about where its records were in world.json, so every id of the world counts. The setup is a patch of
    the app's state, so its ids count at the path.
    """
    try:
        found = _all_ids(world_of(app), set())
    except (OSError, ValueError):
        found = set()
    setup = (((spec.setup.get("apps") or {}).get(app) or {}).get("data"))
    return found | (_ids_at(setup, segments) or set())


@lru_cache(maxsize=None)
def built_id_starts(app: str) -> tuple[tuple[str, str], ...]:
    """Return (start, where) for the ids that the app's code builds and the task may start with: those built from
    a literal start (``T-${i}``, ``'T-' + i``; an empty start when the start itself is computed), which init can
    build at reset (the CRM's timeline ``T-1``...), and, when init calls ``uid(`` itself, those from ``ctx.uid``.

    Read from the app's logic.js and lib/ (not its UI). This is what the lint can see of ids built at run time;
    ``ctx.uid`` ids, new at each call, exist at the start only when init makes them.
    """
    root = MOCKED_APPS / "apps" / app
    files = ([root / "logic.js"] if (root / "logic.js").is_file() else []) + sorted((root / "lib").rglob("*.js"))
    starts: dict[str, str] = {}
    uid_starts: dict[str, str] = {}
    init_uses_uid = False
    for path in files:
        try:
            source = path.read_text(encoding="utf-8")
        except OSError:
            continue
        where = path.relative_to(root.parent).as_posix()
        for m in _BUILT_ID.finditer(source):
            starts.setdefault(m.group(1) if m.group(1) is not None else (m.group(3) or ""),
                              f"{where}:{source.count(chr(10), 0, m.start()) + 1}")
        for m in _UID.finditer(source):
            uid_starts.setdefault(m.group(2), f"{where}:{source.count(chr(10), 0, m.start()) + 1}")
        if path.name == "logic.js" and path.parent == root:
            init = _INIT.search(source)
            init_uses_uid = init is None or "uid(" in init.group(0)  # no init found: it may, for all the lint sees
    if init_uses_uid:
        for start, where in uid_starts.items():
            starts.setdefault(start, where)
    return tuple(sorted(starts.items()))


def _rendered(spec: TaskSpec, pattern: str) -> list[str]:
    """Return ``pattern`` as every value of its one template parameter renders it ([] when that is not knowable)."""
    roots = {d.split(".")[0] for d in _FIELD.findall(pattern)}
    if not roots:
        return [pattern]
    if len(roots) > 1 or not roots <= set(spec.params):
        return []
    [root] = roots
    try:
        return list(dict.fromkeys(render(pattern, {root: v}) for v in _values(spec.params[root])))
    except (TemplateError, OSError, ValueError):
        return []  # reported by param_problems / template_problems


def wildcard_problems(spec: TaskSpec) -> list[str]:
    """Return the ``[id=prefix*]`` patterns of expected_changes that may cover records the task starts with.

    Such a pattern reads as "a record the task creates" but also lets the task change or delete existing records;
    write ``[new]`` instead, name the ids, or list the pattern in ``intended_wildcards`` when existing records are
    meant. A templated pattern is checked as each value of its parameter renders it (one parameter at most).

    What the task starts with is what the app's init makes of its world.json, patched by the setup; the lint runs
    no app code, so it checks the ids it can read, those of world.json (anywhere in it) and of the setup, and, for
    ids the app builds at run time, which it cannot list, the starts it reads in the app's code
    (:func:`built_id_starts`): a prefix that such an id may begin with is refused too, saying so.
    """
    out = []
    for i, pattern in enumerate(spec.expected_changes):
        if pattern in spec.intended_wildcards:
            continue
        hits: set[str] = set()
        built: dict[str, str] = {}
        for concrete in _rendered(spec, pattern):
            for m in _PREFIX_GLOB.finditer(concrete):
                head = _SEGMENT.findall(concrete[:m.start()])
                if len(head) >= 3 and head[0] == "apps" and head[2] == "data":
                    prefix = m.group(1)
                    hits |= {x for x in _existing_ids(spec, head[1], head[3:]) if x.startswith(prefix)}
                    built.update((start, where) for start, where in built_id_starts(head[1])
                                 if prefix.startswith(start) or start.startswith(prefix))
        fix = "write '[new]' for records the task creates (or list the pattern in intended_wildcards)"
        if hits:
            ids = sorted(hits)
            out.append(f"field 'expected_changes.{i}': pattern {pattern!r} also matches existing records "
                       f"{ids[:5]}{'...' if len(ids) > 5 else ''}; {fix}")
        elif built:
            shown = ", ".join(f"{start + '...' if start else 'a computed start'} ({where})"
                              for start, where in sorted(built.items())[:3])
            out.append(f"field 'expected_changes.{i}': pattern {pattern!r} may match records the task starts with: "
                       f"the app builds ids in code ({shown}{', ...' if len(built) > 3 else ''}), which the lint "
                       f"cannot list, so it cannot tell that none exists at the start; {fix}")
    return out


@lru_cache(maxsize=1)
def _catalog() -> dict[str, Any]:
    """Return mocked_apps/catalog.json ({} when it cannot be read: the env then says why, the lint cannot)."""
    try:
        catalog = json.loads((MOCKED_APPS / "catalog.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return catalog if isinstance(catalog, dict) else {}


def reference_problems(spec: TaskSpec) -> list[str]:
    """Return the reference steps that are no action the env takes, as the reference policy plays them (an element
    ``target`` stands for a point, a ``text`` is typed as text), rendered with the parameters drawn for seed 0.

    They loaded, and only the validation suite's GUI replay (or a training run's reference warm-up) found them.
    """
    try:
        steps = render(spec.reference, sample_params(spec.params, random.Random(0)))
    except (TemplateError, OSError, ValueError):
        return []  # reported by param_problems / template_problems
    out = []
    for i, step in enumerate(steps):
        if isinstance(step, list) and not step:
            out.append(f"field 'reference.{i}': an empty step (give at least one action)")
        for j, raw in enumerate(step if isinstance(step, list) else [step]):
            where = f"reference.{i}.{j}" if isinstance(step, list) else f"reference.{i}"
            action = dict(raw)
            target = action.pop("target", None)
            if "text" in action:
                action["text"] = str(action["text"])
            if target is not None and action.get("type") != "type":
                action.update(x=0, y=0)  # the centre of the target element on the screen of the moment
            try:
                parse_action(action)
            except ActionError as exc:
                out.append(f"field '{where}': {exc.message}")
    return out


def device_apps(device: str) -> list[str] | None:
    """Return the apps the catalog gives a mocked device, or None when it is no device of the catalog (an external
    benchmark's, or the catalog cannot be read)."""
    entry = _catalog().get(device)
    return list(entry.get("apps") or []) if isinstance(entry, dict) else None


def app_problems(spec: TaskSpec) -> list[str]:
    """Return why the task's device or apps are not ones the catalog has (each attempt's env would fail to start),
    and apps listed twice."""
    catalog = _catalog()
    if not catalog:
        return []
    if spec.device not in catalog:
        return [f"field 'device': {spec.device!r} is no device of {MOCKED_APPS / 'catalog.json'} "
                f"(devices: {', '.join(sorted(catalog))})"]
    known = (catalog[spec.device] or {}).get("apps") or []
    unknown = [a for a in spec.apps if a not in known]
    if unknown:
        return [f"field 'apps': device {spec.device!r} has no app {', '.join(map(repr, unknown))} "
                f"(it has: {', '.join(known)})"]
    twice = sorted({a for a in spec.apps if spec.apps.count(a) > 1})
    return [f"field 'apps': {', '.join(map(repr, twice))} listed twice"] if twice else []


def spec_problems(spec: TaskSpec) -> list[str]:
    """Return every load-time problem of a validated spec (device and apps, the setup patch's structure, parameters,
    templates, side-effect patterns)."""
    apps = device_apps(spec.device)
    setup = setup_problems(spec.setup, apps, later=True) if apps is not None else []
    return (app_problems(spec) + setup + param_problems(spec) + template_problems(spec) + reference_problems(spec)
            + wildcard_problems(spec))
