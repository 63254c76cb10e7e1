"""GRPO over the shared rollout path: the ``accelerate launch`` entry point.

    accelerate launch --config_file recipes/accelerate/cpu.yaml recipes/train_grpo.py --config recipes/grpo-tiny-cpu.yaml \
        [--max_steps N] [--output_dir DIR] [--resume last|CHECKPOINT] [--overwrite_output_dir]

``--config=FILE`` works too. A recipe that does not load (or train) is one line, ``Error: recipe FILE: ...``, exit 1.

``guigym train --config ... [--max-steps N] [--output-dir DIR]`` does the same in one process. The recipe's
sections (model, tasks, algorithm, sampling, rollout, history, reward, trainer) are read by
``toolkit.training.recipe``; TrlParser exports the recipe's ``env:`` mapping and parses the overrides.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


@dataclass
class ScriptArguments:
    """Command-line overrides of a recipe."""

    max_steps: int | None = field(default=None, metadata={"help": "stop after N optimizer steps"})
    output_dir: str | None = field(default=None, metadata={"help": "checkpoints go to DIR/checkpoint-N and DIR/final"})
    resume: str | None = field(default=None, metadata={"help": "'last' or a checkpoint folder to continue from"})
    overwrite_output_dir: bool = field(default=False, metadata={
        "help": "replace an earlier run in the output dir (default: the recipe's trainer.overwrite_output_dir)"})


USAGE = ("usage: train_grpo.py --config RECIPE.yaml [--max_steps N] [--output_dir DIR] [--resume last|CHECKPOINT] "
         "[--overwrite_output_dir]")


def _config_path(argv: list[str]) -> tuple[str, list[str]]:
    """Return the recipe path of ``--config FILE`` or ``--config=FILE`` and ``argv`` with it as ``--config FILE``
    (the spelling TrlParser looks for)."""
    for i, arg in enumerate(argv):
        if arg == "--config" and i + 1 < len(argv):
            return argv[i + 1], argv
        if arg.startswith("--config="):
            path = arg.split("=", 1)[1]
            return path, [*argv[:i], "--config", path, *argv[i + 1:]]
    raise SystemExit(USAGE)


def main(argv: list[str] | None = None) -> dict:
    from toolkit.training.recipe import check_checkpoint, export_env, load_recipe, train

    config, argv = _config_path(list(sys.argv[1:] if argv is None else argv))
    try:  # before TrlParser, whose own reading of the file would fail with less to say
        recipe = load_recipe(config)
        export_env(recipe)  # before huggingface_hub is imported (TrlParser exports it only after TRL imported it)
        check_checkpoint(recipe, f"recipe {config}")
    except ValueError as exc:
        raise SystemExit(f"Error: {exc}") from None
    from trl import TrlParser

    from toolkit.training.batch import TrainingStop

    # The recipe's sections are not dataclass fields: TrlParser hands them back as remaining strings.
    script_args, _sections, rest = TrlParser(ScriptArguments).parse_args_and_config(
        argv, return_remaining_strings=True, separate_remaining_strings=True)
    if rest:  # e.g. TRL's --learning_rate: the recipe sets it, and the flag would be dropped without a word
        raise SystemExit(f"Error: unknown argument(s) {' '.join(rest)}; {USAGE.removeprefix('usage: ')} (every other "
                         f"setting is a key of the recipe {config})")
    try:
        summary = train(config, script_args.output_dir, script_args.max_steps, resume=script_args.resume,
                        overwrite_output_dir=True if script_args.overwrite_output_dir else None)
    except (ValueError, FileNotFoundError, TrainingStop) as exc:  # what guigym train reports as a one-line error
        raise SystemExit(f"Error: {exc}") from None
    if int(os.environ.get("RANK", "0")) == 0:  # one line per run, from the first rank
        print(json.dumps({k: v for k, v in summary.items() if k != "log_history"}, default=str))
    return summary


if __name__ == "__main__":
    main()
