"""The skills' helpers run as their SKILL.md says: ``qa.py`` of build-mocked-app, on the phone and on the desktop."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import requires_chromium

ROOT = Path(__file__).resolve().parents[1]
QA = ROOT / "skills" / "build-mocked-app" / "qa.py"

pytestmark = requires_chromium


def _qa(*args: str) -> dict:
    """Run qa.py as the skill gives it; return the JSON report of its last stdout line."""
    proc = subprocess.run([sys.executable, str(QA), *args], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.stdout.strip(), proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_qa_passes_the_example_feature_list_on_the_phone(tmp_path):
    report = _qa(str(QA.parent / "examples" / "notes.features.yaml"), "--only", "list,create", "--screenshots", str(tmp_path))
    assert report["ok"] and report["device"] == "phone" and report["features"] == report["passed"] == 2, report
    assert list(tmp_path.glob("create-*.*"))


def test_qa_runs_a_desktop_app_and_reports_a_failed_expectation(tmp_path):
    features = tmp_path / "teamchat.features.yaml"
    features.write_text("app: teamchat\nfeatures:\n"
                        "  - {id: opens, priority: P0, steps: [{type: open, app: teamchat}], expect: [{screen: 'app:teamchat'}]}\n"
                        "  - {id: wrong, priority: P1, steps: [{type: open, app: teamchat}], expect: [{screen: 'app:nope'}]}\n")
    report = _qa(str(features), "--no-repeat")
    assert report["device"] == "desktop" and report["passed"] == 1 and report["p1"] == 1 and not report["ok"], report
    assert [i["feature"] for i in report["issues"]] == ["wrong"]
