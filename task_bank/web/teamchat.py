"""Verifiers of the Murmur (teamchat) tasks (teamchat.yaml). Each returns one boolean per criterion id."""

from __future__ import annotations

import re

from verifier_checks import alnum, answer_of, app_data, new_rows, number_is, only_changed, rows, same_keys, says, text

APP = "teamchat"
ME = "u-ada"


def _msgs(state: dict) -> dict[str, dict]:
    return rows(state, APP, "messages")


def _chans(state: dict) -> dict[str, dict]:
    return rows(state, APP, "channels")


def _new_posts(ctx) -> list[dict]:
    return new_rows(ctx, APP, "messages")


def _kept(before: dict[str, dict], after: dict[str, dict], allow: dict[str, set[str]] | None) -> bool:
    """Every row of `before` is still in `after`, unchanged except the fields allow[id]."""
    return only_changed(before, after, allow or {}, added=True)


def _messages_intact(ctx, allow: dict[str, set[str]] | None = None, removed: set[str] | frozenset = frozenset()) -> bool:
    """True when every initial message still exists unchanged, except the allowed fields and removals."""
    before = {mid: m for mid, m in _msgs(ctx.initial).items() if mid not in removed}
    return _kept(before, _msgs(ctx.final), allow)


def _channels_intact(ctx, allow: dict[str, set[str]] | None = None, new_ok=lambda c: False) -> bool:
    """True when every initial channel is unchanged (except allowed fields) and new channels pass `new_ok`."""
    before, after = _chans(ctx.initial), _chans(ctx.final)
    return _kept(before, after, allow) and all(new_ok(c) for cid, c in after.items() if cid not in before)


def _me_kept(ctx) -> bool:
    return same_keys(ctx, APP, ["me"])


def _untouched(ctx) -> bool:
    """Nothing but read markers changed in the chat."""
    return _messages_intact(ctx) and not _new_posts(ctx) and _channels_intact(ctx) and _me_kept(ctx)


# ------------------------------------------------------------------ operate tasks


def post_message(ctx) -> dict[str, bool]:
    new = _new_posts(ctx)
    cid = ctx.params["channel"]["id"]
    hits = [m for m in new if m.get("channel") == cid and not m.get("parent") and m.get("author") == ME
            and says(m.get("text"), ctx.params["text"], whole=True)]
    return {
        "posted": len(hits) >= 1,
        "once": len(new) == 1 and len(hits) == 1,
        "rest_intact": _messages_intact(ctx) and _channels_intact(ctx) and _me_kept(ctx),
    }


def direct_message(ctx) -> dict[str, bool]:
    user = ctx.params["user"]
    dm = user["dm"]
    new = _new_posts(ctx)
    hits = [m for m in new if m.get("channel") == dm and m.get("author") == ME and not m.get("parent")
            and says(m.get("text"), ctx.params["text"], whole=True)]
    chan = _chans(ctx.final).get(dm) or {}
    return {
        "sent": bool(hits) and sorted(chan.get("members") or []) == sorted([ME, user["id"]]) and chan.get("kind") == "dm",
        "once": len(new) == 1 and len(hits) == 1,
        "rest_intact": _messages_intact(ctx) and _me_kept(ctx)
        and _channels_intact(ctx, new_ok=lambda c: c.get("id") == dm),
    }


def reply_thread(ctx) -> dict[str, bool]:
    root = ctx.params["m"]["id"]
    new = _new_posts(ctx)
    hits = [m for m in new if m.get("parent") == root and m.get("author") == ME
            and says(m.get("text"), ctx.params["text"], whole=True)]
    root_channel = _msgs(ctx.initial).get(root, {}).get("channel")
    return {
        "replied": bool(hits) and all(m.get("channel") == root_channel for m in hits),
        "once": len(new) == 1 and len(hits) == 1,
        "rest_intact": _messages_intact(ctx) and _channels_intact(ctx) and _me_kept(ctx),
    }


