"""World construction: build a world with a backend, check that it is consistent, load it into a device.

- :func:`build_world` asks a backend for a world (persona + scenario ⇒ records across apps);
- :func:`check_world` (in ``world_check.py``) returns every inconsistency: dangling references, dates off the
  virtual clock, duplicate ids, facts not present in their evidence records, text the task templating would
  misread, records that answer one question differently (``ambiguous``);
- :func:`initial_state` computes s0 = app init + the world patch in Node (the apps' own logic, no browser);
- :func:`verify_loaded` lists the world records missing from (or different in) a device state;
- :func:`load_into_device` resets a real Chromium device to the world and returns its state.
"""

from __future__ import annotations

import json
from typing import Any

from toolkit.synthesis.models import Persona, Scenario, World
from toolkit.synthesis.world_check import check_world

__all__ = ["WorldLoadError", "apply_patch", "build_world", "check_world", "device_apps", "initial_state",
           "initial_states", "load_into_device", "pool_persona", "require_consistent", "verify_loaded"]


def pool_persona(index: int) -> Persona:
    """Return persona ``index`` of the offline pool.

    Raises:
        ValueError: when ``index`` names no persona (negative, or past the end), listing the pool. Not wrapped modulo
            the pool size: a sweep over indices 0..9 of a pool of 5 would get each persona twice under different labels.
    """
    from toolkit.synthesis.offline.pools import PERSONAS

    if 0 <= index < len(PERSONAS):
        return PERSONAS[index]
    where = "is negative" if index < 0 else "is past the end of the offline persona pool"
    pool = "; ".join(f"{i}: {p.summary or p.occupation}" for i, p in enumerate(PERSONAS))
    raise ValueError(f"{index} {where}; the pool has {len(PERSONAS)} (0 to {len(PERSONAS) - 1}): {pool}")


def build_world(persona: Persona | str | int | None = None, scenario: Scenario | str | None = None,
                apps: list[str] | None = None, seed: int = 0, backend: Any = "offline", world_id: str | None = None) -> World:
    """Return a world of ``persona`` in ``scenario`` over ``apps``, made by ``backend`` ("offline", "claude" or a Backend).

    ``persona`` may be a Persona, an index into the offline pool (:func:`pool_persona`), or None (picked by seed);
    ``scenario`` a Scenario,
    an id of the offline pool, or None. The world is checked; ValueError lists the issues if it is inconsistent.
    """
    from toolkit.synthesis.backends import get_backend
    from toolkit.synthesis.offline import pools
    from toolkit.synthesis.offline.world import PHONE_APPS

    if persona is None:
        persona = pools.PERSONAS[seed % len(pools.PERSONAS)]
    elif isinstance(persona, int):
        persona = pool_persona(persona)
    elif isinstance(persona, str):
        persona = Persona(name="Robin Hale", occupation=persona, city="Harbour City", summary=persona)
    if scenario is None or isinstance(scenario, str):
        # "" is no scenario id: taken as None, it built the seed's scenario with nothing said
        key = scenario if scenario is not None else sorted(pools.SCENARIOS)[seed % len(pools.SCENARIOS)]
        if key not in pools.SCENARIOS:
            raise ValueError(f"unknown scenario {key!r}; the offline pool has {sorted(pools.SCENARIOS)}")
        scenario = pools.SCENARIOS[key]
    world = get_backend(backend).world(persona, scenario, list(apps or PHONE_APPS), seed, world_id)
    require_consistent(world)
    return world


def require_consistent(world: World) -> None:
    """Return when :func:`check_world` finds nothing; raise ValueError naming the world and its first issues."""
    issues = check_world(world)
    if issues:
        more = f" (and {len(issues) - 8} more)" if len(issues) > 8 else ""
        raise ValueError(f"world {world.id} is inconsistent: "
                         + "; ".join(f"{i.where}: {i.message}" for i in issues[:8]) + more)


# ---------------------------------------------------------------------------------------------- loading


