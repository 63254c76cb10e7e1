"""The ``ray`` backend on a real 2-node Ray cluster on loopback: env hosts on both nodes, a lost node's
attempts rerun as env failures (never scored), a lost host replaced on its live node, and the same attempt
table as the local backend."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd
import psutil
import pytest

from tests.conftest import requires_chromium
from toolkit.envs.base import EnvError
from toolkit.envs.fleet import FLEET, fleet_status
from toolkit.evaluation import evaluate_async, load_result
from toolkit.harness import Harness, HarnessConfig, make_policy
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore
from toolkit.tasks import load_tasks, sample

pytest.importorskip("ray")
from toolkit.envs.ray_backend import RayEnvManager

pytestmark = requires_chromium

#: Short reference solutions (4-5 steps), so both nodes get work and the run stays quick.
TASKS = ["contacts.unfavorite", "contacts.block", "contacts.favorite", "messages.pin"]
IGNORED = ["reset_ms", "duration_s", "trajectory", "env_reruns"]
#: Ray rewrites 127.0.0.1 to the machine's outward address; any other 127/8 address stays on loopback.
IP = "127.0.0.2"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LoopbackCluster:
    """A Ray cluster of nodes started with ``ray start`` on loopback, each with its own temp dir and a custom
    resource named after it. Only its own processes are ever stopped (found by temp dir and GCS address)."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.address = f"{IP}:{self.port}"
        self.dirs: dict[str, str] = {}
        # Auth mode is explicit: Ray >= 2.59 turns token auth on for `ray start --head` whenever
        # ~/.ray/auth_token exists (any earlier local ray.init() writes one), but a joining node started
        # with the mode unset sends no token and is refused. A loopback-only cluster needs no token.
        self.env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_memory_monitor_refresh_ms": "0",
                    "RAY_AUTH_MODE": "disabled"}
        local = Path(sys.executable).with_name("ray")
        self.ray = str(local) if local.exists() else shutil.which("ray") or "ray"

    def add_node(self, name: str, head: bool = False) -> None:
        # A short temp dir: Ray's AF_UNIX socket paths live below it (108-byte limit).
        folder = self.dirs[name] = tempfile.mkdtemp(prefix=f"gg-{name}-", dir="/tmp")
        ports = {f"--{k}": str(_free_port()) for k in ("dashboard-agent-listen-port", "dashboard-agent-grpc-port",
                                                         "metrics-export-port", "node-manager-port", "object-manager-port",
                                                         "runtime-env-agent-port")}
        args = [self.ray, "start", f"--node-ip-address={IP}", "--num-cpus=1", "--object-store-memory=100000000",
                f"--resources={json.dumps({name: 1})}", f"--temp-dir={folder}", "--disable-usage-stats",
                *[f"{k}={v}" for k, v in ports.items()]]
        if head:
            args += ["--head", f"--port={self.port}", "--include-dashboard=false", f"--dashboard-port={_free_port()}",
                     f"--ray-client-server-port={_free_port()}",
                     # Declare a silent node dead after ~3 s instead of ~15 s.
                     '--system-config={"health_check_period_ms": 1000, "health_check_failure_threshold": 3}']
        else:
            args += [f"--address={self.address}"]
        done = subprocess.run(args, env=self.env, capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    def processes(self, name: str | None = None) -> list[psutil.Process]:
        """Return the processes of one node (or of the whole cluster), their children included."""
        marks = [self.dirs[name]] if name else [*self.dirs.values(), self.address]
        mine = {os.getpid(), *(p.pid for p in psutil.Process().parents())}
        found: dict[int, psutil.Process] = {}
        for proc in psutil.process_iter(["cmdline"]):
            try:
                cmd = " ".join(proc.info["cmdline"] or [])
                if proc.pid not in mine and any(m in cmd for m in marks):
                    for p in (proc, *proc.children(recursive=True)):
                        found[p.pid] = p
            except psutil.Error:
                continue
        return list(found.values())

    def kill(self, name: str | None = None) -> list[int]:
        """SIGKILL one node's processes (a lost machine) or the whole cluster's; return their pids."""
        procs = self.processes(name)
        for p in procs:
            try:
                p.kill()
            except psutil.Error:
                pass
        psutil.wait_procs(procs, timeout=15)
        return [p.pid for p in procs]

    def shutdown(self) -> None:
        self.kill()
        for folder in self.dirs.values():
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    """A 2-node loopback cluster: node_a (head) and node_b."""
    c = LoopbackCluster()
    # This process's Ray client must agree with the nodes, or a token in ~/.ray turns its auth on.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")
        try:
            c.add_node("node_a", head=True)
            c.add_node("node_b")
            yield c
        finally:
            c.shutdown()


@pytest.fixture(scope="module")
def specs():
    return load_tasks(["mobile-core"], [f"mobile-core/{t}" for t in TASKS])


@pytest.fixture(scope="module")
async def clean_table(specs, tmp_path_factory):
    """The attempt table of a clean run on the local backend."""
    result = await evaluate_async(["mobile-core"], "reference", tasks=TASKS, parallel=2, out=tmp_path_factory.mktemp("local"))
    assert (result.attempts["outcome"] == "success").all()
    return result.attempts


def _table(attempts: pd.DataFrame) -> pd.DataFrame:
    return attempts.drop(columns=IGNORED).sort_values("attempt_id").reset_index(drop=True)


async def test_reference_eval_runs_on_both_nodes_like_local(cluster, clean_table, tmp_path):
    result = await evaluate_async(["mobile-core"], "reference", tasks=TASKS, parallel=2, out=tmp_path,
                                  backend="ray", ray_address=cluster.address)
    [summary] = result.as_json()["suites"].values()
    assert summary["SR"] == 1.0 and summary["env_errors"] == 0 and summary["attempts"] == len(TASKS)
    pd.testing.assert_frame_equal(_table(result.attempts), _table(clean_table))
    fleet = fleet_status(result.run_id, tmp_path)
    assert fleet.backend == "ray" and fleet.finished and set(fleet.nodes) == {"node_a", "node_b"}
    per_node = {name: c.attempts for name, c in fleet.latest.nodes.items()}
    assert per_node["node_a"] > 0 and per_node["node_b"] > 0 and sum(per_node.values()) == len(TASKS), per_node
    assert fleet.attempts == len(TASKS) and fleet.failures == {} and 1 <= fleet.peak_leases <= 2


class _KillsNodeMidStep(RayEnvManager):
    """Kill node ``victim`` while its second step of an attempt is in flight."""

    victim = "node_b"

    def __init__(self, cluster: LoopbackCluster, **kwargs):
        super().__init__(**kwargs)
        self.cluster = cluster
        self.killed: list[int] = []
        self.in_flight: dict | None = None

    async def step(self, lease, actions, action_id):
        if not self.killed and self.node_of(lease) == self.victim and action_id.endswith(":1"):
            self.in_flight = next(p for p in reversed(self.placements) if p["lease"] == lease.id)
            loop = asyncio.get_running_loop()
            # A moment after the step is sent, the node goes: raylet, its workers (our actor) and Chromium.
            loop.call_later(0.05, lambda: self.killed.extend(self.cluster.kill(self.victim)))
        return await super().step(lease, actions, action_id)


async def test_a_lost_host_is_replaced_on_its_live_node(cluster, specs):
    """SIGKILL one env host actor while its node stays up: its lease fails as an env error, its Chromium
    goes with it, and the next request starts a new host on the same node."""
    spec = specs[0]
    async with RayEnvManager(address=cluster.address, nodes=["node_a"], revive_after_s=0.0) as manager:
        [lease] = await manager.request(spec)
        await manager.reset(lease, sample(spec, 0))
        [old] = manager.hosts_info()
        browsers = [p for p in psutil.Process(old["pid"]).children(recursive=True) if "chrom" in p.name().lower()]
        assert browsers
        os.kill(old["pid"], signal.SIGKILL)
        with pytest.raises(EnvError):
            await manager.step(lease, [{"type": "system_button", "button": "home"}], "after-kill")
        await manager.release(lease)
        [lease] = await manager.request(spec)
        lost, new = manager.hosts_info()
        assert not lost["alive"] and lost["replaced"] and new["alive"] and new["node"] == "node_a"
        assert new["pid"] != old["pid"] and manager.status()["hosts_revived"] == 1
        obs = await manager.reset(lease, sample(spec, 0))
        assert obs.image and manager.node_of(lease) == "node_a"
        assert manager.fleet().latest.nodes["node_a"].alive
    _, alive = psutil.wait_procs(browsers, timeout=15)
    assert alive == []  # the killed host's browsers did not outlive it


async def test_a_lost_node_reruns_its_attempts_as_env_failures(cluster, clean_table, specs, tmp_path):
    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"], "tasks": TASKS, "trials": 1, "seed": 0},
                            root=tmp_path)
    manager = _KillsNodeMidStep(cluster, address=cluster.address)
    harness = Harness(make_policy("reference", apps=manager.adapter.apps), HarnessConfig())
    items = [WorkItem(spec=s, trial=0, run_seed=0) for s in specs]
    async with manager:
        manager.fleet_stats.attach(store.dir / FLEET, run_id=store.run_id)
        scheduler = Scheduler(manager, harness, store, agent="reference", parallel=2)
        await scheduler.run(items)
        hosts = {h["node"]: h for h in manager.hosts_info()}
    assert manager.killed and manager.in_flight is not None
    assert not hosts["node_b"]["alive"] and hosts["node_a"]["alive"]
    assert cluster.processes("node_b") == []  # the node is really gone (Chromium included)

    # The attempt in flight on node_b failed as an env error and was rerun; nothing was scored for it.
    errors = store.env_error_rows()
    lost = f"{manager.in_flight['task_id'].replace('/', '__')}__t0"
    assert errors and {e["kind"] for e in errors} <= {"crash", "timeout"} and lost in {e["attempt_id"] for e in errors}
    result = load_result(store)
    assert len(result.attempts) == len(TASKS) and (result.attempts["outcome"] == "success").all()
    reruns = result.attempts.set_index("attempt_id")["env_reruns"]
    assert reruns[lost] >= 1 and scheduler.env_errors == len(errors)
    assert [p["node"] for p in manager.placements if p["key"] == manager.in_flight["key"]][-1] == "node_a"
    pd.testing.assert_frame_equal(_table(result.attempts), _table(clean_table))

    fleet = fleet_status(str(store.dir))
    assert fleet.failures.get("host_lost", 0) >= 1 and not fleet.latest.nodes["node_b"].alive
    assert fleet.latest.nodes["node_a"].alive and fleet.latest.nodes["node_b"].instances == fleet.latest.nodes["node_b"].failed


