"""The shortest training window a recipe can produce, checked against ``rollout.max_total_length`` before any model
or env work."""

from __future__ import annotations

from typing import Any


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
