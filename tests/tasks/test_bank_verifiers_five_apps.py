"""Bank, Calendar, Email and Food task verifiers on hand-made end states: correct answers written another way pass,
numbers that only hold the right one as a piece fail (cases found by a bug bash, kept as regressions)."""

from __future__ import annotations

import shutil

import pytest

from tests.tasks.test_bank_verifiers import _replay, _s0
from toolkit.tasks import VerifierPool, judge, load_tasks, sample

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


def _answer(name: str, typed: str) -> list:
    return [{"app": None, "action": {"type": "open", "app": "answersheet"}},
            {"app": "answersheet", "action": {"type": "submit", "values": {name: typed}}}]


def _text(cid: str, body: str) -> list:
    """Open the conversation with contact ``cid`` in Messages and send ``body``."""
    return [{"app": None, "action": {"type": "open", "app": "messages"}},
            {"app": "messages", "action": {"type": "intent", "to": cid}},
            {"app": "messages", "action": {"type": "send", "text": body}}]


async def _verdicts(task: str, cases, log_of) -> None:
    """Judge, for each (typed, success) of ``cases(inst, s0)``, the end state that ``log_of(inst, typed)`` reaches."""
    [spec] = load_tasks(["mobile"], [task])
    inst = sample(spec, 0)
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for typed, success in cases(inst, initial):
            verdict = await judge(pool, spec, inst, initial, _replay(spec, inst, log_of(inst, typed)))
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()


async def test_food_order_eta_accepts_the_time_with_am_and_refuses_pm():
    """The arrival time "09:58" answered as "9:58 am" is right; it was refused because only H:MM parsed."""
    def cases(inst, s0):
        eta = inst.params["o"]["eta"]
        h, m = (int(x) for x in eta.split(":"))
        return ((eta, True), (f"{h}:{m:02d}", True), (f"{h}:{m:02d} am", True), (f"{h}.{m:02d}", True),
                (f"{h}:{m:02d} pm", False), (f"{h}:{m + 1:02d}", False))
    await _verdicts("food.order_eta", cases, lambda inst, typed: _answer("eta", typed))


async def test_calendar_query_day_accepts_the_start_time_with_am():
    def cases(inst, s0):
        [event] = [e for e in s0["apps"]["calendar"]["data"]["events"] if e["date"] == inst.params["d"]["date"]]
        h, m = (int(x) for x in event["start"].split(":"))
        half = "am" if h < 12 else "pm"
        return (((event["title"], f"{h % 12 or 12}:{m:02d} {half}"), True), ((event["title"], event["start"]), True),
                ((event["title"], f"{(h + 1) % 24}:{m:02d}"), False))

    def log(inst, typed):
        title, start = typed
        return [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                {"app": "answersheet", "action": {"type": "submit", "values": {"title": title, "start": start}}}]
    await _verdicts("calendar.query_day", cases, log)


async def test_food_share_total_needs_the_whole_total_not_a_piece_of_a_larger_amount():
    def cases(inst, s0):
        order = next(o for o in s0["apps"]["food"]["data"]["orders"] if o["id"] == inst.params["h"]["id"])
        total = f"{order['total'] / 100:.2f}"
        return ((f"It came to ${total} in total.", True), (f"It came to ${total}", True),
                (f"It came to $1{total} in total.", False), (f"It came to ${total}5", False))
    await _verdicts("food.share_total", cases, lambda inst, typed: _text(inst.params["contact"]["id"], typed))


async def test_bank_share_receipt_needs_the_whole_amount_not_a_piece_of_a_larger_one():
    def cases(inst, s0):
        tx = inst.params["tx"]
        return ((f"Fernvale Bank receipt: {tx['title']} −¤{tx['amount']} · ref {tx['id']}", True),
                (f"Fernvale Bank receipt: {tx['title']} −¤1{tx['amount']}", False))
    await _verdicts("bank.share_receipt", cases, lambda inst, typed: _text(inst.params["contact"]["id"], typed))


