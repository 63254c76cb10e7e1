"""Resuming from a damaged checkpoint: each refusal names the checkpoint and the file, before any model work.

The checkpoints are stand-in folders holding the files TRL and the toolkit write (a save cut short leaves them
truncated or missing)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("trl")


def _checkpoint(folder, step=1, state=None):
    folder.mkdir(parents=True)
    (folder / "trainer_state.json").write_text(json.dumps({"global_step": step}) if state is None else state)
    (folder / "optimizer.pt").write_bytes(b"")
    return folder


@pytest.mark.parametrize("state, message", [
    ('{"global_st', r"trainer_state\.json \(the trainer's step counters\) cannot be read \(Unterminated string"),
    ("[]", r"trainer_state\.json \(the trainer's step counters\) holds a list, not a JSON object"),
    ("{}", r"trainer_state\.json has global_step None, not a step count"),
    ('{"global_step": "3"}', r"trainer_state\.json has global_step '3', not a step count"),
    ('{"global_step": 3, "max_steps": "x"}', r"trainer_state\.json has max_steps 'x', not a step count"),
])
def test_a_damaged_trainer_state_names_the_checkpoint_and_file(tmp_path, state, message):
    from toolkit.training.resume import find_checkpoint

    out = tmp_path / "run"
    _checkpoint(out / "checkpoint-3", state=state)
    for resume in ("last", out / "checkpoint-3"):
        with pytest.raises(ValueError, match=rf"^--resume {out / 'checkpoint-3'}: {message}.*earlier checkpoint-N"):
            find_checkpoint(out, resume)


def test_last_names_the_newest_complete_checkpoint_when_the_newest_is_partial(tmp_path):
    from toolkit.training.resume import find_checkpoint

    out = tmp_path / "run"
    _checkpoint(out / "checkpoint-2", step=2)
    (out / "checkpoint-4").mkdir()  # the run stopped while saving it
    with pytest.raises(ValueError, match=rf"checkpoint-4: not a trainer checkpoint \(no trainer_state.json\); a save "
                                         rf"cut short\? The newest complete one is {out / 'checkpoint-2'}$"):
        find_checkpoint(out, "last")


@pytest.mark.parametrize("name, text, message", [
    ("guigym_recipe.json", '{"model": ', r"guigym_recipe\.json \(the recipe it was trained with\) cannot be read"),
    ("guigym_state_rank0.json", "not json", r"guigym_state_rank0\.json \(the adaptive sampler's record and trial "
                                            r"counters\) cannot be read"),
    ("guigym_state_rank0.json", '{"sampler": {"mobile-core/contacts.favorite": 4}}',
     r"guigym_state_rank0\.json does not hold a sampler record"),
    ("guigym_state_rank0.json", '{"trials": {"mobile-core/contacts.favorite": "two"}}',
     r"guigym_state_rank0\.json does not hold a sampler record"),
])
def test_damaged_toolkit_files_are_refused_before_the_model_is_built(tmp_path, name, text, message):
    from toolkit.paths import REPO_ROOT
    from toolkit.training.recipe import build_trainer, load_recipe

    recipe = load_recipe(REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml")
    out = tmp_path / "run"
    folder = _checkpoint(out / "checkpoint-1")
    (folder / name).write_text(text)
    with pytest.raises(ValueError, match=rf"^--resume {folder}: {message}"):
        build_trainer(recipe, out, max_steps=2, resume="last")
    assert not (out / "base-model").exists()  # refused before the tiny model was built (and warm-started)


def test_a_resume_may_retitle_the_recipe_but_not_change_what_it_trains(tmp_path):
    """name and description are free text training never reads (a new description was refused as a changed recipe)."""
    from toolkit.training.resume import check_same_recipe

    saved = {"name": "grpo-tiny-cpu", "algorithm": {"group_size": 4}, "trainer": {"max_steps": 2}}
    folder = _checkpoint(tmp_path / "checkpoint-2", step=2)
    (folder / "guigym_recipe.json").write_text(json.dumps(saved))
    check_same_recipe(folder, {**saved, "name": "tiny-longer", "description": "the same run, four more steps",
                               "trainer": {"max_steps": 6}})
    with pytest.raises(ValueError, match=r"algorithm.group_size: 4 -> 8\). A resumed run keeps its settings; only "
                                         r"description, name, trainer.max_steps"):
        check_same_recipe(folder, {**saved, "algorithm": {"group_size": 8}})


def test_checkpoints_are_listed_by_step(tmp_path):
    """train()'s summary lists them this way: by name, checkpoint-10 came before checkpoint-9 (and [-1] was not the
    newest)."""
    from toolkit.training.resume import checkpoints

    for name in ("checkpoint-10", "checkpoint-9", "checkpoint-100", "checkpoint-x"):
        (tmp_path / name).mkdir()
    (tmp_path / "checkpoint-11").write_text("a file")
    assert [p.name for p in checkpoints(tmp_path)] == ["checkpoint-9", "checkpoint-10", "checkpoint-100"]


def test_a_new_run_into_a_folder_holding_a_run_is_refused_unless_it_overwrites(tmp_path):
    """Without --resume, transformers saved the new run's checkpoints over the old run's without a word (and
    --resume last then picked whichever was newest). Refused before any model work; an empty folder, or one holding
    other files, is fine; an overwrite (recipe key or argument) removes the old run's checkpoints, not its
    trajectories."""
    from toolkit.paths import REPO_ROOT
    from toolkit.training.recipe import build_trainer, load_recipe, train
    from toolkit.training.resume import check_output_dir

    recipe = load_recipe(REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml")
    recipe["model"]["tiny"]["warm_start"] = None
    out = tmp_path / "run"
    out.mkdir()
    check_output_dir(out)  # empty
    (out / "notes.txt").write_text("mine")
    (out / "runs").mkdir()
    check_output_dir(out)  # not a run
    _checkpoint(out / "checkpoint-2", step=2)
    _checkpoint(out / "checkpoint-10", step=10)
    with pytest.raises(ValueError, match=rf"^output dir {out}: this folder already holds a run \(checkpoint-2, "
                                         r"checkpoint-10\); pass --resume last to continue it, or give a new output "
                                         r"dir \(or --overwrite-output-dir"):
        build_trainer(recipe, out, max_steps=1)
    with pytest.raises(ValueError, match=rf"^argument 'output_dir': {out}: this folder already holds a run"):
        train(REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml", out, max_steps=1)
    assert not (out / "base-model").exists()  # refused before the tiny model was built
    other = _checkpoint(tmp_path / "other" / "checkpoint-1", step=1)
    with pytest.raises(ValueError, match=rf"^output dir {out}: this folder already holds a run"):
        build_trainer(recipe, out, max_steps=3, resume=other)  # another run's checkpoint, resumed into this folder
    with pytest.raises(ValueError, match=r"--resume last and --overwrite-output-dir together"):
        build_trainer(recipe, out, max_steps=1, resume="last", overwrite_output_dir=True)

    (out / "final").mkdir()
    recipe["trainer"]["overwrite_output_dir"] = True
    trainer = build_trainer(recipe, out, max_steps=1)
    assert trainer.resume_checkpoint is None
    assert sorted(p.name for p in out.iterdir()) == ["base-model", "notes.txt", "runs"]  # the old run's model is gone
    assert len(list((out / "runs").iterdir())) == 1  # this run's store beside the folder's own
