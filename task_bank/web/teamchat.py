"""Verifiers of the Murmur (teamchat) tasks (teamchat.yaml). Each returns one boolean per criterion id."""

from __future__ import annotations

import re

ME = "u-ada"


def _data(state: dict) -> dict:
    return ((state.get("apps") or {}).get("teamchat") or {}).get("data") or {}


def _msgs(state: dict) -> dict[str, dict]:
    return {m["id"]: m for m in _data(state).get("messages") or [] if isinstance(m, dict) and "id" in m}


def _chans(state: dict) -> dict[str, dict]:
    return {c["id"]: c for c in _data(state).get("channels") or [] if isinstance(c, dict) and "id" in c}


def _text(value) -> str:
    return " ".join(str(value if value is not None else "").split())


def _same_text(a, b) -> bool:
    return _text(a).casefold() == _text(b).casefold()


def _answer(ctx, name: str):
    return (ctx.answer or {}).get(name)


def _number_is(value, truth: int) -> bool:
    if value is None or isinstance(value, bool):
        return False
    try:
        return float(str(value).strip()) == truth
    except ValueError:
        return False


def _new_messages(ctx) -> list[dict]:
    before = _msgs(ctx.initial)
    return [m for mid, m in _msgs(ctx.final).items() if mid not in before]


def _messages_intact(ctx, allow: dict[str, set[str]] | None = None, removed: set[str] | frozenset = frozenset()) -> bool:
    """True when every initial message still exists unchanged, except the allowed fields and removals."""
    allow = allow or {}
    before, after = _msgs(ctx.initial), _msgs(ctx.final)
    for mid, old in before.items():
        if mid in removed:
            continue
        new = after.get(mid)
        if new is None:
            return False
        fields = allow.get(mid, set())
        if any(old.get(k) != new.get(k) for k in set(old) | set(new) if k not in fields):
            return False
    return True


def _channels_intact(ctx, allow: dict[str, set[str]] | None = None, new_ok=lambda c: False) -> bool:
    """True when every initial channel is unchanged (except allowed fields) and new channels pass `new_ok`."""
    allow = allow or {}
    before, after = _chans(ctx.initial), _chans(ctx.final)
    for cid, old in before.items():
        new = after.get(cid)
        if new is None:
            return False
        fields = allow.get(cid, set())
        if any(old.get(k) != new.get(k) for k in set(old) | set(new) if k not in fields):
            return False
    return all(new_ok(c) for cid, c in after.items() if cid not in before)


def _me_kept(ctx) -> bool:
    return _data(ctx.final).get("me") == _data(ctx.initial).get("me")


def _untouched(ctx) -> bool:
    """Nothing but read markers changed in the chat."""
    return _messages_intact(ctx) and not _new_messages(ctx) and _channels_intact(ctx) and _me_kept(ctx)


# ------------------------------------------------------------------ operate tasks


def post_message(ctx) -> dict[str, bool]:
    new = _new_messages(ctx)
    cid = ctx.params["channel"]["id"]
    hits = [m for m in new if m.get("channel") == cid and not m.get("parent") and m.get("author") == ME
            and _same_text(m.get("text"), ctx.params["text"])]
    return {
        "posted": len(hits) >= 1,
        "once": len(new) == 1 and len(hits) == 1,
        "rest_intact": _messages_intact(ctx) and _channels_intact(ctx) and _me_kept(ctx),
    }


def direct_message(ctx) -> dict[str, bool]:
    user = ctx.params["user"]
    dm = user["dm"]
    new = _new_messages(ctx)
    hits = [m for m in new if m.get("channel") == dm and m.get("author") == ME and not m.get("parent")
            and _same_text(m.get("text"), ctx.params["text"])]
    chan = _chans(ctx.final).get(dm) or {}
    return {
        "sent": bool(hits) and sorted(chan.get("members") or []) == sorted([ME, user["id"]]) and chan.get("kind") == "dm",
        "once": len(new) == 1 and len(hits) == 1,
        "rest_intact": _messages_intact(ctx) and _me_kept(ctx)
        and _channels_intact(ctx, new_ok=lambda c: c.get("id") == dm),
    }


