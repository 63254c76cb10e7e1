"""Diagnosis and queries on hand-built runs (no Chromium): empty runs, verifier errors, the divergence rule."""

from __future__ import annotations

import json

import pytest

from tests.diagnosis.fake_run import add_attempt, plan
from toolkit.diagnosis import attempt, attempts, attempts_of, compare, diagnose, runs, summary, task_results
from toolkit.diagnosis.queries import first_divergence, verdict_of
from toolkit.diagnosis.report import ACTION_FINDINGS
from toolkit.evaluation import METRICS
from toolkit.store import RunStore


def test_a_run_with_no_attempts_gives_empty_results_not_errors(tmp_path):
    store = RunStore.create({"agent": "openai", "suites": ["mobile-core"]}, root=tmp_path)
    for by in ("suite", "app", "tag"):
        df = summary(store, by)
        assert df.empty and list(df.columns[:len(METRICS) + 1]) == [by, *METRICS]
    # a grouping that is none of the known ones is refused here too (it gave a frame with a "sute" column, and the
    # same call failed once the run had an attempt)
    with pytest.raises(ValueError, match=r"summary by 'sute': expected suite, app, tag, difficulty or split"):
        summary(store, "sute")
    report = diagnose(store)
    assert report.attempts == 0 and report.success_rate is None and not report.divergences and not report.by_app
    assert all(found == [] for found in report.trajectories.values())
    # every action finding is listed, with none found (not an empty table)
    assert report.action_counts == {k: 0 for k in ACTION_FINDINGS} and len(ACTION_FINDINGS) == 7
    assert report.actions == {k: [] for k in ACTION_FINDINGS}
    text = report.to_markdown()
    assert "No finished attempts" in text
    assert all(f"| {k} | 0 |" in text for k in ACTION_FINDINGS), text
    assert task_results(store).empty and attempts_of(store, "contacts.block").empty
    [row] = runs(tmp_path).to_dict("records")
    assert row["attempts"] == 0 and row["SR"] is None  # nothing scored: no rate, not 0%


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
    assert list(report.actions) == list(report.action_counts) == list(ACTION_FINDINGS)  # found or not, all listed
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

    # a run whose every attempt is a verifier error has no success rate (JSON null, "n/a"), not 0 (an agent that
    # failed every task)
    only = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path / "only")
    add_attempt(only, "c", 0, "verifier_error", plan(), verifier_error="boom")
    report = diagnose(only)
    assert report.success_rate is None and json.loads(report.to_json())["success_rate"] is None
    assert report.to_markdown().splitlines()[2].startswith("1 attempt, success rate n/a over the 0 scored;")


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


def _damage(store: RunStore, attempt: str, keep_bytes: int | None) -> None:
    """Delete an attempt's trajectory file (``keep_bytes`` None) or cut it to its first ``keep_bytes`` bytes."""
    path = store.dir / "trajectories" / f"{attempt}.jsonl"
    if keep_bytes is None:
        path.unlink()
    else:
        path.write_bytes(path.read_bytes()[:keep_bytes])


def test_a_missing_or_damaged_trajectory_is_a_finding_not_a_crash(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    win = add_attempt(store, "a", 0, "success", plan(state="p"), seed=1)
    gone = add_attempt(store, "a", 1, "failure", plan(state="p", x=900), seed=1)
    torn = add_attempt(store, "b", 0, "failure", plan(), seed=2)
    _damage(store, gone, None)
    _damage(store, torn, 40)  # inside the header line: nothing of the file can be read

    report = diagnose(store)
    assert report.attempts == 3 and report.success_rate == 1 / 3  # the verdicts are in the attempt table
    found = {f.attempt_id: f.detail for f in report.trajectories["missing_steps"]}
    assert found == {gone: "its trajectory file is missing",
                     torn: "0 of its 3 steps are readable: its trajectory file is damaged"}
    assert report.divergences == []  # no "(ended) at step 0" against a success: there is nothing to compare
    assert "| missing_steps | 2 |" in report.to_markdown()

    with pytest.raises(ValueError, match="damaged"):  # not a bare StopIteration
        attempt(store, torn)
    assert attempt(store, win)["verdict"]["reward"] == 1.0


def test_a_verdict_missing_from_the_trajectory_is_read_from_the_attempt_row(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "failure", plan())
    path = store.dir / "trajectories" / f"{aid}.jsonl"
    path.write_text("".join(path.read_text().splitlines(keepends=True)[:-1]))  # the verdict line lost
    verdict = attempt(store, aid)["verdict"]
    assert verdict["reward"] == 0.0 and verdict["claimed"] == "success" and verdict["termination"] == "terminate"
    assert [(c["id"], c["passed"]) for c in verdict["criteria"]] == [("done", False)]
    row = attempts(store).to_dict("records")[0]
    row["answer"] = float("nan")  # what a DataFrame row holds for a JSON null
    assert verdict_of(row, [])["answer"] is None


def test_one_damaged_manifest_does_not_hide_every_run(tmp_path):
    good = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="a-good")
    add_attempt(good, "a", 0, "success", plan())
    bad = RunStore.create({"agent": "y", "suites": ["s"]}, root=tmp_path, run_id="b-bad")
    add_attempt(bad, "a", 0, "failure", plan())
    (bad.dir / "manifest.json").write_text('{"run_id": "b-bad", ')
    rows = {r["run_id"]: r for r in runs(tmp_path).to_dict("records")}
    assert rows["a-good"]["agent"] == "x" and rows["a-good"]["SR"] == 1.0
    assert rows["b-bad"]["purpose"].startswith("unknown") and rows["b-bad"]["agent"] is None  # None, not NaN
    assert rows["b-bad"]["attempts"] == 1 and rows["b-bad"]["SR"] == 0.0


