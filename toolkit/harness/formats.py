"""Action formats: a prompt section describing the actions + a parser of model output.

``text-v1`` is a function-call syntax, one action per ``Action:`` line::

    Thought: the contact list is open; Ada's row is near the top.
    Action: click(x=500, y=212)

Parsing never raises: it returns a :class:`ParseResult` whose ``error`` says what was
wrong, and that message is fed back to the model as the next observation's note.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any

from toolkit.actions import Action, ActionError, parse_action

_POSITIONAL = {
    "click": ("x", "y"), "double_click": ("x", "y"), "long_press": ("x", "y"), "type": ("text",),
    "hotkey": ("keys",), "open": ("app",), "drag": ("x", "y", "x2", "y2"), "scroll": ("direction",),
    "swipe": ("direction",), "system_button": ("button",), "wait": ("seconds",), "cli_command": ("command",),
    "api_call": ("name",), "ask_user": ("question",), "answer": ("text",), "terminate": ("status",),
}
_ACTION_LINE = re.compile(r"^\s*(?:[-*]\s*)?Action\s*\d*\s*:\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
_MAX_ACTIONS = 8
_MAX_OUTPUT = 20000


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


def _literal(node: ast.AST) -> Any:
    return ast.literal_eval(node)


def _call_to_dict(text: str) -> dict[str, Any]:
    tree = ast.parse(text.strip(), mode="eval")
    call = tree.body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        raise ValueError("expected a call like click(x=500, y=300)")
    name = call.func.id
    if name not in _POSITIONAL:
        raise ActionError(f"unknown action {name!r}; expected one of {', '.join(_POSITIONAL)}")
    names = _POSITIONAL[name]
    if len(call.args) > len(names):
        raise ActionError(f"{name}: too many positional arguments (takes {', '.join(names)})")
    data: dict[str, Any] = {"type": name}
    for key, node in zip(names, call.args):
        data[key] = _literal(node)
    for kw in call.keywords:
        if kw.arg is None:
            raise ValueError("**kwargs are not allowed")
        data[kw.arg] = _literal(kw.value)
    return data


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value)


class TextFormat:
    """The ``text-v1`` action format (versioned: prompts and parser change together)."""

    name = "text-v1"

    def describe(self) -> str:
        """Return the prompt section that teaches the model this format."""
        return (
            "Respond with a short 'Thought:' line, then one or more 'Action:' lines, executed in order.\n"
            "Coordinates are integers from 0 to 1000 on both axes: (0,0) is the top-left corner of the screen, "
            "(1000,1000) the bottom-right.\n"
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

    def render(self, actions: list[Action | dict], thought: str = "") -> str:
        """Return model-style text for actions (used by scripted policies and round-trip tests)."""
        lines = [f"Thought: {thought}"] if thought else []
        for raw in actions:
            action = parse_action(raw)
            data = action.model_dump(mode="json", exclude_defaults=True)
            data.pop("type", None)
            args = ", ".join(f"{k}={_fmt(v)}" for k, v in data.items())
            lines.append(f"Action: {action.type}({args})")
        return "\n".join(lines)

    def parse(self, text: Any) -> ParseResult:
        """Parse model output into actions; never raises."""
        if not isinstance(text, str):
            return ParseResult(error=f"model output must be text, got {type(text).__name__}", error_kind="not_text")
        if len(text) > _MAX_OUTPUT:
            text = text[:_MAX_OUTPUT]
        thought_match = re.search(r"Thought\s*:\s*(.*)", text, re.IGNORECASE)
        thought = thought_match.group(1).strip()[:500] if thought_match else ""
        lines = _ACTION_LINE.findall(text)
        if not lines:
            return ParseResult(error="no 'Action:' line found; write e.g. 'Action: click(x=500, y=300)'",
                               error_kind="no_action", thought=thought)
        if len(lines) > _MAX_ACTIONS:
            return ParseResult(error=f"too many actions in one step ({len(lines)} > {_MAX_ACTIONS})",
                               error_kind="too_many", thought=thought)
        actions = []
        for i, line in enumerate(lines, start=1):
            try:
                actions.append(parse_action(_call_to_dict(line.strip("` "))))
            except ActionError as exc:
                return ParseResult(actions=[], error=f"action {i}: {exc.message}", error_kind="invalid_action", thought=thought)
            except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError) as exc:
                detail = exc.msg if isinstance(exc, SyntaxError) else str(exc)
                return ParseResult(actions=[], error=f"action {i}: cannot read {line[:80]!r}: {detail}",
                                   error_kind="syntax", thought=thought)
        return ParseResult(actions=actions, thought=thought)


FORMATS = {TextFormat.name: TextFormat, "text": TextFormat}


def get_format(name: str) -> TextFormat:
    """Return the action format registered under ``name``."""
    if name not in FORMATS:
        raise ValueError(f"unknown action format {name!r}; known: {', '.join(sorted(FORMATS))}")
    return FORMATS[name]()
