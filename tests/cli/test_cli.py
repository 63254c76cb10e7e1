"""The CLI: JSON on the last line, clear errors, no logic of its own."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import requires_chromium
from toolkit.tasks import load_suite


def guigym(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "toolkit.cli.main", *args], capture_output=True, text=True, timeout=timeout)


def test_tasks_list_json():
    res = guigym("tasks", "list", "--suite", "mobile-core", "--json")
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout.strip().splitlines()[-1])
    assert len(rows) == len(load_suite("mobile-core"))
    assert set(rows[0]) == {"id", "suite", "apps", "difficulty", "tags"}
    assert all(r["id"].startswith("mobile-core/") for r in rows)


def test_unknown_suite_and_task_are_clear_errors():
    res = guigym("eval", "--suite", "nope")
    assert res.returncode != 0 and "no suite 'nope'" in res.stderr
    res = guigym("eval", "--suite", "mobile-core", "--tasks", "contacts.nope")
    assert res.returncode != 0 and "unknown task id" in res.stderr


@requires_chromium
def test_eval_json_schema(tmp_path):
    task = load_suite("mobile-core")[0].id
    res = guigym("eval", "--agent", "reference", "--suite", "mobile-core", "--tasks", task, "--trials", "2",
                 "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    obj = json.loads(res.stdout.strip().splitlines()[-1])
    assert set(obj) == {"run_id", "run_dir", "suites"}
    metrics = obj["suites"]["mobile-core"]
    assert set(metrics) == {"attempts", "SR", "PR", "FC", "OT", "USE", "pass@n", "pass^n", "mean_steps", "env_errors",
                            "n", "verifier_errors", "model_errors", "unfinished"}
    assert metrics["attempts"] == 2 and metrics["SR"] == 1.0 and metrics["pass^n"] == 1.0 and metrics["n"] == 2
    assert metrics["verifier_errors"] == metrics["model_errors"] == metrics["unfinished"] == 0
    assert (tmp_path / obj["run_id"] / "attempts.jsonl").exists()


@requires_chromium
def test_doctor_reports_and_writes_nothing(tmp_path):
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "doctor", "--json"], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    rows = json.loads(res.stdout.strip().splitlines()[-1])
    assert {r["check"] for r in rows} >= {"chromium", "chromium launches (Playwright)", "playwright"}
    assert res.returncode == 0 and list(tmp_path.iterdir()) == []


@requires_chromium
def test_agent_options_reach_the_run(tmp_path):
    """--format, --coords, --elements and the history flags end up in the run's manifest and in its prompts."""
    res = guigym("eval", "--suite", "mobile-core", "--tasks", "contacts.edit_phone", "--format", "uitars-v1",
                 "--coords", "pixels", "--elements", "--history", "last_k", "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    run = json.loads(res.stdout.strip().splitlines()[-1])
    harness = json.loads((tmp_path / run["run_id"] / "manifest.json").read_text())["harness"]
    assert (harness["format"], harness["coords"]) == ("uitars-v1", "pixels")
    assert harness["history"]["mode"] == "last_k" and harness["history"]["include_elements"] is True
    assert run["suites"]["mobile-core"]["SR"] == 1.0
    [trajectory] = (tmp_path / run["run_id"] / "trajectories").iterdir()
    step = next(json.loads(line) for line in trajectory.open() if '"kind": "step"' in line)
    assert "Coordinates are pixels of the screenshot" in step["prompt"][0]["content"]
    assert step["prompt"][-1]["content"][-1]["text"].startswith("screen: launcher\n")
    res = guigym("eval", "--agent", "reference", "--temperature", "0.5")
    assert res.returncode != 0 and "--temperature applies to the model agents" in res.stderr
