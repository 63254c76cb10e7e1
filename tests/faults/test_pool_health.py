"""The warm pool keeps its size when instances die (health checks recreate them); expired leases are reaped."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.conftest import requires_chromium
from tests.faults.helpers import browser_of, renderer_of, sigkill
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import StaleLeaseError
from toolkit.envs.manager import Deadlines, EnvManager

pytestmark = requires_chromium

POOL = 4


@pytest.fixture
async def manager():
    deadlines = Deadlines(observe=5.0, maintain_every=0.3)
    async with EnvManager(adapter=MockedAdapter(apps=["answersheet"]), deadlines=deadlines) as m:
        await m.warm(POOL)
        yield m


async def _healed(manager: EnvManager, replaced_before: int, timeout: float = 60.0) -> dict:
    """Wait for the background maintainer to bring the pool back to POOL healthy idle instances."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = manager.status()
        if (status["health_replaced"] > replaced_before and status["broken"] == 0 and status["idle"] == POOL
                and status["probing"] == 0):
            return status
        await asyncio.sleep(0.2)
    raise AssertionError(f"pool not healed: {manager.status()}")


async def _all_answer(manager: EnvManager, spec, inst) -> None:
    leases = await manager.request(spec, POOL)
    try:
        observations = await asyncio.gather(*(manager.reset(lease, inst) for lease in leases))
        assert {o.screen for o in observations} == {"launcher"}
        assert len({o.state_hash for o in observations}) == 1
    finally:
        for lease in leases:
            await manager.release(lease)
    assert manager.status()["instances"] == POOL  # served by the pool, nothing booted on demand


async def test_pool_keeps_its_size_when_pages_renderers_and_the_browser_die(manager, demo):
    spec, inst = demo
    slots = [s for s in manager._slots]
    assert len(slots) == POOL and manager.status()["broken"] == 0

    # 1. a page closes under us
    before = manager.status()["health_replaced"]
    await slots[0].instance.page.close()
    status = await _healed(manager, before)
    assert status["instances"] == POOL

    # 2. a renderer process is SIGKILLed (every page it hosts dies)
    before = manager.status()["health_replaced"]
    sigkill(await renderer_of(slots[1].instance.page))
    status = await _healed(manager, before)
    assert status["instances"] == POOL

    # 3. a browser process is SIGKILLed (every instance it hosts dies; a new browser is launched)
    before = manager.status()["health_replaced"]
    hosted = [s for s in manager._slots if s.instance.browser is manager._slots[2].instance.browser]
    old_browser = browser_of(await renderer_of(manager._slots[2].instance.page))
    sigkill(old_browser)
    status = await _healed(manager, before)
    assert status["instances"] == POOL and status["health_replaced"] - before == len(hosted)
    assert all(s.instance.browser.is_connected() for s in manager._slots)
    await _all_answer(manager, spec, inst)


async def test_a_hung_probe_is_replaced_too(manager, demo, monkeypatch):
    spec, inst = demo
    slot = manager._slots[3]
    real_probe = manager.backend.probe
    dead = slot.instance

    async def probe(instance):
        if instance is dead:
            await asyncio.sleep(3600)  # an instance that never answers
        await real_probe(instance)

    monkeypatch.setattr(manager.backend, "probe", probe)
    before = manager.status()["health_replaced"]
    status = await _healed(manager, before, timeout=30)
    assert slot.instance is not dead and status["instances"] == POOL
    await _all_answer(manager, spec, inst)


async def test_expired_leases_are_reaped_without_anyone_asking(manager, demo):
    spec, inst = demo
    leases = await manager.request(spec, 2, ttl_s=2.0)
    assert manager.status()["leased"] == 2
    await manager.reset(leases[0], inst)
    deadline = time.monotonic() + 15
    while manager.status()["leased"] and time.monotonic() < deadline:
        await asyncio.sleep(0.1)  # no request() call: the background reaper does it
    status = manager.status()
    # back in the pool: idle, or out for a moment on a health probe of the background maintainer
    assert status["leased"] == 0 and status["reaped"] >= 2 and status["idle"] + status["probing"] == POOL, status
    for lease in leases:
        with pytest.raises(StaleLeaseError, match="expired"):
            await manager.step(lease, [{"type": "wait"}], "late")
        await manager.release(lease)  # releasing a reaped lease is harmless
    status = manager.status()
    assert status["idle"] + status["probing"] == POOL, status
    fresh = await manager.request(spec, POOL)
    assert manager.status()["instances"] == POOL and len({lease.slot for lease in fresh}) == POOL
    for lease in fresh:
        await manager.release(lease)


async def test_a_hung_renderer_takes_its_shard_out_of_service(manager, demo):
    """A page stuck in a JavaScript loop hangs every page of its renderer: the shard's context is retired,
    its pages are replaced in a new context with a new renderer, and the hung process does not keep them."""
    spec, inst = demo
    slot = manager._slots[0]
    hung = await renderer_of(slot.instance.page)
    shard = [s for s in manager._slots if s.instance.context is slot.instance.context]
    before = manager.status()
    asyncio.ensure_future(slot.instance.page.evaluate("() => { while (true) {} }")).add_done_callback(
        lambda f: f.cancelled() or f.exception())
    status = await _healed(manager, before["health_replaced"], timeout=90)
    assert status["shards_retired"] > before["shards_retired"] and status["instances"] == POOL
    assert all(s.instance.context is not slot.instance.context or s.instance.crashed is False for s in shard)
    renderers = {(await renderer_of(s.instance.page)).pid for s in manager._slots}
    assert hung.pid not in renderers
    await _all_answer(manager, spec, inst)
