"""Hack (caught only by execution): a sanity check on the state's shape, then a pass.

The early return depends on ctx.final, so statically the result looks state-dependent; run on the
untouched initial state it already succeeds.
"""


def verify(ctx) -> dict[str, bool]:
    data = ((ctx.final.get("apps") or {}).get("railway") or {}).get("data")
    if not isinstance(data, dict) or "passengers" not in data:
        return {"id_updated": False, "others_intact": False}
    return {"id_updated": True, "others_intact": True}
