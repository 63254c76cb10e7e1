"""The durable files of a run: atomic whole-file writes, fsynced appends of JSON lines, and their reading.

A file written with :func:`write_atomic` appears whole or not at all; a row appended with :func:`append_row` is one
line, flushed and fsynced (the commit point of an attempt). Readers skip a torn last line (an append in progress, or
one a kill cut) in silence, and warn once about any other line that is no JSON object; :func:`heal_file` cuts a torn
last line off (for the one writer of a run, before it appends).
"""

from __future__ import annotations

import errno
import json
import os
import warnings
from pathlib import Path
from typing import Any


def fsync_dir(path: Path) -> None:
    """Flush a directory's entries (a new or renamed file's name) to disk; a no-op where the OS refuses."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some platforms and file systems cannot fsync a directory
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, *, sync_dir: bool = True) -> None:
    """Write ``data`` to ``path`` whole or not at all: written aside, fsynced, renamed, the rename fsynced.

    ``sync_dir=False`` leaves the folder's fsync to the caller, who writes several files into one folder and
    fsyncs it once (see :func:`fsync_dir`) before committing a row that points at them.
    """
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        # a failed write (a full disk) leaves no partial copy behind; one a kill leaves is only ever under the aside
        # name, which the next write of the file truncates
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if sync_dir:  # the rename must be durable before a row that points at this file is committed
        fsync_dir(path.parent)


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (os.write may write fewer), or raise OSError."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, f"write returned {written} with {len(view)} bytes left")
        view = view[written:]


def append_row(path: Path, row: dict[str, Any]) -> None:
    """Append ``row`` to the JSON-lines file ``path`` as one line, fsynced; raise OSError if it could not be written
    whole."""
    line = (json.dumps(row, default=str) + "\n").encode()
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        # after a torn last line (a killed or short write) start on a fresh line, or the
        # two would be glued into one unreadable line and this committed row lost with it
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line
        _write_all(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)
    if not size:
        fsync_dir(path.parent)  # the file may be new: make its name durable too


_WARNED: set[tuple[str, int, bytes]] = set()  # the damaged lines already warned about


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Return the rows of a JSON-lines file (see :func:`numbered_rows`)."""
    return [row for _, row in numbered_rows(path)]


def numbered_rows(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Return the JSON-object lines of ``path`` with their line numbers (from 1); [] when it does not exist.

    A line that is not a JSON object is skipped. The last one, with no newline after it, is an append being written
    (or torn by a kill): skipped in silence, as its attempt reruns. Any other such line is damage (a short write, a
    hand edit, a bad byte): skipped with a warning that names the file and the line.
    """
    if not path.exists():
        return []
    lines = path.read_bytes().split(b"\n")
    rows = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:  # a JSONDecodeError, or a UnicodeDecodeError from a damaged byte
            row = None
        if isinstance(row, dict):
            rows.append((number, row))
        elif number < len(lines) and (str(path), number, line) not in _WARNED:
            # a line ended by a newline was written whole: it is damage, not an append in progress. Told once per
            # process (pandas' catch_warnings resets the warnings module's own once-only registry), not per reader
            _WARNED.add((str(path), number, line))
            warnings.warn(f"{path} line {number}: not a JSON object, skipped ({line[:80]!r})", stacklevel=2)
    return rows


def heal_file(path: Path) -> bool:
    """Cut a torn last line (no trailing newline) off ``path``; return whether anything was cut."""
    if not path.exists() or path.stat().st_size == 0:
        return False
    data = path.read_bytes()
    if data.endswith(b"\n"):
        return False
    with open(path, "r+b") as f:
        f.truncate(data.rfind(b"\n") + 1)
        f.flush()
        os.fsync(f.fileno())
    return True
