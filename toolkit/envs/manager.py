"""The environment manager: the five operations, above every backend and adapter.

It does leasing, warm pools, deadlines, recovery and accounting once:
- ``request(spec, n)`` hands out leases on warm instances (booting more when needed);
- every operation runs under a deadline; a timeout, a crashed page or a browser error
  becomes a typed :class:`EnvError` (never a score) and the instance is replaced;
- an operation through a released, replaced or expired lease raises :class:`StaleLeaseError`; a lease expires
  after ``lease_ttl`` seconds without an operation through it (each operation starts the time again);
- a failed or cancelled boot or request closes what it opened and hands back the leases it granted;
- a retried ``action_id`` takes effect once: the stored result is returned again;
- once closed, every operation raises :class:`ManagerClosed` (an operation cut short by the close too), so nothing
  boots a browser that nobody will close.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections import OrderedDict
from typing import Any, Awaitable, Callable, Sequence, TypeVar

from toolkit import bounds
from toolkit.actions import Action, ActionError, parse_action
from toolkit.envs.adapters.base import Adapter, adapter_factory
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import (ActionResult, EnvError, Lease, ManagerClosed, Observation, StaleLeaseError, StepResult,
                               batch_key)
from toolkit.envs.fleet import FleetStats, FleetStatus, local_pools
from toolkit.envs.health import PoolHealth
from toolkit.envs.local import Instance, LocalBackend
from toolkit.envs.server import shared_server
from toolkit.envs.slots import Accounting, Deadlines, _Slot
from toolkit.sync import within
from toolkit.tasks import SpecError, TaskInstance, TaskSpec, Verdict, VerifierPool

T = TypeVar("T")
log = logging.getLogger(__name__)
#: Lease ids, unique in the process: with a counter per manager, two managers both handed out "L1", and either one
#: took the other's lease (release, step) as its own.
LEASE_IDS = itertools.count(1)


class EnvManager(PoolHealth):
    """Lease, drive and judge environment instances.

    Args:
        backend: hosts instances (default: :class:`LocalBackend` with ``pages`` isolation).
        adapter: speaks the environment's native API (default: the mocked phone).
        verifiers: the out-of-process verifier pool used by :meth:`evaluate`.
        deadlines: per-operation time limits.
    """

    def __init__(self, backend: LocalBackend | None = None, adapter: Adapter | None = None,
                 verifiers: VerifierPool | None = None, deadlines: Deadlines = Deadlines()):
        self.backend = backend or LocalBackend()
        self.adapter = adapter or MockedAdapter()
        # One adapter (and one warm pool) per device; the given adapter serves its own device.
        self.adapters: dict[str, Adapter] = {self.adapter.device: self.adapter}
        self.verifiers = verifiers or VerifierPool()
        self.deadlines = deadlines
        self.stats = Accounting()
        self.fleet_stats = FleetStats(lambda: (local_pools(self), {}))  # fleet status over time
        self._slots: list[_Slot] = []
        self._idle: dict[str, list[_Slot]] = {}
        self._specs: dict[str, TaskSpec] = {}
        self._lock = asyncio.Lock()
        self._base_url = shared_server().url
        self._expired: OrderedDict[str, None] = OrderedDict()  # ids of reaped leases (for the error message)
        self._maintainer: asyncio.Task | None = None
        self._probing = 0  # idle instances out of the pool for a health probe right now
        self._closed = False

    def _check_open(self, op: str) -> None:
        if self._closed:
            raise ManagerClosed(op)

    # -- leasing ---------------------------------------------------------------------------------

    def adapter_for(self, device: str) -> Adapter:
        """Return the adapter of ``device``: a registered kind (e.g. miniwob) or a mocked device of the catalog."""
        if device not in self.adapters:
            factory = adapter_factory(device)
            if factory is not None:
                self.adapters[device] = factory(screenshots=self.adapter.screenshots)
            else:
                base = self.adapter
                self.adapters[device] = MockedAdapter(device=device, image_format=getattr(base, "image_format", "jpeg"),
                                                      jpeg_quality=getattr(base, "jpeg_quality", 80),
                                                      screenshots=base.screenshots)
        return self.adapters[device]

    def _adapter(self, slot: _Slot) -> Adapter:
        return self.adapters[slot.device]

    def _idle_of(self, device: str) -> list[_Slot]:
        return self._idle.setdefault(device, [])

    async def warm(self, n: int, device: str | None = None) -> None:
        """Boot idle instances of ``device`` (default: the adapter's) until at least ``n`` exist (the warm pool)."""
        n = bounds.check("n", n, bounds.COUNT)
        self._check_open("warm")
        device = device or self.adapter.device
        self._start_maintainer()
        async with self._lock:
            missing = max(0, n - sum(1 for s in self._slots if s.device == device))
            new = [_Slot(index=len(self._slots) + i, device=device) for i in range(missing)]
            self._slots.extend(new)
        try:
            await asyncio.gather(*(self._boot(s) for s in new), return_exceptions=True)
        finally:
            # Also when cancelled: a slot neither idle nor leased would never be used again. A slot whose boot
            # failed is idle without an instance (request or the health check boots it).
            self._idle_of(device).extend(new)

    async def request(self, spec: TaskSpec | None = None, n: int = 1, ttl_s: float | None = None) -> list[Lease]:
        """Return ``n`` leases on ready instances for ``spec``'s device (booting as needed)."""
        n = bounds.check("n", n, bounds.COUNT)
        bounds.check_seconds("ttl_s", ttl_s, above=True, none="the manager's lease_ttl")
        self._check_open("request")
        device = spec.device if spec is not None else self.adapter.device
        if spec is not None:
            self._specs[spec.full_id] = spec
        self._start_maintainer()
        self._reap()
        granted: list[_Slot] = []
        slot: _Slot | None = None
        try:
            for _ in range(n):
                slot = await self._take_idle(device)
                if slot.instance is None or slot.instance.crashed:
                    await self._replace(slot)
                slot.generation += 1
                slot.lease_id = f"L{next(LEASE_IDS)}"
                slot.ttl = ttl_s or self.deadlines.lease_ttl
                slot.expires_at = time.monotonic() + slot.ttl
                slot.applied.clear()
                slot.s0, slot.trajectory = None, []
                granted.append(slot)
                slot = None
        except BaseException:
            # Failed or cancelled partway: the caller never sees these leases, so none may stay out of the pool.
            # (No await here: a second cancellation cannot interrupt the hand-back.)
            if slot is not None:
                self._idle_of(device).append(slot)  # the pool keeps the slot; it boots again later
            for held in granted:
                held.lease_id = None
                self._idle_of(device).append(held)
            raise
        return [Lease(id=s.lease_id, device=device, slot=s.index, generation=s.generation) for s in granted]

    async def _take_idle(self, device: str) -> _Slot:
        """Take an idle slot of ``device`` out of the pool; one back from a health probe if all are being
        probed; else a new slot (booted by the caller)."""
        deadline = time.monotonic() + self.deadlines.observe
        while True:
            async with self._lock:
                idle = self._idle_of(device)
                if idle:
                    return idle.pop(0)
                if not self._probing or time.monotonic() > deadline:
                    slot = _Slot(index=len(self._slots), device=device)
                    self._slots.append(slot)
                    return slot
            await asyncio.sleep(0.02)  # a probe returns its slot within the observe deadline

    async def release(self, lease: Lease) -> None:
        """Return the lease's instance to the warm pool (a broken one is replaced later); releasing it again, or a
        lease already replaced, does nothing."""
        slot = self._slots[lease.slot] if lease.slot < len(self._slots) else None
        if slot is None or slot.lease_id != lease.id:
            return
        slot.lease_id = None  # operations through the lease are rejected from now on
        try:
            # A step or reset still running through it finishes first: handed out at once, the slot took that
            # operation's action id, trajectory and s0 into the next lease (which then "replayed" a step never sent).
            async with slot.lock:
                pass
        finally:
            async with self._lock:
                self._idle_of(slot.device).append(slot)

    def _slot(self, lease: Lease, op: str) -> _Slot:
        """Return the slot behind a live lease (and start its idle timeout again), or raise StaleLeaseError."""
        self._check_open(op)
        slot = self._slots[lease.slot] if 0 <= lease.slot < len(self._slots) else None
        if slot is None or slot.lease_id != lease.id or slot.generation != lease.generation:
            self.stats.stale_rejections += 1
            raise StaleLeaseError(lease.id, "has expired" if lease.id in self._expired else "was released or replaced")
        now = time.monotonic()
        if slot.expires_at < now and not slot.busy:
            self.stats.stale_rejections += 1
            self._expire(slot)
            raise StaleLeaseError(lease.id, "has expired")
        slot.expires_at = max(slot.expires_at, now + slot.ttl)  # in use: the idle timeout starts again
        return slot

    async def _guard(self, slot: _Slot, op: str, timeout: float, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn`` under a deadline; turn infrastructure failures into EnvError and drop the instance."""
        self._check_open(op)
        if slot.instance is None or slot.instance.crashed:
            self.stats.failures += 1
            self.fleet_stats.failure("crash", op, slot.device)
            raise EnvError("crash", op, "the instance's page has crashed or closed")
        slot.busy += 1
        try:
            result = await within(timeout, fn())
            self.fleet_stats.record(op, slot.device)
            return result
        except asyncio.TimeoutError:
            self._check_open(op)
            kind, message = "timeout", f"no answer within {timeout:g} s"
            await self._retire(slot.instance)
        except (EnvError, SpecError):  # a SpecError is the task's fault (a setup patch the device cannot take): no rerun
            raise
        except Exception as exc:  # noqa: BLE001 - Playwright raises many types for a dead target
            if self._closed:
                raise ManagerClosed(op) from exc  # the close shut the page: not a crash, and not worth a rerun
            kind = "crash" if slot.instance.crashed else "infra"
            message = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        finally:
            slot.busy -= 1
            self._touch(slot)
        self.stats.failures += 1
        slot.instance.crashed = True  # never reuse an instance in an unknown state
        self.fleet_stats.failure(kind, op, slot.device)
        raise EnvError(kind, op, message)

    def _touch(self, slot: _Slot) -> None:
        """Start the lease's idle timeout again (after an operation, which may have taken a while)."""
        if slot.lease_id is not None:
            slot.expires_at = max(slot.expires_at, time.monotonic() + slot.ttl)

    # -- the five operations ---------------------------------------------------------------------

    async def observe(self, lease: Lease) -> Observation:
        """Return the current observation of the lease's instance."""
        slot = self._slot(lease, "observe")
        return await self._guard(slot, "observe", self.deadlines.observe, lambda: self._adapter(slot).observe(slot.instance))

    async def reset(self, lease: Lease, instance: TaskInstance) -> Observation:
        """Reset to the instance's s0 (in place, no reload) and return the first observation."""
        slot = self._slot(lease, "reset")

        async def run() -> Observation:
            adapter = self._adapter(slot)
            await adapter.reset(slot.instance, instance)
            return await adapter.observe(slot.instance)

        async with slot.lock:
            obs = await self._guard(slot, "reset", self.deadlines.reset, run)
            slot.s0 = obs.state
            slot.instance_key = instance.key
            slot.applied.clear()
            slot.trajectory = []
            self.stats.resets += 1
        return obs

    async def step(self, lease: Lease, actions: Sequence[Action | dict], action_id: str) -> StepResult:
        """Apply an ordered batch of actions once per ``action_id`` and return the new observation.

        Invalid actions are not applied: each yields an error result fed back to the model.

        Raises:
            TypeError: ``actions`` is not a list (a dict, a str, one Action) or ``action_id`` is not a non-empty str.
            ValueError: ``action_id`` was applied on this lease with other actions (a retry sends the same ones).
        """
        actions = bounds.check_step_args(actions, action_id)
        batch = batch_key(actions)
        slot = self._slot(lease, "step")
        async with slot.lock:
            if action_id in slot.applied:
                applied, stored = slot.applied[action_id]
                if applied != batch:  # a reused id, not a retry: replaying would silently drop this step
                    raise ValueError(f"argument 'action_id': {action_id!r} was already applied on lease {lease.id} "
                                     "with other actions; a retry sends the same actions, a new step needs a new id")
                self.stats.replays += 1
                return stored.model_copy(update={"replayed": True})

            async def run() -> StepResult:
                results = []
                for raw in actions:
                    try:
                        action = parse_action(raw)
                    except ActionError as exc:
                        results.append(ActionResult(action=raw if isinstance(raw, dict) else {"raw": repr(raw)},
                                                    ok=False, error=exc.message))
                        continue
                    results.append(await self._adapter(slot).act(slot.instance, action))
                errors = [r.error for r in results if r.error]
                obs = await self._adapter(slot).observe(slot.instance, note="; ".join(errors) if errors else None)
                return StepResult(action_id=action_id, results=results, observation=obs)

            result = await self._guard(slot, "step", self.deadlines.step, run)
            slot.trajectory.extend(r.action for r in result.results if r.ok)
            slot.applied[action_id] = (batch, result)
            while len(slot.applied) > 64:
                slot.applied.popitem(last=False)
            self.stats.steps += 1
        return result

    async def evaluate(self, lease: Lease, instance: TaskInstance, spec: TaskSpec | None = None,
                       final_state: dict[str, Any] | None = None) -> Verdict:
        """Judge the instance's final state against its s0 with the task's verifier.

        Raises:
            KeyError: no spec known for the instance's task.
            ValueError: ``spec`` is another task's, or the lease was not reset with ``instance`` (a caller's mistake:
                it was an ``env_error[infra]``, which a scheduler reruns, and another task's verifier judged silently).
        """
        slot = self._slot(lease, "evaluate")
        spec = spec or self._specs.get(instance.task_id)
        if spec is None:
            raise KeyError(f"no spec known for {instance.task_id}; pass spec= or request(spec)")
        if spec.full_id != instance.task_id:
            raise ValueError(f"argument 'spec': {spec.full_id} is not the task of the instance ({instance.task_id})")
        if slot.s0 is None or slot.instance_key != instance.key:
            raise ValueError(f"argument 'instance': lease {lease.id} was not reset with {instance.key}; "
                             "reset(lease, instance) first")
        adapter = self._adapter(slot)
        if final_state is None:
            final_state = await self._guard(slot, "evaluate", self.deadlines.observe, lambda: adapter.state(slot.instance))
        judging = adapter.evaluate(self.verifiers, spec, instance, slot.s0, final_state, slot.trajectory, slot.instance)
        slot.busy += 1
        try:
            verdict = await within(self.deadlines.evaluate, judging)
        except asyncio.TimeoutError:
            # Infrastructure, never a score. The instance is left as it is: the next reset puts it back to s0,
            # and a hung page fails that reset's own deadline.
            self.stats.failures += 1
            self.fleet_stats.failure("timeout", "evaluate", slot.device)
            raise EnvError("timeout", "evaluate", f"no verdict within {self.deadlines.evaluate:g} s") from None
        finally:
            slot.busy -= 1
            self._touch(slot)
        self.fleet_stats.record("attempt", slot.device)
        return verdict

    async def action_log(self, lease: Lease) -> list[dict[str, Any]]:
        """Return the logic-level actions applied on the lease's instance since its last reset."""
        slot = self._slot(lease, "action_log")
        return await self._guard(slot, "action_log", self.deadlines.observe, lambda: self._adapter(slot).action_log(slot.instance))

    def hosted(self, lease: Lease) -> tuple[Adapter, Instance]:
        """Return the adapter and the hosted instance behind a lease (for benchmarks and fault tests)."""
        slot = self._slot(lease, "hosted")
        return self._adapter(slot), slot.instance

    # -- lifecycle -------------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        """Return pool size, leased and idle counts, broken instances and the counters."""
        return {"instances": len(self._slots), "leased": sum(1 for s in self._slots if s.lease_id),
                "idle": sum(len(v) for v in self._idle.values()), "probing": self._probing,
                "broken": sum(1 for s in self._slots if s.instance is None or s.instance.crashed),
                **self.stats.__dict__}

    def fleet(self, limit: int | None = None) -> FleetStatus:
        """Return the fleet status: availability, leases, failures and throughput over time."""
        return self.fleet_stats.status(limit)

    async def close(self) -> None:
        """Close every instance, the backend and the verifier pool; later operations raise :class:`ManagerClosed`."""
        self._closed = True
        self.fleet_stats.close()
        if self._maintainer is not None:
            self._maintainer.cancel()
            try:
                await self._maintainer
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
            self._maintainer = None
        # Concurrently: closing hundreds of pages one by one takes minutes.
        await asyncio.gather(*(self.backend.close_instance(slot.instance) for slot in self._slots if slot.instance is not None),
                             return_exceptions=True)
        self._slots.clear()
        self._idle.clear()
        await self.backend.close()
        await self.verifiers.close()

    async def __aenter__(self) -> "EnvManager":
        self._closed = False  # a closed manager may be opened again
        await self.backend.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()
