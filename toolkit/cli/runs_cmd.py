"""``guigym runs list|show|attempt|compare|diagnose``: stored runs from the shell (the MCP tools' queries)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from toolkit.cli.common import action_call, console, default_runs_name, emit_json, fail, os_reason, table, whole
from toolkit.cli.common import out as stdout_console
from toolkit.diagnosis.queries import no_score
from toolkit.evaluation import LEFT_OUT
from toolkit.paths import DEFAULT_RUNS

RUNS_HELP = "runs folder (default: $GUIGYM_RUNS, else runs/ in the guigym checkout)"
OUTPUT_CHARS = 80  # a model output is cut to this in the step table (--json gives it whole)
COUNTS = ("attempts", "env_errors", "unfinished")


def _call(fn, *args):
    """Return ``fn(*args)``; an argument error (bad run or attempt id, damaged file) is a clear error, exit 1."""
    try:
        return fn(*args)
    except (ValueError, KeyError, FileNotFoundError) as exc:
        fail(str(exc).strip('"'))


def _rate(v) -> str:
    return "n/a" if v is None else f"{v:.3f}"


def _brief(text, n: int = OUTPUT_CHARS) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _actions(actions) -> str:
    return "; ".join(action_call(a) for a in actions or []) or "-"


@click.group("runs")
def runs() -> None:
    """Stored runs: list them, summarise one, show an attempt step by step, compare two attempts, diagnose a run."""


@runs.command("list")
# a --runs typo must not read as "0 runs"; the default folder may not exist yet (no run made): then the list is empty
@click.option("--runs", "runs_root", type=click.Path(file_okay=False, exists=True), help=RUNS_HELP)
@click.option("--json", "as_json", is_flag=True, help="print the runs as a JSON array on the last line")
def list_command(runs_root, as_json):
    """List the stored runs, newest first."""
    from toolkit.api import list_runs_info

    if runs_root is None and DEFAULT_RUNS.exists() and not DEFAULT_RUNS.is_dir():  # listed as "0 runs"
        fail(f"{default_runs_name()} {DEFAULT_RUNS}: a file, not a folder of runs")
    infos = _call(list_runs_info, runs_root)
    target = console if as_json else stdout_console
    target.print(table(f"{len(infos)} runs", ["run", "purpose", "agent", "suites", "attempts", "SR"],
                       [[r.run_id, r.purpose, r.agent or "-", r.suites, r.attempts, _rate(r.SR)] for r in infos],
                       left=("purpose", "agent", "suites")))
    if not infos and runs_root and (Path(runs_root) / "manifest.json").is_file():
        # `--runs runs/<id>` listed "0 runs": the folder given is a run, not the folder of runs
        console.print(f"{runs_root} is a run folder, not a folder of runs: --runs {Path(runs_root).resolve().parent}",
                      markup=False, soft_wrap=True)
    if as_json:
        emit_json([r.model_dump(mode="json") for r in infos])


@runs.command("show")
@click.argument("run")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help=RUNS_HELP)
@click.option("--tasks", "per_task", is_flag=True, help="also one row per task")
@click.option("--json", "as_json", is_flag=True, help="print the summary (and the task rows) as the last line")
def show_command(run, runs_root, per_task, as_json):
    """Summarise a run: metrics per suite, success by app and by capability tag."""
    from toolkit.api import run_summary, task_results

    summary = _call(run_summary, run, runs_root)
    target = console if as_json else stdout_console
    cols = ["attempts", "SR", "PR", "FC", "OT", "USE", "pass@n", "pass^n", "mean_steps", "env_errors", "unfinished"]
    # a suite with no scored attempt has no rates (as in the report): 0.000 would read as an agent that failed all
    unscored = {name: why for name, m in summary.suites.items() if (why := no_score(m))}
    target.print(table(f"run {summary.run_id}", ["suite", *cols],
                       [[name, *[whole(m.get(c)) if c in COUNTS else "n/a" if name in unscored or m.get(c) is None
                                 else m.get(c) for c in cols]] for name, m in summary.suites.items()]))
    for name, why in unscored.items():
        target.print(f"{name}: {why}", markup=False)
    # as eval prints it: model outages and verifier errors have no column, and read as none without this line
    left_out = {k: n for k in LEFT_OUT if (n := sum(int(m.get(k) or 0) for m in summary.suites.values()))}
    if left_out:
        target.print("left out of the rates: " + ", ".join(f"{k} {v}" for k, v in left_out.items()), markup=False)
    if not summary.suites:  # empty tables alone read like a broken command
        target.print("no attempt of this run has finished yet, and none has failed in the env", markup=False,
                     soft_wrap=True)
    for by, rows in (("app", summary.by_app), ("tag", summary.by_tag)):
        target.print(table(f"by {by}", [by, "attempts", "SR", "PR"],
                           [[r[by], r["attempts"], _rate(r["SR"]), _rate(r["PR"])] for r in rows]))
    tasks = _call(task_results, run, runs_root) if per_task else None
    if tasks is not None:
        target.print(table("by task", ["task", "attempts", "successes", "SR", "mean_reward", "mean_steps", "outcomes"],
                           [[t["task_id"], t["attempts"], t["successes"], _rate(t["SR"]), _rate(t["mean_reward"]),
                             _rate(t["mean_steps"]),
                             json.dumps(t["outcomes"], default=str)] for t in tasks], left=("outcomes",)))
    if as_json:
        emit_json({**summary.model_dump(mode="json"), **({"tasks": tasks} if tasks is not None else {})})


@runs.command("attempt")
@click.argument("attempt")
@click.option("--run", "run_id", help="the run holding ATTEMPT (default: RUN/ATTEMPT, else the newest run holding it)")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help=RUNS_HELP)
@click.option("--json", "as_json", is_flag=True, help="print the attempt and its steps as the last line")
def attempt_command(attempt, run_id, runs_root, as_json):
    """Show one attempt: its task, verdict per criterion, then every step (screen, actions, errors, output)."""
    from toolkit.api import attempt_steps, get_attempt

    info = _call(get_attempt, attempt, run_id, runs_root)
    steps = _call(attempt_steps, attempt, run_id, runs_root)
    target = console if as_json else stdout_console
    v, inst = info.verdict, info.instance
    target.print(f"attempt {info.run_id}/{info.row['attempt_id']} · task {inst.get('task_id')} · "
                 f"outcome {info.row.get('outcome')} · reward {_rate(v.get('reward'))} · "
                 f"termination {v.get('termination') or '-'} · claimed {v.get('claimed') or '-'}", markup=False)
    target.print(f"instruction: {inst.get('instruction')}", markup=False)
    if v.get("answer"):
        target.print(f"answer: {json.dumps(v['answer'], default=str, ensure_ascii=False)}", markup=False)
    if v.get("error"):
        target.print(f"verifier error: {v['error']}", markup=False)
    target.print(table("criteria", ["criterion", "passed", "detail"],
                       [[c.get("id"), c.get("passed"), c.get("description")] for c in v.get("criteria") or []]))
    recorded = info.row.get("steps")
    readable = len(steps)
    if isinstance(recorded, int) and readable < recorded:  # the store skips a damaged line: say which steps it cost
        gone = sorted(set(range(recorded)) - {s["index"] for s in steps})
        target.print(f"{readable} of its {recorded} steps are readable: its trajectory file is damaged (missing: "
                     f"{', '.join(map(str, gone)) or '?'})", markup=False)
    target.print(table(f"{len(steps)} steps", ["step", "screen", "actions", "ok", "note", "output"],
                       [[s["index"], f"{s['screen_before']} → {s['screen_after']}", _brief(_actions(s["actions"]), 60),
                         s["ok"], _brief(s["parse_error"] or s["note"] or "", 50), _brief(s["output"])] for s in steps],
                       left=("screen", "actions", "note", "output")))
    if as_json:
        emit_json({"attempt": info.model_dump(mode="json"), "steps": steps})


@runs.command("compare")
@click.argument("attempt_a")
@click.argument("attempt_b")
@click.option("--run", "run_id", help="the run holding both attempts (default: RUN/ATTEMPT ids; a bare id is of the "
              "other's run, else of the newest run holding both)")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help=RUNS_HELP)
@click.option("--json", "as_json", is_flag=True, help="print the comparison as the last line")
def compare_command(attempt_a, attempt_b, run_id, runs_root, as_json):
    """Compare two attempts: outcomes, step counts and the first step where they diverge."""
    from toolkit.api import compare_attempts

    found = _call(compare_attempts, attempt_a, attempt_b, run_id, runs_root)
    target = console if as_json else stdout_console
    two_runs = found["run_a"] != found["run_b"]  # then each attempt is named with its run
    rows = [[name, f"{found[f'run_{k}']}/{found[k]['attempt_id']}" if two_runs else found[k]["attempt_id"],
             found[k].get("outcome"), found[k].get("steps"),
             _brief(_actions((found[f"{k}_step"] or {}).get("actions")), 60)] for name, k in (("A", "a"), ("B", "b"))]
    target.print(table("compare", ["", "attempt", "outcome", "steps", "actions at the divergence"], rows,
                       left=("attempt", "outcome", "actions at the divergence")))
    first = found["first_divergence"]
    rule = "same instance: screens, actions and states" if found["same_instance"] else "screens and action types"
    target.print("no divergence" if first is None else f"first divergence at step {first} ({rule})", markup=False)
    if as_json:
        emit_json(found)


@runs.command("diagnose")
@click.argument("run")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help=RUNS_HELP)
@click.option("--out", type=click.Path(dir_okay=False),
              help="also write the report as JSON here (the file `guigym synth tasks --diagnosis` reads)")
@click.option("--examples", type=click.IntRange(0, 100), default=3, show_default=True, help="examples per finding")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON on the last line")
def diagnose_command(run, runs_root, out, examples, as_json):
    """Diagnose a run: action, trajectory and knowledge findings and the weakest capabilities, as Markdown."""
    from toolkit.api import diagnose_run

    report = _call(diagnose_run, run, runs_root)
    if out:
        try:
            Path(out).parent.mkdir(parents=True, exist_ok=True)
            Path(out).write_text(report.model_dump_json(indent=1))
        except OSError as exc:
            fail(f"--out {out}: cannot write the report ({os_reason(exc)})")
    text = report.to_markdown(examples=examples)
    if as_json:
        console.print(text, markup=False, highlight=False)
        emit_json(report.model_dump(mode="json"))
    else:
        click.echo(text, nl=False)
    if out:
        console.print(f"diagnosis: {out}", markup=False)
