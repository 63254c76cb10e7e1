"""Fleet status: the recorder's time series, the run's fleet log, ``guigym fleet --json`` and the FleetWidget."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from tests.conftest import requires_chromium
from toolkit.envs.base import EnvError
from toolkit.envs.fleet import FLEET, FleetSample, FleetStats, FleetStatus, PoolCounts, fleet_status, read_fleet
from toolkit.evaluation import evaluate_async
from toolkit.tasks import load_suite, sample

TASKS = ["contacts.unfavorite", "messages.pin"]


class _Pools:
    """A fake fleet: two nodes, one device; the test moves instances between states."""

    def __init__(self):
        self.nodes = {"n1": PoolCounts(instances=2, available=2), "n2": PoolCounts(instances=1, available=1)}

    def __call__(self):
        total = PoolCounts(instances=sum(c.instances for c in self.nodes.values()),
                           available=sum(c.available for c in self.nodes.values()),
                           leased=sum(c.leased for c in self.nodes.values()), failed=sum(c.failed for c in self.nodes.values()))
        return {"phone": total}, {k: c.model_copy() for k, c in self.nodes.items()}


def test_recorder_samples_counts_and_writes_the_log(tmp_path):
    pools = _Pools()
    stats = FleetStats(pools, backend="ray", interval_s=3600)
    stats.attach(tmp_path / FLEET, run_id="r1")  # writes the first sample
    pools.nodes["n1"] = PoolCounts(instances=2, available=0, leased=2)
    for _ in range(4):
        stats.record("step", "phone", "n1")
    stats.record("reset", "phone", "n1")
    stats.record("attempt", "phone", "n1")
    assert len(stats.samples) == 1  # ordinary events are throttled by interval_s
    pools.nodes["n2"] = PoolCounts(instances=1, failed=1, alive=False)
    stats.failure("host_lost", "step", "phone", "n2")  # a failure always samples
    assert len(stats.samples) == 2
    s = stats.samples[-1]
    assert (s.instances, s.available, s.leased, s.failed, s.active_leases) == (3, 0, 2, 1, 2)
    assert (s.steps, s.resets, s.attempts, s.failures) == (4, 1, 1, {"host_lost": 1})
    assert s.nodes["n1"].steps == 4 and s.nodes["n1"].attempts == 1 and s.nodes["n2"].failures == 1
    assert not s.nodes["n2"].alive and s.devices["phone"].steps == 4 and s.steps_per_s > 0 and s.attempts_per_min > 0
    stats.close()
    stats.record("step", "phone", "n1")  # counted, but the log is closed with a final sample
    assert stats.samples[-1].final and stats.totals["steps"] == 5

    # The log reads back (a torn last line is skipped) into the same series and totals.
    with open(tmp_path / FLEET, "a") as f:
        f.write('{"t": 1, "elapsed')
    back = read_fleet(tmp_path / FLEET)
    assert [x.model_dump() for x in back] == [x.model_dump() for x in stats.samples]
    status = FleetStatus.from_samples(back, run_id="r1")
    assert status.finished and status.backend == "ray" and status.nodes == ["n1", "n2"] and status.devices == ["phone"]
    assert (status.steps, status.attempts, status.failures, status.peak_leases) == (4, 1, {"host_lost": 1}, 2)
    assert len(FleetStatus.from_samples(back, limit=1).samples) == 1

    # A resumed run appends a second session (its own recorder, counters from zero): the totals add up.
    again = FleetStats(pools, backend="ray", interval_s=3600)
    again.attach(tmp_path / FLEET, run_id="r1")
    again.record("step", "phone", "n1")
    again.failure("timeout", "step", "phone", "n1")
    again.close()
    both = FleetStatus.from_samples(read_fleet(tmp_path / FLEET))
    assert (both.steps, both.attempts, both.failures) == (5, 1, {"host_lost": 1, "timeout": 1}) and both.finished
    assert both.duration_s >= status.duration_s and both.started_at == status.started_at


def test_a_damaged_line_inside_the_log_is_reported_and_a_torn_tail_is_cut_by_the_next_session(tmp_path):
    """Only a torn last line is a write in progress; a damaged line inside the log (a bad byte, a hand edit) was
    skipped as silently, and a session attached after a killed one glued its first sample to the torn line."""
    stats = FleetStats(_Pools(), interval_s=0)
    stats.attach(tmp_path / FLEET, run_id="r1")
    stats.failure("timeout", "step", "phone", "n1")
    with open(tmp_path / FLEET, "a") as f:
        f.write('{"t": 1, "elapsed')  # the process was killed mid-write
    again = FleetStats(_Pools(), interval_s=0)
    again.attach(tmp_path / FLEET, run_id="r1")  # a resumed run: the torn line is cut, not glued to
    again.close()
    assert len(read_fleet(tmp_path / FLEET)) == 4

    lines = (tmp_path / FLEET).read_text().splitlines(keepends=True)
    (tmp_path / FLEET).write_text("".join([lines[0], '{"t": 1, "ela\n', *lines[1:]]))
    with pytest.warns(UserWarning, match=rf"{FLEET} line 2: not a JSON object, skipped"):
        assert len(read_fleet(tmp_path / FLEET)) == 4
    (tmp_path / FLEET).write_text("".join([lines[0], lines[1].replace('"resets":0', '"resets":"many"'), *lines[2:]]))
    with pytest.raises(ValueError, match=rf"{FLEET} line 2: field 'resets': Input should be a valid integer"):
        read_fleet(tmp_path / FLEET)


def test_a_run_stopped_before_its_final_sample_is_told_from_one_in_progress(tmp_path):
    """A run killed midway never writes its final sample: ``guigym fleet`` called it "in progress" for ever. The
    run's writer lock tells the two apart (unknown for a run written before the lock: "in progress", as before)."""
    from click.testing import CliRunner

    from toolkit.cli.main import cli
    from toolkit.store import RunStore
    from toolkit.store.lock import writing

    store = RunStore.create({"agent": "x"}, root=tmp_path, run_id="r")
    stats = FleetStats(_Pools(), interval_s=0)
    stats.attach(store.dir / FLEET, run_id="r")

    def state():
        status = fleet_status("r", tmp_path)
        out = CliRunner().invoke(cli, ["fleet", "--runs", str(tmp_path), "--run", "r"]).output
        return status.writing, out.splitlines()[0].split(" · ")[2]

    assert state() == (None, "in progress")  # no lock file: cannot tell
    with writing(store.dir, "r"):
        assert state() == (True, "in progress")
    assert state() == (False, "stopped before it finished (resume it to finish)")
    stats.close()
    assert state() == (False, "finished")


