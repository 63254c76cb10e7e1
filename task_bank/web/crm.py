"""Verifiers of the Tidewell CRM (crm) tasks (crm.yaml). Each returns one boolean per criterion id.

New records are found by diffing ids (not by guessing them), and every check that "the rest is intact"
compares whole records, so stray edits anywhere in the CRM fail the task.
"""

from __future__ import annotations

from verifier_checks import answer_of, digits, new_rows, number_is, only_changed, rows, says, text

APP = "crm"
KINDS = ("leads", "accounts", "contacts", "opps", "activities")
STAGE_PROB = {"prospecting": 10, "qualification": 25, "proposal": 50, "negotiation": 75, "closed_won": 100, "closed_lost": 0}
OPEN = ("prospecting", "qualification", "proposal", "negotiation")


def _rows(state: dict, kind: str) -> dict[str, dict]:
    return rows(state, APP, kind)


def _number_is(value, truth: float) -> bool:
    """The answer reads as `truth`, "$" and "," ignored."""
    return number_is(value, truth, "$,", tolerance=1e-6)


def _intact(ctx, allow: dict[str, dict[str, set[str]]] | None = None, added: dict[str, int] | None = None) -> bool:
    """Every initial record is unchanged except allowed fields; each list gained exactly `added[kind]` records."""
    allow, added = allow or {}, added or {}
    for kind in KINDS:
        before, after = _rows(ctx.initial, kind), _rows(ctx.final, kind)
        grew_right = len(after) - len(before) == added.get(kind, 0)
        if not (grew_right and only_changed(before, after, allow.get(kind, {}), added=True)):
            return False
    return True


def _conversion(ctx, lead_id: str, existing_account: str | None = None):
    """Return (lead, contact, account, opp, new_account) after a conversion, or Nones."""
    lead = _rows(ctx.final, "leads").get(lead_id) or {}
    contacts, opps, accounts = (new_rows(ctx, APP, kind) for kind in ("contacts", "opps", "accounts"))
    contact = contacts[0] if len(contacts) == 1 else {}
    opp = opps[0] if len(opps) == 1 else {}
    new_account = accounts[0] if len(accounts) == 1 else {}
    account = _rows(ctx.final, "accounts").get(existing_account) if existing_account else new_account
    return lead, contact, account or {}, opp, new_account


def _lead_converted(lead: dict, contact: dict, account: dict, opp: dict) -> bool:
    conv = lead.get("converted") or {}
    return (lead.get("status") == "converted" and bool(contact) and bool(opp) and bool(account)
            and conv.get("contact") == contact.get("id") and conv.get("account") == account.get("id")
            and conv.get("opportunity") == opp.get("id"))


def _opp_ok(opp: dict, name: str, stage: str, amount: int, close: str, prob: int | None, account: dict, contact: dict) -> bool:
    return (text(opp.get("name")) == text(name) and opp.get("stage") == stage and opp.get("amount") == amount
            and opp.get("close") == close and (prob is None or opp.get("probability") == prob)
            and opp.get("account") == account.get("id") and opp.get("contact") == contact.get("id"))


def _contact_matches_lead(contact: dict, old_lead: dict, account: dict) -> bool:
    return (text(contact.get("first")) == text(old_lead["first"]) and text(contact.get("last")) == text(old_lead["last"])
            and text(contact.get("email")) == text(old_lead["email"]) and contact.get("account") == account.get("id"))


def _lead_allow(lead_id: str) -> dict:
    return {"leads": {lead_id: {"status", "converted"}}}


# ------------------------------------------------------------------ conversions


def convert_new_account(ctx) -> dict[str, bool]:
    lp, deal = ctx.params["lead"], ctx.params["deal"]
    old = _rows(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"])
    return {
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "contact": bool(contact) and _contact_matches_lead(contact, old, account) and contact.get("owner") == old["owner"],
        "account": bool(new_account) and text(account.get("name")) == text(lp["company"])
        and account.get("industry") == lp["industry"],
        "opportunity": _opp_ok(opp, f"{lp['company']} {deal['label']}", deal["stage"], int(deal["amount"]), deal["close"], int(deal["prob"]), account, contact),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "accounts": 1, "opps": 1}),
    }


