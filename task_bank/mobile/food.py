"""Verifiers of the Forkful tasks (food.yaml). Each returns one boolean per criterion id.

Amounts are recomputed from the world (ctx.world["food"]) with the app's rules: unit price =
item price + chosen option prices; total = subtotal + delivery fee − coupon discount + tip;
percent coupons round half up to the cent and respect their cap; an order's stages follow the
clock: confirming 5 min, then the restaurant's prep_min, then its ride_min.
"""

from __future__ import annotations

import json
import re

from verifier_checks import (
    alnum,
    answer_of,
    app_data,
    clock_now,
    digits,
    hhmm,
    intact,
    minutes,
    new_messages,
    new_rows,
    number,
    rows,
    same_keys,
    says_time,
    text,
    threads_intact,
    time_of,
)

MIN = 60000


# ---------------------------------------------------------------- state and world

def _data(state: dict) -> dict:
    return app_data(state, "food")


def _orders(state: dict) -> dict[str, dict]:
    return rows(state, "food", "orders")


def _w(ctx) -> dict:
    return ctx.world["food"]


def _rest(w: dict, rid) -> dict:
    return next((r for r in w["restaurants"] if r["id"] == rid), {})


def _item(w: dict, iid) -> dict:
    for r in w["restaurants"]:
        for sec in r["menu"]:
            for it in sec["items"]:
                if it["id"] == iid:
                    return it
    return {}


def _norm_opts(w: dict, item: dict, opts) -> dict | None:
    """The app's normalizeOpts: defaults for missing 'one' groups, 'many' groups in world order; None if invalid."""
    opts = opts if isinstance(opts, dict) else {}
    if any(k not in item.get("options", []) for k in opts):
        return None
    out = {}
    for gid in item.get("options", []):
        g = w["options"][gid]
        ids = [c["id"] for c in g["choices"]]
        v = opts.get(gid)
        if g["type"] == "one":
            if v is None:
                out[gid] = ids[0]
            elif v in ids:
                out[gid] = v
            else:
                return None
        else:
            v = [] if v is None else v
            if not isinstance(v, list) or any(x not in ids for x in v):
                return None
            out[gid] = [i for i in ids if i in v]
    return out


def _unit(w: dict, item: dict, opts: dict) -> int:
    cents = item["price"]
    for gid in item.get("options", []):
        g = w["options"][gid]
        picked = [opts.get(gid)] if g["type"] == "one" else (opts.get(gid) or [])
        cents += sum(c["price"] for c in g["choices"] if c["id"] in picked)
    return cents


def _rule(w: dict, code) -> dict | None:
    return next((c for c in w["coupons"] if c["code"] == code), None)


def _discount(rule: dict | None, subtotal: int, fee: int) -> int:
    if not rule:
        return 0
    if rule["kind"] == "amount":
        return min(rule["value"], subtotal)
    if rule["kind"] == "percent":
        raw = (subtotal * rule["value"] + 50) // 100
        return min(raw, rule["max"]) if rule.get("max") else raw
    if rule["kind"] == "free_delivery":
        return fee
    return 0


def _lines_key(w: dict, lines) -> list | None:
    """Order-independent identity of order lines: (item, qty, normalized options)."""
    out = []
    for l in lines or []:
        item = _item(w, l.get("item"))
        opts = _norm_opts(w, item, l.get("opts")) if item else None
        if opts is None:
            return None
        out.append((l["item"], l.get("qty"), json.dumps(opts, sort_keys=True)))
    return sorted(out)


def _expected_total(w: dict, rest_id: str, lines: list[tuple[str, int, dict]], coupon=None, tip: int = 0) -> int:
    subtotal = 0
    for iid, qty, opts in lines:
        item = _item(w, iid)
        subtotal += _unit(w, item, _norm_opts(w, item, opts)) * qty
    fee = _rest(w, rest_id).get("fee", 0)
    return subtotal + fee - _discount(_rule(w, coupon), subtotal, fee) + tip


