"""The notebook API (``toolkit.<name>``) and its front ends: what a researcher sees and the errors a bad output folder
gets (no Chromium: every refusal comes before a browser starts)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import toolkit
from toolkit import api
from toolkit.store import RunStore


def test_list_runs_is_a_list_newest_first_that_a_notebook_shows(tmp_path):
    """toolkit.list_runs() was a generator: a notebook cell showed "<generator object list_runs at 0x...>", and len()
    or [0] failed."""
    old = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="20260101-old")
    new = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="20260102-new")
    runs = toolkit.list_runs(tmp_path)
    assert isinstance(runs, list) and [r.run_id for r in runs] == [new.run_id, old.run_id]
    assert repr(runs[0]) == f"RunStore({str(new.dir)!r})"
    assert toolkit.list_runs(tmp_path / "none-yet") == []


@pytest.fixture
def blocker(tmp_path):
    """A file where an output folder is expected."""
    path = tmp_path / "a-file"
    path.write_text("x")
    return path


def test_evaluate_refuses_a_file_as_out_naming_it_before_any_work(blocker):
    """evaluate(out=<a file>) ended in a bare "NotADirectoryError: [Errno 20] Not a directory: '.../trajectories'"
    once the run folder was being made; now it is refused up front, naming the path and what is expected."""
    with pytest.raises(ValueError, match=rf"^argument 'out': {re.escape(str(blocker))} is a file; expected a folder "
                                         r"for runs \(made when missing\)$"):
        toolkit.evaluate(["mobile-core"], "reference", tasks=["contacts.edit_phone"], out=blocker)
    with pytest.raises(ValueError, match=rf"^argument 'out': {re.escape(str(blocker / 'runs'))}: cannot create this "
                                         rf"folder: {re.escape(str(blocker))} is a file; expected a folder for runs$"):
        toolkit.evaluate(["mobile-core"], "reference", tasks=["contacts.edit_phone"], out=blocker / "runs")
    assert blocker.read_text() == "x"


def test_the_eval_job_the_mcp_server_and_the_cli_refuse_it_with_the_same_check(blocker):
    """run_eval (the MCP tool's call) started a job that failed on the file; the MCP server took a file as its runs
    folder. `guigym eval --out <below a file>` goes through the same check (it said "(Not a directory)")."""
    from toolkit.api import jobs
    from toolkit.cli.main import cli

    before = dict(jobs._jobs)
    with pytest.raises(ValueError, match=rf"^argument 'out': {re.escape(str(blocker))} is a file; expected a folder"):
        api.run_eval(["mobile-core"], tasks=["contacts.edit_phone"], out=str(blocker))
    assert jobs._jobs == before  # refused before a job started
    res = CliRunner().invoke(cli, ["eval", "--tasks", "contacts.edit_phone", "--out", str(blocker / "runs")])
    said = f"--out {blocker / 'runs'}: cannot create this folder: {blocker} is a file; expected a folder for the output"
    assert res.exit_code == 1 and said in res.output, res.output
    pytest.importorskip("mcp")
    from mcp_server import build_server

    with pytest.raises(ValueError, match=rf"^argument 'runs_root': {re.escape(str(blocker))} is a file"):
        build_server(str(blocker))
    with pytest.raises(ValueError, match=rf"^argument 'checkpoints_root': {re.escape(str(blocker))} is a file"):
        build_server(checkpoints_root=str(blocker))


def test_a_task_id_or_persona_of_another_type_is_refused_naming_it_and_one_id_is_one_task():
    """toolkit.load_tasks("mobile-core", "contacts.edit_phone") took the id letter by letter ("unknown task id(s)
    ['.', '_', 'a', ...]"); a task id that is no string (run_eval(tasks=[3]), show_task(3)) failed as "argument of type
    'int' is not iterable"; synth_world(persona=True) built persona 1's world."""
    [spec] = toolkit.load_tasks("mobile-core", "contacts.edit_phone")
    assert spec.full_id == "mobile-core/contacts.edit_phone"
    with pytest.raises(ValueError, match=r"^task ids are '<suite>/<id>' or an id, as strings; got None$"):
        toolkit.load_tasks("mobile-core", [None])
    with pytest.raises(ValueError, match=r"^argument 'tasks': task ids are '<suite>/<id>' or an id, as strings; got 3$"):
        api.run_eval(["mobile-core"], tasks=[3])
    with pytest.raises(ValueError, match=r"^argument 'task_id': expected '<suite>/<id>' or a task id, got int 3$"):
        api.show_task(3)
    for bad in (True, 1.5):
        with pytest.raises(ValueError, match=rf"^argument 'persona': must be an index of the offline persona pool "
                                             rf"\(a whole number\) or None, got {type(bad).__name__} {bad!r}$"):
            api.synth_world(persona=bad)


def test_a_session_on_a_blank_task_id_is_refused_not_a_free_phone():
    """SessionRegistry.open(task_id="") (the MCP env_open with a blank id) opened a free phone, as if no task had been
    named; the agent then "solved" nothing it could be judged on. Refused before any browser starts."""
    registry = api.SessionRegistry()
    with pytest.raises(ValueError, match=r"^argument 'task_id': expected '<suite>/<id>' or a task id, got ''$"):
        registry.open("")
    assert registry._sessions == {}
