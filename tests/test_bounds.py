"""One mechanism for argument checks (``toolkit.bounds``): the env layer, the scheduler and the API word a bad
argument alike, naming it, the allowed range and the value given. No browser (every check comes first)."""

from __future__ import annotations

import asyncio

import pytest

from toolkit import api, bounds
from toolkit.envs.manager import EnvManager
from toolkit.rollout import Scheduler


def test_env_layer_scheduler_and_api_checks_name_the_argument_and_the_range_one_way():
    """The env layer had its own checks (toolkit.envs.base.check_count, check_ttl, check_step_args: "expected a whole
    number >= 0, got float 1.5") beside toolkit.bounds.check ("must be a whole number from 1 to 500, got -3"), and
    task_page and env_state hand-rolled theirs ("≥ 0", "between 1 and 500")."""
    cases = [
        (lambda: Scheduler(None, None, None, "x", parallel=0), "argument 'parallel': must be a whole number >= 1, got 0"),
        (lambda: Scheduler(None, None, None, "x", max_env_retries=1.5),
         "argument 'max_env_retries': must be a whole number >= 0, got float 1.5"),
        (lambda: Scheduler(None, None, None, "x", model_outage_s=float("nan")),
         "argument 'model_outage_s': must be seconds >= 0, got float nan"),
        (lambda: asyncio.run(EnvManager().request(None, "2")), "argument 'n': must be a whole number >= 0, got str '2'"),
        (lambda: asyncio.run(EnvManager().request(None, 1, ttl_s=0)),
         "argument 'ttl_s': must be seconds > 0 (None: the manager's lease_ttl), got 0"),
        (lambda: api.task_page(offset=-1), "argument 'offset': must be a whole number >= 0, got -1"),
        (lambda: api.task_page(limit=api.TASK_PAGE_MAX + 1),
         f"argument 'limit': must be a whole number from 1 to {api.TASK_PAGE_MAX}, got {api.TASK_PAGE_MAX + 1}"),
        (lambda: api.show_task("mobile-core/contacts.edit_phone", True),
         f"argument 'seed': must be a whole number from 0 to {bounds.SEED[1]}, got bool True"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value) == message
    for actions, action_id, message in [
            ([], 7, "argument 'action_id': must be a non-empty str, got int 7"),
            ({"type": "wait"}, "a", "argument 'actions': must be a list of actions (dicts or Action objects), got dict "
                                    "{'type': 'wait'}; wrap a single action as [action]")]:
        with pytest.raises(TypeError) as caught:
            bounds.check_step_args(actions, action_id)
        assert str(caught.value) == message
    assert bounds.check("n", 3, bounds.COUNT) == 3 and bounds.check_seconds("ttl_s", None, none="default") is None
