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
