"""Interactive environment sessions: leased envs an agent drives step by step, closed when idle."""

from __future__ import annotations

import itertools
import json
import time
import typing
from typing import Any

from toolkit.actions import Action
from toolkit.api.models import SessionInfo, arg_error
from toolkit.api.tasks import spec_of
from toolkit.harness.formats.base import MAX_ACTIONS as _HARNESS_MAX_ACTIONS
from toolkit.session import EnvSession, make_env

#: The most actions one step may carry: the harness's largest batch (a model's step is refused beyond it too).
MAX_ACTIONS: int = _HARNESS_MAX_ACTIONS

#: The canonical action models (one per action kind), in the order of the :data:`toolkit.actions.Action` union.
ACTION_MODELS: tuple[type, ...] = typing.get_args(typing.get_args(Action)[0])


def _field_doc(name: str, prop: dict[str, Any], required: bool) -> str:
    """Return ``name: kind`` (``name?: kind = default`` when optional) of one JSON-schema property."""
    options = [o for o in prop.get("anyOf", [prop]) if o.get("type") != "null"]
    kinds = []
    for o in options:
        if "enum" in o:
            kind = "|".join(str(v) for v in o["enum"])
        elif o.get("type") == "array":
            kind = f"[{o.get('items', {}).get('type', 'any')}]"
        else:
            kind = o.get("type", "any")
        if "minimum" in o and "maximum" in o:
            kind += f" {o['minimum']:g}–{o['maximum']:g}"
        elif "exclusiveMinimum" in o and "maximum" in o:
            kind += f" >{o['exclusiveMinimum']:g}, ≤{o['maximum']:g}"
        if o.get("maxItems") is not None:
            kind += f" (≤{o['maxItems']})"
        kinds.append(kind)
    kind = " or ".join(kinds) + (" or null" if len(options) < len(prop.get("anyOf", [prop])) else "")
    if required:
        return f"{name}: {kind}"
    return f"{name}?: {kind}" + (f" = {json.dumps(prop['default'])}" if "default" in prop else "")


def action_vocabulary() -> str:
    """Return one line per action kind, generated from :mod:`toolkit.actions`: its ``type`` value(s), fields and summary.

    E.g. ``- click {x: number 0–1000, y: number 0–1000}: Tap / left-click at (x, y).``; ``name?`` marks an optional field.
    """
    lines = []
    for model in ACTION_MODELS:
        schema = model.model_json_schema()
        props, required = schema["properties"], set(schema.get("required", []))
        kind = props["type"]
        types = "|".join(kind["enum"]) if "enum" in kind else kind["const"]
        fields = ", ".join(_field_doc(n, p, n in required) for n, p in props.items() if n != "type")
        summary = " ".join((model.__doc__ or "").strip().split("\n\n")[0].split()).replace("``", "`")
        lines.append(f"- {types} {{{fields}}}: {summary}")
    return "\n".join(lines)


class SessionRegistry:
    """Leased interactive environments, closed when idle longer than ``idle_s``."""

    def __init__(self, idle_s: float = 600.0, limit: int = 16):
        self.idle_s = idle_s
        self.limit = limit
        self._sessions: dict[str, tuple[EnvSession, float]] = {}
        self._ids = itertools.count(1)
        self._steps: dict[str, int] = {}

    def reap(self) -> list[str]:
        """Close sessions idle for longer than ``idle_s``; return their ids."""
        now = time.monotonic()
        stale = [sid for sid, (_, seen) in self._sessions.items() if now - seen > self.idle_s]
        for sid in stale:
            self.close(sid)
        return stale

    def _get(self, session_id: str) -> EnvSession:
        self.reap()
        if session_id not in self._sessions:
            raise arg_error("session_id", f"no open session {session_id!r} (closed, reaped after {self.idle_s:g} s idle, or never opened)")
        env, _ = self._sessions[session_id]
        self._sessions[session_id] = (env, time.monotonic())
        return env

    def _info(self, sid: str, env: EnvSession, obs) -> SessionInfo:
        return SessionInfo(session_id=sid, task_id=env.spec.full_id if env.spec else None,
                           instruction=env.instance.instruction if env.instance else "", screen=obs.screen,
                           elements=[e.model_dump() for e in obs.elements], note=obs.note, state_hash=obs.state_hash,
                           step=self._steps.get(sid, 0))

    def open(self, task_id: str | None = None, seed: int = 0) -> tuple[SessionInfo, bytes]:
        """Open a session (on a task, or a free phone when ``task_id`` is None), reset, and return the first screen."""
        self.reap()
        if len(self._sessions) >= self.limit:
            raise ValueError(f"too many open sessions ({self.limit}); close one with env_close")
        env = make_env(spec_of(task_id) if task_id else None, seed=seed)
        sid = f"s{next(self._ids)}"
        obs = env.reset()
        self._sessions[sid] = (env, time.monotonic())
        self._steps[sid] = 0
        return self._info(sid, env, obs), obs.image

    def reset(self, session_id: str, seed: int | None = None) -> tuple[SessionInfo, bytes]:
        """Reset a session (optionally to another instance seed)."""
        env = self._get(session_id)
        obs = env.reset(seed)
        self._steps[session_id] = 0
        return self._info(session_id, env, obs), obs.image

    def step(self, session_id: str, actions: list[dict[str, Any]]) -> tuple[SessionInfo, list[dict[str, Any]], bytes]:
        """Apply actions; return the new screen, per-action results and the screenshot."""
        if not isinstance(actions, list) or not actions:
            raise arg_error("actions", "give a non-empty list of actions, e.g. [{\"type\": \"click\", \"x\": 500, \"y\": 300}]")
        if len(actions) > MAX_ACTIONS:
            raise arg_error("actions", f"at most {MAX_ACTIONS} actions in one step, got {len(actions)}; "
                                       "split them over several steps")
        env = self._get(session_id)
        result = env.step(actions)
        self._steps[session_id] += 1
        return self._info(session_id, env, result.observation), [r.model_dump() for r in result.results], result.observation.image

    def observe(self, session_id: str) -> tuple[SessionInfo, bytes]:
        """Return the current screen."""
        env = self._get(session_id)
        obs = env.observe()
        return self._info(session_id, env, obs), obs.image

    def state(self, session_id: str) -> dict[str, Any]:
        """Return the device state JSON (and the verdict so far when the session has a task)."""
        env = self._get(session_id)
        out: dict[str, Any] = {"state": env.state()}
        if env.spec is not None:
            out["verdict"] = env.evaluate().model_dump()
        return out

    def close(self, session_id: str) -> bool:
        """Close a session; return whether it was open."""
        item = self._sessions.pop(session_id, None)
        self._steps.pop(session_id, None)
        if item is None:
            return False
        item[0].close()
        return True

    def close_all(self) -> None:
        """Close every session."""
        for sid in list(self._sessions):
            self.close(sid)
