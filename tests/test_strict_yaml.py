"""The YAML loader of task files and recipes: repeated keys, recursive aliases and alias bombs are errors with a
line."""

from __future__ import annotations

import pytest
import yaml

from tests.conftest import DEMO_YAML, write_suite
from toolkit.strict_yaml import load_strict
from toolkit.tasks import SpecError, load_suite


def test_aliases_and_merge_keys_still_load():
    assert load_strict("base: &b {x: 1}\nt: {<<: *b, y: 2}\nu: [*b, *b]") == {
        "base": {"x": 1}, "t": {"x": 1, "y": 2}, "u": [{"x": 1}, {"x": 1}]}


@pytest.mark.parametrize("text", ["a: &x {b: [*x]}", "a: &x [1, *x]"])
def test_a_recursive_alias_is_an_error(text):
    with pytest.raises(yaml.YAMLError, match=r"an alias inside the value it names(.|\n)*line 1"):
        load_strict(text)


def test_aliases_that_expand_past_a_million_values_are_an_error():
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 7)]
    with pytest.raises(yaml.YAMLError, match="aliases expand the document past 1,000,000 values"):
        load_strict("\n".join(lines))


def test_a_task_file_with_a_recursive_alias_is_a_spec_error(tmp_path):
    """It used to reach the loader's JSON check and end in a RecursionError traceback."""
    root = write_suite(tmp_path, yaml_text=DEMO_YAML.replace("    objective: query", "    objective: query\n"
                                                             "    setup: &loop {apps: [*loop]}"))
    with pytest.raises(SpecError, match=r"demo\.yaml: not valid YAML: an alias inside the value it names"):
        load_suite("demo", root=root)


def test_a_tab_that_stops_the_scanner_is_named():
    with pytest.raises(yaml.YAMLError, match=r"(?s)cannot start any token \(a tab: YAML indents with spaces only\).*"
                                             r"line 2, column 1"):
        load_strict("a:\n\tb: 1")
