"""Helpers shared by the CLI commands: JSON output, tables, error reporting."""

from __future__ import annotations

import json
import sys
from typing import Any, Iterable

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

# Piped output (CI logs, notebooks) gets a wide fixed width so ids are not cut.
console = Console(stderr=True, width=None if sys.stderr.isatty() else 160)
out = Console(width=None if sys.stdout.isatty() else 160)


def emit_json(obj: Any) -> None:
    """Print ``obj`` as the last line of stdout."""
    sys.stdout.write(json.dumps(obj, default=str) + "\n")
    sys.stdout.flush()


def table(title: str, columns: Iterable[str], rows: Iterable[Iterable[Any]]) -> Table:
    """Return a rich table."""
    t = Table(title=title, title_justify="left")
    for i, c in enumerate(columns):
        t.add_column(str(c), justify="left" if i == 0 or c in ("apps", "tags", "detail", "fix") else "right")
    for r in rows:
        t.add_row(*[f"{v:.3f}" if isinstance(v, float) else escape(str(v)) for v in r])
    return t


def fail(message: str) -> None:
    """Stop with a clear error (exit status 1)."""
    raise click.ClickException(message)