def react(ctx) -> dict[str, bool]:
    mid, code = ctx.params["m"]["id"], ctx.params["emoji"]
    old = (_msgs(ctx.initial).get(mid) or {}).get("reactions") or {}
    new = (_msgs(ctx.final).get(mid) or {}).get("reactions") or {}
    expected = dict(old)
    expected[code] = [u for u in old.get(code, []) if u != ME] + [ME]
    normalized = {k: sorted(v) for k, v in new.items() if v}
    return {
        "reacted": ME in (new.get(code) or []),
        "only_that": normalized == {k: sorted(v) for k, v in expected.items()}
        and _messages_intact(ctx, {mid: {"reactions"}}) and not _new_posts(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def pin_message(ctx) -> dict[str, bool]:
    mid = ctx.params["m"]["id"]
    return {
        "pinned": (_msgs(ctx.final).get(mid) or {}).get("pinned") == ME,
        "only_that": _messages_intact(ctx, {mid: {"pinned"}}) and not _new_posts(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def edit_typo(ctx) -> dict[str, bool]:
    mid = ctx.params["m"]["id"]
    msg = _msgs(ctx.final).get(mid) or {}
    return {
        "fixed": text(msg.get("text"), fold=False) == text(ctx.params["m"]["fixed"], fold=False) and msg.get("edited") is True,
        "rest_intact": _messages_intact(ctx, {mid: {"text", "edited"}}) and not _new_posts(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def delete_own(ctx) -> dict[str, bool]:
    mid = ctx.params["m"]["id"]
    return {
        "deleted": mid in _msgs(ctx.initial) and mid not in _msgs(ctx.final),
        "rest_intact": _messages_intact(ctx, removed={mid}) and not _new_posts(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def set_topic(ctx) -> dict[str, bool]:
    cid = ctx.params["channel"]["id"]
    return {
        "topic_set": text((_chans(ctx.final).get(cid) or {}).get("topic"), fold=False) == text(ctx.params["topic"], fold=False),
        "rest_intact": _channels_intact(ctx, {cid: {"topic"}}) and _messages_intact(ctx) and not _new_posts(ctx)
        and _me_kept(ctx),
    }


def invite_members(ctx) -> dict[str, bool]:
    g = ctx.params["g"]
    old = set((_chans(ctx.initial).get(g["ch"]) or {}).get("members") or [])
    members = (_chans(ctx.final).get(g["ch"]) or {}).get("members") or []
    return {
        "a_added": g["a"] in members,
        "b_added": g["b"] in members,
        "rest_intact": set(members) == old | {g["a"], g["b"]} and len(members) == len(set(members))
        and _channels_intact(ctx, {g["ch"]: {"members"}}) and _messages_intact(ctx) and not _new_posts(ctx)
        and _me_kept(ctx),
    }


def create_channel(ctx) -> dict[str, bool]:
    new = new_rows(ctx, APP, "channels")
    named = [c for c in new if c.get("name") == ctx.params["name"]]
    c = named[0] if len(new) == 1 and len(named) == 1 else {}
    pair = ctx.params["pair"]
    return {
        "created": bool(c) and c.get("kind") == "channel" and c.get("private") is True and c.get("creator") == ME
        and text(c.get("topic"), fold=False) == text(ctx.params["topic"], fold=False),
        "members": bool(c) and sorted(c.get("members") or []) == sorted([ME, pair["a"], pair["b"]]),
        "rest_intact": _channels_intact(ctx, new_ok=lambda x: True) and _messages_intact(ctx) and not _new_posts(ctx)
        and _me_kept(ctx),
    }


def create_channel_rules(ctx) -> dict[str, bool]:
    new = new_rows(ctx, APP, "channels")
    letters = alnum(ctx.params["g"]["display"])
    ok = [c for c in new if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", str(c.get("name") or ""))
          and str(c.get("name")).replace("-", "") == letters]
    c = ok[0] if len(new) == 1 and len(ok) == 1 else {}
    return {
        "created": bool(c) and c.get("kind") == "channel" and c.get("private") is False,
        "owner": bool(c) and c.get("creator") == ME and c.get("members") == [ME],
        "rest_intact": _channels_intact(ctx, new_ok=lambda x: True) and _messages_intact(ctx) and not _new_posts(ctx)
        and _me_kept(ctx),
    }


def remove_member_as_creator(ctx) -> dict[str, bool]:
    g = ctx.params["g"]
    old = (_chans(ctx.initial).get(g["ch"]) or {}).get("members") or []
    members = (_chans(ctx.final).get(g["ch"]) or {}).get("members") or []
    return {
        "removed": g["user"] in old and g["user"] not in members,
        "others_stay": members == [u for u in old if u != g["user"]],
        "rest_intact": _channels_intact(ctx, {g["ch"]: {"members"}}) and _messages_intact(ctx) and not _new_posts(ctx),
    }


def _mentions_of_me(state: dict) -> set[str]:
    """Ids of the messages that mention @ada in conversations Ada can see, not written by Ada."""
    chans = _chans(state)

    def visible(cid):
        c = chans.get(cid) or {}
        return ME in (c.get("members") or []) if c.get("kind") == "dm" or c.get("private") else bool(c)

    return {mid for mid, m in _msgs(state).items()
            if m.get("author") != ME and not m.get("deleted") and visible(m.get("channel"))
            and re.search(r"@ada(?![a-z0-9-])", str(m.get("text") or ""), re.I)}  # "@Ada" mentions her too, as in Murmur


def ack_mentions(ctx) -> dict[str, bool]:
    code = ctx.params["emoji"]
    targets = _mentions_of_me(ctx.initial)
    before, after = _msgs(ctx.initial), _msgs(ctx.final)

    def expected(mid):
        old = before[mid].get("reactions") or {}
        if mid not in targets:
            return {k: sorted(v) for k, v in old.items()}
        exp = {k: sorted(v) for k, v in old.items()}
        exp[code] = sorted(set(old.get(code, [])) | {ME})
        return exp

    def actual(mid):
        return {k: sorted(v) for k, v in ((after.get(mid) or {}).get("reactions") or {}).items() if v}

    return {
        "all_acked": bool(targets) and all(ME in (((after.get(mid) or {}).get("reactions") or {}).get(code) or [])
                                           for mid in targets),
        "only_mentions": all(actual(mid) == expected(mid) for mid in before if mid in after),
        "rest_intact": _messages_intact(ctx, {mid: {"reactions"} for mid in before}) and not _new_posts(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


# ------------------------------------------------------------------ query tasks


def _unread(state: dict, user: str, cid: str, baseline_ms: int) -> int:
    reads = (app_data(state, APP).get("reads") or {}).get(user) or {}
    marker = reads.get(cid, baseline_ms)
    return sum(1 for m in _msgs(state).values()
               if m.get("channel") == cid and not m.get("parent") and not m.get("deleted")
               and m.get("author") != user and m.get("ts", 0) > marker)


# The world's read baseline (2026-03-14T09:30Z) for users without a marker in a conversation.
BASELINE_MS = 1773480600000


def query_unread(ctx) -> dict[str, bool]:
    truth = _unread(ctx.initial, ME, ctx.params["conv"]["id"], BASELINE_MS)
    return {"correct": number_is(answer_of(ctx, "count"), truth), "unchanged": _untouched(ctx)}


def query_pinned_author(ctx) -> dict[str, bool]:
    cid = ctx.params["c"]["id"]
    pinned = [m for m in _msgs(ctx.initial).values() if m.get("channel") == cid and m.get("pinned")]
    return {
        "correct": len(pinned) == 1 and says(answer_of(ctx, "author"), ctx.params["c"]["author"], whole=True),
        "unchanged": _untouched(ctx),
    }


def query_thread_replies(ctx) -> dict[str, bool]:
    root = ctx.params["t"]["id"]
    truth = sum(1 for m in _msgs(ctx.initial).values() if m.get("parent") == root and not m.get("deleted"))
    return {"correct": number_is(answer_of(ctx, "replies"), truth), "unchanged": _untouched(ctx)}


def oncall_handoff(ctx) -> dict[str, bool]:
    new = _new_posts(ctx)
    hits = [m for m in new if m.get("channel") == "dm-ada-bram" and m.get("author") == ME and not m.get("parent")
            and says(m.get("text"), ctx.params["text"], whole=True)]
    return {
        "dm_sent": len(hits) == 1,
        "correct": says(answer_of(ctx, "name"), "Bram Okafor", whole=True),
        "rest_intact": len(new) == 1 and _messages_intact(ctx) and _channels_intact(ctx) and _me_kept(ctx),
    }
