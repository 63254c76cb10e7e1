"""The keys a training recipe may hold, and the values the training path supports.

Every key the recipe loader reads is listed here; anything else is an error that names its path
(``rollout.max_total_len``), so a misspelt key never falls back to its default silently.
"""

from __future__ import annotations

import difflib
import math
from typing import Any

from toolkit.training.recipe_types import check_types

ANY = object()  # a leaf key (its value is checked by VALUES or by the code that reads it)

SCHEMA: dict[str, Any] = {
    "name": ANY, "description": ANY,
    "env": ANY,  # environment variables TrlParser exports before training (free-form)
    "model": {"checkpoint": ANY, "format": ANY, "coords": ANY,
              "tiny": {"seed": ANY, "max_pixels": ANY, "warm_start": ANY, "warm_start_steps": ANY}},
    "tasks": {"pools": [{"suite": ANY, "tasks": ANY, "split": ANY, "env": {"apps": ANY}}]},
    "algorithm": {"name": ANY, "group_size": ANY, "learning_rate": ANY, "kl_loss_coef": ANY, "entropy_coef": ANY,
                  "per_token_loss": ANY, "epsilon": ANY, "epsilon_high": ANY, "loss_type": ANY,
                  "use_bias_correction_kl": ANY},
    "sampling": {"success_threshold": ANY, "fail_budget": ANY, "mastered_budget": ANY},
    "rollout": {"concurrency": ANY, "temperature": ANY, "max_turns": ANY, "max_new_tokens": ANY,
                "max_total_length": ANY, "loop_limit": ANY, "isolation": ANY, "backend": ANY, "ray_address": ANY},
    "history": {"mode": ANY, "window": ANY, "overlap": ANY, "image_retention": ANY, "windowwise_train": ANY},
    "reward": {"kind": ANY},
    "trainer": {"backend": ANY, "tasks_per_step": ANY, "steps_per_generation": ANY, "gradient_accumulation_steps": ANY,
                "max_steps": ANY, "save_steps": ANY, "save_only_model": ANY, "seed": ANY, "dtype": ANY, "device": ANY,
                "gradient_checkpointing": ANY, "k3_threshold": ANY, "scale_rewards": ANY, "output_dir": ANY,
                "overwrite_output_dir": ANY},
}

# Keys that earlier recipes carried but the training path never read: refused with the reason.
REMOVED = {
    "trainer.vllm_mode": "training rollouts use Hugging Face generate() on the trainer's own weights (concurrent "
                         "episodes' turns batched); a vLLM server is never used by training (serve the model for "
                         "evaluation only)",
    "trainer.parallelism": "the accelerate config passed to `accelerate launch` decides it (recipes/accelerate/)",
}

# The values each key supports (keys not listed take any value of the right kind).
VALUES: dict[str, tuple] = {
    "algorithm.name": ("grpo", "dapo", "gspo"),
    "reward.kind": ("verifier", "shaped"),
    "history.mode": ("window",),  # training windows are history windows: the only mode training supports
    "history.image_retention": ("window",),  # the harness keeps the window's screenshots; older ones become text
    "trainer.backend": ("trl",),
    "trainer.scale_rewards": ("group", "none"),  # per-group std, or none (TRL's "batch" std is not implemented)
    "trainer.device": ("auto", "cpu", "cuda"),
    "trainer.dtype": ("bfloat16", "float32"),
    "rollout.backend": ("local", "ray"),
    "rollout.isolation": ("pages", "contexts", "browsers"),
}
SPLITS = ("train", "test")
# TRL 1.16's loss types (GRPOTrainer._compute_loss raises on any other, but only after the first rollout)
LOSS_TYPES = ("grpo", "dapo", "bnpo", "dr_grpo", "cispo", "sapo", "luspo", "vespo")
# Each algorithm's clip range when the recipe leaves it out: (epsilon, epsilon_high); None is TRL's "= epsilon"
CLIP_DEFAULTS = {"grpo": (0.2, None), "dapo": (0.2, 0.28), "gspo": (3e-4, 4e-4)}


def clip_range(algo: dict[str, Any]) -> tuple[float, float | None]:
    """Return the (epsilon, epsilon_high) an ``algorithm`` section trains with: its own values, else its name's
    defaults (:data:`CLIP_DEFAULTS`); epsilon_high None means TRL's default, equal to epsilon."""
    eps, high = CLIP_DEFAULTS.get(algo.get("name", "grpo"), CLIP_DEFAULTS["grpo"])
    return float(algo.get("epsilon", eps)), algo.get("epsilon_high", high)


