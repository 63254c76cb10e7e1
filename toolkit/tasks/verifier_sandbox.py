"""The in-process half of a verifier worker's sandbox: an audit hook, guards on the clock and randomness, and
an import filter. (What it refuses is listed in ``verifier_worker.py``'s docstring.)

Loaded by the worker before any verifier runs; plain standard library, no toolkit import. Code is judged by
where it comes from: the worker's own code objects (by identity, so a copy of the worker file imported
later is not trusted), the standard library (by file name), and everything else, which is verifier code
(the verifier file, ``verifier_checks``, code compiled from strings). An event is "on behalf of a verifier"
when, walking up the stack from it, verifier code is met before the worker's code or the import system.

Nothing here keeps state in module globals, which verifier code could reach through any function's
``__globals__``: the hook's state lives in its closure, the hook function itself is held only by the
interpreter, and frames (the way to a closure's values) are refused to verifier code.
"""

from __future__ import annotations

import builtins
import os
import sys
from types import CodeType, FunctionType

WORKER, IMPORT, VERIFIER = 0, 1, 2

# Modules verifier code may not import itself: each either bypasses the audit hook (processes, memory, raw
# file descriptors, the C clock and RNG) or reaches the worker (``__main__``, the import system, frames).
REFUSED_IMPORTS = frozenset({
    "__main__", "_posixsubprocess", "_datetime", "ctypes", "_ctypes", "_io", "_thread", "_signal", "signal",
    "importlib", "_imp", "_frozen_importlib", "_frozen_importlib_external", "imp", "runpy", "pkgutil", "zipimport",
    "marshal", "gc", "mmap", "fcntl", "resource", "posix", "pty", "termios", "multiprocessing", "_multiprocessing",
    "_posixshmem", "_random", "faulthandler", "_tracemalloc", "_lsprof", "cProfile", "profile", "bdb", "pdb",
    "code", "codeop", "timeit", "_testcapi", "_testinternalcapi", "_testbuffer", "_testmultiphase",
    "_xxsubinterpreters", "_xxinterpchannels",
})
# Events refused on behalf of a verifier (the worker starts its per-call processes itself).
ACTIONS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
           "os.kill", "os.killpg", "socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg",
           "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo", "socket.sethostname",
           "urllib.Request", "http.client.connect", "ftplib.connect", "smtplib.connect", "sqlite3.connect",
           "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.chflags", "os.lchflags",
           "os.link", "os.symlink", "os.utime", "os.truncate", "os.setxattr", "os.removexattr", "os.putenv",
           "os.unsetenv", "shutil.", "ctypes.", "_thread.start_new_thread", "resource.setrlimit",
           "resource.prlimit", "signal.pthread_kill", "webbrowser.open")
# Events refused when the calling frame itself is verifier code.
DIRECT = {"exec": "eval/exec", "compile": "eval/exec/compile", "function.__new__": "code objects",
          "object.__getattr__": "frame/code introspection", "object.__setattr__": "changing functions",
          "object.__delattr__": "changing functions", "pickle.find_class": "pickle"}
# Events refused with a verifier anywhere up the stack (so also through the standard library).
THROUGH = {"sys._getframe": "frame introspection", "sys._current_frames": "frame introspection",
           "sys.settrace": "tracing", "sys.setprofile": "tracing", "gc.get_objects": "gc introspection",
           "gc.get_referrers": "gc introspection", "gc.get_referents": "gc introspection", "marshal.loads": "marshal",
           "marshal.load": "marshal", "code.__new__": "code objects"}
FOLDERS = {"os.listdir": "reading folders", "os.scandir": "reading folders", "glob.glob": "reading folders",
           "os.chdir": "changing folder", "os.fchdir": "changing folder"}
