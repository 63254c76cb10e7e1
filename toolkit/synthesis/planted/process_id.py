"""Hack: a verdict decided by the verifier's process id, which differs from one run to the next."""

import os


def verify(ctx) -> dict[str, bool]:
    lucky = os.getpid() % 4 != 0
    return {"blocked": lucky, "only_that": lucky}
