"""Action formats: round trips (action → text → same action) for every format, and parsing that never raises."""

from __future__ import annotations

import random

import pytest

from toolkit.actions import parse_action
from toolkit.harness.formats import FORMATS, get_format

ALL = [
    {"type": "click", "x": 12, "y": 999}, {"type": "double_click", "x": 0, "y": 0}, {"type": "long_press", "x": 500, "y": 1},
    {"type": "type", "text": "it's \"quoted\"\nnew line", "clear": True}, {"type": "hotkey", "keys": ["Control", "a"]},
    {"type": "open", "app": "contacts"}, {"type": "drag", "x": 1, "y": 2, "x2": 3, "y2": 4},
    {"type": "scroll", "direction": "down", "x": 400, "y": 600, "amount": 250}, {"type": "swipe", "direction": "left"},
    {"type": "system_button", "button": "back"}, {"type": "wait", "seconds": 2.5}, {"type": "ask_user", "question": "Which one?"},
    {"type": "answer", "fields": {"count": 3, "who": "Ada"}}, {"type": "answer", "text": "42"},
    {"type": "terminate", "status": "success", "answer": "done"}, {"type": "cli_command", "command": "ls -l"},
    {"type": "api_call", "name": "search", "args": {"q": "x"}},
]
QWEN = [
    {"type": "click", "x": 12, "y": 999}, {"type": "long_press", "x": 500, "y": 1}, {"type": "type", "text": "hi 'there'"},
    {"type": "swipe", "direction": "up", "x": 500, "y": 500}, {"type": "scroll", "direction": "down", "x": 500, "y": 700},
    {"type": "system_button", "button": "home"}, {"type": "system_button", "button": "enter"}, {"type": "open", "app": "bank"},
    {"type": "wait", "seconds": 3}, {"type": "answer", "text": "42"}, {"type": "terminate", "status": "failed"},
    {"type": "answer", "fields": {"count": 3, "who": "Ada"}}, {"type": "answer", "text": "t", "fields": {"n": 1}},
    {"type": "drag", "x": 10, "y": 20, "x2": 30, "y2": 40}, {"type": "hotkey", "keys": ["Control", "c"]},
    {"type": "double_click", "x": 5, "y": 6}, {"type": "terminate", "status": "success", "answer": "7"},
    {"type": "ask_user", "question": "Which one?"},
]
UITARS = [
    {"type": "click", "x": 12, "y": 999}, {"type": "double_click", "x": 1, "y": 2}, {"type": "long_press", "x": 3, "y": 4},
    {"type": "type", "text": "hello"}, {"type": "scroll", "direction": "up", "x": 500, "y": 500},
    {"type": "drag", "x": 10, "y": 20, "x2": 30, "y2": 40}, {"type": "system_button", "button": "back"},
    {"type": "open", "app": "notes"}, {"type": "hotkey", "keys": ["Control", "a"]}, {"type": "wait", "seconds": 1},
    {"type": "wait", "seconds": 600}, {"type": "wait", "seconds": 2.5},
    {"type": "ask_user", "question": "Which one?"}, {"type": "terminate", "status": "success", "answer": "7"},
    {"type": "terminate", "status": "failed"},
]
SUPPORTED = {"text-v1": ALL, "json-v1": ALL, "qwen3vl-mobile-v1": QWEN, "qwen3vl-computer-v1": QWEN, "uitars-v1": UITARS}
_OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def canonical(action):
    """A swipe is the scroll of the opposite direction; the amount is a format detail."""
    d = action.model_dump()
    if d["type"] == "swipe":
        d["type"], d["direction"] = "scroll", _OPPOSITE[d["direction"]]
    d.pop("amount", None)
    return d


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_round_trip_every_supported_action(name):
    fmt = get_format(name)
    for raw in SUPPORTED[name]:
        action = parse_action(raw)
        parsed = fmt.parse(fmt.render([action], "because"))
        assert parsed.ok, (raw, parsed.error)
        assert [canonical(a) for a in parsed.actions] == [canonical(action)], raw


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_replacing_a_fields_text_is_expressible_in_every_format(name):
    """Formats whose ``type`` cannot say "replace" write it as select-all then type, which the device runs the same."""
    fmt = get_format(name)
    action = parse_action({"type": "type", "text": "555-0100", "clear": True})
    parsed = fmt.parse(fmt.render([parse_action({"type": "click", "x": 5, "y": 6}), action]))
    if fmt.can_clear:
        assert parsed.actions[1] == action
    else:
        assert [a.model_dump() for a in parsed.actions[1:]] == [{"type": "hotkey", "keys": ["Control", "a"]},
                                                               {"type": "type", "text": "555-0100", "clear": False}]
    assert parsed.actions[0].type == "click"


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_batches_keep_order(name):
    fmt = get_format(name)
    batch = [parse_action(a) for a in ({"type": "click", "x": 1, "y": 2}, {"type": "type", "text": "hi"},
                                       {"type": "terminate", "status": "success"})]
    assert [a.type for a in fmt.parse(fmt.render(batch)).actions] == ["click", "type", "terminate"]


