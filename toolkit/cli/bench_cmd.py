"""``guigym bench``: the one benchmark entry point."""

from __future__ import annotations

import click

from toolkit.bench import SECTIONS
from toolkit.cli.common import console, emit_json, fail, out, table
from toolkit.sync import run_sync


@click.command()
@click.option("--only", help=f"sections, comma-separated (known: {', '.join(SECTIONS)})")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object {section: figures} as the last line")
def bench(only, as_json):
    """Measure speed and memory on this machine."""
    names = [s for s in (only or "").split(",") if s] or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        fail(f"unknown bench section(s) {unknown}; known: {', '.join(SECTIONS)}")
    results = {}
    for name in names:
        console.print(f"[bold]bench {name}[/] …")
        results[name] = run_sync(SECTIONS[name]())
        target = console if as_json else out
        target.print(table(f"bench {name}", ["figure", "value"],
                           [[k, v] for k, v in results[name].items() if not isinstance(v, dict)]))
    if as_json:
        emit_json(results)
