"""Benchmarks behind ``guigym bench``: each section is a coroutine returning a dict of figures."""

from __future__ import annotations

import importlib
from typing import Any, Awaitable, Callable


class SectionSkipped(Exception):
    """Raised by a section that cannot run on this machine (an optional package absent); the message says why.
    ``guigym bench`` reports the section as ``{"skipped": reason}`` and goes on with the others."""


class _Sections(dict):
    """Section name -> its coroutine function, imported on first lookup: listing the sections (``guigym --help``)
    does not import Chromium drivers, the harness and pandas."""

    def __getitem__(self, name: str) -> Callable[..., Awaitable[dict[str, Any]]]:
        value = super().__getitem__(name)
        if isinstance(value, str):
            module, _, attr = value.partition(":")
            value = getattr(importlib.import_module(module), attr)
            super().__setitem__(name, value)
        return value


SECTIONS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = _Sections({
    "env": "toolkit.bench.env:bench_env",
    "history": "toolkit.bench.history:bench_history",
    "train-tokens": "toolkit.bench.train_tokens:bench_train_tokens",
    "generation": "toolkit.bench.generation:bench_generation",
    "miniwob": "toolkit.bench.miniwob:bench_miniwob",
    "throughput": "toolkit.bench.throughput:bench_throughput",
    "capacity": "toolkit.bench.capacity:bench_capacity",
    "soak": "toolkit.bench.soak:bench_soak",
})
