"""Verifiers of the Fernvale Bank tasks (bank.yaml). Each returns one boolean per criterion id.

State: apps.bank.data = {accounts: [{id, balance_cents}], transactions: [{id, account, amount_cents, title,
kind, time, payee_id?, note?, transfer_id?}], payees: [{id, name, account_number, contact_id}],
scheduled: [{id, from, to_account, payee_id, amount_cents, date, note, status}],
settings: {daily_limit_cents}, security: {pin_fails, locked, reset_code}, card: {frozen}}.
Money is integer cents. Messages: apps.messages.data.threads = [{id, contact_id, number, messages: [...]}].
"""

from __future__ import annotations

import re

from verifier_checks import (
    answer_of,
    app_data,
    by_id,
    contact,
    digits,
    number,
    rows,
    same_keys,
    text,
    thread_content,
    thread_of,
    threads,
)

KEYS = ("accounts", "transactions", "payees", "scheduled", "settings", "security", "card")


def _bank(state: dict) -> dict:
    return app_data(state, "bank")


def _balance(state: dict, account: str):
    return (rows(state, "bank", "accounts").get(account) or {}).get("balance_cents")


def _new_tx(ctx) -> list[dict]:
    # Read from the final list itself, not an {id: row} map: a transaction listed twice counts twice.
    before = rows(ctx.initial, "bank", "transactions")
    return [t for t in _bank(ctx.final).get("transactions") or [] if t.get("id") not in before]


def _old_tx_intact(ctx) -> bool:
    """Every transaction of s0 is still there, unchanged."""
    after = rows(ctx.final, "bank", "transactions")
    return all(after.get(tid) == t for tid, t in rows(ctx.initial, "bank", "transactions").items())


def _consistent(ctx) -> bool:
    """Each balance moved by exactly the sum of the new transactions of its account (and no old one changed)."""
    new = _new_tx(ctx)
    for acc in _bank(ctx.initial).get("accounts") or []:
        delta = sum(t.get("amount_cents", 0) for t in new if t.get("account") == acc["id"])
        if _balance(ctx.final, acc["id"]) != acc["balance_cents"] + delta:
            return False
    return _old_tx_intact(ctx)


def _same(ctx, *keys: str) -> bool:
    return same_keys(ctx, "bank", keys)


def _unchanged(ctx) -> bool:
    return _same(ctx, *KEYS)


def _others(*skip: str) -> tuple:
    return tuple(k for k in KEYS if k not in skip)


def _own_transfer(ctx, src: str, dst: str, cents: int) -> bool:
    """Exactly two new transactions: -cents on src and +cents on dst, one transfer."""
    new = _new_tx(ctx)
    if len(new) != 2:
        return False
    out = [t for t in new if t.get("account") == src and t.get("amount_cents") == -cents]
    inn = [t for t in new if t.get("account") == dst and t.get("amount_cents") == cents]
    return (len(out) == 1 and len(inn) == 1 and out[0].get("kind") == "transfer" and inn[0].get("kind") == "transfer"
            and out[0].get("transfer_id") is not None and out[0].get("transfer_id") == inn[0].get("transfer_id")
            and _consistent(ctx))


def _payment(ctx, payee: str, cents: int, extra: int = 0) -> dict | None:
    """The single new payment from checking to `payee` of `cents` (with `extra` other new transactions allowed), else None."""
    new = _new_tx(ctx)
    hits = [t for t in new if t.get("kind") == "payment" and t.get("payee_id") == payee]
    if len(hits) != 1 or len(new) != 1 + extra:
        return None
    t = hits[0]
    ok = t.get("account") == "chk" and t.get("amount_cents") == -cents and _consistent(ctx)
    return t if ok else None


def _answer_is(ctx, name: str, cents: int) -> bool:
    # Accepts "89.90", "¤89.90", "1,234.5", "1 234.5", 89.9.
    n = number(answer_of(ctx, name), "¤, ")
    return n is not None and abs(n * 100 - cents) < 0.5


# --------------------------------------------------------------------------- messages

