"""Verifiers of the Pinboard tasks (task_bank/mobile/pinboard.yaml).

State: apps.pinboard.data = {posts: [{id, title, body, tags, cover: {t, h}, time, likes, saves}],
collections: [{id, name, posts: [postId]}], liked: [postId], following: [authorId],
comments: [{id, post, text, time}]}; apps.messages.data.threads = [{id, contact_id, number, messages, ...}];
apps.notes.data.notes = [{id, title, body, items, folder, pinned, trashed, updated}].
"""

import re

_KEYS = ("posts", "collections", "liked", "following", "comments")


def _data(state, app="pinboard"):
    return (state.get("apps", {}).get(app, {}) or {}).get("data", {}) or {}


def _by_id(items):
    return {item.get("id"): item for item in items or []}


def _norm(text):
    """Compare text ignoring case and runs of whitespace."""
    return " ".join(str(text or "").split()).casefold()


def _same_except(ctx, *skip):
    """True when every user-data list of Pinboard except `skip` is unchanged."""
    before, after = _data(ctx.initial), _data(ctx.final)
    return all(before.get(k) == after.get(k) for k in _KEYS if k not in skip)


def _cols(state):
    return _by_id(_data(state).get("collections"))


def _number(value):
    try:
        return float(str(value).replace(",", "").strip())
    except (TypeError, ValueError):
        return None


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


def _content(thread):
    return None if thread is None else {k: v for k, v in thread.items() if k != "unread"}


def _message_to(ctx, contact_id, phone, predicate):
    """(ok, others_ok): exactly one new message from me to the contact matching `predicate`;
    no other conversation changed (unread aside), none deleted, no other new thread."""
    before_t, after_t = _threads(ctx.initial), _threads(ctx.final)
    before = _thread_of(before_t, contact_id, phone)
    after = _thread_of(after_t, contact_id, phone)
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    new = [m for m in (after or {}).get("messages", []) if m.get("id") not in old]
    ok = len(new) == 1 and new[0].get("from") == "me" and predicate(new[0].get("text", ""))
    b, a = _by_id(before_t), _by_id(after_t)
    skip = after.get("id") if after else None
    others = all(tid in a for tid in b if tid != skip) and all(
        (tid in b and _content(t) == _content(b[tid])) for tid, t in a.items() if tid != skip)
    return ok, others


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
    named = [c for c in new if _norm(c.get("name")) == _norm(x["name"])]
    return {
        "created": len(new) == 1 and len(named) == 1,
        "contents": len(named) == 1 and sorted(named[0].get("posts", [])) == sorted([x["a"], x["b"]]),
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx, "collections"),
    }


def create_post(ctx) -> dict[str, bool]:
    p, cv = ctx.params["p"], ctx.params["cv"]
    before = _by_id(_data(ctx.initial).get("posts"))
    after_list = _data(ctx.final).get("posts", []) or []
    new = [q for q in after_list if q.get("id") not in before]
    match = [q for q in new if _norm(q.get("title")) == _norm(p["title"]) and _norm(q.get("body")) == _norm(p["body"])]
    one = match[0] if len(match) == 1 else {}
    return {
        "posted": len(new) == 1 and len(match) == 1,
        "tags": sorted(one.get("tags", [])) == sorted(p["tags"]) and len(one.get("tags", [])) == len(p["tags"]),
        "cover": (one.get("cover") or {}).get("t") == cv["id"],
        "others_intact": all(_by_id(after_list).get(k) == v for k, v in before.items()) and _same_except(ctx, "posts"),
    }


def delete_post(ctx) -> dict[str, bool]:
    pid = ctx.params["x"]["post"]
    before = _by_id(_data(ctx.initial).get("posts"))
    after = _by_id(_data(ctx.final).get("posts"))
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
    before = _by_id(_data(ctx.initial).get("posts"))
    after = _by_id(_data(ctx.final).get("posts"))
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
    answer = str((ctx.answer or {}).get("tag") or "").strip().lstrip("#").strip().casefold()
    return {"correct": answer == ctx.params["c"]["tag"], "unchanged": _same_except(ctx)}


def query_most_liked(ctx) -> dict[str, bool]:
    n = _number((ctx.answer or {}).get("likes"))
    return {"correct": n is not None and n == float(ctx.params["t"]["likes"]), "unchanged": _same_except(ctx)}


def share_post(ctx) -> dict[str, bool]:
    to, p = ctx.params["to"], ctx.params["p"]
    link = f"pinboard.example/p/{p['id']}"
    ok, others = _message_to(ctx, to["id"], to.get("phone"), lambda text: re.search(re.escape(link) + r"(?!\d)", text) is not None)
    return {"sent": ok, "others_intact": others, "pinboard_intact": _same_except(ctx)}


def message_author(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    phone = _by_id(_contacts(ctx.initial)).get(x["contact"], {}).get("phone")
    ok, others = _message_to(ctx, x["contact"], phone, lambda text: _norm(text) == _norm(ctx.params["text"]))
    return {
        "sent": ok,
        "others_intact": others,
        "apps_intact": _same_except(ctx) and _contacts(ctx.final) == _contacts(ctx.initial),
    }


def save_to_notes(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    before = _by_id(_data(ctx.initial, "notes").get("notes"))
    after = _by_id(_data(ctx.final, "notes").get("notes"))
    new = [n for k, n in after.items() if k not in before]
    match = [n for n in new if _norm(n.get("title")) == _norm(p["title"]) and _norm(p["body"]) in _norm(n.get("body"))
             and not n.get("trashed")]
    return {
        "saved": len(new) == 1 and len(match) == 1,
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _same_except(ctx),
    }


def follow_collection_authors(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    after = _data(ctx.final).get("following", []) or []
    want = set(x["following"]) | {x["a"], x["b"]}
    return {
        "followed": {x["a"], x["b"]} <= set(after),
        "exact": set(after) == want and len(after) == len(want),
        "others_intact": _same_except(ctx, "following"),
    }


def comment(ctx) -> dict[str, bool]:
    pid = ctx.params["p"]["id"]
    before = _by_id(_data(ctx.initial).get("comments"))
    after_list = _data(ctx.final).get("comments", []) or []
    new = [c for c in after_list if c.get("id") not in before]
    return {
        "commented": len(new) == 1 and new[0].get("post") == pid and _norm(new[0].get("text")) == _norm(ctx.params["text"]),
        "others_intact": all(_by_id(after_list).get(k) == v for k, v in before.items()) and _same_except(ctx, "comments"),
    }
