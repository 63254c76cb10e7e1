"""The server reads runs only under its runs folder and synthesized worlds only under its synth folders: a run id
that is a path, or a synth folder elsewhere, is refused naming the argument (in-process transport; no browser)."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from mcp_server import build_server  # noqa: E402
from toolkit.paths import REPO_ROOT, TASK_BANK  # noqa: E402
from toolkit.store import RunStore  # noqa: E402

MANIFEST = {"agent": "reference", "suites": ["mobile-core"], "trials": 1, "seed": 0}


async def _error(client: Client, name: str, args: dict) -> str:
    result = await client.call_tool(name, args)
    assert result.is_error, (name, args, result.content)
    return result.content[0].text


async def test_a_run_id_that_is_a_path_is_refused_for_every_run_argument(tmp_path):
    """run_id '/elsewhere/r1' or '../elsewhere/r1' opened a run outside the runs folder (RunStore.open takes a run
    folder's path, as the CLI wants), and '/etc' was looked into; so did an attempt id's run part, run_eval's resume
    and a replay's model."""
    root, elsewhere = tmp_path / "runs", tmp_path / "elsewhere"
    RunStore.create(MANIFEST, root=root, run_id="mine")
    theirs = RunStore.create(MANIFEST, root=elsewhere, run_id="theirs")
    async with Client(build_server(str(root))) as client:
        assert (await client.call_tool("run_summary", {"run_id": "mine"})).structured_content["run_id"] == "mine"
        for run in (str(theirs.dir), "../elsewhere/theirs", "/etc", "..", "mine/", "a\\b"):
            for tool, args, name in (("run_summary", {"run_id": run}, "run_id"),
                                     ("task_results", {"run_id": run}, "run_id"),
                                     ("diagnose_run", {"run_id": run}, "run_id"),
                                     ("fleet_status", {"run_id": run}, "run_id"),
                                     ("get_attempt", {"attempt_id": "a", "run_id": run}, "run_id"),
                                     ("run_eval", {"suites": ["mobile-core"], "resume": run}, "resume"),
                                     ("run_eval", {"suites": ["mobile-core"], "agent": "replay", "model": run}, "model")):
                text = await _error(client, tool, args)
                assert text == (f"Error executing tool {tool}: argument '{name}': {run!r} is a path; give a run id: the "
                                f"name of a run folder directly under the runs folder {root} (list_runs gives them)"), text
        for tool, name in (("get_attempt", "attempt_id"), ("get_step", "attempt_id"), ("compare_attempts", "attempt_b")):
            args = {"attempt_id": f"{theirs.dir}/a", "step": 0} if tool == "get_step" else \
                {"attempt_a": "mine/a", "attempt_b": "../elsewhere/theirs/a"} if tool == "compare_attempts" else \
                {"attempt_id": f"{theirs.dir}/a"}
            text = await _error(client, tool, args)
            assert f"argument '{name}': its run part " in text and "is a path; give a run id" in text, text
        # a bare id is still looked up under the runs folder, and an unknown one says so
        text = await _error(client, "run_summary", {"run_id": "theirs"})
        assert "argument 'run_id': no run 'theirs'" in text, text
        jobs = await client.call_tool("list_runs", {})
        assert [r["run_id"] for r in jobs.structured_content["runs"]] == ["mine"]


async def test_a_synth_folder_outside_the_allowed_roots_is_refused(tmp_path):
    """synth_tasks wrote worlds to any folder the server could write (`out` /tmp/x, ../../x), and synth_validate read
    any; now both take only folders under the task bank's synth/ or the runs folder, links and '..' resolved."""
    root, elsewhere = tmp_path / "runs", tmp_path / "elsewhere"
    root.mkdir()
    elsewhere.mkdir()
    (root / "link").symlink_to(elsewhere, target_is_directory=True)
    allowed = f"give a folder under {TASK_BANK / 'synth'} or {root}"
    async with Client(build_server(str(root))) as client:
        for out in (str(elsewhere / "synth"), str(root / ".." / "elsewhere"), str(root / "link" / "synth"), "/etc", "/"):
            for tool in ("synth_tasks", "synth_validate"):
                text = await _error(client, tool, {"out": out})
                assert text == (f"Error executing tool {tool}: argument 'out': {out} is outside the folders allowed "
                                f"for synthesized worlds: {allowed}"), text
        assert list(elsewhere.iterdir()) == []  # nothing was written there
        # under the runs folder it is the toolkit's own check that answers (no worlds there yet)
        text = await _error(client, "synth_validate", {"out": str(root / "synth")})
        assert "argument 'out': no synthesized worlds under" in text, text


def _stdio(root, cwd, *options):
    """Parameters serving the MCP server over stdio from the working folder ``cwd`` (with further ``guigym mcp``
    options)."""
    import os
    import sys

    from mcp import StdioServerParameters

    from toolkit.paths import REPO_ROOT

    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return StdioServerParameters(command=sys.executable, args=["-m", "toolkit.cli.main", "mcp", "--runs", str(root), *options],
                                 cwd=str(cwd), env=env)


@pytest.mark.parametrize("transport", ["in-process", "stdio"])
async def test_a_bare_run_id_is_looked_up_under_the_runs_folder_only(tmp_path, monkeypatch, transport):
    """A bare run id was looked up in the server's working folder first: a run folder there of the same name shadowed
    the runs folder's run, and a run only there was served (run_summary, diagnose_run, get_attempt, a replay's model)."""
    root, cwd = tmp_path / "runs", tmp_path / "cwd"
    RunStore.create(MANIFEST, root=root, run_id="both")
    RunStore.create(MANIFEST, root=root, run_id="mine").append_attempt(
        {"attempt_id": "a1", "task_id": "mobile-core/contacts.favorite", "outcome": "success"})
    RunStore.create(MANIFEST, root=cwd, run_id="both").append_attempt(
        {"attempt_id": "shadow", "task_id": "mobile-core/contacts.favorite", "outcome": "failure"})
    RunStore.create(MANIFEST, root=cwd, run_id="cwd-only")
    monkeypatch.chdir(cwd)
    async with Client(build_server(str(root)) if transport == "in-process" else _stdio(root, cwd),
                      read_timeout_seconds=120) as client:
        rows = await client.call_tool("task_results", {"run_id": "both"})
        assert not rows.is_error and rows.structured_content["total"] == 0, rows.content  # the runs folder's: no rows
        for tool, args, name in (("run_summary", {"run_id": "cwd-only"}, "run_id"),
                                 ("diagnose_run", {"run_id": "cwd-only"}, "run_id"),
                                 ("get_attempt", {"attempt_id": "cwd-only/x"}, "attempt_id"),
                                 ("get_step", {"attempt_id": "cwd-only/x", "step": 0}, "attempt_id"),
                                 ("get_attempt", {"attempt_id": "shadow", "run_id": "both"}, "attempt_id"),
                                 ("run_eval", {"suites": ["mobile-core"], "resume": "cwd-only"}, "resume"),
                                 ("run_eval", {"suites": ["mobile-core"], "agent": "replay", "model": "cwd-only"}, "model")):
            text = await _error(client, tool, args)
            assert f"argument '{name}'" in text and str(cwd) not in text, (tool, text)
            assert "cwd-only" not in args.get(name, "") or f"looked for {root / 'cwd-only'}" in text, (tool, text)
        for blank in ("", " "):  # " " was looked up as a folder of that name in the working folder
            text = await _error(client, "run_summary", {"run_id": blank})
            assert text.endswith(f"argument 'run_id': no run {blank!r}: a blank name is no run id; give a run id or a "
                                 "run folder's path"), text
        mine = await client.call_tool("task_results", {"run_id": "mine"})
        assert not mine.is_error and mine.structured_content["total"] == 1, mine.content


@pytest.mark.parametrize("transport", ["in-process", "stdio"])
async def test_a_checkpoint_outside_the_checkpoints_folder_is_refused_and_a_relative_one_is_under_the_checkout(
        tmp_path, monkeypatch, transport):
    """run_eval's hf and hf-tokens agents loaded a checkpoint from any folder the server could read (a job started on
    /elsewhere/ckpt, and '/etc' was probed for config.json); a relative one was looked for in the working folder."""
    import os

    root, checkpoints, cwd = tmp_path / "runs", tmp_path / "checkpoints", tmp_path / "cwd"
    for folder in (root, checkpoints / "real", cwd / "ckpt", tmp_path / "elsewhere" / "ckpt"):
        folder.mkdir(parents=True)
    (cwd / "ckpt" / "config.json").write_text("{}")
    (tmp_path / "elsewhere" / "ckpt" / "config.json").write_text("{}")
    monkeypatch.chdir(cwd)
    allowed = f"is outside the folders allowed for model checkpoints: give a folder under {checkpoints}"
    server = (build_server(str(root), checkpoints_root=str(checkpoints)) if transport == "in-process" else
              _stdio(root, cwd, "--checkpoints", str(checkpoints)))
    async with Client(server, read_timeout_seconds=120) as client:
        for agent in ("hf", "hf-tokens"):
            # "ckpt": the working folder's holds a checkpoint, but a relative folder is under the checkout
            for model in (str(tmp_path / "elsewhere" / "ckpt"), "/etc", str(checkpoints / ".." / "elsewhere" / "ckpt"),
                          "ckpt", "../elsewhere/ckpt"):
                text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": agent, "model": model})
                assert text == f"Error executing tool run_eval: argument 'model': {model} {allowed}", text
            relative = os.path.relpath(checkpoints / "real", REPO_ROOT)
            text = await _error(client, "run_eval", {"suites": ["mobile-core"], "agent": agent, "model": relative})
            assert f"argument 'model': no checkpoint at {REPO_ROOT / relative} " in text, text


@pytest.mark.parametrize("transport", ["in-process", "stdio"])
async def test_a_relative_synth_folder_is_under_the_checkout_not_the_working_folder(tmp_path, monkeypatch, transport):
    """synth_tasks and synth_validate took a relative `out` in the server's working folder: written there when it was
    under a root ('runs/s1' from the runs folder's parent), refused when it was not (the skill's 'task_bank/synth'
    from anywhere but the checkout)."""
    root = tmp_path / "runs"
    (root / "s1").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    async with Client(build_server(str(root)) if transport == "in-process" else _stdio(root, tmp_path),
                      read_timeout_seconds=120) as client:
        for tool in ("synth_validate", "synth_tasks"):
            text = await _error(client, tool, {"out": "runs/s1"})
            assert f"argument 'out': runs/s1 is outside the folders allowed for synthesized worlds" in text, text
        text = await _error(client, "synth_validate", {"out": "task_bank/synth/no-such-world"})
        assert f"argument 'out': no synthesized worlds under {TASK_BANK / 'synth' / 'no-such-world'} " in text, text
