"""A local transformers VLM behind one ``generate`` call, shared by the ``hf`` policy and the chat server.

Loads ``AutoModelForImageTextToText`` + its processor from a local path (no downloads), turns
chat messages whose image parts hold PIL images into model inputs with the processor's chat
template, and samples (or decodes greedily) through :class:`toolkit.models.batching.BatchedGenerator`, so
concurrent calls (parallel episodes, overlapping server requests) share one batched ``generate()``. Returns the
completion's token ids and their log-probs computed from the raw logits divided by the temperature — the
quantity a trainer recomputes — never from processed scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.models.batching import TokenPrompt, generator_for


@dataclass
class Generation:
    """One completion: text, sampled token ids, their log-probs, and the prompt length in tokens."""

    text: str
    token_ids: list[int]
    logprobs: list[float]
    prompt_tokens: int
    finish_reason: str


def no_model(path: Path) -> FileNotFoundError:
    """Return the error for a model folder without ``config.json``; for a training run's output dir it names the
    folders there that hold a model (``final/``, the newest ``checkpoint-N/``)."""
    newest = sorted(path.glob("checkpoint-*"), key=_step)[-1:]
    found = [p for p in (path / "final", *newest) if (p / "config.json").is_file()]
    hint = f"; it is a training run's output dir: give {' or '.join(str(p) for p in found)}" if found else ""
    return FileNotFoundError(f"no model at {path} (config.json missing){hint}")


def _step(path: Path) -> int:
    tail = path.name.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else -1


class HFChatModel:
    """A local image-text-to-text model with its processor; concurrent calls share batches (thread-safe)."""

    def __init__(self, path: str | Path, device: str = "cpu", dtype: str = "float32", max_batch: int = 8):
        import torch
        from transformers import AutoModelForImageTextToText

        from toolkit.models.tiny import load_processor

        self.path = Path(path)
        if not (self.path / "config.json").exists():
            raise no_model(self.path)
        self.processor = load_processor(self.path)
        self.model = AutoModelForImageTextToText.from_pretrained(self.path, dtype=getattr(torch, dtype)).to(device)
        self.model.eval()
        self.device = device
        self.generator = generator_for(self.model, self.processor.tokenizer, device, max_batch=max_batch)

    def inputs(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        """Return the processor's tensors for a chat whose image parts are ``{"type": "image", "image": PIL}``."""
        return self.processor.apply_chat_template(messages, add_generation_prompt=True, tokenize=True, return_dict=True,
                                                  return_tensors="pt").to(self.device)

    def generate(self, messages: list[dict[str, Any]], temperature: float = 0.0, max_new_tokens: int = 128,
                 seed: int | None = None) -> Generation:
        """Generate one assistant turn for ``messages`` (in a batch with other threads' calls when they overlap)."""
        inputs = self.inputs(messages)
        grids = list(inputs["image_grid_thw"]) if "image_grid_thw" in inputs else []
        pixels = list(inputs["pixel_values"].split([int(g.prod()) for g in grids], dim=0)) if grids else []
        prompt = TokenPrompt(ids=inputs["input_ids"][0].tolist(), pixel_values=pixels, image_grid_thw=grids)
        ids, logprobs = self.generator.generate(prompt, temperature, max_new_tokens, seed)
        finish = "stop" if ids and ids[-1] in self.generator.stop_ids else "length"  # the checkpoint's eos too
        text = self.processor.tokenizer.decode(ids, skip_special_tokens=True)
        return Generation(text=text, token_ids=ids, logprobs=logprobs, prompt_tokens=len(prompt.ids), finish_reason=finish)


def to_model_messages(messages: list[dict[str, Any]], image: Any) -> list[dict[str, Any]]:
    """Turn harness messages (image parts as refs) into processor messages (image parts as PIL images)."""
    import io

    from PIL import Image

    out = []
    for m in messages:
        if isinstance(m["content"], str):
            out.append({"role": m["role"], "content": [{"type": "text", "text": m["content"]}]})
            continue
        parts = []
        for p in m["content"]:
            if p["type"] == "image":
                parts.append({"type": "image", "image": Image.open(io.BytesIO(image(p["ref"]))).convert("RGB")})
            else:
                parts.append({"type": "text", "text": p["text"]})
        out.append({"role": m["role"], "content": parts})
    return out
