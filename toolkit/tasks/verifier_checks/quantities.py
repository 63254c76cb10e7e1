"""Verifier primitives that read numbers and times from answers: quantities with units, amounts, clock times."""

import re

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


# A time of day in a text: hours, then minutes after ":" or "." and/or am/pm; not a piece of a longer number or word
# ("19:58", "9:585", "a9:58") nor an amount after a currency sign ("$9.58").
_CLOCK = re.compile(r"(?<![\w:.$€£¤])(\d{1,2})(?:[:.](\d{2}))?(?![\d:])(?:\s*([ap])\.?\s?m\b\.?)?", re.I)


def says_time(body, hhmm):
    """True when ``body`` (a message, a note) names the time of day ``hhmm`` ("09:58") however it is written: "9:58",
    "09.58", "9:58 am", an hour alone with am/pm ("1 pm" is 13:00); not "9:58 pm", "19:58" or "$9.58"."""
    for m in _CLOCK.finditer(str(body if body is not None else "")):
        hour, minute, half = m.groups()
        if minute is None and half is None:
            continue
        if time_of(hour + (f":{minute}" if minute else "") + (f"{half}m" if half else "")) == hhmm:
            return True
    return False
