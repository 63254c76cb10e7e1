"""The ``generation`` benchmark: training-rollout generation, one prompt at a time vs batched.

Concurrent episodes share one :class:`toolkit.training.policy.TokenModel`. With ``max_batch=1`` every call
generates alone, one after another (the engine before batching); with ``max_batch=concurrency`` the calls queued
while the model is busy are generated together in one left-padded ``generate()``. Both modes answer the same
requests, from ``concurrency`` threads at once, on a tiny random Qwen3-VL built locally; each prompt is the
harness's phone system prompt, a task line and ``turns`` screenshots with outputs between them (the shape of a
window-wise training prompt). The figures are medians over ``repeats`` runs; ``same_samples`` is the share of
requests whose sampled ids are identical in both modes (each row samples with its own seed, so batching must not
change what is sampled).

A tiny model's step time is mostly Python overhead, which batching shares across rows; on a GPU with a real model
the batched forward costs little more than one row, so the ratio there is larger.
"""

from __future__ import annotations

import tempfile
import threading
import time
from typing import Any

from toolkit.bench.params import Count
from toolkit.bench.util import median


def _prompts(builder: Any, count: int, turns: int) -> list[Any]:
    """Return ``count`` rendered prompts of ``turns`` screenshots each (distinct texts and images)."""
    from PIL import Image

    from toolkit.harness.harness import SYSTEM_PROMPT

    def image(ref: str) -> Any:
        k = int(ref.split(":")[1])
        return Image.new("RGB", (120, 240), ((37 * k) % 256, (91 * k) % 256, (53 * k + 80) % 256))

    prompts = []
    for i in range(count):
        words = ("open the notes app", "mark the second contact as a favourite", "set an alarm for seven")[i % 3]
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": [{"type": "text", "text": f"Task: {words} (request {i})"},
                                         {"type": "image", "ref": f"obs:{i * turns}"}]}]
        outputs = []
        for t in range(1, turns):
            text = f"Thought: step {t}\nAction: click(x={100 + 37 * t}, y={200 + 11 * i})"
            messages += [{"role": "assistant", "content": text},
                         {"role": "user", "content": [{"type": "image", "ref": f"obs:{i * turns + t}"}]}]
            outputs.append(builder.turn_ids(None, text))
        prompts.append(builder.render(messages, outputs, image))
    return prompts


def _serve(engine: Any, prompts: list[Any], concurrency: int, max_new_tokens: int) -> tuple[float, list[list[int]]]:
    """Answer every prompt from ``concurrency`` threads; return (seconds, sampled ids per prompt)."""
    answers: list[list[int]] = [[] for _ in prompts]
    cursor = iter(range(len(prompts)))
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with lock:
                i = next(cursor, None)
            if i is None:
                return
            answers[i] = engine.generate(prompts[i], 1.0, max_new_tokens, 1000 + i)[0]

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, answers


async def bench_generation(requests: Count = 16, concurrency: Count = 4, max_new_tokens: Count = 32, turns: Count = 3,
                           repeats: Count = 3) -> dict[str, Any]:
    """Measure rollout generation throughput without and with batching of concurrent calls."""
    if min(requests, concurrency, max_new_tokens, turns, repeats) < 1:
        raise ValueError("requests, concurrency, max_new_tokens, turns and repeats must each be at least 1")
    try:
        from toolkit.models.tiny import build_tiny_qwen3vl
        from toolkit.training.policy import TokenModel
    except ImportError as exc:  # torch/transformers come with the train extra
        return {"skipped": f"needs the train extra ({exc})"}

    with tempfile.TemporaryDirectory(prefix="guigym-bench-gen-") as tmp:
        path = build_tiny_qwen3vl(tmp)
        solo = TokenModel.load(path, max_batch=1)
        batched = TokenModel(solo.model, solo.processor, max_batch=concurrency)
        prompts = _prompts(solo.builder, requests, turns)
        _serve(batched, prompts[:concurrency], concurrency, 2)  # warm-up: first-call allocations
        times: dict[str, list[float]] = {"sequential": [], "batched": []}
        tokens: dict[str, int] = {}
        samples: dict[str, list[list[int]]] = {}
        for _ in range(repeats):
            for name, engine in (("sequential", solo), ("batched", batched)):
                seconds, answers = _serve(engine, prompts, concurrency, max_new_tokens)
                times[name].append(seconds)
                tokens[name], samples[name] = sum(len(a) for a in answers), answers
    same = sum(a == b for a, b in zip(samples["sequential"], samples["batched"])) / len(prompts)
    sequential, batch = median(times["sequential"]), median(times["batched"])
    sizes = batched.batch_sizes[1:]  # after the warm-up batch
    return {
        "requests": requests, "concurrency": concurrency, "max_new_tokens": max_new_tokens, "repeats": repeats,
        "prompt_tokens_median": int(median([len(p.ids) for p in prompts])),
        "sequential_s": round(sequential, 3), "batched_s": round(batch, 3),
        "sequential_tokens_per_s": round(tokens["sequential"] / sequential, 1),
        "batched_tokens_per_s": round(tokens["batched"] / batch, 1),
        "speedup": round(sequential / batch, 2),
        "mean_batch": round(sum(sizes) / max(1, len(sizes)), 2),
        "same_samples": round(same, 3),
    }
