"""A verifier worker process: reads requests on its stdin pipe, answers one JSON line per request.

Started by :class:`toolkit.tasks.verifier.VerifierPool` through ``verifier_launch.py`` (so this module is not
``__main__``) as ``python -S -s -B -P`` with a clean environment (``PYTHONHASHSEED=0``, ``TZ=UTC``), under the
pool's limits (address space, no file writes). It imports nothing of the toolkit, so it starts in
milliseconds. It first prints ``{"ready": true, "network_namespace": bool, "network_error": str,
"seccomp": bool, "seccomp_error": str}``; then each request is two lines, a header
``{"id": nonce, "file": path, "function": name, "cpu_s": n, "world_root": path | null}`` and the context
object, and each answer is ``{"id": nonce, "answer": {"ok": true, "result": ...}}`` or
``{"id": nonce, "answer": {"ok": false, "error": "..."}}``. The pipes are used through private copies of
fd 0 and 1, which then point at /dev/null: nothing a verifier writes to fd 1 reaches the pool, and the pool
checks that each answer carries the nonce of its request.

Each call runs in a fresh child forked from this process, so no call can change a later one (the world,
imported modules, ``verifier_checks``, module state, signal handlers: all die with the child). The child
gets its own ``RLIMIT_CPU`` of ``cpu_s`` seconds, ``RLIMIT_NPROC=0`` (no effect for root), and a seccomp
filter (``verifier_kernel.py``; x86_64, where the kernel allows) that refuses starting processes or threads,
signalling other processes, installing signal handlers, connecting, binding, listening or sending on
sockets, creating, deleting, renaming or changing files, and opening a file for writing. This process
moves into an empty network namespace when the kernel allows it; the ready line says whether it did, and
why not.

An audit hook (``verifier_sandbox.py``, in place before any verifier runs) refuses these on behalf of
verifier code, that is, when walking up the stack meets verifier code (the verifier file,
``verifier_checks``, code compiled from strings) before this worker or the import system:

- the events in ``verifier_sandbox.ACTIONS``: processes (``subprocess``, ``os.system``/``exec*``/``spawn*``/
  ``posix_spawn``/``fork``, ``os.kill``), threads, sockets that connect, bind or send, name lookups (but not
  numeric addresses), URL/HTTP/FTP/SMTP/sqlite connections, deleting, renaming, creating or changing files
  and folders (``os.remove``/``rename``/``mkdir``/``chmod``/``chown``/``link``/``utime``/``truncate``/xattrs,
  ``shutil.*``), changing the environment, ``ctypes``, ``resource.setrlimit``, ``sys.addaudithook``;
- opening files: writing anywhere; reading, except the import system reading the standard library, less the
  third-party folders below it (``verifier_rules.THIRD_PARTY``: site-packages, dist-packages, ensurepip's wheels;
  a verifier that puts them on ``sys.path`` is refused its third-party imports; C extension modules too, whose
  loading raises no open event) (``ctx.world`` is read by the worker); listing or changing folders
  (``verifier_sandbox.FOLDERS``);
- the functions in ``verifier_sandbox.GUARDED`` (the tables are in ``verifier_rules.py``): the host clock
  (every ``time`` clock, and ``time.localtime``/``gmtime``/``ctime``/``asctime`` without seconds or
  ``strftime`` without a time tuple, ``os.times``; ``datetime`` is the pure-Python one, whose
  ``now()``/``today()`` read ``time.time``),
  randomness (every ``random.*`` module function, ``random.Random()`` or ``.seed()`` without a seed,
  ``SystemRandom``, ``os.urandom``, ``os.getrandom``, and the C base ``_random.Random``, reachable through
  ``__mro__``, ``super()`` or ``object.__subclasses__()``: its ``__init__`` and ``seed`` without a seed,
  guarded on the type itself; ``_random.Random.__new__`` makes an unseeded generator, all zeros, which is
  deterministic), process ids (``os.getpid``/``getppid``/``getpgrp``/``getpgid``/``getsid``,
  ``_thread.get_native_id``, which answers 0 to ``threading`` as a verifier imports it), the host's
  load and resource use (``os.getloadavg``, ``resource.getrusage``), file metadata (``os.stat``/``lstat``/
  ``fstat``/``statvfs``/``fstatvfs``, ``os.readlink``, which would read ``/proc/self``), ``os.mkfifo``,
  ``os.mknod``, signals (``signal``, ``alarm``, ``setitimer``, ``set_wakeup_fd``, ``siginterrupt``,
  ``pthread_kill``, ``raise_signal``, ``pthread_sigmask``), facts of the host machine (``os.uname``, so every
  ``platform`` host query, ``os.cpu_count``, ``sched_getaffinity``, ``sysconf``, ``confstr``, ``getcwd``, so
  ``os.path.abspath`` of a relative path), the host's users and groups (``os.getuid`` and the other user and group
  ids, ``getlogin``, ``pwd``, ``grp``, so ``os.path.expanduser``), and ``_imp.create_builtin`` for the modules in
  ``NO_LOAD`` (a fresh copy of ``time`` or ``posix`` would carry unguarded functions); some guards
  (``verifier_sandbox.STRICT``: the C generator, process ids, ``os.urandom``, the host clock without a time, host
  facts) also refuse calls from modules a verifier imports, as they import, and others
  (``verifier_sandbox.CONSTANT``) answer those a fixed value, so what the module keeps is the same on every
  machine: ``threading``'s main-thread id and ``logging``'s start time are 0, ``subprocess`` sees no libc
  version, ``uuid`` (so ``platform``) a fixed uname;
- the events in ``verifier_sandbox.THROUGH``: frames (``sys._getframe``, except from ``namedtuple``,
  ``typing`` and ``enum``, which only read a module name; ``sys._current_frames``; the ``tb_frame``,
  ``gi_frame``, ``cr_frame`` and ``ag_frame`` attributes), tracing and profiling, gc introspection,
  ``marshal``, making code objects, and compiling code under a standard-library file name;
- when the verifier's own line does it (``verifier_sandbox.DIRECT``): eval, exec, compile, making
  functions from code, reading ``__code__``/frame-like attributes, changing a function's code or defaults,
  and ``pickle.find_class``;
- importing, by verifier code, the modules in ``verifier_sandbox.REFUSED_IMPORTS`` (among them
  ``__main__``, ``_posixsubprocess``, ``_datetime``, ``ctypes``, ``_io``, ``_thread``, ``signal``,
  ``importlib``, ``gc``, ``marshal``, ``posix``, ``resource``, ``_random``, ``code``, ``zoneinfo``, which
  reads the host's time-zone files, ``_uuid`` and ``_ssl``), and relative imports;
- loading afresh, on a verifier's behalf by any import path (a standard-library module importing by name, and
  ``importlib`` calls that skip the import statement, included), the modules in ``verifier_sandbox.NO_LOAD``:
  every module that holds guards (``time``, ``os`` and ``posix``, ``random`` and ``_random``, ``_thread``,
  ``_signal``, ``resource``, ``pwd``, ``grp``, ``_imp``; loaded and guarded before any verifier runs: deleting
  them from ``sys.modules`` and importing again would bring unguarded copies), and those the worker keeps out,
  ``None`` in ``sys.modules`` (``verifier_sandbox.KEPT_OUT``:
  ``_datetime``, ``_uuid``, ``_zoneinfo``, ``zoneinfo``, ``_ssl``, whose imports fail with ImportError, so
  ``datetime`` and ``uuid`` fall back to pure Python, whose clock and randomness go through the guards).

A refused call is a ``verifier_error`` even when the verifier catches the exception, and its message is the
answer's error even when the verifier then raised another one. ``os.environ`` holds only the pool's fixed values
(the worker drops ``LD_LIBRARY_PATH``, passed on for its start). Not covered (the static scan refuses ``id``,
``hash``, ``sys``, ``__file__`` and dunder attributes in verifier code): object ids (``id()``, the default
``hash()`` and ``repr()`` of objects, the order of a set of such objects) differ between runs and cannot be made
the same or refused here (the standard library uses them throughout); paths and versions of the interpreter
(``sys.executable``, ``sys.prefix``, ``sys.path``, modules' ``__file__``, ``sys.version``) are data, not calls,
and can differ between machines; so can whether ``locale.setlocale`` finds a named locale.
"""

