"""``guigym tasks``: list the task bank."""

from __future__ import annotations

import json

import click

from toolkit import bounds
from toolkit.cli.common import action_call, console, emit_json, fail, out, say_flagged, split_list, table, whole
from toolkit.tasks import SpecError, TaskSpec, list_suites, load_tasks
from toolkit.tasks.loader import known_suites


def _specs(suite: str | None, task_ids: str | None = None) -> list[TaskSpec]:
    """Return the tasks of the --suite value (default: every file suite), only the --tasks ids when given."""
    suites = split_list("--suite", suite, "suite", known_suites) or list_suites()
    ids = split_list("--tasks", task_ids, "task id") or None
    try:
        return load_tasks(suites, ids)
    except SpecError as exc:
        fail(str(exc))


@click.group()
def tasks() -> None:
    """Inspect the task bank."""


@tasks.command("list")
@click.option("--suite", help="suite name(s), comma-separated (default: all)")
@click.option("--json", "as_json", is_flag=True, help="print a JSON array as the last line")
def list_command(suite, as_json):
    """List task templates: id, suite, apps, difficulty, tags."""
    specs = _specs(suite)
    rows = [{"id": s.full_id, "suite": s.suite, "apps": s.apps, "difficulty": s.difficulty, "tags": s.tags} for s in specs]
    if as_json:
        emit_json(rows)
        return
    out.print(table(f"{len(rows)} tasks", ["id", "apps", "difficulty", "tags"],
                    [[r["id"], ",".join(r["apps"]), r["difficulty"], ",".join(r["tags"])] for r in rows]))


@tasks.command("stats")
@click.option("--suite", help="suite name(s), comma-separated (default: all)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def stats_command(suite, as_json):
    """Count apps, templates and reachable instances; show the label distributions."""
    from toolkit.tasks.stats import task_stats

    try:
        stats = task_stats(_specs(suite))
    except SpecError as exc:  # a parameter's source that cannot be counted
        fail(str(exc))
    target = console if as_json else out
    target.print(table("task bank", ["figure", "value"], [[k, v] for k, v in stats.items()]))
    if as_json:
        emit_json(stats)


@tasks.command("validate")
@click.option("--suite", help="suite name(s), comma-separated (default: all)")
@click.option("--tasks", "task_ids", help="only these task ids, comma-separated")
@click.option("--instances", type=click.IntRange(*bounds.INSTANCES), default=5, show_default=True)
@click.option("--random", "random_rollouts", type=click.IntRange(*bounds.RANDOM_ROLLOUTS), default=20, show_default=True)
@click.option("--parallel", type=click.IntRange(*bounds.VALIDATE_PARALLEL), default=4, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def validate_command(suite, task_ids, instances, random_rollouts, parallel, as_json):
    """Check every task by execution: reference succeeds, s0 does not, random never does, reset and Node agree."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from toolkit.sync import run_sync
    from toolkit.validation import validate_tasks

    specs = _specs(suite, task_ids)
    if not specs:  # 0/0 passed would read as success
        fail(f"{f'--suite {suite}' if suite else 'the task bank'}: the selected suite(s) hold no task: nothing to validate")
    progress = Progress(TextColumn("validate"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console)
    try:
        with progress:
            bar = progress.add_task("validate", total=len(specs))
            reports = run_sync(validate_tasks(specs, instances, random_rollouts, parallel,
                                              on_done=lambda r: progress.update(bar, advance=1)))
    except ValueError as exc:  # e.g. tasks of an external benchmark, which has no reference solutions to check
        fail(str(exc))
    failed = [r for r in reports if not r.ok]
    target = console if as_json else out
    for r in failed:
        for check, message in r.checks.items():
            if message:
                say_flagged(target, "FAIL", f"{r.task_id} {check}: {message}")
    target.print(f"{len(reports) - len(failed)}/{len(reports)} tasks passed every check")
    if as_json:
        emit_json({"tasks": len(reports), "passed": len(reports) - len(failed),
                   "failed": {r.task_id: {k: v for k, v in r.checks.items() if v} for r in failed},
                   "instances": instances, "random_rollouts": random_rollouts})
    if failed:
        raise SystemExit(1)


@tasks.command("show")
@click.argument("task_id")
@click.option("--seed", type=click.IntRange(*bounds.SEED), default=0, show_default=True,
              help="the instance to sample (each seed renders the template with other parameters)")
@click.option("--json", "as_json", is_flag=True, help="print {\"spec\", \"instance\"} as the last line")
def show_command(task_id, seed, as_json):
    """Show one task: its template, criteria and reference solution, and the instance a seed samples.

    TASK_ID is SUITE/ID (mobile-core/contacts.edit_phone) or an id that one suite alone holds (contacts.edit_phone).
    """
    from toolkit.api import show_task

    try:
        detail = show_task(task_id, seed)
    except ValueError as exc:
        fail(str(exc))
    spec, inst = detail.spec, detail.instance
    target = console if as_json else out
    target.print(f"{spec['suite']}/{spec['id']} · {spec['device']} · apps {', '.join(spec['apps'])} · "
                 f"{spec['difficulty']} · {spec['objective']} · split {spec['split']} · max {spec['max_steps']} steps · "
                 f"tags {', '.join(spec['tags']) or '-'}", markup=False, highlight=False)
    target.print(f"template: {spec['instruction']}", markup=False, highlight=False)
    target.print(f"seed {seed}: {inst['instruction']}", markup=False, highlight=False)
    if inst["params"]:
        target.print(table("parameters (this seed)", ["name", "value"],
                           [[k, json.dumps(v, ensure_ascii=False)] for k, v in inst["params"].items()], left=("value",)))
    target.print(table("criteria", ["criterion", "weight", "required", "description"],
                       [[c["id"], whole(c.get("weight", 1)), c.get("required", True), c["description"]]
                        for c in spec["criteria"]],
                       left=("description",)))
    steps = [a for group in inst["reference"] for a in group]
    target.print(table(f"reference solution (this seed: {len(steps)} actions)", ["#", "action"],
                       [[i, action_call(a)] for i, a in enumerate(steps)], left=("action",)))
    target.print(f"verifier {spec['verifier']} · expected changes {', '.join(inst['expected_changes']) or 'none'}",
                 markup=False, highlight=False)
    if as_json:
        emit_json(detail.model_dump(mode="json"))
