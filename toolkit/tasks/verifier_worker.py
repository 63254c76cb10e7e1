"""A verifier worker process: reads JSON requests on stdin, answers JSON lines on stdout.

Started by :class:`toolkit.tasks.verifier.VerifierPool` as a plain script (no toolkit import, so it
starts in milliseconds) with resource limits already in force (address space, no file writes, CPU).
It first prints ``{"ready": true, "network_namespace": bool}``; then one request per line:
``{"file": path, "function": name, "context": {...}}`` → ``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": "..."}``. Nothing else is ever printed on stdout.

The sandbox: the worker moves into an empty network namespace when the kernel allows it; an audit hook
refuses processes, sockets and name lookups, file writes, and — for code of a verifier file, directly or
through the standard library — file reads and folder listings (``ctx.world`` is read by the worker),
eval/exec/compile, code objects, frame and gc introspection; the host clock (``time.*``, ``datetime.now``,
``date.today``) and randomness (``random.*``, ``os.urandom``) are refused to verifier code too. A refused
call is a ``verifier_error`` even when the verifier catches the exception.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback
import warnings
from types import SimpleNamespace

_modules: dict[str, object] = {}
_verifier_files: set[str] = set()  # code from these files is sandboxed; the worker and the stdlib are not
_violations: list[str] = []  # what the current call tried; reported even if the verifier caught the error
_refused: dict[str, str] = {}  # verifier files whose import tried something refused
_in_hook = False
_HERE = __file__

_FORBIDDEN = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
              "os.kill", "os.killpg", "socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg",
              "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo", "socket.sethostname",
              "urllib.Request", "http.client.connect", "ftplib.connect", "smtplib.connect", "os.remove", "os.rename",
              "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.link", "os.symlink", "os.utime", "os.putenv",
              "os.unsetenv", "shutil.", "os.truncate", "ctypes.", "resource.setrlimit", "sys.addaudithook",
              "_thread.start_new_thread")
# Events refused when the code that triggers them (the calling frame) is a verifier's own.
_DIRECT = {"exec": "eval/exec", "compile": "eval/exec/compile", "code.__new__": "code objects",
           "function.__new__": "code objects",
           "sys._getframe": "frame introspection", "object.__getattr__": "frame/code introspection",
           "sys._current_frames": "frame introspection", "sys.settrace": "tracing", "sys.setprofile": "tracing",
           "gc.get_objects": "gc introspection", "gc.get_referrers": "gc introspection",
           "gc.get_referents": "gc introspection", "marshal.loads": "marshal", "pickle.find_class": "pickle"}
# Events refused when a verifier is anywhere up the stack (not through the worker or the import system).
_THROUGH = {"os.listdir": "reading folders", "os.scandir": "reading folders", "glob.glob": "reading folders",
            "os.chdir": "changing folder"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _from_verifier(frame) -> bool:
    """True when ``frame`` runs on behalf of a verifier: a verifier frame is met before the worker or an import."""
    while frame is not None:
        name = frame.f_code.co_filename
        if name in _verifier_files:
            return True
        if name == _HERE or name.startswith("<frozen importlib"):
            return False
        frame = frame.f_back
    return False


def _deny(message: str) -> None:
    _violations.append(message)
    raise PermissionError(message)


def _sandbox(event: str, args: tuple) -> None:
    """Audit hook: a verifier reads its inputs and computes; it may not write, spawn, connect or introspect."""
    global _in_hook
    if _in_hook:
        return
    _in_hook = True
    try:
        if event == "open":
            mode, flags = args[1], args[2]
            writes = isinstance(mode, str) and any(c in mode for c in "wax+")
            if writes or (isinstance(flags, int) and flags & _WRITE_FLAGS):
                _deny(f"verifiers may not write files ({args[0]!r})")
            if _verifier_files and args[0] not in _verifier_files and _from_verifier(sys._getframe(1)):
                _deny(f"verifiers may not read files; use ctx and ctx.world ({args[0]!r})")
        elif event.startswith(_FORBIDDEN):
            _deny(f"verifiers may not use {event}")
        elif event == "socket.getaddrinfo" and not _numeric_host(args[0]):
            _deny(f"verifiers may not use {event} (name lookups reach the network)")
        elif event in _DIRECT and sys._getframe(1).f_code.co_filename in _verifier_files:
            _deny(f"verifiers may not use {_DIRECT[event]} ({event})")
        elif event in _THROUGH and _from_verifier(sys._getframe(1)):
            _deny(f"verifiers may not use {_THROUGH[event]} ({event})")
    finally:
        _in_hook = False


def _numeric_host(host) -> bool:
    text = host.decode() if isinstance(host, bytes) else str(host or "")
    return all(c in "0123456789.:abcdefABCDEF" for c in text) and any(c.isdigit() for c in text)


def _guard(module, name: str, what: str, needs_arg: int | None = None) -> None:
    """Wrap ``module.name`` so that a verifier calling it (directly or through the stdlib) is refused."""
    original = getattr(module, name, None)
    if original is None:
        return

    def guarded(*args, **kwargs):
        if (needs_arg is None or len(args) + len(kwargs) < needs_arg) and _from_verifier(sys._getframe(1)):
            _deny(f"verifiers may not use {what} ({module.__name__}.{name})")
        return original(*args, **kwargs)

    guarded.__name__ = guarded.__qualname__ = name
    setattr(module, name, guarded)


def _harden() -> None:
    """Refuse the host clock and randomness (the state holds a virtual clock and a seeded RNG)."""
    import datetime as dt
    import time

    for name in ("time", "time_ns", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "process_time",
                 "process_time_ns", "thread_time", "thread_time_ns", "clock_gettime", "clock_gettime_ns"):
        _guard(time, name, "the host clock")  # date.today() goes through time.time() too
    for name, n in (("localtime", 1), ("gmtime", 1), ("ctime", 1), ("asctime", 1), ("strftime", 2)):
        _guard(time, name, "the host clock", needs_arg=n)
    _guard(os, "urandom", "randomness")
    _guard(os, "getrandom", "randomness")

    base = dt.datetime

    class datetime(base):  # noqa: N801 - stands in for datetime.datetime; now()/utcnow() read the clock in C
        @classmethod
        def now(cls, tz=None):
            if _from_verifier(sys._getframe(1)):
                _deny("verifiers may not use the host clock (datetime.now)")
            return super().now(tz)

        @classmethod
        def utcnow(cls):
            if _from_verifier(sys._getframe(1)):
                _deny("verifiers may not use the host clock (datetime.utcnow)")
            return super().utcnow()

        def __repr__(self) -> str:
            return "datetime." + super().__repr__()

    datetime.__module__ = "datetime"
    dt.datetime = datetime
    import random

    for name in ("random", "uniform", "randint", "randrange", "choice", "choices", "shuffle", "sample", "getrandbits",
                 "randbytes", "gauss", "normalvariate", "triangular", "betavariate", "expovariate", "seed"):
        _guard(random, name, "randomness")


def _isolate_network() -> bool:
    """Move the worker into its own (empty) network namespace when the kernel lets unprivileged users do so."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.unshare(0x10000000 | 0x40000000) == 0  # CLONE_NEWUSER | CLONE_NEWNET
    except Exception:  # noqa: BLE001 - best effort: the audit hook refuses network calls anyway
        return False


