"""Input to a page: pointer events straight through CDP (pipelined), key presses, the text-field test, and the
one conversion of action points to screen pixels.

Playwright's ``mouse.click`` awaits move, press and release one after another (three round trips
through its driver). The events of one CDP session are handled in order, so sending them together
gives the same event sequence (mousemove, mousedown, mouseup, click) at a third of the latency.

Chromium delivers mouse moves with the next frame. A press or release delivers the moves queued
before it, but a move on its own waits for a frame, and a page under frame control
(:mod:`toolkit.envs.capture`) draws none unless asked: :func:`move` asks for one.
"""

from __future__ import annotations

import asyncio

from playwright.async_api import CDPSession, Error as PlaywrightError, Page

from toolkit.actions import CoordSpace, convert_point
from toolkit.envs.capture import present
from toolkit.envs.local import Instance

#: Whether the focused element takes typed text: a text-like input, a textarea or contenteditable, enabled and
#: writable. (``'value' in el`` is also true of buttons, list items, selects and checkboxes, which Chromium
#: focuses when tapped.)
FOCUSED_IS_TEXT_FIELD = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el.disabled || el.readOnly) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && /^(text|search|email|url|tel|password|number)$/i.test(el.type || 'text');
}"""
#: Empty the focused text field (the page hears an input event, as from typing); false when none has focus.
CLEAR_FOCUSED = "() => { const isField = (" + FOCUSED_IS_TEXT_FIELD + """)();
  if (!isField) return false;
  const el = document.activeElement;
  if (el.isContentEditable) el.textContent = ''; else el.value = '';
  el.dispatchEvent(new Event('input', {bubbles: true}));
  return true;
}"""


def screen_point(x: float, y: float, size: tuple[float, float], space: CoordSpace = "norm1000") -> tuple[float, float]:
    """Return the pixel point of an action point in ``space`` on a ``size`` (width, height) screen, inside it.

    Every adapter converts through here: 0–1000 spans the whole screen, so 1000 would be the pixel just past the
    last one (nothing is there to hit); it is clamped to the last pixel, ``width - 1`` / ``height - 1``.
    """
    width, height = size
    px, py = convert_point(x, y, space, "pixels", size=(width, height))
    return min(max(px, 0.0), width - 1), min(max(py, 0.0), height - 1)


async def press(page: Page, keys: list[str]) -> str | None:
    """Press a key combination (names as :func:`toolkit.actions.normalize_key` returns them).

    Returns None, or the error fed back to the model for a key the browser does not know (the action model
    already rejects unknown names; this keeps a disagreement with Playwright's table an action error too).
    """
    try:
        await page.keyboard.press("+".join(keys))
    except PlaywrightError as exc:
        if "Unknown key" not in str(exc):
            raise
        return f"hotkey: {str(exc).splitlines()[0].split(': ', 1)[-1]}"
    return None


#: Frames begun at most for one move under frame control before leaving it to Chromium's own fallback.
MOVE_FRAMES = 50


def _mouse(kind: str, x: float, y: float, buttons: int = 0, count: int = 1) -> dict:
    button = "left" if kind != "mouseMoved" or buttons else "none"
    return {"type": kind, "x": x, "y": y, "button": button, "buttons": buttons, "clickCount": count}


async def click(cdp: CDPSession, x: float, y: float, clicks: int = 1) -> None:
    """Move to (x, y) in CSS pixels and click ``clicks`` times with the left button (2 = a double click)."""
    events = [_mouse("mouseMoved", x, y)]
    for n in range(1, clicks + 1):
        events += [_mouse("mousePressed", x, y, 1, n), _mouse("mouseReleased", x, y, 0, n)]
    await asyncio.gather(*(cdp.send("Input.dispatchMouseEvent", e) for e in events))


async def move(instance: Instance, x: float, y: float, buttons: int = 0, wait: bool = True) -> None:
    """Move the pointer to (x, y) in CSS pixels (``buttons=1``: with the left button held).

    With ``wait`` the move is delivered before this returns (under frame control: by drawing a frame);
    without it the move goes with the page's next frame or press, whichever comes first.
    """
    sent = asyncio.ensure_future(instance.cdp.send("Input.dispatchMouseEvent", _mouse("mouseMoved", x, y, buttons)))
    if wait:
        await present(instance)
        if instance.viewport.frames == "control":
            # The frame can reach the compositor before the move reaches the renderer; the move then waits for the
            # next frame, which under frame control nobody begins: Chromium gave up after 5 s (a drag stalled 5 s a
            # step now and then). Begin frames until the move is delivered.
            for _ in range(MOVE_FRAMES):
                done, _pending = await asyncio.wait({sent}, timeout=0.02)
                if done:
                    break
                await present(instance)
        await sent
    else:  # a page closed before its next frame fails the send: nothing to report
        sent.add_done_callback(lambda f: f.cancelled() or f.exception())


async def drag(instance: Instance, start: tuple[float, float], end: tuple[float, float], steps: int = 4) -> None:
    """Press at ``start``, move in ``steps`` equal steps (one frame each) to ``end`` and release there."""
    (x1, y1), (x2, y2) = start, end
    await move(instance, x1, y1)
    await instance.cdp.send("Input.dispatchMouseEvent", _mouse("mousePressed", x1, y1, 1))
    for i in range(1, steps + 1):
        await move(instance, x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps, buttons=1)
    await instance.cdp.send("Input.dispatchMouseEvent", _mouse("mouseReleased", x2, y2, 0))
