"""The ``miniwob`` benchmark: MiniWoB++ reset and step through the env manager vs raw Playwright and BrowserGym.

- ``reset_ms_p50``: the adapter's reset of click-button (endEpisode, seedrandom, startEpisodeReal, utterance);
- ``step_ms_p50``: one click through ``EnvManager.step`` (click + reward globals + elements + 160×210 PNG);
- ``raw_reset_ms_p50`` / ``raw_click_ms_p50``: the same JavaScript / a click plus reading the globals with
  plain Playwright on the same browser, in the same run (the note's figures: ~12 ms reset, ~11 ms click);
- ``raw_step_ms_p50``: the same work as our step with plain Playwright (``page.mouse.click``, the globals,
  ``page.screenshot`` of the task area): the like-for-like baseline of ``step_vs_raw_step``;
- ``browsergym_*``: BrowserGym's ``browsergym/miniwob.click-button`` env measured in a separate virtual
  environment (``GUIGYM_BGYM_VENV``, default /tmp/bgym-venv with ``pip install browsergym-miniwob``; it pins
  its own Playwright), in a subprocess; null with ``browsergym_error`` saying why when it cannot run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from toolkit.bench import SectionSkipped
from toolkit.bench.params import Count
from toolkit.bench.util import median, pct

BGYM_VENV = Path(os.environ.get("GUIGYM_BGYM_VENV", "/tmp/bgym-venv"))

_BGYM_SCRIPT = r"""
import functools, json, os, sys, time
import gymnasium as gym
from playwright.sync_api import sync_playwright
import browsergym.core
import browsergym.miniwob  # registers browsergym/miniwob.*
from browsergym.core.action.highlevel import HighLevelActionSet
resets, steps = int(sys.argv[1]), int(sys.argv[2])
pw = sync_playwright().start()
pw.chromium.launch = functools.partial(pw.chromium.launch, executable_path=os.environ["CHROMIUM"])
browsergym.core._set_global_playwright(pw)
env = gym.make("browsergym/miniwob.click-button", headless=True,
               action_mapping=HighLevelActionSet(subsets=["chat", "bid", "coord"]).to_python_code)
r, s = [], []
for i in range(resets):
    t = time.perf_counter(); env.reset(seed=i); r.append((time.perf_counter() - t) * 1000)
for i in range(steps):
    t = time.perf_counter(); env.step("mouse_click(30, 30)"); s.append((time.perf_counter() - t) * 1000)
env.close()
print(json.dumps({"reset": r, "step": s}))
"""


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def browsergym_figures(resets: int = 5, steps: int = 10, timeout_s: float = 600) -> dict[str, Any]:
    """Run BrowserGym's MiniWoB env in its own venv; return its medians or a null with the reason."""
    from toolkit.envs.adapters.miniwob_tasks import require_root
    from toolkit.envs.local import find_chromium

    python = BGYM_VENV / "bin" / "python"
    if not python.exists():
        return {"browsergym_reset_ms_p50": None, "browsergym_step_ms_p50": None,
                "browsergym_error": f"no venv at {BGYM_VENV} (python -m venv {BGYM_VENV} && {BGYM_VENV}/bin/pip install browsergym-miniwob)"}
    env = {**os.environ, "MINIWOB_URL": (require_root() / "miniwob").as_uri() + "/", "CHROMIUM": find_chromium() or "chromium"}
    try:
        proc = subprocess.run([str(python), "-c", _BGYM_SCRIPT, str(resets), str(steps)], capture_output=True, text=True,
                              timeout=timeout_s, env=env)
        data = json.loads(proc.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, json.JSONDecodeError, IndexError) as exc:
        tail = (locals().get("proc").stderr.strip().splitlines() or ["?"])[-1] if locals().get("proc") else str(exc)
        return {"browsergym_reset_ms_p50": None, "browsergym_step_ms_p50": None, "browsergym_error": f"{type(exc).__name__}: {tail}"[:300]}
    return {"browsergym_reset_ms_p50": round(median(data["reset"]), 2), "browsergym_step_ms_p50": round(median(data["step"]), 2),
            "browsergym_resets": resets, "browsergym_steps": steps}


