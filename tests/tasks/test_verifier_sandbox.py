"""The verifier sandbox against the review's probes (run through the real VerifierPool): verifier code cannot
switch the sandbox off, forge its verdict, change a later call, or read the clock, randomness (the C generator
under random.Random included), process ids, the host's time-zone files, facts, users or files, import the
third-party packages below the standard library's folder, or load fresh, unguarded copies of guarded modules."""

from __future__ import annotations

import os
import platform
import sysconfig
import textwrap
from pathlib import Path

import pytest

from toolkit.paths import MOCKED_APPS
from toolkit.tasks import VerifierPool
from toolkit.tasks.verifier import VerifierFailure

PROBES = textwrap.dedent('''
    import os, sys, random

    def main_tamper(ctx):
        import __main__
        __main__._in_hook = True
        import subprocess
        return {"who": subprocess.run(["id", "-un"], capture_output=True, text=True).stdout}
    def posix_sub2(ctx):
        import _posixsubprocess
        r, w = os.pipe()
        er, ew = os.pipe()
        _posixsubprocess.fork_exec([b"/bin/sh", b"-c", b"touch " + ctx.params["marker"].encode()], [b"/bin/sh"], True,
                                   (w,), None, None, -1, -1, -1, -1, -1, -1, er, ew, True, False, -1, None, None, -1,
                                   -1, None, False)
        return {"a": True}
    def tamper_delete(ctx):
        import __main__
        __main__._in_hook = True
        os.remove(ctx.params["victim"])
        return {"a": True}
    def delete_only(ctx):
        os.remove(ctx.params["victim"])
        return {"a": True}
    def main_globals(ctx):
        return {"names": sorted(k for k in vars(sys.modules["__main__"]) if not k.startswith("__"))}
    def serve_again(ctx):
        type(ctx.world).__init__.__globals__["serve"]()
    def nproc(ctx):
        return {"nproc": list(sys.modules["resource"].getrlimit(sys.modules["resource"].RLIMIT_NPROC))}

    def honest(ctx):
        return {"a": False, "b": False}
    def forge_stdout(ctx):
        os.write(1, b'{"ok": true, "result": {"a": true, "b": true}}\\n')
        print('{"ok": true, "result": {"a": true, "b": true}}')
        return {"a": False, "b": False}
    def forge_result_pipe(ctx):
        for fd in range(3, 64):
            try:
                os.write(fd, b'{"ok":true,"result":{"a":true,"b":true}}')
            except OSError:
                pass
        os._exit(0)
    def whoami(ctx):
        return {"n": ctx.params["n"]}

    def world_count(ctx):
        return {"n": len(ctx.world["contacts"]["contacts"]), "first": ctx.world["contacts"]["contacts"][0]["id"]}
    def world_sorter(ctx):
        people = ctx.world["contacts"]["contacts"]
        people.sort(key=lambda c: c["name"], reverse=True)
        people.pop()
        return {"ok": True}
    def patch_checks(ctx):
        import verifier_checks
        vars(verifier_checks)["text"] = lambda *a, **k: "PATCHED"
        return {"done": True}
    def use_checks(ctx):
        from verifier_checks import text
        return {"text": text("Hello  World")}
    def patch_json(ctx):
        import json
        json.dumps = lambda *a, **k: '{"a": true, "b": true}'
        return {"done": True}
    def state_counter(ctx, _n=[0]):
        _n[0] += 1
        return {"n": _n[0]}

    def set_order(ctx):
        return {"first": next(iter({t for t in ("urgent", "home", "work", "family", "school")}))}
    def rnd(ctx):
        return {"r": random.Random().random()}
    def rnd_none(ctx):
        return {"r": random.Random(None).random()}
    def system_random(ctx):
        return {"r": random.SystemRandom().random()}
    def seeded(ctx):
        return {"r": random.Random(7).random()}
    def hidden_random(ctx):
        return {"r": random._inst.random()}
    def dt_clock(ctx):
        import _datetime
        return {"now": str(_datetime.datetime.now())}
    def dt_now(ctx):
        from datetime import datetime
        return {"now": str(datetime.now())}
    def mkfifo(ctx):
        os.mkfifo(ctx.params["fifo"])
        return {"ok": True}
    def mknod(ctx):
        os.mknod(ctx.params["fifo"])
        return {"ok": True}
    def loader_read(ctx):
        import importlib.machinery
        return {"d": importlib.machinery.SourceFileLoader("x", "/etc/passwd").get_data("/etc/passwd")[:20].decode()}
    def frozen_loader(ctx):
        loader = sys.modules["_frozen_importlib_external"].SourceFileLoader("x", "/etc/hostname")
        return {"d": loader.get_data("/etc/hostname").decode()}
    def file_stat(ctx):
        return {"t": os.stat("/proc/self").st_mtime}

    def gen_frame(ctx):
        def g():
            yield me.gi_frame
        me = g()
        return {"f": str(next(me).f_back.f_locals)}
    def inspect_frame(ctx):
        import inspect
        return {"f": str(inspect.currentframe().f_back.f_locals)}
    def tb_frame(ctx):
        import traceback
        try:
            1 / 0
        except ZeroDivisionError as e:
            return {"f": [str(f.f_back.f_locals) for f, _ in traceback.walk_tb(e.__traceback__)]}
    def signal_handler(ctx):
        sys.modules["_signal"].signal(14, lambda signum, frame: None)

    def c_base(ctx):
        return {"r": random.Random.__mro__[1]().random()}
    def c_base_seed(ctx):
        r = random.Random(1)
        random.Random.__bases__[0].seed(r)
        return {"r": r.random()}
    def c_base_super_seed(ctx):
        r = random.Random(1)
        super(random.Random, r).seed(None)
        return {"r": r.random()}
    def c_base_hidden(ctx):
        type(random._inst).__mro__[1].seed(random._inst)
        return {"r": random._inst.random()}
    def c_base_subclasses(ctx):
        [c] = [c for c in object.__subclasses__() if c.__module__ == "_random"]
        return {"r": c().random()}
    def c_base_keyword(ctx):
        class R(random.Random.__mro__[1]):
            def __init__(self, **kw):
                random.Random.__mro__[1].__init__(self, **kw)  # the C init ignores keywords: no seed at all
        return {"r": R(x=5).random()}
    def random_reloaded(ctx):
        del sys.modules["random"], sys.modules["_random"]
        import random as fresh  # a fresh module would seed a fresh, unguarded generator
        return {"r": fresh.random()}
    def c_base_seeded(ctx):
        base = random.Random.__mro__[1]
        r = base(5)
        base.seed(r, 7)
        class R(base):
            pass
        unseeded = base.__new__(base)  # all-zero state: deterministic
        return {"r": [r.random(), R(3).random(), random.Random("x").random(), unseeded.random()]}
    def pid(ctx):
        return {"pid": os.getpid()}
    def ppid(ctx):
        return {"pid": os.getppid()}
    def proc_self(ctx):
        return {"pid": os.readlink("/proc/self")}
    def thread_id(ctx):
        import threading
        return {"pid": threading.get_native_id()}
    def thread_main(ctx):
        import threading, logging, subprocess  # threading records the main thread's id as it is imported
        return {"pid": threading.main_thread().native_id}
    def load(ctx):
        return {"load": sys.modules["resource"].getrusage(0).ru_utime}
    def zone(ctx):
        from zoneinfo import ZoneInfo
        return {"zone": str(ZoneInfo("Europe/Paris"))}
    def zone_pure(ctx):
        sys.modules["_zoneinfo"] = None  # the pure-Python zoneinfo, in case the C one is refused
        import zoneinfo
        return {"zone": str(zoneinfo.ZoneInfo("UTC"))}
    def dt_reloaded(ctx):
        del sys.modules["_datetime"], sys.modules["datetime"]
        import datetime  # the C datetime reads the clock itself
        return {"now": str(datetime.datetime.now())}
    def uuid_clock(ctx):
        import uuid
        return {"u": str(uuid.uuid1())}
    def ssl_random(ctx):
        import _ssl
        return {"r": _ssl.RAND_bytes(4).hex()}
    def host_name(ctx):
        import socket
        return {"h": socket.gethostname()}
    def uuid_pure(ctx):
        import uuid
        return {"u": [str(uuid.UUID(int=7)), str(uuid.uuid5(uuid.NAMESPACE_DNS, "x"))]}

    def third_party(ctx):
        sys.path.append(ctx.params["folder"])  # the base interpreter's site-packages (or a wheel), below the stdlib
        import yaml, pip
        return {"v": "imported"}
    def third_party_first(ctx):
        sys.path.insert(0, ctx.params["folder"])
        from yaml import safe_load
        return {"v": safe_load("a: 1")}
    def third_party_package_path(ctx):
        import json
        json.__path__.append(ctx.params["folder"])  # a standard-library package that looks in site-packages
        from json import yaml
        return {"v": "imported"}
    def third_party_spelled(ctx):
        sys.path.append(ctx.params["folder"].replace("/site-packages", "//site-packages"))
        import yaml
        return {"v": "imported"}
    def third_party_extension(ctx):
        bootstrap, external = sys.modules["_frozen_importlib"], sys.modules["_frozen_importlib_external"]
        name, path = ctx.params["name"], ctx.params["folder"]  # loading a C extension runs it: no open event
        spec = bootstrap.spec_from_loader(name, external.ExtensionFileLoader(name, path))
        return {"v": sorted(vars(bootstrap.module_from_spec(spec)))}
    def uname(ctx):
        return {"v": os.uname().nodename}
    def cpus(ctx):
        return {"v": [os.cpu_count()]}
    def affinity(ctx):
        return {"v": sorted(os.sched_getaffinity(0))}
    def pages(ctx):
        return {"v": os.sysconf("SC_PHYS_PAGES")}
    def libc(ctx):
        return {"v": os.confstr("CS_GNU_LIBC_VERSION")}
    def cwd(ctx):
        return {"v": os.path.abspath("x")}
    def platform_node(ctx):
        import platform
        return {"v": platform.node()}
    def uid(ctx):
        return {"v": os.getuid()}
    def home(ctx):
        return {"v": os.path.expanduser("~")}
    def users(ctx):
        import pwd
        return {"v": pwd.getpwnam("root").pw_dir}
    def groups(ctx):
        import grp
        return {"v": len(grp.getgrall())}
    def fresh_time(ctx):
        del sys.modules["time"]
        import time  # a fresh copy of a built-in module: unguarded functions
        return {"v": time.time()}
    def fresh_posix(ctx):
        del sys.modules["posix"], sys.modules["os"]
        import os
        return {"v": os.getpid()}
    def fresh_thread(ctx):
        del sys.modules["_thread"]
        import threading  # threading imports _thread afresh
        return {"v": threading.main_thread().native_id}
    def fresh_import_module(ctx):
        del sys.modules["time"]
        return {"v": sys.modules["importlib"].import_module("time").time()}  # no import statement, no event
    def fresh_find_and_load(ctx):
        del sys.modules["time"]
        return {"v": sys.modules["_frozen_importlib"]._find_and_load("time", __import__).time()}
    def fresh_create_builtin(ctx):
        return {"v": sys.modules["_imp"].create_builtin(sys.modules["time"].__spec__).time()}
    def fresh_forged_spec(ctx):
        import types
        return {"v": sys.modules["_imp"].create_builtin(types.SimpleNamespace(name="posix")).getpid()}
    def fresh_grp(ctx):
        del sys.modules["grp"]
        return {"v": len(sys.modules["importlib"].import_module("grp").getgrall())}
    def imported_state(ctx):
        import logging, threading, subprocess, uuid, platform, sysconfig, asyncio, ast
        return {"v": [logging._startTime, threading.main_thread().native_id, subprocess._USE_POSIX_SPAWN,
                      platform.system(), sysconfig._HAS_USER_BASE, os.environ.get("LD_LIBRARY_PATH")]}

    def allowed(ctx):
        from collections import namedtuple, Counter
        from dataclasses import dataclass
        from datetime import datetime, timezone
        import enum, statistics, typing
        @dataclass
        class P:
            x: int
        E = enum.Enum("E", "a b")
        T = typing.TypeVar("T")
        d = datetime.strptime("2026-05-03 10:00", "%Y-%m-%d %H:%M")
        return {"a": [P(1).x, E.a.name, statistics.mean([1, 2, 3]), Counter("aab")["a"], d.isoformat(),
                      datetime.fromtimestamp(0, tz=timezone.utc).year, namedtuple("N", "x")(1).x]}
''')


