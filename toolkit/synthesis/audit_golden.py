"""Initial and golden states of task instances for the verifier audit, replayed in Node.

A reference solution is a GUI action sequence (element targets), so turning it into the apps'
logic-level actions needs the page once: the first audit of an instance plays the reference in
Chromium (the reference policy, as ``guigym tasks validate`` does) and caches the page's action log
on disk, keyed by the task spec, the instance, and the device runtime and app logic and worlds it runs on.
Every audit then replays the cached logs in Node, batched (:func:`toolkit.validation.node_replay`):
an empty log gives s0, the reference's log gives the golden final state. No browser on the hot path.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.paths import MOCKED_APPS
from toolkit.tasks import TaskInstance, TaskSpec

_CONTROL = ("terminate", "ask_user")  # episode control: never reaches the device or ctx.trajectory


def cache_path() -> Path:
    """Return the file of cached reference action logs (``$GUIGYM_CACHE`` or ``~/.cache/guigym``)."""
    root = Path(os.environ.get("GUIGYM_CACHE", Path.home() / ".cache" / "guigym"))
    return root / "audit-reference-logs.json"


@dataclass
class Golden:
    """The states the audit judges one instance on; ``error`` says why they could not be built."""

    initial: dict[str, Any] = field(default_factory=dict)
    golden: dict[str, Any] = field(default_factory=dict)
    trajectory: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None


def _files_digest(folder: str, names: tuple[str, ...] | None = None) -> str:
    root = Path(folder)
    files = [root / n for n in names] if names else sorted(p for p in root.rglob("*") if p.is_file())
    stats = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files if p.is_file())
    return _digest(stats)


@lru_cache(maxsize=4096)
def _digest(stats: tuple[tuple[str, int, int], ...]) -> str:
    h = hashlib.sha256()
    for path, _, _ in stats:  # the content decides; mtimes and sizes only key the memo
        h.update(Path(path).name.encode())
        h.update(Path(path).read_bytes())
    return h.hexdigest()


def _catalog() -> dict[str, Any]:
    return json.loads((MOCKED_APPS / "catalog.json").read_text())


def device_apps(device: str) -> list[str]:
    """Return the built apps of a catalog device, in launcher order (what the device page hosts)."""
    return [a for a in _catalog()[device]["apps"] if (MOCKED_APPS / "apps" / a / "manifest.json").is_file()]


def instance_key(spec: TaskSpec, instance: TaskInstance) -> str:
    """Return the cache key of an instance's reference log: spec, instance, and the logic and worlds it runs on.

    A log holds logic-level actions, so views and styles are not part of the key: a cached log replays to
    the same state as long as the device runtime and the task's apps' logic and worlds are the same.
    """
    h = hashlib.sha256()
    h.update(spec.model_dump_json(exclude={"source"}).encode())
    h.update(instance.model_dump_json().encode())
    h.update(_files_digest(str(MOCKED_APPS / "runtime" / "core")).encode())
    for app in sorted(set(spec.apps)):
        h.update(app.encode() + _files_digest(str(MOCKED_APPS / "apps" / app), ("logic.js", "world.json")).encode())
    return h.hexdigest()[:32]


def reference_trajectory(instance: TaskInstance) -> list[dict[str, Any]]:
    """Return the device actions of the reference solution, as ``ctx.trajectory`` lists them after a run."""
    return [dict(a) for step in instance.reference for a in step if a.get("type") not in _CONTROL]


def _load_cache() -> dict[str, Any]:
    try:
        return json.loads(cache_path().read_text())
    except (OSError, ValueError):
        return {}


def _save_cache(cache: dict[str, Any], keep: int = 20000) -> None:
    if len(cache) > keep:  # entries of older app versions go first (insertion order)
        cache = dict(list(cache.items())[-keep:])
    path = cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(cache, separators=(",", ":")))
    os.replace(tmp, path)


async def record_logs(pairs: list[tuple[TaskSpec, TaskInstance]], parallel: int = 2) -> list[dict[str, Any]]:
    """Play each instance's reference in Chromium; return ``{"apps", "log"}`` or ``{"error"}`` per pair."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.local import LocalBackend
    from toolkit.envs.manager import EnvManager
    from toolkit.harness import Harness, ReferencePolicy
    from toolkit.rollout import run_attempt

    reference = Harness(ReferencePolicy())
    sem = asyncio.Semaphore(parallel)
    async with EnvManager(backend=LocalBackend(), adapter=MockedAdapter(screenshots=False)) as manager:

        async def one(spec: TaskSpec, inst: TaskInstance) -> dict[str, Any]:
            async with sem:
                try:
                    [lease] = await manager.request(spec)
                    try:
                        result = await run_attempt(manager, lease, spec, inst, reference, seed=inst.seed,
                                                   attempt_id=f"audit:{inst.key}")
                        log = await manager.action_log(lease)
                    finally:
                        await manager.release(lease)
                except Exception as exc:  # noqa: BLE001 - an env failure is reported per instance, never cached
                    return {"error": f"reference run failed: {type(exc).__name__}: {exc}"}
            if result.claimed != "success":
                errors = [s["policy_error"] for s in result.steps if s.get("policy_error")]
                return {"error": f"the reference did not finish ({result.termination}): {errors[:1]}"}
            return {"apps": manager.adapter_for(spec.device).apps, "log": log}

        return list(await asyncio.gather(*(one(s, i) for s, i in pairs)))


