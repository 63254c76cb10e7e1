"""``qwen3vl-mobile-v1`` / ``qwen3vl-computer-v1``: Qwen3-VL's ``<tool_call>`` function calling::

    <tool_call>
    {"name": "mobile_use", "arguments": {"action": "click", "coordinate": [500, 940]}}
    </tool_call>

Qwen3-VL's GUI tools use 0–1000 relative coordinates. Several tool calls = a batch.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from toolkit.harness.formats.base import MAX_ACTIONS, ActionFormat, FormatError

_OPEN, _CLOSE = "<tool_call>", "</tool_call>"
#: what may sit between ``<tool_call>`` and its JSON, and between the JSON and ``</tool_call>``: space and a fence
_LEAD = re.compile(r"\s*(?:```(?:json)?\s*)?")
_TRAIL = re.compile(r"\s*(?:```\s*)?")
#: the device's buttons Qwen's system_button names (it has no recents button)
_BUTTONS = {"back": "Back", "home": "Home", "menu": "Menu", "enter": "Enter"}
#: a canonical scroll names the content's motion, Qwen's swipe the finger's
_OPPOSITE = {"down": "up", "up": "down", "left": "right", "right": "left"}
#: the unit step of a finger's motion, scaled by the swipe's amount (its length in 0–1000)
_SWIPE_STEP = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _tool_calls(text: str) -> list[Any]:
    """Return the JSON value of every ``<tool_call>`` in ``text``, in order.

    Each call's JSON is decoded where it starts, so a ``</tool_call>`` inside a string (text to type) does not end
    it, a call left unclosed before the next ``<tool_call>`` (or the end) still counts, a markdown fence around
    the JSON is skipped, and several objects in one block (one a line) are several calls.

    Raises:
        FormatError: ``syntax``, naming the call whose JSON cannot be read.
    """
    decoder = json.JSONDecoder()
    calls: list[Any] = []
    pos = text.find(_OPEN)
    while pos != -1:
        end = _LEAD.match(text, pos + len(_OPEN)).end()
        while True:  # one call a line inside one block, as models also write a batch: each object is a call
            try:
                value, end = decoder.raw_decode(text, end)
            except json.JSONDecodeError as exc:
                raise FormatError("syntax", f"tool call {len(calls) + 1}: not JSON ({exc.msg})") from None
            calls.append(value)
            if len(calls) > MAX_ACTIONS:  # past what a batch holds: too_many, whatever follows
                return calls
            end = _TRAIL.match(text, end).end()
            if not text.startswith("{", end):
                break
        if text.startswith(_CLOSE, end):
            end += len(_CLOSE)
        elif end < len(text) and not text.startswith(_OPEN, end):
            raise FormatError("syntax", f"tool call {len(calls)}: unexpected text after the JSON: "
                                        f"{text[end:end + 40]!r}; close each call with {_CLOSE}")
        pos = text.find(_OPEN, end)
    return calls


def _point(args: dict[str, Any], key: str = "coordinate") -> tuple[Any, Any]:
    value = args.get(key)
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise FormatError("invalid_action", f"'{key}' must be [x, y]")
    return value[0], value[1]


def _number(value: Any, what: str) -> float:
    """Return ``value`` as a finite number, or raise a FormatError naming ``what``."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = float("nan")
    if isinstance(value, bool) or not math.isfinite(number):
        raise FormatError("invalid_action", f"{what} must be a number, got {value!r}")
    return number


def _check_swipe(start: tuple[Any, Any], end: tuple[Any, Any]) -> None:
    """Raise a FormatError naming the argument when a swipe's points are not numbers or are the same point.

    The direction and length are judged by the Scroll action itself, after the points are converted to 0–1000.
    """
    dx = _number(end[0], "'coordinate2' x") - _number(start[0], "'coordinate' x")
    dy = _number(end[1], "'coordinate2' y") - _number(start[1], "'coordinate' y")
    if dx == dy == 0:
        raise FormatError("invalid_action", "a swipe's 'coordinate2' must differ from its 'coordinate'")


def _span(start: float, step: float) -> tuple[float, float]:
    """Return (start, end) of a swipe of ``step`` along one 0–1000 axis, kept on screen: the start stays where the
    content is (the swipe shortened at an edge), unless it is on the edge, where it moves in.

    "On the edge" is within one unit of 0–1000: a swipe shorter than that was written with its two points rounded to
    the same one (0.4 from the top: [1000, 0] to [1000, 0]), which its own parser then refused."""
    end = min(1000, max(0, start + step))
    if step and abs(end - start) < 1:
        start = min(1000, max(0, start - step))
        end = start + step
    return start, end


