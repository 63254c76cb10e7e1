"""Screenshots and frames of a hosted page, for every frame mode of :mod:`toolkit.envs.local`.

In ``vsync`` and ``unthrottled`` mode a screenshot is CDP ``Page.captureScreenshot``, which asks the
compositor for a new frame and waits for it. In ``control`` mode the page makes no frame on its own, and
a screenshot is ``HeadlessExperimental.beginFrame`` with a screenshot: the frame is drawn and captured in
one round trip, and nothing is rastered between observations. A browser draws one such frame at a time
(overlapping ``beginFrame`` calls all come back empty), so they take the browser's frame lock.
"""

from __future__ import annotations

import base64
from typing import Any

from toolkit.envs.local import Instance

FRAME_TRIES = 3  # frames begun for one screenshot before giving up (see screenshot)


async def screenshot(instance: Instance, image_format: str = "jpeg", quality: int = 80,
                     clip: dict[str, float] | None = None) -> bytes:
    """Return one screenshot of the page (the ``clip`` rectangle in CSS px, when given) as image bytes.

    Raises:
        RuntimeError: in ``control`` mode when the browser returns no image in :data:`FRAME_TRIES` frames, or
            when a ``clip`` is asked (the frame is always the whole viewport).
    """
    if instance.viewport.frames == "control":
        if clip is not None:
            raise RuntimeError("a clipped screenshot needs a vsync or unthrottled viewport, not frame control")
        shot: dict[str, Any] = {"format": image_format, "optimizeForSpeed": True}
        if image_format == "jpeg":
            shot["quality"] = quality
        async with instance.frame_lock:
            # A starved compositor (a loaded machine) can abort a frame and return it without the screenshot;
            # the next frame draws the same page, so a few tries turn that into a slower observation, not a failure.
            for _ in range(FRAME_TRIES):
                frame = await instance.cdp.send("HeadlessExperimental.beginFrame", {"screenshot": shot})
                if frame.get("screenshotData"):
                    return base64.b64decode(frame["screenshotData"])
        raise RuntimeError(f"the browser began {FRAME_TRIES} frames but returned no screenshot")
    params: dict[str, Any] = {"format": image_format, "optimizeForSpeed": True}
    if image_format == "jpeg":
        params["quality"] = quality
    if clip is not None:
        params["clip"] = {"scale": 1, **clip}
    return base64.b64decode((await instance.cdp.send("Page.captureScreenshot", params))["data"])


async def present(instance: Instance) -> None:
    """Make the page draw one frame now (``control`` mode; a no-op otherwise).

    A page that has never drawn a frame drops pointer input, so a freshly loaded page in ``control``
    mode gets one frame before its first action.
    """
    if instance.viewport.frames == "control":
        async with instance.frame_lock:
            await instance.cdp.send("HeadlessExperimental.beginFrame", {})
