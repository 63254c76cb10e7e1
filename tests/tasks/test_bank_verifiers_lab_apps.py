"""Greenhouse, Alembic (potionlab) and Wayfin (rides) task verifiers on hand-made end states: a right answer written another way
passes, a word that only holds the asked one as a piece fails (cases found by a bug bash, kept as regressions)."""

from __future__ import annotations

import shutil

import pytest

from tests.tasks.test_bank_verifiers_five_apps import _text
from toolkit.tasks import VerifierPool, judge, load_tasks, sample
from toolkit.validation import node_replay

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


async def _verdicts(task: str, cases, log_of, pick=lambda inst: True) -> None:
    """Judge, for each (typed, success) of ``cases(inst, s0)``, the end state that ``log_of(inst, typed)`` reaches
    (``inst``: the first sampled instance that ``pick`` accepts); every state is replayed in one Node run."""
    [spec] = load_tasks(["mobile"], [task])
    inst = next(i for i in (sample(spec, seed) for seed in range(200)) if pick(i))
    reset = {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app}
    [initial] = node_replay([{"apps": spec.apps, "reset": reset, "log": []}])
    listed = list(cases(inst, initial))
    finals = node_replay([{"apps": spec.apps, "reset": reset, "log": log_of(inst, typed)} for typed, _ in listed])
    pool = VerifierPool(size=1)
    try:
        for (typed, success), final in zip(listed, finals, strict=True):
            assert "error" not in final, final
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()

CARETAKERS = {"A": "c12", "B": "c18", "C": "c7", "D": "c20", "E": "c4"}


async def test_greenhouse_worst_zone_caretaker_reads_the_zone_as_words():
    """"Zone B." and "Zone B's" name zone B; only "zone b " followed by a space passed (the report's "Zone B (" did)."""
    def cases(inst, s0):
        z = inst.params["case"]["zone"]
        other = "E" if z != "E" else "A"
        return ((f"Please check Zone {z}.", True), (f"Zone {z}'s plants are stressed", True),
                (f"Zone {z} (the worst) needs you", True), (f"Zone {z}{z} needs you", False), (f"Zone {other}.", False))
    await _verdicts("greenhouse.worst_zone_caretaker", cases,
                    lambda inst, body: _text(CARETAKERS[inst.params["case"]["zone"]], body))


async def test_potionlab_query_predict_reads_the_grade_as_the_app_writes_it():
    """The app writes grades as "II" and "Sturdy": either is the grade 2 (only digits were read)."""
    def cases(inst, s0):
        r = inst.params["r"]
        g = int(r["grade"])
        roman, word = ["0", "I", "II", "III"][g], ["0", "Faint", "Sturdy", "Grand"][g]
        wrong = ["I", "II", "III"][g % 3]  # another grade's numeral
        return (((r["family"], str(g)), True), ((r["family"], roman), True), ((r["family"], f"grade {roman}"), True),
                ((r["family"], word.lower()), True), ((r["family"], wrong), False))

    def log(inst, typed):
        family, grade = typed
        return [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                {"app": "answersheet", "action": {"type": "submit", "values": {"family": family, "grade": grade}}}]
    await _verdicts("potionlab.query_predict", cases, log, pick=lambda inst: inst.params["r"]["grade"] == 2)


async def test_potionlab_deliver_and_text_needs_the_word_ready():
    """"I'm already on it" does not say the potion is ready ("ready" was matched inside "already")."""
    def cases(inst, s0):
        first = inst.params["c"]["first"]
        return ((f"Hi {first}, your potion is ready!", True), (f"Hi {first}, I'm already on it.", False))

    def log(inst, body):
        c = inst.params["c"]
        deliver = [{"app": None, "action": {"type": "open", "app": "potionlab"}},
                   {"app": "potionlab", "action": {"type": "tab", "tab": "orders"}},
                   {"app": "potionlab", "action": {"type": "open_order", "id": c["order"]}},
                   {"app": "potionlab", "action": {"type": "deliver", "order": c["order"], "potion": c["fit"]}}]
        return deliver + _text(c["customer"], body)
    await _verdicts("potionlab.deliver_and_text", cases, log)


async def test_rides_share_eta_reads_the_arrival_time_however_it_is_written():
    """"9:51" and "9.51 am" are the ETA 09:51 (only the text "09:51" passed); "19:51" and "9:51 pm" are not."""
    def cases(inst, s0):
        eta = inst.params["r"]["eta"]
        h, m = (int(x) for x in eta.split(":"))
        return ((f"I'll get there at {eta}.", True), (f"Arriving {h}:{m:02d}", True), (f"ETA {h}.{m:02d} am", True),
                (f"Arriving 1{h}:{m:02d}", False), (f"Arriving {h}:{m:02d} pm", False), (f"Arriving {h}:{m + 1:02d}", False))
    await _verdicts("rides.share_eta", cases, lambda inst, body: _text(inst.params["contact"]["id"], body),
                    pick=lambda inst: inst.params["r"]["eta"].startswith("0"))


async def test_ride_charge_query_reads_the_place_name_without_its_accent():
    """"Saltmarsh Cafe" is the place "Saltmarsh Café" (an exact text match refused it); a part of the name is not."""
    def cases(inst, s0):
        return (("Saltmarsh Café", True), ("Saltmarsh Cafe", True), ("saltmarsh café.", True), ("Saltmarsh", False),
                ("Marsh Street Dumplings", False))

    def log(inst, typed):
        return [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                {"app": "answersheet", "action": {"type": "submit", "values": {"place": typed}}}]
    await _verdicts("crossapp.ride_charge_query", cases, log, pick=lambda inst: inst.params["r"]["place"] == "Saltmarsh Café")


async def test_potionlab_query_payout_accepts_the_amount_with_its_unit():
    """"22 coins" is the amount 22, as the app writes pay ("+22 coins"); it read as no number."""
    def cases(inst, s0):
        n = inst.params["c"]["answer"]
        return ((str(n), True), (f"{n} coins", True), (f"{n} Coins.", True), (f"{n + 4} coins", False), (f"coins {n}", False))

    def log(inst, typed):
        return [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                {"app": "answersheet", "action": {"type": "submit", "values": {"coins": typed}}}]
    await _verdicts("potionlab.query_payout", cases, log)
