"""The harness configuration: what it refuses."""

from __future__ import annotations

import pytest

from toolkit.harness import HarnessConfig


@pytest.mark.parametrize("limit", [-1, 1.5, True])
def test_a_loop_limit_that_is_not_a_whole_number_is_refused(limit):
    """A negative limit used to end every episode after its first step, as a 'loop'."""
    with pytest.raises(ValueError, match="loop_limit must be a whole number >= 0"):
        HarnessConfig(loop_limit=limit)
