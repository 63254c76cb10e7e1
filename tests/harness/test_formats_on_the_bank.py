"""Every action format can express every bundled task: the reference agent, whose solutions are written once in the
canonical vocabulary and rendered by the harness in the run's format, solves all of mobile-core, mobile and web in each.

This caught formats that could not say "replace a field's text" (Qwen3-VL, UI-TARS: now select-all + type) or "wait
ten minutes" (UI-TARS: now ``wait(seconds=…)``). The default text format is exercised by the validation suite.
"""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.harness import HarnessConfig
from toolkit.harness.formats import FORMATS
from toolkit.tasks import load_tasks

pytestmark = [requires_chromium, pytest.mark.slow, pytest.mark.timeout(1800)]
SUITES = ["mobile-core", "mobile", "web"]


@pytest.mark.parametrize("fmt", sorted(set(FORMATS) - {"text-v1"}))
async def test_reference_solves_every_bundled_task_in_every_format(fmt, tmp_path):
    result = await evaluate_async(SUITES, "reference", parallel=4, out=tmp_path,
                                  harness_config=HarnessConfig(format=fmt))
    attempts = result.attempts
    failed = attempts[attempts["outcome"] != "success"][["task_id", "outcome", "criteria", "termination"]]
    assert failed.empty, failed.to_string()
    assert len(attempts) == len(load_tasks(SUITES))
