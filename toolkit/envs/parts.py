"""A device state received in parts (``__gym.observeJson``): each top-level key, and each app of ``apps``.

A step changes one app or two and the OS, so the page sends only the parts that changed. This side keeps the
parsed value and the canonical JSON of every part, rebuilds the state from them (the parts that did not change are
the same objects as in the previous state) and gets :func:`toolkit.envs.base.state_hash` of the whole from the
canonical JSON of its parts, without serialising the unchanged ones again.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from toolkit.envs.base import canonical_json, hash_of_json

#: (parsed value, canonical JSON) of one part
Part = tuple[Any, str]


class Seen(NamedTuple):
    """What the page sent up to ``version``: the state, its hash, its parts and its layout."""

    version: int
    state: dict[str, Any]
    hash: str
    top: dict[str, Part]
    apps: dict[str, Part]
    layout: list


def merge_parts(known: Seen | None, info: dict[str, Any]) -> Seen:
    """Return what is seen once ``info`` (an ``observeJson`` answer) is applied on ``known`` (None: ``info`` holds
    every part).

    Raises:
        KeyError: ``info`` leaves out a part its layout names that ``known`` does not hold.
    """
    layout = info["layout"] if info["layout"] is not None else known.layout
    top = dict(known.top) if known else {}
    apps = dict(known.apps) if known else {}
    top.update((k, (v, canonical_json(v))) for k, v in info["top"].items())
    apps.update((k, (v, canonical_json(v))) for k, v in info["apps"].items())
    state: dict[str, Any] = {}
    pieces: dict[str, str] = {}
    kept_top: dict[str, Part] = {}
    kept_apps: dict[str, Part] = {}
    for key, ids in layout:
        if ids is None:
            kept_top[key] = top[key]
            state[key], pieces[key] = top[key]
        else:
            kept_apps.update((i, apps[i]) for i in ids)
            state[key] = {i: apps[i][0] for i in ids}
            pieces[key] = "{" + ",".join(f"{canonical_json(i)}:{apps[i][1]}" for i in sorted(ids)) + "}"
    # json.dumps(sort_keys=True) of the whole, assembled: each object is its sorted "key":value pairs joined by ","
    blob = "{" + ",".join(f"{canonical_json(k)}:{pieces[k]}" for k in sorted(pieces)) + "}"
    return Seen(info["version"], state, hash_of_json(blob), kept_top, kept_apps, layout)
