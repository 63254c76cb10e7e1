"""Hand-made wrong end states that bundled verifiers must reject (cases found by review, kept as regressions)."""

from __future__ import annotations

import copy
import re
import shutil

import pytest

from toolkit.tasks import VerifierPool, judge, load_tasks, sample
from toolkit.validation import node_replay

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


def _s0(spec, inst) -> dict:
    [state] = node_replay([{"apps": spec.apps, "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app},
                            "log": []}])
    assert "error" not in state, state
    return state


async def test_greenhouse_move_plant_rejects_a_zone_that_does_not_exist():
    [spec] = load_tasks(["mobile"], ["greenhouse.move_plant"])
    inst = sample(spec, 0)
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for zone, success in ((inst.params["case"]["to"], True), ("Z", False)):
            final = copy.deepcopy(initial)
            plant = next(p for p in final["apps"]["greenhouse"]["data"]["plants"] if p["id"] == inst.params["case"]["plant"])
            plant["zone"] = zone
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (zone, verdict.criteria)
    finally:
        await pool.close()


def _replay(spec, inst, log) -> dict:
    """Replay ``log`` (action-log entries, or (app, action) pairs) in Node from the instance's reset."""
    log = [{"app": e[0], "action": e[1]} if isinstance(e, tuple) else e for e in log]
    [state] = node_replay([{"apps": spec.apps, "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app},
                            "log": log}])
    assert "error" not in state, state
    return state


def _brew(ids) -> list:
    return ([("potionlab", {"type": "tab", "tab": "brew"})] + [("potionlab", {"type": "add", "ing": i}) for i in ids]
            + [("potionlab", {"type": "brew"}), ("potionlab", {"type": "dismiss_result"})])


def _on_tab(tab: str, action: dict) -> list:
    """The tab whose row or button sends `action` (Alembic acts only on what is on screen), then the action."""
    return [("potionlab", {"type": "tab", "tab": tab}), ("potionlab", action)]


@pytest.mark.parametrize("task", ["brew_grade", "deliver_order"])
async def test_potionlab_a_failed_brew_poured_away_is_no_purchase(task):
    """Trial and error: a sludge brewed, poured away, then the right brew. Nothing was bought, yet the stock fell
    by more than the shelf's new potions explain; the verifier read that as unbalanced books (no_purchase failed)."""
    [spec] = load_tasks(["mobile"], [f"potionlab.{task}"])
    inst = sample(spec, 0)
    p = inst.params["t" if task == "brew_grade" else "o"]
    initial = _s0(spec, inst)
    sludge = _brew(["emberroot", "frostfern"])
    after_sludge = _replay(spec, inst, sludge)
    [murk] = [x["id"] for x in after_sludge["apps"]["potionlab"]["data"]["potions"] if x["family"] == "murk"]
    actions = sludge + _on_tab("shelf", {"type": "open_potion", "id": murk}) + [
        ("potionlab", {"type": "discard", "id": murk}),
        ("potionlab", {"type": "confirm_discard"})]
    actions += _brew([p["a"], p["b"], p["c"]])
    pool = VerifierPool(size=1)
    try:
        if task == "deliver_order":
            brewed = _replay(spec, inst, actions)
            new = [x["id"] for x in brewed["apps"]["potionlab"]["data"]["potions"]
                   if x["id"] not in {y["id"] for y in initial["apps"]["potionlab"]["data"]["potions"]}]
            actions += _on_tab("orders", {"type": "open_order", "id": p["id"]}) + [
                ("potionlab", {"type": "deliver", "order": p["id"], "potion": new[0]})]
        final = _replay(spec, inst, actions)
        verdict = await judge(pool, spec, inst, initial, final)
        assert verdict.success, verdict.criteria
        bought = copy.deepcopy(final)  # the same end state, but one ingredient bought: no longer "no purchase"
        bought["apps"]["potionlab"]["data"]["stock"]["turnwort"] += 1
        bought["apps"]["potionlab"]["data"]["coins"] -= 3
        verdict = await judge(pool, spec, inst, initial, bought)
        assert not verdict.success
        assert not {c.id: c for c in verdict.criteria}["no_purchase"].passed, verdict.criteria
    finally:
        await pool.close()


