"""The run store: atomic, append-only, resumable, loadable as DataFrames."""

from __future__ import annotations

import pytest

from toolkit.store import RunStore, attempt_id, list_runs


def test_layout_rows_and_trajectories(tmp_path):
    store = RunStore.create({"agent": "reference", "seed": 1}, root=tmp_path)
    assert (store.dir / "manifest.json").exists() and store.manifest["seed"] == 1
    aid = attempt_id("mobile-core/contacts.edit_phone", 2)
    assert aid == "mobile-core__contacts.edit_phone__t2"
    rel = store.write_screenshot(aid, 0, b"\xff\xd8jpeg")
    assert (store.dir / rel).read_bytes() == b"\xff\xd8jpeg" and rel.endswith("000.jpg")
    store.write_trajectory(aid, [{"kind": "attempt"}, {"kind": "step", "index": 0}, {"kind": "verdict"}])
    store.append_attempt({"attempt_id": aid, "outcome": "success"})
    assert store.done_ids() == {aid}
    assert list(store.steps(aid)["index"]) == [0]
    assert store.attempts().loc[0, "outcome"] == "success"
    assert [r.run_id for r in list_runs(tmp_path)] == [store.run_id]
    with pytest.raises(FileExistsError):
        RunStore.create({"agent": "x"}, root=tmp_path, run_id=store.run_id)


def test_torn_last_line_is_healed_and_duplicates_ignored(tmp_path):
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.append_attempt({"attempt_id": "a", "v": 1})
    store.append_attempt({"attempt_id": "a", "v": 2})  # a duplicate row never counts twice
    with open(store.dir / "attempts.jsonl", "a") as f:
        f.write('{"attempt_id": "b", "v"')  # killed mid-write
    reopened = RunStore.open(store.run_id, root=tmp_path)
    assert reopened.done_ids() == {"a"}
    reopened.append_attempt({"attempt_id": "b", "v": 3})
    rows = reopened.attempt_rows()
    assert [(r["attempt_id"], r["v"]) for r in rows] == [("a", 1), ("b", 3)]


def test_open_unknown_run_says_where_it_looked(tmp_path):
    with pytest.raises(FileNotFoundError, match="manifest.json"):
        RunStore.open("nope", root=tmp_path)
