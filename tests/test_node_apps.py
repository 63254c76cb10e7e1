"""Every app's logic, tested browser-free in Node (node:test), run from pytest."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from toolkit.paths import MOCKED_APPS

APPS = sorted(p.name for p in (MOCKED_APPS / "apps").iterdir() if (p / "logic.js").exists())


def test_every_app_has_the_folder_shape():
    for app in APPS:
        folder = MOCKED_APPS / "apps" / app
        for name in ("manifest.json", "logic.js", "view.js", "world.json", "README.md", "logic.test.mjs"):
            assert (folder / name).is_file(), f"{app} lacks {name}"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
@pytest.mark.parametrize("app", APPS)
def test_app_logic_in_node(app):
    res = subprocess.run(["node", "--test", f"apps/{app}/"], cwd=MOCKED_APPS, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert "# fail 0" in res.stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_runtime_core_in_node():
    res = subprocess.run(["node", "--test", "runtime/"], cwd=MOCKED_APPS, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0 and "# fail 0" in res.stdout, res.stdout[-3000:]
