"""The ``miniwob`` adapter: MiniWoB++ tasks served offline from the ``miniwob`` wheel's HTML.

MiniWoB++ keeps its own initialization and verification, and this adapter only drives them:

- **boot** opens a blank tab; the task page is loaded by ``reset`` (one instance serves any task);
- **reset** = ``core.endEpisode(0)``, ``Math.seedrandom(seed)``, ``core.setDataMode("train")``, a raised
  ``core.EPISODE_MAX_TIME``, ``core.startEpisodeReal()``: the same JavaScript the ``miniwob`` package's own
  env runs, so ``seed`` N gives the same episode as ``gym.make("miniwob/<task>-v1").reset(seed=N)``. The
  tasks whose state leaks across in-page resets (registered ``nondeterministic`` by the package) are
  reloaded before every episode;
- **observe**: a screenshot of the 160×210 CSS px task area at the adapter's scale, the elements of
  ``core.getDOMInfo()`` (boxes in 0–1000 over the task area) and the reward globals as the state;
- **act**: actions in normalized 0–1000 over the task area (``coords="norm1000"``, the harness's space) or
  in page CSS pixels (``coords="page"``); the one conversion is :meth:`MiniwobAdapter.to_page`;
- **evaluate**: the page's own reward, judged as MiniWoB++'s binary reward (the one most publications report):
  success when the raw reward is 1. The four tasks that score a correct answer by its accuracy
  (:data:`~toolkit.envs.adapters.miniwob_tasks.GRADED`) succeed on any positive raw reward, which their pages give only within tolerance.
  Partial credit (``click-checkboxes``: right minus wrong boxes; ``find-greatest``: 0.1 for a wrong card) is
  progress, not success. BrowserGym counts any raw reward > 0 as success; these figures are stricter.

The page generates the instruction, so ``reset`` writes ``core.getUtterance()`` into the task instance's
``instruction`` (and the three email tasks' ``fields`` into its ``params``).

The task catalogue, the ``miniwob`` suite and the verdicts live in :mod:`toolkit.envs.adapters.miniwob_tasks`.
The HTML is found with :func:`importlib.util.find_spec` (importing ``miniwob`` would register its gym envs)
and served by a loopback static server of its own (FlightWoB needs http; file:// would do for the rest).
"""

from __future__ import annotations

import asyncio
import difflib
from typing import Any, Literal

from toolkit.actions import Action, action_dict
from toolkit.envs.adapters.base import register_adapter
from toolkit.envs.adapters.miniwob_tasks import (check_seed, miniwob_server, page_verdict, registered_tasks, reloads,
                                                 require_root, task_of, task_url)
from toolkit.envs.base import ActionResult, Element, Observation, state_hash
from toolkit.envs.capture import screenshot
from toolkit.envs.input import FOCUSED_IS_TEXT_FIELD, click, move, press, screen_point
from toolkit.envs.local import Instance, Viewport
from toolkit.tasks import TaskInstance, TaskSpec, Verdict, VerifierPool

#: The task area MiniWoB draws into (top-left of the page), and the official env's window.
TASK_WIDTH, TASK_HEIGHT = 160, 210
WINDOW_WIDTH, WINDOW_HEIGHT = 500, 320
#: The time limit the page enforces (BrowserGym's value: slow agents are not cut off).
DEFAULT_EPISODE_MAX_MS = 1_000_000
#: The problem distributions MiniWoB++'s pages sample from (``WOB_DATA_MODE``); any other name samples as "default".
DATA_MODES = ("train", "test", "default")

_SCROLL = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}
_SWIPE = {"up": "down", "down": "up", "left": "right", "right": "left"}

#: Run once per page load: disable the START cover's click (only ``reset`` starts an episode, so an
#: action after the end cannot start a new one and wipe the reward globals).
_PREPARE = """() => {
  if (!window.core || !core.startEpisodeReal) return 'core.js did not load';
  if (!core.cover_div) core.startEpisode();
  core.cover_div.onclick = null;
  return null;
}"""
_RESET = """(o) => {
  core.endEpisode(0);
  Math.seedrandom(o.seed);
  core.setDataMode(o.mode);
  core.EPISODE_MAX_TIME = o.maxMs;
  core.startEpisodeReal();
  return WOB_TASK_READY ? {ready: true, utterance: core.getUtterance()} : {ready: false};
}"""
_STATE_EXPR = """({done: !!WOB_DONE_GLOBAL, reward: WOB_REWARD_GLOBAL, raw_reward: WOB_RAW_REWARD_GLOBAL,
  reason: WOB_REWARD_REASON === undefined ? null : WOB_REWARD_REASON, episode_id: WOB_EPISODE_ID,
  ready: !!WOB_TASK_READY})"""
