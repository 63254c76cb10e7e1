"""``guigym eval``: run an agent over task suites and print the score table."""

from __future__ import annotations

import dataclasses

import click
from click.core import ParameterSource
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from toolkit import bounds
from toolkit.cli.common import console, default_runs_name, emit_json, fail, split_list, table, writable_folder
from toolkit.cli.common import out as stdout_console
from toolkit.agents import AGENTS
from toolkit.paths import DEFAULT_RUNS
from toolkit.tasks.loader import known_suites


def _options(fn):
    for option in reversed(_OPTIONS):
        fn = option(fn)
    return fn


_OPTIONS = [
    click.option("--agent", type=click.Choice(AGENTS), default="reference",
                 show_default=True),
    click.option("--model", help="agent openai: base URL (e.g. http://127.0.0.1:8000/v1); hf: a local checkpoint folder; "
                                 "replay: a run id or folder (its suites, tasks, trials and seed unless given)"),
    click.option("--model-name", help="model name sent to the endpoint"),
    click.option("--temperature", type=float, help="model agents: sampling temperature (0 = greedy; default 0)"),
    click.option("--max-tokens", type=int, help="model agents: most tokens per step (default: openai 512, hf 128)"),
    click.option("--suite", default="mobile-core", show_default=True, help="suite name(s), comma-separated"),
    click.option("--tasks", "task_ids", help="only these task ids, comma-separated"),
    click.option("--trials", type=click.IntRange(*bounds.TRIALS), default=1, show_default=True),
    click.option("--parallel", type=click.IntRange(*bounds.PARALLEL), default=4, show_default=True),
    click.option("--seed", type=click.IntRange(*bounds.SEED), default=0, show_default=True),
    click.option("--out", type=click.Path(file_okay=False), help="runs folder (default: $GUIGYM_RUNS, else runs/ in the guigym checkout)"),
    click.option("--resume", "resume", help="resume this run id: finish its missing attempts"),
    click.option("--isolation", type=click.Choice(["pages", "contexts", "browsers"]), default="pages", show_default=True),
    click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                 help="where instances run: local Chromium, or env hosts on a Ray cluster's nodes"),
    click.option("--ray-address", help="backend ray: the cluster's host:port (default: RAY_ADDRESS or a local Ray)"),
    click.option("--format", "action_format", default="text-v1", show_default=True,
                 help="action format: text-v1, json-v1, qwen3vl-mobile-v1, qwen3vl-computer-v1, uitars-v1 (aliases: text, "
                      "json, qwen3vl and qwen for qwen3vl-mobile-v1, uitars; runs store the versioned name)"),
    click.option("--coords", type=click.Choice(["norm1000", "norm1", "pixels"]),
                 help="the coordinate space the model answers in (default: the format's, 0-1000)"),
    click.option("--history", type=click.Choice(["window", "last_k"]), default="window", show_default=True),
    click.option("--window", type=click.IntRange(min=1), default=10, show_default=True,
                 help="steps per history window (K in docs/harness.md)"),
    click.option("--overlap", type=click.IntRange(min=0), default=2, show_default=True,
                 help="steps two windows share (O in docs/harness.md); less than --window"),
    click.option("--last-k", "last_k", type=click.IntRange(min=1), default=3, show_default=True,
                 help="--history last_k: the past steps each prompt shows in full, with their screenshots, before the "
                      "current screen: k + 1 screenshots a prompt (k in docs/harness.md)"),
    click.option("--loop-limit", type=click.IntRange(min=0), default=3, show_default=True,
                 help="end an attempt after the same action (or output with no valid action) on an unchanged screen "
                      "this many times in a row; 0 turns the check off"),
    click.option("--elements", "include_elements", is_flag=True,
                 help="add the screen's element list (id, text, centre in the format's coordinates) to each observation"),
    click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line"),
]


@click.command("eval")
@_options
def eval_command(**options):
    """Evaluate an agent on the bundled task suites."""
    run_command("eval", **options)


@click.command("collect")
@_options
def collect_command(**options):
    """Collect trajectories: the evaluation path, stored for data use (e.g. toolkit.export_sft)."""
    run_command("collect", **options)


#: the CLI options that set the agent configuration (a resumed run keeps the stored one unless one is given)
_HARNESS_OPTIONS = {"action_format": "format", "coords": "coords", "history": "mode", "window": "window",
                    "overlap": "overlap", "last_k": "last_k", "include_elements": "include_elements",
                    "loop_limit": "loop_limit"}


def _given(name: str) -> bool:
    """Return True when option ``name`` was typed on the command line (not its default)."""
    return click.get_current_context().get_parameter_source(name) is ParameterSource.COMMANDLINE


