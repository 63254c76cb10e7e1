"""The scheduler refuses counts it cannot honour (no env needed: it fails before touching one)."""

from __future__ import annotations

import pytest

from toolkit.rollout import Scheduler
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