@pytest.fixture
def probes(tmp_path):
    path = tmp_path / "probes.py"
    path.write_text(PROBES)
    return str(path)


async def test_tamper_probes_fail_and_touch_no_file(pool, probes, tmp_path):
    marker, victim = tmp_path / "touched_by_child", tmp_path / "victim.txt"
    victim.write_text("keep me")
    params = {"marker": str(marker), "victim": str(victim)}
    for name, message in (("main_tamper", "may not import __main__"), ("posix_sub2", "may not import _posixsubprocess"),
                          ("tamper_delete", "may not import __main__"), ("delete_only", "may not use os.remove"),
                          ("serve_again", "may not use guigym.serve")):
        with pytest.raises(VerifierFailure, match=message):
            await pool.run(probes, name, {"params": params, "world_root": str(MOCKED_APPS / "apps")})
    assert not marker.exists() and victim.read_text() == "keep me"


async def test_the_worker_is_not_main_and_calls_cannot_start_processes(pool, probes):
    assert await pool.run(probes, "main_globals", {}) == {"names": ["_main"]}
    assert await pool.run(probes, "nproc", {}) == {"nproc": [0, 0]}


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the seccomp filter is written for x86_64")
def test_the_seccomp_filter_holds_without_the_audit_hook(tmp_path):
    from toolkit.tasks import verifier_kernel

    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child, which must never return into pytest
        try:
            results = [verifier_kernel.restrict_syscalls()[0]]
            for attempt in (os.fork, lambda: os.remove(victim), lambda: open(tmp_path / "new.txt", "w"),
                            lambda: os.mkfifo(tmp_path / "fifo"), lambda: os.kill(1, 0)):
                try:
                    attempt()
                    results.append("done")
                except PermissionError:
                    results.append("refused")
            os.write(write, repr(results).encode())
        finally:
            os._exit(0)
    os.close(write)
    out = os.read(read, 1000).decode()
    os.waitpid(pid, 0)
    if out.startswith("[False"):
        pytest.skip("seccomp is not available here")
    assert out == "[True, 'refused', 'refused', 'refused', 'refused', 'refused']"
    assert victim.read_text() == "keep me" and not (tmp_path / "new.txt").exists()


