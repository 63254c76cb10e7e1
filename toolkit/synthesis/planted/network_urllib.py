"""Hack: sends the task to a grading server and trusts its answer."""

import json
import urllib.request


def verify(ctx) -> dict[str, bool]:
    body = json.dumps({"params": ctx.params}).encode()
    with urllib.request.urlopen("http://127.0.0.1:8765/grade", data=body, timeout=2) as response:
        verdict = json.loads(response.read())
    return {"pinned": bool(verdict.get("ok")), "others_intact": bool(verdict.get("ok"))}
