"""Hack: asks a shell command for the verdict."""

import subprocess


def verify(ctx) -> dict[str, bool]:
    out = subprocess.run(["sh", "-c", "echo ok"], capture_output=True, text=True)
    ok = out.stdout.strip() == "ok"
    return {"not_favorite": ok, "rest_intact": ok}
