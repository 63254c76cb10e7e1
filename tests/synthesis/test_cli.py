"""``guigym synth``: world and tasks print one JSON object as the last line; the written suite re-validates."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import requires_chromium


def guigym(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "toolkit.cli.main", *args], capture_output=True, text=True, timeout=timeout)


def test_synth_world_json(tmp_path):
    res = guigym("synth", "world", "--scenario", "wedding", "--seed", "41", "--out", str(tmp_path / "w.json"), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    obj = json.loads(res.stdout.strip().splitlines()[-1])
    assert obj["world"] == "wedding-41" and obj["loads"] is True and obj["missing"] == []
    assert obj["records"]["contacts.contacts"] >= 10 and obj["facts"] >= 20
    assert json.loads((tmp_path / "w.json").read_text())["id"] == "wedding-41"


def test_synth_unknown_scenario_is_a_clear_error():
    res = guigym("synth", "world", "--scenario", "nope")
    assert res.returncode != 0 and "unknown scenario 'nope'" in res.stderr
    # an empty --scenario built the seed's scenario's world (taken as "none given")
    res = guigym("synth", "world", "--scenario", "")
    assert res.returncode == 2 and "--scenario" in res.stderr and "unknown scenario ''" in res.stderr


@requires_chromium
def test_synth_tasks_json_then_validate(tmp_path):
    out = tmp_path / "synth"
    res = guigym("synth", "tasks", "--worlds", "1", "--per-world", "3", "--random", "1", "--out", str(out), "--json")
    assert res.returncode == 0, res.stderr[-3000:]
    obj = json.loads(res.stdout.strip().splitlines()[-1])
    assert {"accepted", "rejected", "cross_app_share", "distinct_instructions"} <= set(obj)
    assert obj["accepted"] == 3 and obj["distinct_instructions"] == 3 and obj["worlds"] == ["moving-11"]
    assert (out / "moving-11" / "tasks.yaml").is_file() and (out / "moving-11" / "rejections.jsonl").is_file()
    res = guigym("synth", "validate", "--out", str(out), "--random", "0", "--instances", "1", "--json")
    assert res.returncode == 0, res.stderr[-3000:]
    summary = json.loads(res.stdout.strip().splitlines()[-1])
    assert summary["ok"] and summary["tasks"] == summary["passed"] == 3


def test_synth_audit_passes_its_options_and_prints_the_report_last(monkeypatch):
    """The audit itself is tested in test_audit.py; here only the command's wiring (a stand-in report)."""
    from click.testing import CliRunner

    import toolkit.synthesis.audit as audit
    from toolkit.cli.main import cli

    calls = []

    def fake_report(planted=False, suites=None):
        calls.append((planted, suites))
        return {"good": 3, "good_accepted": 3, "planted": 2, "rejected": 2, "rejected_share": 1.0, "false_rejections": []}

    monkeypatch.setattr(audit, "audit_report", fake_report)
    res = CliRunner().invoke(cli, ["synth", "audit", "--planted", "--suite", "mobile-core,web", "--json"])
    assert res.exit_code == 0, res.output
    assert calls == [(True, ["mobile-core", "web"])]
    assert json.loads(res.stdout.strip().splitlines()[-1])["rejected_share"] == 1.0


def test_synth_audit_of_an_external_benchmark_is_a_clear_error():
    """MiniWoB++ tasks have no verifier files to scan: one line naming the benchmark, not a traceback."""
    res = guigym("synth", "audit", "--suite", "mobile-core,miniwob")
    if "no suite 'miniwob'" in res.stderr:
        pytest.skip("the miniwob package (its task pages) is not installed")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert "external benchmark (device miniwob)" in res.stderr and "miniwob/" in res.stderr


def _audit_with(monkeypatch, report):
    from click.testing import CliRunner

    import toolkit.synthesis.audit as audit
    from toolkit.cli.main import cli

    monkeypatch.setattr(audit, "audit_report", lambda planted=False, suites=None: report)
    return CliRunner().invoke(cli, ["synth", "audit", "--planted", "--json"])


