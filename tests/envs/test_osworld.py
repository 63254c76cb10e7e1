"""OSWorld: parsing task files in its format and mapping the five operations.

Nothing here runs OSWorld: there is no Docker engine on this machine. The task files in
tests/envs/osworld_fixtures/ are hand-written in OSWorld's format; the docker client is a test double
(FakeDocker: records containers.run's arguments) and the VM's control server is an httpx.MockTransport
(FakeVM: answers /screenshot, /execute, /setup/* like OSWorld's server and records every request).
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from toolkit.envs.base import EnvError
from toolkit.envs.manager import EnvManager
from toolkit.envs.osworld import (DockerBackend, OSWorldAdapter, load_osworld_folder, load_osworld_task, requirements,
                                  to_task_spec)
from toolkit.tasks import SpecError, sample

FIXTURES = Path(__file__).parent / "osworld_fixtures"
PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 16


class FakeContainer:
    def __init__(self):
        self.calls = []

    def restart(self):
        self.calls.append("restart")

    def stop(self):
        self.calls.append("stop")

    def remove(self):
        self.calls.append("remove")


class FakeDocker:
    """A docker-SDK double: ``containers.run`` records its kwargs and returns a FakeContainer."""

    def __init__(self):
        self.runs = []
        self.containers = self

    def run(self, **kwargs):
        self.runs.append(kwargs)
        return FakeContainer()

    def ping(self):
        return True


class FakeVM:
    """OSWorld's VM control server as an httpx mock transport."""

    def __init__(self, files=None, ready_after=0, vm_files=None):
        self.requests = []
        self.files = files or {}
        self.ready_after = ready_after
        self.vm_files = vm_files or {}  # path -> bytes served by POST /file (404 otherwise, as OSWorld's server)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        body = json.loads(request.content) if request.headers.get("content-type") == "application/json" else None
        self.requests.append((request.method, path, body))
        if path == "/screenshot":
            if self.ready_after > 0:
                self.ready_after -= 1
                return httpx.Response(503)
            return httpx.Response(200, content=PNG)
        if path == "/execute":
            command = body["command"]
            text = command if isinstance(command, str) else " ".join(command)
            for key, value in self.files.items():
                if key in text:
                    return httpx.Response(200, json={"status": "success", "output": value, "error": "", "returncode": 0})
            return httpx.Response(200, json={"status": "success", "output": "", "error": "", "returncode": 0})
        if path.startswith("/setup/"):
            return httpx.Response(200, json={"status": "success"})
        if path == "/file":
            wanted = dict(httpx.QueryParams(request.content.decode()))["file_path"]
            if wanted in self.vm_files:
                return httpx.Response(200, content=self.vm_files[wanted])
            return httpx.Response(404, json={"error": "File not found"})
        return httpx.Response(404)


def test_parse_fixtures_into_task_specs():
    specs = {s.id: s for s in load_osworld_folder(FIXTURES)}
    assert len(specs) == 3
    calc = specs["0cecd4f3-74de-457b-ba94-29ad6b5dafb6"]
    assert calc.device == "osworld" and calc.apps == ["libreoffice_calc"]
    assert [c.id for c in calc.criteria] == ["m0_check_include_exclude", "m1_exact_match"]
    osw = calc.setup["osworld"]
    assert [s["type"] for s in osw["config"]] == ["open", "activate_window"] and osw["evaluator"]["conj"] == "and"
    assert specs["infeasible-0001"].setup["osworld"]["infeasible"] and "infeasible" in specs["infeasible-0001"].tags
    task = load_osworld_task(FIXTURES / "os" / "infeasible-0001.json")
    assert task.infeasible and task.instruction.startswith("Install")


def test_parse_errors_name_the_field(tmp_path):
    bad = json.loads((FIXTURES / "libreoffice_calc" / "0cecd4f3-74de-457b-ba94-29ad6b5dafb6.json").read_text())
    bad["evaluator"]["expected"] = bad["evaluator"]["expected"][:1]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(SpecError, match="expected must be a list of 2"):
        load_osworld_task(tmp_path / "bad.json")
    bad["evaluator"] = {"func": "exact_match", "result": {"type": "rule", "rules": {}}}
    bad["config"] = [{"type": "teleport", "parameters": {}}]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(SpecError, match="config.0.*unknown setup step type 'teleport'"):
        load_osworld_task(tmp_path / "bad.json")


