"""Window-wise and last-k history: which turns are shown in full, and prefix sharing inside a window."""

from __future__ import annotations

import pytest

from toolkit.harness.history import EpisodeContext, HistoryConfig, Turn, build_messages, first_full_turn, prompt_text


def _ctx(n):
    ctx = EpisodeContext(instruction="do it")
    ctx.turns = [Turn(obs=i, output=f"Action: wait(seconds={i})") for i in range(n)]
    return ctx


def test_window_starts_every_k_minus_o_steps_with_o_overlap():
    cfg = HistoryConfig(mode="window", window=10, overlap=2)
    assert [first_full_turn(t, cfg) for t in (0, 7, 8, 15, 16, 29)] == [0, 0, 6, 6, 14, 22]
    assert first_full_turn(9, HistoryConfig(mode="last_k", last_k=3)) == 6


def test_prompts_inside_a_window_extend_each_other():
    cfg = HistoryConfig(mode="window", window=10, overlap=2)
    ctx = _ctx(30)
    texts = [prompt_text(build_messages("sys", ctx, t, cfg)) for t in range(30)]
    for t in range(1, 30):
        if first_full_turn(t, cfg) == first_full_turn(t - 1, cfg):
            assert texts[t].startswith(texts[t - 1])
    window_12 = build_messages("sys", ctx, 12, cfg)
    assert "[screenshot omitted]" in window_12[1]["content"][0]["text"]
    refs = [p["ref"] for m in window_12 if isinstance(m["content"], list) for p in m["content"] if p["type"] == "image"]
    assert refs == [f"obs:{i}" for i in range(6, 13)]


def test_last_k_moves_its_boundary_every_step():
    cfg = HistoryConfig(mode="last_k", last_k=3)
    ctx = _ctx(10)
    a, b = (prompt_text(build_messages("sys", ctx, t, cfg)) for t in (6, 7))
    assert not b.startswith(a)


def test_bad_configs_are_rejected():
    with pytest.raises(ValueError, match="overlap"):
        HistoryConfig(window=4, overlap=4)