def _consistent(w: dict, o: dict) -> bool:
    """The order's stored amounts follow the world's prices and rules."""
    try:
        subtotal = 0
        for l in o["lines"]:
            item = _item(w, l["item"])
            opts = _norm_opts(w, item, l["opts"])
            if not item or opts is None or l["unit"] != _unit(w, item, opts):
                return False
            subtotal += l["unit"] * l["qty"]
        fee = _rest(w, o["restaurant"])["fee"]
        discount = _discount(_rule(w, o.get("coupon")), subtotal, fee)
        return (o["subtotal"], o["fee"], o["discount"], o["total"]) == (subtotal, fee, discount, subtotal + fee - discount + o["tip"])
    except (KeyError, TypeError):
        return False


def _is_open(rest: dict, now: int) -> bool:
    day = (now // 86400000 + 4) % 7  # 1970-01-01 was a Thursday (Sun = 0)
    minute = (now // MIN) % 1440
    h = rest["hours"]
    return day not in h.get("closed", []) and minutes(h["open"]) <= minute < minutes(h["close"])


def _eta(w: dict, order: dict) -> int:
    r = _rest(w, order["restaurant"])
    return order["placed_at"] + (w.get("confirm_min", 5) + r["prep_min"] + r["ride_min"]) * MIN


def _same(ctx, *keys: str) -> bool:
    return same_keys(ctx, "food", keys)


def _old_orders_intact(ctx) -> bool:
    after = _orders(ctx.final)
    return all(after.get(oid) == o for oid, o in _orders(ctx.initial).items())


def _untouched(ctx) -> bool:
    """Nothing was ordered, paid, cancelled, topped up or saved."""
    return _same(ctx, "orders", "wallet", "coupons", "addresses", "topups")


def _alnum(value) -> str:
    """Letters and digits only, "&" read as "and", so a restaurant name matches however it is typed."""
    return alnum(text(value).replace("&", "and"))


# ---------------------------------------------------------------- messages

def _to(thread: dict, contact: dict) -> bool:
    # The contact comes from the task's params, not the state, so thread_is_with does not apply.
    phone = digits(contact.get("phone"))
    return thread.get("contact_id") == contact["id"] or (bool(phone) and digits(thread.get("number")) == phone)


def _shared(ctx, contact: dict, holds) -> dict[str, bool]:
    new = new_messages(ctx)
    return {
        "sent": any(_to(t, contact) and holds(m.get("text") or "") for t, m in new),
        # nothing else in Messages or Contacts: no other text, no conversation deleted or changed, no contact edited
        "only_recipient": bool(new) and all(_to(t, contact) for t, _ in new) and threads_intact(ctx)
        and intact(ctx, ["contacts"], {}),
    }


# ---------------------------------------------------------------- tasks

def add_to_cart(ctx) -> dict[str, bool]:
    p = ctx.params
    cart = _data(ctx.final).get("cart") or {}
    lines = cart.get("lines") or []
    want = {"pizza_size": p["size"]["id"], "pizza_extra": [p["extra"]["id"]]}
    return {
        "line_right": cart.get("restaurant") == "r1" and len(lines) == 1 and lines[0].get("item") == p["pizza"]["id"]
        and lines[0].get("qty") == 2 and lines[0].get("opts") == want,
        "nothing_paid": _untouched(ctx),
    }


def _one_new(ctx) -> dict:
    new = new_rows(ctx, "food", "orders")
    return new[0] if len(new) == 1 else {}


def _charged(ctx, o: dict, topup: int = 0) -> bool:
    before, after = _data(ctx.initial).get("wallet"), _data(ctx.final).get("wallet")
    return bool(o) and _consistent(_w(ctx), o) and isinstance(before, int) and after == before + topup - o["total"]


def place_order(ctx) -> dict[str, bool]:
    p, w = ctx.params, _w(ctx)
    o = _one_new(ctx)
    item = _item(w, p["dish"]["item"])
    want = _lines_key(w, [{"item": item["id"], "qty": 2, "opts": {}}])
    return {
        "ordered": bool(o) and o.get("restaurant") == p["dish"]["rest"] and _lines_key(w, o.get("lines")) == want,
        "delivery": bool(o) and (o.get("address") or {}).get("id") == p["addr"]["id"] and o.get("tip") == p["tip"]["cents"]
        and not o.get("coupon") and o.get("discount") == 0,
        "paid": _charged(ctx, o),
        "rest_intact": _old_orders_intact(ctx) and _same(ctx, "coupons", "addresses", "topups"),
    }


def coupon_total(ctx) -> dict[str, bool]:
    c = ctx.params["combo"]
    truth = _expected_total(_w(ctx), c["rest"], [(c["item"], 2, c["opts"])], coupon=c["code"], tip=0)
    value = number(answer_of(ctx, "total"), "$,")
    return {
        "total_right": value is not None and abs(value - truth / 100) < 0.005,
        "not_ordered": _same(ctx, "orders", "wallet", "coupons", "topups", "addresses"),
    }


_METRICS = {
    "rating_max": (lambda r: r["rating"], max),
    "rating_min": (lambda r: r["rating"], min),
    "fee_min": (lambda r: r["fee"], min),
    "fee_max": (lambda r: r["fee"], max),
    "min_order_min": (lambda r: r["min_order"], min),
    "time_min": (lambda r: r["prep_min"] + r["ride_min"], min),
    "ratings_max": (lambda r: r["ratings"], max),
}


def best_open_restaurant(ctx) -> dict[str, bool]:
    w = _w(ctx)
    key, pick = _METRICS[ctx.params["q"]["key"]]
    open_now = [r for r in w["restaurants"] if _is_open(r, clock_now(ctx.initial))]
    best = pick(key(r) for r in open_now) if open_now else None
    winners = [r["name"] for r in open_now if key(r) == best]
    return {
        "correct": len(winners) == 1 and _alnum(answer_of(ctx, "restaurant")) == _alnum(winners[0]),
        "unchanged": _untouched(ctx),
    }


def cancel_order(ctx) -> dict[str, bool]:
    oid = ctx.params["o"]["active"]["id"]
    before, after = _orders(ctx.initial), _orders(ctx.final)
    old, new = before.get(oid, {}), after.get(oid, {})
    total = old.get("total")
    return {
        "cancelled": new.get("status") == "cancelled" and new.get("refund") == total
        and {k: v for k, v in new.items() if k not in ("status", "refund", "cancelled_at")} == {k: v for k, v in old.items() if k != "status"},
        "refunded": isinstance(total, int) and _data(ctx.final).get("wallet") == _data(ctx.initial).get("wallet") + total,
        "others_intact": set(after) == set(before) and all(after[k] == v for k, v in before.items() if k != oid)
        and _same(ctx, "coupons", "addresses", "topups", "cart"),
    }


def order_eta(ctx) -> dict[str, bool]:
    oid = ctx.params["o"]["active"]["id"]
    order = _orders(ctx.initial).get(oid)
    # "9:58", "09.58" and "9:58 am" are all that time; "9:58 pm" is not
    return {
        "correct": bool(order) and time_of(answer_of(ctx, "eta")) == hhmm(_eta(_w(ctx), order) // MIN),
        "unchanged": _untouched(ctx),
    }


def share_eta(ctx) -> dict[str, bool]:
    o = ctx.params["o"]
    order = _orders(ctx.initial).get(o["active"]["id"])
    eta = hhmm(_eta(_w(ctx), order) // MIN) if order else "??"
    name = _rest(_w(ctx), order["restaurant"])["name"] if order else "??"
    result = _shared(ctx, ctx.params["contact"], lambda body: says_time(body, eta) and text(name) in text(body))
    result["orders_intact"] = _untouched(ctx)
    return result


def reorder(ctx) -> dict[str, bool]:
    p, w = ctx.params, _w(ctx)
    past = _orders(ctx.initial).get(p["h"]["id"], {})
    o = _one_new(ctx)
    return {
        "same_items": bool(o) and bool(past) and o.get("restaurant") == past.get("restaurant")
        and _lines_key(w, o.get("lines")) == _lines_key(w, past.get("lines")),
        "same_address": bool(o) and (o.get("address") or {}).get("id") == (past.get("address") or {}).get("id"),
        "tip_paid": bool(o) and o.get("tip") == p["tip"]["cents"] and not o.get("coupon") and o.get("discount") == 0 and _charged(ctx, o),
        "rest_intact": _old_orders_intact(ctx) and _same(ctx, "coupons", "addresses", "topups"),
    }


def topup_and_order(ctx) -> dict[str, bool]:
    p, w = ctx.params, _w(ctx)
    d = p["dish"]
    total = _expected_total(w, d["rest"], [(d["item"], 2, {})])
    start = _data(ctx.initial).get("wallet", 0)
    need = total - start
    smallest = 0 if need <= 0 else min((a for a in w["topups"] if a >= need), default=None)
    seen = {t.get("id") for t in _data(ctx.initial).get("topups") or []}
    ups = [t for t in _data(ctx.final).get("topups") or [] if t.get("id") not in seen]
    added = sum(t.get("amount", 0) for t in ups)
    o = _one_new(ctx)
    return {
        "topped_up": (len(ups) == 0 and smallest == 0) or (len(ups) == 1 and added == smallest),
        "ordered": bool(o) and o.get("restaurant") == d["rest"]
        and _lines_key(w, o.get("lines")) == _lines_key(w, [{"item": d["item"], "qty": 2, "opts": {}}])
        and (o.get("address") or {}).get("id") == "a1" and o.get("tip") == 0 and not o.get("coupon") and o.get("total") == total,
        "balance": _charged(ctx, o, topup=added) and _old_orders_intact(ctx),
    }


def new_address_order(ctx) -> dict[str, bool]:
    p, w = ctx.params, _w(ctx)
    d, a = p["dish"], p["addr"]
    before = {x["id"]: x for x in _data(ctx.initial).get("addresses") or []}
    after = {x["id"]: x for x in _data(ctx.final).get("addresses") or []}
    added = [x for k, x in after.items() if k not in before]
    addr = added[0] if len(added) == 1 else {}
    o = _one_new(ctx)
    dest = o.get("address") or {}
    coupons_before = {c["code"]: c for c in _data(ctx.initial).get("coupons") or []}
    coupons_after = {c["code"]: c for c in _data(ctx.final).get("coupons") or []}
    return {
        "address_added": bool(addr) and text(addr.get("label")) == text(a["label"]) and text(addr.get("line")) == text(a["line"]),
        "ordered": bool(o) and bool(addr) and o.get("restaurant") == d["rest"]
        and _lines_key(w, o.get("lines")) == _lines_key(w, [{"item": d["item"], "qty": 2, "opts": {}}])
        and dest.get("id") == addr.get("id") and dest.get("line") == addr.get("line"),
        "coupon_used": bool(o) and o.get("coupon") == d["code"] and o.get("tip") == 0
        and o.get("total") == _expected_total(w, d["rest"], [(d["item"], 2, {})], coupon=d["code"]) and _charged(ctx, o)
        and (coupons_after.get(d["code"]) or {}).get("used") is True,
        "rest_intact": all(after.get(k) == v for k, v in before.items()) and _old_orders_intact(ctx)
        and all(coupons_after.get(k) == v for k, v in coupons_before.items() if k != d["code"]) and _same(ctx, "topups"),
    }


def share_total(ctx) -> dict[str, bool]:
    past = _orders(ctx.initial).get(ctx.params["h"]["id"], {})
    amount = f"{past['total'] / 100:.2f}" if past else "??"
    # the whole amount, not a piece of a larger one ("$127.99" does not hold the total 27.99)
    pattern = re.compile(rf"(?<![\d.]){re.escape(amount)}(?!\d)")
    result = _shared(ctx, ctx.params["contact"], lambda body: pattern.search(body.replace(",", "")) is not None)
    result["food_intact"] = _untouched(ctx)
    return result


def reorder_after_delivery(ctx) -> dict[str, bool]:
    w = _w(ctx)
    oid = ctx.params["o"]["active"]["id"]
    past = _orders(ctx.initial).get(oid, {})
    o = _one_new(ctx)
    return {
        "waited": bool(o) and bool(past) and o.get("placed_at", 0) >= _eta(w, past),
        "same_order": bool(o) and o.get("restaurant") == past.get("restaurant")
        and _lines_key(w, o.get("lines")) == _lines_key(w, past.get("lines"))
        and (o.get("address") or {}).get("id") == (past.get("address") or {}).get("id")
        and o.get("tip") == 0 and not o.get("coupon") and o.get("discount") == 0,
        "paid": _charged(ctx, o) and _old_orders_intact(ctx),
    }
