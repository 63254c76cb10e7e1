"""``guigym bench``: the one benchmark entry point."""

from __future__ import annotations

import inspect
import json
import types
import typing

import click
from pydantic import TypeAdapter, ValidationError
from rich.markup import escape

from toolkit.bench import SECTIONS, SectionSkipped
from toolkit.bench.params import cross_check
from toolkit.cli.common import console, emit_json, fail, json_safe, out, split_list, table
from toolkit.sync import run_sync


def _params(values: tuple[str, ...], names: list[str]) -> dict[str, dict]:
    """Parse ``SECTION.NAME=VALUE`` options (VALUE as JSON when it parses, else a string), each checked against the
    type and bounds the section declares for it (:mod:`toolkit.bench.params`) before any section runs."""
    params: dict[str, dict] = {n: {} for n in names}
    given_as: dict[tuple[str, str], str] = {}  # (section, name) -> the option as typed, for the errors
    for item in values:
        key, sep, raw = item.partition("=")
        section, dot, name = key.partition(".")
        if not sep or not dot or section not in SECTIONS:
            fail(f"--param wants SECTION.NAME=VALUE with a known section, got {item!r}")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        name = name.replace("-", "_")
        if section not in names:  # else the value would be checked, then never used
            fail(f"--param {item!r}: section {section} is not run (--only {','.join(names)})")
        if (section, name) in given_as:
            fail(f"--param {item!r}: {section}.{name} is already given ({given_as[section, name]!r})")
        known = inspect.signature(SECTIONS[section]).parameters
        if name not in known:
            fail(f"bench {section} has no parameter {name!r}; it has {', '.join(known)}")
        hint = typing.get_type_hints(SECTIONS[section], include_extras=True).get(name)
        if hint is not None:
            try:
                value = TypeAdapter(hint).validate_python(value)
            except ValidationError as exc:
                error = exc.errors()[0]
                where = "".join(f" (item {loc + 1})" for loc in error["loc"] if isinstance(loc, int))
                fail(f"--param {item!r}: bench {section}'s {name} takes {_type_name(hint)}{where}: {error['msg']}")
        params.setdefault(section, {})[name] = tuple(value) if isinstance(value, list) else value
        given_as[section, name] = item
    for section, given in params.items():
        if given:
            bound = inspect.signature(SECTIONS[section]).bind(**given)
            bound.apply_defaults()
            problem = cross_check(section, bound.arguments)
            if problem:
                fail(f"--param {', '.join(repr(given_as[section, k]) for k in given)}: bench {section}: {problem}")
    return params


def _type_name(hint: typing.Any) -> str:
    """Return a type as the user reads it, with its bounds (``int >= 1``, ``tuple[int >= 1, ...] of at least 1``)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        bounds = []
        for meta in args[1:]:
            for item in getattr(meta, "metadata", []):
                for attr, sign in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<")):
                    if getattr(item, attr, None) is not None:
                        bounds.append(f"{sign} {getattr(item, attr)}")
                if getattr(item, "min_length", None) is not None:
                    bounds.append(f"of at least {item.min_length}")
        return " ".join([_type_name(args[0]), *bounds])
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in args)
    if origin is tuple:
        return "tuple[" + ", ".join("..." if a is Ellipsis else _type_name(a) for a in args) + "]"
    return "None" if hint is type(None) else hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


@click.command()
@click.option("--only", help=f"sections, comma-separated (known: {', '.join(SECTIONS)})")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object {section: figures} as the last line")
@click.option("--markdown", "as_markdown", is_flag=True, help="print Markdown tables (with the ratios against the peer) on stdout")
@click.option("--param", "-p", "param", multiple=True, metavar="SECTION.NAME=VALUE",
              help="a section argument, e.g. -p capacity.max_instances=64 -p throughput.levels=[1,8]")
def bench(only, as_json, as_markdown, param):
    """Measure speed and memory on this machine."""
    # a section named twice runs once (its figures are one entry of the results)
    names = list(dict.fromkeys(split_list("--only", only, "section", lambda: SECTIONS))) or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        fail(f"unknown bench section(s) {unknown}; known: {', '.join(SECTIONS)}")
    params = _params(param, names)
    results = {}
    for name in names:
        console.print(f"[bold]bench {name}[/] …")
        try:
            # one rule for every output (table, --markdown, --json): a NaN/infinite figure is null, shown as such
            results[name] = json_safe(run_sync(SECTIONS[name](**params.get(name, {}))))
        except SectionSkipped as exc:  # an optional package absent: the other sections still run
            results[name] = {"skipped": str(exc)}
            console.print(f"[yellow]bench {name} skipped:[/] {escape(str(exc))}")
        except (ValueError, TypeError) as exc:
            if not params.get(name):  # not from a -p value: a real fault, keep its traceback
                raise
            fail(f"bench {name} with {', '.join(f'{k}={v!r}' for k, v in params[name].items())}: {exc}")
        target = console if (as_json or as_markdown) else out
        target.print(table(f"bench {name}", ["figure", "value"],
                           [[k, v] for k, v in results[name].items() if not isinstance(v, (dict, list))]))
    if as_markdown:
        from toolkit.bench.markdown import results_markdown

        out.print(results_markdown(results), markup=False, highlight=False, soft_wrap=True)
    if as_json:
        emit_json(results)
