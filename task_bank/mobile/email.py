"""Verifiers of the Email tasks (task_bank/mobile/email.yaml).

State: apps.email.data = {emails: [{id, folder, time, read, starred, labels, prev?}
  (world emails: their text lives in the app's world) | {..., own: true, from, to: [addresses],
  cc, subject, body, attachments, in_reply_to, forward_of} (written on the phone)], labels: [...]}.
Messages: apps.messages.data.threads; Contacts: apps.contacts.data.contacts;
Calendar: apps.calendar.data.events = [{id, title, date, start, end, location, ...}].
"""

from verifier_checks import (
    alnum,
    answer_of,
    app_data,
    has_code,
    has_number,
    has_words,
    new_rows,
    number,
    rows,
    same_keys,
    thread_content,
    thread_of,
    threads,
    words,
)


def _emails(state):
    return rows(state, "email", "emails")


def _addr(values):
    return [str(a).strip().casefold() for a in values or []]


def _without(email, keys):
    return {k: v for k, v in email.items() if k not in keys}


def _intact(ctx, allow=None, ignore=("read",), new_ok=False):
    """Every email present at the start is still there and unchanged apart from `ignore` fields
    (and, for the ids in `allow`, apart from the fields listed there); new emails only when `new_ok`."""
    allow = allow or {}
    before, after = _emails(ctx.initial), _emails(ctx.final)
    for k, e in before.items():
        if k not in after:
            return False
        skip = set(ignore) | set(allow.get(k, ()))
        if _without(after[k], skip) != _without(e, skip):
            return False
    return new_ok or set(after) <= set(before)


def _one_sent(ctx):
    """The one email sent during the task (and nothing else new), or None."""
    new = new_rows(ctx, "email", "emails")
    sent = [e for e in new if e.get("folder") == "sent"]
    return sent[0] if len(new) == 1 and len(sent) == 1 else None


# ---------------------------------------------------------------- queries


def query_tracking(ctx) -> dict[str, bool]:
    answer = alnum(answer_of(ctx, "tracking"))
    return {
        "correct": answer != "" and answer == alnum(ctx.params["q"]["code"]),
        "unchanged": _intact(ctx),
    }


def unread_from(ctx) -> dict[str, bool]:
    answer = number(answer_of(ctx, "count"), ",$")
    return {"correct": answer is not None and answer == ctx.params["s"]["n"], "unchanged": _intact(ctx)}


def count_day(ctx) -> dict[str, bool]:
    answer = number(answer_of(ctx, "count"), ",$")
    return {"correct": answer is not None and answer == ctx.params["d"]["n"], "unchanged": _intact(ctx)}


