"""State diffs for side-effect detection: which state paths changed between two states.

Paths read like ``apps.contacts.data.contacts[id=c3].phone``: lists of objects that all
carry an ``id`` are matched by id, other lists by position. Patterns are globs where
``*`` matches any run of characters and brackets are literal.
"""

from __future__ import annotations

import functools
import re
from typing import Any

#: Paths no task is ever blamed for: navigation, drafts, clock, randomness, notifications' order.
ALWAYS_IGNORED = (
    "os.clock*", "os.rng*", "os.screen", "os.foreground", "os.recents*", "os.next_id", "os.battery",
    "apps.*.ui", "apps.*.ui.*",
)

_MISSING = object()


def _keyed(items: list[Any]) -> dict[str, Any] | None:
    if items and all(isinstance(i, dict) and "id" in i for i in items):
        keys = [str(i["id"]) for i in items]
        if len(set(keys)) == len(keys):
            return dict(zip(keys, items))
    return None


def diff_paths(before: Any, after: Any, prefix: str = "") -> list[str]:
    """Return the sorted leaf paths whose values differ (added and removed keys included)."""
    out: list[str] = []
    _diff(before, after, prefix, out)
    return sorted(out)


def _diff(a: Any, b: Any, path: str, out: list[str]) -> None:
    if a is b or a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a.keys() | b.keys():
            _diff(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}" if path else str(key), out)
        return
    if isinstance(a, list) and isinstance(b, list):
        ka, kb = _keyed(a), _keyed(b)
        if (ka is not None or not a) and (kb is not None or not b) and (ka or kb):
            ka, kb = ka or {}, kb or {}
            for key in ka.keys() | kb.keys():
                _diff(ka.get(key, _MISSING), kb.get(key, _MISSING), f"{path}[id={key}]", out)
            return
        for i in range(max(len(a), len(b))):
            _diff(a[i] if i < len(a) else _MISSING, b[i] if i < len(b) else _MISSING, f"{path}[{i}]", out)
        return
    out.append(path)


@functools.lru_cache(maxsize=4096)
def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile("".join(".*" if ch == "*" else re.escape(ch) for ch in pattern) + r"\Z")


def matches(path: str, pattern: str) -> bool:
    """Return True when ``path`` matches the glob ``pattern`` (or lies below a matching path)."""
    rx = _compile(pattern)
    if rx.match(path):
        return True
    # A pattern naming a record covers everything inside it.
    return any(rx.match(path[:i]) for i, ch in enumerate(path) if ch in ".[")


def side_effects(before: dict, after: dict, expected: list[str]) -> list[str]:
    """Return the changed paths that neither ``expected`` nor :data:`ALWAYS_IGNORED` allow."""
    allowed = [*expected, *ALWAYS_IGNORED]
    return [p for p in diff_paths(before, after) if not any(matches(p, pat) for pat in allowed)]