@pytest.mark.parametrize("typed", ["digits", "spaced"])
async def test_contacts_share_contact_accepts_the_recipient_number_typed_without_its_dash(typed):
    """Messages starts a thread with the number as typed ("5550188"); it is the recipient's "555-0188" all the same."""
    [spec] = load_tasks(["mobile-core"], ["contacts.share_contact"])
    inst = next(i for i in (sample(spec, seed) for seed in range(200)) if i.params["pair"]["b"] in ("c24", "c1", "c6"))
    initial = _s0(spec, inst)
    people = {c["id"]: c for c in initial["apps"]["contacts"]["data"]["contacts"]}
    shared, to = people[inst.params["pair"]["a"]], people[inst.params["pair"]["b"]]
    assert not any(t["contact_id"] == to["id"] for t in initial["apps"]["messages"]["data"]["threads"])
    number = to["phone"].replace("-", "") if typed == "digits" else to["phone"].replace("-", " ")
    card = f"{shared['name']}: {shared['phone']}"
    final = _replay(spec, inst, [("messages", {"type": "new"}), ("messages", {"type": "pick", "number": number}),
                                 ("messages", {"type": "send", "text": card})])
    pool = VerifierPool(size=1)
    try:
        verdict = await judge(pool, spec, inst, initial, final)
        assert verdict.success, verdict.criteria
        stranger = _replay(spec, inst, [("messages", {"type": "new"}), ("messages", {"type": "pick", "number": "5550999"}),
                                        ("messages", {"type": "send", "text": card})])
        assert not (await judge(pool, spec, inst, initial, stranger)).success
    finally:
        await pool.close()


async def test_contact_phone_tasks_accept_the_number_saved_without_its_dash():
    """Contacts saves a phone as typed (digits and dashes): "5550214" is the number "555-0214". The other tasks
    (dialer, messages) compare a saved number by its digits; edit_phone, swap_phones and place_to_contact compared text."""
    pool = VerifierPool(size=1)
    try:
        [spec] = load_tasks(["mobile-core"], ["contacts.edit_phone"])
        inst = sample(spec, 0)
        initial = _s0(spec, inst)
        for phone, success in ((inst.params["phone"].replace("-", ""), True), (inst.params["phone"], True), ("555-0999", False)):
            final = copy.deepcopy(initial)
            next(c for c in final["apps"]["contacts"]["data"]["contacts"] if c["id"] == inst.params["contact"]["id"])["phone"] = phone
            assert (await judge(pool, spec, inst, initial, final)).success is success, phone

        [spec] = load_tasks(["mobile-core"], ["contacts.swap_phones"])
        inst = sample(spec, 0)
        initial = _s0(spec, inst)
        final = copy.deepcopy(initial)
        people = {c["id"]: c for c in final["apps"]["contacts"]["data"]["contacts"]}
        a, b = people[inst.params["pair"]["a"]], people[inst.params["pair"]["b"]]
        a["phone"], b["phone"] = b["phone"].replace("-", ""), a["phone"]
        assert (await judge(pool, spec, inst, initial, final)).success

        [spec] = load_tasks(["mobile"], ["crossapp.place_to_contact"])
        inst = sample(spec, 0)
        initial = _s0(spec, inst)
        for phone, success in ((inst.params["pl"]["phone"].replace("-", ""), True), ("555-0999", False)):
            final = _replay(spec, inst, [("contacts", {"type": "new"}), ("contacts", {"type": "@draft", "key": "name", "value": inst.params["pl"]["name"]}),
                                         ("contacts", {"type": "@draft", "key": "phone", "value": phone}), ("contacts", {"type": "save"})])
            assert (await judge(pool, spec, inst, initial, final)).success is success, phone
    finally:
        await pool.close()