from __future__ import annotations

import json
import os
import sys
from types import ModuleType, SimpleNamespace

#: Largest answer line the pool reads; the worker answers an error instead of a longer result.
MAX_REPLY = 2**24
MAX_RESULT = MAX_REPLY - 4096
#: Longest exception message an error answer keeps.
MAX_ERROR = 2000
# Loaded before the sandbox starts: modules verifiers use, and those whose functions the sandbox guards (only
# loaded modules are guarded; verifier_rules.NO_LOAD keeps a fresh copy from being loaded).
PRELOAD = ("json", "json.scanner", "re", "datetime", "_strptime", "time", "random", "collections", "typing", "enum",
           "string", "math", "itertools", "functools", "copy", "types", "operator", "traceback", "linecache", "pwd",
           "grp")


class Worlds(dict):
    """``ctx.world[app]``: an app's world.json, parsed on first use from text the worker read (a copy per call)."""

    def __init__(self, texts: dict):
        super().__init__()
        self._texts = texts

    def __missing__(self, app):
        text = self._texts.get(app) if type(app) is str else None
        if text is None:
            raise KeyError(app)
        value = self[app] = json.loads(text)
        return value


class _ReadOnlyModule(ModuleType):
    def __setattr__(self, name, value):
        raise PermissionError(f"verifiers may not change the module {self.__name__}")

    def __delattr__(self, name):
        raise PermissionError(f"verifiers may not change the module {self.__name__}")


