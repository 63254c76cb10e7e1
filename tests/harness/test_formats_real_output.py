"""Action formats on output as real models write it: batches, fences, full-width punctuation, partial points, and
round trips in every coordinate space."""

from __future__ import annotations

import json

import pytest

from tests.harness.test_formats import canonical as _canonical
from toolkit.actions import parse_action
from toolkit.harness.formats import FORMATS, get_format

def _qwen(*arguments, tool="mobile_use"):
    return "\n".join(f"<tool_call>\n{json.dumps({'name': tool, 'arguments': a})}\n</tool_call>" for a in arguments)


@pytest.mark.parametrize("coords, size, written, expected", [
    ("pixels", (1080, 2400), "y=1200", (500, 500)), ("pixels", (1080, 2400), "x=270", (250, 500)),
    ("norm1", None, "y=0.25", (500, 250)),
])
def test_a_point_given_by_one_coordinate_is_read_in_the_formats_space(coords, size, written, expected):
    """The other coordinate keeps its default (the centre); the one written is converted like any other."""
    parsed = get_format("text-v1", coords).parse(f"Action: scroll(direction='down', {written})", size=size)
    assert parsed.ok, parsed.error
    assert (parsed.actions[0].x, parsed.actions[0].y) == expected


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("coords, size", [("norm1", None), ("pixels", (1080, 2400)), ("norm1000", None)])
def test_scrolls_at_the_default_point_and_at_edges_round_trip_in_every_space(name, coords, size):
    fmt = get_format(name, coords)
    batch = [parse_action(a) for a in (
        {"type": "scroll", "direction": "up", "y": 100}, {"type": "scroll", "direction": "down"},
        {"type": "swipe", "direction": "down", "x": 500, "y": 950}, {"type": "scroll", "direction": "right", "x": 1000},
        {"type": "click", "x": 250, "y": 750})]
    text = fmt.render(batch, "scrolling", size=size)
    parsed = fmt.parse(text, size=size)
    assert parsed.ok, (text, parsed.error)
    assert [_canonical(a) for a in parsed.actions] == [_canonical(a) for a in batch], text


@pytest.mark.parametrize("coords, size, limit", [("norm1", None, 1), ("pixels", (1080, 2400), 2400), ("norm1000", None, 1000)])
def test_a_phone_swipe_is_written_with_an_end_point_on_screen(coords, size, limit):
    fmt = get_format("qwen3vl-mobile-v1", coords)
    text = fmt.render([parse_action({"type": "swipe", "direction": "down", "x": 500, "y": 900})], size=size)
    end = json.loads(text.split("\n")[1])["arguments"]["coordinate2"]
    assert 0 <= end[1] <= limit and end[0] <= limit
    at_edge = parse_action({"type": "swipe", "direction": "down", "x": 500, "y": 1000})  # moved in to have room
    assert fmt.parse(fmt.render([at_edge], size=size), size=size).actions[0].direction == "down"


@pytest.mark.parametrize("coords, size", [("norm1", None), ("pixels", (1080, 2400)), ("norm1000", None)])
def test_a_phone_scroll_a_hair_from_the_edge_is_written_as_a_swipe_it_reads(coords, size):
    """A scroll 0.4 from the top edge was written as a swipe of 0.4 (its start kept, its end at the edge): in 0-1000
    both points rounded to [1000, 0], which the format's own parser refused (coordinate2 must differ)."""
    fmt = get_format("qwen3vl-mobile-v1", coords)
    for raw in ({"type": "scroll", "direction": "down", "x": 999.5, "y": 0.4},
                {"type": "swipe", "direction": "right", "x": 999.6, "y": 500}):
        parsed = fmt.parse(fmt.render([parse_action(raw)], size=size), size=size)
        assert parsed.ok, (raw, parsed.error)
        assert _canonical(parsed.actions[0])["direction"] == _canonical(parse_action(raw))["direction"]
        assert parsed.actions[0].amount == pytest.approx(400, abs=2)


