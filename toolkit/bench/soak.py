"""The ``soak`` benchmark: reset one instance thousands of times and watch its memory.

Each round changes the device state (opens an app, advances the clock, taps, goes back: actions
applied straight through the adapter) and then resets through the env manager (in-place reset to s0,
plus the observation with its 1080×2400 JPEG screenshot). After ``warmup`` rounds (caches, JIT, the
first raster tiles) the resident memory is taken as the baseline, and again after the last round; the
JavaScript heap is measured after a forced garbage collection, and the DOM counters with it.

- ``rss_growth``: (RSS at the end − RSS after warm-up) / RSS after warm-up, over this process and every
  process below it (Python, the Playwright driver, Chromium); ``rss_growth_chromium`` over Chromium alone;
- ``js_heap_growth``: the same ratio for the page's used JS heap; ``dom_nodes_*``: DOM node counts;
- ``drift``: rounds whose reset did not land exactly on s0's state hash (must be 0);
- ``round_ms_p50``: one round (perturbation + reset + observation).
"""

from __future__ import annotations

import time
from typing import Any

import psutil

from toolkit.bench.markdown import ratio
from toolkit.bench.params import Count, Count0
from toolkit.bench.util import browser_tree_memory, median, pct

_MB = 2**20


def _tree_rss_mb() -> float:
    me = psutil.Process()
    total = me.memory_info().rss
    for proc in me.children(recursive=True):
        try:
            total += proc.memory_info().rss
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return total / _MB


async def _page_memory(cdp) -> dict[str, float]:
    await cdp.send("HeapProfiler.collectGarbage")
    heap = await cdp.send("Runtime.getHeapUsage")
    dom = await cdp.send("Memory.getDOMCounters")
    return {"js_heap_mb": heap["usedSize"] / _MB, "dom_nodes": dom["nodes"], "listeners": dom["jsEventListeners"]}


async def bench_soak(resets: Count = 2000, warmup: Count0 = 100, screenshots: bool = True) -> dict[str, Any]:
    """Run ``warmup`` + ``resets`` perturb-and-reset rounds on one instance; return memory growth and drift."""
    from toolkit.actions import parse_action
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.manager import EnvManager
    from toolkit.tasks import load_tasks, sample

    spec = next(s for s in load_tasks(["mobile-core"]) if s.id.startswith("messages."))
    inst = sample(spec, 3)
    round_ms: list[float] = []
    drift = 0
    async with EnvManager(adapter=MockedAdapter(screenshots=screenshots)) as manager:
        [lease] = await manager.request(spec, ttl_s=24 * 3600)
        s0 = await manager.reset(lease, inst)
        adapter, hosted = manager.hosted(lease)
        apps = adapter.apps
        rounds = [[parse_action(a) for a in (
            {"type": "open", "app": apps[i % len(apps)]}, {"type": "wait", "seconds": 5 + i},
            {"type": "click", "x": 500, "y": 300 + 40 * i}, {"type": "system_button", "button": "back"})]
            for i in range(8)]

        async def one_round(i: int) -> None:
            nonlocal drift
            t = time.perf_counter()
            for action in rounds[i % len(rounds)]:
                await adapter.act(hosted, action)
            obs = await manager.reset(lease, inst)
            round_ms.append((time.perf_counter() - t) * 1000)
            drift += obs.state_hash != s0.state_hash

        for i in range(warmup):
            await one_round(i)
        page0 = await _page_memory(hosted.cdp)
        rss0, chrome0 = _tree_rss_mb(), browser_tree_memory()["rss_mb"]
        warm_ms = list(round_ms)
        round_ms.clear()
        t0 = time.perf_counter()
        for i in range(resets):
            await one_round(warmup + i)
        wall = time.perf_counter() - t0
        page1 = await _page_memory(hosted.cdp)
        rss1, chrome1 = _tree_rss_mb(), browser_tree_memory()["rss_mb"]
        boots = manager.status()["boots"]
    return {
        "resets": resets, "warmup": warmup, "rss_growth": round((rss1 - rss0) / rss0, 4),
        "rss_mb_start": round(rss0, 1), "rss_mb_end": round(rss1, 1),
        "rss_growth_chromium": round((chrome1 - chrome0) / chrome0, 4),
        "js_heap_growth": round((page1["js_heap_mb"] - page0["js_heap_mb"]) / page0["js_heap_mb"], 4),
        "js_heap_mb_start": round(page0["js_heap_mb"], 2), "js_heap_mb_end": round(page1["js_heap_mb"], 2),
        "dom_nodes_start": page0["dom_nodes"], "dom_nodes_end": page1["dom_nodes"],
        "listeners_start": page0["listeners"], "listeners_end": page1["listeners"],
        "drift": drift, "boots": boots, "round_ms_p50": round(median(round_ms), 2), "round_ms_p95": round(pct(round_ms, 95), 2),
        "warmup_round_ms_p50": round(median(warm_ms), 2), "wall_s": round(wall, 1),
        # MobileGym resets by reloading the page (~2.05 s each, as measured here): 2,000 resets ≈ 68 min.
        "peer_mobilegym": {"reset_ms": 2050},
        "vs_peer": {
            "ms per reset": ratio(round(median(round_ms), 2), 2050, False,
                                  "ours: perturbation + reset + observation; peer: reset (reload + ready) alone"),
            f"{resets} resets (s)": ratio(round(wall, 1), round(resets * 2.05, 1), False, "peer: resets × 2.05 s"),
        },
    }
