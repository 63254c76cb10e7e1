"""``guigym report RUN``: write a run's self-contained HTML report."""

from __future__ import annotations

import click

from toolkit.cli.common import console, emit_json, fail, os_reason


@click.command("report")
@click.argument("run")
@click.option("--out", type=click.Path(dir_okay=False), help="output file (default: <run>/report.html)")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help="runs folder when RUN is an id")
@click.option("--json", "as_json", is_flag=True, help="print {\"report\": path} as the last line")
def report(run, out, runs_root, as_json):
    """Write one HTML file (charts + per-attempt replay with screenshots) that opens without Jupyter or network."""
    from toolkit.report import write_report
    from toolkit.store import RunStore

    try:
        store = RunStore.open(run, root=runs_root)
    except FileNotFoundError as exc:
        fail(str(exc))
    try:
        path = write_report(store, out)
    except ValueError as exc:  # a damaged run file (an attempt row of the wrong type): the message names file and line
        fail(str(exc))
    except OSError as exc:  # an --out (or a run folder) that cannot be written
        target = f"--out {out}" if out else store.dir / "report.html"
        fail(f"{target}: cannot write the report ({os_reason(exc)})")
    console.print(f"report: {path}", markup=False, soft_wrap=True)  # a folder named "run[red]x" is not markup
    if as_json:
        emit_json({"report": str(path)})
