"""Fleet status: what an env manager's instances did over time.

:class:`FleetStats` is the recorder an env manager owns. The manager reports events
(a step or reset done, an attempt judged, a typed failure) and the recorder samples the
pools on those events — at most once per ``interval_s``, always on a failure — into a
time series of :class:`FleetSample`: instances available / leased / failed per device (and
per node with the ``ray`` backend), active leases, failures by kind, completed steps and
attempts, and the throughput over the last ``window_s`` seconds.

A run attaches the recorder to ``runs/<run_id>/fleet.jsonl`` (one sample per line), so
:func:`fleet_status` reads a finished or in-progress run back as a :class:`FleetStatus`
(``guigym fleet``, the ``fleet_status`` MCP tool and :class:`toolkit.widgets.FleetWidget`).

>>> status = toolkit.fleet_status()            # doctest: +SKIP
>>> status.latest.available, status.failures   # doctest: +SKIP
"""

from __future__ import annotations

import os
import secrets
import time
from collections import Counter, deque
from pathlib import Path
from typing import Any, Callable, Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from toolkit import bounds

FLEET = "fleet.jsonl"

#: (devices, nodes): pool counts per device and per node, as a manager sees them now.
Snapshot = Callable[[], "tuple[dict[str, PoolCounts], dict[str, PoolCounts]]"]


class PoolCounts(BaseModel):
    """Instances of one device kind or one node, and the work done on them so far."""

    model_config = ConfigDict(extra="forbid")
    instances: int = 0
    available: int = Field(0, description="idle and healthy: ready for a lease")
    leased: int = 0
    failed: int = Field(0, description="crashed or lost instances not yet replaced")
    alive: bool = True
    steps: int = 0
    attempts: int = 0
    failures: int = 0


class FleetSample(BaseModel):
    """The fleet at one moment (counters are cumulative since the recorder started)."""

    model_config = ConfigDict(extra="forbid")
    t: float = Field(description="unix time")
    elapsed_s: float
    backend: str = "local"
    instances: int = 0
    available: int = 0
    leased: int = 0
    failed: int = 0
    active_leases: int = 0
    devices: dict[str, PoolCounts] = Field(default_factory=dict)
    nodes: dict[str, PoolCounts] = Field(default_factory=dict)
    failures: dict[str, int] = Field(default_factory=dict, description="env failures by kind")
    steps: int = 0
    resets: int = 0
    attempts: int = 0
    steps_per_s: float = 0.0
    attempts_per_min: float = 0.0
    final: bool = False
    session: str = Field("", description="the recorder's id: a resumed run's log holds one session per run of it")


class FleetStatus(BaseModel):
    """A fleet's time series and its totals (what ``guigym fleet --json`` prints)."""

    model_config = ConfigDict(extra="forbid")
    run_id: str | None = None
    backend: str = "local"
    nodes: list[str] = Field(default_factory=list)
    devices: list[str] = Field(default_factory=list)
    started_at: float | None = None
    updated_at: float | None = None
    duration_s: float = 0.0
    finished: bool = False
    writing: bool | None = Field(None, description="whether a process is writing the run now (None: unknown, or a live "
                                 "fleet); a run neither finished nor being written was stopped (killed, crashed)")
    steps: int = 0
    attempts: int = 0
    failures: dict[str, int] = Field(default_factory=dict)
    steps_per_s: float = Field(0.0, description="mean over the whole series")
    attempts_per_min: float = Field(0.0, description="mean over the whole series")
    peak_leases: int = 0
    latest: FleetSample | None = None
    samples: list[FleetSample] = Field(default_factory=list)

    @classmethod
    def from_samples(cls, samples: Iterable[FleetSample], run_id: str | None = None, limit: int | None = None) -> "FleetStatus":
        """Return the status of a series (``limit``: keep only the last samples, totals still cover all; a whole
        number within :data:`toolkit.bounds.FLEET_SAMPLES`, or None for every sample).

        A resumed run's log holds one segment per session (each starts its own counters): totals add up.
        Raises ValueError naming ``limit`` otherwise (``True`` is not the number 1, ``0`` does not mean "all").
        """
        limit = check_limit(limit)
        samples = list(samples)
        if not samples:
            return cls(run_id=run_id)
        ends = [s for i, s in enumerate(samples) if i + 1 == len(samples) or not _same_session(s, samples[i + 1])]
        first, last = samples[0], samples[-1]
        duration = sum(max(0.0, e.elapsed_s) for e in ends)
        steps, attempts = sum(e.steps for e in ends), sum(e.attempts for e in ends)
        failures: dict[str, int] = {}
        for e in ends:
            for kind, n in e.failures.items():
                failures[kind] = failures.get(kind, 0) + n
        return cls(run_id=run_id, backend=last.backend, nodes=sorted({n for s in samples for n in s.nodes}),
                   devices=sorted({d for s in samples for d in s.devices}), started_at=_segment_start(first),
                   updated_at=last.t, duration_s=round(duration, 3), finished=last.final, steps=steps, attempts=attempts,
                   failures=failures, steps_per_s=round(steps / duration, 4) if duration else 0.0,
                   attempts_per_min=round(60 * attempts / duration, 4) if duration else 0.0,
                   peak_leases=max(s.active_leases for s in samples), latest=last,
                   samples=samples[-limit:] if limit is not None else samples)

    def summary(self) -> dict[str, Any]:
        """Return the status without its time series (a compact JSON object)."""
        return self.model_dump(mode="json", exclude={"samples"})


