"""toolkit.tasks.loader: suite names."""

from __future__ import annotations

import pytest

from tests.conftest import write_suite
from toolkit.tasks import SpecError, load_suite


@pytest.mark.parametrize("name, hint", [("", ""), ("/", ""), ("../tasks", ""), ("demo/../demo", ""),
                                        ("demo/", "did you mean 'demo'?"), ("./demo", "did you mean 'demo'?")])
def test_a_suite_is_a_name_under_the_bank_never_a_path(tmp_path, name, hint):
    """"/" walked the whole disk for YAML files, "../x" folders outside the bank, "" the bank itself (reporting a
    suite '/mobile'); "demo/" loaded ids like demo//demo.task."""
    write_suite(tmp_path, "tasks")  # a suite just outside the bank: not reachable by a path
    root = write_suite(tmp_path / "bank")
    with pytest.raises(SpecError, match="a suite is a name under .*, not a path") as caught:
        load_suite(name, root=root)
    assert hint in str(caught.value) and "(known: demo, " in str(caught.value)
    assert {s.suite for s in load_suite("demo", root=root)} == {"demo"}
