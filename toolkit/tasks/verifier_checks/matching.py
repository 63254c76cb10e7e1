"""Verifier primitives that match text: normalised text, whole words, codes, phone numbers, what a message says."""

import re


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
