"""The recipe key list: recipes/grpo-tiny-cpu.yaml shows every key the schema takes (docs/training.md says so)."""

from __future__ import annotations

import re

import yaml

from toolkit.paths import REPO_ROOT
from toolkit.training.schema import ANY, SCHEMA, validate_recipe

TINY = REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml"


def _paths(schema, prefix: str = "") -> list[str]:
    """Return every key path of ``schema`` (a list's items as ``[0]``)."""
    if schema is ANY:
        return [prefix]
    if isinstance(schema, list):
        return _paths(schema[0], f"{prefix}[0]")
    return [p for key, sub in schema.items() for p in _paths(sub, f"{prefix}.{key}" if prefix else key)]


def _present(recipe, path: str) -> bool:
    node = recipe
    for part in re.findall(r"[^.\[\]]+|\[0\]", path):
        if part == "[0]":
            if not isinstance(node, list) or not node:
                return False
            node = node[0]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return False
    return True


def test_the_tiny_recipe_shows_every_key_and_its_optional_ones_are_valid():
    text = TINY.read_text()
    # the optional keys are commented out ("  # key: value"): uncommented, the recipe must hold every key and load
    uncommented = re.sub(r"^(\s*)# (\w+:)", r"\1\2", text, flags=re.M)
    recipe = yaml.safe_load(uncommented)
    missing = [p for p in _paths(SCHEMA) if not _present(recipe, p)]
    assert not missing, f"keys the schema takes but {TINY.name} does not show: {missing}"
    validate_recipe(recipe, "uncommented tiny recipe")
    validate_recipe(yaml.safe_load(text), TINY.name)