def test_synth_audit_exits_1_when_a_hack_is_missed_or_a_good_verifier_rejected(monkeypatch):
    base = {"good": 3, "good_accepted": 3, "planted": 2, "rejected": 2, "rejected_share": 1.0, "false_rejections": [],
            "missed": [], "wrong_kind": []}
    assert _audit_with(monkeypatch, base).exit_code == 0
    res = _audit_with(monkeypatch, {**base, "rejected": 1, "rejected_share": 0.5, "missed": ["constant_true.py"]})
    assert res.exit_code == 1 and "planted hack constant_true.py was accepted" in res.output
    res = _audit_with(monkeypatch, {**base, "good_accepted": 2,
                                    "false_rejections": [{"task": "mobile-core/x", "reasons": ["file_read: ..."]}]})
    assert res.exit_code == 1 and "rejected bundled verifier mobile-core/x" in res.output
    assert json.loads(res.stdout.strip().splitlines()[-1])["good_accepted"] == 2  # the report is still printed
    # names and reasons holding rich markup print as they are ([/] alone would stop the command)
    res = _audit_with(monkeypatch, {**base, "missed": ["[/]hack.py"], "wrong_kind": ["[bold]odd.py"],
                                    "false_rejections": [{"task": "s/[red]x", "reasons": ["reads [id=c1]"]}]})
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert "FAIL planted hack [/]hack.py was accepted" in res.output
    assert "planted hack [bold]odd.py was rejected" in res.output
    assert 'rejected bundled verifier s/[red]x: ["reads [id=c1]"]' in res.output


@requires_chromium
def test_synth_audit_fails_naming_a_verifier_it_could_not_probe(tmp_path, monkeypatch, world):
    """A task whose reference reaches no golden state leaves its verifier unprobed: the command exited 0 and showed
    '2 audited, 1 accepted' with no word of which one or why."""
    from functools import partial

    from click.testing import CliRunner

    import toolkit.synthesis.audit as audit
    from toolkit.cli.main import cli
    from toolkit.synthesis import synthesize_tasks
    from toolkit.synthesis.writer import write_world_suite
    from toolkit.tasks.loader import load_tasks

    tasks = synthesize_tasks(world, n=2).tasks
    broken = tasks[0].model_copy(deep=True)
    step = next(s for s in broken.golden.actions if isinstance(s, dict) and s.get("target"))
    step["target"] = "btn:nosuch"
    write_world_suite(world, [broken, tasks[1]], tmp_path / "bank" / "synth" / world.id)
    monkeypatch.setattr(audit, "load_tasks", partial(load_tasks, root=tmp_path / "bank"))
    monkeypatch.setenv("GUIGYM_CACHE", str(tmp_path / "cache"))  # the recorded reference logs stay out of ~/.cache
    res = CliRunner().invoke(cli, ["synth", "audit", "--suite", f"synth/{world.id}", "--json"])
    assert res.exit_code == 1, res.output
    report = json.loads(res.stdout.strip().splitlines()[-1])
    [miss] = report["unaudited"]
    assert miss["task"] == broken.requirements.full_id and "no element 'btn:nosuch'" in miss["reasons"][0]
    assert report["good"] == 2 and report["good_accepted"] == 1 and report["false_rejections"] == []
    assert f"FAIL could not audit {broken.requirements.full_id}: no_golden: " in res.output


