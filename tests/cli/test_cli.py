"""The CLI: JSON on the last line, clear errors, no logic of its own."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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


def test_validating_an_external_benchmark_is_a_clear_error():
    res = guigym("tasks", "validate", "--suite", "miniwob", "--tasks", "click-button")
    if "no suite 'miniwob'" in res.stderr:
        pytest.skip("the miniwob package (its task pages) is not installed")
    assert res.returncode == 1 and "external benchmark (device miniwob)" in res.stderr and "Traceback" not in res.stderr


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


def _clear_error(res: subprocess.CompletedProcess, rc: int, *words: str) -> None:
    """The command stopped with ``rc``, a message holding ``words`` and no Python traceback."""
    assert res.returncode == rc, (res.returncode, res.stderr[-2000:])
    assert "Traceback" not in res.stderr, res.stderr[-2000:]
    for word in words:
        assert word in res.stderr, res.stderr[-2000:]


def test_empty_suite_is_a_usage_error(tmp_path):
    """`--suite ,` names no suite: a usage error, not an empty run that exits 0."""
    res = guigym("eval", "--suite", ",", "--out", str(tmp_path), "--json")
    _clear_error(res, 2, "'--suite'", "names no suite", "mobile-core")
    assert res.stdout == "" and list(tmp_path.iterdir()) == []


def test_unwritable_outputs_are_clear_errors(tmp_path):
    """An --out under a regular file cannot be created: each command names the option and writes nothing."""
    from toolkit.store import RunStore

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    bad = blocker / "sub"
    _clear_error(guigym("eval", "--tasks", "contacts.edit_phone", "--out", str(bad)), 1, f"--out {bad}: cannot create")
    _clear_error(guigym("synth", "tasks", "--worlds", "1", "--per-world", "1", "--out", str(bad)), 1,
                 f"--out {bad}: cannot create")
    _clear_error(guigym("apps", "gallery", "--apps", "contacts", "--out", str(bad)), 1, f"--out {bad}: cannot create")
    _clear_error(guigym("synth", "world", "--out", str(bad / "w.json")), 1, f"--out {bad / 'w.json'}: cannot write")
    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"]}, root=tmp_path / "runs")
    _clear_error(guigym("report", store.run_id, "--runs", str(tmp_path / "runs"), "--out", str(bad / "r.html")), 1,
                 f"--out {bad / 'r.html'}: cannot write the report")


def test_bad_inputs_fail_without_traceback(tmp_path, monkeypatch):
    """Unknown suites and apps, out-of-range numbers, a malformed --model URL and a bad -p value: one clear line."""
    _clear_error(guigym("synth", "audit", "--suite", "nope"), 1, "no suite 'nope'")
    _clear_error(guigym("apps", "gallery", "--apps", "nope", "--out", str(tmp_path / "g")), 1, "no app 'nope'")
    assert not list((tmp_path / "g").glob("*.png"))
    _clear_error(guigym("apps", "gallery", "--scale", "-1"), 2, "'--scale'")
    _clear_error(guigym("apps", "serve", "--port", "99999"), 2, "'--port'")
    _clear_error(guigym("mcp", "--transport", "http", "--port", "99999"), 2, "'--port'")
    res = guigym("eval", "--agent", "openai", "--model", "127.0.0.1:8000/v1", "--model-name", "m",
                 "--tasks", "contacts.edit_phone", "--out", str(tmp_path), timeout=60)  # no 120 s wait for an answer
    _clear_error(res, 1, "http(s) base URL", "'127.0.0.1:8000/v1'")
    _clear_error(guigym("bench", "--only", "history", "-p", "history.window=0"), 1, "bench history with window=0",
                 "window >= 1")
    monkeypatch.setenv("GUIGYM_RUNS", str(tmp_path / "empty"))
    _clear_error(guigym("fleet"), 1, f"no run with a fleet log under {tmp_path / 'empty'}")


def test_apps_serve_port_in_use_is_a_clear_error():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        _clear_error(guigym("apps", "serve", "--port", str(port), timeout=60), 1, f"--port {port}: cannot listen")


def test_train_malformed_recipe_is_a_clear_error(tmp_path):
    pytest.importorskip("trl")
    recipe = tmp_path / "recipe.yaml"
    recipe.write_text("model: [1,\n")
    _clear_error(guigym("train", "--config", str(recipe), "--max-steps", "1", "--output-dir", str(tmp_path / "out")), 1,
                 f"recipe {recipe}: not valid YAML")


@requires_chromium
def test_ctrl_c_keeps_finished_attempts_and_names_resume(tmp_path):
    """Ctrl-C during eval: the finished attempts stay, the message names the resume command, and resuming finishes
    every attempt exactly once."""
    import signal
    import time

    tasks = [s.id for s in load_suite("mobile-core")[:4]]
    cmd = [sys.executable, "-m", "toolkit.cli.main", "eval", "--suite", "mobile-core", "--tasks", ",".join(tasks),
           "--parallel", "1", "--out", str(tmp_path), "--json"]
    # A shell that starts jobs in the background ignores SIGINT; a person's Ctrl-C reaches a default handler.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 300
    while not any(p.stat().st_size for p in tmp_path.glob("*/attempts.jsonl")) and time.monotonic() < deadline:
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    [run_dir] = tmp_path.iterdir()
    res = subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)
    _clear_error(res, 1, "interrupted", f"guigym eval --resume {run_dir.name} --out {tmp_path}")
    kept = (run_dir / "attempts.jsonl").read_text().splitlines()
    assert 1 <= len(kept) < len(tasks)
    res = guigym("eval", "--resume", run_dir.name, "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    rows = [json.loads(line) for line in (run_dir / "attempts.jsonl").read_text().splitlines()]
    assert len(rows) == len({r["attempt_id"] for r in rows}) == len(tasks)
    assert [json.loads(line) for line in kept] == rows[:len(kept)]
