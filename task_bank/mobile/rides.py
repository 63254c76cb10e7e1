"""Verifiers of the Wayfin tasks (rides.yaml). Each returns one boolean per criterion id.

State: apps.rides.data = {rides: [{id, pickup, dest, type, payment, driver, km, min, surge_pct, fare_cents,
promo, discount_cents, total_cents, charged_cents, booked_at, found_at, pickup_at, dropoff_at,
status: active|completed|cancelled, cancelled_at, cancel_fee_cents, rating}], saved: {home, work},
default_payment, used_promos: [code]}. Money is integer cents; times are virtual ms (UTC).
A ride's phase is computed from its timeline and the clock (os.clock.now), as the app does.
"""

from __future__ import annotations

import re

HOME = "lin"
KEYS = ("rides", "saved", "default_payment", "used_promos")
CANCEL_FEES = {"standard": 400, "comfort": 600, "van": 800}


def _data(state: dict) -> dict:
    return ((state.get("apps") or {}).get("rides") or {}).get("data") or {}


def _now(state: dict) -> int:
    return ((state.get("os") or {}).get("clock") or {}).get("now") or 0


def _by_id(items) -> dict:
    return {x.get("id"): x for x in items or [] if isinstance(x, dict)}


def _norm(text) -> str:
    return " ".join(str(text if text is not None else "").split()).casefold()


def _digits(value) -> str:
    return re.sub(r"\D", "", str(value or ""))


def _phase(ride: dict, now: int) -> str:
    if ride.get("status") == "cancelled":
        return "cancelled"
    if ride.get("status") == "completed" or now >= ride.get("dropoff_at", 0):
        return "completed"
    if now < ride.get("found_at", 0):
        return "searching"
    if now < ride.get("pickup_at", 0):
        return "arriving"
    return "in_progress"


def _new_rides(ctx) -> list[dict]:
    before = _by_id(_data(ctx.initial).get("rides"))
    return [r for r in _data(ctx.final).get("rides") or [] if r.get("id") not in before]


def _old_rides_intact(ctx, skip=()) -> bool:
    after = _by_id(_data(ctx.final).get("rides"))
    return all(after.get(rid) == r for rid, r in _by_id(_data(ctx.initial).get("rides")).items() if rid not in skip)


def _same(ctx, *keys) -> bool:
    a, b = _data(ctx.initial), _data(ctx.final)
    return all(a.get(k) == b.get(k) for k in keys)


def _one_new(ctx, pickup: str, dest: str, rtype: str):
    """The single new ride pickup→dest of that type, not cancelled; else None."""
    new = _new_rides(ctx)
    if len(new) != 1:
        return None
    r = new[0]
    ok = r.get("pickup") == pickup and r.get("dest") == dest and r.get("type") == rtype and r.get("status") != "cancelled"
    return r if ok else None


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value or "").strip().replace("¤", "").replace(",", "").replace(" ", "")
    try:
        return float(text)
    except ValueError:
        return None


def _answer_cents(ctx, name: str, cents: int) -> bool:
    n = _number((ctx.answer or {}).get(name))
    return n is not None and abs(n * 100 - cents) < 0.5


# --------------------------------------------------------------------------- messages

def _threads(state: dict) -> list:
    return ((state.get("apps") or {}).get("messages") or {}).get("data", {}).get("threads") or []


def _thread_of(threads, cid, phone):
    for t in threads:
        if t.get("contact_id") == cid:
            return t
    d = _digits(phone)
    for t in threads:
        if d and _digits(t.get("number")) == d:
            return t
    return None


def _content(thread):
    return {k: v for k, v in thread.items() if k != "unread"}


def _messages_intact(ctx, skip=None) -> bool:
    before, after = _by_id(_threads(ctx.initial)), _by_id(_threads(ctx.final))
    if any(tid not in after for tid in before):
        return False
    return all(tid == skip or (tid in before and _content(t) == _content(before[tid])) for tid, t in after.items())


# --------------------------------------------------------------------------- verifiers

def _cancelled_with(ctx, fee: int) -> bool:
    r = _by_id(_data(ctx.final).get("rides")).get("rd90") or {}
    return r.get("status") == "cancelled" and r.get("cancel_fee_cents") == fee and r.get("charged_cents") == fee


def cancel_ride(ctx) -> dict[str, bool]:
    r = ctx.params["r"]
    fee = CANCEL_FEES[r["record"]["type"]]
    return {
        "cancelled": r["fee"] == fee and _cancelled_with(ctx, fee),
        "rest_intact": not _new_rides(ctx) and _old_rides_intact(ctx, skip=("rd90",)) and _same(ctx, *KEYS[1:]),
    }


def cancel_fee_answer(ctx) -> dict[str, bool]:
    fee = ctx.params["r"]["fee"]
    return {
        "cancelled": _cancelled_with(ctx, fee),
        "correct": _answer_cents(ctx, "fee", fee),
        "rest_intact": not _new_rides(ctx) and _old_rides_intact(ctx, skip=("rd90",)) and _same(ctx, *KEYS[1:]),
    }


