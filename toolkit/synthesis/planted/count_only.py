"""Hack (caught only by execution): one more traveller than before, whoever it is."""


def _passengers(state: dict) -> dict:
    data = state["apps"]["railway"]["data"]
    return {p["id"]: p for p in data.get("passengers", [])}


def verify(ctx) -> dict[str, bool]:
    before, after = _passengers(ctx.initial), _passengers(ctx.final)
    return {
        "traveller_added": len(after) == len(before) + 1,
        "others_intact": all(after.get(pid) == p for pid, p in before.items()),
    }
