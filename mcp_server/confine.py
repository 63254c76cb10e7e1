"""What the server's tools may read and write: runs only under its runs folder, synthesized worlds only under the
folders allowed for them, model checkpoints only under its checkpoints folder.

The toolkit functions behind the tools take a run id or a run folder's path, and any output or checkpoint folder, as a
Python or CLI user wants; an MCP client (possibly remote, over HTTP) must not reach other folders through them, and
the server's working folder means nothing to it: a relative folder is taken under the guigym checkout
(:data:`toolkit.paths.REPO_ROOT`, ``$GUIGYM_ROOT``), as the docs write them (``task_bank/synth``, ``outputs/<recipe>``).
The rules are :mod:`toolkit.paths`'s; this module only says which argument of which tool each one applies to. :class:`mcp_server.errors.GuigymServer` runs it on every call before the
tool: :meth:`Confinement.__call__` (an ``argument_checks`` entry) refuses what reaches outside, then
:meth:`Confinement.absolute` (an ``argument_rewrites`` entry) gives the tool a relative folder under its root.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

from toolkit.agents import LOCAL_MODEL_AGENTS
from toolkit.paths import (DEFAULT_CHECKPOINTS, DEFAULT_RUNS, REPO_ROOT, TASK_BANK, outside_roots_problem,
                           run_id_problem, under_base)

#: the tools' arguments that name a run (by its id, under the runs folder)
RUN_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "run_summary": ("run_id",), "task_results": ("run_id",), "get_attempt": ("run_id",), "get_step": ("run_id",),
    "compare_attempts": ("run_id",), "diagnose_run": ("run_id",), "fleet_status": ("run_id",), "run_eval": ("resume",),
}
#: the tools' arguments that name an attempt: ``run_id/attempt_id``, or a bare attempt id
ATTEMPT_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "get_attempt": ("attempt_id",), "get_step": ("attempt_id",), "compare_attempts": ("attempt_a", "attempt_b"),
}
#: the tools' arguments that name a folder of synthesized worlds (written by synth_tasks, read by synth_validate)
SYNTH_FOLDER_ARGUMENTS: dict[str, tuple[str, ...]] = {"synth_tasks": ("out",), "synth_validate": ("out",)}


def synth_roots(runs_root: str | os.PathLike | None) -> tuple[Path, ...]:
    """Return the folders synthesized worlds may be written to and read from: the task bank's synth/ (where its
    suites load them from) and the runs folder."""
    return (TASK_BANK / "synth", Path(runs_root or DEFAULT_RUNS))


class Folders(NamedTuple):
    """Where one kind of folder argument may point: ``roots``; a relative one is taken under ``base``."""

    roots: tuple[Path, ...]
    base: Path
    holds: str


class Confinement:
    """Keeps run ids under ``runs_root``, the synthesis folders under :func:`synth_roots` and model checkpoints under
    ``checkpoints_root`` (relative folders taken under the guigym checkout)."""

    def __init__(self, runs_root: str | os.PathLike | None = None, checkpoints_root: str | os.PathLike | None = None):
        self.runs_root = Path(runs_root or DEFAULT_RUNS)
        self.checkpoints_root = Path(checkpoints_root or DEFAULT_CHECKPOINTS)
        self.synth = Folders(synth_roots(runs_root), REPO_ROOT, "synthesized worlds")
        self.checkpoints = Folders((self.checkpoints_root,), REPO_ROOT, "model checkpoints")

    def folder_arguments(self, tool: str, arguments: dict[str, Any]) -> dict[str, Folders]:
        """Return the arguments of ``tool`` that name a folder, each with where it may point."""
        found = {name: self.synth for name in SYNTH_FOLDER_ARGUMENTS.get(tool, ())}
        if tool == "run_eval" and arguments.get("agent") in LOCAL_MODEL_AGENTS:  # its model is a checkpoint folder
            found["model"] = self.checkpoints
        return found

    def absolute(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Return ``arguments`` with each relative folder argument taken under its base (never the working folder)."""
        folders = self.folder_arguments(tool, arguments)
        return {name: under_base(value, folders[name].base) if name in folders else value
                for name, value in arguments.items()}

    def __call__(self, tool: str, parameters: dict[str, Any], arguments: dict[str, Any]) -> list[str]:
        """Return a problem (``argument 'run_id': ...``) for each argument of ``tool`` that reaches outside."""
        runs = {name: arguments.get(name) for name in RUN_ARGUMENTS.get(tool, ())}
        if tool == "run_eval" and arguments.get("agent") == "replay":  # its model is the run replayed
            runs["model"] = arguments.get("model")
        problems = [f"argument '{name}': {problem}" for name, value in runs.items()
                    if (problem := run_id_problem(value, self.runs_root))]
        for name in ATTEMPT_ARGUMENTS.get(tool, ()):
            value = arguments.get(name)
            if isinstance(value, str) and "/" in value:  # run_id/attempt_id: the run part is a run id
                run = value.rsplit("/", 1)[0]
                if problem := run_id_problem(run, self.runs_root):
                    problems.append(f"argument '{name}': its run part {problem}")
        for name, folders in self.folder_arguments(tool, arguments).items():
            if problem := outside_roots_problem(arguments.get(name), folders.roots, folders.holds, folders.base):
                problems.append(f"argument '{name}': {problem}")
        return problems
