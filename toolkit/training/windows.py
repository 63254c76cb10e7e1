"""Token-in/token-out sequences: rollout prompts and training windows built from the same pieces.

A history window (``toolkit.harness.history``) is one causal sequence: every prompt inside a window
extends the previous prompt and its completion. :class:`TokenBuilder` renders such a sequence as

* the window's first user message (with the system message) rendered by the processor's chat
  template, its screenshot expanded by the processor;
* every later assistant turn spliced in verbatim from the token ids the policy sampled (a turn that
  hit the token limit is closed with a forced end-of-turn token, never trained);
* the text between turns (``\\n<|im_start|>user\\n…<|im_end|>\\n<|im_start|>assistant\\n``) taken by
  differencing two chat-template renderings, its screenshot expanded by the same processor.

The rollout (:class:`toolkit.training.policy.HFTokenPolicy`) builds each step's prompt with it, and
:func:`attempt_windows` replays a finished attempt into one training sequence per window, so the
rollout prompt of step t is a token-exact prefix of the window in which t is new. Loss goes only on
the window's new sampled tokens (``tool_mask``); overlap turns are context. When a window's prompts
do not extend each other (another history mode, an edited prompt) the attempt falls back to
step-wise samples, one per step. A window longer than the recipe's ``max_total_length`` is cut after its last
step that fits.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

ImageFn = Callable[[str], Any]  # image ref ("obs:3") -> PNG/JPEG bytes or a PIL image


@dataclass
class Rendered:
    """A rendered token sequence with its images (in sequence order) and where each assistant turn sits."""

    ids: list[int]
    pixel_values: list[Any] = field(default_factory=list)  # one (rows, D) tensor per image
    image_grid_thw: list[Any] = field(default_factory=list)  # one (3,) tensor per image
    turn_spans: list[tuple[int, int]] = field(default_factory=list)  # [start, end) of each spliced assistant turn
    sampled: list[int] = field(default_factory=list)  # 1 where the token was sampled by the policy (not forced)


@dataclass
class WindowSample:
    """One training sequence: a history window (``kind="window"``) or a single step (``kind="step"``)."""

    input_ids: list[int]
    split: int  # index of the first trained token: prompt = ids[:split], completion = ids[split:]
    tool_mask: list[int]  # over the whole sequence: 1 on the policy's new sampled tokens
    rollout_logps: list[float]  # over the whole sequence: the rollout's log-prob where tool_mask is 1, else 0
    pixel_values: list[Any]
    image_grid_thw: list[Any]
    steps: list[int]  # the steps trained in this sequence
    kind: str = "window"
    attempt: str = ""
    advantage: float = 0.0

    @property
    def trained_tokens(self) -> int:
        """Return the number of tokens that carry loss."""
        return int(sum(self.tool_mask))


def _image_key(image: Any) -> str:
    if isinstance(image, (bytes, bytearray)):
        return hashlib.sha1(image).hexdigest()
    return hashlib.sha1(image.tobytes() + repr(image.size).encode()).hexdigest()


def _pil(image: Any):
    from PIL import Image

    if isinstance(image, (bytes, bytearray)):
        return Image.open(io.BytesIO(image)).convert("RGB")
    return image.convert("RGB") if getattr(image, "mode", "RGB") != "RGB" else image


def _template_messages(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return messages in the chat template's shape (image parts as bare ``{"type": "image"}``)."""
    out = []
    for m in messages:
        if isinstance(m["content"], str):
            out.append({"role": m["role"], "content": m["content"]})
            continue
        parts = [{"type": "image"} if p["type"] == "image" else {"type": "text", "text": p["text"]} for p in m["content"]]
        out.append({"role": m["role"], "content": parts})
    return out


def _image_refs(message: dict[str, Any]) -> list[str]:
    if isinstance(message["content"], str):
        return []
    return [p["ref"] for p in message["content"] if p["type"] == "image"]


