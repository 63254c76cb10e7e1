"""``uitars-v1``: a UI-TARS-style text format::

    Thought: The Save button is at the bottom.
    Action: click(start_box='(500,940)')

Boxes may be written ``'(x,y)'``, ``'(x1,y1,x2,y2)'`` (the centre is used) or with
``<|box_start|>…<|box_end|>`` markers. Several ``Action:`` lines = a batch.
"""

from __future__ import annotations

import re
from typing import Any

from toolkit.actions import normalize_key
from toolkit.harness.formats.base import ActionFormat, FormatError
from toolkit.harness.formats.text import COLON, call_to_dict, fmt_value

_ACTION = re.compile(rf"^[ \t>#*_-]*Action{COLON}", re.IGNORECASE | re.MULTILINE)
_THOUGHT = re.compile(rf"Thought{COLON}(.*?)(?=\n[ \t>#*_-]*Action{COLON}|\Z)", re.IGNORECASE | re.DOTALL)
_CALL_START = re.compile(r"^\s*(\w+)\s*[(（]")
_NUMS = re.compile(r"-?\d+(?:\.\d+)?")
#: How UI-TARS writes the device's key names (its prompt says 'ctrl a'); the rest are lower-cased.
_UITARS_KEYS = {"Control": "ctrl", "Escape": "esc", "Meta": "cmd", "ArrowUp": "up", "ArrowDown": "down",
                "ArrowLeft": "left", "ArrowRight": "right"}


def _known(key: str) -> bool:
    try:
        normalize_key(key)
    except ValueError:
        return False
    return True


_POSITIONAL = {
    "click": ("start_box",), "left_double": ("start_box",), "long_press": ("start_box",), "type": ("content",),
    "scroll": ("start_box", "direction"), "drag": ("start_box", "end_box"), "press_home": (), "press_back": (),
    "press_enter": (), "open_app": ("app_name",), "hotkey": ("key",), "wait": ("seconds",), "finished": ("content",),
    "call_user": ("content",), "failed": (),
}
#: other argument names UI-TARS releases write (``click(point='<point>x y</point>')``, ``drag(start_point=...)``)
_ARG_ALIASES = {"point": "start_box", "start_point": "start_box", "end_point": "end_box"}


def _box(value: Any, name: str = "start_box") -> tuple[float, float]:
    """Return the point of a box argument (a 4-number box: its centre); raise FormatError naming ``name``."""
    if value is None:  # said "got 'None'", as if the model had written None
        raise FormatError("invalid_action", f"{name} is missing: write {name}='(x,y)'")
    nums = [float(n) for n in _NUMS.findall(str(value).replace("<|box_start|>", "").replace("<|box_end|>", ""))]
    if len(nums) == 2:
        return nums[0], nums[1]
    if len(nums) == 4:
        return (nums[0] + nums[2]) / 2, (nums[1] + nums[3]) / 2
    raise FormatError("invalid_action", f"a box must be '(x,y)' or '(x1,y1,x2,y2)', got {str(value)[:40]!r}")


