"""What the verifier sandbox refuses, and why: the tables that ``verifier_sandbox.py`` enforces.

Plain standard library, no toolkit import, no functions: ``verifier_sandbox.py`` loads this file from beside
itself the way the worker loads the sandbox (by file name, not put in ``sys.modules``) and reads the tables
once, as it installs; the hook keeps its own copies, so changing them later changes nothing.
"""

from __future__ import annotations

import os

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
# Folders below the standard library's that hold no standard library: third-party packages (site-packages,
# dist-packages) and the pip and setuptools wheels ensurepip carries. The import system may not read from them
# for a verifier, and code from them is not library code (a verifier could add them to sys.path).
THIRD_PARTY = ("site-packages", "dist-packages", "ensurepip/_bundled")
THIRD_PARTY_WHY = "verifiers use only the standard library and verifier_checks, the same on every machine"
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
MACHINE = "facts of the host machine, which differ between machines"
USERS = "the host's users and groups, which differ between machines"
FRESH = "fresh copies of the built-in modules the sandbox guards"
_CLOCKS_S = ("time", "monotonic", "perf_counter", "process_time", "thread_time", "clock_gettime")
# (module, attribute, what, rule): rule None refuses every call on behalf of a verifier; a number n refuses
# calls with fewer than n arguments (time.localtime(secs) is fine, time.localtime() reads the clock); a name
# refuses calls whose seed argument (the first after self, or the keyword of that name) is missing or None; the
# empty name counts only a positional seed (the C methods ignore or refuse keywords); a set (NO_LOAD) refuses
# calls whose first argument is not a module spec (exactly importlib's ModuleSpec) or names a module in the set.
# The module may be "module.Class" (a method). ``random.Random`` is built on the C type ``_random.Random``,
# reachable through ``__mro__``, ``super()`` or ``object.__subclasses__()``, whose ``__init__`` and ``seed``
# seed from the OS when given no seed: both are guarded on the type itself (it is a mutable heap type), so
# every subclass, old or new, goes through the guard. Only modules loaded before the sandbox starts are guarded
# (the worker preloads them).
GUARDED = (
    *(("time", n + ns, CLOCK, None) for n in _CLOCKS_S for ns in ("", "_ns")),
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
    *(("os", n, MACHINE, None) for n in ("uname", "cpu_count", "sched_getaffinity", "sysconf", "confstr", "getcwd",
                                         "getcwdb")),
    *(("os", n, USERS, None) for n in ("getuid", "geteuid", "getgid", "getegid", "getgroups", "getresuid",
                                       "getresgid", "getlogin")),
    *(("pwd", n, USERS, None) for n in ("getpwuid", "getpwnam", "getpwall")),
    *(("grp", n, USERS, None) for n in ("getgrgid", "getgrnam", "getgrall")),
    *(("_signal", n, SIGNALS, None) for n in ("signal", "alarm", "setitimer", "set_wakeup_fd", "siginterrupt",
                                              "pthread_kill", "raise_signal", "pthread_sigmask")),
)
# Modules nothing may load once the sandbox is up, on a verifier's behalf through any import path (an import
# statement, a standard-library module importing by name, importlib calls that skip the statement's event): the
# kept-out ones, and every module that holds guards (and posix, where os's functions come from), which the worker
# loaded and guarded: a fresh copy would carry unguarded functions (random a fresh, unguarded _random.Random).
# Built-in modules are made by ``_imp.create_builtin``, which raises no event: it is guarded (FRESH) by this set.
NO_LOAD = frozenset({*KEPT_OUT, "posix", "_imp", *(m.partition(".")[0] for m, *_ in GUARDED)})
GUARDED += (("_imp", "create_builtin", FRESH, NO_LOAD),)
# Guards that also act while a verifier imports a module (the module's own top-level code runs on the verifier's
# behalf), where a value it reads would reach the verifier through the module. Which standard-library modules read
# what as they are imported was checked by importing each of them from a verifier. STRICT refuses then too: a fresh
# random module would seed its hidden instance from the OS; multiprocessing keeps the folder it started in and a key
# from os.urandom, crypt draws salts from os.urandom, test.support tries the libc's strftime on the clock (a verifier
# may not use any of them); no module reads the others. CONSTANT answers a fixed value then instead (when the call
# would be refused to the verifier): threading records the main thread's native id as it is imported, logging its
# start time (time.time()), subprocess the libc's version (os.confstr, None: "not known"), uuid, through
# platform.system(), the host's uname (platform keeps it for later calls); with these they, and asyncio, queue or
# unittest.mock, which import them, still import, and what they keep is the same on every machine (a verifier's own
# call is refused as usual). The users and groups (USERS) are neither: sysconfig reads the user's home folder as it
# is imported, to keep only whether a user base exists, which is always so.
STRICT = frozenset({"_random.Random.__init__", "_random.Random.seed", "_imp.create_builtin", "os.urandom",
                    "os.getrandom", "os.times", *(f"time.{n}" for n in ("localtime", "gmtime", "ctime", "asctime",
                                                                       "strftime")),
                    *(f"os.{n}" for n in ("getpid", "getppid", "getpgrp", "getpgid", "getsid", "gettid")),
                    *(f"{m}.{n}" for m, n, what, _ in GUARDED if what == MACHINE and n not in ("uname", "confstr"))})
CONSTANT = {"_thread.get_native_id": 0, "os.uname": os.uname_result(("Linux", "localhost", "", "", "")),
            "os.confstr": None, **{f"time.{n}": 0.0 for n in _CLOCKS_S}, **{f"time.{n}_ns": 0 for n in _CLOCKS_S}}