def _new_messages_to(ctx, cid: str):
    """(new messages in the conversation with the contact, that conversation's id or None)."""
    phone = contact(ctx.initial, cid).get("phone")
    before = thread_of(threads(ctx.initial), cid, phone)
    after = thread_of(threads(ctx.final), cid, phone)
    if after is None:
        return [], None
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    return [m for m in after.get("messages", []) if m.get("id") not in old], after.get("id")


def _other_threads_intact(ctx, skip) -> bool:
    before, after = by_id(threads(ctx.initial)), by_id(threads(ctx.final))
    if any(tid not in after for tid in before):
        return False
    for tid, t in after.items():
        if tid == skip:
            continue
        if tid not in before or thread_content(t) != thread_content(before[tid]):
            return False
    return True


# --------------------------------------------------------------------------- verifiers

def transfer_to_savings(ctx) -> dict[str, bool]:
    cents = int(ctx.params["amount"]) * 100
    return {"moved": _own_transfer(ctx, "chk", "sav", cents), "rest_intact": _same(ctx, *_others("accounts", "transactions"))}


def pay_payee(ctx) -> dict[str, bool]:
    t = _payment(ctx, ctx.params["payee"]["id"], int(ctx.params["amount"]) * 100)
    return {
        "paid": t is not None,
        "note_set": t is not None and text(t.get("note"), '"') == text(ctx.params["note"]),
        "rest_intact": _same(ctx, *_others("accounts", "transactions")),
    }


def add_payee(ctx) -> dict[str, bool]:
    before, after = rows(ctx.initial, "bank", "payees"), rows(ctx.final, "bank", "payees")
    new = [p for pid, p in after.items() if pid not in before]
    ok = (len(new) == 1 and text(new[0].get("name")) == text(ctx.params["who"])
          and new[0].get("account_number") == digits(ctx.params["acct"]) and not new[0].get("contact_id"))
    return {
        "added": ok,
        "rest_intact": all(after.get(pid) == p for pid, p in before.items()) and _same(ctx, *_others("payees")),
    }


def delete_payee(ctx) -> dict[str, bool]:
    pid = ctx.params["payee"]["id"]
    before, after = rows(ctx.initial, "bank", "payees"), rows(ctx.final, "bank", "payees")
    return {
        "deleted": pid in before and pid not in after,
        "rest_intact": set(after) == set(before) - {pid} and all(after[k] == v for k, v in before.items() if k != pid)
        and _same(ctx, *_others("payees")),
    }


def query_spent(ctx) -> dict[str, bool]:
    return {"correct": _answer_is(ctx, "amount", ctx.params["m"]["cents"]), "unchanged": _unchanged(ctx)}


def query_statement(ctx) -> dict[str, bool]:
    return {"correct": _answer_is(ctx, "amount", ctx.params["s"]["cents"]), "unchanged": _unchanged(ctx)}


def raise_limit_and_pay(ctx) -> dict[str, bool]:
    t = _payment(ctx, ctx.params["payee"]["id"], int(ctx.params["amount"]) * 100)
    limit = (_bank(ctx.final).get("settings") or {}).get("daily_limit_cents")
    return {
        "limit_raised": limit == int(ctx.params["new_limit"]) * 100,
        "paid": t is not None,
        "rest_intact": _same(ctx, *_others("accounts", "transactions", "settings", "security"))
        and (_bank(ctx.final).get("security") or {}).get("locked") is False,
    }


def schedule_transfer(ctx) -> dict[str, bool]:
    before, after = rows(ctx.initial, "bank", "scheduled"), rows(ctx.final, "bank", "scheduled")
    new = [s for sid, s in after.items() if sid not in before]
    s = new[0] if len(new) == 1 else {}
    ok = (len(new) == 1 and s.get("from") == "chk" and s.get("to_account") == "sav" and not s.get("payee_id")
          and s.get("amount_cents") == int(ctx.params["amount"]) * 100 and s.get("date") == ctx.params["day"]["date"]
          and s.get("status") == "scheduled")
    return {
        "scheduled": ok,
        "not_moved": all(after.get(k) == v for k, v in before.items()) and _same(ctx, *_others("scheduled")),
    }


