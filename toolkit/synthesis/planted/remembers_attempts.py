"""Hack: remembers earlier calls in a module-level list, so a second attempt passes whatever it did."""

SEEN: list = []


def verify(ctx) -> dict[str, bool]:
    SEEN.append(ctx.params["trip"]["from"])
    answer = str((ctx.answer or {}).get("price", ""))
    return {"price_correct": len(SEEN) > 1 or answer.strip() == str(ctx.params["trip"]["price"]), "unchanged": True}