def convert_existing_account(ctx) -> dict[str, bool]:
    lp, deal = ctx.params["lead"], ctx.params["deal"]
    old = _rows(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"], lp["account"])
    return {
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "linked": not new_account and bool(contact) and _contact_matches_lead(contact, old, account) and opp.get("account") == lp["account"],
        "opportunity": _opp_ok(opp, f"{lp['company']} {deal['label']}", deal["stage"], int(deal["amount"]), deal["close"], int(deal["prob"]), account, contact),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "opps": 1}),
    }


def convert_contacted_lead(ctx) -> dict[str, bool]:
    lp, deal = ctx.params["lead"], ctx.params["deal"]
    old = _rows(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"])
    return {
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "account": bool(new_account) and text(account.get("name")) == text(lp["company"])
        and account.get("industry") == lp["industry"] and bool(contact) and _contact_matches_lead(contact, old, account),
        "opportunity": _opp_ok(opp, f"{lp['company']} {deal['label']}", deal["stage"], int(deal["amount"]), deal["close"], int(deal["prob"]), account, contact),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "accounts": 1, "opps": 1}),
    }


def convert_full_form(ctx) -> dict[str, bool]:
    lp, c = ctx.params["lead"], ctx.params["c"]
    old = _rows(ctx.initial, "leads")[lp["id"]]
    lead, contact, account, opp, new_account = _conversion(ctx, lp["id"])
    return {
        "contact": bool(contact) and text(contact.get("first")) == text(old["first"])
        and text(contact.get("last")) == text(old["last"]) and text(contact.get("email")) == text(c["email"])
        and text(contact.get("dept")) == text(c["dept"]) and text(contact.get("city")) == text(c["city"])
        and contact.get("owner") == c["owner"] and contact.get("account") == account.get("id"),
        "account": bool(new_account) and text(account.get("name")) == text(lp["company"])
        and account.get("industry") == lp["industry"] and text(account.get("website")) == text(lp["website"])
        and text(account.get("city")) == text(c["city"])
        and account.get("employees") == int(c["employees"]) and account.get("owner") == c["owner"],
        "opportunity": _opp_ok(opp, f"{lp['company']} {c['label']}", "proposal", int(c["amount"]), c["close"], 50, account, contact)
        and opp.get("type") == c["type"] and text(opp.get("next_step")) == text(c["next"])
        and opp.get("owner") == c["owner"],
        "lead_converted": _lead_converted(lead, contact, account, opp),
        "rest_intact": _intact(ctx, _lead_allow(lp["id"]), {"contacts": 1, "accounts": 1, "opps": 1}),
    }


# ------------------------------------------------------------------ leads


def disqualify_lead(ctx) -> dict[str, bool]:
    lid, reason = ctx.params["lead"]["id"], ctx.params["r"]["id"]
    lead = _rows(ctx.final, "leads").get(lid) or {}
    return {
        "disqualified": lead.get("status") == "disqualified" and lead.get("dq_reason") == reason,
        "rest_intact": _intact(ctx, {"leads": {lid: {"status", "dq_reason"}}}),
    }


def bulk_reassign_leads(ctx) -> dict[str, bool]:
    m = ctx.params["m"]
    before, after = _rows(ctx.initial, "leads"), _rows(ctx.final, "leads")
    ids = [k for k, l in before.items() if l["owner"] == m["from"] and l["status"] in ("new", "contacted", "qualified")]
    return {
        "reassigned": bool(ids) and all((after.get(k) or {}).get("owner") == m["to"] for k in ids),
        "rest_intact": _intact(ctx, {"leads": {k: {"owner"} for k in ids}}),
    }


