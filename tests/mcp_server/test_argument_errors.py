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
        assert not last.is_error and last.structured_content["persona"] == PERSONAS[-1].model_dump(mode="json")


async def test_synth_audit_refuses_an_empty_or_blank_suite_list(tmp_path):
    """suites [] audited the three default suites (minutes of work) as if suites were left out; [""] said
    "no suite '/mobile'" (the empty name read as the task bank itself)."""
    async with Client(build_server(str(tmp_path))) as client:
        for suites in ([], [""], ["mobile-core", " "]):
            text = await _error(client, "synth_audit", {"suites": suites, "planted": False})
            assert "argument 'suites'" in text and "mobile-core" in text and "'/mobile'" not in text, text
        assert not (await client.call_tool("list_suites", {})).is_error


async def test_list_tasks_refuses_a_suite_that_is_a_path(tmp_path):
    """suite "/" made the server walk the whole disk for YAML files (and name the ones it found); "../x" read
    folders outside the task bank."""
    async with Client(build_server(str(tmp_path))) as client:
        for suite in ("/", "../tests", "mobile-core/"):
            text = await _error(client, "list_tasks", {"suite": suite})
            assert "argument 'suite'" in text and "not a path" in text and "mobile-core" in text, text


async def test_an_unknown_agent_lists_the_known_ones(tmp_path):
    async with Client(build_server(str(tmp_path))) as client:
        text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": "gpt"})
        assert "argument 'agent': unknown agent 'gpt'; known: reference, random, openai, hf, replay" in text, text
