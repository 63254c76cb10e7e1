"""Benchmarks behind ``guigym bench``: each section is a coroutine returning a dict of figures."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from toolkit.bench.capacity import bench_capacity
from toolkit.bench.env import bench_env
from toolkit.bench.generation import bench_generation
from toolkit.bench.history import bench_history
from toolkit.bench.miniwob import bench_miniwob
from toolkit.bench.soak import bench_soak
from toolkit.bench.throughput import bench_throughput
from toolkit.bench.train_tokens import bench_train_tokens

SECTIONS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {
    "env": bench_env,
    "history": bench_history,
    "train-tokens": bench_train_tokens,
    "generation": bench_generation,
    "miniwob": bench_miniwob,
    "throughput": bench_throughput,
    "capacity": bench_capacity,
    "soak": bench_soak,
}
