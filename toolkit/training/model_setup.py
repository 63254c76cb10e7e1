"""The model a recipe trains: ``model.checkpoint`` checked and resolved (``tiny`` is built on the spot, optionally
warm-started so GRPO groups have reward variance)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from toolkit.paths import REPO_ROOT


def build_model(recipe: dict[str, Any], output_dir: Path, build: bool = True, warm: bool = True) -> Path:
    """Return the checkpoint folder to train (``checkpoint: tiny`` builds a tiny Qwen3-VL under the output dir,
    warm-started unless ``warm`` is False (:func:`warm_tiny` then does it); with ``build`` False only its path, for
    the ranks that load what their node's first rank built)."""
    m = recipe["model"]
    ckpt = str(m.get("checkpoint", "tiny"))
    if ckpt == "tiny":
        from toolkit.models.tiny import build_tiny_qwen3vl

        if not build:
            return output_dir / "base-model"
        tiny = m.get("tiny") or {}  # tiny: null is its defaults, as an empty section is
        path = build_tiny_qwen3vl(output_dir / "base-model", seed=int(tiny.get("seed", 0)),
                                  max_pixels=int(tiny.get("max_pixels", 64 * 64 * 4)))
        if warm:
            warm_tiny(recipe, path)
        return path
    return _checkpoint_path(ckpt)


def warm_tiny(recipe: dict[str, Any], path: Path) -> None:
    """Warm-start the tiny model built at ``path`` as ``model.tiny.warm_start`` asks (nothing for another
    checkpoint, or without warm_start)."""
    m = recipe["model"]
    tiny = m.get("tiny") or {}
    if str(m.get("checkpoint", "tiny")) == "tiny" and tiny.get("warm_start"):
        warm_start(path, list(tiny["warm_start"]), steps=int(tiny.get("warm_start_steps", 30)))


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
