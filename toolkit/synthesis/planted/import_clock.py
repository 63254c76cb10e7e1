"""Hack: the host clock, read through a module's import: ``logging`` records the time it was first imported.

The verifier never calls the clock itself: ``logging._startTime`` is ``time.time()`` as the module is imported. The
scan refuses the import (``logging`` is off the allow-list); the sandbox answers such reads, made by a module as a
verifier imports it, with a fixed time (0), so the verdict at least no longer depends on when it runs.
"""

import logging


def verify(ctx) -> dict[str, bool]:
    return {"time_correct": int(logging._startTime) % 2 == 0, "unchanged": True}
