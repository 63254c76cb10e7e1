"""Helpers shared by the CLI commands: JSON output, tables, comma-separated lists, error reporting."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

# Piped output (CI logs, notebooks) gets a wide fixed width so ids are not cut.
console = Console(stderr=True, width=None if sys.stderr.isatty() else 160)
out = Console(width=None if sys.stdout.isatty() else 160)


def json_safe(obj: Any) -> Any:
    """Return ``obj`` with every NaN or infinite float (in nested dicts, lists and tuples) replaced by None.

    Python's json writes them as NaN / Infinity, which is not JSON: a strict reader (jq, JSON.parse, another
    language's parser) refuses the whole line. A figure with no value (a percentile of no samples, a ratio by 0)
    is null instead."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    return obj


def emit_json(obj: Any) -> None:
    """Print ``obj`` as the last line of stdout, as strict JSON (non-finite floats as null: :func:`json_safe`)."""
    sys.stdout.write(json.dumps(json_safe(obj), default=str, allow_nan=False) + "\n")
    sys.stdout.flush()
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta["guigym.json_emitted"] = True  # fail() then adds no line of its own


class JsonErrorGroup(click.Group):
    """The root command group: under ``--json`` a usage error (exit 2: a bad option value, a missing argument, an
    unknown option or command, a command's own ``click.UsageError``) also ends stdout with ``{"error": message}``,
    as ``fail()`` does for exit 1; the message and usage text still go to stderr and the exit status stays 2.

    Done here, around the parsing and the invocation of every subcommand, as click raises most usage errors before
    a command's code runs (its ``--json`` flag not yet read); the command line is scanned for the flag instead.
    """

    def make_context(self, info_name, args, parent=None, **extra):
        argv = list(args)
        try:
            ctx = super().make_context(info_name, argv.copy(), parent=parent, **extra)
        except click.UsageError as exc:
            _usage_error_json(exc, argv)
            raise
        ctx.meta["guigym.argv"] = argv  # meta is shared with every subcommand's context
        return ctx

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            _usage_error_json(exc, ctx.meta.get("guigym.argv", []))
            raise


def _usage_error_json(exc: click.UsageError, argv: list[str]) -> None:
    """Print ``{"error": message}`` on stdout when the command line asks for ``--json`` (before a ``--``) and no JSON
    line was printed yet."""
    words = argv[: argv.index("--")] if "--" in argv else argv
    if "--json" not in words or (exc.ctx is not None and exc.ctx.meta.get("guigym.json_emitted")):
        return
    sys.stdout.write(json.dumps({"error": exc.format_message()}) + "\n")
    sys.stdout.flush()


def table(title: str, columns: Iterable[str], rows: Iterable[Iterable[Any]], left: Iterable[str] = ()) -> Table:
    """Return a rich table: text columns (the first, ``left`` and a few known names) left-justified, the rest right.
    The title and the cells are printed as they are (rich markup in them is escaped)."""
    # the title is text, as the cells are: a run id or folder named "run[red]x" printed as "runx", a path not there
    t = Table(title=escape(title), title_justify="left")
    text_columns = {"apps", "tags", "detail", "fix", *left}
    for i, c in enumerate(columns):
        t.add_column(str(c), justify="left" if i == 0 or c in text_columns else "right")
    for r in rows:
        t.add_row(*[f"{v:.3f}" if isinstance(v, float) else escape(str(v)) for v in r])
    return t


def say_flagged(target: Console, label: str, text: str, colour: str = "red") -> None:
    """Print ``label`` in ``colour`` before ``text``, which is escaped: a task's message holding ``[id=c1]`` or a
    lone ``[/]`` prints as written (rich would read it as markup, eat it, or stop with a MarkupError)."""
    target.print(f"[{colour}]{label}[/] {escape(text)}", markup=True, highlight=False)


