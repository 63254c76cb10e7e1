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
    proc = subprocess.Popen(_guigym("eval", "--agent", "reference", "--suite", "mobile-core", "--trials", "2",
                                    "--parallel", "2", "--out", str(runs), "--json"),
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
    total = 2 * len(load_suite("mobile-core"))
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
