"""The structure a task's ``setup`` must keep: it is a patch of a mocked device's state ``{os, apps}``.

The device merges the patch into s0 (``mocked_apps/runtime/core/state.js``: objects merge key by key, arrays and
scalars replace, ``null`` deletes the key). A patch that replaces or deletes a container the device's code reads
(``os``, ``os.clock``, ``os.recents``, ``apps.<app>``, ``apps.<app>.data``...) leaves a device whose reset or first
step throws in the page: a fault of the task, which must be refused where the task is read, not rerun as an
infrastructure failure. Below those containers the values are the app's own (its reducers check them).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

_FIELD = re.compile(r"\{[A-Za-z_][\w.]*\}")

# The OS part of the state (runtime/core/device.js initialOs): each key's JSON type, and the keys of its objects.
_NUMBER = (int, float)
_OS: dict[str, tuple[type, ...]] = {
    "clock": (dict,), "rng": (dict,), "screen": (str,), "foreground": (str,), "recents": (list,),
    "notifications": (list,), "next_id": (int,), "battery": _NUMBER,
}
_OS_INNER: dict[str, dict[str, tuple[type, ...]]] = {"clock": {"now": _NUMBER}, "rng": {"seed": (int,), "n": (int,)}}
_SCREENS = ("launcher", "app", "recents", "shade")
_APP_STATE = ("data", "ui")  # every app's init returns {data: {...}, ui: {...}}
_JSON = {dict: "an object", list: "a list", str: "a string", int: "an integer", float: "a number"}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return "a boolean" if isinstance(value, bool) else _JSON.get(type(value), type(value).__name__)


def _templated(value: Any) -> bool:
    return isinstance(value, str) and bool(_FIELD.search(value))


def _typed(value: Any, types: tuple[type, ...], field: str, later: bool) -> str | None:
    """Return why ``value`` at ``field`` is not of ``types`` (None when it is, or is a template filled later)."""
    if later and _templated(value):
        return None
    if value is None:
        return f"field '{field}': null would delete it, and the device needs it"
    if isinstance(value, bool) or not isinstance(value, types):
        want = "a number" if types == _NUMBER else _JSON[types[0]]
        return f"field '{field}': expected {want}, got {_kind(value)} {value!r:.60}"
    return None


def setup_problems(setup: Any, apps: Iterable[str] | None, field: str = "setup", later: bool = False) -> list[str]:
    """Return why ``setup`` is no patch the mocked device can take: keys other than ``os`` and ``apps``, a structural
    key made null (deleted) or of another type, an app the device does not have (``apps`` None: any).

    ``later``: the patch is a template, rendered per seed: values and keys that hold a template field are left to the
    check of the rendered patch. Messages read ``field 'setup.os': ...``.
    """
    if not isinstance(setup, dict):
        return [f"field '{field}': expected an object (a patch of the device state {{os, apps}}), got {_kind(setup)}"]
    out = []
    stray = [k for k in setup if k not in ("os", "apps") and not (later and _templated(k))]
    if stray:
        out.append(f"field '{field}': unknown key(s) {stray}; the device state has only 'os' and 'apps'")
    if "os" in setup:
        out += _os_problems(setup["os"], f"{field}.os", later)
    if "apps" in setup:
        out += _apps_problems(setup["apps"], None if apps is None else list(apps), f"{field}.apps", later)
    return out


def _os_problems(os_patch: Any, field: str, later: bool) -> list[str]:
    problem = _typed(os_patch, (dict,), field, later)
    if problem or not isinstance(os_patch, dict):
        return [problem] if problem else []
    out = []
    for key, value in os_patch.items():
        if later and _templated(key):
            continue
        if key not in _OS:
            out.append(f"field '{field}.{key}': the device's OS state has no key {key!r} (it has: {', '.join(_OS)})")
            continue
        problem = _typed(value, _OS[key], f"{field}.{key}", later)
        if problem:
            out.append(problem)
        elif key == "screen" and value not in _SCREENS and not (later and _templated(value)):
            out.append(f"field '{field}.screen': {value!r} is no screen (one of {', '.join(_SCREENS)})")
        elif key in _OS_INNER and isinstance(value, dict):
            for inner, item in value.items():
                if inner not in _OS_INNER[key]:
                    out.append(f"field '{field}.{key}.{inner}': os.{key} has only {', '.join(_OS_INNER[key])}")
                else:
                    problem = _typed(item, _OS_INNER[key][inner], f"{field}.{key}.{inner}", later)
                    out += [problem] if problem else []
    return out


def _apps_problems(apps_patch: Any, apps: list[str] | None, field: str, later: bool) -> list[str]:
    problem = _typed(apps_patch, (dict,), field, later)
    if problem or not isinstance(apps_patch, dict):
        return [problem] if problem else []
    out = []
    for app, state in apps_patch.items():
        if later and _templated(app):
            continue
        if apps is not None and app not in apps:
            out.append(f"field '{field}.{app}': {app!r} is not an app of the task's device (apps: {', '.join(apps)})")
            continue
        problem = _typed(state, (dict,), f"{field}.{app}", later)
        if problem or not isinstance(state, dict):
            out += [problem] if problem else []
            continue
        for key, value in state.items():
            if later and _templated(key):
                continue
            if key not in _APP_STATE:
                out.append(f"field '{field}.{app}.{key}': an app's state has only 'data' and 'ui' (patch "
                           f"'{field}.{app}.data.{key}'?)")
            else:
                problem = _typed(value, (dict,), f"{field}.{app}.{key}", later)
                out += [problem] if problem else []
    return out
