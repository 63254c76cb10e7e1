"""The ``history`` benchmark: prefix reuse of window-wise vs last-k prompts on recorded 30-step trajectories.

Trajectories are recorded on the mocked phone (random actions, no early stop), then every prompt is
rebuilt under window-wise history (K, O) and last-k history and tokenized: text with a BPE tokenizer
(the tiny Qwen3-VL's when the ``train`` extra is installed), screenshots as the visual tokens
Qwen-VL's resize rule gives them at ``max_pixels``. The ratio is Σ reused prefix / Σ prompt tokens.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from toolkit.bench.params import Count, Count0
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.manager import EnvManager
from toolkit.harness import Harness, HarnessConfig, HistoryConfig, RandomPolicy
from toolkit.harness.formats import FORMATS, get_format
from toolkit.harness.harness import SYSTEM_PROMPT
from toolkit.harness.rebuild import attempt_reuse, qwen_image_tokens
from toolkit.rollout import run_attempt
from toolkit.tasks import load_tasks, sample


@lru_cache(maxsize=1)
def text_encoder() -> tuple[str, Callable[[str], list[int]]]:
    """Return (name, encode): the tiny Qwen3-VL BPE tokenizer, or a regex word/punctuation splitter without it."""
    try:
        from toolkit.models.tiny import build_tokenizer

        tok = build_tokenizer()
        return "tiny-qwen-bpe", lambda text: tok.encode(text, add_special_tokens=False)
    except ImportError:
        vocab: dict[str, int] = {}
        pattern = re.compile(r"<\|[a-z_]+\|>|\w+|[^\w\s]|\s+")
        return "regex", lambda text: [vocab.setdefault(t, len(vocab)) for t in pattern.findall(text)]


async def record_trajectories(n: int = 3, steps: int = 30) -> list[tuple[str, list[dict[str, Any]], str, tuple[int, int]]]:
    """Record ``n`` trajectories of ``steps`` steps; return (instruction, step records, system prompt, image size)."""
    specs = load_tasks(["mobile-core"])
    harness = Harness(RandomPolicy(terminate_prob=0.0), HarnessConfig(loop_limit=0))
    out = []
    async with EnvManager(adapter=MockedAdapter(screenshots=False)) as manager:
        [lease] = await manager.request(specs[0])
        for i in range(n):
            spec = specs[(i * 7) % len(specs)]
            inst = sample(spec, i).model_copy(update={"max_steps": steps})
            result = await run_attempt(manager, lease, spec, inst, harness, seed=1000 + i, attempt_id=f"bench-history-{i}")
            size = (result.observations[0].width, result.observations[0].height)
            out.append((inst.instruction, result.steps, harness.system, size))
    return out


def in_format(name: str, records: list[dict[str, Any]], size: tuple[int, int]) -> tuple[str, list[dict[str, Any]], int]:
    """Return (system prompt, step records, steps kept as recorded) of recorded steps as format ``name`` writes them.

    Each step's parsed actions and thought are rendered by the format. A step whose output did not parse keeps its
    recorded text, as does one whose actions the format cannot express (those are counted in the third value).
    The system prompt is the harness's with that format's section.
    """
    fmt = get_format(name)
    steps, kept = [], 0
    for r in records:
        try:
            steps.append({**r, "output": fmt.render(r["actions"], thought=r.get("thought") or "", size=size)}
                         if r.get("actions") else r)
        except ValueError:  # e.g. an action type the format has no words for
            steps.append(r)
            kept += 1
    return SYSTEM_PROMPT + fmt.describe(), steps, kept


def reuse_bound(head: float, turn: float, window: int, steps: int) -> float:
    """Return the highest token-weighted prefix reuse of any history that shows at most ``window`` screenshots, over
    ``steps`` prompts of a ``head``-token head and ``turn``-token turns: prompt t holds at most head + min(t, K) turns,
    and at least one turn of it is new (the first prompt is new whole)."""
    total = steps * head + sum(min(t, window) for t in range(1, steps + 1)) * turn
    return round(1 - (steps * turn + head) / total, 4) if total else 0.0


async def bench_history(window: Count = 10, overlap: Count0 = 2, last_k: Count = 3, max_pixels: Count = 1280 * 28 * 28,
                        trajectories: Count = 3, steps: Count = 30) -> dict[str, Any]:
    """Measure prefix reuse under window-wise (K, O) and last-k history."""
    name, encode = text_encoder()
    recorded = await record_trajectories(trajectories, steps)
    win, lastk = HistoryConfig(mode="window", window=window, overlap=overlap), HistoryConfig(mode="last_k", last_k=last_k)
    full = HistoryConfig(mode="window", window=steps + 1, overlap=0)  # nothing collapses: the ceiling of any window
    sums = {"window": [0, 0], "last_k": [0, 0], "full_history": [0, 0]}
    image_tokens, heads, turns = 0, [], []
    per_format = {fmt_name: {"window": [0, 0], "last_k": [0, 0]} for fmt_name in FORMATS}
    unexpressed = dict.fromkeys(FORMATS, 0)
    for instruction, records, system, (w, h) in recorded:
        image_tokens = qwen_image_tokens(w, h, max_pixels=max_pixels)
        for key, cfg in (("window", win), ("last_k", lastk), ("full_history", full)):
            report = attempt_reuse(instruction, records, system, cfg, encode, image_tokens)
            sums[key][0] += sum(report.reused_tokens)
            sums[key][1] += sum(report.prompt_tokens)
            if key == "window":  # the first window grows by one turn per step: its head and its turn size
                grow = min(len(report.prompt_tokens), window - overlap) - 1
                heads.append(report.prompt_tokens[0] - image_tokens)
                turns.append((report.prompt_tokens[grow] - report.prompt_tokens[0]) / max(1, grow))
        for fmt_name, sums_f in per_format.items():
            system_f, steps_f, kept = in_format(fmt_name, records, (w, h))
            unexpressed[fmt_name] += kept
            for key, cfg in (("window", win), ("last_k", lastk)):
                report = attempt_reuse(instruction, steps_f, system_f, cfg, encode, image_tokens)
                sums_f[key][0] += sum(report.reused_tokens)
                sums_f[key][1] += sum(report.prompt_tokens)
    return {
        "prefix_reuse_window": round(sums["window"][0] / max(1, sums["window"][1]), 4),
        "prefix_reuse_lastk": round(sums["last_k"][0] / max(1, sums["last_k"][1]), 4),
        # every screenshot kept in full for the whole trajectory: what window-wise history tends to as K grows
        "prefix_reuse_full_history": round(sums["full_history"][0] / max(1, sums["full_history"][1]), 4),
        "window_K": window, "window_O": overlap, "last_k": last_k, "trajectories": trajectories, "steps": steps,
        "image_tokens_per_screenshot": image_tokens, "max_pixels": max_pixels, "tokenizer": name,
        "prompt_tokens_window": sums["window"][1], "prompt_tokens_lastk": sums["last_k"][1],
        # S (system prompt + task, the prompt before its first screenshot) and X (one more turn: screenshot, text,
        # the output): with K=10, O=2 reuse is ~ (8S + 42X) / (8S + 52X), see benchmarks/README.md
        "head_tokens": round(sum(heads) / max(1, len(heads))), "tokens_per_turn": round(sum(turns) / max(1, len(turns))),
        "head_over_turn": round(sum(heads) / max(1, sum(turns)), 2),
        # the most any history showing at most K screenshots can reuse at this S and X (benchmarks/README.md)
        "prefix_reuse_bound_k": reuse_bound(sum(heads) / max(1, len(heads)), sum(turns) / max(1, len(turns)), window, steps),
        # the same trajectories as each action format would have written them (its own system prompt and outputs)
        "per_format": {fmt_name: {**{key: round(r / max(1, t), 4) for key, (r, t) in f.items()},
                                  "steps_as_recorded": unexpressed[fmt_name]} for fmt_name, f in per_format.items()},
        "peer_mai_gym": {"window": 0.859, "last_k": 0.425},
    }
