"""Synthesized worlds load as suites ``synth/<world>`` next to ordinary suites; fixed tasks need one instance."""

from __future__ import annotations

from tests.conftest import write_suite
from toolkit.synthesis import synthesize_tasks
from toolkit.synthesis.writer import expected_changes, read_world, write_world_suite
from toolkit.tasks import list_suites, load_suite, load_tasks, sample
from toolkit.validation import wanted_instances


def test_world_folders_load_as_nested_suites(tmp_path, world):
    root = write_suite(tmp_path / "bank")
    tasks = synthesize_tasks(world, n=4).tasks
    write_world_suite(world, tasks, root / "synth" / world.id)
    assert list_suites(root) == ["demo", f"synth/{world.id}"]
    specs = load_suite(f"synth/{world.id}", root=root)
    assert [s.full_id for s in specs] == sorted(f"synth/{world.id}/{t.requirements.id}" for t in tasks)
    assert load_suite("synth", root=root) == specs
    assert load_tasks(["synth"], [specs[0].full_id], root=root) == [specs[0]]
    assert read_world(root / "synth" / world.id) == world
    spec = specs[0]
    inst = sample(spec, 0)
    assert inst.setup["apps"]["contacts"]["data"]["contacts"] == world.records["contacts"]["contacts"]
    assert wanted_instances(spec, 5) == 1  # a fixed task has exactly one instance
    task = next(t for t in tasks if t.requirements.id == spec.id)
    assert spec.expected_changes == expected_changes(task.requirements)
    assert spec.reference[-1] == {"type": "terminate", "status": "success"}
    assert spec.max_steps == len(spec.reference) + 4
