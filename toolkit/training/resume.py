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

RECIPE_FILE = "guigym_recipe.json"
TRAINER_STATE = "trainer_state.json"
OPTIMIZER = "optimizer.pt"
FINAL = "final"  # the trained model train() saves at the end
SUMMARY = "train_summary.json"
# Recipe keys a resumed run may change: how far to train, how often to save, where the final model goes, and the
# free text training never reads.
MAY_CHANGE = {"trainer.max_steps", "trainer.save_steps", "trainer.output_dir", "trainer.overwrite_output_dir", "name",
              "description"}


def state_file(rank: int) -> str:
    """Return the name of rank ``rank``'s toolkit state file inside a checkpoint."""
    return f"guigym_state_rank{rank}.json"


def _step_of(path: Path) -> int:
    try:
        return int(path.name.rsplit("-", 1)[1])
    except (IndexError, ValueError):
        return -1


def checkpoints(output_dir: str | Path) -> list[Path]:
    """Return the ``checkpoint-N`` folders under ``output_dir``, oldest first (by N: checkpoint-10 after
    checkpoint-9, which name order puts first)."""
    return sorted((p for p in Path(output_dir).glob("checkpoint-*") if p.is_dir() and _step_of(p) >= 0), key=_step_of)


def _read_json(file: Path, shape: type, what: str) -> Any:
    """Return the JSON ``shape`` (dict or list) stored in checkpoint file ``file``; raise ValueError naming the
    checkpoint and the file when it cannot be read, is not JSON (a save cut short) or holds another shape."""
    try:
        data = json.loads(file.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"--resume {file.parent}: {file.name} ({what}) cannot be read "
                         f"({getattr(exc, 'strerror', None) or exc}); the checkpoint is damaged (a save cut short?): "
                         "resume from an earlier checkpoint-N") from None
    if not isinstance(data, shape):
        raise ValueError(f"--resume {file.parent}: {file.name} ({what}) holds a {type(data).__name__}, not a JSON "
                         f"{'object' if shape is dict else 'list'}; the checkpoint is damaged: resume from an earlier "
                         "checkpoint-N")
    return data


def _state(path: Path) -> dict[str, Any]:
    """Return a checkpoint's trainer state, checked to hold an integer ``global_step`` (ValueError naming the file)."""
    state = _read_json(path / TRAINER_STATE, dict, "the trainer's step counters")
    step, saved = state.get("global_step"), state.get("max_steps")
    if isinstance(step, bool) or not isinstance(step, int) or step < 0:
        raise ValueError(f"--resume {path}: {TRAINER_STATE} has global_step {step!r}, not a step count; the checkpoint "
                         "is damaged: resume from an earlier checkpoint-N")
    if saved is not None and (isinstance(saved, bool) or not isinstance(saved, int)):
        raise ValueError(f"--resume {path}: {TRAINER_STATE} has max_steps {saved!r}, not a step count; the checkpoint "
                         "is damaged: resume from an earlier checkpoint-N")
    return state


def find_checkpoint(output_dir: str | Path, resume: str | Path) -> Path:
    """Return the checkpoint folder ``resume`` names (``last``: the newest ``checkpoint-N`` under ``output_dir``).

    Raise ValueError when there is none, or when it cannot be resumed (not a trainer checkpoint, or saved without
    its optimizer state); the message names the folder and the file that is missing.
    """
    out = Path(output_dir)
    if str(resume) == "last":
        found = checkpoints(out)
        if not found:
            raise ValueError(f"--resume last: {out} holds no checkpoint-N folder to resume from")
        path = found[-1]
    else:
        path = Path(resume)
        if not path.is_dir():
            raise ValueError(f"--resume {resume}: no such checkpoint folder")
    if not (path / TRAINER_STATE).is_file():
        inside = checkpoints(path)
        hint = (f"; it is a run's output dir: give one of its checkpoints ({inside[-1]}), or --resume last with it as "
                "the output dir") if inside else ""
        if str(resume) == "last":  # the newest is partial (a run stopped while saving it): name an earlier one
            whole = [p for p in found[:-1] if (p / TRAINER_STATE).is_file()]
            hint = f"; a save cut short? The newest complete one is {whole[-1]}" if whole else ""
        raise ValueError(f"--resume {path}: not a trainer checkpoint (no {TRAINER_STATE}){hint}")
    if not (path / OPTIMIZER).is_file():
        raise ValueError(f"--resume {path}: the checkpoint holds only the model (no {OPTIMIZER}): it was saved with "
                         "trainer.save_only_model true. Set trainer.save_only_model: false in the recipe to write "
                         "resumable checkpoints, or start a new run from its weights with model.checkpoint")
    _state(path)
    return path


def previous_run(output_dir: str | Path) -> list[str]:
    """Return what an earlier run left in ``output_dir`` that a new run would overwrite: its ``checkpoint-N`` folders,
    ``final/`` and ``train_summary.json`` (names, checkpoints by step; empty for a missing, empty or other folder)."""
    out = Path(output_dir)
    left = [p.name for p in checkpoints(out)]
    left += [name for name in (FINAL, SUMMARY) if (out / name).exists()]
    return left


