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


def test_an_error_under_json_ends_stdout_with_an_error_object():
    """A script reading the last line of ``--json`` got nothing (or an earlier line) when the command failed early."""
    res = guigym("eval", "--suite", "nope", "--json")
    assert res.returncode == 1 and "no suite 'nope'" in res.stderr
    assert "no suite 'nope'" in json.loads(res.stdout.strip().splitlines()[-1])["error"]
    res = guigym("runs", "show", "no-such-run", "--json")
    assert res.returncode == 1 and set(json.loads(res.stdout.strip().splitlines()[-1])) == {"error"}


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
    # resuming a finished run: its progress line shows the run's SR (1.00), not 0.00 for no new attempt
    res = guigym("eval", "--resume", obj["run_id"], "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    assert "2/2" in res.stderr and "SR 1.00" in res.stderr and "SR 0.00" not in res.stderr, res.stderr[-2000:]
    assert json.loads(res.stdout.strip().splitlines()[-1])["suites"]["mobile-core"]["SR"] == 1.0


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
    assert "names no suite" in json.loads(res.stdout)["error"] and list(tmp_path.iterdir()) == []


def _guigym_in(root, *args: str) -> subprocess.CompletedProcess:
    """Run guigym with ``root`` as its repository root (its own task_bank/, the mocked apps linked in)."""
    import os

    from toolkit.paths import MOCKED_APPS

    if not (root / "mocked_apps").exists():
        (root / "mocked_apps").symlink_to(MOCKED_APPS)
    return subprocess.run([sys.executable, "-m", "toolkit.cli.main", *args], capture_output=True, text=True,
                          timeout=600, env={**os.environ, "GUIGYM_ROOT": str(root)})


def test_validating_a_selection_of_no_task_fails(tmp_path):
    """A suite whose file lists no task: `tasks validate` exits 1 saying so, not "0/0 tasks passed"."""
    (tmp_path / "task_bank" / "empty").mkdir(parents=True)
    (tmp_path / "task_bank" / "empty" / "tasks.yaml").write_text("tasks: []\n")
    res = _guigym_in(tmp_path, "tasks", "validate", "--suite", "empty", "--json")
    _clear_error(res, 1, "--suite empty: the selected suite(s) hold no task: nothing to validate")
    assert json.loads(res.stdout) == {"error": "--suite empty: the selected suite(s) hold no task: nothing to validate"}


@requires_chromium
def test_fail_lines_print_bracketed_text_verbatim(tmp_path):
    """A failure message holding rich markup ([/] alone, [bold], a state path's [id=c1]) prints as written."""
    from tests.conftest import write_suite

    text = "closing [/] before [bold]opening at contacts[id=c1]"
    write_suite(tmp_path / "task_bank", py_text=f"def right(ctx):\n    raise ValueError({text!r})\n")
    res = _guigym_in(tmp_path, "tasks", "validate", "--suite", "demo", "--random", "0", "--instances", "1")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    printed = " ".join(res.stdout.split())  # the console wraps long lines
    assert "FAIL demo/answer.count reference: seed 0:" in printed and text in printed, printed


def test_unwritable_outputs_are_clear_errors(tmp_path):
    """An --out under a regular file cannot be created: each command names the option and the file in the way
    (the report and the diagnosis said a bare "File exists", the others "Not a directory"), and writes nothing."""
    from toolkit.store import RunStore

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    bad = blocker / "sub"
    why = f"({blocker} is a file, not a folder)"
    _clear_error(guigym("eval", "--tasks", "contacts.edit_phone", "--out", str(bad)), 1, f"--out {bad}: cannot create")
    _clear_error(guigym("synth", "tasks", "--worlds", "1", "--per-world", "1", "--out", str(bad)), 1,
                 f"--out {bad}: cannot create this folder: {blocker} is a file")  # toolkit.paths.out_folder_problem
    _clear_error(guigym("apps", "gallery", "--apps", "contacts", "--out", str(bad)), 1, f"--out {bad}: cannot create")
    _clear_error(guigym("synth", "world", "--out", str(bad / "w.json")), 1, f"--out {bad / 'w.json'}: cannot write")
    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"]}, root=tmp_path / "runs")
    _clear_error(guigym("report", store.run_id, "--runs", str(tmp_path / "runs"), "--out", str(blocker / "r.html")), 1,
                 f"--out {blocker / 'r.html'}: cannot write the report {why}")
    _clear_error(guigym("runs", "diagnose", store.run_id, "--runs", str(tmp_path / "runs"), "--out",
                        str(blocker / "d.json")), 1, f"--out {blocker / 'd.json'}: cannot write the report {why}")


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
    _clear_error(guigym("bench", "--only", "history", "-p", "history.window=0"), 1,
                 "--param 'history.window=0': bench history's window takes int >= 1")
    # a -p value of the wrong type is refused before the section starts (no Chromium booted to learn it)
    res = guigym("bench", "--only", "env", "-p", "env.instances=abc")
    _clear_error(res, 1, "--param 'env.instances=abc': bench env's instances takes int")
    assert "bench env …" not in res.stderr
    monkeypatch.setenv("GUIGYM_RUNS", str(tmp_path / "empty"))
    _clear_error(guigym("fleet"), 1, f"no run with a fleet log under {tmp_path / 'empty'}")
    # an error the API raises about one of its arguments names the command's flag for it
    _clear_error(guigym("fleet", "--run", "nosuch"), 1, "--run: no run 'nosuch'")
    _clear_error(guigym("eval", "--ray-address", "127.0.0.1:1", "--tasks", "contacts.favorite", "--out", str(tmp_path)), 1,
                 "--ray-address: only with backend 'ray'")


def test_a_runs_folder_from_guigym_runs_that_is_a_file_is_named(tmp_path, monkeypatch):
    """$GUIGYM_RUNS set to a file: eval failed with a NotADirectoryError traceback (and no JSON line), runs list
    printed "0 runs", and an attempt looked up in every run said "no run under runs/" for the folder it searched."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("GUIGYM_RUNS", str(blocker))
    why = f"$GUIGYM_RUNS {blocker} is a file; expected a folder for the output (made when missing)"
    res = guigym("eval", "--tasks", "contacts.edit_phone", "--json")
    _clear_error(res, 1, why)
    assert json.loads(res.stdout.strip().splitlines()[-1]) == {"error": why}
    _clear_error(guigym("runs", "list"), 1, f"$GUIGYM_RUNS {blocker}: a file, not a folder of runs")
    monkeypatch.setenv("GUIGYM_RUNS", str(tmp_path))
    _clear_error(guigym("runs", "attempt", "nope"), 1, f"no run under {tmp_path} has attempt 'nope'")


@requires_chromium
def test_a_run_stopped_by_its_model_still_ends_with_its_json_line(tmp_path):
    """An endpoint that refuses every request (404) stops the run: exit 1, the error on stderr, and --json's last stdout
    line names the run (to resume) and the error."""
    import http.server
    import threading

    class Refuse(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.send_response(404)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        res = guigym("eval", "--agent", "openai", "--model", f"http://127.0.0.1:{server.server_port}/v1", "--model-name", "m",
                     "--tasks", "contacts.favorite", "--out", str(tmp_path), "--json", timeout=120)
    finally:
        server.shutdown()
    _clear_error(res, 1, "--resume")
    last = json.loads(res.stdout.strip().splitlines()[-1])
    assert set(last) == {"run_id", "run_dir", "error"} and "--resume" in last["error"]
    assert len(res.stdout.strip().splitlines()) == 1  # one JSON line: the run's, with its error
    assert (tmp_path / last["run_id"] / "manifest.json").exists()


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


def test_comma_lists_strip_spaces_and_refuse_empty_entries():
    """`--tasks "a, b"` means a and b (no ' b'), in every option the CLI splits; an empty entry is a usage error."""
    res = guigym("tasks", "list", "--suite", " mobile-core , web", "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    assert {row["suite"] for row in json.loads(res.stdout.strip().splitlines()[-1])} == {"mobile-core", "web"}
    res = guigym("eval", "--suite", "mobile-core", "--tasks", "contacts.edit_phone, nope")
    _clear_error(res, 1, "unknown task id(s) ['nope']")
    assert "' nope'" not in res.stderr
    res = guigym("synth", "audit", "--suite", "mobile-core, nope")
    _clear_error(res, 1, "no suite 'nope'")
    assert "' nope'" not in res.stderr
    _clear_error(guigym("tasks", "validate", "--suite", "mobile-core", "--tasks", "contacts.edit_phone,,x"), 2,
                 "'--tasks'", "entry 2 is empty")
    _clear_error(guigym("eval", "--suite", "mobile-core,", "--tasks", "contacts.edit_phone"), 2,
                 "'--suite'", "entry 2 is empty", "known: ", "miniwob")
    _clear_error(guigym("bench", "--only", "env, "), 2, "'--only'", "entry 2 is empty", "known: ")
    _clear_error(guigym("synth", "tasks", "--weak", ",counting"), 2, "'--weak'", "entry 1 is empty")
    _clear_error(guigym("apps", "gallery", "--apps", " ", "--out", "/nonexistent/never-created"), 2, "'--apps'",
                 "names no app")


def test_history_window_errors_name_the_options(tmp_path):
    """Bad --window/--overlap values are usage errors that name the options (not HistoryConfig's K and O), and say
    which value was not typed: a default, or the resumed run's stored one."""
    from toolkit.store import RunStore

    for args, words in ((["--window", "0"], ["'--window'", "x>=1"]),
                        (["--overlap", "-1"], ["'--overlap'", "x>=0"]),
                        (["--window", "4", "--overlap", "4"], ["--overlap 4 must be less than --window 4:"]),
                        (["--window", "2"], ["--overlap 2 (the default) must be less than --window 2:"])):
        res = guigym("eval", "--tasks", "contacts.edit_phone", "--out", str(tmp_path), *args)
        _clear_error(res, 2, *words)
        assert "K=" not in res.stderr and "O=" not in res.stderr
    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"],
                             "harness": {"history": {"window": 4, "overlap": 1}}}, root=tmp_path / "runs")
    res = guigym("eval", "--resume", store.run_id, "--out", str(tmp_path / "runs"), "--overlap", "5")
    _clear_error(res, 2, "--overlap 5 must be less than --window 4 (the resumed run's)")
    # docs/harness.md: with last_k, --window and --overlap do not apply; they ran ignored, as if they had
    res = guigym("eval", "--tasks", "contacts.edit_phone", "--out", str(tmp_path), "--history", "last_k", "--window", "5")
    _clear_error(res, 2, "--window set the window-wise history; --history last_k keeps the last 3 steps' screenshots (and the current one)")


