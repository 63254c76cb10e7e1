"""The validation suite catches planted defects: an always-true verifier, a broken reference, too few instances."""

from __future__ import annotations

import pytest

from tests.conftest import DEMO_YAML, requires_chromium, write_suite
from toolkit.tasks import load_suite
from toolkit.validation import validate_tasks

pytestmark = requires_chromium


async def test_a_good_task_passes_every_check(demo_bank):
    [report] = await validate_tasks(load_suite("demo", root=demo_bank), instances=5, random_rollouts=3, parallel=1)
    assert report.ok, report.checks


async def test_planted_defects_are_caught(tmp_path):
    always = write_suite(tmp_path / "a", py_text="def right(ctx):\n    return {'right': True, 'submitted_once': True}\n")
    broken = write_suite(tmp_path / "b", yaml_text=DEMO_YAML.replace('target: "btn:submit"', 'target: "btn:nowhere"'))
    narrow = write_suite(tmp_path / "c", yaml_text=DEMO_YAML.replace("range: [10, 99]", "range: [10, 11]"))
    specs = [load_suite("demo", root=r)[0] for r in (always, broken, narrow)]
    a, b, c = await validate_tasks(specs, instances=5, random_rollouts=2, parallel=1)
    assert a.checks["initial_not_success"] and a.checks["random_never_succeeds"]
    assert "btn:nowhere" in b.checks["reference"] and b.checks["initial_not_success"] is None
    assert "distinct" in c.checks["instances"]
    assert all(r.checks["node_agrees"] is None and r.checks["reset"] is None for r in (a, b, c))


async def test_external_benchmark_tasks_are_refused_before_any_browser_starts():
    """MiniWoB++ tasks have no reference solution (the page generates each episode): validating them is an error
    naming the tasks and the device, not a long run that fails every check."""
    import importlib.util

    import pytest

    from toolkit.tasks import load_tasks

    if importlib.util.find_spec("miniwob") is None:
        pytest.skip("the miniwob package (its task pages) is not installed")

    specs = load_tasks(["miniwob"], ["click-button", "enter-text"])
    with pytest.raises(ValueError, match=r"2 task\(s\) \(miniwob/click-button, miniwob/enter-text\) belong to an "
                                         r"external benchmark \(device miniwob\)"):
        await validate_tasks(specs, instances=1, random_rollouts=0)


async def test_one_node_process_replays_every_tasks_logs_and_a_failure_is_named():
    """validate_tasks shares one ``replay.mjs --serve`` process among its tasks (the app modules load once); each
    answer equals the one-shot replay's, a job that throws is an error in its place, a request Node cannot serve is a
    RuntimeError naming why, and a Node process that died is replaced at the next request."""
    import shutil

    import pytest

    from toolkit.validation import NodeReplayer, node_replay

    if not shutil.which("node"):
        pytest.skip("needs node")
    jobs = [{"apps": ["answersheet"], "reset": {"seed": 3}, "log": []},
            {"apps": ["no-such-app"], "reset": {"seed": 3}, "log": []}]
    replayer = NodeReplayer()
    try:
        first = await replayer.replay(jobs)
        pid = replayer._proc.pid
        again = await replayer.replay(jobs[:1])
        assert replayer._proc.pid == pid  # the same process served both
        assert first[0] == again[0] == node_replay(jobs[:1])[0] and "no-such-app" in first[1]["error"]
        with pytest.raises(RuntimeError, match=r"node replay failed: TypeError: .*not iterable"):
            await replayer.replay(5)  # not a list of jobs
        assert replayer._proc is None and await replayer.replay(jobs[:1]) == again  # stopped, then a new process
        replayer._proc.kill()
        await replayer._proc.wait()
        assert await replayer.replay(jobs[:1]) == again and replayer._proc.pid != pid
    finally:
        await replayer.close()


async def test_counts_out_of_range_are_refused_before_any_browser_starts(demo_bank):
    """parallel=0 made a semaphore no task ever passed: the call hung for ever."""
    spec = load_suite("demo", root=demo_bank)
    for kwargs, name in (({"parallel": 0}, "parallel"), ({"instances": 0}, "instances"),
                         ({"random_rollouts": -1}, "random_rollouts")):
        with pytest.raises(ValueError, match=f"^argument '{name}': must be a whole number"):
            await validate_tasks(spec, **kwargs)


async def test_a_verifier_that_hangs_fails_at_its_first_judgement_and_the_other_checks_are_not_run(tmp_path,
                                                                                                answers_manager):
    """Every judgement of a hanging verifier waited out the pool's deadline (five instances three times each, the null
    agent and every random rollout: minutes per task). The pool replaces a worker once per missed deadline, so its
    respawns count the judgements that hung."""
    from toolkit.validation import CHECKS, validate_task

    root = write_suite(tmp_path, py_text="def right(ctx):\n    n = 0\n    while n >= 0:\n        n += 1\n"
                                         "    return {'right': True, 'submitted_once': True}\n")
    [spec] = load_suite("demo", root=root)
    respawns = answers_manager.verifiers.respawns
    report = await validate_task(answers_manager, spec, instances=3, random_rollouts=3)
    assert answers_manager.verifiers.respawns == respawns + 1
    assert report.checks["instances"] is None
    assert report.checks["reference"].startswith("seed 0: verifier timed out after ")
    assert all(report.checks[c] == "not run: the verifier hung in the reference check (seed 0)" for c in CHECKS[2:])
