"""Pool health for :class:`~toolkit.envs.manager.EnvManager`: booting, closing and recreating instances, expired
leases, probes, hung shards, the maintainer.

A background maintainer reaps expired leases and probes every idle instance; a dead one is recreated so the
warm pool keeps its size, and a hung one (its probe misses the deadline) also takes its shard out of service
(the backend's ``retire``): the pages of one renderer hang together.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from toolkit.envs.base import EnvError, ManagerClosed
from toolkit.envs.local import Instance
from toolkit.envs.slots import CLOSE_S
from toolkit.sync import within

if TYPE_CHECKING:
    from toolkit.envs.slots import _Slot

log = logging.getLogger(__name__)


class PoolHealth:
    """The health half of the env manager (mixed into it; uses its slots, pool, backend, adapters and counters)."""

    async def _healthy(self, slot: _Slot) -> bool:
        instance = slot.instance
        if instance is None or instance.crashed:
            return False
        alive = getattr(self.backend, "alive", None)
        if alive is not None and not alive(instance):
            return False
        return await self._probe(instance) is True

    async def _probe(self, instance: Instance) -> bool | None:
        """Round-trip to the instance's renderer: True when it answers, False when the page is dead, None when it hangs
        (its renderer serves its whole shard, which then goes out of service)."""
        probe = getattr(self.backend, "probe", None)
        if probe is None:
            return True
        try:
            await within(self.deadlines.observe, probe(instance))
            return True
        except asyncio.TimeoutError:
            await self._retire(instance)
            return None
        except Exception:  # noqa: BLE001 - a dead page fails its probe
            return False

    async def _boot(self, slot: _Slot) -> None:
        """Open and boot an instance into ``slot``; on failure or cancellation close whatever was opened."""
        adapter = self.adapter_for(slot.device)
        instance: Instance | None = None
        try:
            instance = await within(self.deadlines.boot, self.backend.new_instance(adapter.viewport))
            await within(self.deadlines.boot, adapter.boot(instance, self._base_url, self.deadlines.boot))
        except BaseException as exc:
            late = isinstance(exc, asyncio.TimeoutError)
            try:
                # A page that hangs while booting hangs its renderer, and with it every page of its shard: left in
                # service, each later boot there timed out too. A probe tells a hung renderer (its shard is retired)
                # from a slow boot (its neighbours are fine).
                hung = late and instance is not None and not self._closed and await self._probe(instance) is None
            finally:
                if instance is not None:  # nothing else references it: left open, its page (or browser) would leak
                    await self._close_quietly(instance)
            if not isinstance(exc, Exception):
                raise  # cancelled: the caller is gone, nothing to report
            if self._closed:
                raise ManagerClosed("request") from exc  # the close took the browser away, nothing failed
            self.stats.failures += 1
            self.fleet_stats.failure("boot", "request", slot.device)
            boot = self.deadlines.boot
            message = (f"TimeoutError: the page hung while booting (no answer within {boot:g} s, nor to a probe)" if hung
                       else f"TimeoutError: booting took longer than {boot:g} s" if late and instance is not None
                       else f"TimeoutError: no page within {boot:g} s" if late else f"{type(exc).__name__}: {exc}")
            raise EnvError("boot", "request", message) from exc
        slot.instance = instance
        self.stats.boots += 1

    async def _close_quietly(self, instance: Instance) -> None:
        """Close an instance within CLOSE_S; shielded, so a second cancellation of the caller cannot leak it."""
        closing = asyncio.ensure_future(within(CLOSE_S, self.backend.close_instance(instance)))
        try:
            await asyncio.shield(closing)
        except Exception:  # noqa: BLE001 - closing what may already be dead
            log.warning("closing an instance failed", exc_info=True)

    async def _replace(self, slot: _Slot) -> None:
        if slot.instance is not None:
            self.stats.recycled += 1
            instance, slot.instance = slot.instance, None
            await self._close_quietly(instance)
        await self._boot(slot)

    def _reap(self) -> int:
        """Return expired leases' instances to the warm pool; return how many were reaped."""
        now = time.monotonic()
        reaped = 0
        for slot in self._slots:
            if slot.lease_id and slot.expires_at < now and not slot.busy:
                self._expire(slot)
                reaped += 1
        self.stats.reaped += reaped
        return reaped

    def _expire(self, slot: _Slot) -> None:
        """End the slot's lease (it was left unused past its TTL) and return the slot to the pool."""
        self._expired[slot.lease_id] = None  # remembered for the error message
        while len(self._expired) > 4096:
            self._expired.popitem(last=False)
        slot.lease_id = None
        self._idle_of(slot.device).append(slot)

    async def _retire(self, instance: Instance) -> None:
        retire = getattr(self.backend, "retire", None)
        if retire is not None:
            self.stats.shards_retired += 1
            await retire(instance)

    async def check_health(self) -> int:
        """Probe every idle instance and recreate the dead ones, so the warm pool keeps its size.

        Leased instances are left to their holder (a failure there is an ``EnvError``; the slot is
        replaced when it comes back). Returns the number of instances recreated.
        """
        replaced = 0
        for slot in list(self._slots):
            async with self._lock:
                idle = self._idle_of(slot.device)
                if slot.lease_id is not None or not any(s is slot for s in idle):
                    continue
                idle[:] = [s for s in idle if s is not slot]  # out of the pool while probed
                self._probing += 1
            try:
                self.stats.health_checks += 1
                if not await self._healthy(slot):
                    try:
                        await self._replace(slot)
                        replaced += 1
                        self.stats.health_replaced += 1
                    except EnvError:
                        log.warning("health check: could not recreate instance %d", slot.index)
            finally:
                async with self._lock:
                    self._idle_of(slot.device).append(slot)
                    self._probing -= 1
        return replaced

    async def maintain(self) -> dict[str, int]:
        """Run one maintenance pass now: reap expired leases, then check the idle instances' health."""
        reaped = self._reap()
        return {"reaped": reaped, "recreated": await self.check_health()}

    def _start_maintainer(self) -> None:
        if self.deadlines.maintain_every <= 0 or (self._maintainer is not None and not self._maintainer.done()):
            return
        self._maintainer = asyncio.get_running_loop().create_task(self._maintain_forever(), name="guigym-env-maintainer")

    async def _maintain_forever(self) -> None:
        while True:
            await asyncio.sleep(self.deadlines.maintain_every)
            try:
                await self.maintain()
            except Exception:  # noqa: BLE001 - maintenance must outlive any one failure
                log.exception("env maintenance pass failed")
