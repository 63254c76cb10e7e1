"""Verifiers run out of process: timeouts, crashes, exceptions and memory blow-ups are verifier_errors."""

from __future__ import annotations

import textwrap

import pytest

from tests.conftest import write_suite
from toolkit.tasks import VerifierLimits, VerifierPool, judge, load_suite, sample
from toolkit.tasks.verifier import VerifierFailure

BAD = textwrap.dedent("""
    import os, time
    def ok(ctx):
        return {"right": ctx.params["n"] > 0}
    def hang(ctx):
        while True:
            pass
    def sleepy(ctx):
        time.sleep(60)
    def boom(ctx):
        raise KeyError("no such contact")
    def crash(ctx):
        os._exit(3)
    def hog(ctx):
        blob = bytearray(8 * 1024 ** 3)
        return {"right": True}
    def writes(ctx):
        with open("/tmp/guigym-verifier-wrote", "w") as f:
            f.write("x")
        return {"right": True}
    def noisy(ctx):
        print("hello from a verifier")
        return {"right": True}
    def wordy(ctx):
        raise ValueError("state: " + "x" * 1_000_000)
    def odd(ctx):
        return {"right": {1, 2}}
    if False:
        def unbound(ctx):
            return {}
""")


@pytest.fixture
async def pool():
    p = VerifierPool(size=1, limits=VerifierLimits(timeout_s=1.5, memory_mb=512))
    yield p
    await p.close()


@pytest.fixture
def bad_file(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    return str(path)


async def test_ok_and_print_do_not_break_the_protocol(pool, bad_file):
    assert await pool.run(bad_file, "ok", {"params": {"n": 3}}) == {"right": True}
    assert await pool.run(bad_file, "noisy", {}) == {"right": True}


@pytest.mark.parametrize("function, message", [
    ("hang", "timed out"), ("sleepy", "timed out"), ("boom", "KeyError"), ("crash", "died"),
    ("hog", "memory"), ("writes", "may not write"), ("missing", "defines no 'missing' once run"),
    ("unbound", "defines no 'unbound' once run"),
    ("odd", "^verifier returned a result that is not JSON: Object of type set is not JSON serializable$"),
])
async def test_failures_are_typed_and_the_pool_recovers(pool, bad_file, function, message):
    with pytest.raises(VerifierFailure, match=message):
        await pool.run(bad_file, function, {"params": {"n": 1}})
    # The worker was replaced (or kept, when healthy): the next call works.
    assert await pool.run(bad_file, "ok", {"params": {"n": 1}}) == {"right": True}


async def test_a_long_error_message_is_cut_and_keeps_the_verifier_line(pool, bad_file):
    """A verifier that raised with a whole state in its message put megabytes into every attempt's record."""
    with pytest.raises(VerifierFailure) as err:
        await pool.run(bad_file, "wordy", {})
    assert len(str(err.value)) < 2100 and str(err.value).endswith("more characters) (bad.py:25)")


async def test_an_exception_whose_message_fails_and_a_name_bound_to_no_function_name_the_verifier(pool, tmp_path):
    """An exception whose __str__ raised was reported as 'verifier process died (exit status 1)'; a name bound to
    something that cannot be called pointed at the worker's own line (verifier_worker.py:284)."""
    path = tmp_path / "odd.py"
    path.write_text("class Odd(Exception):\n    def __str__(self):\n        raise ValueError('no')\n"
                    "def raises(ctx):\n    raise Odd()\nnumber = 5\n")
    with pytest.raises(VerifierFailure) as err:
        await pool.run(str(path), "raises", {})
    assert str(err.value) == "verifier raised Odd: (its message could not be read: ValueError in its __str__) (odd.py:5)"
    with pytest.raises(VerifierFailure) as err:
        await pool.run(str(path), "number", {})
    assert str(err.value) == "verifier raised TypeError: 'int' object is not callable"


async def test_judge_turns_a_hanging_verifier_into_verifier_error(tmp_path, pool):
    root = write_suite(tmp_path, py_text="def right(ctx):\n    while True:\n        pass\n")
    [spec] = load_suite("demo", root=root)
    inst = sample(spec, 0)
    state = {"os": {}, "apps": {"answersheet": {"data": {"submitted": False}}}}
    verdict = await judge(pool, spec, inst, state, state)
    assert verdict.error_kind == "verifier_error" and "timed out" in verdict.error and not verdict.ok


async def test_sandbox_blocks_subprocess_and_network(pool, tmp_path):
    path = tmp_path / "net.py"
    path.write_text("import socket, subprocess\n"
                    "def spawn(ctx):\n    subprocess.run(['true'])\n"
                    "def connect(ctx):\n    socket.create_connection(('127.0.0.1', 9))\n")
    for fn, event in (("spawn", "subprocess.Popen"), ("connect", "socket.connect")):
        with pytest.raises(VerifierFailure, match=event):
            await pool.run(str(path), fn, {})


async def test_verifiers_read_app_worlds(pool, tmp_path):
    path = tmp_path / "w.py"
    path.write_text("def names(ctx):\n    return {'n': len(ctx.world['contacts']['contacts'])}\n")
    from toolkit.paths import MOCKED_APPS

    assert await pool.run(str(path), "names", {"world_root": str(MOCKED_APPS / "apps")}) == {"n": 24}


CHECKS_USER = textwrap.dedent("""
    import verifier_checks
    from verifier_checks import answer
    def uses(ctx):
        return {"right": answer(ctx, "code", "text", ["4821"])}
    def patches(ctx):
        verifier_checks.answer = lambda *a: True
        return {"right": True}
    def patches_a_part(ctx):
        import verifier_checks.matching
        verifier_checks.matching.text = lambda *a, **k: ""
        return {"right": True}
""")


async def test_verifiers_import_the_shared_checks_but_cannot_patch_them(pool, tmp_path):
    path = tmp_path / "checks_user.py"
    path.write_text(CHECKS_USER)
    assert await pool.run(str(path), "uses", {"answer": {"code": "4821"}}) == {"right": True}
    assert await pool.run(str(path), "uses", {"answer": {"code": "1111"}}) == {"right": False}
    with pytest.raises(VerifierFailure, match="may not change the module verifier_checks"):
        await pool.run(str(path), "patches", {})
    # the package's parts (verifier_checks.matching...) are as read-only as the package
    with pytest.raises(VerifierFailure, match="may not change the module verifier_checks.matching"):
        await pool.run(str(path), "patches_a_part", {})
