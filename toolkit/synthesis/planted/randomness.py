"""Hack: a verdict that is right most of the time, by chance."""

import random


def verify(ctx) -> dict[str, bool]:
    lucky = random.random() < 0.95
    return {"deleted": lucky, "others_intact": lucky}
