"""Verifiers of the Clips tasks (task_bank/mobile/clips.yaml).

State: apps.clips.data = {following: [creatorId], liked: [clipId], comments: [{id, clip, text, time}],
posts: [{id, template, caption, privacy, time, likes, dur}], drafts: [{id, template, caption, privacy, time}],
read: [notificationId]}; apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text, time}], ...}].
"""

import re

_KEYS = ("following", "liked", "comments", "posts", "drafts")


def _data(state, app="clips"):
    return (state.get("apps", {}).get(app, {}) or {}).get("data", {}) or {}


def _by_id(items):
    return {item.get("id"): item for item in items or []}


def _norm(text):
    """Compare text ignoring case and runs of whitespace."""
    return " ".join(str(text or "").split()).casefold()


def _same_except(ctx, *skip):
    """True when every user-data list of Clips except `skip` is unchanged."""
    before, after = _data(ctx.initial), _data(ctx.final)
    return all(before.get(k) == after.get(k) for k in _KEYS if k not in skip)


def _number(value):
    try:
        return float(str(value).replace(",", "").strip())
    except (TypeError, ValueError):
        return None


def _handle(value):
    return str(value or "").strip().lstrip("@").strip().casefold()


# ------------------------------------------------------------------ messages helpers

def _threads(state):
    return _data(state, "messages").get("threads", []) or []


def _contacts(state):
    return _data(state, "contacts").get("contacts", []) or []


def _digits(value):
    return re.sub(r"\D", "", str(value or ""))


def _thread_of(threads, contact_id, number):
    for t in threads:
        if contact_id and t.get("contact_id") == contact_id:
            return t
    d = _digits(number)
    for t in threads:
        if d and _digits(t.get("number")) == d:
            return t
    return None


def _new_messages(before, after):
    if after is None:
        return []
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    return [m for m in after.get("messages", []) if m.get("id") not in old]


def _content(thread):
    return None if thread is None else {k: v for k, v in thread.items() if k != "unread"}


def _message_to(ctx, contact_id, phone, predicate):
    """(ok, others_ok): exactly one new message from me to the contact matching `predicate`;
    no other conversation changed (unread aside), none deleted, no other new thread."""
    before_t, after_t = _threads(ctx.initial), _threads(ctx.final)
    before = _thread_of(before_t, contact_id, phone)
    after = _thread_of(after_t, contact_id, phone)
    new = _new_messages(before, after)
    ok = len(new) == 1 and new[0].get("from") == "me" and predicate(new[0].get("text", ""))
    b, a = _by_id(before_t), _by_id(after_t)
    skip = after.get("id") if after else None
    others = all(tid in a for tid in b if tid != skip) and all(
        (tid in b and _content(t) == _content(b[tid])) for tid, t in a.items() if tid != skip)
    return ok, others


# ------------------------------------------------------------------ verifiers

def like_clip(ctx) -> dict[str, bool]:
    cid = ctx.params["clip"]["id"]
    before, after = _data(ctx.initial).get("liked", []), _data(ctx.final).get("liked", [])
    return {
        "liked": cid in after,
        "others_intact": set(after) - {cid} == set(before) - {cid} and len(after) == len(set(after)) and _same_except(ctx, "liked"),
    }


def follow_creator(ctx) -> dict[str, bool]:
    uid = ctx.params["c"]["id"]
    before, after = _data(ctx.initial).get("following", []), _data(ctx.final).get("following", [])
    return {
        "followed": uid in after,
        "others_intact": set(after) - {uid} == set(before) - {uid} and _same_except(ctx, "following"),
    }


def comment_newest(ctx) -> dict[str, bool]:
    clip = ctx.params["c"]["newest"]
    before = _by_id(_data(ctx.initial).get("comments"))
    after = _data(ctx.final).get("comments", []) or []
    new = [c for c in after if c.get("id") not in before]
    return {
        "commented": any(c.get("clip") == clip and _norm(c.get("text")) == _norm(ctx.params["text"]) for c in new),
        "once": len(new) == 1,
        "others_intact": all(_by_id(after).get(k) == v for k, v in before.items()) and _same_except(ctx, "comments"),
    }


def delete_own_clip(ctx) -> dict[str, bool]:
    pid = ctx.params["x"]["id"]
    before = _by_id(_data(ctx.initial).get("posts"))
    after = _by_id(_data(ctx.final).get("posts"))
    return {
        "deleted": pid in before and pid not in after,
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != pid) and len(after) == len(before) - 1
        and _same_except(ctx, "posts"),
    }


