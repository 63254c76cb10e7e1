"""``guigym``: evaluate, list tasks, serve the apps, check the machine, benchmark.

Commands hold no logic of their own: each parses its options, calls a toolkit function and
prints. With ``--json`` the last line of stdout is one JSON object (or array).
"""

from __future__ import annotations

import sys
import warnings

import click

from toolkit.cli import (apps_cmd, bench_cmd, doctor_cmd, eval_cmd, fleet_cmd, mcp_cmd, report_cmd, runs_cmd, synth_cmd,
                         tasks_cmd, train_cmd)
from toolkit.cli.common import JsonErrorGroup


@click.group(cls=JsonErrorGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="guigym")
def cli() -> None:
    """guigym: evaluate, replay, diagnose, synthesize and train GUI agents through one rollout path."""


cli.add_command(eval_cmd.eval_command)
cli.add_command(eval_cmd.collect_command)
cli.add_command(tasks_cmd.tasks)
cli.add_command(apps_cmd.apps)
cli.add_command(doctor_cmd.doctor)
cli.add_command(bench_cmd.bench)
cli.add_command(mcp_cmd.mcp)
cli.add_command(report_cmd.report)
cli.add_command(runs_cmd.runs)
cli.add_command(train_cmd.train_command)
cli.add_command(fleet_cmd.fleet)
cli.add_command(synth_cmd.synth)


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