def test_qwen_tool_calls_as_models_and_servers_write_them():
    fmt = get_format("qwen3vl-mobile-v1")
    click = {"action": "click", "coordinate": [500, 300]}
    unclosed = f'<tool_call>\n{json.dumps({"name": "mobile_use", "arguments": click})}\n' + _qwen({"action": "type", "text": "hi"})
    assert [a.type for a in fmt.parse(unclosed).actions] == ["click", "type"]
    fenced = f'I tap it.\n<tool_call>\n```json\n{json.dumps({"name": "mobile_use", "arguments": click})}\n```\n</tool_call>'
    parsed = fmt.parse(fenced)
    assert parsed.ok and parsed.thought == "I tap it."
    encoded = f'<tool_call>{json.dumps({"name": "mobile_use", "arguments": json.dumps(click)})}</tool_call>'
    assert fmt.parse(encoded).ok
    closing_typed = parse_action({"type": "type", "text": "a </tool_call> b <tool_call> c"})
    assert fmt.parse(fmt.render([closing_typed, parse_action({"type": "click", "x": 1, "y": 2})])).actions[0] == closing_typed


@pytest.mark.parametrize("tool", ["mobile_use", "computer_use"])
def test_qwen_terminate_carries_an_answer_and_ask_user_takes_text(tool):
    """Both are in the prompt, and both read as the canonical actions (an answer on terminate was dropped)."""
    fmt = get_format("qwen3vl-mobile-v1" if tool == "mobile_use" else "qwen3vl-computer-v1")
    assert "ask_user(text" in fmt.describe() and "terminate(status: success|failure, answer" in fmt.describe()
    parsed = fmt.parse(_qwen({"action": "ask_user", "text": "Which Ada?"},
                             {"action": "terminate", "status": "success", "answer": "42"}, tool=tool))
    assert parsed.ok, parsed.error
    assert [a.model_dump() for a in parsed.actions] == [{"type": "ask_user", "question": "Which Ada?"},
                                                       {"type": "terminate", "status": "success", "answer": "42"}]
    assert fmt.parse(_qwen({"action": "ask_user"}, tool=tool)).error_kind == "invalid_action"


@pytest.mark.parametrize("text, kind, words", [
    (_qwen({"action": "swipe", "coordinate": [500, 300], "coordinate2": ["a", 3]}), "invalid_action", "tool call 1: 'coordinate2' x"),
    (_qwen({"action": "click", "coordinate": [1, 2]}, {"action": "swipe", "coordinate": [5, 5], "coordinate2": [5, 5]}),
     "invalid_action", "tool call 2: a swipe's 'coordinate2' must differ"),
    (_qwen({"action": "terminate"}), "invalid_action", "success or failure"),
    (_qwen({"action": "scroll", "coordinate": [5, 5], "pixels": "lots"}, tool="computer_use"), "invalid_action", "'pixels'"),
    ('<tool_call>{"name": "mobile_use", "arguments": {"action": "wait"}}} oops</tool_call>', "syntax", "unexpected text"),
])
def test_qwen_errors_name_the_call_and_the_argument(text, kind, words):
    fmt = get_format("qwen3vl-computer-v1" if "computer_use" in text else "qwen3vl-mobile-v1")
    parsed = fmt.parse(text)
    assert parsed.error_kind == kind and words in parsed.error, parsed.error


def test_a_desktop_horizontal_scroll_stays_horizontal():
    fmt = get_format("qwen3vl-computer-v1")
    for direction in ("left", "right", "up", "down"):
        action = parse_action({"type": "scroll", "direction": direction, "x": 400, "y": 600})
        assert fmt.parse(fmt.render([action])).actions == [action]


@pytest.mark.parametrize("name, text", [
    ("text-v1", "Thought：the button\nAction：click(x=500, y=300)"),
    ("text-v1", "**Thought:** the button\n**Action:** click(x=500, y=300)"),
    ("text-v1", "Action: click（x=500，y=300）"),
    ("uitars-v1", "Thought：the button\nAction：click(start_box='(500,300)')"),
    ("uitars-v1", "## Thought: the button\n## Action: click(start_box='(500,300)')"),
])
def test_full_width_colons_and_markdown_labels_are_read(name, text):
    parsed = get_format(name).parse(text)
    assert parsed.ok, parsed.error
    assert (parsed.actions[0].x, parsed.actions[0].y) == (500, 300)


def test_full_width_punctuation_inside_text_is_typed_as_written():
    parsed = get_format("text-v1").parse("Action: type(text='你好，世界（1）'，clear=True)")
    assert parsed.ok and parsed.actions[0].text == "你好，世界（1）" and parsed.actions[0].clear


