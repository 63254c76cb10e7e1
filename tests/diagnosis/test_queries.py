"""Diagnosis and queries on hand-built runs (no Chromium): empty runs, verifier errors, the divergence rule."""

from __future__ import annotations

from tests.diagnosis.fake_run import add_attempt, plan
from toolkit.diagnosis import attempts_of, compare, diagnose, runs, summary, task_results
from toolkit.diagnosis.queries import first_divergence
from toolkit.evaluation import METRICS
from toolkit.store import RunStore


def test_a_run_with_no_attempts_gives_empty_results_not_errors(tmp_path):
    store = RunStore.create({"agent": "openai", "suites": ["mobile-core"]}, root=tmp_path)
    for by in ("suite", "app", "tag"):
        df = summary(store, by)
        assert df.empty and list(df.columns[:len(METRICS) + 1]) == [by, *METRICS]
    report = diagnose(store)
    assert report.attempts == 0 and report.success_rate == 0.0 and not report.divergences and not report.by_app
    assert all(found == [] for found in report.trajectories.values())
    assert "No finished attempts" in report.to_markdown()
    assert task_results(store).empty and attempts_of(store, "contacts.block").empty
    [row] = runs(tmp_path).to_dict("records")
    assert row["attempts"] == 0 and row["SR"] == 0.0


def test_verifier_errors_are_listed_apart_and_left_out_of_every_rate(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    add_attempt(store, "a", 0, "success", plan(), seed=1, tags=("toggle",))
    broken = add_attempt(store, "a", 1, "verifier_error", plan(last="long_press"), seed=2, tags=("toggle",),
                         verifier_error="KeyError: 'blocked' " + "x" * 500)
    add_attempt(store, "b", 0, "success", plan(), seed=3, tags=("search",))
    add_attempt(store, "b", 1, "failure", plan(last="long_press"), seed=4, tags=("search",))
    add_attempt(store, "c", 0, "verifier_error", plan(), seed=5, tags=("search",), verifier_error="boom")

    report = diagnose(store)
    assert report.attempts == 5 and report.success_rate == 2 / 3
    assert [f.attempt_id for f in report.trajectories["verifier_errors"]][0] == broken
    first = report.trajectories["verifier_errors"][0].detail
    assert first.startswith("KeyError: 'blocked'") and len(first) <= 200
    assert {r.name: (r.attempts, r.failures) for r in report.by_app} == {"contacts": (3, 1)}
    assert {r.name: (r.attempts, r.failures) for r in report.by_tag} == {"toggle": (1, 0), "search": (2, 1)}
    assert {r.name for r in report.by_criterion} == {"a:done", "b:done"}
    assert report.weak_capabilities == ["search"]
    assert [(f.task_id, f.step) for f in report.divergences] == [("s/b", 2)]
    assert "2 left out of every rate" in report.to_markdown() and "| verifier_errors | 2 |" in report.to_markdown()

    [row] = runs(tmp_path).to_dict("records")
    assert row["attempts"] == 5 and row["SR"] == 2 / 3
    results = {r["task_id"]: r for r in task_results(store).to_dict("records")}
    assert results["s/a"]["attempts"] == 2 and results["s/a"]["SR"] == 1.0 and results["s/a"]["mean_reward"] == 1.0
    assert results["s/a"]["outcomes"] == {"success": 1, "verifier_error": 1}
    assert results["s/c"]["SR"] is None and results["s/c"]["mean_reward"] is None  # nothing scored, not 0%


def test_another_instance_is_compared_by_screens_and_action_types(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    win = add_attempt(store, "a", 0, "success", plan(state="p", x=100), seed=1)
    # another instance (other seed): other state hashes and coordinates, same kind of steps until step 2
    other = add_attempt(store, "a", 1, "failure", plan(state="q", x=700, last="long_press"), seed=2)
    sw, so = store.steps(win), store.steps(other)
    assert first_divergence(sw, so) == 0  # the full signature sees the instance, not the agent
    assert first_divergence(sw, so, same_instance=False) == 2
    diff = compare(store, win, other)
    assert diff["same_instance"] is False and diff["first_divergence"] == 2 and diff["a_step"]["index"] == 2
    [found] = diagnose(store).divergences
    assert found.attempt_id == other and found.step == 2 and "another instance" in found.detail


def test_a_success_of_the_same_instance_is_preferred_and_compared_in_full(tmp_path):
    root_a, root_b = tmp_path / "a", tmp_path / "b"
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=root_a)
    add_attempt(store, "a", 0, "success", plan(state="q", x=700), seed=2)
    twin = add_attempt(store, "a", 1, "success", plan(state="p", x=100), seed=1)
    # same instance as ``twin`` (seed 1); the click lands elsewhere at step 1
    lost = add_attempt(store, "a", 2, "failure", plan(state="p", x=900), seed=1)
    [found] = diagnose(store).divergences
    assert found.step == 1 and f"`{twin}`" in found.detail and "same instance" in found.detail

    again = RunStore.create({"agent": "y", "suites": ["s"]}, root=root_b)
    same = add_attempt(again, "a", 1, "failure", plan(state="p", x=100, last="long_press"), seed=1)
    diff = compare(store, twin, same, run_b=again)
    assert diff["same_instance"] is True and diff["first_divergence"] == 2
    assert compare(store, lost, lost)["first_divergence"] is None
