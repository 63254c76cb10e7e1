"""Synthesized worlds load as suites ``synth/<world>`` next to ordinary suites; fixed tasks need one instance."""

from __future__ import annotations

from tests.conftest import requires_chromium, write_suite
from toolkit.synthesis import synthesize_tasks
from toolkit.synthesis.writer import expected_changes, read_world, write_world_suite
from toolkit.tasks import list_suites, load_file, load_suite, load_tasks, sample
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


def test_a_failed_rewrite_leaves_the_earlier_suite_whole(tmp_path, world, monkeypatch):
    from toolkit.synthesis.models import World
    from toolkit.synthesis.pipeline import world_folders

    tasks = synthesize_tasks(world, n=3).tasks
    folder = tmp_path / "synth" / world.id
    write_world_suite(world, tasks[:2], folder)
    before = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    def broken(self, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:  # the disk fills while the new suite is written
        m.setattr(World, "model_dump_json", broken)
        try:
            write_world_suite(world, tasks, folder)
        except OSError:
            pass
        else:
            raise AssertionError("the write should have failed")
    assert {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    assert world_folders(tmp_path / "synth") == [folder]  # the half-written hidden folder is no world
    write_world_suite(world, tasks, folder)  # the next write clears the leftover and replaces the suite
    assert len(load_file(folder / "tasks.yaml")) == 3
    assert sorted(p.name for p in (tmp_path / "synth").iterdir()) == [world.id]


async def test_a_world_with_no_accepted_task_writes_nothing(tmp_path, world, monkeypatch):
    """Acceptance refusing every task is forced here (a stand-in for accept_batch): no bundled world's tasks all fail.
    The earlier suite of that world must stay, not be replaced by an empty one."""
    from toolkit.synthesis import pipeline
    from toolkit.synthesis.accept import AcceptResult
    from toolkit.synthesis.models import Rejection

    folder = tmp_path / world.id
    write_world_suite(world, synthesize_tasks(world, n=2).tasks, folder)
    before = (folder / "tasks.yaml").read_text()

    async def refuse_all(batch, **kwargs):
        return AcceptResult(world=batch.world.id, accepted=[], rejections=[
            Rejection(task_id=t.requirements.full_id, stage="gui", reasons=["forced"]) for t in batch.tasks])

    monkeypatch.setattr(pipeline, "accept_batch", refuse_all)
    said = []
    report = await pipeline.synthesize_bank_async([world], out=tmp_path, per_world=2, on_progress=said.append)
    assert report.accepted == 0 and report.rejected == 2
    assert (folder / "tasks.yaml").read_text() == before
    assert any(f"nothing written ({folder} is left as it was)" in line for line in said)


def test_a_file_or_a_foreign_folder_in_a_worlds_place_is_refused_and_kept(tmp_path, world):
    """Only a synthesized world (or nothing) may be replaced: a user's file or folder named like the world stays."""
    import pytest

    from toolkit.synthesis.writer import OutFolderError

    tasks = synthesize_tasks(world, n=1).tasks
    (tmp_path / "file").mkdir()
    (tmp_path / "file" / world.id).write_text("precious")
    with pytest.raises(OutFolderError, match="is a file, not a synthesized world folder"):
        write_world_suite(world, tasks, tmp_path / "file" / world.id)
    assert (tmp_path / "file" / world.id).read_text() == "precious"
    foreign = tmp_path / "foreign" / world.id
    foreign.mkdir(parents=True)
    (foreign / "notes.txt").write_text("precious")
    with pytest.raises(OutFolderError, match="holds files but no world.json"):
        write_world_suite(world, tasks, foreign)
    assert [p.name for p in foreign.iterdir()] == ["notes.txt"]
    assert [p.name for p in foreign.parent.iterdir()] == [world.id]  # no hidden leftovers either
    empty = tmp_path / "empty" / world.id
    empty.mkdir(parents=True)
    write_world_suite(world, tasks, empty)  # an empty folder, then a synthesized world, may be replaced
    write_world_suite(world, tasks, empty)
    assert len(load_file(empty / "tasks.yaml")) == 1


async def test_the_bank_refuses_a_foreign_folder_before_any_work(tmp_path, world, monkeypatch):
    import pytest

    from toolkit.synthesis import pipeline
    from toolkit.synthesis.writer import OutFolderError

    monkeypatch.setattr(pipeline, "synthesize_tasks", lambda *a, **k: (_ for _ in ()).throw(AssertionError("ran")))
    (tmp_path / world.id).mkdir()
    (tmp_path / world.id / "keep.yaml").write_text("x: 1\n")
    with pytest.raises(OutFolderError, match=f"{world.id} holds files but no world.json"):
        await pipeline.synthesize_bank_async([world], out=tmp_path, per_world=1)
    assert (tmp_path / world.id / "keep.yaml").read_text() == "x: 1\n"


async def test_the_bank_refuses_to_write_inside_a_world_folder(tmp_path, world, monkeypatch):
    """out naming a world folder (or a folder inside one) nested a world in it: the outer suite then loaded both
    tasks.yaml files, their ids clashed, and synth/<world> no longer loaded at all."""
    import pytest

    from toolkit.synthesis import pipeline
    from toolkit.synthesis.writer import OutFolderError

    outer = tmp_path / "outer-1"
    write_world_suite(world.model_copy(update={"id": "outer-1"}), synthesize_tasks(world, n=1).tasks, outer)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    monkeypatch.setattr(pipeline, "synthesize_tasks", lambda *a, **k: (_ for _ in ()).throw(AssertionError("ran")))
    for out in (outer, outer / "more"):
        with pytest.raises(OutFolderError, match=f"{outer}, which is|{outer} is a synthesized world folder"):
            await pipeline.synthesize_bank_async([world], out=out, per_world=1)
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


async def test_worlds_are_not_written_into_a_suites_folder(tmp_path, world, monkeypatch):
    """out=task_bank/mobile passed: the world folder landed inside the suite, which loads every tasks.yaml below it,
    so `mobile` silently gained the world's tasks (257 became 260)."""
    import pytest

    from toolkit.paths import TASK_BANK
    from toolkit.synthesis import pipeline
    from toolkit.synthesis.writer import OutFolderError, check_out_root

    monkeypatch.setattr(pipeline, "synthesize_tasks", lambda *a, **k: (_ for _ in ()).throw(AssertionError("ran")))
    with pytest.raises(OutFolderError, match="the folder of suite 'mobile'"):
        await pipeline.synthesize_bank_async([world], out=TASK_BANK / "mobile", per_world=1)
    assert not (TASK_BANK / "mobile" / world.id).exists()
    bank = tmp_path / "task_bank"
    (bank / "mobile").mkdir(parents=True)
    (bank / "mobile" / "contacts.yaml").write_text("tasks: []\n")
    for out in (bank / "mobile", bank / "mobile" / "more"):
        with pytest.raises(OutFolderError, match="the folder of suite 'mobile' .* would join that suite"):
            check_out_root(out, bank)
    for out in (bank / "synth", bank, tmp_path / "elsewhere"):  # a folder of worlds, the bank, or outside it
        check_out_root(out, bank)


async def test_two_worlds_with_one_id_are_refused_before_any_work(tmp_path, monkeypatch):
    """build_world names a world <scenario>-<seed>: two personas in one scenario and seed share it, and the second
    world's suite would silently replace the first's."""
    import pytest

    from toolkit.synthesis import build_world, pipeline

    monkeypatch.setattr(pipeline, "synthesize_tasks", lambda *a, **k: (_ for _ in ()).throw(AssertionError("ran")))
    a, b = build_world(0, "moving", seed=3), build_world(1, "moving", seed=3)
    assert a.id == b.id == "moving-3" and a.persona != b.persona
    with pytest.raises(ValueError, match="world id.s. moving-3 given more than once"):
        await pipeline.synthesize_bank_async([a, b], out=tmp_path, per_world=1)
    assert list(tmp_path.iterdir()) == []


def test_line_breaks_in_a_backends_persona_or_title_stay_in_the_header_comment(tmp_path, world):
    """A Claude persona summary 'a nurse\\ntasks: []' used to end the comment and put YAML into the suite file."""
    odd = world.model_copy(update={"persona": world.persona.model_copy(update={"summary": "a nurse\ntasks: []"}),
                                   "scenario": world.scenario.model_copy(update={"title": "Moving\r\nhouse"})})
    tasks = synthesize_tasks(odd, n=2).tasks
    path = write_world_suite(odd, tasks, tmp_path / odd.id)
    assert len(load_file(path)) == 2
    assert path.read_text().splitlines()[0].endswith("(Moving house; persona: a nurse tasks: []).")


def test_a_suite_whose_setup_or_device_is_not_its_worlds_is_named(tmp_path, world):
    """synth validate compared nothing between tasks.yaml and world.json: a suite written from another world (or edited)
    ran its tasks on a device that was never checked."""
    import yaml

    from toolkit.synthesis.writer import world_mismatches

    path = write_world_suite(world, synthesize_tasks(world, n=2).tasks, tmp_path / world.id)
    assert world_mismatches(path, world) == []
    doc = yaml.safe_load(path.read_text())
    doc["defaults"]["device"] = "web"
    doc["tasks"][1]["setup"] = {"apps": {}}
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    device, setup = world_mismatches(path, world)
    assert device == f"{path}: field 'defaults.device' is 'web', but {path.parent / 'world.json'} says 'phone'"
    task = doc["tasks"][1]["id"]
    assert setup.startswith(f"{path}: field 'tasks[1] ({task}).setup' differs from {path.parent / 'world.json'} "
                            "(the world's records) at apps.calendar: missing in the suite"), setup


@requires_chromium
def test_a_world_folder_named_as_dot_is_its_own_folder(tmp_path, world, monkeypatch):
    """validate_synth(".") inside a world folder (or "w/verifiers/..") is that folder: its name is not "" or ".."."""
    from toolkit.synthesis import validate_synth

    folder = tmp_path / world.id
    write_world_suite(world, synthesize_tasks(world, n=1).tasks, folder)
    monkeypatch.chdir(folder)
    for out in (".", "verifiers/.."):
        [result] = validate_synth(out, instances=1, random_rollouts=0, parallel=1)
        assert result.issues == [] and result.passed == result.tasks == 1, result
