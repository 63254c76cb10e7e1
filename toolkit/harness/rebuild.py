"""Rebuild the prompts of a stored attempt under any history configuration, with token counts
and the prefix-reuse ratio (how much of each prompt an inference engine finds already in its KV
cache from the previous step's prompt and completion).

Token ids come from a tokenizer for the text and from the Qwen-VL resize rule for screenshots
(``image_tokens``), so the figure reflects what a VLM server would prefill.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from toolkit.harness.history import EpisodeContext, HistoryConfig, Turn, build_messages

IMAGE_TOKEN = -1  # stands for one visual token in id lists


def qwen_image_tokens(width: int, height: int, max_pixels: int = 1280 * 28 * 28, min_pixels: int = 56 * 56,
                      patch: int = 16, merge: int = 2) -> int:
    """Return the visual tokens Qwen-VL spends on a ``width`` × ``height`` image (smart resize, merged patches)."""
    factor = patch * merge
    h, w = max(factor, round(height / factor) * factor), max(factor, round(width / factor) * factor)
    if h * w > max_pixels:
        beta = math.sqrt(height * width / max_pixels)
        h, w = max(factor, math.floor(height / beta / factor) * factor), max(factor, math.floor(width / beta / factor) * factor)
    elif h * w < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h, w = math.ceil(height * beta / factor) * factor, math.ceil(width * beta / factor) * factor
    return (h // factor) * (w // factor)


def _elements_text(prompt: Any) -> str | None:
    """Return the element list a stored prompt showed with its current screen (text after the last image), if any."""
    if not (isinstance(prompt, list) and prompt and isinstance(prompt[-1], dict)):
        return None
    content = prompt[-1].get("content")
    if isinstance(content, list) and len(content) >= 2 and [p.get("type") for p in content[-2:]] == ["image", "text"]:
        return content[-1]["text"]
    return None


def context_from_steps(instruction: str, steps: Sequence[dict[str, Any]]) -> EpisodeContext:
    """Return the episode context a harness had after ``steps`` (stored step records, with their prompts when stored:
    the element lists of runs made with ``include_elements`` are taken from them)."""
    ctx = EpisodeContext(instruction=instruction)
    for record in steps:
        ctx.turns.append(Turn(obs=record["index"], output=record["output"]))
        if record.get("note"):
            ctx.notes[record["index"] + 1] = record["note"]
        elements = _elements_text(record.get("prompt"))
        if elements is not None:
            ctx.elements_text[record["index"]] = elements
    return ctx


def rebuild_prompts(instruction: str, steps: Sequence[dict[str, Any]], system: str, config: HistoryConfig) -> list[list[dict]]:
    """Return the prompt of every step under ``config`` (equal to the stored prompts when the config is the one used)."""
    ctx = context_from_steps(instruction, steps)
    return [build_messages(system, ctx, i, config) for i in range(len(steps))]


def message_ids(messages: list[dict[str, Any]], encode: Callable[[str], list[int]], image_tokens: int) -> list[int]:
    """Return token ids of chat messages in Qwen's chat layout; each image is ``image_tokens`` IMAGE_TOKEN ids."""
    ids: list[int] = []
    for m in messages:
        ids += encode(f"<|im_start|>{m['role']}\n")
        parts = [{"type": "text", "text": m["content"]}] if isinstance(m["content"], str) else m["content"]
        for p in parts:
            if p["type"] == "image":
                ids += encode("<|vision_start|>") + [IMAGE_TOKEN] * image_tokens + encode("<|vision_end|>")
            else:
                ids += encode(p["text"])
        ids += encode("<|im_end|>\n")
    return ids + encode("<|im_start|>assistant\n")


@dataclass
class ReuseReport:
    """Per-step prompt lengths and reused prefixes, and the overall ratio Σ reused / Σ prompt tokens."""

    prompt_tokens: list[int]
    reused_tokens: list[int]

    @property
    def ratio(self) -> float:
        """Return the share of all prompt tokens that were an exact prefix already seen."""
        return sum(self.reused_tokens) / max(1, sum(self.prompt_tokens))


def _common_prefix(a: list[int], b: list[int]) -> int:
    n = min(len(a), len(b))
    for i in range(n):
        if a[i] != b[i]:
            return i
    return n


def prefix_reuse(prompts: list[list[int]], completions: list[list[int]]) -> ReuseReport:
    """Return how much of each prompt equals a prefix of the previous prompt followed by its completion."""
    reused = [0]
    for t in range(1, len(prompts)):
        previous = prompts[t - 1] + completions[t - 1]
        reused.append(_common_prefix(previous, prompts[t]))
    return ReuseReport(prompt_tokens=[len(p) for p in prompts], reused_tokens=reused)


def attempt_reuse(instruction: str, steps: Sequence[dict[str, Any]], system: str, config: HistoryConfig,
                  encode: Callable[[str], list[int]], image_tokens: int) -> ReuseReport:
    """Rebuild a stored attempt's prompts under ``config`` and return their prefix reuse."""
    prompts = [message_ids(p, encode, image_tokens) for p in rebuild_prompts(instruction, steps, system, config)]
    completions = [encode(s["output"]) + encode("<|im_end|>\n") for s in steps]
    return prefix_reuse(prompts, completions)
