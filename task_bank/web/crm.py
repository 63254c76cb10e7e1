"""Verifiers of the Tidewell CRM (crm) tasks (crm.yaml). Each returns one boolean per criterion id.

New records are found by diffing ids (not by guessing them), and every check that "the rest is intact"
compares whole records, so stray edits anywhere in the CRM fail the task.
"""

from __future__ import annotations

APP = "crm"
KINDS = ("leads", "accounts", "contacts", "opps", "activities")
STAGE_PROB = {"prospecting": 10, "qualification": 25, "proposal": 50, "negotiation": 75, "closed_won": 100, "closed_lost": 0}
OPEN = ("prospecting", "qualification", "proposal", "negotiation")


def _data(state: dict) -> dict:
    return ((state.get("apps") or {}).get(APP) or {}).get("data") or {}


def _by_id(state: dict, key: str) -> dict[str, dict]:
    return {x["id"]: x for x in _data(state).get(key) or [] if isinstance(x, dict) and "id" in x}


def _added(ctx, key: str) -> list[dict]:
    before = _by_id(ctx.initial, key)
    return [r for k, r in _by_id(ctx.final, key).items() if k not in before]


def _text(value) -> str:
    return " ".join(str(value if value is not None else "").split())


def _same(a, b) -> bool:
    return _text(a).casefold() == _text(b).casefold()


def _answer(ctx, name: str):
    return (ctx.answer or {}).get(name)


def _number_is(value, truth: float) -> bool:
    if value is None or isinstance(value, bool):
        return False
    try:
        return abs(float(str(value).strip().replace("$", "").replace(",", "")) - truth) < 1e-6
    except ValueError:
        return False


def _intact(ctx, allow: dict[str, dict[str, set[str]]] | None = None, added: dict[str, int] | None = None) -> bool:
    """Every initial record is unchanged except allowed fields; each list gained exactly `added[kind]` records."""
    allow = allow or {}
    added = added or {}
    for kind in KINDS:
        before, after = _by_id(ctx.initial, kind), _by_id(ctx.final, kind)
        for rid, old in before.items():
            new = after.get(rid)
            if new is None:
                return False
            fields = allow.get(kind, {}).get(rid, set())
            if "*" in fields:
                continue
            if any(old.get(k) != new.get(k) for k in set(old) | set(new) if k not in fields):
                return False
        if len([k for k in after if k not in before]) != added.get(kind, 0):
            return False
    return True


def _conversion(ctx, lead_id: str, existing_account: str | None = None):
    """Return (lead, contact, account, opp, new_account) after a conversion, or Nones."""
    lead = _by_id(ctx.final, "leads").get(lead_id) or {}
    contacts, opps, accounts = _added(ctx, "contacts"), _added(ctx, "opps"), _added(ctx, "accounts")
    contact = contacts[0] if len(contacts) == 1 else {}
    opp = opps[0] if len(opps) == 1 else {}
    new_account = accounts[0] if len(accounts) == 1 else {}
    account = _by_id(ctx.final, "accounts").get(existing_account) if existing_account else new_account
    return lead, contact, account or {}, opp, new_account


def _lead_converted(lead: dict, contact: dict, account: dict, opp: dict) -> bool:
    conv = lead.get("converted") or {}
    return (lead.get("status") == "converted" and bool(contact) and bool(opp) and bool(account)
            and conv.get("contact") == contact.get("id") and conv.get("account") == account.get("id")
            and conv.get("opportunity") == opp.get("id"))


def _opp_ok(opp: dict, name: str, stage: str, amount: int, close: str, prob: int | None, account: dict, contact: dict) -> bool:
    return (_same(opp.get("name"), name) and opp.get("stage") == stage and opp.get("amount") == amount and opp.get("close") == close
            and (prob is None or opp.get("probability") == prob)
            and opp.get("account") == account.get("id") and opp.get("contact") == contact.get("id"))


def _contact_matches_lead(contact: dict, old_lead: dict, account: dict) -> bool:
    return (_same(contact.get("first"), old_lead["first"]) and _same(contact.get("last"), old_lead["last"])
            and _same(contact.get("email"), old_lead["email"]) and contact.get("account") == account.get("id"))


def _lead_allow(lead_id: str) -> dict:
    return {"leads": {lead_id: {"status", "converted"}}}


# ------------------------------------------------------------------ conversions