def card_lost(ctx) -> dict[str, bool]:
    cents = int(ctx.params["amount"]) * 100
    return {
        "frozen": (_bank(ctx.final).get("card") or {}).get("frozen") is True,
        "moved": _own_transfer(ctx, "chk", "sav", cents),
        "rest_intact": _same(ctx, *_others("accounts", "transactions", "card")),
    }


def share_receipt(ctx) -> dict[str, bool]:
    tx, cid = ctx.params["tx"], ctx.params["contact"]["id"]
    new, tid = _new_messages_to(ctx, cid)
    # the whole amount, not a piece of a larger one ("¤18.75" does not hold 8.75)
    amount = re.compile(rf"(?<![\d.]){re.escape(tx['amount'])}(?!\d)")
    sent = (len(new) == 1 and new[0].get("from") == "me" and amount.search(str(new[0].get("text"))) is not None
            and text(tx["title"]) in text(new[0].get("text")))
    return {"sent": sent, "others_intact": _other_threads_intact(ctx, tid), "bank_intact": _unchanged(ctx)}


def pay_back_and_tell(ctx) -> dict[str, bool]:
    p, amount = ctx.params["p"], int(ctx.params["amount"])
    t = _payment(ctx, p["id"], amount * 100)
    new, tid = _new_messages_to(ctx, p["cid"])
    told = (len(new) == 1 and new[0].get("from") == "me"
            # the amount, whole: "45" or "45.00", not "45.50" nor "145"
            and re.search(rf"(?<![\d.]){amount}(?:\.00)?(?!\d|[.,]\d)", str(new[0].get("text"))) is not None)
    return {
        "paid": t is not None,
        "told": told,
        "rest_intact": _same(ctx, *_others("accounts", "transactions")) and _other_threads_intact(ctx, tid),
    }


def unlock_transfers(ctx) -> dict[str, bool]:
    sec = _bank(ctx.final).get("security") or {}
    return {
        "unlocked": sec.get("locked") is False and sec.get("pin_fails") == 0,
        "moved": _own_transfer(ctx, "sav", "chk", int(ctx.params["amount"]) * 100),
        "rest_intact": _same(ctx, *_others("accounts", "transactions", "security")),
    }


def cancel_scheduled(ctx) -> dict[str, bool]:
    sid = ctx.params["s"]["id"]
    before, after = rows(ctx.initial, "bank", "scheduled"), rows(ctx.final, "bank", "scheduled")
    gone = sid in before and (sid not in after or after[sid].get("status") == "cancelled")
    return {
        "cancelled": gone,
        "rest_intact": set(after) - {sid} == set(before) - {sid} and all(after[k] == v for k, v in before.items() if k != sid)
        and _same(ctx, *_others("scheduled")),
    }


def link_contact_payee(ctx) -> dict[str, bool]:
    c = ctx.params["contact"]
    before, after = rows(ctx.initial, "bank", "payees"), rows(ctx.final, "bank", "payees")
    new = [p for pid, p in after.items() if pid not in before]
    p = new[0] if len(new) == 1 else {}
    contacts_same = app_data(ctx.initial, "contacts") == app_data(ctx.final, "contacts")
    return {
        "added": len(new) == 1 and text(p.get("name")) == text(c["name"]) and p.get("account_number") == digits(ctx.params["acct"]),
        "linked": len(new) == 1 and p.get("contact_id") == c["id"],
        "rest_intact": all(after.get(pid) == v for pid, v in before.items()) and _same(ctx, *_others("payees")) and contacts_same,
    }


def pay_and_limit_left(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    t = _payment(ctx, ctx.params["payee"]["id"], int(x["amount"]) * 100)
    return {
        "paid": t is not None,
        "correct": _answer_is(ctx, "left", int(x["left"]) * 100),
        "rest_intact": _same(ctx, *_others("accounts", "transactions")),
    }
