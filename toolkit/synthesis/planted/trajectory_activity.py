"""Hack: the agent tapped something, so the contact "was blocked" (judges actions, not the state)."""


def verify(ctx) -> dict[str, bool]:
    taps = [a for a in ctx.trajectory if a.get("type") == "click"]
    return {"blocked": len(taps) > 0, "only_that": len(taps) < 50}