def _error_text(exc: BaseException, file: str) -> str:
    """Return 'verifier raised Type: message (file.py:line)', pointing at the verifier's own line."""
    import traceback

    # lookup_lines=False: only file names and line numbers, no source file is read here
    tb = traceback.StackSummary.extract(traceback.walk_tb(exc.__traceback__), lookup_lines=False)
    # no frame of the verifier: calling it failed (a name bound to no function), and this worker's own line says
    # nothing to the task's author
    tb = [f for f in tb if f.filename == file] or [f for f in tb if f.filename != __file__]
    where = f" ({tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno})" if tb else ""
    try:
        text = str(exc)
    except BaseException as inner:  # noqa: BLE001 - the verifier's own __str__; it was reported as a process death
        text = f"(its message could not be read: {type(inner).__name__} in its __str__)"
    if len(text) > MAX_ERROR:  # e.g. the repr of a whole state: it would be kept in every attempt's record
        text = f"{text[:MAX_ERROR]}… ({len(text) - MAX_ERROR} more characters)"
    return f"verifier raised {type(exc).__name__}: {text}{where}"


def _death(status: int, cpu_s) -> str:
    if os.WIFSIGNALED(status):
        import signal

        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            return f"verifier used more than its {cpu_s} CPU-seconds"
        return f"verifier process died ({signal.Signals(sig).name}: crash or memory limit)"
    return f"verifier process died (exit status {os.WEXITSTATUS(status)})"


