"""A verifier worker process: reads JSON requests on stdin, answers JSON lines on stdout.

Started by :class:`toolkit.tasks.verifier.VerifierPool` as a plain script (no toolkit import, so it
starts in milliseconds) with resource limits already in force (address space, no file writes, CPU).
It first prints ``{"ready": true}``; then one request per line:
``{"file": path, "function": name, "context": {...}}`` → ``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": "..."}``. Nothing else is ever printed on stdout.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback
from types import SimpleNamespace

_modules: dict[str, object] = {}

_FORBIDDEN = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
              "socket.connect", "socket.bind", "socket.sendto", "os.remove", "os.rename", "os.rmdir", "os.mkdir",
              "shutil.rmtree", "os.truncate", "ctypes.dlopen")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _sandbox(event: str, args: tuple) -> None:
    """Audit hook: a verifier reads its inputs and computes; it may not write, spawn or connect."""
    if event == "open":
        mode, flags = args[1], args[2]
        if (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & _WRITE_FLAGS):
            raise PermissionError(f"verifiers may not write files ({args[0]!r})")
    elif event.startswith(_FORBIDDEN):
        raise PermissionError(f"verifiers may not use {event}")


def _load(path: str):
    module = _modules.get(path)
    if module is None:
        spec = importlib.util.spec_from_file_location(f"guigym_verifier_{len(_modules)}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _modules[path] = module
    return module


class _Worlds(dict):
    """``ctx.world[app]``: an app's read-only world.json, loaded on first use and cached."""

    def __init__(self, root: str):
        super().__init__()
        self.root = root

    def __missing__(self, app: str):
        with open(os.path.join(self.root, app, "world.json")) as f:
            value = self[app] = json.load(f)
        return value


_worlds: dict[str, _Worlds] = {}


def _handle(request: dict) -> dict:
    try:
        fn = getattr(_load(request["file"]), request["function"])
        context = dict(request["context"])
        root = context.pop("world_root", None)
        if root:
            context["world"] = _worlds.setdefault(root, _Worlds(root))
        ctx = SimpleNamespace(**context)
        result = fn(ctx)
        json.dumps(result)  # the answer must travel back as JSON
        return {"ok": True, "result": result}
    except MemoryError:
        return {"ok": False, "error": "verifier ran out of memory"}
    except RecursionError:
        return {"ok": False, "error": "verifier recursed too deeply"}
    except BaseException as exc:  # noqa: BLE001 - a verifier may raise anything, even SystemExit
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" ({tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno})" if tb else ""
        return {"ok": False, "error": f"verifier raised {type(exc).__name__}: {exc}{where}"}


def main() -> None:
    """Serve requests until stdin closes."""
    out = sys.stdout
    sys.stdout = sys.stderr  # a verifier's print() must not corrupt the protocol
    sys.addaudithook(_sandbox)
    out.write('{"ready": true}\n')
    out.flush()
    for line in sys.stdin:
        answer = _handle(json.loads(line))
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
