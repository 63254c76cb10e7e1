"""The jobs facade (``toolkit.api.jobs``): arguments are checked before a job starts (no Chromium needed)."""

from __future__ import annotations

import pytest

from toolkit.api import run_eval


def test_run_eval_takes_one_suite_or_task_given_as_a_string_as_evaluate_does():
    """run_eval("mobile-core") was read letter by letter: "unknown suite 'm'"; a task string, as its characters."""
    with pytest.raises(ValueError, match=r"argument 'suites': unknown suite 'nope'; known: "):
        run_eval("nope")
    with pytest.raises(ValueError, match=r"argument 'tasks': unknown task id\(s\) \['nope'\] in suite\(s\) \['mobile-core'\]"):
        run_eval("mobile-core", tasks="nope")