def _segment_start(sample: FleetSample) -> float:
    """Return when the recorder of a sample started."""
    return sample.t - sample.elapsed_s


def _same_session(a: FleetSample, b: FleetSample) -> bool:
    """Return whether two samples come from the same recorder (a resumed run starts another one)."""
    return a.session == b.session and abs(_segment_start(a) - _segment_start(b)) < 0.05


def _total(counts: Iterable[PoolCounts]) -> PoolCounts:
    out = PoolCounts()
    for c in counts:
        for k in ("instances", "available", "leased", "failed", "steps", "attempts", "failures"):
            setattr(out, k, getattr(out, k) + getattr(c, k))
    return out


def local_pools(manager: Any) -> dict[str, PoolCounts]:
    """Return the pool counts per device of a local :class:`~toolkit.envs.manager.EnvManager`."""
    out: dict[str, PoolCounts] = {}
    for slot in list(getattr(manager, "_slots", [])):
        c = out.setdefault(slot.device, PoolCounts())
        broken = slot.instance is None or getattr(slot.instance, "crashed", False)
        c.instances += 1
        c.leased += bool(slot.lease_id)
        c.failed += broken
        c.available += not slot.lease_id and not broken
    return out


class FleetStats:
    """Record a manager's fleet over time (see the module docstring).

    Args:
        snapshot: returns ``(devices, nodes)`` pool counts now (``nodes`` may be empty: one local node).
        backend: the backend's name, recorded in every sample.
        interval_s: at most one sample per interval from ordinary events (failures always sample).
        window_s: the throughput window.
        keep: samples kept in memory (the run's fleet log keeps all).
    """

    def __init__(self, snapshot: Callable[[], tuple[dict[str, PoolCounts], dict[str, PoolCounts]]], backend: str = "local",
                 interval_s: float = 1.0, window_s: float = 30.0, keep: int = 3600):
        self.snapshot = snapshot
        self.backend = backend
        self.interval_s = interval_s
        self.window_s = window_s
        self.samples: deque[FleetSample] = deque(maxlen=keep)
        self.failures: Counter[str] = Counter()
        self.counts: dict[str, Counter[str]] = {}  # "device:<name>" / "node:<name>" -> steps, resets, attempts, failures
        self.totals: Counter[str] = Counter()
        self.started = time.time()
        self.session = secrets.token_hex(4)
        self.path: Path | None = None
        self.run_id: str | None = None
        self._last = 0.0
        self._closed = False

    # -- events ------------------------------------------------------------------------------------

    def _count(self, what: str, device: str | None, node: str | None) -> None:
        self.totals[what] += 1
        for key in (f"device:{device}" if device else None, f"node:{node}" if node else None):
            if key:
                self.counts.setdefault(key, Counter())[what] += 1

    def record(self, event: str, device: str | None = None, node: str | None = None) -> None:
        """Count a finished ``step``, ``reset`` or ``attempt`` (judged) and maybe sample."""
        self._count({"step": "steps", "reset": "resets", "attempt": "attempts"}.get(event, event), device, node)
        self.maybe_sample()

    def failure(self, kind: str, op: str = "", device: str | None = None, node: str | None = None) -> None:
        """Count a typed env failure (``EnvError.kind``) and sample now."""
        self.failures[kind] += 1
        self._count("failures", device, node)
        self.sample()

    # -- sampling ----------------------------------------------------------------------------------

    def attach(self, path: str | Path, run_id: str | None = None) -> None:
        """Append every sample from now on to ``path`` (a run's ``fleet.jsonl``) and write one now."""
        from toolkit.store.files import heal_file

        self.path = Path(path)
        self.run_id = run_id
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # a resumed run's recorder appends to the log of a process that was killed: cut its torn last line off, or
        # this session's first sample would be glued to it into one damaged line (as RunStore.heal does on resume)
        heal_file(self.path)
        self.sample()

    def maybe_sample(self) -> FleetSample | None:
        """Sample unless the last sample is younger than ``interval_s``."""
        if time.monotonic() - self._last < self.interval_s:
            return None
        return self.sample()

    def _with_counts(self, pools: dict[str, PoolCounts], prefix: str) -> dict[str, PoolCounts]:
        out = {}
        for name, c in pools.items():
            done = self.counts.get(f"{prefix}:{name}", Counter())
            out[name] = c.model_copy(update={"steps": done["steps"], "attempts": done["attempts"],
                                             "failures": done["failures"]})
        for key, done in self.counts.items():  # a node or device that is gone keeps its record
            kind, _, name = key.partition(":")
            if kind == prefix and name not in out:
                out[name] = PoolCounts(alive=False, steps=done["steps"], attempts=done["attempts"], failures=done["failures"])
        return out

    def _rate(self, now: float, steps: int, attempts: int) -> tuple[float, float]:
        base = None
        for s in self.samples:
            if now - s.t <= self.window_s:
                base = s
                break
        t0, s0, a0 = (base.t, base.steps, base.attempts) if base is not None else (self.started, 0, 0)
        if base is not None and now - t0 < min(self.window_s, 1.0):  # too short a span: measure from the start
            t0, s0, a0 = self.started, 0, 0
        span = now - t0
        if span <= 0:
            return 0.0, 0.0
        return round((steps - s0) / span, 4), round(60 * (attempts - a0) / span, 4)

    def sample(self, final: bool = False) -> FleetSample:
        """Take a sample now (and append it to the attached log)."""
        try:
            devices, nodes = self.snapshot()
        except Exception:  # noqa: BLE001 - a sample must never fail an env operation
            devices, nodes = {}, {}
        devices = self._with_counts(devices, "device")
        nodes = self._with_counts(nodes, "node") if nodes else {"local": _total(devices.values())}
        total = _total(devices.values())
        now = time.time()
        steps, attempts = self.totals["steps"], self.totals["attempts"]
        sps, apm = self._rate(now, steps, attempts)
        sample = FleetSample(t=round(now, 3), elapsed_s=round(now - self.started, 3), backend=self.backend,
                             instances=total.instances, available=total.available, leased=total.leased, failed=total.failed,
                             active_leases=total.leased, devices=devices, nodes=nodes, failures=dict(self.failures),
                             steps=steps, resets=self.totals["resets"], attempts=attempts, steps_per_s=sps,
                             attempts_per_min=apm, final=final, session=self.session)
        if self._closed:  # after the final sample nothing more is recorded
            return sample
        self.samples.append(sample)
        self._last = time.monotonic()
        if self.path is not None:
            _append(self.path, sample)
        return sample

    def status(self, limit: int | None = None) -> FleetStatus:
        """Return the fleet status from the samples in memory (after taking a fresh sample)."""
        if not self._closed:
            self.sample()
        return FleetStatus.from_samples(self.samples, run_id=self.run_id, limit=limit)

    def close(self) -> None:
        """Take the final sample (marked ``final``); later events are still counted."""
        if not self._closed:
            self.sample(final=True)
            self._closed = True  # a run's log ends with its final sample