def device_apps(device: str = "phone") -> list[str]:
    """Return the apps a device page boots (the catalog's built apps)."""
    from toolkit.envs.adapters.mocked import MockedAdapter

    return MockedAdapter(device, screenshots=False).apps


class WorldLoadError(RuntimeError):
    """The device (the apps' logic in Node) refused a world's patch: the world's fault, not Node's."""


def initial_states(worlds_and_patches: list[tuple[World, dict[str, Any]]], seed: int = 0) -> list[dict[str, Any]]:
    """Return s0 for each (world, extra patch): the apps' init in Node, then the world patch, then the extra patch.

    Raises:
        WorldLoadError: (a RuntimeError) naming the world whose patch the device refused, or whose device the catalog
            lacks.
    """
    from toolkit.validation import node_replay

    jobs = []
    for world, extra in worlds_and_patches:
        patch = _merge(json.loads(json.dumps(world.patch())), extra)
        try:
            apps = device_apps(world.device)
        except ValueError as exc:  # a device the catalog lacks: this world's fault (it ended `synth validate` whole)
            raise WorldLoadError(f"world {world.id}: {exc}") from None
        jobs.append({"apps": apps, "reset": {"seed": seed, "patch": patch, "start_app": None}, "log": []})
    states = node_replay(jobs)
    for (world, _), state in zip(worlds_and_patches, states):
        if "error" in state:
            message = (str(state["error"]).strip().splitlines() or ["(no message)"])[0]  # not the JS stack under it
            raise WorldLoadError(f"world {world.id}: the device refused it: {message[:300]}")
    return states



def initial_state(world: World, extra: dict[str, Any] | None = None, seed: int = 0) -> dict[str, Any]:
    """Return s0 of a device reset to ``world`` (plus an ``extra`` patch), computed in Node."""
    return initial_states([(world, extra or {})], seed)[0]


def _merge(target: dict, patch: dict) -> dict:
    """Merge like the device (mocked_apps/runtime/core/state.js deepMerge): objects merge, lists replace, None deletes."""
    for key, value in patch.items():
        if value is None:
            target.pop(key, None)
        elif isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = json.loads(json.dumps(value))
    return target


def apply_patch(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of ``state`` with ``patch`` merged in the device's way."""
    return _merge(json.loads(json.dumps(state)), patch)


def verify_loaded(world: World, state: dict[str, Any]) -> list[str]:
    """Return one line per world record missing from ``state`` or different there ([] when all are present)."""
    missing = []
    for app, cols in world.records.items():
        data = ((state.get("apps") or {}).get(app) or {}).get("data")
        if data is None:
            missing.append(f"{app}: the app is not on the device")
            continue
        for col, items in cols.items():
            have = data.get(col)
            if not isinstance(have, list):
                missing.append(f"{app}.{col}: no such collection in the state")
                continue
            by_id = {r.get("id"): r for r in have if isinstance(r, dict)}
            for rec in items:
                if isinstance(rec, dict) and "id" in rec:
                    if by_id.get(rec["id"]) != rec:
                        missing.append(f"{app}.{col}[{rec['id']}]: " + ("missing" if rec["id"] not in by_id else "differs"))
                elif rec not in have:
                    missing.append(f"{app}.{col}: {rec!r} missing")
    return missing


async def load_into_device(world: World, manager: Any = None) -> dict[str, Any]:
    """Reset a real device (Chromium) to the world and return its state (a fresh manager when none is given)."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.manager import EnvManager
    from toolkit.tasks import TaskInstance

    instance = TaskInstance(task_id=f"world/{world.id}", seed=0, instruction="(world)", params={}, setup=world.patch(),
                            reference=[], expected_changes=[], max_steps=1)
    own = manager is None
    manager = manager or EnvManager(adapter=MockedAdapter(world.device, screenshots=False))
    try:
        [lease] = await manager.request(None)
        try:
            return (await manager.reset(lease, instance)).state
        finally:
            await manager.release(lease)
    finally:
        if own:
            await manager.close()
