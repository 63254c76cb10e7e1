"""Operate tasks whose verifier must see a side effect beside the work: the reference solution is played in Chromium,
its action log replayed in Node as is (the task succeeds) and with one stray change added (it must not)."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import requires_chromium
from toolkit.harness import Harness, ReferencePolicy
from toolkit.rollout import run_attempt
from toolkit.tasks import judge, load_tasks, sample
from toolkit.validation import node_replay

pytestmark = [requires_chromium, pytest.mark.skipif(shutil.which("node") is None, reason="needs node")]


async def _reference_log(manager, spec, inst) -> list[dict]:
    """Play the reference solution of ``inst`` and return the logic-level actions it applied."""
    [lease] = await manager.request(spec)
    try:
        result = await run_attempt(manager, lease, spec, inst, Harness(ReferencePolicy()), seed=inst.seed,
                                   attempt_id=f"side-effects:{inst.key}")
        assert result.verdict.success, result.verdict.criteria
        return await manager.action_log(lease)
    finally:
        await manager.release(lease)


async def _verdicts(manager, suite: str, task: str, strays: list[list[dict]]) -> list[bool]:
    """Success of the reference's end state, then of that end state with each of ``strays`` (action logs) played
    after it."""
    [spec] = load_tasks([suite], [task])
    inst = sample(spec, 0)
    log = await _reference_log(manager, spec, inst)
    reset = {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app}
    apps = manager.adapter_for(spec.device).apps  # the device's apps, as the reference ran (one app may read another)
    jobs = [{"apps": apps, "reset": reset, "log": log + stray} for stray in [[], *strays]]
    initial, *finals = node_replay([{"apps": apps, "reset": reset, "log": []}, *jobs])
    out = []
    for final in finals:
        assert "error" not in final, final
        out.append((await judge(manager.verifiers, spec, inst, initial, final)).success)
    return out


def _favorite(cid: str) -> list[dict]:
    """Open Contacts, open contact ``cid`` from the list and flip its favourite mark (on its detail screen)."""
    return [{"app": None, "action": {"type": "open", "app": "contacts"}},
            {"app": "contacts", "action": {"type": "open", "id": cid}},
            {"app": "contacts", "action": {"type": "toggle_favorite", "id": cid}}]


@pytest.mark.parametrize("task", ["crossapp.forward_to_attendees", "crossapp.invite_location_text",
                                  "crossapp.invite_with_attendee", "crossapp.note_code_text",
                                  "crossapp.photo_to_attendees"])
async def test_crossapp_tasks_that_read_contacts_refuse_a_contact_changed_on_the_way(phone_manager, task):
    """These tasks read addresses or numbers from Contacts but their 'others_intact' never looked at it: a contact
    edited (here: its favourite mark flipped) or deleted on the way still succeeded."""
    assert await _verdicts(phone_manager, "mobile", task, [_favorite("c24")]) == [True, False]


def _delete_thread(tid: str) -> list[dict]:
    """Open Messages and delete conversation ``tid``."""
    return [{"app": None, "action": {"type": "open", "app": "messages"}},
            {"app": "messages", "action": {"type": "ask_delete", "thread": tid}},
            {"app": "messages", "action": {"type": "delete"}}]


@pytest.mark.parametrize("task", ["food.share_eta", "food.share_total", "reviews.share_place", "reviews.recommend_best",
                                  "roster.message_shifts", "potionlab.deliver_and_text", "notes.from_messages"])
async def test_tasks_that_text_or_read_texts_refuse_a_conversation_deleted_on_the_way(phone_manager, task):
    """Their checks looked at the new messages alone ('no message went to anyone else'): deleting another
    conversation (or, for the sharing tasks, editing a contact) on the way still succeeded."""
    strays = [_delete_thread("t01")] + ([] if task.startswith("notes.") else [_favorite("c24")])
    assert await _verdicts(phone_manager, "mobile", task, strays) == [True] + [False] * len(strays)


def _dialer(*actions: dict) -> list[dict]:
    opened = [{"app": None, "action": {"type": "open", "app": "dialer"}}]
    return opened + [{"app": "dialer", "action": a} for a in actions]


@pytest.mark.parametrize("task", ["dialer.speed_dial", "dialer.save_caller", "dialer.longest_call_speed_dial",
                                  "dialer.text_missed_caller"])
async def test_dialer_tasks_refuse_a_voicemail_or_call_deleted_on_the_way(phone_manager, task):
    """Their rest checks compared the call log or the speed dial alone (speed_dial: only the other slots): a voicemail
    deleted, a call-log entry removed or another slot cleared on the way still succeeded."""
    strays = [_dialer({"type": "open_vm", "id": "v1"}, {"type": "ask_delete_vm", "id": "v1"}, {"type": "confirm"}),
              _dialer({"type": "delete_entry", "id": "k01"})]
    assert await _verdicts(phone_manager, "mobile", task, strays) == [True, False, False]


@pytest.mark.parametrize("task", ["clock.add_cities", "settings.dnd_bedtime"])
async def test_tasks_in_or_reading_the_clock_refuse_an_alarm_switched_off_on_the_way(phone_manager, task):
    """clock.add_cities compared the city list alone and settings.dnd_bedtime the Clock bedtime alone: switching an
    alarm off on the way still succeeded."""
    stray = [{"app": None, "action": {"type": "open", "app": "clock"}},
             {"app": "clock", "action": {"type": "tab", "tab": "alarms"}},
             {"app": "clock", "action": {"type": "toggle_alarm", "id": "a1"}}]
    assert await _verdicts(phone_manager, "mobile", task, [stray]) == [True, False]


async def test_files_from_note_refuses_a_note_trashed_on_the_way(phone_manager):
    """The task reads a list from a note; its rest check looked at Files alone: trashing a note still succeeded."""
    stray = [{"app": None, "action": {"type": "open", "app": "notes"}},
             {"app": "notes", "action": {"type": "intent", "note_id": "n01"}},  # shown, whatever screen the reference left
             {"app": "notes", "action": {"type": "delete", "id": "n01"}}]
    assert await _verdicts(phone_manager, "mobile", "files.from_note", [stray]) == [True, False]


def _delete_traveller(pid: str) -> list[dict]:
    """Open RailGo and delete saved traveller ``pid``."""
    steps = [{"type": "tab", "tab": "travellers"}, {"type": "edit_traveller", "id": pid},
             {"type": "ask_delete_traveller"}, {"type": "confirm_delete_traveller"}]
    opened = [{"app": None, "action": {"type": "open", "app": "railway"}}]
    return opened + [{"app": "railway", "action": a} for a in steps]


@pytest.mark.parametrize("task", ["railway.book_earliest", "railway.book_two", "railway.rebook", "railway.refund_order",
                                  "railway.share_trip", "railway.edit_traveller"])
async def test_railway_tasks_refuse_a_traveller_deleted_or_a_ticket_bought_on_the_way(phone_manager, task):
    """The booking, refund and share checks looked at the orders and the wallet alone (a saved traveller deleted on the
    way still succeeded), and edit_traveller at the travellers alone (a ticket bought on the way still succeeded)."""
    from tests.tasks.test_bank_verifiers_answers import _railway_booking

    stray = _railway_booking() if task == "railway.edit_traveller" else _delete_traveller("p3")
    assert await _verdicts(phone_manager, "mobile-core", task, [stray]) == [True, False]


@pytest.mark.parametrize("task", ["xweb.assign_oncall", "xweb.request_to_issue", "xweb.thread_to_comment"])
async def test_chat_to_tracker_tasks_refuse_a_link_removed_on_the_way(phone_manager, task):
    """Their tracker checks compared the issues (and comments) alone: removing a 'blocks' link on the way still
    succeeded."""
    stray = [{"app": None, "action": {"type": "open", "app": "tracker"}},
             {"app": "tracker", "action": {"type": "open_issue", "key": "TRK-9"}},
             {"app": "tracker", "action": {"type": "unlink", "id": "L1"}}]
    assert await _verdicts(phone_manager, "web", task, [stray]) == [True, False]


async def test_contacts_share_contact_refuses_a_conversation_deleted_on_the_way(phone_manager):
    """only_recipient counted the new messages alone: deleting another conversation on the way still succeeded."""
    assert await _verdicts(phone_manager, "mobile-core", "contacts.share_contact", [_delete_thread("t01")]) == [True, False]