def book_ride(ctx) -> dict[str, bool]:
    trip, t = ctx.params["trip"], ctx.params["type"]
    r = _one_new(ctx, trip["from"], trip["to"], t["id"])
    return {
        "booked": r is not None,
        "defaults_kept": r is not None and r.get("payment") == "personal" and not r.get("promo") and r.get("discount_cents") == 0,
        "rest_intact": _old_rides_intact(ctx) and _same(ctx, *KEYS[1:]),
    }


def query_fare(ctx) -> dict[str, bool]:
    return {"correct": _answer_cents(ctx, "fare", ctx.params["q"]["cents"]), "not_booked": _same(ctx, *KEYS)}


def book_best_promo(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    r = _one_new(ctx, HOME, p["to"], p["type"])
    before = list(_data(ctx.initial).get("used_promos") or [])
    after = list(_data(ctx.final).get("used_promos") or [])
    return {
        "booked": r is not None,
        "best_promo": r is not None and r.get("promo") == p["code"] and r.get("discount_cents") == p["discount"]
        and r.get("total_cents") == r.get("fare_cents", 0) - p["discount"],
        "rest_intact": _old_rides_intact(ctx) and sorted(after) == sorted(before + [p["code"]]) and _same(ctx, "saved", "default_payment"),
    }


def set_work_place(ctx) -> dict[str, bool]:
    saved_b, saved_a = _data(ctx.initial).get("saved") or {}, _data(ctx.final).get("saved") or {}
    return {
        "work_set": saved_a.get("work") == ctx.params["place"]["id"],
        "rest_intact": saved_a.get("home") == saved_b.get("home") and _same(ctx, "rides", "default_payment", "used_promos"),
    }


def rate_after_arrival(ctx) -> dict[str, bool]:
    r = _by_id(_data(ctx.final).get("rides")).get("rd90") or {}
    done = _phase(r, _now(ctx.final)) == "completed" if r else False
    return {
        "completed": done,
        "rated": done and r.get("rating") == int(ctx.params["stars"]),
        "rest_intact": not _new_rides(ctx) and _old_rides_intact(ctx, skip=("rd90",)) and _same(ctx, *KEYS[1:]),
    }


def query_paid(ctx) -> dict[str, bool]:
    return {"correct": _answer_cents(ctx, "amount", ctx.params["q"]["cents"]), "unchanged": _same(ctx, *KEYS)}


def query_driver(ctx) -> dict[str, bool]:
    answer = _norm((ctx.answer or {}).get("driver")).strip(" .")
    return {"correct": answer == _norm(ctx.params["q"]["driver"]), "unchanged": _same(ctx, *KEYS)}


def share_eta(ctx) -> dict[str, bool]:
    r, c = ctx.params["r"], ctx.params["contact"]
    before = _thread_of(_threads(ctx.initial), c["id"], c.get("phone"))
    after = _thread_of(_threads(ctx.final), c["id"], c.get("phone"))
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    new = [m for m in (after or {}).get("messages", []) if m.get("id") not in old]
    ride = _by_id(_data(ctx.final).get("rides")).get("rd90") or {}
    return {
        "sent": len(new) == 1 and new[0].get("from") == "me" and r["eta"] in str(new[0].get("text")),
        "others_intact": _messages_intact(ctx, skip=after.get("id") if after else None),
        "ride_kept": ride.get("status") != "cancelled" and not _new_rides(ctx) and _old_rides_intact(ctx, skip=("rd90",))
        and _same(ctx, *KEYS[1:]),
    }


def parcel_ride(ctx) -> dict[str, bool]:
    r = _one_new(ctx, HOME, "kil", ctx.params["type"]["id"])
    return {
        "booked": r is not None,
        "paid_with": r is not None and r.get("payment") == ctx.params["pay"]["id"],
        "rest_intact": _old_rides_intact(ctx) and _same(ctx, *KEYS[1:]) and _messages_intact(ctx),
    }


def event_ride(ctx) -> dict[str, bool]:
    r = _one_new(ctx, HOME, ctx.params["ev"]["place"], ctx.params["type"]["id"])
    cal = lambda s: ((s.get("apps") or {}).get("calendar") or {}).get("data")  # noqa: E731
    return {
        "booked": r is not None,
        "rest_intact": _old_rides_intact(ctx) and _same(ctx, *KEYS[1:]) and cal(ctx.initial) == cal(ctx.final),
    }


def wait_off_peak(ctx) -> dict[str, bool]:
    r = _one_new(ctx, HOME, ctx.params["dest"]["id"], ctx.params["type"]["id"])
    start = _now(ctx.initial)
    day = start - start % 86400000
    return {
        "booked": r is not None,
        "off_peak": r is not None and r.get("surge_pct") == 100 and r.get("booked_at", 0) >= day + 10 * 3600000,
        "rest_intact": _old_rides_intact(ctx) and _same(ctx, *KEYS[1:]),
    }
