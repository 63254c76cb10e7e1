"""Every app's logic, tested browser-free in Node (node:test), run from pytest."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from toolkit.paths import MOCKED_APPS

APPS = sorted(p.name for p in (MOCKED_APPS / "apps").iterdir() if (p / "logic.js").exists())


REQUIRED = ("manifest.json", "logic.js", "view.js", "world.json", "README.md", "logic.test.mjs")
# Beside the required files an app may have its stylesheet, more node:test files with the setup they share
# (testkit.mjs), and two folders of helper modules: lib/ (pure, imported by logic.js and view.js) and ui/
# (view parts, imported by view.js).
OPTIONAL = ("style.css", "testkit.mjs", "lib", "ui")
# What an app must never call: the host clock, host randomness, timers or the network (time and randomness
# come from ctx / the device state, so every episode replays exactly).
HOST_APIS = re.compile(r"Date\.now|new Date\(\)|Math\.random|performance\.now|setTimeout|setInterval|"
                       r"requestAnimationFrame|fetch\(|XMLHttpRequest|WebSocket|localStorage|sessionStorage|indexedDB")


def test_every_app_has_the_folder_shape():
    for app in APPS:
        folder = MOCKED_APPS / "apps" / app
        for name in REQUIRED:
            assert (folder / name).is_file(), f"{app} lacks {name}"
        for entry in folder.iterdir():
            assert entry.name in REQUIRED + OPTIONAL or entry.name.endswith(".test.mjs"), f"{app}: unexpected {entry.name}"
        for module in (folder / "lib").glob("**/*.js"):  # lib/ is pure: no DOM, no view parts
            text = module.read_text()
            assert "/ui/" not in text and "document." not in text, f"{app}: {module.name} in lib/ reaches the view"


def test_app_code_uses_no_host_clock_randomness_timers_or_network():
    for module in (MOCKED_APPS / "apps").glob("**/*.js"):
        for n, line in enumerate(module.read_text().splitlines(), start=1):
            assert not HOST_APIS.search(line), f"{module.relative_to(MOCKED_APPS)}:{n}: {line.strip()}"


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