async def test_a_verifier_cannot_forge_its_verdict_and_later_calls_get_their_own(pool, probes):
    assert await pool.run(probes, "forge_stdout", {}) == {"a": False, "b": False}
    assert await pool.run(probes, "whoami", {"params": {"n": 1}}) == {"n": 1}
    with pytest.raises(VerifierFailure, match="malformed answer"):
        await pool.run(probes, "forge_result_pipe", {})
    for n in (2, 3):
        assert await pool.run(probes, "whoami", {"params": {"n": n}}) == {"n": n}


@pytest.mark.parametrize("first, second, expected", [
    ("world_sorter", "world_count", {"n": 24, "first": "c1"}),
    ("patch_checks", "use_checks", {"text": "hello world"}),
    ("patch_json", "honest", {"a": False, "b": False}),
    ("state_counter", "state_counter", {"n": 1}),
])
async def test_one_call_does_not_change_the_next(pool, probes, first, second, expected):
    context = {"world_root": str(MOCKED_APPS / "apps")}
    assert await pool.run(probes, second, context) == expected
    await pool.run(probes, first, context)
    assert await pool.run(probes, second, context) == expected


async def test_string_set_order_is_the_same_in_every_worker(probes):
    seen = set()
    for _ in range(3):
        fresh = VerifierPool(size=1)
        try:
            seen.add((await fresh.run(probes, "set_order", {}))["first"])
        finally:
            await fresh.close()
    assert len(seen) == 1


