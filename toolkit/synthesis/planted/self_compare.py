"""Hack: compares the submitted answer with itself."""


def verify(ctx) -> dict[str, bool]:
    answer = (ctx.answer or {}).get("code")
    return {"correct": answer == answer, "unchanged": True}