def test_backend_arguments_fail_fast():
    from toolkit.envs.backends import make_manager

    with pytest.raises(ValueError, match="ray_address"):
        make_manager("local", ray_address="127.0.0.2:1")
    with pytest.raises(ValueError, match="backend"):
        make_manager("k8s")
    with pytest.raises(ConnectionError, match="no Ray cluster answers"):
        make_manager("ray", ray_address=f"{IP}:{_free_port()}")
    with pytest.raises(ValueError, match="host:port"):
        make_manager("ray", ray_address="nope")


async def test_the_miniwob_instruction_reaches_the_driver(cluster):
    """MiniWoB++'s page writes the instruction (and the email tasks' fields) into the task instance at reset. On Ray
    that happens to the host's copy: the driver's instance gets the changes back, so the model is not prompted with
    the placeholder."""
    pytest.importorskip("miniwob")
    from toolkit.envs.adapters.miniwob import MiniwobAdapter

    button, email = load_tasks(["miniwob"], ["miniwob/click-button", "miniwob/email-inbox-forward-nl"])
    async with RayEnvManager(address=cluster.address, adapter=MiniwobAdapter(screenshots=False), nodes=["node_a"],
                             revive_after_s=None) as manager:
        [lease] = await manager.request(button)
        inst = sample(button, 0)
        placeholder = inst.instruction
        obs = await manager.reset(lease, inst)
        assert inst.instruction == obs.state["utterance"] == inst.params["utterance"] != placeholder
        inst = sample(email, 0)
        await manager.reset(lease, inst)
        assert inst.params["fields"] and inst.instruction == inst.params["utterance"] != email.instruction
        await manager.release(lease)