@pytest.mark.parametrize("function, message", [
    ("rnd", "without a seed"), ("rnd_none", "without a seed"), ("system_random", "without a seed"),
    ("dt_clock", "may not import _datetime"), ("dt_now", "host clock"), ("mkfifo", "os.mkfifo"),
    ("mknod", "os.mknod"), ("loader_read", "may not import importlib"), ("frozen_loader", "may not"),
    ("file_stat", "os.stat"), ("gen_frame", "gi_frame"), ("inspect_frame", "sys._getframe"),
    ("tb_frame", "tb_frame"), ("signal_handler", "signals"),
])
async def test_nondeterminism_files_and_frames_are_refused(pool, probes, tmp_path, function, message):
    fifo = tmp_path / "fifo_from_verifier"
    with pytest.raises(VerifierFailure, match=message):
        await pool.run(probes, function, {"params": {"fifo": str(fifo)}})
    assert not fifo.exists()


@pytest.mark.parametrize("function, message", [
    ("c_base", r"randomness \(the C random generator without a seed\) \(_random.Random.__init__\)"),
    ("c_base_seed", r"_random.Random.seed"), ("c_base_super_seed", r"_random.Random.seed"),
    ("c_base_hidden", r"_random.Random.seed"), ("c_base_subclasses", r"_random.Random.__init__"),
    ("c_base_keyword", r"_random.Random.__init__"), ("random_reloaded", "may not load random afresh"),
    ("pid", r"process ids \(os.getpid\)"), ("ppid", r"process ids \(os.getppid\)"), ("proc_self", "os.readlink"),
    ("thread_id", r"process ids \(_thread.get_native_id\)"), ("load", "resource.getrusage"),
    ("zone", "may not import zoneinfo: it reads the host's time-zone files"),
    ("zone_pure", "may not import zoneinfo"), ("dt_reloaded", "may not load _datetime afresh"),
    ("uuid_clock", r"host clock \(time.time_ns\)"), ("ssl_random", "may not import _ssl"),
    ("host_name", "socket.gethostname"),
])
async def test_the_c_generator_process_ids_and_time_zones_are_refused(pool, probes, function, message):
    with pytest.raises(VerifierFailure, match=message):
        await pool.run(probes, function, {})