def test_docker_backend_runs_the_vm_image_with_ports_and_waits_until_ready(tmp_path):
    docker, vm = FakeDocker(), FakeVM(ready_after=2)
    backend = DockerBackend(client=docker, qcow2=tmp_path / "Ubuntu.qcow2", http=httpx.MockTransport(vm))
    import asyncio

    async def run():
        instance = await backend.new_instance()
        await backend.close()
        return instance

    instance = asyncio.run(run())
    [kwargs] = docker.runs
    assert kwargs["image"] == "happysixd/osworld-docker" and kwargs["environment"]["RAM_SIZE"] == "4G"
    assert set(kwargs["ports"]) == {"8006/tcp", "5000/tcp", "9222/tcp", "8080/tcp"}
    assert kwargs["volumes"][str((tmp_path / "Ubuntu.qcow2").resolve())] == {"bind": "/System.qcow2", "mode": "ro"}
    assert instance.ports["server"] == kwargs["ports"]["5000/tcp"]
    assert [r[1] for r in vm.requests] == ["/screenshot"] * 3  # two 503s, then ready
    assert instance.container.calls == ["stop", "remove"]


def _manager(vm: FakeVM, tmp_path) -> EnvManager:
    transport = httpx.MockTransport(vm)
    backend = DockerBackend(client=FakeDocker(), qcow2=tmp_path / "disk.qcow2", http=transport)
    return EnvManager(backend=backend, adapter=OSWorldAdapter(transport=transport, cache_dir=tmp_path))


async def test_five_operations_map_to_the_vm_server(tmp_path):
    vm = FakeVM(files={"names.txt": "Q1\nSheet 2", "saved.txt": "saved"})
    [spec] = [s for s in load_osworld_folder(FIXTURES) if s.id.startswith("0cecd4f3")]
    async with _manager(vm, tmp_path) as manager:
        [lease] = await manager.request(spec)
        inst = sample(spec, 0)
        obs = await manager.reset(lease, inst)
        assert obs.image == PNG and (obs.width, obs.height) == (1920, 1080)
        setup = [(p, b) for _, p, b in vm.requests if p.startswith("/setup/")]
        assert setup == [("/setup/open_file", {"path": "/home/user/x.xlsx"}),
                         ("/setup/activate_window", {"window_name": "x.xlsx - LibreOffice Calc", "strict": True, "by_class": False})]
        await manager.step(lease, [{"type": "click", "x": 500, "y": 500}, {"type": "type", "text": "Q1"},
                                   {"type": "hotkey", "keys": ["Control", "s"]}], action_id="a1")
        commands = [b["command"][2] for _, p, b in vm.requests if p == "/execute" and isinstance(b["command"], list)]
        assert commands[0].endswith("pyautogui.click(960, 540)")
        assert commands[1].endswith("pyautogui.write('Q1', interval=0.01)")
        assert commands[2].endswith("pyautogui.hotkey('ctrl', 's')")  # pyautogui's name (it ignores 'control')
        result = await manager.step(lease, [{"type": "open", "app": "x"}], action_id="a2")
        assert not result.results[0].ok
        verdict = await manager.evaluate(lease, inst, spec)
        assert verdict.success and verdict.reward == 1.0 and all(c.passed for c in verdict.criteria)
        vm.files["saved.txt"] = "not yet"
        verdict = await manager.evaluate(lease, inst, spec)
        assert not verdict.success and verdict.reward == 0.0 and [c.passed for c in verdict.criteria] == [True, False]
        # a second reset reverts the used VM (OSWorld's docker provider: a container restart)
        _, hosted = manager.hosted(lease)
        await manager.reset(lease, inst)
        assert hosted.container.calls == ["restart"]