def check_output_dir(output_dir: str | Path, source: str | None = None) -> None:
    """Raise ValueError when ``output_dir`` holds an earlier run (:func:`previous_run`): transformers would save the
    new run's checkpoints over its checkpoints without a word, and ``--resume last`` would then mix the two runs.
    The message names the folder and the ways on: resume it, another folder, or overwrite it on purpose."""
    left = previous_run(output_dir)
    if left:
        shown = ", ".join(left[:4]) + (f" and {len(left) - 4} more" if len(left) > 4 else "")
        raise ValueError(f"{source or f'output dir {output_dir}'}: this folder already holds a run ({shown}); pass "
                         "--resume last to continue it, or give a new output dir (or --overwrite-output-dir, recipe "
                         "key trainer.overwrite_output_dir: true, to replace that run)")


def clear_previous_run(output_dir: str | Path) -> list[str]:
    """Remove what an earlier run left in ``output_dir`` (:func:`previous_run`; its trajectories under ``runs/`` stay)
    and return the names removed: a run that overwrites the folder on purpose leaves no stale checkpoint-N behind
    for ``--resume last`` to pick up."""
    import shutil

    out = Path(output_dir)
    left = previous_run(out)
    for name in left:
        path = out / name
        # another node's first rank may clear the same shared folder at once (save_on_each_node on a shared disk)
        shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    return left


def stop_note(output_dir: str | Path, step: int, run_dir: Path | None) -> str:
    """Return what a run that stopped early (an error, Ctrl-C) keeps: the step it reached, its trajectories and the
    newest checkpoint to resume from (or why there is none)."""
    out = Path(output_dir)
    found = checkpoints(out)
    resumable = [p for p in found if (p / TRAINER_STATE).is_file() and (p / OPTIMIZER).is_file()]
    note = f"stopped after {step} optimizer step(s)" + (f"; trajectories kept in {run_dir}" if run_dir else "")
    if resumable:
        return f"{note}; continue from {resumable[-1]} with --resume last (output dir {out})"
    if found:
        return f"{note}; {found[-1]} holds only the model (trainer.save_only_model true): not resumable"
    return f"{note}; no checkpoint was saved yet (trainer.save_steps)"


def checkpoint_step(path: Path) -> int:
    """Return the optimizer step a checkpoint was saved at."""
    return int(_state(path)["global_step"])


def schedule_change(path: Path, max_steps: int) -> str | None:
    """Return a warning when resuming checkpoint ``path`` with a ``max_steps`` other than the one it was saved for,
    or None. The linear schedule is then recomputed for the new length (docs/training.md, "Resuming"): the first
    resumed step still uses the saved rate (0 after a finished schedule) and later ones jump to the new decay."""
    state = _state(path)
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
    saved = _flatten(_read_json(saved_file, dict, "the recipe it was trained with"))
    now = _flatten(json.loads(json.dumps(recipe, default=str)))  # the same JSON round trip as the saved copy
    changed = sorted(k for k in set(saved) | set(now) if k not in MAY_CHANGE and saved.get(k) != now.get(k))
    if changed:
        detail = "; ".join(f"{k}: {saved.get(k)!r} -> {now.get(k)!r}" for k in changed[:6])
        raise ValueError(f"--resume {path}: the recipe differs from the one this checkpoint was trained with ({detail}"
                         f"{'; ...' if len(changed) > 6 else ''}). A resumed run keeps its settings; only "
                         f"{', '.join(sorted(MAY_CHANGE))} may change")


def read_toolkit_state(path: Path, rank: int) -> dict[str, Any] | None:
    """Return rank ``rank``'s sampler record and trial counters saved in checkpoint ``path`` (None if it saved
    none), checked before any model work: ValueError naming the file when it is damaged."""
    file = path / state_file(rank)
    if not file.is_file():
        return None
    state = _read_json(file, dict, "the adaptive sampler's record and trial counters")
    sampler, trials = state.get("sampler", {}), state.get("trials", {})

    def count(n: Any) -> bool:
        return isinstance(n, int) and not isinstance(n, bool) and n >= 0

    good = (isinstance(sampler, dict) and isinstance(trials, dict)
            and all(isinstance(e, list) and len(e) == 2 and all(count(n) for n in e) for e in sampler.values())
            and all(count(n) for n in trials.values()))
    if not good:
        raise ValueError(f"--resume {path}: {file.name} does not hold a sampler record (task: [attempts, successes]) "
                         "and trial counts (task: count); the checkpoint is damaged: resume from an earlier checkpoint-N")
    return {"sampler": {t: list(e) for t, e in sampler.items()}, "trials": dict(trials)}


def load_toolkit_state(state: dict[str, Any] | None, trainer: Any) -> None:
    """Restore this rank's sampler record and trial counters (what :func:`read_toolkit_state` returned)."""
    if state is None:
        return
    trainer.sampler.record = state["sampler"]
    trainer._trials = state["trials"]
