"""What the server's tools may read and write: runs only under its runs folder, synthesized worlds only under the
folders allowed for them.

The toolkit functions behind the tools take a run id or a run folder's path, and any output folder, as a Python or
CLI user wants; an MCP client (possibly remote, over HTTP) must not reach other folders through them. The rules are
:mod:`toolkit.paths`'s; this module only says which argument of which tool each one applies to, and is run on every
call by :class:`mcp_server.errors.GuigymServer` before the tool (an ``argument_checks`` entry).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from toolkit.paths import DEFAULT_RUNS, TASK_BANK, outside_roots_problem, run_id_problem

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


class Confinement:
    """An argument check (:data:`mcp_server.errors.ArgumentCheck`) keeping run ids under ``runs_root`` and the
    synthesis folders under :func:`synth_roots`."""

    def __init__(self, runs_root: str | os.PathLike | None = None):
        self.runs_root = Path(runs_root or DEFAULT_RUNS)
        self.roots = synth_roots(runs_root)

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
        for name in SYNTH_FOLDER_ARGUMENTS.get(tool, ()):
            if problem := outside_roots_problem(arguments.get(name), self.roots, "synthesized worlds"):
                problems.append(f"argument '{name}': {problem}")
        return problems