async def test_driver_deadlines_cover_the_hosts_own_worst_case(specs):
    """A slow cold boot or a slow verdict inside the host's own deadlines must not read as a lost host (which kills
    the actor and every lease on it): the driver waits the host's worst case plus slack."""
    from toolkit.envs.base import Lease
    from toolkit.envs.manager import Deadlines
    from toolkit.envs.ray_host import HostRecord

    deadlines = Deadlines(boot=10, observe=5, reset=7, step=3, evaluate=40)
    manager = RayEnvManager(deadlines=deadlines, slack_s=1, revive_after_s=None)
    manager.hosts = [HostRecord(index=0, node="n", node_id="x", actor=None)]
    waited: dict[str, float] = {}

    async def remote(host, op, timeout, lease, *args):
        waited[op] = timeout
        if op == "request":
            return [Lease(id="L1", device="phone", slot=0, generation=1)]
        return {"observation": None, "instruction": "x", "params": {}} if op == "reset" else None

    manager._remote = remote
    [lease] = await manager.request(specs[0])
    await manager.reset(lease, sample(specs[0], 0))
    await manager.evaluate(lease, sample(specs[0], 0), specs[0])
    # request: a wait for a probed slot (observe), closing a dead instance, a page and a boot (boot each)
    assert waited["request"] >= 5 + 2 * 10 + 1
    assert waited["evaluate"] >= 5 + 40 + 1  # reading the final state, then the verdict
    assert waited["reset"] == 7 + 1