def serve() -> None:
    """Serve requests until the request pipe closes (the worker's main loop; it runs once per process)."""
    sys.audit("guigym.serve")  # refused once the sandbox is up: verifier code cannot start a second loop
    requests_fd, replies_fd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    sys.stdout = sys.stderr  # a verifier's print() goes to stderr, which the pool discards
    import warnings

    warnings.simplefilter("ignore")  # showing a warning would read source files

    def load_beside(name: str) -> ModuleType:
        import importlib.util

        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{name}.py")
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    def load_checks() -> None:
        """Load the package ``verifier_checks`` from beside this file, its parts with it, into ``sys.modules``."""
        import importlib.util

        folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "verifier_checks")
        spec = importlib.util.spec_from_file_location("verifier_checks", os.path.join(folder, "__init__.py"),
                                                      submodule_search_locations=[folder])
        module = importlib.util.module_from_spec(spec)
        sys.modules["verifier_checks"] = module  # before it runs: its relative imports find their parent here
        spec.loader.exec_module(module)

    def probe_seccomp() -> tuple[bool, str]:
        """Try the seccomp filter in a throw-away child (this process must keep forking)."""
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.write(write, json.dumps(restrict()).encode())
            finally:
                os._exit(0)
        os.close(write)
        data = b"".join(iter(lambda: os.read(read, 4096), b""))
        os.close(read)
        os.waitpid(pid, 0)
        try:
            done, why = json.loads(data)
        except ValueError:
            return False, "the seccomp probe died"
        return bool(done), str(why)

    kernel, sandbox = load_beside("verifier_kernel"), load_beside("verifier_sandbox")
    network, network_error = kernel.isolate_network()
    restrict = kernel.syscall_filter()
    seccomp, seccomp_error = probe_seccomp()
    os.environ.pop("LD_LIBRARY_PATH", None)  # passed on by the pool for the interpreter's start; a host fact
    for name in sandbox.KEPT_OUT:  # e.g. the pure-Python datetime reads the clock through time.*, which is guarded
        sys.modules.setdefault(name, None)
    for name in PRELOAD:
        __import__(name)
    import random
    import resource
    from json.encoder import c_make_encoder, encode_basestring_ascii

    # random's hidden module-level instance, in case verifier code reaches it: the same numbers in every call
    # (random reseeds it from the OS in each forked child, so each child seeds it again).
    reseed = random._inst.seed
    load_checks()
    for name, module in list(sys.modules.items()):
        if name == "verifier_checks" or name.startswith("verifier_checks."):
            # `import verifier_checks; verifier_checks.x = ...` (or the same on one of its parts) is refused outright
            module.__class__ = _ReadOnlyModule
    library = tuple({os.path.join(p, "") for p in sys.path if os.path.isabs(p)}
                    | {os.path.join(os.path.realpath(p), "") for p in sys.path if os.path.isabs(p)})
    violations: list[str] = []
    # Trusted: this loop, its helpers, the sandbox and the kernel module; not Worlds or _ReadOnlyModule, whose
    # methods run on a verifier's behalf with objects the verifier can change.
    trusted = sandbox.trusted_code([{"e": _error_text, "d": _death}, vars(kernel), vars(sandbox)], sys._getframe())
    sandbox.install(violations, trusted, library)

    # Bound now, before any verifier runs: a verifier may rebind module attributes and builtins in its child,
    # and what the child does after the verifier returns must not go through them.
    read, write, fork, close, waitpid, kill, exit_, pipe, urandom = (os.read, os.write, os.fork, os.close, os.waitpid,
                                                                    os.kill, os._exit, os.pipe, os.urandom)
    setrlimit, loads, exec_, getattr_, len_, str_ = (resource.setrlimit, json.loads, exec, getattr, len, str)
    namespace, modules, join, view_of = SimpleNamespace, sys.modules, b"".join, memoryview

    def encode(value) -> str:
        def default(o):
            raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")

        encoder = c_make_encoder({}, default, encode_basestring_ascii, None, ":", ",", False, False, True)
        return "".join(encoder(value, 0))

    def write_all(fd: int, data: bytes) -> None:
        view = view_of(data)
        while view:
            view = view[write(fd, view):]

    codes: dict[str, tuple] = {}
    worlds: dict[str, dict] = {}

    def compiled(file: str):
        """Return (code, error) for verifier ``file``, compiled here once (children inherit it)."""
        try:
            st = os.stat(file)
            key = (st.st_mtime_ns, st.st_size)
            if file not in codes or codes[file][0] != key:
                with open(file, "rb") as f:
                    codes[file] = (key, compile(f.read(), file, "exec", dont_inherit=True), None)
            return codes[file][1:]
        except (OSError, SyntaxError, ValueError) as exc:  # the message names the file (and line)
            return None, f"verifier raised {type(exc).__name__}: {exc}"

    def world_texts(root: str) -> dict:
        if root not in worlds:
            texts = {}
            for app in sorted(os.listdir(root)) if os.path.isdir(root) else ():
                path = os.path.join(root, app, "world.json")
                if os.path.isfile(path):
                    with open(path, encoding="utf-8") as f:
                        texts[app] = f.read()
            worlds[root] = texts
        return worlds[root]

    def call(code, header: dict, body: bytes) -> str:
        """Run the verifier in this (child) process; return the answer object as JSON text."""
        file = header["file"]
        try:
            context = loads(body)
            module = ModuleType("guigym_verifier")
            module.__file__ = file
            modules["guigym_verifier"] = module
            exec_(code, module.__dict__)
            fn = getattr_(module, header["function"], None)
            if fn is None and not violations:  # the loader saw it bound: bound only by code that did not run
                return encode({"ok": False, "error": f"verifier {file} defines no {header['function']!r} once run"})
            if header.get("world_root"):
                context["world"] = Worlds(world_texts(header["world_root"]))
            value = fn(namespace(**context)) if fn is not None else None
            if violations:  # refused, even if the verifier caught the error and answered anyway
                return encode({"ok": False, "error": "sandbox: " + str_(violations[0])})
            try:
                result = encode(value)  # the answer must travel back as JSON
            except (TypeError, ValueError) as exc:  # a set, an object, a circular reference, a non-str key...
                return encode({"ok": False, "error": f"verifier returned a result that is not JSON: {exc}"})
            return '{"ok":true,"result":' + result + "}"
        except MemoryError:
            message = "verifier ran out of memory"
        except RecursionError:
            message = "verifier recursed too deeply"
        except BaseException as exc:  # noqa: BLE001 - a verifier may raise anything, even SystemExit
            # a refusal first: the standard library may have turned it into another error (an import that could
            # not list a refused folder raises ModuleNotFoundError)
            message = "sandbox: " + str_(violations[0]) if violations else _error_text(exc, file)
        return encode({"ok": False, "error": str_(message)})

    def child(code, header: dict, body: bytes, result_fd: int, token: bytes) -> None:
        status = 1
        try:
            close(requests_fd)  # the pool's pipes stay with the parent: only it answers the pool
            close(replies_fd)
            cpu = int(header.get("cpu_s") or 600)
            setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            setrlimit(resource.RLIMIT_NPROC, (0, 0))
            restrict()
            reseed(0)
            write_all(result_fd, token + call(code, header, body).encode())
            status = 0
        finally:
            exit_(status)

    def answer(header: dict, body: bytes) -> bytes:
        code, error = compiled(header["file"])
        if error:
            return encode({"ok": False, "error": error}).encode()
        if header.get("world_root"):
            world_texts(header["world_root"])
        # The child's answer starts with a token the verifier cannot read (it would need this frame), so a
        # verifier that writes to the result pipe itself cannot pass off an answer of its own making.
        token = urandom(16).hex().encode()
        result_read, result_write = pipe()
        pid = fork()
        if pid == 0:
            child(code, header, body, result_write, token)
        close(result_write)
        chunks, size = [], 0
        while size <= MAX_RESULT:
            chunk = read(result_read, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len_(chunk)
        close(result_read)
        kill(pid, 9)  # a child that closed its pipe and lingers, or one whose answer is too long
        status = waitpid(pid, 0)[1]
        data = join(chunks)
        if size > MAX_RESULT:
            return encode({"ok": False, "error": f"verifier answer is over {MAX_REPLY // 2**20} MiB"}).encode()
        if not data:
            return encode({"ok": False, "error": _death(status, header.get("cpu_s"))}).encode()
        if b"\n" in data or not data.startswith(token + b'{"ok":'):
            return encode({"ok": False, "error": "verifier process wrote a malformed answer"}).encode()
        return data[len_(token):]

    ready = {"ready": True, "network_namespace": network, "network_error": network_error, "seccomp": seccomp,
             "seccomp_error": seccomp_error}
    write_all(replies_fd, (json.dumps(ready) + "\n").encode())
    with os.fdopen(requests_fd, "rb", closefd=False) as requests:
        while True:
            line, body = requests.readline(), requests.readline()
            if not line or not body:
                break
            nonce = ""
            try:
                header = loads(line)
                nonce = str_(header.get("id"))
                data = answer(header, body.rstrip(b"\n"))
            except Exception as exc:  # noqa: BLE001 - the loop must answer every request to stay in step
                data = encode({"ok": False, "error": f"verifier worker failed: {type(exc).__name__}: {exc}"}).encode()
            write_all(replies_fd, b'{"id":' + encode(nonce).encode() + b',"answer":' + data + b"}\n")
