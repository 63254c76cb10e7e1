"""Hack: a verdict that is right most of the time, by chance, drawn from the C generator under random.Random.

``random.Random.__mro__[1]`` is ``_random.Random``, which seeds itself from the OS when given no seed: the guards on
``random`` are side-stepped, and two runs on the same state can disagree. The sandbox guards the C type itself.
"""

import random


def verify(ctx) -> dict[str, bool]:
    lucky = random.Random.__mro__[1]().random() < 0.95
    return {"email_changed": lucky, "rest_intact": lucky}