def _unknown(path: str, key: str, allowed: dict[str, Any]) -> ValueError:
    full = f"{path}.{key}" if path else key
    if full in REMOVED:
        return ValueError(f"recipe key {full!r} is not supported: {REMOVED[full]}; remove it")
    near = difflib.get_close_matches(str(key), list(allowed), n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return ValueError(f"unknown recipe key {full!r}{hint}; {path or 'the recipe'} takes {', '.join(sorted(allowed))}")


def _walk(value: Any, schema: Any, path: str) -> None:
    if schema is ANY:
        return
    if isinstance(schema, list):
        if value is None:
            return
        if not isinstance(value, list):
            raise ValueError(f"recipe key {path!r} must be a list, got {type(value).__name__}")
        for i, item in enumerate(value):
            _walk(item, schema[0], f"{path}[{i}]")
        return
    if value is None:
        return
    if not isinstance(value, dict):
        raise ValueError(f"recipe key {path!r} must be a mapping, got {type(value).__name__}")
    for key, sub in value.items():
        if key not in schema:
            raise _unknown(path, key, schema)
        _walk(sub, schema[key], f"{path}.{key}" if path else str(key))


def validate_recipe(recipe: dict[str, Any], source: str = "recipe") -> None:
    """Raise ValueError naming the key path of the first unknown key, unsupported value, or value of the wrong type
    or range (:mod:`toolkit.training.recipe_types`) in ``recipe``."""
    if not isinstance(recipe, dict):
        raise ValueError(f"{source}: the top level must be a mapping of sections ({', '.join(s for s in SCHEMA)}), "
                         f"not a {type(recipe).__name__}")
    try:
        _walk(recipe, SCHEMA, "")
        for path, allowed in VALUES.items():
            section, key = path.split(".")
            values = recipe.get(section) or {}
            # null is not one of the values: the code reading the key would take None itself (name: null was an
            # 'unknown algorithm None' naming no file, dtype: null a TypeError on GPU), not the default
            if key in values and values[key] not in allowed:
                unset = " (leave the key out for its default)" if values[key] is None else ""
                raise ValueError(f"recipe key {path!r} is {values[key]!r}; expected one of {', '.join(allowed)}{unset}")
        check_types(recipe)
        _check_values(recipe)
    except ValueError as exc:
        raise ValueError(f"{source}: {exc}") from None


#: The sections of a recipe; :func:`recipe_sections` gives each one that is absent (or null) as an empty mapping.
SECTIONS = ("model", "tasks", "algorithm", "sampling", "rollout", "history", "reward", "trainer")


def recipe_sections(recipe: Any, source: str = "recipe") -> dict[str, Any]:
    """Return ``recipe`` checked by :func:`validate_recipe` (ValueError naming ``source`` and the key path) with every
    section present: a copy in which an absent or null section is an empty mapping (its keys' defaults). What
    ``load_recipe`` returns for a file, and what ``grpo_config`` / ``build_trainer`` make of a dict built in code."""
    validate_recipe(recipe, source)
    out = dict(recipe)
    for section in SECTIONS:
        if out.get(section) is None:
            out[section] = {}
    return out


def pool_splits(pool: dict[str, Any], index: int) -> tuple[str, ...]:
    """Return the task splits a pool trains on (``split``: train, test or a list; default train only)."""
    split = pool.get("split", "train")
    splits = (split,) if isinstance(split, str) else tuple(split) if isinstance(split, list) else ()
    bad = [s for s in splits if not isinstance(s, str) or s not in SPLITS]
    if not splits or bad:
        raise ValueError(f"recipe key 'tasks.pools[{index}].split' is {split!r}; expected train, test or a list of them")
    return splits


def _check_values(recipe: dict[str, Any]) -> None:
    algo, ro = recipe.get("algorithm") or {}, recipe.get("rollout") or {}
    temperature = float(ro.get("temperature", 1.0))
    if not temperature > 0 or math.isinf(temperature):
        raise ValueError(f"recipe key 'rollout.temperature' is {temperature!r}; GRPO needs a sampling temperature > 0 "
                         "(TRL divides the logits by it, and greedy groups have no reward variance)")
    name, per_token = algo.get("name", "grpo"), algo.get("per_token_loss")
    if name == "dapo" and per_token is False:
        raise ValueError("recipe key 'algorithm.per_token_loss' is false but dapo is a token-level loss; "
                         "use name: grpo with per_token_loss: false for a per-sequence loss")
    if name == "gspo" and per_token is not None:
        raise ValueError("recipe key 'algorithm.per_token_loss' does not apply to gspo (a sequence-level loss); remove it")
    eps, high = clip_range(algo)
    if high is not None and high < eps:
        what = f"is {high!r}" if "epsilon_high" in algo else f"is not set, so it is {name}'s default {high!r}"
        raise ValueError(f"recipe key 'algorithm.epsilon_high' {what}, below 'algorithm.epsilon' ({eps!r}): the "
                         "upper clip bound (1 + epsilon_high) would be tighter than the lower one (1 - epsilon). "
                         "Set epsilon_high >= epsilon (null: equal to epsilon)")
    for i, pool in enumerate((recipe.get("tasks") or {}).get("pools") or []):
        if not isinstance(pool, dict) or not pool.get("suite"):
            raise ValueError(f"recipe key 'tasks.pools[{i}].suite' is missing")
        pool_splits(pool, i)
