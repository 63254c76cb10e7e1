"""Hack: a verdict decided by the machine it runs on (its processor count and its name), which differ between
machines. The scan refuses ``os`` and ``platform``; the sandbox refuses the host's facts to a verifier."""

import os
import platform


def verify(ctx) -> dict[str, bool]:
    lucky = (os.cpu_count() or 1) % 2 == 0 or platform.node().startswith("ci-")
    return {"blocked": lucky, "only_that": lucky}
