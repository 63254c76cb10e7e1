"""A recipe's task pools: which tasks train (by split), whether they fill one optimizer step, and the env
manager that serves them (``env.apps`` per device)."""

from __future__ import annotations

import logging
from typing import Any

from toolkit.tasks import SpecError, TaskSpec, load_tasks
from toolkit.training.schema import pool_splits

log = logging.getLogger(__name__)


def select_tasks(recipe: dict[str, Any]) -> dict[str, TaskSpec]:
    """Return the training tasks of a recipe's pools by full id, each pool filtered to its ``split`` (default train:
    held-out test tasks never train unless a pool names that split). Raises ValueError naming the pool on an unknown
    suite or task id, an empty ``tasks`` list, a task a pool names that is not in the pool's split, an empty pool, an
    ``env.apps`` entry the pool's device cannot host, or an ``env.apps`` list without an app one of the pool's tasks
    uses."""
    specs: dict[str, TaskSpec] = {}
    held_out = []
    for i, pool in enumerate(recipe["tasks"].get("pools") or []):
        splits = pool_splits(pool, i)
        named = pool_task_ids(pool, i)
        try:
            loaded = load_tasks([pool["suite"]], named)
        except SpecError as exc:  # an unknown suite or task id: say which pool of the recipe names it
            raise ValueError(f"tasks.pools[{i}]: {exc}") from None
        chosen = [s for s in loaded if s.split in splits]
        if named and len(chosen) < len(loaded):
            other = sorted(f"{s.id} ({s.split})" for s in loaded if s.split not in splits)
            raise ValueError(f"tasks.pools[{i}].tasks names {other}, outside the pool's split(s) {list(splits)}. "
                             f"Remove them, or set tasks.pools[{i}].split to include their split on purpose "
                             "(test tasks are the held-out tasks evaluations report)")
        if not chosen:
            raise ValueError(f"tasks.pools[{i}] (suite {pool['suite']!r}) has no task in split(s) {list(splits)}")
        if "test" in splits:
            held_out.append(f"tasks.pools[{i}] ({pool['suite']})")
        device_apps({i: (pool, chosen)})  # fails at load on an app the pool's device lacks
        specs.update((s.full_id, s) for s in chosen)
    if not specs:
        raise ValueError("recipe has no tasks (tasks.pools[].suite / tasks)")
    if held_out:
        log.warning("TRAINING ON TEST-SPLIT TASKS: %s select split test; evaluations of this model on those tasks are "
                    "not held out", ", ".join(held_out))
    return specs


def pool_specs(recipe: dict[str, Any], specs: dict[str, TaskSpec]) -> dict[int, tuple[dict[str, Any], list[TaskSpec]]]:
    """Return each pool (by index) with its selected tasks."""
    out = {}
    for i, pool in enumerate(recipe["tasks"].get("pools") or []):
        named = pool_task_ids(pool, i)
        out[i] = (pool, [s for s in specs.values() if s.suite == pool["suite"]
                         and (named is None or s.id in named or s.full_id in named)])
    return out


def pool_task_ids(pool: dict[str, Any], i: int) -> list[str] | None:
    """Return the task ids a pool names, or None when it names none (absent or null ``tasks``: the whole suite).
    Raises ValueError naming the pool on an empty list, which would otherwise read as "every task" (or as none)."""
    named = pool.get("tasks")
    if named is None:
        return None
    if isinstance(named, (list, tuple)) and not named:
        raise ValueError(f"tasks.pools[{i}].tasks is an empty list: name at least one task id, or remove the key "
                         f"(or set it to null) to train on every task of suite {pool.get('suite')!r} in the pool's split")
    return list(named) if isinstance(named, (list, tuple)) else named


def device_apps(pools: dict[int, tuple[dict[str, Any], list[TaskSpec]]]) -> dict[str, list[str]]:
    """Return the apps to boot per mocked device (absent: the full device). A device is restricted only when every
    pool on it lists ``env.apps`` (an empty list asks for the full device). Raises ValueError naming the pool when
    a listed app is not on the device its tasks run on, when the list lacks an app one of the pool's tasks uses
    (naming the task and the app), or when the listed apps restrict more than one device."""
    from toolkit.envs.adapters.mocked import MockedAdapter

    wanted: dict[str, set[str] | None] = {}
    for i, (pool, specs) in pools.items():
        apps = list((pool.get("env") or {}).get("apps") or [])
        for device in sorted({s.device for s in specs}):
            if apps:
                try:
                    MockedAdapter(device=device, apps=apps)
                except ValueError as exc:
                    raise ValueError(f"tasks.pools[{i}].env.apps: suite {pool['suite']!r} runs on device {device!r}, "
                                     f"which cannot host {apps}: {exc}") from None
                missing = [(s.full_id, sorted(set(s.apps) - set(apps))) for s in specs if s.device == device
                           and not set(s.apps) <= set(apps)]
                if missing:
                    task, lacking = missing[0]
                    more = f" (and {len(missing) - 1} more task(s))" if len(missing) > 1 else ""
                    raise ValueError(f"tasks.pools[{i}].env.apps {apps} lacks {lacking}, which task {task} uses{more}: "
                                     "its episodes could not open it. Add the app to env.apps, or leave env.apps empty "
                                     "for the full device")
                if device not in wanted or wanted[device] is not None:
                    wanted[device] = (wanted.get(device) or set()) | set(apps)
            else:
                wanted[device] = None
    restricted = {d: sorted(a) for d, a in wanted.items() if a}
    if len(restricted) > 1:
        raise ValueError(f"tasks.pools[].env.apps restricts the apps of several devices {sorted(restricted)}; one env "
                         "manager restricts one device: leave env.apps empty on the pools of all but one device")
    return restricted


def env_factory(recipe: dict[str, Any], specs: dict[str, TaskSpec]):
    """Return the trainer's env-manager factory (``rollout.backend: local|ray``, ``rollout.ray_address``); the
    restricted device (``env.apps``) is the manager's own adapter, other devices get their full adapter."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.backends import make_manager

    restricted = device_apps(pool_specs(recipe, specs))
    ro = recipe["rollout"]
    isolation, backend, address = ro.get("isolation", "pages"), ro.get("backend", "local"), ro.get("ray_address")

    def make():
        adapter = MockedAdapter()
        for device, apps in restricted.items():
            adapter = MockedAdapter(device=device, apps=apps)
        return make_manager(backend, isolation=isolation, adapter=adapter, ray_address=address)

    return make
