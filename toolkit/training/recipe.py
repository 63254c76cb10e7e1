"""Training recipes: one YAML (model / tasks / algorithm / sampling / rollout / history / reward / trainer)
turned into a :class:`GuiGRPOTrainer` and run. Shared by ``guigym train`` and ``recipes/train_grpo.py``.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

import yaml

from toolkit.paths import REPO_ROOT
from toolkit.strict_yaml import load_strict
from toolkit.training.schema import clip_range, pool_splits, validate_recipe

log = logging.getLogger(__name__)

#: How the errors about a recipe's own keys begin (pools.py, schema.py): :func:`train` adds the file to them.
RECIPE_ERRORS = ("tasks.pools", "recipe key", "recipe has no tasks", "the task pool has")
SECTIONS = ("model", "tasks", "algorithm", "sampling", "rollout", "history", "reward", "trainer")


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
    validate_recipe(data, f"recipe {path}")
    for s in SECTIONS:
        if data.get(s) is None:
            data[s] = {}
    return data


def _loss_settings(algo: dict[str, Any]) -> dict[str, Any]:
    name = algo.get("name", "grpo")
    per_token = algo.get("per_token_loss", True)
    epsilon, epsilon_high = clip_range(algo)
    out: dict[str, Any] = {"epsilon": epsilon}
    if name == "dapo":
        out.update(loss_type="dapo", epsilon_high=epsilon_high)
    elif name == "gspo":  # a per-sequence mean (GSPO's objective); pad rows are taken out by the trainer
        out.update(loss_type="grpo", importance_sampling_level="sequence", epsilon_high=epsilon_high)
    elif name == "grpo":
        out.update(loss_type="dapo" if per_token else "grpo")
        if epsilon_high is not None:
            out["epsilon_high"] = epsilon_high
    else:
        raise ValueError(f"unknown algorithm {name!r}; expected grpo, dapo or gspo")
    if algo.get("loss_type"):
        out["loss_type"] = algo["loss_type"]
    return out


def _refuse_sharding() -> None:
    """Raise when launched with DeepSpeed or FSDP: rollouts call generate() on the unwrapped model a rank-dependent
    number of times, which needs whole (unsharded) parameters on every rank."""
    for var, what in (("ACCELERATE_USE_DEEPSPEED", "DeepSpeed"), ("ACCELERATE_USE_FSDP", "FSDP")):
        if os.environ.get(var, "false").lower() in ("1", "true", "yes"):
            raise ValueError(f"{what} is not supported by the training path: rollouts generate with the trainer's own "
                             "weights a different number of times on each rank, so sharded parameters (ZeRO-3, FSDP) "
                             "would hang, and deepspeed is not a dependency. Launch with recipes/accelerate/"
                             "single_gpu.yaml or multi_gpu.yaml (DDP)")


def grpo_config(recipe: dict[str, Any], output_dir: str | Path, max_steps: int | None = None):
    """Return the GRPOConfig of a recipe."""
    import torch
    from trl import GRPOConfig

    algo, tr, ro = recipe["algorithm"], recipe["trainer"], recipe["rollout"]
    validate_recipe(recipe)  # recipes edited in code after load_recipe are checked too
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
        # transformers reads max_steps <= 0 as "train num_train_epochs (3) epochs instead"
        raise ValueError(f"the step limit (--max-steps, --max_steps) is {max_steps!r}; expected an integer >= 1")
    _refuse_sharding()
    G = int(algo.get("group_size", 8))
    tasks_per_step = int(tr.get("tasks_per_step", 1))
    device = tr.get("device") or "auto"
    if device == "cuda" and not torch.cuda.is_available():
        raise ValueError("recipe key 'trainer.device' is 'cuda', but torch sees no CUDA GPU; use auto or cpu")
    cpu = device == "cpu" or not torch.cuda.is_available()
    kwargs: dict[str, Any] = dict(
        output_dir=str(output_dir), num_generations=G, per_device_train_batch_size=G * tasks_per_step,
        steps_per_generation=int(tr.get("steps_per_generation", 1)), gradient_accumulation_steps=int(tr.get("gradient_accumulation_steps", 1)),
        learning_rate=float(algo.get("learning_rate", 1e-6)), beta=float(algo.get("kl_loss_coef", 0.0)),
        entropy_coef=float(algo.get("entropy_coef", 0.0)),
        temperature=float(ro.get("temperature", 1.0)), max_completion_length=int(ro.get("max_total_length", 8192)),
        max_steps=int(max_steps if max_steps is not None else tr.get("max_steps", 100)),
        save_strategy="steps", save_steps=int(tr.get("save_steps", 50)), logging_steps=1, report_to="none",
        remove_unused_columns=False, bf16=not cpu and tr.get("dtype", "bfloat16") == "bfloat16", use_cpu=cpu,
        activation_checkpointing=bool(tr.get("gradient_checkpointing", not cpu)), seed=int(tr.get("seed", 0)),
        scale_rewards=tr.get("scale_rewards", "group"), use_bias_correction_kl=bool(algo.get("use_bias_correction_kl", False)),
        # by default the weights only; save_only_model: false adds optimizer, scheduler and RNG state (resumable)
        dataloader_num_workers=0, save_only_model=bool(tr.get("save_only_model", True)),
        **_loss_settings(algo))
    return GRPOConfig(**kwargs)


def build_model(recipe: dict[str, Any], output_dir: Path, build: bool = True) -> Path:
    """Return the checkpoint folder to train (``checkpoint: tiny`` builds a tiny Qwen3-VL under the output dir;
    with ``build`` False only its path, for the ranks that load what their node's first rank built)."""
    m = recipe["model"]
    ckpt = str(m.get("checkpoint", "tiny"))
    if ckpt == "tiny":
        from toolkit.models.tiny import build_tiny_qwen3vl

        if not build:
            return output_dir / "base-model"
        tiny = m.get("tiny") or {}  # tiny: null is its defaults, as an empty section is
        path = build_tiny_qwen3vl(output_dir / "base-model", seed=int(tiny.get("seed", 0)),
                                  max_pixels=int(tiny.get("max_pixels", 64 * 64 * 4)))
        if tiny.get("warm_start"):
            warm_start(path, list(tiny["warm_start"]), steps=int(tiny.get("warm_start_steps", 30)))
        return path
    return _checkpoint_path(ckpt)


def _checkpoint_path(ckpt: str) -> Path:
    """Return a local checkpoint's folder (relative paths: from the working directory, else from the repository), or
    ``ckpt`` itself (a hub id) when no such folder exists."""
    path = Path(ckpt)
    return path if path.is_absolute() or path.exists() else (REPO_ROOT / path if (REPO_ROOT / path).exists() else path)


def check_checkpoint(recipe: dict[str, Any], source: str = "recipe") -> None:
    """Raise ValueError naming ``model.checkpoint`` when it is neither ``tiny``, a model folder (one holding
    ``config.json``) nor a Hugging Face hub id already in the local cache, before any model or env work."""
    ckpt = str((recipe.get("model") or {}).get("checkpoint", "tiny"))
    if ckpt == "tiny":
        return
    path = _checkpoint_path(ckpt)
    where = f"{source}: recipe key 'model.checkpoint' is {ckpt!r}"
    if path.exists():
        if not path.is_dir():
            raise ValueError(f"{where}, a file; expected tiny or a model folder (one holding config.json)")
        if not (path / "config.json").is_file():
            raise ValueError(f"{where}: {path} is not a model folder (no config.json); give the folder a checkpoint was "
                             "saved to (e.g. <output_dir>/final or <output_dir>/checkpoint-N), or tiny")
        return
    from huggingface_hub import try_to_load_from_cache

    hub_id = re.fullmatch(r"[\w.-]+/[\w.-]+", ckpt) is not None
    if hub_id and isinstance(try_to_load_from_cache(ckpt, "config.json"), str):
        return
    raise ValueError(f"{where}: no such folder{', nor a hub id in the local Hugging Face cache' if hub_id else ''}; "
                     f"expected tiny, a model folder{' or a cached hub id (huggingface-cli download ' + ckpt + ')' if hub_id else ''}")


def export_env(recipe: dict[str, Any]) -> None:
    """Export the recipe's ``env:`` mapping as environment variables, as TrlParser does under ``accelerate launch``
    (values as strings), so ``guigym train`` and ``recipes/train_grpo.py`` run with the same environment. Called
    before huggingface_hub is imported, which reads its cache location (HF_HOME, HF_HUB_CACHE) once at import."""
    for name, value in (recipe.get("env") or {}).items():
        os.environ[str(name)] = str(value)


def warm_start(path: Path, outputs: list[str], steps: int = 30, lr: float = 1e-2) -> None:
    """Teach a tiny random model to answer with one of ``outputs`` (a mixture, so GRPO groups have reward variance).

    Teacher forcing on the harness's system prompt, a task line and a screenshot-free user turn, loss on the answer
    only; saved in place.
    """
    import torch
    from transformers import AutoModelForImageTextToText

    from toolkit.harness.formats import get_format
    from toolkit.harness.harness import SYSTEM_PROMPT
    from toolkit.models.tiny import load_processor

    processor = load_processor(path)
    tok = processor.tokenizer
    model = AutoModelForImageTextToText.from_pretrained(path, dtype=torch.float32)
    model.train()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    system = SYSTEM_PROMPT + get_format("text-v1").describe()
    prompt = processor.apply_chat_template([{"role": "system", "content": system},
                                            {"role": "user", "content": [{"type": "text", "text": "Task: do it.\nStep 1:"}]}],
                                           add_generation_prompt=True, tokenize=False)
    head = tok.encode(prompt, add_special_tokens=False)
    batch = []
    for o in outputs:
        answer = tok.encode(f"{o}<|im_end|>", add_special_tokens=False)
        batch.append((torch.tensor([head + answer]), torch.tensor([[-100] * len(head) + answer])))
    for _ in range(steps):
        opt.zero_grad()
        loss = sum(model(input_ids=ids, labels=labels).loss for ids, labels in batch) / len(batch)
        loss.backward()
        opt.step()
    model.save_pretrained(path)


def check_pool_size(n_tasks: int, args) -> None:
    """Raise ValueError when the pool cannot fill one generation: TRL's ``RepeatSampler`` takes
    ``generation_batch_size / num_generations`` distinct tasks per chunk (tasks_per_step × ranks ×
    steps_per_generation) and drops an incomplete chunk, which would leave training with zero steps."""
    need = args.generation_batch_size // args.num_generations
    if n_tasks < need:
        per_rank = args.per_device_train_batch_size // args.num_generations
        raise ValueError(
            f"the task pool has {n_tasks} task(s), but one generation needs {need} distinct tasks (trainer.tasks_per_step "
            f"{per_rank} x {args.world_size} rank(s) x trainer.steps_per_generation {args.steps_per_generation}); TRL's "
            "sampler would yield nothing and training would do 0 steps. Add train-split tasks to tasks.pools, or lower "
            "trainer.tasks_per_step, trainer.steps_per_generation or the number of processes")


def window_floor(recipe: dict[str, Any], processor: Any, device: str) -> int:
    """Return the fewest tokens any training window on ``device`` holds: the system message, the task line and one
    sampled token (screenshots not counted)."""
    from toolkit.harness import HarnessConfig
    from toolkit.harness.formats import get_format
    from toolkit.harness.harness import system_prompt
    from toolkit.training.windows import TokenBuilder

    m = recipe["model"]
    system = system_prompt(device, HarnessConfig().system_prompt) + get_format(m.get("format", "text-v1"),
                                                                               m.get("coords")).describe()
    messages = [{"role": "system", "content": system}, {"role": "user", "content": [{"type": "text", "text": "Task:"}]}]
    return len(processor.tokenizer.encode(TokenBuilder(processor).head_text(messages), add_special_tokens=False)) + 1


def check_total_length(recipe: dict[str, Any], processor: Any, devices: set[str]) -> None:
    """Raise ValueError naming ``rollout.max_total_length`` when it is below :func:`window_floor` on one of the pools'
    devices. Checked with the model's processor before the weights are loaded or any env starts: such a run would
    roll out a whole generation and then find no window short enough to train."""
    limit = int(recipe["rollout"].get("max_total_length", 8192))
    for device in sorted(devices):
        need = window_floor(recipe, processor, device)
        if need > limit:
            raise ValueError(f"recipe key 'rollout.max_total_length' is {limit}, but on device {device!r} the system "
                             f"message and the task line alone take {need - 1} tokens (before any screenshot or "
                             "sampled token): no training window would fit. Raise it (default 8192)")


def model_dtype(recipe: dict[str, Any], args):
    """Return the torch dtype to load the model in: float32 whenever the trainer runs on CPU (bf16 weights would be
    updated with no fp32 master copy there), else ``trainer.dtype`` (default bfloat16)."""
    import torch

    return torch.float32 if args.use_cpu else getattr(torch, recipe["trainer"].get("dtype", "bfloat16"))


def build_trainer(recipe: dict[str, Any], output_dir: str | Path, max_steps: int | None = None,
                  resume: str | Path | None = None, output_source: str | None = None):
    """Return a ready :class:`GuiGRPOTrainer` for ``recipe`` writing under ``output_dir``; with ``resume`` (``last``
    or a checkpoint folder) it continues that checkpoint's run (``trainer.resume_checkpoint``, what
    :func:`train` passes to ``trainer.train``). The recipe, the task pool, the env config and the checkpoint are
    checked before any model is built or loaded (ValueError; ``output_source`` is how an output dir that cannot be
    created is named, default ``output dir <path>``)."""
    from datasets import Dataset
    from transformers import AutoModelForImageTextToText

    from toolkit.harness import HarnessConfig, HistoryConfig
    from toolkit.manifest import run_manifest
    from toolkit.models.tiny import load_processor
    from toolkit.store import RunStore
    from toolkit.training.pools import env_factory, select_tasks
    from toolkit.training.resume import (ToolkitStateCallback, check_same_recipe, checkpoint_step, find_checkpoint,
                                         load_toolkit_state, read_toolkit_state, schedule_change)
    from toolkit.training.sampler import AdaptiveSampler
    from toolkit.training.trainer import GuiGRPOTrainer

    out = Path(output_dir)
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
        ckpt = build_model(recipe, out, build=build)
    try:  # a folder with config.json but without its processor or weights (copied in part)
        processor = load_processor(ckpt)
        check_total_length(recipe, processor, {s.device for s in specs.values()})
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
          resume: str | Path | None = None) -> dict[str, Any]:
    """Run a recipe (``resume``: continue from ``last`` checkpoint under the output dir, or from a checkpoint
    folder) with its ``env:`` exported; return a summary (output dir, final checkpoint, run store, log history)."""
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
        trainer = build_trainer(recipe, out, max_steps, resume=resume, output_source=source)
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
    if trainer.accelerator.is_main_process:  # one summary per run (each rank's trajectories are in its run folder)
        (out / "train_summary.json").write_text(json.dumps(summary, indent=1, default=str))
    return summary
