"""Pointer input straight through CDP, pipelined.

Playwright's ``mouse.click`` awaits move, press and release one after another (three round trips
through its driver). The events of one CDP session are handled in order, so sending them together
gives the same event sequence (mousemove, mousedown, mouseup, click) at a third of the latency.

Chromium delivers mouse moves with the next frame. A press or release delivers the moves queued
before it, but a move on its own waits for a frame, and a page under frame control
(:mod:`toolkit.envs.capture`) draws none unless asked: :func:`move` asks for one.
"""

from __future__ import annotations

import asyncio

from playwright.async_api import CDPSession

from toolkit.envs.capture import present
from toolkit.envs.local import Instance


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
        await asyncio.gather(sent, present(instance))
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
