"""FleetWidget: a run's env fleet over time (plotly): availability, leases, failures, throughput — per node with Ray."""

from __future__ import annotations

from html import escape
from typing import Any

from toolkit.envs.fleet import FleetSample, FleetStatus, fleet_status

_ELAPSED = "seconds since the run started"


def _series(samples: list[FleetSample], by: str, t0: float) -> dict[str, dict[str, list]]:
    """Return {group: {field: values}} over time (seconds since ``t0``), grouping by ``node`` or ``device``."""
    names = sorted({n for s in samples for n in (s.nodes if by == "node" else s.devices)})
    out: dict[str, dict[str, list]] = {}
    for name in names:
        rows = out[name] = {k: [] for k in ("t", "instances", "available", "leased", "failed", "steps", "attempts", "failures")}
        for s in samples:
            c = (s.nodes if by == "node" else s.devices).get(name)
            if c is None:
                continue
            rows["t"].append(round(s.t - t0, 3))
            for k in ("instances", "available", "leased", "failed", "steps", "attempts", "failures"):
                rows[k].append(getattr(c, k))
    return out


def _rate(t: list[float], counts: list[int], per: float = 1.0) -> list[float]:
    """Return the rate between consecutive samples (events per ``per`` seconds)."""
    out = [0.0]
    for i in range(1, len(t)):
        dt = t[i] - t[i - 1]
        out.append(max(0.0, per * (counts[i] - counts[i - 1]) / dt) if dt > 0 else out[-1])  # a resumed run restarts its counters
    return out


def fleet_figures(status: FleetStatus) -> dict[str, Any]:
    """Return the fleet's plotly figures: availability, leases, failures, throughput (one line per node in Ray mode)."""
    import plotly.graph_objects as go

    samples = status.samples
    by = "node" if status.backend == "ray" or len({n for s in samples for n in s.nodes}) > 1 else "device"
    t0 = status.started_at or (samples[0].t - samples[0].elapsed_s if samples else 0.0)
    groups = _series(samples, by, t0)
    t = [round(s.t - t0, 3) for s in samples]
    title = f" per {by}" if len(groups) > 1 or by == "node" else ""

    avail = go.Figure()
    for name, g in groups.items():
        avail.add_trace(go.Scatter(x=g["t"], y=g["available"], name=f"{name} available", mode="lines", line_shape="hv"))
        avail.add_trace(go.Scatter(x=g["t"], y=g["failed"], name=f"{name} failed", mode="lines", line_shape="hv",
                                   line={"dash": "dot"}))
    avail.add_trace(go.Scatter(x=t, y=[s.instances for s in samples], name="instances (all)", mode="lines", line_shape="hv",
                               line={"dash": "dash", "color": "gray"}))
    avail.update_layout(title=f"instances available / failed{title}", xaxis_title=_ELAPSED, height=300)

    leases = go.Figure([go.Scatter(x=g["t"], y=g["leased"], name=name, mode="lines", line_shape="hv", stackgroup="leases")
                        for name, g in groups.items()])
    leases.update_layout(title=f"active leases{title}", xaxis_title=_ELAPSED, height=280)

    failures = go.Figure()
    kinds = sorted({k for s in samples for k in s.failures})
    for kind in kinds:
        failures.add_trace(go.Scatter(x=t, y=[s.failures.get(kind, 0) for s in samples], name=kind, mode="lines", line_shape="hv"))
    if by == "node":
        for name, g in groups.items():
            failures.add_trace(go.Scatter(x=g["t"], y=g["failures"], name=f"{name} (all kinds)", mode="lines",
                                          line_shape="hv", line={"dash": "dot"}))
    failures.update_layout(title="env failures (cumulative) by kind" + (" and node" if by == "node" else ""),
                           xaxis_title=_ELAPSED, height=280)

    throughput = go.Figure()
    throughput.add_trace(go.Scatter(x=t, y=[s.steps_per_s for s in samples], name="steps/s (all)", mode="lines"))
    throughput.add_trace(go.Scatter(x=t, y=[s.attempts_per_min for s in samples], name="attempts/min (all)", mode="lines",
                                    yaxis="y2"))
    if len(groups) > 1:
        for name, g in groups.items():
            throughput.add_trace(go.Scatter(x=g["t"], y=_rate(g["t"], g["steps"]), name=f"{name} steps/s", mode="lines",
                                            line={"dash": "dot"}))
    throughput.update_layout(title=f"throughput{title}", xaxis_title=_ELAPSED, height=300,
                             yaxis={"title": "steps/s"}, yaxis2={"title": "attempts/min", "overlaying": "y", "side": "right"})
    return {"availability": avail, "leases": leases, "failures": failures, "throughput": throughput}