def new_lead(ctx) -> dict[str, bool]:
    n = ctx.params["n"]
    added = new_rows(ctx, APP, "leads")
    lead = added[0] if len(added) == 1 else {}
    return {
        "created": len(added) == 1 and text(lead.get("first")) == text(n["first"])
        and text(lead.get("last")) == text(n["last"]) and text(lead.get("company")) == text(n["company"])
        and lead.get("status") == "new",
        "fields": text(lead.get("title")) == text(n["title"]) and text(lead.get("email")) == text(n["email"])
        # The CRM keeps a phone as typed: "+1-555-0401" is the number "+1 555 0401".
        and digits(lead.get("phone")) == digits(n["phone"]) and lead.get("source") == n["source"]
        and lead.get("owner") == n["owner"],
        "rest_intact": _intact(ctx, added={"leads": 1}),
    }


# ------------------------------------------------------------------ opportunities, accounts, activities


def _opp(ctx, oid: str) -> dict:
    return _rows(ctx.final, "opps").get(oid) or {}


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
    acct = _rows(ctx.final, "accounts").get(aid) or {}
    return {
        "owner": acct.get("owner") == uid,
        "rest_intact": _intact(ctx, {"accounts": {aid: {"owner"}}}),
    }


def log_activity(ctx) -> dict[str, bool]:
    cid, kind, subject = ctx.params["c"]["id"], ctx.params["k"]["id"], ctx.params["subject"]
    added = new_rows(ctx, APP, "activities")
    return {
        "logged": len(added) == 1 and added[0].get("ref") == cid and added[0].get("kind") == kind
        and says(added[0].get("subject"), subject, whole=True),
        "rest_intact": _intact(ctx, added={"activities": 1}),
    }


# ------------------------------------------------------------------ queries


def query_stage_total(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    truth = sum(o["amount"] for o in _rows(ctx.initial, "opps").values() if o["owner"] == q["owner"] and o["stage"] == q["stage"])
    return {"correct": _number_is(answer_of(ctx, "total"), truth), "unchanged": _intact(ctx)}


def _open_pipeline(state: dict, pred) -> int:
    return sum(o["amount"] for o in _rows(state, "opps").values() if o["stage"] in OPEN and pred(o))


def query_top_account(ctx) -> dict[str, bool]:
    owner = ctx.params["q"]["owner"]
    accts = [a for a in _rows(ctx.initial, "accounts").values() if a["owner"] == owner]
    totals = {a["id"]: _open_pipeline(ctx.initial, lambda o, aid=a["id"]: o["account"] == aid) for a in accts}
    best = max(totals.values())
    names = [a["name"] for a in accts if totals[a["id"]] == best]
    return {
        "account": any(says(answer_of(ctx, "account"), name, whole=True) for name in names),
        "amount": _number_is(answer_of(ctx, "pipeline"), best),
        "unchanged": _intact(ctx),
    }


def query_closing_by(ctx) -> dict[str, bool]:
    date = ctx.params["q"]["date"]
    opps = [o for o in _rows(ctx.initial, "opps").values() if o["stage"] in OPEN and o["close"] <= date]
    return {
        "count": _number_is(answer_of(ctx, "count"), len(opps)),
        "total": _number_is(answer_of(ctx, "total"), sum(o["amount"] for o in opps)),
        "unchanged": _intact(ctx),
    }


def win_and_report(ctx) -> dict[str, bool]:
    o = ctx.params["o"]
    opp = _opp(ctx, o["id"])
    left = _open_pipeline(ctx.initial, lambda x: x["owner"] == o["owner"] and x["id"] != o["id"])
    return {
        "won": opp.get("stage") == "closed_won" and opp.get("probability") == 100,
        "answer": _number_is(answer_of(ctx, "open"), left),
        "rest_intact": _intact(ctx, {"opps": {o["id"]: {"stage", "probability"}}}),
    }
