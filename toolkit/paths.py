"""Where the package's data lives: the repository's top-level folders (task bank, mocked apps, runs)."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root (the folder holding toolkit/, mocked_apps/, task_bank/).
REPO_ROOT = Path(os.environ.get("GUIGYM_ROOT", Path(__file__).resolve().parent.parent))
MOCKED_APPS = REPO_ROOT / "mocked_apps"
TASK_BANK = REPO_ROOT / "task_bank"
DEFAULT_RUNS = Path(os.environ.get("GUIGYM_RUNS", REPO_ROOT / "runs"))
#: Where training writes checkpoints (a recipe's default output dir is outputs/<recipe>): the folder the MCP server
#: loads model checkpoints from.
DEFAULT_CHECKPOINTS = Path(os.environ.get("GUIGYM_CHECKPOINTS", REPO_ROOT / "outputs"))


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


def is_bare_name(name: object) -> bool:
    """Return whether ``name`` is one folder's name: a non-blank string with no path separator (``/`` or ``\\``), no
    NUL, and not ``.`` or ``..``. A run id is one; anything else names a path."""
    return (isinstance(name, str) and bool(name.strip()) and not any(c in name for c in "/\\\x00")
            and name not in (".", ".."))


def run_id_problem(run: object, root: str | os.PathLike | None = None) -> str | None:
    """Return why ``run`` is not a bare run id (the name of a run's folder directly under the runs folder ``root``),
    or None when it is one (or is blank or no string: the lookup itself says what is missing).

    For callers that must stay inside the runs folder (the MCP server's run tools): :meth:`RunStore.open` also takes
    a run folder's path, so ``../x``, ``/etc`` or another runs folder's run were read as runs.
    """
    if not isinstance(run, str) or not run.strip():
        return None
    if not is_bare_name(run):
        return (f"{run!r} is a path; give a run id: the name of a run folder directly under the runs folder "
                f"{Path(root or DEFAULT_RUNS)} (list_runs gives them)")
    return None


def under_base(folder: object, base: str | os.PathLike) -> object:
    """Return ``folder`` as an absolute path string: ``base``/``folder`` when it is relative (``~`` expanded first),
    as given when absolute; anything else (blank, no string) unchanged, for the caller's own check to name.

    For servers whose working folder means nothing to their client: a relative folder is taken under the root they
    were configured with, never the process's working folder.
    """
    if not isinstance(folder, (str, os.PathLike)) or not str(folder).strip():
        return folder
    try:
        path = Path(folder).expanduser()
    except RuntimeError:  # "~nobody": no such user; left for the roots check to refuse as written
        return folder
    return str(path if path.is_absolute() else Path(base) / path)


def outside_roots_problem(folder: object, roots: "tuple[str | os.PathLike, ...]", holds: str = "the output",
                          base: str | os.PathLike | None = None) -> str | None:
    """Return why ``folder`` (relative: to ``base``, see :func:`under_base`; without one, to the working folder) is not
    inside one of ``roots``, or None when it is (or is blank or no string: the caller's own check says what is missing).

    Both sides are resolved first (``..`` and symbolic links), so neither ``roots/../x`` nor a link out of a root
    escapes. For callers that may only write, or read, under given folders (the MCP server's ``synth_tasks`` and
    ``synth_validate``).
    """
    if not isinstance(folder, (str, os.PathLike)) or not str(folder).strip():
        return None
    try:
        resolved = Path(under_base(folder, base) if base is not None else folder).expanduser().resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, an embedded NUL
        return f"{folder}: cannot resolve this path ({exc})"
    allowed = [Path(r).expanduser().resolve() for r in roots]
    if any(resolved == r or resolved.is_relative_to(r) for r in allowed):
        return None
    return (f"{folder} is outside the folders allowed for {holds}: give a folder under "
            f"{' or '.join(str(r) for r in allowed)}")
