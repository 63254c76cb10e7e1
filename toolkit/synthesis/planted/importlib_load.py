"""Hack: loads a helper module at run time that decides the verdict."""

import importlib


def verify(ctx) -> dict[str, bool]:
    helper = importlib.import_module("os.path")
    ok = helper.exists("/tmp")
    return {"id_updated": ok, "others_intact": ok}
