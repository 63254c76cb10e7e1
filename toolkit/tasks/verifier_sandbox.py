"""The in-process half of a verifier worker's sandbox: an audit hook, guards on the clock, randomness and
process ids, and an import filter. (What it refuses is listed in ``verifier_worker.py``'s docstring.)

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
    "_xxsubinterpreters", "_xxinterpchannels", "zoneinfo", "_zoneinfo", "_uuid", "_ssl",
})
_TZ_FILES = ("it reads the host's time-zone files, which differ between machines; use datetime.timezone with a "
             "fixed offset")
# Why some of them are refused, added to the refusal's message.
REFUSED_WHY = {
    "zoneinfo": _TZ_FILES, "_zoneinfo": _TZ_FILES,
    "_random": "its generator seeds itself from the OS; use random.Random(seed)",
    "_datetime": "its now() reads the host clock; datetime is the pure-Python one here",
    "_uuid": "it reads the host clock and network address",
    "_ssl": "its RAND_bytes reads OS randomness",
}
# Modules the worker keeps out (None in sys.modules before anything imports them, so importing them raises
# ImportError and the standard library falls back: datetime and uuid to pure Python, whose clock and randomness
# go through the guards below).
KEPT_OUT = ("_datetime", "_uuid", "_zoneinfo", "zoneinfo", "_ssl")
# Modules nothing may load once the sandbox is up, on a verifier's behalf through any import path (an import
# statement, a standard-library module importing by name): the kept-out ones, and random and _random, which the
# worker loaded and guarded (a fresh copy would carry unguarded functions and a fresh, unguarded _random.Random).
NO_LOAD = frozenset(KEPT_OUT) | {"random", "_random"}
# Events refused on behalf of a verifier (the worker starts its per-call processes itself).
ACTIONS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
           "os.kill", "os.killpg", "socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg",
           "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo", "socket.sethostname",
           "socket.gethostname",
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
PIDS, HOST = "process ids", "the host's load or resource use"
# (module, attribute, what, rule): rule None refuses every call on behalf of a verifier; a number n refuses
# calls with fewer than n arguments (time.localtime(secs) is fine, time.localtime() reads the clock); a name
# refuses calls whose seed argument (the first after self, or the keyword of that name) is missing or None; the
# empty name counts only a positional seed (the C methods ignore or refuse keywords). The module may be
# "module.Class" (a method). ``random.Random`` is built on the C type ``_random.Random``, reachable through
# ``__mro__``, ``super()`` or ``object.__subclasses__()``, whose ``__init__`` and ``seed`` seed from the OS
# when given no seed: both are guarded on the type itself (it is a mutable heap type), so every subclass,
# old or new, goes through the guard.
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
    ("_random.Random", "__init__", "randomness (the C random generator without a seed)", ""),
    ("_random.Random", "seed", "randomness (the C random generator's seed() without a seed)", ""),
    *(("os", n, PIDS, None) for n in ("getpid", "getppid", "getpgrp", "getpgid", "getsid", "gettid")),
    ("_thread", "get_native_id", PIDS, None), ("os", "readlink", FILES, None),
    ("os", "getloadavg", HOST, None), ("resource", "getrusage", HOST, None),
    *(("_signal", n, SIGNALS, None) for n in ("signal", "alarm", "setitimer", "set_wakeup_fd", "siginterrupt",
                                              "pthread_kill", "raise_signal", "pthread_sigmask")),
)
# Guards that also act while a verifier imports a module (the module's own top-level code runs on the verifier's
# behalf), where a value it reads would reach the verifier through the module. STRICT refuses then too (a fresh
# random module would seed its hidden instance from the OS). CONSTANT answers a fixed value then: threading records
# the main thread's native id, a process id, as it is imported; with 0 there, threading, and subprocess, logging
# or queue, which import it, still import (a verifier's own call is refused as usual).
STRICT = frozenset({"_random.Random.__init__", "_random.Random.seed",
                    *(f"os.{n}" for n in ("getpid", "getppid", "getpgrp", "getpgid", "getsid", "gettid"))})
CONSTANT = {"_thread.get_native_id": 0}


def _guard(key: str, audit=sys.audit):
    """Return a stand-in for the function ``key``: the hook decides, and hands over the real one when allowed."""
    def guarded(*args, **kwargs):
        box: list = []
        audit("guigym.guard", key, args, kwargs, box)  # the hook appends the original, or raises
        return box[0](*args, **kwargs)

    guarded.__name__ = guarded.__qualname__ = key.rsplit(".", 1)[-1]
    return guarded


def _constant(value):
    """Return a function that answers ``value`` whatever it is given (a CONSTANT guard's stand-in during imports)."""
    def constant(*args, **kwargs):
        return value

    return constant


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
        module_name, _, class_name = module_name.partition(".")
        owner = sys.modules.get(module_name)
        if class_name and owner is not None:
            owner = getattr(owner, class_name)
        value = getattr(owner, attr, None) if owner is not None else None
        if value is not None:
            key = f"{module_name}.{class_name + '.' if class_name else ''}{attr}"
            originals[key] = (value, what, rule, owner, attr)
    real_import = builtins.__import__
    guard_code = _guard("x").__code__
    import_code = _import_filter().__code__
    # Standard-library callers that read their caller's module name from a frame (and return no frame).
    getframe_ok = frozenset(id(c) for c in (collections.namedtuple.__code__, typing._caller.__code__,
                                            enum.EnumType._create_.__code__))
    find_and_load = id(sys.modules["_frozen_importlib"]._find_and_load.__code__)
    hook = _make_hook(violations, frozenset(trusted - {id(guard_code), id(import_code)}),
                      frozenset({id(guard_code), id(import_code)}), id(guard_code), id(import_code), getframe_ok,
                      find_and_load, library,
                      {k: (*v[:3], k in STRICT, _constant(CONSTANT[k]) if k in CONSTANT else None)
                       for k, v in originals.items()}, real_import)
    sys.addaudithook(hook)  # first: called again (by verifier code), this is refused and nothing below runs
    stand_ins = {}
    for key, (value, _, _, owner, attr) in originals.items():
        stand_ins[id(value)] = (value, _guard(key))
        setattr(owner, attr, stand_ins[id(value)][1])  # raises (the worker does not start) on an immutable type
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
    refused_imports, refused_why, no_load, write_flags = REFUSED_IMPORTS, dict(REFUSED_WHY), NO_LOAD, WRITE_FLAGS
    modules_get, absent = sys.modules.get, object()  # the interpreter's own dict, even if sys.modules is rebound
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

    def behalf(frame):  # like context, but an import a verifier started is on its behalf too
        while frame is not None:
            code = frame.f_code
            ident = _id(code)
            if ident in trusted:
                return WORKER
            if ident != find_and_load and ident not in transparent and not is_library(code.co_filename):
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

    def why(name):
        reason = refused_why.get(name.partition(".")[0])
        return f": {reason}" if reason else ""

    def check_import(name, fromlist, level):
        if _type(name) is not _str or _type(level) is not _int or _type(fromlist) not in (_tuple, _list, _type(None)):
            deny("verifiers may only import modules by name")
        if level != 0:
            deny("verifiers may not use relative imports")
        if refused(name):
            deny(f"verifiers may not import {name}{why(name)}")
        for item in fromlist or ():
            if _type(item) is _str and refused(name + "." + item):
                deny(f"verifiers may not import {name}.{item}{why(name)}")

    def passes(rule, args, kwargs):
        if rule is None:
            return False
        if _type(rule) is _int:
            return _len(args) + _len(kwargs) >= rule
        seed = args[1] if _len(args) > 1 else (kwargs.get(rule) if rule else None)
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
            where = context(frame.f_back)
            if where == IMPORT and (entry[3] or entry[4] is not None) and behalf(frame.f_back) == VERIFIER:
                if entry[4] is not None:  # a module the verifier imports reads it: a fixed value instead
                    box.append(entry[4])
                    return
                where = VERIFIER
            if where == VERIFIER and not passes(entry[2], call_args, call_kwargs):
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
                deny(f"verifiers may not import {args[0]}{why(args[0])}")
            # A module in no_load is loaded afresh: the statement's event comes only when sys.modules lacks it
            # (None there: the import fails by itself), an extension module's own event only when it is loaded.
            name = args[0] if _len(args) > 1 else None
            top = name.partition(".")[0] if _type(name) is _str else None
            if (top in no_load and (args[1] is not None or modules_get(top, absent) is not None)
                    and behalf(caller(2)) == VERIFIER):
                deny(f"verifiers may not load {name} afresh{why(name)}")
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

