"""The history and train-tokens bench sections on short recorded trajectories (token arithmetic, no timings)."""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium
from toolkit.bench.history import bench_history


@requires_chromium
async def test_history_window_reuses_more_than_last_k():
    r = await bench_history(window=4, overlap=1, last_k=2, trajectories=1, steps=10)
    assert r["image_tokens_per_screenshot"] == 966 and r["steps"] == 10
    assert 0 < r["prefix_reuse_lastk"] < r["prefix_reuse_window"] < r["prefix_reuse_full_history"] < 1
    assert r["prompt_tokens_window"] > 10 * r["image_tokens_per_screenshot"]
    # every format is measured on the same steps; the default format's rendering is the recorded text itself
    assert set(r["per_format"]) == {"text-v1", "json-v1", "qwen3vl-mobile-v1", "qwen3vl-computer-v1", "uitars-v1"}
    assert r["per_format"]["text-v1"] == {"window": r["prefix_reuse_window"], "last_k": r["prefix_reuse_lastk"],
                                          "steps_as_recorded": 0}
    assert all(0 < f["last_k"] < f["window"] < 1 for f in r["per_format"].values())
    # a window shows at most K screenshots: its reuse stays under the bound of any such history
    assert r["prefix_reuse_window"] < r["prefix_reuse_bound_k"] < r["prefix_reuse_full_history"]


def test_the_reuse_bound_of_k_screenshot_histories():
    """benchmarks/README.md's bound: 0.888 at S = 606, X = 1,014 with K = 10 over 30 steps; a head of zero tokens with
    every screenshot kept (K = steps) reuses all but one turn per prompt."""
    from toolkit.bench.history import reuse_bound

    assert reuse_bound(606, 1014, 10, 30) == 0.8879
    assert reuse_bound(0, 100, 30, 30) == round(1 - 30 / sum(range(1, 31)), 4)
    assert reuse_bound(0, 0, 10, 30) == 0.0


@requires_chromium
async def test_train_tokens_window_packing_against_both_step_baselines():
    pytest.importorskip("trl")
    from toolkit.bench.train_tokens import bench_train_tokens

    r = await bench_train_tokens(window=4, overlap=1, trajectories=1, steps=10)
    # windows every K-O = 3 steps: 0-2, 3-5, 6-8, 9; every step trained once, none fell back to step samples
    assert r["window_sequences"] == 4 and r["step_samples"] == 10 and r["step_fallbacks"] == 0
    # packing < the same prompts step by step < the sliding K-screenshot history step by step
    assert r["window_tokens"] < r["window_prompt_step_tokens"] < r["step_tokens"]
    assert r["window_vs_step_ratio"] == round(r["window_tokens"] / r["step_tokens"], 4)
    assert r["window_vs_step_ratio"] < r["window_vs_window_prompt_steps"] < 1
    assert r["step_history_last_k"] == 3
