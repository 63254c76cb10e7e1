"""Verifiers of the Pinboard tasks (task_bank/mobile/pinboard.yaml).

State: apps.pinboard.data = {posts: [{id, title, body, tags, cover: {t, h}, time, likes, saves}],
collections: [{id, name, posts: [postId]}], liked: [postId], following: [authorId],
comments: [{id, post, text, time}]}; apps.messages.data.threads = [{id, contact_id, number, messages, ...}];
apps.notes.data.notes = [{id, title, body, items, folder, pinned, trashed, updated}].
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

_KEYS = ("posts", "collections", "liked", "following", "comments")


def _pinboard(state):
    return app_data(state, "pinboard")


def _same_except(ctx, *skip):
    """True when every user-data list of Pinboard except `skip` is unchanged."""
    return same_keys(ctx, "pinboard", [k for k in _KEYS if k not in skip])


def _cols(state):
    return rows(state, "pinboard", "collections")


# ------------------------------------------------------------------ messages helpers

def _contacts(state):
    return app_data(state, "contacts").get("contacts") or []


# ------------------------------------------------------------------ verifiers

def save_to_collection(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before, after = _cols(ctx.initial), _cols(ctx.final)
    c_before, c_after = before.get(x["col"], {}), after.get(x["col"], {})
    expected = c_before.get("posts", []) + [x["post"]]
    return {
        "saved": c_after.get("posts") == expected or sorted(c_after.get("posts", [])) == sorted(expected),
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != x["col"]) and len(after) == len(before)
        and c_after.get("name") == c_before.get("name") and _same_except(ctx, "collections"),
    }


def new_collection(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before, after = _cols(ctx.initial), _cols(ctx.final)
    new = [c for k, c in after.items() if k not in before]
    named = [c for c in new if text(c.get("name")) == text(x["name"])]
    return {
        "created": len(new) == 1 and len(named) == 1,
        "contents": len(named) == 1 and sorted(named[0].get("posts", [])) == sorted([x["a"], x["b"]]),
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx, "collections"),
    }


def create_post(ctx) -> dict[str, bool]:
    p, cv = ctx.params["p"], ctx.params["cv"]
    before = rows(ctx.initial, "pinboard", "posts")
    after_list = _pinboard(ctx.final).get("posts", []) or []
    new = [q for q in after_list if q.get("id") not in before]
    match = [q for q in new if text(q.get("title")) == text(p["title"]) and text(q.get("body")) == text(p["body"])]
    one = match[0] if len(match) == 1 else {}
    return {
        "posted": len(new) == 1 and len(match) == 1,
        "tags": sorted(one.get("tags", [])) == sorted(p["tags"]) and len(one.get("tags", [])) == len(p["tags"]),
        "cover": (one.get("cover") or {}).get("t") == cv["id"],
        "others_intact": all(by_id(after_list).get(k) == v for k, v in before.items()) and _same_except(ctx, "posts"),
    }


def delete_post(ctx) -> dict[str, bool]:
    pid = ctx.params["x"]["post"]
    before = rows(ctx.initial, "pinboard", "posts")
    after = rows(ctx.final, "pinboard", "posts")
    cb, ca = _cols(ctx.initial), _cols(ctx.final)
    cols_ok = set(cb) == set(ca) and all(
        ca[k].get("posts") == [p for p in c.get("posts", []) if p != pid] and ca[k].get("name") == c.get("name") for k, c in cb.items())
    return {
        "deleted": pid in before and pid not in after,
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != pid) and len(after) == len(before) - 1
        and cols_ok and _same_except(ctx, "posts", "collections"),
    }


def edit_tags(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before = rows(ctx.initial, "pinboard", "posts")
    after = rows(ctx.final, "pinboard", "posts")
    post, old = after.get(x["post"]) or {}, before.get(x["post"]) or {}
    tags = post.get("tags", [])
    return {
        "tagged": sorted(tags) == sorted(x["tags"]) and len(tags) == len(x["tags"]),
        "unchanged_fields": bool(post) and all(post.get(k) == old.get(k) for k in ("title", "body", "cover", "time", "likes", "saves")),
        "others_intact": all(after.get(k) == v for k, v in before.items() if k != x["post"]) and len(after) == len(before)
        and _same_except(ctx, "posts"),
    }


def move_post(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before, after = _cols(ctx.initial), _cols(ctx.final)
    f_before, t_before = before[x["from"]]["posts"], before[x["to"]]["posts"]
    f_after = (after.get(x["from"]) or {}).get("posts", [])
    t_after = (after.get(x["to"]) or {}).get("posts", [])
    return {
        "moved_out": f_after == [p for p in f_before if p != x["post"]],
        "moved_in": x["post"] in t_after and [p for p in t_after if p != x["post"]] == [p for p in t_before if p != x["post"]]
        and t_after.count(x["post"]) == 1,
        "others_intact": all(after.get(k) == v for k, v in before.items() if k not in (x["from"], x["to"])) and len(after) == len(before)
        and _same_except(ctx, "collections"),
    }


def query_top_tag(ctx) -> dict[str, bool]:
    answer = str(answer_of(ctx, "tag") or "").strip().lstrip("#").strip().casefold()
    return {"correct": answer == ctx.params["c"]["tag"], "unchanged": _same_except(ctx)}


def query_most_liked(ctx) -> dict[str, bool]:
    return {"correct": number_is(answer_of(ctx, "likes"), ctx.params["t"]["likes"], ","), "unchanged": _same_except(ctx)}


def share_post(ctx) -> dict[str, bool]:
    to, p = ctx.params["to"], ctx.params["p"]
    link = f"pinboard.example/p/{p['id']}"
    ok, others = message_to(ctx, to["id"], to.get("phone"), lambda body: re.search(re.escape(link) + r"(?!\d)", body) is not None)
    return {"sent": ok, "others_intact": others, "pinboard_intact": _same_except(ctx)}


def message_author(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    phone = contact(ctx.initial, x["contact"]).get("phone")
    ok, others = message_to(ctx, x["contact"], phone, lambda body: text(body) == text(ctx.params["text"]))
    return {
        "sent": ok,
        "others_intact": others,
        "apps_intact": _same_except(ctx) and _contacts(ctx.final) == _contacts(ctx.initial),
    }


def save_to_notes(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    before = rows(ctx.initial, "notes", "notes")
    after = rows(ctx.final, "notes", "notes")
    # A duplicate saved by mistake and deleted again sits in the trash: it is not a saved note (as in notes.py).
    new = [n for k, n in after.items() if k not in before and not n.get("trashed")]
    match = [n for n in new if text(n.get("title")) == text(p["title"]) and text(p["body"]) in text(n.get("body"))]
    return {
        "saved": len(new) == 1 and len(match) == 1,
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx),
    }


def follow_collection_authors(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    after = _pinboard(ctx.final).get("following", []) or []
    want = set(x["following"]) | {x["a"], x["b"]}
    return {
        "followed": {x["a"], x["b"]} <= set(after),
        "exact": set(after) == want and len(after) == len(want),
        "others_intact": _same_except(ctx, "following"),
    }


def comment(ctx) -> dict[str, bool]:
    pid = ctx.params["p"]["id"]
    before = rows(ctx.initial, "pinboard", "comments")
    after_list = _pinboard(ctx.final).get("comments", []) or []
    new = [c for c in after_list if c.get("id") not in before]
    return {
        "commented": len(new) == 1 and new[0].get("post") == pid and text(new[0].get("text")) == text(ctx.params["text"]),
        "others_intact": all(by_id(after_list).get(k) == v for k, v in before.items()) and _same_except(ctx, "comments"),
    }
