"""Leases and what they hold, in real Chromium: an idle timeout (a lease in use never expires), no page, context
or browser left open by a failed or cancelled boot, no lease or slot lost by a request that fails or is
cancelled partway, and a deadline on evaluate."""

from __future__ import annotations

import asyncio
import time

import pytest
from playwright.async_api import BrowserContext

from tests.conftest import requires_chromium
from toolkit.bench.util import chromium_processes
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import EnvError, StaleLeaseError
from toolkit.envs.local import LocalBackend
from toolkit.envs.manager import Deadlines, EnvManager

pytestmark = requires_chromium


class FailingBoot(MockedAdapter):
    """Boots the page, then fails (as a page that lost its app files does) while ``fail`` says so."""

    def __init__(self, fail=lambda: True, delay: float = 0.0, **kwargs):
        super().__init__(apps=["answersheet"], **kwargs)
        self.fail, self.delay, self.boots = fail, delay, 0

    async def boot(self, instance, base_url, timeout_s):
        self.boots += 1
        await asyncio.sleep(self.delay)
        await super().boot(instance, base_url, timeout_s)
        if self.fail():
            raise RuntimeError("device page lost app files while booting (simulated)")


def _manager(adapter, isolation="pages", **deadlines) -> EnvManager:
    return EnvManager(backend=LocalBackend(isolation=isolation), adapter=adapter,
                      deadlines=Deadlines(maintain_every=0, **deadlines))


def _open_pages(manager: EnvManager) -> int:
    """Pages open in the backend's shared browsers."""
    return sum(len(c.pages) for b in manager.backend._browsers.values() for c in b.contexts)


async def _browser_processes(expected: int | None = None, timeout: float = 15.0) -> int:
    """Browser (main) processes below this one, waiting up to ``timeout`` for the count to reach ``expected``."""
    deadline = time.monotonic() + timeout
    while True:
        n = sum(1 for _, kind in chromium_processes() if kind == "browser")
        if expected is None or n == expected or time.monotonic() > deadline:
            return n
        await asyncio.sleep(0.2)


def _orphans(manager: EnvManager) -> list[int]:
    """Slots neither leased nor in the pool (never used again)."""
    idle = [s for v in manager._idle.values() for s in v]
    return [s.index for s in manager._slots if s.lease_id is None and not any(s is i for i in idle)]


async def test_a_lease_in_use_does_not_expire_but_an_idle_one_does(demo):
    spec, inst = demo
    async with _manager(MockedAdapter(apps=["answersheet"])) as manager:
        [lease] = await manager.request(spec, ttl_s=1.0)
        await manager.reset(lease, inst)
        start = time.monotonic()
        i = 0
        while time.monotonic() - start < 3.0:  # three TTLs of steady use
            await manager.step(lease, [{"type": "wait"}], f"w{i}")
            await manager.observe(lease)
            await asyncio.sleep(0.4)
            i += 1
        await manager.request(spec)  # reaps expired leases: this one is in use, so it stays
        assert manager.status()["reaped"] == 0
        await asyncio.sleep(1.3)  # left unused longer than its TTL
        with pytest.raises(StaleLeaseError, match="expired"):
            await manager.step(lease, [{"type": "wait"}], "late")


@pytest.mark.parametrize("isolation", ["pages", "contexts", "browsers"])
async def test_a_failed_boot_leaves_no_page_context_or_browser_open(demo, isolation):
    spec, _ = demo
    manager = _manager(FailingBoot(), isolation)
    async with manager:
        await manager.backend.start()
        browsers_before = await _browser_processes()
        for _ in range(3):
            with pytest.raises(EnvError) as err:
                await manager.request(spec)
            assert err.value.kind == "boot"
        assert _open_pages(manager) == 0
        assert all(len(b.contexts) <= manager.backend.shards for b in manager.backend._browsers.values())
        # pages/contexts: the shared browser(s) stay up; browsers: each failed boot's own browser is gone
        shared = len(manager.backend._browsers)
        assert await _browser_processes(browsers_before + shared) == browsers_before + shared
        assert manager.status()["leased"] == 0 and _orphans(manager) == []


async def test_a_boot_past_its_deadline_leaves_no_page_open(demo):
    spec, _ = demo
    async with _manager(FailingBoot(fail=lambda: False, delay=3.0), boot=1.0) as manager:
        with pytest.raises(EnvError) as err:
            await manager.request(spec)
        assert err.value.kind == "boot" and "TimeoutError: booting took longer than 1 s" in err.value.message
        assert _open_pages(manager) == 0 and manager.stats.shards_retired == 0  # slow, not hung: its shard stays


@pytest.mark.parametrize("isolation", ["contexts", "browsers"])
async def test_new_instance_closes_what_it_opened_when_a_later_step_fails(monkeypatch, isolation):
    backend = LocalBackend(isolation=isolation)
    await backend.start()
    try:
        before = await _browser_processes()

        async def no_cdp(self, page):
            raise RuntimeError("CDP session refused (simulated)")

        monkeypatch.setattr(BrowserContext, "new_cdp_session", no_cdp)
        with pytest.raises(RuntimeError, match="simulated"):
            await backend.new_instance(MockedAdapter().viewport)
        assert sum(len(c.pages) for b in backend._browsers.values() for c in b.contexts) == 0
        assert all(len(b.contexts) == 0 for b in backend._browsers.values())  # its own context is closed
        assert await _browser_processes(before + len(backend._browsers)) == before + len(backend._browsers)
    finally:
        await backend.close()


