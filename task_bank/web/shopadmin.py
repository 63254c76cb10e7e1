"""Verifiers of the Fernhill Admin (shopadmin) tasks (shopadmin.yaml). Each returns one boolean per criterion id.

Money is integer cents in state. Expected values are computed from the initial state, so the checks do
not depend on numbers copied into the task file.
"""

from __future__ import annotations

from verifier_checks import answer_of, new_rows, number_is, only_changed, rows, says, text

APP = "shopadmin"


def _rows(state: dict, key: str) -> dict[str, dict]:
    return rows(state, APP, key)


def _products(state: dict) -> dict[str, dict]:
    return rows(state, APP, "products")


def _orders(state: dict) -> dict[str, dict]:
    return rows(state, APP, "orders")


def _pct(price: int, pct: int) -> int:
    """Price after a whole-number percentage change, rounded half up to the cent (as the app does)."""
    return (price * (100 + pct) + 50) // 100


def _number_is(value, truth: float) -> bool:
    """The answer reads as `truth`, "$" and "," ignored."""
    return number_is(value, truth, "$,", tolerance=1e-6)


def _products_intact(ctx, allow: dict[str, set[str]] | None = None, new_ok=lambda p: False) -> bool:
    """Every initial product is unchanged except the allowed fields; new products must pass new_ok."""
    before, after = _products(ctx.initial), _products(ctx.final)
    unchanged = only_changed(before, after, allow or {}, added=True)
    return unchanged and all(new_ok(p) for pid, p in after.items() if pid not in before)


def _same_list(ctx, key: str, skip=frozenset()) -> bool:
    a = {k: v for k, v in _rows(ctx.initial, key).items() if k not in skip}
    b = {k: v for k, v in _rows(ctx.final, key).items() if k not in skip}
    return a == b


def _others_intact(ctx, orders=True, vendors=True, pos=True, adjustments=True, skip_order=None) -> bool:
    ok = True
    if orders:
        ok = ok and _same_list(ctx, "orders", skip=frozenset([skip_order]) if skip_order else frozenset())
    if vendors:
        ok = ok and _same_list(ctx, "vendors")
    if pos:
        ok = ok and _same_list(ctx, "pos")
    if adjustments:
        ok = ok and _same_list(ctx, "adjustments")
    return ok


def _subtotal(order: dict) -> int:
    return sum(l["qty"] * l["price"] for l in order.get("lines") or [])


def _total_ok(order: dict) -> bool:
    return order.get("total") == _subtotal(order) - order.get("discount", 0) + order.get("shipping", 0)


# ------------------------------------------------------------------ bulk edits


def bulk_price(ctx) -> dict[str, bool]:
    cat, pct = ctx.params["cat"], int(ctx.params["pct"])
    before, after = _products(ctx.initial), _products(ctx.final)
    ids = [pid for pid, p in before.items() if p["category"] == cat]
    return {
        "prices": bool(ids) and all((after.get(pid) or {}).get("price") == _pct(before[pid]["price"], pct) for pid in ids),
        "rest_intact": _products_intact(ctx, {pid: {"price"} for pid in ids}) and _others_intact(ctx),
    }


