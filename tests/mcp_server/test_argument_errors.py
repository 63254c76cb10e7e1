"""Tool arguments a coding agent gets wrong: each is an error result naming the argument, before any work, and the
server keeps serving (in-process transport; no browser needed)."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402
from toolkit.synthesis.offline.pools import PERSONAS  # noqa: E402


async def _error(client: Client, name: str, args: dict) -> str:
    result = await client.call_tool(name, args)
    assert result.is_error, (name, args, result.content)
    return result.content[0].text


async def test_synth_world_refuses_a_persona_index_outside_the_pool(tmp_path):
    """persona -1 or past the pool built a world of persona index % size (the same id, launch-0, for several
    personas), as the CLI's --persona no longer does."""
    async with Client(build_server(str(tmp_path))) as client:
        for persona, said in ((len(PERSONAS), "past the end"), (10**30, "past the end"), (-1, "is negative")):
            text = await _error(client, "synth_world", {"persona": persona})
            assert "argument 'persona'" in text and said in text and f"0 to {len(PERSONAS) - 1}" in text, text
            assert PERSONAS[0].summary in text
        last = await client.call_tool("synth_world", {"persona": len(PERSONAS) - 1})
        assert not last.is_error
        built = last.structured_content["persona"]  # its summary says the world's scenario too (build_world.persona_in)
        assert {**built, "summary": ""} == {**PERSONAS[-1].model_dump(mode="json"), "summary": ""}
        assert built["summary"].startswith(PERSONAS[-1].summary + " ")


async def test_synth_world_refuses_an_unknown_or_empty_scenario_naming_the_argument(tmp_path):
    """scenario "" built the seed's scenario's world as if scenario were left out, and an unknown one's error named no
    argument ("unknown scenario 'x'; ...")."""
    from toolkit.synthesis.offline.pools import SCENARIOS

    async with Client(build_server(str(tmp_path))) as client:
        for scenario in ("", "  ", "nope"):
            text = await _error(client, "synth_world", {"scenario": scenario})
            assert text == (f"Error executing tool synth_world: argument 'scenario': unknown scenario {scenario!r}; "
                            f"the offline pool has {sorted(SCENARIOS)}"), text
        world = await client.call_tool("synth_world", {"scenario": "trip"})
        assert not world.is_error and world.structured_content["scenario"]["id"] == "trip"


async def test_synth_audit_refuses_an_empty_or_blank_suite_list(tmp_path):
    """suites [] audited the three default suites (minutes of work) as if suites were left out; [""] said
    "no suite '/mobile'" (the empty name read as the task bank itself)."""
    async with Client(build_server(str(tmp_path))) as client:
        for suites in ([], [""], ["mobile-core", " "]):
            text = await _error(client, "synth_audit", {"suites": suites, "planted": False})
            assert "argument 'suites'" in text and "mobile-core" in text and "'/mobile'" not in text, text
        assert not (await client.call_tool("list_suites", {})).is_error


async def test_synth_validate_refuses_an_empty_out(tmp_path):
    """out "" is Path(""), the server's working folder: it was re-checked as if named (or said 'no worlds under ')."""
    async with Client(build_server(str(tmp_path))) as client:
        for out in ("", "  "):
            text = await _error(client, "synth_validate", {"out": out})
            assert "argument 'out': name a synth folder or one world folder" in text, text


async def test_list_tasks_refuses_a_suite_that_is_a_path(tmp_path):
    """suite "/" made the server walk the whole disk for YAML files (and name the ones it found); "../x" read
    folders outside the task bank."""
    async with Client(build_server(str(tmp_path))) as client:
        for suite in ("/", "../tests", "mobile-core/"):
            text = await _error(client, "list_tasks", {"suite": suite})
            assert "argument 'suite'" in text and "not a path" in text and "mobile-core" in text, text


async def test_run_eval_takes_the_agents_the_cli_takes(tmp_path):
    """run_eval had no hf-tokens agent ("unknown agent 'hf-tokens'") though `guigym eval --agent` offers it: both now
    read one list, and an unknown agent's error and the tool's description name every one."""
    import click

    from toolkit.cli.eval_cmd import eval_command

    [choice] = [p.type for p in eval_command.params if p.name == "agent"]
    assert isinstance(choice, click.Choice) and "hf-tokens" in choice.choices
    async with Client(build_server(str(tmp_path), checkpoints_root=str(tmp_path))) as client:
        text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": "gpt"})
        assert f"argument 'agent': unknown agent 'gpt'; known: {', '.join(choice.choices)}" in text, text
        description = next(t for t in (await client.list_tools()).tools if t.name == "run_eval").description
        assert f"agent: one of {', '.join(choice.choices)} " in description, description
        # hf-tokens is taken like hf: a checkpoint folder, checked before a job starts
        text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": "hf-tokens"})
        assert "argument 'model': agent hf-tokens needs model: a local checkpoint folder" in text, text
        text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": "hf-tokens",
                                                 "model": str(tmp_path / "no-model")})
        assert f"argument 'model': no checkpoint at {tmp_path / 'no-model'}" in text, text


