"""Screenshots are written as durably as the rows that point at them: aside, fsynced, renamed, their folder fsynced,
all before the attempt row is committed; an interrupted write never shows a partial image under its final name."""

from __future__ import annotations

import os
import stat

import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.store import RunStore
from toolkit.store import files as files_module


class _Journal:
    """``os`` for toolkit.store.files, recording each fsync (the path it flushed, and whether it is a folder) and each
    rename, in order."""

    def __init__(self):
        self.events: list[tuple[str, str, bool]] = []

    def __getattr__(self, name):
        return getattr(os, name)

    def fsync(self, fd):
        os.fsync(fd)
        self.events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}"), stat.S_ISDIR(os.fstat(fd).st_mode)))

    def replace(self, src, dst):
        os.replace(src, dst)
        self.events.append(("replace", str(dst), False))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names an fsynced descriptor's file through /proc")
@requires_chromium
async def test_every_screenshot_of_a_committed_row_was_fsynced_and_renamed_into_a_fsynced_folder_before_it(
        tmp_path, monkeypatch):
    """A screenshot was written in place (``write_bytes``) and never fsynced, while its attempt row was fsynced: a
    crash after the row could leave it pointing at a missing or half-written image."""
    journal = _Journal()
    monkeypatch.setattr(files_module, "os", journal)
    result = await evaluate_async(["mobile-core"], "reference", tasks=["contacts.favorite"], out=tmp_path, seed=3)
    [aid] = list(result.attempts["attempt_id"])
    store = result.store
    events = journal.events
    commit = next(i for i, (kind, path, _) in enumerate(events)
                  if kind == "fsync" and path == str((store.dir / "attempts.jsonl").resolve()))
    records = store.trajectory(aid)
    shots = {records[0]["screenshot"]} | {r[k] for r in records if r["kind"] == "step"
                                          for k in ("screenshot_before", "screenshot_after")}
    assert len(shots) == int(result.attempts["steps"][0]) + 1 > 1
    folder = (store.dir / "screenshots" / aid).resolve()
    for rel in shots:
        final = (store.dir / rel).resolve()
        tmp = str(final.with_name(f".{final.name}.tmp"))
        flushed = events.index(("fsync", tmp, False))  # the bytes, under the temporary name
        renamed = events.index(("replace", str(store.dir / rel), False))
        assert flushed < renamed < commit, rel
        assert final.stat().st_size > 0
    last_rename = max(i for i, (kind, path, _) in enumerate(events) if kind == "replace" and "/screenshots/" in path)
    synced = [path for kind, path, is_dir in events[last_rename:commit] if kind == "fsync" and is_dir]
    # the renames of the attempt's screenshots, and the new attempt folder's own name, are durable before the row
    assert str(folder) in synced and str(folder.parent) in synced
    # and the run folder's own name in its root (a crash could otherwise lose the whole run, committed rows and all)
    assert ("fsync", str(tmp_path.resolve()), True) in events[:commit]
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


_KILLED_MID_WRITE = """
import os, signal, sys
from toolkit.store import RunStore
from toolkit.store import files

class Dying:
    def __getattr__(self, name):
        return getattr(os, name)

    def fsync(self, fd):
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            os.ftruncate(fd, 2500)  # half of the image reached the disk, then the process is killed
            os.kill(os.getpid(), signal.SIGKILL)
        return os.fsync(fd)

files.os = Dying()
RunStore(sys.argv[1]).write_screenshot("a", 0, b"\\xff\\xd8" + bytes([1]) * 5000)
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names an fsynced descriptor's file through /proc")
def test_a_screenshot_write_killed_midway_is_never_visible_under_its_final_name(tmp_path):
    """A process killed while writing an image leaves its partial bytes under the aside name only: the final name
    holds the whole earlier image (an attempt rerun after an env error writes the same names) or nothing; the resume
    writes them whole over the leftover."""
    import signal
    import subprocess
    import sys

    store = RunStore.create({"agent": "x"}, root=tmp_path)
    earlier = b"\xff\xd8" + bytes([0]) * 5000
    store.write_screenshots("a", [(earlier, "jpeg")])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", _KILLED_MID_WRITE, str(store.dir)], env=env, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]
    folder = store.dir / "screenshots" / "a"
    assert (folder / "000.jpg").read_bytes() == earlier and not (folder / "001.jpg").exists()
    assert (folder / ".000.jpg.tmp").stat().st_size == 2500  # the partial bytes: only under the aside name
    again = [b"\xff\xd8" + bytes([n]) * 5000 for n in (1, 2)]
    journal = _Journal()
    files_module.os = journal
    try:
        paths = store.write_screenshots("a", [(data, "jpeg") for data in again])
    finally:
        files_module.os = os
    assert [(store.dir / p).read_bytes() for p in paths] == again and not list(folder.glob(".*.tmp"))
    # the folder the killed try made is made durable in screenshots/ too, before any row can point into it
    assert ("fsync", str(folder.parent.resolve()), True) in journal.events


def test_a_failed_screenshot_write_leaves_neither_a_partial_image_nor_its_temporary_file(tmp_path, monkeypatch):
    """A write that fails (a full disk) raises, leaves the final name as it was and removes its aside file."""
    store = RunStore.create({"agent": "x"}, root=tmp_path)
    earlier = b"\xff\xd8" + bytes([0]) * 5000

    class DiskFull:
        def __getattr__(self, name):
            return getattr(os, name)

        def fsync(self, fd):
            if not stat.S_ISDIR(os.fstat(fd).st_mode):
                raise OSError(28, "No space left on device")
            return os.fsync(fd)

    store.write_screenshots("a", [(earlier, "jpeg")])
    monkeypatch.setattr(files_module, "os", DiskFull())
    with pytest.raises(OSError, match="No space left"):
        store.write_screenshots("a", [(b"\xff\xd8new", "jpeg"), (b"\xff\xd8new", "jpeg")])
    folder = store.dir / "screenshots" / "a"
    assert sorted(p.name for p in folder.iterdir()) == ["000.jpg"] and (folder / "000.jpg").read_bytes() == earlier


@requires_chromium
async def test_the_event_loop_keeps_serving_while_an_attempt_is_written(answers_manager, demo, tmp_path, monkeypatch):
    """Writing an attempt fsyncs every screenshot (a tenth of a second for a phone's): on the event loop it stalled
    every other attempt's env and model calls. The write runs in a thread: here the row is committed only once a
    coroutine on the loop has run, which never happens when the write blocks the loop (the write then gives up)."""
    import asyncio
    import threading

    from toolkit.harness import Harness, make_policy
    from toolkit.rollout import Scheduler, WorkItem

    spec, _ = demo
    store = RunStore.create({"agent": "reference"}, root=tmp_path)
    writing, served = threading.Event(), threading.Event()
    commit = store.append_attempt

    def append_attempt(row):
        writing.set()
        served.wait(timeout=60)  # a hang guard: on the loop's thread this waits for nothing that can happen
        assert served.is_set(), "the loop was blocked while the attempt was written"
        commit(row)

    monkeypatch.setattr(store, "append_attempt", append_attempt)

    async def serve():
        while not writing.is_set():
            await asyncio.sleep(0.01)
        served.set()

    server = asyncio.ensure_future(serve())
    [row] = await Scheduler(answers_manager, Harness(make_policy("reference")), store, "reference").run(
        [WorkItem(spec, 0, 0)])
    await server
    assert row["outcome"] == "success" and store.done_ids() == {row["attempt_id"]}
