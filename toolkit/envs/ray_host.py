"""The Ray side of the ``ray`` backend: the env host actor and the driver's records of hosts and leases.

:class:`EnvHost` runs inside a Ray actor process on one node and wraps a local
:class:`~toolkit.envs.manager.EnvManager`; :mod:`toolkit.envs.ray_backend` drives it.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from typing import Any

from toolkit.envs.base import EnvError, Lease, StaleLeaseError
from toolkit.envs.fleet import PoolCounts, local_pools
from toolkit.envs.manager import Deadlines, EnvManager
from toolkit.tasks import SpecError, TaskInstance

#: Resources every Ray node has; any other resource name labels a node (e.g. ``--resources '{"gpu_box": 1}'``).
STANDARD = {"CPU", "GPU", "TPU", "memory", "object_store_memory"}
#: Exceptions a host's argument or programming errors come back as (anything else: RuntimeError).
PASSTHROUGH = {"KeyError": KeyError, "ValueError": ValueError, "TypeError": TypeError, "IndexError": IndexError,
               "SpecError": SpecError}


class EnvHost:
    """The Ray actor: one local env manager (and its Chromium) on one node.

    Every operation returns an envelope ``{"ok": value}`` / ``{"env_error": ...}`` / ``{"stale": ...}``
    with the host's pool counts, so typed failures cross the process boundary intact.
    """

    def __init__(self, adapter: Any, isolation: str = "pages", deadlines: Deadlines = Deadlines()):
        self.adapter = adapter
        self.isolation = isolation
        self.deadlines = deadlines
        self.manager: EnvManager | None = None

    async def start(self) -> dict[str, Any]:
        """Start the local manager (Playwright) and return where this host runs."""
        import ray

        from toolkit.envs.local import LocalBackend

        if self.manager is None:
            self.manager = EnvManager(backend=LocalBackend(isolation=self.isolation), adapter=self.adapter,
                                      deadlines=self.deadlines)
            await self.manager.__aenter__()
        return {"pid": os.getpid(), "node_id": ray.get_runtime_context().get_node_id(), "hostname": socket.gethostname()}

    def _pools(self) -> dict[str, dict[str, Any]]:
        return {d: c.model_dump() for d, c in local_pools(self.manager).items()} if self.manager else {}

    async def call(self, op: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """Run one manager operation (``request``, ``release``, ``warm``, ``reset``, ``step``, ...)."""
        try:
            value = await (self.reset if op == "reset" else getattr(self.manager, op))(*args, **kwargs)
            return {"ok": value, "pools": self._pools()}
        except StaleLeaseError as exc:
            return {"stale": exc.message, "pools": self._pools()}
        except EnvError as exc:
            return {"env_error": [exc.kind, exc.op, exc.message], "pools": self._pools()}
        except Exception as exc:  # noqa: BLE001 - re-raised on the driver with its type where it is a builtin
            return {"error": [type(exc).__name__, str(exc)], "pools": self._pools()}

    async def reset(self, lease: Lease, instance: TaskInstance) -> dict[str, Any]:
        """Reset and return the observation with the instance's instruction and params as the adapter left them
        (the instance is this process's copy: what the adapter wrote into it would not reach the driver)."""
        obs = await self.manager.reset(lease, instance)
        return {"observation": obs, "instruction": instance.instruction, "params": instance.params}

    async def pools(self) -> dict[str, dict[str, Any]]:
        """Return this host's pool counts per device."""
        return self._pools()

    async def close(self) -> None:
        """Close every instance, the browser and the verifier pool."""
        if self.manager is not None:
            manager, self.manager = self.manager, None
            await manager.close()


@dataclass
class HostRecord:
    """The driver's record of one env host actor (a lost one is replaced by a new record on its node)."""

    index: int
    node: str
    node_id: str
    actor: Any
    alive: bool = True
    leased: int = 0
    pid: int | None = None
    error: str | None = None
    pools: dict[str, PoolCounts] = field(default_factory=dict)
    lost_at: float | None = None  # time.monotonic() when it was lost
    replaced: bool = False  # a new host record serves its node now


@dataclass
class HostLease:
    """A driver lease: the host it lives on and the host's own lease."""

    host: HostRecord
    inner: Lease


def node_label(node: dict[str, Any]) -> str:
    """Return a node's name: its custom resource (e.g. ``node_a``), else a short node id."""
    custom = sorted(k for k in node.get("Resources", {}) if k not in STANDARD and ":" not in k)
    return custom[0] if custom else f"node-{node['NodeID'][:8]}"


def ray_errors() -> tuple[type[BaseException], ...]:
    """Return the Ray exceptions that mean the host (actor, worker or node) is gone."""
    from ray import exceptions as rx

    names = ("RayActorError", "ActorDiedError", "ActorUnavailableError", "NodeDiedError", "WorkerCrashedError",
             "ObjectLostError", "OwnerDiedError", "RaySystemError", "LocalRayletDiedError", "ObjectFetchTimedOutError")
    return tuple(getattr(rx, n) for n in names if hasattr(rx, n))


def pool_snapshot(hosts: list[HostRecord]) -> tuple[dict[str, PoolCounts], dict[str, PoolCounts]]:
    """Return the pool counts of live hosts summed per device and per node (a lost host's instances count as failed)."""
    devices: dict[str, PoolCounts] = {}
    nodes: dict[str, PoolCounts] = {}
    for host in hosts:
        if host.replaced:  # its instances are gone and a new host serves its node
            continue
        node = nodes.setdefault(host.node, PoolCounts(alive=False))
        node.alive = node.alive or host.alive
        for device, c in host.pools.items():
            if not host.alive:  # its instances are gone with it
                c = PoolCounts(instances=c.instances, failed=c.instances, alive=False)
            for target in (devices.setdefault(device, PoolCounts()), node):
                target.instances += c.instances
                target.available += c.available
                target.leased += c.leased
                target.failed += c.failed
    return devices, nodes
