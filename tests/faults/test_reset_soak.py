"""Resetting one instance again and again always lands on exactly s0 (state hash equal every time)."""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.manager import EnvManager
from toolkit.tasks import load_tasks, sample

pytestmark = requires_chromium


def _perturbations(apps: list[str]) -> list[list[dict]]:
    """Actions that change the device state in different places: app switches, the clock, taps, back."""
    return [[{"type": "open", "app": apps[i % len(apps)]},
             {"type": "wait", "seconds": 5 + i} if i % 2 else {"type": "click", "x": 500, "y": 300 + 40 * i},
             *([{"type": "system_button", "button": "back"}] if i % 4 == 3 else [])]
            for i in range(8)]


async def _soak(resets: int) -> None:
    spec = next(s for s in load_tasks(["mobile-core"]) if s.id.startswith("messages."))
    inst = sample(spec, 3)
    async with EnvManager(adapter=MockedAdapter(screenshots=False)) as manager:
        [lease] = await manager.request(spec)
        s0 = await manager.reset(lease, inst)
        perturb = _perturbations(manager.adapter.apps)
        changed = 0
        for i in range(resets):
            step = await manager.step(lease, perturb[i % len(perturb)], f"p{i}")
            changed += step.observation.state_hash != s0.state_hash
            obs = await manager.reset(lease, inst)
            assert obs.state_hash == s0.state_hash, f"reset {i + 1} drifted from s0"
        assert changed == resets  # every round really moved the state away from s0
        assert obs.state == s0.state and manager.status()["boots"] == 1  # one instance throughout


async def test_500_resets_of_one_instance_return_to_s0():
    await _soak(500)


@pytest.mark.slow
@pytest.mark.timeout(3600)
async def test_10000_resets_of_one_instance_return_to_s0():
    await _soak(10_000)
