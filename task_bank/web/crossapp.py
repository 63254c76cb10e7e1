"""Verifiers of the cross-app web tasks (crossapp.yaml): Murmur (teamchat), Cairn (tracker), Fernhill Admin
(shopadmin). Each returns one boolean per criterion id. Expected values are recomputed from the apps'
world files (`ctx.world[app]`) where possible."""

from __future__ import annotations

import re

from verifier_checks import answer_of, app_data, new_rows, number_is, only_changed, rows, same_keys, says, text

ME = "u-ada"
KEY_RE = re.compile(r"\b(?:TRK|MOB|OPS)-\d+\b")
SKU_RE = re.compile(r"\b[A-Z]{3}-\d{3}\b")
PO_RE = re.compile(r"\bPO-\d+\b")


def _list_intact(ctx, app: str, key: str, changes: dict[str, set[str]] | None = None) -> bool:
    """Every initial record still exists, unchanged except the fields changes[id] (new records are fine)."""
    before, after = rows(ctx.initial, app, key), rows(ctx.final, app, key)
    return only_changed(before, after, changes or {}, added=True)


def _chat_intact(ctx, allow_channels: dict[str, set[str]] | None = None) -> bool:
    """Existing messages and channels unchanged (except allowed channel fields); the user is unchanged."""
    return _list_intact(ctx, "teamchat", "messages") and \
        _list_intact(ctx, "teamchat", "channels", allow_channels) and same_keys(ctx, "teamchat", ["me"])


def _tracker_same(ctx) -> bool:
    return same_keys(ctx, "tracker", ("issues", "links", "comments", "sprints", "counters", "me"))


def _tracker_rest(ctx) -> bool:
    """No link or sprint of the tracker changed and no comment was edited or deleted (a new comment is the task's)."""
    return same_keys(ctx, "tracker", ("links", "sprints")) and _list_intact(ctx, "tracker", "comments")


def _shop_same(ctx) -> bool:
    return app_data(ctx.initial, "shopadmin") == app_data(ctx.final, "shopadmin")


def _one_new_post(ctx, channel: str):
    """The single new message (top-level, by Ada) if it is in `channel`; else None."""
    new = new_rows(ctx, "teamchat", "messages")
    if len(new) != 1:
        return None
    m = new[0]
    if m.get("channel") != channel or m.get("author") != ME or m.get("parent") or m.get("deleted"):
        return None
    return m


def _open_count(ctx, project: str, user: str) -> int:
    return sum(1 for i in ctx.world["tracker"]["issues"]
               if i["project"] == project and i.get("assignee") == user and i["status"] != "done"
               and i["type"] in ("story", "bug", "task"))


# ---------------------------------------------------------------- tasks

def issue_key_post(ctx) -> dict[str, bool]:
    i, ch = ctx.params["i"], ctx.params["ch"]
    world = next((x for x in ctx.world["tracker"]["issues"] if x["id"] == i["key"]), {})
    m = _one_new_post(ctx, ch["id"])
    keys = set(KEY_RE.findall(m.get("text") or "")) if m else set()
    return {
        "posted": m is not None and text(world.get("title")) == text(i["title"]) and i["key"] in keys,
        "only_key": m is not None and keys == {i["key"]},
        "rest_intact": _chat_intact(ctx) and _tracker_same(ctx),
    }


def request_to_issue(ctx) -> dict[str, bool]:
    r, prio = ctx.params["r"], ctx.params["prio"]
    root = next((m for m in ctx.world["teamchat"]["messages"] if m["id"] == r["msg"]), {})
    handle = next((u["handle"] for u in ctx.world["teamchat"]["users"] if u["id"] == r["user"]), "?")
    new = new_rows(ctx, "tracker", "issues")
    one = len(new) == 1
    iss = new[0] if one else {}
    return {
        "created": one and iss.get("project") == r["project"] and iss.get("type") == "task"
        and text(iss.get("title")) == text(r["title"]),
        "assignee": one and f"@{handle}" in (root.get("text") or "") and iss.get("assignee") == r["user"],
        "priority": one and iss.get("priority") == prio["id"],
        "rest_intact": _list_intact(ctx, "tracker", "issues") and not new_rows(ctx, "teamchat", "messages")
        and _chat_intact(ctx) and _tracker_rest(ctx) and not new_rows(ctx, "tracker", "comments"),
    }


def assign_oncall(ctx) -> dict[str, bool]:
    key, user = ctx.params["i"]["key"], ctx.params["w"]["user"]
    rota = next(m["text"] for m in ctx.world["teamchat"]["messages"] if m["id"] == "ms1")
    name = {"u-dario": "Dario", "u-bram": "Bram"}[user]
    phrase = ctx.params["w"]["phrase"]
    after = rows(ctx.final, "tracker", "issues").get(key, {})
    return {
        "assigned": f"{phrase} {name}".casefold() in rota.casefold() and after.get("assignee") == user,
        "rest_intact": _list_intact(ctx, "tracker", "issues", {key: {"assignee"}}) and _tracker_rest(ctx)
        and not new_rows(ctx, "tracker", "comments")
        and len(rows(ctx.final, "tracker", "issues")) == len(rows(ctx.initial, "tracker", "issues"))
        and not new_rows(ctx, "teamchat", "messages") and _chat_intact(ctx),
    }


