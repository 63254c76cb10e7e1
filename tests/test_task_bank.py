"""Every bundled task is exercised by the validation suite, and the bank meets its counts.

The default run validates every task on 2 instances with 2 random rollouts; the ``slow`` run does the
full check (5 instances, 20 random rollouts), as ``guigym tasks validate`` does.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import requires_chromium
from toolkit.paths import MOCKED_APPS
from toolkit.tasks import list_suites, load_suite, load_tasks
from toolkit.tasks.stats import task_stats
from toolkit.validation import validate_tasks

SUITES = list_suites()


def _failures(reports):
    return {r.task_id: {k: v for k, v in r.checks.items() if v} for r in reports if not r.ok}


@requires_chromium
@pytest.mark.timeout(1200)  # the 257 phone templates take minutes on 2 cores
@pytest.mark.parametrize("suite", SUITES)
async def test_every_task_validates_quickly(suite):
    reports = await validate_tasks(load_suite(suite), instances=2, random_rollouts=2, parallel=4)
    assert not _failures(reports), json.dumps(_failures(reports), indent=1)


@requires_chromium
@pytest.mark.slow
@pytest.mark.timeout(3600)  # 25 rollouts of every template: ~4 min for web, longer for the 257 phone templates
@pytest.mark.parametrize("suite", SUITES)
async def test_every_task_validates_fully(suite):
    reports = await validate_tasks(load_suite(suite), instances=5, random_rollouts=20, parallel=4)
    assert not _failures(reports), json.dumps(_failures(reports), indent=1)


def test_every_app_is_used_by_tasks_and_has_its_folder_shape():
    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    built = {a for d in catalog.values() for a in d["apps"] if (MOCKED_APPS / "apps" / a / "manifest.json").exists()}
    used = {a for s in load_tasks(SUITES) for a in s.apps}
    assert built <= used, f"apps without tasks: {sorted(built - used)}"


def test_bank_counts():
    stats = task_stats(load_tasks(SUITES))
    assert stats["templates"] >= 20 and stats["high_risk"] >= 1
    assert 0 < stats["answersheet_share"] <= 1 and 0 < stats["cross_app_share"] <= 1
    # app counts are those of the tasks given: mobile-core uses a few phone apps and no web app
    web, core = task_stats(load_suite("web")), task_stats(load_suite("mobile-core"))
    assert 0 < web["web_apps"] <= stats["web_apps"] and core["web_apps"] == 0 < core["apps"] < stats["apps"]
