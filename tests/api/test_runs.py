"""The runs facade (``toolkit.api.runs``) over hand-made runs (no Chromium)."""

from __future__ import annotations

import pytest

from tests.diagnosis.fake_run import add_attempt, plan
from toolkit.api import get_attempt
from toolkit.store import RunStore


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