def test_uitars_batches_after_a_blank_line_and_its_other_argument_names():
    fmt = get_format("uitars-v1")
    parsed = fmt.parse("Thought: fill it in\nAction: click(start_box='(500,300)')\n\ntype(content='Ada')\n\npress_enter()")
    assert [a.type for a in parsed.actions] == ["click", "type", "system_button"]
    doubao = fmt.parse("Action: drag(start_point='<point>10 20</point>', end_point='<point>30 40</point>')")
    assert doubao.ok and doubao.actions[0].model_dump() == {"type": "drag", "x": 10, "y": 20, "x2": 30, "y2": 40}
    wrong = fmt.parse("Action: type(text='Ada')")  # text-v1's name: reading nothing would type nothing
    assert wrong.error_kind == "invalid_action" and "unknown argument text (takes content)" in wrong.error


def test_uitars_hotkeys_keep_the_case_of_a_character():
    fmt = get_format("uitars-v1")
    for keys in (["A"], ["Shift", "A"], ["Control", "a"], ["PageDown"]):
        action = parse_action({"type": "hotkey", "keys": keys})
        assert fmt.parse(fmt.render([action])).actions == [action]


def test_json_bare_actions_one_after_another_are_a_batch():
    """Models write several bare action objects (one a line, or comma-separated); none may be dropped."""
    fmt = get_format("json-v1")
    lines = fmt.parse('{"type": "click", "x": 1, "y": 2}\n{"type": "type", "text": "Ada"}')
    assert [a.type for a in lines.actions] == ["click", "type"]
    fenced = fmt.parse('```json\n{"type": "click", "x": 1, "y": 2},\n{"type": "terminate", "status": "success"}\n```')
    assert [a.type for a in fenced.actions] == ["click", "terminate"]


def test_json_object_without_actions_says_what_is_missing():
    parsed = get_format("json-v1").parse('{"thought": "the Save button"}')
    assert parsed.error_kind == "syntax" and '"actions": [...]' in parsed.error and "keys thought" in parsed.error


@pytest.mark.parametrize("name, text", [("text-v1", "Action: hotkey(keys='ctrl+shift+t')"),
                                        ("json-v1", '{"actions": [{"type": "hotkey", "keys": "ctrl+shift+t"}]}')])
def test_hotkey_keys_written_as_one_string_are_one_combination(name, text):
    parsed = get_format(name).parse(text)
    assert parsed.ok and parsed.actions[0].keys == ["Control", "Shift", "t"], parsed.error


TRICKY_TEXT = ["日本語 ＂quoted＂，ok（1）", "back\\slash 'q' \"dq\"", "line1\r\nline2", "Action: click(x=1, y=2)",
               "</tool_call><tool_call>", "emoji 😀\ttab", "ends with a backslash \\"]


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("coords", ["norm1000", "norm1"])
def test_every_supported_action_and_tricky_text_round_trips_in_batches(name, coords):
    from tests.harness.test_formats import SUPPORTED

    fmt = get_format(name, coords)
    items = [parse_action(a) for a in SUPPORTED[name]] + [parse_action({"type": "type", "text": t}) for t in TRICKY_TEXT]
    for i in range(0, len(items), 4):
        batch = items[i:i + 4]
        parsed = fmt.parse(fmt.render(batch, "why"))
        assert parsed.ok, parsed.error
        assert [_canonical(a) for a in parsed.actions] == [_canonical(a) for a in fmt._expressible(batch)]


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_actions_drafted_inside_a_think_block_are_not_run(name):
    """A reasoning model's content may hold <think>…</think> first; actions it drafts there are not its answer."""
    fmt = get_format(name)
    draft = fmt.render([parse_action({"type": "terminate", "status": "failed"})], "give up?")
    answer = fmt.render([parse_action({"type": "click", "x": 10, "y": 20})], "tap it")
    parsed = fmt.parse(f"<think>Maybe:\n{draft}\nNo, the button is there.</think>\n{answer}")
    assert parsed.ok and [a.type for a in parsed.actions] == ["click"], parsed.error
    only_thinking = fmt.parse("<think>The button is at the top.</think>")
    assert only_thinking.error_kind == "no_action" and only_thinking.thought == "The button is at the top."


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_actions_drafted_in_a_think_block_cut_off_before_its_end_are_not_run(name):
    """An output cut at the token limit inside <think> has no answer; its drafted actions (a terminate(success)) were
    read as the answer and ran."""
    fmt = get_format(name)
    draft = fmt.render([parse_action({"type": "terminate", "status": "success"})])
    parsed = fmt.parse(f"<think>Maybe:\n{draft}\nNo, first the")
    assert (parsed.ok, parsed.actions, parsed.error_kind) == (False, [], "no_action"), parsed
    assert parsed.thought.startswith("Maybe:") and "<think>" in parsed.error


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_the_answer_after_a_think_block_longer_than_the_output_cap_is_read(name):
    """The output was capped before the block was split off: after a long reasoning (over MAX_OUTPUT characters) the
    answer was cut away, and the drafts inside the block were read as the answer."""
    from toolkit.harness.formats.base import MAX_OUTPUT

    fmt = get_format(name)
    draft = fmt.render([parse_action({"type": "terminate", "status": "failed"})], "give up?")
    answer = fmt.render([parse_action({"type": "click", "x": 10, "y": 20})], "tap it")
    parsed = fmt.parse(f"<think>Maybe:\n{draft}\n{'hmm ' * (MAX_OUTPUT // 4)}</think>\n{answer}")
    assert parsed.ok and [a.type for a in parsed.actions] == ["click"], parsed.error


