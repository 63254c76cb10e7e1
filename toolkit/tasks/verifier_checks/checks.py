"""Whole verifier checks: each takes the verifier context ``ctx`` and returns a bool (an answer, a created or updated
record, a message or email sent, note items, a moved file, the rest of the apps' data intact)."""

import re

from .matching import digits, has_code, has_number, has_words, text
from .quantities import number
from .reading import app_data, new_rows, rows

# Every list of each app's data that intact() compares (the Contacts block list too: blocking is a change).
COLLECTIONS = {"contacts": ["contacts", "blocked"], "calendar": ["events"], "messages": ["threads"],
               "email": ["emails", "labels"], "notes": ["notes", "folders"], "files": ["entries"]}
ALWAYS = {"messages": {"unread"}, "email": {"read"}}


def _text(value):
    """Text compared ignoring case, surrounding quotes and runs of whitespace."""
    return text(value, "\"'")


def _same(key, got, want):
    if key == "phone":
        return digits(got) == digits(want) and bool(digits(want)) or (not want and not got)
    if key == "attendees":
        return isinstance(got, list) and sorted(got) == sorted(want)
    if isinstance(want, str):
        return _text(got) == _text(want)
    return got == want


# A part that is a phone number (digits in phone separators, 7 or more) or a code (one letter/digit group with a digit,
# dashes allowed): matched as whole groups, however written; any other part as whole words in order.
_PHONE_PART = re.compile(r"\+?[\d\s().-]+")
_CODE_PART = re.compile(r"[0-9a-z]+(?:-[0-9a-z]+)*", re.I)


def holds_part(body, part):
    """True when ``body`` (a message sent) says ``part``: a phone number by :func:`has_number` ("555 8524" says
    555-8524, "555-85241" does not), a code by :func:`has_code` ("76213" is not in "762134"), a phrase by
    :func:`has_words` (case, punctuation and a closing full stop aside; "see you" is not in "see yourself")."""
    part = str(part)
    if _PHONE_PART.fullmatch(part) and len(digits(part)) >= 7:
        return has_number(body, part)
    if _CODE_PART.fullmatch(part) and re.search(r"\d", part):
        return has_code(body, part)
    return has_words(body, part)


def _has_all(value, parts):
    return all(holds_part(value, p) for p in parts)


def create_event(ctx, want):
    new = new_rows(ctx, "calendar", "events")
    return len(new) == 1 and all(_same(k, new[0].get(k), v) for k, v in want.items())


def update_record(ctx, app, col, rid, fields):
    row = rows(ctx.final, app, col).get(rid)
    return row is not None and all(_same(k, row.get(k), v) for k, v in fields.items())


def create_contact(ctx, want):
    new = new_rows(ctx, "contacts", "contacts")
    return len(new) == 1 and all(_same(k, new[0].get(k), v) for k, v in want.items() if v)


def send_text(ctx, contact, thread, parts):
    before = rows(ctx.initial, "messages", "threads")
    after = rows(ctx.final, "messages", "threads")
    if thread is None:
        threads = [t for tid, t in after.items() if tid not in before and t.get("contact_id") == contact]
        sent = [m for t in threads for m in t.get("messages") or [] if m.get("from") == "me"]
    else:
        old = {m.get("id") for m in (before.get(thread) or {}).get("messages") or []}
        sent = [m for m in (after.get(thread) or {}).get("messages") or [] if m.get("id") not in old and m.get("from") == "me"]
    return len(sent) == 1 and _has_all(sent[0].get("text"), parts)


def send_email(ctx, to, subject, parts, reply_to):
    new = [e for e in new_rows(ctx, "email", "emails") if e.get("folder") == "sent"]
    if len(new) != 1:
        return False
    mail = new[0]
    if sorted(_text(a) for a in mail.get("to") or []) != sorted(_text(a) for a in to) or mail.get("cc"):
        return False
    if subject is not None and _text(mail.get("subject")) != _text(subject):
        return False
    if reply_to is not None and mail.get("in_reply_to") != reply_to:
        return False
    own_text = str(mail.get("body") or "").split("\nOn ")[0]
    return _has_all(own_text, parts)


def tick_items(ctx, note, items):
    before = rows(ctx.initial, "notes", "notes").get(note) or {}
    after = rows(ctx.final, "notes", "notes").get(note) or {}
    old = {i["id"]: i for i in before.get("items") or []}
    new = {i["id"]: i for i in after.get("items") or []}
    if set(old) != set(new):
        return False
    return all(new[i].get("done") is True and new[i].get("text") == old[i].get("text") if i in items else new[i] == old[i]
               for i in old)


def add_items(ctx, note, texts):
    before = rows(ctx.initial, "notes", "notes").get(note) or {}
    after = rows(ctx.final, "notes", "notes").get(note) or {}
    old = {i["id"]: i for i in before.get("items") or []}
    new = {i["id"]: i for i in after.get("items") or []}
    if any(new.get(i) != item for i, item in old.items()):
        return False
    added = [i for iid, i in new.items() if iid not in old]
    return sorted(_text(i.get("text")) for i in added) == sorted(_text(t) for t in texts) and not any(i.get("done") for i in added)


def move_file(ctx, entry, folder):
    old = rows(ctx.initial, "files", "entries").get(entry) or {}
    row = rows(ctx.final, "files", "entries").get(entry) or {}
    return row.get("parent") == folder and row.get("name") == old.get("name") and not row.get("trashed")


def answer(ctx, field, kind, accept):
    got = (ctx.answer or {}).get(field)
    if got is None:
        return False
    if kind == "number":
        value = number(got, "$,")
        return value is not None and any(abs(value - float(a)) < 0.005 for a in accept)
    return any(_text(got) == _text(a) or re.sub(r"[^0-9a-z]", "", _text(got)) == re.sub(r"[^0-9a-z]", "", _text(a))
               for a in accept)


def _prefix(old, new):
    return isinstance(new, list) and new[:len(old or [])] == list(old or [])


def intact(ctx, apps, allow):
    """True when the apps' data equal s0 except what ``allow`` permits: {app: {"new": {col: n}, "fields": {id: [..]}}}."""
    for app in apps:
        rule = allow.get(app) or {}
        for col in COLLECTIONS.get(app, []):
            before, after = app_data(ctx.initial, app).get(col), app_data(ctx.final, app).get(col)
            if not (before and all(isinstance(r, dict) and "id" in r for r in before)):
                if before != after:
                    return False
                continue
            b, a = rows(ctx.initial, app, col), rows(ctx.final, app, col)
            if set(b) - set(a) or len(set(a) - set(b)) > (rule.get("new") or {}).get(col, 0):
                return False
            for rid, old in b.items():
                new = a[rid]
                free = ALWAYS.get(app, set()) | set((rule.get("fields") or {}).get(rid, []))
                for key in set(old) | set(new):
                    if key in free or old.get(key) == new.get(key):
                        continue
                    if key in (rule.get("append") or {}).get(rid, []) and _prefix(old.get(key), new.get(key)):
                        continue
                    return False
    return True
