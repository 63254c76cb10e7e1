"""What one GRPO batch is made of: group-normalised advantages, the train-vs-rollout k3 check, and the
collation of training windows into the batch dict TRL's loss reads."""

from __future__ import annotations

import math
from typing import Any

from toolkit.training.windows import WindowSample


class TrainingStop(RuntimeError):
    """A run stopped for a reason its message states (no trainable token, the consistency gate): ``guigym train``
    and ``recipes/train_grpo.py`` report it as one error line, not a traceback."""


def group_advantages(rewards: list[float], scale: bool = True, eps: float = 1e-4) -> list[float]:
    """Return GRPO advantages of one group: (r − mean) / (std + eps) (std unscaled when ``scale`` is False)."""
    if len(rewards) < 2:
        return [0.0] * len(rewards)
    mean = sum(rewards) / len(rewards)
    std = math.sqrt(sum((r - mean) ** 2 for r in rewards) / (len(rewards) - 1))
    return [(r - mean) / (std + eps) if scale else r - mean for r in rewards]


def k3_stats(train, rollout, mask) -> dict[str, float]:
    """Return mean/max k3 and max |Δ log p| over the masked tokens (k3 = e^r − 1 − r, r = train − rollout)."""
    import torch

    m = mask.bool()
    if not m.any():
        return {"k3_mean": 0.0, "k3_max": 0.0, "abs_diff_max": 0.0, "tokens": 0}
    r = (train - rollout)[m].double()
    k3 = torch.exp(r) - 1 - r
    return {"k3_mean": float(k3.mean()), "k3_max": float(k3.max()), "abs_diff_max": float(r.abs().max()),
            "tokens": int(m.sum())}


def collate_windows(windows: list[WindowSample], pad_id: int, image_token_id: int, device: Any = "cpu") -> dict[str, Any]:
    """Return the batch dict TRL's loss reads: every window split at the batch's earliest first trained token (so
    all prompts have one length), completions right-padded, images in order. The batch is as wide as its longest
    window, so ``max_total_length`` (which bounds each window) bounds the width TRL forwards; tokens between the
    common split and a window's own first trained token are context in the completion (``tool_mask`` 0)."""
    import torch

    # Splitting each window at its own first trained token would left-pad prompts to the longest prompt and
    # right-pad completions to the longest completion: up to twice the longest window.
    P = min(w.split for w in windows)
    C = max(len(w.input_ids) for w in windows) - P
    B = len(windows)
    prompt_ids = torch.full((B, P), pad_id, dtype=torch.long)
    prompt_mask = torch.zeros((B, P), dtype=torch.long)
    completion_ids = torch.full((B, C), pad_id, dtype=torch.long)
    completion_mask = torch.zeros((B, C), dtype=torch.long)
    tool_mask = torch.zeros((B, C), dtype=torch.long)
    rollout = torch.zeros((B, C), dtype=torch.float32)
    pixel_values, grids, num_images = [], [], []
    for i, w in enumerate(windows):
        prompt, completion = w.input_ids[:P], w.input_ids[P:]
        prompt_ids[i, P - len(prompt):] = torch.tensor(prompt)
        prompt_mask[i, P - len(prompt):] = 1
        completion_ids[i, :len(completion)] = torch.tensor(completion)
        completion_mask[i, :len(completion)] = 1
        tool_mask[i, :len(completion)] = torch.tensor(w.tool_mask[P:])
        rollout[i, :len(completion)] = torch.tensor(w.rollout_logps[P:])
        pixel_values += w.pixel_values
        grids += w.image_grid_thw
        num_images.append(len(w.pixel_values))
    ids = torch.cat([prompt_ids, completion_ids], dim=1)
    mm = ((ids == image_token_id) & (torch.cat([prompt_mask, completion_mask], dim=1) == 1)).long()
    batch = {"prompt_ids": prompt_ids, "prompt_mask": prompt_mask, "completion_ids": completion_ids,
             "completion_mask": completion_mask, "tool_mask": tool_mask, "rollout_per_token_logps": rollout,
             "advantages": torch.tensor([w.advantage for w in windows], dtype=torch.float32),
             "mm_token_type_ids": mm, "num_images": num_images}
    if pixel_values:
        batch["pixel_values"] = torch.cat(pixel_values, dim=0)
        batch["image_grid_thw"] = torch.stack(grids)
    return {k: (v.to(device) if hasattr(v, "to") else v) for k, v in batch.items()}


def plan_rows(trained: list[int], padded: list[bool], steps_per_generation: int) -> tuple[int, int]:
    """Decide, identically on every rank, how many sequences each rank's batch holds.

    ``trained[r]`` is rank r's count of windows with trained tokens, ``padded[r]`` whether rank r has a window to
    copy as a padding row (one of this batch's, or the last trained one of an earlier batch). Return (rows, real):
    the largest count rounded up to a multiple of ``steps_per_generation`` (every rank runs the same forward passes)
    and the real windows over all ranks. Raise :class:`TrainingStop` when no rank has a trainable token, or when a rank
    could only fill its batch with a padding row it does not have; every rank sees the same counts, so every rank
    raises the same error (a rank-local error would leave the others waiting in the next collective)."""
    if not any(trained):
        raise TrainingStop("no trainable tokens in this generation batch on any rank (every attempt failed, had no "
                           "sampled ids or was longer than rollout.max_total_length)")
    short = [r for r, (n, p) in enumerate(zip(trained, padded)) if n == 0 and not p]
    if short:
        ranks = ", ".join(str(r) for r in short)
        raise TrainingStop(f"rank {ranks} has no window in this generation batch, the run's first (every attempt "
                           "there failed or was longer than rollout.max_total_length), and no earlier window to stand "
                           "in as padding; every rank stops")
    rows = max(trained)
    return -(-rows // steps_per_generation) * steps_per_generation, sum(trained)


def merge_k3(per_rank: list[dict[str, float]]) -> dict[str, float]:
    """Return the k3 statistics of all ranks' tokens together (the token-weighted mean, the largest max), so the
    consistency gate decides alike on every rank. A NaN on any rank makes the mean NaN."""
    tokens = sum(int(s["tokens"]) for s in per_rank)
    if tokens == 0:
        return {"k3_mean": 0.0, "k3_max": 0.0, "abs_diff_max": 0.0, "tokens": 0}
    mean = sum(s["k3_mean"] * s["tokens"] for s in per_rank if s["tokens"]) / tokens
    nan = any(s["k3_mean"] != s["k3_mean"] for s in per_rank)
    return {"k3_mean": float("nan") if nan else mean, "k3_max": max(s["k3_max"] for s in per_rank),
            "abs_diff_max": max(s["abs_diff_max"] for s in per_rank), "tokens": tokens}