class TokenBuilder:
    """Render chat prompts token-in/token-out with one processor (see the module docstring)."""

    def __init__(self, processor: Any, cache_size: int = 256):
        self.processor = processor
        self.tokenizer = processor.tokenizer
        self.eos_id = self.tokenizer.convert_tokens_to_ids("<|im_end|>")
        self.eos_text = "<|im_end|>"
        self.image_token_id = self.tokenizer.convert_tokens_to_ids("<|image_pad|>")
        self._cache: OrderedDict[tuple, tuple] = OrderedDict()
        self._cache_size = cache_size

    # -- pieces ---------------------------------------------------------------------------------------------------
    def _text(self, messages: list[dict[str, Any]], generation_prompt: bool) -> str:
        return self.processor.apply_chat_template(_template_messages(messages), add_generation_prompt=generation_prompt,
                                                  tokenize=False)

    def _process(self, text: str, images: list[Any]) -> tuple[list[int], list[Any], list[Any]]:
        """Tokenize ``text`` and expand its image placeholders with the processor (cached by text and image bytes)."""
        key = (text, tuple(_image_key(i) for i in images))
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        if images:
            out = self.processor(text=[text], images=[_pil(i) for i in images], return_tensors="pt")
            grids = list(out["image_grid_thw"])
            rows = [int(g.prod()) for g in grids]
            pixels = list(out["pixel_values"].split(rows, dim=0))
        else:
            out = self.processor.tokenizer([text], add_special_tokens=False, return_tensors="pt")
            grids, pixels = [], []
        value = (out["input_ids"][0].tolist(), pixels, grids)
        self._cache[key] = value
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return value

    def head_text(self, messages: list[dict[str, Any]]) -> str:
        """Return the template text of the system + first user message, ending in the generation prompt."""
        return self._text(messages[:2], True)

    def between_text(self, messages: list[dict[str, Any]], user: dict[str, Any]) -> str:
        """Return the template text that follows an assistant turn's end token up to the next generation prompt.

        Found by differencing: render(prefix + [assistant X]) vs render(prefix + [assistant X, user], gen prompt).
        """
        probe = list(messages[:2]) + [{"role": "assistant", "content": "X"}]
        before = self._text(probe, False)
        after = self._text(probe + [user], True)
        cut = before.rfind(self.eos_text)
        if cut < 0 or not after.startswith(before[:cut + len(self.eos_text)]):
            raise ValueError("the chat template is not prefix-preserving across an assistant turn")
        return after[cut + len(self.eos_text):]

    def turn_ids(self, token_ids: Sequence[int] | None, text: str) -> tuple[list[int], list[int]]:
        """Return (ids, sampled) of one assistant turn: the sampled ids closed by the end token (forced if absent)."""
        if token_ids:
            ids = list(token_ids)
            sampled = [1] * len(ids)
        else:  # a turn the policy gave no ids for (scripted, errored): the text, never trained
            ids = self.tokenizer.encode(text, add_special_tokens=False)
            sampled = [0] * len(ids)
        if not ids or ids[-1] != self.eos_id:
            ids.append(self.eos_id)
            sampled.append(0)
        return ids, sampled

    # -- sequences ------------------------------------------------------------------------------------------------
    def render(self, messages: list[dict[str, Any]], turns: Sequence[tuple[list[int], list[int]]], image: ImageFn) -> Rendered:
        """Render ``messages`` ([system, user, (assistant, user)*]) ending in the generation prompt, splicing ``turns``
        (ids, sampled) for the assistant messages in order."""
        assistants = [i for i, m in enumerate(messages) if m["role"] == "assistant"]
        if len(turns) != len(assistants):
            raise ValueError(f"{len(assistants)} assistant messages but {len(turns)} turns of token ids")
        if messages[0]["role"] != "system" or messages[1]["role"] != "user":
            raise ValueError("a window starts with a system and a user message")
        ids, pixels, grids = self._process(self.head_text(messages), [image(r) for r in _image_refs(messages[1])])
        out = Rendered(ids=list(ids), pixel_values=list(pixels), image_grid_thw=list(grids), sampled=[0] * len(ids))
        for (turn, sampled), index in zip(turns, assistants):
            start = len(out.ids)
            out.ids += turn
            out.sampled += sampled
            out.turn_spans.append((start, len(out.ids)))
            user = messages[index + 1]
            if user["role"] != "user":
                raise ValueError("every assistant turn in a window is followed by a user turn")
            tids, tpix, tgrid = self._process(self.between_text(messages, user), [image(r) for r in _image_refs(user)])
            out.ids += tids
            out.sampled += [0] * len(tids)
            out.pixel_values += tpix
            out.image_grid_thw += tgrid
        return out

    def model_inputs(self, rendered: Rendered) -> dict[str, Any]:
        """Return generate()/forward() inputs for a rendered prompt (batch of one)."""
        import torch

        ids = torch.tensor([rendered.ids])
        inputs = {"input_ids": ids, "attention_mask": torch.ones_like(ids),
                  "mm_token_type_ids": (ids == self.image_token_id).long()}
        if rendered.pixel_values:
            inputs["pixel_values"] = torch.cat(rendered.pixel_values, dim=0)
            inputs["image_grid_thw"] = torch.stack(rendered.image_grid_thw)
        return inputs


# -- replaying attempts into windows ------------------------------------------------------------------------------
def first_of(step: dict[str, Any]) -> int:
    """Return the first turn shown in full in a stored step's prompt (step index − assistant messages shown)."""
    return step["index"] - sum(m["role"] == "assistant" for m in step["prompt"])


def _context(builder: TokenBuilder, by_index: dict[int, dict[str, Any]], step: dict[str, Any]) -> list[tuple[list[int], list[int]]]:
    """Return (ids, sampled) of the assistant turns ``step``'s prompt shows, as the rollout spliced them: a turn
    shown as its step produced it is that step's sampled ids; one shown otherwise (an edited prompt) is the text
    shown, re-tokenized and never trained (what :class:`~toolkit.training.policy.HFTokenPolicy` sends)."""
    shown = [m["content"] for m in step["prompt"] if m["role"] == "assistant"]
    out = []
    for offset, text in enumerate(shown):
        record = by_index.get(first_of(step) + offset) or {}
        ids = record.get("token_ids") if record.get("output") == text else None
        out.append(builder.turn_ids(ids, text))
    return out


