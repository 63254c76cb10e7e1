"""Verifiers of the RailGo tasks (task_bank/mobile-core/railway.yaml).

State: apps.railway.data = {passengers: [{id, name, id_number, type}], wallet: units,
orders: [{id, train, date, from, to, depart, class, passengers: [ids], fares, seats,
price_total, status: paid|refunded|cancelled, refund: {fee, amount, pct, at} | null}]}.
Money is compared in integer cents. Refund fee: 5% when departure is more than a day
after the clock, else 20%, rounded half up to the cent.
"""

import re

from verifier_checks import (answer_of, app_data, clock_now, digits, minutes, new_messages, new_rows, number, rows,
                             same_keys, time_of)

DAY_MS = 86400000


def _rw(state):
    return app_data(state, "railway")


def _cents(units):
    return round(float(units) * 100)


def _orders(state):
    return rows(state, "railway", "orders")


def _new_orders(ctx):
    return new_rows(ctx, "railway", "orders")


def _changed_old_orders(ctx, allowed=()):
    """Ids of orders present at the start that changed or vanished (except `allowed`)."""
    before, after = _orders(ctx.initial), _orders(ctx.final)
    return [oid for oid, o in before.items() if oid not in allowed and after.get(oid) != o]


def _travellers_same(ctx) -> bool:
    """No saved traveller was added, removed or changed."""
    return rows(ctx.initial, "railway", "passengers") == rows(ctx.final, "railway", "passengers")


def _wallet_delta(ctx):
    return _cents(_rw(ctx.final).get("wallet", 0)) - _cents(_rw(ctx.initial).get("wallet", 0))


def _days_since_epoch(date):
    y, m, d = (int(x) for x in date.split("-"))
    # Days from civil (proleptic Gregorian), as in Howard Hinnant's algorithm.
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _departure_ms(order):
    return _days_since_epoch(order["date"]) * DAY_MS + minutes(order["depart"]) * 60000


def _refund_cents(order, now):
    """(fee, amount) in cents for refunding `order` at virtual time `now`."""
    total = _cents(order["price_total"])
    pct = 5 if _departure_ms(order) - now > DAY_MS else 20
    fee = (total * pct + 50) // 100
    return fee, total - fee


def _passenger_types(ctx):
    return {pid: p.get("type") for pid, p in rows(ctx.initial, "railway", "passengers").items()}


def _expected_total_cents(fare, pax_ids, types):
    return sum(fare * (50 if types.get(p) == "child" else 100) for p in pax_ids)


def _matches(order, train, date, frm, to, cls, pax):
    return (order.get("status") == "paid" and order.get("train") == train and order.get("date") == date
            and order.get("from") == frm and order.get("to") == to and order.get("class") == cls
            and sorted(order.get("passengers") or []) == sorted(pax))


def _answer_text(ctx, name):
    # An absent answer reads as "" (answer_of gives None, which str() would make "None").
    return str((ctx.answer or {}).get(name, "")).strip()


def _unchanged(ctx) -> bool:
    """A query changes nothing in RailGo: no order bought, refunded or cancelled, no traveller, the same wallet."""
    return same_keys(ctx, "railway", ("orders", "passengers", "wallet"))


def departure_time(ctx) -> dict[str, bool]:
    """Query: the first departure time of a train, as a person writes it ("09:05", "9:05", "9.05", "9:05 am")."""
    return {"time_correct": time_of(answer_of(ctx, "departure")) == ctx.params["train"]["stops"][0]["dep"],
            "unchanged": _unchanged(ctx)}


def cheapest_second(ctx) -> dict[str, bool]:
    """Query: the cheapest second-class adult fare of tomorrow on a route."""
    # A decimal comma is a decimal point ("12,5" is 12.50, not 125), "inf" and "nan" are no price
    got = number(_answer_text(ctx, "price"), drop=",¤$€£ ")
    return {"price_correct": got is not None and round(got * 100) == _cents(ctx.params["trip"]["price"]),
            "unchanged": _unchanged(ctx)}


def fastest_train(ctx) -> dict[str, bool]:
    """Query: the train number of the fastest train on a route and day."""
    got = re.sub(r"\s+", "", _answer_text(ctx, "train")).upper()
    return {"train_correct": got == ctx.params["trip"]["train"].upper(), "unchanged": _unchanged(ctx)}


def add_traveller(ctx) -> dict[str, bool]:
    """One new traveller with exactly the given name, ID number and fare type; nothing else changed."""
    before = rows(ctx.initial, "railway", "passengers")
    after = rows(ctx.final, "railway", "passengers")
    new = new_rows(ctx, "railway", "passengers")
    want = ctx.params["person"]
    id_number = f"{ctx.params['letter']}{ctx.params['digits']}"
    added = (len(new) == 1 and new[0].get("name") == want["name"] and new[0].get("id_number") == id_number
             and new[0].get("type") == want["type"])
    intact = (all(after.get(pid) == p for pid, p in before.items()) and _orders(ctx.initial) == _orders(ctx.final)
              and _wallet_delta(ctx) == 0)
    return {"traveller_added": added, "others_intact": intact}