def test_a_manifest_or_row_of_the_wrong_type_does_not_hide_every_run(tmp_path):
    """``suites: null`` in a hand-edited manifest crashed ``runs()`` (TypeError: can only join an iterable) and a row
    ``"trial": "1"`` crashed far away in pandas: the run is listed as unreadable, the others as they are."""
    good = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="a-good")
    add_attempt(good, "a", 0, "success", plan())
    nulled = RunStore.create({"agent": "y", "suites": ["s"]}, root=tmp_path, run_id="b-nulled")
    add_attempt(nulled, "a", 0, "failure", plan())
    (nulled.dir / "manifest.json").write_text('{"run_id": "b-nulled", "agent": "y", "suites": null}')
    typo = RunStore.create({"agent": "z", "suites": ["s"]}, root=tmp_path, run_id="c-typo")
    typo.append_attempt({"attempt_id": "s__a__t0", "task_id": "s/a", "trial": "1", "outcome": "success"})
    rows = {r["run_id"]: r for r in runs(tmp_path).to_dict("records")}
    assert rows["a-good"]["SR"] == 1.0 and rows["a-good"]["suites"] == "s"
    assert rows["b-nulled"]["purpose"] == "unknown (manifest.json unreadable)" and rows["b-nulled"]["attempts"] == 1
    assert rows["c-typo"]["purpose"] == "unknown (attempts.jsonl unreadable)" and rows["c-typo"]["agent"] == "z"
    with pytest.raises(ValueError, match=r"c-typo/attempts\.jsonl line 1: field 'trial'"):
        summary(typo)


def test_a_step_is_found_by_its_index_not_its_position_after_a_damaged_line(tmp_path):
    """With step 1's line damaged, ``step(run, aid, 1)`` returned step 2 (the store skips the line, so the rest moved
    up one place) and the last step could not be asked for at all."""
    from toolkit.diagnosis import step

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "success", plan())
    path = store.dir / "trajectories" / f"{aid}.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join([*lines[:2], "{damaged\n", *lines[3:]]))  # header, step 0, (step 1), step 2, verdict
    with pytest.warns(UserWarning, match="line 3"):
        assert step(store, aid, 2)["index"] == 2 and step(store, aid, 0)["index"] == 0
    with pytest.raises(IndexError, match=r"no readable step 1: its trajectory file is damaged \(readable steps: 0, 2"):
        step(store, aid, 1)
    with pytest.raises(IndexError, match=r"no readable step 3"):
        step(store, aid, 3)
    empty = add_attempt(store, "b", 0, "failure", [])
    with pytest.raises(IndexError, match=rf"attempt '{empty}' has no steps, not 0"):  # was "has steps 0..-1"
        step(store, empty, 0)


def test_an_attempt_row_without_its_suite_counts_in_the_suite_its_task_id_names(tmp_path):
    """A row of an older run without ``suite`` was grouped under None: its attempt fell out of the per-suite summary,
    which showed a group of 0 attempts (SR 0.0) in its place."""
    from toolkit.evaluation import load_result

    store = RunStore.create({"agent": "x", "suites": ["s", "t"]}, root=tmp_path)
    store.append_attempt({"attempt_id": "s__a__t0", "task_id": "s/a", "trial": 0, "outcome": "success"})
    store.append_attempt({"attempt_id": "t__b__t0", "task_id": "t/b", "trial": 0, "outcome": "failure", "suite": "t"})
    assert store.attempts()["suite"].tolist() == ["s", "t"]
    for table in (summary(store), load_result(store).summary):
        got = {r["suite"]: (r["attempts"], r["SR"]) for r in table.to_dict("records")}
        assert got == {"s": (1, 1.0), "t": (1, 0.0)}, got
