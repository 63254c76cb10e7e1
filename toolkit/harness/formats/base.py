"""The action-format contract: a versioned pair of prompt section + parser.

A format reads and writes actions in its own coordinate space (0–1000, 0–1 or pixels of the
screenshot); the conversion to the canonical 0–1000 happens here, through
:func:`toolkit.actions.convert_action_dict`, and nowhere else.
Parsing never raises: a :class:`ParseResult` carries either actions or a typed error, which
the harness feeds back to the model as the next observation's note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from toolkit.actions import AMOUNT_AXIS, Action, ActionError, CoordSpace, check_coord_space, convert_action_dict, parse_action

MAX_OUTPUT = 20000
MAX_ACTIONS = 8
_POINT_KEYS = ("x", "y", "x2", "y2")
#: end-of-turn tokens a server or a decoder leaves in the text when special tokens are not skipped
END_OF_TURN = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|eom_id|>", "<|end|>", "<end_of_turn>", "</s>")


def strip_end_of_turn(text: str) -> str:
    """Return ``text`` without the run of end-of-turn tokens (``<|im_end|>``, ``</s>``, ...) that ends it.

    Only the very end: typed text that mentions a token inside the output keeps it.
    """
    stripped = text.rstrip()
    while (token := next((t for t in END_OF_TURN if stripped.endswith(t)), None)) is not None:
        stripped = stripped[:-len(token)].rstrip()
        text = stripped
    return text


def scan_quotes(text: str, start: int = 0) -> Iterator[tuple[int, str, bool]]:
    """Yield ``(index, char, quoted)`` for each character of ``text`` from ``start``: ``quoted`` when it lies in a
    ``'...'`` or ``"..."`` literal, its quotes included (backslash escapes inside a literal skipped)."""
    quote, escaped = None, False
    for i in range(start, len(text)):
        char = text[i]
        quoted = quote is not None
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote, quoted = char, True
        yield i, char, quoted


def _number_or_none(value: Any) -> float | None:
    """Return ``value`` as a number (a quoted one, as models write "3000", read), or None when it is none."""
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None if isinstance(value, bool) or not isinstance(value, (int, float)) else value


@dataclass
class ParseResult:
    """Actions parsed from one model output, or the error that stopped parsing."""

    actions: list[Action] = field(default_factory=list)
    error: str | None = None
    error_kind: str | None = None
    thought: str = ""

    @property
    def ok(self) -> bool:
        """Return True when at least one action was parsed and nothing failed."""
        return self.error is None and bool(self.actions)


class FormatError(Exception):
    """Raised by a format's extractor; ``kind`` is one of no_action, syntax, invalid_action, too_many."""

    def __init__(self, kind: str, message: str, thought: str = ""):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.thought = thought


