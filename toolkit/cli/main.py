"""``guigym``: evaluate, list tasks, serve the apps, check the machine, benchmark.

Commands hold no logic of their own: each parses its options, calls a toolkit function and
prints. With ``--json`` the last line of stdout is one JSON object (or array).

Each command's module is imported when that command is looked up, not at start: importing them all
(pandas for ``runs``, Playwright for ``apps`` and ``doctor``, ...) cost every invocation a second or more.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import MutableMapping
from typing import Iterator

import click

from toolkit.cli.common import JsonErrorGroup

#: command name -> (module, attribute) of its click command
COMMANDS = {
    "eval": ("toolkit.cli.eval_cmd", "eval_command"),
    "collect": ("toolkit.cli.eval_cmd", "collect_command"),
    "tasks": ("toolkit.cli.tasks_cmd", "tasks"),
    "apps": ("toolkit.cli.apps_cmd", "apps"),
    "doctor": ("toolkit.cli.doctor_cmd", "doctor"),
    "bench": ("toolkit.cli.bench_cmd", "bench"),
    "mcp": ("toolkit.cli.mcp_cmd", "mcp"),
    "report": ("toolkit.cli.report_cmd", "report"),
    "runs": ("toolkit.cli.runs_cmd", "runs"),
    "train": ("toolkit.cli.train_cmd", "train_command"),
    "fleet": ("toolkit.cli.fleet_cmd", "fleet"),
    "synth": ("toolkit.cli.synth_cmd", "synth"),
}


class LazyCommands(MutableMapping):
    """A group's ``commands``: name -> command, each imported from :data:`COMMANDS` on first access (click's own
    lookups and ``cli.commands[name]`` alike); a command added later is held as it is."""

    def __init__(self, where: dict[str, tuple[str, str]]):
        self._where = dict(where)
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            module, attr = self._where[name]  # KeyError for an unknown name, as a dict
            self._loaded[name] = getattr(importlib.import_module(module), attr)
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._loaded[name] = command
        self._where.setdefault(name, ("", ""))

    def __delitem__(self, name: str) -> None:
        del self._where[name]
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


@click.group(cls=JsonErrorGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="guigym")
def cli() -> None:
    """guigym: evaluate, replay, diagnose, synthesize and train GUI agents through one rollout path."""


cli.commands = LazyCommands(COMMANDS)


def _one_line_warning(message, category, filename, lineno, file=None, line=None) -> None:  # noqa: ANN001
    """Print a warning as ``warning: message`` on stderr: a damaged run file's warning came with the toolkit's
    source path and code line, as if the command had failed."""
    print(f"warning: {message}", file=file or sys.stderr)


def main() -> None:
    """Entry point of the ``guigym`` console script."""
    warnings.showwarning = _one_line_warning
    cli(prog_name="guigym")


if __name__ == "__main__":
    main()
