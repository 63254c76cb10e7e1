"""``guigym runs``: stored runs from the shell, on a real random-agent run (Chromium)."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_cli import guigym
from tests.conftest import requires_chromium
from toolkit.diagnosis import DiagnosisReport

pytestmark = requires_chromium
TASK = "contacts.add_note"


def last_json(res):
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """A random-agent run of two attempts of one task: (runs root, run id)."""
    root = tmp_path_factory.mktemp("runs")
    res = guigym("eval", "--agent", "random", "--suite", "mobile-core", "--tasks", TASK, "--trials", "2", "--seed", "0",
                 "--out", str(root), "--json")
    return str(root), last_json(res)["run_id"]


def test_list_and_show(run):
    root, run_id = run
    [info] = last_json(guigym("runs", "list", "--runs", root, "--json"))
    assert info["run_id"] == run_id and info["attempts"] == 2 and info["agent"] == "random"
    summary = last_json(guigym("runs", "show", run_id, "--runs", root, "--tasks", "--json"))
    assert summary["suites"]["mobile-core"]["attempts"] == 2
    assert [t["task_id"] for t in summary["tasks"]] == [f"mobile-core/{TASK}"]
    assert [r["app"] for r in summary["by_app"]] == ["contacts"]
    text = guigym("runs", "show", run_id, "--runs", root)
    assert text.returncode == 0 and "mobile-core" in text.stdout and "by tag" in text.stdout


def test_attempt_shows_every_step(run):
    root, run_id = run
    aid = f"mobile-core__{TASK}__t0"
    found = last_json(guigym("runs", "attempt", f"{run_id}/{aid}", "--runs", root, "--json"))
    steps = found["steps"]
    assert found["attempt"]["row"]["attempt_id"] == aid and len(steps) == found["attempt"]["steps"] > 0
    assert [s["index"] for s in steps] == list(range(len(steps)))
    assert all(s["output"].startswith("Thought:") and s["screenshot_after"].endswith(".jpg") for s in steps)
    text = guigym("runs", "attempt", aid, "--run", run_id, "--runs", root)  # the same attempt, run given apart
    assert text.returncode == 0, text.stderr
    assert found["attempt"]["instance"]["instruction"] in text.stdout and f"{len(steps)} steps" in text.stdout


def test_compare_two_attempts(run):
    root, run_id = run
    a, b = (f"mobile-core__{TASK}__t{i}" for i in (0, 1))
    found = last_json(guigym("runs", "compare", a, b, "--run", run_id, "--runs", root, "--json"))
    assert found["a"]["attempt_id"] == a and found["b"]["attempt_id"] == b
    assert found["same_instance"] is False  # two trials sample two instances of the template
    assert found["first_divergence"] is None or found["a_step"]["index"] == found["first_divergence"]


def test_diagnose_writes_the_report_synth_reads(run, tmp_path):
    root, run_id = run
    out = tmp_path / "diag" / "report.json"
    res = guigym("runs", "diagnose", run_id, "--runs", root, "--out", str(out), "--json")
    report = DiagnosisReport.model_validate_json(out.read_text())
    assert last_json(res) == report.model_dump(mode="json")
    assert report.run_id == run_id and report.attempts == 2 and "# Diagnosis of run" in res.stderr
    text = guigym("runs", "diagnose", run_id, "--runs", root, "--examples", "0")
    assert text.stdout.startswith(f"# Diagnosis of run `{run_id}`") and "## Weakest capabilities" in text.stdout


def test_unknown_runs_and_attempts_name_the_argument(run):
    root, run_id = run
    for args, said in ((("runs", "show", "nope"), "RUN: no run 'nope'"),
                       (("runs", "diagnose", "nope"), "RUN: no run 'nope'"),
                       (("runs", "attempt", "nope", "--run", run_id), f"ATTEMPT: run {run_id} has no attempt 'nope'"),
                       (("runs", "attempt", "x", "--run", "nope"), "--run: no run 'nope'"),
                       (("runs", "compare", "a", "b", "--run", run_id), "ATTEMPT_A:")):
        res = guigym(*args, "--runs", root)
        assert res.returncode == 1 and said in res.stderr and "Traceback" not in res.stderr, (args, res.stderr)


def test_diagnose_of_a_run_with_no_attempts_lists_every_action_finding(tmp_path):
    from toolkit.diagnosis.report import ACTION_FINDINGS
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"]}, root=tmp_path)
    res = guigym("runs", "diagnose", store.run_id, "--runs", str(tmp_path), "--json")
    report = last_json(res)
    assert report["attempts"] == 0 and report["action_counts"] == {k: 0 for k in ACTION_FINDINGS}
    assert "No finished attempts" in res.stderr and all(f"| {k} | 0 |" in res.stderr for k in ACTION_FINDINGS)


def test_a_hand_edited_row_of_the_wrong_type_is_a_clear_error_naming_file_and_line(tmp_path):
    """``"steps": "3"`` in attempts.jsonl was a pandas traceback ("Could not convert '3' to numeric") from ``runs show``
    and ``report``; every command now stops with the file, line and field, and ``runs list`` still lists the run."""
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"]}, root=tmp_path)
    store.append_attempt({"attempt_id": "a__t0", "task_id": "mobile-core/a", "trial": 0, "steps": "3",
                          "outcome": "success"})
    said = f"{store.dir / 'attempts.jsonl'} line 1: field 'steps'"
    for args in (("runs", "show", store.run_id), ("runs", "diagnose", store.run_id), ("report", store.run_id)):
        res = guigym(*args, "--runs", str(tmp_path))
        assert res.returncode == 1 and said in res.stderr and "Traceback" not in res.stderr, (args, res.stderr)
    [info] = last_json(guigym("runs", "list", "--runs", str(tmp_path), "--json"))
    assert info["purpose"] == "unknown (attempts.jsonl unreadable)"


def test_show_gives_no_rates_for_a_suite_with_no_scored_attempt(tmp_path):
    """Every verifier failed: the suite's SR was shown as 0.000 (an agent that failed all), where the report and
    the by-app / by-tag rows say n/a and why."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["s", "t"]}, root=tmp_path)
    add_attempt(store, "a", 0, "verifier_error", plan(), verifier_error="boom", suite="s")
    add_attempt(store, "b", 0, "success", plan(), suite="t")
    res = guigym("runs", "show", store.run_id, "--runs", str(tmp_path))
    assert res.returncode == 0, res.stderr
    rows = {line.split()[1]: line for line in res.stdout.splitlines() if line.startswith("│ ")}
    assert rows["s"].count("n/a") == 8 and "0.000" not in rows["s"], rows["s"]
    assert "1.000" in rows["t"] and "n/a" not in rows["t"]
    assert "s: n/a — 1 verifier error" in res.stdout


