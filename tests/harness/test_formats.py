"""The text action format: round trips, and parsing that never raises."""

from __future__ import annotations

import random

import pytest

from toolkit.actions import parse_action
from toolkit.harness import TextFormat

ACTIONS = [
    {"type": "click", "x": 12, "y": 999}, {"type": "double_click", "x": 0, "y": 0}, {"type": "long_press", "x": 500, "y": 1},
    {"type": "type", "text": "it's \"quoted\"\nnew line", "clear": True}, {"type": "hotkey", "keys": ["Control", "a"]},
    {"type": "open", "app": "contacts"}, {"type": "drag", "x": 1, "y": 2, "x2": 3, "y2": 4},
    {"type": "scroll", "direction": "down", "x": 400, "y": 600, "amount": 250}, {"type": "swipe", "direction": "left"},
    {"type": "system_button", "button": "back"}, {"type": "wait", "seconds": 2.5}, {"type": "ask_user", "question": "Which one?"},
    {"type": "answer", "fields": {"count": 3, "who": "Ada"}}, {"type": "answer", "text": "42"},
    {"type": "terminate", "status": "success", "answer": "done"}, {"type": "cli_command", "command": "ls -l"},
    {"type": "api_call", "name": "search", "args": {"q": "x"}},
]


@pytest.mark.parametrize("raw", ACTIONS, ids=lambda a: a["type"])
def test_round_trip(raw):
    fmt = TextFormat()
    action = parse_action(raw)
    parsed = fmt.parse(fmt.render([action], "because"))
    assert parsed.ok and parsed.actions == [action] and parsed.thought == "because"


def test_batches_keep_order():
    fmt = TextFormat()
    text = "Thought: two things\nAction: click(x=1, y=2)\nAction: type(text='hi')\nAction: terminate(status='success')"
    assert [a.type for a in fmt.parse(text).actions] == ["click", "type", "terminate"]


@pytest.mark.parametrize("text, kind", [
    ("I will click the button", "no_action"), ("Action: click(x=1, y=2", "syntax"), ("Action: dance()", "invalid_action"),
    ("Action: click(x=1e308, y=5)", "invalid_action"), ("Action: click(x=__import__('os'), y=1)", "syntax"),
    ("Action: type(text=5)", "invalid_action"), ("Action: click(**{'x': 1})", "syntax"),
    ("\n".join(["Action: wait()"] * 9), "too_many"), (None, "not_text"), ("Action: open()", "invalid_action"),
])
def test_bad_outputs_give_typed_errors(text, kind):
    result = TextFormat().parse(text)
    assert not result.ok and result.error_kind == kind and result.error


def test_fuzz_never_raises():
    rng = random.Random(0)
    fmt = TextFormat()
    seeds = ["Action: click(x=500, y=300)", "Action: type(text='a')", "Thought: x", "Action: terminate(status='success')"]
    for _ in range(2000):
        base = rng.choice(seeds)
        mutated = list(base)
        for _ in range(rng.randint(1, 6)):
            op = rng.random()
            pos = rng.randrange(len(mutated) + 1)
            if op < 0.4:
                mutated.insert(pos, chr(rng.randint(0, 0x2FF)))
            elif op < 0.7 and mutated:
                del mutated[min(pos, len(mutated) - 1)]
            else:
                mutated.insert(pos, rng.choice(["(", ")", "'", "=", "9" * 400, "[[[[", "Action:", "\n"]))
        result = fmt.parse("".join(mutated))
        assert result.ok or result.error
