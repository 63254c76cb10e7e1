"""Answer and side-effect cases of bundled verifiers on end states the apps' own actions reach: a right answer written
another usual way passes, a wrong one that merely holds the right digits or words fails (found by a verifier hunt)."""

from __future__ import annotations

import shutil

import pytest

from tests.tasks.test_bank_verifiers_five_apps import _answer
from tests.tasks.test_bank_verifiers_lab_apps import _verdicts

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


async def test_crossapp_attendee_phone_query_reads_the_answer_as_one_phone_number():
    """The attendee's number was compared by its digits alone: "+1 555-0185" (a country code) was refused, while
    "Room 555, desk 0185" or "555 / 0185 (ext)" (other text holding the same digits) passed."""
    def cases(inst, s0):
        phone = inst.params["ev"]["phone"]
        head, tail = phone.split("-")
        return ((phone, True), (f"({head}) {tail}", True), (f"+1 {phone}", True), (f"{head}.{tail}.", True),
                (f"Room {head}, desk {tail}", False), (f"{phone} ext 2", False), (f"{head}-{tail}1", False),
                (f"{phone} or {head}-0100", False))
    await _verdicts("crossapp.attendee_phone_query", cases, lambda inst, typed: _answer("phone", typed))
