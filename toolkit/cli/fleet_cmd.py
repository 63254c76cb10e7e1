"""``guigym fleet``: a run's env fleet over time (instances, leases, failures, throughput)."""

from __future__ import annotations

import time

import click

from toolkit.cli.common import console, emit_json, fail, table
from toolkit.cli.common import out as stdout_console


def _rows(samples, n: int) -> list:
    """Return at most ``n`` samples spread evenly over the series (the last one always included)."""
    if len(samples) <= n:
        return list(samples)
    step = (len(samples) - 1) / (n - 1)
    return [samples[round(i * step)] for i in range(n)]


@click.command("fleet")
@click.option("--run", "run_id", help="run id or folder (default: the newest run with a fleet log)")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help="runs folder (default: $GUIGYM_RUNS, else runs/ in the guigym checkout)")
@click.option("--rows", type=click.IntRange(2, 1000), default=12, show_default=True, help="time-series rows to print")
@click.option("--json", "as_json", is_flag=True, help="print the fleet status (and the printed samples) as the last line")
def fleet(run_id, runs_root, rows, as_json):
    """Show how a finished or in-progress run's env instances were used: per node/device, then over time."""
    from toolkit.envs.fleet import fleet_status

    try:
        status = fleet_status(run_id, runs_root)
    except (FileNotFoundError, ValueError) as exc:
        fail(str(exc))
    target = console if as_json else stdout_console
    latest = status.latest
    # not finished: a run killed or crashed midway never wrote its final sample, and read as "in progress" for ever
    state = ("finished" if status.finished else "stopped before it finished (resume it to finish)"
             if status.writing is False else "in progress")
    target.print(f"run {status.run_id} · backend {status.backend} · {state} · {status.duration_s:.1f} s · "
                 f"{status.attempts} attempts, {status.steps} steps · {status.steps_per_s:.2f} steps/s, "
                 f"{status.attempts_per_min:.1f} attempts/min · peak leases {status.peak_leases}", markup=False)
    if latest is not None:
        cols = ["alive", "instances", "available", "leased", "failed", "steps", "attempts", "failures"]
        groups = [("node", latest.nodes), ("device", latest.devices)]
        body = [[f"{kind} {name}", *[getattr(c, k) for k in cols]] for kind, pools in groups for name, c in sorted(pools.items())]
        target.print(table("fleet now" if not status.finished else "fleet at the end", ["", *cols], body))
    shown = _rows(status.samples, rows)
    series = [[time.strftime("%H:%M:%S", time.localtime(s.t)), f"{s.t - (status.started_at or s.t):.1f}", s.instances, s.available, s.leased,
               s.failed, sum(s.failures.values()), s.steps, s.attempts, s.steps_per_s, s.attempts_per_min] for s in shown]
    target.print(table(f"over time ({len(shown)} of {len(status.samples)} samples)",
                       ["time", "s since start", "instances", "available", "leased", "failed", "failures", "steps", "attempts",
                        "steps/s", "attempts/min"], series))
    if status.failures:
        target.print("failures by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(status.failures.items())),
                     markup=False)
    if as_json:
        emit_json({**status.summary(), "samples": [s.model_dump(mode="json") for s in shown]})
