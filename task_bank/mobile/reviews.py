"""Verifiers of the Nooks tasks (reviews.yaml). Each returns one boolean per criterion id.

Ratings and opening hours are recomputed from the world (ctx.world["reviews"]), the state and
the clock with the app's rules: a place's rating is the mean stars of the world's reviews and
the user's own (data.reviews), rounded half up to one decimal; a place is open when the weekday
is not in hours.closed and open <= time < close.
"""

from __future__ import annotations

from verifier_checks import (
    alnum,
    answer_of,
    app_data,
    clock_now,
    digits,
    intact,
    minutes,
    new_messages,
    new_rows,
    rows,
    same_keys,
    text,
    threads_intact,
)

MIN = 60000
DAY = 86400000
KEYS = ("reviews", "lists", "questions", "visits")


def _data(state: dict) -> dict:
    return app_data(state, "reviews")


def _w(ctx) -> dict:
    return ctx.world["reviews"]


def _place(w: dict, pid) -> dict:
    return next((p for p in w["places"] if p["id"] == pid), {})


def _rating(w: dict, data: dict, pid: str) -> float | None:
    stars = [r["stars"] for r in w["reviews"] if r["place"] == pid] + [r.get("stars") for r in data.get("reviews") or [] if r.get("place") == pid]
    if not stars or not all(isinstance(s, int) for s in stars):
        return None
    n = len(stars)
    return ((sum(stars) * 20 + n) // (2 * n)) / 10


def _is_open(place: dict, at: int) -> bool:
    day = (at // DAY + 4) % 7  # 1970-01-01 was a Thursday (Sun = 0)
    minute = (at // MIN) % 1440
    h = place["hours"]
    return day not in h.get("closed", []) and minutes(h["open"]) <= minute < minutes(h["close"])


def _rest_same(ctx, *changed: str) -> bool:
    return same_keys(ctx, "reviews", [k for k in KEYS if k not in changed])


def _loose(value) -> str:
    """Text compared without case, spacing, surrounding quotes or a final full stop."""
    return text(value, "\"'“”").rstrip(".")


def _alnum(value) -> str:
    """Letters and digits only, "&" read as "and" and "é" as "e", so a place name matches however it is typed."""
    return alnum(text(value).replace("&", "and").replace("é", "e"))


def _decimal(value) -> float | None:
    """A number answer where "," is the decimal point ("4,5" is 4.5), unlike verifier_checks.number."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return float(str(value).strip().replace(",", "."))
    except ValueError:
        return None


def _reviews(state: dict) -> dict[str, dict]:
    return rows(state, "reviews", "reviews")


def _new_reviews(ctx) -> list[dict]:
    return new_rows(ctx, "reviews", "reviews")


def _old_reviews_intact(ctx, skip=()) -> bool:
    after = _reviews(ctx.final)
    return all(after.get(rid) == r for rid, r in _reviews(ctx.initial).items() if rid not in skip)


# ---------------------------------------------------------------- messages

def _to(thread: dict, contact: dict) -> bool:
    # The contact comes from the task's params, not the state, so thread_is_with does not apply.
    phone = digits(contact.get("phone"))
    return thread.get("contact_id") == contact["id"] or (bool(phone) and digits(thread.get("number")) == phone)


def _shared(ctx, contact: dict, holds) -> tuple[bool, bool]:
    new = new_messages(ctx)
    # only: no text to anyone else, no conversation deleted or changed, no contact edited
    only = bool(new) and all(_to(t, contact) for t, _ in new) and threads_intact(ctx) and intact(ctx, ["contacts"], {})
    return any(_to(t, contact) and holds(m.get("text") or "") for t, m in new), only


# ---------------------------------------------------------------- tasks

def best_open_cafe(ctx) -> dict[str, bool]:
    w, area = _w(ctx), ctx.params["area"]["id"]
    now, data = clock_now(ctx.initial), _data(ctx.initial)
    cafes = [p for p in w["places"] if p["category"] == "cafe" and p["area"] == area and _is_open(p, now)]
    scored = [(_rating(w, data, p["id"]) or 0, p["name"]) for p in cafes]
    best = max((s for s, _ in scored), default=None)
    winners = [n for s, n in scored if s == best]
    return {
        "correct": len(winners) == 1 and _alnum(answer_of(ctx, "place")) == _alnum(winners[0]),
        "unchanged": _rest_same(ctx),
    }


def _one_review(ctx, pid: str) -> dict:
    new = _new_reviews(ctx)
    return new[0] if len(new) == 1 and new[0].get("place") == pid else {}


def write_review(ctx) -> dict[str, bool]:
    p = ctx.params
    r = _one_review(ctx, p["place"]["id"])
    return {
        "posted": bool(r) and r.get("stars") == p["stars"] and _loose(r.get("text")) == _loose(p["text"]),
        "others_intact": _old_reviews_intact(ctx) and _rest_same(ctx, "reviews"),
    }


def edit_review(ctx) -> dict[str, bool]:
    p = ctx.params
    rid = p["mine"]["id"]
    before, after = _reviews(ctx.initial), _reviews(ctx.final)
    r = after.get(rid, {})
    return {
        "edited": r.get("place") == p["mine"]["place"] and r.get("stars") == p["stars"] and _loose(r.get("text")) == _loose(p["text"]),
        "others_intact": set(after) == set(before) and _old_reviews_intact(ctx, skip=(rid,)) and _rest_same(ctx, "reviews"),
    }


def delete_review(ctx) -> dict[str, bool]:
    rid = ctx.params["mine"]["id"]
    before, after = _reviews(ctx.initial), _reviews(ctx.final)
    return {
        "deleted": rid in before and rid not in after,
        "others_intact": set(after) == set(before) - {rid} and _old_reviews_intact(ctx, skip=(rid,)) and _rest_same(ctx, "reviews"),
    }


def _lists(state: dict) -> dict[str, dict]:
    return rows(state, "reviews", "lists")


def save_to_list(ctx) -> dict[str, bool]:
    lid, pid = ctx.params["list"]["id"], ctx.params["place"]["id"]
    before, after = _lists(ctx.initial), _lists(ctx.final)
    old, new = before.get(lid, {}).get("places") or [], after.get(lid, {}).get("places") or []
    return {
        "saved": pid in new and sorted(new) == sorted(set(old) | {pid}) and len(new) == len(set(new)),
        "others_intact": set(after) == set(before) and all(after[k] == v for k, v in before.items() if k != lid)
        and after.get(lid, {}).get("name") == before.get(lid, {}).get("name") and _rest_same(ctx, "lists"),
    }


def new_list(ctx) -> dict[str, bool]:
    p = ctx.params
    before, after = _lists(ctx.initial), _lists(ctx.final)
    added = [l for k, l in after.items() if k not in before]
    named = [l for l in added if text(l.get("name")) == text(p["name"])]
    made = named[0] if len(added) == 1 and len(named) == 1 else {}
    return {
        "created": bool(made),
        "contents": bool(made) and sorted(made.get("places") or []) == sorted([p["pair"]["a"], p["pair"]["b"]]),
        "others_intact": all(after.get(k) == v for k, v in before.items()) and _rest_same(ctx, "lists"),
    }


def share_place(ctx) -> dict[str, bool]:
    place = _place(_w(ctx), ctx.params["place"]["id"])
    sent, only = _shared(ctx, ctx.params["contact"],
                         lambda body: text(place.get("name")) in text(body) and text(place.get("address")) in text(body))
    return {"sent": sent, "only_recipient": only, "reviews_intact": _rest_same(ctx)}


def recommend_best(ctx) -> dict[str, bool]:
    w, cat = _w(ctx), ctx.params["cat"]["id"]
    now, data = clock_now(ctx.initial), _data(ctx.initial)
    scored = [((_rating(w, data, p["id"]) or 0), p) for p in w["places"] if p["category"] == cat and _is_open(p, now)]
    best = max((s for s, _ in scored), default=None)
    winners = [p for s, p in scored if s == best]
    name = winners[0]["name"] if len(winners) == 1 else None
    others = [p["name"] for p in w["places"] if p["category"] == cat and p["name"] != name]
    sent, only = _shared(ctx, ctx.params["contact"],
                         lambda body: bool(name) and text(name) in text(body) and not any(text(o) in text(body) for o in others))
    return {"right_place": sent, "only_recipient": only, "reviews_intact": _rest_same(ctx)}


def rating_after_review(ctx) -> dict[str, bool]:
    p, w = ctx.params, _w(ctx)
    pid = p["r"]["id"]
    r = _one_review(ctx, pid)
    truth = _rating(w, _data(ctx.final), pid)
    value = _decimal(answer_of(ctx, "rating"))
    return {
        "posted": bool(r) and r.get("stars") == p["r"]["stars"] and _loose(r.get("text")) == _loose(p["text"]),
        "rating_right": bool(r) and truth is not None and value is not None and abs(value - truth) < 1e-6,
        "others_intact": _old_reviews_intact(ctx) and _rest_same(ctx, "reviews"),
    }


def ask_question(ctx) -> dict[str, bool]:
    p = ctx.params
    before = _data(ctx.initial).get("questions") or []
    seen = {q.get("id") for q in before}
    new = [q for q in _data(ctx.final).get("questions") or [] if q.get("id") not in seen]
    same = lambda a, b: _loose(a).rstrip("?") == _loose(b).rstrip("?")
    return {
        "asked": len(new) == 1 and new[0].get("place") == p["place"]["id"] and same(new[0].get("text"), p["q"]),
        "others_intact": all(q in (_data(ctx.final).get("questions") or []) for q in before) and _rest_same(ctx, "questions"),
    }


def count_open(ctx) -> dict[str, bool]:
    w, area = _w(ctx), ctx.params["area"]["id"]
    truth = sum(1 for p in w["places"] if p["area"] == area and _is_open(p, clock_now(ctx.initial)))
    value = _decimal(answer_of(ctx, "count"))
    return {"correct": value is not None and value == truth, "unchanged": _rest_same(ctx)}


def plan_visit(ctx) -> dict[str, bool]:
    v = ctx.params["v"]
    seen = {x.get("id") for x in _data(ctx.initial).get("visits") or []}
    new = [x for x in _data(ctx.final).get("visits") or [] if x.get("id") not in seen]
    return {
        "planned": len(new) == 1 and new[0].get("place") == v["id"] and new[0].get("date") == v["date"] and new[0].get("time") == v["time"],
        "others_intact": all(x in (_data(ctx.final).get("visits") or []) for x in _data(ctx.initial).get("visits") or [])
        and _rest_same(ctx, "visits"),
    }