class FleetWidget:
    """A fleet at a glance: the totals and four plotly charts; ``refresh()`` re-reads a live source.

    Args:
        source: a run id, folder, RunStore or EvalResult (its ``fleet.jsonl``), a :class:`FleetStatus`, a live env
            manager (anything with ``.fleet()``) or an env session (``make_env``); None: the newest run with a fleet log.
        root: the runs folder when ``source`` is a run id.
    """

    def __init__(self, source: Any = None, root: str | None = None):
        self.source = source
        self.root = root
        self.refresh()

    def _status(self) -> FleetStatus:
        src = self.source
        if isinstance(src, FleetStatus):
            return src
        if hasattr(src, "fleet"):
            return src.fleet()
        if hasattr(src, "manager") and hasattr(src, "lease"):  # an EnvSession (make_env): its manager's fleet
            if getattr(src, "closed", False):  # it said "no phone yet (call reset() first)", and reset then refused
                raise ValueError("FleetWidget: this env session is closed (its browser is gone): give a live session "
                                 "or the run of an evaluation")
            if src.manager is None:
                raise ValueError("FleetWidget: this env session has no phone yet (call reset() first)")
            return src.manager.fleet()
        # a run id, folder, RunStore or EvalResult; anything else is refused there, by type
        return fleet_status(src, self.root)

    def refresh(self) -> "FleetWidget":
        """Re-read the source and rebuild the figures."""
        self.status = self._status()
        self.figures = fleet_figures(self.status)
        return self

    def summary_html(self) -> str:
        """Return the totals line and a per-node (or per-device) table of the latest sample."""
        s = self.status
        # names are text: a run folder, a node or a failure kind holding "<" would otherwise be read as HTML
        head = (f"<h3>fleet of run {escape(s.run_id or '(live)')} · {escape(s.backend)}</h3><p>{s.attempts} attempts, "
                f"{s.steps} steps in {s.duration_s:.1f} s · {s.steps_per_s:.2f} steps/s · {s.attempts_per_min:.1f} "
                f"attempts/min · peak leases {s.peak_leases} · failures {escape(str(dict(s.failures) or 'none'))}</p>")
        if s.latest is None:
            return head
        pools = s.latest.nodes if s.backend == "ray" else s.latest.devices
        cols = ["alive", "instances", "available", "leased", "failed", "steps", "attempts", "failures"]
        rows = "".join(f"<tr><td>{escape(name)}</td>" + "".join(f"<td>{getattr(c, k)}</td>" for k in cols) + "</tr>"
                       for name, c in sorted(pools.items()))
        return head + f"<table><tr><th></th>{''.join(f'<th>{c}</th>' for c in cols)}</tr>{rows}</table>"

    def widget(self) -> Any:
        """Return an ipywidgets box: totals, the charts, and a refresh button (for a live or in-progress source)."""
        import ipywidgets as w
        from IPython import get_ipython
        from IPython.display import display

        html = w.HTML(self.summary_html())
        charts = w.Output()
        button = w.Button(description="refresh")

        def draw() -> None:
            if get_ipython() is None:  # no kernel to render into (scripts, tests)
                return
            charts.clear_output(wait=True)
            with charts:
                for fig in self.figures.values():
                    display(fig)

        def on_refresh(_: Any) -> None:
            self.refresh()
            html.value = self.summary_html()
            draw()

        button.on_click(on_refresh)
        draw()
        return w.VBox([w.HBox([html, button]), charts])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget())