def edit_traveller(ctx) -> dict[str, bool]:
    """The traveller's ID number is the new one; name, type and every other traveller unchanged."""
    pid = ctx.params["passenger"]["id"]
    before = rows(ctx.initial, "railway", "passengers")
    after = rows(ctx.final, "railway", "passengers")
    new_id = f"{ctx.params['letter']}{ctx.params['digits']}"
    p = after.get(pid) or {}
    old = before.get(pid) or {}
    updated = p.get("id_number") == new_id and p.get("name") == old.get("name") and p.get("type") == old.get("type")
    intact = set(after) == set(before) and all(after[k] == v for k, v in before.items() if k != pid)
    # and nothing bought or refunded on the way
    intact = intact and _orders(ctx.initial) == _orders(ctx.final) and _wallet_delta(ctx) == 0
    return {"id_updated": updated, "others_intact": intact}


def refund_order(ctx) -> dict[str, bool]:
    """The chosen order is refunded and the wallet credited total - fee; nothing else changed."""
    oid = ctx.params["order"]["id"]
    before = _orders(ctx.initial).get(oid)
    after = _orders(ctx.final).get(oid) or {}
    _, amount = _refund_cents(before, clock_now(ctx.initial))
    refunded = after.get("status") == "refunded" and before.get("status") == "paid"
    credited = (_wallet_delta(ctx) == amount == _cents(ctx.params["order"]["refund"])
                and _cents((after.get("refund") or {}).get("amount", -1)) == amount)
    intact = not _new_orders(ctx) and not _changed_old_orders(ctx, allowed=(oid,)) and _travellers_same(ctx)
    return {"order_refunded": refunded, "wallet_credited": credited, "others_intact": intact}


def _booking(ctx, trip, train, date, pax):
    """(matching new orders, other new orders, expected total cents) for a booking task."""
    types = _passenger_types(ctx)
    new = _new_orders(ctx)
    hits = [o for o in new if _matches(o, train, date, trip["from"], trip["to"], trip["cls"], pax)]
    return hits, [o for o in new if o not in hits], _expected_total_cents(int(trip["fare"]), pax, types)


def book_earliest(ctx) -> dict[str, bool]:
    """One paid order on the precomputed earliest train with seats in the class, for one adult."""
    trip = ctx.params["trip"]
    pax = [ctx.params["passenger"]["id"]]
    hits, others, total = _booking(ctx, trip, trip["train"], trip["date"], pax)
    booked = len(hits) == 1 and _cents(hits[0].get("price_total", -1)) == total
    return {
        "booked": booked,
        "wallet_charged": _wallet_delta(ctx) == -total,
        "no_extra_orders": len(hits) == 1 and not others and not _changed_old_orders(ctx) and _travellers_same(ctx),
    }


def book_two(ctx) -> dict[str, bool]:
    """One paid order on the named train for both travellers; child fares are half."""
    trip = ctx.params["trip"]
    pax = [ctx.params["adult"]["id"], ctx.params["companion"]["id"]]
    hits, others, total = _booking(ctx, trip, trip["train"], trip["date"], pax)
    return {
        "booked": len(hits) == 1,
        "price_correct": len(hits) == 1 and _cents(hits[0].get("price_total", -1)) == total and _wallet_delta(ctx) == -total,
        "no_extra_orders": len(hits) == 1 and not others and not _changed_old_orders(ctx) and _travellers_same(ctx),
    }


def share_trip(ctx) -> dict[str, bool]:
    """The contact's conversation got my message with the order's share text; RailGo unchanged."""
    contact = ctx.params["contact"]
    text = ctx.params["order"]["text"]
    sent = new_messages(ctx)  # (thread, message) of every new message of mine

    def to_contact(t):
        return t.get("contact_id") == contact["id"] or (digits(t.get("number")) and digits(t.get("number")) == digits(contact["phone"]))

    shared = any(to_contact(t) and " ".join(str(m.get("text", "")).split()) == text for t, m in sent)
    rw_before, rw_after = _rw(ctx.initial), _rw(ctx.final)
    return {
        "shared": shared,
        "sent_once": len(sent) == 1 and to_contact(sent[0][0]),
        "railway_intact": rw_before.get("orders") == rw_after.get("orders") and _wallet_delta(ctx) == 0
        and _travellers_same(ctx),
    }


def rebook(ctx) -> dict[str, bool]:
    """Old order refunded with the right fee; new paid order on the earliest train for the same travellers."""
    s = ctx.params["s"]
    old_before = _orders(ctx.initial).get(s["order"])
    old_after = _orders(ctx.final).get(s["order"]) or {}
    _, amount = _refund_cents(old_before, clock_now(ctx.initial))
    refunded = (old_after.get("status") == "refunded" and amount == _cents(s["refund"])
                and _cents((old_after.get("refund") or {}).get("amount", -1)) == amount)
    pax = list(old_before.get("passengers") or [])
    new = _new_orders(ctx)
    hits = [o for o in new if _matches(o, s["train"], s["new_date"], s["from"], s["to"], s["cls"], pax)]
    booked = len(hits) == 1 and _cents(hits[0].get("price_total", -1)) == _cents(s["total"])
    return {
        "old_refunded": refunded,
        "new_booked": booked,
        "wallet_correct": _wallet_delta(ctx) == amount - _cents(s["total"]),
        "no_extra_orders": len(hits) == 1 and len(new) == 1 and not _changed_old_orders(ctx, allowed=(s["order"],))
        and _travellers_same(ctx),
    }