def _strip(message: dict[str, Any]) -> Any:
    return message["content"] if isinstance(message["content"], str) else [dict(p) for p in message["content"]]


def _extends(short: list[dict[str, Any]], long: list[dict[str, Any]]) -> bool:
    return len(short) <= len(long) and all(a["role"] == b["role"] and _strip(a) == _strip(b) for a, b in zip(short, long))


def _sample(builder: TokenBuilder, steps: Sequence[dict[str, Any]], by_index: dict[int, dict[str, Any]],
            last: dict[str, Any], trained: list[int], image: ImageFn, kind: str, attempt: str) -> WindowSample:
    first = first_of(last)
    rendered = builder.render(last["prompt"], _context(builder, by_index, last), image)
    ids, pixels, grids = rendered.ids, rendered.pixel_values, rendered.image_grid_thw
    own, own_sampled = builder.turn_ids(last.get("token_ids"), last["output"])
    spans = rendered.turn_spans + [(len(ids), len(ids) + len(own))]
    sampled = rendered.sampled + own_sampled
    ids = ids + own
    turn_steps = list(range(first, last["index"] + 1))
    mask = [0] * len(ids)
    logps = [0.0] * len(ids)
    for step_index, (start, end) in zip(turn_steps, spans):
        if step_index not in trained:
            continue
        lp = by_index[step_index].get("logprobs") or []
        for k, pos in enumerate(range(start, end)):
            if sampled[pos] and k < len(lp):
                mask[pos] = 1
                logps[pos] = float(lp[k])
    split = next((i for i, m in enumerate(mask) if m), len(ids) - 1)
    split = max(1, split)
    return WindowSample(input_ids=ids, split=split, tool_mask=mask, rollout_logps=logps, pixel_values=pixels,
                        image_grid_thw=grids, steps=[s for s in turn_steps if s in trained], kind=kind, attempt=attempt)


def window_groups(steps: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Group consecutive steps whose prompts share their first full turn (one history window each)."""
    groups: list[list[dict[str, Any]]] = []
    for step in steps:
        if groups and first_of(groups[-1][-1]) == first_of(step):
            groups[-1].append(step)
        else:
            groups.append([step])
    return groups


def consistent(group: list[dict[str, Any]], by_index: dict[int, dict[str, Any]]) -> bool:
    """Return True when every prompt of the group is a message-prefix of the last one, and the assistant messages
    shown are the steps' own outputs (so the turns form one consistent token prefix)."""
    last = group[-1]
    full = last["prompt"]
    for step in group:
        if not _extends(step["prompt"], full):
            return False
    first = first_of(last)
    shown = [m for m in full if m["role"] == "assistant"]
    for offset, message in enumerate(shown):
        record = by_index.get(first + offset)
        if record is None or message["content"] != record["output"]:
            return False
    return True


def attempt_windows(builder: TokenBuilder, steps: Sequence[dict[str, Any]], image: ImageFn, attempt: str = "",
                    windowwise: bool = True, max_length: int | None = None,
                    dropped: list[int] | None = None) -> list[WindowSample]:
    """Return the training sequences of one attempt: one per history window (loss only on its new steps), or one
    per step for windows whose turns do not form a consistent token prefix (or when ``windowwise`` is False).

    With ``max_length``, a window longer than that is cut after its last step that fits: the steps up to there
    train in one sequence, and the later ones, whose own prompts are longer still, are left out (cutting inside a
    turn would cut a screenshot's tokens or the sampled turn itself). Step samples longer than ``max_length`` are
    left out too. The indices of the steps left out are appended to ``dropped``.
    """
    steps = [s for s in steps if s.get("kind", "step") == "step"]
    by_index = {s["index"]: s for s in steps}
    out: list[WindowSample] = []
    dropped = [] if dropped is None else dropped

    def fits(sample: WindowSample) -> bool:
        return max_length is None or len(sample.input_ids) <= max_length

    for group in window_groups(steps):
        if windowwise and consistent(group, by_index):
            for end in range(len(group), 0, -1):  # a window's prefix ending at a step is that step's prompt + output
                window = _sample(builder, steps, by_index, group[end - 1], [s["index"] for s in group[:end]], image,
                                 "window", attempt)
                if fits(window):
                    out.append(window)
                    break
            else:
                end = 0
            dropped += [s["index"] for s in group[end:]]
            continue
        for step in group:
            sample = _sample(builder, steps, by_index, step, [step["index"]], image, "step", attempt)
            if fits(sample):
                out.append(sample)
            else:
                dropped.append(step["index"])
    return out


def step_prompt(builder: TokenBuilder, steps: Sequence[dict[str, Any]], step: dict[str, Any], image: ImageFn) -> Rendered:
    """Return the token-in/token-out prompt of one stored step (what an ``hf-tokens`` rollout sent)."""
    return builder.render(step["prompt"], _context(builder, {s["index"]: s for s in steps}, step), image)
