"""The jobs facade (``toolkit.api.jobs``): arguments are checked before a job starts, jobs end cancelled when their task
is, and a synthesis job counts every world it finishes (no Chromium needed)."""

from __future__ import annotations

import asyncio
import re
import threading
import time

import pytest

from toolkit import api
from toolkit.api import run_eval
from toolkit.sync import background_loop


def test_run_eval_takes_one_suite_or_task_given_as_a_string_as_evaluate_does():
    """run_eval("mobile-core") was read letter by letter: "unknown suite 'm'"; a task string, as its characters."""
    with pytest.raises(ValueError, match=r"argument 'suites': unknown suite 'nope'; known: "):
        run_eval("nope")
    with pytest.raises(ValueError, match=r"argument 'tasks': unknown task id\(s\) \['nope'\] in suite\(s\) \['mobile-core'\]"):
        run_eval("mobile-core", tasks="nope")


def _settled(job_id: str) -> api.JobInfo:
    """Poll job_status until the job has ended (bounded by a count of polls, not a time)."""
    for _ in range(6000):
        status = api.job_status(job_id)
        if status.status not in ("running", "cancelling"):
            return status
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} has not ended: {status}")


def _waiting_job() -> tuple[str, list[asyncio.Task]]:
    """Start a job whose work waits for ever (a stand-in for a long evaluation: a real one needs Chromium); return its
    id and, once its work runs, its task."""
    tasks: list[asyncio.Task] = []
    running = threading.Event()

    async def work(state):
        tasks.append(asyncio.current_task())
        running.set()
        await asyncio.Event().wait()

    job = api.start_job("eval", 1, work)
    assert running.wait(600)
    return job.job_id, tasks


def test_cancel_job_cancels_the_task_and_records_cancelled():
    """A job could not be cancelled at all; cancel_job now cancels its task and the job ends "cancelled". A job that
    has ended is returned as it is, and an unknown id is an error naming the argument."""
    job_id, _ = _waiting_job()
    info = api.cancel_job(job_id)
    assert info.status == "cancelled" and info.error == "cancelled", info
    assert api.cancel_job(job_id) == info == api.job_status(job_id)
    with pytest.raises(ValueError, match=r"^argument 'job_id': no job 'job-0'; known: job-"):
        api.cancel_job("job-0")


def test_a_job_whose_task_is_cancelled_by_other_means_ends_cancelled_not_running():
    """The task cancelled straight on the loop (as a closing loop cancels its tasks): CancelledError is no Exception,
    so the job's handler let it through and job_status said "running" for ever."""
    job_id, [task] = _waiting_job()
    background_loop().call_soon_threadsafe(task.cancel)
    status = _settled(job_id)
    assert status.status == "cancelled" and status.error == "cancelled", status


def test_a_synth_job_counts_a_world_with_no_task_accepted_as_done(tmp_path, monkeypatch):
    """`done` counted the worlds written, so a world none of whose tasks was accepted (nothing written) left the
    finished job at done 1 of total 2. Acceptance is a stand-in that rejects every task (the offline templates pass
    it, so a rejected world cannot be made on demand; the real one needs Chromium); synthesis and the progress lines
    are the pipeline's own."""
    import toolkit.synthesis.pipeline as pipeline
    from toolkit.synthesis.accept import AcceptResult
    from toolkit.synthesis.models import Rejection

    async def reject_all(batch, **kwargs):
        return AcceptResult(world=batch.world.id, accepted=[], rejections=[
            Rejection(task_id=t.requirements.full_id, stage="gui", reasons=["stand-in: rejected"]) for t in batch.tasks])

    monkeypatch.setattr(pipeline, "accept_batch", reject_all)
    job = api.synth_tasks(str(tmp_path / "synth"), worlds=2, per_world=2, random_rollouts=0)
    status = _settled(job.job_id)
    assert status.status == "done" and status.done == status.total == 2, status
    assert re.match(r"world \S+: 0 accepted, 2 rejected; nothing written", status.progress), status.progress
    assert status.result["accepted"] == 0 and not (tmp_path / "synth").exists()