@pytest.mark.parametrize("name, text", [
    ("json-v1", '{"actions": [{"type": "click", "x": "540", "y": "1200"}]}'),
    ("text-v1", "Action: click(x='540', y=' 1200 ')"),
    ("qwen3vl-mobile-v1", '<tool_call>{"name": "mobile_use", "arguments": {"action": "click", "coordinate": ["540", "1200"]}}</tool_call>'),
])
def test_coordinates_written_as_strings_are_converted_like_numbers(name, text):
    parsed = get_format(name, "pixels").parse(text, size=(1080, 2400))
    assert parsed.ok and (parsed.actions[0].x, parsed.actions[0].y) == (500, 500), parsed.error
    assert get_format(name, "pixels").parse(text.replace("540", "abc"), size=(1080, 2400)).error_kind == "invalid_action"


@pytest.mark.parametrize("name, button", [("uitars-v1", "recents"), ("uitars-v1", "menu"), ("qwen3vl-mobile-v1", "recents")])
def test_a_button_the_format_has_no_word_for_is_refused_not_swapped(name, button):
    """It was written as another button (UI-TARS press_home, Qwen Menu), so the reference or a converted trajectory
    pressed the wrong one; refusing is what every format does with what it cannot express."""
    with pytest.raises(ValueError, match=f"cannot express system_button '{button}'"):
        get_format(name).render([parse_action({"type": "system_button", "button": button})])


@pytest.mark.parametrize("name, text", [("text-v1", "Action: click(x=1, y=2)."), ("text-v1", "Action: click(x=1, y=2);"),
                                        ("uitars-v1", "Action: click(start_box='(1,2)')。")])
def test_a_sentence_end_after_the_call_is_not_a_syntax_error(name, text):
    """Chat models close the line with a full stop; it was read as part of the call ("invalid syntax")."""
    parsed = get_format(name).parse(text)
    assert parsed.ok and (parsed.actions[0].x, parsed.actions[0].y) == (1, 2), parsed.error
    assert get_format("text-v1").parse("Action: type(text='The end.')").actions[0].text == "The end."


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("end", ["<|im_end|>", "<|endoftext|>", "</s>", "<|eot_id|>", "\n<|im_end|>\n<|endoftext|>"])
def test_end_of_turn_tokens_at_the_very_end_are_not_part_of_the_output(name, end):
    """A server that does not skip special tokens leaves them after the last call: the output failed to parse (an
    unclosed Qwen call, a text-v1 line) or the token ended up in the last argument."""
    fmt = get_format(name)
    said = "a </s> b"  # mentioned inside the output: kept
    batch = [parse_action(a) for a in ({"type": "type", "text": said},
                                       {"type": "terminate", "status": "success", "answer": "42"})]
    expected = fmt.parse(fmt.render(batch, "done"))
    assert expected.ok, expected.error
    for text in (fmt.render(batch, "done") + end, fmt.render(batch, "done").removesuffix("</tool_call>") + end):
        parsed = fmt.parse(text)
        assert parsed.ok, (text, parsed.error)
        assert parsed.actions == expected.actions and said in parsed.actions[0].text


