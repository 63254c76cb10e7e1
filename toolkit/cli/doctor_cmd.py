"""``guigym doctor``: check what the toolkit needs on this machine. Writes nothing."""

from __future__ import annotations

import click

from toolkit.cli.common import emit_json, out, table
from toolkit.doctor import checks


@click.command()
@click.option("--json", "as_json", is_flag=True, help="print the checks as a JSON array (last line)")
def doctor(as_json):
    """Check Chromium, Python packages and the repository folders."""
    rows = checks()
    if as_json:
        emit_json(rows)
    else:
        mark = {True: "ok", False: "MISSING", None: "-"}
        out.print(table("guigym doctor", ["check", "status", "detail", "fix"],
                        [[r["check"], mark[r["ok"]], r["detail"], r["fix"] if r["ok"] is False or r["ok"] is None else ""] for r in rows]))
    if any(r["ok"] is False for r in rows):
        raise SystemExit(1)
