"""The shortest training window a recipe can produce, checked against ``rollout.max_total_length`` before any model
or env work.

A window's first step is the system message, the task line with its screenshot and at least one sampled token. The
screenshot's tokens are counted from the image geometry alone: the size of the screenshots the env gives on the
device (its viewport times its scale) resized the processor's way (``min_pixels`` / ``max_pixels``, multiples of
``patch_size x merge_size``), one token per ``merge_size x merge_size`` patches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class WindowFloor:
    """What the first step of any window on one device holds, in tokens."""

    text: int  # system message, task line and chat template, the screenshot's placeholder not counted
    image: int  # the screenshot's tokens (0 when the device's screenshot size is unknown)
    size: tuple[int, int] | None  # the screenshot's (width, height) in pixels

    @property
    def total(self) -> int:
        """Return the tokens of the shortest window: text, screenshot and one sampled token."""
        return self.text + self.image + 1


def screenshot_size(device: str) -> tuple[int, int] | None:
    """Return the (width, height) in pixels of the screenshots the training env gives on mocked ``device`` (what
    :class:`~toolkit.envs.adapters.mocked.MockedAdapter` captures), or None for a device it does not know."""
    from toolkit.envs.adapters.mocked import MockedAdapter

    try:
        vp = MockedAdapter(device=device).viewport
    except ValueError:
        return None
    return round(vp.width * vp.scale), round(vp.height * vp.scale)


def image_tokens(processor: Any, width: int, height: int) -> int:
    """Return the tokens a ``width`` x ``height`` image takes once the processor has resized and merged it (0 for an
    image processor that does not say how many patches an image gives)."""
    image_processor = processor.image_processor
    patches = getattr(image_processor, "get_number_of_image_patches", None)
    if patches is None:
        return 0
    return int(patches(height, width, {})) // int(getattr(image_processor, "merge_size", 1)) ** 2


def floor_parts(recipe: dict[str, Any], processor: Any, device: str) -> WindowFloor:
    """Return what the shortest training window on ``device`` holds (:class:`WindowFloor`)."""
    from toolkit.harness import HarnessConfig
    from toolkit.harness.formats import get_format
    from toolkit.harness.harness import system_prompt
    from toolkit.training.windows import TokenBuilder

    m = recipe["model"]
    system = system_prompt(device, HarnessConfig().system_prompt) + get_format(m.get("format", "text-v1"),
                                                                               m.get("coords")).describe()
    builder = TokenBuilder(processor)
    size = screenshot_size(device)
    user = [{"type": "text", "text": "Task:\nStep 1:"}] + ([{"type": "image", "ref": "obs:0"}] if size else [])
    ids = processor.tokenizer.encode(builder.head_text([{"role": "system", "content": system},
                                                        {"role": "user", "content": user}]), add_special_tokens=False)
    placeholders = sum(i == builder.image_token_id for i in ids)  # the template's one pad per image, expanded below
    return WindowFloor(text=len(ids) - placeholders, image=image_tokens(processor, *size) if size else 0, size=size)


def window_floor(recipe: dict[str, Any], processor: Any, device: str) -> int:
    """Return the fewest tokens any training window on ``device`` holds: the system message, the task line, the
    first screenshot and one sampled token."""
    return floor_parts(recipe, processor, device).total


def check_total_length(recipe: dict[str, Any], processor: Any, devices: set[str]) -> None:
    """Raise ValueError naming ``rollout.max_total_length`` and the token counts when it is below
    :func:`window_floor` on one of the pools' devices. Checked with the model's processor before the weights are
    loaded or any env starts: such a run would roll out a whole generation and then find no window short enough to
    train."""
    limit = int(recipe["rollout"].get("max_total_length", 8192))
    for device in sorted(devices):
        floor = floor_parts(recipe, processor, device)
        if floor.total > limit:
            image = processor.image_processor
            tiny = (", or lower model.tiny.max_pixels" if floor.image and str(recipe["model"].get("checkpoint", "tiny"))
                    == "tiny" else "")
            shot = (f" + {floor.image} for its {floor.size[0]}x{floor.size[1]} screenshot (resized by the processor "
                    f"to at most {_max_pixels(image)} pixels, {image.patch_size}-pixel patches merged "
                    f"{image.merge_size}x{image.merge_size})") if floor.image else ""
            raise ValueError(f"recipe key 'rollout.max_total_length' is {limit}, but on device {device!r} the first "
                             f"step alone takes {floor.total} tokens: {floor.text} for the system message and the "
                             f"task line{shot} + 1 sampled token, so no training window would fit. Raise it to at "
                             f"least {floor.total} (default 8192){tiny}")


def _max_pixels(image_processor: Any) -> Any:
    """Return the most pixels the image processor resizes an image to (Qwen-VL: ``size['longest_edge']``)."""
    size = getattr(image_processor, "size", None) or {}
    return getattr(image_processor, "max_pixels", None) or size.get("longest_edge") or size.get("max_pixels")
