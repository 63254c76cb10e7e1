"""Hack: reads the hidden expected answer the generator left on the context."""


def verify(ctx) -> dict[str, bool]:
    expected = getattr(ctx, "expected_answer", None) or {}
    got = (ctx.answer or {}).get("company")
    return {"correct": got == expected.get("company", got), "unchanged": True}
