"""Interactive environment sessions: leased envs an agent drives step by step, closed when idle."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
import typing
from typing import Any, Iterator

from toolkit import bounds
from toolkit.actions import Action, ActionError, parse_action, resolve_targets
from toolkit.api.models import SessionInfo, SessionState, arg_error
from toolkit.api.tasks import spec_of
from toolkit.harness.formats.base import MAX_ACTIONS as _HARNESS_MAX_ACTIONS
from toolkit.session import EnvSession, make_env

#: The most actions one step may carry: the harness's largest batch (a model's step is refused beyond it too).
MAX_ACTIONS: int = _HARNESS_MAX_ACTIONS

#: env_state's bound on the JSON text of the state it returns: the default, and the range a caller may ask for.
STATE_MAX_CHARS: int = 20_000
STATE_MAX_CHARS_MIN: int = 1_000
STATE_MAX_CHARS_LIMIT: int = 1_000_000

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


class _Open:
    """One open session: its env, when it was last used, its steps since the last reset, and the lock that runs its
    calls one at a time."""

    def __init__(self, env: EnvSession):
        self.env = env
        self.seen = time.monotonic()
        self.steps = 0
        self.busy = threading.Lock()


class SessionRegistry:
    """Leased interactive environments, closed when idle longer than ``idle_s``.

    Calls on one session run one at a time, the bookkeeping with them (an MCP client may send several at once): a
    step and a reset sent together each see the other's whole effect, and a call that waited while the session was
    closed says so instead of failing on what the close removed.
    """

    def __init__(self, idle_s: float = 600.0, limit: int = 16):
        self.idle_s = idle_s
        self.limit = limit
        self._sessions: dict[str, _Open] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()  # guards _sessions (open, close and reap run in several threads)

    def reap(self) -> list[str]:
        """Close sessions idle for longer than ``idle_s``; return their ids."""
        now = time.monotonic()
        with self._lock:
            stale = [sid for sid, item in self._sessions.items() if now - item.seen > self.idle_s and not item.busy.locked()]
        for sid in stale:
            self.close(sid)
        return stale

    def _item(self, session_id: str) -> _Open:
        self.reap()
        with self._lock:
            item = self._sessions.get(session_id)
            if item is None:
                raise arg_error("session_id", f"no open session {session_id!r} (closed, reaped after {self.idle_s:g} s "
                                              "idle, or never opened)")
            item.seen = time.monotonic()
        return item

    def _get(self, session_id: str) -> EnvSession:
        return self._item(session_id).env

    @contextlib.contextmanager
    def _use(self, session_id: str) -> Iterator[_Open]:
        """Hold session ``session_id`` for one call, once the call before it has ended; a ValueError naming
        ``session_id`` when it is not open, or was closed while this call waited."""
        item = self._item(session_id)
        with item.busy:
            if self._sessions.get(session_id) is not item:
                raise arg_error("session_id", f"session {session_id!r} was closed (env_close, or reaped when idle) "
                                              "while this call waited for the one before it")
            try:
                yield item
            finally:
                item.seen = time.monotonic()

    def _info(self, sid: str, item: _Open, obs) -> SessionInfo:
        env = item.env
        return SessionInfo(session_id=sid, task_id=env.spec.full_id if env.spec else None,
                           instruction=env.instance.instruction if env.instance else "", screen=obs.screen,
                           elements=[e.model_dump() for e in obs.elements], note=obs.note, state_hash=obs.state_hash,
                           step=item.steps)

    def open(self, task_id: str | None = None, seed: int = 0) -> tuple[SessionInfo, bytes]:
        """Open a session (on a task, or a free phone when ``task_id`` is None), reset, and return the first screen."""
        bounds.check("seed", seed, bounds.SEED)
        self.reap()
        with self._lock:
            held = [f"{sid} ({item.env.spec.full_id if item.env.spec else 'free phone'})"
                    for sid, item in self._sessions.items()]
        if len(held) >= self.limit:
            # named: a session opened by a call the client gave up on (a timeout) has an id nobody was told
            raise ValueError(f"too many open sessions ({self.limit}): {', '.join(held) or 'none'}; close one with "
                             f"env_close (one idle for {self.idle_s:g} s is closed for you)")
        # "" (a blank id) opened a free phone as if no task had been named: now an error naming task_id
        env = make_env(spec_of(task_id) if task_id is not None else None, seed=seed)
        try:
            obs = env.reset()
        except BaseException:
            with contextlib.suppress(Exception):  # its browser, which no session id reaches: not left to the collector
                env.close()
            raise
        item = _Open(env)
        with self._lock:
            sid = f"s{next(self._ids)}"
            self._sessions[sid] = item
        return self._info(sid, item, obs), obs.image

    async def aopen(self, task_id: str | None = None, seed: int = 0) -> tuple[SessionInfo, bytes]:
        """:meth:`open` in a worker thread, for a server loop; when the awaiting call is cancelled (its client gave up),
        the session being opened is closed as soon as it is open, since nobody was told its id.

        A cancelled call returned at once while the thread went on opening, and the session it opened stayed (a
        browser page held, one of ``limit`` places taken) until reaped after ``idle_s``.
        """
        work = asyncio.ensure_future(asyncio.to_thread(self.open, task_id, seed))
        try:
            return await asyncio.shield(work)  # the thread cannot be stopped: it is left to finish, then undone
        except asyncio.CancelledError:
            work.add_done_callback(self._close_unclaimed)
            raise

    def _close_unclaimed(self, work: "asyncio.Future[tuple[SessionInfo, bytes]]") -> None:
        """Close the session a cancelled :meth:`aopen` opened (in a thread of its own: closing a browser blocks)."""
        if work.cancelled() or work.exception() is not None:  # nothing was opened (open cleans up after itself)
            return
        sid = work.result()[0].session_id
        threading.Thread(target=self.close, args=(sid,), name=f"close-unclaimed-{sid}", daemon=True).start()

    def reset(self, session_id: str, seed: int | None = None) -> tuple[SessionInfo, bytes]:
        """Reset a session (optionally to another instance seed)."""
        if seed is not None:
            bounds.check("seed", seed, bounds.SEED)
        with self._use(session_id) as item:
            obs = item.env.reset(seed)
            item.steps = 0
            return self._info(session_id, item, obs), obs.image

    def step(self, session_id: str, actions: list[dict[str, Any]]) -> tuple[SessionInfo, list[dict[str, Any]], bytes]:
        """Apply actions; return the new screen, per-action results and the screenshot.

        An action may name an element of the current screen by ``target`` (its id) instead of ``x`` and ``y``, as a
        task's reference solution does (:func:`toolkit.actions.resolve_targets`): a reference step replays as given.
        A ValueError naming ``actions`` when a target is not on the screen (nothing is applied then).
        """
        if not isinstance(actions, list) or not actions:
            raise arg_error("actions", "give a non-empty list of actions, e.g. [{\"type\": \"click\", \"x\": 500, \"y\": 300}]")
        if len(actions) > MAX_ACTIONS:
            raise arg_error("actions", f"at most {MAX_ACTIONS} actions in one step, got {len(actions)}; "
                                       "split them over several steps")
        with self._use(session_id) as item:
            if any(isinstance(a, dict) and "target" in a for a in actions):
                # element ids, as the reference solutions give them: resolved on the screen the caller last saw
                screen = item.env.last or item.env.observe()
                try:
                    actions = resolve_targets(actions, {e.id: e.center for e in screen.elements})
                except ValueError as exc:
                    raise arg_error("actions", f"{exc}; nothing was applied") from None
            _refuse_coerced(actions)
            result = item.env.step(actions)
            item.steps += 1
            obs = result.observation
            return self._info(session_id, item, obs), [r.model_dump() for r in result.results], obs.image

    def observe(self, session_id: str) -> tuple[SessionInfo, bytes]:
        """Return the current screen."""
        with self._use(session_id) as item:
            obs = item.env.observe()
            return self._info(session_id, item, obs), obs.image

    def state(self, session_id: str, path: str | None = None, max_chars: int | None = STATE_MAX_CHARS) -> SessionState:
        """Return the device state (the part at the dotted ``path`` when given) and the verdict so far when the session
        has a task. A selection whose JSON text exceeds ``max_chars`` is cut, with a marker, its keys and their sizes
        (None: no bound, for Python callers)."""
        if path is not None and not isinstance(path, str):
            raise arg_error("path", f"expected a dotted path such as 'apps.messages', got {path!r}")
        if max_chars is not None:
            max_chars = bounds.check("max_chars", max_chars, (STATE_MAX_CHARS_MIN, STATE_MAX_CHARS_LIMIT))
        with self._use(session_id) as item:
            value = select_path(item.env.state(), path)
            verdict = item.env.evaluate().model_dump() if item.env.spec is not None else None
        return SessionState(session_id=session_id, path=path or None, verdict=verdict, **bounded(value, path, max_chars))

    def close(self, session_id: str) -> bool:
        """Close a session (once a call on it in flight has ended); return whether it was open."""
        with self._lock:
            item = self._sessions.pop(session_id, None)
        if item is None:
            return False
        with item.busy:
            item.env.close()
        return True

    def close_all(self) -> None:
        """Close every session."""
        for sid in list(self._sessions):
            self.close(sid)


def _json(value: Any) -> str:
    """The compact JSON text of ``value`` (as the MCP reply carries it)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _kind(value: Any) -> str:
    """The JSON kind of ``value``: object, list, string, number, boolean or null."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return {str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")


def select_path(state: Any, path: str | None) -> Any:
    """Return the part of ``state`` at the dotted ``path`` (object keys, and indices into lists: ``apps.notes.data.notes.0``).

    A ValueError naming ``path`` when a segment is missing: which one, where, and the keys (or indices) there.
    """
    if not path:
        return state
    segments = path.split(".")
    if "" in segments:
        raise arg_error("path", f"empty segment in {path!r}: name keys separated by single dots, e.g. 'apps.messages'")
    value = state
    for depth, segment in enumerate(segments):
        where = f"'{'.'.join(segments[:depth])}'" if depth else "the top level"
        if isinstance(value, dict):
            if segment not in value:
                keys = list(value)
                shown = ", ".join(keys[:40]) + (f", … ({len(keys)} in all)" if len(keys) > 40 else "")
                raise arg_error("path", f"no key {segment!r} at {where}; keys there: {shown or 'none (empty object)'}")
            value = value[segment]
        elif isinstance(value, list):
            if not (segment.isdigit() and int(segment) < len(value)):
                span = f"an index 0–{len(value) - 1}" if value else "nothing (empty list)"
                raise arg_error("path", f"{segment!r} at {where}: a list of {len(value)} item(s) there, give {span}")
            value = value[int(segment)]
        else:
            raise arg_error("path", f"no key {segment!r} at {where}: it is a {_kind(value)}, not an object or a list")
    return value


def bounded(value: Any, path: str | None, max_chars: int | None) -> dict[str, Any]:
    """The :class:`SessionState` fields showing ``value``: itself when its JSON text fits ``max_chars``, else the start of
    that text ending with a ``[truncated ...]`` marker, plus its keys (indices for a list) with their sizes and a hint;
    ``state``, ``keys`` and ``hint`` together stay within ``max_chars`` characters of JSON."""
    text = _json(value)
    if max_chars is None or len(text) <= max_chars:
        return {"chars": len(text), "truncated": False, "state": value}
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) else []
    keys: dict[str, int] = {}
    for key, child in items:  # the keys that fit in a quarter of the budget
        if len(_json(keys)) + len(str(key)) + 12 > max_chars // 4:
            break
        keys[str(key)] = len(_json(child))
    prefix = f"{path}." if path else ""
    if isinstance(value, dict):
        hint = f"pass path='{prefix}<key>' with a key of `keys` (JSON chars each)"
    elif isinstance(value, list):
        hint = f"a list of {len(value)} items: pass path='{prefix}<index>' (0–{len(value) - 1}; `keys` gives sizes)"
    else:
        hint = f"a {_kind(value)}: nothing narrower to select"
    hint += f", or a larger max_chars (at most {STATE_MAX_CHARS_LIMIT})"
    if len(keys) < len(items):
        hint += f"; `keys` lists {len(keys)} of {len(items)}"
    budget = max_chars - len(_json(keys)) - len(_json(hint))
    shown = budget
    while True:  # cut the text so that, escaped as a JSON string with its marker, it fits the budget
        marker = f"…[truncated: {shown} of {len(text)} chars shown; see hint]"
        over = len(_json(text[:shown] + marker)) - budget
        if over <= 0 or shown == 0:
            break
        shown = max(0, shown - over)
    return {"chars": len(text), "truncated": True, "state": text[:shown] + marker, "keys": keys or None, "hint": hint}


def _refuse_coerced(actions: list[Any]) -> None:
    """Refuse an action whose field has another JSON type than its own (``"x": "5"``, ``"clear": "yes"``), naming it.

    Lax validation (the harness's, for model text) carried such an action out as if the number had been given. An
    action invalid either way is left to the env, which reports it among the step's per-action results.
    """
    for i, raw in enumerate(actions):
        try:
            parse_action(raw)
        except ActionError:
            continue
        try:
            parse_action(raw, strict=True)
        except ActionError as exc:
            raise arg_error("actions", f"action {i}: {exc.message}; nothing was applied") from None
