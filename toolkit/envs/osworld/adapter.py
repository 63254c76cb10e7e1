"""The ``osworld`` adapter: the five operations over an OSWorld VM's control server (HTTP on port 5000).

- **reset**: revert (OSWorld's docker provider restarts the container) when the VM was used, then run the
  task's ``config`` setup steps (:mod:`.setup`: the server's ``/setup/*`` endpoints; :mod:`.chrome`: tabs over
  the VM's Chrome CDP port and its History database; googledrive / login / proxy need outside accounts and are
  refused with the reason);
- **observe**: ``GET /screenshot`` (PNG of the 1920×1080 screen);
- **act**: each action becomes the pyautogui command OSWorld's own agents send (``POST /execute``); points are
  0–1000 over the screen; ``cli_command`` runs a shell command; ``terminate`` records DONE / FAIL;
- **state**: the task id and the last DONE / FAIL;
- **evaluate**: the ``postconfig`` steps, then OSWorld's rule: an infeasible task succeeds only when the agent
  ended with FAIL; otherwise each metric over its getters' ``result`` / ``expected``, combined with ``conj``
  (a result file that is not there scores 0, as in OSWorld; success = a full score). A few metrics and getters
  are built in; the rest come from ``desktop_env`` when it is installed.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
import uuid
from pathlib import Path, PurePosixPath
from typing import Any, Callable

import httpx

from toolkit.actions import Action, action_dict
from toolkit.envs.adapters.base import register_adapter
from toolkit.envs.base import ActionResult, Observation, state_hash
from toolkit.envs.input import screen_point
from toolkit.envs.osworld.docker_backend import OSWorldInstance, Screen
from toolkit.envs.osworld.setup import SetupRunner
from toolkit.envs.osworld.tasks import vm_file_plan
from toolkit.tasks import CriterionResult, TaskInstance, TaskSpec, Verdict, VerifierPool, verifier_error

_PRELUDE = "import pyautogui; import time; pyautogui.FAILSAFE = False; "
_SCROLL = {"down": (0, -1), "up": (0, 1), "right": (1, 0), "left": (-1, 0)}  # pyautogui: positive scroll = up
#: The action vocabulary's key names (:data:`toolkit.actions.KEY_NAMES`) that pyautogui spells differently; the
#: rest are lower-cased (pyautogui ignores a name it does not know, so ``control`` would press nothing).
_PYAUTOGUI_KEYS = {
    "Control": "ctrl", "ControlLeft": "ctrlleft", "ControlRight": "ctrlright", "Meta": "win", "MetaLeft": "winleft",
    "MetaRight": "winright", "AltLeft": "altleft", "AltRight": "altright", "AltGraph": "altright",
    "ShiftLeft": "shiftleft", "ShiftRight": "shiftright", "Escape": "esc", "ArrowUp": "up", "ArrowDown": "down",
    "ArrowLeft": "left", "ArrowRight": "right", "ContextMenu": "apps", "Backquote": "`", "Minus": "-", "Equal": "=",
    "Backslash": "\\", "BracketLeft": "[", "BracketRight": "]", "Semicolon": ";", "Quote": "'", "Comma": ",",
    "Period": ".", "Slash": "/", "NumpadDivide": "divide", "NumpadMultiply": "multiply", "NumpadSubtract": "subtract",
    "NumpadAdd": "add", "NumpadDecimal": "decimal", "NumpadEnter": "enter", "AudioVolumeMute": "volumemute",
    "AudioVolumeDown": "volumedown", "AudioVolumeUp": "volumeup", "MediaTrackNext": "nexttrack",
    "MediaTrackPrevious": "prevtrack", "MediaPlayPause": "playpause",
}


def pyautogui_key(name: str) -> str:
    """Return pyautogui's name of a key of the action vocabulary (``Control`` → ``ctrl``, ``KeyA`` → ``a``)."""
    if name in _PYAUTOGUI_KEYS:
        return _PYAUTOGUI_KEYS[name]
    if (len(name) == 4 and name.startswith("Key")) or (len(name) == 6 and name.startswith("Digit")):
        return name[-1].lower()
    if name.startswith("Numpad") and name[-1].isdigit():
        return f"num{name[-1]}"
    return name.lower()


