"""``text-v1``: a function-call syntax, one action per ``Action:`` line::

    Thought: the contact list is open; Ada's row is near the top.
    Action: click(x=500, y=212)
"""

from __future__ import annotations

import ast
import re
from typing import Any

from toolkit.harness.formats.base import ActionFormat, FormatError, scan_quotes

_POSITIONAL = {
    "click": ("x", "y"), "double_click": ("x", "y"), "long_press": ("x", "y"), "type": ("text",),
    "hotkey": ("keys",), "open": ("app",), "drag": ("x", "y", "x2", "y2"), "scroll": ("direction",),
    "swipe": ("direction",), "system_button": ("button",), "wait": ("seconds",), "cli_command": ("command",),
    "api_call": ("name",), "ask_user": ("question",), "answer": ("text",), "terminate": ("status",),
}
#: a label's colon, ASCII or full-width, with the markdown emphasis models put around labels (``**Action:**``)
COLON = r"\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*"
_ACTION_LINE = re.compile(rf"^[ \t>#*_-]*Action\s*\d*{COLON}(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
_THOUGHT = re.compile(rf"Thought{COLON}(.*)", re.IGNORECASE)
#: full-width punctuation (as models trained on Chinese text write it) and its ASCII spelling
_FULL_WIDTH = str.maketrans("，（）＝［］｛｝", ",()=[]{}")


def ascii_punctuation(text: str) -> str:
    """Return ``text`` with full-width punctuation outside string literals made ASCII (``click(x=1，y=2)``)."""
    return "".join(char if quoted else char.translate(_FULL_WIDTH) for _, char, quoted in scan_quotes(text))


#: a sentence's end after the call (``click(x=1, y=2).``), as chat models close a line: not part of the call
_SENTENCE_END = re.compile(r"\)\s*[.;。；]+$")


def call_to_dict(text: str, positional: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """Parse ``name(a, k=v)`` with literal arguments only into ``{"type": name, ...}``."""
    text = _SENTENCE_END.sub(")", text.strip())
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        try:
            tree = ast.parse(ascii_punctuation(text.strip()), mode="eval")
        except SyntaxError:
            raise FormatError("syntax", f"cannot read {text[:80]!r}: {exc.msg}") from None
    call = tree.body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        raise FormatError("syntax", f"cannot read {text[:80]!r}: expected a call like click(x=500, y=300)")
    name = call.func.id
    if name not in positional:
        raise FormatError("invalid_action", f"unknown action {name!r}; expected one of {', '.join(positional)}")
    names = positional[name]
    if len(call.args) > len(names):
        raise FormatError("invalid_action", f"{name}: too many positional arguments (takes {', '.join(names) or 'none'})")
    data: dict[str, Any] = {"type": name}
    try:
        for key, node in zip(names, call.args):
            data[key] = ast.literal_eval(node)
        for kw in call.keywords:
            if kw.arg is None:
                raise FormatError("syntax", "**kwargs are not allowed")
            if kw.arg in data:  # click(500, 300, x=6): which x was meant cannot be told (Python itself refuses it)
                raise FormatError("syntax", f"{name}: argument {kw.arg!r} given twice")
            data[kw.arg] = ast.literal_eval(kw.value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
        raise FormatError("syntax", f"cannot read {text[:80]!r}: arguments must be literals ({type(exc).__name__})") from None
    return data


def fmt_value(value: Any) -> str:
    """Return a Python literal for a value (integral floats without '.0')."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value)


class TextFormat(ActionFormat):
    """The ``text-v1`` action format."""

    name = "text-v1"

    def describe(self) -> str:
        return (
            "Respond with a short 'Thought:' line, then one or more 'Action:' lines, executed in order.\n"
            f"{self.coords_hint()}\n"
            "Actions:\n"
            "  click(x=, y=)            tap a point\n"
            "  double_click(x=, y=)     double tap\n"
            "  long_press(x=, y=)       press and hold\n"
            "  type(text=, clear=False) type into the focused field (tap it first); clear=True replaces its text\n"
            "  scroll(direction=, x=500, y=500)  scroll the content under the point: up|down|left|right\n"
            "  swipe(direction=, x=500, y=500)   move a finger: up|down|left|right\n"
            "  drag(x=, y=, x2=, y2=)   drag between two points\n"
            "  open(app=)               open an app by id\n"
            "  system_button(button=)   back|home|recents|enter\n"
            "  hotkey(keys=[...])       press a key combination\n"
            "  wait(seconds=1)          let time pass\n"
            "  ask_user(question=)      ask the user for missing information\n"
            "  answer(text=) / answer(fields={...})  give the answer of a question\n"
            "  terminate(status='success'|'failed')  finish the task\n"
            "Example:\nThought: the Save button is at the bottom.\nAction: click(x=500, y=940)"
        )

    def _extract(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        match = _THOUGHT.search(text)
        thought = match.group(1).strip()[:500] if match else ""
        lines = _ACTION_LINE.findall(text)
        if not lines:
            raise FormatError("no_action", "no 'Action:' line found; write e.g. 'Action: click(x=500, y=300)'", thought)
        out = []
        for i, line in enumerate(lines, start=1):
            try:
                out.append(call_to_dict(line.strip("` "), _POSITIONAL))
            except FormatError as exc:
                raise FormatError(exc.kind, f"action {i}: {exc.message}", thought) from None
        return thought, out

    def _render(self, thought: str, actions: list[dict[str, Any]]) -> str:
        lines = [f"Thought: {thought}"] if thought else []
        for data in actions:
            kind = data.pop("type")
            lines.append(f"Action: {kind}({', '.join(f'{k}={fmt_value(v)}' for k, v in data.items())})")
        return "\n".join(lines)
