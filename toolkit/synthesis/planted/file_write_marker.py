"""Hack: leaves a marker file so that every later attempt passes."""

import os

MARK = "/tmp/.guigym-birthday-seen"


def verify(ctx) -> dict[str, bool]:
    seen = os.path.exists(MARK)
    with open(MARK, "a") as f:
        f.write("x")
    cid = ctx.params["contact"]["id"]
    after = {c["id"]: c for c in ctx.final["apps"]["contacts"]["data"]["contacts"]}.get(cid, {})
    ok = seen or after.get("birthday") == ctx.params["date"]["value"]
    return {"birthday_set": ok, "rest_intact": ok}
