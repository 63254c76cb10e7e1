"""The ``train-tokens`` benchmark: tokens through the training forward pass with window packing vs step-wise samples.

The recorded 30-step trajectories of the ``history`` benchmark (mocked phone, random actions) are replayed into
training sequences by :func:`toolkit.training.windows.attempt_windows` under window-wise history (K, O): once packed
one sequence per window (loss only on the window's new steps), once as one sample per step (each step's full prompt
plus its output). Text is tokenized with the tiny Qwen3-VL tokenizer and its chat template; each screenshot counts
the visual tokens Qwen-VL's resize rule gives it at ``max_pixels`` (no pixels are processed).
``window_vs_step_ratio`` = Σ window-sequence tokens / Σ step-sample tokens (MAI-Gym reports −84.7 %, i.e. 0.153).
"""

from __future__ import annotations

from typing import Any

from toolkit.harness import HistoryConfig
from toolkit.harness.rebuild import qwen_image_tokens, rebuild_prompts


def _counting_builder(max_pixels: int, size: tuple[int, int]):
    from toolkit.models.tiny import build_tokenizer
    from toolkit.training.windows import TokenBuilder

    class _Processor:  # the tiny processor's tokenizer and chat template; images counted, not processed
        def __init__(self):
            import trl
            from pathlib import Path

            self.tokenizer = build_tokenizer()
            self.tokenizer.chat_template = (Path(trl.__file__).parent / "chat_templates" / "qwen3_vl.jinja").read_text()

        def apply_chat_template(self, messages, **kw):
            return self.tokenizer.apply_chat_template(messages, **kw)

    class CountingBuilder(TokenBuilder):
        def _process(self, text, images):
            n = qwen_image_tokens(*size, max_pixels=max_pixels)
            ids = self.tokenizer.encode(text.replace("<|image_pad|>", "<|image_pad|>" * n), add_special_tokens=False)
            return ids, [None] * len(images), [None] * len(images)

    return CountingBuilder(_Processor())


async def bench_train_tokens(window: int = 10, overlap: int = 2, max_pixels: int = 1280 * 28 * 28, trajectories: int = 3,
                             steps: int = 30) -> dict[str, Any]:
    """Measure window packing against step-wise samples on recorded trajectories."""
    from toolkit.bench.history import record_trajectories
    from toolkit.training.windows import attempt_windows

    recorded = await record_trajectories(trajectories, steps)
    config = HistoryConfig(mode="window", window=window, overlap=overlap)
    totals = {"window": 0, "step": 0, "windows": 0, "samples": 0, "fallbacks": 0}
    image_tokens = 0
    for instruction, records, system, size in recorded:
        builder = _counting_builder(max_pixels, size)
        image_tokens = qwen_image_tokens(*size, max_pixels=max_pixels)
        prompts = rebuild_prompts(instruction, records, system, config)
        stepped = [{**r, "prompt": p, "token_ids": None} for r, p in zip(records, prompts)]
        image = lambda ref: b""  # noqa: E731 - counted by size
        packed = attempt_windows(builder, stepped, image, windowwise=True)
        single = attempt_windows(builder, stepped, image, windowwise=False)
        totals["window"] += sum(len(w.input_ids) for w in packed)
        totals["step"] += sum(len(s.input_ids) for s in single)
        totals["windows"] += len(packed)
        totals["samples"] += len(single)
        totals["fallbacks"] += sum(w.kind == "step" for w in packed)
    return {
        "window_vs_step_ratio": round(totals["window"] / max(1, totals["step"]), 4),
        "window_tokens": totals["window"], "step_tokens": totals["step"],
        "window_sequences": totals["windows"], "step_samples": totals["samples"], "step_fallbacks": totals["fallbacks"],
        "window_K": window, "window_O": overlap, "trajectories": trajectories, "steps": steps,
        "image_tokens_per_screenshot": image_tokens, "max_pixels": max_pixels, "target": 0.15,
        "peer_mai_gym_reduction": 0.847,
    }