async def test_the_driver_checks_arguments_and_refuses_work_once_closed(specs):
    """As the local manager: a caller's wrong count or batch fails up front, and a closed manager raises ManagerClosed
    (before, an EnvError "no live env host": a scheduler reran the attempt and recorded env errors for it). No
    cluster: the host calls are answered here (what cannot exist without one)."""
    from toolkit.envs.base import Lease, ManagerClosed
    from toolkit.envs.ray_host import HostRecord

    manager = RayEnvManager(revive_after_s=None)
    manager.hosts = [HostRecord(index=0, node="n", node_id="x", actor=None)]

    async def remote(host, op, timeout, lease, *args):
        return [Lease(id="L1", device="phone", slot=0, generation=1)] if op == "request" else None

    manager._remote = remote
    for n in (-1, 1.5):
        with pytest.raises(ValueError, match="argument 'n'"):
            await manager.request(specs[0], n)
    [lease] = await manager.request(specs[0])
    with pytest.raises(TypeError, match="argument 'actions'"):
        await manager.step(lease, {"type": "wait"}, "a1")
    with pytest.raises(TypeError, match="argument 'action_id'"):
        await manager.step(lease, [{"type": "wait"}], None)
    manager.hosts = []  # no actor to close here
    await manager.close()
    for call in (manager.request(specs[0]), manager.warm(1), manager.observe(lease)):
        with pytest.raises(ManagerClosed):
            await call


async def test_a_request_failing_partway_hands_back_what_it_leased_on_the_hosts(specs):
    """As the local manager: before, the first of two leases stayed held on its host (the caller never saw it), and a
    host error other than an EnvError left the host's reservation counted, skewing the spread. No cluster: the host
    calls are answered here (what cannot exist without one)."""
    from toolkit.envs.base import Lease
    from toolkit.envs.ray_host import HostRecord

    manager = RayEnvManager(revive_after_s=None)
    manager.hosts = [HostRecord(index=0, node="n", node_id="x", actor=None)]
    calls, answers = [], iter([[Lease(id="L1", device="phone", slot=0, generation=1)], EnvError("boot", "request", "x"),
                               KeyError("spec")])

    async def remote(host, op, timeout, lease, *args):
        calls.append(op)
        if op != "request":
            return None
        answer = next(answers)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    manager._remote = remote
    with pytest.raises(EnvError):
        await manager.request(specs[0], 2)
    assert calls == ["request", "request", "release"] and manager.hosts[0].leased == 0 and not manager._leases
    with pytest.raises(KeyError):
        await manager.request(specs[0])
    assert manager.hosts[0].leased == 0
    with pytest.raises(ValueError, match="argument 'ttl_s'"):
        await manager.request(specs[0], ttl_s=0)
