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
import re
from typing import Any

from toolkit.synthesis.models import WORLD_ID, Persona, Scenario, World
from toolkit.synthesis.world_check import check_world

__all__ = ["WorldLoadError", "apply_patch", "build_world", "check_world", "device_apps", "initial_state",
           "initial_states", "load_into_device", "persona_in", "pool_persona", "require_consistent", "verify_loaded"]


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

    ``persona`` may be a Persona, an index into the offline pool (:func:`pool_persona`), a description, or None
    (picked by seed); its summary becomes :func:`persona_in`'s (who they are in this scenario), unless it is a Persona
    that has a summary of its own;
    ``scenario`` a Scenario, an id of the offline pool, or None (picked by seed); ``apps`` a list of app names (one
    name alone is taken as a list of it), or None for every phone app. The world is checked; ValueError lists the
    issues if it is inconsistent.

    Raises:
        ValueError: ``argument '<name>': ...`` for an empty ``apps`` list (it names no app: None means all of them),
            app names that are not non-empty strings, a ``seed`` that is no whole number >= 0, a ``world_id`` that
            is no id, or a ``persona`` of another type; an unknown scenario id (listing the pool); an inconsistent world.
    """
    from toolkit import bounds
    from toolkit.synthesis.backends import get_backend
    from toolkit.synthesis.offline import pools
    from toolkit.synthesis.offline.world import PHONE_APPS

    apps = _app_list(apps, PHONE_APPS)
    # "" was taken as None (the world became "<scenario>-<seed>"); "Bad ID" failed as a bare pydantic error on World.id
    if world_id is not None and not (isinstance(world_id, str) and re.fullmatch(WORLD_ID, world_id)):
        raise bounds.refuse("world_id", "None or an id of lower-case letters, digits, '-' and '_' (it names the "
                                        "folder and the suite synth/<id>), e.g. moving-3", world_id,
                            numeric=False)
    seed = bounds.check("seed", seed, (0, None))  # -1 made the world id "moving--1", True "moving-True"
    compose = not isinstance(persona, Persona) or not persona.summary.strip()  # a caller's own summary is kept
    if persona is None:
        persona = pools.PERSONAS[seed % len(pools.PERSONAS)]
    elif isinstance(persona, bool) or not isinstance(persona, (Persona, str, int)):  # True was persona 1
        raise bounds.refuse("persona", "a Persona, an index of the offline persona pool, a description or None",
                            persona)
    elif isinstance(persona, int):
        persona = pool_persona(persona)
    elif isinstance(persona, str):
        if not persona.strip():  # a persona of no occupation and no summary
            raise bounds.refuse("persona", "a non-blank description", persona)
        persona = Persona(name="Robin Hale", occupation=persona, city="Harbour City", summary=persona)
    if scenario is None or isinstance(scenario, str):
        # "" was taken as None (a scenario picked by seed): an empty --scenario built some other scenario's world
        key = sorted(pools.SCENARIOS)[seed % len(pools.SCENARIOS)] if scenario is None else scenario
        if key not in pools.SCENARIOS:
            raise ValueError(f"argument 'scenario': unknown scenario {key!r}; the offline pool has {sorted(pools.SCENARIOS)}")
        scenario = pools.SCENARIOS[key]
    elif not isinstance(scenario, Scenario):
        raise bounds.refuse("scenario", "a Scenario, an id of the offline pool or None", scenario)
    if compose:
        persona = persona_in(persona, scenario)
    world = get_backend(backend).world(persona, scenario, apps, seed, world_id)
    require_consistent(world)
    return world


def persona_in(persona: Persona, scenario: Scenario) -> Persona:
    """Return ``persona`` with a summary saying who they are and what ``scenario`` has them doing (its own summary, or
    its occupation, then the scenario's phrase of the offline pool, or its title for another scenario). The same
    persona and scenario always give the same text."""
    from toolkit.synthesis.offline import pools

    job = " ".join(persona.occupation.split())
    who = " ".join(persona.summary.split()) or (f"{'an' if job[:1].lower() in 'aeiou' else 'a'} {job}" if job
                                                else "someone")
    if pools.SCENARIOS.get(scenario.id) == scenario:
        doing = pools.SCENARIO_PHRASES[scenario.id]
    else:  # a scenario of the caller's (or Claude's): its title, whatever its id
        title = " ".join(scenario.title.split())
        doing = f"busy with {title[:1].lower()}{title[1:]}"
    return persona.model_copy(update={"summary": f"{who} {doing}"})


def _app_list(apps: Any, every: list[str]) -> list[str]:
    """Return ``apps`` as a list of app names (``every`` for None); raise ValueError naming ``apps`` when it is an empty
    list (a filter naming no app is not "all of them", as ``load_tasks(ids=[])`` is not) or holds a non-name."""
    if apps is None:
        return list(every)
    if isinstance(apps, str):  # "contacts" was read letter by letter
        apps = [apps]
    elif not isinstance(apps, (list, tuple)):
        raise ValueError(f"argument 'apps': must be a list of app names or None, got {type(apps).__name__} {apps!r}")
    apps = list(apps)
    if not apps:
        raise ValueError(f"argument 'apps': an empty list names no app; give None for every phone app ({', '.join(every)})")
    bad = [a for a in apps if not isinstance(a, str) or not a.strip()]
    if bad:
        raise ValueError(f"argument 'apps': app names are non-empty strings; got {', '.join(map(repr, bad))}")
    return apps


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