async def test_seeded_randomness_and_the_usual_standard_library_work(pool, probes):
    # random's module-level instance too, should a verifier reach it; the C generator given a seed, or none at all
    for function in ("seeded", "hidden_random", "c_base_seeded", "uuid_pure"):
        first = await pool.run(probes, function, {})
        assert await pool.run(probes, function, {}) == first
    assert await pool.run(probes, "thread_main", {}) == {"pid": 0}
    fresh = VerifierPool(size=1)  # and in another worker process
    try:
        assert await fresh.run(probes, "c_base_seeded", {}) == await pool.run(probes, "c_base_seeded", {})
    finally:
        await fresh.close()
    assert await pool.run(probes, "allowed", {}) == {"a": [1, "a", 2, 2, "2026-05-03T10:00:00", 1970, 1]}


STDLIB = Path(sysconfig.get_paths()["stdlib"])
SITE = STDLIB / "site-packages"
WHEELS = sorted((STDLIB / "ensurepip" / "_bundled").glob("*.whl"))  # pip and setuptools, third-party too


@pytest.mark.skipif(not SITE.is_dir(), reason="the base interpreter has no site-packages below its standard library")
@pytest.mark.parametrize("function, message", [
    ("third_party", "may not import third-party packages"), ("third_party_first", "may not import third-party"),
    ("third_party_package_path", "may not import third-party"),
    ("third_party_spelled", "may not import from outside the standard library"),
])
async def test_third_party_packages_below_the_standard_library_are_refused(pool, probes, function, message):
    """site-packages sits in the standard library's folder; importing from it is refused, with a message that says
    why even when the import system turns the refusal into ModuleNotFoundError."""
    with pytest.raises(VerifierFailure, match=f"sandbox: verifiers {message}"):
        await pool.run(probes, function, {"params": {"folder": str(SITE)}})