def _harness_config(resume, out, agent=None, model=None, **values):
    """Return the agent configuration the options ask for; with --resume, the run's own one with the given options
    laid over it (None when none is given), so a copied command line resumes and a changed one is refused; a replay
    (``--agent replay --model RUN``) likewise, its run's (a changed one is refused by the replay itself). A local
    checkpoint trained here (``--agent hf --model DIR`` holding ``guigym_harness.json``) is likewise the base: it is
    evaluated in the format, coordinates and history it was trained with unless an option says otherwise."""
    from toolkit.harness import HarnessConfig, HistoryConfig
    from toolkit.harness.policies import LOCAL_MODEL_AGENTS
    from toolkit.store import RunStore

    replayed = agent == "replay" and not resume and model
    if (resume or replayed) and not any(_given(n) for n in _HARNESS_OPTIONS):
        return None  # the run's own: a resumed run's, or the replayed run's (its outputs were written under it)
    if resume or replayed:
        try:
            store = RunStore.open(resume or model, root=out)
        except FileNotFoundError as exc:  # said as the option that named the run (--resume / --model)
            raise FileNotFoundError(f"argument '{'resume' if resume else 'model'}': {exc}") from None
        base = HarnessConfig.from_dict(store.manifest.get("harness") or {}, f"{store.dir / 'manifest.json'} harness")
        source = "the resumed run's" if resume else "the replayed run's"
    else:
        trained = HarnessConfig.saved_with(model) if agent in LOCAL_MODEL_AGENTS else None
        base, source = (trained, "the checkpoint's") if trained else (HarnessConfig(), None)
        if trained:
            console.print(f"[dim]agent configuration of {model}: format {trained.format}, history {trained.history.mode} "
                          f"(options typed here override it)[/dim]")
    top = {"format": base.format, "coords": base.coords, "loop_limit": base.loop_limit}
    history = dict(base.history.__dict__)
    for option, field in _HARNESS_OPTIONS.items():
        if source is None or _given(option):
            (top if field in top else history)[field] = values[option]
    if history["mode"] == "last_k" and (typed := [f"--{n}" for n in ("window", "overlap") if _given(n)]):
        # as --temperature for a non-model agent: an option that would change nothing is refused, not ignored
        raise click.UsageError(f"{' and '.join(typed)} set the window-wise history; --history last_k "
                               f"keeps the last {history['last_k']} steps' screenshots (and the current one) and has no windows")
    if history["mode"] == "window" and _given("last_k"):
        raise click.UsageError(f"--last-k sets the last_k history; --history window keeps windows of "
                               f"{history['window']} steps (--window, --overlap): add --history last_k")
    _check_window(history["window"], history["overlap"], source)
    return dataclasses.replace(base, **top, history=HistoryConfig(**history))


def _check_window(window: int, overlap: int, source: str | None) -> None:
    """Stop with a usage error naming --overlap and --window unless ``overlap < window`` (what HistoryConfig needs; the
    options' ranges already keep --window >= 1 and --overlap >= 0).

    Checked here rather than left to HistoryConfig, whose message speaks of fields, not of the options a user typed;
    ``source`` names where the values not typed come from ("the resumed run's"; None: the defaults).
    """
    if overlap < window:
        return
    # One of the two may not have been typed (a default, or the resumed run's stored value): say which, so the user
    # knows what to change.
    source = {name: "" if _given(name) else f" ({source})" if source else " (the default)"
              for name in ("window", "overlap")}
    raise click.UsageError(f"--overlap {overlap}{source['overlap']} must be less than --window {window}"
                           f"{source['window']}: two history windows cannot share a whole window")