def reply_thread(ctx) -> dict[str, bool]:
    root = ctx.params["m"]["id"]
    new = _new_messages(ctx)
    hits = [m for m in new if m.get("parent") == root and m.get("author") == ME
            and _same_text(m.get("text"), ctx.params["text"])]
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
        and _messages_intact(ctx, {mid: {"reactions"}}) and not _new_messages(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def pin_message(ctx) -> dict[str, bool]:
    mid = ctx.params["m"]["id"]
    return {
        "pinned": (_msgs(ctx.final).get(mid) or {}).get("pinned") == ME,
        "only_that": _messages_intact(ctx, {mid: {"pinned"}}) and not _new_messages(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def edit_typo(ctx) -> dict[str, bool]:
    mid = ctx.params["m"]["id"]
    msg = _msgs(ctx.final).get(mid) or {}
    return {
        "fixed": _text(msg.get("text")) == _text(ctx.params["m"]["fixed"]) and msg.get("edited") is True,
        "rest_intact": _messages_intact(ctx, {mid: {"text", "edited"}}) and not _new_messages(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def delete_own(ctx) -> dict[str, bool]:
    mid = ctx.params["m"]["id"]
    return {
        "deleted": mid in _msgs(ctx.initial) and mid not in _msgs(ctx.final),
        "rest_intact": _messages_intact(ctx, removed={mid}) and not _new_messages(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


def set_topic(ctx) -> dict[str, bool]:
    cid = ctx.params["channel"]["id"]
    return {
        "topic_set": _text((_chans(ctx.final).get(cid) or {}).get("topic")) == _text(ctx.params["topic"]),
        "rest_intact": _channels_intact(ctx, {cid: {"topic"}}) and _messages_intact(ctx) and not _new_messages(ctx)
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
        and _channels_intact(ctx, {g["ch"]: {"members"}}) and _messages_intact(ctx) and not _new_messages(ctx)
        and _me_kept(ctx),
    }


def _created(ctx) -> list[dict]:
    before = _chans(ctx.initial)
    return [c for cid, c in _chans(ctx.final).items() if cid not in before]


def create_channel(ctx) -> dict[str, bool]:
    new = _created(ctx)
    named = [c for c in new if c.get("name") == ctx.params["name"]]
    c = named[0] if len(new) == 1 and len(named) == 1 else {}
    pair = ctx.params["pair"]
    return {
        "created": bool(c) and c.get("kind") == "channel" and c.get("private") is True and c.get("creator") == ME
        and _text(c.get("topic")) == _text(ctx.params["topic"]),
        "members": bool(c) and sorted(c.get("members") or []) == sorted([ME, pair["a"], pair["b"]]),
        "rest_intact": _channels_intact(ctx, new_ok=lambda x: True) and _messages_intact(ctx) and not _new_messages(ctx)
        and _me_kept(ctx),
    }


def create_channel_rules(ctx) -> dict[str, bool]:
    new = _created(ctx)
    letters = re.sub(r"[^a-z0-9]", "", ctx.params["g"]["display"].lower())
    ok = [c for c in new if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", str(c.get("name") or ""))
          and str(c.get("name")).replace("-", "") == letters]
    c = ok[0] if len(new) == 1 and len(ok) == 1 else {}
    return {
        "created": bool(c) and c.get("kind") == "channel" and c.get("private") is False,
        "owner": bool(c) and c.get("creator") == ME and c.get("members") == [ME],
        "rest_intact": _channels_intact(ctx, new_ok=lambda x: True) and _messages_intact(ctx) and not _new_messages(ctx)
        and _me_kept(ctx),
    }


def remove_member_as_creator(ctx) -> dict[str, bool]:
    g = ctx.params["g"]
    old = (_chans(ctx.initial).get(g["ch"]) or {}).get("members") or []
    members = (_chans(ctx.final).get(g["ch"]) or {}).get("members") or []
    return {
        "removed": g["user"] in old and g["user"] not in members,
        "others_stay": members == [u for u in old if u != g["user"]],
        "rest_intact": _channels_intact(ctx, {g["ch"]: {"members"}}) and _messages_intact(ctx) and not _new_messages(ctx),
    }


def _mentions_of_me(state: dict) -> set[str]:
    """Ids of the messages that mention @ada in conversations Ada can see, not written by Ada."""
    chans = _chans(state)

    def visible(cid):
        c = chans.get(cid) or {}
        return ME in (c.get("members") or []) if c.get("kind") == "dm" or c.get("private") else bool(c)

    return {mid for mid, m in _msgs(state).items()
            if m.get("author") != ME and not m.get("deleted") and visible(m.get("channel"))
            and re.search(r"@ada(?![a-z0-9-])", str(m.get("text") or ""))}


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
        "rest_intact": _messages_intact(ctx, {mid: {"reactions"} for mid in before}) and not _new_messages(ctx)
        and _channels_intact(ctx) and _me_kept(ctx),
    }


# ------------------------------------------------------------------ query tasks


def _unread(state: dict, user: str, cid: str, baseline_ms: int) -> int:
    reads = (_data(state).get("reads") or {}).get(user) or {}
    marker = reads.get(cid, baseline_ms)
    return sum(1 for m in _msgs(state).values()
               if m.get("channel") == cid and not m.get("parent") and not m.get("deleted")
               and m.get("author") != user and m.get("ts", 0) > marker)


# The world's read baseline (2026-03-14T09:30Z) for users without a marker in a conversation.
BASELINE_MS = 1773480600000


def query_unread(ctx) -> dict[str, bool]:
    truth = _unread(ctx.initial, ME, ctx.params["conv"]["id"], BASELINE_MS)
    return {"correct": _number_is(_answer(ctx, "count"), truth), "unchanged": _untouched(ctx)}


def query_pinned_author(ctx) -> dict[str, bool]:
    cid = ctx.params["c"]["id"]
    pinned = [m for m in _msgs(ctx.initial).values() if m.get("channel") == cid and m.get("pinned")]
    return {
        "correct": len(pinned) == 1 and _same_text(_answer(ctx, "author"), ctx.params["c"]["author"]),
        "unchanged": _untouched(ctx),
    }


def query_thread_replies(ctx) -> dict[str, bool]:
    root = ctx.params["t"]["id"]
    truth = sum(1 for m in _msgs(ctx.initial).values() if m.get("parent") == root and not m.get("deleted"))
    return {"correct": _number_is(_answer(ctx, "replies"), truth), "unchanged": _untouched(ctx)}


def oncall_handoff(ctx) -> dict[str, bool]:
    new = _new_messages(ctx)
    hits = [m for m in new if m.get("channel") == "dm-ada-bram" and m.get("author") == ME and not m.get("parent")
            and _same_text(m.get("text"), ctx.params["text"])]
    return {
        "dm_sent": len(hits) == 1,
        "correct": _same_text(_answer(ctx, "name"), "Bram Okafor"),
        "rest_intact": len(new) == 1 and _messages_intact(ctx) and _channels_intact(ctx) and _me_kept(ctx),
    }