_REPLAY = Path(__file__).with_name("audit_replay.mjs")


def _batch_replay(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Replay jobs in one Node process that builds each device once and resets it per job (as the page does)."""
    res = subprocess.run(["node", str(_REPLAY), str(MOCKED_APPS)], input=json.dumps({"jobs": jobs}),
                         capture_output=True, text=True, timeout=600)
    if res.returncode != 0:
        raise RuntimeError(f"node replay failed: {res.stderr[-1000:]}")
    return json.loads(res.stdout)


def _replay(jobs: list[dict[str, Any]], chunk: int = 400) -> list[dict[str, Any]]:
    """Return the final state of each job (``{"error": ...}`` for a job that threw), replayed in Node."""
    from toolkit.validation import node_replay

    if not jobs:
        return []
    chunks = [jobs[i:i + chunk] for i in range(0, len(jobs), chunk)]
    with ThreadPoolExecutor(max_workers=min(len(chunks), os.cpu_count() or 2)) as pool:
        states = [s for part in pool.map(_batch_replay, chunks) for s in part]
    # A job that failed in the shared device is replayed again on a fresh one (the reference replayer).
    redo = [i for i, s in enumerate(states) if "error" in s]
    if redo:
        for i, state in zip(redo, node_replay([jobs[i] for i in redo])):
            states[i] = state
    return states


async def golden_states(pairs: list[tuple[TaskSpec, TaskInstance]], record: bool = True,
                        parallel: int = 2) -> list[Golden]:
    """Return s0 and the golden final state of each (spec, instance), replayed in Node.

    Args:
        pairs: the instances to build states for.
        record: play instances missing from the cache in Chromium (else they get an error).
        parallel: Chromium pages used while recording.
    """
    if shutil.which("node") is None:
        return [Golden(error="node is not installed: golden states are replayed in Node") for _ in pairs]
    cache = _load_cache()
    keys = [instance_key(s, i) for s, i in pairs]
    missing = [(k, p) for k, p in zip(keys, pairs) if k not in cache]
    missing = list({k: p for k, p in missing}.items())
    errors: dict[str, str] = {}
    if missing and record:
        recorded = await record_logs([p for _, p in missing], parallel=parallel)
        for (key, _), entry in zip(missing, recorded):
            if "error" in entry:
                errors[key] = entry["error"]
            else:
                cache[key] = entry
        if len(errors) < len(missing):
            _save_cache(cache)
    jobs, where = [], []
    out = [Golden() for _ in pairs]
    for n, ((spec, inst), key) in enumerate(zip(pairs, keys)):
        entry = cache.get(key)
        if entry is None:
            out[n].error = errors.get(key, "no cached reference log (recording is off)")
            continue
        reset = {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app}
        jobs += [{"apps": entry["apps"], "reset": reset, "log": []},
                 {"apps": entry["apps"], "reset": reset, "log": entry["log"]}]
        where.append(n)
    states = await asyncio.to_thread(_replay, jobs)
    for j, n in enumerate(where):
        initial, golden = states[2 * j], states[2 * j + 1]
        bad = next((s["error"] for s in (initial, golden) if "error" in s), None)
        if bad:
            out[n].error = f"node replay failed: {bad[:300]}"
        else:
            out[n].initial, out[n].golden = initial, golden
            out[n].trajectory = reference_trajectory(pairs[n][1])
    return out


# -- the perturbed golden state: every change the reference made, altered ------------------------

_KEEP = {("answersheet", "submitted")}  # the act of submitting stays; the submitted values are altered


def _rot(text: str) -> str:
    out = []
    for c in text:
        if "a" <= c <= "z":
            out.append(chr((ord(c) - 97 + 13) % 26 + 97))
        elif "A" <= c <= "Z":
            out.append(chr((ord(c) - 65 + 13) % 26 + 65))
        elif "0" <= c <= "9":
            out.append(chr((ord(c) - 48 + 5) % 10 + 48))
        else:
            out.append(c)
    rotated = "".join(out)
    return rotated if rotated != text else text + "~"


def _alter(value: Any, old: Any = None, has_old: bool = False) -> Any:
    """Return a value of the same type as ``value`` that differs from it (and from ``old``)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)) and has_old and isinstance(old, (int, float)) and not isinstance(old, bool):
        return 2 * old - value  # mirrored around the old value: "at least" and "changed" checks both fail
    if isinstance(value, (int, float)):
        return value + 7
    if isinstance(value, str):
        return _rot(value)
    if isinstance(value, dict):
        return {k: _alter(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_alter(v) for v in value]
    return old if has_old else value


def _ids(items: list) -> list | None:
    if all(isinstance(x, dict) and "id" in x for x in items):
        ids = [x["id"] for x in items]
        return ids if len(set(map(str, ids))) == len(ids) else None
    return None


def _record_ids(value: Any, out: set) -> set:
    if isinstance(value, dict):
        if isinstance(value.get("id"), (str, int)) and not isinstance(value.get("id"), bool):
            out.add(value["id"])
        for v in value.values():
            _record_ids(v, out)
    elif isinstance(value, list):
        for v in value:
            _record_ids(v, out)
    return out


def _perturb(old: Any, new: Any, app: str, refs: set, key: str = "") -> tuple[Any, bool]:
    if old == new:
        return new, False
    if (app, key) in _KEEP:
        return new, False
    if isinstance(old, dict) and isinstance(new, dict):
        out, changed = {}, False
        for k, v in new.items():
            if k in old:
                out[k], c = _perturb(old[k], v, app, refs, k)
            else:
                out[k], c = _alter(v), True
            changed |= c
        for k in old.keys() - new.keys():  # removed: put it back
            out[k], changed = old[k], True
        return out, changed
    if isinstance(old, list) and isinstance(new, list):
        old_ids, new_ids = _ids(old), _ids(new)
        if old_ids is not None and new_ids is not None:
            before = dict(zip(map(str, old_ids), old))
            out, changed = [], False
            for item in new:
                prev = before.get(str(item["id"]))
                value, c = _perturb(prev, item, app, refs) if prev is not None else (_alter(item), True)
                out.append(value)
                changed |= c
            gone = [x for x in old if str(x["id"]) not in set(map(str, new_ids))]
            return out + gone, changed or bool(gone)
        if all(not isinstance(x, (dict, list)) for x in old + new):
            out = [x if x in old else _alter(x) for x in new if x in old or x not in refs]  # added ids: undone
            return out + [x for x in old if x not in new], True
        out, changed = [], False
        for i, item in enumerate(new):
            value, c = _perturb(old[i], item, app, refs) if i < len(old) else (_alter(item), True)
            out.append(value)
            changed |= c
        return out + old[len(new):], changed or len(old) > len(new)
    if old is None or (isinstance(new, (str, int)) and not isinstance(new, bool) and new in refs):
        # A field set from nothing (a timestamp, a mark) or pointed at another record (one choice among
        # several valid ones, or a dangling id if altered): undo it instead.
        return old, True
    return _alter(new, old, True), True


def perturbed(initial: dict[str, Any], golden: dict[str, Any]) -> dict[str, Any] | None:
    """Return the golden state with every app-data change the reference made altered, or None if it made none.

    Changed values are altered (text rotated, numbers mirrored around their old value, booleans flipped),
    added records get altered fields, removed ones come back; fields set from null and fields that now
    point at another record (an id) are set back to their old value. A verifier that checks what the task asks
    for fails on it; one that only checks that something changed or exists still passes.
    """
    out = {**golden, "apps": dict(golden.get("apps") or {})}  # unchanged parts are shared, never mutated
    changed = False
    for app, state in (golden.get("apps") or {}).items():
        old = (((initial.get("apps") or {}).get(app) or {}).get("data"))
        new = (state or {}).get("data")
        if old is None or new is None or old == new:
            continue
        data, c = _perturb(old, new, app, _record_ids(new, set()))
        out["apps"][app] = {**state, "data": data}
        changed |= c
    return out if changed else None