async def test_a_request_failing_partway_hands_back_the_leases_it_granted(demo):
    spec, inst = demo
    calls = iter(range(100))
    async with _manager(FailingBoot(fail=lambda: next(calls) == 2)) as manager:
        with pytest.raises(EnvError):
            await manager.request(spec, n=3)  # the third boot fails
        status = manager.status()
        assert status["leased"] == 0 and status["idle"] == 3 and _orphans(manager) == []
        assert _open_pages(manager) == sum(1 for s in manager._slots if s.instance is not None) == 2
        leases = await manager.request(spec, n=3)  # the whole pool serves again (the failed slot boots anew)
        assert len({lease.slot for lease in leases}) == 3 and manager.status()["instances"] == 3
        await asyncio.gather(*(manager.reset(lease, inst) for lease in leases))


async def test_a_cancelled_request_or_warm_leaves_no_lease_slot_or_page_behind(demo):
    spec, inst = demo
    adapter = FailingBoot(fail=lambda: False)
    async with _manager(adapter) as manager:
        await manager.warm(1)
        adapter.delay = 2.0  # the next boots are slow: cancelled while booting
        for _ in range(2):
            task = asyncio.ensure_future(manager.request(spec, n=2))  # one warm instance, one booting
            await asyncio.sleep(1.0)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        task = asyncio.ensure_future(manager.warm(4))
        await asyncio.sleep(1.0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.5)  # the shielded closes finish
        status = manager.status()
        assert status["leased"] == 0 and _orphans(manager) == [] and status["idle"] == status["instances"]
        assert _open_pages(manager) == sum(1 for s in manager._slots if s.instance is not None)
        adapter.delay = 0.0
        leases = await manager.request(spec, n=2)
        observations = await asyncio.gather(*(manager.reset(lease, inst) for lease in leases))
        assert {o.screen for o in observations} == {"launcher"}


class SlowJudge(MockedAdapter):
    async def evaluate(self, *args, **kwargs):
        await asyncio.sleep(30)


async def test_evaluate_has_a_deadline(demo):
    spec, inst = demo
    async with _manager(SlowJudge(apps=["answersheet"]), evaluate=0.5) as manager:
        [lease] = await manager.request(spec)
        await manager.reset(lease, inst)
        start = time.monotonic()
        with pytest.raises(EnvError) as err:
            await manager.evaluate(lease, inst, spec)
        assert err.value.kind == "timeout" and err.value.op == "evaluate" and time.monotonic() - start < 5
        assert (await manager.reset(lease, inst)).screen == "launcher"  # the lease goes on


async def test_zero_or_negative_deadlines_and_lease_ttls_are_refused(demo):
    """Before, ``Deadlines(step=0)`` failed every step as an env_error[timeout], each one retiring the page's whole
    shard, and ``request(ttl_s=-1)`` handed out a lease that had already expired (``ttl_s=0`` meant the default)."""
    spec, _ = demo
    for bad in ({"step": 0}, {"reset": -1}, {"observe": float("nan")}, {"boot": "30"}, {"maintain_every": -1}):
        with pytest.raises(ValueError, match=f"Deadlines.{next(iter(bad))}"):
            Deadlines(**bad)
    Deadlines(maintain_every=0, lease_ttl=float("inf"))  # off, and a lease that never expires
    manager = _manager(FailingBoot(fail=lambda: False))
    async with manager:
        for ttl in (0, -1, float("nan")):
            with pytest.raises(ValueError, match="argument 'ttl_s'"):
                await manager.request(spec, ttl_s=ttl)
        assert manager.status()["instances"] == 0  # refused before anything booted


class HangingBoot(MockedAdapter):
    """Boots the page, then (once) hangs it in a JavaScript loop, as an app stuck in its first render would."""

    def __init__(self):
        super().__init__(apps=["answersheet"])
        self.hang = False

    async def boot(self, instance, base_url, timeout_s):
        await super().boot(instance, base_url, timeout_s)
        if self.hang:
            self.hang = False
            await instance.page.evaluate("() => { while (true) {} }")


async def test_a_page_hung_while_booting_takes_its_shard_out_of_service(demo):
    """The pages of a shard share a renderer: before, a boot that hung left the shard in service, so with maintenance
    off every later boot there timed out as well ("TimeoutError: ", nothing more), and its other pages hung. A boot
    that is only slow retires nothing (test_a_boot_past_its_deadline_leaves_no_page_open)."""
    spec, inst = demo
    adapter = HangingBoot()
    manager = EnvManager(backend=LocalBackend(shards=1), adapter=adapter,
                         deadlines=Deadlines(boot=5, observe=5, maintain_every=0))
    async with manager:
        [neighbour] = await manager.request(spec)
        adapter.hang = True
        with pytest.raises(EnvError, match=r"the page hung while booting \(no answer within 5 s"):
            await manager.request(spec)
        assert manager.stats.shards_retired == 1
        with pytest.raises(EnvError) as err:  # its renderer was the hung one: it fails at once, as a crash
            await manager.observe(neighbour)
        assert err.value.kind == "crash"
        await manager.release(neighbour)
        leases = await manager.request(spec, 2)  # new pages in a new shard, booted within the deadline
        assert {(await manager.reset(lease, inst)).screen for lease in leases} == {"launcher"}
