"""Context construction: the instruction, a history window and the current observation as chat messages.

Images are references (``{"type": "image", "ref": "obs:3"}``) resolved by the policy; a stored
prompt therefore names its screenshots instead of holding them.

Window-wise history (K steps, overlap O): new windows begin every K−O steps; the prompt of
step t shows in full the turns from ``max(0, b−O)`` (b = the current window's first step) up
to t, and folds everything older into the first user message as text, screenshots replaced
by placeholders. Inside a window every prompt extends the previous one, so an inference
engine reuses its KV cache. ``last_k`` keeps the last k turns in full instead: a prompt holds k + 1
screenshots (those k turns' and the current screen), fewer in the first k steps.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from typing import Any, Literal

Message = dict[str, Any]


@dataclass(frozen=True)
class HistoryConfig:
    """How much history a prompt carries."""

    mode: Literal["window", "last_k"] = "window"
    window: int = 10
    overlap: int = 2
    #: last_k mode: the past turns shown in full, each with its screenshot; with the current screen, k + 1 images
    last_k: int = 3
    include_elements: bool = False

    def __post_init__(self) -> None:
        # a misspelt mode ("last-k") was read as window history, and a fractional or boolean size (2.5, True) gave
        # window boundaries at fractional steps: both ran a different history than the one asked for, silently
        if self.mode not in ("window", "last_k"):
            raise ValueError(f"history mode must be 'window' or 'last_k', got {self.mode!r}")
        for name in ("window", "overlap", "last_k"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise ValueError(f"history {name} must be a whole number, got {value!r}")
            object.__setattr__(self, name, int(value))  # a numpy integer (a sweep's np.arange) is stored as an int
        if self.window < 1 or not 0 <= self.overlap < self.window:
            raise ValueError(f"window history needs window >= 1 and 0 <= overlap < window "
                             f"(got window={self.window}, overlap={self.overlap})")
        if self.last_k < 1:
            raise ValueError(f"last_k must be >= 1 (got {self.last_k})")


@dataclass
class Turn:
    """One completed step: what the model saw (observation ``obs``) and what it said."""

    obs: int
    output: str
    note: str | None = None
    elements_text: str = ""


@dataclass
class EpisodeContext:
    """What the harness knows about the running episode."""

    instruction: str
    turns: list[Turn] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)
    elements_text: dict[int, str] = field(default_factory=dict)
    user_replies: list[str] = field(default_factory=list)


def first_full_turn(step: int, config: HistoryConfig) -> int:
    """Return the index of the first turn shown in full in the prompt of ``step``."""
    if config.mode == "last_k":
        return max(0, step - config.last_k)
    stride = config.window - config.overlap
    start = (step // stride) * stride
    return max(0, start - config.overlap)


def _observation_content(ctx: EpisodeContext, obs: int, config: HistoryConfig, lead: str) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = []
    text = lead
    note = ctx.notes.get(obs)
    if note:
        text += f"\nNote: {note}"
    if text:
        parts.append({"type": "text", "text": text.strip()})
    parts.append({"type": "image", "ref": f"obs:{obs}"})
    if config.include_elements and ctx.elements_text.get(obs):
        parts.append({"type": "text", "text": ctx.elements_text[obs]})
    return parts


def build_messages(system: str, ctx: EpisodeContext, step: int, config: HistoryConfig) -> list[Message]:
    """Return the chat messages for ``step`` (0-based; observation ``step`` is the current screen)."""
    first = first_full_turn(step, config)
    intro = f"Task: {ctx.instruction}"
    if first > 0:
        # a folded step keeps the note shown with its screen: a user's reply to ask_user, an error the model caused
        notes = {t.obs: f" Note: {ctx.notes[t.obs]}" if ctx.notes.get(t.obs) else "" for t in ctx.turns[:first]}
        folded = [f"Step {t.obs + 1}: [screenshot omitted]{notes[t.obs]} {t.output.strip()}" for t in ctx.turns[:first]]
        intro += "\nEarlier steps:\n" + "\n".join(folded)
    messages: list[Message] = [{"role": "system", "content": system}]
    messages.append({"role": "user", "content": _observation_content(ctx, first, config, intro + f"\nStep {first + 1}:")})
    for turn in ctx.turns[first:step]:
        messages.append({"role": "assistant", "content": turn.output})
        messages.append({"role": "user", "content": _observation_content(ctx, turn.obs + 1, config, f"Step {turn.obs + 2}:")})
    return messages


def prompt_text(messages: list[Message]) -> str:
    """Return a flat text rendering of messages (images as ``<image:ref>``), for prefix comparisons."""
    out = []
    for m in messages:
        content = m["content"]
        if isinstance(content, str):
            body = content
        else:
            body = "".join(p["text"] if p["type"] == "text" else f"<image:{p['ref']}>" for p in content)
        out.append(f"<|{m['role']}|>{body}")
    return "".join(out)
