"""cancel_job over the real server and the in-process transport: a running evaluation and a running synthesis stop,
end "cancelled" and keep what they finished (real Chromium)."""

from __future__ import annotations

import asyncio

import pytest

from tests.conftest import requires_chromium

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402
from toolkit.store import RunStore  # noqa: E402

pytestmark = requires_chromium


async def _status(client: Client, job_id: str) -> dict:
    result = await client.call_tool("job_status", {"job_id": job_id})
    assert not result.is_error, result.content
    return result.structured_content


async def _until(client: Client, job_id: str, ready) -> dict:
    """Poll job_status until ``ready(state)`` (bounded by a count of polls, not a time); return that state."""
    for _ in range(6000):
        state = await _status(client, job_id)
        if ready(state):
            return state
        await asyncio.sleep(0.1)
    raise AssertionError(f"job {job_id}: {state}")


async def _cancel(client: Client, job_id: str) -> dict:
    result = await client.call_tool("cancel_job", {"job_id": job_id})
    assert not result.is_error, result.content
    return await _until(client, job_id, lambda s: s["status"] != "cancelling")


async def test_cancel_job_stops_an_evaluation_which_keeps_its_finished_attempts(tmp_path):
    """A run_eval job could not be stopped (it ran every attempt), and a job whose task was cancelled stayed
    "running". Now cancel_job stops it: "cancelled", its error naming the run to resume, the attempts it finished
    stored in that run."""
    async with Client(build_server(str(tmp_path))) as client:
        started = await client.call_tool("run_eval", {"suites": ["mobile-core"], "agent": "random", "parallel": 1})
        assert not started.is_error, started.content
        job_id = started.structured_content["job_id"]
        await _until(client, job_id, lambda s: s["done"] >= 1)
        state = await _cancel(client, job_id)
        assert state["status"] == "cancelled" and state["done"] < state["total"], state
        assert f"stored in run {state['run_id']}: resume it" in state["error"], state
        assert len(RunStore.open(state["run_id"], root=tmp_path).done_ids()) == state["done"]
        again = await client.call_tool("cancel_job", {"job_id": job_id})  # an ended job is returned as it is
        assert again.structured_content == state


async def test_cancel_job_stops_a_synthesis_thread_before_it_writes_a_world(tmp_path):
    """A synth_tasks job runs in a worker thread that cancelling its task does not stop: it went on building and
    writing worlds after the job was reported cancelled. The job now stops the thread at its next progress line and
    ends "cancelled" once it has."""
    out = tmp_path / "synth"
    async with Client(build_server(str(tmp_path))) as client:
        started = await client.call_tool("synth_tasks", {"out": str(out), "worlds": 2, "per_world": 3,
                                                         "random_rollouts": 1})
        assert not started.is_error, started.content
        job_id = started.structured_content["job_id"]
        await _until(client, job_id, lambda s: "accepting" in (s["progress"] or ""))  # a world's acceptance began
        state = await _cancel(client, job_id)
    assert state["status"] == "cancelled" and state["result"] is None, state
    # the thread stopped at its next progress line, before the world being accepted was written: only the worlds
    # counted as done are there (none, unless the first had finished when the cancel came)
    written = sorted(p.parent.name for p in out.glob("*/world.json")) if out.exists() else []
    assert state["done"] < state["total"] and len(written) == state["done"], (state, written)
