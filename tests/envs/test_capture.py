"""Frame modes, screenshots and pointer input (toolkit/envs/capture.py, input.py) in real Chromium.

Frame control runs in Debian's chromium-headless-shell; those tests skip where it is not installed.
"""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from tests.conftest import requires_chromium
from toolkit.envs.capture import present, screenshot
from toolkit.envs.input import click, drag, move
from toolkit.envs.local import LocalBackend, Viewport, find_headless_shell

pytestmark = requires_chromium
requires_shell = pytest.mark.skipif(find_headless_shell() is None, reason="needs Debian chromium-headless-shell")

PAGE = """<style>body{margin:0;font:14px sans-serif} #b{width:80px;height:40px;border-radius:8px;background:linear-gradient(#5a8,#258)}
#b:hover{outline:3px solid #c33}</style><button id=b>go</button><p id=log></p>
<script>
window.events = [];
const b = document.getElementById('b');
for (const t of ['pointerdown', 'pointerup', 'click', 'pointerenter'])
  b.addEventListener(t, () => events.push(t));
document.addEventListener('pointermove', (e) => { if (e.buttons) events.push('drag:' + Math.round(e.clientX)); });
</script>"""


@pytest.fixture
async def backend():
    """A one-shard local backend, closed after the test."""
    backend = LocalBackend(shards=1)
    try:
        yield backend
    finally:
        await backend.close()


async def _open(backend: LocalBackend, frames: str):
    instance = await backend.new_instance(Viewport(160, 120, 2, frames))
    await instance.page.set_content(PAGE)
    return instance


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.size, image.tobytes()


@requires_shell
async def test_frame_control_draws_the_same_pixels_as_vsync(backend):
    controlled, free = await _open(backend, "control"), await _open(backend, "vsync")
    assert controlled.viewport.frames == "control" and free.viewport.frames == "vsync"
    assert controlled.browser is not free.browser  # frame modes never share a browser
    size, pixels = _pixels(await screenshot(controlled, "png"))
    assert size == (320, 240)
    assert (size, pixels) == _pixels(await screenshot(free, "png"))


@requires_shell
async def test_overlapping_frames_in_one_browser_all_come_back(backend):
    pages = [await _open(backend, "control") for _ in range(4)]
    assert len({id(p.browser) for p in pages}) == 1
    for _ in range(2):
        shots = await asyncio.gather(*(screenshot(p, "jpeg", 80) for p in pages))
        assert all(s[:2] == b"\xff\xd8" for s in shots)


@requires_shell
async def test_pointer_input_under_frame_control(backend):
    page = await _open(backend, "control")
    await move(page, 150, 110)  # the first frame: before it the page drops pointer input
    await click(page.cdp, 20, 15)
    assert await page.page.evaluate("events") == ["pointerenter", "pointerdown", "pointerup", "click"]
    await move(page, 150, 110)
    hover_off = await screenshot(page, "png")
    await move(page, 20, 15)  # delivered by drawing a frame: the hover outline shows
    assert _pixels(await screenshot(page, "png")) != _pixels(hover_off)
    await page.page.evaluate("events.length = 0")
    await drag(page, (10, 60), (90, 60), steps=4)
    assert await page.page.evaluate("events") == ["drag:30", "drag:50", "drag:70", "drag:90"]
    with pytest.raises(RuntimeError, match="clipped screenshot"):
        await screenshot(page, "png", clip={"x": 0, "y": 0, "width": 10, "height": 10})
    await present(page)


@pytest.fixture
def no_shell(monkeypatch):
    """Hide the headless shell from backends made after it (list it before ``backend``)."""
    monkeypatch.setenv("GUIGYM_HEADLESS_SHELL", "none")


async def test_frame_control_falls_back_without_the_headless_shell(no_shell, backend):
    assert backend.frames("control") == "unthrottled" and backend.frames("vsync") == "vsync"
    page = await _open(backend, "control")
    assert page.viewport.frames == "unthrottled"
    clipped = await screenshot(page, "png", clip={"x": 0, "y": 0, "width": 50, "height": 20})
    assert Image.open(io.BytesIO(clipped)).size == (100, 40)
    await present(page)  # a no-op outside frame control


async def test_a_frame_returned_without_its_screenshot_is_begun_again():
    """A starved compositor returning a frame without its image cannot be produced on demand, so the CDP session
    here is a stand-in that answers empty frames first; the page model, lock and decoding are the real ones."""
    import base64
    from types import SimpleNamespace

    from toolkit.envs.capture import FRAME_TRIES

    class FlakyCDP:
        def __init__(self, empty: int):
            self.empty, self.calls = empty, 0

        async def send(self, method, params):
            assert method == "HeadlessExperimental.beginFrame" and "screenshot" in params
            self.calls += 1
            if self.calls <= self.empty:
                return {"hasDamage": True}
            return {"hasDamage": True, "screenshotData": base64.b64encode(b"\xff\xd8jpeg").decode()}

    def instance(cdp):
        return SimpleNamespace(viewport=SimpleNamespace(frames="control"), frame_lock=asyncio.Lock(), cdp=cdp)

    cdp = FlakyCDP(empty=FRAME_TRIES - 1)
    assert await screenshot(instance(cdp), "jpeg", 80) == b"\xff\xd8jpeg" and cdp.calls == FRAME_TRIES
    with pytest.raises(RuntimeError, match=f"began {FRAME_TRIES} frames but returned no screenshot"):
        await screenshot(instance(FlakyCDP(empty=FRAME_TRIES)), "jpeg", 80)
