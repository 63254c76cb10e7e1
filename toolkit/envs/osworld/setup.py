"""OSWorld's setup steps (``SetupController._<type>_setup``) run over the VM's control server.

Each step of a task's ``config`` (and of its evaluator's ``postconfig``) is ``{"type", "parameters"}``. The VM
server's endpoints do the work: ``/setup/execute`` (a command, with OSWorld's ``until`` retries),
``/setup/execute_with_verification`` (checked client-side when an older VM server lacks it), ``/setup/launch``,
``/setup/open_file``, ``/setup/upload``, the window and wallpaper endpoints, and ``/execute`` for pyautogui
(``act`` / ``replay``). The Chrome steps (tabs over the VM's CDP port, the History database) are in
:mod:`toolkit.envs.osworld.chrome`.

A malformed step raises :class:`SetupError` naming the task, the step (``config[2] (execute)``) and the field;
a step that needs outside accounts or proxies raises :class:`UnsupportedSetupStep` saying why.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from toolkit.actions import ActionError, parse_action
from toolkit.envs.osworld.tasks import SETUP_TYPES

if TYPE_CHECKING:
    from toolkit.envs.osworld.adapter import OSWorldAdapter
    from toolkit.envs.osworld.docker_backend import OSWorldInstance

#: Prepended to pyautogui code run in the VM (one statement a line, so multi-line code stays valid).
PYAUTOGUI_PRELUDE = "import pyautogui\nimport time\npyautogui.FAILSAFE = False\n"

#: Step types guigym will not run, and why (each error names the type, the task and this reason).
UNSUPPORTED = {
    "googledrive": "it cleans and fills a Google Drive through a Google account's OAuth settings (pydrive settings.yml) "
                   "over the internet, which a hermetic run has neither of",
    "login": "it signs a real Google account (email and password from a settings file) into the VM's Chrome on "
             "accounts.google.com, which needs the account and the internet",
    "proxy": "it points the VM at a paid proxy from OSWorld's proxy pool and apt-installs tinyproxy from the internet",
    "tidy_desktop": "OSWorld's own SetupController raises NotImplementedError for it (no OSWorld task uses it), so "
                    "there is no behaviour to reproduce",
}

#: OSWorld's computer_13 action dicts → (pyautogui function, {their parameter: pyautogui keyword}, fixed keywords).
_COMPUTER_13: dict[str, tuple[str, dict[str, str], dict[str, Any]]] = {
    "MOVE_TO": ("moveTo", {"x": "x", "y": "y"}, {}),
    "CLICK": ("click", {"x": "x", "y": "y", "button": "button", "num_clicks": "clicks"}, {}),
    "MOUSE_DOWN": ("mouseDown", {"button": "button"}, {}),
    "MOUSE_UP": ("mouseUp", {"button": "button"}, {}),
    "RIGHT_CLICK": ("rightClick", {"x": "x", "y": "y"}, {}),
    "DOUBLE_CLICK": ("doubleClick", {"x": "x", "y": "y"}, {}),
    "DRAG_TO": ("dragTo", {"x": "x", "y": "y"}, {"duration": 1.0, "button": "left", "mouseDownUp": True}),
    "TYPING": ("typewrite", {"text": "message"}, {}),
    "PRESS": ("press", {"key": "keys"}, {}),
    "KEY_DOWN": ("keyDown", {"key": "key"}, {}),
    "KEY_UP": ("keyUp", {"key": "key"}, {}),
}


class SetupError(RuntimeError):
    """A setup step that is malformed or failed; the message starts with the task and the step."""


class UnsupportedSetupStep(NotImplementedError):
    """A setup step type that guigym cannot run hermetically; the message names the type, the task and why."""


@dataclass
class Step:
    """One setup step being run: its type, its parameters and where it is (for error messages)."""

    kind: str
    params: dict[str, Any]
    where: str

    def error(self, message: str) -> SetupError:
        return SetupError(f"{self.where}: {message}")

    def need(self, name: str, kinds: type | tuple[type, ...] | None = None) -> Any:
        """Return a required parameter; a missing, empty or mistyped one is a SetupError naming it."""
        value = self.params.get(name)
        if value is None or value == "" or value == []:
            raise self.error(f"missing parameter {name!r}")
        if kinds is not None and not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in (kinds if isinstance(kinds, tuple) else (kinds,)))
            raise self.error(f"parameter {name!r} must be a {names}, not {type(value).__name__}")
        return value

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


class SetupRunner:
    """Run OSWorld setup steps for an :class:`OSWorldAdapter` (its HTTP client, cache folder and settings)."""

    #: How long ``WAIT`` in an ``act`` / ``replay`` sequence sleeps (DesktopEnv's pause between steps).
    WAIT_S = 2.0

    def __init__(self, adapter: "OSWorldAdapter"):
        self.adapter = adapter

    async def run(self, instance: "OSWorldInstance", raw: Any, index: int = 0, task: str | None = None,
                  phase: str = "config") -> None:
        """Run one step; errors name ``task``, ``phase[index]`` and the step type."""
        place = f"task {task or '?'!r} {phase}[{index}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise SetupError(f"{place}: a setup step is {{'type': ..., 'parameters': {{...}}}}, not {raw!r:.120}")
        kind, params = raw["type"], raw.get("parameters") or {}
        where = f"{place} ({kind})"
        if kind not in SETUP_TYPES:
            raise SetupError(f"{where}: unknown setup step type; OSWorld has {', '.join(sorted(SETUP_TYPES))}")
        if kind in UNSUPPORTED:
            raise UnsupportedSetupStep(f"{where}: guigym does not run OSWorld's {kind!r} setup step: {UNSUPPORTED[kind]}")
        from toolkit.envs.osworld import chrome

        handler = partial(chrome.HANDLERS[kind], self) if kind in chrome.HANDLERS else getattr(self, f"_{kind}")
        if not isinstance(params, dict):
            raise SetupError(f"{where}: 'parameters' must be an object, not {type(params).__name__}")
        step = Step(kind, params, where)
        try:
            await handler(instance, step)
        except (SetupError, UnsupportedSetupStep):
            raise
        except httpx.HTTPStatusError as exc:
            req = exc.request
            raise step.error(f"the VM server answered {exc.response.status_code} to {req.method} {req.url.path}: "
                             f"{exc.response.text[:200]}") from exc
        except Exception as exc:  # noqa: BLE001 - any failure of a step names the step
            raise step.error(f"{type(exc).__name__}: {exc}") from exc

    # -- helpers ---------------------------------------------------------------------------------------

    async def execute(self, instance: "OSWorldInstance", command: Any, shell: bool = False, path: str = "/setup/execute",
                      timeout: float = 150.0) -> dict[str, Any]:
        """Run a command in the VM and return the server's ``{output, error, returncode}``."""
        response = await self.adapter._post(instance, path, {"command": command, "shell": shell}, timeout=timeout)
        return response.json()

    async def upload(self, instance: "OSWorldInstance", vm_path: str, data: bytes) -> None:
        """Write bytes to a path in the VM (``POST /setup/upload``; the server makes the folders)."""
        await self.adapter._post(instance, "/setup/upload", files={"file_data": (Path(vm_path).name, data)},
                                 data={"file_path": vm_path}, timeout=600)

    def local_file(self, step: Step, value: Any, field: str) -> Path:
        """Return a file on this machine named by a step (relative = to the adapter's ``local_root``)."""
        if not isinstance(value, str) or not value:
            raise step.error(f"missing parameter {field!r}")
        path = Path(value).expanduser()
        path = path if path.is_absolute() else self.adapter.local_root / path
        if not path.is_file():
            raise step.error(f"{field}: no such file on this machine: {path}")
        return path

    def fill(self, command: Any) -> Any:
        """Replace OSWorld's placeholders ({CLIENT_PASSWORD}, {SCREEN_WIDTH}, {SCREEN_HEIGHT_HALF}, ...)."""
        w, h = self.adapter.viewport.width, self.adapter.viewport.height
        values = {"{CLIENT_PASSWORD}": self.adapter.client_password, "{SCREEN_WIDTH_HALF}": str(w // 2),
                  "{SCREEN_HEIGHT_HALF}": str(h // 2), "{SCREEN_WIDTH}": str(w), "{SCREEN_HEIGHT}": str(h)}

        def one(text: str) -> str:
            for key, value in values.items():
                text = text.replace(key, value)
            return text

        return one(command) if isinstance(command, str) else [one(str(c)) for c in command]

    # -- the steps (SetupController._<type>_setup) -----------------------------------------------------

    async def _sleep(self, instance: "OSWorldInstance", step: Step) -> None:
        await asyncio.sleep(float(step.need("seconds", (int, float))))

    async def _launch(self, instance: "OSWorldInstance", step: Step) -> None:
        await self.adapter._post(instance, "/setup/launch", {"command": step.need("command", (str, list)),
                                                             "shell": bool(step.get("shell", False))})

    async def _execute(self, instance: "OSWorldInstance", step: Step) -> None:
        """Run a command; with ``until`` ({returncode, stdout, stderr}) rerun it every 0.3 s until one matches."""
        command, shell = self.fill(step.need("command", (str, list))), bool(step.get("shell", False))
        until = step.get("until") or {}
        if not isinstance(until, dict) or set(until) - {"returncode", "stdout", "stderr"}:
            raise step.error(f"parameter 'until' takes returncode, stdout and stderr, not {until!r}")
        deadline, failures, out = time.monotonic() + self.adapter.until_timeout_s, 0, None
        while True:
            try:
                out = await self.execute(instance, command, shell)
            except httpx.HTTPError:
                failures += 1
                if not until or failures >= 5:  # OSWorld gives up after 5 failed requests
                    raise
                out = None
            if out is not None:
                for name, key in (("stdout", "output"), ("stderr", "error")):
                    if step.get(name):
                        self.adapter.write_cache(instance, step.get(name), str(out.get(key) or "").encode(), name)
                if not until or _until_met(until, out):
                    return
            if time.monotonic() > deadline:
                last = "no answer" if out is None else (f"returncode {out.get('returncode')}, stdout "
                                                        f"{str(out.get('output'))[-120:]!r}")
                raise step.error(f"'until' {until} not met within {self.adapter.until_timeout_s:g} s (last: {last})")
            await asyncio.sleep(0.3)

    _command = _execute  # OSWorld: _command_setup(command, **kwargs) = _execute_setup

    async def _execute_with_verification(self, instance: "OSWorldInstance", step: Step) -> None:
        """Run a command, then check ``verification`` (window_exists, command_success) until max_wait_time."""
        command, shell = step.need("command", (str, list)), bool(step.get("shell", False))
        checks = step.get("verification") or {}
        if not isinstance(checks, dict) or set(checks) - {"window_exists", "command_success"}:
            raise step.error(f"parameter 'verification' takes window_exists and command_success, not {checks!r}")
        max_wait, interval = float(step.get("max_wait_time", 10)), float(step.get("check_interval", 1.0))
        payload = {"command": command, "shell": shell, "verification": checks, "max_wait_time": max_wait,
                   "check_interval": interval}
        async with self.adapter._http(instance, timeout=max_wait + 130) as http:  # the command may take 120 s
            response = await http.post("/setup/execute_with_verification", json=payload)
        if response.status_code == 200:
            return
        if response.status_code != 404:
            try:
                body = response.json()
            except ValueError:
                body = {"message": response.text[:200]}
            if body.get("status") == "verification_failed":
                raise step.error(f"verification {checks} did not pass within {max_wait:g} s "
                                 f"(command returncode {body.get('returncode')})")
            raise step.error(f"the VM server answered {response.status_code}: {body.get('message') or body}")
        # an older VM server without the endpoint: run the command, then check from here as the server would
        await self.execute(instance, command, shell)
        start = time.monotonic()
        while True:
            if await self._verified(instance, checks):
                return
            if time.monotonic() - start >= max_wait:
                raise step.error(f"verification {checks} did not pass within {max_wait:g} s")
            await asyncio.sleep(interval)

    async def _verified(self, instance: "OSWorldInstance", checks: dict[str, Any]) -> bool:
        if "window_exists" in checks:
            out = await self.execute(instance, ["wmctrl", "-l"])
            if out.get("returncode") != 0 or str(checks["window_exists"]).lower() not in str(out.get("output")).lower():
                return False
        if "command_success" in checks:
            out = await self.execute(instance, checks["command_success"], shell=True)
            if out.get("returncode") != 0:
                return False
        return True

    async def _open(self, instance: "OSWorldInstance", step: Step) -> None:
        await self.adapter._post(instance, "/setup/open_file", {"path": step.need("path", str)}, timeout=1810)

    async def _activate_window(self, instance: "OSWorldInstance", step: Step) -> None:
        await self.adapter._post(instance, "/setup/activate_window", _window(step))

    async def _close_window(self, instance: "OSWorldInstance", step: Step) -> None:
        await self.adapter._post(instance, "/setup/close_window", _window(step))

    async def _change_wallpaper(self, instance: "OSWorldInstance", step: Step) -> None:
        await self.adapter._post(instance, "/setup/change_wallpaper", {"path": step.need("path", str)})

    async def _download(self, instance: "OSWorldInstance", step: Step) -> None:
        """Fetch each ``url`` here and upload it to ``path`` in the VM (OSWorld's download step)."""
        files = step.need("files", list)
        async with httpx.AsyncClient(transport=self.adapter.transport, timeout=300, follow_redirects=True) as http:
            for i, f in enumerate(files):
                if not isinstance(f, dict) or not f.get("url") or not f.get("path"):
                    raise step.error(f"files[{i}]: each file needs 'url' and 'path', not {f!r:.120}")
                data = (await http.get(f["url"])).raise_for_status().content
                await self.upload(instance, f["path"], data)

    async def _upload_file(self, instance: "OSWorldInstance", step: Step) -> None:
        """Upload each ``local_path`` (a file on this machine) to ``path`` in the VM."""
        files = step.need("files", list)
        for i, f in enumerate(files):
            if not isinstance(f, dict) or not f.get("path"):
                raise step.error(f"files[{i}].path: missing (each file is {{'local_path', 'path'}})")
            local = self.local_file(step, f.get("local_path"), f"files[{i}].local_path")
            await self.upload(instance, f["path"], local.read_bytes())

    async def _act(self, instance: "OSWorldInstance", step: Step) -> None:
        """Perform ``action_seq``: pyautogui code strings, computer_13 dicts or guigym action dicts."""
        await self._perform(instance, step, step.need("action_seq", list), "action_seq")

    async def _replay(self, instance: "OSWorldInstance", step: Step) -> None:
        """Perform the actions of a recorded trajectory: a JSON list, or JSON lines (OSWorld's traj.jsonl rows
        carry theirs under ``action``)."""
        path = self.local_file(step, step.need("trajectory", str), "trajectory")
        text = path.read_text()
        try:
            rows = json.loads(text) if text.lstrip().startswith("[") else [json.loads(x) for x in text.splitlines() if x.strip()]
        except json.JSONDecodeError as exc:
            raise step.error(f"trajectory {path}: not JSON or JSON lines: {exc}") from None
        actions = [r["action"] if isinstance(r, dict) and "action" in r and not {"type", "action_type"} & set(r) else r
                   for r in rows]
        await self._perform(instance, step, actions, str(path))

    async def _perform(self, instance: "OSWorldInstance", step: Step, actions: list[Any], name: str) -> None:
        for i, item in enumerate(actions):
            where = f"{name}[{i}]"
            marker = item if isinstance(item, str) else item.get("action_type") if isinstance(item, dict) else None
            if marker in ("DONE", "FAIL"):  # the end of a recorded episode
                return
            if marker == "WAIT":
                await asyncio.sleep(self.WAIT_S)
                continue
            if isinstance(item, str):
                code = item
            elif isinstance(item, dict) and "action_type" in item:
                code = _computer_13(step, item, where)
            elif isinstance(item, dict) and "type" in item:
                code = await self._guigym_action(instance, step, item, where)
                if code is None:
                    continue
            else:
                raise step.error(f"{where}: an action is pyautogui code, a computer_13 dict or a guigym action, not {item!r:.120}")
            out = await self.execute(instance, ["python3", "-c", PYAUTOGUI_PRELUDE + code], path="/execute")
            if out.get("returncode", 0) != 0:
                raise step.error(f"{where} failed in the VM: {str(out.get('error'))[-300:]}")

    async def _guigym_action(self, instance: "OSWorldInstance", step: Step, item: dict[str, Any], where: str) -> str | None:
        try:
            action = parse_action(item)
        except ActionError as exc:
            raise step.error(f"{where}: {exc.message}") from None
        if action.type == "wait":
            await asyncio.sleep(action.seconds)
            return None
        if action.type == "cli_command":
            out = await self.execute(instance, action.command, shell=True, path="/execute")
            if out.get("returncode", 0) != 0:
                raise step.error(f"{where} failed in the VM: {str(out.get('error'))[-300:]}")
            return None
        code = self.adapter.command(action)
        if code is None:
            raise step.error(f"{where}: a {action.type!r} action has no pyautogui form on the OSWorld desktop")
        return code


def _until_met(until: dict[str, Any], out: dict[str, Any]) -> bool:
    return (("returncode" in until and out.get("returncode") == until["returncode"])
            or ("stdout" in until and str(until["stdout"]) in str(out.get("output") or ""))
            or ("stderr" in until and str(until["stderr"]) in str(out.get("error") or "")))


def _window(step: Step) -> dict[str, Any]:
    return {"window_name": step.need("window_name", str), "strict": bool(step.get("strict", False)),
            "by_class": bool(step.get("by_class", False))}


def _computer_13(step: Step, item: dict[str, Any], where: str) -> str:
    """Return the pyautogui code of an OSWorld computer_13 action (as its PythonController.execute_action)."""
    kind = item["action_type"]
    params = item.get("parameters")
    params = params if isinstance(params, dict) else {k: v for k, v in item.items() if k != "action_type"}
    if kind == "SCROLL":
        calls = [f"pyautogui.hscroll({int(params['dx'])})"] if params.get("dx") else []
        calls += [f"pyautogui.vscroll({int(params['dy'])})"] if params.get("dy") else []
        if not calls:
            raise step.error(f"{where}: SCROLL needs 'dx' or 'dy'")
        return "; ".join(calls)
    if kind == "HOTKEY":
        keys = params.get("keys")
        if not isinstance(keys, list) or not keys:
            raise step.error(f"{where}: HOTKEY needs a list 'keys'")
        return f"pyautogui.hotkey({', '.join(repr(str(k)) for k in keys)})"
    if kind not in _COMPUTER_13:
        raise step.error(f"{where}: unknown computer_13 action_type {kind!r}")
    func, names, fixed = _COMPUTER_13[kind]
    unknown = set(params) - set(names)
    if unknown:
        raise step.error(f"{where}: {kind} takes {', '.join(names) or 'no parameters'}, not {', '.join(sorted(unknown))}")
    kwargs = {names[k]: v for k, v in params.items()} | fixed
    return f"pyautogui.{func}({', '.join(f'{k}={v!r}' for k, v in kwargs.items())})"
