"""list_tasks, list_runs, task_results, diagnose_run and env_state keep their replies small enough for a coding agent's
context: list_tasks, list_runs and task_results page (list_tasks filters too), diagnose_run lists a few findings of
each kind, env_state selects a path and cuts what exceeds max_chars; all over the real server and the in-process
transport.

Sizes are bounds on the reply's JSON text (its content, not timing)."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import requires_chromium

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402
from toolkit import api  # noqa: E402
from toolkit.api.sessions import bounded, select_path  # noqa: E402
from toolkit.tasks import SpecError, list_suites, load_tasks  # noqa: E402

PAGE_BYTES = 20_000  # a default list_tasks page (50 tasks) is about 10 KB; every task at once was about 105 KB
VERDICT_SLACK = 3_000  # env_state's fields besides the bounded state: session id, sizes, the task's verdict


def _text(result) -> str:
    assert not result.is_error, result.content
    [content] = result.content
    return content.text


async def _error(client: Client, name: str, args: dict) -> str:
    result = await client.call_tool(name, args)
    assert result.is_error, (name, args, result.content)
    return result.content[0].text


# -- list_tasks -----------------------------------------------------------------------------------------------------


async def test_list_tasks_default_is_one_small_page_and_paging_visits_every_task_once(tmp_path):
    every = []  # every suite that loads here, the external benchmarks too (osworld needs its task folder)
    for name in list_suites(include_code=True):
        try:
            every += [s.full_id for s in load_tasks([name])]
        except SpecError:
            continue
    assert any(t.startswith("miniwob/") for t in every) or "miniwob" not in list_suites(include_code=True)
    assert len(every) > api.TASK_PAGE_DEFAULT  # else there would be nothing to page
    async with Client(build_server(str(tmp_path))) as client:
        first = await client.call_tool("list_tasks", {})
        text = _text(first)
        assert len(text.encode()) < PAGE_BYTES
        page = json.loads(text)
        assert page == first.structured_content
        assert page["total"] == len(every) and page["offset"] == 0 and page["limit"] == api.TASK_PAGE_DEFAULT
        assert len(page["tasks"]) == api.TASK_PAGE_DEFAULT and page["next_offset"] == api.TASK_PAGE_DEFAULT
        seen, offset, pages = [], 0, 0
        while offset is not None:
            result = await client.call_tool("list_tasks", {"offset": offset})
            assert len(_text(result).encode()) < PAGE_BYTES
            page = result.structured_content
            assert page["total"] == len(every) and page["offset"] == offset
            seen += [t["id"] for t in page["tasks"]]
            offset, pages = page["next_offset"], pages + 1
        assert seen == every  # each task exactly once, in order
        assert pages == -(-len(every) // api.TASK_PAGE_DEFAULT)
        # an offset at the end: an empty last page
        end = (await client.call_tool("list_tasks", {"offset": len(every)})).structured_content
        assert end["tasks"] == [] and end["next_offset"] is None and end["total"] == len(every)


async def test_list_tasks_filters(tmp_path):
    specs = load_tasks(list_suites())
    core = load_tasks(["mobile-core"])

    async def ids(client, **args) -> list[str]:
        page = (await client.call_tool("list_tasks", {**args, "limit": api.TASK_PAGE_MAX})).structured_content
        assert page["total"] == len(page["tasks"]) and page["next_offset"] is None
        return [t["id"] for t in page["tasks"]]

    async with Client(build_server(str(tmp_path))) as client:
        assert await ids(client, suite="mobile-core") == [s.full_id for s in core]
        assert await ids(client, app="messages") == [s.full_id for s in specs if "messages" in s.apps]  # every suite
        contacts = [s.full_id for s in core if "contacts" in s.apps]
        assert contacts and await ids(client, suite="mobile-core", app="CONTACTS") == contacts  # case-insensitive
        assert await ids(client, suite="mobile-core", tag="search") == [s.full_id for s in core if "search" in s.tags]
        both = await ids(client, suite="mobile-core", app="contacts", tag="form-filling")
        assert both and both == [s.full_id for s in core if "contacts" in s.apps and "form-filling" in s.tags]
        assert await ids(client, suite="mobile-core", query="ADD_NOTE") == ["mobile-core/contacts.add_note"]
        # the query also searches the instruction: a word of one that is not in its id
        spec, word = next((s, w) for s in core for w in re.findall(r"[a-z]{5,}", s.instruction.lower())
                          if w not in s.full_id.lower())
        found = await ids(client, suite="mobile-core", query=word.upper())
        assert spec.full_id in found
        assert found == [s.full_id for s in core if word in s.full_id.lower() or word in s.instruction.lower()]
        assert await ids(client, suite="mobile-core", query="no task says this") == []
        page = (await client.call_tool("list_tasks", {"suite": "mobile-core", "app": "contacts", "limit": 2,
                                                      "offset": 2})).structured_content
        assert page["total"] == len(contacts) and [t["id"] for t in page["tasks"]] == contacts[2:4]
        assert page["next_offset"] == (4 if len(contacts) > 4 else None)
    # the Python function still returns every matching task (the CLI and notebooks page nothing)
    assert [t.id for t in api.list_tasks("mobile-core", app="contacts")] == contacts


async def test_list_tasks_refuses_bad_arguments_naming_them(tmp_path):
    async with Client(build_server(str(tmp_path))) as client:
        schema = next(t for t in (await client.list_tools()).tools if t.name == "list_tasks").input_schema
        assert schema["additionalProperties"] is False
        assert schema["properties"]["offset"]["minimum"] == 0
        assert schema["properties"]["limit"]["minimum"] == 1 and schema["properties"]["limit"]["maximum"] == api.TASK_PAGE_MAX
        for args, needle in (({"offset": -1}, "offset"), ({"limit": 0}, "limit"), ({"limit": api.TASK_PAGE_MAX + 1}, "limit"),
                             ({"suite": "mobile-core", "offset": 10**6}, "argument 'offset'"),  # past the end
                             ({"suite": "mobile-core", "tag": "serch"}, "argument 'tag'"),
                             ({"suite": "nope"}, "argument 'suite'"), ({"page": 2}, "page"),
                             ({"suite": ""}, "argument 'suite': a blank name names no suite")):  # was every suite
            assert needle in await _error(client, "list_tasks", args), args
        known = await _error(client, "list_tasks", {"suite": "mobile-core", "app": "mesages"})
        assert "argument 'app'" in known and "messages" in known  # the known apps are listed
    with pytest.raises(ValueError, match="argument 'limit'"):
        api.task_page(limit=0)


# -- list_runs ------------------------------------------------------------------------------------------------------


async def test_list_runs_pages_the_runs_newest_first(tmp_path):
    """list_runs replied with every stored run (about 250 chars each, indented, one text block per run): a researcher's
    runs folder of a few hundred runs filled an agent's context. It now pages them as list_tasks does."""
    from toolkit.store import RunStore

    ids = [RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id=f"2026010{i}-r").run_id for i in range(1, 6)]
    async with Client(build_server(str(tmp_path))) as client:
        first = await client.call_tool("list_runs", {"limit": 2})
        page = json.loads(_text(first))  # one compact text block, as structured
        assert page == first.structured_content and page["total"] == 5 and page["next_offset"] == 2
        seen, offset = [], 0
        while offset is not None:
            page = (await client.call_tool("list_runs", {"offset": offset, "limit": 2})).structured_content
            seen += [r["run_id"] for r in page["runs"]]
            offset = page["next_offset"]
        assert seen == ids[::-1]  # newest first, each once
        default = (await client.call_tool("list_runs", {})).structured_content
        assert default["limit"] == api.RUN_PAGE_DEFAULT and len(default["runs"]) == 5 and default["next_offset"] is None
        for args, needle in (({"limit": api.RUN_PAGE_MAX + 1}, "argument 'limit'"), ({"offset": -1}, "argument 'offset'"),
                             ({"offset": 6}, "argument 'offset': 6 is past the end: 5 run(s)")):
            assert needle in await _error(client, "list_runs", args), args
    assert len(api.list_runs_info(str(tmp_path))) == 5  # the Python function still returns every run


