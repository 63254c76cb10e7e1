"""Pointer input straight through CDP, pipelined.

Playwright's ``mouse.click`` awaits move, press and release one after another (three round trips
through its driver). The events of one CDP session are handled in order, so sending them together
gives the same event sequence (mousemove, mousedown, mouseup, click) at a third of the latency.
"""

from __future__ import annotations

import asyncio

from playwright.async_api import CDPSession


async def click(cdp: CDPSession, x: float, y: float, clicks: int = 1) -> None:
    """Move to (x, y) in CSS pixels and click ``clicks`` times with the left button (2 = a double click)."""
    events = [cdp.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "none"})]
    for n in range(1, clicks + 1):
        for kind in ("mousePressed", "mouseReleased"):
            events.append(cdp.send("Input.dispatchMouseEvent",
                                   {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind == "mousePressed" else 0,
                                    "clickCount": n}))
    await asyncio.gather(*events)
