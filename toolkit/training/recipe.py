"""Training recipes: one YAML (model / tasks / algorithm / sampling / rollout / history / reward / trainer)
turned into a :class:`GuiGRPOTrainer` and run. Shared by ``guigym train`` and ``recipes/train_grpo.py``.

The pieces live by responsibility: the recipe's keys and values in :mod:`~toolkit.training.schema`, its TRL
settings in :mod:`~toolkit.training.grpo_args`, the model in :mod:`~toolkit.training.model_setup`, the length
check in :mod:`~toolkit.training.lengths`; they are importable from here too.
"""

from __future__ import annotations

import copy
import json
import logging
import os
from pathlib import Path
from typing import Any

import yaml

from toolkit.paths import out_folder_problem
from toolkit.strict_yaml import load_strict
from toolkit.training.grpo_args import check_pool_size, grpo_config, model_dtype
from toolkit.training.lengths import check_total_length, window_floor
from toolkit.training.model_setup import build_model, check_checkpoint, warm_start, warm_tiny
from toolkit.training.schema import SECTIONS, pool_splits, recipe_sections

__all__ = ["RECIPE_ERRORS", "SECTIONS", "build_model", "build_trainer", "check_checkpoint", "check_pool_size",
           "check_total_length", "export_env", "grpo_config", "load_recipe", "model_dtype", "train", "warm_start",
           "window_floor"]

log = logging.getLogger(__name__)

#: How the errors about a recipe's own keys begin (pools.py, schema.py): :func:`train` adds the file to them.
RECIPE_ERRORS = ("tasks.pools", "recipe key", "recipe has no tasks", "the task pool has")