@pytest.mark.parametrize("coords, size, point", [("norm1", None, (0.25, 0.5)), ("pixels", (1080, 2400), (270, 1200)),
                                                 ("norm1000", None, (250, 500))])
def test_coordinate_spaces_convert_in_one_place(coords, size, point):
    fmt = get_format("text-v1", coords)
    parsed = fmt.parse(f"Action: click(x={point[0]}, y={point[1]})", size=size)
    assert (parsed.actions[0].x, parsed.actions[0].y) == (250, 500)
    assert fmt.parse(fmt.render(parsed.actions, size=size), size=size).actions == parsed.actions
    if coords == "pixels":
        assert get_format("text-v1", "pixels").parse("Action: click(x=10, y=10)").error_kind == "invalid_action"


@pytest.mark.parametrize("text, kind", [
    ("I will click the button", "no_action"), ("Action: click(x=1, y=2", "syntax"), ("Action: dance()", "invalid_action"),
    ("Action: click(x=1e308, y=5)", "invalid_action"), ("Action: click(x=__import__('os'), y=1)", "syntax"),
    ("Action: type(text=5)", "invalid_action"), ("Action: click(**{'x': 1})", "syntax"),
    ("Action: click(x=5, y=5, x=6)", "syntax"), ("Action: click(500, 300, x=6)", "syntax"),  # was: the last x, silently
    ("Action: click(type='double_click', x=1, y=2)", "syntax"),  # would have changed the action's kind
    ("\n".join(["Action: wait()"] * 9), "too_many"), (None, "not_text"), ("Action: open()", "invalid_action"),
])
def test_bad_text_outputs_give_typed_errors(text, kind):
    result = get_format("text-v1").parse(text)
    assert not result.ok and result.error_kind == kind and result.error


@pytest.mark.parametrize("name, text, kind", [
    ("json-v1", '{"actions": [{"type": "click", "x": 1}]}', "invalid_action"),
    ("json-v1", '{"actions": "click"}', "syntax"), ("json-v1", "no json here", "no_action"),
    ("json-v1", '{"actions": [{"type": "click", "x": true, "y": 5}]}', "invalid_action"),  # not read as x=1
    ("json-v1", '{"actions": [{"type": "wait", "seconds": false}]}', "invalid_action"),
    ("qwen3vl-mobile-v1", "<tool_call>{bad json}</tool_call>", "syntax"),
    ("qwen3vl-mobile-v1", '<tool_call>{"name": "other", "arguments": {}}</tool_call>', "invalid_action"),
    ("qwen3vl-mobile-v1", '<tool_call>{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [1]}}</tool_call>', "invalid_action"),
    ("uitars-v1", "Action: click(start_box='(1)')", "invalid_action"), ("uitars-v1", "Thought: hmm", "no_action"),
])
def test_bad_outputs_of_other_formats(name, text, kind):
    result = get_format(name).parse(text)
    assert not result.ok and result.error_kind == kind, result


def _mutate(rng: random.Random, base: str) -> str:
    chars = list(base)
    for _ in range(rng.randint(1, 8)):
        op = rng.random()
        pos = rng.randrange(len(chars) + 1)
        if op < 0.3:
            chars.insert(pos, chr(rng.randint(0, 0x2FF)))
        elif op < 0.5 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op < 0.6:
            chars = chars[:pos]  # truncated output
        else:
            chars.insert(pos, rng.choice(["(", ")", "'", '"', "=", "9" * 400, "1e99999", "[[[[" * 50, "{" * 300, "Action:",
                                          "\n", "<tool_call>", "</tool_call>", '{"type": "nope"}', "Thought:", "\x00",
                                          "You operate a phone", "Action: click(x=500, y=300)\n" * 3]))
    return "".join(chars)


