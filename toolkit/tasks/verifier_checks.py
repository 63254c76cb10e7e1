"""What task verifiers may import: state primitives (rows, text and number matching, messages) and whole checks.

A verifier imports them as ``from verifier_checks import intact, answer`` instead of carrying a copy: the
verifier worker loads this file as the module ``verifier_checks`` before its sandbox starts (the worker
imports nothing of the toolkit), and runs these functions as verifier code, under the same limits. The
static audit (toolkit/synthesis/audit_scan.py) allows this module alone beside the standard library's pure
ones. The primitives read a device state (``ctx.initial`` / ``ctx.final``); every check takes the verifier
context ``ctx`` (``ctx.initial``, ``ctx.final``, ``ctx.answer``) and returns a bool.
"""

import re

COLLECTIONS = {"contacts": ["contacts"], "calendar": ["events"], "messages": ["threads"], "email": ["emails", "labels"],
               "notes": ["notes", "folders"], "files": ["entries"]}
ALWAYS = {"messages": {"unread"}, "email": {"read"}}

# ------------------------------------------------------------------ primitives: reading a state


def app_data(state, app):
    """Return ``state.apps[app].data`` ({} when the app or its data is missing)."""
    return ((state.get("apps") or {}).get(app) or {}).get("data") or {}


def by_id(items):
    """Return {id: item} of the dict items of a list that carry an ``id`` ({} for None)."""
    return {item["id"]: item for item in items or [] if isinstance(item, dict) and "id" in item}


def rows(state, app, col):
    """Return {id: row} of collection ``col`` of ``app``'s data."""
    return by_id(app_data(state, app).get(col))


def new_rows(ctx, app, col):
    """Return the rows of ``app``'s ``col`` in the final state whose ids the initial state did not have."""
    before = rows(ctx.initial, app, col)
    return [r for rid, r in rows(ctx.final, app, col).items() if rid not in before]


def same_keys(ctx, app, keys):
    """True when each of ``keys`` of ``app``'s data is equal in the initial and the final state."""
    before, after = app_data(ctx.initial, app), app_data(ctx.final, app)
    return all(before.get(k) == after.get(k) for k in keys)


def only_changed(before, after, changes, ignore=(), added=False):
    """True when {id: row} maps ``before`` and ``after`` hold the same ids (``after`` may hold more when
    ``added``) and equal rows, except the fields ``changes[id]`` of each row and the fields ``ignore`` of every row."""
    if not (set(before) <= set(after) if added else set(before) == set(after)):
        return False
    for rid, old in before.items():
        new, free = after[rid], set(changes.get(rid, ())) | set(ignore)
        if any(old.get(k) != new.get(k) for k in set(old) | set(new) if k not in free):
            return False
    return True


def clock_now(state):
    """Return the virtual clock of a state (ms; 0 when it has none)."""
    return int(((state.get("os") or {}).get("clock") or {}).get("now") or 0)


def answer_of(ctx, name):
    """Return the submitted AnswerSheet value ``name`` (None when absent)."""
    return (ctx.answer or {}).get(name)


# ------------------------------------------------------------------ primitives: matching text and numbers


def text(value, strip="", fold=True):
    """Return ``value`` as text for comparison: runs of whitespace made one space, the characters ``strip``
    (e.g. quotes) removed from both ends, then casefolded unless ``fold`` is false. None is the empty text."""
    body = " ".join(str(value if value is not None else "").split()).strip(strip)
    return body.casefold() if fold else body


def words(value):
    """Return the words of ``value``: punctuation read as spaces, whitespace collapsed, casefolded."""
    return " ".join(re.sub(r"[^\w\s]", " ", str(value if value is not None else "")).split()).casefold()


def alnum(value):
    """Return only the letters a–z and digits of the casefolded ``value``."""
    return re.sub(r"[^0-9a-z]", "", str(value if value is not None else "").casefold())


def digits(value):
    """Return the digits of ``value`` (a phone number's, say)."""
    return re.sub(r"\D", "", str(value if value is not None else ""))