def _append(path: Path, sample: FleetSample) -> None:
    line = (sample.model_dump_json() + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def read_fleet(path: str | Path) -> list[FleetSample]:
    """Return the samples of a fleet log ([] when there is none), read as the run store reads its own JSON-lines
    files: a torn last line (a sample being written, or cut short by a kill) is skipped in silence; any other line
    that is no JSON object is damage, skipped with a warning naming the file and the line.

    Raises:
        ValueError: a JSON object that is no sample (a field of the wrong type, an unknown field), naming the file,
            the line and the field.
    """
    from toolkit.store.files import numbered_rows  # the store's reader of its JSON-lines files

    out = []
    for number, row in numbered_rows(Path(path)):
        try:
            out.append(FleetSample.model_validate(row))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "(sample)"
            raise ValueError(f"{path} line {number}: field {field!r}: {err['msg']}") from None
    return out


def check_limit(limit: Any) -> int | None:
    """Return ``limit`` (None: every sample) or raise ValueError naming it unless a whole number within
    :data:`toolkit.bounds.FLEET_SAMPLES`; a bool is refused (``True`` was read as 1 sample)."""
    return None if limit is None else bounds.check("limit", limit, bounds.FLEET_SAMPLES)


def fleet_status(run_id: str | None = None, root: str | Path | None = None, limit: int | None = None) -> FleetStatus:
    """Return the fleet status of a run (by id, folder, store or EvalResult; default: the newest run with a fleet log).

    Works while the run is in progress (``finished`` is False until its manager closed; ``writing`` tells a run in
    progress from one that was stopped before it finished).

    Raises:
        FileNotFoundError: no such run, or no run with a fleet log.
        ValueError: ``limit`` not a whole number within :data:`toolkit.bounds.FLEET_SAMPLES` (nor None).
    """
    from toolkit.paths import DEFAULT_RUNS
    from toolkit.store import RunStore, list_runs

    limit = check_limit(limit)  # before the run is looked for: the caller's mistake first
    if run_id:
        try:
            store = RunStore.open(run_id, root=root)
        except FileNotFoundError as exc:
            raise FileNotFoundError(f"argument 'run_id': {exc}") from None
        except TypeError as exc:
            raise TypeError(str(exc).replace("argument 'run'", "argument 'run_id'")) from None
        if not (store.dir / FLEET).exists():
            raise FileNotFoundError(f"argument 'run_id': run {store.run_id} has no fleet log ({FLEET})")
    else:
        store = next((s for s in list_runs(root) if (s.dir / FLEET).exists()), None)
        if store is None:
            raise FileNotFoundError(f"no run with a fleet log under {root or DEFAULT_RUNS}")
    from toolkit.store.lock import being_written

    status = FleetStatus.from_samples(read_fleet(store.dir / FLEET), run_id=store.run_id, limit=limit)
    status.writing = being_written(store.dir)
    return status
