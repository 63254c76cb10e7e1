"""A run killed with SIGKILL and resumed ends with every attempt exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from tests.conftest import requires_chromium
from toolkit.tasks import load_suite

pytestmark = requires_chromium


def _guigym(*args: str) -> list[str]:
    return [sys.executable, "-m", "toolkit.cli.main", *args]


def test_sigkill_then_resume_gives_each_attempt_once(tmp_path: Path):
    runs = tmp_path / "runs"
    tasks = [s.id for s in load_suite("mobile-core")[:10]]  # 20 attempts: killed after 5, the resume does the rest
    proc = subprocess.Popen(_guigym("eval", "--agent", "reference", "--suite", "mobile-core", "--tasks", ",".join(tasks),
                                    "--trials", "2", "--parallel", "2", "--out", str(runs), "--json"),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    rows_file = None
    while time.monotonic() < deadline:
        found = list(runs.glob("*/attempts.jsonl"))
        if found and sum(1 for _ in open(found[0])) >= 5:
            rows_file = found[0]
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert rows_file is not None, "the run wrote no attempts in time"
    run_id = rows_file.parent.name
    total = 2 * len(tasks)
    before = sum(1 for _ in open(rows_file))
    assert before < total
    out = subprocess.run(_guigym("eval", "--resume", run_id, "--out", str(runs), "--json"),
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["run_id"] == run_id and summary["suites"]["mobile-core"]["attempts"] == total
    lines = [json.loads(line) for line in open(rows_file) if line.strip().endswith("}")]
    counts = Counter(r["attempt_id"] for r in lines)
    assert len(counts) == total and set(counts.values()) == {1}


def test_resume_keeps_the_runs_settings_refuses_changed_ones_and_takes_a_copied_command_line(tmp_path: Path):
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    start = ["eval", "--agent", "reference", "--suite", "mobile-core", "--tasks", "contacts.block", "--trials", "2",
             "--format", "json-v1", "--out", str(tmp_path), "--json"]
    first = CliRunner().invoke(cli, start)
    assert first.exit_code == 0, first.output
    run_id = json.loads(first.stdout.strip().splitlines()[-1])["run_id"]
    rows = tmp_path / run_id / "attempts.jsonl"
    rows.write_text(rows.read_text().splitlines(keepends=True)[0])  # as if killed after its first attempt
    for changed, needle in ((["--trials", "5"], "trials=2"), (["--seed", "3"], "seed=0"), (["--agent", "random"], "agent="),
                            (["--format", "text-v1"], "harness="), (["--window", "4", "--overlap", "1"], "harness="),
                            (["--suite", "mobile"], "suites=")):
        refused = CliRunner().invoke(cli, ["eval", "--resume", run_id, "--out", str(tmp_path), *changed])
        assert refused.exit_code != 0 and needle in refused.output and "leave" in refused.output, (changed, refused.output)
    assert len(rows.read_text().splitlines()) == 1  # a refused resume runs nothing
    again = CliRunner().invoke(cli, [*start, "--resume", run_id])  # the same command line, plus --resume
    assert again.exit_code == 0, again.output
    core = json.loads(again.stdout.strip().splitlines()[-1])["suites"]["mobile-core"]
    assert core["attempts"] == 2 and core["n"] == 2 and core["SR"] == 1.0
    assert json.loads((tmp_path / run_id / "manifest.json").read_text())["harness"]["format"] == "json-v1"
