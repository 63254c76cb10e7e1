"""State diffs for side-effect detection: which state paths changed between two states.

Paths read like ``apps.contacts.data.contacts[id=c3].phone``: lists of objects that all
carry an ``id`` are matched by id, other lists by position. Patterns are globs where
``*`` matches any run of characters and brackets are literal, except ``[new]``: it stands
for one record of an id-keyed list whose id is absent from the initial state (a record the
task creates), so ``threads[new]`` never covers an existing thread, whatever its id.
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

#: The pattern segment that matches only records created since the initial state.
NEW = "[new]"

_MISSING = object()


def _keyed(items: list[Any]) -> dict[str, Any] | None:
    if items and all(isinstance(i, dict) and "id" in i for i in items):
        keys = [str(i["id"]) for i in items]
        if len(set(keys)) == len(keys):
            return dict(zip(keys, items))
    return None


def diff_paths(before: Any, after: Any, prefix: str = "") -> list[str]:
    """Return the sorted leaf paths whose values differ (added and removed keys included)."""
    return changes(before, after, prefix)[0]


def changes(before: Any, after: Any, prefix: str = "") -> tuple[list[str], frozenset[str]]:
    """Return (the sorted changed paths, the paths of records added to id-keyed lists).

    An added record is one path ``...[id=X]`` whose id X was not in that list of ``before``.
    """
    out: list[str] = []
    added: set[str] = set()
    _diff(before, after, prefix, out, added)
    return sorted(out), frozenset(added)


def _diff(a: Any, b: Any, path: str, out: list[str], added: set[str]) -> None:
    if a is b or a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a.keys() | b.keys():
            _diff(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}" if path else str(key), out, added)
        return
    if isinstance(a, list) and isinstance(b, list):
        ka, kb = _keyed(a), _keyed(b)
        if (ka is not None or not a) and (kb is not None or not b) and (ka or kb):
            ka, kb = ka or {}, kb or {}
            for key in ka.keys() | kb.keys():
                if key not in ka:
                    added.add(f"{path}[id={key}]")
                _diff(ka.get(key, _MISSING), kb.get(key, _MISSING), f"{path}[id={key}]", out, added)
            return
        for i in range(max(len(a), len(b))):
            _diff(a[i] if i < len(a) else _MISSING, b[i] if i < len(b) else _MISSING, f"{path}[{i}]", out, added)
        return
    out.append(path)


@functools.lru_cache(maxsize=4096)
def _compile(pattern: str) -> re.Pattern[str]:
    def glob(text: str) -> str:
        return "".join(".*" if ch == "*" else re.escape(ch) for ch in text)

    # Each [new] is a capture group of exactly one record segment (an id cannot run past its ']').
    return re.compile(r"(\[id=[^\]]*\])".join(glob(part) for part in pattern.split(NEW)) + r"\Z")


def _match_at(rx: re.Pattern[str], text: str, added: frozenset[str]) -> bool:
    m = rx.match(text)
    # Every [new] segment must end a path that names a record added since the initial state.
    return bool(m) and all(text[:m.end(g)] in added for g in range(1, (rx.groups or 0) + 1))


def matches(path: str, pattern: str, added: frozenset[str] = frozenset()) -> bool:
    """Return True when ``path`` matches the glob ``pattern`` (or lies below a matching path).

    ``added`` holds the paths of records created since the initial state (see :func:`changes`); a pattern with
    ``[new]`` matches only through them, so without it such a pattern matches nothing.
    """
    rx = _compile(pattern)
    if _match_at(rx, path, added):
        return True
    # A pattern naming a record covers everything inside it.
    return any(_match_at(rx, path[:i], added) for i, ch in enumerate(path) if ch in ".[")


def side_effects(before: dict, after: dict, expected: list[str]) -> list[str]:
    """Return the changed paths that neither ``expected`` nor :data:`ALWAYS_IGNORED` allow."""
    allowed = [*expected, *ALWAYS_IGNORED]
    paths, added = changes(before, after)
    return [p for p in paths if not any(matches(p, pat, added) for pat in allowed)]
