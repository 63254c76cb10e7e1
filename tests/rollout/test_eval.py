"""The whole rollout path on the bundled suite, in real Chromium."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.harness import HarnessConfig
from toolkit.tasks import load_suite

pytestmark = requires_chromium

TIMING_COLUMNS = ["reset_ms", "duration_s"]


async def test_reference_agent_solves_every_task(tmp_path):
    result = await evaluate_async(["mobile-core"], "reference", trials=1, parallel=4, seed=0, out=tmp_path)
    attempts = result.attempts
    failed = attempts[attempts["outcome"] != "success"][["task_id", "outcome", "criteria", "side_effects", "verifier_error"]]
    assert failed.empty, failed.to_string()
    assert len(attempts) == len(load_suite("mobile-core"))
    [summary] = result.as_json()["suites"].values()
    assert summary["SR"] == 1.0 and summary["env_errors"] == 0


@pytest.mark.parametrize("fmt", ["qwen3vl-mobile-v1", "uitars-v1"])
async def test_formats_without_a_clear_flag_still_replace_a_fields_text(fmt, tmp_path):
    """The reference edits a phone number with ``type(clear=True)``; these formats write it as select-all + type."""
    result = await evaluate_async(["mobile-core"], "reference", tasks=["contacts.edit_phone"], out=tmp_path,
                                  harness_config=HarnessConfig(format=fmt))
    assert list(result.attempts["outcome"]) == ["success"]
    steps = result.store.steps(result.attempts.attempt_id[0]).to_dict("records")
    assert any({"type": "hotkey", "keys": ["Control", "a"]} in s["actions"] for s in steps)


async def test_random_agent_fails_and_runs_are_reproducible(tmp_path):
    """Two random runs of the same seed at another parallelism store the same attempts (16 tasks: the
    whole suite's random run is what ``./run.sh`` shows)."""
    tasks = [s.id for s in load_suite("mobile-core")[:16]]
    a = await evaluate_async(["mobile-core"], "random", tasks=tasks, trials=1, parallel=4, seed=3, out=tmp_path / "a")
    b = await evaluate_async(["mobile-core"], "random", tasks=tasks, trials=1, parallel=2, seed=3, out=tmp_path / "b")
    assert len(a.attempts) == 16 and a.as_json()["suites"]["mobile-core"]["SR"] <= 0.1
    left, right = (r.attempts.drop(columns=TIMING_COLUMNS + ["trajectory"]) for r in (a, b))
    pd.testing.assert_frame_equal(left, right)


async def test_replaying_a_reference_trajectory_is_deterministic(tmp_path):
    specs = load_suite("mobile-core")
    task = next(s for s in specs if s.cross_app) if any(s.cross_app for s in specs) else specs[0]
    runs = [await evaluate_async(["mobile-core"], "reference", tasks=[task.id], seed=11, out=tmp_path / str(i)) for i in range(2)]
    traces = []
    for run in runs:
        aid = run.attempts.loc[0, "attempt_id"]
        steps = run.store.steps(aid)
        traces.append(list(zip(steps["state_hash_after"], steps["image_hash_after"])))
    assert traces[0] == traces[1] and len(traces[0]) >= 3
    assert len({h for h, _ in traces[0]}) > 1  # the state really changed along the way


async def test_the_system_prompt_names_the_tasks_device(tmp_path):
    """A desktop task's agent is told it operates a desktop computer, a phone task's a phone; a run mixing both stores
    the template once and each attempt's own prompt verbatim."""
    from toolkit.harness.harness import SYSTEM_TEMPLATE, system_prompt

    web = next(s for s in load_suite("web") if s.device == "desktop")
    result = await evaluate_async(["mobile-core", "web"], "reference", tasks=["contacts.favorite", web.id], out=tmp_path)
    assert result.store.manifest["harness"]["system_prompt"] == SYSTEM_TEMPLATE
    seen = {}
    for row in result.attempts.to_dict("records"):
        system = result.store.steps(row["attempt_id"]).iloc[0]["prompt"][0]["content"]
        seen[row["suite"]] = system
    assert seen["web"].startswith(system_prompt("desktop")) and "You operate a desktop computer" in seen["web"]
    assert seen["mobile-core"].startswith(system_prompt("phone")) and "You operate a phone" in seen["mobile-core"]
    assert "Answers app" in seen["web"] and "Answers app" not in system_prompt("miniwob")  # MiniWoB++ has none
    assert system_prompt("miniwob").startswith("You operate a web page in a browser")


async def test_one_suite_or_task_given_as_a_string_is_that_name(tmp_path):
    """``evaluate("mobile-core", tasks="contacts.favorite")`` is one suite and one task, not their characters."""
    result = await evaluate_async("mobile-core", "reference", tasks="contacts.favorite", out=tmp_path)
    assert list(result.attempts["task_id"]) == ["mobile-core/contacts.favorite"]
    assert result.store.manifest["suites"] == ["mobile-core"] and result.store.manifest["tasks"] == ["contacts.favorite"]


async def test_suites_that_hold_no_task_are_refused_before_a_run_folder_exists(tmp_path, monkeypatch):
    from toolkit.tasks import loader

    monkeypatch.setitem(loader._CODE_SUITES, "empty", list)  # a registered suite that builds no task
    with pytest.raises(ValueError, match=r"no suite given"):
        await evaluate_async([], "reference", out=tmp_path)
    with pytest.raises(ValueError, match=r"suite\(s\) \['empty'\] hold no task"):
        await evaluate_async(["empty"], "reference", out=tmp_path)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("trials", [0, -1, 1.5, "2", True])
async def test_a_trials_count_below_one_or_not_a_whole_number_is_refused_before_a_run_folder_exists(trials, tmp_path):
    """trials=0 ran one attempt per task (``trials or 1``); trials=-1 left a run folder of no attempt at all."""
    with pytest.raises(ValueError, match=r"trials must be a whole number of at least 1 .*got"):
        await evaluate_async("mobile-core", "reference", tasks="contacts.favorite", trials=trials, out=tmp_path)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("parallel", [0, -2, 2.5, "4", True])
async def test_a_parallel_below_one_or_not_a_whole_number_is_refused_before_a_run_folder_exists(parallel, tmp_path):
    """parallel=0 ran one attempt at a time but was stored in the manifest as 0."""
    with pytest.raises(ValueError, match=r"parallel must be a whole number of at least 1, got"):
        await evaluate_async("mobile-core", "reference", tasks="contacts.favorite", parallel=parallel, out=tmp_path)
    assert not any(tmp_path.iterdir())


async def test_an_empty_tasks_list_is_refused_not_read_as_every_task(tmp_path):
    """tasks=[] (a filter that kept nothing) ran all the suites' tasks through ``tasks or None``; MCP refuses it too."""
    with pytest.raises(ValueError, match=r"tasks: an empty list names no task"):
        await evaluate_async("mobile-core", "reference", tasks=[], out=tmp_path)
    with pytest.raises(ValueError, match=r"tasks: an empty list names no task"):
        await evaluate_async("mobile-core", "reference", tasks=(t for t in ["contacts.block"] if t == "x"), out=tmp_path)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("seed", ["1", 1.5, True])
async def test_a_seed_that_is_not_an_integer_is_refused_before_a_run_folder_exists(seed, tmp_path):
    """seed='1' was stored as the string '1' (a resume with seed=1 then refused as a different seed); 1.5 and True
    sampled instances that no integer seed gives."""
    with pytest.raises(ValueError, match=r"seed must be an integer \(or None for 0\), got"):
        await evaluate_async("mobile-core", "reference", tasks="contacts.favorite", seed=seed, out=tmp_path)
    assert not any(tmp_path.iterdir())


async def test_a_numpy_integer_seed_is_stored_as_an_integer(tmp_path):
    import numpy as np

    result = await evaluate_async("mobile-core", "reference", tasks="contacts.favorite", seed=np.int64(3), out=tmp_path)
    assert result.store.manifest["seed"] == 3 and list(result.attempts["seed"]) == list(
        (await evaluate_async("mobile-core", "reference", tasks="contacts.favorite", seed=3, out=tmp_path)).attempts["seed"])


async def test_a_seed_a_suite_refuses_stops_the_run_before_its_folder_exists(tmp_path, monkeypatch):
    """A suite's seed check (MiniWoB++ refuses seeds past 2**53) ran inside the scheduler: the first refused
    instance ended the run midway with attempts half written. Every instance is sampled before the folder exists."""
    from toolkit.tasks import SpecError, loader

    bundled = load_suite("mobile-core")[0]
    spec = bundled.model_copy(update={"suite": "odd-seeds-refused"})

    def check_seed(seed: int) -> None:
        if seed % 2:
            raise SpecError(f"seed {seed} is odd")

    monkeypatch.setitem(loader._CODE_SUITES, "odd-seeds-refused", lambda: [spec])
    monkeypatch.setitem(loader._SEED_CHECKS, "odd-seeds-refused", check_seed)
    with pytest.raises(SpecError, match=r"seed \d+ is odd"):
        await evaluate_async("odd-seeds-refused", "reference", trials=8, out=tmp_path)
    assert not any(tmp_path.iterdir())


@pytest.mark.filterwarnings("ignore:.*not a JSON object, skipped")  # the store's warning for the damage made here
async def test_replaying_an_attempt_with_a_damaged_step_is_refused_before_a_run_exists(tmp_path):
    """The store skips a damaged trajectory line (with a warning), so the replay answered every later output one step
    early: the actions no longer matched their screens, silently. Now the attempt is refused, naming the step."""
    source = await evaluate_async(["mobile-core"], "reference", tasks=["contacts.add_note"], seed=3, out=tmp_path / "src")
    path = source.store.dir / "trajectories" / f"{source.attempts.loc[0, 'attempt_id']}.jsonl"
    lines = path.read_text().splitlines()
    steps = [i for i, line in enumerate(lines) if '"kind": "step"' in line]
    lines[steps[1]] = lines[steps[1]][:40]  # a short write in the middle of the file
    path.write_text("\n".join(lines) + "\n")
    out = tmp_path / "replays"
    with pytest.raises(ValueError, match=r"cannot be replayed: .* lacks step\(s\) \[1\]"):
        await evaluate_async(None, "replay", model=str(source.store.dir), out=out)
    assert not out.exists() or not any(out.iterdir())
