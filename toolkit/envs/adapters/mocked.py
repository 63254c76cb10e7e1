"""The ``mocked`` adapter: our phone apps, driven through the page's ``window.__gym`` bridge.

Pointer actions go through real CDP input (mouse events at CSS pixels); gestures whose
timing would make runs nondeterministic (scroll, long press) go through the bridge and
take effect at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from toolkit.actions import Action, action_dict
from toolkit.envs.base import ActionResult, Element, Observation
from toolkit.envs.capture import screenshot
from toolkit.envs.input import CLEAR_FOCUSED, FOCUSED_IS_TEXT_FIELD, click, drag, move, press, screen_point
from toolkit.envs.local import Frames, Instance, Viewport
from toolkit.envs.parts import Seen, merge_parts
from toolkit.paths import MOCKED_APPS
from toolkit.tasks import SpecError, TaskInstance, TaskSpec, Verdict, VerifierPool, judge
from toolkit.tasks.setup_patch import setup_problems

log = logging.getLogger(__name__)

_SCROLL = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}
# A swipe names the finger's motion: swiping up scrolls the content down.
_SWIPE = {"up": "down", "down": "up", "left": "right", "right": "left"}
_SYSTEM = {"back": "back", "home": "home", "recents": "recents", "menu": "recents"}

_CLEAR_FOCUSED = CLEAR_FOCUSED
_FOCUSED_IS_FIELD = FOCUSED_IS_TEXT_FIELD


def _catalog() -> dict[str, Any]:
    return json.loads((MOCKED_APPS / "catalog.json").read_text())


class MockedAdapter:
    """Boot, reset, act on and observe a mocked device page."""

    name = "mocked"

    def __init__(self, device: str = "phone", apps: list[str] | None = None, image_format: str = "jpeg",
                 jpeg_quality: int = 80, screenshots: bool = True, scale: float | None = None, frames: Frames = "control"):
        catalog = _catalog()
        if device not in catalog:
            raise ValueError(f"unknown device {device!r}; the catalog has {sorted(catalog)}")
        unknown = sorted(set(apps or []) - set(catalog[device]["apps"]))
        if unknown:
            raise ValueError(f"device {device!r} has no app(s) {unknown}")
        self.device = device
        # Apps listed in the catalog but not built yet (no manifest.json) are not on the device.
        built = [a for a in catalog[device]["apps"] if (MOCKED_APPS / "apps" / a / "manifest.json").is_file()]
        self.apps: list[str] = list(apps) if apps else built
        self._only = apps is not None
        if scale is not None and (isinstance(scale, bool) or not isinstance(scale, (int, float))
                                  or not 0 < scale < float("inf")):
            # 0 was read as "the device's scale" (3), a negative one failed in numpy as "negative dimensions"
            raise ValueError(f"scale must be a finite number above 0 (screenshot pixels per CSS pixel) or None (the "
                             f"device's), got {scale!r}")
        v = catalog[device]["viewport"]
        # Screenshots are width·scale × height·scale pixels (the phone: 360×800 CSS px × 3 = 1080×2400).
        # Frame control by default: our apps have no animations, so a frame is needed only to observe.
        self.viewport = Viewport(v["width"], v["height"], scale if scale is not None else v.get("scale", 3), frames)
        self.image_format = image_format
        self.jpeg_quality = jpeg_quality
        # Validation rollouts of policies that never look (reference, random) can skip the pixels.
        self.screenshots = screenshots

    def url(self, base: str) -> str:
        """Return the device page URL under the static server ``base``."""
        query = f"?apps={','.join(self.apps)}" if self._only else ""
        return f"{base}{self.device}/index.html{query}"

    async def boot(self, instance: Instance, base_url: str, timeout_s: float) -> None:
        """Load the device page and wait for the bridge."""
        await instance.page.goto(self.url(base_url), wait_until="load", timeout=timeout_s * 1000)
        # Polled, not per animation frame: a page under frame control runs no requestAnimationFrame.
        await instance.page.wait_for_function("window.__gym && window.__gym.ready || window.__gymBootError",
                                              timeout=timeout_s * 1000, polling=20)
        error = await instance.page.evaluate("window.__gymBootError || null")
        if error:
            raise RuntimeError(f"device page failed to boot: {error}")
        instance.info["boot_errors"] = await instance.page.evaluate("window.__gymBootErrors || []")
        transport = [e for e in instance.info["boot_errors"] if "fetch" in e.lower()]
        if transport:  # the server or the network failed, not the app: this boot is an infrastructure failure
            raise RuntimeError(f"device page lost app files while booting: {'; '.join(transport[:3])}")
        if instance.info["boot_errors"]:
            log.warning("apps left out of the %s: %s", self.device, "; ".join(instance.info["boot_errors"]))

    async def reset(self, instance: Instance, task: TaskInstance) -> None:
        """Reset the device in place to s0 = init(world, seed) + setup patch (no reload).

        Raises:
            SpecError: the setup patch would break the device's state (``os`` made a number...): the task's fault,
                refused before the page is touched, so the manager does not rerun it as an infrastructure failure.
        """
        problems = setup_problems(task.setup, None)  # apps are not checked: a pool's device may have fewer apps
        if problems:
            raise SpecError(f"task instance {task.key}: {'; '.join(problems[:5])}")
        await instance.page.evaluate("(o) => __gym.reset(o)", {"seed": task.seed, "patch": task.setup, "start_app": task.start_app})
        # No hover left over from the last episode: the move goes with the observation's frame. Under frame
        # control a page takes pointer input only once it has drawn a frame, and a booted page has drawn none.
        first = not instance.info.get("drawn")
        await move(instance, 0, 0, wait=first)
        instance.info["drawn"] = True

    async def evaluate(self, verifiers: VerifierPool, spec: TaskSpec, task: TaskInstance, initial: dict[str, Any],
                       final: dict[str, Any], trajectory: list[dict[str, Any]], instance: Instance) -> Verdict:
        """Judge by the task's verifier over (s0, final state), out of process."""
        return await judge(verifiers, spec, task, initial, final, trajectory)

    async def state(self, instance: Instance) -> dict[str, Any]:
        """Return the device state JSON."""
        return json.loads(await instance.page.evaluate("__gym.stateJson()"))

    async def observe(self, instance: Instance, note: str | None = None) -> Observation:
        """Return the screenshot, visible elements and state of the page."""
        # One JSON string across CDP: Playwright's structured serialisation of a 60 KB state costs ~20x more.
        # The capture and the DOM read are independent round trips (neither changes the page): overlap them.
        known: Seen | None = instance.info.get("observed")  # the state of the version this page last sent
        reading = instance.page.evaluate("(known) => __gym.observeJson(known)", known.version if known else None)
        if self.screenshots:
            raw, image = await asyncio.gather(reading, self.screenshot(instance))
        else:
            raw, image = await reading, b""
        info = json.loads(raw)
        if known is None or info["full"] or info["version"] != known.version:
            known = instance.info["observed"] = merge_parts(None if info["full"] else known, info)
        vp = instance.viewport
        sx, sy = 1000 / vp.width, 1000 / vp.height
        elements = [Element(id=e["id"], role=e["role"], text=e["text"],
                            box=(e["box"][0] * sx, e["box"][1] * sy, e["box"][2] * sx, e["box"][3] * sy))
                    for e in info["elements"]]
        screen = f"app:{info['foreground']}" if info["screen"] == "app" else info["screen"]
        return Observation(image=image, image_format=self.image_format,
                           width=round(vp.width * vp.scale), height=round(vp.height * vp.scale), screen=screen,
                           elements=elements, state=known.state, state_hash=known.hash, note=note)

    async def screenshot(self, instance: Instance) -> bytes:
        """Return one screenshot through CDP (JPEG or PNG, at the viewport's scale)."""
        return await screenshot(instance, self.image_format, self.jpeg_quality)

    async def action_log(self, instance: Instance) -> list[dict[str, Any]]:
        """Return the logic-level actions applied since the last reset (for Node/Chromium agreement)."""
        return json.loads(await instance.page.evaluate("JSON.stringify(__gym.log())"))

    async def act(self, instance: Instance, action: Action) -> ActionResult:
        """Apply one action; an action the device cannot do gives an error result, not an exception."""
        page = instance.page
        vp = instance.viewport
        result = ActionResult(action=action_dict(action))

        def px(x: float, y: float) -> tuple[float, float]:
            return screen_point(x, y, (vp.width, vp.height))

        kind = action.type
        if kind == "click":
            await click(instance.cdp, *px(action.x, action.y))
        elif kind == "double_click":
            await click(instance.cdp, *px(action.x, action.y), clicks=2)
        elif kind == "long_press":
            hit = await page.evaluate("([x, y]) => __gym.longPress(x, y)", list(px(action.x, action.y)))
            result.effect = None if hit else "nothing under the point"
        elif kind == "type":
            if not await page.evaluate(_FOCUSED_IS_FIELD):
                return result.model_copy(update={"ok": False, "error": "type: no text field has focus; tap a field first"})
            if action.clear:
                await page.evaluate(_CLEAR_FOCUSED)
            if action.text:
                await page.keyboard.insert_text(action.text)
        elif kind == "hotkey":
            error = await press(page, action.keys)
            if error:
                return result.model_copy(update={"ok": False, "error": error})
        elif kind == "open":
            if action.app not in self.apps:
                return result.model_copy(update={"ok": False, "error": f"open: no app {action.app!r}; installed: {', '.join(self.apps)}"})
            await page.evaluate("(app) => __gym.system({type: 'open', app})", action.app)
        elif kind == "drag":
            await drag(instance, px(action.x, action.y), px(action.x2, action.y2), steps=4)
        elif kind in ("scroll", "swipe"):
            direction = action.direction if kind == "scroll" else _SWIPE[action.direction]
            ux, uy = _SCROLL[direction]
            dx, dy = ux * action.amount / 1000 * vp.width, uy * action.amount / 1000 * vp.height
            moved = await page.evaluate("([x, y, dx, dy]) => __gym.scroll(x, y, dx, dy)", [*px(action.x, action.y), dx, dy])
            result.effect = None if moved else "nothing scrolled"
        elif kind == "system_button":
            if action.button == "enter":
                await page.keyboard.press("Enter")
            else:
                await page.evaluate("(t) => __gym.system({type: t})", _SYSTEM[action.button])
        elif kind == "wait":
            await page.evaluate("(ms) => __gym.system({type: 'tick', ms})", int(action.seconds * 1000))
        elif kind == "answer":
            values = dict(action.fields)
            if action.text is not None and not values:
                values = {"answer": action.text}
            await page.evaluate("(v) => __gym.dispatch('answersheet', {type: 'submit', values: v})", values)
        elif kind in ("cli_command", "api_call"):
            return result.model_copy(update={"ok": False, "error": f"{kind}: not available on the mocked phone"})
        # ask_user and terminate are episode control: the rollout handles them, the device does nothing.
        return result
