"""Input in real Chromium: key names normalised in one place (an unknown one is the action's error, never an env
error), UI-TARS's ``ctrl a`` reaching the device, ``type`` refused unless a text field has focus, and points at
1000 landing inside the page."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from tests.conftest import requires_chromium
from toolkit.actions import KEY_NAMES, ActionError, Hotkey, normalize_key, parse_action
from toolkit.envs.input import move, screen_point
from toolkit.harness.formats import get_format

pytestmark = requires_chromium


def _center(obs, element_id):
    return next(e for e in obs.elements if e.id == element_id).center


@pytest.mark.parametrize("spelled, name", [("ctrl", "Control"), ("Ctrl", "Control"), ("CONTROL", "Control"),
                                           ("esc", "Escape"), ("pagedown", "PageDown"), ("Page_Down", "PageDown"),
                                           ("cmd", "Meta"), ("win", "Meta"), ("enter", "Enter"), ("return", "Enter"),
                                           ("arrowdown", "ArrowDown"), ("down", "ArrowDown"), ("del", "Delete"),
                                           ("space", "Space"), (" ", "Space"), ("f5", "F5"), ("a", "a"), ("+", "+")])
def test_common_spellings_normalise_to_the_device_names(spelled, name):
    assert normalize_key(spelled) == name


def test_unknown_keys_and_combos():
    assert parse_action({"type": "hotkey", "keys": ["Control+Shift+t"]}).keys == ["Control", "Shift", "t"]
    assert parse_action({"type": "hotkey", "keys": ["ctrl++"]}).keys == ["Control", "+"]
    for bad in (["hyper"], ["é"], ["Control", "Fn"], ["ctrl+alt+shift+del+x"]):
        with pytest.raises(ActionError, match="hotkey: field 'keys'"):
            parse_action({"type": "hotkey", "keys": bad})


def test_uitars_ctrl_a_becomes_device_names_and_renders_back():
    fmt = get_format("uitars-v1")
    for text, keys in (("ctrl a", ["Control", "a"]), ("esc", ["Escape"]), ("pagedown", ["PageDown"]), ("cmd c", ["Meta", "c"])):
        parsed = fmt.parse(f"Thought: t\nAction: hotkey(key='{text}')")
        assert parsed.ok and parsed.actions[0].keys == keys, (text, parsed.error)
    assert "hotkey(key='ctrl a')" in fmt.render([parse_action({"type": "hotkey", "keys": ["Control", "a"]})])
    bad = fmt.parse("Action: hotkey(key='hyper x')")
    assert not bad.ok and bad.error_kind == "invalid_action" and "unknown key 'hyper'" in bad.error


def test_points_at_1000_are_clamped_to_the_last_pixel():
    assert screen_point(1000, 1000, (360, 800)) == (359, 799)
    assert screen_point(500, 0, (360, 800)) == (180, 0)
    assert screen_point(999, 999, (360, 800))[0] < 360


async def test_spelled_and_unknown_hotkeys_are_action_results_not_env_errors(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        before = answers_manager.status()["failures"]
        r = await answers_manager.step(lease, [{"type": "hotkey", "keys": k} for k in
                                              (["ctrl", "a"], ["Esc"], ["Pagedown"], ["cmd"], ["arrowdown"])], "spelled")
        assert [x.ok for x in r.results] == [True] * 5 and r.results[0].action["keys"] == ["Control", "a"]
        r = await answers_manager.step(lease, [{"type": "hotkey", "keys": ["hyper", "a"]}, {"type": "wait"}], "unknown")
        assert [x.ok for x in r.results] == [False, True]
        assert "unknown key 'hyper'" in r.results[0].error and "unknown key 'hyper'" in r.observation.note
        adapter, hosted = answers_manager.hosted(lease)
        assert not hosted.crashed and answers_manager.status()["failures"] == before
        # A name past the model's check (built without validation) that the browser refuses is an error result too.
        unchecked = Hotkey.model_construct(type="hotkey", keys=["Ctrl", "a"])
        result = await adapter.act(hosted, unchecked)
        assert not result.ok and 'Unknown key: "Ctrl"' in result.error and not hosted.crashed
        # Every name of the vocabulary is one the browser presses (the table agrees with Playwright's).
        r = await answers_manager.step(lease, [{"type": "hotkey", "keys": [k]} for k in KEY_NAMES[:40]], "names1")
        r2 = await answers_manager.step(lease, [{"type": "hotkey", "keys": [k]} for k in KEY_NAMES[40:]], "names2")
        failed = [(x.action, x.error) for x in r.results + r2.results if not x.ok]
        assert failed == [] and not hosted.crashed
    finally:
        await answers_manager.release(lease)


async def test_uitars_ctrl_a_selects_all_on_the_device(answers_manager, demo):
    spec, inst = demo
    fmt = get_format("uitars-v1")
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        r = await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}], "open")
        x, y = _center(r.observation, "field:count")
        await answers_manager.step(lease, [{"type": "click", "x": x, "y": y}, {"type": "type", "text": "12"}], "typed")
        parsed = fmt.parse("Thought: replace it\nAction: hotkey(key='ctrl a')\nAction: type(content='34')")
        assert parsed.ok, parsed.error
        r = await answers_manager.step(lease, parsed.actions, "uitars")
        assert all(x.ok for x in r.results), r.results
        assert r.observation.state["apps"]["answersheet"]["ui"]["drafts"]["count"] == "34"  # 12 was selected and replaced
    finally:
        await answers_manager.release(lease)


async def test_type_after_tapping_a_button_says_no_field_has_focus(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        r = await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}], "open")
        _, hosted = answers_manager.hosted(lease)
        x, y = _center(r.observation, "sys:back")
        await answers_manager.step(lease, [{"type": "click", "x": x, "y": y}], "tap-button")  # Chromium focuses it
        assert await hosted.page.evaluate("document.activeElement.tagName") == "BUTTON"
        r = await answers_manager.step(lease, [{"type": "type", "text": "hello", "clear": True}], "on-button")
        assert not r.results[0].ok and "no text field has focus" in r.results[0].error
        assert await hosted.page.evaluate("document.activeElement.value") == ""  # clear=True left the button alone
        # a text field still takes text
        r = await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}], "again")
        x, y = _center(r.observation, "field:count")
        r = await answers_manager.step(lease, [{"type": "click", "x": x, "y": y}, {"type": "type", "text": "7"}], "on-field")
        assert all(a.ok for a in r.results) and r.observation.state["apps"]["answersheet"]["ui"]["drafts"]["count"] == "7"
    finally:
        await answers_manager.release(lease)


async def test_a_click_at_1000_lands_inside_the_page(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        _, hosted = answers_manager.hosted(lease)
        await hosted.page.evaluate("() => { window.__clicks = []; document.addEventListener('click', "
                                   "(e) => __clicks.push([e.clientX, e.clientY]), true); }")
        r = await answers_manager.step(lease, [{"type": "click", "x": 1000, "y": 1000}, {"type": "click", "x": 0, "y": 0}], "edges")
        assert all(a.ok for a in r.results)
        assert await hosted.page.evaluate("__clicks") == [[359, 799], [0, 0]]
    finally:
        await answers_manager.release(lease)


class _FrameFirst:
    """A CDP session that holds each mouse event back until a frame has been begun: the order a loaded machine
    sometimes gives (the frame reaches the compositor before the move reaches the renderer). Counts the frames
    begun after the move went out."""

    def __init__(self, cdp):
        self.cdp, self.framed, self.moved, self.frames_after_move = cdp, asyncio.Event(), False, 0

    async def send(self, method, params=None):
        if method == "Input.dispatchMouseEvent":
            await self.framed.wait()
            self.moved = True
            return await self.cdp.send(method, params)
        answer = await self.cdp.send(method, params)
        self.frames_after_move += self.moved
        self.framed.set()
        return answer


async def test_a_move_that_misses_its_frame_gets_another_one(answers_manager, demo):
    """Under frame control a move is delivered with the next frame. When the move reached the renderer after the
    frame ``move`` began, nothing began another: the move waited for Chromium's 5 s fallback (a drag stalled 5 s a
    step now and then). ``move`` now begins frames until the move is delivered."""
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        _, hosted = answers_manager.hosted(lease)
        assert hosted.viewport.frames == "control"
        await hosted.page.evaluate("() => { window.__moves = []; document.addEventListener('mousemove', "
                                   "(e) => __moves.push([e.clientX, e.clientY]), true); }")
        late = _FrameFirst(hosted.cdp)
        await move(dataclasses.replace(hosted, cdp=late), 100, 200)
        assert late.frames_after_move >= 1
        assert await hosted.page.evaluate("__moves") == [[100, 200]]
    finally:
        await answers_manager.release(lease)
