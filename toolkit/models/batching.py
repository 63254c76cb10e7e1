"""Batched generation for a local VLM: concurrent calls share one left-padded ``generate()``.

:class:`BatchedGenerator` is the one place a local model samples: the ``hf`` and ``hf-tokens`` agents, the local
chat-completions server and training rollouts all call it. A call queues its prompt (token ids with their images)
and the first caller to take the model generates, in one ``generate()``, every prompt queued by then (up to
``max_batch``). While a batch runs the next one gathers; before generating, the caller waits up to ``linger_s`` for
the batch to fill (callers whose turns just came back are about to ask again), so a lone call waits at most that
long.

Each row picks its tokens itself (:class:`_RowSampler`), with its own temperature and a generator seeded from its
own seed, so a row's sample depends only on its prompt and seed, never on which other prompts share the batch (up
to the float rounding of a padded batch, about 1e-6 in the logits). Log-probs come from the raw logits divided by
the temperature: the quantity a trainer recomputes. Rows are sampled from exactly that distribution: the
checkpoint's ``generation_config`` processors (``suppress_tokens``, ``repetition_penalty``, ``bad_words_ids``,
``min_new_tokens``, ...) are left out of generation, since a token they change would be trained with log-probs of
a distribution it was not drawn from. The one exception is the image placeholder token (``<|image_pad|>``), never
sampled: a turn holding one could not be sent back, since every later prompt of the episode (and the training
window) would hold an image token without an image, which the model's forward refuses. The other tokens' log-probs
stay the raw ones; the sample's distribution differs from theirs by that token's probability mass.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence


class Prompt(Protocol):
    """A tokenized prompt: its ids and, in order, one pixel tensor and one (t, h, w) grid per image."""

    ids: list[int]
    pixel_values: list[Any]
    image_grid_thw: list[Any]


@dataclass
class TokenPrompt:
    """A plain :class:`Prompt`."""

    ids: list[int]
    pixel_values: list[Any] = field(default_factory=list)
    image_grid_thw: list[Any] = field(default_factory=list)


@dataclass
class _Request:
    """One queued generation: a prompt and how to sample after it; ``done`` is set with the answer."""

    prompt: Prompt
    temperature: float
    max_new_tokens: int
    seed: int | None
    done: threading.Event = field(default_factory=threading.Event)
    result: tuple[list[int], list[float]] | None = None
    error: BaseException | None = None


class _RowSampler:
    """A logits processor that picks each row's next token itself, with the row's own temperature and generator.

    It returns scores that are -inf everywhere but the picked token, so generate()'s greedy step takes that token.
    """

    def __init__(self, requests: list[_Request], banned: int | None = None):
        import torch

        self.banned = banned  # the image token (module docstring)
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
            if self.banned is not None:
                logits = logits.clone()
                logits[self.banned] = float("-inf")
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


class BatchedGenerator:
    """Generate turns for concurrent callers in shared batches (see the module docstring)."""

    def __init__(self, model: Any, image_token_id: int, pad_id: int, stop_ids: Sequence[int], device: str = "cpu",
                 max_batch: int = 8, linger_s: float = 0.005):
        if max_batch < 1:
            raise ValueError(f"max_batch must be at least 1, got {max_batch}")
        self.model = model
        self.image_token_id = image_token_id
        self.pad_id = pad_id
        self.stop_ids = set(stop_ids)
        self.device = device
        self.max_batch = max_batch
        self.linger_s = linger_s if max_batch > 1 else 0.0
        self.batch_sizes: list[int] = []  # the size of every batch generated (for benchmarks and tests)
        self._queue: list[_Request] = []
        self._busy = False  # a caller is generating a batch
        self._arrived = threading.Condition()  # guards the queue and _busy; notified on arrivals and batch ends

    def generate(self, prompt: Prompt, temperature: float, max_new_tokens: int, seed: int | None) -> tuple[list[int], list[float]]:
        """Sample one turn after ``prompt``; return (ids, raw-logit log-probs at ``temperature``).

        Blocks until the turn is generated, possibly in one batch with other threads' calls; a failed batch raises
        its error in every caller whose prompt it held.
        """
        request = _Request(prompt, temperature, max_new_tokens, seed)
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

    def batch_inputs(self, prompts: Sequence[Prompt]) -> dict[str, Any]:
        """Return generate() inputs for several prompts, left-padded to one length (images in row order)."""
        import torch

        width = max(len(p.ids) for p in prompts)
        ids = torch.full((len(prompts), width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(prompts), width), dtype=torch.long)
        for row, p in enumerate(prompts):
            ids[row, width - len(p.ids):] = torch.tensor(p.ids)
            mask[row, width - len(p.ids):] = 1
        inputs = {"input_ids": ids, "attention_mask": mask,
                  "mm_token_type_ids": ((ids == self.image_token_id) & (mask == 1)).long()}
        pixels = [v for p in prompts for v in p.pixel_values]
        if pixels:
            inputs["pixel_values"] = torch.cat(pixels, dim=0)
            inputs["image_grid_thw"] = torch.stack([g for p in prompts for g in p.image_grid_thw])
        return inputs

    def _generate(self, batch: list[_Request]) -> list[tuple[list[int], list[float]]]:
        import torch
        from transformers import GenerationConfig, LogitsProcessorList, StoppingCriteriaList

        inputs = {k: v.to(self.device) for k, v in self.batch_inputs([r.prompt for r in batch]).items()}
        prompt_len = inputs["input_ids"].shape[1]
        limits = [r.max_new_tokens for r in batch]
        was_training, config = self.model.training, self.model.generation_config
        self.model.eval()
        # generate() fills every unset option from the model's generation_config, so the config itself is swapped
        # for a plain one: no processor but the row sampler touches the logits (the module docstring says why)
        self.model.generation_config = GenerationConfig(
            eos_token_id=sorted(self.stop_ids), pad_token_id=self.pad_id,
            bos_token_id=getattr(config, "bos_token_id", None))
        try:
            with torch.no_grad():
                out = self.model.generate(
                    **inputs, do_sample=False, max_new_tokens=max(limits), output_logits=True,
                    return_dict_in_generate=True, use_cache=True, pad_token_id=self.pad_id,
                    logits_processor=LogitsProcessorList([_RowSampler(batch, banned=self.image_token_id)]),
                    stopping_criteria=StoppingCriteriaList([_RowLimits(prompt_len, limits)]))
        finally:
            self.model.generation_config = config
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


def generator_for(model: Any, tokenizer: Any, device: str = "cpu", max_batch: int = 8,
                  linger_s: float = 0.005) -> BatchedGenerator:
    """Return a :class:`BatchedGenerator` for a Qwen-VL-style model: its image token, pad id and end tokens
    (``<|im_end|>`` and the generation config's ``eos_token_id``) read from the model and tokenizer."""
    end = tokenizer.convert_tokens_to_ids("<|im_end|>")
    eos = getattr(model.generation_config, "eos_token_id", None)
    stops = {end} | set(eos if isinstance(eos, (list, tuple)) else [eos] if eos is not None else [])
    pad = tokenizer.pad_token_id
    image = getattr(model.config, "image_token_id", None)
    if image is None:
        image = tokenizer.convert_tokens_to_ids("<|image_pad|>")
    return BatchedGenerator(model, int(image), int(pad) if pad is not None else end, sorted(stops), device,
                            max_batch=max_batch, linger_s=linger_s)