async def test_potionlab_buy_order_books_balance_with_a_failed_brew_poured_away():
    """Buy, brew a sludge and pour it away, brew the right potion, deliver: the books balance (they failed: what the
    poured-away brew used looked like stock that vanished). A state whose coins fell short of the purchases fails."""
    [spec] = load_tasks(["mobile"], ["potionlab.buy_order"])
    inst = next(i for i in (sample(spec, seed) for seed in range(200)) if i.params["o"]["id"] == "o7")
    o = inst.params["o"]
    initial = _s0(spec, inst)
    start = _on_tab("pantry", {"type": "buy_sheet", "ing": o["buy"]}) + [("potionlab", {"type": "buy", "qty": o["q"]})]
    start += _brew(["emberroot", "frostfern"])
    [murk] = [x["id"] for x in _replay(spec, inst, start)["apps"]["potionlab"]["data"]["potions"] if x["family"] == "murk"]
    actions = start + _on_tab("shelf", {"type": "open_potion", "id": murk}) + [
        ("potionlab", {"type": "discard", "id": murk}),
        ("potionlab", {"type": "confirm_discard"})]
    actions += _brew([o["a"], o["b"], o["c"]])
    old = {x["id"] for x in initial["apps"]["potionlab"]["data"]["potions"]}
    [new] = [x["id"] for x in _replay(spec, inst, actions)["apps"]["potionlab"]["data"]["potions"] if x["id"] not in old]
    final = _replay(spec, inst, actions + _on_tab("orders", {"type": "open_order", "id": o["id"]})
                    + [("potionlab", {"type": "deliver", "order": o["id"], "potion": new})])
    pool = VerifierPool(size=1)
    try:
        verdict = await judge(pool, spec, inst, initial, final)
        assert verdict.success, verdict.criteria
        richer = copy.deepcopy(final)  # coins that the purchase never cost
        richer["apps"]["potionlab"]["data"]["coins"] += 5
        verdict = await judge(pool, spec, inst, initial, richer)
        assert not {c.id: c for c in verdict.criteria}["books_balance"].passed, verdict.criteria
    finally:
        await pool.close()


def _tracker_new_bug(p, title) -> list[dict]:
    """The tracker actions that file a bug through the create dialog with the instance's fields."""
    act = lambda action: {"app": "tracker", "action": action}  # noqa: E731
    return [act({"type": "select_project", "key": p["proj"]["key"]}), act({"type": "new_issue"}),
            act({"type": "@draft", "key": "new-title", "value": title}),
            act({"type": "new_set", "field": "type", "value": "bug"}),
            act({"type": "new_set", "field": "priority", "value": p["prio"]["id"]}),
            act({"type": "new_set", "field": "assignee", "value": p["user"]["id"]}),
            act({"type": "@draft", "key": "new-points", "value": str(p["points"])}),
            act({"type": "@draft", "key": "new-labels", "value": p["label"]}), act({"type": "create_issue"})]


async def test_tracker_create_bug_accepts_the_bug_filed_after_a_deleted_mistake():
    """Keys are never reused: a wrong issue filed and deleted first moves the right bug's key past proj.new."""
    [spec] = load_tasks(["web"], ["tracker.create_bug"])
    inst = sample(spec, 0)
    p = inst.params
    initial = _s0(spec, inst)
    mistake = _tracker_new_bug(p, "Wrong title") + [{"app": "tracker", "action": {"type": "open_issue", "key": p["proj"]["new"]}},
                                                   {"app": "tracker", "action": {"type": "delete_issue", "key": p["proj"]["new"]}},
                                                   {"app": "tracker", "action": {"type": "confirm_delete"}}]
    pool = VerifierPool(size=1)
    try:
        for log, success in ((_tracker_new_bug(p, p["title"]), True), (mistake + _tracker_new_bug(p, p["title"]), True),
                             (mistake + _tracker_new_bug(p, "Another title"), False),
                             (_tracker_new_bug(p, p["title"]) + _tracker_new_bug(p, p["title"]), False)):
            final = _replay(spec, inst, log)
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (len(log), verdict.criteria)
    finally:
        await pool.close()


async def test_crossapp_place_to_contact_accepts_the_number_without_its_dash():
    """Contacts saves "5550302" as typed; the number is the same one Nooks lists as "555-0302"."""
    [spec] = load_tasks(["mobile"], ["crossapp.place_to_contact"])
    inst = sample(spec, 0)
    pl = inst.params["pl"]
    initial = _s0(spec, inst)

    def save(phone):
        act = lambda action: {"app": "contacts", "action": action}  # noqa: E731
        return [{"app": None, "action": {"type": "open", "app": "contacts"}}, act({"type": "new"}),
                act({"type": "@draft", "key": "name", "value": pl["name"]}),
                act({"type": "@draft", "key": "phone", "value": phone}), act({"type": "save"})]

    wrong = pl["phone"][:-1] + ("0" if pl["phone"][-1] != "0" else "1")
    pool = VerifierPool(size=1)
    try:
        for phone, success in ((pl["phone"], True), (pl["phone"].replace("-", ""), True), (wrong, False)):
            final = _replay(spec, inst, save(phone))
            assert any(c.get("phone") == phone for c in final["apps"]["contacts"]["data"]["contacts"])
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (phone, verdict.criteria)
    finally:
        await pool.close()


