"""A recipe's TRL settings: the GRPOConfig its algorithm / rollout / trainer sections give, the dtype the model
loads in, and whether the task pool fills one generation."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from toolkit.training.schema import clip_range, recipe_sections


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

    recipe = recipe_sections(recipe)  # recipes built or edited in code are checked (and completed) as load_recipe does
    algo, tr, ro = recipe["algorithm"], recipe["trainer"], recipe["rollout"]
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


def model_dtype(recipe: dict[str, Any], args):
    """Return the torch dtype to load the model in: float32 whenever the trainer runs on CPU (bf16 weights would be
    updated with no fp32 master copy there), else ``trainer.dtype`` (default bfloat16)."""
    import torch

    return torch.float32 if args.use_cpu else getattr(torch, recipe["trainer"].get("dtype", "bfloat16"))
