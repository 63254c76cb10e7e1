"""Planted reward hacks: bad verifiers the audit must reject (``guigym synth audit --planted``).

Each ``*.py`` file here defines ``verify(ctx)``, a known kind of reward hack written as a replacement
verifier for one bundled task; ``manifest.yaml`` names, for each file, the task it replaces the
verifier of, the hack kind, and the audit kinds (static-scan kinds or execution probes) that must
catch it. None of these files is ever imported by the toolkit: they are only scanned and run in the
sandboxed verifier pool.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent


def planted_hacks() -> list[dict[str, Any]]:
    """Return the manifest entries: ``{file, function, task, kind, detected_as, caught_by, note}``."""
    doc = yaml.safe_load((HERE / "manifest.yaml").read_text())
    hacks = []
    for entry in doc["hacks"]:
        entry = {"function": "verify", **entry}
        entry["path"] = str(HERE / entry["file"])
        hacks.append(entry)
    return hacks