async def test_task_results_pages_a_runs_tasks(tmp_path):
    """task_results replied with a row per task of the run (a full mobile run: 257 rows, one indented text block
    each); it now pages them by task id as list_tasks does."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="20260101-r")
    names = [f"t{i}" for i in range(5)]
    for name in names:
        add_attempt(store, name, 0, "success" if name != "t3" else "failure", plan())
    async with Client(build_server(str(tmp_path))) as client:
        seen, offset = [], 0
        while offset is not None:
            reply = await client.call_tool("task_results", {"run_id": store.run_id, "offset": offset, "limit": 2})
            page = json.loads(_text(reply))
            assert page == reply.structured_content and page["total"] == 5 and len(page["tasks"]) <= 2
            seen += [(r["task_id"], r["SR"]) for r in page["tasks"]]
            offset = page["next_offset"]
        assert seen == [(f"s/{n}", 0.0 if n == "t3" else 1.0) for n in names]
        default = (await client.call_tool("task_results", {"run_id": store.run_id})).structured_content
        assert default["limit"] == api.RESULT_PAGE_DEFAULT and len(default["tasks"]) == 5 and default["next_offset"] is None
        for args, needle in (({"limit": api.RESULT_PAGE_MAX + 1}, "argument 'limit'"), ({"offset": 6}, "past the end"),
                             ({"run_id": "nope"}, "argument 'run_id'")):
            assert needle in await _error(client, "task_results", {"run_id": store.run_id, **args}), args


async def test_diagnose_run_replies_with_bounded_lists_and_names_what_it_cut(tmp_path):
    """diagnose_run listed every finding: 141 KB of text for 74 attempts of a random agent. It now lists the first
    `examples` findings of each kind and `rates` rows of each rate table, and `cut` gives each shortened list's length."""
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="20260101-r")
    for name, tags in (("a", ("toggle", "search")), ("b", ("edit",)), ("c", ("toggle",))):
        add_attempt(store, name, 0, "failure", plan(last="click"), tags=tags)
        add_attempt(store, name, 1, "success", plan(), tags=tags)
    for trial in (0, 1):
        add_attempt(store, "d", trial, "verifier_error", plan(), verifier_error="boom")
    whole = api.diagnose_run(store.run_id, str(tmp_path))
    assert whole.cut == {} and len(whole.divergences) == 3  # the Python call (and the CLI's --out) stays whole
    assert len(whole.trajectories["verifier_errors"]) == 2 and len(whole.by_criterion) > 1
    async with Client(build_server(str(tmp_path))) as client:
        reply = await client.call_tool("diagnose_run", {"run_id": store.run_id, "examples": 1, "rates": 1})
        report = json.loads(_text(reply))
        assert report == reply.structured_content
        assert report["cut"] == {"divergences": 3, "trajectories.verifier_errors": 2, "by_tag": len(whole.by_tag),
                                 "by_criterion": len(whole.by_criterion)}
        assert report["divergences"] == [whole.divergences[0].model_dump()] and len(report["by_tag"]) == 1
        assert report["by_criterion"][0] == whole.by_criterion[0].model_dump()  # the worst rate is the one kept
        assert report["weak_capabilities"] == whole.weak_capabilities and report["action_counts"] == whole.action_counts
        default = (await client.call_tool("diagnose_run", {"run_id": store.run_id})).structured_content
        assert default["cut"] == {} and len(default["divergences"]) == 3  # within the defaults: whole
        for args, needle in (({"examples": 101}, "argument 'examples': must be at most 100"),
                             ({"rates": 0}, "argument 'rates': must be at least 1")):
            assert needle in await _error(client, "diagnose_run", {"run_id": store.run_id, **args}), args


