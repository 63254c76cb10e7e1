"""The trajectory store: ``runs/<run_id>/`` with a manifest, an append-only attempt table,
one JSON-lines file per trajectory and screenshots as image files.

Writes are atomic: a trajectory file appears whole (written aside, then renamed) before its
attempt row is appended, and the row — one line, flushed and fsynced — is the commit point.
A run killed at any moment resumes with every attempt exactly once: rows are read back,
a torn last line is cut off, and attempts without a row are run again.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from pathlib import Path
from typing import Any, Iterator

import pandas as pd

from toolkit.paths import DEFAULT_RUNS

ATTEMPTS = "attempts.jsonl"
ENV_ERRORS = "env_errors.jsonl"
MANIFEST = "manifest.json"


def attempt_id(task_id: str, trial: int) -> str:
    """Return the file-safe id of trial ``trial`` of ``task_id``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "__", task_id) + f"__t{trial}"


def new_run_id(label: str) -> str:
    """Return a fresh run id: ``<UTC time>-<label>-<random>``."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", label)[:40]
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + f"-{safe}-{secrets.token_hex(2)}"


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _read_rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a torn line of an interrupted write: its attempt reruns
    return rows


def _heal(path: Path) -> None:
    """Cut a torn last line (no trailing newline) so the next append starts clean."""
    if not path.exists() or path.stat().st_size == 0:
        return
    data = path.read_bytes()
    if not data.endswith(b"\n"):
        with open(path, "r+b") as f:
            f.truncate(data.rfind(b"\n") + 1)


class RunStore:
    """One run folder."""

    def __init__(self, run_dir: Path):
        self.dir = Path(run_dir)
        self.run_id = self.dir.name

    # -- creation ----------------------------------------------------------------------------------

    @classmethod
    def create(cls, manifest: dict[str, Any], root: Path | str | None = None, run_id: str | None = None) -> "RunStore":
        """Create ``root/<run_id>/`` with its manifest."""
        root = Path(root or DEFAULT_RUNS)
        run_id = run_id or new_run_id(str(manifest.get("agent", "run")))
        store = cls(root / run_id)
        if (store.dir / MANIFEST).exists():
            raise FileExistsError(f"run {run_id} already exists in {root}; use resume")
        (store.dir / "trajectories").mkdir(parents=True, exist_ok=True)
        (store.dir / "screenshots").mkdir(exist_ok=True)
        _write_atomic(store.dir / MANIFEST, json.dumps({"run_id": run_id, **manifest}, indent=2, default=str).encode())
        return store

    @classmethod
    def open(cls, run: str | Path, root: Path | str | None = None) -> "RunStore":
        """Open an existing run by id (under ``root``) or by folder path, healing a torn attempt row."""
        path = Path(run)
        if not (path / MANIFEST).exists():
            path = Path(root or DEFAULT_RUNS) / str(run)
        if not (path / MANIFEST).exists():
            raise FileNotFoundError(f"no run {run!r} (looked for {path / MANIFEST})")
        store = cls(path)
        _heal(store.dir / ATTEMPTS)
        _heal(store.dir / ENV_ERRORS)
        return store

    @property
    def manifest(self) -> dict[str, Any]:
        """Return the run manifest."""
        return json.loads((self.dir / MANIFEST).read_text())

    # -- writing -----------------------------------------------------------------------------------

    def screenshot_path(self, attempt: str, index: int, fmt: str = "jpeg") -> str:
        """Return the run-relative path of observation ``index`` of ``attempt``."""
        return f"screenshots/{attempt}/{index:03d}.{'jpg' if fmt == 'jpeg' else 'png'}"

    def write_screenshot(self, attempt: str, index: int, data: bytes, fmt: str = "jpeg") -> str:
        """Write a screenshot file and return its run-relative path."""
        rel = self.screenshot_path(attempt, index, fmt)
        path = self.dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return rel

    def write_trajectory(self, attempt: str, records: list[dict[str, Any]]) -> str:
        """Write the trajectory JSON lines atomically and return its run-relative path."""
        rel = f"trajectories/{attempt}.jsonl"
        blob = "".join(json.dumps(r, default=str) + "\n" for r in records).encode()
        _write_atomic(self.dir / rel, blob)
        return rel

    def _append(self, name: str, row: dict[str, Any]) -> None:
        line = (json.dumps(row, default=str) + "\n").encode()
        fd = os.open(self.dir / name, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)

    def append_attempt(self, row: dict[str, Any]) -> None:
        """Commit one finished attempt (its trajectory must already be written)."""
        self._append(ATTEMPTS, row)

    def append_env_error(self, row: dict[str, Any]) -> None:
        """Record an attempt that hit an env_error and is being rerun."""
        self._append(ENV_ERRORS, row)

    # -- reading -----------------------------------------------------------------------------------

    def attempt_rows(self) -> list[dict[str, Any]]:
        """Return committed attempt rows, first row of each attempt id only."""
        seen: set[str] = set()
        rows = []
        for row in _read_rows(self.dir / ATTEMPTS):
            if row.get("attempt_id") not in seen:
                seen.add(row.get("attempt_id"))
                rows.append(row)
        return rows

    def done_ids(self) -> set[str]:
        """Return the ids of committed attempts."""
        return {r["attempt_id"] for r in self.attempt_rows()}

    def env_error_rows(self) -> list[dict[str, Any]]:
        """Return the recorded env_error reruns."""
        return _read_rows(self.dir / ENV_ERRORS)

    def attempts(self) -> pd.DataFrame:
        """Return the attempt table as a DataFrame (one row per attempt)."""
        return pd.DataFrame(self.attempt_rows())

    def trajectory(self, attempt: str) -> list[dict[str, Any]]:
        """Return the records of one trajectory file."""
        path = self.dir / "trajectories" / f"{attempt}.jsonl"
        if not path.exists():
            raise FileNotFoundError(f"run {self.run_id} has no trajectory {attempt!r}")
        return _read_rows(path)

    def steps(self, attempt: str) -> pd.DataFrame:
        """Return the step records of one trajectory as a DataFrame."""
        return pd.DataFrame([r for r in self.trajectory(attempt) if r.get("kind") == "step"])


def list_runs(root: Path | str | None = None) -> Iterator[RunStore]:
    """Yield the runs under ``root``, newest first."""
    root = Path(root or DEFAULT_RUNS)
    if not root.is_dir():
        return
    for path in sorted((p for p in root.iterdir() if (p / MANIFEST).exists()), reverse=True):
        yield RunStore(path)
