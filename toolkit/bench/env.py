"""The ``env`` benchmark: memory per instance, reset, screenshot and step latency, bring-up time.

Figures (pages isolation, the phone at 360×800 CSS px × 3 = 1080×2400 screenshots, the adapter's
frame mode, named in ``frames``):
- ``pss_mb_per_instance``: (PSS at N − PSS at 1) / (N − 1) over the browser processes, N = 32 booted,
  ready instances; ``pss_mb_per_observed_instance`` the same once each was reset and observed (its
  frame drawn: raster tiles and the compositor's buffers);
- ``reset_ms_*``: in-place reset to a task's s0 (bridge call: state swap + DOM render, no reload; under
  frame control layout, paint and raster wait for the observation's frame);
- ``reset_obs_ms_p50``: reset plus the first observation (screenshot, elements, state);
- ``screenshot_ms_p50``: one JPEG screenshot through CDP; ``screenshot_floor_ms_p50``: the same capture of
  a blank page of the same size in the same browser (what Chromium's capture costs on this machine);
- ``step_ms_p50``: one click + settle + observation through the env manager;
- ``bringup_32_s``: boot 32 ready instances from a cold manager (browser launch included);
- ``host_memory``: the kernel's THP settings, which decide the capture's page-fault cost
  (:mod:`toolkit.envs.hostmem`, ``scripts/tune-host.sh``).
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

from toolkit.bench.params import Count
from toolkit.bench.util import browser_pss_mb, median, pct
from toolkit.envs.hostmem import read_host_memory
from toolkit.envs.manager import EnvManager
from toolkit.tasks import load_tasks, sample


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


async def _blank_capture_ms(manager: EnvManager, spec, shots: int) -> list[float]:
    """Time the adapter's capture of a blank page of the phone's size, in the phone's browser."""
    [lease] = await manager.request(spec)
    adapter, hosted = manager.hosted(lease)
    await hosted.page.evaluate("document.body.replaceChildren(); document.body.style.background = '#fff'")
    times = []
    for _ in range(shots):
        t = time.perf_counter()
        await adapter.screenshot(hosted)
        times.append(_ms(t))
    return times


async def bench_env(instances: Count = 32, resets: Count = 200, steps: Count = 100, shots: Count = 100) -> dict[str, Any]:
    """Measure the env figures and return them (medians and percentiles in ms, MB, s)."""
    spec = load_tasks(["mobile-core"])[0]
    inst = sample(spec, 7)
    start = time.perf_counter()
    async with EnvManager() as manager:
        await manager.warm(instances)
        bringup = time.perf_counter() - start
        await asyncio.sleep(1.0)
        gc.collect()
        pss_all = browser_pss_mb()
        leases = await manager.request(spec, n=instances)
        for lease in leases:
            await manager.reset(lease, inst)
        await asyncio.sleep(1.0)
        pss_observed = browser_pss_mb()
    async with EnvManager() as manager:
        [lease] = await manager.request(spec)
        await manager.reset(lease, inst)
        await asyncio.sleep(1.0)
        pss_one = browser_pss_mb()
        adapter, hosted = manager.hosted(lease)  # direct timing of the adapter's reset, without observation
        reset_ms, reset_obs_ms, shot_ms, step_ms = [], [], [], []
        for _ in range(resets):
            t = time.perf_counter()
            await adapter.reset(hosted, inst)
            reset_ms.append(_ms(t))
        for _ in range(max(10, resets // 4)):
            t = time.perf_counter()
            await manager.reset(lease, inst)
            reset_obs_ms.append(_ms(t))
        for _ in range(shots):
            t = time.perf_counter()
            await adapter.screenshot(hosted)
            shot_ms.append(_ms(t))
        floor_ms = await _blank_capture_ms(manager, spec, shots)
        obs = await manager.reset(lease, inst)
        target = next(e for e in obs.elements if e.id.startswith("launcher:"))
        x, y = target.center
        for i in range(steps):
            if i % 2 == 0:
                action = {"type": "click", "x": x, "y": y}
            else:
                action = {"type": "system_button", "button": "home"}
            t = time.perf_counter()
            await manager.step(lease, [action], action_id=f"bench-{i}")
            step_ms.append(_ms(t))
        size = (obs.width, obs.height)
    return {
        "instances": instances,
        "pss_mb_one": round(pss_one, 1),
        "pss_mb_all": round(pss_all, 1),
        "pss_mb_per_instance": round((pss_all - pss_one) / max(1, instances - 1), 2),
        "pss_mb_per_observed_instance": round((pss_observed - pss_one) / max(1, instances - 1), 2),
        "reset_ms_p50": round(median(reset_ms), 2),
        "reset_ms_p95": round(pct(reset_ms, 95), 2),
        "reset_obs_ms_p50": round(median(reset_obs_ms), 2),
        "screenshot_ms_p50": round(median(shot_ms), 2),
        "screenshot_floor_ms_p50": round(median(floor_ms), 2),
        "screenshot_px": f"{size[0]}x{size[1]}",
        "frames": hosted.viewport.frames,
        "step_ms_p50": round(median(step_ms), 2),
        "step_ms_p95": round(pct(step_ms, 95), 2),
        "bringup_32_s": round(bringup, 2),
        "host_memory": mem.as_dict() if (mem := read_host_memory()) else None,
        "peer_mobilegym": {"pss_mb_per_instance": "80-110", "reset_ms": 2050, "screenshot_ms": 208},
    }