def test_show_says_what_the_rates_leave_out_as_eval_does(tmp_path):
    """Reruns after a model outage and verifier errors have no column: a run that had them showed env_errors 0 and
    nothing else, where eval's table ends with the line that counts them."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "openai", "suites": ["s"]}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "success", plan())
    add_attempt(store, "b", 0, "failure", plan())
    add_attempt(store, "c", 0, "verifier_error", plan(), verifier_error="boom")
    for attempt in (0, 1):  # two tries of the first attempt met a model outage before it finished
        store.append_env_error({"attempt_id": aid, "task_id": "s/a", "trial": 0, "try": attempt, "kind": "model",
                                "op": "policy", "message": "ConnectError"})
    res = guigym("runs", "show", store.run_id, "--runs", str(tmp_path))
    assert res.returncode == 0, res.stderr
    assert "left out of the rates: verifier_errors 1, model_errors 2" in res.stdout, res.stdout


def test_a_run_opened_from_inside_its_folder_keeps_its_id(tmp_path):
    """``cd runs/<run> && guigym runs show .`` titled the run "run " and gave "run_id": "" (the name of ".")."""
    import subprocess
    import sys

    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path)
    add_attempt(store, "a", 0, "success", plan())
    for where, run in ((store.dir, "."), (store.dir / "trajectories", "..")):
        res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "runs", "show", run, "--json"], cwd=where,
                             capture_output=True, text=True, timeout=120)
        assert last_json(res)["run_id"] == store.run_id


def test_attempt_with_a_damaged_step_says_which_steps_are_missing(tmp_path):
    """A damaged step line was dropped from the table without a word but a Python UserWarning, printed with the
    store's source path and code line as if the command had crashed."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "failure", plan())
    path = store.dir / "trajectories" / f"{aid}.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join([*lines[:2], "{damaged\n", *lines[3:]]))  # header, step 0, (step 1), step 2, verdict
    res = guigym("runs", "attempt", f"{store.dir}/{aid}")
    assert res.returncode == 0, res.stderr
    assert "2 of its 3 steps are readable: its trajectory file is damaged (missing: 1)" in res.stdout
    assert f"warning: {path} line 3: not a JSON object, skipped" in res.stderr
    assert "UserWarning" not in res.stderr and "store.py" not in res.stderr, res.stderr


def test_attempt_prints_a_non_ascii_answer_as_written(tmp_path):
    """The answer line printed ``"Zo\\u00eb"`` (JSON's ASCII escapes) for an agent that answered ``Zoë``."""
    import json as json_module

    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "success", plan())
    path = store.dir / "trajectories" / f"{aid}.jsonl"
    records = [json_module.loads(line) for line in path.read_text().splitlines()]
    records[-1]["answer"] = {"name": "Zoë Ångström", "city": "東京"}
    store.write_trajectory(aid, records)
    res = guigym("runs", "attempt", aid, "--run", store.run_id, "--runs", str(tmp_path))
    assert res.returncode == 0, res.stderr
    assert 'answer: {"name": "Zoë Ångström", "city": "東京"}' in res.stdout, res.stdout


