"""The run dashboard's metric chart: a suite with no scored attempt has no bars (the report's n/a), not rates of 0."""

from __future__ import annotations

import pytest

from tests.conftest import DEMO_PY, requires_chromium, write_suite
from toolkit.harness import Harness, make_policy
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore
from toolkit.tasks import load_suite

CRASHING = DEMO_PY.replace('    data = ctx.final', '    raise ValueError("broken verifier")\n    data = ctx.final')


@requires_chromium
async def test_a_suite_with_no_scored_attempt_has_no_metric_bars_and_says_why(answers_manager, tmp_path):
    """Suite ``broken``'s verifier crashed on its one attempt and the stopped run's one attempt is unfinished: their
    summary rows hold 0.0, which the chart drew as a measured SR of 0 beside suite ``demo``'s 1.0."""
    pytest.importorskip("plotly")
    from toolkit.widgets import dashboard_figures

    bank = write_suite(write_suite(tmp_path / "bank"), "broken", py_text=CRASHING)
    specs = [spec for suite in ("demo", "broken") for spec in load_suite(suite, root=bank)]
    store = RunStore.create({"agent": "reference", "suites": ["demo", "broken"]}, root=tmp_path / "runs")
    await Scheduler(answers_manager, Harness(make_policy("reference")), store, "reference").run(
        [WorkItem(spec, 0, 0) for spec in specs])
    assert {r["suite"]: r["outcome"] for r in store.attempt_rows()} == {"demo": "success", "broken": "verifier_error"}
    bars = {bar.name: bar.y for bar in dashboard_figures(store)["metrics"].data}
    assert bars["demo"][0] == 1.0 and bars["broken (n/a — 1 verifier error)"] == (None,) * 5 and len(bars) == 2

    stopped = RunStore.create({"agent": "x", "suites": ["demo"]}, root=tmp_path / "runs")
    stopped.append_env_error({"attempt_id": "demo__answer.count__t0", "task_id": "demo/answer.count", "trial": 0,
                              "kind": "model", "op": "decide", "message": "down"})
    for bar in dashboard_figures(stopped)["metrics"].data:
        assert "n/a" in bar.name and set(bar.y) == {None}, (bar.name, bar.y)
