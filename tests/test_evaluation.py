"""Metric arithmetic: SR, PR, FC, OT, USE, pass@n, passⁿ, env and verifier errors."""

from __future__ import annotations

import pandas as pd
import pytest

from toolkit.evaluation import pass_at_k, pass_hat_k, summarize


def test_pass_at_k_and_pass_hat_k():
    assert pass_at_k(4, 0, 4) == 0 and pass_at_k(4, 1, 4) == 1 and pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(5, 2, 2) == pytest.approx(1 - 3 / 10)
    assert pass_hat_k(4, 4, 4) == 1 and pass_hat_k(4, 3, 4) == 0 and pass_hat_k(4, 2, 2) == pytest.approx(1 / 6)


def _row(task, outcome, progress, clean=True, steps=5):
    return {"suite": "s", "task_id": task, "outcome": outcome, "progress": progress, "clean": clean, "steps": steps}


def test_summary_rates():
    df = pd.DataFrame([
        _row("a", "success", 1.0), _row("a", "failure", 0.5, clean=False),
        _row("b", "false_complete", 0.0), _row("b", "overdue", 1.0, steps=15),
        _row("c", "verifier_error", 0.0),
    ])
    env = pd.DataFrame([{"suite": "s", "task_id": "a"}, {"suite": "s", "task_id": "b"}])
    [row] = summarize(df, env).to_dict("records")
    assert row["attempts"] == 5 and row["verifier_errors"] == 1 and row["env_errors"] == 2
    assert row["SR"] == pytest.approx(1 / 4) and row["PR"] == pytest.approx(2.5 / 4)
    assert row["FC"] == pytest.approx(1 / 4) and row["OT"] == pytest.approx(1 / 4) and row["USE"] == pytest.approx(1 / 4)
    assert row["pass@n"] == pytest.approx(0.5) and row["pass^n"] == 0
    assert row["mean_steps"] == pytest.approx(7.5)
