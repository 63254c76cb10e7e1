"""Every MCP tool over the in-process, stdio and streamable-HTTP transports, with image and error results."""

from __future__ import annotations

import asyncio
import base64
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import requires_chromium

pytest.importorskip("mcp")
from mcp import Client, StdioServerParameters  # noqa: E402

from mcp_server import build_server, http_app  # noqa: E402
from toolkit.evaluation import evaluate_async  # noqa: E402
from toolkit.tasks import load_suite  # noqa: E402

pytestmark = requires_chromium


@pytest.fixture(scope="module")
def runs_root(tmp_path_factory):
    """A runs folder holding one small reference run."""

    root = tmp_path_factory.mktemp("runs")
    tasks = [s.id for s in load_suite("mobile-core")[:2]]
    asyncio.run(evaluate_async(["mobile-core"], "reference", tasks=tasks, out=root))
    return root


async def exercise(client: Client) -> None:
    """Call every tool once with good arguments, and a few with bad ones."""
    names = {t.name for t in (await client.list_tools()).tools}
    assert names == {"list_suites", "list_tasks", "show_task", "validate_task", "run_eval", "job_status", "cancel_job", "list_runs",
                     "run_summary", "task_results", "get_attempt", "get_step", "compare_attempts", "diagnose_run", "fleet_status",
                     "synth_world", "synth_tasks", "synth_validate", "synth_audit", "env_open",
                     "env_reset", "env_step", "env_observe", "env_state", "env_close"}

    async def ok(name, args):
        result = await client.call_tool(name, args)
        assert not result.is_error, (name, result.content)
        return result

    suites = (await ok("list_suites", {})).structured_content["result"]
    assert any(s["name"] == "mobile-core" for s in suites)
    tasks = (await ok("list_tasks", {"suite": "mobile-core"})).structured_content["tasks"]
    task_id = tasks[0]["id"]
    assert (await ok("show_task", {"task_id": task_id, "seed": 2})).structured_content["instance"]["seed"] == 2
    runs = (await ok("list_runs", {})).structured_content["runs"]
    run_id = runs[-1]["run_id"]
    summary = (await ok("run_summary", {"run_id": run_id})).structured_content
    assert summary["suites"]["mobile-core"]["SR"] == 1.0
    rows = (await ok("task_results", {"run_id": run_id})).structured_content["tasks"]
    assert len(rows) == 2
    attempts = [f"{run_id}/{r['task_id'].replace('/', '__')}__t0" for r in rows]
    info = (await ok("get_attempt", {"attempt_id": attempts[0]})).structured_content
    assert info["row"]["outcome"] == "success"
    step = await ok("get_step", {"attempt_id": attempts[0], "step": 0})
    image = next(c for c in step.content if c.type == "image")
    assert image.mime_type == "image/jpeg" and base64.b64decode(image.data)[:2] == b"\xff\xd8"
    assert step.structured_content["index"] == 0 and step.structured_content["actions"]
    compared = (await ok("compare_attempts", {"attempt_a": attempts[0], "attempt_b": attempts[1]})).structured_content
    assert compared["first_divergence"] is not None
    report = (await ok("diagnose_run", {"run_id": run_id})).structured_content
    assert report["attempts"] == 2 and report["success_rate"] == 1.0
    job = (await ok("run_eval", {"suites": ["mobile-core"], "tasks": [task_id], "action_format": "qwen3vl-mobile-v1"})).structured_content
    for _ in range(600):
        status = (await ok("job_status", {"job_id": job["job_id"]})).structured_content
        if status["status"] != "running":
            break
        time.sleep(0.2)
    assert status["status"] == "done" and status["summary"]["mobile-core"]["SR"] == 1.0
    manifest = json.loads((Path(status["run_dir"]) / "manifest.json").read_text())
    assert manifest["harness"]["format"] == "qwen3vl-mobile-v1"
    # resuming a finished run: the job names the run, runs nothing more and keeps the scores
    job = (await ok("run_eval", {"suites": [], "resume": status["run_id"]})).structured_content
    for _ in range(600):
        resumed = (await ok("job_status", {"job_id": job["job_id"]})).structured_content
        if resumed["status"] != "running":
            break
        time.sleep(0.2)
    assert resumed["status"] == "done" and resumed["run_id"] == status["run_id"] and resumed["done"] == resumed["total"] == 1
    assert resumed["summary"]["mobile-core"]["SR"] == 1.0 and resumed["summary"]["mobile-core"]["attempts"] == 1
    valid = (await ok("validate_task", {"task_id": task_id, "instances": 2, "random_rollouts": 1})).structured_content
    assert valid["ok"], valid
    opened = await ok("env_open", {"task_id": task_id, "seed": 1})
    sid = opened.structured_content["session_id"]
    assert any(c.type == "image" for c in opened.content)
    stepped = await ok("env_step", {"session_id": sid, "actions": [{"type": "open", "app": "contacts"}]})
    assert stepped.structured_content["screen"] == "app:contacts"
    assert (await ok("env_observe", {"session_id": sid})).structured_content["step"] == 1
    state = (await ok("env_state", {"session_id": sid, "path": "apps.contacts.data"})).structured_content
    assert "contacts" in state["state"] and not state["truncated"] and state["verdict"]["success"] is False
    assert (await ok("env_reset", {"session_id": sid})).structured_content["screen"] == "launcher"
    assert (await ok("env_close", {"session_id": sid})).structured_content == {"closed": True}
    # Bad arguments: an error result naming the argument, and the server keeps serving.
    for name, args, needle in (("show_task", {"task_id": "nope"}, "task_id"), ("run_summary", {"run_id": "nope"}, "run_id"),
                               ("get_step", {"attempt_id": attempts[0], "step": 99}, "step"),
                               ("env_step", {"session_id": sid, "actions": [{"type": "click"}]}, "session_id"),
                               ("run_eval", {"suites": ["nope"]}, "suites"), ("job_status", {"job_id": "x"}, "job_id"),
                               ("run_eval", {"suites": ["mobile-core"], "agent": "openai"}, "'model'"),
                               ("run_eval", {"suites": ["mobile-core"], "agent": "openai", "model": "http://127.0.0.1:1/v1"},
                                "model_name"),
                               ("run_eval", {"suites": ["mobile-core"], "action_format": "nope"}, "action_format"),
                               ("run_eval", {"suites": ["mobile-core"], "temperature": 0.5}, "temperature"),
                               ("run_eval", {"suites": [], "resume": "no-such-run"}, "resume"),
                               ("run_eval", {"suites": [], "resume": status["run_id"], "model": "http://127.0.0.1:1/v1"},
                                "only an openai run")):
        result = await client.call_tool(name, args)
        assert result.is_error and needle in result.content[0].text, (name, result.content)
    assert not (await client.call_tool("list_suites", {})).is_error


