"""A verifier that hangs, raises or allocates 8 GB is a verifier_error within its deadline; a broken worker is
replaced and the pool keeps its size. (Per-failure typing and the sandbox: tests/tasks/test_verifier.py.)"""

from __future__ import annotations

import time

import psutil
import pytest

from tests.conftest import requires_chromium, write_suite
from toolkit.tasks import VerifierLimits, VerifierPool, judge, load_suite, sample

DEADLINE = 1.5
#: Slack on top of the deadline for killing and respawning a worker on a loaded 2-core machine.
SLACK = 3.0

VERIFIERS = """
import time
def right(ctx):
    return {"right": True, "submitted_once": True}
def hangs(ctx):
    while True:
        pass
def sleeps(ctx):
    time.sleep(3600)
def raises(ctx):
    raise ValueError("the verifier is wrong")
def allocates_8gb(ctx):
    blob = bytearray(8 * 1024 ** 3)
    return {"right": True}
def allocates_8gb_slowly(ctx):
    chunks = [bytearray(64 * 1024 ** 2) for _ in range(128)]
    return {"right": len(chunks) > 0}
"""


def _worker_pids(pool: VerifierPool) -> list[int]:
    return [w.proc.pid for w in list(pool._idle._queue)]


@pytest.fixture
async def pool():
    p = VerifierPool(size=2, limits=VerifierLimits(timeout_s=DEADLINE, memory_mb=512))
    yield p
    await p.close()


@pytest.fixture
def demo(tmp_path):
    root = write_suite(tmp_path / "bank", py_text=VERIFIERS)
    [spec] = load_suite("demo", root=root)
    return spec, sample(spec, 0)


@pytest.mark.parametrize("function, message, respawn", [
    ("hangs", "timed out", True), ("sleeps", "timed out", True), ("raises", "ValueError", False),
    ("allocates_8gb", "memory", False), ("allocates_8gb_slowly", "memory", False),
])
async def test_bad_verifier_is_a_verifier_error_within_its_deadline(pool, demo, function, message, respawn):
    spec, inst = demo
    state = {"os": {}, "apps": {"answersheet": {"data": {"submissions": 0}}}}
    await judge(pool, spec, inst, state, state)  # workers up
    before = _worker_pids(pool)
    bad = spec.model_copy(update={"verifier": spec.verifier.replace(":right", f":{function}")})
    start = time.monotonic()
    verdict = await judge(pool, bad, inst, state, state)
    elapsed = time.monotonic() - start
    assert verdict.error_kind == "verifier_error" and message in verdict.error and not verdict.ok
    assert elapsed < DEADLINE + SLACK
    after = _worker_pids(pool)
    assert len(after) == pool.size and all(psutil.pid_exists(pid) for pid in after)  # the pool keeps its size
    assert (set(after) != set(before)) == respawn and pool.respawns == int(respawn)
    for pid in set(before) - set(after):  # the hung worker is gone, not left spinning
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    ok = await judge(pool, spec, inst, state, state)  # and the next verdict is a score again
    assert ok.ok and ok.success


@requires_chromium
async def test_hanging_verifier_through_the_env_manager(answers_manager, demo):
    spec, inst = demo
    bad = spec.model_copy(update={"verifier": spec.verifier.replace(":right", ":hangs")})
    [lease] = await answers_manager.request(bad)
    try:
        await answers_manager.reset(lease, inst)
        limit = answers_manager.verifiers.limits.timeout_s
        start = time.monotonic()
        verdict = await answers_manager.evaluate(lease, inst, bad)
        assert verdict.error_kind == "verifier_error" and time.monotonic() - start < limit + SLACK
        good = await answers_manager.evaluate(lease, inst, spec)
        assert good.ok
    finally:
        await answers_manager.release(lease)
