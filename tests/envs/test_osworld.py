"""OSWorld: parsing task files in its format and mapping the five operations.

Nothing here runs OSWorld: there is no Docker engine on this machine. The task files in
tests/envs/osworld_fixtures/ are hand-written in OSWorld's format; the docker client is a test double
(FakeDocker: records containers.run's arguments) and the VM's control server is an httpx.MockTransport
(FakeVM: answers /screenshot, /execute, /setup/* like OSWorld's server and records every request); both are in
osworld_fixtures/stand_ins.py. The Chrome setup steps run against a real local Chromium standing in for the VM's
Chrome (its remote-debugging port), pointed only at data: URLs.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.conftest import requires_chromium
from tests.envs.osworld_fixtures.stand_ins import (PNG, FakeContainer, FakeDocker, FakeVM, chrome_history,
                                                   history_page_counts, open_tabs, start_chromium, stop_chromium)
from toolkit.envs.base import EnvError
from toolkit.envs.manager import EnvManager
from toolkit.envs.osworld import (DockerBackend, OSWorldAdapter, OSWorldInstance, SetupError, UnsupportedSetupStep,
                                  load_osworld_folder, load_osworld_task, requirements, to_task_spec)
from toolkit.envs.osworld.docker_backend import Screen
from toolkit.tasks import SpecError, sample

FIXTURES = Path(__file__).parent / "osworld_fixtures"


def test_parse_fixtures_into_task_specs():
    specs = {s.id: s for s in load_osworld_folder(FIXTURES)}
    assert len(specs) == 4
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


def test_suite_osworld_loads_the_folder_named_by_the_environment(monkeypatch, tmp_path):
    import toolkit.envs.adapters  # noqa: F401 - registers the suite
    from toolkit.tasks import load_tasks

    monkeypatch.delenv("GUIGYM_OSWORLD_TASKS", raising=False)
    with pytest.raises(SpecError, match="GUIGYM_OSWORLD_TASKS"):
        load_tasks(["osworld"])
    monkeypatch.setenv("GUIGYM_OSWORLD_TASKS", str(FIXTURES / "missing"))
    with pytest.raises(SpecError, match="not a folder"):
        load_tasks(["osworld"])
    (tmp_path / "examples" / "chrome").mkdir(parents=True)  # a folder with no task JSON: an empty suite is an error
    monkeypatch.setenv("GUIGYM_OSWORLD_TASKS", str(tmp_path / "examples"))
    with pytest.raises(SpecError, match=r"GUIGYM_OSWORLD_TASKS=.*examples holds no task JSON"):
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


# -- setup steps (OSWorld's SetupController._<type>_setup) ------------------------------------------------------


def _vm_instance(chromium_port: int = 9) -> OSWorldInstance:
    return OSWorldInstance(container=FakeContainer(), ports={"server": 5000, "chromium": chromium_port}, viewport=Screen())


async def _run(adapter, instance, *steps, task="t1"):
    for i, step in enumerate(steps):
        await adapter.setup_step(instance, step, i, task)


async def test_vm_server_setup_steps_upload_execute_until_and_verification(tmp_path):
    calls = []

    def execute(command, shell):
        text = command if isinstance(command, str) else " ".join(command)
        calls.append(text)
        if text.startswith("systemctl is-active"):  # ready on the third try
            return {"output": "active" if len([c for c in calls if c.startswith("systemctl")]) >= 3 else "activating"}
        if text == "wmctrl -l":
            return {"output": "0x01  0 user-pc Terminal\n0x02  0 user-pc Untitled - Gedit\n"}
        if text == "test -e /tmp/never":
            return {"returncode": 1}
        return None

    vm = FakeVM(execute=execute)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "report.xlsx").write_bytes(b"PK\x03\x04xlsx")
    adapter = OSWorldAdapter(transport=httpx.MockTransport(vm), cache_dir=tmp_path, local_root=tmp_path)
    inst = _vm_instance()
    await _run(adapter, inst,
               {"type": "upload_file", "parameters": {"files": [{"local_path": "data/report.xlsx", "path": "/home/user/r.xlsx"}]}},
               {"type": "execute", "parameters": {"command": "systemctl is-active app", "shell": True,
                                                  "until": {"stdout": "active"}, "stdout": "app.out"}},
               {"type": "command", "parameters": {"command": ["echo", "{CLIENT_PASSWORD}", "{SCREEN_WIDTH_HALF}x{SCREEN_HEIGHT}"]}})
    assert vm.uploads == {"/home/user/r.xlsx": b"PK\x03\x04xlsx"}
    assert calls[:3] == ["systemctl is-active app"] * 3 and (adapter.cache_folder(inst) / "app.out").read_text() == "active"
    assert vm.commands("/setup/execute")[-1] == ["echo", "password", "960x1080"]
    # execute_with_verification: the VM server's endpoint checks (its payload carries the checks and timeouts) ...
    ewv = {"type": "execute_with_verification", "parameters": {
        "command": ["gedit"], "verification": {"window_exists": "gedit"}, "max_wait_time": 0.3, "check_interval": 0.1}}
    await _run(adapter, inst, ewv)
    [sent] = [b for _, p, b in vm.requests if p == "/setup/execute_with_verification"]
    assert sent == {"command": ["gedit"], "shell": False, "verification": {"window_exists": "gedit"},
                    "max_wait_time": 0.3, "check_interval": 0.1}
    vm.verification = "failed"
    with pytest.raises(SetupError, match=r"task 't1' config\[0\] \(execute_with_verification\): verification .* did not pass"):
        await _run(adapter, inst, ewv)
    # ... or, on an older VM server without the endpoint (404), the same checks from here
    vm.verification = None
    await _run(adapter, inst, ewv)
    assert calls[-2:] == ["gedit", "wmctrl -l"]
    never = {"type": "execute_with_verification", "parameters": {
        "command": "true", "shell": True, "verification": {"command_success": "test -e /tmp/never"},
        "max_wait_time": 0.3, "check_interval": 0.1}}
    with pytest.raises(SetupError, match=r"verification \{'command_success'.*did not pass within 0.3 s"):
        await _run(adapter, inst, never)
    assert calls.count("test -e /tmp/never") >= 2
    adapter.until_timeout_s = 0.4
    with pytest.raises(SetupError, match=r"config\[0\] \(execute\): 'until' \{'returncode': 0\} not met within 0.4 s"):
        await _run(adapter, inst, {"type": "execute", "parameters": {"command": "test -e /tmp/never", "shell": True,
                                                                    "until": {"returncode": 0}}})


async def test_act_and_replay_send_pyautogui_code(tmp_path):
    vm = FakeVM()
    adapter = OSWorldAdapter(transport=httpx.MockTransport(vm), cache_dir=tmp_path, local_root=FIXTURES)
    inst = _vm_instance()
    await _run(adapter, inst, {"type": "act", "parameters": {"action_seq": [
        "pyautogui.moveTo(1, 2)",  # OSWorld's pyautogui action space
        {"action_type": "CLICK", "parameters": {"x": 5, "y": 6, "button": "right", "num_clicks": 2}},  # computer_13
        {"action_type": "HOTKEY", "parameters": {"keys": ["ctrl", "c"]}},
        {"type": "click", "x": 500, "y": 500},  # guigym's own actions (0-1000 points)
    ]}}, {"type": "replay", "parameters": {"trajectory": "trajectories/replay-demo.jsonl"}})
    codes = [c[2].split("\n")[-1] for c in vm.commands("/execute")]
    assert all(c[:2] == ["python3", "-c"] and "pyautogui.FAILSAFE = False" in c[2] for c in vm.commands("/execute"))
    assert codes == ["pyautogui.moveTo(1, 2)", "pyautogui.click(x=5, y=6, button='right', clicks=2)",
                     "pyautogui.hotkey('ctrl', 'c')", "pyautogui.click(960, 540)",
                     # the recorded trajectory, up to its DONE
                     "pyautogui.click(100, 200)", "pyautogui.typewrite(message='hello')", "pyautogui.hotkey('ctrl', 's')"]
    with pytest.raises(SetupError, match=r"config\[0\] \(act\): action_seq\[1\]: CLICK takes x, y, button, num_clicks, not z"):
        await _run(adapter, inst, {"type": "act", "parameters": {"action_seq": ["pass", {"action_type": "CLICK", "z": 1}]}})
    with pytest.raises(SetupError, match=r"action_seq\[0\]: a 'terminate' action has no pyautogui form"):
        await _run(adapter, inst, {"type": "act", "parameters": {"action_seq": [{"type": "terminate", "status": "success"}]}})


@pytest.mark.parametrize("kind, why", [("googledrive", "Google account"), ("login", "Google account"),
                                       ("proxy", "paid proxy"), ("tidy_desktop", "OSWorld's own SetupController")])
async def test_steps_needing_accounts_or_proxies_are_refused_with_the_reason(tmp_path, kind, why):
    adapter = OSWorldAdapter(transport=httpx.MockTransport(FakeVM()), cache_dir=tmp_path)
    with pytest.raises(UnsupportedSetupStep, match=rf"task 'chrome-42' config\[3\] \({kind}\): guigym does not run .*{why}"):
        await adapter.setup_step(_vm_instance(), {"type": kind, "parameters": {"settings_file": "x.json"}}, 3, "chrome-42")


@pytest.mark.parametrize("step, message", [
    ({"type": "execute", "parameters": {}}, r"config\[1\] \(execute\): missing parameter 'command'"),
    ({"type": "upload_file", "parameters": {"files": [{"path": "/home/user/x"}]}},
     r"config\[1\] \(upload_file\): missing parameter 'files\[0\].local_path'"),
    ({"type": "upload_file", "parameters": {"files": [{"local_path": "nope.txt", "path": "/x"}]}},
     r"config\[1\] \(upload_file\): files\[0\].local_path: no such file on this machine: .*nope.txt"),
    ({"type": "chrome_open_tabs", "parameters": {"urls_to_open": "https://x.org"}},
     r"config\[1\] \(chrome_open_tabs\): parameter 'urls_to_open' must be a list, not str"),
    ({"type": "update_browse_history", "parameters": {"history": [{"url": "https://x.org", "title": "x"}]}},
     r"config\[1\] \(update_browse_history\): history\[0\].visit_time_from_now_in_seconds: missing"),
    ({"type": "execute_with_verification", "parameters": {"command": "x", "verification": {"window": "y"}}},
     r"config\[1\] \(execute_with_verification\): parameter 'verification' takes window_exists and command_success"),
])
async def test_a_bad_step_names_its_index_type_and_field(tmp_path, step, message):
    from toolkit.envs.osworld.tasks import OSWorldTask

    task = OSWorldTask(id="bad-step", instruction="x", config=[{"type": "sleep", "parameters": {"seconds": 0}}, step],
                       evaluator={"func": "exact_match", "result": {"type": "rule", "rules": {}}})
    spec = to_task_spec(task)
    async with _manager(FakeVM(), tmp_path) as manager:
        [lease] = await manager.request(spec)
        with pytest.raises(EnvError, match=rf"during reset: SetupError: task 'bad-step' {message}"):
            await manager.reset(lease, sample(spec, 0))


def test_every_osworld_step_type_is_run_or_refused_and_urls_compare_as_osworld():
    from toolkit.envs.osworld.chrome import HANDLERS, same_url
    from toolkit.envs.osworld.setup import UNSUPPORTED, SetupRunner
    from toolkit.envs.osworld.tasks import SETUP_TYPES

    assert all(k in HANDLERS or k in UNSUPPORTED or hasattr(SetupRunner, f"_{k}") for k in SETUP_TYPES)
    assert set(UNSUPPORTED) == {"googledrive", "login", "proxy", "tidy_desktop"}

    assert same_url("https://www.Example.com/", "https://example.com")
    assert same_url("example.com/a?q=1", "http://www.example.com/a?q=1")
    assert not same_url("https://example.com/a", "https://example.com/b")
    assert not same_url("https://example.com/a?q=1", "https://example.com/a?q=2")


@requires_chromium
async def test_chrome_steps_on_a_real_chromium_as_the_vms_chrome(tmp_path):
    """A task's history, launch and tab steps: History edited and uploaded, tabs really opened and closed."""
    import sqlite3

    vm_history = "/home/user/.config/google-chrome/Default/History"
    # the VM's own History: a real Chromium's, with one old visit
    template = chrome_history(tmp_path / "vm-profile", ("https://old.example/", "Old visit"))
    probe = {"output": json.dumps({"system": "Linux", "path": vm_history}) + "\n"}
    vm = FakeVM(vm_files={vm_history: template},
                execute=lambda command, shell: probe if "platform" in " ".join(command) else None)
    proc, port = start_chromium(tmp_path / "chrome")  # the VM's Chrome, one about:blank tab
    try:
        spec = load_osworld_folder(FIXTURES / "chrome")[0]
        adapter = OSWorldAdapter(transport=httpx.MockTransport(vm), cache_dir=tmp_path, chrome_settle_s=3)
        await adapter.reset(_vm_instance(port), sample(spec, 0))
        tabs = open_tabs(port)
    finally:
        stop_chromium(proc)
    assert sorted(t["title"] for t in tabs) == ["alpha", "gamma"]  # beta closed; Chrome's first tab closed as OSWorld
    assert [c for c in vm.commands("/setup/launch")] == [["google-chrome", "--remote-debugging-port=1337"],
                                                         ["socat", "tcp-listen:9222,fork", "tcp:localhost:1337"]]
    assert "sudo -S chown user:user" in vm.commands("/setup/execute")[-1]
    (tmp_path / "uploaded").write_bytes(vm.uploads[vm_history])
    with sqlite3.connect(tmp_path / "uploaded") as con:
        rows = con.execute("SELECT u.url, u.title, v.transition FROM urls u JOIN visits v ON v.url = u.id "
                           "ORDER BY v.visit_time").fetchall()
        counts = con.execute("SELECT (SELECT count(*) FROM urls), (SELECT count(*) FROM visits)").fetchone()
    con.close()
    # History = an empty one + the task's visits (the VM's old visit is gone), oldest first
    assert [r[1] for r in rows] == ["Rick Astley - Never Gonna Give You Up", "The New York Times", "PSY - GANGNAM STYLE"]
    assert all(r[2] == 0x30000000 for r in rows) and counts == (3, 3)
    # Chromium itself reads the uploaded file as its History
    counts = await history_page_counts(tmp_path / "next", vm.uploads[vm_history], ["GANGNAM STYLE", "New York", "Old visit"])
    assert counts["GANGNAM STYLE"] >= 1 and counts["New York"] >= 1 and counts["Old visit"] == 0


async def test_an_unknown_step_type_given_to_setup_step_is_named(tmp_path):
    adapter = OSWorldAdapter(transport=httpx.MockTransport(FakeVM()), cache_dir=tmp_path)
    for step in ({"type": "verified", "parameters": {}}, {"type": "perform"}):
        with pytest.raises(SetupError, match=rf"task 'x' evaluator.postconfig\[2\] \({step['type']}\): unknown setup step type"):
            await adapter.setup_step(_vm_instance(), step, 2, "x", "evaluator.postconfig")
    with pytest.raises(SetupError, match=r"task 'x' config\[0\]: a setup step is \{'type'"):
        await adapter.setup_step(_vm_instance(), {"parameters": {}}, 0, "x")