async def test_in_process(runs_root):
    server = build_server(str(runs_root))
    try:
        async with Client(server) as client:
            await exercise(client)
    finally:
        server.sessions.close_all()


async def test_stdio(runs_root):
    params = StdioServerParameters(command=sys.executable, args=["-m", "toolkit.cli.main", "mcp", "--runs", str(runs_root)])
    async with Client(params, read_timeout_seconds=300) as client:
        await exercise(client)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_streamable_http_with_token(runs_root):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "toolkit.cli.main", "mcp", "--transport", "http", "--port", str(port),
                             "--runs", str(runs_root), "--token", "s3cret"], stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/mcp"
        for _ in range(200):
            try:
                if httpx.post(url, json={}).status_code == 401:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert httpx.post(url, json={}, headers={"Authorization": "Bearer wrong"}).status_code == 401
        from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client

        http = create_mcp_http_client(headers={"Authorization": "Bearer s3cret"})

        async with Client(streamable_http_client(url, http_client=http), read_timeout_seconds=300) as client:
            await exercise(client)
    finally:
        proc.terminate()
        proc.wait(10)


def test_http_refuses_a_public_address_without_token():
    with pytest.raises(ValueError, match="without a token"):
        http_app(build_server(), host="0.0.0.0")


async def test_fleet_status_tool(runs_root):
    server = build_server(str(runs_root))
    async with Client(server) as client:
        newest = await client.call_tool("fleet_status", {})  # the newest run with a fleet log
        assert not newest.is_error and newest.structured_content["attempts"] >= 1, newest.content
        run_id = (await client.call_tool("list_runs", {})).structured_content["runs"][-1]["run_id"]  # the 2-task run
        result = await client.call_tool("fleet_status", {"run_id": run_id, "limit": 2})
        assert not result.is_error, result.content
        fleet = result.structured_content
        assert fleet["run_id"] == run_id and fleet["backend"] == "local" and fleet["finished"] and fleet["failures"] == {}
        assert fleet["attempts"] == 2 and fleet["latest"]["devices"]["phone"]["attempts"] == 2 and len(fleet["samples"]) == 2
        assert json.loads(result.content[0].text) == fleet and "\n" not in result.content[0].text  # not indented
        bad = await client.call_tool("fleet_status", {"run_id": "nope"})
        assert bad.is_error and "run_id" in bad.content[0].text


