"""The ``capacity`` benchmark: how many idle, ready instances this machine holds, and their memory.

Instances are booted in batches (pages isolation: many tabs per browser, a new env manager with
its own browsers, one per shard, every ``per_browser`` instances) until ``max_instances``, the first failure, or until booting the next
batch would leave less than ``margin_gb`` of memory available (the machine must never OOM). After
each batch the PSS (proportional set size: shared pages split between their sharers) of this process and
every process below it (Python, the Playwright drivers, Chromium) is summed.

- ``max_instances``: instances held at the end, every one answering a round trip (a health probe);
- ``pss_mb_per_instance``: the marginal PSS of one more instance (least-squares slope of total PSS
  over the instance count, first batch excluded), ``pss_mb_per_instance_mean`` the plain mean;
- ``ceiling_instances``: ``max_instances`` + what the memory still available above the margin would
  hold at the marginal PSS (the extrapolated ceiling on this machine, with what else runs on it now);
  ``ceiling_instances_idle_machine``: (MemTotal − margin − fixed cost) / marginal PSS;
- ``stopped_by``: ``target`` (reached ``max_instances``), ``memory_margin`` or ``failure``; when other jobs
  grow so that less than the margin is left, the newest instances are closed again (``shed``; ``peak_instances``
  is the most held at once);
- ``pss_mb_per_active_instance``: the marginal PSS plus what ``active`` held instances grow by once each is
  reset and observed (raster tiles and compositor buffers of its drawn frame): what a stepping instance costs;
- ``pss_mb_per_active_instance``: the marginal PSS plus what ``active`` held instances grow by once each is
  reset and observed (raster tiles and compositor buffers of its drawn frame): what a stepping instance costs;
- ``boot_s_per_instance``: wall time of booting, per instance; ``idle_cpu_pct``: CPU (% of one core) of all of
  it held idle over ``idle_s`` seconds, ``settle_s`` seconds after the last boot.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from typing import Any

import psutil

from toolkit.bench.markdown import ratio
from toolkit.bench.params import Amount, Count, Count0
from toolkit.bench.util import browser_tree_memory, tree_cpu_s

_MB = 2**20


def tree_pss_mb(root_pid: int | None = None) -> dict[str, float]:
    """Return the summed PSS (MB) of ``root_pid`` and every process below it (``all``), and of Chromium alone."""
    chromium = browser_tree_memory(root_pid)["pss_mb"]
    total = 0
    try:
        root = psutil.Process(root_pid or os.getpid())
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        procs = []
    for proc in procs:
        try:
            total += proc.memory_full_info().pss
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return {"chromium": chromium, "all": total / _MB}


def pss_by_type() -> dict[str, float]:
    """Return PSS (MB) by process kind: python (this process), driver (Playwright), and each Chromium ``--type``."""
    from toolkit.bench.util import chromium_processes

    out: dict[str, float] = {}
    me = psutil.Process()
    chromium = {p.pid: kind for p, kind in chromium_processes()}
    for proc in [me, *me.children(recursive=True)]:
        kind = "python" if proc.pid == me.pid else chromium.get(proc.pid) or ("driver" if "node" in proc.name() else "other")
        try:
            out[kind] = out.get(kind, 0.0) + proc.memory_full_info().pss / _MB
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return {k: round(v, 1) for k, v in sorted(out.items())}


def _slope(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return ys[0] / xs[0] if xs and xs[0] else float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


async def _active_pss_mb(manager, n: int) -> float | None:
    """Return the PSS a held instance grows by once it is reset and observed (its frame drawn), over ``n`` of them."""
    from toolkit.tasks import load_tasks, sample

    spec = load_tasks(["mobile-core"])[0]
    leases = await manager.request(spec, n=min(n, len(manager._slots)))
    before = tree_pss_mb()["all"]
    for lease in leases:
        await manager.reset(lease, sample(spec, 0))
    await asyncio.sleep(1.0)
    grown = tree_pss_mb()["all"] - before
    for lease in leases:
        await manager.release(lease)
    return grown / len(leases) if leases else None


async def bench_capacity(max_instances: Count = 1024, batch: Count = 32, per_browser: Count = 256, margin_gb: Amount = 3.0,
                         device: str = "phone", idle_s: Amount = 5.0, settle_s: Amount = 20.0, active: Count0 = 32
                         ) -> dict[str, Any]:
    """Boot idle instances until the target, a failure or the memory margin; return the figures."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.local import LocalBackend
    from toolkit.envs.manager import Deadlines, EnvManager

    margin = margin_gb * 2**30
    # Maintenance off while booting (one explicit health pass at the end counts the live instances).
    deadlines = Deadlines(boot=120.0, maintain_every=0)
    managers: list[EnvManager] = []
    curve: list[dict[str, Any]] = []
    held, stopped_by, failure = 0, "target", None
    fixed_mb, per_mb_guess = 600.0, 60.0  # before anything is measured: a browser's fixed cost, a page's
    boot_s = 0.0
    avail_start = psutil.virtual_memory().available
    shed_total, peak = 0, 0

    async def shed() -> int:
        # Other jobs on the machine may grow after a batch was admitted: give instances back (newest first)
        # until the margin is free again, so this bench never pushes the machine towards OOM.
        count = 0
        while psutil.virtual_memory().available < margin and any(m._slots for m in managers):
            manager = next(m for m in reversed(managers) if m._slots)
            victims = manager._slots[-min(batch, len(manager._slots)):]
            del manager._slots[-len(victims):]
            for idle in manager._idle.values():
                idle[:] = [s for s in idle if all(s is not v for v in victims)]
            await asyncio.gather(*(manager.backend.close_instance(v.instance) for v in victims if v.instance is not None),
                                 return_exceptions=True)
            count += len(victims)
            await asyncio.sleep(1.0)  # the freed memory reaches the kernel's count
        return count

    try:
        while held < max_instances:
            # The next batch must fit above the margin at 1.5× the mean PSS so far (fixed costs included), so
            # batches shrink near the margin; below 4 instances of room it stops (what is left is noise).
            per = curve[-1]["pss_mb"] / held if held else per_mb_guess
            new_browser = not managers or len(managers[-1]._slots) >= per_browser
            headroom = psutil.virtual_memory().available - margin - (fixed_mb * _MB if new_browser else 0)
            room_in_browser = per_browser if new_browser else per_browser - len(managers[-1]._slots)
            n = min(batch, max_instances - held, room_in_browser, int(headroom / (per * 1.5 * _MB)))
            if n < 1 or (n < min(4, batch) and n < min(max_instances - held, room_in_browser)):
                stopped_by = "memory_margin"
                break
            if new_browser:
                manager = EnvManager(backend=LocalBackend(isolation="pages"), adapter=MockedAdapter(device=device),
                                     deadlines=deadlines)
                await manager.__aenter__()
                managers.append(manager)
            manager = managers[-1]
            t = time.perf_counter()
            await manager.warm(len(manager._slots) + n)
            boot_s += time.perf_counter() - t
            dead = sum(1 for s in manager._slots if s.instance is None or s.instance.crashed)
            if dead:
                stopped_by, failure = "failure", f"{dead} of the last {n} instances failed to boot"
                held += n - dead
                break
            held += n
            peak = max(peak, held)
            pss = tree_pss_mb()
            vm = psutil.virtual_memory()
            curve.append({"instances": held, "pss_mb": round(pss["all"], 1), "chromium_pss_mb": round(pss["chromium"], 1),
                          "available_gb": round(vm.available / 2**30, 2), "managers": len(managers)})
            if vm.available < margin:
                stopped_by = "memory_margin"
                shed_total += await shed()
                held = sum(len(m._slots) for m in managers)
                break
        shed_total += await shed()
        held = sum(len(m._slots) for m in managers)
        by_type = pss_by_type()
        # Everything held must still answer a round trip.
        alive = 0
        for manager in managers:
            for slot in manager._slots:
                alive += await manager._healthy(slot)
        await asyncio.sleep(settle_s)  # the last boots' work (GC, first frames) settles within ~20 s
        cpu0, t0 = tree_cpu_s(), time.perf_counter()
        await asyncio.sleep(idle_s)
        idle_cpu_pct = (tree_cpu_s() - cpu0) / (time.perf_counter() - t0) * 100
        avail_end_check = psutil.virtual_memory().available
        browsers = sum(len(m.backend._browsers) for m in managers)  # under frame control, one per shard
        active_mb = await _active_pss_mb(managers[0], active) if managers and alive else None
    finally:
        for manager in managers:
            try:
                await manager.close()
            except Exception:  # noqa: BLE001 - closing after a failure
                pass
    vm = psutil.virtual_memory()
    xs = [c["instances"] for c in curve[1:]] or [c["instances"] for c in curve]
    ys = [c["pss_mb"] for c in curve[1:]] or [c["pss_mb"] for c in curve]
    marginal = _slope(xs, ys) if curve else None
    if marginal is not None and (math.isnan(marginal) or marginal <= 0):
        marginal = None
    total_pss = curve[-1]["pss_mb"] if curve else 0.0
    fixed = max(0.0, total_pss - marginal * held) if marginal else 0.0
    avail_end = curve[-1]["available_gb"] * 2**30 if curve else vm.available
    headroom = max(0.0, avail_end - margin) / _MB
    ceiling = alive + int(headroom / marginal) if marginal else alive
    ceiling_idle = int(((vm.total - margin) / _MB - fixed) / marginal) if marginal else None
    return {
        "max_instances": alive, "target": max_instances, "stopped_by": stopped_by, "failure": failure,
        "pss_mb_per_instance": round(marginal, 2) if marginal else None, "pss_mb_per_instance_mean": round(total_pss / max(1, held), 2),
        "pss_mb_per_active_instance": round(marginal + active_mb, 2) if marginal and active_mb is not None else None,
        "pss_mb_total": round(total_pss, 1), "pss_mb_fixed": round(fixed, 1), "managers": len(managers),
        "browsers": browsers,
        "per_browser": per_browser, "ceiling_instances": ceiling, "ceiling_instances_idle_machine": ceiling_idle,
        "mem_total_gb": round(vm.total / 2**30, 2), "available_gb_start": round(avail_start / 2**30, 2),
        "available_gb_min": round(min([c["available_gb"] for c in curve] + [avail_end_check / 2**30]), 2),
        "available_gb_end": round(avail_end_check / 2**30, 2), "peak_instances": peak, "shed": shed_total,
        "margin_gb": margin_gb, "boot_s_per_instance": round(boot_s / max(1, held), 3),
        "idle_cpu_pct": round(idle_cpu_pct, 2), "pss_mb_by_process": by_type, "curve": curve,
        "peer_mobilegym": {"pss_mb_per_instance": "80-110", "browser_pss_mb": 155, "ready_s_per_instance": 1.88},
        "vs_peer": _vs_peer(marginal, alive, ceiling_idle, boot_s / max(1, held), vm.total, margin),
    }


