"""Attempt and run ids: file-safe, distinct for distinct tasks, readable for plain task ids."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from typing import Any, Iterable

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")
_PLAIN = re.compile(r"[A-Za-z0-9_.\-/]+")
#: what makes spelling each "/" as "__" ambiguous: an id holding one of these gets a hash (see attempt_id)
_AMBIGUOUS = ("__", "_/", "/_", "//")
#: characters of a task id's file-safe spelling before it is cut and hashed (file names stop at 255 bytes)
MAX_NAME = 120


def attempt_id(task_id: str, trial: int) -> str:
    """Return the file-safe id of trial ``trial`` of ``task_id`` (it names the trajectory file and screenshot folder).

    Distinct tasks get distinct ids. A plain id (letters, digits, ``_.-`` and single ``/`` not next to ``_``) is
    spelled as before, each ``/`` as ``__``, which can be read back: ``mobile-core/contacts.edit_phone`` trial 2 is
    ``mobile-core__contacts.edit_phone__t2``. Any other id (``a__b``, which ``a/b`` would also give, other characters,
    a very long id) is spelled the same way with ``~`` and a hash of the whole id after it, ``a__b~1a2b3c4d__t0``:
    ``~`` is never in a plain spelling, so the two cannot meet. Runs written before the hash keep their ids (an
    attempt row names its own), and ``--resume`` matches them by task and trial (:meth:`RunStore.done_keys`).
    """
    safe = _UNSAFE.sub("__", task_id)
    if not _PLAIN.fullmatch(task_id) or any(s in task_id for s in _AMBIGUOUS) or len(safe) > MAX_NAME:
        safe = safe[:MAX_NAME] + "~" + hashlib.sha256(task_id.encode()).hexdigest()[:10]
    return f"{safe}__t{trial}"


def new_run_id(label: str) -> str:
    """Return a fresh run id: ``<UTC time>-<label>-<random>``."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", label)[:40]
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + f"-{safe}-{secrets.token_hex(2)}"


def finished_ids(attempt_rows: Iterable[dict[str, Any]], env_error_rows: Iterable[dict[str, Any]]) -> set[str]:
    """Return the attempt ids with a result: those of ``attempt_rows``, and those of ``env_error_rows`` whose task and
    trial have a row under another id. A run started before :func:`attempt_id` hashed ambiguous task ids and resumed
    after it recorded an attempt's failed tries under its old id and its result under the new one; without this it
    stayed "unfinished" (and ``guigym eval`` failed) although it has a result.
    """
    rows = list(attempt_rows)
    done = {r["attempt_id"] for r in rows}
    keys = {(r.get("task_id"), r.get("trial")) for r in rows if r.get("task_id") is not None}
    return done | {str(e["attempt_id"]) for e in env_error_rows if e.get("attempt_id") is not None
                   and (e.get("task_id"), e.get("trial")) in keys}