_STATE = "() => " + _STATE_EXPR
_UTTERANCE = "() => core.getUtterance()"
#: The leaves of core.getDOMInfo() (elements with text or a value, and form controls) inside the task area.
_ELEMENTS = """([W, H, withElements]) => {
  const state = """ + _STATE_EXPR + """;
  if (!withElements) return {state, elements: []};
  const out = [];
  const walk = (n) => {
    if (!n) return;
    const tag = (n.tag || '').toLowerCase();
    const control = /^(input|button|textarea|select|a|option|label)/.test(tag);
    const text = n.text !== undefined ? String(n.text) : (n.value !== undefined && typeof n.value !== 'boolean' ? String(n.value) : '');
    if ((control || text) && n.left < W && n.top < H && n.left + n.width > 0 && n.top + n.height > 0 && tag !== 'body')
      out.push({ref: n.ref, tag, text: text.slice(0, 80), id: n.id || '', value: n.value,
                box: [n.left, n.top, n.width, n.height]});
    (n.children || []).forEach(walk);
  };
  walk(core.getDOMInfo());
  return {state, elements: out.slice(0, 200)};
}"""


# -- the adapter -------------------------------------------------------------------------------------

class MiniwobAdapter:
    """Drive MiniWoB++ task pages through Playwright; the page keeps its own reward.

    Args:
        coords: ``norm1000`` (0–1000 over the task area; what the harness emits) or ``page`` (CSS pixels).
        scale: screenshot pixels per CSS pixel (160×210 CSS px → 160·scale × 210·scale pixels).
        episode_max_ms: the page's episode time limit (``core.EPISODE_MAX_TIME``; MiniWoB's default is 10000).
        data_mode: ``core.setDataMode`` (the package's env uses "train").
        elements: also return the elements of ``core.getDOMInfo()`` in observations.
    """

    name = "miniwob"
    device = "miniwob"

    def __init__(self, coords: Literal["norm1000", "page"] = "norm1000", scale: float = 1.0, image_format: str = "png",
                 jpeg_quality: int = 90, screenshots: bool = True, episode_max_ms: int = DEFAULT_EPISODE_MAX_MS,
                 data_mode: str = "train", elements: bool = True):
        if coords not in ("norm1000", "page"):
            raise ValueError(f"coords must be 'norm1000' or 'page', got {coords!r}")
        _check_args(scale=scale, image_format=image_format, jpeg_quality=jpeg_quality, episode_max_ms=episode_max_ms,
                    data_mode=data_mode)
        require_root()
        self.coords = coords
        # Unthrottled frames: a capture waits for the next frame, and MiniWoB's pages animate with
        # requestAnimationFrame, so frames cannot be left to the env (frame control).
        self.viewport = Viewport(WINDOW_WIDTH, WINDOW_HEIGHT, scale, "unthrottled")
        self.apps: list[str] = []
        self.image_format = image_format
        self.jpeg_quality = jpeg_quality
        self.screenshots = screenshots
        self.episode_max_ms = episode_max_ms
        self.data_mode = data_mode
        self.elements = elements

    # -- coordinates (the one conversion place) ------------------------------------------------------

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Return the page CSS-pixel point of an action point given in the adapter's ``coords``."""
        if self.coords == "page":  # page CSS pixels as given (the window is larger than the task area)
            return x, y
        return screen_point(x, y, (TASK_WIDTH, TASK_HEIGHT))

    # -- the five operations ---------------------------------------------------------------------------

    async def boot(self, instance: Instance, base_url: str, timeout_s: float) -> None:
        """Open a blank page (the task page is loaded by reset) and start the HTML server."""
        miniwob_server()
        instance.info["miniwob_task"] = None

    async def load(self, instance: Instance, task: str, timeout_s: float = 15.0) -> None:
        """Load a task page and prepare it (no episode runs until reset)."""
        if task not in registered_tasks():
            close = difflib.get_close_matches(task, sorted(registered_tasks()), n=1, cutoff=0.75)
            hint = f"; did you mean {close[0]!r}?" if close else f" ({len(registered_tasks())} are registered)"
            raise ValueError(f"unknown MiniWoB++ task {task!r}{hint}")
        page = instance.page
        await page.goto(task_url(task), wait_until="load", timeout=timeout_s * 1000)
        error = await page.evaluate(_PREPARE)
        if error:
            raise RuntimeError(f"{task}: {error}")
        instance.info["miniwob_task"] = task
        instance.info["miniwob_loads"] = instance.info.get("miniwob_loads", 0) + 1

    async def reset(self, instance: Instance, task: TaskInstance) -> None:
        """Start the episode of ``task.seed`` (reloading the page when the task leaks state or changes)."""
        check_seed(task.seed)  # sample() refused it already; an instance built by hand reaches here
        name = task_of(task.task_id)
        if instance.info.get("miniwob_task") != name or reloads(name):
            await self.load(instance, name)
        page = instance.page
        started = await page.evaluate(_RESET, {"seed": task.seed, "mode": self.data_mode, "maxMs": self.episode_max_ms})
        if not started["ready"]:
            await page.wait_for_function("() => WOB_TASK_READY", timeout=10_000)
            started["utterance"] = await page.evaluate(_UTTERANCE)
        # No hover left over from the last episode (delivered with the next frame or press).
        await move(instance, WINDOW_WIDTH - 1, WINDOW_HEIGHT - 1, wait=False)
        utterance = started["utterance"]
        if isinstance(utterance, dict):  # the three email tasks: {utterance, fields}
            task.params["fields"] = dict(utterance.get("fields") or {})
            utterance = utterance.get("utterance", "")
        task.instruction = utterance or task.instruction
        task.params["utterance"] = utterance
        instance.info["miniwob_utterance"] = utterance

    async def state(self, instance: Instance) -> dict[str, Any]:
        """Return the page's reward globals (done, reward, raw_reward, reason, episode_id, ready) and the task."""
        if not instance.info.get("miniwob_task"):
            return {"task": None, "done": False, "reward": 0.0, "raw_reward": 0.0, "reason": None}
        state = await instance.page.evaluate(_STATE)
        state["task"] = instance.info["miniwob_task"]
        state["utterance"] = instance.info.get("miniwob_utterance")
        return state

    async def observe(self, instance: Instance, note: str | None = None) -> Observation:
        """Return a screenshot of the task area, the DOM elements and the reward globals."""
        elements: list[Element] = []
        # The capture and the DOM read are independent round trips: overlap them.
        shooting = asyncio.ensure_future(self.screenshot(instance)) if self.screenshots else None
        try:
            found = (await instance.page.evaluate(_ELEMENTS, [TASK_WIDTH, TASK_HEIGHT, self.elements])
                     if instance.info.get("miniwob_task") else None)
        except BaseException:
            if shooting is not None:
                shooting.cancel()
            raise
        if found is None:
            state = await self.state(instance)
        else:  # one round trip: the reward globals and (if asked) the elements
            state = {**found["state"], "task": instance.info["miniwob_task"], "utterance": instance.info.get("miniwob_utterance")}
            sx, sy = 1000 / TASK_WIDTH, 1000 / TASK_HEIGHT
            for e in found["elements"]:
                x, y, w, h = e["box"]
                elements.append(Element(id=f"ref:{e['ref']}", role=e["tag"], text=e["text"],
                                        box=(x * sx, y * sy, w * sx, h * sy)))
        image = await shooting if shooting is not None else b""
        scale = instance.viewport.scale
        return Observation(image=image, image_format=self.image_format, width=round(TASK_WIDTH * scale),
                           height=round(TASK_HEIGHT * scale), screen=f"miniwob:{state['task']}" + (":done" if state["done"] else ""),
                           elements=elements, state=state, state_hash=state_hash(state), note=note,
                           done=bool(state["done"]))

    async def screenshot(self, instance: Instance) -> bytes:
        """Return a screenshot of the task area (160×210 CSS px at the browser's scale) through CDP."""
        return await screenshot(instance, self.image_format, self.jpeg_quality,
                                clip={"x": 0, "y": 0, "width": TASK_WIDTH, "height": TASK_HEIGHT})

    async def action_log(self, instance: Instance) -> list[dict[str, Any]]:
        """MiniWoB++ keeps no action log."""
        return []

    async def act(self, instance: Instance, action: Action) -> ActionResult:
        """Apply one action through real input events; unsupported kinds give an error result."""
        page = instance.page
        result = ActionResult(action=action_dict(action))
        kind = action.type
        if kind in ("click", "double_click", "long_press", "drag", "scroll", "swipe"):
            x, y = self.to_page(action.x, action.y)
        if kind == "click":
            await click(instance.cdp, x, y)
        elif kind == "double_click":
            await click(instance.cdp, x, y, clicks=2)
        elif kind == "long_press":
            await page.mouse.click(x, y, delay=600)
        elif kind == "drag":
            x2, y2 = self.to_page(action.x2, action.y2)
            await page.mouse.move(x, y)
            await page.mouse.down()
            await page.mouse.move(x2, y2, steps=8)
            await page.mouse.up()
        elif kind in ("scroll", "swipe"):
            direction = action.direction if kind == "scroll" else _SWIPE[action.direction]
            ux, uy = _SCROLL[direction]
            await page.mouse.move(x, y)
            await page.mouse.wheel(ux * action.amount / 1000 * TASK_WIDTH, uy * action.amount / 1000 * TASK_HEIGHT)
            await asyncio.sleep(0.05)  # wheel scrolling is applied asynchronously
        elif kind == "type":
            if action.clear and await page.evaluate(FOCUSED_IS_TEXT_FIELD):
                await page.keyboard.press("Control+a")
                await page.keyboard.press("Backspace")
            if action.text:
                await page.keyboard.type(action.text)
        elif kind == "hotkey":
            error = await press(page, action.keys)
            if error:
                return result.model_copy(update={"ok": False, "error": error})
        elif kind == "system_button":
            if action.button != "enter":
                return result.model_copy(update={"ok": False, "error": f"system_button {action.button}: MiniWoB++ has only 'enter'"})
            await page.keyboard.press("Enter")
        elif kind == "wait":
            await asyncio.sleep(min(action.seconds, 5.0))
        elif kind in ("open", "answer", "cli_command", "api_call"):
            return result.model_copy(update={"ok": False, "error": f"{kind}: not available in MiniWoB++"})
        # ask_user and terminate are episode control: the rollout handles them.
        return result

    async def evaluate(self, verifiers: VerifierPool, spec: TaskSpec, task: TaskInstance, initial: dict[str, Any],
                       final: dict[str, Any], trajectory: list[dict[str, Any]], instance: Instance) -> Verdict:
        """Judge by the page's own reward (:func:`~toolkit.envs.adapters.miniwob_tasks.page_success`); reward = the page's (time-scaled) reward."""
        final = final if "raw_reward" in final else await self.state(instance)
        return page_verdict(spec.full_id, final)