def amount_star(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    answer = number(answer_of(ctx, "amount"), ",$")
    return {
        "starred": _emails(ctx.final).get(x["id"], {}).get("starred") is True,
        "correct": answer is not None and abs(answer - float(x["value"])) < 0.005,
        "rest_intact": _intact(ctx, allow={x["id"]: ("starred",)}),
    }


# ---------------------------------------------------------------- operations


def _is_reply(mail, orig_id, address, text):
    return mail is not None and mail.get("in_reply_to") == orig_id and _addr(mail.get("to")) == [address.casefold()] \
        and words(mail.get("body")).startswith(words(text))


def reply(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    mail = _one_sent(ctx)
    return {
        "replied": _is_reply(mail, x["id"], x["email"], ctx.params["text"]),
        "rest_intact": _intact(ctx, new_ok=True),
    }


def compose_contact(ctx) -> dict[str, bool]:
    c = ctx.params["c"]
    mail = _one_sent(ctx)
    return {
        "sent": mail is not None and _addr(mail.get("to")) == [c["email"].casefold()],
        # subject and message alike: case, punctuation and spacing aside ("quick question" is "Quick question")
        "content": mail is not None and words(mail.get("subject")) == words(ctx.params["subject"])
        and words(mail.get("body")) == words(ctx.params["body"]),
        "rest_intact": _intact(ctx, new_ok=True),
    }


def forward(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    mail = _one_sent(ctx)
    return {
        "forwarded": mail is not None and mail.get("forward_of") == x["id"] and _addr(mail.get("to")) == [ctx.params["to"].casefold()],
        "complete": mail is not None and has_words(mail.get("body"), x["key"])
        and sorted(mail.get("attachments", [])) == sorted(x["attachments"]),
        "rest_intact": _intact(ctx, new_ok=True),
    }


def archive_sender(ctx) -> dict[str, bool]:
    s = ctx.params["s"]
    after = _emails(ctx.final)
    return {
        "archived": all(after.get(i, {}).get("folder") == "archive" for i in (s["a"], s["b"])),
        "rest_intact": _intact(ctx, allow={s["a"]: ("folder",), s["b"]: ("folder",)}),
    }


def trash_email(ctx) -> dict[str, bool]:
    i = ctx.params["x"]["id"]
    return {
        "trashed": _emails(ctx.final).get(i, {}).get("folder") == "trash",
        "rest_intact": _intact(ctx, allow={i: ("folder", "prev")}),
    }


def label_star(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before = _emails(ctx.initial).get(x["id"], {})
    after = _emails(ctx.final).get(x["id"], {})
    labels = after.get("labels", [])
    return {
        "labelled": sorted(labels) == sorted(set(before.get("labels", [])) | {x["label"]}) and len(labels) == len(set(labels)),
        "starred": after.get("starred") is True,
        "rest_intact": _intact(ctx, allow={x["id"]: ("labels", "starred")}) and same_keys(ctx, "email", ["labels"]),
    }


# ---------------------------------------------------------------- cross-app


def fact_via_messages(ctx) -> dict[str, bool]:
    c, value = ctx.params["c"], ctx.params["f"]["value"]
    before_threads, after_threads = threads(ctx.initial), threads(ctx.final)
    before = thread_of(before_threads, c["id"], c.get("phone"))
    after = thread_of(after_threads, c["id"], c.get("phone"))
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    new = [m for m in (after or {}).get("messages", []) if m.get("id") not in old]
    tid = after.get("id") if after else None
    b = rows(ctx.initial, "messages", "threads")
    a = rows(ctx.final, "messages", "threads")
    return {
        "sent": len(new) == 1 and new[0].get("from") == "me" and has_code(new[0].get("text"), value),
        "others_intact": all(k in a for k in b) and all(k == tid or (k in b and thread_content(t) == thread_content(b[k])) for k, t in a.items()),
        "email_intact": _intact(ctx),
    }


def send_phone(ctx) -> dict[str, bool]:
    x, to = ctx.params["x"], ctx.params["to"]
    mail = _one_sent(ctx)
    return {
        "sent": mail is not None and _addr(mail.get("to")) == [to["email"].casefold()],
        "has_number": mail is not None and has_number(f"{mail.get('subject', '')}\n{mail.get('body', '')}", x["phone"]),
        "rest_intact": _intact(ctx, new_ok=True) and app_data(ctx.final, "contacts") == app_data(ctx.initial, "contacts"),
    }


def _events(state):
    return rows(state, "calendar", "events")


def _new_event(ctx):
    before, after = _events(ctx.initial), _events(ctx.final)
    new = new_rows(ctx, "calendar", "events")
    intact = all(after.get(k) == v for k, v in before.items())
    return (new[0] if len(new) == 1 else None), intact


def _event_matches(event, spec):
    return event is not None and event.get("date") == spec["date"] and event.get("start") == spec["start"] and event.get("end") == spec["end"]


def invite_to_calendar(ctx) -> dict[str, bool]:
    i = ctx.params["i"]
    event, intact = _new_event(ctx)
    return {
        "added": _event_matches(event, i),
        "titled": event is not None and has_words(event.get("title"), i["title"]),
        "rest_intact": intact and _intact(ctx),
    }


def rsvp_and_calendar(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    mail = _one_sent(ctx)
    event, intact = _new_event(ctx)
    return {
        "replied": _is_reply(mail, x["id"], x["email"], ctx.params["text"]),
        "added": _event_matches(event, x) and has_words(event.get("title"), x["title"]),
        "rest_intact": intact and _intact(ctx, new_ok=True),
    }
