"""Hand-made wrong end states that bundled verifiers must reject (cases found by review, kept as regressions)."""

from __future__ import annotations

import copy
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
    [state] = node_replay([{"apps": spec.apps, "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app},
                            "log": log}])
    assert "error" not in state, state
    return state


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
    mistake = _tracker_new_bug(p, "Wrong title") + [{"app": "tracker", "action": {"type": "delete_issue", "key": p["proj"]["new"]}},
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


async def test_files_query_size_accepts_the_kb_unit_it_asks_for():
    """The task asks for the size in KB; "842 KB" (stored as text by Answers) is that answer, "0.8 MB" is not."""
    [spec] = load_tasks(["mobile"], ["files.query_size"])
    inst = sample(spec, 0)
    size = inst.params["f"]["size"]
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for typed, success in ((str(size), True), (f"{size:,}", True), (f"{size} KB", True), (f"{size}kb", True),
                               (f"{size + 1} KB", False), (f"{size / 1024:.1f} MB", False)):
            final = _replay(spec, inst, [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                                         {"app": "answersheet", "action": {"type": "submit", "values": {"size": typed}}}])
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()


async def test_tiletrip_query_day_cost_accepts_the_credits_unit_it_asks_for():
    """"Submit the number of credits": "48 credits" (kept as text by Answers) is that number; "48 crabs" is not."""
    [spec] = load_tasks(["mobile"], ["tiletrip.query_day_cost"])
    inst = sample(spec, 0)
    cost = inst.params["q"]["cost"]
    initial = _s0(spec, inst)
    pool = VerifierPool(size=1)
    try:
        for typed, success in ((str(cost), True), (f"{cost} cr", True), (f"{cost} credits", True), (f"{cost} Credits.", True),
                               (f"{cost + 1} credits", False), (f"{cost} crabs", False)):
            final = _replay(spec, inst, [{"app": None, "action": {"type": "open", "app": "answersheet"}},
                                         {"app": "answersheet", "action": {"type": "submit", "values": {"cost": typed}}}])
            verdict = await judge(pool, spec, inst, initial, final)
            assert verdict.success is success, (typed, verdict.criteria)
    finally:
        await pool.close()