# -- env_state ------------------------------------------------------------------------------------------------------


def test_select_path_and_bounded_without_a_browser():
    state = {"os": {"screen": "launcher"}, "apps": {"notes": {"data": {"notes": [{"id": "n1", "body": "x" * 5000}]}}}}
    assert select_path(state, None) is state and select_path(state, "") is state
    assert select_path(state, "apps.notes.data.notes.0.id") == "n1"
    for path, needle in (("apps.note", "no key 'note' at 'apps'; keys there: notes"),
                         ("nope", "no key 'nope' at the top level; keys there: os, apps"),
                         ("apps.notes.data.notes.3", "'3' at 'apps.notes.data.notes': a list of 1 item(s) there, give an index 0–0"),
                         ("os.screen.x", "it is a string"), ("apps..notes", "empty segment")):
        with pytest.raises(ValueError, match="argument 'path'") as caught:
            select_path(state, path)
        assert needle in str(caught.value), (path, caught.value)
    small = bounded(state["os"], "os", 1000)
    assert small == {"chars": len(json.dumps(state["os"], separators=(",", ":"))), "truncated": False, "state": state["os"]}
    cut = bounded(state, None, 1000)
    assert cut["truncated"] and cut["keys"] == {"os": 21, "apps": cut["chars"] - 21 - len('{"os":,"apps":}')}
    assert "[truncated:" in cut["state"] and "path='<key>'" in cut["hint"]
    assert len(json.dumps({k: cut[k] for k in ("state", "keys", "hint")}, separators=(",", ":"), ensure_ascii=False)) <= 1000 + 50
    listed = bounded(state["apps"]["notes"]["data"]["notes"], "apps.notes.data.notes", 1000)
    assert listed["keys"] == {"0": listed["chars"] - 2} and "path='apps.notes.data.notes.<index>' (0–0" in listed["hint"]