def _load(path: str):
    module = _modules.get(path)
    if module is None:
        spec = importlib.util.spec_from_file_location(f"guigym_verifier_{len(_modules)}", path)
        module = importlib.util.module_from_spec(spec)
        _verifier_files.add(path)
        spec.loader.exec_module(module)
        if _violations:  # refused at import, even if the module caught the error: the file stays refused
            _refused[path] = _violations[0]
        _modules[path] = module
    if path in _refused:
        raise PermissionError(_refused[path])
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
    del _violations[:]
    try:
        fn = getattr(_load(request["file"]), request["function"])
        context = dict(request["context"])
        root = context.pop("world_root", None)
        if root:
            context["world"] = _worlds.setdefault(root, _Worlds(root))
        ctx = SimpleNamespace(**context)
        result = json.loads(json.dumps(fn(ctx)))  # the answer must travel back as JSON
        if _violations:  # refused, even if the verifier caught the error and answered anyway
            return {"ok": False, "error": f"sandbox: {_violations[0]}"}
        return {"ok": True, "result": result}
    except MemoryError:
        return {"ok": False, "error": "verifier ran out of memory"}
    except RecursionError:
        return {"ok": False, "error": "verifier recursed too deeply"}
    except BaseException as exc:  # noqa: BLE001 - a verifier may raise anything, even SystemExit
        tb = traceback.extract_tb(exc.__traceback__)
        tb = [f for f in tb if f.filename in _verifier_files] or tb  # point at the verifier's line
        where = f" ({tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno})" if tb else ""
        return {"ok": False, "error": f"verifier raised {type(exc).__name__}: {exc}{where}"}


class _ReadOnlyModule(type(sys)):
    def __setattr__(self, name, value):
        raise PermissionError(f"verifiers may not change the module {self.__name__}")

    def __delattr__(self, name):
        raise PermissionError(f"verifiers may not change the module {self.__name__}")


def _provide_checks() -> None:
    """Load verifier_checks.py (beside this file) as the module ``verifier_checks`` verifiers may import."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "verifier_checks.py")
    spec = importlib.util.spec_from_file_location("verifier_checks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.__class__ = _ReadOnlyModule  # shared by every verifier of this worker: none may patch it for the others
    sys.modules["verifier_checks"] = module


def main() -> None:
    """Serve requests until stdin closes."""
    out = sys.stdout
    sys.stdout = sys.stderr  # a verifier's print() must not corrupt the protocol
    warnings.simplefilter("ignore")  # stderr goes nowhere; showing a warning would read source files
    isolated = _isolate_network()
    _provide_checks()
    _harden()
    sys.addaudithook(_sandbox)
    out.write(json.dumps({"ready": True, "network_namespace": isolated}) + "\n")
    out.flush()
    for line in sys.stdin:
        answer = _handle(json.loads(line))
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
