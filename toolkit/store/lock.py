"""The writer lock of a run: one process (or one evaluation in it) writes a run at a time.

Two writers of one run (``guigym eval --resume`` typed in two terminals, an MCP ``run_eval(resume=...)`` started
twice) each ran every missing attempt: every attempt twice, two rows each, and the trajectory and screenshots of
the row that counts overwritten by the other writer's. The second writer's heal could also cut a row the first was
appending. The lock is an advisory ``flock`` on ``<run>/.writer.lock``: the kernel releases it when its holder
exits, also when killed, so a crashed run is never left locked (the file stays; only the lock matters).
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock, runs are not locked there
    fcntl = None  # type: ignore[assignment]

LOCK = ".writer.lock"


class RunInUse(RuntimeError):
    """Another process (or another evaluation in this one) is writing the run."""


def _lock(fd: int, tries: int = 10) -> None:
    """Take the exclusive lock on ``fd``; raise BlockingIOError when another writer holds it.

    A reader asking :func:`being_written` holds a shared lock for an instant: that is waited out (a few tries).
    """
    for _ in range(tries - 1):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            time.sleep(0.02)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


@contextmanager
def writing(run_dir: Path | str, run_id: str) -> Iterator[None]:
    """Hold the writer lock of the run in ``run_dir`` for the ``with`` block.

    Raises:
        RunInUse: another writer holds it; the message names the run and that writer's process id.
    """
    path = Path(run_dir) / LOCK
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if fcntl is not None:
            try:
                _lock(fd)
            except BlockingIOError:
                holder = os.pread(fd, 64, 0).decode(errors="replace").strip()
                who = ("another evaluation in this process" if holder == str(os.getpid())
                       else f"another process (pid {holder or 'unknown'})")
                raise RunInUse(f"run {run_id} is being written by {who}: wait for it to end (or stop it), then "
                               f"resume the run ({path} is held)") from None
            except OSError:  # a file system without flock (some network and FUSE mounts): written unlocked, as before
                pass
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)  # who holds it, for the message a second writer gets
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def being_written(run_dir: Path | str) -> bool | None:
    """Return whether a process holds the run's writer lock now: True, False, or None when that cannot be told (a run
    written before the lock existed has no lock file, or the file system has no flock). Changes nothing."""
    if fcntl is None:
        return None
    try:
        fd = os.open(Path(run_dir) / LOCK, os.O_RDONLY)  # a reader creates nothing
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return None
    finally:
        os.close(fd)  # releases the shared lock, when it was taken
    return False