class UITarsFormat(ActionFormat):
    """The ``uitars-v1`` action format."""

    name = "uitars-v1"
    can_clear = False

    def describe(self) -> str:
        return (
            "Output exactly:\nThought: <your reasoning>\nAction: <one action per line>\n"
            f"{self.coords_hint()}\n"
            "Action space:\n"
            "click(start_box='(x,y)')\nleft_double(start_box='(x,y)')\nlong_press(start_box='(x,y)')\n"
            "type(content='')\nscroll(start_box='(x,y)', direction='down|up|right|left')\n"
            "drag(start_box='(x1,y1)', end_box='(x2,y2)')\nopen_app(app_name='')\npress_home()\npress_back()\npress_enter()\n"
            "hotkey(key='ctrl a')\nwait(seconds=1)  # let time pass\ncall_user(content='question')\nfinished(content='')  # the task is done\nfailed()"
        )

    def _to_action(self, d: dict[str, Any]) -> dict[str, Any]:
        kind = d.pop("type")
        d = {_ARG_ALIASES.get(k, k): v for k, v in d.items()}
        unknown = sorted(set(d) - set(_POSITIONAL[kind]))
        if unknown:  # e.g. type(text=...): read as nothing, the action would run without what the model meant
            takes = ", ".join(_POSITIONAL[kind]) or "no arguments"
            raise FormatError("invalid_action", f"{kind}: unknown argument {', '.join(unknown)} (takes {takes})")
        if kind in ("click", "left_double", "long_press"):
            x, y = _box(d.get("start_box"))
            return {"type": {"click": "click", "left_double": "double_click", "long_press": "long_press"}[kind], "x": x, "y": y}
        if kind == "type":
            return {"type": "type", "text": d.get("content")}
        if kind == "scroll":
            if "start_box" not in d:  # the canonical default, the screen's centre: a "(500,500)" written here was read
                return {"type": "scroll", "direction": d.get("direction")}  # in the format's space (not 0-1, pixels)
            x, y = _box(d.get("start_box"))
            return {"type": "scroll", "x": x, "y": y, "direction": d.get("direction")}
        if kind == "drag":
            (x, y), (x2, y2) = _box(d.get("start_box")), _box(d.get("end_box"), "end_box")
            return {"type": "drag", "x": x, "y": y, "x2": x2, "y2": y2}
        if kind in ("press_home", "press_back", "press_enter"):
            return {"type": "system_button", "button": kind.split("_")[1]}
        if kind == "open_app":
            return {"type": "open", "app": d.get("app_name")}
        if kind == "hotkey":
            # UI-TARS spells keys its way ('ctrl a', 'esc', 'pagedown'); the Hotkey model maps each spelling to the
            # device's name (Control, Escape, PageDown) and rejects an unknown one as an invalid action
            keys = str(d.get("key", "")).split()
            return {"type": "hotkey", "keys": [normalize_key(k) if _known(k) else k for k in keys]}
        if kind == "wait":  # UI-TARS's wait() has no duration; seconds= lets the virtual clock run longer
            return {"type": "wait", "seconds": d.get("seconds", 1)}
        if kind == "call_user":
            return {"type": "ask_user", "question": d.get("content")}
        if kind == "finished":
            content = d.get("content")
            return {"type": "terminate", "status": "success", **({"answer": content} if content else {})}
        return {"type": "terminate", "status": "failed"}

    def _extract(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        match = _THOUGHT.search(text)
        thought = match.group(1).strip()[:500] if match else ""
        lines = self._action_lines(text)
        if not lines:
            raise FormatError("no_action", "no 'Action:' line found; write e.g. Action: click(start_box='(500,300)')", thought)
        out = []
        for i, line in enumerate(lines, start=1):
            try:
                out.append(self._to_action(call_to_dict(line.strip("` "), _POSITIONAL)))
            except FormatError as exc:
                raise FormatError(exc.kind, f"action {i}: {exc.message}", thought) from None
        return thought, out

    @staticmethod
    def _action_lines(text: str) -> list[str]:
        """Return the actions after the first ``Action:``: one per ``Action:`` line, and, as UI-TARS writes a batch,
        each further line that starts with a call of its action space (``click(...)`` after a blank line)."""
        first = _ACTION.search(text)
        if first is None:
            return []
        lines = []
        for line in text[first.end():].splitlines():
            label = _ACTION.match(line)
            if label:
                lines.append(line[label.end():].strip())
            elif lines == [] or ((call := _CALL_START.match(line.strip("` "))) and call.group(1) in _POSITIONAL):
                lines.append(line.strip())
        return [line for line in lines if line]

    def _from_action(self, a: dict[str, Any]) -> str:
        kind = a["type"]
        point = lambda x, y: f"'({x},{y})'"  # noqa: E731
        if kind in ("click", "double_click", "long_press"):
            name = {"click": "click", "double_click": "left_double", "long_press": "long_press"}[kind]
            return f"{name}(start_box={point(a['x'], a['y'])})"
        if kind == "type":
            return f"type(content={a['text']!r})"
        if kind in ("scroll", "swipe"):
            direction = a["direction"] if kind == "scroll" else {"up": "down", "down": "up", "left": "right", "right": "left"}[a["direction"]]
            return f"scroll(start_box={point(a.get('x', 500), a.get('y', 500))}, direction={direction!r})"
        if kind == "drag":
            return f"drag(start_box={point(a['x'], a['y'])}, end_box={point(a['x2'], a['y2'])})"
        if kind == "system_button":
            if a["button"] not in ("home", "back", "enter"):  # press_home() would be a different button
                raise ValueError(f"{self.name} cannot express system_button {a['button']!r}")
            return f"press_{a['button']}()"
        if kind == "open":
            return f"open_app(app_name={a['app']!r})"
        if kind == "hotkey":
            # a single character keeps its case: 'A' is not the key 'a'
            spelled = (_UITARS_KEYS.get(k, k if len(k) == 1 else k.lower()) for k in a["keys"])
            return f"hotkey(key={' '.join(spelled)!r})"
        if kind == "wait":
            seconds = a.get("seconds", 1)
            return "wait()" if seconds == 1 else f"wait(seconds={fmt_value(seconds)})"
        if kind == "ask_user":
            return f"call_user(content={a['question']!r})"
        if kind == "terminate":
            if a["status"] == "success":
                return f"finished(content={a['answer']!r})" if a.get("answer") else "finished()"
            return "failed()"
        raise ValueError(f"{self.name} cannot express {kind!r}")

    def _render(self, thought: str, actions: list[dict[str, Any]]) -> str:
        return "\n".join([f"Thought: {thought}"] + [f"Action: {self._from_action(a)}" for a in actions])
