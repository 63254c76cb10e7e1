"""Verifiers of the Clips tasks (task_bank/mobile/clips.yaml).

State: apps.clips.data = {following: [creatorId], liked: [clipId], comments: [{id, clip, text, time}],
posts: [{id, template, caption, privacy, time, likes, dur}], drafts: [{id, template, caption, privacy, time}],
read: [notificationId]}; apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text, time}], ...}].
"""

import re

from verifier_checks import (
    answer_of,
    app_data,
    by_id,
    contact,
    message_to,
    number_is,
    rows,
    same_keys,
    text,
)

_KEYS = ("following", "liked", "comments", "posts", "drafts")


def _clips(state):
    return app_data(state, "clips")


def _same_except(ctx, *skip):
    """True when every user-data list of Clips except `skip` is unchanged."""
    return same_keys(ctx, "clips", [k for k in _KEYS if k not in skip])


def _handle(value):
    return str(value or "").strip().lstrip("@").strip().casefold()


# ------------------------------------------------------------------ messages helpers

def _contacts(state):
    return app_data(state, "contacts").get("contacts") or []


# ------------------------------------------------------------------ verifiers

def like_clip(ctx) -> dict[str, bool]:
    cid = ctx.params["clip"]["id"]
    before, after = _clips(ctx.initial).get("liked", []), _clips(ctx.final).get("liked", [])
    return {
        "liked": cid in after,
        "others_intact": set(after) - {cid} == set(before) - {cid} and len(after) == len(set(after)) and _same_except(ctx, "liked"),
    }


def follow_creator(ctx) -> dict[str, bool]:
    uid = ctx.params["c"]["id"]
    before, after = _clips(ctx.initial).get("following", []), _clips(ctx.final).get("following", [])
    return {
        "followed": uid in after,
        "others_intact": set(after) - {uid} == set(before) - {uid} and _same_except(ctx, "following"),
    }


def comment_newest(ctx) -> dict[str, bool]:
    clip = ctx.params["c"]["newest"]
    before = rows(ctx.initial, "clips", "comments")
    after = _clips(ctx.final).get("comments", []) or []
    new = [c for c in after if c.get("id") not in before]
    return {
        "commented": any(c.get("clip") == clip and text(c.get("text")) == text(ctx.params["text"]) for c in new),
        "once": len(new) == 1,
        "others_intact": all(by_id(after).get(k) == v for k, v in before.items()) and _same_except(ctx, "comments"),
    }


def delete_own_clip(ctx) -> dict[str, bool]:
    pid = ctx.params["x"]["id"]
    before = rows(ctx.initial, "clips", "posts")
    after = rows(ctx.final, "clips", "posts")
    return {
        "deleted": pid in before and pid not in after,
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != pid) and len(after) == len(before) - 1
        and _same_except(ctx, "posts"),
    }


def _new_posts(ctx):
    before = rows(ctx.initial, "clips", "posts")
    after = _clips(ctx.final).get("posts", []) or []
    return before, [p for p in after if p.get("id") not in before], by_id(after)


def post_clip(ctx) -> dict[str, bool]:
    before, new, after = _new_posts(ctx)
    match = [p for p in new if p.get("template") == ctx.params["tpl"]["id"] and text(p.get("caption")) == text(ctx.params["caption"])]
    return {
        "posted": len(new) == 1 and len(match) == 1,
        "privacy": len(match) == 1 and match[0].get("privacy") == ctx.params["priv"]["value"],
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx, "posts"),
    }


def publish_draft(ctx) -> dict[str, bool]:
    d = ctx.params["d"]
    before, new, after = _new_posts(ctx)
    match = [p for p in new if p.get("template") == d["template"] and text(p.get("caption")) == text(d["caption"])]
    drafts_before = rows(ctx.initial, "clips", "drafts")
    drafts_after = rows(ctx.final, "clips", "drafts")
    return {
        "published": len(new) == 1 and len(match) == 1,
        "privacy": len(match) == 1 and match[0].get("privacy") == ctx.params["priv"]["value"],
        "draft_gone": d["id"] not in drafts_after
        and all(drafts_after.get(k) == v for k, v in drafts_before.items() if k != d["id"]) and len(drafts_after) == len(drafts_before) - 1,
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx, "posts", "drafts"),
    }


def query_newest_likes(ctx) -> dict[str, bool]:
    return {"correct": number_is(answer_of(ctx, "likes"), ctx.params["c"]["likes"], ","), "unchanged": _same_except(ctx)}


def query_followers(ctx) -> dict[str, bool]:
    return {"correct": number_is(answer_of(ctx, "followers"), ctx.params["c"]["followers"], ","), "unchanged": _same_except(ctx)}


def top_tag_follow(ctx) -> dict[str, bool]:
    t = ctx.params["t"]
    before, after = _clips(ctx.initial).get("following", []), _clips(ctx.final).get("following", [])
    return {
        "correct": _handle(answer_of(ctx, "handle")) == t["handle"],
        "followed": t["creator"] in after,
        "others_intact": set(after) - {t["creator"]} == set(before) - {t["creator"]} and _same_except(ctx, "following"),
    }


def share_to_contact(ctx) -> dict[str, bool]:
    to, clip = ctx.params["to"], ctx.params["clip"]
    link = f"clips.example/v/{clip['id']}"
    ok, others = message_to(ctx, to["id"], to.get("phone"), lambda body: re.search(re.escape(link) + r"(?!\d)", body) is not None)
    return {"sent": ok, "others_intact": others, "clips_intact": _same_except(ctx)}


def message_creator(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    phone = contact(ctx.initial, x["contact"]).get("phone")
    ok, others = message_to(ctx, x["contact"], phone, lambda body: text(body) == text(ctx.params["text"]))
    return {
        "sent": ok,
        "others_intact": others,
        "apps_intact": _same_except(ctx) and _contacts(ctx.final) == _contacts(ctx.initial),
    }


def unfollow_stale(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    stale = {x["a"], x["b"]}
    after = _clips(ctx.final).get("following", []) or []
    keep = set(x["following"]) - stale
    return {
        "unfollowed": not (stale & set(after)),
        "kept": set(after) == keep and len(after) == len(keep),
        "others_intact": _same_except(ctx, "following"),
    }


def delete_comment(ctx) -> dict[str, bool]:
    kid = ctx.params["x"]["id"]
    before = rows(ctx.initial, "clips", "comments")
    after = rows(ctx.final, "clips", "comments")
    return {
        "deleted": kid in before and kid not in after,
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != kid) and len(after) == len(before) - 1
        and _same_except(ctx, "comments"),
    }


def change_privacy(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before = rows(ctx.initial, "clips", "posts")
    after = rows(ctx.final, "clips", "posts")
    post = after.get(x["id"]) or {}
    rest = {k: v for k, v in post.items() if k != "privacy"}
    return {
        "privacy": post.get("privacy") == x["value"],
        "others_intact": x["id"] in before and rest == {k: v for k, v in before[x["id"]].items() if k != "privacy"}
        and all(after.get(k) == v for k, v in before.items() if k != x["id"]) and len(after) == len(before)
        and _same_except(ctx, "posts"),
    }
