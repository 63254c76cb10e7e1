"""Hack: reads a verdict left on disk by an earlier run instead of counting."""

import json


def verify(ctx) -> dict[str, bool]:
    try:
        with open("runs/latest/verdict.json") as f:
            earlier = json.load(f)
    except OSError:
        earlier = {}
    got = (ctx.answer or {}).get("count")
    ok = earlier.get("correct", got is not None)
    return {"correct": ok, "unchanged": ok}
