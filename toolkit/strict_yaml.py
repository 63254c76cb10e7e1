"""YAML for the files people write (task files, training recipes): safe, a key given twice is an error, and so are
recursive aliases and aliases that expand past a million values.

Plain YAML keeps the last of two equal keys without a word, so a recipe that sets ``learning_rate`` twice, or a task
that lists ``criteria`` twice, would run with half of what its author wrote.
"""

from __future__ import annotations

from typing import Any

import yaml


#: The most values a document may hold once its aliases are expanded: consumers walk the values as a tree, so a
#: few lines of nested aliases ("billion laughs") would hold them for hours.
MAX_VALUES = 1_000_000


def _check_aliases(root: yaml.Node) -> None:
    """Refuse a node graph that an alias makes recursive, or that aliases expand past :data:`MAX_VALUES` values."""
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    on_path: set[int] = set()  # the collections from the root down to the node being visited
    values = 0
    while stack:
        node, leaving = stack.pop()
        if leaving:
            on_path.discard(id(node))
            continue
        if id(node) in on_path:
            raise yaml.constructor.ConstructorError(None, None, "an alias inside the value it names (recursive YAML)",
                                                    node.start_mark)
        values += 1
        if values > MAX_VALUES:
            raise yaml.constructor.ConstructorError(None, None, f"aliases expand the document past {MAX_VALUES:,} "
                                                    "values", node.start_mark)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            on_path.add(id(node))
            stack.append((node, True))
            children = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
            stack.extend((child, False) for child in children)


class StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """A safe loader that refuses a key given twice in one mapping; libyaml's parser when PyYAML has it (the
    pure-Python one takes seconds for the bundled bank)."""

    def construct_document(self, node):
        _check_aliases(node)
        return super().construct_document(node)

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
    """Return the YAML document ``text``; ``yaml.YAMLError`` (with the line) for bad YAML, a repeated key, or aliases
    that recurse or expand too far."""
    try:
        return yaml.load(text, Loader=StrictLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        lines = text.split("\n")
        at = lines[mark.line][mark.column:mark.column + 1] if mark and 0 <= mark.line < len(lines) else ""
        if at == "\t" and exc.problem and "tab" not in exc.problem:  # libyaml's message does not show the character
            exc.problem += " (a tab: YAML indents with spaces only)"
        raise