async def bench_miniwob(resets: Count = 100, steps: Count = 100, bgym: bool = True) -> dict[str, Any]:
    """Measure MiniWoB++ reset and step latency (ours, raw Playwright, BrowserGym) and return the figures. Raises
    SectionSkipped, saying so, when the optional ``miniwob`` package (the task pages) is not installed."""
    from toolkit.envs.adapters.miniwob_tasks import MISSING, miniwob_root

    if miniwob_root() is None:
        raise SectionSkipped(MISSING)
    from toolkit.envs.adapters.miniwob import _RESET, MiniwobAdapter
    from toolkit.envs.manager import EnvManager
    from toolkit.tasks import load_tasks, sample

    [spec] = load_tasks(["miniwob"], ["click-button"])
    reset_ms, reset_obs_ms, step_ms, raw_reset_ms, raw_click_ms, raw_step_ms = [], [], [], [], [], []
    async with EnvManager(adapter=MiniwobAdapter(coords="page")) as manager:
        [lease] = await manager.request(spec)
        inst = sample(spec, 0).model_copy(update={"seed": 0})
        await manager.reset(lease, inst)
        adapter, hosted = manager.hosted(lease)
        page = hosted.page
        for i in range(resets):
            inst = inst.model_copy(update={"seed": i})
            t = time.perf_counter()
            await adapter.reset(hosted, inst)
            reset_ms.append(_ms(t))
        for i in range(max(10, resets // 4)):
            t = time.perf_counter()
            await manager.reset(lease, inst.model_copy(update={"seed": i}))
            reset_obs_ms.append(_ms(t))
        await manager.reset(lease, inst)
        for i in range(steps):  # a click on the instruction: nothing happens, the episode goes on
            t = time.perf_counter()
            await manager.step(lease, [{"type": "click", "x": 30, "y": 20}], action_id=f"bench-{i}")
            step_ms.append(_ms(t))
        # raw Playwright on the same page: the same reset JavaScript, a click plus the globals
        for i in range(resets):
            t = time.perf_counter()
            await page.evaluate(_RESET, {"seed": i, "mode": "train", "maxMs": 10000})
            await page.evaluate("() => core.getUtterance()")
            raw_reset_ms.append(_ms(t))
        for i in range(steps):
            t = time.perf_counter()
            await page.mouse.click(30, 20)
            await page.evaluate("() => [WOB_DONE_GLOBAL, WOB_REWARD_GLOBAL, WOB_RAW_REWARD_GLOBAL]")
            raw_click_ms.append(_ms(t))
        for i in range(steps):
            t = time.perf_counter()
            await page.mouse.click(30, 20)
            await page.evaluate("() => [WOB_DONE_GLOBAL, WOB_REWARD_GLOBAL, WOB_RAW_REWARD_GLOBAL]")
            await page.screenshot(clip={"x": 0, "y": 0, "width": 160, "height": 210})
            raw_step_ms.append(_ms(t))
    figures: dict[str, Any] = {
        "reset_ms_p50": round(median(reset_ms), 2), "reset_ms_p95": round(pct(reset_ms, 95), 2),
        "reset_obs_ms_p50": round(median(reset_obs_ms), 2),
        "step_ms_p50": round(median(step_ms), 2), "step_ms_p95": round(pct(step_ms, 95), 2),
        "raw_reset_ms_p50": round(median(raw_reset_ms), 2), "raw_click_ms_p50": round(median(raw_click_ms), 2),
        "raw_step_ms_p50": round(median(raw_step_ms), 2),
    }
    figures["reset_vs_raw"] = round(figures["reset_ms_p50"] / figures["raw_reset_ms_p50"], 2)
    figures["step_vs_raw"] = round(figures["step_ms_p50"] / figures["raw_click_ms_p50"], 2)
    figures["step_vs_raw_step"] = round(figures["step_ms_p50"] / figures["raw_step_ms_p50"], 2)
    if bgym:
        import asyncio

        figures.update(await asyncio.to_thread(browsergym_figures))
        if figures.get("browsergym_reset_ms_p50"):
            figures["browsergym_reset_ratio"] = round(figures["browsergym_reset_ms_p50"] / figures["reset_ms_p50"], 1)
            figures["browsergym_step_ratio"] = round(figures["browsergym_step_ms_p50"] / figures["step_ms_p50"], 1)
    figures["python"] = sys.version.split()[0]
    return figures
