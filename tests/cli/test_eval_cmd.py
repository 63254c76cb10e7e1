"""``guigym eval --resume`` of a run whose manifest is damaged or hand-made: a clear error naming it, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_cli import guigym
from tests.conftest import requires_chromium


@pytest.mark.parametrize("manifest, said", [
    ("{bad", "manifest.json: not valid JSON"),
    ("[1, 2]", "manifest.json: expected a JSON object, got list"),  # was: AttributeError traceback
    ('{"agent": "reference", "suites": ["mobile-core"]}', "its manifest.json has no trials, seed"),  # was: KeyError 'trials'
    # a misspelt harness field was dropped: the resumed half ran with the default loop limit
    ('{"agent": "reference", "suites": ["mobile-core"], "trials": 1, "seed": 0, "harness": {"loop_limt": 5}}',
     "run r1: manifest.json harness: harness config: unknown field 'loop_limt'"),
])
def test_resuming_a_run_with_a_bad_manifest_is_a_clear_error(tmp_path, manifest, said):
    (tmp_path / "r1").mkdir()
    (tmp_path / "r1" / "manifest.json").write_text(manifest)
    res = guigym("eval", "--resume", "r1", "--out", str(tmp_path), "--json")
    assert res.returncode == 1 and "Traceback" not in res.stderr and said in res.stderr, res.stderr[-2000:]
    assert said in json.loads(res.stdout.strip().splitlines()[-1])["error"]
    assert sorted(p.name for p in (tmp_path / "r1").iterdir()) == ["manifest.json"]  # nothing written


def test_a_run_that_does_not_exist_is_named_by_its_option(tmp_path):
    """`--resume nope` and `--agent replay --model nope` said only "no run 'nope'", not which option named it."""
    for args, said in ((["--resume", "nope"], "--resume: no run 'nope'"),
                       (["--agent", "replay", "--model", "nope"], "--model: no run 'nope'")):
        res = guigym("eval", *args, "--out", str(tmp_path), "--json")
        assert res.returncode == 1 and said in res.stderr and "Traceback" not in res.stderr, res.stderr[-2000:]
        assert json.loads(res.stdout.strip().splitlines()[-1])["error"].startswith(said)


@pytest.mark.parametrize("option", [["--format", "json"], ["--coords", "pixels"]])
def test_a_format_typed_for_a_replay_is_refused_not_dropped(tmp_path, option):
    """The replay reads the stored outputs in the run's own format and space: a typed --format/--coords was dropped
    without a word (the run and its manifest used the stored one)."""
    res = guigym("eval", "--agent", "replay", "--model", "some-run", *option, "--out", str(tmp_path), "--json")
    assert res.returncode == 1 and "do not apply to --agent replay" in res.stderr and "Traceback" not in res.stderr
    assert not any(tmp_path.iterdir())


def test_a_suite_with_nothing_scored_shows_n_a_and_null_rates_not_zeros(tmp_path):
    """The eval table and --json gave SR 0.0 for a suite whose every attempt was a verifier error (an agent that failed
    all, to the reader); they say n/a and null now. Shown on the resume of a run whose only attempt is stored."""
    from toolkit.store import RunStore, attempt_id

    task = "mobile-core/contacts.block"
    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"], "tasks": ["contacts.block"], "trials": 1,
                             "seed": 0}, root=tmp_path)
    store.write_trajectory(attempt_id(task, 0), [{"kind": "attempt"}])
    store.append_attempt({"attempt_id": attempt_id(task, 0), "task_id": task, "suite": "mobile-core", "trial": 0,
                          "outcome": "verifier_error", "progress": 0.0, "clean": True, "steps": 2, "success": False,
                          "verifier_error": "boom"})
    res = guigym("eval", "--resume", store.run_id, "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    suite = json.loads(res.stdout.strip().splitlines()[-1])["suites"]["mobile-core"]
    assert suite["SR"] is None and suite["mean_steps"] is None and suite["verifier_errors"] == 1
    [row] = [line for line in res.stderr.splitlines() if "mobile-core" in line and "│" in line]
    assert row.count("n/a") == 8 and "0.0" not in row.split("│", 2)[2], row


def test_resuming_a_run_folder_that_holds_only_its_manifest_runs_its_attempts(tmp_path):
    """A run folder with a manifest and nothing else (copied without its subfolders, or made by hand) failed at its
    first finished attempt: "No such file or directory: .../trajectories/.<attempt>.jsonl.tmp"."""
    run = tmp_path / "m1"
    run.mkdir()
    (run / "manifest.json").write_text('{"run_id": "m1", "agent": "reference", "suites": ["mobile-core"], '
                                       '"tasks": ["contacts.block"], "trials": 1, "seed": 0}')
    res = guigym("eval", "--resume", "m1", "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    assert json.loads(res.stdout.strip().splitlines()[-1])["suites"]["mobile-core"]["SR"] == 1.0
    assert [p.name for p in (run / "trajectories").iterdir()] == ["mobile-core__contacts.block__t0.jsonl"]


@requires_chromium
def test_last_k_and_loop_limit_options_set_the_agent_configuration(tmp_path):
    """The CLI had no option for last-k history's k (always 3) nor for the loop limit (always 3)."""
    res = guigym("eval", "--tasks", "contacts.edit_phone", "--history", "last_k", "--last-k", "2", "--loop-limit", "0",
                 "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    run_dir = Path(json.loads(res.stdout.strip().splitlines()[-1])["run_dir"])
    harness = json.loads((run_dir / "manifest.json").read_text())["harness"]
    assert harness["loop_limit"] == 0 and harness["history"]["mode"] == "last_k" and harness["history"]["last_k"] == 2
    [trajectory] = (run_dir / "trajectories").iterdir()
    steps = [json.loads(line) for line in trajectory.read_text().splitlines() if '"kind": "step"' in line]
    images = [sum(part.get("type") == "image" for m in s["prompt"] for part in (m["content"] if isinstance(m["content"], list) else []))
              for s in steps]
    assert len(steps) >= 4 and images[:4] == [1, 2, 3, 3] and max(images) == 3, images  # 2 past turns + the screen
    # a resumed run keeps its own: a different loop limit typed is refused, naming it
    res = guigym("eval", "--resume", run_dir.name, "--out", str(tmp_path), "--loop-limit", "4")
    assert res.returncode == 1 and "'loop_limit': 4" not in res.stderr and "'loop_limit': 0" in res.stderr, res.stderr[-2000:]


@pytest.mark.parametrize("args, said", [
    (["--last-k", "2"], "--last-k sets the last_k history; --history window keeps windows of 10 steps"),
    (["--history", "last_k", "--last-k", "0"], "'--last-k'"), (["--loop-limit", "-1"], "'--loop-limit'"),
])
def test_last_k_and_loop_limit_mistakes_are_usage_errors(tmp_path, args, said):
    res = guigym("eval", "--tasks", "contacts.edit_phone", "--out", str(tmp_path), *args)
    assert res.returncode == 2 and said in " ".join(res.stderr.split()), res.stderr[-2000:]
    assert not any(tmp_path.iterdir())