def _new_posts(ctx):
    before = _by_id(_data(ctx.initial).get("posts"))
    after = _data(ctx.final).get("posts", []) or []
    return before, [p for p in after if p.get("id") not in before], _by_id(after)


def post_clip(ctx) -> dict[str, bool]:
    before, new, after = _new_posts(ctx)
    match = [p for p in new if p.get("template") == ctx.params["tpl"]["id"] and _norm(p.get("caption")) == _norm(ctx.params["caption"])]
    return {
        "posted": len(new) == 1 and len(match) == 1,
        "privacy": len(match) == 1 and match[0].get("privacy") == ctx.params["priv"]["value"],
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx, "posts"),
    }


def publish_draft(ctx) -> dict[str, bool]:
    d = ctx.params["d"]
    before, new, after = _new_posts(ctx)
    match = [p for p in new if p.get("template") == d["template"] and _norm(p.get("caption")) == _norm(d["caption"])]
    drafts_before = _by_id(_data(ctx.initial).get("drafts"))
    drafts_after = _by_id(_data(ctx.final).get("drafts"))
    return {
        "published": len(new) == 1 and len(match) == 1,
        "privacy": len(match) == 1 and match[0].get("privacy") == ctx.params["priv"]["value"],
        "draft_gone": d["id"] not in drafts_after
        and all(drafts_after.get(k) == v for k, v in drafts_before.items() if k != d["id"]) and len(drafts_after) == len(drafts_before) - 1,
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx, "posts", "drafts"),
    }


def query_newest_likes(ctx) -> dict[str, bool]:
    n = _number((ctx.answer or {}).get("likes"))
    return {"correct": n is not None and n == float(ctx.params["c"]["likes"]), "unchanged": _same_except(ctx)}


def query_followers(ctx) -> dict[str, bool]:
    n = _number((ctx.answer or {}).get("followers"))
    return {"correct": n is not None and n == float(ctx.params["c"]["followers"]), "unchanged": _same_except(ctx)}


def top_tag_follow(ctx) -> dict[str, bool]:
    t = ctx.params["t"]
    before, after = _data(ctx.initial).get("following", []), _data(ctx.final).get("following", [])
    return {
        "correct": _handle((ctx.answer or {}).get("handle")) == t["handle"],
        "followed": t["creator"] in after,
        "others_intact": set(after) - {t["creator"]} == set(before) - {t["creator"]} and _same_except(ctx, "following"),
    }


def share_to_contact(ctx) -> dict[str, bool]:
    to, clip = ctx.params["to"], ctx.params["clip"]
    link = f"clips.example/v/{clip['id']}"
    ok, others = _message_to(ctx, to["id"], to.get("phone"), lambda text: re.search(re.escape(link) + r"(?!\d)", text) is not None)
    return {"sent": ok, "others_intact": others, "clips_intact": _same_except(ctx)}


def message_creator(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    phone = _by_id(_contacts(ctx.initial)).get(x["contact"], {}).get("phone")
    ok, others = _message_to(ctx, x["contact"], phone, lambda text: _norm(text) == _norm(ctx.params["text"]))
    return {
        "sent": ok,
        "others_intact": others,
        "apps_intact": _same_except(ctx) and _contacts(ctx.final) == _contacts(ctx.initial),
    }


def unfollow_stale(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    stale = {x["a"], x["b"]}
    after = _data(ctx.final).get("following", []) or []
    keep = set(x["following"]) - stale
    return {
        "unfollowed": not (stale & set(after)),
        "kept": set(after) == keep and len(after) == len(keep),
        "others_intact": _same_except(ctx, "following"),
    }


def delete_comment(ctx) -> dict[str, bool]:
    kid = ctx.params["x"]["id"]
    before = _by_id(_data(ctx.initial).get("comments"))
    after = _by_id(_data(ctx.final).get("comments"))
    return {
        "deleted": kid in before and kid not in after,
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != kid) and len(after) == len(before) - 1
        and _same_except(ctx, "comments"),
    }


def change_privacy(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before = _by_id(_data(ctx.initial).get("posts"))
    after = _by_id(_data(ctx.final).get("posts"))
    post = after.get(x["id"]) or {}
    rest = {k: v for k, v in post.items() if k != "privacy"}
    return {
        "privacy": post.get("privacy") == x["value"],
        "others_intact": x["id"] in before and rest == {k: v for k, v in before[x["id"]].items() if k != "privacy"}
        and all(after.get(k) == v for k, v in before.items() if k != x["id"]) and len(after) == len(before)
        and _same_except(ctx, "posts"),
    }
