"""VerifierPool.run: every failure is a VerifierFailure (so a verifier_error), CPU is limited per call, a failed
respawn does not shrink the pool, and a worker without network isolation is reported once."""

from __future__ import annotations

import asyncio
import datetime
import logging
import textwrap

import pytest

from tests.conftest import write_suite
from toolkit.tasks import VerifierLimits, VerifierPool, judge, load_suite, sample
from toolkit.tasks import verifier
from toolkit.tasks.verifier import VerifierFailure

VERIFIERS = textwrap.dedent("""
    def honest(ctx):
        return {"a": False, "b": False}
    def hang(ctx):
        while True:
            pass
    def burn(ctx):
        x = 0
        for i in range(15_000_000):  # about half a CPU-second
            x += i
        return {"a": True}
    def big_result(ctx):
        return {"a": "x" * 20_000_000}
""")

# A stand-in worker that speaks the protocol but answers each request as its function name says.
FAKE_WORKER = textwrap.dedent("""
    import json, sys
    out = sys.stdout.buffer
    ready = {"ready": True, "network_namespace": False, "network_error": "unshare: not allowed in this test",
             "seccomp": True, "seccomp_error": ""}
    out.write(json.dumps(ready).encode() + b"\\n")
    out.flush()
    for header in sys.stdin.buffer:
        sys.stdin.buffer.readline()
        h = json.loads(header)
        kind, nonce = h["function"], h["id"]
        if kind == "garbage":
            line = b"hello from a verifier"
        elif kind == "missing":
            line = json.dumps({"id": nonce, "answer": {"ok": True}}).encode()
        elif kind == "wrong_id":
            line = json.dumps({"id": "another request", "answer": {"ok": True, "result": {}}}).encode()
        elif kind == "huge":
            line = json.dumps({"id": nonce, "answer": {"ok": True, "result": "x" * (2**24 + 10_000)}}).encode()
        else:
            line = json.dumps({"id": nonce, "answer": {"ok": True, "result": {"fake": True}}}).encode()
        out.write(line + b"\\n")
        out.flush()
""")


@pytest.fixture
def file(tmp_path):
    path = tmp_path / "v.py"
    path.write_text(VERIFIERS)
    return str(path)


@pytest.fixture
def fake_worker(tmp_path, monkeypatch):
    script = tmp_path / "fake_worker.py"
    script.write_text(FAKE_WORKER)
    monkeypatch.setattr(verifier, "_ARGS", ("-S", str(script)))
    monkeypatch.setattr(verifier, "_warned", set())


async def test_a_context_that_is_not_json_is_a_verifier_failure(pool, file):
    with pytest.raises(VerifierFailure, match="not JSON.*date"):
        await pool.run(file, "honest", {"params": {"day": datetime.date(2024, 5, 2)}})
    assert await pool.run(file, "honest", {}) == {"a": False, "b": False}


async def test_judge_records_a_date_param_as_a_verifier_error(tmp_path, pool):
    [spec] = load_suite("demo", root=write_suite(tmp_path))
    inst = sample(spec, 0).model_copy(update={"params": {"n": datetime.date(2024, 5, 2)}})
    state = {"os": {}, "apps": {"answersheet": {"data": {"submissions": 0}}}}
    verdict = await judge(pool, spec, inst, state, state)
    assert verdict.error_kind == "verifier_error" and "not JSON" in verdict.error


async def test_an_answer_over_the_limit_is_a_verifier_failure(pool, file):
    with pytest.raises(VerifierFailure, match="over 16 MiB"):
        await pool.run(file, "big_result", {})
    assert await pool.run(file, "honest", {}) == {"a": False, "b": False}


@pytest.mark.parametrize("function, message", [
    ("garbage", "not JSON"), ("missing", "without ok/result/error"), ("wrong_id", "out of turn"),
    ("huge", "over 16 MiB"),
])
async def test_bad_reply_lines_are_verifier_failures_and_the_worker_is_replaced(fake_worker, function, message):
    pool = VerifierPool(size=1, limits=VerifierLimits(timeout_s=10))
    try:
        assert await pool.run("x.py", "ok", {}) == {"fake": True}
        with pytest.raises(VerifierFailure, match=message):
            await pool.run("x.py", function, {})
        assert pool.respawns == 1
        assert await pool.run("x.py", "ok", {}) == {"fake": True}
    finally:
        await pool.close()


async def test_missing_network_isolation_is_reported_once(fake_worker, caplog):
    caplog.set_level(logging.WARNING, logger="toolkit.tasks.verifier")
    for _ in range(2):
        pool = VerifierPool(size=2)
        await pool.run("x.py", "ok", {})
        await pool.close()
    warnings = [r.getMessage() for r in caplog.records if "network isolation" in r.getMessage()]
    assert len(warnings) == 1 and "unshare: not allowed in this test" in warnings[0]


async def test_the_cpu_limit_is_per_call(file):
    pool = VerifierPool(size=1, limits=VerifierLimits(timeout_s=60, cpu_s=2))
    try:
        for _ in range(6):  # about 3 CPU-seconds in all, each call well under 2
            assert await pool.run(file, "burn", {}) == {"a": True}
        with pytest.raises(VerifierFailure, match="more than its 2 CPU-seconds"):
            await pool.run(file, "hang", {})
        assert await pool.run(file, "honest", {}) == {"a": False, "b": False}
    finally:
        await pool.close()


async def test_a_failed_respawn_is_retried_by_the_next_call(file, monkeypatch):
    pool = VerifierPool(size=1, limits=VerifierLimits(timeout_s=1))
    real, failing = verifier._Worker.start, {"on": False}

    async def start(limits):
        if failing["on"]:
            raise VerifierFailure("verifier worker failed to start")
        return await real(limits)

    monkeypatch.setattr(verifier._Worker, "start", start)
    try:
        assert await pool.run(file, "honest", {}) == {"a": False, "b": False}
        failing["on"] = True
        with pytest.raises(VerifierFailure, match="timed out"):
            await pool.run(file, "hang", {})  # the worker is killed and its replacement fails to start
        assert pool._idle.qsize() == 1  # a placeholder keeps the slot
        with pytest.raises(VerifierFailure, match="failed to start"):
            await asyncio.wait_for(pool.run(file, "honest", {}), 10)  # tried again, failed fast, no wait
        failing["on"] = False
        assert await asyncio.wait_for(pool.run(file, "honest", {}), 30) == {"a": False, "b": False}
        assert pool._idle.qsize() == 1
    finally:
        await pool.close()


async def test_a_pool_whose_workers_cannot_start_fails_each_call(file, monkeypatch):
    async def start(limits):
        raise VerifierFailure("verifier worker failed to start")

    monkeypatch.setattr(verifier._Worker, "start", start)
    pool = VerifierPool(size=2)
    for _ in range(3):
        with pytest.raises(VerifierFailure, match="failed to start"):
            await asyncio.wait_for(pool.run(file, "honest", {}), 10)
    assert pool._idle.qsize() == 2
    await pool.close()
