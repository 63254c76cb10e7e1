"""GRPO over the shared rollout path: the ``accelerate launch`` entry point.

    accelerate launch --config_file recipes/accelerate/cpu.yaml recipes/train_grpo.py --config recipes/grpo-tiny-cpu.yaml \
        [--max_steps N] [--output_dir DIR] [--resume last|CHECKPOINT]

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


def main(argv: list[str] | None = None) -> dict:
    from trl import TrlParser

    from toolkit.training.recipe import train

    argv = list(sys.argv[1:] if argv is None else argv)
    if "--config" not in argv:
        raise SystemExit("usage: train_grpo.py --config RECIPE.yaml [--max_steps N] [--output_dir DIR] [--resume last|CHECKPOINT]")
    config = argv[argv.index("--config") + 1]
    # The recipe's sections are not dataclass fields: TrlParser hands them back as remaining strings.
    script_args, _sections, _rest = TrlParser(ScriptArguments).parse_args_and_config(
        argv, return_remaining_strings=True, separate_remaining_strings=True)
    summary = train(config, script_args.output_dir, script_args.max_steps, resume=script_args.resume)
    if int(os.environ.get("RANK", "0")) == 0:  # one line per run, from the first rank
        print(json.dumps({k: v for k, v in summary.items() if k != "log_history"}, default=str))
    return summary


if __name__ == "__main__":
    main()