def whole(value: Any) -> Any:
    """Return a float that holds a whole number (a count stored as ``4.0``) as an int; other values unchanged."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def action_call(action: dict[str, Any]) -> str:
    """Return an action as a call, ``click(x=342, y=922)`` or ``type(target='field:search', text='Juno')``
    (arguments that are unset left out)."""
    args = ", ".join(f"{k}={whole(v)!r}" for k, v in action.items() if k != "type" and v is not None)
    return f"{action.get('type')}({args})"


def fail(message: str) -> None:
    """Stop with a clear error (exit status 1); an API error's ``argument 'name':`` is said as the command's flag.

    Under ``--json`` the last line of stdout is then ``{"error": message}``, so a script that reads that line gets the
    reason rather than nothing, unless the command already printed its JSON line (a run that stopped names its
    run id and the error there)."""
    text = as_flag(message)
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.params.get("as_json") and not ctx.meta.get("guigym.json_emitted"):
        emit_json({"error": text})
    raise click.ClickException(text)


def as_flag(message: str) -> str:
    """Return ``message`` with a leading ``argument 'ray_address':`` (the API's name for a bad argument) written as
    the running command's option for it (``--ray-address:``), or its positional argument (``RUN:`` for ``run_id``);
    unchanged when no parameter of the command takes it."""
    match = re.match(r"argument '(\w+)': ", message)
    ctx = click.get_current_context(silent=True)
    if match and ctx is not None:
        name = match.group(1)
        for param in ctx.command.params:
            if isinstance(param, click.Option) and param.name in (name, name.removesuffix("s")):
                return f"{max(param.opts, key=len)}: {message[match.end():]}"
        for param in ctx.command.params:  # a positional argument: RUN for the API's run_id
            if isinstance(param, click.Argument) and param.name in (name, name.removesuffix("_id"), name.replace("_id", "")):
                return f"{param.human_readable_name}: {message[match.end():]}"
    return message


def split_list(option: str, value: str | None, what: str = "name",
               known: Callable[[], Iterable[str]] | None = None) -> list[str]:
    """Return the comma-separated entries of ``option``'s ``value``, whitespace stripped (``"a, b"`` is ``["a", "b"]``);
    ``[]`` when the option was not given (None), so the caller applies its default.

    Raises:
        click.BadParameter: (a usage error naming ``option``) when the value names nothing (``""``, ``","``) or has an
            empty entry (``"a,,b"``, ``"a,"``); the message lists ``known()`` when given (called only then, as
            listing can cost a scan of the task bank).
    """
    if value is None:
        return []
    entries = [entry.strip() for entry in value.split(",")]
    if all(entries):
        return entries
    hint = f"; known: {', '.join(known())}" if known is not None else ""
    if not any(entries):
        raise click.BadParameter(f"{value!r} names no {what}{hint}", param_hint=f"'{option}'")
    # Some entry is empty: usually a typo (a doubled or trailing comma), and skipping it would hide a missing name.
    position = entries.index("") + 1
    raise click.BadParameter(f"{value!r}: entry {position} is empty; give {what}s separated by single commas{hint}",
                             param_hint=f"'{option}'")


def os_reason(exc: OSError) -> str:
    """Return why a file operation failed, in words: a file standing where a folder is needed (``--out file/x``,
    whose ``mkdir`` fails with a bare "File exists") is named as such."""
    where = Path(str(exc.filename)) if exc.filename else None
    if isinstance(exc, FileExistsError) and where is not None and where.exists() and not where.is_dir():
        return f"{where} is a file, not a folder"
    if isinstance(exc, NotADirectoryError) and where is not None:
        blocking = next((p for p in [where, *where.parents] if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            return f"{blocking} is a file, not a folder"
    return exc.strerror or str(exc)


def default_runs_name() -> str:
    """Return how to name the default runs folder in an error: the variable that set it, else what it is."""
    return "$GUIGYM_RUNS" if os.environ.get("GUIGYM_RUNS") else "the default runs folder"


def writable_folder(option: str, folder: str | os.PathLike | None) -> None:
    """Create ``folder`` (an output option's value) if needed; stop with an error naming ``option`` when it cannot be
    created or written to, before any work is done (the toolkit's own check: :func:`toolkit.paths.out_folder_problem`)."""
    from toolkit.paths import out_folder_problem

    if folder is None:
        return
    problem = out_folder_problem(folder, "the output")
    if problem:
        fail(f"{option} {problem}")
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{option} {folder}: cannot create this folder ({os_reason(exc)})")
