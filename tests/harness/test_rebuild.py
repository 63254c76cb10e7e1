"""Rebuilding a stored attempt's prompts, token counts and prefix reuse."""

from __future__ import annotations

import pytest

from toolkit.harness import HistoryConfig
from toolkit.harness.history import build_messages
from toolkit.harness.rebuild import attempt_reuse, context_from_steps, prefix_reuse, qwen_image_tokens, rebuild_prompts


def _steps(n):
    return [{"index": i, "output": f"Thought: step {i}\nAction: click(x={i}, y=5)", "note": "oops" if i == 3 else None}
            for i in range(n)]


def _encode(text):
    return [ord(c) for c in text]


def test_rebuilt_prompts_equal_the_ones_built_live():
    steps = _steps(12)
    cfg = HistoryConfig(window=5, overlap=1)
    ctx = context_from_steps("do it", steps)
    live = [build_messages("sys", ctx, i, cfg) for i in range(12)]
    assert rebuild_prompts("do it", steps, "sys", cfg) == live
    assert "Note: oops" in str(rebuild_prompts("do it", steps, "sys", cfg)[4])


def test_prefix_reuse_arithmetic():
    report = prefix_reuse([[1, 2, 3], [1, 2, 3, 9, 4], [7]], [[9], [5]])
    assert report.reused_tokens == [0, 4, 0] and report.prompt_tokens == [3, 5, 1]
    assert report.ratio == pytest.approx(4 / 9)


def test_window_reuses_more_than_last_k():
    steps = _steps(30)
    window = attempt_reuse("do it", steps, "s" * 400, HistoryConfig(window=10, overlap=2), _encode, 300)
    lastk = attempt_reuse("do it", steps, "s" * 400, HistoryConfig(mode="last_k", last_k=3), _encode, 300)
    assert window.ratio > 0.75 and lastk.ratio < 0.5
    # inside a window every prompt extends the previous prompt + completion exactly
    assert window.reused_tokens[5] == window.prompt_tokens[4] + len(_encode(steps[4]["output"] + "<|im_end|>\n"))


def test_qwen_image_tokens_follow_the_resize_rule():
    assert qwen_image_tokens(1080, 2400, max_pixels=1280 * 28 * 28) == 966
    assert qwen_image_tokens(64, 64, max_pixels=64 * 64) == 4


@pytest.mark.parametrize("include_elements", [False, True])
async def test_a_stored_attempts_prompts_are_rebuilt_exactly(include_elements, tmp_path):
    """A real attempt in Chromium: the prompts rebuilt from its stored steps equal the prompts it stored."""
    from toolkit.envs.local import find_chromium
    from toolkit.evaluation import evaluate_async
    from toolkit.harness import HarnessConfig
    from toolkit.harness.formats import get_format
    from toolkit.harness.harness import SYSTEM_PROMPT

    if find_chromium() is None:
        pytest.skip("needs Debian chromium")
    cfg = HistoryConfig(window=3, overlap=1, include_elements=include_elements)
    result = await evaluate_async(["mobile-core"], "reference", tasks=["contacts.edit_phone"], out=tmp_path,
                                  harness_config=HarnessConfig(history=cfg))
    row = result.attempts.iloc[0]
    steps = result.store.steps(row["attempt_id"]).to_dict("records")
    assert len(steps) >= 5  # several windows
    rebuilt = rebuild_prompts(row["instruction"], steps, SYSTEM_PROMPT + get_format("text-v1").describe(), cfg)
    assert rebuilt == [s["prompt"] for s in steps]
    assert ("[field:search]" in str(rebuilt[1])) is include_elements
