"""synth_tasks and synth_audit as background jobs, env_step's bound on actions, and env_step's generated action vocabulary,
all over the real server and the in-process transport."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.conftest import requires_chromium

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402
from toolkit import api  # noqa: E402
from toolkit.actions import ACTION_TYPES  # noqa: E402
from toolkit.api.sessions import ACTION_MODELS  # noqa: E402
from toolkit.harness.formats.base import MAX_ACTIONS as HARNESS_MAX_ACTIONS  # noqa: E402
from toolkit.synthesis import SynthReport  # noqa: E402
from toolkit.synthesis.models import suite_name  # noqa: E402
from toolkit.tasks.loader import load_file  # noqa: E402


async def _finished(client: Client, job_id: str) -> dict:
    """Poll job_status until the job is no longer running; return its last state."""
    for _ in range(3000):
        status = await client.call_tool("job_status", {"job_id": job_id})
        assert not status.is_error, status.content
        if status.structured_content["status"] != "running":
            return status.structured_content
        await asyncio.sleep(0.1)
    raise AssertionError(f"job {job_id} still running: {status.structured_content}")


async def _tools(client: Client) -> dict:
    return {t.name: t for t in (await client.list_tools()).tools}


# -- synth_tasks: a job ---------------------------------------------------------------------------------------------


@requires_chromium
async def test_synth_tasks_starts_a_job_whose_result_is_the_synth_report(tmp_path):
    """synth_tasks returns a running job at once; job_status counts the worlds written, and the finished job carries
    the SynthReport the blocking call used to return (the accepted tasks are written under `out`)."""
    out = tmp_path / "synth"
    async with Client(build_server(str(tmp_path))) as client:
        schema = (await _tools(client))["synth_tasks"].output_schema
        assert "job_id" in schema["properties"] and "result" in schema["properties"]
        started = await client.call_tool("synth_tasks", {"out": str(out), "worlds": 1, "per_world": 2, "random_rollouts": 1})
        assert not started.is_error, started.content
        job = started.structured_content
        assert job["kind"] == "synth_tasks" and job["status"] == "running" and job["result"] is None
        assert job["done"] == 0 and job["total"] == 1
        assert not (await client.call_tool("list_suites", {})).is_error  # the server keeps serving meanwhile
        status = await _finished(client, job["job_id"])
    assert status["status"] == "done" and status["error"] is None, status
    assert status["kind"] == "synth_tasks" and status["done"] == status["total"] == 1
    assert re.match(r"world \S+: 2 accepted, 0 rejected -> ", status["progress"]), status["progress"]
    report = SynthReport.model_validate(status["result"])  # the whole report, as the blocking call returned it
    assert report.out == str(out) and len(report.worlds) == 1 and report.accepted == 2 and report.rejected == 0
    assert report.distinct_instructions == 2 and report.tags and report.seconds > 0
    world = report.worlds[0]
    written = load_file(out / world / "tasks.yaml", suite=suite_name(world))
    assert sorted(report.accepted_ids) == sorted(spec.full_id for spec in written) and len(written) == 2


async def test_a_failing_synth_job_reports_the_exception_type_and_text(tmp_path, monkeypatch):
    """An exception inside the synthesis (a stand-in for a bug: synthesize_bank replaced by one raising) fails the
    job, and job_status gives its type and text."""
    import toolkit.synthesis

    def broken(*args, **kwargs):
        raise RuntimeError("the template pool is empty")

    monkeypatch.setattr(toolkit.synthesis, "synthesize_bank", broken)
    async with Client(build_server(str(tmp_path))) as client:
        started = await client.call_tool("synth_tasks", {"out": str(tmp_path / "synth")})
        assert not started.is_error, started.content
        status = await _finished(client, started.structured_content["job_id"])
    assert status["status"] == "failed" and status["result"] is None
    assert status["error"] == "RuntimeError: the template pool is empty"


async def test_synth_tasks_refuses_a_bad_out_before_starting_a_job(tmp_path):
    """`out` naming a file (or a folder under a file) is an error naming the argument, not a job that fails later."""
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    async with Client(build_server(str(tmp_path))) as client:
        for out in (str(blocker), str(blocker / "synth"), " "):
            result = await client.call_tool("synth_tasks", {"out": out})
            assert result.is_error and "argument 'out'" in result.content[0].text, (out, result.content)
        result = await client.call_tool("synth_tasks", {"out": str(tmp_path / "synth"), "weak": ["messaging", ""]})
        assert result.is_error and "argument 'weak'" in result.content[0].text, result.content
        world = tmp_path / "a-world"  # a world folder: a world written inside it would join its suite
        world.mkdir()
        (world / "world.json").write_text("{}")
        result = await client.call_tool("synth_tasks", {"out": str(world / "more")})
        assert result.is_error and "argument 'out'" in result.content[0].text, result.content
        assert "is inside" in result.content[0].text and "synthesized world folder" in result.content[0].text
    assert not (tmp_path / "synth").exists() and not (world / "more").exists()


@requires_chromium  # the job that is started runs the acceptance
async def test_synth_tasks_refuses_a_blocked_world_folder_before_starting_a_job(tmp_path):
    """A file or a folder of other files where a world would be written (<out>/<world id>) started a job that failed
    after building its worlds; now the call is refused naming `out` (an `out` nothing can be written under, such as
    /proc, is outside the server's synth folders: see test_confinement)."""
    from toolkit.synthesis.offline.pools import DEFAULT_WORLDS

    _, scenario, base = DEFAULT_WORLDS[0]
    world_id = f"{scenario}-{base + 7}"  # the first world synth_tasks builds with seed 7
    as_file, foreign = tmp_path / "as-file", tmp_path / "foreign"
    (as_file / world_id).parent.mkdir()
    (as_file / world_id).write_text("mine")
    (foreign / world_id).mkdir(parents=True)
    (foreign / world_id / "notes.txt").write_text("mine too")
    async with Client(build_server(str(tmp_path))) as client:
        for out, said in ((as_file, "is a file"), (foreign, "no world.json")):
            result = await client.call_tool("synth_tasks", {"out": str(out), "seed": 7, "random_rollouts": 1})
            text = result.content[0].text
            assert result.is_error and "argument 'out'" in text and said in text, (out, result.content)
        # another seed writes other worlds: the same folder is fine then
        started = await client.call_tool("synth_tasks", {"out": str(foreign), "seed": 8, "per_world": 1, "random_rollouts": 0})
        assert not started.is_error, started.content
        status = await _finished(client, started.structured_content["job_id"])
    assert status["status"] == "done", status
    assert (as_file / world_id).read_text() == "mine" and (foreign / world_id / "notes.txt").read_text() == "mine too"


# -- synth_audit: a job ----------------------------------------------------------------------------------------------


@requires_chromium  # golden states: the reference solutions are recorded in Chromium once, then replayed in Node
async def test_synth_audit_starts_a_job_whose_result_is_the_audit_report(tmp_path):
    """synth_audit held the call for the whole audit (minutes for the default suites), with no progress and no way to
    stop it; it returns a running job at once now, and the finished job carries the report the call returned."""
    async with Client(build_server(str(tmp_path))) as client:
        schema = (await _tools(client))["synth_audit"].output_schema
        assert "job_id" in schema["properties"] and "result" in schema["properties"]
        bad = await client.call_tool("synth_audit", {"suites": ["nosuch"], "planted": False})  # before any job
        assert bad.is_error and "argument 'suites'" in bad.content[0].text
        started = await client.call_tool("synth_audit", {"suites": ["mobile-core"], "planted": False})
        assert not started.is_error, started.content
        job = started.structured_content
        total = len(api.list_tasks("mobile-core"))
        assert job["kind"] == "synth_audit" and job["status"] == "running" and job["result"] is None
        assert job["done"] == 0 and job["total"] == total
        assert not (await client.call_tool("list_suites", {})).is_error  # the server keeps serving meanwhile
        status = await _finished(client, job["job_id"])
    assert status["status"] == "done" and status["error"] is None, status
    assert status["done"] == status["total"] == total and status["progress"].startswith("auditing ")
    report = status["result"]
    assert report["suites"] == ["mobile-core"] and report["good"] == total and report["false_rejections"] == []


# -- env_step: at most MAX_ACTIONS actions ----------------------------------------------------------------------------


async def test_env_step_schema_bounds_the_number_of_actions():
    async with Client(build_server()) as client:
        actions = (await _tools(client))["env_step"].input_schema["properties"]["actions"]
    assert api.MAX_ACTIONS == HARNESS_MAX_ACTIONS  # the harness's largest batch
    assert actions["type"] == "array" and actions["minItems"] == 1 and actions["maxItems"] == api.MAX_ACTIONS


@requires_chromium
async def test_env_step_refuses_more_actions_than_the_bound_naming_the_argument():
    """A batch over the bound is an error naming `actions` and leaves the session as it was; a full batch is applied."""
    server = build_server()
    try:
        async with Client(server) as client:
            sid = (await client.call_tool("env_open", {})).structured_content["session_id"]
            too_many = [{"type": "open", "app": "contacts"}] + [{"type": "wait", "seconds": 0}] * api.MAX_ACTIONS
            refused = await client.call_tool("env_step", {"session_id": sid, "actions": too_many})
            assert refused.is_error and "actions" in refused.content[0].text, refused.content
            assert f"at most {api.MAX_ACTIONS}" in refused.content[0].text, refused.content
            observed = (await client.call_tool("env_observe", {"session_id": sid})).structured_content
            assert observed["step"] == 0 and observed["screen"] == "launcher"  # nothing was applied
            full = too_many[:api.MAX_ACTIONS]
            stepped = await client.call_tool("env_step", {"session_id": sid, "actions": full})
            assert not stepped.is_error, stepped.content
            assert stepped.structured_content["screen"] == "app:contacts" and stepped.structured_content["step"] == 1
            # the toolkit call behind it refuses too (for callers that bypass the MCP schema)
            with pytest.raises(ValueError, match=rf"argument 'actions': at most {api.MAX_ACTIONS} actions"):
                server.sessions.step(sid, too_many)
            assert (await client.call_tool("env_observe", {"session_id": sid})).structured_content["step"] == 1
    finally:
        server.sessions.close_all()


@requires_chromium
async def test_env_step_refuses_a_field_of_another_json_type_and_applies_nothing():
    """`{"type": "click", "x": "5"}` was read as x = 5 and carried out (the harness's lax reading of model text); a
    caller's JSON of the wrong type is now an error naming the action and field, and nothing in the batch is applied.
    An action invalid in any reading is still reported per action, after the step."""
    server = build_server()
    try:
        async with Client(server) as client:
            sid = (await client.call_tool("env_open", {})).structured_content["session_id"]
            for bad in ({"type": "click", "x": "5", "y": 500}, {"type": "type", "text": "hi", "clear": "yes"}):
                refused = await client.call_tool("env_step", {"session_id": sid,
                                                              "actions": [{"type": "open", "app": "contacts"}, bad]})
                assert refused.is_error, refused.content
                text = refused.content[0].text
                assert "argument 'actions'" in text and "action 1" in text and "nothing was applied" in text, text
            observed = (await client.call_tool("env_observe", {"session_id": sid})).structured_content
            assert observed["step"] == 0 and observed["screen"] == "launcher"
            stepped = await client.call_tool("env_step", {"session_id": sid, "actions": [
                {"type": "open", "app": "contacts"}, {"type": "click", "x": 500, "y": 2000}]})
            assert not stepped.is_error and stepped.structured_content["screen"] == "app:contacts", stepped.content
            assert "action errors" in stepped.content[-1].text, stepped.content  # out of range: the env's per-action error
    finally:
        server.sessions.close_all()


# -- env_step: the action vocabulary in its description ----------------------------------------------------------------


async def test_env_step_description_lists_every_action_with_its_fields():
    """The description is generated from toolkit.actions: a line per action model with every `type` value and every
    field (required ones as `name:`, optional ones as `name?:`), so it cannot drift from the models."""
    async with Client(build_server()) as client:
        description = (await _tools(client))["env_step"].description
    lines = [line for line in description.splitlines() if line.startswith("- ")]
    assert len(lines) == len(ACTION_MODELS)
    listed = set()
    for model in ACTION_MODELS:
        schema = model.model_json_schema()
        kind = schema["properties"]["type"]
        types = kind.get("enum") or [kind["const"]]
        [line] = [line for line in lines if line.startswith(f"- {'|'.join(types)} {{")]
        listed.update(types)
        required = set(schema.get("required", []))
        for name in model.model_fields:
            if name != "type":
                assert f"{name}{'' if name in required else '?'}: " in line, (model.__name__, name, line)
    assert listed == set(ACTION_TYPES)  # every action type the toolkit accepts, and no other
    for action_type in ACTION_TYPES:
        assert re.search(rf"^- (\S+\|)?{action_type}(\|\S+)? \{{", description, re.M), action_type
    assert f"up to {api.MAX_ACTIONS} actions" in description and "0–1000" in description
    assert "direction: up|down|left|right" in description and "button: back|home|menu|enter|recents" in description
