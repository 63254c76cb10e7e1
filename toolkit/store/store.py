"""The trajectory store: ``runs/<run_id>/`` with a manifest, an append-only attempt table,
one JSON-lines file per trajectory and screenshots as image files.

Writes are atomic: a trajectory file appears whole (written aside, then renamed) before its
attempt row is appended, and the row — one line, flushed and fsynced — is the commit point.
A run killed at any moment resumes with every attempt exactly once: rows are read back,
a torn last line is skipped (and cut off by :meth:`RunStore.heal` on resume), and attempts
without a row are run again. Readers never change a run's files.

Reading checks what it reads: another damaged line (not a JSON object) is skipped with a warning naming the file
and line, and an attempt row or a manifest whose known field has the wrong type (a hand edit) is a ValueError
naming the file, line and field.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from toolkit.paths import DEFAULT_RUNS, is_bare_name
from toolkit.store.files import append_row, fsync_dir, heal_file, numbered_rows, read_rows, write_atomic
from toolkit.store.ids import finished_ids, new_run_id

if TYPE_CHECKING:  # pandas is imported where a table is made: a CLI command that makes none starts ~0.6 s sooner
    import pandas as pd

#: the fields of an attempt row (toolkit.rollout.scheduler.attempt_row) that readers compute with, numbers first
ROW_NUMBERS = ("trial", "seed", "reward", "progress", "steps", "success", "clean", "env_reruns")
ROW_FIELDS = ("task_id", "suite", "agent", "apps", "tags", "difficulty", "split", "instruction", "params", "outcome",
              "claimed", "answer", "termination", "side_effects", "criteria", "verifier_error")
ATTEMPTS = "attempts.jsonl"
ENV_ERRORS = "env_errors.jsonl"
MANIFEST = "manifest.json"


class _AttemptRow(BaseModel):
    """The types of an attempt row's fields that readers compute with; a row of an older run may lack any but the ids.

    Every writer has put ``task_id`` in each row: a row without it (made by hand) failed far from its file, e.g. in
    ``diagnose`` as a bare pydantic error about a finding's ``task_id``.
    """

    model_config = ConfigDict(extra="ignore", strict=True)  # only checked; the dict itself is returned
    attempt_id: str
    task_id: str
    suite: str | None = None
    trial: int | None = None
    seed: int | None = None
    outcome: str | None = None
    reward: float | None = None
    progress: float | None = None
    success: bool | None = None
    steps: int | None = None
    apps: list[str] | None = None
    tags: list[str] | None = None
    criteria: dict[str, bool | None] | None = None
    side_effects: list[str] | None = None


class _Manifest(BaseModel):
    """The types of the manifest fields that readers and ``resume`` use; a manifest may hold more, or lack any."""

    model_config = ConfigDict(extra="ignore", strict=True)  # only checked; the dict itself is returned
    run_id: str = ""
    purpose: str = "eval"
    agent: str | None = None
    suites: list[str] = []
    tasks: list[str] | None = None
    task_ids: list[str] | None = None  # the full ids the run was started with (runs made before it have none)
    trials: int = 1
    seed: int = 0
    sampling: dict[str, Any] | None = None
    harness: dict[str, Any] | None = None
    resumes: list[dict[str, Any]] = []


def _check(model: type[BaseModel], value: Any, where: str) -> None:
    """Raise ValueError naming ``where`` and the first bad field when ``value`` does not fit ``model``."""
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(value).__name__}")
    try:
        model.model_validate(value)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        got = "" if err["type"] == "missing" else f" (got {err.get('input')!r})"  # the input is then the whole row
        raise ValueError(f"{where}: field {field!r}: {err['msg']}{got}") from None


class RunStore:
    """One run folder."""

    def __init__(self, run_dir: Path):
        self.dir = Path(run_dir)
        # a run opened as "." (from inside its folder) or ".." has no name of its own: its id was ""
        self.run_id = self.dir.name if self.dir.name not in ("", "..") else self.dir.resolve().name

    def __repr__(self) -> str:  # a list of runs in a notebook showed "<toolkit.store.store.RunStore object at 0x...>"
        return f"RunStore({str(self.dir)!r})"

    # -- creation ----------------------------------------------------------------------------------

    @classmethod
    def create(cls, manifest: dict[str, Any], root: Path | str | None = None, run_id: str | None = None) -> "RunStore":
        """Create ``root/<run_id>/`` with its manifest."""
        root, given = Path(root or DEFAULT_RUNS), run_id
        root.mkdir(parents=True, exist_ok=True)
        while True:  # a generated id is taken by making its folder: runs started in one second never share one
            run_id = given or new_run_id(str(manifest.get("agent", "run")))
            try:
                (root / run_id).mkdir()
                break
            except FileExistsError:
                if given:
                    break
        store = cls(root / run_id)
        if (store.dir / MANIFEST).exists():
            raise FileExistsError(f"run {run_id} already exists in {root}; use resume")
        (store.dir / "trajectories").mkdir(parents=True, exist_ok=True)
        (store.dir / "screenshots").mkdir(exist_ok=True)
        write_atomic(store.dir / MANIFEST, json.dumps({"run_id": run_id, **manifest}, indent=2, default=str).encode())
        fsync_dir(root)  # the run folder's own name: without it a crash could lose the run with its committed rows
        return store

    @classmethod
    def open(cls, run: str | Path, root: Path | str | None = None, *, heal: bool = False) -> "RunStore":
        """Open an existing run by id (a bare name: under ``root`` only, never the working folder) or by folder path
        (a path object, or a string with a separator: ``./r1``) and return its store (a store, or an evaluation's
        result, is its own run).

        Opening reads only. ``heal=True`` is for the one writer resuming the run: it calls :meth:`heal`
        first. A reader must not heal: the torn line it sees may be a row that a live writer is finishing.
        """
        given = getattr(run, "store", run)  # an EvalResult stands for its run
        if isinstance(given, RunStore):
            if heal:
                given.heal()
            return given
        if not isinstance(run, (str, os.PathLike)):  # str() of it was read as a run id: "File name too long"
            raise TypeError(f"argument 'run': a run id, a run folder's path, a RunStore or an EvalResult, "
                            f"got {type(run).__name__}")
        # A bare id names a run under the runs folder only: looked up in the working folder first, a folder of that
        # name there shadowed the run (and served one from outside the runs folder). A path is taken as written.
        if not str(run).strip():  # "" named the runs folder itself, " " a folder of that name in the working folder
            raise FileNotFoundError(f"no run {str(run)!r}: a blank name is no run id; give a run id or a run folder's path")
        path = Path(root or DEFAULT_RUNS) / run if is_bare_name(run) else Path(run)
        if not (path / MANIFEST).exists():
            raise FileNotFoundError(f"no run {run!r} (looked for {path / MANIFEST}){_near(run, path, root)}")
        store = cls(path)
        if heal:
            store.heal()
        return store

    def heal(self) -> list[str]:
        """Cut a torn last line (an interrupted append) off the attempt and env-error tables.

        Only the run's writer may call this (on resume, before appending). Returns the names of the
        files that were cut. Appends are safe without it (see :func:`append_row`); it keeps the files tidy.
        """
        return [name for name in (ATTEMPTS, ENV_ERRORS) if heal_file(self.dir / name)]

    @property
    def manifest(self) -> dict[str, Any]:
        """Return the run manifest.

        Raises:
            ValueError: naming the file (and the field): it is not JSON, not an object, or a known field has the
                wrong type (e.g. ``suites`` not a list of names).
        """
        path = self.dir / MANIFEST
        try:
            manifest = json.loads(path.read_bytes())
        except ValueError as exc:  # a JSONDecodeError, or a UnicodeDecodeError from a damaged byte
            raise ValueError(f"{path}: not valid JSON ({exc})") from None
        _check(_Manifest, manifest, str(path))
        return manifest

    # -- writing -----------------------------------------------------------------------------------

    def record_resume(self, change: dict[str, Any]) -> None:
        """Append ``change`` (what a resume changed, e.g. the model endpoint) with its time to the manifest's ``resumes``."""
        manifest = self.manifest
        manifest["resumes"] = [*manifest.get("resumes", []), {"time": time.time(), **change}]
        write_atomic(self.dir / MANIFEST, json.dumps(manifest, indent=2, default=str).encode())

    def screenshot_path(self, attempt: str, index: int, fmt: str = "jpeg") -> str:
        """Return the run-relative path of observation ``index`` of ``attempt``."""
        return f"screenshots/{attempt}/{index:03d}.{'jpg' if fmt == 'jpeg' else 'png'}"

    def write_screenshot(self, attempt: str, index: int, data: bytes, fmt: str = "jpeg") -> str:
        """Write one screenshot durably (see :meth:`write_screenshots`) and return its run-relative path."""
        return self.write_screenshots(attempt, [(data, fmt)], start=index)[0]

    def write_screenshots(self, attempt: str, images: list[tuple[bytes, str]], start: int = 0) -> list[str]:
        """Write the ``(data, fmt)`` screenshots of ``attempt`` as observations ``start``, ``start + 1``, ... and return
        their run-relative paths.

        Each file is written like a trajectory (aside, fsynced, renamed): a screenshot was written in place and never
        fsynced, so a crash after its attempt row was committed (fsynced) could leave that row pointing at a missing
        or half-written image. The folder entries are fsynced once, after the last rename, before this returns.
        """
        rels = [self.screenshot_path(attempt, start + i, fmt) for i, (_, fmt) in enumerate(images)]
        folder = self.dir / "screenshots" / attempt
        made_root = not folder.parent.is_dir()  # a run copied without its screenshots/
        folder.mkdir(parents=True, exist_ok=True)
        for rel, (data, _) in zip(rels, images):
            write_atomic(self.dir / rel, data, sync_dir=False)
        fsync_dir(folder)
        # the attempt folder's own name, in screenshots/: also when an earlier try (killed before this point) made it
        fsync_dir(folder.parent)
        if made_root:
            fsync_dir(self.dir)
        return rels

    def write_trajectory(self, attempt: str, records: list[dict[str, Any]]) -> str:
        """Write the trajectory JSON lines atomically and return its run-relative path."""
        rel = f"trajectories/{attempt}.jsonl"
        blob = "".join(json.dumps(r, default=str) + "\n" for r in records).encode()
        # a run folder holding only its manifest (copied, or made by hand) has no trajectories/: the resume of it
        # failed at its first finished attempt with "No such file or directory: .../.<attempt>.jsonl.tmp"
        if not (self.dir / "trajectories").is_dir():
            (self.dir / "trajectories").mkdir(exist_ok=True)
            fsync_dir(self.dir)  # its name, before a row points into it
        write_atomic(self.dir / rel, blob)
        return rel

    def append_attempt(self, row: dict[str, Any]) -> None:
        """Commit one finished attempt (its trajectory must already be written)."""
        append_row(self.dir / ATTEMPTS, row)

    def append_env_error(self, row: dict[str, Any]) -> None:
        """Record an attempt that hit an env_error and is being rerun."""
        append_row(self.dir / ENV_ERRORS, row)

    # -- reading -----------------------------------------------------------------------------------

    def attempt_rows(self) -> list[dict[str, Any]]:
        """Return committed attempt rows, first row of each attempt id only.

        Raises:
            ValueError: naming the file, the row and the field, for a row whose field has the wrong type (a hand
                edit: ``"steps": "3"``) or that lacks ``attempt_id`` or ``task_id``; rates computed past it would be
                wrong or fail far from the cause.
        """
        path = self.dir / ATTEMPTS
        seen: set[str] = set()
        rows = []
        for number, row in numbered_rows(path):
            _check(_AttemptRow, row, f"{path} line {number}")
            if row["attempt_id"] not in seen:
                seen.add(row["attempt_id"])
                rows.append(row)
        return rows

    def done_ids(self) -> set[str]:
        """Return the ids of committed attempts."""
        return {r["attempt_id"] for r in self.attempt_rows()}

    def done_keys(self) -> set[tuple[str, int]]:
        """Return ``(task_id, trial)`` of the committed attempts whose rows name both.

        A run written before :func:`attempt_id` hashed ambiguous task ids spelled them otherwise; resuming it must
        still know those attempts as done (and not run them again under their new id).
        """
        return {(r["task_id"], r["trial"]) for r in self.attempt_rows()
                if isinstance(r.get("task_id"), str) and isinstance(r.get("trial"), int)}

    def env_error_rows(self) -> list[dict[str, Any]]:
        """Return the recorded env_error reruns."""
        return read_rows(self.dir / ENV_ERRORS)

    def finished_ids(self) -> set[str]:
        """Return the ids of committed attempts and the env-error ids of the same task and trial (see
        :func:`finished_ids`)."""
        return finished_ids(self.attempt_rows(), self.env_error_rows())

    def attempts(self) -> pd.DataFrame:
        """Return the attempt table as a DataFrame (one row per attempt).

        Every field a writer puts in a row is a column, also where no row has it (a run of an older version, a row
        made by hand): a missing number is NaN, anything else None (also where only some rows lack it). Readers
        computing with ``df["progress"]`` failed with a bare KeyError: 'progress'.
        """
        import pandas as pd

        df = pd.DataFrame(self.attempt_rows())
        if df.empty:
            return df
        for name in ROW_NUMBERS:
            if name not in df:
                df[name] = float("nan")
        for name in ROW_FIELDS:
            # a field some rows lack: None there, not pandas' NaN (a float: "for app in row['apps'] or []" failed)
            df[name] = df[name].astype(object).where(df[name].notna(), None) if name in df else None
        # a row without its suite is of the suite its task id names (``<suite>/<id>``): grouped under None, its
        # attempt fell out of every per-suite summary, which showed a group of 0 attempts instead
        unnamed = df["suite"].isna() & df["task_id"].str.contains("/", regex=False)
        df.loc[unnamed, "suite"] = df.loc[unnamed, "task_id"].str.split("/", n=1).str[0]
        return df

    def trajectory(self, attempt: str) -> list[dict[str, Any]]:
        """Return the records of one trajectory file."""
        path = self.dir / "trajectories" / f"{attempt}.jsonl"
        if not path.exists():
            why = (" (its row is in attempts.jsonl: the run was copied or pruned without its trajectories/)"
                   if attempt in self.done_ids() else "")
            raise FileNotFoundError(f"run {self.run_id} has no trajectory {attempt!r}: {path} is missing{why}")
        return read_rows(path)

    def steps(self, attempt: str) -> pd.DataFrame:
        """Return the step records of one trajectory as a DataFrame."""
        import pandas as pd

        return pd.DataFrame([r for r in self.trajectory(attempt) if r.get("kind") == "step"])


def _near(run: str | os.PathLike, path: Path, root: Path | str | None) -> str:
    """Return what a missing run's error adds: the runs whose id starts with ``run`` (a run id is typed by its start:
    a prefix is not taken, as it may name another run later), or why the folder that exists is not a run."""
    if path.is_dir() and str(run):
        return ("; that folder exists but holds no manifest.json: not a run (or one whose creation was interrupted "
                "before its manifest was written)")
    prefix = str(run)
    if not prefix or os.sep in prefix:
        return ""
    found = [r.run_id for r in list_runs(root) if r.run_id.startswith(prefix)]
    if not found:
        return ""
    shown = ", ".join(found[:5]) + (f" and {len(found) - 5} more" if len(found) > 5 else "")
    return f"; run ids are given whole: did you mean {shown}?"


def list_runs(root: Path | str | None = None) -> list[RunStore]:
    """Return the runs under ``root``, newest first (a list: a notebook cell shows it, and ``len`` and indexing work,
    where a generator showed ``<generator object ...>``); none when ``root`` is no folder."""
    root = Path(root or DEFAULT_RUNS)
    if not root.is_dir():
        return []
    return [RunStore(path) for path in sorted((p for p in root.iterdir() if (p / MANIFEST).exists()), reverse=True)]