def _holds_groups(groups, want):
    """True when some contiguous run of ``groups`` joins to exactly ``want`` (a non-empty text)."""
    for start in range(len(groups)):
        joined = ""
        for group in groups[start:]:
            joined += group
            if joined == want:
                return True
            if not want.startswith(joined):
                break
    return False


def has_words(body, phrase):
    """True when the words of ``phrase`` (see :func:`words`) stand in ``body`` as whole words, in order:
    "team sync" is in "Team sync, 3pm", not in "team syncing"; an empty phrase is in nothing."""
    want = words(phrase)
    return bool(want) and f" {want} " in f" {words(body)} "


def has_code(body, value):
    """True when ``body`` holds ``value`` (a reference, order number, code) as whole letter/digit groups, with or
    without its separators: "CC-6042" is in "ref CC6042." and "cc 6042", not in "CC-60421" or "ACC-6042"."""
    want = alnum(value)
    groups = re.findall(r"[0-9a-z]+", str(body if body is not None else "").casefold())
    return bool(want) and _holds_groups(groups, want)


def has_number(body, value):
    """True when ``body`` holds the digits of ``value`` (a phone number) as whole digit groups of one written
    number, however grouped: "555-0142" is in "call 555 0142" and "(555) 0142", not in "55501429" or "15550142"
    (digits glued on); groups around it are allowed: "id 42 555-0142" and "+1 555 0142" hold 5550142."""
    want = digits(value)
    for run in re.findall(r"\d[\d\s().+/-]*", str(body if body is not None else "")):
        if _holds_groups(re.findall(r"\d+", run), want):
            return True
    return False


# What closes a sentence or wraps a quotation: neither changes what a message or an answer says.
_CLOSING = ".!?,;:"
_QUOTES = "\"'“”‘’«»"


def _said(value):
    """A text as :func:`says` compares it: casefolded, whitespace collapsed and dropped around punctuation, quotes
    around it and closing punctuation removed."""
    body = re.sub(r"\s*([^\w\s])\s*", r"\1", text(value))
    while body and (body[-1] in _CLOSING + _QUOTES or body[0] in _QUOTES):
        body = body[:-1] if body[-1] in _CLOSING + _QUOTES else body[1:]
    return body


def says(body, phrase, whole=False):
    """True when ``body`` (a message, a note, an answer) says ``phrase``: the phrase stands in it as whole words, case,
    spacing, quotes around either and closing punctuation aside ("Ship it" is said by "ship it!" and "OK, ship   it.",
    not by "ship items"); other punctuation counts ("11:00" is not "1100", "don't" is not "dont"). With ``whole``, the
    phrase must be all the body says ("Ship it." for "ship it", not "Ship it now"). An empty phrase is said by nothing."""
    want, got = _said(phrase), _said(body)
    if not want:
        return False
    if whole:
        return got == want
    return re.search(rf"(?<!\w){re.escape(want)}(?!\w)", got) is not None


def phone_is(value, truth):
    """True when an answer ``value`` is the phone number ``truth`` written any usual way: its digits grouped by spaces,
    dashes, dots, slashes or brackets, a leading "+" and country code (1 to 3 digits) and a closing full stop aside
    ("(555) 0137", "555.0137", "+1 555-0137." are 555-0137); anything else in it ("555-0137 or 0138", "ext 2") fails."""
    body = text(value).rstrip(".")
    want = digits(truth)
    if not want or not re.fullmatch(r"\+?[\d\s().\-/]+", body):
        return False
    got = digits(body)
    return got == want or (body.startswith("+") and got.endswith(want) and 1 <= len(got) - len(want) <= 3)


# A plain decimal ("12", "-3.5", ".5", "1e3"): not float()'s "nan", "inf" or "1_000".
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?", re.I)
# Thousands grouped by commas, three digits a group: "1,204", "-12,000.50".
_GROUPED = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d*)?")
# One decimal comma: "1,5", "0,25" (a comma before exactly three digits is grouping, above) — as AnswerSheet reads it.
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d+")
# An answer of one number: what stands before it, the number (digits, commas, one point, an exponent), what follows.
_QUANTITY = re.compile(r"(.*?)([+-]?(?:\d[\d,]*\.?\d*|\.\d+)(?:e[+-]?\d+)?)(.*)", re.I)
# A currency sign stands for its written names: "$" in ``drop`` lets "12.50 dollars" and "USD 12.50" read as 12.5.
CURRENCY_WORDS = {"$": ("dollar", "dollars", "usd"), "€": ("euro", "euros", "eur"), "£": ("pound", "pounds", "gbp")}