async def test_fleet_status_argument_errors_name_the_argument_once(tmp_path):
    async with Client(build_server(str(tmp_path))) as client:
        bad = await client.call_tool("fleet_status", {"limit": 0})
        assert bad.is_error and bad.content[0].text.endswith(": argument 'limit': must be at least 1, got 0")
        assert bad.content[0].text.count("argument") == 1  # was "argument 'limit': argument 'limit': ..."
        # no upper bound let limit=10**9 reply with every sample (one a second: 3,600 for an hour's run)
        bad = await client.call_tool("fleet_status", {"limit": 10**9})
        assert bad.is_error and "argument 'limit': must be at most" in bad.content[0].text, bad.content
        bad = await client.call_tool("fleet_status", {"run_id": "nope"})
        assert bad.is_error and ": argument 'run_id': no run 'nope'" in bad.content[0].text
        assert bad.content[0].text.count("argument 'run_id'") == 1


async def test_list_suites_lists_every_suite_the_cli_takes(tmp_path, monkeypatch):
    """The suites --suite accepts (known_suites: bundled, synth/<world>, synth, miniwob, osworld), each with its size;
    one that cannot load here (osworld without its task folder) is listed with a note instead of a count."""
    from toolkit.tasks import load_tasks
    from toolkit.tasks.loader import known_suites

    monkeypatch.delenv("GUIGYM_OSWORLD_TASKS", raising=False)
    async with Client(build_server(str(tmp_path))) as client:
        result = await client.call_tool("list_suites", {})
    assert not result.is_error, result.content
    suites = {s["name"]: s for s in result.structured_content["result"]}
    assert sorted(suites) == known_suites() and {"mobile-core", "osworld"} <= set(suites)
    assert suites["mobile-core"]["tasks"] == len(load_tasks(["mobile-core"])) and suites["mobile-core"]["note"] is None
    assert suites["osworld"]["tasks"] is None and "GUIGYM_OSWORLD_TASKS" in suites["osworld"]["note"]
    worlds = [name for name in suites if name.startswith("synth/")]
    if worlds:  # a folder of suites counts its worlds' tasks together
        assert suites["synth"]["tasks"] == sum(suites[w]["tasks"] for w in worlds)
        assert suites["synth"]["note"] == "all synth/<world> suites together"


async def test_a_bare_task_id_names_the_task_when_one_suite_has_it(tmp_path, monkeypatch):
    """show_task and env_open take contacts.edit_phone as make_env does; an id in several suites lists their full ids."""
    from toolkit.tasks import loader

    server = build_server(str(tmp_path))
    try:
        async with Client(server) as client:
            shown = await client.call_tool("show_task", {"task_id": "contacts.edit_phone", "seed": 1})
            assert not shown.is_error, shown.content
            assert shown.structured_content["spec"]["suite"] == "mobile-core"
            assert shown.structured_content["spec"]["id"] == "contacts.edit_phone"
            opened = await client.call_tool("env_open", {"task_id": "contacts.edit_phone", "seed": 1})
            assert not opened.is_error, opened.content
            assert opened.structured_content["task_id"] == "mobile-core/contacts.edit_phone"
            await client.call_tool("env_close", {"session_id": opened.structured_content["session_id"]})
            missing = await client.call_tool("show_task", {"task_id": "contacts.nope"})
            assert missing.is_error and "argument 'task_id': no task 'contacts.nope' in any suite" in missing.content[0].text

            real = loader.load_suite

            def with_a_copy(suite, root=loader.TASK_BANK):  # the web suite holding a copy of contacts.edit_phone
                if suite == "web":
                    copy = real("mobile-core", root)
                    copy = [s for s in copy if s.id == "contacts.edit_phone"][0].model_copy(update={"suite": "web"})
                    return real("web", root) + [copy]
                return real(suite, root)

            monkeypatch.setattr(loader, "load_suite", with_a_copy)
            twice = await client.call_tool("env_open", {"task_id": "contacts.edit_phone"})
            assert twice.is_error and ("'contacts.edit_phone' is a task of several suites; give one of "
                                       "mobile-core/contacts.edit_phone, web/contacts.edit_phone") in twice.content[0].text
    finally:
        server.sessions.close_all()

