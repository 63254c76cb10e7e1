"""Checks that task verifiers may import: row lookups, text and number matching, record checks, side effects.

A verifier imports them as ``from verifier_checks import intact, answer`` instead of carrying a copy: the
verifier worker loads this file as the module ``verifier_checks`` before its sandbox starts (the worker
imports nothing of the toolkit), and runs these functions as verifier code, under the same limits. The
static audit (toolkit/synthesis/audit_scan.py) allows this module alone beside the standard library's pure
ones. Every check takes the verifier context ``ctx`` (``ctx.initial``, ``ctx.final``, ``ctx.answer``) and
returns a bool.
"""

import re

COLLECTIONS = {"contacts": ["contacts"], "calendar": ["events"], "messages": ["threads"], "email": ["emails", "labels"],
               "notes": ["notes", "folders"], "files": ["entries"]}
ALWAYS = {"messages": {"unread"}, "email": {"read"}}


def _data(state, app):
    return ((state.get("apps") or {}).get(app) or {}).get("data") or {}


def _rows(state, app, col):
    return {r["id"]: r for r in _data(state, app).get(col) or [] if isinstance(r, dict) and "id" in r}


def _new(ctx, app, col):
    before = _rows(ctx.initial, app, col)
    return [r for rid, r in _rows(ctx.final, app, col).items() if rid not in before]


def _text(value):
    """Text compared ignoring case, surrounding quotes and runs of whitespace."""
    return " ".join(str("" if value is None else value).split()).strip("\"'").casefold()


def _digits(value):
    return re.sub(r"[^0-9]", "", str("" if value is None else value))


def _number(value):
    try:
        return float(str(value).replace("$", "").replace(",", "").strip())
    except (TypeError, ValueError):
        return None


def _same(key, got, want):
    if key == "phone":
        return _digits(got) == _digits(want) and bool(_digits(want)) or (not want and not got)
    if key == "attendees":
        return isinstance(got, list) and sorted(got) == sorted(want)
    if isinstance(want, str):
        return _text(got) == _text(want)
    return got == want


def _has_all(text, parts):
    body = _text(text)
    return all(_text(p) in body for p in parts)


def create_event(ctx, want):
    new = _new(ctx, "calendar", "events")
    return len(new) == 1 and all(_same(k, new[0].get(k), v) for k, v in want.items())


def update_record(ctx, app, col, rid, fields):
    row = _rows(ctx.final, app, col).get(rid)
    return row is not None and all(_same(k, row.get(k), v) for k, v in fields.items())


def create_contact(ctx, want):
    new = _new(ctx, "contacts", "contacts")
    return len(new) == 1 and all(_same(k, new[0].get(k), v) for k, v in want.items() if v)


def send_text(ctx, contact, thread, parts):
    before = _rows(ctx.initial, "messages", "threads")
    after = _rows(ctx.final, "messages", "threads")
    if thread is None:
        threads = [t for tid, t in after.items() if tid not in before and t.get("contact_id") == contact]
        sent = [m for t in threads for m in t.get("messages") or [] if m.get("from") == "me"]
    else:
        old = {m.get("id") for m in (before.get(thread) or {}).get("messages") or []}
        sent = [m for m in (after.get(thread) or {}).get("messages") or [] if m.get("id") not in old and m.get("from") == "me"]
    return len(sent) == 1 and _has_all(sent[0].get("text"), parts)


def send_email(ctx, to, subject, parts, reply_to):
    new = [e for e in _new(ctx, "email", "emails") if e.get("folder") == "sent"]
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
    before = _rows(ctx.initial, "notes", "notes").get(note) or {}
    after = _rows(ctx.final, "notes", "notes").get(note) or {}
    old = {i["id"]: i for i in before.get("items") or []}
    new = {i["id"]: i for i in after.get("items") or []}
    if set(old) != set(new):
        return False
    return all(new[i].get("done") is True and new[i].get("text") == old[i].get("text") if i in items else new[i] == old[i]
               for i in old)


def add_items(ctx, note, texts):
    before = _rows(ctx.initial, "notes", "notes").get(note) or {}
    after = _rows(ctx.final, "notes", "notes").get(note) or {}
    old = {i["id"]: i for i in before.get("items") or []}
    new = {i["id"]: i for i in after.get("items") or []}
    if any(new.get(i) != item for i, item in old.items()):
        return False
    added = [i for iid, i in new.items() if iid not in old]
    return sorted(_text(i.get("text")) for i in added) == sorted(_text(t) for t in texts) and not any(i.get("done") for i in added)


def move_file(ctx, entry, folder):
    old = _rows(ctx.initial, "files", "entries").get(entry) or {}
    row = _rows(ctx.final, "files", "entries").get(entry) or {}
    return row.get("parent") == folder and row.get("name") == old.get("name") and not row.get("trashed")


def answer(ctx, field, kind, accept):
    got = (ctx.answer or {}).get(field)
    if got is None:
        return False
    if kind == "number":
        value = _number(got)
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
            before, after = _data(ctx.initial, app).get(col), _data(ctx.final, app).get(col)
            if not (before and all(isinstance(r, dict) and "id" in r for r in before)):
                if before != after:
                    return False
                continue
            b, a = _rows(ctx.initial, app, col), _rows(ctx.final, app, col)
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
