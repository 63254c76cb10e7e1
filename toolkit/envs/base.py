"""Wire types of the environment contract: observations, step results, leases, typed failures."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from toolkit.actions import ActionError, CoordSpace, action_dict, convert_point, parse_action


class Element(BaseModel):
    """An interactive element on screen; ``box`` = (x, y, w, h) in 0–1000 screen coordinates."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    role: str = ""
    text: str = ""
    box: tuple[float, float, float, float]

    @property
    def center(self) -> tuple[float, float]:
        """Return the centre point (0–1000)."""
        x, y, w, h = self.box
        return x + w / 2, y + h / 2


class Observation(BaseModel):
    """What the agent sees after reset or a step (plus the state, which it does not see)."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    image: bytes = Field(repr=False)
    image_format: Literal["jpeg", "png"] = "jpeg"
    width: int
    height: int
    screen: str = ""
    elements: list[Element] = Field(default_factory=list)
    state: dict[str, Any] = Field(default_factory=dict, repr=False)
    state_hash: str = ""
    note: str | None = None
    done: bool = False  # the environment itself ended the episode (e.g. a MiniWoB page's WOB_DONE_GLOBAL)

    def text(self, limit: int = 60, coords: CoordSpace = "norm1000") -> str:
        """Return a compact text view of the screen: one line per visible element, its centre in ``coords``
        (norm1000, norm1 or pixels: the space the model answers in)."""
        lines = []
        for e in self.elements[:limit]:
            x, y = convert_point(*e.center, "norm1000", coords, (self.width, self.height))
            where = f"({x:.3f},{y:.3f})" if coords == "norm1" else f"({x:.0f},{y:.0f})"
            lines.append(f"[{e.id}] {e.text}".rstrip() + f" @{where}")
        return f"screen: {self.screen}\n" + "\n".join(lines)


class ActionResult(BaseModel):
    """The outcome of one action of a step: applied, or an error fed back to the model."""

    model_config = ConfigDict(extra="forbid")
    action: dict[str, Any]
    ok: bool = True
    error: str | None = None
    effect: str | None = None


class StepResult(BaseModel):
    """The result of ``step``: per-action outcomes and the new observation."""

    model_config = ConfigDict(extra="forbid")
    action_id: str
    results: list[ActionResult]
    observation: Observation
    replayed: bool = False


class Lease(BaseModel):
    """A claim on one environment instance. Operations through a replaced or expired lease are rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    device: str
    slot: int
    generation: int


class EnvError(Exception):
    """An infrastructure failure (never a score): the attempt is rerun.

    ``kind`` is one of timeout, crash, boot, infra; ``op`` the operation that failed.
    """

    def __init__(self, kind: str, op: str, message: str):
        super().__init__(f"env_error[{kind}] during {op}: {message}")
        self.kind = kind
        self.op = op
        self.message = message


class StaleLeaseError(EnvError):
    """The lease was released, replaced or has expired."""

    def __init__(self, lease_id: str, why: str):
        super().__init__("stale_lease", "lease", f"lease {lease_id} {why}")
        self.lease_id = lease_id


class ManagerClosed(RuntimeError):
    """The env manager was closed: no operation runs on it any more.

    Not an :class:`EnvError`: nothing about the attempt failed, so it is neither rerun nor recorded; a resumed run
    finishes it. An operation cut short by the close raises this too (not a made-up ``crash``).
    """

    def __init__(self, op: str):
        super().__init__(f"the env manager is closed: {op} cannot run (open a new manager, or use it as "
                         "'async with manager:')")
        self.op = op


def batch_key(actions: list) -> str:
    """Return a canonical form of a batch of actions (a dict and its Action are the same action): what a retried
    ``action_id`` must carry again."""
    out = []
    for raw in actions:
        try:
            out.append(action_dict(parse_action(raw)))
        except ActionError:
            out.append(raw if isinstance(raw, dict) else repr(raw))
    return json.dumps(out, sort_keys=True, default=repr)


def canonical_json(value: Any) -> str:
    """Return the JSON :func:`state_hash` hashes: sorted keys, no spaces, text unescaped."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def hash_of_json(blob: str) -> str:
    """Return the hash of a state's :func:`canonical_json` (a state assembled from parts: toolkit.envs.parts)."""
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def state_hash(state: dict[str, Any]) -> str:
    """Return a stable hash of a JSON state (sorted keys)."""
    return hash_of_json(canonical_json(state))