def bulk_recategorize(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    after = _products(ctx.final)
    return {
        "moved": all((after.get(pid) or {}).get("category") == p["cat"] for pid in (p["a"], p["b"])),
        "rest_intact": _products_intact(ctx, {p["a"]: {"category"}, p["b"]: {"category"}}) and _others_intact(ctx),
    }


def bulk_status_vendor(ctx) -> dict[str, bool]:
    vid = ctx.params["v"]["id"]
    before, after = _products(ctx.initial), _products(ctx.final)
    ids = [pid for pid, p in before.items() if p["vendor"] == vid and p["status"] == "active"]
    return {
        "drafted": bool(ids) and all((after.get(pid) or {}).get("status") == "draft" for pid in ids),
        "rest_intact": _products_intact(ctx, {pid: {"status"} for pid in ids}) and _others_intact(ctx),
    }


def clearance(ctx) -> dict[str, bool]:
    cat, pct = ctx.params["c"]["cat"], int(ctx.params["c"]["pct"])
    before, after = _products(ctx.initial), _products(ctx.final)
    ids = [pid for pid, p in before.items() if p["category"] == cat]
    ok_ids = [pid for pid in ids if _pct(before[pid]["price"], pct) >= before[pid]["cost"]]
    kept = [pid for pid in ids if pid not in ok_ids]
    return {
        "discounted": bool(ok_ids) and all((after.get(pid) or {}).get("price") == _pct(before[pid]["price"], pct) for pid in ok_ids),
        "policy": all((after.get(pid) or {}).get("price") == before[pid]["price"] for pid in kept),
        "rest_intact": _products_intact(ctx, {pid: {"price"} for pid in ok_ids}) and _others_intact(ctx),
    }


# ------------------------------------------------------------------ orders


def fulfil_order(ctx) -> dict[str, bool]:
    o = ctx.params["o"]
    old = _orders(ctx.initial)[o["id"]]
    new = _orders(ctx.final).get(o["id"]) or {}
    paid_ok = new.get("paid") == (old["total"] if o["to"] == "paid" else old["paid"])
    same_rest = all(new.get(k) == v for k, v in old.items() if k not in ("status", "paid"))
    return {
        "status": new.get("status") == o["to"] and paid_ok,
        "rest_intact": same_rest and _products_intact(ctx) and _others_intact(ctx, skip_order=o["id"]),
    }


def _refund_check(ctx, order_id: str, product: str, qty: int, reason: str | None):
    """Check one new refund of qty × product at its price; return (refund_ok, restocked_ok, new_order)."""
    old = _orders(ctx.initial)[order_id]
    new = _orders(ctx.final).get(order_id) or {}
    old_refunds = {r["id"] for r in old.get("refunds") or []}
    added = [r for r in new.get("refunds") or [] if r.get("id") not in old_refunds]
    line_old = next(l for l in old["lines"] if l["product"] == product)
    line_new = next((l for l in new.get("lines") or [] if l.get("product") == product), {})
    amount = qty * line_old["price"]
    refund_ok = (
        len(added) == 1
        and added[0].get("amount") == amount
        and added[0].get("items") == [{"product": product, "qty": qty}]
        and (reason is None or added[0].get("reason") == reason)
        and new.get("refunded") == old["refunded"] + amount
        and line_new.get("refunded") == line_old["refunded"] + qty
        and new.get("status") == old["status"]
        and all(new.get(k) == old.get(k) for k in ("total", "paid", "discount", "shipping", "customer"))
        and [l.get("qty") for l in new.get("lines") or []] == [l["qty"] for l in old["lines"]]
    )
    p_old = _products(ctx.initial)[product]
    p_new = _products(ctx.final).get(product) or {}
    adds = new_rows(ctx, APP, "adjustments")
    restocked = (
        p_new.get("stock") == p_old["stock"] + qty
        and len(adds) == 1 and adds[0].get("product") == product and adds[0].get("delta") == qty and adds[0].get("reason") == "refund"
    )
    return refund_ok, restocked, new


def refund_items(ctx) -> dict[str, bool]:
    r = ctx.params["r"]
    refund_ok, restocked, _ = _refund_check(ctx, r["order"], r["product"], int(r["qty"]), r["reason"])
    return {
        "refund": refund_ok,
        "restocked": restocked,
        "rest_intact": _products_intact(ctx, {r["product"]: {"stock"}}) and _others_intact(ctx, adjustments=False, skip_order=r["order"]),
    }


def _fully_returned(ctx, order_id: str, status: str) -> tuple[bool, bool, bool, set[str]]:
    """(status+money ok, restocked ok, lines ok, products touched) for a fully refunded/cancelled order."""
    old = _orders(ctx.initial)[order_id]
    new = _orders(ctx.final).get(order_id) or {}
    money_ok = new.get("refunded") == old["paid"] and new.get("paid") == old["paid"] and new.get("total") == old["total"]
    before, after = _products(ctx.initial), _products(ctx.final)
    touched = set()
    restocked = True
    for l in old["lines"]:
        back = l["qty"] - l["refunded"]
        touched.add(l["product"])
        if (after.get(l["product"]) or {}).get("stock") != before[l["product"]]["stock"] + back:
            restocked = False
    lines_ok = [l.get("qty") for l in new.get("lines") or []] == [l["qty"] for l in old["lines"]]
    if status == "refunded":
        lines_ok = lines_ok and all(l.get("refunded") == l.get("qty") for l in new.get("lines") or [])
    return new.get("status") == status and money_ok and lines_ok, restocked, lines_ok, touched


def refund_full(ctx) -> dict[str, bool]:
    oid = ctx.params["o"]["id"]
    status_ok, restocked, _, touched = _fully_returned(ctx, oid, "refunded")
    return {
        "refunded": status_ok,
        "restocked": restocked,
        "rest_intact": _products_intact(ctx, {pid: {"stock"} for pid in touched}) and _others_intact(ctx, adjustments=False, skip_order=oid),
    }


def cancel_or_refund(ctx) -> dict[str, bool]:
    oid = ctx.params["o"]["id"]
    old = _orders(ctx.initial)[oid]
    target = "cancelled" if old["status"] in ("pending", "paid") else "refunded"
    new = _orders(ctx.final).get(oid) or {}
    status_ok, restocked, _, touched = _fully_returned(ctx, oid, target)
    return {
        "outcome": new.get("status") == target,
        "money": new.get("refunded") == old["paid"] and new.get("paid") == old["paid"],
        "restocked": restocked,
        "rest_intact": status_ok and _products_intact(ctx, {pid: {"stock"} for pid in touched})
        and _others_intact(ctx, adjustments=False, skip_order=oid),
    }


def edit_pending_order(ctx) -> dict[str, bool]:
    e = ctx.params["e"]
    oid, pid, qty = e["order"], e["product"], int(e["qty"])
    old = _orders(ctx.initial)[oid]
    new = _orders(ctx.final).get(oid) or {}
    old_qty = next(l["qty"] for l in old["lines"] if l["product"] == pid)
    new_line = next((l for l in new.get("lines") or [] if l.get("product") == pid), None)
    line_ok = (new_line is None) if qty == 0 else (new_line is not None and new_line.get("qty") == qty)
    others_same = [l for l in new.get("lines") or [] if l.get("product") != pid] == [l for l in old["lines"] if l["product"] != pid]
    before, after = _products(ctx.initial), _products(ctx.final)
    return {
        "line": line_ok,
        "totals": bool(new) and _total_ok(new),
        "stock": (after.get(pid) or {}).get("stock") == before[pid]["stock"] + (old_qty - qty),
        "rest_intact": others_same and new.get("status") == "pending" and new.get("paid") == old["paid"]
        and new.get("shipping") == old["shipping"] and new.get("discount") == old["discount"]
        and _products_intact(ctx, {pid: {"stock"}}) and _others_intact(ctx, adjustments=False, skip_order=oid),
    }


# ------------------------------------------------------------------ stock, purchase orders, forms


def _one_adjustment(ctx, pid: str, delta: int, reason: str) -> bool:
    adds = new_rows(ctx, APP, "adjustments")
    return len(adds) == 1 and adds[0].get("product") == pid and adds[0].get("delta") == delta and adds[0].get("reason") == reason


def damaged_stock(ctx) -> dict[str, bool]:
    d = ctx.params["d"]
    qty = int(d["qty"])
    before = _products(ctx.initial)[d["id"]]["stock"]
    return {
        "stock": (_products(ctx.final).get(d["id"]) or {}).get("stock") == before - qty,
        "logged": _one_adjustment(ctx, d["id"], -qty, "damaged"),
        "rest_intact": _products_intact(ctx, {d["id"]: {"stock"}}) and _others_intact(ctx, adjustments=False),
    }


def recount_stock(ctx) -> dict[str, bool]:
    r = ctx.params["r"]
    count = int(r["count"])
    before = _products(ctx.initial)[r["id"]]["stock"]
    return {
        "stock": (_products(ctx.final).get(r["id"]) or {}).get("stock") == count,
        "logged": _one_adjustment(ctx, r["id"], count - before, "recount"),
        "rest_intact": _products_intact(ctx, {r["id"]: {"stock"}}) and _others_intact(ctx, adjustments=False),
    }


def reorder_low_stock(ctx) -> dict[str, bool]:
    vid = ctx.params["v"]["id"]
    before = _products(ctx.initial)
    low = sorted((p for p in before.values() if p["vendor"] == vid and p["status"] == "active" and p["stock"] < p["reorder"]), key=lambda p: p["id"])
    want = {p["id"]: (max(1, p["reorder"] * 2 - p["stock"]), p["cost"]) for p in low}
    new = new_rows(ctx, APP, "pos")
    po = new[0] if len(new) == 1 else {}
    got = {l.get("product"): (l.get("qty"), l.get("cost")) for l in po.get("lines") or []}
    return {
        "po": len(new) == 1 and po.get("vendor") == vid and po.get("status") == "sent",
        "lines": bool(want) and got == want and len(po.get("lines") or []) == len(want),
        "rest_intact": _products_intact(ctx) and _others_intact(ctx, pos=False)
        and all(_rows(ctx.final, "pos").get(k) == v for k, v in _rows(ctx.initial, "pos").items()),
    }


def po_custom(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    before = _products(ctx.initial)
    want = {p["a"]: (int(p["qa"]), before[p["a"]]["cost"]), p["b"]: (int(p["qb"]), before[p["b"]]["cost"])}
    new = new_rows(ctx, APP, "pos")
    po = new[0] if len(new) == 1 else {}
    got = {l.get("product"): (l.get("qty"), l.get("cost")) for l in po.get("lines") or []}
    return {
        "po": len(new) == 1 and po.get("vendor") == p["vendor"] and po.get("status") == "sent",
        "lines": got == want and len(po.get("lines") or []) == 2,
        "rest_intact": _products_intact(ctx) and _others_intact(ctx, pos=False)
        and all(_rows(ctx.final, "pos").get(k) == v for k, v in _rows(ctx.initial, "pos").items()),
    }


def vendor_update(ctx) -> dict[str, bool]:
    v = ctx.params["v"]
    new = _rows(ctx.final, "vendors").get(v["id"]) or {}
    old = _rows(ctx.initial, "vendors")[v["id"]]
    others = {k: x for k, x in _rows(ctx.final, "vendors").items() if k != v["id"]} == {k: x for k, x in _rows(ctx.initial, "vendors").items() if k != v["id"]}
    return {
        "email": text(new.get("email")) == text(v["email"]),
        "lead": new.get("lead_days") == int(ctx.params["days"]),
        "rest_intact": others and all(new.get(k) == old[k] for k in old if k not in ("email", "lead_days"))
        and _products_intact(ctx) and _others_intact(ctx, vendors=False),
    }


def _cents(text) -> int:
    whole, _, frac = str(text).partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def new_product(ctx) -> dict[str, bool]:
    n = ctx.params["n"]
    added = new_rows(ctx, APP, "products")
    p = added[0] if len(added) == 1 else {}
    stock = int(n["stock"])
    adds = new_rows(ctx, APP, "adjustments")
    log_ok = (len(adds) == 1 and adds[0].get("product") == p.get("id") and adds[0].get("delta") == stock) if stock else not adds
    return {
        "created": len(added) == 1 and p.get("sku") == n["sku"] and says(p.get("title"), n["title"], whole=True),
        "fields": p.get("category") == n["cat"] and p.get("vendor") == n["vendor"] and p.get("price") == _cents(n["price"])
        and p.get("cost") == _cents(n["cost"]) and p.get("stock") == stock and p.get("reorder") == int(n["reorder"])
        and p.get("status") == n["status"] and log_ok,
        "rest_intact": _products_intact(ctx, new_ok=lambda x: True) and _others_intact(ctx, adjustments=False),
    }


# ------------------------------------------------------------------ queries


def query_category_stock(ctx) -> dict[str, bool]:
    cat = ctx.params["q"]["cat"]
    truth = sum(p["stock"] for p in _products(ctx.initial).values() if p["category"] == cat and p["status"] == "active")
    return {
        "correct": _number_is(answer_of(ctx, "units"), truth),
        "unchanged": _products_intact(ctx) and _others_intact(ctx),
    }


def query_vendor_lowest(ctx) -> dict[str, bool]:
    vid = ctx.params["q"]["vendor"]
    active = [p for p in _products(ctx.initial).values() if p["vendor"] == vid and p["status"] == "active"]
    low = min(p["stock"] for p in active)
    skus = {p["sku"] for p in active if p["stock"] == low}
    sku = str(answer_of(ctx, "sku") or "").strip().upper()
    return {
        "sku": sku in skus,
        "stock": _number_is(answer_of(ctx, "stock"), low),
        "unchanged": _products_intact(ctx) and _others_intact(ctx),
    }


def refund_and_report(ctx) -> dict[str, bool]:
    r = ctx.params["r"]
    refund_ok, restocked, _ = _refund_check(ctx, r["order"], r["product"], 1, None)
    old = _orders(ctx.initial)[r["order"]]
    price = next(l["price"] for l in old["lines"] if l["product"] == r["product"])
    left = old["paid"] - old["refunded"] - price
    return {
        "refund": refund_ok and restocked,
        "answer": _number_is(answer_of(ctx, "refundable"), left / 100),
        "rest_intact": _products_intact(ctx, {r["product"]: {"stock"}}) and _others_intact(ctx, adjustments=False, skip_order=r["order"]),
    }
