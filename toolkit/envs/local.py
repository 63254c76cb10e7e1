"""The local backend: Chromium driven by Playwright in this process.

Isolation ``pages`` puts instances as tabs of a few shared browser contexts (cheapest; our apps
keep all state in page memory, so tabs do not share it), ``contexts`` gives each instance its
own browser context, ``browsers`` its own browser process.

In ``pages`` mode the tabs of one context share one renderer process (``--process-per-site``):
a page then costs its DOM, JS heap and raster tiles (~18 MB PSS at 1080×2400, ~2 MB at 360×800:
the tiles are most of it) instead of a whole renderer (~45 MB). Instances are spread over
``shards`` contexts (one renderer each), so the renderers' main threads use several cores and a
renderer crash takes down only its shard.

Each viewport names how its pages make frames (:data:`Frames`); pages of different scales or frame
modes live in different browser processes.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import weakref
from dataclasses import dataclass, field, replace
from typing import Any, Awaitable, Callable, Literal

from playwright.async_api import Browser, BrowserContext, CDPSession, Page, Playwright, async_playwright

from toolkit.sync import within

Isolation = Literal["pages", "contexts", "browsers"]
#: How a page makes frames. ``vsync``: Chromium's own 60 Hz frames, so a capture waits for the next one;
#: ``unthrottled``: a frame as soon as something changed (``--disable-frame-rate-limit``), so captures wait
#: less; ``control``: no frame unless the env begins one (the headless shell's ``--deterministic-mode`` and
#: ``HeadlessExperimental.beginFrame``): nothing is rastered between observations, and an observation's
#: screenshot is the frame it begins. ``control`` needs Debian's ``chromium-headless-shell``; without it
#: the backend falls back to ``unthrottled``.
Frames = Literal["vsync", "unthrottled", "control"]
_FRAME_FLAGS: dict[str, list[str]] = {"vsync": [], "unthrottled": ["--disable-frame-rate-limit"],
                                      "control": ["--deterministic-mode"]}

#: Flags checked on this kind of machine (DEVELOPERS notes): headless, no network side traffic.
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Background tabs must keep rendering: each instance is a tab that is screenshotted in turn.
    "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows", "--disable-extensions", "--mute-audio",
    "--disable-dev-shm-usage",
]


def _first_existing(*candidates: str | None) -> str | None:
    return next((c for c in candidates if c and os.path.exists(c)), None)


def find_chromium() -> str | None:
    """Return the Chromium executable (``GUIGYM_CHROMIUM``, /usr/bin/chromium, or on PATH)."""
    return _first_existing(os.environ.get("GUIGYM_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                           shutil.which("chromium-browser"))


def find_headless_shell() -> str | None:
    """Return Chromium's headless shell (``GUIGYM_HEADLESS_SHELL``, Debian's chromium-headless-shell), or None.

    ``GUIGYM_HEADLESS_SHELL=none`` disables it (every ``control`` viewport then runs ``unthrottled``).
    """
    chosen = os.environ.get("GUIGYM_HEADLESS_SHELL")
    if chosen == "none":
        return None
    return _first_existing(chosen, "/usr/bin/chromium-headless-shell", shutil.which("chromium-headless-shell"))


async def _close_all(closers: list[Callable[[], Awaitable[Any]]]) -> None:
    """Call each closer in order (10 s each at most, errors ignored), shielded from the caller's cancellation."""
    async def run() -> None:
        for closer in closers:
            try:
                await within(10, closer())
            except Exception:  # noqa: BLE001 - closing what may already be dead
                pass

    if closers:
        await asyncio.shield(asyncio.ensure_future(run()))


@dataclass
class Viewport:
    """CSS size, device scale factor and frame mode; screenshots are width·scale × height·scale pixels."""

    width: int = 360
    height: int = 800
    scale: float = 3.0
    frames: Frames = "vsync"


