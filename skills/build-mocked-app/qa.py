#!/usr/bin/env python
"""QA pass of a mocked app against its feature list, in real Chromium (through ``toolkit.make_env``).

    python skills/build-mocked-app/qa.py FEATURES.yaml [--only ID,ID] [--no-repeat] [--screenshots DIR]

For each feature of the YAML file: reset the device (seed + optional state patch + start app), run the
feature's steps (element targets resolve to the centre of the element with that ``data-gym`` id on the
current screen, as reference solutions do), then check its expectations. Generic checks run on every
feature: each action applied without error, the logic-level action log replayed in Node reaches the same
state as Chromium (logic and view agree), the same steps twice give the same state (determinism), and no
two elements on a screen share an id. Issues are P0/P1/P2 (a failed feature takes its own priority;
Node disagreement is P0, nondeterminism P1, duplicate ids P2). The report is printed as one JSON object on
the last line of stdout; the exit status is 1 when a P0 or P1 issue is left, 2 when the feature file (or
``--only``) cannot be run (the last line is then ``{"error": ...}`` naming the file and field).

FEATURES.yaml:

    app: notes                 # the app under test (must be in mocked_apps/catalog.json)
    device: phone              # optional: phone | desktop (default: the catalog device that lists the app)
    seed: 0                    # optional
    features:
      - id: create-note
        priority: P0           # P0 core flow | P1 feature (default) | P2 polish
        description: a new note with a title is listed first
        setup: {apps: {notes: {data: {...}}}}   # optional s0 patch (merged like a task's setup)
        start_app: notes       # optional (default: the launcher)
        steps:                 # toolkit actions; `target` = a data-gym id
          - {type: open, app: notes}
          - {type: click, target: "note:n09", scroll_in: "scroll:notes"}   # scroll the list until it shows
          - {type: click, target: "btn:new"}
          - {type: type, target: "field:title", text: "Groceries"}
          - {type: click, target: "btn:done"}
        expect:
          - {visible: "note:*"}                  # an element id on screen (fnmatch glob); {hidden: ...} the opposite
          - {text: "Groceries"}                  # some element's text contains it (case-insensitive)
          - {screen: "app:notes"}
          - {state: "apps.notes.data.notes[0].title", equals: "Groceries"}
          - {state: "apps.notes.data.notes[id=n01].pinned", equals: true}
          - {state: "apps.notes.data.notes", length: 18}          # also: exists, contains
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from toolkit import make_env
from toolkit.envs.base import state_hash
from toolkit.paths import MOCKED_APPS
from toolkit.session import EnvSession
from toolkit.tasks import TaskInstance
from toolkit.validation import node_replay

_MISSING = object()
_EXPECTATIONS = ("visible", "hidden", "text", "screen", "state")


class FeatureFileError(ValueError):
    """A feature file (or ``--only``) that cannot be run; the message names the file and the field."""


class Feature(BaseModel):
    """One feature of the QA file: its steps (toolkit actions, ``target`` = a data-gym id) and expectations."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    priority: Literal["P0", "P1", "P2"] = "P1"
    description: str = ""
    setup: dict[str, Any] = Field(default_factory=dict)
    start_app: str | None = None
    steps: list[dict[str, Any]] = Field(default_factory=list)
    expect: list[dict[str, Any]] = Field(default_factory=list)

    @field_validator("steps")
    @classmethod
    def _typed(cls, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for n, step in enumerate(steps, 1):
            if not isinstance(step.get("type"), str):
                raise ValueError(f"step {n} has no action type: {step}")
        return steps

    @field_validator("expect")
    @classmethod
    def _known(cls, expect: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for n, item in enumerate(expect, 1):
            if sum(k in item for k in _EXPECTATIONS) != 1:
                raise ValueError(f"expectation {n} {item} needs exactly one of {', '.join(_EXPECTATIONS)}")
        return expect


class FeatureFile(BaseModel):
    """A QA feature file (the module docstring shows one)."""

    model_config = ConfigDict(extra="forbid")
    app: str = Field(min_length=1)
    device: str | None = None
    seed: int = 0
    apps: list[str] | None = None
    features: list[Feature] = Field(min_length=1)


def load_features(path: str, only: set[str] | None = None) -> tuple[FeatureFile, list[dict[str, Any]]]:
    """Return the feature file at ``path`` and the features to run (those in ``only`` when given), as dicts.

    Raises:
        FeatureFileError: the file cannot be read, is not YAML, does not fit the format (the field is named), repeats
            a feature id, or ``only`` names an id the file does not have.
    """
    try:
        doc = FeatureFile.model_validate(yaml.safe_load(Path(path).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError) as exc:
        raise FeatureFileError(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    except yaml.YAMLError as exc:
        raise FeatureFileError(f"{path}: not valid YAML: {exc}") from None
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(file)'}: {e['msg']}" for e in exc.errors()[:4])
        raise FeatureFileError(f"{path}: not a feature file: {where}") from None
    ids = [f.id for f in doc.features]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise FeatureFileError(f"{path}: feature id(s) used more than once: {', '.join(twice)}")
    unknown = sorted(set(only or ()) - set(ids))
    if unknown:
        raise FeatureFileError(f"--only {','.join(unknown)}: no such feature in {path} (it has {', '.join(ids)})")
    return doc, [f.model_dump() for f in doc.features if not only or f.id in only]


def resolve(state: Any, path: str) -> Any:
    """Return the value at a dotted path: ``a.b[0].c``, ``list[id=x].field``; ``_MISSING`` when absent."""
    value = state
    for part in path.split("."):
        m = re.fullmatch(r"([^\[\]]*)((?:\[[^\]]+\])*)", part)
        name, selectors = m.group(1), re.findall(r"\[([^\]]+)\]", m.group(2))
        if name:
            if not isinstance(value, dict) or name not in value:
                return _MISSING
            value = value[name]
        for sel in selectors:
            if "=" in sel:
                key, want = sel.split("=", 1)
                match = [x for x in value if isinstance(x, dict) and str(x.get(key)) == want] if isinstance(value, list) else []
                if not match:
                    return _MISSING
                value = match[0]
            else:
                try:
                    value = value[int(sel)]
                except (IndexError, ValueError, TypeError, KeyError):
                    return _MISSING
    return value


def check(expect: dict[str, Any], obs) -> str | None:
    """Return why one expectation fails on an observation, or None."""
    ids = [e.id for e in obs.elements]
    if "visible" in expect:
        return None if fnmatch.filter(ids, expect["visible"]) else f"no element {expect['visible']!r} on screen"
    if "hidden" in expect:
        found = fnmatch.filter(ids, expect["hidden"])
        return f"element(s) {found[:3]} should not be on screen" if found else None
    if "text" in expect:
        want = str(expect["text"]).casefold()
        return None if any(want in (e.text or "").casefold() for e in obs.elements) else f"no text {expect['text']!r} on screen"
    if "screen" in expect:
        return None if obs.screen == expect["screen"] else f"screen is {obs.screen!r}, expected {expect['screen']!r}"
    if "state" in expect:
        got = resolve(obs.state, expect["state"])
        where = expect["state"]
        if expect.get("exists") is False:
            return None if got is _MISSING else f"{where} exists"
        if got is _MISSING:
            return f"{where} does not exist"
        if "equals" in expect and got != expect["equals"]:
            return f"{where} is {json.dumps(got)[:80]}, expected {json.dumps(expect['equals'])[:80]}"
        if "length" in expect and (not hasattr(got, "__len__") or len(got) != expect["length"]):
            return f"{where} has length {len(got) if hasattr(got, '__len__') else '-'}, expected {expect['length']}"
        if "contains" in expect and expect["contains"] not in (got if isinstance(got, (list, str, dict)) else []):
            return f"{where} does not contain {expect['contains']!r}"
        return None
    return f"unknown expectation {expect}"


def _device_of(app: str) -> str:
    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    for device, info in catalog.items():
        if app in info["apps"]:
            return device
    raise FeatureFileError(f"app {app!r} is in no device of mocked_apps/catalog.json: add it there first")


def open_session(device: str, apps: list[str] | None) -> EnvSession:
    """A free device: ``make_env`` for the phone; the same session class on another catalog device."""
    if device == "phone":
        return make_env(None, apps=apps)
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.local import LocalBackend
    from toolkit.envs.manager import EnvManager

    class DeviceSession(EnvSession):
        def _new_manager(self) -> EnvManager:
            return EnvManager(backend=LocalBackend(isolation=self.isolation), adapter=MockedAdapter(device=device, apps=apps))

    return DeviceSession(None, 0, apps=apps)


async def _reset(session: EnvSession, seed: int, patch: dict, start_app: str | None):
    lease = await session._lease()  # leases a device on first use, and again after a failure
    session.instance = TaskInstance(task_id="qa", seed=seed, instruction="(qa)", params={}, setup=patch or {},
                                    start_app=start_app, reference=[], expected_changes=[], max_steps=10_000)
    session._steps = 0
    session.last = await session.manager.reset(lease, session.instance)
    return session.last


def run_steps(session: EnvSession, feature: dict, seed: int, shots: Path | None) -> tuple[Any, list[str]]:
    """Reset, play the feature's steps; return the last observation and the problems met."""
    obs = session._sync(_reset(session, seed, feature.get("setup") or {}, feature.get("start_app")))
    problems = []
    for n, raw in enumerate(feature.get("steps") or [], 1):
        action = dict(raw)
        target = action.pop("target", None)
        batch = []
        if target is not None:
            element = next((e for e in obs.elements if e.id == target), None)
            area = action.pop("scroll_in", None)  # scroll this container down until the target shows
            for _ in range(12 if area else 0):
                if element is not None:
                    break
                box = next((e for e in obs.elements if e.id == area), None)
                if box is None:
                    break
                obs = session.step({"type": "scroll", "direction": "down", "amount": 400,
                                    "x": round(box.center[0]), "y": round(box.center[1])}).observation
                element = next((e for e in obs.elements if e.id == target), None)
            if element is None:
                visible = ", ".join(sorted(e.id for e in obs.elements)[:30])
                problems.append(f"step {n}: no element {target!r} on screen (visible: {visible})")
                break
            x, y = round(element.center[0]), round(element.center[1])
            if action["type"] == "type":
                batch.append({"type": "click", "x": x, "y": y})
            else:
                action.update(x=x, y=y)
        if "text" in action:
            action["text"] = str(action["text"])
        batch.append(action)
        result = session.step(batch)
        obs = result.observation
        errors = [r.error for r in result.results if not r.ok]
        if errors:
            problems.append(f"step {n} ({raw.get('type')} {target or ''}): {errors[0]}")
            break
        dupes = [i for i, c in Counter(e.id for e in obs.elements).items() if c > 1]
        if dupes:
            problems.append(f"P2 step {n}: duplicate element ids on one screen: {dupes[:5]}")
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            (shots / f"{feature['id']}-{n:02d}.{obs.image_format}").write_bytes(obs.image)
    return obs, problems


def qa(path: str, only: set[str] | None = None, repeat: bool = True, shots: Path | None = None) -> dict[str, Any]:
    """Run the QA pass of one feature file and return the report."""
    doc, features = load_features(path, only)
    app, seed = doc.app, doc.seed
    device = doc.device or _device_of(app)
    issues: list[dict[str, Any]] = []
    passed = 0
    session = open_session(device, doc.apps)
    try:
        for feature in features:
            priority = feature.get("priority", "P1")
            obs, problems = run_steps(session, feature, seed, shots)
            found = []
            for p in problems:
                found.append(("P2", p[3:]) if p.startswith("P2 ") else (priority, p))
            if not any(pr == priority for pr, _ in found):
                for expect in feature.get("expect") or []:
                    why = check(expect, obs)
                    if why:
                        found.append((priority, f"expect {json.dumps(expect)}: {why}"))
                log = session._sync(session.manager.action_log(session.lease))
                inst = session.instance
                [node] = node_replay([{"apps": session.manager.adapter_for(device).apps, "log": log,
                                       "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app}}])
                if "error" in node:
                    found.append(("P0", f"the action log does not replay in Node: {node['error'][:300]}"))
                elif state_hash(node) != state_hash(obs.state):
                    found.append(("P0", "Node replay of the action log differs from Chromium (state changed outside reduce?)"))
                if repeat:
                    again, _ = run_steps(session, feature, seed, None)
                    if state_hash(again.state) != state_hash(obs.state):
                        found.append(("P1", "the same steps from the same s0 gave a different state (nondeterminism)"))
            for pr, problem in found:
                issues.append({"feature": feature["id"], "priority": pr, "problem": problem})
            ok = not found
            passed += ok
            mark = "ok  " if ok else "FAIL"
            print(f"{mark} {priority} {feature['id']}: {feature.get('description', '')}", file=sys.stderr)
            for pr, problem in found:
                print(f"     [{pr}] {problem}", file=sys.stderr)
    finally:
        session.close()
    counts = Counter(i["priority"] for i in issues)
    return {"app": app, "device": device, "features": len(features), "passed": passed,
            "p0": counts.get("P0", 0), "p1": counts.get("P1", 0), "p2": counts.get("P2", 0),
            "ok": not counts.get("P0") and not counts.get("P1"), "issues": issues}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("features", help="the feature list (YAML)")
    parser.add_argument("--only", help="feature ids to run, comma-separated")
    parser.add_argument("--no-repeat", action="store_true", help="skip the determinism re-run")
    parser.add_argument("--screenshots", type=Path, help="save a screenshot after every step here")
    args = parser.parse_args()
    only = {i.strip() for i in args.only.split(",") if i.strip()} if args.only else None
    try:
        report = qa(args.features, only, repeat=not args.no_repeat, shots=args.screenshots)
    except FeatureFileError as exc:  # one line, and the JSON last line a script reads, never a traceback
        print(f"error: {exc}", file=sys.stderr)
        print(json.dumps({"error": str(exc)}))
        sys.exit(2)
    print(json.dumps(report))
    sys.exit(0 if report["ok"] else 1)


if __name__ == "__main__":
    main()