def _unscored_run(tmp_path):
    """A run of two suites: every attempt of ``s`` failed in the env on each try, ``t`` has one success."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore, attempt_id

    store = RunStore.create({"agent": "reference", "suites": ["s", "t"]}, root=tmp_path)
    for _ in range(2):
        store.append_env_error({"attempt_id": attempt_id("s/a", 0), "task_id": "s/a", "suite": "s", "trial": 0,
                                "kind": "crash", "op": "step", "message": "page closed"})
    add_attempt(store, "b", 0, "success", plan(), suite="t")
    return store


def test_show_json_gives_null_rates_for_a_suite_with_nothing_scored(tmp_path):
    """Every attempt of a suite failed in the env: ``runs show --json`` gave SR 0.0 (an agent that failed all) where the
    text view says n/a; its rates are null now, its counts stay numbers."""
    store = _unscored_run(tmp_path)
    summary = last_json(guigym("runs", "show", store.run_id, "--runs", str(tmp_path), "--json"))
    s, t = summary["suites"]["s"], summary["suites"]["t"]
    rates = ("SR", "PR", "FC", "OT", "USE", "pass@n", "pass^n", "mean_steps")
    assert all(s[k] is None for k in rates), s
    assert (s["attempts"], s["env_errors"], s["unfinished"]) == (0, 2, 1)
    assert t["SR"] == 1.0 and all(isinstance(t[k], float) for k in rates)


async def test_the_mcp_run_summary_gives_null_rates_for_a_suite_with_nothing_scored(tmp_path):
    pytest.importorskip("mcp")
    from mcp import Client

    from mcp_server import build_server

    store = _unscored_run(tmp_path)
    async with Client(build_server(str(tmp_path))) as client:
        result = await client.call_tool("run_summary", {"run_id": store.run_id})
    assert not result.is_error, result.content
    s = result.structured_content["suites"]["s"]
    assert s["SR"] is None and s["PR"] is None and s["unfinished"] == 1
    assert result.structured_content["suites"]["t"]["SR"] == 1.0


def test_runs_commands_on_odd_runs_say_what_they_found(tmp_path):
    """A bug bash of ``guigym runs`` on odd folders: a run with a manifest only, one whose attempts all failed in the
    env, a folder with no manifest, a prefix of two run ids, ``--runs`` given a run folder."""
    from toolkit.store import RunStore

    root = str(tmp_path)
    bare = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path, run_id="20250101-000000-bare-aaaa")
    RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path, run_id="20250101-000000-other-bbbb")
    failed = _unscored_run(tmp_path)
    (tmp_path / "20250102-no-manifest").mkdir()

    # list: a run with nothing scored had SR 0.000 (an agent that failed all); it is n/a and null now
    infos = {r["run_id"]: r for r in last_json(guigym("runs", "list", "--runs", root, "--json"))}
    assert infos[bare.run_id]["SR"] is None and infos[failed.run_id]["SR"] == 1.0  # t's success; s is unfinished
    text = guigym("runs", "list", "--runs", root)
    [row] = [line for line in text.stdout.splitlines() if bare.run_id in line]
    assert "n/a" in row and "0.000" not in row, row
    # show of a run with a manifest only: empty tables and nothing else read like a broken command
    res = guigym("runs", "show", bare.run_id, "--runs", root)
    assert res.returncode == 0 and "no attempt of this run has finished yet" in res.stdout, res.stdout
    assert last_json(guigym("runs", "show", bare.run_id, "--runs", root, "--json"))["suites"] == {}
    # a prefix of two run ids: not taken (it may name another run later), the runs it starts are named
    res = guigym("runs", "show", "20250101", "--runs", root)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert f"did you mean {bare.run_id.replace('bare-aaaa', 'other-bbbb')}, {bare.run_id}?" in res.stderr, res.stderr
    # a folder without a manifest says why it is not a run
    res = guigym("runs", "diagnose", "20250102-no-manifest", "--runs", root)
    assert res.returncode == 1 and "that folder exists but holds no manifest.json" in res.stderr, res.stderr
    res = guigym("runs", "show", "", "--runs", root)  # "" looked for the runs folder's own manifest.json
    assert res.returncode == 1 and "RUN: no run ''" in res.stderr and "Traceback" not in res.stderr
    # an unfinished attempt (every try failed in the env) says so, with its last error
    res = guigym("runs", "attempt", "s__a__t0", "--run", failed.run_id, "--runs", root)
    assert res.returncode == 1 and "it is unfinished, 2 tries failed" in res.stderr, res.stderr
    assert "last: crash during step: page closed" in res.stderr
    # --runs given a run folder listed "0 runs" and nothing else
    res = guigym("runs", "list", "--runs", str(bare.dir))
    assert res.returncode == 0 and f"is a run folder, not a folder of runs: --runs {tmp_path.resolve()}" in res.stderr


def test_a_run_whose_rows_lack_fields_shows_diagnoses_and_reports(tmp_path):
    """Rows of an older version (or made by hand) may hold only some fields: ``runs show`` said "Error: 'progress'",
    ``runs diagnose`` "Error: 'termination'" and ``report`` ended in a KeyError traceback. A rate with no data is n/a
    (null in --json: JSON has no NaN)."""
    run = tmp_path / "20250108-old"
    run.mkdir()
    (run / "manifest.json").write_text('{"run_id": "20250108-old", "agent": "x", "suites": ["s"]}')
    (run / "attempts.jsonl").write_text(
        '{"attempt_id": "s__a__t0", "task_id": "s/a", "suite": "s", "trial": 0, "outcome": "success", "apps": ["c"]}\n'
        '{"attempt_id": "s__a__t1", "task_id": "s/a", "suite": "s", "trial": 1, "outcome": "failure", "steps": 2}\n')

    def strict(res):  # json.loads takes NaN; a JSON reader elsewhere does not
        assert res.returncode == 0, res.stderr[-2000:]
        return json.loads(res.stdout.strip().splitlines()[-1], parse_constant=lambda c: pytest.fail(f"{c} in JSON"))

    summary = strict(guigym("runs", "show", run.name, "--runs", str(tmp_path), "--tasks", "--json"))
    s = summary["suites"]["s"]
    assert (s["attempts"], s["SR"], s["PR"], s["mean_steps"]) == (2, 0.5, None, 2.0)
    assert summary["by_app"] == [{"app": "c", "attempts": 1, "SR": 1.0, "PR": None}]
    text = guigym("runs", "show", run.name, "--runs", str(tmp_path), "--tasks")
    assert "nan" not in text.stdout and "None" not in text.stdout, text.stdout
    report = strict(guigym("runs", "diagnose", run.name, "--runs", str(tmp_path), "--json"))
    assert report["attempts"] == 2 and len(report["trajectories"]["missing_steps"]) == 2
    res = guigym("report", run.name, "--runs", str(tmp_path))
    assert res.returncode == 0 and "Traceback" not in res.stderr and (run / "report.html").is_file(), res.stderr[-2000:]
    assert "? steps" in (run / "report.html").read_text()


def test_an_attempt_is_found_by_its_run_folders_path_and_id(tmp_path):
    """``runs attempt runs/<run>/<attempt>`` (a path as a shell completes it) split at the first slash: "no run 'runs'"."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path / "runs")
    aid = add_attempt(store, "a", 0, "success", plan())
    found = last_json(guigym("runs", "attempt", f"{store.dir}/{aid}", "--json"))
    assert found["attempt"]["run_id"] == store.run_id and len(found["steps"]) == 3
    other = last_json(guigym("runs", "compare", f"{store.dir}/{aid}", f"{store.dir}/{aid}", "--json"))
    assert other["first_divergence"] is None
