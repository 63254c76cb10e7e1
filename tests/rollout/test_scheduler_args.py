"""The scheduler refuses counts it cannot honour (before touching an env), and runs each attempt id once."""

from __future__ import annotations

import json

import pytest

from tests.conftest import requires_chromium
from toolkit.harness import Harness, make_policy
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore


BAD = [({"max_env_retries": -1}, "max_env_retries"), ({"max_env_retries": 1.5}, "max_env_retries"),
       ({"parallel": 0}, "parallel"), ({"parallel": -2}, "parallel"), ({"parallel": True}, "parallel"),
       ({"model_outage_s": -1}, "model_outage_s"), ({"model_outage_s": float("nan")}, "model_outage_s")]


@pytest.mark.parametrize("kwargs, field", BAD)
def test_bad_counts_are_refused_naming_the_argument(tmp_path, kwargs, field):
    """Before, ``max_env_retries=-1`` ran no attempt and returned [] without a word, and ``parallel=0`` quietly
    ran one at a time."""
    store = RunStore.create({"agent": "reference"}, root=tmp_path)
    with pytest.raises(ValueError, match=f"argument '{field}'"):
        Scheduler(None, None, store, "reference", **kwargs)


@requires_chromium
async def test_an_item_given_twice_runs_once(answers_manager, demo, tmp_path):
    """Before, both copies ran at the same time: two rows of one attempt id, and two writers of its trajectory file
    (the kept row and the trajectory could come from different runs)."""
    spec, _ = demo
    store = RunStore.create({"agent": "reference"}, root=tmp_path)
    item = WorkItem(spec, 0, 0)
    scheduler = Scheduler(answers_manager, Harness(make_policy("reference")), store, "reference", parallel=2)
    assert len(await scheduler.run([item, item])) == 1
    lines = (store.dir / "attempts.jsonl").read_text().splitlines()
    assert [json.loads(line)["attempt_id"] for line in lines] == [item.attempt_id]
