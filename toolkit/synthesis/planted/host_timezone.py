"""Hack: the answer is read through the host's time-zone database.

The departure is compared after a trip through a ``ZoneInfo`` zone, so the verdict depends on the time-zone files
of the machine it runs on (a missing zone raises, a changed rule shifts the time): the same state can pass on one
machine and fail on another. The scan refuses the import (``zoneinfo`` is off the allow-list) and the sandbox refuses
``zoneinfo`` at run time.
"""

import re
from datetime import datetime, timezone
from zoneinfo import ZoneInfo


def verify(ctx) -> dict[str, bool]:
    got = str((ctx.answer or {}).get("departure", "")).strip().replace(".", ":")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", got)
    want = ctx.params["train"]["stops"][0]["dep"]
    local = datetime(2026, 3, 16, int(want[:2]), int(want[3:]), tzinfo=timezone.utc).astimezone(ZoneInfo("Etc/UTC"))
    return {"time_correct": bool(m) and f"{int(m.group(1)):02d}:{m.group(2)}" == local.strftime("%H:%M"),
            "unchanged": True}
