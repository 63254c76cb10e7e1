"""Scrolls and swipes in every coordinate space: a swipe's direction is judged in 0-1000 after conversion, and a
scroll's amount converts with its points (one place: toolkit.actions.convert_action_dict)."""

from __future__ import annotations

import json

import pytest

from toolkit.actions import ActionError, convert_action_dict, parse_action
from toolkit.harness.formats import get_format

SIZE = (1080, 2400)
SPACES = ("norm1", "norm1000", "pixels")


def _swipe(start, end, tool="mobile_use"):
    return f'<tool_call>{json.dumps({"name": tool, "arguments": {"action": "swipe", "coordinate": start, "coordinate2": end}})}</tool_call>'


def _in(space, px, py):
    """Return the pixel point (px, py) written in ``space``."""
    if space == "pixels":
        return [px, py]
    scale = 1000 if space == "norm1000" else 1
    return [px / SIZE[0] * scale, py / SIZE[1] * scale]


@pytest.mark.parametrize("space", sorted(SPACES))
def test_one_qwen_swipe_is_the_same_action_in_every_space(space):
    """Finger from (300, 1200) to (600, 1600) pixels: 300 across, 400 down in pixels, but 278 across and 167 down of
    0-1000. Judged in each format's own units it was 'down' in pixels and 'right' in 0-1000, and its length was
    dropped (every swipe scrolled the default 400)."""
    parsed = get_format("qwen3vl-mobile-v1", space).parse(_swipe(_in(space, 300, 1200), _in(space, 600, 1600)), size=SIZE)
    assert parsed.ok, parsed.error
    [action] = parsed.actions
    assert (action.type, action.direction) == ("swipe", "right")
    assert action.amount == pytest.approx(300 / 1080 * 1000) and action.y == pytest.approx(500)


@pytest.mark.parametrize("name", ["text-v1", "json-v1"])
@pytest.mark.parametrize("space, vertical, horizontal", [("pixels", 1200, 540), ("norm1", 0.5, 0.5),
                                                          ("norm1000", 500, 500)])
def test_a_scroll_amount_is_read_in_the_formats_space(name, space, vertical, horizontal):
    """An amount of 1200 pixels (half of a 2400-pixel-tall screen) was taken as 1200 of 0-1000 (refused); 0.5 in 0-1
    as 0.5 of 1000 (a scroll of nothing)."""
    fmt = get_format(name, space)
    batch = [parse_action({"type": "scroll", "direction": "down", "amount": 500}),
             parse_action({"type": "swipe", "direction": "left", "amount": 500})]
    text = fmt.render(batch, size=SIZE)
    spell = {"text-v1": "amount={}", "json-v1": '"amount": {}'}[name]
    assert spell.format(vertical) in text and spell.format(horizontal) in text, text
    parsed = fmt.parse(text, size=SIZE)
    assert parsed.ok and [a.amount for a in parsed.actions] == [500, 500], (text, parsed.error)


@pytest.mark.parametrize("space", sorted(SPACES))
def test_a_phone_swipe_says_its_amount_by_its_length(space):
    fmt = get_format("qwen3vl-mobile-v1", space)
    action = parse_action({"type": "scroll", "direction": "down", "x": 500, "y": 500, "amount": 250})
    parsed = fmt.parse(fmt.render([action], size=SIZE), size=SIZE)
    assert parsed.ok and parsed.actions[0].direction == "up" and parsed.actions[0].amount == pytest.approx(250)


def test_the_conversion_moves_an_amount_along_its_axis():
    down = {"type": "scroll", "direction": "down", "amount": 250, "x": 500, "y": 500}
    assert convert_action_dict(down, "norm1000", "pixels", SIZE)["amount"] == 600
    assert convert_action_dict({**down, "direction": "left"}, "norm1000", "pixels", SIZE)["amount"] == 270
    assert convert_action_dict({**down, "amount": "0.25"}, "norm1", "norm1000")["amount"] == 250
    assert convert_action_dict({"type": "click", "x": 1, "y": 2, "amount": 3}, "norm1000", "norm1")["amount"] == 3


