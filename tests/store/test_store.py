"""The run store: atomic, append-only, resumable, loadable as DataFrames."""

from __future__ import annotations

import json
import os
import re
import stat

import pytest

from tests.conftest import requires_chromium
from toolkit.store import RunStore, attempt_id, list_runs
from toolkit.store import files as files_module
from toolkit.store import store as store_module


def test_layout_rows_and_trajectories(tmp_path):
    store = RunStore.create({"agent": "reference", "seed": 1}, root=tmp_path)
    assert (store.dir / "manifest.json").exists() and store.manifest["seed"] == 1
    aid = attempt_id("mobile-core/contacts.edit_phone", 2)
    assert aid == "mobile-core__contacts.edit_phone__t2"
    rel = store.write_screenshot(aid, 0, b"\xff\xd8jpeg")
    assert (store.dir / rel).read_bytes() == b"\xff\xd8jpeg" and rel.endswith("000.jpg")
    store.write_trajectory(aid, [{"kind": "attempt"}, {"kind": "step", "index": 0}, {"kind": "verdict"}])
    store.append_attempt({"attempt_id": aid, "task_id": "mobile-core/contacts.edit_phone", "outcome": "success"})
    assert store.done_ids() == {aid}
    assert list(store.steps(aid)["index"]) == [0]
    assert store.attempts().loc[0, "outcome"] == "success"
    assert [r.run_id for r in list_runs(tmp_path)] == [store.run_id]
    with pytest.raises(FileExistsError):
        RunStore.create({"agent": "x"}, root=tmp_path, run_id=store.run_id)


def test_torn_last_line_is_healed_on_request_and_duplicates_ignored(tmp_path):
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "v": 1})
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "v": 2})  # a duplicate row never counts twice
    with open(store.dir / "attempts.jsonl", "a") as f:
        f.write('{"attempt_id": "b", "v"')  # killed mid-write
    reopened = RunStore.open(store.run_id, root=tmp_path, heal=True)
    assert (store.dir / "attempts.jsonl").read_bytes().endswith(b"\n")
    assert reopened.heal() == []  # nothing left to cut
    assert reopened.done_ids() == {"a"}
    reopened.append_attempt({"attempt_id": "b", "task_id": "s/b", "v": 3})
    rows = reopened.attempt_rows()
    assert [(r["attempt_id"], r["v"]) for r in rows] == [("a", 1), ("b", 3)]


def test_an_append_after_a_torn_line_starts_a_new_line(tmp_path):
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "v": 1})
    with open(store.dir / "attempts.jsonl", "a") as f:
        f.write('{"attempt_id": "b", "v"')  # killed mid-write, and nobody healed
    store.append_attempt({"attempt_id": "c", "task_id": "s/c", "v": 2})
    store.append_attempt({"attempt_id": "d", "task_id": "s/d", "v": 3})
    with pytest.warns(UserWarning, match=r"attempts.jsonl line 2: not a JSON object"):  # now a damaged line
        rows = store.attempt_rows()
    assert [(r["attempt_id"], r["v"]) for r in rows] == [("a", 1), ("c", 2), ("d", 3)]
    assert store.heal() == []  # the torn line is a line of its own; the file ends clean


def _snapshot(folder):
    return {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*")) if p.is_file()}


def test_opening_and_reading_a_run_never_changes_its_files(tmp_path):
    from toolkit.diagnosis import runs

    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.write_trajectory("a", [{"kind": "attempt"}, {"kind": "step", "index": 0}])
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "v": 1})
    store.append_env_error({"attempt_id": "b", "error": "boom"})
    for name in ("attempts.jsonl", "env_errors.jsonl"):
        with open(store.dir / name, "a") as f:
            f.write('{"attempt_id": "half')  # a row a live writer is still writing
    before = _snapshot(store.dir)
    reader = RunStore.open(store.run_id, root=tmp_path)
    assert reader.done_ids() == {"a"} and len(reader.env_error_rows()) == 1 and len(reader.attempts()) == 1
    assert list(reader.steps("a")["index"]) == [0] and reader.manifest["agent"] == "x"
    assert list(runs(tmp_path)["attempts"]) == [1]
    assert _snapshot(store.dir) == before


class _ShortWrites:
    """An ``os`` stand-in whose write takes at most ``chunk`` bytes at a time (0: writes nothing)."""

    def __init__(self, chunk):
        self.chunk, self.calls = chunk, 0

    def __getattr__(self, name):
        return getattr(os, name)

    def write(self, fd, data):
        self.calls += 1
        return os.write(fd, bytes(data[:self.chunk])) if self.chunk else 0


