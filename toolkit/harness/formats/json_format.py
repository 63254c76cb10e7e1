"""``json-v1``: one JSON object, optionally in a ```json fence::

    {"thought": "Save is at the bottom", "actions": [{"type": "click", "x": 500, "y": 940}]}

A bare action object (``{"type": "click", ...}``) or a list of them is accepted too, and so is a Python literal
(``True``, ``None``, single quotes) where JSON was meant.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from toolkit.harness.formats.base import ActionFormat, FormatError, scan_quotes

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def first_json_object(text: str) -> Any:
    """Return the first JSON value that decodes from a ``{`` or ``[`` in ``text`` (fenced blocks first)."""
    return _first_json(text)[0]


#: how many ``{``/``[`` of a block are tried as a Python literal once JSON failed there: each try scans to the
#: bracket that closes it, so a bound keeps a long run of brackets from costing quadratic time
_PYTHON_TRIES = 8


def _closing(text: str, start: int) -> int | None:
    """Return the index after the bracket that closes the one at ``start`` (quotes and escapes skipped), or None."""
    depth = 0
    for i, char, quoted in scan_quotes(text, start):
        if quoted:
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def _python_literal(text: str, start: int) -> tuple[Any, int] | None:
    """Return (value, end) of the Python literal at ``start`` (``True``, ``None``, single quotes, as models trained on
    Python write JSON) when it is an object or a list of objects; else None. Read with ``ast.literal_eval``, which
    evaluates literals only."""
    end = _closing(text, start)
    if end is None:
        return None
    try:
        value = ast.literal_eval(text[start:end])
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if isinstance(value, dict) or (isinstance(value, list) and value and all(isinstance(v, dict) for v in value)):
        return value, end
    return None


def _decode_at(text: str, start: int, python: bool) -> tuple[Any, int] | None:
    """Return (value, end) of the JSON value at ``start`` or, with ``python``, of a Python literal there; else None."""
    try:
        return json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError:
        return _python_literal(text, start) if python else None


def _is_answer(value: Any) -> bool:
    """Return whether ``value`` has the shape of an answer: the object with ``actions``, an action object (with a
    ``type``) or a list of action objects."""
    if isinstance(value, dict):
        return "actions" in value or "type" in value
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "type" in v for v in value)


def _first_json(text: str) -> tuple[Any, str]:
    """Return the first answer-shaped JSON value (or Python literal object) that decodes from a ``{`` or ``[`` in
    ``text`` (fenced blocks first) and the text of its block after it; with none, the first value that decodes.

    A value of another shape is stepped over whole: prose before the answer that quotes a list or an object ("items
    [1, 2]", 'the form reads {"name": "Ada"}') was taken for the answer and the step failed as a syntax error.
    """
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    first: tuple[Any, str] | None = None
    for chunk in candidates:
        tries, skip_to = _PYTHON_TRIES, 0
        for i, ch in enumerate(chunk):
            if ch in "{[" and i >= skip_to:
                found = _decode_at(chunk, i, tries > 0)
                tries -= 1
                if found is None:
                    continue
                if _is_answer(found[0]):
                    return found[0], chunk[found[1]:]
                first = first or (found[0], chunk[found[1]:])  # reported (its shape named) when nothing better follows
                skip_to = found[1]  # not its insides: an action inside an object of another shape is not the answer
    if first is not None:
        return first
    raise FormatError("no_action", 'no JSON object found; answer with {"thought": ..., "actions": [...]}')


def _more_objects(rest: str) -> list[Any]:
    """Return the objects that follow one another at the start of ``rest`` (space, commas or newlines between)."""
    values, pos = [], 0
    while True:
        pos = len(rest) - len(rest[pos:].lstrip(" \t\r\n,"))
        if not rest.startswith("{", pos) or len(values) > 8:  # more than a batch holds: too_many either way
            return values
        found = _decode_at(rest, pos, True)
        if found is None:
            return values
        value, pos = found
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
