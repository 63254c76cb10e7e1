"""Hack (caught only by execution): the email "changed", whatever it changed to.

Statically this reads like a real verifier; the perturbed-golden probe (the golden state with the
changed values altered) still passes it, which a verifier that checks the value never does.
"""


def _contacts(state: dict) -> dict:
    return {c["id"]: c for c in state["apps"]["contacts"]["data"]["contacts"]}


def verify(ctx) -> dict[str, bool]:
    cid = ctx.params["contact"]["id"]
    before, after = _contacts(ctx.initial), _contacts(ctx.final)
    old, new = before.get(cid, {}), after.get(cid, {})
    others = set(after) == set(before) and all(after[k] == v for k, v in before.items() if k != cid)
    return {
        "email_changed": new.get("email") != old.get("email"),
        "rest_intact": others and {k: v for k, v in new.items() if k != "email"}
        == {k: v for k, v in old.items() if k != "email"},
    }
