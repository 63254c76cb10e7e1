"""The skills' helpers run as their SKILL.md says: ``qa.py`` of build-mocked-app, on the phone and on the desktop."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import requires_chromium

ROOT = Path(__file__).resolve().parents[1]
QA = ROOT / "skills" / "build-mocked-app" / "qa.py"


def _qa(*args: str) -> dict:
    """Run qa.py as the skill gives it; return the JSON report of its last stdout line."""
    proc = subprocess.run([sys.executable, str(QA), *args], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.stdout.strip(), proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@requires_chromium
def test_qa_passes_the_example_feature_list_on_the_phone(tmp_path):
    report = _qa(str(QA.parent / "examples" / "notes.features.yaml"), "--only", "list,create", "--screenshots", str(tmp_path))
    assert report["ok"] and report["device"] == "phone" and report["features"] == report["passed"] == 2, report
    assert list(tmp_path.glob("create-*.*"))


@requires_chromium
def test_qa_runs_a_desktop_app_and_reports_a_failed_expectation(tmp_path):
    features = tmp_path / "teamchat.features.yaml"
    features.write_text("app: teamchat\nfeatures:\n"
                        "  - {id: opens, priority: P0, steps: [{type: open, app: teamchat}], expect: [{screen: 'app:teamchat'}]}\n"
                        "  - {id: wrong, priority: P1, steps: [{type: open, app: teamchat}], expect: [{screen: 'app:nope'}]}\n")
    report = _qa(str(features), "--no-repeat")
    assert report["device"] == "desktop" and report["passed"] == 1 and report["p1"] == 1 and not report["ok"], report
    assert [i["feature"] for i in report["issues"]] == ["wrong"]


def _qa_error(*args: str) -> tuple[int, str]:
    """Run qa.py on a bad input; return its exit status and the error of its JSON last line."""
    proc = subprocess.run([sys.executable, str(QA), *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc.returncode, json.loads(proc.stdout.strip().splitlines()[-1])["error"]


def test_qa_refuses_an_only_id_the_file_lacks_rather_than_passing_nothing():
    """A typo in --only ran no feature and reported ok: true."""
    example = str(QA.parent / "examples" / "notes.features.yaml")
    code, error = _qa_error(example, "--only", "list,lsit")
    assert code == 2 and error.startswith("--only lsit: no such feature in") and "(it has list, create," in error


def test_qa_names_what_is_wrong_with_a_feature_file(tmp_path):
    cases = {
        "missing.yaml": (None, "cannot be read"),
        "notyaml.yaml": ("app: [notes\n", "not valid YAML"),
        "empty.yaml": ("app: notes\nfeatures: []\n", "features: List should have at least 1 item"),
        "step.yaml": ("app: notes\nfeatures:\n  - {id: a, steps: [{app: notes}]}\n", "step 1 has no action type"),
        "expect.yaml": ("app: notes\nfeatures:\n  - {id: a, expect: [{shown: x}]}\n", "needs exactly one of visible"),
        "twice.yaml": ("app: notes\nfeatures:\n  - {id: a}\n  - {id: a}\n", "used more than once: a"),
        "noapp.yaml": ("app: nope\nfeatures:\n  - {id: a}\n", "app 'nope' is in no device"),
    }
    for name, (text, said) in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text)
        code, error = _qa_error(str(tmp_path / name))
        assert code == 2 and said in error, (name, error)
