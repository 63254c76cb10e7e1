"""``hf-tokens``: a local transformers VLM that builds every prompt token-in/token-out.

Each step's prompt is rendered by :class:`toolkit.training.windows.TokenBuilder` from the harness's
messages, with the ids the policy sampled in earlier turns of the window spliced in verbatim, so the
rollout prompt is an exact prefix of the training window the step belongs to. Log-probs come from
the raw logits divided by the temperature (what the trainer recomputes).
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.harness.policies import PolicyRequest, PolicyResponse
from toolkit.tasks import TaskInstance
from toolkit.training.windows import Rendered, TokenBuilder


@dataclass
class _Request:
    """One queued generation: a rendered prompt and how to sample after it; ``done`` is set with the answer."""

    rendered: Rendered
    temperature: float
    max_new_tokens: int
    seed: int | None
    done: threading.Event = field(default_factory=threading.Event)
    result: tuple[list[int], list[float]] | None = None
    error: BaseException | None = None


class _RowSampler:
    """A logits processor that picks each row's next token itself, with the row's own temperature and generator.

    It returns scores that are -inf everywhere but the picked token, so generate()'s greedy step takes that token.
    A row's sample then depends only on its own seed and logits, never on which other prompts share the batch.
    """

    def __init__(self, requests: list[_Request]):
        import torch

        self.temperatures = [r.temperature for r in requests]
        self.generators = []
        for r in requests:
            g = torch.Generator()
            g.manual_seed(r.seed if r.seed is not None else 0)
            self.generators.append(g)

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        import torch

        picked = torch.full_like(scores, float("-inf"))
        for row, (temperature, generator) in enumerate(zip(self.temperatures, self.generators)):
            logits = scores[row].float()
            if temperature > 0:
                probs = torch.softmax(logits / temperature, dim=-1)
                token = int(torch.multinomial(probs.cpu(), 1, generator=generator))
            else:
                token = int(torch.argmax(logits))
            picked[row, token] = 0.0
        return picked


class _RowLimits:
    """A stopping criterion: each row stops at its own ``max_new_tokens``."""

    def __init__(self, prompt_len: int, limits: list[int]):
        self.prompt_len = prompt_len
        self.limits = limits

    def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
        import torch

        made = input_ids.shape[1] - self.prompt_len
        return torch.tensor([made >= n for n in self.limits], device=input_ids.device)


class TokenModel:
    """A model + processor + token builder, shared by all episodes.

    Concurrent :meth:`generate` calls are batched: a call queues its prompt and the first caller to take the model
    generates, in one left-padded ``generate()``, every prompt queued by then (up to ``max_batch``). While a batch
    runs the next one gathers; before generating, the caller waits up to ``linger_s`` for the batch to fill (callers
    whose turns just came back are about to ask again), so a lone call waits at most that long.
    """

    def __init__(self, model: Any, processor: Any, device: str = "cpu", max_batch: int = 8, linger_s: float = 0.005):
        if max_batch < 1:
            raise ValueError(f"max_batch must be at least 1, got {max_batch}")
        self.model = model
        self.processor = processor
        self.builder = TokenBuilder(processor)
        self.device = device
        self.max_batch = max_batch
        self._busy = False  # a caller is generating a batch
        self._queue: list[_Request] = []
        self._arrived = threading.Condition()  # guards the queue; notified when a call is queued
        self.linger_s = linger_s if max_batch > 1 else 0.0
        self.batch_sizes: list[int] = []  # the size of every batch generated (for benchmarks and tests)
        eos = getattr(model.generation_config, "eos_token_id", None)
        self.stop_ids = {self.builder.eos_id} | set(eos if isinstance(eos, (list, tuple)) else [eos] if eos is not None else [])
        pad = self.builder.tokenizer.pad_token_id
        self.pad_id = int(pad) if pad is not None else self.builder.eos_id

    @classmethod
    def load(cls, path: str | Path, device: str = "cpu", dtype: str = "float32", max_batch: int = 8) -> "TokenModel":
        """Load a local checkpoint (``AutoModelForImageTextToText`` + the processor saved beside it)."""
        import torch
        from transformers import AutoModelForImageTextToText

        from toolkit.models.tiny import load_processor

        path = Path(path)
        if not (path / "config.json").exists():
            raise FileNotFoundError(f"no model at {path} (config.json missing)")
        model = AutoModelForImageTextToText.from_pretrained(path, dtype=getattr(torch, dtype)).to(device)
        model.eval()
        return cls(model, load_processor(path), device, max_batch=max_batch)

    def generate(self, rendered: Rendered, temperature: float, max_new_tokens: int, seed: int | None) -> tuple[list[int], list[float]]:
        """Sample one turn after ``rendered``; return (ids, raw-logit log-probs at ``temperature``).

        Blocks until the turn is generated, possibly in one batch with other threads' calls; the sample depends
        only on ``rendered``, ``temperature`` and ``seed`` (up to the float rounding of a padded batch).
        """
        request = _Request(rendered, temperature, max_new_tokens, seed)
        with self._arrived:
            self._queue.append(request)
            self._arrived.notify_all()
        while True:
            with self._arrived:
                while self._busy and not request.done.is_set():
                    self._arrived.wait()
                if request.done.is_set():  # another caller's batch took it
                    break
                self._busy = True  # this caller generates the next batch
                # callers that just got their answers are about to ask again: a short wait lets them join
                deadline = time.monotonic() + self.linger_s
                while len(self._queue) < self.max_batch and (left := deadline - time.monotonic()) > 0:
                    self._arrived.wait(left)
                batch = [request] + [r for r in self._queue if r is not request][:self.max_batch - 1]
                self._queue = [r for r in self._queue if r not in batch]
            try:
                self._run(batch)
            finally:
                with self._arrived:
                    self._busy = False
                    self._arrived.notify_all()
        if request.error is not None:
            raise request.error
        assert request.result is not None
        return request.result

    def _run(self, batch: list[_Request]) -> None:
        """Generate ``batch`` in one call and hand each request its answer (or the batch's error)."""
        try:
            answers = self._generate(batch)
        except BaseException as exc:  # every waiting caller gets the failure, not a hang
            for r in batch:
                r.error = exc
                r.done.set()
            raise
        self.batch_sizes.append(len(batch))
        for r, answer in zip(batch, answers):
            r.result = answer
            r.done.set()

    def batch_inputs(self, rendered: list[Rendered]) -> dict[str, Any]:
        """Return generate() inputs for several prompts, left-padded to one length (images in row order)."""
        import torch

        width = max(len(r.ids) for r in rendered)
        ids = torch.full((len(rendered), width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(rendered), width), dtype=torch.long)
        for row, r in enumerate(rendered):
            ids[row, width - len(r.ids):] = torch.tensor(r.ids)
            mask[row, width - len(r.ids):] = 1
        inputs = {"input_ids": ids, "attention_mask": mask,
                  "mm_token_type_ids": ((ids == self.builder.image_token_id) & (mask == 1)).long()}
        pixels = [p for r in rendered for p in r.pixel_values]
        if pixels:
            inputs["pixel_values"] = torch.cat(pixels, dim=0)
            inputs["image_grid_thw"] = torch.stack([g for r in rendered for g in r.image_grid_thw])
        return inputs

    def _generate(self, batch: list[_Request]) -> list[tuple[list[int], list[float]]]:
        import torch
        from transformers import LogitsProcessorList, StoppingCriteriaList

        inputs = {k: v.to(self.device) for k, v in self.batch_inputs([r.rendered for r in batch]).items()}
        prompt_len = inputs["input_ids"].shape[1]
        limits = [r.max_new_tokens for r in batch]
        was_training = self.model.training
        self.model.eval()
        try:
            with torch.no_grad():
                out = self.model.generate(
                    **inputs, do_sample=False, max_new_tokens=max(limits), output_logits=True,
                    return_dict_in_generate=True, use_cache=True, pad_token_id=self.pad_id,
                    logits_processor=LogitsProcessorList([_RowSampler(batch)]),
                    stopping_criteria=StoppingCriteriaList([_RowLimits(prompt_len, limits)]))
        finally:
            if was_training:
                self.model.train()
        answers = []
        for row, r in enumerate(batch):
            ids = out.sequences[row, prompt_len:prompt_len + r.max_new_tokens].tolist()
            end = next((i + 1 for i, t in enumerate(ids) if t in self.stop_ids), len(ids))
            ids = ids[:end]
            scale = r.temperature if r.temperature > 0 else 1.0
            logps = [float(torch.log_softmax(out.logits[j][row].float() / scale, dim=-1)[tok]) for j, tok in enumerate(ids)]
            answers.append((ids, logps))
        return answers


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
        finish = "stop" if ids and ids[-1] == builder.eos_id else "length"
        return PolicyResponse(text=text, token_ids=ids, logprobs=logps,
                              usage={"prompt_tokens": len(rendered.ids), "completion_tokens": len(ids), "finish_reason": finish},
                              latency_ms=(time.perf_counter() - start) * 1000)
