"""The numeric arguments the MCP tools share with the CLI have the CLI's ranges, both read from toolkit.bounds
(the MCP tools said trials 1–100 and instances 1–50 where the CLI takes 1–1000 and 1–100; seeds had no upper bound
in MCP and in `guigym eval` while `guigym tasks show` stopped at 2**53 - 1). In-process transport; no browser."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402
from toolkit import api, bounds  # noqa: E402
from toolkit.cli.main import cli  # noqa: E402

#: (MCP tool, its argument) -> (CLI command path, its option's parameter name)
SHARED = {
    ("run_eval", "trials"): ("eval", "trials"),
    ("run_eval", "parallel"): ("eval", "parallel"),
    ("run_eval", "seed"): ("eval", "seed"),
    ("show_task", "seed"): ("tasks show", "seed"),
    ("validate_task", "instances"): ("tasks validate", "instances"),
    ("validate_task", "random_rollouts"): ("tasks validate", "random_rollouts"),
    ("synth_world", "seed"): ("synth world", "seed"),
    ("synth_tasks", "worlds"): ("synth tasks", "worlds"),
    ("synth_tasks", "per_world"): ("synth tasks", "per_world"),
    ("synth_tasks", "random_rollouts"): ("synth tasks", "random_rollouts"),
    ("synth_tasks", "seed"): ("synth tasks", "seed"),
}


def _cli_range(path: str, name: str) -> tuple[int, int]:
    command = cli
    for part in path.split():
        command = command.commands[part]
    [param] = [p for p in command.params if p.name == name]
    assert isinstance(param.type, click.IntRange), (path, name, param.type)
    return param.type.min, param.type.max


async def test_mcp_argument_ranges_are_the_cli_option_ranges():
    async with Client(build_server()) as client:
        tools = (await client.list_tools()).tools
        schemas = {t.name: t.input_schema["properties"] for t in tools}
    # descriptions without their docstrings' indentation (each line after the first began with 8 spaces)
    assert not [t.name for t in tools if "\n " in t.description], [t.description for t in tools if "\n " in t.description]
    for (tool, arg), (path, option) in SHARED.items():
        schema = schemas[tool][arg]
        mcp_range = (schema.get("minimum"), schema.get("maximum"))
        assert mcp_range == _cli_range(path, option), (tool, arg, mcp_range, path, option)
    assert _cli_range("eval", "trials") == bounds.TRIALS and _cli_range("tasks show", "seed") == bounds.SEED
    for tool in ("env_open", "env_reset"):  # seeds of the interactive sessions too
        seed = schemas[tool]["seed"]
        seed = next((s for s in seed.get("anyOf", [seed]) if s.get("type") == "integer"))
        assert (seed["minimum"], seed["maximum"]) == bounds.SEED, (tool, seed)


async def test_a_seed_past_the_bound_is_refused_by_both_front_ends_naming_it(tmp_path):
    too_big = bounds.SEED[1] + 1
    async with Client(build_server(str(tmp_path))) as client:
        for tool, args in (("show_task", {"task_id": "mobile-core/contacts.edit_phone", "seed": too_big}),
                           ("synth_world", {"seed": too_big}),
                           ("run_eval", {"suites": ["mobile-core"], "seed": too_big})):
            result = await client.call_tool(tool, args)
            assert result.is_error and "seed" in result.content[0].text, (tool, result.content)
        # a trial count the CLI takes is not refused by the schema (it was: trials at most 100)
        result = await client.call_tool("run_eval", {"suites": ["mobile-core"], "trials": 1000, "agent": "gpt"})
        assert result.is_error and "argument 'agent'" in result.content[0].text, result.content
    res = CliRunner().invoke(cli, ["eval", "--seed", str(too_big)])
    assert res.exit_code == 2 and "--seed" in res.stderr, res.output
    # the toolkit calls behind the tools check the same ranges for callers that bypass the MCP schema
    with pytest.raises(ValueError, match=rf"argument 'seed': must be a whole number from 0 to {bounds.SEED[1]}"):
        api.show_task("mobile-core/contacts.edit_phone", too_big)
    with pytest.raises(ValueError, match=r"argument 'instances': must be a whole number from 1 to 100, got 101"):
        api.validate_task("mobile-core/contacts.edit_phone", 101)