def test_short_writes_are_finished_or_raise(tmp_path, monkeypatch):
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    fake = _ShortWrites(5)
    monkeypatch.setattr(files_module, "os", fake)
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "v": 1})
    assert fake.calls > 3 and store.attempt_rows() == [{"attempt_id": "a", "task_id": "s/a", "v": 1}]
    monkeypatch.setattr(files_module, "os", _ShortWrites(0))
    with pytest.raises(OSError):
        store.append_attempt({"attempt_id": "b", "task_id": "s/b", "v": 2})


def test_a_trajectory_rename_is_flushed_to_its_directory(tmp_path, monkeypatch):
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    synced = []

    class Recording:
        def __getattr__(self, name):
            return getattr(os, name)

        def fsync(self, fd):
            synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
            return os.fsync(fd)

    monkeypatch.setattr(files_module, "os", Recording())
    store.write_trajectory("a", [{"kind": "attempt"}])
    assert synced == [False, True]  # the file, then its folder after the rename


def test_open_unknown_run_says_where_it_looked(tmp_path):
    with pytest.raises(FileNotFoundError, match="manifest.json"):
        RunStore.open("nope", root=tmp_path)


def test_open_refuses_what_is_not_a_run_id_or_folder_naming_the_argument(tmp_path):
    """An EvalResult given where a run is expected (load_result, the widgets, diagnose) was read as a run id through
    str(): an OSError 'File name too long' quoting its whole repr; it now stands for its run, as a RunStore does. An
    int was a bare os.fspath TypeError."""
    from toolkit.evaluation import load_result

    store = RunStore.create({"purpose": "eval"}, root=tmp_path)
    result = load_result(store)
    assert RunStore.open(result) is result.store and RunStore.open(store) is store  # each stands for its run
    assert load_result(result).run_id == store.run_id
    with pytest.raises(TypeError, match=r"argument 'run': a run id, a run folder's path, .* got int$"):
        load_result(5, root=tmp_path)
    assert RunStore.open(store.dir).run_id == RunStore.open(str(store.run_id), root=tmp_path).run_id == store.run_id


def test_a_damaged_line_is_skipped_with_a_warning_naming_the_file_and_line_a_torn_last_one_silently(tmp_path):
    """A line that is whole but not a JSON object (a bad byte, ``null``, a hand edit) is named; before, every reader
    crashed on ``null`` ('NoneType' object has no attribute 'get') or on a bad byte (a UnicodeDecodeError naming no
    file), or skipped a garbled row without a word."""
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "outcome": "success"})
    with open(store.dir / "attempts.jsonl", "ab") as f:
        f.write(b'null\n{"attempt_id": "\xff"}\n{"attempt_id": "b", "ou')  # two damaged lines, one being written
    with pytest.warns(UserWarning) as caught:
        assert [r["attempt_id"] for r in store.attempt_rows()] == ["a"]
    path = store.dir / "attempts.jsonl"
    assert [str(w.message).split(": not")[0] for w in caught] == [f"{path} line 2", f"{path} line 3"]
    store.write_trajectory("a", [{"kind": "attempt"}, {"kind": "step", "index": 0}])
    with open(store.dir / "trajectories" / "a.jsonl", "a") as f:
        f.write("42\n")
    with pytest.warns(UserWarning, match=r"a\.jsonl line 3: not a JSON object, skipped \(b'42'\)"):
        assert list(store.steps("a")["index"]) == [0]


def test_an_attempt_row_of_the_wrong_type_is_an_error_naming_file_line_and_field(tmp_path):
    """A hand edit (``"steps": "3"``) failed far away, in pandas ("Could not convert '3' to numeric")."""
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.append_attempt({"attempt_id": "a", "task_id": "s/a", "trial": 0, "steps": 3, "reward": 1,
                          "outcome": "success"})
    store.append_attempt({"attempt_id": "b", "task_id": "s/b", "trial": 0, "steps": "3", "outcome": "failure"})
    with pytest.raises(ValueError, match=r"attempts\.jsonl line 2: field 'steps': Input should be a valid integer"):
        store.attempt_rows()
    with pytest.raises(ValueError, match=r"attempts\.jsonl line 2"):
        store.attempts()


