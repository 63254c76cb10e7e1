"""Resuming a GRPO run from one of its checkpoints.

TRL's trainer restores what it saved (weights, optimizer, scheduler, RNG states, step counters) when a
checkpoint holds them, which needs ``trainer.save_only_model: false``. Beside them every checkpoint gets the
toolkit's own state, which TRL does not know about: the recipe it was trained with and, per rank, the adaptive
sampler's success record and the per-task trial counters. A resume refuses a checkpoint that cannot be resumed or
a recipe that changed anything but how long to train and how often to save.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

RECIPE_FILE = "guigym_recipe.json"
TRAINER_STATE = "trainer_state.json"
OPTIMIZER = "optimizer.pt"
# Recipe keys a resumed run may change: how far to train, how often to save, where the final model goes.
MAY_CHANGE = {"trainer.max_steps", "trainer.save_steps", "trainer.output_dir"}


def state_file(rank: int) -> str:
    """Return the name of rank ``rank``'s toolkit state file inside a checkpoint."""
    return f"guigym_state_rank{rank}.json"


def _step_of(path: Path) -> int:
    try:
        return int(path.name.rsplit("-", 1)[1])
    except (IndexError, ValueError):
        return -1


def find_checkpoint(output_dir: str | Path, resume: str | Path) -> Path:
    """Return the checkpoint folder ``resume`` names (``last``: the newest ``checkpoint-N`` under ``output_dir``).

    Raise ValueError when there is none, or when it cannot be resumed (not a trainer checkpoint, or saved without
    its optimizer state); the message names the folder and the file that is missing.
    """
    out = Path(output_dir)
    if str(resume) == "last":
        found = sorted((p for p in out.glob("checkpoint-*") if p.is_dir() and _step_of(p) >= 0), key=_step_of)
        if not found:
            raise ValueError(f"--resume last: {out} holds no checkpoint-N folder to resume from")
        path = found[-1]
    else:
        path = Path(resume)
        if not path.is_dir():
            raise ValueError(f"--resume {resume}: no such checkpoint folder")
    if not (path / TRAINER_STATE).is_file():
        inside = sorted((p for p in path.glob("checkpoint-*") if p.is_dir() and _step_of(p) >= 0), key=_step_of)
        hint = (f"; it is a run's output dir: give one of its checkpoints ({inside[-1]}), or --resume last with it as "
                "the output dir") if inside else ""
        raise ValueError(f"--resume {path}: not a trainer checkpoint (no {TRAINER_STATE}){hint}")
    if not (path / OPTIMIZER).is_file():
        raise ValueError(f"--resume {path}: the checkpoint holds only the model (no {OPTIMIZER}): it was saved with "
                         "trainer.save_only_model true. Set trainer.save_only_model: false in the recipe to write "
                         "resumable checkpoints, or start a new run from its weights with model.checkpoint")
    return path


def checkpoint_step(path: Path) -> int:
    """Return the optimizer step a checkpoint was saved at."""
    return int(json.loads((path / TRAINER_STATE).read_text())["global_step"])


def schedule_change(path: Path, max_steps: int) -> str | None:
    """Return a warning when resuming checkpoint ``path`` with a ``max_steps`` other than the one it was saved for,
    or None. The linear schedule is then recomputed for the new length (docs/training.md, "Resuming"): the first
    resumed step still uses the saved rate (0 after a finished schedule) and later ones jump to the new decay."""
    state = json.loads((path / TRAINER_STATE).read_text())
    saved, step = state.get("max_steps"), int(state["global_step"])
    if not saved or int(saved) == max_steps:
        return None
    where = "after its schedule had ended (learning rate 0)" if step >= int(saved) else f"at step {step} of {saved}"
    return (f"resuming {path.name}, saved {where}, with max_steps {max_steps}: the learning-rate decay is recomputed "
            f"for {max_steps} steps, so the rate of step {step + 2} is {1 - (step + 1) / max_steps:.3g}x learning_rate "
            f"(the saved schedule would have given {max(0.0, 1 - (step + 1) / int(saved)):.3g}x). To keep one schedule, "
            "set the final trainer.max_steps from the start and stop early")


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        flat: dict[str, Any] = {}
        for key, sub in value.items():
            flat.update(_flatten(sub, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix: value}


def check_same_recipe(path: Path, recipe: dict[str, Any]) -> None:
    """Raise ValueError naming each recipe key whose value differs from the one checkpoint ``path`` was trained
    with (apart from :data:`MAY_CHANGE`). A checkpoint without a saved recipe is not checked."""
    saved_file = path / RECIPE_FILE
    if not saved_file.is_file():
        return
    saved = _flatten(json.loads(saved_file.read_text()))
    now = _flatten(json.loads(json.dumps(recipe, default=str)))  # the same JSON round trip as the saved copy
    changed = sorted(k for k in set(saved) | set(now) if k not in MAY_CHANGE and saved.get(k) != now.get(k))
    if changed:
        detail = "; ".join(f"{k}: {saved.get(k)!r} -> {now.get(k)!r}" for k in changed[:6])
        raise ValueError(f"--resume {path}: the recipe differs from the one this checkpoint was trained with ({detail}"
                         f"{'; ...' if len(changed) > 6 else ''}). A resumed run keeps its settings; only "
                         f"{', '.join(sorted(MAY_CHANGE))} may change")


def load_toolkit_state(path: Path, trainer: Any) -> None:
    """Restore this rank's sampler record and trial counters from checkpoint ``path`` (if it saved them)."""
    file = path / state_file(trainer.args.process_index)
    if not file.is_file():
        return
    state = json.loads(file.read_text())
    trainer.sampler.record = {task: list(entry) for task, entry in state.get("sampler", {}).items()}
    trainer._trials = {task: int(n) for task, n in state.get("trials", {}).items()}


class ToolkitStateCallback(TrainerCallback):
    """Write the recipe (first rank) and each rank's sampler record and trial counters into every checkpoint."""

    def __init__(self, trainer: Any, recipe: dict[str, Any]):
        self.trainer = trainer
        self.recipe = recipe

    def on_save(self, args, state, control, **kwargs):  # noqa: ARG002 - TrainerCallback's signature
        folder = Path(args.output_dir) / f"checkpoint-{state.global_step}"
        if not folder.is_dir():  # the trainer saved elsewhere (a custom save); nothing to add to
            return
        if args.process_index == 0:
            (folder / RECIPE_FILE).write_text(json.dumps(self.recipe, indent=1, default=str))
        data = {"step": state.global_step, "sampler": self.trainer.sampler.record, "trials": self.trainer._trials}
        (folder / state_file(args.process_index)).write_text(json.dumps(data, indent=1))