def load_recipe(path: str | Path) -> dict[str, Any]:
    """Return a recipe's sections. Unknown keys at any depth and unsupported values are a ValueError naming the key
    path (``env`` is allowed: TrlParser exports it as environment variables)."""
    try:
        data = load_strict(Path(path).read_text()) or {}
    except OSError as exc:
        raise ValueError(f"recipe {path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:  # a ValueError that named no file
        raise ValueError(f"recipe {path}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from None
    except yaml.YAMLError as exc:
        raise ValueError(f"recipe {path}: not valid YAML ({' '.join(str(exc).split())})") from None
    return recipe_sections(data, f"recipe {path}")


def export_env(recipe: dict[str, Any]) -> None:
    """Export the recipe's ``env:`` mapping as environment variables, as TrlParser does under ``accelerate launch``
    (values as strings), so ``guigym train`` and ``recipes/train_grpo.py`` run with the same environment. Called
    before huggingface_hub is imported, which reads its cache location (HF_HOME, HF_HUB_CACHE) once at import."""
    for name, value in (recipe.get("env") or {}).items():
        os.environ[str(name)] = str(value)


def build_trainer(recipe: dict[str, Any], output_dir: str | Path, max_steps: int | None = None,
                  resume: str | Path | None = None, output_source: str | None = None,
                  overwrite_output_dir: bool | None = None):
    """Return a ready :class:`GuiGRPOTrainer` for ``recipe`` writing under ``output_dir``; with ``resume`` (``last``
    or a checkpoint folder) it continues that checkpoint's run (``trainer.resume_checkpoint``, what
    :func:`train` passes to ``trainer.train``). The recipe, the task pool, the env config and the checkpoint are
    checked before any model is built or loaded (ValueError; ``output_source`` is how the output dir is named in
    errors, default ``output dir <path>``). Without ``resume``, an output dir that holds an earlier run (checkpoints,
    ``final/``) is refused unless ``overwrite_output_dir`` (None: ``trainer.overwrite_output_dir``, default false),
    which removes that run's checkpoints first."""
    from toolkit.training.resume import (check_output_dir, check_same_recipe, checkpoint_step, clear_previous_run,
                                         find_checkpoint, load_toolkit_state, read_toolkit_state, schedule_change)

    recipe = recipe_sections(recipe)  # a dict built in code gets load_recipe's checks and empty sections too
    out = Path(output_dir)
    if overwrite_output_dir and resume is not None:
        raise ValueError(f"--resume {resume} and --overwrite-output-dir together: a resume continues the run in "
                         f"{out}, an overwrite replaces it; pass one of them")
    overwrite = bool(recipe["trainer"].get("overwrite_output_dir", False) if overwrite_output_dir is None
                     else overwrite_output_dir)
    # The output dir is checked before TRL, transformers and datasets are imported (seconds): a folder in the way
    # or holding a run is one line at once.
    problem = out_folder_problem(out, "the training run")  # a file in the way was a bare "Not a directory"
    if problem:  # it starts with the folder, which output_source names already
        raise ValueError(f"{output_source or f'output dir {out}'}{problem.removeprefix(str(out))}")
    if resume is None and not overwrite:
        check_output_dir(out, output_source)

    from datasets import Dataset
    from transformers import AutoModelForImageTextToText

    from toolkit.harness import HarnessConfig, HistoryConfig
    from toolkit.manifest import run_manifest
    from toolkit.models.tiny import load_processor
    from toolkit.store import RunStore
    from toolkit.training.pools import env_factory, select_tasks
    from toolkit.training.sampler import AdaptiveSampler
    from toolkit.training.trainer import GuiGRPOTrainer, ToolkitStateCallback

    args = grpo_config(recipe, out, max_steps)
    check_checkpoint(recipe)
    specs = select_tasks(recipe)
    check_pool_size(len(specs), args)
    make_env = env_factory(recipe, specs)
    recipe = copy.deepcopy(recipe)  # what the manifest records: each pool's splits made explicit
    for i, pool in enumerate(recipe["tasks"]["pools"]):
        pool["split"] = list(pool_splits(pool, i))
    resume_from = saved_state = None
    if resume is not None:
        resume_from = find_checkpoint(out, resume)
        done = checkpoint_step(resume_from)
        if done >= args.max_steps:
            raise ValueError(f"--resume {resume_from}: the checkpoint is at step {done} and max_steps is {args.max_steps}; "
                             f"pass --max-steps above {done} to train further")
        check_same_recipe(resume_from, recipe)
        saved_state = read_toolkit_state(resume_from, args.process_index)
        change = schedule_change(resume_from, args.max_steps)
        if change:
            log.warning(change)
    if resume_from is None and overwrite:  # (the recipe's overwrite is ignored by a resume, which replaces nothing)
        if args.should_save:  # every rank that saves checkpoints clears its disk's copy (save_on_each_node)
            removed = clear_previous_run(out)
            if removed:
                log.warning("overwriting the run in %s: removed %s", out, ", ".join(removed))
    elif resume_from is not None and resume_from.parent.resolve() != out.resolve():
        # transformers would save over the earlier run's checkpoints without a word (a resume from another folder's
        # checkpoint too; a new run's folder was checked above)
        check_output_dir(out, output_source)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"{output_source or f'output dir {out}'}: cannot create this folder "
                         f"({exc.strerror or exc})") from None
    # Under `accelerate launch` every rank runs this: the first rank of each node builds the model, the others wait
    # for it and load the same files. A resumed run reuses the base model already built (its weights come from the
    # checkpoint; the base stays what `final` is compared with).
    m = recipe["model"]
    build = args.local_process_index == 0 and not (resume_from is not None and (out / "base-model").is_dir())
    with args.main_process_first(local=True, desc="the model to train"):
        ckpt = build_model(recipe, out, build=build, warm=False)
    try:  # a folder with config.json but without its processor or weights (copied in part)
        processor = load_processor(ckpt)
        check_total_length(recipe, processor, {s.device for s in specs.values()})
        with args.main_process_first(local=True, desc="the warm start"):  # after the check: it trains the model
            if build:
                warm_tiny(recipe, ckpt)
        model = AutoModelForImageTextToText.from_pretrained(ckpt, dtype=model_dtype(recipe, args))
    except OSError as exc:
        raise ValueError(f"recipe key 'model.checkpoint' is {str(m.get('checkpoint', 'tiny'))!r}: {ckpt} does not "
                         f"load ({str(exc).splitlines()[0]})") from None

    rows = [{"prompt": task, "task_id": task} for task in sorted(specs)]
    h = recipe["history"]
    harness_config = HarnessConfig(format=m.get("format", "text-v1"), coords=m.get("coords"),
                                   history=HistoryConfig(mode="window", window=int(h.get("window", 10)),
                                                         overlap=int(h.get("overlap", 2))),
                                   loop_limit=int(recipe["rollout"].get("loop_limit", 3)))
    s, ro, tr = recipe["sampling"], recipe["rollout"], recipe["trainer"]
    store = RunStore.create(run_manifest(purpose="train", agent="hf-tokens", suites=sorted({p["suite"] for p in recipe["tasks"]["pools"]}),
                                         tasks=sorted(specs), trials=int(recipe["algorithm"].get("group_size", 8)),
                                         seed=int(tr.get("seed", 0)), parallel=int(ro.get("concurrency", 4)), model=str(ckpt),
                                         model_name=None, harness=harness_config.as_dict(), recipe=recipe,
                                         rank=args.process_index, world_size=args.world_size,
                                         resumed_from=str(resume_from) if resume_from else None),
                            root=out / "runs", run_id=_rank_run_id(args))
    trainer = GuiGRPOTrainer(
        model=model, args=args, train_dataset=Dataset.from_list(rows), processing_class=processor,
        specs=specs, env_factory=make_env, harness_config=harness_config, store=store,
        sampler=AdaptiveSampler(success_threshold=float(s.get("success_threshold", 0.8)),
                                fail_budget=int(s.get("fail_budget", 4)), mastered_budget=int(s.get("mastered_budget", 2))),
        reward_kind=recipe["reward"].get("kind", "verifier"), max_new_tokens=int(ro.get("max_new_tokens", 64)),
        max_turns=ro.get("max_turns"), concurrency=int(ro.get("concurrency", 4)),
        k3_threshold=float(tr.get("k3_threshold", 1e-3)), windowwise=bool(h.get("windowwise_train", True)),
        run_seed=int(tr.get("seed", 0)), max_total_length=int(ro.get("max_total_length", 8192)))
    trainer.add_callback(ToolkitStateCallback(trainer, recipe))
    trainer.resume_checkpoint = resume_from
    if resume_from is not None:
        load_toolkit_state(saved_state, trainer)
    return trainer


def _rank_run_id(args) -> str | None:
    """Return the run id of this rank's trajectories: a fresh id on one process; with several, each rank writes its own
    run folder, named after the rank and sharing one id (rank 0's id, broadcast)."""
    if args.world_size <= 1:
        return None
    from accelerate.utils import broadcast_object_list

    from toolkit.store import new_run_id

    [base] = broadcast_object_list([new_run_id("hf-tokens") if args.process_index == 0 else None], from_process=0)
    return f"{base}-rank{args.process_index}"


def train(recipe_path: str | Path, output_dir: str | Path | None = None, max_steps: int | None = None,
          resume: str | Path | None = None, overwrite_output_dir: bool | None = None) -> dict[str, Any]:
    """Run a recipe (``resume``: continue from ``last`` checkpoint under the output dir, or from a checkpoint
    folder; ``overwrite_output_dir``: replace an earlier run there, None: ``trainer.overwrite_output_dir``) with
    its ``env:`` exported; return a summary (output dir, final checkpoint, run store, log history)."""
    recipe = load_recipe(recipe_path)
    export_env(recipe)  # first: HF_HOME / HF_HUB_CACHE there decide which cache the checkpoint is looked up in
    check_checkpoint(recipe, f"recipe {recipe_path}")
    out = Path(output_dir or recipe["trainer"].get("output_dir") or f"outputs/{Path(recipe_path).stem}")
    if output_dir:  # the caller's argument (the CLI says it as its --output-dir flag)
        source = f"argument 'output_dir': {out}"
    elif recipe["trainer"].get("output_dir"):
        source = f"recipe {recipe_path}: recipe key 'trainer.output_dir' is {str(out)!r}"
    else:
        source = None
    try:
        trainer = build_trainer(recipe, out, max_steps, resume=resume, output_source=source,
                                overwrite_output_dir=overwrite_output_dir)
    except ValueError as exc:  # a pool or key error names its key path; say which file holds it
        if str(exc).startswith(RECIPE_ERRORS):
            raise ValueError(f"recipe {recipe_path}: {exc}") from None
        raise
    from toolkit.training.batch import TrainingStop
    from toolkit.training.resume import checkpoints, stop_note

    resumed = trainer.resume_checkpoint
    try:
        trainer.train(resume_from_checkpoint=str(resumed) if resumed else None)
    except (TrainingStop, KeyboardInterrupt) as exc:  # say what the run keeps and how to go on from it
        note = stop_note(out, int(trainer.state.global_step), trainer.store.dir if trainer.store else None)
        if isinstance(exc, KeyboardInterrupt):
            exc.add_note(note)
            raise
        raise type(exc)(f"{exc}. {note[0].upper()}{note[1:]}") from None
    if trainer.state.global_step == 0:  # never ship the untrained base model as `final`
        raise ValueError(f"training ended after 0 optimizer steps (no batch reached the optimizer); nothing saved as "
                         f"{out / 'final'}. Check trainer.max_steps and that the task pool fills one generation")
    final = out / "final"
    trainer.save_model(str(final))
    summary = {"output_dir": str(out), "final": str(final), "run_dir": str(trainer.store.dir) if trainer.store else None,
               "checkpoints": [p.name for p in checkpoints(out)], "steps": int(trainer.state.global_step),
               "log_history": trainer.state.log_history, "consistency": trainer.consistency_log,
               "resumed_from": str(resumed) if resumed else None}
    if trainer.args.should_save:  # one summary per saving disk (each rank's trajectories are in its run folder)
        (out / "train_summary.json").write_text(json.dumps(summary, indent=1, default=str))
    return summary
