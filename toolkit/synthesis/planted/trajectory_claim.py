"""Hack: trusts the agent's own claim of success instead of the state."""


def verify(ctx) -> dict[str, bool]:
    claimed = any(a.get("type") == "terminate" and a.get("status") == "success" for a in ctx.trajectory)
    return {"deleted": claimed, "others_intact": claimed}