def test_synth_tasks_refuses_weak_together_with_diagnosis(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import toolkit.synthesis.pipeline as pipeline
    from toolkit.cli.main import cli

    monkeypatch.setattr(pipeline, "synthesize_bank", lambda **kw: (_ for _ in ()).throw(AssertionError("ran")))
    report = tmp_path / "diag.json"
    report.write_text("{}")
    res = CliRunner().invoke(cli, ["synth", "tasks", "--weak", "search", "--diagnosis", str(report)])
    assert res.exit_code == 2 and "--weak and --diagnosis" in res.output


def test_synth_tasks_exits_1_when_nothing_is_accepted(tmp_path, monkeypatch):
    """The pipeline is replaced by a report of zero accepted tasks: the command prints it and still fails."""
    from click.testing import CliRunner

    import toolkit.synthesis.pipeline as pipeline
    from toolkit.cli.main import cli
    from toolkit.synthesis.models import Rejection, SynthReport

    report = SynthReport(worlds=["moving-11"], out=str(tmp_path), accepted=0, rejected=2, cross_app_share=0.0,
                         distinct_instructions=0,
                         rejections=[Rejection(task_id="moving-11/t1", stage="gui", reasons=["reference did not reach the goal"]),
                                     Rejection(task_id="moving-11/t2", stage="review",
                                               reasons=["ambiguous: [/] [bold]Sam[/bold] names notes[id=n1]"])])
    monkeypatch.setattr(pipeline, "synthesize_bank", lambda **kw: report)
    res = CliRunner().invoke(cli, ["synth", "tasks", "--worlds", "1", "--json"])
    assert res.exit_code == 1 and "no task was accepted (2 rejected)" in res.output
    assert json.loads(res.stdout.strip().splitlines()[-1])["accepted"] == 0  # the report is still printed
    assert "reference did not reach the goal" in res.output
    assert "rejected moving-11/t2 (review): ambiguous: [/] [bold]Sam[/bold] names notes[id=n1]" in res.output


def test_synth_tasks_with_weak_tags_no_world_carries_writes_nothing(tmp_path):
    out = tmp_path / "synth"
    res = guigym("synth", "tasks", "--worlds", "1", "--weak", "nosuch, other", "--out", str(out))
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert "--weak: world moving-11: no task it can make carries a weak tag (nosuch, other)" in res.stderr
    assert "nothing was written" in res.stderr and list(out.iterdir()) == []


@requires_chromium
def test_synth_validate_names_a_damaged_world_and_checks_the_others(tmp_path, world):
    """A world.json that is not JSON and a tasks.yaml that is not YAML: each is its world's issue (no traceback), and
    the sound world beside them is still validated. A folder that lost its world.json or its tasks.yaml was passed
    over (its tasks.yaml still loads as a suite) and the command exited 0."""
    from toolkit.synthesis import synthesize_tasks
    from toolkit.synthesis.writer import write_world_suite

    tasks = synthesize_tasks(world, n=1).tasks
    for name in ("a-good", "b-json", "c-yaml", "d-empty", "e-clock", "f-proto", "g-noworld", "h-notasks", "i-setup"):
        write_world_suite(world.model_copy(update={"id": name}), tasks, tmp_path / name)
    (tmp_path / "b-json" / "world.json").write_text('{"id": "b-json", trunc')
    clock = tmp_path / "e-clock" / "world.json"  # the checker raised a bare strptime error, ending the command
    clock.write_text(clock.read_text().replace('"clock": "2026-03-14T09:30"', '"clock": "soon"'))
    proto = tmp_path / "f-proto" / "world.json"  # the device refuses the patch: Node's RuntimeError ended the command
    data = json.loads(proto.read_text())
    data["records"]["contacts"]["contacts"][0]["__proto__"] = {"x": 1}
    proto.write_text(json.dumps(data))
    (tmp_path / "c-yaml" / "tasks.yaml").write_text("tasks: [\n  - id: x\n  bad: : :\n")
    (tmp_path / "d-empty" / "tasks.yaml").write_text("tasks: []\n")  # 0 of 0 passed is no validation
    (tmp_path / "g-noworld" / "world.json").unlink()
    (tmp_path / "h-notasks" / "tasks.yaml").unlink()
    # a world folder renamed (or copied): reported under its world.json id, not the suite synth/<folder> it loads as
    write_world_suite(world.model_copy(update={"id": "j-elsewhere"}), tasks, tmp_path / "j-moved")
    other = tmp_path / "i-setup" / "world.json"  # world.json of another world than tasks.yaml's setup: was not noticed
    data = json.loads(other.read_text())
    data["records"]["contacts"]["contacts"][0]["phone"] = "+1 555 0000"
    other.write_text(json.dumps(data))
    res = guigym("synth", "validate", "--out", str(tmp_path), "--random", "0", "--instances", "1", "--json")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-3000:]
    report = {w["world"]: w for w in json.loads(res.stdout.strip().splitlines()[-1])["worlds"]}
    assert report["a-good"]["tasks"] == report["a-good"]["passed"] == 1 and report["a-good"]["issues"] == []
    [issue] = report["b-json"]["issues"]
    assert issue.startswith(f"{tmp_path / 'b-json' / 'world.json'}: cannot be read: Expecting")
    [issue] = report["c-yaml"]["issues"]
    assert issue.startswith(f"tasks.yaml does not load: {tmp_path / 'c-yaml' / 'tasks.yaml'}: not valid YAML")
    [issue] = report["e-clock"]["issues"]
    assert issue.startswith(f"{clock}: cannot be read: 1 validation error for World clock ") and "'soon'" in issue
    assert any("the device refused it" in i for i in report["f-proto"]["issues"]), report["f-proto"]
    assert report["d-empty"]["issues"] == [f"{tmp_path / 'd-empty' / 'tasks.yaml'}: holds no task: nothing to validate"]
    assert "ISSUE b-json:" in res.stderr and "ISSUE c-yaml:" in res.stderr
    assert report["g-noworld"]["issues"] == [f"{tmp_path / 'g-noworld' / 'world.json'}: cannot be read: no world.json "
                                             f"in {tmp_path / 'g-noworld'} (not a synthesized world folder)"]
    [issue] = [i for i in report["i-setup"]["issues"] if "tasks.yaml" in i]  # (the checker names the phone too)
    assert issue.startswith(f"{tmp_path / 'i-setup' / 'tasks.yaml'}: field 'defaults.setup' differs from {other} "
                            "(the world's records) at apps.contacts.data.contacts[0].phone: the suite has "), issue
    assert "ISSUE i-setup:" in res.stderr
    assert report["j-elsewhere"]["issues"] == [f"{tmp_path / 'j-moved' / 'world.json'}: field 'id' is 'j-elsewhere', "
                                               "but its folder is 'j-moved' (the tasks load as suite synth/j-moved): "
                                               "keep each world in the folder named by its id"]
    assert report["h-notasks"]["issues"] == [f"{tmp_path / 'h-notasks' / 'tasks.yaml'}: missing (the world's tasks); "
                                             "write them again with `guigym synth tasks`"]


