"""The ``throughput`` benchmark: the reference agent through the whole rollout path at parallel 1/8/32.

Each level runs the scheduler over mobile-core with the reference policy (which replays each task's
reference solution: no model time, so the figures are the toolkit's own ceiling) and writes every
attempt to a throw-away run store, exactly as ``guigym eval`` does. A step is one model step:
actions + settle + observation (1080×2400 JPEG screenshot, elements, state).

- ``attempts_per_min_pN`` / ``steps_per_s_pN``: finished attempts per minute and steps per second over
  the wall time of level N (the warm pool is booted before the clock starts);
- ``cpu_ms_per_step_pN``: CPU time of this process and every Chromium process below it, per step;
- ``step_ms_pN``: median time of one ``EnvManager.step`` call at level N (queueing on the cores included).
"""

from __future__ import annotations

import os
import tempfile
import time
from typing import Any

from toolkit.bench.markdown import ratio
from toolkit.bench.params import Count, Levels, Names
from toolkit.bench.util import median, tree_cpu_s


async def run_level(parallel: int, attempts: int, suites: tuple[str, ...] = ("mobile-core",), seed: int = 0,
                    screenshots: bool = True) -> dict[str, Any]:
    """Run ``attempts`` reference attempts at ``parallel`` and return the level's figures."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.local import LocalBackend
    from toolkit.envs.manager import EnvManager
    from toolkit.harness import Harness, HarnessConfig, ReferencePolicy
    from toolkit.rollout import Scheduler, WorkItem
    from toolkit.store import RunStore
    from toolkit.tasks import load_tasks

    specs = load_tasks(list(suites))
    items = [WorkItem(spec=specs[i % len(specs)], trial=i // len(specs), run_seed=seed) for i in range(attempts)]
    step_ms: list[float] = []
    with tempfile.TemporaryDirectory(prefix="guigym-bench-throughput-") as tmp:
        store = RunStore.create({"agent": "reference", "purpose": "bench"}, root=tmp, run_id=f"p{parallel}")
        async with EnvManager(backend=LocalBackend(isolation="pages"), adapter=MockedAdapter(screenshots=screenshots)) as manager:
            await manager.warm(min(parallel, attempts))
            real_step = manager.step

            async def timed_step(lease, actions, action_id):
                t = time.perf_counter()
                try:
                    return await real_step(lease, actions, action_id)
                finally:
                    step_ms.append((time.perf_counter() - t) * 1000)

            manager.step = timed_step  # instance attribute: this manager only
            scheduler = Scheduler(manager, Harness(ReferencePolicy(), HarnessConfig()), store, agent="reference",
                                  parallel=parallel)
            cpu0, t0 = tree_cpu_s(), time.perf_counter()
            rows = await scheduler.run(items)
            wall, cpu = time.perf_counter() - t0, tree_cpu_s() - cpu0
            status = manager.status()
    steps = sum(r["steps"] for r in rows)
    return {
        "parallel": parallel, "attempts": len(rows), "steps": steps, "wall_s": round(wall, 2),
        "attempts_per_min": round(len(rows) / wall * 60, 1), "steps_per_s": round(steps / wall, 2),
        "cpu_ms_per_step": round(cpu / max(1, steps) * 1000, 1), "step_ms_p50": round(median(step_ms), 1),
        "success": sum(r["outcome"] == "success" for r in rows), "env_errors": scheduler.env_errors,
        "instances": status["instances"],
    }


async def bench_throughput(levels: Levels = (1, 8, 32), attempts: Count | None = None,
                           suites: Names = ("mobile-core",)) -> dict[str, Any]:
    """Measure attempts/min and steps/s of the reference agent at each parallelism level."""
    figures: dict[str, Any] = {"cores": os.cpu_count(), "load_before": round(os.getloadavg()[0], 2)}
    levels_out = {}
    for p in levels:
        n = attempts or max(37, 6 * p)  # enough attempts that the tail (fewer than p left) is a small part
        level = await run_level(p, n, suites)
        levels_out[p] = level
        figures[f"attempts_per_min_p{p}"] = level["attempts_per_min"]
        figures[f"steps_per_s_p{p}"] = level["steps_per_s"]
        figures[f"cpu_ms_per_step_p{p}"] = level["cpu_ms_per_step"]
        figures[f"step_ms_p{p}"] = level["step_ms_p50"]
    figures["load_after"] = round(os.getloadavg()[0], 2)
    figures["levels"] = levels_out
    # MobileGym as measured here: one BACK step with its observation took 4.3 s (a single sample, with the runner's
    # jittered delay, on a contended host); an observation alone 219 ms; `npm run preview` "tops out around 8 parallel".
    figures["peer_mobilegym"] = {"step_s": 4.3, "observation_ms": 219, "parallel_ceiling_preview": 8}
    top = max(levels)
    figures["vs_peer"] = {
        "steps/s, one instance": ratio(figures.get(f"steps_per_s_p{min(levels)}"), round(1 / 4.3, 3), True,
                                       "peer: one BACK step + observation, 4.3 s (single sample, jittered delay)"),
        "ms per step vs peer observation alone": ratio(figures.get(f"step_ms_p{min(levels)}"), 219, False,
                                                       "ours: action + settle + observation; peer: observation only"),
        "parallel attempts without env errors": ratio(top if levels_out[top]["env_errors"] == 0 else None, 8, True,
                                                      "peer README: preview server tops out around 8 parallel"),
    }
    return figures