def test_a_swipe_by_its_end_point_is_a_direction_and_an_amount():
    assert parse_action({"type": "swipe", "x": 500, "y": 800, "x2": 450, "y2": 300}).model_dump() == {
        "type": "swipe", "x": 500, "y": 800, "direction": "up", "amount": 500}
    for bad, said in (({"x2": 500, "y2": 500}, "must differ"), ({"x2": 1, "y2": 2, "direction": "up"}, "not both"),
                      ({"x2": "far", "y2": 2}, "'x2' must be a number")):
        with pytest.raises(ActionError, match=said):
            parse_action({"type": "swipe", "x": 500, "y": 500, **bad})


@pytest.mark.parametrize("space, pixels", [("norm1000", 250), ("pixels", 600), ("norm1", 0.25)])
def test_a_desktop_scroll_keeps_its_amount_through_parse_and_render(space, pixels):
    """Qwen's computer_use scroll wrote every scroll as pixels=±400 and read any pixels as the default 400: a scroll
    of 250 (of 0-1000) came back as 400. Its size is the distance, in the format's space, converted with the points."""
    fmt = get_format("qwen3vl-computer-v1", space)
    batch = [parse_action({"type": "scroll", "direction": "down", "x": 500, "y": 500, "amount": 250}),
             parse_action({"type": "swipe", "direction": "right", "x": 500, "y": 500, "amount": 250})]
    text = fmt.render(batch, size=SIZE)
    calls = [json.loads(line)["arguments"] for line in text.splitlines() if line.startswith("{")]
    # a finger moving right moves the content left: the wheel scrolls left by the swipe's length along x
    assert [(c["action"], c["pixels"]) for c in calls] == [
        ("scroll", -pixels), ("hscroll", -(270 if space == "pixels" else pixels))], text
    parsed = fmt.parse(text, size=SIZE)
    assert parsed.ok, parsed.error
    assert [(a.direction, a.amount) for a in parsed.actions] == [("down", pytest.approx(250)), ("left", pytest.approx(250))]
    unsaid = fmt.parse('<tool_call>{"name": "computer_use", "arguments": {"action": "scroll", "coordinate": '
                       f'{json.dumps(_in(space, 540, 1200))}}}}}</tool_call>', size=SIZE)
    assert unsaid.ok and (unsaid.actions[0].direction, unsaid.actions[0].amount) == ("down", 400), unsaid.error


@pytest.mark.parametrize("name, space, written, said", [
    ("text-v1", "pixels", "amount='3000'", "'amount' must be at most 2400 (pixels of the screenshot's height), got 3000"),
    ("json-v1", "norm1", '"amount": 1.5', "'amount' must be at most 1 (0-1), got 1.5"),
    ("text-v1", "norm1000", "amount=1500", "'amount' must be at most 1000 (0-1000), got 1500")])
def test_a_scroll_too_long_for_the_screen_is_refused_in_the_formats_space(name, space, written, said):
    """After the conversion the bound was said in 0-1000 ("less than or equal to 1000"): a 0-1 model was told 1000."""
    fmt = get_format(name, space)
    text = (f"Action: scroll(direction='down', {written})" if name == "text-v1"
            else f'{{"actions": [{{"type": "scroll", "direction": "down", {written}}}]}}')
    parsed = fmt.parse(text, size=SIZE)
    assert (parsed.error_kind, parsed.error) == ("invalid_action", f"action 1: scroll: {said}")


def test_a_desktop_scroll_too_long_is_refused_naming_its_pixels():
    fmt = get_format("qwen3vl-computer-v1", "pixels")
    call = {"name": "computer_use", "arguments": {"action": "hscroll", "coordinate": [5, 5], "pixels": -2000}}
    parsed = fmt.parse(f"<tool_call>{json.dumps(call)}</tool_call>", size=SIZE)
    assert parsed.error == "action 1: scroll: 'pixels' must be at most 1080 (pixels of the screenshot's width), got 2000"