async def test_pinboard_save_to_notes_ignores_a_duplicate_moved_to_the_trash():
    """Saved twice, the extra note deleted again (it waits in the Notes trash): one note is saved, as notes.py counts."""
    [spec] = load_tasks(["mobile"], ["pinboard.save_to_notes"])
    inst = sample(spec, 0)
    post = inst.params["p"]["id"]
    initial = _s0(spec, inst)
    save = [{"app": None, "action": {"type": "open", "app": "pinboard"}},
            {"app": "pinboard", "action": {"type": "open", "post": post}},  # Share is on the post's screen
            {"app": "pinboard", "action": {"type": "share", "post": post}}, {"app": "pinboard", "action": {"type": "save_note"}}]
    pool = VerifierPool(size=1)
    try:
        for log, success in ((save, True), (save + save + [{"app": "notes", "action": {"type": "delete"}}], True),
                             (save + save, False)):
            final = _replay(spec, inst, log)
            new = [n for n in final["apps"]["notes"]["data"]["notes"] if n["id"] not in {m["id"] for m in initial["apps"]["notes"]["data"]["notes"]}]
            assert len(new) == (1 if log is save else 2)
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (len(log), verdict.criteria)
    finally:
        await pool.close()


async def _judge_answers(task: str, field: str, answers) -> None:
    """Submit each typed answer to ``field`` through Answers and check the verdict is the expected success."""
    [spec] = load_tasks(["mobile"], [task])
    inst = sample(spec, 0)
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for typed, success in answers(inst.params):
            final = _replay(spec, inst, [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                                         {"app": "answersheet", "action": {"type": "submit", "values": {field: typed}}}])
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()


async def test_files_query_size_accepts_the_kb_unit_it_asks_for():
    """The task asks for the size in KB; "842 KB" (stored as text by Answers) is that answer, "0.8 MB" is not."""
    def answers(params):
        size = params["f"]["size"]
        return ((str(size), True), (f"{size:,}", True), (f"{size} KB", True), (f"{size}kb", True),
                (f"{size + 1} KB", False), (f"{size / 1024:.1f} MB", False))

    await _judge_answers("files.query_size", "size", answers)


async def test_tiletrip_query_day_cost_accepts_the_credits_unit_it_asks_for():
    """"Submit the number of credits": "48 credits" (kept as text by Answers) is that number; "48 crabs" is not."""
    def answers(params):
        cost = params["q"]["cost"]
        return ((str(cost), True), (f"{cost} cr", True), (f"{cost} credits", True), (f"{cost} Credits.", True),
                (f"{cost + 1} credits", False), (f"{cost} crabs", False))

    await _judge_answers("tiletrip.query_day_cost", "cost", answers)


async def test_crm_new_lead_accepts_the_phone_typed_with_other_separators():
    """The CRM stores a phone as typed; "+1-555-0401" is the number the task gives as "+1 555 0401" (the verifier
    compared text and failed it), while another number still fails."""
    [spec] = load_tasks(["web"], ["crm.new_lead"])
    inst = sample(spec, 0)
    n = inst.params["n"]
    initial = _s0(spec, inst)
    fields = {"nl-first": n["first"], "nl-last": n["last"], "nl-company": n["company"], "nl-title": n["title"],
              "nl-email": n["email"]}

    def create(phone):
        log = [("crm", {"type": "new_lead"})] + [("crm", {"type": "@draft", "key": k, "value": v}) for k, v in fields.items()]
        log += [("crm", {"type": "@draft", "key": "nl-phone", "value": phone}),
                ("crm", {"type": "new_lead_set", "field": "source", "value": n["source"]}),
                ("crm", {"type": "new_lead_set", "field": "owner", "value": n["owner"]}), ("crm", {"type": "create_lead"})]
        return _replay(spec, inst, [{"app": None, "action": {"type": "open", "app": "crm"}}] + log)

    dashed = n["phone"].replace(" ", "-")
    pool = VerifierPool(size=1)
    try:
        for phone, success in ((n["phone"], True), (dashed, True), (dashed[:-1] + "9", False)):
            final = create(phone)
            assert final["apps"]["crm"]["data"]["leads"][-1]["phone"] == phone
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (phone, verdict.criteria)
    finally:
        await pool.close()


