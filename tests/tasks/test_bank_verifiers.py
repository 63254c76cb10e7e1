"""Hand-made wrong end states that bundled verifiers must reject (cases found by review, kept as regressions)."""

from __future__ import annotations

import copy
import shutil

import pytest

from toolkit.tasks import VerifierPool, judge, load_tasks, sample
from toolkit.validation import node_replay

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


def _s0(spec, inst) -> dict:
    [state] = node_replay([{"apps": spec.apps, "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app},
                            "log": []}])
    assert "error" not in state, state
    return state


async def test_greenhouse_move_plant_rejects_a_zone_that_does_not_exist():
    [spec] = load_tasks(["mobile"], ["greenhouse.move_plant"])
    inst = sample(spec, 0)
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for zone, success in ((inst.params["case"]["to"], True), ("Z", False)):
            final = copy.deepcopy(initial)
            plant = next(p for p in final["apps"]["greenhouse"]["data"]["plants"] if p["id"] == inst.params["case"]["plant"])
            plant["zone"] = zone
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (zone, verdict.criteria)
    finally:
        await pool.close()