def blocker_assignee_dm(ctx) -> dict[str, bool]:
    b = ctx.params["b"]
    links = ctx.world["tracker"]["links"]
    blockers = [l["from"] for l in links if l["to"] == b["target"]]
    issues = {i["id"]: i for i in ctx.world["tracker"]["issues"]}
    user = issues.get(blockers[0], {}).get("assignee") if len(blockers) == 1 else None
    new = new_rows(ctx, "teamchat", "messages")
    m = new[0] if len(new) == 1 else {}
    chans = rows(ctx.final, "teamchat", "channels")
    conv = chans.get(m.get("channel"), {}) if m else {}
    in_dm = bool(m) and conv.get("kind") == "dm" and set(conv.get("members") or []) == {ME, user} \
        and m.get("author") == ME and not m.get("parent")
    return {
        "sent": user == b["user"] and blockers == [b["blocker"]] and in_dm,
        "text": in_dm and says(m.get("text"), f"Is {b['blocker']} on track? It blocks {b['target']}.", whole=True),
        "rest_intact": _chat_intact(ctx) and _tracker_same(ctx),
    }


def sprint_goal_topic(ctx) -> dict[str, bool]:
    p, ch = ctx.params["p"], ctx.params["ch"]
    sprint = next(s for s in ctx.world["tracker"]["sprints"] if s["project"] == p["key"] and s["state"] == "active")
    topic = rows(ctx.final, "teamchat", "channels").get(ch["id"], {}).get("topic")
    return {
        "topic": sprint["goal"] == p["goal"] and text(topic, fold=False) == sprint["goal"],
        "rest_intact": _chat_intact(ctx, {ch["id"]: {"topic"}}) and not new_rows(ctx, "teamchat", "messages")
        and _tracker_same(ctx),
    }


def thread_to_comment(ctx) -> dict[str, bool]:
    t = ctx.params["t"]
    users = {u["name"].split()[0]: u["id"] for u in ctx.world["teamchat"]["users"]}
    author = users.get(t["who"].split()[0])
    reply = next((m for m in ctx.world["teamchat"]["messages"]
                  if m.get("parent") == t["root_id"] and m["author"] == author and m["text"] == t["reply"]), None)
    new = new_rows(ctx, "tracker", "comments")
    c = new[0] if len(new) == 1 else {}
    return {
        "comment": reply is not None and bool(c) and c.get("issue") == t["key"] and c.get("author") == ME
        and says(c.get("text"), reply["text"], whole=True),
        "rest_intact": _tracker_rest(ctx) and _list_intact(ctx, "tracker", "issues")
        and len(rows(ctx.final, "tracker", "issues")) == len(rows(ctx.initial, "tracker", "issues"))
        and not new_rows(ctx, "teamchat", "messages") and _chat_intact(ctx),
    }


def _low_skus(ctx, vendor: str) -> set[str]:
    return {p["sku"] for p in ctx.world["shopadmin"]["products"]
            if p["vendor"] == vendor and p["status"] == "active" and p["stock"] < p["reorder"]}


def low_stock_post(ctx) -> dict[str, bool]:
    v, ch = ctx.params["v"], ctx.params["ch"]
    expected = _low_skus(ctx, v["id"])
    m = _one_new_post(ctx, ch["id"])
    found = set(SKU_RE.findall(m.get("text") or "")) if m else set()
    return {
        "posted": m is not None,
        "skus": m is not None and expected == {x.strip() for x in v["skus"].split(",")} and found == expected,
        "rest_intact": _chat_intact(ctx) and _shop_same(ctx),
    }


def po_and_post(ctx) -> dict[str, bool]:
    v, ch = ctx.params["v"], ctx.params["ch"]
    low = {p["id"]: p for p in ctx.world["shopadmin"]["products"]
           if p["vendor"] == v["id"] and p["status"] == "active" and p["stock"] < p["reorder"]}
    new = new_rows(ctx, "shopadmin", "pos")
    po = new[0] if len(new) == 1 else {}
    lines = {l.get("product"): l.get("qty") for l in po.get("lines") or []}
    m = _one_new_post(ctx, ch["id"])
    return {
        "po": bool(po) and po.get("vendor") == v["id"] and po.get("status") == "sent",
        "lines": bool(po) and len(lines) == len(po.get("lines") or []) and bool(low)
        and lines == {pid: 2 * p["reorder"] - p["stock"] for pid, p in low.items()},
        "posted": m is not None and bool(po) and po.get("id") in PO_RE.findall(m.get("text") or ""),
        "rest_intact": same_keys(ctx, "shopadmin", ("products", "orders", "adjustments", "vendors"))
        and _list_intact(ctx, "shopadmin", "pos") and _chat_intact(ctx),
    }


def creator_open_count(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    chan = next(c for c in ctx.world["teamchat"]["channels"] if c["id"] == q["ch"])
    n = _open_count(ctx, q["project"], chan["creator"])
    return {
        "correct": chan["creator"] == q["user"] and n == q["count"] and number_is(answer_of(ctx, "count"), n),
        "unchanged": _chat_intact(ctx) and not new_rows(ctx, "teamchat", "messages") and _tracker_same(ctx),
    }


def oncall_open_count(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    n = _open_count(ctx, q["key"], q["user"])
    return {
        "correct": n == q["count"] and number_is(answer_of(ctx, "count"), n),
        "unchanged": _chat_intact(ctx) and not new_rows(ctx, "teamchat", "messages") and _tracker_same(ctx),
    }
