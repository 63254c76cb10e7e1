"""``guigym eval``: run an agent over task suites and print the score table."""

from __future__ import annotations

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from toolkit.cli.common import console, emit_json, fail, table
from toolkit.cli.common import out as stdout_console
from toolkit.evaluation import METRICS, evaluate_async
from toolkit.sync import run_sync
from toolkit.tasks import SpecError


@click.command("eval")
@click.option("--agent", type=click.Choice(["reference", "random", "openai", "hf"]), default="reference", show_default=True)
@click.option("--model", help="agent openai: base URL (e.g. http://127.0.0.1:8000/v1); agent hf: a local checkpoint folder")
@click.option("--model-name", help="model name sent to the endpoint")
@click.option("--suite", default="mobile-core", show_default=True, help="suite name(s), comma-separated")
@click.option("--tasks", "task_ids", help="only these task ids, comma-separated")
@click.option("--trials", type=click.IntRange(1, 1000), default=1, show_default=True)
@click.option("--parallel", type=click.IntRange(1, 512), default=4, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", type=click.Path(file_okay=False), help="runs folder (default: ./runs)")
@click.option("--resume", "resume", help="resume this run id: finish its missing attempts")
@click.option("--isolation", type=click.Choice(["pages", "contexts", "browsers"]), default="pages", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def eval_command(agent, model, model_name, suite, task_ids, trials, parallel, seed, out, resume, isolation, as_json):
    """Evaluate an agent on the bundled task suites."""
    suites = [s for s in suite.split(",") if s]
    tasks = [t for t in (task_ids or "").split(",") if t] or None
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("SR {task.fields[sr]:.2f}"), console=console, transient=False)
    state = {"done": 0, "success": 0, "bar": None}

    def on_start(total: int, already: int) -> None:
        state["bar"] = progress.add_task(f"eval {agent}", total=total, completed=already, sr=0.0)

    def on_done(item, row) -> None:
        state["done"] += 1
        state["success"] += row["outcome"] == "success"
        progress.update(state["bar"], advance=1, sr=state["success"] / state["done"])

    try:
        with progress:
            result = run_sync(evaluate_async(suites, agent, tasks=tasks, trials=trials, parallel=parallel, seed=seed,
                                             out=out, resume=resume, model=model, model_name=model_name,
                                             isolation=isolation, on_start=on_start, on_done=on_done))
    except (SpecError, ValueError, FileNotFoundError, FileExistsError) as exc:
        fail(str(exc))
    rows = [[r["suite"], *[r[m] for m in METRICS]] for r in result.summary.to_dict("records")]
    target = console if as_json else stdout_console
    target.print(table(f"run {result.run_id}", ["suite", *METRICS], rows))
    target.print(f"run folder: {result.store.dir}")
    if as_json:
        emit_json(result.as_json())