def run_command(purpose, agent, model, model_name, temperature, max_tokens, suite, task_ids, trials, parallel, seed, out,
                resume, isolation, action_format, coords, history, window, overlap, include_elements, as_json,
                backend="local", ray_address=None, last_k=3, loop_limit=3):
    """Run the shared rollout path over suites and print the score table (eval and collect).

    With --resume the run keeps its stored settings: only options typed on the command line are passed on (and
    refused when they differ from the run's), never the defaults.
    """
    # imported here: `guigym --help` and the other commands need none of the rollout path
    from toolkit.envs.base import EnvError
    from toolkit.evaluation import COUNTS, LEFT_OUT, METRICS, evaluate_async, has_score
    from toolkit.store import RunInUse
    from toolkit.sync import run_sync
    from toolkit.tasks import SpecError

    if agent == "replay" and not resume and (_given("action_format") or _given("coords")):
        # the replayed outputs parse only in the format and space they were written in: the run's own were used,
        # and the option typed was dropped without a word
        fail("--format and --coords do not apply to --agent replay: the replayed run's outputs are read in its own "
             "format and coordinate space (see its manifest's harness)")
    try:
        config = _harness_config(resume, out, agent=agent, model=model, action_format=action_format, coords=coords,
                                 history=history, window=window, overlap=overlap, last_k=last_k,
                                 include_elements=include_elements, loop_limit=loop_limit)
    except (ValueError, FileNotFoundError) as exc:
        fail(str(exc))
    suites = split_list("--suite", suite, "suite", known_suites)
    tasks = split_list("--tasks", task_ids, "task id") or None
    if out is not None or not resume:  # the folder the new run goes in: $GUIGYM_RUNS's a file failed with a traceback
        writable_folder("--out" if out is not None else default_runs_name(), out if out is not None else DEFAULT_RUNS)
    if resume:  # what was not typed is the run's own: pass None, not the option's default
        agent, suites, trials, seed = [v if _given(n) else None for n, v in
                                       (("agent", agent), ("suite", suites), ("trials", trials), ("seed", seed))]
    elif agent == "replay":  # likewise the replayed run's suites, trials and seed
        suites, trials, seed = [v if _given(n) else None for n, v in (("suite", suites), ("trials", trials), ("seed", seed))]
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("SR {task.fields[sr]:.2f}"), console=console, transient=False)
    state = {"done": 0, "success": 0, "bar": None, "store": None}

    def on_start(total: int, already: int, store) -> None:
        state["store"] = store
        if already:  # a resumed run's SR counts the attempts it already has, as its score table does
            rows = store.attempt_rows()
            state["done"], state["success"] = len(rows), sum(r["outcome"] == "success" for r in rows)
        sr = state["success"] / state["done"] if state["done"] else 0.0
        state["bar"] = progress.add_task(f"{purpose} {agent or 'resumed'}", total=total, completed=already, sr=sr)

    def on_done(item, row) -> None:
        state["done"] += 1
        state["success"] += row["outcome"] == "success"
        progress.update(state["bar"], advance=1, sr=state["success"] / state["done"])

    try:
        with progress:
            result = run_sync(evaluate_async(suites, agent, tasks=tasks, trials=trials, parallel=parallel, seed=seed,
                                             out=out, resume=resume, model=model, model_name=model_name,
                                             temperature=temperature, max_tokens=max_tokens,
                                             isolation=isolation, harness_config=config, purpose=purpose,
                                             backend=backend, ray_address=ray_address,
                                             on_start=on_start, on_done=on_done))
    except (SpecError, ValueError, FileNotFoundError, FileExistsError, ConnectionError, EnvError, RunInUse) as exc:
        if as_json and state["store"] is not None:  # a run that stopped (e.g. a model outage) still ends with its JSON
            emit_json({"run_id": state["store"].run_id, "run_dir": str(state["store"].dir), "error": str(exc)})
        fail(str(exc))
    except KeyboardInterrupt:
        store = state["store"]
        if store is None:  # stopped before the run existed: nothing to keep
            raise
        fail(f"interrupted: the finished attempts are kept in {store.dir}; finish the rest with: "
             f"guigym {purpose} --resume {store.run_id} --out {store.dir.parent}")
    # a suite with no scored attempt has no rates (as `runs show` and the report say): 0.000 would read as all failed
    rows = [[r["suite"], *[r[m] if m in COUNTS or has_score(r) else "n/a" for m in METRICS]]
            for r in result.summary.to_dict("records")]
    target = console if as_json else stdout_console
    target.print(table(f"run {result.run_id}", ["suite", *METRICS], rows))
    left_out = {k: int(result.summary[k].sum()) for k in LEFT_OUT if len(result.summary) and result.summary[k].sum()}
    if left_out:
        target.print("left out of the rates: " + ", ".join(f"{k} {v}" for k, v in left_out.items()))
    target.print(f"run folder: {result.store.dir}", markup=False, soft_wrap=True)
    if as_json:
        emit_json(result.as_json())
    if result.unfinished:
        shown = ", ".join(result.unfinished[:5]) + (" …" if len(result.unfinished) > 5 else "")
        fail(f"{len(result.unfinished)} attempt(s) have no result: every try failed in the env or the model service "
             f"(see {result.store.dir / 'env_errors.jsonl'}): {shown}. They are not in the scores above. Once the cause "
             f"is fixed, finish them with: guigym {purpose} --resume {result.run_id} --out {result.store.dir.parent}")