def test_apps_serve_and_mcp_default_to_different_ports():
    """`guigym apps serve` and `guigym mcp --transport http` can run side by side with their defaults; the MCP one is
    the documented 8765 (skills/diagnose-failures)."""
    import re

    def default_port(*command: str) -> int:
        res = guigym(*command, "--help")
        assert res.returncode == 0, res.stderr[-2000:]
        text = " ".join(res.stdout.split())  # click wraps the help; the option and its default may be lines apart
        return int(re.search(r"--port INTEGER RANGE .*?default: (\d+)", text).group(1))

    assert default_port("mcp") == 8765
    assert default_port("apps", "serve") not in (8765, 0)


def test_unknown_suite_lists_every_suite_a_user_can_pass():
    """The loader's "no suite" error names the file suites, the folder of suites (synth) and the code suites."""
    from toolkit.tasks.loader import known_suites

    res = guigym("tasks", "list", "--suite", "nope")
    _clear_error(res, 1, "no suite 'nope'", "miniwob", "osworld", "mobile-core")
    assert f"(known: {', '.join(known_suites())})" in res.stderr.replace("\n", "")


def test_synth_world_persona_past_the_pool_is_a_usage_error():
    """--persona N past the offline pool is refused with the pool listed (it used to wrap: N named persona N % size),
    and the help says so."""
    from toolkit.synthesis.offline.pools import PERSONAS

    size = len(PERSONAS)
    _clear_error(guigym("synth", "world", "--persona", str(size)), 2, "'--persona'", "past the end",
                 f"0 to {size - 1}", PERSONAS[0].summary)
    _clear_error(guigym("synth", "world", "--persona", "-1"), 2, "'--persona'", "x>=0")
    assert "an index past its end is an error" in " ".join(guigym("synth", "world", "--help").stdout.split())