FRAME_ATTRS = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back"})
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
CLOCK, RANDOM, FILES, SIGNALS = "the host clock", "randomness", "file metadata or creating files", "signals"
# (module, attribute, what, rule): rule None refuses every call on behalf of a verifier; a number n refuses
# calls with fewer than n arguments (time.localtime(secs) is fine, time.localtime() reads the clock); a name
# refuses calls whose seed argument of that name is missing or None.
GUARDED = (
    *(("time", n, CLOCK, None) for n in ("time", "time_ns", "monotonic", "monotonic_ns", "perf_counter",
                                         "perf_counter_ns", "process_time", "process_time_ns", "thread_time",
                                         "thread_time_ns", "clock_gettime", "clock_gettime_ns")),
    ("time", "localtime", CLOCK, 1), ("time", "gmtime", CLOCK, 1), ("time", "ctime", CLOCK, 1),
    ("time", "asctime", CLOCK, 1), ("time", "strftime", CLOCK, 2), ("os", "times", CLOCK, None),
    ("os", "urandom", RANDOM, None), ("os", "getrandom", RANDOM, None),
    *(("os", n, FILES, None) for n in ("stat", "lstat", "fstat", "statvfs", "fstatvfs", "mkfifo", "mknod")),
    *(("random", n, RANDOM, None) for n in (
        "random", "uniform", "randint", "randrange", "choice", "choices", "shuffle", "sample", "getrandbits",
        "randbytes", "gauss", "normalvariate", "lognormvariate", "vonmisesvariate", "gammavariate", "triangular",
        "betavariate", "expovariate", "paretovariate", "weibullvariate", "seed", "getstate", "setstate")),
    ("random.Random", "__init__", "randomness (random.Random() without a seed)", "x"),
    ("random.Random", "seed", "randomness (random.Random.seed() without a seed)", "a"),
    *(("_signal", n, SIGNALS, None) for n in ("signal", "alarm", "setitimer", "set_wakeup_fd", "siginterrupt",
                                              "pthread_kill", "raise_signal", "pthread_sigmask")),
)


def _guard(key: str, audit=sys.audit):
    """Return a stand-in for the function ``key``: the hook decides, and hands over the real one when allowed."""
    def guarded(*args, **kwargs):
        box: list = []
        audit("guigym.guard", key, args, kwargs, box)  # the hook appends the original, or raises
        return box[0](*args, **kwargs)

    guarded.__name__ = guarded.__qualname__ = key.rsplit(".", 1)[-1]
    return guarded


def _import_filter(audit=sys.audit):
    """Return the stand-in for ``builtins.__import__`` (imported modules raise no audit event when cached)."""
    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        box: list = []
        audit("guigym.import", name, fromlist, level, box)
        return box[0](name, globals, locals, fromlist, level)

    return guarded_import


def trusted_code(namespaces: list[dict], frame) -> set[int]:
    """Return the ids of every code object defined in ``namespaces`` or running on the stack from ``frame`` up."""
    stack: list[CodeType] = []
    for namespace in namespaces:
        for value in namespace.values():
            members = vars(value).values() if isinstance(value, type) else (value,)
            for member in members:
                member = getattr(member, "__func__", member)
                if isinstance(member, FunctionType):
                    stack.append(member.__code__)
    while frame is not None:
        stack.append(frame.f_code)
        frame = frame.f_back
    ids: set[int] = set()
    while stack:
        code = stack.pop()
        if id(code) not in ids:
            ids.add(id(code))
            stack.extend(c for c in code.co_consts if isinstance(c, CodeType))
    return ids