def _vs_peer(marginal: float | None, alive: int, ceiling_idle: int | None, boot_s: float, total: int, margin: float) -> dict[str, Any]:
    # MobileGym as measured here: ~80–110 MB PSS per added page (95 taken), 155 MB for the bare browser, 1.88 s to ready.
    peer_ceiling = int((total - margin) / _MB - 155) // 95
    return {
        "PSS per added instance (MB)": ratio(round(marginal, 2) if marginal else None, 95, False, "peer: 80–110 MB measured on this kind of machine"),
        "instances held, measured": ratio(alive, peer_ceiling, True,
                                          "peer: (MemTotal − margin − 155 MB) / 95 MB, derived from its PSS, not measured"),
        "instances, ceiling on an idle machine": ratio(ceiling_idle, peer_ceiling, True, "same derivation for the peer"),
        "bring-up per instance (s)": ratio(round(boot_s, 3), 1.88, False, "peer: later instance in pages mode, start to ready"),
    }


#: Node shapes of the capacity model: (vCPUs, GiB of memory).
NODES = {"this dev machine": (2, 23.5), "16 vCPU / 64 GiB": (16, 64), "64 vCPU / 256 GiB": (64, 256)}


def capacity_model(pss_mb: float, cpu_ms_per_step: float, step_s: float, fixed_mb: float = 0.0, active_pss_mb: float | None = None,
                   target: int = 20_000, think_s: tuple[float | None, ...] = (None, 5.0, 2.0, 1.0),
                   reserve_gb: float = 3.0, cpu_use: float = 0.8, nodes: dict[str, tuple[int, float]] | None = None
                   ) -> list[dict[str, Any]]:
    """Return instances per node and nodes for ``target`` concurrent instances, from measured figures.

    Memory: a node holds (memory − ``reserve_gb`` − ``fixed_mb``) / ``pss_mb`` instances (the measured PSS line:
    intercept ``fixed_mb``, slope ``pss_mb``) held idle, and the same over ``active_pss_mb`` (default ``pss_mb``)
    when they step. CPU: an instance that steps every ``think + step_s`` seconds
    (``think`` = the policy's time per step; None = held idle) uses ``cpu_ms_per_step`` per step, of
    ``cpu_use`` × the node's vCPUs. The node holds the smaller of the two counts.
    """
    rows = []
    for name, (cpus, mem_gb) in (nodes or NODES).items():
        free_mb = (mem_gb - reserve_gb) * 1024 - fixed_mb
        for think in think_s:
            by_memory = int(free_mb / (pss_mb if think is None else active_pss_mb or pss_mb))
            if think is None:
                by_cpu = None
            else:
                cores_per_instance = cpu_ms_per_step / 1000 / (think + step_s)
                by_cpu = int(cpus * cpu_use / cores_per_instance)
            per_node = by_memory if by_cpu is None else min(by_memory, by_cpu)
            rows.append({"node": name, "vcpus": cpus, "mem_gb": mem_gb,
                         "think_s": "idle" if think is None else think, "by_memory": by_memory, "by_cpu": by_cpu,
                         "instances_per_node": per_node, "bound": "memory" if by_cpu is None or by_memory <= by_cpu else "cpu",
                         "nodes_for_target": -(-target // per_node) if per_node > 0 else None, "target": target})
    return rows
