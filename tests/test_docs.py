"""What the written docs show a researcher to copy works as shown: task_bank/README.md's example and helper list,
and the `guigym` commands and MCP tool calls of the README, docs/, benchmarks/README.md, the skills and notebooks."""

from __future__ import annotations

import inspect
import json
import re

import pytest

from tests.conftest import requires_chromium
from toolkit.paths import REPO_ROOT
from toolkit.tasks import load_suite
from toolkit.tasks import verifier_checks
from toolkit.validation import validate_tasks

TASK_BANK_README = (REPO_ROOT / "task_bank" / "README.md").read_text(encoding="utf-8")


def _block(lang: str) -> str:
    return TASK_BANK_README.split(f"```{lang}\n", 1)[1].split("```", 1)[0]


def test_every_documented_verifier_check_takes_the_arguments_it_is_shown_with():
    section = TASK_BANK_README[TASK_BANK_README.index("Besides the standard"):TASK_BANK_README.index("The bundled and")]
    calls = re.findall(r"`([a-z_]+)\(([^)`]*)\)", section)
    assert len(calls) > 30
    wrong = {}
    for name, args in calls:
        params = list(inspect.signature(getattr(verifier_checks, name)).parameters)
        shown = [a.strip().split("=")[0] for a in args.split(",") if a.strip() not in ("", "...") and '"' not in a]
        if set(shown) - set(params):
            wrong[name] = (shown, params)
    assert not wrong, wrong


@requires_chromium
async def test_the_annotated_task_example_loads_and_its_reference_solves_it(tmp_path):
    suite = tmp_path / "docs-example"
    suite.mkdir()
    (suite / "contacts.yaml").write_text(_block("yaml"), encoding="utf-8")
    (suite / "contacts.py").write_text(_block("python"), encoding="utf-8")
    specs = load_suite("docs-example", root=tmp_path)
    assert [s.id for s in specs] == ["contacts.edit_phone"]
    reports = await validate_tasks(specs, instances=3, random_rollouts=0, parallel=1)
    assert all(r.ok for r in reports), [r.checks for r in reports]


# ------------------------------------------------------------------ the commands and tool calls the docs show

SHOWN_IN = ["README.md", "benchmarks/README.md", *sorted(f"docs/{p.name}" for p in (REPO_ROOT / "docs").glob("*.md")),
            *sorted(str(p.relative_to(REPO_ROOT)) for p in (REPO_ROOT / "skills").glob("*/SKILL.md")),
            *sorted(f"notebooks/{p.name}" for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))]


def _doc_text(name: str) -> str:
    """Return a doc's text: a notebook's Markdown cells, any other file whole."""
    text = (REPO_ROOT / name).read_text(encoding="utf-8")
    if not name.endswith(".ipynb"):
        return text
    return "\n\n".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")


def _shown_commands() -> list[tuple[str, str]]:
    """Return every ``guigym <command> ...`` line the docs show, with its file (comments and prose around it cut)."""
    from toolkit.cli.main import cli

    start = re.compile(rf"guigym (?:{'|'.join(cli.commands)})\b[^#\n]*")
    found = []
    for name in SHOWN_IN:
        text = _doc_text(name)
        blocks = re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M)
        spans = re.findall(r"`([^`\n]+)`", re.sub(r"^```.*?^```", "", text, flags=re.S | re.M))  # inline code
        found += [(name, m.group(0).strip()) for code in (*blocks, *spans) for m in start.finditer(code)]
    return found


def test_every_command_the_docs_show_names_commands_and_options_that_exist():
    """A renamed option or subcommand left behind in a doc reads as a working call until a researcher pastes it.

    Checked without running anything: placeholders (``<run_id>``, ``R``, ``...``) stand for values, so only the
    subcommand path and the option names are compared with the CLI's; ``a|b`` shows alternatives, each checked."""
    import click

    from toolkit.cli.main import cli

    shown = _shown_commands()
    assert len(shown) > 40
    wrong = []
    for name, line in shown:
        words = [w.strip("[]") for w in line.split()[1:]]
        command: click.Command = cli
        while isinstance(command, click.Group) and words and not words[0].startswith("-"):
            choices = words.pop(0).split("|")
            missing = [c for c in choices if c not in command.commands]
            if missing:
                wrong.append((name, line, f"no command {missing}"))
                break
            command = command.commands[choices[0]]
        known = {opt for p in command.params for opt in (*p.opts, *p.secondary_opts)} | {"-h", "--help"}
        wrong += [(name, line, f"no option {w}") for w in words
                  if w.startswith("-") and w != "-" and w.split("=")[0] not in known and not w[1:2].isdigit()]
    assert not wrong, wrong


def test_every_mcp_tool_call_the_skills_show_exists_with_those_arguments():
    """The skills drive the MCP tools by name with JSON arguments (``run_summary {"run_id": R}``): each tool must
    exist and take each top-level argument shown."""
    import asyncio

    pytest.importorskip("mcp")
    from mcp_server.server import build_server

    tools = {t.name: t for t in asyncio.run(build_server().list_tools())}
    calls = []
    for path in sorted((REPO_ROOT / "skills").glob("*/SKILL.md")):
        text = path.read_text(encoding="utf-8")
        for name, args in re.findall(r"`([a-z]+_[a-z_]+) (\{[^`]*\})`", text):  # tool {"key": value, ...}
            depth, keys = 0, []
            for token in re.finditer(r'[{}\[\]]|"(\w+)"\s*:', args):  # top-level keys only, not nested ones
                if token.group(0) in "{[":
                    depth += 1
                elif token.group(0) in "}]":
                    depth -= 1
                elif depth == 1:
                    keys.append(token.group(1))
            calls.append((path.parent.name, name, keys))
        for name, args in re.findall(r"`([a-z]+_[a-z_]+)\(([^`]*)\)`", text):  # tool(key=value, ...)
            if name in tools:
                calls.append((path.parent.name, name, re.findall(r"(\w+)=", args)))
    assert len(calls) > 15
    wrong = [(skill, name, keys) for skill, name, keys in calls
             if name not in tools or set(keys) - set(tools[name].input_schema.get("properties", {}))]
    assert not wrong, wrong