class QwenFormat(ActionFormat):
    """Qwen3-VL tool calls for the phone (``mobile_use``) or the desktop (``computer_use``)."""

    can_clear = False

    def __init__(self, tool: str = "mobile_use", coords=None):
        super().__init__(coords)
        if tool not in ("mobile_use", "computer_use"):
            raise ValueError("tool must be mobile_use or computer_use")
        self.tool = tool
        self.name = "qwen3vl-mobile-v1" if tool == "mobile_use" else "qwen3vl-computer-v1"
        self.amount_name = "amount" if tool == "mobile_use" else "pixels"  # the desktop scroll's size is its amount

    def describe(self) -> str:
        if self.tool == "mobile_use":
            actions = ("click(coordinate), long_press(coordinate, time), swipe(coordinate, coordinate2), type(text), "
                       "key(keys: e.g. [\"Control\", \"a\"] selects a field's text), "
                       "system_button(button: Back|Home|Menu|Enter), open(text: app id), wait(time), answer(text), "
                       "ask_user(text: a question for the user), terminate(status: success|failure, answer: optional text)")
        else:
            actions = ("left_click(coordinate), double_click(coordinate), right_click(coordinate), mouse_move(coordinate), "
                       "left_click_drag(coordinate, coordinate2), type(text), key(keys), "
                       "scroll(coordinate, pixels: > 0 up, < 0 down; its size the distance, in the coordinates' units), "
                       "hscroll(coordinate, pixels: > 0 right, < 0 left), "
                       "wait(time), answer(text), ask_user(text: a question for the user), "
                       "terminate(status: success|failure, answer: optional text)")
        return (
            f"You may call the function {self.tool} once or several times per turn; calls run in order.\n"
            f"{self.coords_hint()}\n"
            f"Actions of {self.tool}: {actions}.\n"
            "Format each call as:\n<tool_call>\n"
            f'{{"name": "{self.tool}", "arguments": {{"action": "click", "coordinate": [500, 940]}}}}\n</tool_call>'
        )

    def _to_action(self, args: dict[str, Any]) -> dict[str, Any]:
        kind = args.get("action")
        if kind in ("click", "left_click"):
            x, y = _point(args)
            return {"type": "click", "x": x, "y": y}
        if kind == "double_click":
            x, y = _point(args)
            return {"type": "double_click", "x": x, "y": y}
        if kind in ("long_press", "right_click"):
            x, y = _point(args)
            return {"type": "long_press", "x": x, "y": y}
        if kind in ("swipe", "left_click_drag"):
            start, end = _point(args), _point(args, "coordinate2")
            if kind == "left_click_drag":
                return {"type": "drag", "x": start[0], "y": start[1], "x2": end[0], "y2": end[1]}
            _check_swipe(start, end)
            return {"type": "swipe", "x": start[0], "y": start[1], "x2": end[0], "y2": end[1]}
        if kind in ("scroll", "hscroll"):  # pixels > 0: the wheel up (or right), as pyautogui scrolls
            x, y = _point(args)
            # the sign is the direction, the size the distance (in the format's space along the scroll's axis; the
            # base class converts it with the points); no pixels: down by the canonical default distance
            pixels = _number(args["pixels"], "'pixels'") if "pixels" in args else None
            if pixels == 0:
                raise FormatError("invalid_action", "'pixels' must not be 0 (> 0 scrolls up, < 0 down)")
            positive = pixels is not None and pixels > 0
            direction = ("right" if positive else "left") if kind == "hscroll" else ("up" if positive else "down")
            amount = {"amount": abs(pixels)} if pixels is not None else {}
            return {"type": "scroll", "x": x, "y": y, "direction": direction, **amount}
        if kind == "type":
            return {"type": "type", "text": args.get("text")}
        if kind == "key":
            keys = args.get("keys", args.get("text"))
            keys = keys.split("+") if isinstance(keys, str) else keys
            return {"type": "hotkey", "keys": keys}
        if kind == "system_button":
            button = str(args.get("button", "")).lower()
            return {"type": "system_button", "button": button}
        if kind == "open":
            return {"type": "open", "app": args.get("text")}
        if kind == "wait":
            return {"type": "wait", "seconds": args.get("time", 1)}
        if kind == "answer":  # the system prompt offers answer(fields={...}) beside Qwen's answer(text)
            fields = {"fields": args["fields"]} if "fields" in args else {}
            return {"type": "answer", **({"text": args.get("text")} if "text" in args or not fields else {}), **fields}
        if kind == "terminate":
            status = args.get("status")
            if status is None:
                raise FormatError("invalid_action", "terminate needs a status: success or failure")
            # the answer rides on terminate, as in every other format (status and answer in one call)
            answer = {"answer": args["answer"]} if args.get("answer") is not None else {}
            return {"type": "terminate", "status": "success" if status == "success" else "failed" if status == "failure" else status,
                    **answer}
        if kind == "ask_user":  # Qwen's tools pass free text as 'text'; 'question' is the canonical name
            return {"type": "ask_user", "question": args.get("text", args.get("question"))}
        if kind == "mouse_move":
            raise FormatError("invalid_action", "mouse_move has no effect on this device; click instead")
        raise FormatError("invalid_action", f"unknown {self.tool} action {kind!r}")

    def _extract(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        thought = text.split("<tool_call>", 1)[0].strip()[:500]
        try:
            calls = _tool_calls(text)
        except FormatError as exc:
            raise FormatError(exc.kind, exc.message, thought) from None
        if not calls:
            raise FormatError("no_action", f"no <tool_call> found; call {self.tool} inside <tool_call>...</tool_call>", thought)
        out = []
        for i, call in enumerate(calls, start=1):
            if isinstance(call, dict) and isinstance(call.get("arguments"), str):  # arguments sent JSON-encoded
                try:
                    call = {**call, "arguments": json.loads(call["arguments"])}
                except json.JSONDecodeError:
                    pass  # reported below: the arguments are not an object
            if not isinstance(call, dict) or call.get("name") != self.tool or not isinstance(call.get("arguments"), dict):
                raise FormatError("invalid_action", f"tool call {i}: expected {{\"name\": \"{self.tool}\", \"arguments\": {{...}}}}", thought)
            try:
                out.append(self._to_action(call["arguments"]))
            except FormatError as exc:
                raise FormatError(exc.kind, f"tool call {i}: {exc.message}", thought) from None
        return thought, out

    def _from_action(self, a: dict[str, Any]) -> dict[str, Any]:
        kind = a["type"]
        desktop = self.tool == "computer_use"
        if kind == "click":
            return {"action": "left_click" if desktop else "click", "coordinate": [a["x"], a["y"]]}
        if kind == "double_click":
            return {"action": "double_click", "coordinate": [a["x"], a["y"]]}
        if kind == "long_press":
            return {"action": "right_click", "coordinate": [a["x"], a["y"]]} if desktop else \
                {"action": "long_press", "coordinate": [a["x"], a["y"]], "time": 1}
        if kind == "drag":
            return {"action": "left_click_drag", "coordinate": [a["x"], a["y"]], "coordinate2": [a["x2"], a["y2"]]}
        if kind in ("scroll", "swipe"):
            if desktop:  # the wheel moves the way a canonical scroll names: up (or right) is pixels > 0
                content = a["direction"] if kind == "scroll" else _OPPOSITE[a["direction"]]
                wheel = "hscroll" if content in ("left", "right") else "scroll"
                return {"action": wheel, "coordinate": [a["x"], a["y"]],
                        "pixels": a["amount"] if content in ("up", "right") else -a["amount"]}
            return {"action": "swipe", "coordinate": [a["x"], a["y"]], "coordinate2": [a["x2"], a["y2"]]}
        if kind == "type":
            return {"action": "type", "text": a["text"]}
        if kind == "hotkey":
            return {"action": "key", "keys": a["keys"]}
        if kind == "system_button":
            if a["button"] not in _BUTTONS:  # written as Menu it would come back as a different button
                raise ValueError(f"{self.name} cannot express system_button {a['button']!r}")
            return {"action": "system_button", "button": _BUTTONS[a["button"]]}
        if kind == "open":
            return {"action": "open", "text": a["app"]}
        if kind == "wait":
            return {"action": "wait", "time": a.get("seconds", 1)}
        if kind == "answer":
            # fields are written as fields: as JSON text they reached the device as one free-text answer
            return {"action": "answer", **({"text": a["text"]} if a.get("text") is not None else {}),
                    **({"fields": a["fields"]} if a.get("fields") else {})}
        if kind == "terminate":
            return {"action": "terminate", "status": "success" if a["status"] == "success" else "failure",
                    **({"answer": a["answer"]} if a.get("answer") is not None else {})}
        if kind == "ask_user":
            return {"action": "ask_user", "text": a["question"]}
        raise ValueError(f"{self.name} cannot express {kind!r}")

    def _prepare(self, data: dict[str, Any]) -> dict[str, Any]:
        """Add the end point a phone swipe is written with: its amount (of 0–1000) in the finger's direction, kept on
        screen; the amount itself is then said by the end point. A desktop scroll keeps its amount (the default
        filled in), written as its pixels once converted to the format's space."""
        if data["type"] not in ("scroll", "swipe"):
            return data
        if self.tool == "computer_use":
            return {**data, "amount": data.get("amount", 400)}
        finger = data["direction"] if data["type"] == "swipe" else _OPPOSITE[data["direction"]]
        ux, uy = _SWIPE_STEP[finger]
        length = data.get("amount", 400)
        (x, x2), (y, y2) = _span(data["x"], ux * length), _span(data["y"], uy * length)
        rest = {k: v for k, v in data.items() if k != "amount"}
        return {**rest, "x": x, "y": y, "x2": x2, "y2": y2}

    def _render(self, thought: str, actions: list[dict[str, Any]]) -> str:
        calls = [f'<tool_call>\n{json.dumps({"name": self.tool, "arguments": self._from_action(a)})}\n</tool_call>'
                 for a in actions]
        return "\n".join(([thought] if thought else []) + calls)