async def test_infeasible_succeeds_only_with_fail_and_unknown_metric_is_a_verifier_error(tmp_path):
    specs = {s.id: s for s in load_osworld_folder(FIXTURES)}
    async with _manager(FakeVM(), tmp_path) as manager:
        spec = specs["infeasible-0001"]
        [lease] = await manager.request(spec)
        inst = sample(spec, 0)
        await manager.reset(lease, inst)
        assert not (await manager.evaluate(lease, inst, spec)).success
        await manager.step(lease, [{"type": "terminate", "status": "failed"}], action_id="t")
        assert (await manager.evaluate(lease, inst, spec)).success
        # a metric that needs desktop_env (not installed) is a verifier_error, never a score
        task = load_osworld_task(FIXTURES / "os" / "5ea617a3-0e86-4ba6-aab2-dac9aa2e8d57.json")
        task.evaluator.func = "compare_table"
        spec2 = to_task_spec(task)
        inst2 = sample(spec2, 0)
        await manager.reset(lease, inst2)
        verdict = await manager.evaluate(lease, inst2, spec2)
        assert verdict.error_kind == "verifier_error" and "desktop_env" in verdict.error


def test_requirements_say_what_is_missing(tmp_path):
    rows = {r["check"]: r for r in requirements(qcow2=tmp_path / "Ubuntu.qcow2")}
    assert rows["osworld: VM disk"]["ok"] is False and "xlangai/ubuntu_osworld" in rows["osworld: VM disk"]["fix"]
    assert {"osworld: docker SDK", "osworld: docker engine", "osworld: VM image"} <= set(rows)
    rows = {r["check"]: r for r in requirements(qcow2=tmp_path / "x", client=FakeDocker())}
    assert rows["osworld: docker engine"]["ok"] is True


async def test_no_engine_is_a_boot_error(tmp_path):
    class NoEngine(FakeDocker):
        def run(self, **kwargs):
            raise ConnectionError("Error while fetching server API version")

    backend = DockerBackend(client=NoEngine(), qcow2=tmp_path / "d")
    [spec] = [s for s in load_osworld_folder(FIXTURES) if s.id == "infeasible-0001"]
    async with EnvManager(backend=backend, adapter=OSWorldAdapter()) as manager:
        with pytest.raises(EnvError, match="boot"):
            await manager.request(spec)


def test_suite_osworld_loads_the_folder_named_by_the_environment(monkeypatch):
    import toolkit.envs.adapters  # noqa: F401 - registers the suite
    from toolkit.tasks import load_tasks

    monkeypatch.delenv("GUIGYM_OSWORLD_TASKS", raising=False)
    with pytest.raises(SpecError, match="GUIGYM_OSWORLD_TASKS"):
        load_tasks(["osworld"])
    monkeypatch.setenv("GUIGYM_OSWORLD_TASKS", str(FIXTURES / "missing"))
    with pytest.raises(SpecError, match="not a folder"):
        load_tasks(["osworld"])
    monkeypatch.setenv("GUIGYM_OSWORLD_TASKS", str(FIXTURES))
    specs = load_tasks(["osworld"])
    assert {s.id for s in specs} == {s.id for s in load_osworld_folder(FIXTURES)}
    assert all(s.suite == "osworld" and s.device == "osworld" for s in specs)


@pytest.mark.parametrize("claim, success", [("failed", True), ("success", False)])
async def test_an_infeasible_claim_goes_through_the_rollout_path(tmp_path, claim, success):
    """The agent's terminate reaches the adapter through run_attempt, so OSWorld's FAIL rule judges it."""
    from toolkit.harness import Harness, HarnessConfig, ScriptedPolicy
    from toolkit.rollout import run_attempt
    from toolkit.rollout.scheduler import outcome_of

    spec = {s.id: s for s in load_osworld_folder(FIXTURES)}["infeasible-0001"]
    harness = Harness(ScriptedPolicy([f"Action: terminate(status='{claim}')"]), HarnessConfig(format="text-v1"))
    async with _manager(FakeVM(), tmp_path) as manager:
        [lease] = await manager.request(spec)
        result = await run_attempt(manager, lease, spec, sample(spec, 0), harness, seed=0)
    assert result.claimed == claim and result.termination == "terminate"
    assert result.verdict.success is success
    # and scored as the benchmark scores it: refusing an infeasible task is a success, claiming it done is a false one
    assert outcome_of(result) == ("success" if success else "false_complete")


