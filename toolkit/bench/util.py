"""Measurement helpers: percentiles and the PSS of the browser processes we started."""

from __future__ import annotations

import os
import statistics

import psutil


def pct(values: list[float], q: float) -> float:
    """Return the q-th percentile (0–100) by linear interpolation."""
    if not values:
        return float("nan")
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def median(values: list[float]) -> float:
    """Return the median."""
    return statistics.median(values) if values else float("nan")


def browser_pss_mb(root_pid: int | None = None) -> float:
    """Return the summed PSS (MB) of the Chromium processes below ``root_pid`` (default: this process)."""
    total = 0
    try:
        children = psutil.Process(root_pid or os.getpid()).children(recursive=True)
    except psutil.NoSuchProcess:
        return 0.0
    for proc in children:
        try:
            if "chrom" in proc.name().lower() or "headless" in proc.name().lower():
                total += proc.memory_full_info().pss
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return total / 2**20


def chromium_processes(root_pid: int | None = None) -> list[tuple[psutil.Process, str]]:
    """Return (process, type) of the Chromium processes below ``root_pid`` (default: this process).

    ``type`` is the ``--type=`` switch (``renderer``, ``gpu-process``, ``zygote``, ``utility``) or
    ``browser`` for the browser process itself (the one without a ``--type``).
    """
    try:
        children = psutil.Process(root_pid or os.getpid()).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for proc in children:
        try:
            cmdline = proc.cmdline()
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
        if not cmdline or "chrom" not in os.path.basename(cmdline[0]).lower():
            continue
        kind = next((a.split("=", 1)[1] for a in cmdline if a.startswith("--type=")), "browser")
        out.append((proc, kind))
    return out


def browser_tree_memory(root_pid: int | None = None) -> dict[str, float]:
    """Return PSS, RSS and USS (MB) summed over the Chromium processes below ``root_pid``, and their count."""
    pss = rss = uss = 0
    n = 0
    for proc, _ in chromium_processes(root_pid):
        try:
            info = proc.memory_full_info()
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
        pss, rss, uss, n = pss + info.pss, rss + info.rss, uss + info.uss, n + 1
    return {"pss_mb": pss / 2**20, "rss_mb": rss / 2**20, "uss_mb": uss / 2**20, "processes": n}


def tree_cpu_s(root_pid: int | None = None) -> float:
    """Return the CPU seconds (user + system) used so far by ``root_pid`` and every live descendant."""
    total = 0.0
    try:
        root = psutil.Process(root_pid or os.getpid())
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    for proc in procs:
        try:
            t = proc.cpu_times()
            total += t.user + t.system + getattr(t, "children_user", 0.0) + getattr(t, "children_system", 0.0)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return total