@requires_chromium
async def test_env_state_selects_a_path_and_cuts_a_long_state_with_a_marker(tmp_path):
    task_id = load_tasks(["mobile-core"])[0].full_id
    server = build_server(str(tmp_path))
    try:
        async with Client(server) as client:
            sid = (await client.call_tool("env_open", {"task_id": task_id})).structured_content["session_id"]
            full = server.sessions._get(sid).state()
            # the default call: the whole state is over 20,000 chars, so it is cut, with its top-level keys and sizes
            default = await client.call_tool("env_state", {"session_id": sid})
            text = _text(default)
            assert len(text.encode()) < api.STATE_MAX_CHARS + VERDICT_SLACK
            reply = json.loads(text)
            assert reply == default.structured_content
            assert reply["truncated"] and reply["path"] is None and reply["chars"] > api.STATE_MAX_CHARS
            assert isinstance(reply["state"], str) and reply["state"].startswith('{"os":')
            assert reply["state"].endswith(f"of {reply['chars']} chars shown; see hint]") and "…[truncated: " in reply["state"]
            assert set(reply["keys"]) == set(full) and reply["keys"]["apps"] > reply["keys"]["os"]
            assert "path=" in reply["hint"] and reply["verdict"]["task_id"] == task_id
            # a path selects a part, whole when it fits
            part = (await client.call_tool("env_state", {"session_id": sid, "path": "apps.messages.data.threads.0"})).structured_content
            assert part["state"] == full["apps"]["messages"]["data"]["threads"][0]
            assert not part["truncated"] and part["keys"] is None and part["path"] == "apps.messages.data.threads.0"
            # a tighter bound cuts a smaller part: its keys are the app ids
            apps = await client.call_tool("env_state", {"session_id": sid, "path": "apps", "max_chars": 2000})
            assert len(_text(apps).encode()) < 2000 + VERDICT_SLACK
            apps = apps.structured_content
            assert apps["truncated"] and set(apps["keys"]) <= set(full["apps"]) and "messages" in apps["keys"]
            assert "path='apps.<key>'" in apps["hint"]
            # a large bound returns the whole state as before
            whole = (await client.call_tool("env_state", {"session_id": sid, "max_chars": api.STATE_MAX_CHARS_LIMIT})).structured_content
            assert whole["state"] == full and not whole["truncated"]
            # bad paths and bounds: errors naming the argument (and the missing segment, with the keys there)
            missing = await _error(client, "env_state", {"session_id": sid, "path": "apps.mesages.data"})
            assert "argument 'path'" in missing and "'mesages'" in missing and "messages" in missing
            index = await _error(client, "env_state", {"session_id": sid, "path": "apps.messages.data.threads.x"})
            assert "argument 'path'" in index and "'x'" in index and "give an index 0–" in index
            for args, needle in (({"max_chars": api.STATE_MAX_CHARS_MIN - 1}, "max_chars"),
                                 ({"max_chars": api.STATE_MAX_CHARS_LIMIT + 1}, "max_chars"), ({"paht": "apps"}, "paht")):
                assert needle in await _error(client, "env_state", {"session_id": sid, **args}), args
            # a free phone has no verdict
            free = (await client.call_tool("env_open", {})).structured_content["session_id"]
            os_state = (await client.call_tool("env_state", {"session_id": free, "path": "os"})).structured_content
            assert os_state["verdict"] is None and os_state["state"]["screen"] == "launcher"
    finally:
        server.sessions.close_all()