def test_a_node_that_disappears_keeps_its_record_and_rates_use_the_window():
    pools = _Pools()
    stats = FleetStats(pools, interval_s=0, window_s=0.5)
    stats.record("step", "phone", "n2")
    del pools.nodes["n2"]
    s = stats.sample()
    assert not s.nodes["n2"].alive and s.nodes["n2"].steps == 1 and s.nodes["n2"].instances == 0
    time.sleep(0.6)
    quiet = stats.sample()
    assert quiet.steps_per_s < s.steps_per_s or s.steps_per_s == 0


def test_fleet_status_errors_name_the_argument(tmp_path):
    with pytest.raises(FileNotFoundError, match="no run with a fleet log"):
        fleet_status(root=tmp_path)
    with pytest.raises(FileNotFoundError, match="run_id"):
        fleet_status("nope", tmp_path)
    with pytest.raises(ValueError, match="limit"):
        fleet_status("nope", tmp_path, limit=0)
    # True was read as 1 sample, 2.0 failed in a slice, 10**9 was taken (the MCP and API bound is 600)
    for bad, shown in ((True, "bool True"), (False, "bool False"), (2.0, "float 2.0"), (601, "601"), ("3", "str '3'")):
        with pytest.raises(ValueError, match=rf"^argument 'limit': must be a whole number from 1 to 600, got {shown}$"):
            fleet_status("nope", tmp_path, limit=bad)
        with pytest.raises(ValueError, match=rf"^argument 'limit': must be a whole number from 1 to 600, got {shown}$"):
            FleetStatus.from_samples([], limit=bad)
    with pytest.raises(TypeError, match=r"argument 'run_id': a run id, a run folder's path, .*got int"):
        fleet_status(7, tmp_path)  # was read as the run id '7'


def test_fleet_widget_and_fleet_status_take_an_eval_result_or_store_and_name_what_they_refuse(tmp_path):
    """FleetWidget(result) turned the EvalResult into a run id with str(): 'File name too long' quoting its repr; an
    EvalResult or RunStore now stands for its run, and an env session that has no phone yet is named."""
    pytest.importorskip("plotly")
    from toolkit import make_env
    from toolkit.evaluation import load_result
    from toolkit.store import RunStore
    from toolkit.widgets import FleetWidget

    result = load_result(RunStore.create({"purpose": "eval"}, root=tmp_path))
    for source in (result, result.store):
        with pytest.raises(FileNotFoundError, match=rf"run {result.run_id} has no fleet log"):
            FleetWidget(source)
        with pytest.raises(FileNotFoundError, match=rf"run {result.run_id} has no fleet log"):
            fleet_status(source)
    env = make_env("mobile-core/contacts.block")
    with pytest.raises(ValueError, match=r"FleetWidget: this env session has no phone yet \(call reset\(\) first\)"):
        FleetWidget(env)
    env.close()
    with pytest.raises(ValueError, match=r"FleetWidget: this env session is closed"):
        FleetWidget(env)  # it said to call reset(), which a closed session refuses