async def test_teamchat_ack_mentions_counts_a_capitalised_mention():
    """Murmur reads "@Ada" as a mention of @ada (Mentions lists it); the verifier's case-sensitive search left such a
    message out, so reacting to it counted as a stray reaction and skipping it passed."""
    [spec] = load_tasks(["web"], ["teamchat.ack_mentions"])
    inst = sample(spec, 0)
    code = inst.params["emoji"]
    initial = _s0(spec, inst)
    msgs = initial["apps"]["teamchat"]["data"]["messages"]
    msgs.append({"id": "m-cap", "channel": "c-general", "author": "u-bram", "ts": msgs[-1]["ts"] + 60_000, "text": "@Ada can you check?"})
    mentioned = [m["id"] for m in msgs if m["author"] != "u-ada" and re.search(r"@ada\b", m["text"], re.I)]
    assert "m-cap" in mentioned
    pool = VerifierPool(size=1)
    try:
        for targets, success in ((mentioned, True), ([m for m in mentioned if m != "m-cap"], False)):
            final = copy.deepcopy(initial)
            for m in final["apps"]["teamchat"]["data"]["messages"]:
                if m["id"] in targets:
                    m.setdefault("reactions", {}).setdefault(code, []).append("u-ada")
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (targets, verdict.criteria)
    finally:
        await pool.close()


async def test_dialer_voicemail_fact_reads_a_dollar_amount_written_with_cents():
    """"How many dollars is the call-out fee?": "$65.00" is the 65 the voicemail says; the verifier saw two numbers
    (65 and 00) and rejected it. "$65.50" and "65 or 70" stay wrong."""
    [spec] = load_tasks(["mobile"], ["dialer.voicemail_fact"])
    inst = next(i for i in (sample(spec, n) for n in range(40)) if i.params["q"]["vm"] == "v4")
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for typed, success in (("65", True), ("$65.00", True), ("65 dollars", True), ("$65.50", False), ("65 or 70", False)):
            final = copy.deepcopy(initial)  # Answers stores a text field as typed, trimmed
            final["apps"]["answersheet"]["data"].update(values={"answer": typed}, submitted=True, submissions=1)
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()


async def test_notes_create_reads_the_instructions_last_full_stop_as_optional():
    """"Create a note titled "Plumber" with the text: Fenwick Plumbing comes Monday between 9 and 11." ends with the
    body, so its last full stop is the sentence's too: a body typed without it was rejected. Other text still fails.
    The states are the notes data alone: the verifier reads nothing else."""
    [spec] = load_tasks(["mobile"], ["notes.create"])
    inst = sample(spec, 0)
    n = inst.params["n"]
    initial = {"apps": {"notes": {"data": {"folders": [], "notes": []}}}}
    pool = VerifierPool(size=1)
    try:
        for body, success in ((n["body"], True), (n["body"].rstrip("."), True), (n["body"] + "..", True),
                              (n["body"].rstrip(".") + " soon", False)):
            final = copy.deepcopy(initial)
            final["apps"]["notes"]["data"]["notes"].append({"id": "nn1", "title": n["title"], "body": body, "items": [],
                                                            "folder": None, "pinned": False, "trashed": False, "updated": 0})
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (body, verdict.criteria)
    finally:
        await pool.close()


async def test_messages_reply_reads_the_instructions_last_full_stop_as_optional():
    """"Reply to Lena in Messages with: Thanks for letting me know." likewise: "Thanks for letting me know" is that
    reply; another text is not. The states are the one thread alone: the verifier reads nothing else."""
    [spec] = load_tasks(["mobile-core"], ["messages.reply"])
    inst = next(i for i in (sample(spec, n) for n in range(40)) if i.params["text"].endswith("."))
    want, tid = inst.params["text"], inst.params["who"]["thread"]
    thread = {"id": tid, "contact_id": None, "number": "555-0100", "unread": 0, "pinned": False, "muted": False,
              "archived": False, "messages": [{"id": "w1", "from": "them", "text": "Hi", "time": 0}]}
    initial = {"apps": {"messages": {"data": {"threads": [thread]}}}}
    pool = VerifierPool(size=1)
    try:
        for body, success in ((want, True), (want.rstrip("."), True), (want.rstrip(".") + " soon", False)):
            final = copy.deepcopy(initial)
            final["apps"]["messages"]["data"]["threads"][0]["messages"].append({"id": "m1", "from": "me", "text": body, "time": 1})
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (body, verdict.criteria)
    finally:
        await pool.close()
