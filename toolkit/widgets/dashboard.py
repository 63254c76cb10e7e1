"""RunDashboard: SR/PR/FC/OT/USE per suite, success by app and tag, the step histogram and env errors (plotly)."""

from __future__ import annotations

from html import escape
from typing import Any

from toolkit.diagnosis import attempts as run_attempts
from toolkit.diagnosis import open_run, summary
from toolkit.diagnosis.queries import RunRef
from toolkit.evaluation import load_result
from toolkit.diagnosis.queries import no_score


def dashboard_figures(run: RunRef) -> dict[str, Any]:
    """Return the dashboard's plotly figures: metrics, by_app, by_tag, steps (empty for a run with no attempts)."""
    import plotly.graph_objects as go

    store = open_run(run)
    result = load_result(store)
    table = run_attempts(store)
    metrics = ["SR", "PR", "FC", "OT", "USE"]
    # a suite with no scored attempt (every verifier failed, or none finished) has no rates: no bars, and its legend
    # entry says why; its summary row holds 0.0 there, which drew as a measured SR of 0 (the report shows n/a)
    bars = []
    for row in result.summary.to_dict("records"):
        why = no_score(row)
        name = f"{row['suite']} ({why})" if why else str(row["suite"])
        bars.append(go.Bar(name=name, x=metrics, y=[None if why else row[m] for m in metrics]))
    fig_metrics = go.Figure(bars)
    fig_metrics.update_layout(title="metrics per suite", yaxis_range=[0, 1], barmode="group", height=320)
    figs = {"metrics": fig_metrics}
    for by in ("app", "tag"):
        df = summary(store, by).sort_values("SR")
        why = [no_score(row) for row in df.to_dict("records")]  # a group with no scored attempt has no bar, not SR 0
        sr = [None if w else v for w, v in zip(why, df["SR"])]
        text = [w or str(n) for w, n in zip(why, df["attempts"])]
        fig = go.Figure(go.Bar(x=sr, y=df[by], orientation="h", text=text, hovertemplate="%{y}: SR %{x:.2f}"))
        fig.update_layout(title=f"success rate by {by}", xaxis_range=[0, 1], height=max(260, 22 * len(df)))
        figs[f"by_{by}"] = fig
    outcomes = sorted(table["outcome"].unique()) if not table.empty else []  # no finished attempt: no columns
    fig_steps = go.Figure([go.Histogram(x=table[table["outcome"] == o]["steps"], name=o) for o in outcomes])
    fig_steps.update_layout(title="steps per attempt by outcome", barmode="stack", height=300)
    figs["steps"] = fig_steps
    return figs


class RunDashboard:
    """A run at a glance: metric table, plotly charts, env errors."""

    def __init__(self, run: RunRef):
        self.store = open_run(run)
        self.result = load_result(self.store)
        self.figures = dashboard_figures(self.store)
        self.env_errors = self.store.env_error_rows()

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(HTML(f"<h3>run {escape(self.store.run_id)}</h3>"))
        display(self.result.summary)
        for fig in self.figures.values():
            fig.show()
        display(HTML(f"<p>env errors (reruns): {len(self.env_errors)}</p>"))
