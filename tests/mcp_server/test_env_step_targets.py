"""env_step takes the action forms of a task's reference solution: an element id as `target` in place of x and y
(real server, in-process transport, real Chromium)."""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402

pytestmark = requires_chromium
TASK = "mobile-core/contacts.favorite"


@pytest.fixture
def server(tmp_path):
    server = build_server(str(tmp_path))
    yield server
    server.sessions.close_all()


async def test_a_reference_solution_shown_by_show_task_replays_step_by_step_with_env_step(server):
    """show_task's reference steps name elements (`{"type": "click", "target": "btn:favorite"}`); env_step refused
    every one of them ("field 'target': Extra inputs are not permitted", "field 'x': Field required") and the task
    could not be solved by replaying its own reference."""
    async with Client(server) as client:
        detail = (await client.call_tool("show_task", {"task_id": TASK, "seed": 3})).structured_content
        reference = detail["instance"]["reference"]
        assert any("target" in action for step in reference for action in step)  # the form this is about
        sid = (await client.call_tool("env_open", {"task_id": TASK, "seed": 3})).structured_content["session_id"]
        for step in reference:
            stepped = await client.call_tool("env_step", {"session_id": sid, "actions": step})
            assert not stepped.is_error, stepped.content
            assert not [b.text for b in stepped.content if b.type == "text" and b.text.startswith("action errors")], step
        state = (await client.call_tool("env_state", {"session_id": sid, "path": "os"})).structured_content
        assert state["verdict"]["success"] is True, state["verdict"]
        description = next(t for t in (await client.list_tools()).tools if t.name == "env_step").description
        assert '"target"' in description and "reference" in description


async def test_a_target_not_on_the_screen_is_an_error_naming_actions_and_nothing_is_applied(server):
    async with Client(server) as client:
        sid = (await client.call_tool("env_open", {"task_id": TASK})).structured_content["session_id"]
        actions = [{"type": "open", "app": "contacts"}, {"type": "click", "target": "btn:nosuch"}]
        refused = await client.call_tool("env_step", {"session_id": sid, "actions": actions})
        text = refused.content[0].text
        assert refused.is_error and "argument 'actions': no element 'btn:nosuch' on screen (visible: " in text, text
        assert text.endswith("; nothing was applied"), text
        bad = await client.call_tool("env_step", {"session_id": sid, "actions": [{"type": "click", "target": 7}]})
        assert bad.is_error and "argument 'actions': target must be an element id" in bad.content[0].text, bad.content
        observed = (await client.call_tool("env_observe", {"session_id": sid})).structured_content
        assert observed["step"] == 0 and observed["screen"] == "launcher"