SCHEMA_ERRORS = [  # (tool, arguments, the one line it answers)
    ("run_eval", {"suites": ["mobile-core"], "trials": 5000},
     "Error executing tool run_eval: argument 'trials': must be at most 1000, got 5000"),
    ("list_tasks", {"sute": "mobile-core"},
     "Error executing tool list_tasks: argument 'sute': list_tasks has no such argument; its arguments: suite, app, tag, "
     "query, offset, limit"),
    ("show_task", {}, "Error executing tool show_task: argument 'task_id': required, and not given"),
    ("env_step", {"session_id": "s1", "actions": [{"type": "wait"}] * 9},
     "Error executing tool env_step: argument 'actions': at most 8 items, got 9"),
    ("env_step", {"session_id": "s1", "actions": ["wait"]},
     "Error executing tool env_step: argument 'actions' item 0: input should be a valid dictionary, got 'wait'"),
    ("run_eval", {"suites": "mobile-core", "parallel": 0},
     "Error executing tool run_eval: argument 'suites': input should be a valid list, got 'mobile-core'; "
     "argument 'parallel': must be at least 1, got 0"),
]


@pytest.mark.parametrize("tool, args, line", SCHEMA_ERRORS, ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(SCHEMA_ERRORS)])
async def test_a_schema_error_is_one_line_naming_the_tool_and_the_argument(tmp_path, tool, args, line):
    """Arguments that do not fit a tool's input schema were answered with pydantic's report: "1 validation error for
    run_evalArguments", a line per field with [type=...] and an errors.pydantic.dev URL."""
    async with Client(build_server(str(tmp_path))) as client:
        assert await _error(client, tool, args) == line
        assert not (await client.call_tool("list_suites", {})).is_error  # still serving


async def test_a_schema_error_over_stdio_is_the_same_line(tmp_path):
    import sys

    from mcp import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "toolkit.cli.main", "mcp", "--runs", str(tmp_path)])
    async with Client(params, read_timeout_seconds=120) as client:
        tool, args, line = SCHEMA_ERRORS[0]
        assert await _error(client, tool, args) == line
        # a tool's own argument error is unchanged
        text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": "gpt"})
        assert text.startswith("Error executing tool run_eval: argument 'agent': unknown agent 'gpt'"), text


async def test_an_error_repeating_a_huge_argument_is_cut_and_a_structured_reply_is_one_compact_text(tmp_path):
    """A 100,000-character task id came back whole in its error (twice the agent's own call); a list result came back
    as one indented text block per item (list_suites: 7 blocks)."""
    import json

    from mcp_server.errors import ERROR_CHARS

    async with Client(build_server(str(tmp_path))) as client:
        for name, args in (("show_task", {"task_id": "x" * 100_000}), ("env_observe", {"session_id": "s" * 50_000})):
            text = await _error(client, name, args)
            assert len(text) <= ERROR_CHARS and "chars cut]" in text, (name, len(text))
            assert "argument '" in text[:80] and text.endswith(("tasks list` lists them)", "or never opened)")), text[-80:]
        suites = await client.call_tool("list_suites", {})
        [block] = suites.content
        assert json.loads(block.text) == suites.structured_content["result"] and "\n" not in block.text
        closed = await client.call_tool("env_close", {"session_id": "none"})
        assert [b.text for b in closed.content] == ['{"closed":false}']


async def test_a_boolean_for_any_number_argument_of_any_tool_is_refused_naming_the_tool_and_the_argument(tmp_path):
    """The SDK's lax validation read a JSON boolean as a number: `seed: true` sampled seed 1, `limit: true` served one
    task, `persona: false` built persona 0's world. Every number argument of every tool, as its schema publishes it."""
    async with Client(build_server(str(tmp_path))) as client:
        tools = (await client.list_tools()).tools
        checked = set()
        for tool in tools:
            for name, schema in tool.input_schema.get("properties", {}).items():
                types = {o.get("type") for o in schema.get("anyOf", [schema])}
                if not types & {"integer", "number"}:
                    continue
                kind = "an integer" if "integer" in types else "a number"
                for value in (True, False):
                    text = await _error(client, tool.name, {name: value})
                    assert text == (f"Error executing tool {tool.name}: argument '{name}': must be {kind}, "
                                    f"got the boolean {str(value).lower()}"), text
                checked.add((tool.name, name))
        assert {("show_task", "seed"), ("list_tasks", "limit"), ("synth_world", "persona"), ("run_eval", "temperature"),
                ("env_reset", "seed"), ("get_step", "step")} <= checked
        # two at once are named in one line; a number and a boolean argument (synth_audit's planted) are still taken
        text = await _error(client, "list_tasks", {"offset": False, "limit": True})
        assert text.endswith("argument 'offset': must be an integer, got the boolean false; argument 'limit': must be "
                             "an integer, got the boolean true"), text
        page = await client.call_tool("list_tasks", {"suite": "mobile-core", "limit": 1})
        assert not page.is_error and len(page.structured_content["tasks"]) == 1
        shown = await client.call_tool("show_task", {"task_id": page.structured_content["tasks"][0]["id"], "seed": 1})
        assert not shown.is_error and shown.structured_content["instance"]["seed"] == 1


