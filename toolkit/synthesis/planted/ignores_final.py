"""Hack: judges from the initial state and the parameters only; never looks at what the agent did."""


def _thread_ids(state: dict) -> set:
    return {t.get("contact_id") for t in state["apps"]["messages"]["data"]["threads"]}


def verify(ctx) -> dict[str, bool]:
    text = ctx.params["text"]
    reachable = bool(ctx.params["contact"]["phone"])
    return {
        "sent": bool(text) and reachable,
        "sent_once": len(text) > 0,
        "others_intact": ctx.params["contact"]["id"] not in _thread_ids(ctx.initial) or reachable,
    }
