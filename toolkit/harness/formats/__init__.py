"""Action formats: versioned pairs of prompt section + parser, with their coordinate space."""

from __future__ import annotations

from toolkit.actions import CoordSpace
from toolkit.harness.formats.base import ActionFormat, FormatError, ParseResult
from toolkit.harness.formats.json_format import JsonFormat
from toolkit.harness.formats.qwen import QwenFormat
from toolkit.harness.formats.text import TextFormat
from toolkit.harness.formats.uitars import UITarsFormat

FORMATS = {
    "text-v1": TextFormat,
    "json-v1": JsonFormat,
    "qwen3vl-mobile-v1": lambda coords=None: QwenFormat("mobile_use", coords),
    "qwen3vl-computer-v1": lambda coords=None: QwenFormat("computer_use", coords),
    "uitars-v1": UITarsFormat,
}
ALIASES = {"text": "text-v1", "json": "json-v1", "qwen3vl": "qwen3vl-mobile-v1", "qwen": "qwen3vl-mobile-v1", "uitars": "uitars-v1"}


def format_name(name: str) -> str:
    """Return the versioned name of an action format given by name or alias (``qwen3vl`` → ``qwen3vl-mobile-v1``)."""
    return ALIASES.get(name, name)


def get_format(name: str, coords: CoordSpace | None = None) -> ActionFormat:
    """Return the action format registered under ``name`` (or an alias), in ``coords`` space (default: its own)."""
    key = format_name(name)
    if key not in FORMATS:
        raise ValueError(f"unknown action format {name!r}; known: {', '.join(sorted(FORMATS))}")
    return FORMATS[key](coords=coords)


__all__ = ["ALIASES", "ActionFormat", "FORMATS", "FormatError", "JsonFormat", "ParseResult", "QwenFormat", "TextFormat",
           "UITarsFormat", "format_name", "get_format"]