def test_fuzz_10000_outputs_never_raise():
    rng = random.Random(0)
    formats = [get_format(n) for n in sorted(FORMATS)]
    seeds = [f.render([parse_action(a)], "t") for f in formats for a in ({"type": "click", "x": 500, "y": 300},
                                                                          {"type": "type", "text": "a"},
                                                                          {"type": "terminate", "status": "success"})]
    kinds = {}
    for i in range(10000):
        fmt = formats[i % len(formats)]
        if i % 10 == 0:
            text = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))).decode("latin-1")
        else:
            text = _mutate(rng, rng.choice(seeds))
        result = fmt.parse(text)
        assert result.ok or (result.error and result.error_kind), text
        kinds[result.error_kind] = kinds.get(result.error_kind, 0) + 1
    assert {"no_action", "syntax", "invalid_action"} <= set(kinds)


def test_an_alias_is_stored_as_its_versioned_format():
    """``--format qwen3vl`` runs and is recorded as ``qwen3vl-mobile-v1``: a manifest names the format it used."""
    from toolkit.harness import HarnessConfig
    from toolkit.harness.formats import ALIASES

    for alias, name in ALIASES.items():
        config = HarnessConfig(format=alias)
        assert config.format == name and config.as_dict()["format"] == name
        assert HarnessConfig.from_dict({"format": alias}) == HarnessConfig(format=name)  # an old manifest's alias too
    assert HarnessConfig(format="uitars-v1").format == "uitars-v1"


@pytest.mark.parametrize("name, text", [
    ("text-v1", "Action: answer()"), ("json-v1", '{"actions": [{"type": "answer"}]}'),
    ("qwen3vl-mobile-v1", '<tool_call>{"name": "mobile_use", "arguments": {"action": "answer"}}</tool_call>'),
])
def test_an_answer_that_says_nothing_is_an_invalid_action(name, text):
    """It used to parse, and the device submitted an empty answer sheet: a wrong answer the model never gave."""
    result = get_format(name).parse(text)
    assert result.error_kind == "invalid_action" and "an answer needs text or fields" in result.error


def test_qwen_reads_the_answer_fields_the_system_prompt_offers():
    """Qwen's parser read only ``text``: answer(fields={...}), as the system prompt words it, became an empty answer;
    and rendering fields wrote them as JSON text, which the device submitted as one free-text answer."""
    fmt = get_format("qwen3vl-mobile-v1")
    call = '<tool_call>{"name": "mobile_use", "arguments": {"action": "answer", "fields": {"count": 3}}}</tool_call>'
    assert fmt.parse(call).actions == [parse_action({"type": "answer", "fields": {"count": 3}})]
    assert '"fields": {"count": 3}' in fmt.render([{"type": "answer", "fields": {"count": 3}}])


def test_a_uitars_box_left_out_is_named():
    """A drag without its end_box said "a box must be ... got 'None'", as if the model had written None."""
    result = get_format("uitars-v1").parse("Action: drag(start_box='(1,2)')")
    assert result.error_kind == "invalid_action" and "end_box is missing" in result.error


@pytest.mark.parametrize("coords", ["norm1000", "norm1", "pixels"])
def test_a_uitars_scroll_without_a_box_scrolls_the_screens_centre_in_every_space(coords):
    """Its default box "(500,500)" was read in the format's space: refused as out of range in 0-1, and a point near
    the top-left corner (463, 208 of 1000) in pixels of a 1080x2400 screen."""
    parsed = get_format("uitars-v1", coords).parse("Action: scroll(direction='down')", size=(1080, 2400))
    assert parsed.ok and (parsed.actions[0].x, parsed.actions[0].y) == (500, 500), parsed.error


@pytest.mark.parametrize("coords, size, text, said", [
    ("pixels", (1080, 2400), "Action: click(x=1200, y=5)", "'x' must be from 0 to 1080 (pixels of the screenshot), got 1200"),
    ("pixels", (1080, 2400), "Action: drag(x=1, y=2, x2=3, y2=2401)", "'y2' must be from 0 to 2400"),
    ("norm1", None, "Action: click(x=0.5, y=1.2)", "'y' must be from 0 to 1 (0-1), got 1.2"),
    ("norm1000", None, "Action: click(x=-1, y=5)", "'x' must be from 0 to 1000 (0-1000), got -1"),
])
def test_an_off_screen_point_is_reported_in_the_models_own_space(coords, size, text, said):
    """The error fed back to the model spoke of the canonical space after conversion ("less than or equal to 1000")
    to a model answering in pixels or 0-1, which then wrote 1000."""
    result = get_format("text-v1", coords).parse(text, size=size)
    assert result.error_kind == "invalid_action" and said in result.error
    edge = get_format("text-v1", coords).parse(text.replace("1200", "1080").replace("1.2", "1").replace("2401", "2400")
                                               .replace("-1", "0"), size=size)
    assert edge.ok, edge.error  # the edges themselves are on the screen
