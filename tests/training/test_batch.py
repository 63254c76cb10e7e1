"""The batch decisions every rank takes alike: how many rows each rank forwards, and the consistency gate's
statistics over all ranks' tokens (both are fed by collectives in the trainer; the two-rank run in test_train.py
drives those)."""

from __future__ import annotations

import math

import pytest

from toolkit.training.batch import merge_k3, plan_rows


def test_rows_are_the_largest_count_rounded_to_the_generation_steps():
    assert plan_rows([3, 5], [True, True], 1) == (5, 8)
    assert plan_rows([3, 5], [True, True], 4) == (8, 8)
    assert plan_rows([7], [True], 2) == (8, 7)


def test_a_rank_without_trained_windows_pads_when_it_has_a_window_to_copy():
    assert plan_rows([0, 4], [True, True], 2) == (4, 4)


@pytest.mark.parametrize("trained, padded, message", [
    ([0, 0], [True, True], "no trainable tokens in this generation batch on any rank"),
    ([0, 3, 0], [False, True, True], "rank 0 has no window"),
    ([0, 3, 0], [False, True, False], "rank 0, 2 has no window"),
])
def test_every_rank_raises_the_same_error(trained, padded, message):
    with pytest.raises(RuntimeError, match=message):
        plan_rows(trained, padded, 1)


def test_k3_over_all_ranks_is_token_weighted():
    a = {"k3_mean": 0.002, "k3_max": 0.01, "abs_diff_max": 0.1, "tokens": 30}
    b = {"k3_mean": 0.0, "k3_max": 0.0, "abs_diff_max": 0.0, "tokens": 0}  # a rank with padding rows only
    c = {"k3_mean": 0.0005, "k3_max": 0.002, "abs_diff_max": 0.05, "tokens": 10}
    merged = merge_k3([a, b, c])
    assert merged["k3_mean"] == pytest.approx((0.002 * 30 + 0.0005 * 10) / 40)
    assert merged["k3_max"] == 0.01 and merged["abs_diff_max"] == 0.1 and merged["tokens"] == 40
    assert merge_k3([b, b])["tokens"] == 0 and merge_k3([b, b])["k3_mean"] == 0.0


def test_a_nan_on_one_rank_fails_the_gate_on_every_rank():
    nan = {"k3_mean": math.nan, "k3_max": math.nan, "abs_diff_max": math.nan, "tokens": 3}
    ok = {"k3_mean": 0.0, "k3_max": 0.0, "abs_diff_max": 0.0, "tokens": 5}
    assert not merge_k3([ok, nan])["k3_mean"] <= 1e-3