def _file_task(conj: str = "and", funcs: tuple[str, ...] = ("file_says_ok",)):
    """An OSWorld task whose metrics read a file the agent should have saved on the VM."""
    from toolkit.envs.osworld.tasks import OSWorldTask

    result = {"type": "vm_file", "path": "/home/user/out.txt", "dest": "out.txt"}
    evaluator = ({"func": funcs[0], "result": result} if len(funcs) == 1 else
                 {"func": list(funcs), "conj": conj, "result": [result] * len(funcs)})
    return to_task_spec(OSWorldTask(id="file-task", instruction="Save 'ok' to ~/out.txt.", evaluator=evaluator))


def _file_says_ok(path, **_):
    # OSWorld's metrics score a missing result file (None) 0
    return 0.0 if path is None else float(Path(path).read_bytes().strip() == b"ok")


async def test_a_result_file_the_agent_never_saved_scores_zero_not_a_verifier_error(tmp_path):
    """OSWorld's get_vm_file gives None for a missing file and evaluate() scores a FileNotFoundError 0."""
    from toolkit.envs.osworld.tasks import OSWorldTask

    vm = FakeVM()
    transport = httpx.MockTransport(vm)

    def raises(path, **_):
        raise AssertionError("never called: the getter's FileNotFoundError scores the metric 0")

    class NoFile(OSWorldAdapter):
        async def get(self, instance, config):
            if config.get("path") == "/home/user/gone.txt":
                raise FileNotFoundError(config["path"])
            return await super().get(instance, config)

    adapter = NoFile(transport=transport, cache_dir=tmp_path, metrics={"file_says_ok": _file_says_ok, "raises": raises})
    backend = DockerBackend(client=FakeDocker(), qcow2=tmp_path / "disk.qcow2", http=transport)
    spec = _file_task()
    async with EnvManager(backend=backend, adapter=adapter) as manager:
        [lease] = await manager.request(spec)
        inst = sample(spec, 0)
        await manager.reset(lease, inst)
        verdict = await manager.evaluate(lease, inst, spec)
        assert verdict.ok and not verdict.success and verdict.reward == 0.0  # 404 from /file: a failure, scored
        vm.vm_files["/home/user/out.txt"] = b"ok\n"
        verdict = await manager.evaluate(lease, inst, spec)
        assert verdict.ok and verdict.success and verdict.reward == 1.0
        gone = to_task_spec(OSWorldTask(id="gone", instruction="x", evaluator={
            "func": "raises", "result": {"type": "vm_file", "path": "/home/user/gone.txt", "dest": "gone.txt"}}))
        inst = sample(gone, 0)
        await manager.reset(lease, inst)
        verdict = await manager.evaluate(lease, inst, gone)
        assert verdict.ok and verdict.reward == 0.0 and not verdict.success


async def test_or_of_partial_metrics_is_not_a_success(tmp_path):
    """success is a full score for "or" as for "and": max(0.5, 0.5) = 0.5 is progress, not success."""
    vm = FakeVM(vm_files={"/home/user/out.txt": b"ok"})
    transport = httpx.MockTransport(vm)
    half = {"half_a": lambda path, **_: 0.5, "half_b": lambda path, **_: 0.5, "file_says_ok": _file_says_ok}
    adapter = OSWorldAdapter(transport=transport, cache_dir=tmp_path, metrics=half)
    backend = DockerBackend(client=FakeDocker(), qcow2=tmp_path / "disk.qcow2", http=transport)
    async with EnvManager(backend=backend, adapter=adapter) as manager:
        for funcs, reward, success in ((("half_a", "half_b"), 0.5, False), (("half_a", "file_says_ok"), 1.0, True)):
            spec = _file_task("or", funcs)
            [lease] = await manager.request(spec)
            inst = sample(spec, 0)
            await manager.reset(lease, inst)
            verdict = await manager.evaluate(lease, inst, spec)
            assert (verdict.reward, verdict.success, verdict.progress) == (reward, success, reward), funcs
            await manager.release(lease)
