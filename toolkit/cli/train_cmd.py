"""``guigym train``: run a GRPO recipe on the shared rollout path (what ``recipes/train_grpo.py`` runs under accelerate)."""

from __future__ import annotations

import click

from toolkit.cli.common import console, emit_json, fail


@click.command("train")
@click.option("--config", "config", required=True, type=click.Path(exists=True, dir_okay=False), help="a recipe YAML")
@click.option("--max-steps", type=click.IntRange(1), help="stop after N optimizer steps (overrides trainer.max_steps)")
@click.option("--output-dir", type=click.Path(file_okay=False), help="checkpoint-N/ and final/ go here")
@click.option("--resume", help="continue a run: 'last' (the newest checkpoint-N under the output dir) or a checkpoint "
                               "folder; its checkpoints need trainer.save_only_model: false")
@click.option("--overwrite-output-dir", is_flag=True, default=None,
              help="replace an earlier run in the output dir (its checkpoint-N/, final/); without it such a folder is "
                   "refused (default: the recipe's trainer.overwrite_output_dir)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def train_command(config, max_steps, output_dir, resume, overwrite_output_dir, as_json):
    """Train an agent with GRPO: rollouts through the harness and env manager, TRL's loss. The recipe's env: mapping
    is exported as environment variables first (as accelerate launch recipes/train_grpo.py does)."""
    try:
        from toolkit.training.recipe import train
    except ImportError as exc:
        fail(f"training needs the train extra (pip install -e '.[train]'): {exc}")
    # train() checks the recipe and its checkpoint and exports its env: before TRL is imported (batch.py imports
    # no TRL); a stop with a stated reason (no trainable token, the consistency gate) is one line too
    from toolkit.training.batch import TrainingStop

    try:
        summary = train(config, output_dir, max_steps, resume=resume, overwrite_output_dir=overwrite_output_dir)
    except (ValueError, FileNotFoundError, TrainingStop) as exc:
        fail(str(exc))
    except KeyboardInterrupt as exc:
        notes = getattr(exc, "__notes__", None)  # train() says what the run keeps once training has started
        if not notes:
            raise
        fail(f"interrupted: {' '.join(notes)}")
    steps = [h for h in summary["log_history"] if "loss" in h]
    for h in steps:
        console.print(f"step {h.get('step')}: loss {h.get('loss')} reward {h.get('reward')} "
                      f"k3 {h.get('window/k3_train_vs_rollout')} windows {h.get('window/sequences')}")
    console.print(f"final checkpoint: {summary['final']}   trajectories: {summary['run_dir']}")
    if as_json:
        emit_json({k: v for k, v in summary.items() if k != "log_history"} | {"steps_log": steps})