def _unit(value):
    """A unit as compared: casefolded, without spaces ("% RH" and "%rh" are one unit)."""
    return "".join(str(value).split()).casefold()


def quantity(value, units=(), drop=","):
    """Return an answer of one number, written alone or with one of ``units`` before or after it, as a float; None
    when it is no number or something else stands around it.

    Case, spacing and a closing full stop aside: with units ("%", "% rh", "percent"), "47", "47%", "47 % RH", "47
    percent." all read 47, while "47 RH", "about 47" and "47 or 48" are None. The characters ``drop`` are removed
    first and a comma is read as :func:`number` says; a numeric ``value`` is itself, None and booleans are None.
    """
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    body = str(value).replace("\u2212", "-")  # a typographic minus
    for ch in drop.replace(",", ""):
        body = body.replace(ch, "")
    m = _QUANTITY.fullmatch(" ".join(body.split()))
    if not m:
        return None
    allowed = {""} | {_unit(u) for u in units}
    after = _unit(m.group(3))
    after = after[:-1] if after.endswith(".") else after
    if _unit(m.group(1)) not in allowed or after not in allowed:
        return None
    core = m.group(2)
    if "," in drop:
        if _GROUPED.fullmatch(core):
            core = core.replace(",", "")
        elif _DECIMAL_COMMA.fullmatch(core):
            core = core.replace(",", ".")
    return float(core) if _DECIMAL.fullmatch(core) else None


def number(value, drop=","):
    """Return ``value`` as a float, the characters ``drop`` (currency signs, spaces) removed from text first;
    None for None, booleans and what does not read as a number.

    A comma in ``drop`` is read as a separator, not deleted blindly: comma-grouped thousands ("1,204") and one
    decimal comma ("1,5" is 1.5, as the AnswerSheet app reads it); any other comma ("1,,2", "12,34,5") makes
    the text no number, where deleting every comma would have read "1,5" as 15. A currency sign in ``drop`` lets
    its names stand before or after the number (see :data:`CURRENCY_WORDS`): with drop "$,", "$12.50", "$ 12.50",
    "12.50 dollars" and "USD 12.50" are 12.5.
    """
    units = [word for sign, names in CURRENCY_WORDS.items() if sign in drop for word in names]
    return quantity(value, units, drop)


def number_is(value, truth, drop="", tolerance=0.0):
    """True when ``value`` reads as a number (see :func:`number`) equal to ``truth``, or, given a
    ``tolerance``, less than that far from it."""
    got = number(value, drop)
    if got is None:
        return False
    return abs(got - float(truth)) < tolerance if tolerance else got == float(truth)


def minutes(hhmm):
    """Return the minutes since midnight of an ``HH:MM`` text."""
    h, m = str(hhmm).split(":")
    return int(h) * 60 + int(m)


def hhmm(total):
    """Return ``HH:MM`` of a count of minutes, wrapped to one day."""
    total %= 24 * 60
    return f"{total // 60:02d}:{total % 60:02d}"


def time_of(value):
    """Return a time answer ("14:15", "09:05", "9:05 am", "9:05 a.m.", "4 pm", "16.00") as ``HH:MM``; None when it
    is not a time of day ("9:05 pm" is 21:05; "25:00", "13 pm" and "905" are none)."""
    body = "".join(str(value if value is not None else "").lower().split())
    body = re.sub(r"([ap])\.?m\.?$", r"\1m", body).replace(".", ":")  # "a.m." -> "am"; "9.05" -> "9:05"
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?(am|pm)?", body)
    if not m or (m.group(2) is None and m.group(3) is None):
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half == "pm" else 0)
    return f"{hour:02d}:{minute:02d}" if hour <= 23 and minute <= 59 else None


# ------------------------------------------------------------------ primitives: contacts and text messages


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


# ------------------------------------------------------------------ checks

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