def _tiny_recipe(tmp_path, **edits):
    import yaml

    from toolkit.paths import REPO_ROOT

    recipe = yaml.safe_load((REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml").read_text())
    for section, values in edits.items():
        recipe[section] = {**(recipe.get(section) or {}), **values}
    path = tmp_path / "recipe.yaml"
    path.write_text(yaml.safe_dump(recipe))
    return path


@pytest.mark.parametrize("checkpoint, words", [
    ("{tmp}/missing", "no such folder"),
    ("{tmp}", "is not a model folder (no config.json)"),
    ("nobody-here/no-such-model", "nor a hub id in the local Hugging Face cache"),
])
def test_train_refuses_a_bad_checkpoint_by_key_before_any_work(tmp_path, checkpoint, words):
    pytest.importorskip("trl")
    checkpoint = checkpoint.format(tmp=tmp_path)
    recipe = _tiny_recipe(tmp_path, model={"checkpoint": checkpoint})
    res = guigym("train", "--config", str(recipe), "--output-dir", str(tmp_path / "out"), timeout=120)
    _clear_error(res, 1, f"recipe {recipe}: recipe key 'model.checkpoint' is '{checkpoint}'", words)
    assert not (tmp_path / "out").exists()


def test_train_output_dir_that_cannot_be_created_is_a_clear_error(tmp_path):
    pytest.importorskip("trl")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    res = guigym("train", "--config", str(_tiny_recipe(tmp_path)), "--output-dir", str(blocker / "out"), timeout=300)
    _clear_error(res, 1, f"--output-dir: {blocker / 'out'}: cannot create this folder: {blocker} is a file; expected a "
                         "folder for the training run")


def test_train_into_a_folder_holding_a_run_is_a_clear_error(tmp_path):
    """Without --resume the new run's checkpoints would replace the old run's silently (transformers' behaviour)."""
    pytest.importorskip("trl")
    out = tmp_path / "out"
    (out / "checkpoint-2").mkdir(parents=True)
    (out / "checkpoint-2" / "trainer_state.json").write_text('{"global_step": 2}')
    res = guigym("train", "--config", str(_tiny_recipe(tmp_path)), "--output-dir", str(out), timeout=300)
    _clear_error(res, 1, f"--output-dir: {out}: this folder already holds a run (checkpoint-2); pass --resume last",
                 "--overwrite-output-dir")
    assert sorted(p.name for p in out.iterdir()) == ["checkpoint-2"]


def test_mcp_http_on_a_busy_port_or_a_bad_host_is_a_clear_error():
    pytest.importorskip("mcp")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        res = guigym("mcp", "--transport", "http", "--port", str(port), timeout=60)
        _clear_error(res, 1, f"Error: --port: cannot listen on 127.0.0.1 port {port} (Address already in use)")
    res = guigym("mcp", "--transport", "http", "--host", "no-such-host.invalid", "--token", "t", timeout=60)
    _clear_error(res, 1, "Error: --host: cannot resolve 'no-such-host.invalid'")
    res = guigym("mcp", "--transport", "http", "--host", "192.0.2.1", "--token", "t", timeout=60)  # TEST-NET-1: not ours
    _clear_error(res, 1, "Error: --host: cannot listen on 192.0.2.1 port 8765")


@pytest.mark.timeout(120)
def test_mcp_http_says_where_it_listens():
    """--port 0 takes any free port: the line on stderr names the one it got, and that URL answers."""
    pytest.importorskip("mcp")
    import httpx

    proc = subprocess.Popen([sys.executable, "-m", "toolkit.cli.main", "mcp", "--transport", "http", "--port", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in proc.stderr:  # log lines may come first; EOF (the server died) ends the loop
            lines.append(line)
            if "listening on" in line:
                break
        announced = [line for line in lines if "listening on" in line]
        assert announced, "".join(lines)
        url = announced[0].split("listening on ", 1)[1].strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp") and not url.startswith("http://127.0.0.1:0/")
        assert httpx.post(url, json={}).status_code < 500  # the MCP endpoint answers (it refuses an empty message)
    finally:
        proc.terminate()
        proc.wait(30)


@requires_chromium
def test_train_that_stops_with_no_trainable_token_is_one_error_line(tmp_path):
    """rollout.max_total_length just above what the check before any work counts (system message, an empty task line,
    the screenshot): every window, with its real task line and turn, is longer, so the run stops after its first
    rollout with a stated reason."""
    pytest.importorskip("trl")
    from toolkit.models.tiny import build_tiny_qwen3vl, load_processor
    from toolkit.training.recipe import window_floor

    recipe = {"model": {"format": "text-v1"}}
    floor = window_floor(recipe, load_processor(build_tiny_qwen3vl(tmp_path / "m", seed=0, max_pixels=16384)), "phone")
    path = _tiny_recipe(tmp_path, rollout={"max_total_length": floor + 2},
                        model={"tiny": {"seed": 0, "max_pixels": 16384}})  # no warm start: the reward does not matter
    res = guigym("train", "--config", str(path), "--max-steps", "1", "--output-dir", str(tmp_path / "out"), timeout=600)
    _clear_error(res, 1, "no trainable tokens in this generation batch", "rollout.max_total_length")
    assert not (tmp_path / "out" / "final").exists()
