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
    assert set(metrics) == {"attempts", "SR", "PR", "FC", "OT", "USE", "pass@n", "pass^n", "mean_steps", "env_errors"}
    assert metrics["attempts"] == 2 and metrics["SR"] == 1.0 and metrics["pass^n"] == 1.0
    assert (tmp_path / obj["run_id"] / "attempts.jsonl").exists()


@requires_chromium
def test_doctor_reports_and_writes_nothing(tmp_path):
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "doctor", "--json"], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    rows = json.loads(res.stdout.strip().splitlines()[-1])
    assert {r["check"] for r in rows} >= {"chromium", "chromium launches (Playwright)", "playwright"}
    assert res.returncode == 0 and list(tmp_path.iterdir()) == []