async def test_email_compose_contact_reads_the_subject_like_the_message():
    """A subject typed in other case or without its final "!" is the asked subject, as the message already was."""
    def cases(inst, s0):
        subject = inst.params["subject"]
        return ((subject, True), (subject.lower(), True), (subject.rstrip("!").upper(), True), (f"Re: {subject}", False))

    def log(inst, subject):
        return [{"app": None, "action": {"type": "open", "app": "email"}},
                {"app": "email", "action": {"type": "compose", "to": inst.params["c"]["email"]}},
                {"app": "email", "action": {"type": "@draft", "key": "subject", "value": subject}},
                {"app": "email", "action": {"type": "@draft", "key": "body", "value": inst.params["body"]}},
                {"app": "email", "action": {"type": "send"}}]
    await _verdicts("email.compose_contact", cases, log)


async def test_bank_pay_back_and_tell_needs_the_amount_paid_in_the_text_not_one_with_cents_more():
    """The text must name the amount paid: "¤45.50" passed for 45 (only a digit right after "45" was refused)."""
    def cases(inst, s0):
        n = inst.params["amount"]
        return ((f"Hi, I just sent you ¤{n}.00.", True), (f"Sent you {n}", True), (f"Sent you ¤{n}.50", False),
                (f"Sent you ¤{n},50", False), (f"Sent you ¤1{n}", False))

    def log(inst, body):
        p = inst.params["p"]
        pay = [("bank", {"type": "new_transfer", "from": "chk", "to_kind": "payee", "to": p["id"]}),
               ("bank", {"type": "@draft", "key": "amount", "value": str(inst.params["amount"])}),
               ("bank", {"type": "review"}), ("bank", {"type": "confirm"}),
               ("bank", {"type": "@draft", "key": "pin", "value": "2580"}), ("bank", {"type": "enter_pin"})]
        return [{"app": None, "action": {"type": "open", "app": "bank"}}] + [{"app": a, "action": x} for a, x in pay] \
            + _text(p["cid"], body)
    await _verdicts("bank.pay_back_and_tell", cases, log)


def _new_text(contact: dict, body: str) -> list:
    """Start a conversation with ``contact``'s number in Messages (there may be none yet) and send ``body``."""
    return [{"app": None, "action": {"type": "open", "app": "messages"}},
            {"app": "messages", "action": {"type": "new"}},
            {"app": "messages", "action": {"type": "pick", "number": contact["phone"]}},
            {"app": "messages", "action": {"type": "send", "text": body}}]


async def test_email_facts_and_numbers_sent_on_count_only_as_whole_groups():
    """A code or phone number sent on passes with or without its separators, but not as a piece of a longer one:
    "73165" held the reference "7316" and "5550142 9"-style run-ons held a phone, when the check was a substring."""
    def fact_cases(inst, s0):
        value = inst.params["f"]["value"]
        bare = "".join(ch for ch in value if ch.isalnum())
        return ((f"Here it is: {value}", True), (f"ref {bare.lower()}.", True), (f"{value}5", False), (f"A{bare}", False))
    await _verdicts("email.fact_via_messages", fact_cases, lambda inst, typed: _new_text(inst.params["c"], typed))

    [spec] = load_tasks(["mobile-core"], ["messages.share_number"])
    inst = sample(spec, 0)
    initial = _s0(spec, inst)
    number = "".join(ch for ch in inst.params["x"]["phone"] if ch.isdigit())
    pool = VerifierPool(size=1)
    try:
        for typed, success in ((f"It's {number[:3]} {number[3:]}", True), (f"({number[:3]}) {number[3:]}!", True),
                               (f"{number}9", False), (f"1{number}", False)):
            log = _new_text(inst.params["y"], typed)
            verdict = await judge(pool, spec, inst, initial, _replay(spec, inst, log))
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()


async def test_railway_cheapest_second_reads_a_decimal_comma_and_refuses_inf():
    """"¤88,0" was read as 880 (every comma deleted) and "inf" crashed the verifier (OverflowError)."""
    [spec] = load_tasks(["mobile-core"], ["railway.cheapest_second"])
    inst = sample(spec, 0)
    initial = _s0(spec, inst)
    price = float(inst.params["trip"]["price"])
    pool = VerifierPool(size=1)
    try:
        for typed, success in ((f"¤{price:.2f}".replace(".", ","), True), (f"{price:g}", True), (f"$ {price:.1f}", True),
                               (f"{price / 10:g}".replace(".", ","), False), ("inf", False), ("nan", False)):
            verdict = await judge(pool, spec, inst, initial, _replay(spec, inst, _answer("price", typed)))
            assert verdict.ok and verdict.success is success, (typed, verdict.criteria, verdict.error)
    finally:
        await pool.close()
