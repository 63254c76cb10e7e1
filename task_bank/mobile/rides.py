"""Verifiers of the Wayfin tasks (rides.yaml). Each returns one boolean per criterion id.

State: apps.rides.data = {rides: [{id, pickup, dest, type, payment, driver, km, min, surge_pct, fare_cents,
promo, discount_cents, total_cents, charged_cents, booked_at, found_at, pickup_at, dropoff_at,
status: active|completed|cancelled, cancelled_at, cancel_fee_cents, rating}], saved: {home, work},
default_payment, used_promos: [code]}. Money is integer cents; times are virtual ms (UTC).
A ride's phase is computed from its timeline and the clock (os.clock.now), as the app does.
"""

from __future__ import annotations

from verifier_checks import (
    answer_of,
    app_data,
    by_id,
    clock_now,
    number,
    rows,
    same_keys,
    says_time,
    text,
    thread_content,
    thread_of,
    threads,
)

HOME = "lin"
KEYS = ("rides", "saved", "default_payment", "used_promos")
CANCEL_FEES = {"standard": 400, "comfort": 600, "van": 800}


def _data(state: dict) -> dict:
    return app_data(state, "rides")


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
    # Read from the final list itself, not an {id: row} map: a ride listed twice counts twice.
    before = rows(ctx.initial, "rides", "rides")
    return [r for r in _data(ctx.final).get("rides") or [] if r.get("id") not in before]


def _old_rides_intact(ctx, skip=()) -> bool:
    after = rows(ctx.final, "rides", "rides")
    return all(after.get(rid) == r for rid, r in rows(ctx.initial, "rides", "rides").items() if rid not in skip)


def _same(ctx, *keys) -> bool:
    return same_keys(ctx, "rides", keys)


def _one_new(ctx, pickup: str, dest: str, rtype: str):
    """The single new ride pickup→dest of that type, not cancelled; else None."""
    new = _new_rides(ctx)
    if len(new) != 1:
        return None
    r = new[0]
    ok = r.get("pickup") == pickup and r.get("dest") == dest and r.get("type") == rtype and r.get("status") != "cancelled"
    return r if ok else None


def _answer_cents(ctx, name: str, cents: int) -> bool:
    # Accepts "89.90", "¤89.90", "1,234.5", "1 234.5", 89.9.
    n = number(answer_of(ctx, name), "¤, ")
    return n is not None and abs(n * 100 - cents) < 0.5


# --------------------------------------------------------------------------- messages

def _messages_intact(ctx, skip=None) -> bool:
    before, after = by_id(threads(ctx.initial)), by_id(threads(ctx.final))
    if any(tid not in after for tid in before):
        return False
    return all(tid == skip or (tid in before and thread_content(t) == thread_content(before[tid])) for tid, t in after.items())


# --------------------------------------------------------------------------- verifiers

def _cancelled_with(ctx, fee: int) -> bool:
    r = rows(ctx.final, "rides", "rides").get("rd90") or {}
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
    r = rows(ctx.final, "rides", "rides").get("rd90") or {}
    done = _phase(r, clock_now(ctx.final)) == "completed" if r else False
    return {
        "completed": done,
        "rated": done and r.get("rating") == int(ctx.params["stars"]),
        "rest_intact": not _new_rides(ctx) and _old_rides_intact(ctx, skip=("rd90",)) and _same(ctx, *KEYS[1:]),
    }


def query_paid(ctx) -> dict[str, bool]:
    return {"correct": _answer_cents(ctx, "amount", ctx.params["q"]["cents"]), "unchanged": _same(ctx, *KEYS)}


def query_driver(ctx) -> dict[str, bool]:
    answer = text(answer_of(ctx, "driver"), " .")
    return {"correct": answer == text(ctx.params["q"]["driver"]), "unchanged": _same(ctx, *KEYS)}


def share_eta(ctx) -> dict[str, bool]:
    r, c = ctx.params["r"], ctx.params["contact"]
    before = thread_of(threads(ctx.initial), c["id"], c.get("phone"))
    after = thread_of(threads(ctx.final), c["id"], c.get("phone"))
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    new = [m for m in (after or {}).get("messages", []) if m.get("id") not in old]
    ride = rows(ctx.final, "rides", "rides").get("rd90") or {}
    return {
        "sent": len(new) == 1 and new[0].get("from") == "me" and says_time(new[0].get("text"), r["eta"]),
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
    calendar_same = app_data(ctx.initial, "calendar") == app_data(ctx.final, "calendar")
    return {
        "booked": r is not None,
        "rest_intact": _old_rides_intact(ctx) and _same(ctx, *KEYS[1:]) and calendar_same,
    }


def wait_off_peak(ctx) -> dict[str, bool]:
    r = _one_new(ctx, HOME, ctx.params["dest"]["id"], ctx.params["type"]["id"])
    start = clock_now(ctx.initial)
    day = start - start % 86400000
    return {
        "booked": r is not None,
        "off_peak": r is not None and r.get("surge_pct") == 100 and r.get("booked_at", 0) >= day + 10 * 3600000,
        "rest_intact": _old_rides_intact(ctx) and _same(ctx, *KEYS[1:]),
    }
