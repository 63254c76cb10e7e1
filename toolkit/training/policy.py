"""``hf-tokens``: a local transformers VLM that builds every prompt token-in/token-out.

Each step's prompt is rendered by :class:`toolkit.training.windows.TokenBuilder` from the harness's
messages, with the ids the policy sampled in earlier turns of the window spliced in verbatim, so the
rollout prompt is an exact prefix of the training window the step belongs to. Log-probs come from
the raw logits divided by the temperature (what the trainer recomputes).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from toolkit.harness.policies import PolicyRequest, PolicyResponse
from toolkit.models.batching import generator_for
from toolkit.tasks import TaskInstance
from toolkit.training.windows import Rendered, TokenBuilder


class TokenModel:
    """A model + processor + token builder, shared by all episodes; their turns are generated in shared batches
    (:class:`toolkit.models.batching.BatchedGenerator`)."""

    def __init__(self, model: Any, processor: Any, device: str = "cpu", max_batch: int = 8, linger_s: float = 0.005):
        self.model = model
        self.processor = processor
        self.builder = TokenBuilder(processor)
        self.device = device
        self.generator = generator_for(model, processor.tokenizer, device, max_batch=max_batch, linger_s=linger_s)

    @property
    def batch_sizes(self) -> list[int]:
        """Return the size of every batch generated so far."""
        return self.generator.batch_sizes

    @classmethod
    def load(cls, path: str | Path, device: str = "cpu", dtype: str = "float32", max_batch: int = 8) -> "TokenModel":
        """Load a local checkpoint (``AutoModelForImageTextToText`` + the processor saved beside it)."""
        import torch
        from transformers import AutoModelForImageTextToText

        from toolkit.models.hf import no_model
        from toolkit.models.tiny import load_processor

        path = Path(path)
        if not (path / "config.json").exists():
            raise no_model(path)
        model = AutoModelForImageTextToText.from_pretrained(path, dtype=getattr(torch, dtype)).to(device)
        model.eval()
        return cls(model, load_processor(path), device, max_batch=max_batch)

    def generate(self, rendered: Rendered, temperature: float, max_new_tokens: int, seed: int | None) -> tuple[list[int], list[float]]:
        """Sample one turn after ``rendered``; return (ids, raw-logit log-probs at ``temperature``).

        Blocks until the turn is generated, possibly in one batch with other threads' calls; the sample depends
        only on ``rendered``, ``temperature`` and ``seed`` (up to the float rounding of a padded batch).
        """
        return self.generator.generate(rendered, temperature, max_new_tokens, seed)


class HFTokenPolicy:
    """The ``hf-tokens`` agent: a local VLM whose prompts are token-in/token-out (see the module docstring)."""

    name = "hf-tokens"

    def __init__(self, model: str | Path | TokenModel, temperature: float = 0.0, max_new_tokens: int = 128,
                 device: str = "cpu", trace: list | None = None):
        self.engine = model if isinstance(model, TokenModel) else TokenModel.load(model, device=device)
        self.temperature = temperature
        self.max_new_tokens = max_new_tokens
        self.trace = trace  # when a list: (seed, step, prompt ids) of every call, for tests
        self._turns: dict[int, tuple[list[int], str]] = {}

    def for_episode(self, instance: TaskInstance, seed: int) -> "HFTokenPolicy":
        fresh = HFTokenPolicy(self.engine, self.temperature, self.max_new_tokens, trace=self.trace)
        return fresh

    def _image(self, request: PolicyRequest):
        return lambda ref: request.image(ref)

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        start = time.perf_counter()
        builder = self.engine.builder
        first = request.step - sum(m["role"] == "assistant" for m in request.messages)
        turns = []
        for i in range(first, request.step):
            ids, text = self._turns.get(i, (None, ""))
            shown = [m for m in request.messages if m["role"] == "assistant"][i - first]["content"]
            if ids is None or text != shown:  # not ours (or edited): its text, re-tokenized (never trained)
                ids = None
            turns.append(builder.turn_ids(ids, shown))
        rendered = builder.render(request.messages, turns, self._image(request))
        if self.trace is not None:
            self.trace.append((request.seed, request.step, list(rendered.ids)))
        ids, logps = await asyncio.to_thread(self.engine.generate, rendered, self.temperature, self.max_new_tokens,
                                             request.seed * 1000 + request.step)
        text = builder.tokenizer.decode(ids, skip_special_tokens=True)
        self._turns[request.step] = (ids, text)
        # any end token the generator stops at (the checkpoint's eos_token_id too): a turn cut at max_new_tokens has none
        finish = "stop" if ids and ids[-1] in self.engine.generator.stop_ids else "length"
        return PolicyResponse(text=text, token_ids=ids, logprobs=logps,
                              usage={"prompt_tokens": len(rendered.ids), "completion_tokens": len(ids), "finish_reason": finish},
                              latency_ms=(time.perf_counter() - start) * 1000)
