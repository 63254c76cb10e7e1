"""The driver's side of the ``ray`` backend's env host actors: spawning them on their nodes, starting, reviving and
losing them, and the call envelope that turns a host's answer (or its silence) into a value or a typed error.

:class:`RayHostsMixin` is mixed into :class:`~toolkit.envs.ray_backend.RayEnvManager` and reads its attributes
(``hosts``, ``adapter``, ``isolation``, ``deadlines``, ``slack_s``, ``revive_after_s``, ``stats``, ``fleet_stats``,
``_leases``, ``_turn``, ``_errors``, ``_closed``, ``_reviving``, ``revived``, ``host_cpus``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from toolkit.envs.base import EnvError, Lease, ManagerClosed, StaleLeaseError
from toolkit.envs.fleet import PoolCounts
from toolkit.envs.ray_host import PASSTHROUGH, EnvHost, HostLease, HostRecord
from toolkit.sync import within

log = logging.getLogger("toolkit.envs.ray_backend")  # the backend's log, as before the split


class RayHostsMixin:
    """Host lifecycle and remote calls of :class:`~toolkit.envs.ray_backend.RayEnvManager`."""

    # -- plumbing --------------------------------------------------------------------------------

    async def _wait(self, ref: Any, timeout: float) -> Any:
        return await within(timeout, asyncio.wrap_future(ref.future()))

    def _spawn(self, node_id: str) -> Any:
        """Create an env host actor pinned to the node ``node_id`` (not started yet)."""
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        return ray.remote(EnvHost).options(
            num_cpus=self.host_cpus, max_restarts=0, max_task_retries=0, max_concurrency=1000,
            scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=node_id, soft=False),
        ).remote(self.adapter, self.isolation, self.deadlines)

    async def _start_host(self, host: HostRecord) -> bool:
        """Start a host's manager; a host that does not start is lost. Return whether it started."""
        try:
            info = await self._wait(host.actor.start.remote(), self.deadlines.boot + self.slack_s)
        except Exception as exc:  # noqa: BLE001 - Ray wraps what failed in the actor (Chromium, Playwright)
            log.warning("env host on node %s did not start: %s", host.node, exc)
            self._lose(host, f"did not start: {type(exc).__name__}: {exc}")
            return False
        host.pid = info["pid"]
        return True

    async def _revive(self) -> None:
        """Replace each host lost ``revive_after_s`` ago by a new one on its node, if the node is alive."""
        import ray

        now = time.monotonic()
        due = [h for h in self.hosts if not h.alive and not h.replaced and h.lost_at is not None
               and self.revive_after_s is not None and now - h.lost_at >= self.revive_after_s]
        if not due or self._reviving.locked():
            return
        async with self._reviving:
            live_nodes = {n["NodeID"] for n in ray.nodes() if n.get("Alive")}
            for old in due:
                if old.node_id not in live_nodes:
                    old.lost_at = now  # look again later: the node may come back
                    continue
                new = HostRecord(index=len(self.hosts), node=old.node, node_id=old.node_id, actor=self._spawn(old.node_id))
                self.hosts.append(new)
                old.replaced = True
                if await self._start_host(new):
                    self.revived += 1
                    log.warning("env host %d on node %s replaced by host %d", old.index, old.node, new.index)
            self.fleet_stats.sample()

    def _lose(self, host: HostRecord, why: str) -> None:
        """Mark a host lost: its instances count as failed, its leases fail, new leases go elsewhere."""
        if not host.alive:
            return
        import ray

        host.alive = False
        host.error = why
        host.lost_at = time.monotonic()
        log.warning("env host %d on node %s lost: %s", host.index, host.node, why)
        try:
            ray.kill(host.actor, no_restart=True)
        except Exception:  # noqa: BLE001 - the actor may be gone already
            pass
        self.fleet_stats.sample()

    def _envelope(self, host: HostRecord, op: str, lease: Lease | None, env: dict[str, Any]) -> Any:
        host.pools = {d: PoolCounts(**c) for d, c in env.get("pools", {}).items()}
        if "ok" in env:
            return env["ok"]
        if "stale" in env:
            self.stats.stale_rejections += 1
            why = env["stale"].split(" ", 2)[-1] if env["stale"].startswith("lease ") else env["stale"]
            raise StaleLeaseError(lease.id if lease else "?", why)
        if "env_error" in env:
            kind, inner_op, message = env["env_error"]
            self.stats.failures += 1
            self.fleet_stats.failure(kind, op, lease.device if lease else None, host.node)
            raise EnvError(kind, inner_op, f"{message} (host on node {host.node})")
        name, message = env["error"]
        raise PASSTHROUGH.get(name, RuntimeError)(message if name in PASSTHROUGH else f"{name}: {message}")

    async def _remote(self, host: HostRecord, op: str, timeout: float, lease: Lease | None, *args: Any) -> Any:
        """Call ``op`` on ``host``; a lost host or a missed deadline is an EnvError."""
        device = lease.device if lease else None
        if not host.alive:
            self.stats.failures += 1
            self.fleet_stats.failure("host_lost", op, device, host.node)
            raise EnvError("crash", op, f"env host on node {host.node} is lost ({host.error})")
        try:
            env = await self._wait(host.actor.call.remote(op, *args), timeout)
        except asyncio.TimeoutError:
            self._lose(host, f"no answer to {op} within {timeout:g} s")
            kind, message = "timeout", f"env host on node {host.node} gave no answer within {timeout:g} s"
        except self._errors as exc:
            self._lose(host, f"{type(exc).__name__} during {op}")
            kind, message = "crash", f"env host on node {host.node} lost: {type(exc).__name__}: {str(exc).splitlines()[0]}"
        else:
            return self._envelope(host, op, lease, env)
        if self._closed:
            raise ManagerClosed(op)  # the close killed the host: nothing failed, nothing to rerun
        self.stats.failures += 1
        self.fleet_stats.failure("host_lost" if kind == "crash" else kind, op, device, host.node)
        raise EnvError(kind, op, message)

    def _held(self, lease: Lease) -> HostLease:
        held = self._leases.get(lease.id)
        if held is None:
            self.stats.stale_rejections += 1
            raise StaleLeaseError(lease.id, "was released or replaced")
        return held

    def _available(self, host: HostRecord, device: str) -> int:
        c = host.pools.get(device)
        return c.available if c else 0

    def _choose(self, device: str, exclude: set[int]) -> HostRecord | None:
        live = [h for h in self.hosts if h.alive and h.index not in exclude]
        if not live:
            return None
        turn = next(self._turn)
        # Fewest leases first (spread), then a warm idle instance, then round robin.
        return min(live, key=lambda h: (h.leased, -self._available(h, device), (h.index - turn) % len(self.hosts)))