def exact_match(result: Any, rules: dict[str, Any], **_: Any) -> float:
    """OSWorld's exact_match: 1 when the result equals ``rules["expected"]``."""
    return float(result == rules["expected"])


def check_include_exclude(result: Any, rules: dict[str, Any], **_: Any) -> float:
    """OSWorld's check_include_exclude: every ``include`` substring present and no ``exclude`` one."""
    text = result if isinstance(result, str) else json.dumps(result)
    return float(all(s in text for s in rules.get("include", [])) and not any(s in text for s in rules.get("exclude", [])))


BUILTIN_METRICS: dict[str, Callable[..., float]] = {"exact_match": exact_match, "check_include_exclude": check_include_exclude}


class OSWorldAdapter:
    """Drive an OSWorld VM through its control server (``OSWorldInstance.server_url``).

    Args:
        transport: an httpx transport for the VM server (tests pass a mock of it); Chrome's CDP port is reached
            directly at ``instance.url("chromium")``.
        metrics: extra metric functions by name (they win over the built-ins and desktop_env's).
        screen: the VM screen size (OSWorld's default 1920×1080).
        cache_dir: where getters and ``execute``'s stdout / stderr files are written, each VM in a folder of its own
            (:meth:`cache_folder`; emptied at each reset), each file written whole (a temp file, then a rename).
        client_password: the VM user's password, for OSWorld's ``{CLIENT_PASSWORD}`` ("password" in its images).
        local_root: the folder relative ``upload_file`` / ``replay`` paths start from (default: the working folder).
        history_template: an empty Chrome History (OSWorld's history_empty.sqlite) for ``update_browse_history``;
            without it the VM's own History is emptied and refilled.
        until_timeout_s: how long ``execute``'s ``until`` may keep rerunning the command.
        chrome_timeout_s / chrome_settle_s / page_load_timeout_s: waiting for the VM's Chrome to answer on CDP,
            for a tab to close to appear, and for a page opened by ``chrome_open_tabs`` to load.
    """

    name = "osworld"
    device = "osworld"

    def __init__(self, transport: httpx.AsyncBaseTransport | None = None, metrics: dict[str, Callable[..., float]] | None = None,
                 screen: Screen | None = None, screenshots: bool = True, cache_dir: str | Path | None = None,
                 client_password: str = "password", local_root: str | Path | None = None,
                 history_template: str | Path | None = None, until_timeout_s: float = 60.0, chrome_timeout_s: float = 60.0,
                 chrome_settle_s: float = 5.0, page_load_timeout_s: float = 60.0):
        self.transport = transport
        self.metrics = {**BUILTIN_METRICS, **(metrics or {})}
        self.viewport = screen or Screen()
        self.apps: list[str] = []
        self.screenshots = screenshots
        self.cache_dir = Path(cache_dir or tempfile.mkdtemp(prefix="guigym-osworld-"))
        self.client_password = client_password
        self.local_root = Path(local_root) if local_root is not None else Path.cwd()
        self.history_template = Path(history_template) if history_template is not None else None
        self.until_timeout_s = until_timeout_s
        self.chrome_timeout_s = chrome_timeout_s
        self.chrome_settle_s = chrome_settle_s
        self.page_load_timeout_s = page_load_timeout_s
        self._setup = SetupRunner(self)

    def _http(self, instance: OSWorldInstance, timeout: float = 60.0) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=self.transport, base_url=instance.server_url, timeout=timeout)

    async def _post(self, instance: OSWorldInstance, path: str, payload: dict[str, Any] | None = None, **kw: Any) -> httpx.Response:
        async with self._http(instance) as http:
            response = await http.post(path, json=payload, **kw) if payload is not None else await http.post(path, **kw)
        response.raise_for_status()
        return response

    def cache_folder(self, instance: OSWorldInstance) -> Path:
        """Return the VM's own folder under ``cache_dir``: VMs (one adapter serves every lease, and adapters may share a
        ``cache_dir``) judging tasks with the same ``dest`` never write or read each other's file."""
        key = instance.info.setdefault("cache_key", uuid.uuid4().hex[:12])
        return self.cache_dir / key

    def cache_path(self, instance: OSWorldInstance, name: Any, field: str = "dest") -> Path:
        """Return where file ``name`` of the VM's cache folder goes.

        Raises:
            ValueError: naming ``field`` when ``name`` is not a relative path inside the folder.
        """
        rel = PurePosixPath(name) if isinstance(name, str) else None
        if rel is None or not name or rel.is_absolute() or ".." in rel.parts:
            raise ValueError(f"{field}: {name!r} is not a file name inside the cache folder")
        return self.cache_folder(instance) / rel

    def write_cache(self, instance: OSWorldInstance, name: str, data: bytes, field: str = "dest") -> Path:
        """Write a file of the VM's cache folder whole (a temp file beside it, then a rename) and return its path."""
        path = self.cache_path(instance, name, field)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return path

    # -- the five operations ---------------------------------------------------------------------------

    async def boot(self, instance: OSWorldInstance, base_url: str, timeout_s: float) -> None:
        """The docker backend already waited for the VM's control server; nothing more to load."""
        instance.info.setdefault("used", False)

    async def reset(self, instance: OSWorldInstance, task: TaskInstance) -> None:
        """Revert a used VM (container restart), then run the task's setup steps."""
        if instance.info.get("used"):
            await asyncio.to_thread(instance.container.restart)
            instance.info["reverts"] = instance.info.get("reverts", 0) + 1
        shutil.rmtree(self.cache_folder(instance), ignore_errors=True)  # no file of the last task is read for this one
        osw = task.setup.get("osworld", {})
        for i, step in enumerate(osw.get("config", [])):
            await self.setup_step(instance, step, i, osw.get("id", task.task_id))
        instance.info.update(used=True, task=osw.get("id", task.task_id), last_action=None)

    async def setup_step(self, instance: OSWorldInstance, step: dict[str, Any], index: int = 0, task: str | None = None,
                         phase: str = "config") -> None:
        """Run one OSWorld setup step (the SetupController's ``_<type>_setup``; see :mod:`.setup`).

        Raises:
            SetupError: a malformed or failed step, naming the task, ``phase[index]``, the type and the field.
            UnsupportedSetupStep: googledrive, login, proxy and tidy_desktop, saying why.
        """
        await self._setup.run(instance, step, index, task or instance.info.get("task"), phase)

    async def observe(self, instance: OSWorldInstance, note: str | None = None) -> Observation:
        """Return the VM screenshot and the state."""
        image = b""
        if self.screenshots:
            async with self._http(instance) as http:
                image = (await http.get("/screenshot")).raise_for_status().content
        state = await self.state(instance)
        return Observation(image=image, image_format="png", width=self.viewport.width, height=self.viewport.height,
                           screen=f"osworld:{state['task']}", state=state, state_hash=state_hash(state), note=note)

    async def state(self, instance: OSWorldInstance) -> dict[str, Any]:
        """Return the task id and the last DONE / FAIL (the VM's own state is read by the evaluator's getters)."""
        return {"task": instance.info.get("task"), "last_action": instance.info.get("last_action")}

    async def action_log(self, instance: OSWorldInstance) -> list[dict[str, Any]]:
        """Return the pyautogui commands sent since the last reset."""
        return list(instance.info.get("commands", []))

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """Return the screen pixel of a 0–1000 point."""
        px, py = screen_point(x, y, (self.viewport.width, self.viewport.height))
        return round(px), round(py)

    def command(self, action: Action) -> str | None:
        """Return the pyautogui code of an action (None when it is not a pointer/keyboard action)."""
        kind = action.type
        if kind in ("click", "double_click", "long_press", "drag", "scroll", "swipe"):
            x, y = self.to_screen(action.x, action.y)
        if kind == "click":
            return f"pyautogui.click({x}, {y})"
        if kind == "double_click":
            return f"pyautogui.doubleClick({x}, {y})"
        if kind == "long_press":
            return f"pyautogui.mouseDown({x}, {y}); time.sleep(0.8); pyautogui.mouseUp({x}, {y})"
        if kind == "drag":
            x2, y2 = self.to_screen(action.x2, action.y2)
            return f"pyautogui.moveTo({x}, {y}); pyautogui.dragTo({x2}, {y2}, duration=0.5, button='left')"
        if kind in ("scroll", "swipe"):
            direction = action.direction if kind == "scroll" else {"up": "down", "down": "up", "left": "right", "right": "left"}[action.direction]
            ux, uy = _SCROLL[direction]
            clicks = max(1, round(action.amount / 100))
            return f"pyautogui.hscroll({ux * clicks}, x={x}, y={y})" if ux else f"pyautogui.scroll({uy * clicks}, x={x}, y={y})"
        if kind == "type":
            clear = "pyautogui.hotkey('ctrl', 'a'); pyautogui.press('backspace'); " if action.clear else ""
            return f"{clear}pyautogui.write({action.text!r}, interval=0.01)"
        if kind == "hotkey":
            return f"pyautogui.hotkey({', '.join(repr(pyautogui_key(k)) for k in action.keys)})"
        if kind == "system_button" and action.button == "enter":
            return "pyautogui.press('enter')"
        return None

    async def act(self, instance: OSWorldInstance, action: Action) -> ActionResult:
        """Send one action to the VM; kinds a desktop cannot do are error results."""
        result = ActionResult(action=action_dict(action))
        kind = action.type
        if kind == "terminate":
            instance.info["last_action"] = "DONE" if action.status == "success" else "FAIL"
            return result
        if kind == "wait":
            await asyncio.sleep(action.seconds)
            return result
        if kind == "cli_command":
            out = (await self._post(instance, "/execute", {"command": action.command, "shell": True})).json()
            return result.model_copy(update={"effect": str(out.get("output", ""))[-2000:] or None,
                                             "ok": out.get("returncode", 0) == 0, "error": out.get("error") or None})
        code = self.command(action)
        if code is None:
            return result.model_copy(update={"ok": False, "error": f"{kind}: not available on the OSWorld desktop"})
        instance.info.setdefault("commands", []).append(code)
        await self._post(instance, "/execute", {"command": ["python3", "-c", _PRELUDE + code], "shell": False})
        return result

    async def evaluate(self, verifiers: VerifierPool, spec: TaskSpec, task: TaskInstance, initial: dict[str, Any],
                       final: dict[str, Any], trajectory: list[dict[str, Any]], instance: OSWorldInstance) -> Verdict:
        """Judge OSWorld's way (postconfig, infeasible rule, metrics over getters, conj)."""
        osw = task.setup.get("osworld", {})
        evaluator = osw.get("evaluator", {})
        last = final.get("last_action") or instance.info.get("last_action")
        if osw.get("infeasible"):
            return _verdict(spec, [last == "FAIL"], "and")
        if last == "FAIL":  # OSWorld: FAIL on a feasible task scores 0
            return _verdict(spec, [False] * len(spec.criteria), evaluator.get("conj", "and"))
        try:
            for i, step in enumerate(evaluator.get("postconfig", [])):
                await self.setup_step(instance, step, i, osw.get("id", task.task_id), "evaluator.postconfig")
            from toolkit.envs.osworld.tasks import Evaluator

            scores = []
            for m in Evaluator.model_validate(evaluator).metrics():
                metric = self._metric(m["func"])
                try:
                    result = await self.get(instance, m["result"])
                except FileNotFoundError:  # OSWorld: a result file the agent never made scores 0, not an error
                    scores.append(0.0)
                    continue
                if m["expected"] is not None:
                    scores.append(float(metric(result, await self.get(instance, m["expected"]), **m["options"])))
                else:
                    scores.append(float(metric(result, **m["options"])))
        except Exception as exc:  # noqa: BLE001 - a getter or metric failure is a verifier error, never a score
            return verifier_error(spec.full_id, f"osworld evaluator: {type(exc).__name__}: {exc}")
        return _verdict(spec, scores, evaluator.get("conj", "and"))

    def _metric(self, name: str) -> Callable[..., float]:
        if name in self.metrics:
            return self.metrics[name]
        try:
            from desktop_env.evaluators import metrics  # type: ignore[import-not-found]
        except ImportError:
            raise NotImplementedError(f"metric {name!r} needs OSWorld's desktop_env package (pip install desktop-env)") from None
        return getattr(metrics, name)

    async def get(self, instance: OSWorldInstance, config: dict[str, Any]) -> Any:
        """Run one OSWorld getter (``rule``, ``vm_command_line``, ``vm_command_error``, ``vm_file`` built in)."""
        kind = config["type"]
        if kind == "rule":
            return config["rules"]
        if kind in ("vm_command_line", "vm_command_error"):
            out = (await self._post(instance, "/execute", {"command": config["command"], "shell": config.get("shell", False)})).json()
            return out.get("output" if kind == "vm_command_line" else "error", "")
        if kind == "vm_file":
            return await self._vm_file(instance, config)
        try:
            from desktop_env.evaluators import getters  # type: ignore[import-not-found]
        except ImportError:
            raise NotImplementedError(f"getter {kind!r} needs OSWorld's desktop_env package (pip install desktop-env)") from None
        raise NotImplementedError(f"getter {kind!r}: desktop_env getters take a DesktopEnv, not guigym's instance ({getters.__name__})")

    async def _vm_file(self, instance: OSWorldInstance, config: dict[str, Any]) -> str | None | list[str | None]:
        """OSWorld's get_vm_file: fetch every file into the VM's cache folder; return the ``gives`` ones (one path
        when one is given, else a list), None for a file not in the VM (its metrics score that 0)."""
        paths, dests, gives = vm_file_plan(config)
        for dest in dests:  # every name checked before any file is fetched
            self.cache_path(instance, dest, "vm_file: 'dest'")
        given: list[str | None] = []
        async with self._http(instance) as http:
            for i, (path, dest) in enumerate(zip(paths, dests)):
                response = await http.post("/file", data={"file_path": path})
                if response.status_code == 404:
                    local = None
                    self.cache_path(instance, dest).unlink(missing_ok=True)  # no older copy left in its place
                else:
                    local = str(self.write_cache(instance, dest, response.raise_for_status().content))
                if i in gives:
                    given.append(local)
        return given[0] if len(given) == 1 else given


def _verdict(spec: TaskSpec, scores: list[float | bool], conj: str) -> Verdict:
    """Combine metric scores OSWorld's way: "and" = 0 if any is 0 else the mean; "or" = the max."""
    values = [float(s) for s in scores]
    if conj == "or":
        total = max(values) if values else 0.0
    else:
        total = 0.0 if any(v == 0 for v in values) else sum(values) / max(1, len(values))
    criteria = [CriterionResult(id=c.id, description=c.description, weight=c.weight, required=c.required, passed=v > 0)
                for c, v in zip(spec.criteria, values)]
    # OSWorld's score already includes the claim (FAIL scores 0 on a feasible task and 1 on an infeasible one) and
    # asks for no DONE, so the rollout takes this verdict as it is
    # success = a full score whatever the conj: "or" over partial metrics (max 0.5) is no more a success than "and"
    return Verdict(task_id=spec.full_id, criteria=criteria, reward=total, success=total >= 1.0 - 1e-9,
                   clean=True, progress=total, judges_claim=True)


register_adapter("osworld", lambda **kwargs: OSWorldAdapter(**{k: v for k, v in kwargs.items() if k == "screenshots"}))
