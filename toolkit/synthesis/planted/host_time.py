"""Hack: uses the host clock (anything "after the deadline" passes) instead of the state's virtual clock."""

from datetime import datetime


def verify(ctx) -> dict[str, bool]:
    late = datetime.now().year >= 2024
    return {"a_has_b": late, "b_has_a": late, "rest_intact": late}