def convert_new_account(ctx) -> dict[str, bool]:
    lp, deal = ctx.params["lead"], ctx.params["deal"]
    old = _by_id(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"])
    return {
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "contact": bool(contact) and _contact_matches_lead(contact, old, account) and contact.get("owner") == old["owner"],
        "account": bool(new_account) and _same(account.get("name"), lp["company"]) and account.get("industry") == lp["industry"],
        "opportunity": _opp_ok(opp, f"{lp['company']} {deal['label']}", deal["stage"], int(deal["amount"]), deal["close"], int(deal["prob"]), account, contact),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "accounts": 1, "opps": 1}),
    }


def convert_existing_account(ctx) -> dict[str, bool]:
    lp, deal = ctx.params["lead"], ctx.params["deal"]
    old = _by_id(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"], lp["account"])
    return {
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "linked": not new_account and bool(contact) and _contact_matches_lead(contact, old, account) and opp.get("account") == lp["account"],
        "opportunity": _opp_ok(opp, f"{lp['company']} {deal['label']}", deal["stage"], int(deal["amount"]), deal["close"], int(deal["prob"]), account, contact),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "opps": 1}),
    }


def convert_contacted_lead(ctx) -> dict[str, bool]:
    lp, deal = ctx.params["lead"], ctx.params["deal"]
    old = _by_id(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"])
    return {
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "account": bool(new_account) and _same(account.get("name"), lp["company"]) and account.get("industry") == lp["industry"]
        and bool(contact) and _contact_matches_lead(contact, old, account),
        "opportunity": _opp_ok(opp, f"{lp['company']} {deal['label']}", deal["stage"], int(deal["amount"]), deal["close"], int(deal["prob"]), account, contact),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "accounts": 1, "opps": 1}),
    }


def convert_full_form(ctx) -> dict[str, bool]:
    lp, c = ctx.params["lead"], ctx.params["c"]
    old = _by_id(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"])
    return {
        "contact": bool(contact) and _same(contact.get("first"), old["first"]) and _same(contact.get("last"), old["last"])
        and _same(contact.get("email"), c["email"]) and _same(contact.get("dept"), c["dept"]) and _same(contact.get("city"), c["city"])
        and contact.get("owner") == c["owner"] and contact.get("account") == account.get("id"),
        "account": bool(new_account) and _same(account.get("name"), lp["company"]) and account.get("industry") == lp["industry"]
        and _same(account.get("website"), lp["website"]) and _same(account.get("city"), c["city"])
        and account.get("employees") == int(c["employees"]) and account.get("owner") == c["owner"],
        "opportunity": _opp_ok(opp, f"{lp['company']} {c['label']}", "proposal", int(c["amount"]), c["close"], 50, account, contact)
        and opp.get("type") == c["type"] and _same(opp.get("next_step"), c["next"]) and opp.get("owner") == c["owner"],
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "accounts": 1, "opps": 1}),
    }


# ------------------------------------------------------------------ leads


def disqualify_lead(ctx) -> dict[str, bool]:
    lid, reason = ctx.params["lead"]["id"], ctx.params["r"]["id"]
    lead = _by_id(ctx.final, "leads").get(lid) or {}
    return {
        "disqualified": lead.get("status") == "disqualified" and lead.get("dq_reason") == reason,
        "rest_intact": _intact(ctx, {"leads": {lid: {"status", "dq_reason"}}}),
    }


def bulk_reassign_leads(ctx) -> dict[str, bool]:
    m = ctx.params["m"]
    before, after = _by_id(ctx.initial, "leads"), _by_id(ctx.final, "leads")
    ids = [k for k, l in before.items() if l["owner"] == m["from"] and l["status"] in ("new", "contacted", "qualified")]
    return {
        "reassigned": bool(ids) and all((after.get(k) or {}).get("owner") == m["to"] for k in ids),
        "rest_intact": _intact(ctx, {"leads": {k: {"owner"} for k in ids}}),
    }


def new_lead(ctx) -> dict[str, bool]:
    n = ctx.params["n"]
    added = _added(ctx, "leads")
    lead = added[0] if len(added) == 1 else {}
    return {
        "created": len(added) == 1 and _same(lead.get("first"), n["first"]) and _same(lead.get("last"), n["last"])
        and _same(lead.get("company"), n["company"]) and lead.get("status") == "new",
        "fields": _same(lead.get("title"), n["title"]) and _same(lead.get("email"), n["email"]) and _same(lead.get("phone"), n["phone"])
        and lead.get("source") == n["source"] and lead.get("owner") == n["owner"],
        "rest_intact": _intact(ctx, added={"leads": 1}),
    }


