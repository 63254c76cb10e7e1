"""``guigym tasks``: list the task bank."""

from __future__ import annotations

import click

from toolkit.cli.common import emit_json, fail, out, table
from toolkit.tasks import SpecError, list_suites, load_tasks


@click.group()
def tasks() -> None:
    """Inspect the task bank."""


@tasks.command("list")
@click.option("--suite", help="suite name(s), comma-separated (default: all)")
@click.option("--json", "as_json", is_flag=True, help="print a JSON array as the last line")
def list_command(suite, as_json):
    """List task templates: id, suite, apps, difficulty, tags."""
    suites = [s for s in (suite or "").split(",") if s] or list_suites()
    try:
        specs = load_tasks(suites)
    except SpecError as exc:
        fail(str(exc))
    rows = [{"id": s.full_id, "suite": s.suite, "apps": s.apps, "difficulty": s.difficulty, "tags": s.tags} for s in specs]
    if as_json:
        emit_json(rows)
        return
    out.print(table(f"{len(rows)} tasks", ["id", "apps", "difficulty", "tags"],
                    [[r["id"], ",".join(r["apps"]), r["difficulty"], ",".join(r["tags"])] for r in rows]))
