"""The runs facade (``toolkit.api.runs``) over hand-made runs (no Chromium)."""

from __future__ import annotations

import pytest

from tests.diagnosis.fake_run import add_attempt, plan
from toolkit.api import get_attempt
from toolkit.store import RunStore, attempt_id


def test_an_attempt_is_found_past_a_newer_run_whose_attempt_table_is_damaged(tmp_path):
    """Looking an attempt id up in every run stopped at the first run with a hand-edited row of the wrong type."""
    old = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="20260101-a")
    aid = add_attempt(old, "a", 0, "success", plan())
    new = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="20260102-b")
    new.append_attempt({"attempt_id": "s__b__t0", "task_id": "s/b", "trial": "0", "outcome": "success"})
    info = get_attempt(aid, root=str(tmp_path))
    assert info.run_id == "20260101-a" and info.row["attempt_id"] == aid
    with pytest.raises(ValueError, match=r"has attempt 'nope' \(runs whose attempt table cannot be read: 20260102-b\)"):
        get_attempt("nope", root=str(tmp_path))


def test_a_step_whose_screenshot_is_missing_names_the_attempt_and_step(tmp_path):
    """A run copied without its screenshots gave a bare "[Errno 2] No such file or directory" from get_step."""
    from toolkit.api import attempt_steps, get_step

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="r")
    steps = [{**record, "results": []} for record in plan()]  # what a real step also records
    aid = add_attempt(store, "a", 0, "success", steps)
    info, image = get_step(aid, 1, run_id="r", root=str(tmp_path))
    assert info.index == 1 and image[:2] == b"\xff\xd8"
    (store.dir / "screenshots" / aid / "002.jpg").unlink()  # the screen after step 1
    with pytest.raises(FileNotFoundError, match=rf"attempt '{aid}' step 1: its screenshot .*002\.jpg is missing"):
        get_step(aid, 1, run_id="r", root=str(tmp_path))
    assert [s["index"] for s in attempt_steps(aid, run_id="r", root=str(tmp_path))] == [0, 1, 2]


def test_an_attempt_id_or_step_of_another_type_is_an_error_naming_the_argument(tmp_path):
    """get_attempt(None) failed as "argument of type 'NoneType' is not iterable"; get_step took step 1.7 as step 1
    and failed on "1" or None with int()'s message, which named no argument."""
    from toolkit.api import compare_attempts, get_step

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="r")
    aid = add_attempt(store, "a", 0, "success", [{**record, "results": []} for record in plan()])
    for bad in (None, 3, ""):
        with pytest.raises(ValueError, match=rf"argument 'attempt_id': an attempt id .*got {bad!r}"):
            get_attempt(bad, run_id="r", root=str(tmp_path))
    with pytest.raises(ValueError, match="argument 'attempt_b': an attempt id"):
        compare_attempts(aid, None, run_id="r", root=str(tmp_path))
    for bad in (1.7, "1", None, True):
        with pytest.raises(ValueError, match=rf"argument 'step': a step index \(a whole number\), got \w+ {bad!r}"):
            get_step(aid, bad, run_id="r", root=str(tmp_path))


def test_compared_attempts_are_of_one_run_unless_each_names_its_own(tmp_path):
    """Attempt ids recur in every run of a suite. Two bare ids were looked up apart, each in the newest run holding
    it, so a run's failure was compared with another run's success without a word; and ``run/attempt`` with that
    same run given as ``run_id`` was looked up whole, as an attempt id, and not found."""
    from toolkit.api import compare_attempts

    old = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="1-old")
    new = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="2-new")
    won, lost = add_attempt(old, "a", 0, "success", plan()), add_attempt(old, "a", 1, "failure", plan(x=300))
    add_attempt(new, "a", 0, "failure", plan(x=700))  # the newest run holds only the first id

    found = compare_attempts(won, lost, root=str(tmp_path))
    assert (found["run_a"], found["run_b"]) == ("1-old", "1-old")  # the one run holding both
    assert (found["a"]["outcome"], found["b"]["outcome"], found["first_divergence"]) == ("success", "failure", 1)
    found = compare_attempts(f"2-new/{won}", lost, root=str(tmp_path))  # the bare one: not in 2-new; the newest with it
    assert (found["run_a"], found["run_b"]) == ("2-new", "1-old")
    found = compare_attempts(f"1-old/{won}", lost, run_id="1-old", root=str(tmp_path))
    assert found["run_a"] == found["run_b"] == "1-old"
    with pytest.raises(ValueError, match=r"'attempt_a': 2-new/\S+ is an attempt of run 2-new, not of run 1-old"):
        compare_attempts(f"2-new/{won}", lost, run_id="1-old", root=str(tmp_path))
    add_attempt(new, "b", 0, "success", plan())
    with pytest.raises(ValueError, match=r"argument 'attempt_b': no run under \S+ holds both"):
        compare_attempts(lost, attempt_id("s/b", 0), root=str(tmp_path))
