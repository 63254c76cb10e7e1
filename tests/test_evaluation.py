"""Metric arithmetic: SR, PR, FC, OT, USE, pass@n, passⁿ, env and verifier errors."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate, pass_at_k, pass_hat_k, summarize
from toolkit.store import RunStore


def test_pass_at_k_and_pass_hat_k():
    assert pass_at_k(4, 0, 4) == 0 and pass_at_k(4, 1, 4) == 1 and pass_at_k(4, 1, 1) == pytest.approx(0.25)
    assert pass_at_k(5, 2, 2) == pytest.approx(1 - 3 / 10)
    assert pass_hat_k(4, 4, 4) == 1 and pass_hat_k(4, 3, 4) == 0 and pass_hat_k(4, 2, 2) == pytest.approx(1 / 6)


def _row(task, outcome, progress, clean=True, steps=5):
    return {"suite": "s", "task_id": task, "outcome": outcome, "progress": progress, "clean": clean, "steps": steps}


def test_summary_rates():
    df = pd.DataFrame([
        _row("a", "success", 1.0), _row("a", "failure", 0.5, clean=False),
        _row("b", "false_complete", 0.0), _row("b", "overdue", 1.0, steps=15),
        _row("c", "verifier_error", 0.0),
    ])
    env = pd.DataFrame([{"suite": "s", "task_id": "a"}, {"suite": "s", "task_id": "b"}])
    [row] = summarize(df, env).to_dict("records")
    assert row["attempts"] == 5 and row["verifier_errors"] == 1 and row["env_errors"] == 2
    assert row["SR"] == pytest.approx(1 / 4) and row["PR"] == pytest.approx(2.5 / 4)
    assert row["FC"] == pytest.approx(1 / 4) and row["OT"] == pytest.approx(1 / 4) and row["USE"] == pytest.approx(1 / 4)
    assert row["pass@n"] == pytest.approx(0.5) and row["pass^n"] == 0
    assert row["mean_steps"] == pytest.approx(7.5)


def _result(success, clean=True, claimed=None, termination="terminate", judges_claim=False, error=None):
    from toolkit.rollout.episode import AttemptResult
    from toolkit.tasks import TaskInstance
    from toolkit.tasks.verdict import Verdict

    verdict = Verdict(task_id="s/t", success=success, clean=clean, progress=float(success), error=error,
                      judges_claim=judges_claim)
    instance = TaskInstance(task_id="s/t", seed=0, instruction="x", params={}, setup={}, reference=[], expected_changes=[],
                            max_steps=5)
    return AttemptResult(task_id="s/t", instance=instance, verdict=verdict, steps=[], observations=[], claimed=claimed,
                         answer=None, termination=termination, reset_ms=0, total_s=0)


@pytest.mark.parametrize("kwargs, outcome", [
    ({"success": True, "claimed": "success"}, "success"),
    ({"success": True, "termination": "env_done"}, "success"),  # MiniWoB ends the episode itself
    ({"success": True, "claimed": "failed", "judges_claim": True}, "success"),  # OSWorld: refusing an infeasible task
    ({"success": False, "claimed": "success"}, "false_complete"),
    # the goal reached with a side effect, then claimed: not SR (USE counts it), and not a false claim either
    ({"success": True, "clean": False, "claimed": "success"}, "failure"),
    ({"success": True, "termination": "step_limit"}, "overdue"),
    ({"success": True, "termination": "loop"}, "overdue"),  # reached the goal, then repeated itself: never terminated
    ({"success": True, "claimed": "failed"}, "failure"),  # it did terminate, saying it failed
    ({"success": False, "error": "verifier crashed"}, "verifier_error"),
])
def test_outcome_of_each_ending(kwargs, outcome):
    from toolkit.rollout.scheduler import outcome_of

    assert outcome_of(_result(**kwargs)) == outcome


def test_a_missing_trial_of_one_task_does_not_change_another_tasks_pass_rates():
    rows = [_row("a", "success", 1.0), _row("a", "success", 1.0), _row("a", "verifier_error", 0.0),
            _row("b", "success", 1.0), _row("b", "failure", 0.0), _row("b", "failure", 0.0)]
    [row] = summarize(pd.DataFrame(rows)).to_dict("records")
    # b: 1 of 3 → pass@3 = 1, pass^3 = 0; a: 2 of its 2 scored trials → 1 and 1
    assert row["n"] == 3 and row["pass@n"] == 1.0 and row["pass^n"] == pytest.approx(0.5)
    assert row["verifier_errors"] == 1


def test_attempts_that_never_finished_are_counted_per_suite_even_with_no_result_at_all():
    attempts = pd.DataFrame([{**_row("a", "success", 1.0), "attempt_id": "a__t0"}])
    env = pd.DataFrame([
        {"suite": "s", "task_id": "a", "attempt_id": "a__t0", "kind": "env"},  # rerun, then finished
        {"suite": "s", "task_id": "b", "attempt_id": "b__t0", "kind": "env"},  # every try failed
        {"suite": "s", "task_id": "b", "attempt_id": "b__t0", "kind": "env"},
        {"suite": "synth/w1", "task_id": "synth/w1/c", "attempt_id": "c__t0", "kind": "model"},
    ])
    table = summarize(attempts, env).set_index("suite")
    assert table.loc["s", "unfinished"] == 1 and table.loc["s", "env_errors"] == 3 and table.loc["s", "attempts"] == 1
    assert table.loc["synth/w1", "attempts"] == 0 and table.loc["synth/w1", "unfinished"] == 1
    assert table.loc["synth/w1", "model_errors"] == 1 and table.loc["synth/w1", "env_errors"] == 0
    # grouped by a column the env-error rows do not have: no reruns are charged to any group
    [by_app] = summarize(attempts.assign(app="contacts"), env, by="app").to_dict("records")
    assert by_app["env_errors"] == 0 and by_app["unfinished"] == 0


def test_load_result_takes_a_run_id_a_folder_or_a_store(tmp_path):
    from toolkit import load_result
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path)
    for i, row in enumerate([_row("a", "success", 1.0), _row("b", "failure", 0.5)]):
        store.append_attempt({**row, "attempt_id": f"a{i}", "trial": 0})
    results = [load_result(store.run_id, root=tmp_path), load_result(store.dir), load_result(str(store.dir)),
               load_result(store)]
    for result in results:
        assert result.run_id == store.run_id and len(result.attempts) == 2
        assert result.summary.to_dict("records")[0]["SR"] == pytest.approx(0.5)
    with pytest.raises(FileNotFoundError, match="no run 'nope'"):
        load_result("nope", root=tmp_path)


def test_summarize_names_a_result_passed_for_its_attempts_and_a_by_that_is_no_column(tmp_path):
    """summarize(result) failed as "argument of type 'EvalResult' is not iterable"; by='app' on the attempt rows (a
    list column, grouped by toolkit.diagnosis.summary) gave an empty table, as if the run had no attempt."""
    from toolkit import load_result

    store = RunStore.create({"agent": "reference", "suites": ["s"]}, root=tmp_path)
    store.append_attempt({**_row("a", "success", 1.0), "attempt_id": "a0", "trial": 0})
    result = load_result(store)
    with pytest.raises(TypeError, match=r"summarize: attempts must be a DataFrame of attempt rows \(result.attempts\), "
                                        "got EvalResult; a run's summary is result.summary"):
        summarize(result)
    with pytest.raises(ValueError, match="summarize: by='nope' is not a column of the attempts"):
        summarize(result.attempts, by="nope")
    assert summarize(result.attempts, by="task_id")["task_id"].tolist() == ["a"]
    assert summarize(pd.DataFrame(), by="app").empty  # no attempt at all: no column to check


def test_a_harness_config_that_is_no_harness_config_is_refused_before_a_run_folder_exists(tmp_path):
    """harness_config={"format": "json-v1"} failed midway as "'dict' object has no attribute 'format'"."""
    with pytest.raises(TypeError, match=r"harness_config must be a toolkit.harness.HarnessConfig .*got dict"):
        evaluate(["mobile-core"], "reference", harness_config={"format": "json-v1"}, out=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_resume_of_a_run_whose_manifest_lacks_its_settings_says_which(tmp_path):
    """A hand-edited manifest without ``agent`` gave a bare ``KeyError: 'agent'`` (a traceback from ``guigym eval
    --resume``); one of the wrong type gave a pandas or pydantic error naming no file."""
    store = RunStore.create({"suites": ["mobile-core"], "trials": 1}, root=tmp_path, run_id="r")
    with pytest.raises(ValueError, match=r"run r: its manifest.json has no agent, seed, so the settings"):
        evaluate(resume="r", out=tmp_path)
    (store.dir / "manifest.json").write_text('{"run_id": "r", "agent": "reference", "suites": "mobile-core"}')
    with pytest.raises(ValueError, match=r"r/manifest\.json: field 'suites'"):
        evaluate(resume="r", out=tmp_path)
    # a renamed (or copied) run: its manifest names its first id, or none; the error named that one, or failed with
    # a bare KeyError: 'run_id'
    (store.dir / "manifest.json").write_text('{"agent": "reference", "suites": ["mobile-core"], "trials": 1, '
                                             '"seed": 0}')
    with pytest.raises(ValueError, match=r"^run r was started with trials=1; a resumed run keeps its own") as got:
        evaluate(resume="r", out=tmp_path, trials=2)
    # its traceback began "RuntimeError: no running event loop ... During handling of the above exception" (run_sync)
    assert got.value.__context__ is None


@requires_chromium
def test_a_resume_runs_the_tasks_the_run_was_started_with_not_those_its_suite_gained_since(tmp_path, monkeypatch):
    """The manifest kept only the suites and the task filter: a resume after the suite grew ran the new tasks too, so
    one run measured two task sets. It keeps the full ids now; a run made before keeps today's behaviour."""
    import json

    from toolkit.tasks import loader

    second, first = [s.model_copy(update={"suite": "growing"}) for s in loader.load_tasks(
        "mobile-core", ["contacts.block", "contacts.favorite"])]  # in the suite's order: block, then favorite
    assert first.id == "contacts.favorite"
    held = [first]
    monkeypatch.setitem(loader._CODE_SUITES, "growing", lambda: list(held))
    run = evaluate("growing", "reference", out=tmp_path)
    manifest = run.store.manifest
    assert manifest["task_ids"] == ["growing/contacts.favorite"] and manifest["tasks"] == []
    held.append(second)  # the suite gains a task
    resumed = evaluate(resume=run.run_id, out=tmp_path)
    assert list(resumed.attempts["task_id"]) == ["growing/contacts.favorite"]
    # a manifest of an older version, without the list: the resume runs what the suite holds now
    path = run.store.dir / "manifest.json"
    path.write_text(json.dumps({k: v for k, v in manifest.items() if k != "task_ids"}))
    older = evaluate(resume=run.run_id, out=tmp_path)
    assert sorted(older.attempts["task_id"]) == ["growing/contacts.block", "growing/contacts.favorite"]