# ------------------------------------------------------------------ opportunities, accounts, activities


def _opp(ctx, oid: str) -> dict:
    return _by_id(ctx.final, "opps").get(oid) or {}


def move_stage(ctx) -> dict[str, bool]:
    o = ctx.params["o"]
    opp = _opp(ctx, o["id"])
    return {
        "stage": opp.get("stage") == o["to"] and opp.get("probability") == STAGE_PROB[o["to"]],
        "rest_intact": _intact(ctx, {"opps": {o["id"]: {"stage", "probability"}}}),
    }


def close_lost(ctx) -> dict[str, bool]:
    oid, reason = ctx.params["o"]["id"], ctx.params["r"]["id"]
    opp = _opp(ctx, oid)
    return {
        "lost": opp.get("stage") == "closed_lost" and opp.get("probability") == 0 and opp.get("lost_reason") == reason,
        "rest_intact": _intact(ctx, {"opps": {oid: {"stage", "probability", "lost_reason"}}}),
    }


def update_opp(ctx) -> dict[str, bool]:
    o = ctx.params["o"]
    opp = _opp(ctx, o["id"])
    return {
        "close": opp.get("close") == o["close"],
        "amount": opp.get("amount") == int(o["amount"]),
        "rest_intact": _intact(ctx, {"opps": {o["id"]: {"close", "amount"}}}),
    }


def reassign_account(ctx) -> dict[str, bool]:
    aid, uid = ctx.params["p"]["id"], ctx.params["p"]["user"]
    acct = _by_id(ctx.final, "accounts").get(aid) or {}
    return {
        "owner": acct.get("owner") == uid,
        "rest_intact": _intact(ctx, {"accounts": {aid: {"owner"}}}),
    }


def log_activity(ctx) -> dict[str, bool]:
    cid, kind, subject = ctx.params["c"]["id"], ctx.params["k"]["id"], ctx.params["subject"]
    added = _added(ctx, "activities")
    return {
        "logged": len(added) == 1 and added[0].get("ref") == cid and added[0].get("kind") == kind and _same(added[0].get("subject"), subject),
        "rest_intact": _intact(ctx, added={"activities": 1}),
    }


# ------------------------------------------------------------------ queries


def query_stage_total(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    truth = sum(o["amount"] for o in _by_id(ctx.initial, "opps").values() if o["owner"] == q["owner"] and o["stage"] == q["stage"])
    return {"correct": _number_is(_answer(ctx, "total"), truth), "unchanged": _intact(ctx)}


def _open_pipeline(state: dict, pred) -> int:
    return sum(o["amount"] for o in _by_id(state, "opps").values() if o["stage"] in OPEN and pred(o))


def query_top_account(ctx) -> dict[str, bool]:
    owner = ctx.params["q"]["owner"]
    accts = [a for a in _by_id(ctx.initial, "accounts").values() if a["owner"] == owner]
    totals = {a["id"]: _open_pipeline(ctx.initial, lambda o, aid=a["id"]: o["account"] == aid) for a in accts}
    best = max(totals.values())
    names = {_text(a["name"]).casefold() for a in accts if totals[a["id"]] == best}
    return {
        "account": _text(_answer(ctx, "account")).casefold() in names,
        "amount": _number_is(_answer(ctx, "pipeline"), best),
        "unchanged": _intact(ctx),
    }


def query_closing_by(ctx) -> dict[str, bool]:
    date = ctx.params["q"]["date"]
    opps = [o for o in _by_id(ctx.initial, "opps").values() if o["stage"] in OPEN and o["close"] <= date]
    return {
        "count": _number_is(_answer(ctx, "count"), len(opps)),
        "total": _number_is(_answer(ctx, "total"), sum(o["amount"] for o in opps)),
        "unchanged": _intact(ctx),
    }


def win_and_report(ctx) -> dict[str, bool]:
    o = ctx.params["o"]
    opp = _opp(ctx, o["id"])
    left = _open_pipeline(ctx.initial, lambda x: x["owner"] == o["owner"] and x["id"] != o["id"])
    return {
        "won": opp.get("stage") == "closed_won" and opp.get("probability") == 100,
        "answer": _number_is(_answer(ctx, "open"), left),
        "rest_intact": _intact(ctx, {"opps": {o["id"]: {"stage", "probability"}}}),
    }
