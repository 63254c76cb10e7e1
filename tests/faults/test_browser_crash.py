"""Kill the browser, or one renderer, in the middle of an evaluation: the attempt hit is a typed env_error,
it is rerun on a fresh instance, and the final attempt table equals a clean run's."""

from __future__ import annotations

import asyncio

import pandas as pd
import pytest

from tests.conftest import requires_chromium
from tests.faults.helpers import browser_of, renderer_of, sigkill
from toolkit.envs.manager import EnvManager
from toolkit.evaluation import evaluate_async
from toolkit.tasks import load_suite

pytestmark = requires_chromium

#: Six tasks over the three apps; step call 5 of the run falls inside an attempt (parallel 2).
TASKS = [s.full_id for s in load_suite("mobile-core")][::6]
COLUMNS = ["task_id", "trial", "outcome", "success", "reward", "steps", "final_state_hash"]
KILL_AT_STEP = 5


def _table(result) -> pd.DataFrame:
    return result.attempts[COLUMNS].sort_values(["task_id", "trial"]).reset_index(drop=True)


@pytest.fixture(scope="module")
async def clean(tmp_path_factory):
    result = await evaluate_async(["mobile-core"], "reference", tasks=TASKS, parallel=2,
                                  out=tmp_path_factory.mktemp("clean-runs"))
    assert result.store.env_error_rows() == []
    return _table(result)


@pytest.mark.parametrize("victim", ["browser", "renderer"])
async def test_killed_process_mid_attempt_is_an_env_error_and_the_rerun_matches_a_clean_run(clean, tmp_path, monkeypatch, victim):
    real_step = EnvManager.step
    killed: dict = {}
    calls = 0

    async def step_with_a_kill(self, lease, actions, action_id):
        nonlocal calls
        calls += 1
        if calls == KILL_AT_STEP:
            _, hosted = self.hosted(lease)
            renderer = await renderer_of(hosted.page)
            proc = renderer if victim == "renderer" else browser_of(renderer)
            killed.update(pid=proc.pid, attempt=action_id.split("#")[0])
            sigkill(proc)
        return await real_step(self, lease, actions, action_id)

    monkeypatch.setattr(EnvManager, "step", step_with_a_kill)
    result = await evaluate_async(["mobile-core"], "reference", tasks=TASKS, parallel=2, out=tmp_path)

    assert killed, "the fault was never injected"
    errors = result.store.env_error_rows()
    hit = [e for e in errors if e["attempt_id"] == killed["attempt"]]
    assert hit and all(e["kind"] in ("crash", "infra", "timeout") for e in errors)
    assert {e["op"] for e in hit} <= {"step", "reset", "observe", "evaluate", "request"}
    rows = {r["attempt_id"]: r for r in result.store.attempt_rows()}
    assert rows[killed["attempt"]]["env_reruns"] >= 1  # the attempt was rerun, and the rerun recorded
    assert len(rows) == len(TASKS)
    assert int(result.summary["env_errors"].sum()) == len(errors)  # env errors are counted, never scored
    pd.testing.assert_frame_equal(_table(result), clean)


async def test_an_attempt_whose_renderer_dies_on_every_try_is_unfinished_loudly_and_resume_finishes_it(tmp_path, monkeypatch):
    """No score is made up for an attempt that never ran: the summary counts it as unfinished, the CLI exits non-zero
    naming it and the resume command, and once the fault is gone --resume runs exactly that attempt."""
    import json

    from click.testing import CliRunner

    from toolkit.cli.main import cli

    victim, other = TASKS[0], TASKS[1]
    real_step = EnvManager.step
    kills = []

    async def step_killing_the_victim(self, lease, actions, action_id):
        if action_id.startswith(victim.replace("/", "__")):
            _, hosted = self.hosted(lease)
            renderer = await renderer_of(hosted.page)
            kills.append(renderer.pid)
            sigkill(renderer)
        return await real_step(self, lease, actions, action_id)

    monkeypatch.setattr(EnvManager, "step", step_killing_the_victim)
    args = ["eval", "--agent", "reference", "--suite", "mobile-core", "--tasks", f"{victim},{other}", "--parallel", "1",
            "--out", str(tmp_path), "--json"]
    failed = await asyncio.to_thread(CliRunner().invoke, cli, args)
    assert len(kills) == 4  # the first try and max_env_retries (3) reruns
    assert failed.exit_code == 1 and "1 attempt(s) have no result" in failed.output and "--resume" in failed.output
    summary = json.loads(next(line for line in failed.stdout.splitlines() if line.startswith("{")))
    core = summary["suites"]["mobile-core"]
    assert core["attempts"] == 1 and core["unfinished"] == 1 and core["env_errors"] == 4 and core["SR"] == 1.0
    run_id = summary["run_id"]

    monkeypatch.setattr(EnvManager, "step", real_step)
    resumed = await asyncio.to_thread(CliRunner().invoke, cli, ["eval", "--resume", run_id, "--out", str(tmp_path), "--json"])
    assert resumed.exit_code == 0, resumed.output
    core = json.loads(resumed.stdout.strip().splitlines()[-1])["suites"]["mobile-core"]
    assert core["attempts"] == 2 and core["unfinished"] == 0 and core["SR"] == 1.0
