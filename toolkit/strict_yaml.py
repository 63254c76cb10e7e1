"""YAML for the files people write (task files, training recipes): safe, and a key given twice is an error.

Plain YAML keeps the last of two equal keys without a word, so a recipe that sets ``learning_rate`` twice, or a task
that lists ``criteria`` twice, would run with half of what its author wrote.
"""

from __future__ import annotations

from typing import Any

import yaml


class StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """A safe loader that refuses a key given twice in one mapping; libyaml's parser when PyYAML has it (the
    pure-Python one takes seconds for the bundled bank)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:  # an unhashable key: the base class reports it
                continue
            if duplicate:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def load_strict(text: str) -> Any:
    """Return the YAML document ``text``; ``yaml.YAMLError`` (with the line) for bad YAML or a repeated key."""
    return yaml.load(text, Loader=StrictLoader)