class ActionFormat:
    """Base class: subclasses implement ``describe``, ``_extract`` and ``_render``."""

    name = "base"
    default_coords: CoordSpace = "norm1000"
    #: False where the format's ``type`` has no way to say "replace the field's text": there ``type`` with ``clear``
    #: is written as select-all (Control+A) followed by ``type``, which does the same on every device
    can_clear: bool = True
    #: what the format calls a scroll's amount (in its errors)
    amount_name: str = "amount"

    def __init__(self, coords: CoordSpace | None = None):
        self.coords: CoordSpace = check_coord_space(coords or self.default_coords)

    def describe(self) -> str:
        """Return the prompt section that teaches the model this format."""
        raise NotImplementedError

    def coords_hint(self) -> str:
        """Return one sentence on the coordinate space, for prompts."""
        return {
            "norm1000": "Coordinates are integers from 0 to 1000 on both axes: (0,0) is the top-left corner of the screen, (1000,1000) the bottom-right.",
            "norm1": "Coordinates are fractions from 0 to 1 on both axes: (0,0) is the top-left corner, (1,1) the bottom-right.",
            "pixels": "Coordinates are pixels of the screenshot: (0,0) is the top-left corner.",
        }[self.coords]

    def _extract(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        """Return (thought, action dicts in this format's coordinates) or raise FormatError."""
        raise NotImplementedError

    def _render(self, thought: str, actions: list[dict[str, Any]]) -> str:
        """Return model-style text for canonical action dicts already in this format's coordinates."""
        raise NotImplementedError

    def render(self, actions: list[Action | dict], thought: str = "", size: tuple[int, int] | None = None) -> str:
        """Return text a model would write for these actions (canonical 0–1000 in, format space out)."""
        digits = 0 if self.coords in ("norm1000", "pixels") else 4
        dicts = []
        for action in self._expressible([parse_action(raw) for raw in actions]):
            data = action.model_dump(mode="json", exclude_defaults=True)
            data["type"] = action.type
            # a point is written whole even where it is the default (a scroll's 500, 500): a format that needs the
            # point would otherwise fill in the canonical 500 in its own, different, coordinate space
            data.update({k: v for k, v in action.model_dump(mode="json").items() if k in _POINT_KEYS})
            dicts.append(convert_action_dict(self._prepare(data), "norm1000", self.coords, size, digits))
        return self._render(thought, dicts)

    def _prepare(self, data: dict[str, Any]) -> dict[str, Any]:
        """Return a canonical (0–1000) action dict with any points the format writes added (none by default)."""
        return data

    def _expressible(self, actions: list[Action]) -> list[Action]:
        """Return ``actions`` in this format's vocabulary (``type`` with ``clear`` → select-all, ``type``)."""
        if self.can_clear:
            return actions
        out: list[Action] = []
        for action in actions:
            if action.type == "type" and action.clear:
                out += [parse_action({"type": "hotkey", "keys": ["Control", "a"]}), action.model_copy(update={"clear": False})]
            else:
                out.append(action)
        return out

    def _check_points(self, data: Any, size: tuple[int, int] | None) -> None:
        """Raise ActionError when a point of ``data`` lies off the screen, said in this format's space.

        Checked before the conversion: after it, a model answering in pixels or 0-1 was told "less than or equal to
        1000", a bound of a space it never sees (a 0-1 model then wrote 1000).
        """
        if not isinstance(data, dict):
            return
        for name in _POINT_KEYS:
            value = _number_or_none(data.get(name))
            bound = self._bound(0 if name in ("x", "x2") else 1, size, "pixels of the screenshot")
            if value is None or bound is None:  # not a number: validation names the field; no size: the conversion
                continue
            high, unit = bound
            if not 0 <= value <= high:
                raise ActionError(f"{data.get('type')}: '{name}' must be from 0 to {high:g} ({unit}), got {value:g}")
        self._check_amount(data, size)

    def _check_amount(self, data: dict[str, Any], size: tuple[int, int] | None) -> None:
        """Raise ActionError when a scroll's amount is longer than the screen along its axis, said in this format's
        space (after the conversion a pixels or 0-1 model was told "less than or equal to 1000")."""
        value, axis = _number_or_none(data.get("amount")), AMOUNT_AXIS.get(data.get("direction"))
        if data.get("type") not in ("scroll", "swipe") or axis is None or value is None:
            return  # not a number (or no direction): validation names the field
        bound = self._bound(axis, size, f"pixels of the screenshot's {'width' if axis == 0 else 'height'}")
        if bound is not None and value > bound[0]:
            high, unit = bound
            raise ActionError(f"{data['type']}: '{self.amount_name}' must be at most {high:g} ({unit}), got {value:g}")

    def _bound(self, axis: int, size: tuple[int, int] | None, pixels_unit: str) -> tuple[float, str] | None:
        """Return the largest value along ``axis`` (0: x, 1: y) in this format's space and its unit's name; None in
        pixels without a screen size."""
        if self.coords == "pixels":
            return (size[axis], pixels_unit) if size else None
        return (1000, "0-1000") if self.coords == "norm1000" else (1, "0-1")

    def parse(self, text: Any, size: tuple[int, int] | None = None) -> ParseResult:
        """Parse model output into canonical actions; never raises."""
        if not isinstance(text, str):
            return ParseResult(error=f"model output must be text, got {type(text).__name__}", error_kind="not_text")
        # a reasoning model's <think> block (kept in the content by a server without a reasoning parser) may draft
        # actions it then rejects: only what follows the block is the answer. The block is split off before the cap:
        # capped first, a block longer than the cap lost its answer (and its drafts were read as the answer)
        # an end-of-turn token after the last call made it unreadable (text-v1: a syntax error) or part of an argument
        text = strip_end_of_turn(text)
        reasoning, closed, answer = text.rpartition("</think>")
        reasoning = reasoning.split("<think>", 1)[-1].strip()[:500] if closed else ""
        if not closed and text.lstrip().startswith("<think>"):
            # the output ended inside its reasoning (cut at the token limit): its drafts are not an answer (they ran,
            # a drafted terminate(success) ending the episode)
            return ParseResult(error="the output ended inside its <think> block: no answer after </think>",
                               error_kind="no_action", thought=text.lstrip()[len("<think>"):].strip()[:500])
        text = (answer if closed else text)[:MAX_OUTPUT]
        try:
            thought, dicts = self._extract(text)
        except FormatError as exc:
            return ParseResult(error=exc.message, error_kind=exc.kind, thought=exc.thought or reasoning)
        except (RecursionError, MemoryError, ValueError, TypeError, KeyError, AttributeError) as exc:
            return ParseResult(error=f"cannot read the output: {type(exc).__name__}: {str(exc)[:200]}", error_kind="syntax")
        thought = thought or reasoning
        if not dicts:
            return ParseResult(error="no action found", error_kind="no_action", thought=thought)
        if len(dicts) > MAX_ACTIONS:
            return ParseResult(error=f"too many actions in one step ({len(dicts)} > {MAX_ACTIONS})", error_kind="too_many",
                               thought=thought)
        actions = []
        for i, data in enumerate(dicts, start=1):
            try:
                self._check_points(data, size)
                actions.append(parse_action(convert_action_dict(data, self.coords, "norm1000", size)))
            except ActionError as exc:
                return ParseResult(error=f"action {i}: {exc.message}", error_kind="invalid_action", thought=thought)
            except (TypeError, ValueError, OverflowError) as exc:
                return ParseResult(error=f"action {i}: {exc}", error_kind="invalid_action", thought=thought)
        return ParseResult(actions=actions, thought=thought)