def test_a_hand_made_row_without_task_id_is_an_error_naming_file_line_and_field(tmp_path):
    """Every writer puts task_id in a row; one made by hand without it failed in ``diagnose`` as a bare pydantic
    error ("1 validation error for Finding task_id ...") naming neither the file nor the row."""
    from toolkit.diagnosis import diagnose
    from toolkit.evaluation import load_result

    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1, "seed": 0}, root=tmp_path)
    store.append_attempt({"attempt_id": "s__a__t0", "task_id": "s/a", "trial": 0, "outcome": "success"})
    store.append_attempt({"attempt_id": "s__b__t0", "trial": 0, "outcome": "failure", "reward": 0.0, "steps": 1})
    said = re.escape(f"{store.dir / 'attempts.jsonl'} line 2: field 'task_id': Field required") + "$"
    for read in (store.attempt_rows, store.attempts, lambda: diagnose(store), lambda: load_result(store)):
        with pytest.raises(ValueError, match=said):
            read()
    (store.dir / "attempts.jsonl").write_text('{"attempt_id": "s__b__t0", "task_id": null}\n')
    with pytest.raises(ValueError, match=r"line 1: field 'task_id': Input should be a valid string \(got None\)"):
        store.attempt_rows()


@pytest.mark.parametrize("text, says", [
    ("[1, 2]", "expected a JSON object, got list"),
    ('{"agent": "x", "suites": null}', "field 'suites'"),
    ('{"agent": "x", "suites": "mobile-core"}', "field 'suites'"),
    ('{"agent": "x", "trials": "2"}', "field 'trials'"),
    ('{"agent": "x", ', "not valid JSON"),
    (b'{"agent": "\xff"}', "not valid JSON"),
])
def test_a_manifest_that_is_not_an_object_or_has_a_field_of_the_wrong_type_names_the_file(tmp_path, text, says):
    """Readers catch the ValueError (the run is listed, its report made); before, ``suites: null`` crashed
    ``guigym runs list`` for every run, and a bad byte was a UnicodeDecodeError naming no file."""
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    path = store.dir / "manifest.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ValueError, match=re.escape(f"{path}: ") + ".*" + re.escape(says)):
        store.manifest


AMBIGUOUS_TASKS = ["s/a/b", "s/a__b", "s__a/b", "s/a_/b", "s/a/_b", "s/a//b", "s/a b", "s/a+b", "s/a", "s/a/",
                   "s/a~b", "x" * 300, "x" * 301]


def test_attempt_ids_of_distinct_tasks_are_distinct_and_plain_ones_unchanged(tmp_path):
    """``s/a/b`` and ``s/a__b`` both became ``s__a__b__t0``: one attempt's trajectory and screenshots overwrote the
    other's, and its row was dropped as a duplicate. Every id is distinct now; a plain id is spelled as before."""
    ids = [attempt_id(t, trial) for t in AMBIGUOUS_TASKS for trial in (0, 1, 12)]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[A-Za-z0-9_.~-]+__t\d+", i) and len(i) < 200 for i in ids), ids
    assert attempt_id("s/a/b", 0) == "s__a__b__t0" and attempt_id("synth/w-1/x.y_z", 3) == "synth__w-1__x.y_z__t3"
    assert attempt_id("s/a__b", 0).startswith("s__a__b~")
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    for n, task in enumerate(("s/a/b", "s/a__b")):
        aid = attempt_id(task, 0)
        store.write_screenshot(aid, 0, b"shot%d" % n)
        store.write_trajectory(aid, [{"kind": "attempt", "task_id": task}])
        store.append_attempt({"attempt_id": aid, "task_id": task, "trial": 0})
    assert [r["task_id"] for r in store.attempt_rows()] == ["s/a/b", "s/a__b"]
    assert [store.trajectory(attempt_id(t, 0))[0]["task_id"] for t in ("s/a/b", "s/a__b")] == ["s/a/b", "s/a__b"]
    assert len(list((store.dir / "screenshots").iterdir())) == 2


def test_a_run_in_the_old_layout_still_opens_and_resumes_without_rerunning(tmp_path):
    """A run written before ambiguous ids were hashed named ``s/a__b`` trial 0 ``s__a__b__t0``: it opens and reads as
    it was, and a resume knows that attempt as done (by task and trial) instead of running it again."""
    import asyncio

    from toolkit.rollout import Scheduler, WorkItem
    from toolkit.tasks import load_suite

    run = tmp_path / "20250101-000000-old-0000"
    (run / "trajectories").mkdir(parents=True)
    (run / "screenshots" / "s__a__b__t0").mkdir(parents=True)
    (run / "screenshots" / "s__a__b__t0" / "000.jpg").write_bytes(b"\xff\xd8old")
    (run / "manifest.json").write_text('{"run_id": "20250101-000000-old-0000", "agent": "reference", '
                                       '"suites": ["s"], "trials": 1, "seed": 0}')
    (run / "trajectories" / "s__a__b__t0.jsonl").write_text(
        '{"kind": "attempt", "attempt_id": "s__a__b__t0", "screenshot": "screenshots/s__a__b__t0/000.jpg"}\n'
        '{"kind": "step", "index": 0}\n')
    (run / "attempts.jsonl").write_text('{"attempt_id": "s__a__b__t0", "task_id": "s/a__b", "suite": "s", "trial": 0, '
                                        '"outcome": "success"}\n')
    store = RunStore.open(run)
    assert store.done_ids() == {"s__a__b__t0"} and list(store.steps("s__a__b__t0")["index"]) == [0]
    assert store.done_keys() == {("s/a__b", 0)}
    spec = load_suite("mobile-core")[0].model_copy(update={"id": "a__b", "suite": "s"})
    assert WorkItem(spec, 0, 0).attempt_id != "s__a__b__t0"  # spelled the new way now
    # every item is done: the scheduler touches no env (None) and writes nothing
    assert asyncio.run(Scheduler(None, None, store, "reference").run([WorkItem(spec, 0, 0)])) == []
    assert len(store.attempt_rows()) == 1


