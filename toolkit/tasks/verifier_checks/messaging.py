"""Verifier primitives for the Contacts and Messages apps: contacts, threads, the messages sent during a task."""

from .matching import digits
from .reading import app_data, by_id, rows


def contact(state, cid):
    """Return contact ``cid`` of the Contacts app ({} when there is none)."""
    return rows(state, "contacts", "contacts").get(cid) or {}


def threads(state):
    """Return the Messages app's threads (a list)."""
    return app_data(state, "messages").get("threads") or []


def thread_of(thread_list, contact_id, number_text):
    """Return the thread with contact ``contact_id``, else the one whose number has the digits of
    ``number_text``; None when neither exists."""
    for t in thread_list:
        if contact_id and t.get("contact_id") == contact_id:
            return t
    want = digits(number_text)
    for t in thread_list:
        if want and digits(t.get("number")) == want:
            return t
    return None


def thread_is_with(thread, state, cid):
    """True when ``thread`` is with contact ``cid``: by its contact id or by the contact's phone digits."""
    if thread.get("contact_id") == cid:
        return True
    phone = digits(contact(state, cid).get("phone"))
    return bool(phone) and digits(thread.get("number")) == phone


def thread_content(thread):
    """Return a thread without its read marker (what a verifier compares to see it untouched); None stays None."""
    return None if thread is None else {k: v for k, v in thread.items() if k != "unread"}


def new_messages(ctx, mine=True):
    """Return (thread, message) for each message of the final state whose id the initial state did not have;
    only those the user sent when ``mine``."""
    seen = {m.get("id") for t in threads(ctx.initial) for m in t.get("messages") or []}
    return [(t, m) for t in threads(ctx.final) for m in t.get("messages") or []
            if m.get("id") not in seen and (not mine or m.get("from") == "me")]


def sent_to(ctx, cid):
    """Return the messages the user sent during the task in threads with contact ``cid``."""
    return [m for t, m in new_messages(ctx) if thread_is_with(t, ctx.initial, cid)]


def message_to(ctx, contact_id, number_text, predicate):
    """Return (ok, others_intact): ok when the thread with the contact (see :func:`thread_of`) gained exactly one
    message, sent by the user, whose text passes ``predicate``; others_intact when no other thread changed (read
    marker aside), none was deleted and no other began."""
    before_t, after_t = threads(ctx.initial), threads(ctx.final)
    before, after = thread_of(before_t, contact_id, number_text), thread_of(after_t, contact_id, number_text)
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    new = [m for m in (after or {}).get("messages", []) if m.get("id") not in old]
    ok = len(new) == 1 and new[0].get("from") == "me" and predicate(new[0].get("text", ""))
    b, a = by_id(before_t), by_id(after_t)
    skip = after.get("id") if after else None
    others = all(tid in a for tid in b if tid != skip) and all(
        tid in b and thread_content(t) == thread_content(b[tid]) for tid, t in a.items() if tid != skip)
    return ok, others


def _thread_fields(thread):
    return {k: v for k, v in thread.items() if k not in ("messages", "unread")}


def threads_intact(ctx):
    """True when no thread was deleted and none changed apart from new messages and the read marker."""
    before, after = by_id(threads(ctx.initial)), by_id(threads(ctx.final))
    if not set(before) <= set(after):
        return False
    for tid, old in before.items():
        new, kept = after[tid], old.get("messages") or []
        if _thread_fields(old) != _thread_fields(new) or (new.get("messages") or [])[:len(kept)] != kept:
            return False
    return True


def other_threads_intact(ctx, cid):
    """True when threads with anyone but contact ``cid`` kept their messages and none with anyone else began."""
    before, after = rows(ctx.initial, "messages", "threads"), rows(ctx.final, "messages", "threads")
    for tid, t in before.items():
        if thread_is_with(t, ctx.initial, cid):
            continue
        if tid not in after or [m["id"] for m in after[tid]["messages"]] != [m["id"] for m in t["messages"]]:
            return False
    return all(thread_is_with(t, ctx.initial, cid) for tid, t in after.items() if tid not in before)