def _check_args(scale: float, image_format: str, jpeg_quality: int, episode_max_ms: int, data_mode: str) -> None:
    """Refuse an argument the page or the capture would take silently (an unknown data mode samples like "default")
    or fail on only at the first observation; the error names the argument."""
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < float("inf"):
        raise ValueError(f"scale must be a finite number above 0 (screenshot pixels per CSS pixel), got {scale!r}")
    if image_format not in ("png", "jpeg"):
        raise ValueError(f"image_format must be 'png' or 'jpeg', got {image_format!r}")
    if isinstance(jpeg_quality, bool) or not isinstance(jpeg_quality, int) or not 0 <= jpeg_quality <= 100:
        raise ValueError(f"jpeg_quality must be an integer from 0 to 100, got {jpeg_quality!r}")
    if isinstance(episode_max_ms, bool) or not isinstance(episode_max_ms, int) or episode_max_ms < 1:
        raise ValueError(f"episode_max_ms must be a positive integer (milliseconds), got {episode_max_ms!r}")
    if data_mode not in DATA_MODES:
        raise ValueError(f"data_mode must be one of {', '.join(map(repr, DATA_MODES))} (MiniWoB's core.setDataMode), "
                         f"got {data_mode!r}")


def _factory(**kwargs: Any) -> MiniwobAdapter:
    return MiniwobAdapter(**kwargs)


register_adapter("miniwob", _factory)