def test_a_pruned_trajectory_is_named_with_its_file_and_the_likely_cause(tmp_path):
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    store.write_trajectory("a__t0", [{"kind": "attempt"}])
    store.append_attempt({"attempt_id": "a__t0", "task_id": "s/a"})
    (store.dir / "trajectories" / "a__t0.jsonl").unlink()  # copied without trajectories/
    with pytest.raises(FileNotFoundError, match=r"trajectories/a__t0.jsonl is missing \(its row is in attempts.jsonl"):
        store.trajectory("a__t0")
    with pytest.raises(FileNotFoundError, match=r"has no trajectory 'b__t0': .*b__t0.jsonl is missing$"):
        store.trajectory("b__t0")


def test_an_attempt_unfinished_under_its_old_id_and_finished_under_its_new_one_is_finished(tmp_path):
    """An old run's failed tries of ``s/a__b`` were recorded as ``s__a__b__t0``; resumed after the ids were respelled, its
    result is committed under the new id. It counted as unfinished still (and ``guigym eval`` failed for it)."""
    from toolkit.diagnosis import diagnose
    from toolkit.evaluation import load_result

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    for task, old in (("s/a__b", "s__a__b__t0"), ("s/c", "s__c__t0")):
        store.append_env_error({"attempt_id": old, "task_id": task, "suite": "s", "trial": 0, "kind": "crash",
                                "op": "step", "message": "gone"})
    new = attempt_id("s/a__b", 0)
    assert new != "s__a__b__t0"
    store.write_trajectory(new, [{"kind": "attempt"}])
    store.append_attempt({"attempt_id": new, "task_id": "s/a__b", "suite": "s", "trial": 0, "outcome": "success",
                          "progress": 1.0, "clean": True, "steps": 1})
    assert store.finished_ids() == {new, "s__a__b__t0"}
    result = load_result(store)
    assert result.unfinished == ["s__c__t0"]  # s/c has no result under any id
    assert result.as_json()["suites"]["s"]["unfinished"] == 1
    assert [u.attempt_id for u in diagnose(store).unfinished] == ["s__c__t0"]


