"""``guigym bench -p SECTION.NAME=VALUE``: a value outside its bounds is refused, naming the key, before any section runs.

The sections are the real ones (their signatures declare the bounds); only ``run_sync``, which would start the
section's coroutine (booting Chromium for most), is replaced by a recorder: it keeps the arguments of each section
that would have run and closes the coroutine unstarted. That lets a test see that nothing ran, which a real run could
show only by waiting for a bench to finish.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from toolkit.cli import bench_cmd


@pytest.fixture
def started(monkeypatch) -> list[tuple[str, dict]]:
    calls: list[tuple[str, dict]] = []

    def record(coro):
        calls.append((coro.cr_code.co_name, dict(coro.cr_frame.f_locals)))
        coro.close()
        return {}

    monkeypatch.setattr(bench_cmd, "run_sync", record)
    return calls


def _bench(*args: str):
    return CliRunner().invoke(bench_cmd.bench, list(args))


@pytest.mark.parametrize("param, words", [
    ("env.instances=-1", ["'env.instances=-1'", "instances takes int >= 1", "greater than or equal to 1"]),
    ("env.instances=0", ["'env.instances=0'", "int >= 1"]),
    ("env.resets=0", ["'env.resets=0'", "int >= 1"]),
    ("env.steps=2.5", ["'env.steps=2.5'", "valid integer"]),
    ("env.shots=true", ["'env.shots=true'", "valid integer"]),
    ("soak.resets=0", ["'soak.resets=0'", "int >= 1"]),
    ("soak.warmup=-3", ["'soak.warmup=-3'", "int >= 0"]),
    ("miniwob.steps=0", ["'miniwob.steps=0'", "int >= 1"]),
    ("generation.concurrency=0", ["'generation.concurrency=0'", "int >= 1"]),
    ("capacity.batch=0", ["'capacity.batch=0'", "int >= 1"]),
    ("capacity.idle_s=-1", ["'capacity.idle_s=-1'", "float >= 0"]),
    ("throughput.levels=[1,0]", ["'throughput.levels=[1,0]'", "(item 2)", "greater than or equal to 1"]),
    ("throughput.levels=[]", ["'throughput.levels=[]'", "at least 1"]),
    ("throughput.attempts=0", ["'throughput.attempts=0'", "int >= 1"]),
    ("history.trajectories=0", ["'history.trajectories=0'", "int >= 1"]),
    ("history.overlap=10", ["'history.overlap=10'", "overlap (10) must be below window (10)"]),
    ("train-tokens.window=1", ["'train-tokens.window=1'", "window"]),
    ('throughput.suites=["mobile-cor"]', ["'throughput.suites=[\"mobile-cor\"]'", "no suite 'mobile-cor'", "mobile-core"]),
    ("capacity.device=tablet", ["'capacity.device=tablet'", "unknown device 'tablet'", "phone"]),
])
def test_a_value_out_of_bounds_is_refused_before_any_section(started, param, words):
    section = param.split(".")[0]
    res = _bench("--only", f"env,{section}" if section != "env" else "env", "-p", param)
    assert res.exit_code == 1, res.output
    for word in words:
        assert word in res.output, res.output
    assert "Traceback" not in res.output and "bench env …" not in res.output
    assert started == []  # not even the section listed before the bad one


def test_values_within_bounds_reach_the_section(started):
    res = _bench("--only", "env,soak", "-p", "env.instances=1", "-p", "soak.warmup=0", "-p", "soak.resets=1")
    assert res.exit_code == 0, res.output
    args = dict(started)
    assert args["bench_env"]["instances"] == 1 and args["bench_soak"]["warmup"] == 0 and args["bench_soak"]["resets"] == 1


def test_a_value_for_a_section_not_run_or_given_twice_is_refused(started):
    res = _bench("--only", "env", "-p", "soak.resets=5")
    assert res.exit_code == 1 and "'soak.resets=5': section soak is not run (--only env)" in res.output, res.output
    res = _bench("--only", "env", "-p", "env.instances=2", "-p", "env.instances=3")
    assert res.exit_code == 1 and "'env.instances=3': env.instances is already given ('env.instances=2')" in res.output
    assert started == []


def test_a_section_named_twice_runs_once(started):
    res = _bench("--only", "soak,env,soak", "-p", "soak.resets=1", "-p", "env.instances=1")
    assert res.exit_code == 0, res.output
    assert [name for name, _ in started] == ["bench_soak", "bench_env"]


def _strict_json(line: str):
    """Parse ``line`` as JSON proper: NaN / Infinity / -Infinity (Python's extension) are refused."""
    import json

    def refuse(token):
        raise ValueError(f"not JSON: {token}")

    return json.loads(line, parse_constant=refuse)


def test_json_writes_nan_and_infinite_figures_as_null(monkeypatch):
    """A figure with no value (a percentile of no samples, a ratio by 0) used to reach stdout as NaN / Infinity,
    which strict JSON readers refuse; --json, the tables and --markdown now all show it as null."""
    figures = {"reset_ms_p50": float("nan"), "ratio": float("inf"), "curve": [{"pss": -float("inf")}, 1.5],
               "levels": (1, float("nan")), "ok": 2.0, "name": "x"}

    def finished(coro):
        coro.close()
        return figures

    monkeypatch.setattr(bench_cmd, "run_sync", finished)
    res = _bench("--only", "env", "--json")
    assert res.exit_code == 0, res.output
    assert _strict_json(res.stdout.splitlines()[-1]) == {"env": {
        "reset_ms_p50": None, "ratio": None, "curve": [{"pss": None}, 1.5], "levels": [1, None], "ok": 2.0, "name": "x"}}
    res = _bench("--only", "env", "--markdown")
    assert res.exit_code == 0 and "| `reset_ms_p50` | — |" in res.stdout and "nan" not in res.stdout.lower(), res.output


def test_miniwob_is_skipped_with_the_reason_when_its_package_is_absent(monkeypatch):
    """The section used to die in a SpecError traceback (from loading the miniwob suite) and take the other sections
    with it; it is now reported as skipped, saying which package to install, and the next section still runs."""
    import sys

    from toolkit.envs.adapters import miniwob_tasks
    from toolkit.sync import run_sync

    monkeypatch.setitem(sys.modules, "miniwob", None)  # what `import miniwob` meets when the package is not installed
    miniwob_tasks.miniwob_root.cache_clear()
    ran = []

    def run(coro):  # miniwob for real; env recorded (it would boot Chromium for minutes)
        if coro.cr_code.co_name == "bench_miniwob":
            return run_sync(coro)
        ran.append(coro.cr_code.co_name)
        coro.close()
        return {"ok": 1}

    monkeypatch.setattr(bench_cmd, "run_sync", run)
    try:
        res = _bench("--only", "miniwob,env", "--json")
        assert res.exit_code == 0, res.output
        reason = "the MiniWoB++ suite needs the 'miniwob' package (pip install miniwob"
        assert "bench miniwob skipped:" in res.stderr and reason in res.stderr and "Traceback" not in res.output
        result = _strict_json(res.stdout.splitlines()[-1])
        assert result["miniwob"]["skipped"].startswith(reason) and result["env"] == {"ok": 1} and ran == ["bench_env"]
        res = _bench("--only", "miniwob", "--markdown")
        assert res.exit_code == 0 and f"| `skipped` | {reason}" in res.stdout, res.output
    finally:
        miniwob_tasks.miniwob_root.cache_clear()  # the next test finds the installed package again
