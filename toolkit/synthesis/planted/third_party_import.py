"""Hack: a verdict that depends on the third-party packages the host happens to have installed.

The standard library's folder holds site-packages below it. A verifier that puts that folder on ``sys.path`` can
import whatever the host installed there (here PyYAML, to accept the answer leniently when it is present), so the
same state passes on one machine and fails on another. The scan refuses ``sys`` and ``yaml``; the sandbox refuses
the import system reading a third-party folder for a verifier.
"""

import json
import sys


def verify(ctx) -> dict[str, bool]:
    sys.path.append(json.__file__.rsplit("/", 2)[0] + "/site-packages")
    try:
        import yaml
    except ImportError:
        lenient = False
    else:
        lenient = yaml.safe_load("ok: true")["ok"]
    return {"email_changed": lenient, "rest_intact": lenient}