def test_a_run_being_written_is_not_resumed_by_a_second_writer_and_a_killed_writer_frees_it(tmp_path):
    """Two resumes of one run (two terminals, an MCP job started twice) each ran every missing attempt: two rows of
    each, and one writer's trajectories and screenshots under the other's rows. The second is now refused before it
    changes anything (not even the torn last row, which may be the first writer's append in progress)."""
    import subprocess
    import sys

    from toolkit.evaluation import evaluate
    from toolkit.store import RunInUse
    from toolkit.store.lock import writing
    from toolkit.tasks import load_suite

    task = load_suite("mobile-core")[0].id
    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"], "tasks": [task], "trials": 1, "seed": 0},
                            root=tmp_path)
    (store.dir / "attempts.jsonl").write_bytes(b'{"attempt_id": "x", "out')  # the live writer's row, half written
    with writing(store.dir, store.run_id):
        files = {p: p.read_bytes() for p in store.dir.rglob("*") if p.is_file()}
        busy = rf"run {store.run_id} is being written by another evaluation in this process"
        with pytest.raises(RunInUse, match=busy):
            evaluate(resume=store.run_id, out=str(tmp_path))
        # refused before the agent is made: a checkpoint (here none at all) took minutes to load, then RunInUse
        (store.dir / "manifest.json").write_text(json.dumps({**store.manifest, "agent": "hf",
                                                             "model": str(tmp_path / "no-checkpoint")}))
        files = {p: p.read_bytes() for p in store.dir.rglob("*") if p.is_file()}
        with pytest.raises(RunInUse, match=busy):
            evaluate(resume=store.run_id, out=str(tmp_path))
    assert {p: p.read_bytes() for p in store.dir.rglob("*") if p.is_file()} == files

    # the lock dies with its holder: a writer killed mid-run leaves a run the next resume may take
    # lock.py loaded by its path: the package's __init__ would import pandas, seconds of start-up for nothing
    lock_py = store_module.__file__.replace("store.py", "lock.py")
    holder = subprocess.Popen([sys.executable, "-c", "import importlib.util as u, sys\n"
                               f"s = u.spec_from_file_location('lock', {lock_py!r})\n"
                               "m = u.module_from_spec(s); s.loader.exec_module(m)\n"
                               f"with m.writing({str(store.dir)!r}, 'r'):\n"
                               " print('held', flush=True); sys.stdin.read()"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(RunInUse, match=rf"another process \(pid {holder.pid}\)"):
            with writing(store.dir, store.run_id):
                pass
    finally:
        holder.kill()
        holder.wait()
    with writing(store.dir, store.run_id):
        pass


@requires_chromium  # the resume starts Playwright (no browser: nothing is left to run)
def test_a_replay_run_resumed_by_its_folder_finds_the_run_it_replays_beside_it(tmp_path):
    """``--agent replay --model SRC --out X`` stores the source as the id SRC, found under X. Resumed by its folder's
    path (``--resume X/<run>``, no ``--out``: as a folder is given), SRC was looked for under the default runs folder:
    "no run 'SRC'". Every attempt is done here, so the resume starts no browser and writes no row."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.evaluation import evaluate
    from toolkit.rollout import WorkItem
    from toolkit.tasks import load_suite

    spec = load_suite("mobile-core")[0]
    seed = WorkItem(spec, 0, 0).instance_seed
    source = RunStore.create({"agent": "reference", "suites": ["mobile-core"], "trials": 1, "seed": 0},
                             root=tmp_path, run_id="src")
    add_attempt(source, spec.id, 0, "success", plan(), seed=seed, suite="mobile-core")
    run = RunStore.create({"agent": "replay", "model": "src", "suites": ["mobile-core"], "tasks": [spec.id],
                           "trials": 1, "seed": 0}, root=tmp_path)
    add_attempt(run, spec.id, 0, "success", plan(), seed=seed, suite="mobile-core")
    result = evaluate(resume=str(run.dir))
    assert result.run_id == run.run_id and len(result.attempts) == 1


def test_a_generated_run_id_another_run_took_in_the_same_second_is_not_shared(tmp_path, monkeypatch):
    """Run ids are the second and 2 random bytes: of runs launched together (a sweep), two could draw one id, and the
    second wrote its manifest into the first's folder (whose manifest was not written yet): two runs in one folder."""
    ids = iter(["20260101-000000-x-aaaa", "20260101-000000-x-bbbb"])
    monkeypatch.setattr(store_module, "new_run_id", lambda label: next(ids))
    (tmp_path / "20260101-000000-x-aaaa").mkdir()  # made by the other run, its manifest still to come
    assert RunStore.create({"agent": "x"}, root=tmp_path).run_id == "20260101-000000-x-bbbb"
    assert not (tmp_path / "20260101-000000-x-aaaa" / "manifest.json").exists()
    # an id given is that id: a folder without a manifest (made by hand, or a creation cut short) becomes the run
    assert RunStore.create({"agent": "x"}, root=tmp_path, run_id="20260101-000000-x-aaaa").run_id.endswith("aaaa")


def test_a_reader_asking_whether_a_run_is_being_written_does_not_make_a_writer_fail(tmp_path, monkeypatch):
    """``being_written`` (``guigym fleet``) takes a shared lock for an instant; a resume starting in that instant
    was refused as if another writer held the run. The writer waits the instant out (here: the reader lets go on its
    first wait, so the test does not depend on timing)."""
    import fcntl
    import types

    from toolkit.store import lock as lock_module

    store = RunStore.create({"agent": "x"}, root=tmp_path)
    with lock_module.writing(store.dir, store.run_id):
        pass
    assert lock_module.being_written(store.dir) is False
    reader = os.open(store.dir / lock_module.LOCK, os.O_RDONLY)
    fcntl.flock(reader, fcntl.LOCK_SH)  # the reader's instant
    waits = []
    monkeypatch.setattr(lock_module, "time", types.SimpleNamespace(sleep=lambda s: waits.append(s) or os.close(reader)))
    with lock_module.writing(store.dir, store.run_id):
        assert lock_module.being_written(store.dir) is True
    assert len(waits) == 1