@dataclass
class Instance:
    """One hosted page: the unit an env lease points at."""

    page: Page
    cdp: CDPSession
    context: BrowserContext
    browser: Browser
    viewport: Viewport
    own_context: bool
    own_browser: bool
    crashed: bool = False
    info: dict[str, Any] = field(default_factory=dict)
    #: Held while a frame is begun (``control`` mode): one per browser process.
    frame_lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class LocalBackend:
    """Host instances in local Chromium processes."""

    def __init__(self, isolation: Isolation = "pages", executable: str | None = None, extra_flags: list[str] | None = None,
                 shards: int | None = None):
        if isolation not in ("pages", "contexts", "browsers"):
            raise ValueError(f"isolation must be pages, contexts or browsers, got {isolation!r}")
        self.isolation = isolation
        self.executable = executable or find_chromium()
        self.headless_shell = find_headless_shell()
        # One renderer per context shard (under frame control also one browser per shard, whose frames are
        # drawn one at a time), at least two and one per two cores: a renderer's main thread serves many
        # pages, and each extra renderer costs ~60 MB before its first page.
        self.shards = max(1, shards if shards is not None else min(8, max(2, (os.cpu_count() or 2) // 2)))
        sharing = ["--process-per-site"] if isolation == "pages" else []
        # Chromium rasters with cores/2 threads (one on 2 cores); two halve the raster of a full-screen
        # change at 1080×2400 (~5 ms of a step here) for the same CPU.
        raster = [f"--num-raster-threads={min(4, max(2, (os.cpu_count() or 2) // 2))}"]
        self.flags = CHROMIUM_FLAGS + sharing + raster + (extra_flags or [])
        self._placed: dict[tuple, int] = {}
        self._pw: Playwright | None = None
        self._browsers: dict[tuple[float, str, int], Browser] = {}
        # A browser under frame control draws one frame at a time: concurrent beginFrame calls all fail.
        self._frame_locks: dict[int, asyncio.Lock] = {}
        self._contexts: dict[tuple, BrowserContext] = {}
        self._lock = asyncio.Lock()
        # Instances hosted by each browser: when a browser process dies they are all marked crashed.
        self._hosted: dict[int, weakref.WeakValueDictionary] = {}

    async def start(self) -> None:
        """Start Playwright (browsers are launched on first use, one per device scale factor)."""
        if self._pw is not None:
            return
        if not self.executable:
            raise RuntimeError("no Chromium found: install Debian's 'chromium' or set GUIGYM_CHROMIUM")
        self._pw = await async_playwright().start()

    def frames(self, wanted: Frames) -> Frames:
        """Return the frame mode a viewport asking for ``wanted`` gets (``control`` needs the headless shell)."""
        return "unthrottled" if wanted == "control" and not self.headless_shell else wanted

    async def _launch(self, scale: float, frames: Frames) -> Browser:
        # Headless Chromium captures the compositor surface at the browser's own scale factor; a
        # context's emulated device_scale_factor alone yields CSS-pixel screenshots. So each scale
        # gets its own browser, forced to render at that scale.
        flags = self.flags + [f"--force-device-scale-factor={scale:g}"] + _FRAME_FLAGS[frames]
        executable = self.headless_shell if frames == "control" else self.executable
        browser = await self._pw.chromium.launch(executable_path=executable, args=flags, headless=True)
        hosted = self._hosted[id(browser)] = weakref.WeakValueDictionary()
        self._frame_locks[id(browser)] = asyncio.Lock()
        browser.on("disconnected", lambda *_: self._browser_died(browser, hosted))
        return browser

    def _browser_died(self, browser: Browser, hosted: weakref.WeakValueDictionary) -> None:
        # A killed or crashed browser process: its instances are dead, and the next instance gets a new browser.
        for instance in list(hosted.values()):
            instance.crashed = True
        self._hosted.pop(id(browser), None)
        self._frame_locks.pop(id(browser), None)
        for key, shared in list(self._browsers.items()):
            if shared is browser:
                del self._browsers[key]
        for key, context in list(self._contexts.items()):
            if context.browser is browser or context.browser is None:
                del self._contexts[key]

    async def _shared_browser(self, scale: float, frames: Frames, shard: int = 0) -> Browser:
        key = (scale, frames, shard)
        if key in self._browsers and not self._browsers[key].is_connected():
            self._browser_died(self._browsers[key], self._hosted.get(id(self._browsers[key]), weakref.WeakValueDictionary()))
        if key not in self._browsers:
            self._browsers[key] = await self._launch(scale, frames)
        return self._browsers[key]

    async def _context(self, browser: Browser, viewport: Viewport) -> BrowserContext:
        return await browser.new_context(viewport={"width": viewport.width, "height": viewport.height},
                                         device_scale_factor=viewport.scale, has_touch=False,
                                         locale="en-US", timezone_id="UTC", service_workers="block")

    async def new_instance(self, viewport: Viewport) -> Instance:
        """Open a blank page in the configured isolation and return it (its viewport names the frame mode it got)."""
        await self.start()
        viewport = replace(viewport, frames=self.frames(viewport.frames))
        opened: list[Callable[[], Awaitable[Any]]] = []  # closers of what this call opened for the instance alone
        try:
            async with self._lock:
                base = (viewport.width, viewport.height, viewport.scale, viewport.frames)
                shard = 0
                if self.isolation == "pages":
                    shard = self._placed.get(base, 0) % self.shards
                    self._placed[base] = self._placed.get(base, 0) + 1
                if self.isolation == "browsers":
                    browser, own_browser = await self._launch(viewport.scale, viewport.frames), True
                    opened.append(browser.close)
                else:
                    # Under frame control a browser draws one frame at a time, so each shard gets its own browser.
                    browser_shard = shard if viewport.frames == "control" else 0
                    browser, own_browser = await self._shared_browser(viewport.scale, viewport.frames, browser_shard), False
                if self.isolation == "pages":
                    key = (*base, shard)
                    context = self._contexts.get(key)
                    if context is None:
                        context = self._contexts[key] = await self._context(browser, viewport)
                    own_context = False
                else:
                    context, own_context = await self._context(browser, viewport), True
                    opened.append(context.close)
            page = await context.new_page()
            opened.append(page.close)
            cdp = await context.new_cdp_session(page)
        except BaseException:
            # Failed or cancelled (a boot deadline) halfway: nothing references these, so close them now; shielded,
            # so a second cancellation cannot leave them open.
            await _close_all(opened[::-1])
            raise
        instance = Instance(page=page, cdp=cdp, context=context, browser=browser, viewport=viewport,
                            own_context=own_context, own_browser=own_browser,
                            frame_lock=self._frame_locks.setdefault(id(browser), asyncio.Lock()))
        page.on("crash", lambda *_: setattr(instance, "crashed", True))
        page.on("close", lambda *_: setattr(instance, "crashed", True))
        self._hosted.setdefault(id(browser), weakref.WeakValueDictionary())[id(instance)] = instance
        if not browser.is_connected():  # died while the page opened
            instance.crashed = True
        return instance

    def alive(self, instance: Instance) -> bool:
        """Return whether the instance's page and browser are still up (no round trip; see the manager's health probe)."""
        return not instance.crashed and not instance.page.is_closed() and instance.browser.is_connected()

    async def probe(self, instance: Instance) -> None:
        """Round-trip to the instance's renderer; raises when the page is dead or hung (the caller sets the deadline)."""
        await instance.page.evaluate("1")

    async def retire(self, instance: Instance) -> None:
        """Take a hung instance's shard out of service: later instances get a new context (and renderer).

        The pages of one context share its renderer's main thread, so when one hangs they all do. The
        shard's context is closed (its pages with it, which the browser ends even when the renderer does
        not answer); instances with their own context or browser are just closed.
        """
        shared = [key for key, context in self._contexts.items() if context is instance.context]
        for key in shared:
            del self._contexts[key]
        if not shared:
            await self.close_instance(instance)
            return
        for hosted in list(self._hosted.get(id(instance.browser), {}).values()):
            if hosted.context is instance.context:
                hosted.crashed = True
        try:
            await within(10, instance.context.close())
        except Exception:  # noqa: BLE001 - a context of a hung renderer may not close cleanly
            pass

    async def close_instance(self, instance: Instance) -> None:
        """Close an instance's page (and its own context/browser); errors of dead pages are ignored."""
        instance.crashed = True
        for closer in (instance.page.close, instance.context.close if instance.own_context else None,
                       instance.browser.close if instance.own_browser else None):
            if closer is None:
                continue
            try:
                await within(10, closer())
            except Exception:  # noqa: BLE001 - closing what may already be dead
                pass

    async def close(self) -> None:
        """Close every browser and stop Playwright."""
        for context in list(self._contexts.values()):
            try:
                await context.close()
            except Exception:  # noqa: BLE001
                pass
        self._contexts.clear()
        for browser in list(self._browsers.values()):  # a closing browser leaves the dict (disconnected event)
            try:
                await browser.close()
            except Exception:  # noqa: BLE001
                pass
        self._browsers.clear()
        if self._pw is not None:
            await self._pw.stop()
            self._pw = None
