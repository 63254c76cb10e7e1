"""The env manager's bookkeeping: deadlines, one slot per hosted instance, and the counters."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from toolkit.envs.local import Instance

#: Seconds closing one instance may take: its page, its own context and its own browser, 10 s each at most.
CLOSE_S = 30.0


@dataclass(frozen=True)
class Deadlines:
    """Seconds each operation may take before it is an ``env_error[timeout]``."""

    boot: float = 30.0
    reset: float = 15.0
    step: float = 15.0
    observe: float = 10.0
    #: Seconds a lease may stay unused: every operation through it starts the time again (an idle timeout, not a
    #: lifetime), and a lease left that long expires and its instance goes back to the pool.
    lease_ttl: float = 3600.0
    #: Seconds the adapter's judgement may take (the verifier, or OSWorld's postconfig steps and getters).
    evaluate: float = 60.0
    #: Seconds between maintenance passes (reap expired leases, probe idle instances, recreate dead ones); 0 = off.
    maintain_every: float = 10.0

    def __post_init__(self) -> None:
        # A deadline of 0 (or less) failed every operation as a timeout, and each timeout retired a whole shard.
        for name, value in vars(self).items():
            off = name == "maintain_every"  # the one where 0 means something (off)
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not number or not (value >= 0 if off else value > 0):  # NaN fails both
                raise ValueError(f"Deadlines.{name}: expected seconds {'>= 0 (0 = off)' if off else '> 0'}, got {value!r}")

    def request_s(self) -> float:
        """Return the longest one lease of ``request`` may take on a host: waiting for a slot back from a health
        probe (``observe``), closing the slot's dead instance, then opening a page and the adapter's boot
        (``boot`` each)."""
        return self.observe + CLOSE_S + 2 * self.boot

    def evaluate_s(self) -> float:
        """Return the longest ``evaluate`` may take: reading the final state (``observe``), then judging."""
        return self.observe + self.evaluate


@dataclass
class _Slot:
    index: int
    device: str
    instance: Instance | None = None
    generation: int = 0
    lease_id: str | None = None
    expires_at: float = 0.0
    ttl: float = 0.0  # the lease's idle timeout (seconds)
    busy: int = 0  # operations running on it now: a lease is never reaped under one
    applied: OrderedDict = field(default_factory=OrderedDict)
    s0: dict[str, Any] | None = None
    instance_key: str | None = None
    trajectory: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Accounting:
    """Counters of what the manager did (read by benchmarks and fleet status)."""

    boots: int = 0
    resets: int = 0
    steps: int = 0
    replays: int = 0
    failures: int = 0
    recycled: int = 0
    stale_rejections: int = 0
    reaped: int = 0
    health_checks: int = 0
    health_replaced: int = 0
    shards_retired: int = 0  # shards taken out of service because an instance hung
