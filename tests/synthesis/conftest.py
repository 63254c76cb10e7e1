"""Shared worlds of the synthesis tests (built once per session; building is pure Python)."""

from __future__ import annotations

import pytest

from toolkit.synthesis import build_world, default_worlds


@pytest.fixture(scope="session")
def world():
    """The moving-house world of the offline pool (persona 0, seed 11)."""
    return build_world(0, "moving", seed=11, world_id="moving-11")


@pytest.fixture(scope="session")
def three_worlds():
    """The three default worlds (different personas, scenarios and seeds)."""
    return default_worlds(3)
