"""``qwen3vl-mobile-v1`` / ``qwen3vl-computer-v1``: Qwen3-VL's ``<tool_call>`` function calling::

    <tool_call>
    {"name": "mobile_use", "arguments": {"action": "click", "coordinate": [500, 940]}}
    </tool_call>

Qwen3-VL's GUI tools use 0–1000 relative coordinates. Several tool calls = a batch.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toolkit.harness.formats.base import ActionFormat, FormatError

_CALL = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_BUTTONS = {"back": "Back", "home": "Home", "menu": "Menu", "enter": "Enter", "recents": "Menu"}


def _point(args: dict[str, Any], key: str = "coordinate") -> tuple[Any, Any]:
    value = args.get(key)
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise FormatError("invalid_action", f"'{key}' must be [x, y]")
    return value[0], value[1]


def _direction(start: tuple[Any, Any], end: tuple[Any, Any]) -> str:
    dx, dy = float(end[0]) - float(start[0]), float(end[1]) - float(start[1])
    if abs(dx) > abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


class QwenFormat(ActionFormat):
    """Qwen3-VL tool calls for the phone (``mobile_use``) or the desktop (``computer_use``)."""

    can_clear = False

    def __init__(self, tool: str = "mobile_use", coords=None):
        super().__init__(coords)
        if tool not in ("mobile_use", "computer_use"):
            raise ValueError("tool must be mobile_use or computer_use")
        self.tool = tool
        self.name = "qwen3vl-mobile-v1" if tool == "mobile_use" else "qwen3vl-computer-v1"

    def describe(self) -> str:
        if self.tool == "mobile_use":
            actions = ("click(coordinate), long_press(coordinate, time), swipe(coordinate, coordinate2), type(text), "
                       "key(keys: e.g. [\"Control\", \"a\"] selects a field's text), "
                       "system_button(button: Back|Home|Menu|Enter), open(text: app id), wait(time), answer(text), "
                       "terminate(status: success|failure)")
        else:
            actions = ("left_click(coordinate), double_click(coordinate), right_click(coordinate), mouse_move(coordinate), "
                       "left_click_drag(coordinate, coordinate2), type(text), key(keys), scroll(coordinate, pixels), wait(time), "
                       "answer(text), terminate(status: success|failure)")
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
            return {"type": "swipe", "x": start[0], "y": start[1], "direction": _direction(start, end)}
        if kind == "scroll":
            x, y = _point(args)
            pixels = float(args.get("pixels", -400))
            return {"type": "scroll", "x": x, "y": y, "direction": "up" if pixels > 0 else "down"}
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
        if kind == "answer":
            return {"type": "answer", "text": args.get("text")}
        if kind == "terminate":
            status = args.get("status")
            return {"type": "terminate", "status": "success" if status == "success" else "failed" if status == "failure" else status}
        if kind == "mouse_move":
            raise FormatError("invalid_action", "mouse_move has no effect on this device; click instead")
        raise FormatError("invalid_action", f"unknown {self.tool} action {kind!r}")

    def _extract(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        thought = text.split("<tool_call>", 1)[0].strip()[:500]
        calls = _CALL.findall(text)
        if not calls:
            raise FormatError("no_action", f"no <tool_call> found; call {self.tool} inside <tool_call>...</tool_call>", thought)
        out = []
        for i, body in enumerate(calls, start=1):
            try:
                call = json.loads(body)
            except json.JSONDecodeError as exc:
                raise FormatError("syntax", f"tool call {i}: not JSON ({exc.msg})", thought) from None
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
            x, y = a.get("x", 500), a.get("y", 500)
            direction = a["direction"]
            if kind == "scroll":  # canonical scroll names content motion; Qwen's swipe names finger motion
                direction = {"down": "up", "up": "down", "left": "right", "right": "left"}[direction]
            if desktop:
                return {"action": "scroll", "coordinate": [x, y], "pixels": 400 if direction == "down" else -400}
            step = {"up": (0, -300), "down": (0, 300), "left": (-300, 0), "right": (300, 0)}[direction]
            return {"action": "swipe", "coordinate": [x, y], "coordinate2": [x + step[0], y + step[1]]}
        if kind == "type":
            return {"action": "type", "text": a["text"]}
        if kind == "hotkey":
            return {"action": "key", "keys": a["keys"]}
        if kind == "system_button":
            return {"action": "system_button", "button": _BUTTONS[a["button"]]}
        if kind == "open":
            return {"action": "open", "text": a["app"]}
        if kind == "wait":
            return {"action": "wait", "time": a.get("seconds", 1)}
        if kind == "answer":
            return {"action": "answer", "text": a.get("text") or json.dumps(a.get("fields", {}))}
        if kind == "terminate":
            return {"action": "terminate", "status": "success" if a["status"] == "success" else "failure"}
        raise ValueError(f"{self.name} cannot express {kind!r}")

    def _render(self, thought: str, actions: list[dict[str, Any]]) -> str:
        calls = [f'<tool_call>\n{json.dumps({"name": self.tool, "arguments": self._from_action(a)})}\n</tool_call>'
                 for a in actions]
        return "\n".join(([thought] if thought else []) + calls)
