"""OSWorld's ``vm_file`` getter (``multi`` / ``gives``) and the adapter's cache folder, against stand-in VM servers.

The VMs are FakeVM control servers (tests/envs/osworld_fixtures/stand_ins.py) behind an httpx.MockTransport; the
getter runs through the real adapter (``OSWorldAdapter.get``) and, for the metric tests, through EnvManager.evaluate.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import httpx
import pytest

from tests.envs.osworld_fixtures.stand_ins import FakeContainer, FakeDocker, FakeVM, VMsByPort
from toolkit.envs.manager import EnvManager
from toolkit.envs.osworld import DockerBackend, OSWorldAdapter, OSWorldInstance, to_task_spec
from toolkit.envs.osworld.docker_backend import Screen
from toolkit.envs.osworld.tasks import OSWorldTask
from toolkit.tasks import sample

FILES = {"/home/user/a.txt": b"alpha", "/home/user/b.txt": b"beta"}  # /home/user/c.txt is not in the VM
MULTI = {"type": "vm_file", "multi": True, "path": ["/home/user/a.txt", "/home/user/b.txt", "/home/user/c.txt"],
         "dest": ["a.txt", "b.txt", "c.txt"]}


def _instance(port: int = 5000) -> OSWorldInstance:
    return OSWorldInstance(container=FakeContainer(), ports={"server": port}, viewport=Screen())


def _read(path):
    return None if path is None else Path(path).read_bytes()


async def test_multi_fetches_every_file_and_gives_the_chosen_ones_in_file_order(tmp_path):
    vm = FakeVM(vm_files=dict(FILES))
    adapter = OSWorldAdapter(transport=httpx.MockTransport(vm), cache_dir=tmp_path)
    inst = _instance()
    # gives is a set of indices, as OSWorld's: the files come back in file order; a missing one is None
    got = await adapter.get(inst, {**MULTI, "gives": [2, 0]})
    assert isinstance(got, list) and [_read(p) for p in got] == [b"alpha", None]
    folder = adapter.cache_folder(inst)
    assert (folder / "b.txt").read_bytes() == b"beta"  # fetched although not given (a metric may read the folder)
    assert sorted(p.name for p in folder.iterdir()) == ["a.txt", "b.txt"]  # no temp files left
    # one index given: one path, not a list; without gives: file 0
    assert _read(await adapter.get(inst, {**MULTI, "gives": [1]})) == b"beta"
    assert _read(await adapter.get(inst, MULTI)) == b"alpha"
    assert await adapter.get(inst, {**MULTI, "gives": [2]}) is None
    assert [_read(p) for p in await adapter.get(inst, {**MULTI, "gives": [0, 1, 2, 1]})] == [b"alpha", b"beta", None]
    # dest defaults to the VM file's name; a single file keeps the old behaviour (None when missing)
    no_dest = {k: v for k, v in MULTI.items() if k != "dest"}
    assert Path(await adapter.get(inst, {**no_dest, "gives": [1]})).name == "b.txt"
    assert _read(await adapter.get(inst, {"type": "vm_file", "path": "/home/user/b.txt", "dest": "one.txt"})) == b"beta"
    assert await adapter.get(inst, {"type": "vm_file", "path": "/home/user/c.txt", "dest": "c.txt"}) is None
    # a file gone from the VM since the last fetch: None, and its older copy is not left in the folder
    del vm.vm_files["/home/user/b.txt"]
    assert await adapter.get(inst, {**MULTI, "gives": [1]}) is None and not (folder / "b.txt").exists()
    assert [r[1] for r in vm.requests].count("/file") >= 3 * 5


@pytest.mark.parametrize("config, message", [
    ({"multi": True, "path": ["/a", "/b"], "dest": ["a"]}, r"'path' lists 2 files but 'dest' lists 1"),
    ({"multi": True, "path": "/a", "dest": "a"}, r"with multi, 'path' must be a non-empty list of VM paths, not '/a'"),
    ({"multi": True, "path": ["/a"], "dest": "a"}, r"with multi, 'dest' must be a list of file names"),
    ({"path": ["/a", "/b"], "dest": ["a", "b"]}, r"'path' must be a VM path \(lists need \"multi\": true\)"),
    ({"path": "/a", "dest": ["a"]}, r"'dest' must be a file name \(lists need \"multi\": true\)"),
    ({"multi": True, "path": ["/a", "/b"], "dest": ["a", "b"], "gives": [0, 2]},
     r"'gives' index 2 is out of range: 'path' names 2 file\(s\), indices 0 to 1"),
    ({"path": "/a", "dest": "a", "gives": [1]}, r"'gives' index 1 is out of range: 'path' names 1 file\(s\)"),
    ({"multi": True, "path": ["/a"], "gives": [-1]}, r"'gives' index -1 is out of range"),
    ({"multi": True, "path": ["/a"], "gives": []}, r"'gives' must be a non-empty list of file indices, not \[\]"),
    ({"multi": True, "path": ["/a"], "gives": 0}, r"'gives' must be a non-empty list of file indices, not 0"),
    ({"multi": "yes", "path": "/a"}, r"'multi' must be true or false, not 'yes'"),
    ({"multi": True, "path": ["/x/a", "/y/a"]}, r"'dest' names 'a' more than once"),
    ({"path": "/a", "dest": "../a"}, r"vm_file: 'dest': '../a' is not a file name inside the cache folder"),
])
async def test_a_malformed_vm_file_config_names_the_field(tmp_path, config, message):
    vm = FakeVM(vm_files={"/a": b"a", "/b": b"b"})
    adapter = OSWorldAdapter(transport=httpx.MockTransport(vm), cache_dir=tmp_path)
    with pytest.raises(ValueError, match=rf"^vm_file: {message}" if not message.startswith("vm_file") else message):
        await adapter.get(_instance(), {"type": "vm_file", **config})
    assert not [r for r in vm.requests if r[1] == "/file"]  # refused before fetching anything


def _both_saved(paths, **_):
    """A metric over two files: 1 when both are in the VM and say what they should."""
    return float(isinstance(paths, list) and [_read(p) for p in paths] == [b"alpha", b"beta"])


def _multi_task(result: dict) -> object:
    task = OSWorldTask(id="multi-task", instruction="Save a.txt and b.txt.",
                       evaluator={"func": "both_saved", "result": result})
    return to_task_spec(task)


async def test_a_metric_gets_the_given_files_through_evaluate(tmp_path):
    vm = FakeVM(vm_files=dict(FILES))
    transport = httpx.MockTransport(vm)
    adapter = OSWorldAdapter(transport=transport, cache_dir=tmp_path, metrics={"both_saved": _both_saved})
    backend = DockerBackend(client=FakeDocker(), qcow2=tmp_path / "disk.qcow2", http=transport)
    async with EnvManager(backend=backend, adapter=adapter) as manager:
        spec = _multi_task({**MULTI, "gives": [0, 1]})
        [lease] = await manager.request(spec)
        inst = sample(spec, 0)
        await manager.reset(lease, inst)
        verdict = await manager.evaluate(lease, inst, spec)
        assert verdict.ok and verdict.success and verdict.reward == 1.0
        del vm.vm_files["/home/user/b.txt"]  # the metric gets [path, None] and scores it 0
        verdict = await manager.evaluate(lease, inst, spec)
        assert verdict.ok and not verdict.success and verdict.reward == 0.0
        # a malformed config in a spec built by hand (the task loader refuses it) is a verifier error naming the
        # field, never a score
        bad = _multi_task({**MULTI, "gives": [0, 1]})
        bad.setup["osworld"]["evaluator"]["result"]["dest"] = ["a.txt", "b.txt"]
        inst = sample(bad, 0)
        await manager.reset(lease, inst)
        verdict = await manager.evaluate(lease, inst, bad)
        assert verdict.error_kind == "verifier_error"
        assert "vm_file: 'path' lists 3 files but 'dest' lists 2" in verdict.error


async def test_vms_judged_at_once_never_share_a_cache_file(tmp_path):
    """One adapter serves every lease: two VMs whose tasks save the same ``dest`` each read their own file, also when
    their getters interleave, and so do two adapters given the same cache_dir."""
    vms = {5001: FakeVM(vm_files={"/home/user/out.txt": b"first VM"}),
           5002: FakeVM(vm_files={"/home/user/out.txt": b"second VM"})}
    transport = httpx.MockTransport(VMsByPort(vms, pause_s=0.02))
    config = {"type": "vm_file", "path": "/home/user/out.txt", "dest": "out.txt"}
    one = OSWorldAdapter(transport=transport, cache_dir=tmp_path)
    a, b = _instance(5001), _instance(5002)
    for _ in range(3):
        pa, pb = await asyncio.gather(one.get(a, config), one.get(b, config))
        assert (_read(pa), _read(pb)) == (b"first VM", b"second VM") and pa != pb
    other = OSWorldAdapter(transport=transport, cache_dir=tmp_path)  # a second adapter, the same folder
    c = _instance(5002)
    pa, pc = await asyncio.gather(one.get(a, config), other.get(c, config))
    assert (_read(pa), _read(pc)) == (b"first VM", b"second VM")
    assert _read(pb) == b"second VM"  # b's file untouched by c's fetch
    assert len({p.parent for p in (Path(pa), Path(pb), Path(pc))}) == 3


async def test_cache_writes_are_whole_and_a_reset_empties_the_vms_folder(tmp_path, monkeypatch):
    vm = FakeVM(vm_files={"/home/user/out.txt": b"new"})
    adapter = OSWorldAdapter(transport=httpx.MockTransport(vm), cache_dir=tmp_path)
    inst = _instance()
    adapter.write_cache(inst, "out.txt", b"old")
    folder = adapter.cache_folder(inst)

    def fail(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)  # the rename fails: the old file stays whole, no temp file is left
    with pytest.raises(OSError, match="disk full"):
        await adapter.get(inst, {"type": "vm_file", "path": "/home/user/out.txt", "dest": "out.txt"})
    monkeypatch.undo()
    assert [p.name for p in folder.iterdir()] == ["out.txt"] and (folder / "out.txt").read_bytes() == b"old"
    with pytest.raises(ValueError, match=r"stdout: '/etc/x' is not a file name inside the cache folder"):
        adapter.write_cache(inst, "/etc/x", b"", "stdout")
    # a reset starts the VM's folder afresh: no file of the last task is read for the next one
    spec = to_task_spec(OSWorldTask(id="t", instruction="x", evaluator={"func": "exact_match",
                                                                         "result": {"type": "rule", "rules": {}}}))
    await adapter.reset(inst, sample(spec, 0))
    assert not folder.exists()
    assert Path(await adapter.get(inst, {"type": "vm_file", "path": "/home/user/out.txt"})).parent == folder


def test_a_malformed_vm_file_getter_is_refused_when_the_task_file_loads(tmp_path):
    """The same checks at load time: the task file and the getter are named before any VM is booted."""
    import json

    from toolkit.envs.osworld import load_osworld_task
    from toolkit.tasks import SpecError

    bad = {"id": "bad-multi", "instruction": "Save two files.",
           "evaluator": {"func": ["m", "m"], "result": [{"type": "vm_file", "path": "/a", "dest": "a"},
                                                        {"type": "vm_file", "multi": True, "path": ["/a", "/b"],
                                                         "dest": ["a"]}]}}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(SpecError, match=r"bad\.json: field 'evaluator\.result\[1\]': vm_file: 'path' lists 2 files "
                                        r"but 'dest' lists 1"):
        load_osworld_task(tmp_path / "bad.json")