def install(violations: list, trusted: set[int], library: tuple[str, ...]) -> None:
    """Start the audit hook and put the guards and the import filter in place (once per process).

    ``violations`` receives the message of every refusal; ``trusted`` holds the ids of the worker's code
    objects; ``library`` the folders (with a trailing separator) of the standard library.
    """
    import collections
    import enum
    import random
    import typing

    originals: dict[str, tuple] = {}
    for module_name, attr, what, rule in GUARDED:
        owner = random.Random if module_name == "random.Random" else sys.modules.get(module_name)
        value = getattr(owner, attr, None) if owner is not None else None
        if value is not None:
            originals[f"{module_name}.{attr}"] = (value, what, rule, owner, attr)
    real_import = builtins.__import__
    guard_code = _guard("x").__code__
    import_code = _import_filter().__code__
    # Standard-library callers that read their caller's module name from a frame (and return no frame).
    getframe_ok = frozenset(id(c) for c in (collections.namedtuple.__code__, typing._caller.__code__,
                                            enum.EnumType._create_.__code__))
    find_and_load = id(sys.modules["_frozen_importlib"]._find_and_load.__code__)
    hook = _make_hook(violations, frozenset(trusted - {id(guard_code), id(import_code)}),
                      frozenset({id(guard_code), id(import_code)}), id(guard_code), id(import_code), getframe_ok,
                      find_and_load, library, {k: v[:3] for k, v in originals.items()}, real_import)
    sys.addaudithook(hook)  # first: called again (by verifier code), this is refused and nothing below runs
    stand_ins = {}
    for key, (value, _, _, owner, attr) in originals.items():
        stand_ins[id(value)] = (value, _guard(key))
        setattr(owner, attr, stand_ins[id(value)][1])
    for module in list(sys.modules.values()):  # `from time import time` copies made before now
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict):
            for name, value in list(namespace.items()):
                found = stand_ins.get(id(value))
                if found is not None and found[0] is value:
                    namespace[name] = found[1]
    builtins.__import__ = _import_filter()


