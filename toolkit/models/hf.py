"""A local transformers VLM behind one ``generate`` call, shared by the ``hf`` policy and the chat server.

Loads ``AutoModelForImageTextToText`` + its processor from a local path (no downloads), turns
chat messages whose image parts hold PIL images into model inputs with the processor's chat
template, and samples (or decodes greedily). Returns the completion's token ids and their
log-probs computed from the raw logits divided by the temperature — the quantity a trainer
recomputes — never from processed scores.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Generation:
    """One completion: text, sampled token ids, their log-probs, and the prompt length in tokens."""

    text: str
    token_ids: list[int]
    logprobs: list[float]
    prompt_tokens: int
    finish_reason: str


class HFChatModel:
    """A local image-text-to-text model with its processor (thread-safe: one generation at a time)."""

    def __init__(self, path: str | Path, device: str = "cpu", dtype: str = "float32"):
        import torch
        from transformers import AutoModelForImageTextToText

        from toolkit.models.tiny import load_processor

        self.path = Path(path)
        if not (self.path / "config.json").exists():
            raise FileNotFoundError(f"no model at {self.path} (config.json missing)")
        self.processor = load_processor(self.path)
        self.model = AutoModelForImageTextToText.from_pretrained(self.path, dtype=getattr(torch, dtype)).to(device)
        self.model.eval()
        self.device = device
        self._lock = threading.Lock()

    def inputs(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        """Return the processor's tensors for a chat whose image parts are ``{"type": "image", "image": PIL}``."""
        return self.processor.apply_chat_template(messages, add_generation_prompt=True, tokenize=True, return_dict=True,
                                                  return_tensors="pt").to(self.device)

    def generate(self, messages: list[dict[str, Any]], temperature: float = 0.0, max_new_tokens: int = 128,
                 seed: int | None = None) -> Generation:
        """Generate one assistant turn for ``messages``."""
        import torch

        with self._lock:
            inputs = self.inputs(messages)
            if seed is not None:
                torch.manual_seed(seed)
            sample = temperature > 0
            kwargs = dict(do_sample=sample, max_new_tokens=max_new_tokens, output_logits=True, return_dict_in_generate=True)
            if sample:
                kwargs.update(temperature=temperature, top_k=0, top_p=1.0)
            with torch.no_grad():
                out = self.model.generate(**inputs, **kwargs)
            prompt_len = inputs["input_ids"].shape[1]
            ids = out.sequences[0, prompt_len:].tolist()
            scale = temperature if sample else 1.0
            logprobs = [float(torch.log_softmax(step[0].float() / scale, dim=-1)[tok]) for step, tok in zip(out.logits, ids)]
        eos = self.processor.tokenizer.convert_tokens_to_ids("<|im_end|>")
        finish = "stop" if ids and ids[-1] == eos else "length"
        text = self.processor.tokenizer.decode(ids, skip_special_tokens=True)
        return Generation(text=text, token_ids=ids, logprobs=logprobs, prompt_tokens=prompt_len, finish_reason=finish)


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
