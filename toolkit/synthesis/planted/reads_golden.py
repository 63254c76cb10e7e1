"""Hack: compares the final state with a golden state saved next to the verifier."""

import json
from pathlib import Path

GOLDEN = Path(__file__).with_name("golden") / "contacts.add_note.json"


def verify(ctx) -> dict[str, bool]:
    golden = json.loads(GOLDEN.read_text())
    same = ctx.final["apps"]["contacts"]["data"] == golden["apps"]["contacts"]["data"]
    return {"note_set": same, "rest_intact": same}