@pytest.mark.skipif(not WHEELS, reason="ensurepip carries no wheels here")
async def test_the_wheels_ensurepip_carries_are_third_party(pool, probes):
    for wheel in WHEELS:
        with pytest.raises(VerifierFailure, match="may not import third-party packages"):
            await pool.run(probes, "third_party", {"params": {"folder": str(wheel)}})


EXTENSIONS = sorted(SITE.glob("*/*.cpython-*.so"))[:1] if SITE.is_dir() else []


@pytest.mark.skipif(not EXTENSIONS, reason="no third-party C extension below the standard library here")
async def test_third_party_extension_modules_are_not_loaded(pool, probes):
    [path] = EXTENSIONS
    name = f"{path.parent.name}.{path.name.split('.')[0]}"
    with pytest.raises(VerifierFailure, match="may not import third-party packages"):
        await pool.run(probes, "third_party_extension", {"params": {"folder": str(path), "name": name}})


@pytest.mark.parametrize("function, message", [
    ("uname", r"facts of the host machine, which differ between machines \(os.uname\)"), ("cpus", "os.cpu_count"),
    ("affinity", "os.sched_getaffinity"), ("pages", "os.sysconf"), ("libc", "os.confstr"), ("cwd", "os.getcwd"),
    ("platform_node", "os.uname"), ("uid", r"users and groups, which differ between machines \(os.getuid\)"),
    ("home", "os.getuid"), ("users", "pwd.getpwnam"), ("groups", "grp.getgrall"), ("host_name", "socket.gethostname"),
])
async def test_facts_of_the_host_are_refused(pool, probes, function, message):
    with pytest.raises(VerifierFailure, match=message):
        await pool.run(probes, function, {})


@pytest.mark.parametrize("function, message", [
    ("fresh_time", "may not load time afresh"), ("fresh_posix", "may not load os afresh"),
    ("fresh_thread", "may not load _thread afresh"), ("fresh_import_module", r"\(_imp.create_builtin\)"),
    ("fresh_find_and_load", r"\(_imp.create_builtin\)"), ("fresh_create_builtin", r"\(_imp.create_builtin\)"),
    ("fresh_forged_spec", r"\(_imp.create_builtin\)"), ("fresh_grp", "may not load grp afresh"),
])
async def test_guarded_modules_cannot_be_loaded_afresh(pool, probes, function, message):
    with pytest.raises(VerifierFailure, match=message):
        await pool.run(probes, function, {})


async def test_what_imported_modules_keep_is_the_same_on_every_machine(probes, monkeypatch):
    """Modules a verifier imports read the clock (logging), a process id (threading), the libc version (subprocess)
    and the uname (uuid, through platform) as they are imported: they get fixed values. The worker's environment
    holds no LD_LIBRARY_PATH, which the pool passes on from the host."""
    monkeypatch.setenv("LD_LIBRARY_PATH", os.pathsep.join(filter(None, [os.environ.get("LD_LIBRARY_PATH"),
                                                                           "/nonexistent-guigym"])))
    fresh = VerifierPool(size=1)
    try:
        assert await fresh.run(probes, "imported_state", {}) == {"v": [0.0, 0, False, "Linux", True, None]}
    finally:
        await fresh.close()
