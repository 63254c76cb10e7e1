"""``json-v1``: one JSON object, optionally in a ```json fence::

    {"thought": "Save is at the bottom", "actions": [{"type": "click", "x": 500, "y": 940}]}

A bare action object (``{"type": "click", ...}``) or a list of them is accepted too.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toolkit.harness.formats.base import ActionFormat, FormatError

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def first_json_object(text: str) -> Any:
    """Return the first JSON value that decodes from a ``{`` or ``[`` in ``text`` (fenced blocks first)."""
    return _first_json(text)[0]


def _first_json(text: str) -> tuple[Any, str]:
    """Return the first JSON value that decodes from a ``{`` or ``[`` in ``text`` (fenced blocks first) and the text
    of its block after it."""
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for chunk in candidates:
        for i, ch in enumerate(chunk):
            if ch in "{[":
                try:
                    value, end = decoder.raw_decode(chunk, i)
                    return value, chunk[end:]
                except json.JSONDecodeError:
                    continue
    raise FormatError("no_action", 'no JSON object found; answer with {"thought": ..., "actions": [...]}')


def _more_objects(rest: str) -> list[Any]:
    """Return the JSON objects that follow one another at the start of ``rest`` (space, commas or newlines between)."""
    decoder, values, pos = json.JSONDecoder(), [], 0
    while True:
        pos = len(rest) - len(rest[pos:].lstrip(" \t\r\n,"))
        if not rest.startswith("{", pos):
            return values
        try:
            value, pos = decoder.raw_decode(rest, pos)
        except json.JSONDecodeError:
            return values
        values.append(value)


class JsonFormat(ActionFormat):
    """The ``json-v1`` action format."""

    name = "json-v1"

    def describe(self) -> str:
        return (
            'Respond with one JSON object: {"thought": "<short reasoning>", "actions": [<action>, ...]}; the actions run in order.\n'
            f"{self.coords_hint()}\n"
            "Each action is an object with a \"type\" and its fields:\n"
            '  {"type": "click"|"double_click"|"long_press", "x": X, "y": Y}\n'
            '  {"type": "type", "text": "...", "clear": false}   (tap the field first)\n'
            '  {"type": "scroll"|"swipe", "direction": "up"|"down"|"left"|"right", "x": 500, "y": 500}\n'
            '  {"type": "drag", "x": X, "y": Y, "x2": X2, "y2": Y2}\n'
            '  {"type": "open", "app": "<app id>"}   {"type": "system_button", "button": "back"|"home"|"recents"|"enter"}\n'
            '  {"type": "hotkey", "keys": ["Control", "a"]}   {"type": "wait", "seconds": 1}\n'
            '  {"type": "ask_user", "question": "..."}   {"type": "answer", "fields": {...}} or {"type": "answer", "text": "..."}\n'
            '  {"type": "terminate", "status": "success"|"failed"}\n'
            'Example: {"thought": "Save is at the bottom", "actions": [{"type": "click", "x": 500, "y": 940}]}'
        )

    def _extract(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        value, rest = _first_json(text)
        thought = ""
        if isinstance(value, dict) and "actions" in value:
            thought = str(value.get("thought", ""))[:500]
            value = value["actions"]
        elif isinstance(value, dict) and "type" not in value:
            raise FormatError("syntax", f'expected {{"thought": ..., "actions": [...]}}, got an object with keys '
                                        f'{", ".join(map(str, value))[:120] or "none"}')
        elif isinstance(value, dict):  # bare action objects, one after another: a batch
            value = [value, *_more_objects(rest)]
        if not isinstance(value, list) or not all(isinstance(a, dict) for a in value):
            raise FormatError("syntax", '"actions" must be a list of objects', thought)
        return thought, [dict(a) for a in value]

    def _render(self, thought: str, actions: list[dict[str, Any]]) -> str:
        return json.dumps({"thought": thought, "actions": actions}, ensure_ascii=False)