async def test_synthesis_tools(tmp_path):
    """The synthesis tools are thin calls: a world comes back as structured JSON; bad arguments are tool errors."""
    async with Client(build_server(str(tmp_path))) as client:
        result = await client.call_tool("synth_world", {"seed": 3})
        assert not result.is_error, result.content
        world = result.structured_content
        assert world["people"] and world["facts"] and world["records"]["contacts"]
        bad = await client.call_tool("synth_world", {"scenario": "no-such-scenario"})
        assert bad.is_error and "scenario" in bad.content[0].text
        empty = await client.call_tool("synth_validate", {"out": str(tmp_path / "nothing")})
        assert empty.is_error and "argument 'out'" in empty.content[0].text


async def test_unknown_and_out_of_range_arguments_are_refused_naming_them(runs_root, tmp_path):
    """Over stdio: a misspelt argument or an out-of-range number is an error naming it, before any work starts."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "toolkit.cli.main", "mcp", "--runs", str(runs_root)])
    async with Client(params, read_timeout_seconds=120) as client:
        tools = (await client.list_tools()).tools
        assert all(t.input_schema.get("additionalProperties") is False for t in tools)
        run_eval = next(t for t in tools if t.name == "run_eval").input_schema["properties"]
        assert run_eval["parallel"]["minimum"] == 1 and run_eval["trials"]["maximum"] == 1000
        run_id = (await client.call_tool("list_runs", {})).structured_content["runs"][-1]["run_id"]
        task = (await client.call_tool("task_results", {"run_id": run_id})).structured_content["tasks"][0]["task_id"]
        attempt = f"{run_id}/{task.replace('/', '__')}__t0"
        a_file = runs_root / "scratch" / "a-file"  # synthesized worlds may go under the runs folder (mcp_server.confine)
        a_file.parent.mkdir(exist_ok=True)
        a_file.write_text("not a folder")
        started = time.monotonic()
        for name, args, needle in (
                ("list_tasks", {"sute": "mobile-core"}, "sute"),  # was: every suite's tasks, as if no suite was named
                ("list_suites", {"verbose": True}, "verbose"),
                ("run_eval", {"suites": ["mobile-core"], "parallel": 0}, "parallel"),
                ("run_eval", {"suites": ["mobile-core"], "parallel": 10**9}, "parallel"),
                ("run_eval", {"suites": ["mobile-core"], "trial": 3}, "trial"),
                ("validate_task", {"task_id": task, "random_rollouts": -1}, "random_rollouts"),
                ("synth_tasks", {"out": str(runs_root / "synth"), "worlds": 10**6}, "worlds"),  # was: built worlds for ever
                ("synth_tasks", {"out": str(runs_root / "synth"), "per_world": 0}, "per_world"),
                ("synth_tasks", {"out": str(a_file)}, "argument 'out'"),  # a job now: refused before it starts
                ("env_step", {"session_id": "s1", "actions": [{"type": "wait"}] * 9}, "actions"),  # over the bound of 8
                ("synth_validate", {"out": str(runs_root / "nothing")}, "argument 'out'"),  # was: [] (nothing failed)
                ("synth_audit", {"suites": ["nope"], "planted": False}, "argument 'suites'"),
                ("compare_attempts", {"attempt_a": attempt, "attempt_b": f"{run_id}/nope"}, "argument 'attempt_b'"),
                # was: a job started, then failed later without naming the argument
                ("run_eval", {"suites": ["mobile-core"], "agent": "hf", "model": str(tmp_path / "no-model")}, "argument 'model'"),
                ("run_eval", {"suites": ["mobile-core"], "agent": "replay", "model": "no-such-run"}, "argument 'model'"),
                ("run_eval", {"suites": ["mobile-core"], "tasks": []}, "argument 'tasks'"),  # was: every task
                # a code-defined suite passes the suite check (was: "unknown suite 'miniwob'"), the task does not
                ("run_eval", {"suites": ["miniwob"], "tasks": ["miniwob/no-such-task"]}, "argument 'tasks'"),
                ("run_eval", {"suites": ["nope"]}, "osworld, synth"),
                ("run_eval", {"suites": ["mobile-core"], "model": "http://127.0.0.1:1/v1"}, "not --agent reference")):
            result = await client.call_tool(name, args)
            assert result.is_error and needle in result.content[0].text, (name, result.content)
        assert time.monotonic() - started < 60
        unknown = await client.call_tool("job_status", {"job_id": "job-1"})
        assert unknown.is_error and "known: none" in unknown.content[0].text  # no refused call started a job
        assert not (await client.call_tool("list_suites", {})).is_error
    assert not (tmp_path / "synth").exists()


async def test_an_env_failure_reaches_the_agent_with_its_kind_and_the_way_out(runs_root):
    """A crashed page behind a session is reported as its env_error (not a bare "Error executing tool"); env_reset
    recovers; then calls sent together on the session (:func:`_calls_sent_together`)."""
    server = build_server(str(runs_root))
    try:
        async with Client(server) as client:
            sid = (await client.call_tool("env_open", {})).structured_content["session_id"]
            env = server.sessions._get(sid)
            _, hosted = env.manager.hosted(env.lease)
            env._sync(hosted.page.close())  # the page dies under the session, as a crashed renderer's does
            failed = await client.call_tool("env_step", {"session_id": sid, "actions": [{"type": "open", "app": "contacts"}]})
            assert failed.is_error and "env_error[" in failed.content[0].text and "env_reset" in failed.content[0].text
            assert "reset()" not in failed.content[0].text  # the session's Python advice is worded as the tool here
            lost = await client.call_tool("env_observe", {"session_id": sid})  # not a silent new episode
            assert lost.is_error and "an earlier step failed" in lost.content[0].text, lost.content
            assert (await client.call_tool("env_reset", {"session_id": sid})).structured_content["screen"] == "launcher"
            again = await client.call_tool("env_step", {"session_id": sid, "actions": [{"type": "open", "app": "contacts"}]})
            assert not again.is_error and again.structured_content["screen"] == "app:contacts"
            await _calls_sent_together(client, server, sid)  # here, not in a test of its own: it needs a session's Chromium
    finally:
        server.sessions.close_all()


async def _calls_sent_together(client: Client, server, sid: str) -> None:
    """Calls sent together on one session (an MCP client may send several at once) run in turn, each reply whole; a
    call that waited while the session was closed is refused naming session_id; env_open past the session limit names
    the open sessions."""
    steps = await asyncio.gather(*[client.call_tool("env_step", {"session_id": sid, "actions": [{"type": "wait"}]})
                                   for _ in range(2)])
    assert sorted(r.structured_content["step"] for r in steps) == [2, 3]
    # a step and a reset together: the step count the session reports afterwards agrees with its screen
    await asyncio.gather(client.call_tool("env_step", {"session_id": sid, "actions": [{"type": "open", "app": "notes"}]}),
                         client.call_tool("env_reset", {"session_id": sid}))
    seen = (await client.call_tool("env_observe", {"session_id": sid})).structured_content
    assert (seen["screen"], seen["step"]) in {("launcher", 0), ("app:notes", 1)}, seen
    # the session limit reached: the refusal names the open sessions (one opened by a call its client gave up on
    # has an id nobody was told, and env_close needs it)
    limit, server.sessions.limit = server.sessions.limit, 1
    full = await client.call_tool("env_open", {})
    server.sessions.limit = limit
    assert full.is_error and f"too many open sessions (1): {sid} (free phone); close one" in full.content[0].text, full.content
    # steps with a close among them: one that ran first returns its screen, one that waited is refused naming
    # session_id (a step just before the close failed as a bare "'s1'": the close had dropped its step count)
    *stepped, closed = await asyncio.gather(
        *[client.call_tool("env_step", {"session_id": sid, "actions": [{"type": "wait"}]}) for _ in range(2)],
        client.call_tool("env_close", {"session_id": sid}))
    assert closed.structured_content == {"closed": True}
    for reply in stepped:
        if reply.is_error:
            text = reply.content[0].text
            assert "argument 'session_id'" in text and f"'{sid}'" in text and "closed" in text, text
        else:
            assert reply.structured_content["session_id"] == sid and reply.structured_content["step"] >= 1
    gone = await client.call_tool("env_observe", {"session_id": sid})
    assert gone.is_error and "no open session" in gone.content[0].text


async def test_an_unforeseen_failure_reaches_the_agent_with_its_type_and_text(runs_root, monkeypatch):
    """A toolkit function that raises something no handler expects (a stand-in for a bug: ``api.list_suites``
    replaced by one raising RuntimeError) is an error result with its type and text, and the server keeps serving."""
    from toolkit import api

    server = build_server(str(runs_root))

    def broken():
        raise RuntimeError("the suite index is corrupt")

    async with Client(server) as client:
        monkeypatch.setattr(api, "list_suites", broken)
        result = await client.call_tool("list_suites", {})
        assert result.is_error and "internal error (RuntimeError): the suite index is corrupt" in result.content[0].text
        monkeypatch.undo()
        assert not (await client.call_tool("list_suites", {})).is_error