@pytest.fixture(scope="module")
async def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    return await evaluate_async(["mobile-core"], "reference", tasks=TASKS, parallel=2, out=root)


@requires_chromium
async def test_a_run_writes_its_fleet_log(run):
    samples = read_fleet(run.store.dir / FLEET)
    assert len(samples) >= 2 and samples[-1].final and not any(s.final for s in samples[:-1])
    last = samples[-1]
    assert last.backend == "local" and last.attempts == len(TASKS) and last.steps == int(run.attempts["steps"].sum())
    assert last.devices["phone"].instances >= 1 and last.nodes["local"].attempts == len(TASKS) and last.failures == {}
    assert max(s.active_leases for s in samples) <= 2 and all(s.t >= samples[0].t for s in samples)


@requires_chromium
def test_guigym_fleet_json_on_a_finished_run(run):
    root = str(run.store.dir.parent)
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "fleet", "--runs", root, "--run", run.run_id, "--json",
                          "--rows", "3"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    obj = json.loads(res.stdout.strip().splitlines()[-1])
    assert obj["run_id"] == run.run_id and obj["finished"] and obj["backend"] == "local"
    assert obj["attempts"] == len(TASKS) and obj["steps"] > 0 and obj["failures"] == {}
    assert obj["latest"]["devices"]["phone"]["attempts"] == len(TASKS) and 2 <= len(obj["samples"]) <= 3
    assert "over time" in res.stderr and "node local" in res.stderr  # the tables go to stderr with --json
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    plain = CliRunner().invoke(cli, ["fleet", "--runs", root])  # the newest run with a fleet log
    assert plain.exit_code == 0 and run.run_id in plain.output and "device phone" in plain.output
    bad = CliRunner().invoke(cli, ["fleet", "--runs", root, "--run", "nope"])
    assert bad.exit_code != 0 and "no run 'nope'" in bad.output


@requires_chromium
def test_fleet_widget_builds_figures(run):
    pytest.importorskip("plotly")
    pytest.importorskip("ipywidgets")
    from toolkit.widgets import FleetWidget, fleet_figures

    widget = FleetWidget(run.run_id, root=str(run.store.dir.parent))
    assert set(widget.figures) == {"availability", "leases", "failures", "throughput"}
    assert widget.status.attempts == len(TASKS) and "phone" in widget.summary_html()
    assert all(len(f.data) >= 1 for k, f in widget.figures.items() if k != "failures")
    assert widget.widget().children  # the ipywidgets box builds (charts render in a kernel)
    # Ray mode: one line per node, a lost node included.
    t0 = time.time()
    samples = [FleetSample(t=t0 + i, elapsed_s=float(i), backend="ray", steps=3 * i, attempts=i, failures={"host_lost": int(i > 1)},
                           nodes={"node_a": PoolCounts(instances=1, available=1, steps=2 * i),
                                  "node_b": PoolCounts(instances=1, failed=int(i > 1), alive=i <= 1, steps=i)})
               for i in range(4)]
    figs = fleet_figures(FleetStatus.from_samples(samples, run_id="x"))
    names = {tr.name for tr in figs["availability"].data}
    assert {"node_a available", "node_b available", "node_b failed"} <= names
    assert {tr.name for tr in figs["leases"].data} == {"node_a", "node_b"}
    assert "host_lost" in {tr.name for tr in figs["failures"].data}
    assert {"node_a steps/s", "node_b steps/s"} <= {tr.name for tr in figs["throughput"].data}
    assert FleetWidget(FleetStatus.from_samples(samples)).status.backend == "ray"
    # names are text in the summary's HTML, not markup
    hostile = [s.model_copy(update={"nodes": {"<b>n</b>": PoolCounts()}}) for s in samples]
    html = FleetWidget(FleetStatus.from_samples(hostile, run_id="r<i>")).summary_html()
    assert "<td>&lt;b&gt;n&lt;/b&gt;</td>" in html and "run r&lt;i&gt;" in html and "<b>" not in html


@requires_chromium
async def test_manager_fleet_counts_failures_by_kind(answers_manager, demo_bank):
    [spec] = load_suite("demo", root=demo_bank)
    inst = sample(spec, 1)
    before = answers_manager.fleet().failures.get("crash", 0)
    [lease] = await answers_manager.request(spec)
    await answers_manager.reset(lease, inst)
    _, hosted = answers_manager.hosted(lease)
    await hosted.page.close()
    with pytest.raises(EnvError):
        await answers_manager.step(lease, [{"type": "wait"}], "after-crash")
    await answers_manager.release(lease)
    status = answers_manager.fleet()
    assert status.failures["crash"] == before + 1 and status.latest.failed >= 1 and status.latest.resets >= 1
