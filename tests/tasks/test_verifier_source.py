"""The load-time check of verifier files: star imports, imports the sandbox refuses, and names bound at run time are
errors naming the file and line, found when the task loads (not as a verifier_error in every attempt)."""

from __future__ import annotations

import pytest

from tests.conftest import write_suite
from toolkit.tasks import SpecError, load_suite
from toolkit.tasks.verifier_source import verifier_problems

RIGHT = "def right(ctx):\n    return {}\n"


@pytest.mark.parametrize("source, expect", [
    ("from verifier_checks import *\n", "line 1: uses 'from verifier_checks import *', which hides the names"),
    ("from os.path import *\n" + RIGHT, "line 1: uses 'from os.path import *'"),
    ("import json\nimport numpy as np\n" + RIGHT, "line 2: imports numpy, which is not in the standard library"),
    ("def right(ctx):\n    import ctypes\n    return {}\n",
     "line 2: imports ctypes, which the verifier sandbox refuses"),
    ("from zoneinfo import ZoneInfo\n" + RIGHT, "imports zoneinfo, which the verifier sandbox refuses: it reads"),
    ("import importlib\n" + RIGHT, "imports importlib, which the verifier sandbox refuses"),
    ("from . import helpers\n" + RIGHT, "line 1: uses a relative import"),
    ("from verifier_checks import intact, answr\n" + RIGHT, "imports answr from verifier_checks, which defines no"),
    ("json = __import__('json')\n" + RIGHT, "line 1: calls __import__: use an import statement"),
    ("globals()['right'] = lambda ctx: {}\n",
     "defines no function 'right' (it defines: none); names bound at run time (globals() at line 1) are not seen"),
    ("def _make():\n    global right\n    right = len\n_make()\n",
     "names bound at run time ('global right' at line 2)"),
])
def test_what_the_sandbox_or_the_loader_cannot_take_is_a_load_error(tmp_path, source, expect):
    root = write_suite(tmp_path, py_text=source)
    with pytest.raises(SpecError) as err:
        load_suite("demo", root=root)
    assert f"task 'answer.count': field 'verifier': {root / 'demo' / 'demo.py'}" in str(err.value)
    assert expect in str(err.value)


@pytest.mark.parametrize("source", [
    "from __future__ import annotations\nimport datetime as dt\nfrom verifier_checks import intact, _text\n" + RIGHT,
    "try:\n    import numpy\nexcept ImportError:\n    numpy = None\n" + RIGHT,  # optional: fails softly at run time
    "import contextlib\nwith contextlib.nullcontext(len) as right:\n    pass\n",  # bound by a with statement
    "# -*- coding: latin-1 -*-\nname = '\xe9'\n" + RIGHT,  # a coding line the worker's compile honours too
])
def test_sound_verifiers_pass(tmp_path, source):
    file = tmp_path / "v.py"
    file.write_bytes(source.encode("latin-1"))
    assert verifier_problems(file, "right") == []