def _make_hook(violations, trusted, transparent, guard_code, import_code, getframe_ok, find_and_load, library,
               originals, real_import):
    # Everything the hook uses is bound here, in its closure: verifier code can rebind module globals and
    # builtins, and must not be able to change what the hook does.
    _type, _id, _len, _str, _bytes, _int, _list, _tuple, _dict = type, id, len, str, bytes, int, list, tuple, dict
    _repr, _permission_error, _value_error = repr, PermissionError, ValueError
    getframe, startswith = sys._getframe, str.startswith
    actions, direct, through, folders, frame_attrs = ACTIONS, dict(DIRECT), dict(THROUGH), dict(FOLDERS), FRAME_ATTRS
    refused_imports, write_flags = REFUSED_IMPORTS, WRITE_FLAGS
    library = library + ("<frozen ",)
    kinds: dict = {}
    busy = False

    def is_library(name):
        known = kinds.get(name)
        if known is None:
            known = kinds[name] = _type(name) is _str and startswith(name, library)
        return known

    def library_path(path):
        if _type(path) is _bytes:
            path = path.decode("utf-8", "surrogateescape")
        return _type(path) is _str and startswith(path, library[:-1]) and "/.." not in path

    def caller(depth):
        try:
            return getframe(depth + 1)
        except _value_error:
            return None

    def context(frame):
        while frame is not None:
            code = frame.f_code
            ident = _id(code)
            if ident in trusted:
                return WORKER
            if ident == find_and_load:
                return IMPORT
            if ident not in transparent and not is_library(code.co_filename):
                return VERIFIER
            frame = frame.f_back
        return WORKER

    def is_verifier(frame):  # the frame itself is verifier code (not merely called on a verifier's behalf)
        if frame is None:
            return False
        code = frame.f_code
        ident = _id(code)
        return (ident not in trusted and ident != find_and_load and ident not in transparent
                and not is_library(code.co_filename))

    def shown(value):
        return _repr(value) if _type(value) in (_str, _bytes, _int) else "a path object"

    def numeric_host(host):
        if _type(host) is _bytes:
            host = host.decode("ascii", "replace")
        if _type(host) is not _str:
            return host is None
        digits = False
        for c in host:
            if c not in "0123456789.:abcdefABCDEF":
                return False
            digits = digits or c in "0123456789"
        return digits

    def deny(message):
        violations.append(message)
        raise _permission_error(message)

    def refused(name):
        return name in refused_imports or name.partition(".")[0] in refused_imports

    def check_import(name, fromlist, level):
        if _type(name) is not _str or _type(level) is not _int or _type(fromlist) not in (_tuple, _list, _type(None)):
            deny("verifiers may only import modules by name")
        if level != 0:
            deny("verifiers may not use relative imports")
        if refused(name):
            deny(f"verifiers may not import {name}")
        for item in fromlist or ():
            if _type(item) is _str and refused(name + "." + item):
                deny(f"verifiers may not import {name}.{item}")

    def passes(rule, args, kwargs):
        if rule is None:
            return False
        if _type(rule) is _int:
            return _len(args) + _len(kwargs) >= rule
        seed = args[1] if _len(args) > 1 else kwargs.get(rule)
        return seed is not None

    def sandbox(event, args):
        if _type(event) is not _str:
            deny("verifiers may not raise odd audit events")
        if event == "open" and _len(args) >= 3:
            frame = caller(2)
            path, mode, flags = args[0], args[1], args[2]
            writes = (_type(mode) is _str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode)) or (
                _type(flags) is _int and flags & write_flags)
            where = context(frame)
            if writes and where != WORKER:
                deny(f"verifiers may not write files ({shown(path)})")
            if where == VERIFIER:
                deny(f"verifiers may not read files; use ctx and ctx.world ({shown(path)})")
            if where == IMPORT and not library_path(path):
                deny(f"verifiers may not import from outside the standard library ({shown(path)})")
        elif event == "guigym.guard":
            frame = caller(2)
            if frame is None or _id(frame.f_code) != guard_code:
                if context(frame) != WORKER:
                    deny("verifiers may not raise the sandbox's own events")
                return
            key, call_args, call_kwargs, box = args
            entry = originals.get(key) if _type(key) is _str else None
            if (entry is None or _type(box) is not _list or _type(call_args) is not _tuple
                    or _type(call_kwargs) is not _dict):
                return
            if context(frame.f_back) == VERIFIER and not passes(entry[2], call_args, call_kwargs):
                deny(f"verifiers may not use {entry[1]} ({key})")
            box.append(entry[0])
        elif event == "guigym.import":
            frame = caller(2)
            if frame is None or _id(frame.f_code) != import_code:
                if context(frame) != WORKER:
                    deny("verifiers may not raise the sandbox's own events")
                return
            name, fromlist, level, box = args
            if context(frame.f_back) == VERIFIER:
                check_import(name, fromlist, level)
            if _type(box) is _list:
                box.append(real_import)
        elif event == "import":
            # args[1] is None for the import statement's event (a file name for an extension module's own)
            if (_len(args) > 1 and args[1] is None and _type(args[0]) is _str and refused(args[0])
                    and context(caller(2)) == VERIFIER):
                deny(f"verifiers may not import {args[0]}")
        elif event == "guigym.serve" or event == "sys.addaudithook":
            deny(f"verifiers may not use {event}")
        elif event in direct:
            frame = caller(2)
            if event == "compile" and _len(args) > 1 and context(frame) == VERIFIER and not (
                    _type(args[1]) is _str and not is_library(args[1])):
                deny("verifiers may not compile code under a standard-library file name")
            if (event == "object.__getattr__" and _len(args) > 1 and _type(args[1]) is _str and args[1] in frame_attrs
                    and context(frame) == VERIFIER):
                deny(f"verifiers may not use {direct[event]} ({args[1]})")
            if is_verifier(frame):
                deny(f"verifiers may not use {direct[event]} ({event})")
        elif event in through:
            frame = caller(2)
            if event == "sys._getframe" and frame is not None and _id(frame.f_code) in getframe_ok:
                return
            if context(frame) == VERIFIER:
                deny(f"verifiers may not use {through[event]} ({event})")
        elif event in folders:
            where = context(caller(2))
            if where == VERIFIER or (where == IMPORT and not library_path(args[0] if args else None)):
                deny(f"verifiers may not use {folders[event]} ({event})")
        elif event == "socket.getaddrinfo":
            if not (args and numeric_host(args[0])) and context(caller(2)) != WORKER:
                deny(f"verifiers may not use {event} (name lookups reach the network)")
        elif startswith(event, actions) and context(caller(2)) != WORKER:
            deny(f"verifiers may not use {event}")

    def hook(event, args):
        nonlocal busy
        if busy:  # the hook's own frame reads raise events too
            return
        busy = True
        try:
            sandbox(event, args)
        finally:
            busy = False

    return hook

