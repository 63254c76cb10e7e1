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


def test_ids_whose_verifier_files_collide_are_rejected_in_review_and_refused_by_the_writer(tmp_path, world):
    import pytest

    from toolkit.synthesis import review
    from toolkit.synthesis.offline.templates import candidates

    base = candidates(world)[0]
    twins = [base.model_copy(update={"id": i, "instruction": f"{base.instruction} ({n})"})
             for n, i in enumerate(["pack-box", "pack_box", "pack.box"])]
    kept, dropped = review(twins, world)
    assert [r.id for r in kept] == ["pack-box"]
    assert all("verifiers/pack_box.py is already that of task pack-box" in " ".join(r.reasons) for r in dropped)
    tasks = synthesize_tasks(world, n=2).tasks
    clash = tasks[1].model_copy(update={"requirements": tasks[1].requirements.model_copy(
        update={"id": tasks[0].requirements.id.replace("-", "_")})})
    assert clash.requirements.id != tasks[0].requirements.id  # offline ids hold '-'
    with pytest.raises(ValueError, match="would both write verifiers/"):
        write_world_suite(world, [tasks[0], clash], tmp_path / "w")


def test_written_side_effect_patterns_use_new_for_created_records(tmp_path, world):
    tasks = synthesize_tasks(world, n=40).tasks
    patterns = [p for t in tasks for p in expected_changes(t.requirements)]
    assert any(p.endswith("[new]") for p in patterns)
    assert not [p for p in patterns if "[id=" in p and "*]" in p and "[id=*]" not in p]  # no "[id=prefix*]"
    write_world_suite(world, tasks, tmp_path / "synth" / world.id)
    assert load_suite(f"synth/{world.id}", root=tmp_path)  # and the loader's prefix lint has nothing to say
