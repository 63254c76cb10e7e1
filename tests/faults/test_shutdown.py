"""Shutting down while attempts run: the manager refuses work once closed (nothing boots a browser nobody closes),
an operation cut short by the close says so (it is no crash to rerun), and a run that stops on an error stops its
other workers before the manager closes, so nothing is written after it returned."""

from __future__ import annotations

import asyncio
import json

import psutil
import pytest

from tests.conftest import requires_chromium
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import EnvError, ManagerClosed
from toolkit.envs.manager import Deadlines, EnvManager
from toolkit.evaluation import evaluate_async
from toolkit.store import attempt_id
from toolkit.tasks import load_suite

pytestmark = requires_chromium


def _our_chromium() -> set[int]:
    """Return the pids of the Chromium processes this process started (other processes may run their own)."""
    return {p.pid for p in psutil.Process().children(recursive=True) if "chrom" in p.name()}


def _other_tasks() -> set[asyncio.Task]:
    return asyncio.all_tasks() - {asyncio.current_task()}


async def test_closing_the_manager_under_a_step_ends_it_as_closed_and_no_operation_boots_a_browser_after(demo):
    spec, inst = demo
    before = _our_chromium()  # a session-wide manager of other tests may hold browsers
    manager = EnvManager(adapter=MockedAdapter(apps=["answersheet"]), deadlines=Deadlines(maintain_every=0))
    async with manager:
        [lease] = await manager.request(spec)
        await manager.reset(lease, inst)
        _, hosted = manager.hosted(lease)
        started, closed = asyncio.Event(), asyncio.Event()
        real_act = manager.adapter.act

        async def slow_act(instance, action):  # the close lands while the step is inside the page
            started.set()
            await closed.wait()
            return await real_act(instance, action)

        manager.adapter.act = slow_act
        step = asyncio.ensure_future(manager.step(lease, [{"type": "open", "app": "answersheet"}], "s1"))
        await started.wait()
    closed.set()
    with pytest.raises(ManagerClosed, match="env manager is closed: step"):
        await step
    assert not isinstance(step.exception(), EnvError)  # not a crash: a scheduler must not rerun it here
    for call in (manager.request(spec), manager.warm(2), manager.observe(lease), manager.reset(lease, inst)):
        with pytest.raises(ManagerClosed):
            await call
    assert manager.stats.failures == 0 and hosted.page.is_closed()
    assert _our_chromium() <= before  # before: the request after the close launched a new browser


async def test_a_run_stopped_by_an_error_stops_its_other_workers_before_the_manager_closes(tmp_path, monkeypatch):
    """The error comes from the caller's ``on_done`` (a widget that broke) when the first attempt finishes, while the
    other worker is held mid-attempt. Before, that worker outlived the run and the manager's close: its next
    request booted a new browser (left running), its failures went to env_errors.jsonl, and it stored attempts
    after the run had returned."""
    first, other = [s.full_id for s in load_suite("mobile-core")][:2]
    finished = []
    held = asyncio.Event()  # never set: only the first task's attempt may step
    real_step = EnvManager.step

    async def step(self, lease, actions, action_id):
        if not action_id.startswith(attempt_id(first, 0)):
            await held.wait()
        return await real_step(self, lease, actions, action_id)

    def broken_widget(item, row):
        finished.append(row["task_id"])
        raise RuntimeError("widget broke")

    monkeypatch.setattr(EnvManager, "step", step)
    chromium, tasks = _our_chromium(), _other_tasks()
    with pytest.raises(RuntimeError, match="widget broke"):
        await evaluate_async(["mobile-core"], "reference", tasks=[first, other], parallel=2, out=tmp_path,
                             on_done=broken_widget)
    assert finished == [first]
    assert _other_tasks() <= tasks  # the held worker was stopped
    assert _our_chromium() <= chromium
    [run] = [p for p in tmp_path.iterdir() if p.is_dir()]
    stored = [json.loads(line)["task_id"] for line in (run / "attempts.jsonl").read_text().splitlines()]
    assert stored == [first]
    assert not (run / "env_errors.jsonl").exists() or (run / "env_errors.jsonl").read_text() == ""