@pytest.mark.parametrize("text, expected", [
    ('{"actions": [{"type": "type", "text": "hi", "clear": True}]}', [{"type": "type", "text": "hi", "clear": True}]),
    ("{'thought': 'ok', 'actions': [{'type': 'click', 'x': 1, 'y': 2}]}", [{"type": "click", "x": 1, "y": 2}]),
    ("{'type': 'terminate', 'status': 'success', 'answer': None}", [{"type": "terminate", "status": "success"}]),
    ("I see ['Save'] there.\n{'type': 'click', 'x': 1, 'y': 2}, {'type': 'type', 'text': \"it's } ]\"}",
     [{"type": "click", "x": 1, "y": 2}, {"type": "type", "text": "it's } ]"}]),
])
def test_json_v1_reads_python_literals_where_json_was_meant(text, expected):
    """Models trained on Python write True, None and single quotes: every such output was 'no JSON object found'."""
    parsed = get_format("json-v1").parse(text)
    assert parsed.ok, parsed.error
    assert parsed.actions == [parse_action(a) for a in expected]
    # only literals: a call is no value, and a list of words is not an action list
    assert get_format("json-v1").parse("{'type': 'click', 'x': __import__('os').getpid(), 'y': 2}").error_kind == "no_action"
    assert get_format("json-v1").parse("['Save']").error_kind == "no_action"


def test_several_qwen_tool_calls_in_one_block_one_a_line():
    """A batch written as one object a line inside one <tool_call> was 'unexpected text after the JSON'."""
    fmt = get_format("qwen3vl-mobile-v1")
    calls = [{"action": "click", "coordinate": [500, 300]}, {"action": "type", "text": "hi {there}"},
             {"action": "terminate", "status": "success"}]
    lines = "\n".join(json.dumps({"name": "mobile_use", "arguments": a}) for a in calls)
    for text in (f"I tap, type and finish.\n<tool_call>\n{lines}\n</tool_call>", f"<tool_call>\n{lines}",
                 f"<tool_call>\n{lines}\n</tool_call>\n{_qwen({'action': 'wait'})}"):
        parsed = fmt.parse(text)
        assert parsed.ok, (text, parsed.error)
        assert [a.type for a in parsed.actions][:3] == ["click", "type", "terminate"]
        assert parsed.actions[1].text == "hi {there}"
    many = "<tool_call>\n" + "\n".join([json.dumps({"name": "mobile_use", "arguments": calls[0]})] * 12) + "\n</tool_call>"
    assert fmt.parse(many).error_kind == "too_many"
    bad = f"<tool_call>\n{lines}\n{{oops\n</tool_call>"
    assert fmt.parse(bad).error_kind == "syntax" and "tool call 4: not JSON" in fmt.parse(bad).error


@pytest.mark.parametrize("prose", ["Items [1, 2] are shown.", 'The form reads {"name": "Ada"}; I save it.',
                                   'Options ["a", "b"]; the first:', 'Rows [{"id": 1}, {"id": 2}] are listed.'])
def test_json_after_prose_that_quotes_a_list_or_an_object(prose):
    """The first bracket that decoded was taken for the answer: a list of numbers or an object of another shape in
    the prose before it failed the step as a syntax error. A value of another shape is stepped over whole (an action
    inside it is not the answer) and is only reported when no answer follows."""
    fmt = get_format("json-v1")
    parsed = fmt.parse(prose + '\n{"thought": "saving", "actions": [{"type": "click", "x": 500, "y": 940}]}')
    assert parsed.ok and [a.type for a in parsed.actions] == ["click"], parsed.error
    assert fmt.parse(prose + ' {"type": "wait"}').actions[0].type == "wait"
    inside = fmt.parse('{"thought": "x", "action": [{"type": "wait"}]}')
    assert (inside.error_kind, inside.actions) == ("syntax", []) and "keys thought, action" in inside.error
    assert fmt.parse("[1, 2]").error == '"actions" must be a list of objects'