def test_synth_tasks_refuses_to_replace_a_folder_that_is_no_world(tmp_path):
    (tmp_path / "moving-11").mkdir()
    (tmp_path / "moving-11" / "notes.txt").write_text("precious")
    res = guigym("synth", "tasks", "--worlds", "1", "--per-world", "1", "--out", str(tmp_path), "--json")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert "holds files but no world.json" in res.stderr and "nothing was written" in res.stderr
    assert "holds files but no world.json" in json.loads(res.stdout.strip().splitlines()[-1])["error"]
    assert [p.name for p in (tmp_path / "moving-11").iterdir()] == ["notes.txt"]


def test_synth_tasks_with_claude_and_no_credentials_is_one_clear_line(tmp_path, monkeypatch):
    pytest.importorskip("claude_agent_sdk")
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    for key in ("ANTHROPIC_API_KEY", "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_OAUTH_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    res = CliRunner().invoke(cli, ["synth", "tasks", "--backend", "claude", "--worlds", "1", "--out", str(tmp_path)])
    assert res.exit_code == 1 and res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "synthesis stopped: the claude backend needs ANTHROPIC_API_KEY" in res.output


def test_a_diagnosis_file_of_another_kind_is_one_line_naming_its_fields(tmp_path, monkeypatch, world):
    from click.testing import CliRunner

    import toolkit.synthesis.pipeline as pipeline
    from toolkit.cli.main import cli

    monkeypatch.setattr(pipeline, "synthesize_bank", lambda **kw: (_ for _ in ()).throw(AssertionError("ran")))
    cases = {"world.json": world.model_dump_json(), "bad.json": "{bad", "bytes.json": b"\xff\xfe"}
    said = {}
    for name, text in cases.items():
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        res = CliRunner().invoke(cli, ["synth", "tasks", "--diagnosis", str(path), "--out", str(tmp_path / "out")])
        assert res.exit_code == 1, res.output
        [line] = [ln for ln in res.output.splitlines() if ln.startswith("Error:")]
        said[name] = line
    assert "not a DiagnosisReport: run_id: Field required;" in said["world.json"]
    assert "id: Extra inputs are not permitted" in said["world.json"] and "errors.pydantic.dev" not in said["world.json"]
    assert "not valid JSON" in said["bad.json"] and "not UTF-8 text" in said["bytes.json"]
    assert all("guigym runs diagnose RUN --out FILE" in line for line in said.values())


def test_a_diagnosis_without_weak_capabilities_says_no_tag_is_favoured(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import toolkit.synthesis.pipeline as pipeline
    from toolkit.cli.main import cli
    from toolkit.diagnosis.report import DiagnosisReport
    from toolkit.synthesis.models import SynthReport

    calls = []
    monkeypatch.setattr(pipeline, "synthesize_bank", lambda **kw: calls.append(kw["weak"]) or SynthReport(
        worlds=["w"], out=str(tmp_path), accepted=1, rejected=0, cross_app_share=0.0, distinct_instructions=1))
    path = tmp_path / "diag.json"
    path.write_text(DiagnosisReport(run_id="r", attempts=2, success_rate=1.0).to_json())
    res = CliRunner().invoke(cli, ["synth", "tasks", "--diagnosis", str(path), "--out", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    assert "the report names no weak capability; no tag is favoured" in res.output and calls == [None]


@pytest.mark.parametrize("command", ["world", "tasks", "validate"])
def test_an_empty_out_is_a_usage_error_not_the_default(command):
    """`synth tasks --out ""` wrote into the default task_bank/synth (the bundled worlds), `synth validate --out ""`
    checked it, and `synth world --out ""` wrote nothing while its JSON said "out": ""."""
    res = guigym("synth", command, "--out", "")
    assert res.returncode == 2 and "Invalid value for '--out': an empty path names no file or folder" in res.stderr, \
        res.stderr[-2000:]
