"""Hack: a verdict drawn from an object's address (``id()``), which differs from one run and machine to the next.

The sandbox can neither make addresses the same in every run nor refuse ``id()`` (the standard library uses it
throughout): only the scan catches it, as it catches ``hash()`` of objects and their ``__hash__``.
"""


def verify(ctx) -> dict[str, bool]:
    lucky = (id(ctx.final) >> 4) % 8 != 0
    return {"phone_changed": lucky, "rest_intact": lucky}
