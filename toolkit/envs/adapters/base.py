"""The adapter contract: how the env manager talks to one kind of environment.

An adapter translates the five operations into an environment's native API and keeps that
benchmark's own initialization and verification; it knows nothing of leasing, deadlines, retries
or RL (the manager does those once, above every adapter). Register new kinds with
:func:`register_adapter`; the manager builds one adapter per device name.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from toolkit.actions import Action
from toolkit.envs.base import ActionResult, Observation
from toolkit.envs.local import Instance, Viewport
from toolkit.tasks import TaskInstance, TaskSpec, Verdict, VerifierPool


class Adapter(Protocol):
    """What the env manager needs from an environment kind."""

    name: str
    device: str
    viewport: Viewport
    apps: list[str]
    screenshots: bool

    async def boot(self, instance: Instance, base_url: str, timeout_s: float) -> None:
        """Bring a fresh hosted page to a ready state."""

    async def reset(self, instance: Instance, task: TaskInstance) -> None:
        """Reset to the task instance's initial state s0.

        May write the episode's ``instruction`` and ``params`` into ``task`` (a page that generates them, as
        MiniWoB++'s does); nothing else of it. Backends that host the adapter in another process copy those two
        fields back to the caller's instance.
        """

    async def observe(self, instance: Instance, note: str | None = None) -> Observation:
        """Return the current observation."""

    async def act(self, instance: Instance, action: Action) -> ActionResult:
        """Apply one validated action; an action the environment cannot do is an error result, not an exception."""

    async def state(self, instance: Instance) -> dict[str, Any]:
        """Return the environment state the verdict is computed from."""

    async def action_log(self, instance: Instance) -> list[dict[str, Any]]:
        """Return the environment-level actions applied since the last reset (may be empty)."""

    async def evaluate(self, verifiers: VerifierPool, spec: TaskSpec, task: TaskInstance, initial: dict[str, Any],
                       final: dict[str, Any], trajectory: list[dict[str, Any]], instance: Instance) -> Verdict:
        """Judge the attempt the benchmark's own way."""


_REGISTRY: dict[str, Callable[..., Adapter]] = {}


def register_adapter(device: str, factory: Callable[..., Adapter]) -> None:
    """Register the adapter factory for a device name (e.g. ``"miniwob"``)."""
    _REGISTRY[device] = factory


def adapter_factory(device: str) -> Callable[..., Adapter] | None:
    """Return the registered factory of a device, or None (mocked devices come from the catalog)."""
    return _REGISTRY.get(device)


def refuse_external(specs: list[TaskSpec], why: str) -> None:
    """Raise a ValueError naming the tasks of ``specs`` that belong to an external benchmark (a device with its own
    adapter, e.g. MiniWoB++ or OSWorld), followed by ``why`` the caller cannot take them; return when there are none."""
    external = sorted({s.device for s in specs if adapter_factory(s.device) is not None})
    if external:
        names = [s.full_id for s in specs if s.device in external]
        raise ValueError(f"{len(names)} task(s) ({', '.join(names[:3])}{', ...' if len(names) > 3 else ''}) belong to an "
                         f"external benchmark (device {', '.join(external)}): {why}")
