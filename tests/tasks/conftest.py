"""Fixtures of the task tests: a one-worker verifier pool with a 10 s deadline (modules may define their own)."""

from __future__ import annotations

import pytest

from toolkit.tasks.verifier import VerifierLimits, VerifierPool


@pytest.fixture
async def pool():
    p = VerifierPool(size=1, limits=VerifierLimits(timeout_s=10))
    yield p
    await p.close()