def _stdio_params(root):
    import sys

    from mcp import StdioServerParameters

    return StdioServerParameters(command=sys.executable, args=["-m", "toolkit.cli.main", "mcp", "--runs", str(root)])


@pytest.mark.parametrize("transport", ["in-process", "stdio"])
async def test_a_float_or_a_string_for_any_integer_argument_of_any_tool_is_refused(tmp_path, transport):
    """The SDK's lax validation took `limit: 1.0` as 1 and `limit: "2"` as 2 (and `temperature: "0.5"` as 0.5), while
    1.5 said "input should be a valid integer, got a number with a fractional part, got 1.5". Every integer argument
    of every tool, as its schema publishes it, now takes only a JSON integer; a number argument an integer or a float."""
    async with Client(build_server(str(tmp_path)) if transport == "in-process" else _stdio_params(tmp_path),
                      read_timeout_seconds=120) as client:
        checked = set()
        for tool in (await client.list_tools()).tools:
            for name, schema in tool.input_schema.get("properties", {}).items():
                types = {o.get("type") for o in schema.get("anyOf", [schema])}
                if "integer" in types:
                    wrong = ((1.0, "the number 1.0"), (2.5, "the number 2.5"), ("2", "the string '2'"))
                    kind = "an integer"
                elif "number" in types:
                    wrong, kind = (("0.5", "the string '0.5'"),), "a number"
                else:
                    continue
                for value, said in wrong:
                    text = await _error(client, tool.name, {name: value})
                    assert f"Error executing tool {tool.name}: " in text, text
                    assert f"argument '{name}': must be {kind}, got {said}" in text, text
                checked.add((tool.name, name))
        assert {("show_task", "seed"), ("list_tasks", "limit"), ("synth_world", "persona"), ("run_eval", "temperature"),
                ("env_reset", "seed"), ("get_step", "step"), ("run_eval", "max_tokens")} <= checked
        # whole numbers as JSON integers are taken; so is an integer for a number (temperature 1: the toolkit answers)
        page = await client.call_tool("list_tasks", {"suite": "mobile-core", "offset": 1, "limit": 2})
        assert not page.is_error and len(page.structured_content["tasks"]) == 2
        text = await _error(client, "run_eval", {"suites": ["mobile-core"], "temperature": 1})
        assert "argument 'temperature': --temperature applies to the model agents" in text, text
        # a boolean argument takes only a boolean
        text = await _error(client, "synth_audit", {"planted": 1})
        assert text == "Error executing tool synth_audit: argument 'planted': must be a boolean, got the number 1", text


BLANK_OPTIONAL = [  # (tool, arguments with one blank optional name, that argument): each was read as left out
    ("run_eval", {"suites": ["mobile-core"], "resume": ""}, "resume"),  # started a new evaluation of the suite
    ("run_eval", {"suites": ["mobile-core"], "model_name": " "}, "model_name"),
    ("run_eval", {"suites": ["mobile-core"], "action_format": ""}, "action_format"),  # ran text-v1
    ("run_eval", {"suites": ["mobile-core"], "agent": "openai", "model": "", "model_name": "m"}, "model"),
    ("get_attempt", {"attempt_id": "a1", "run_id": ""}, "run_id"),  # searched every run for a1
    ("get_step", {"attempt_id": "a1", "step": 0, "run_id": ""}, "run_id"),
    ("compare_attempts", {"attempt_a": "a1", "attempt_b": "a2", "run_id": ""}, "run_id"),
    ("fleet_status", {"run_id": ""}, "run_id"),  # took the newest run with a fleet log
]


@pytest.mark.parametrize("tool, args, name", BLANK_OPTIONAL, ids=[f"{t}-{n}" for t, _, n in BLANK_OPTIONAL])
async def test_a_blank_optional_name_is_refused_not_read_as_left_out(tmp_path, tool, args, name):
    async with Client(build_server(str(tmp_path))) as client:
        text = await _error(client, tool, args)
        assert text == (f"Error executing tool {tool}: argument '{name}': {args[name]!r} is blank; give a value, "
                        f"or leave {name} out"), text
        jobs = await client.call_tool("list_runs", {})
        assert not jobs.is_error and jobs.structured_content["total"] == 0  # no evaluation was started
