"""Where the package's data lives: the repository's top-level folders (task bank, mocked apps, runs)."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root (the folder holding toolkit/, mocked_apps/, task_bank/).
REPO_ROOT = Path(os.environ.get("GUIGYM_ROOT", Path(__file__).resolve().parent.parent))
MOCKED_APPS = REPO_ROOT / "mocked_apps"
TASK_BANK = REPO_ROOT / "task_bank"
DEFAULT_RUNS = Path(os.environ.get("GUIGYM_RUNS", REPO_ROOT / "runs"))


def out_folder_problem(folder: str | os.PathLike, holds: str = "the output", write: bool = True) -> str | None:
    """Return why files cannot be written under ``folder`` (made when missing), or None when they can.

    The one check of an output folder (an evaluation's runs folder, a synthesis's worlds folder, a CLI ``--out``),
    before any work: ``folder`` or a folder above it is a file, or the nearest existing folder cannot be written.
    ``holds`` says what the folder is for, in the message; ``write=False`` leaves out the write test (a folder that
    is only read, such as an archive of runs, may be read-only). Nothing is left behind.
    """
    import tempfile

    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        return f"{folder} is a file; expected a folder for {holds} (made when missing)"
    parent = folder
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return f"{folder}: cannot create this folder: {parent} is a file; expected a folder for {holds}"
    if not write:
        return None
    try:  # a real write: permission bits alone miss a read-only or virtual file system, and root passes os.access
        os.rmdir(tempfile.mkdtemp(prefix=".guigym-write-check-", dir=parent))
    except OSError as exc:
        return f"{folder}: cannot write under {parent} ({exc.strerror or exc})"
    return None
