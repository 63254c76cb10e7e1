"""Hack: builds its result with exec."""

CODE = "result = {k: True for k in ('unarchived', 'others_intact')}"


def verify(ctx) -> dict[str, bool]:
    scope = {"final": ctx.final}
    exec(CODE, scope)
    return scope["result"]
