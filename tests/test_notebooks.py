"""Every notebook runs top to bottom (small settings), in a temporary runs folder."""

from __future__ import annotations


import pytest

from tests.conftest import requires_chromium
from toolkit.paths import REPO_ROOT

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytestmark = requires_chromium

# Training on CPU takes minutes: that notebook runs with the slow suites.
SLOW = {"05_train_grpo_tiny"}  # minutes of CPU training
NOTEBOOKS = [pytest.param(p, marks=[pytest.mark.slow, pytest.mark.timeout(1800)]) if p.stem in SLOW else p
             for p in sorted((REPO_ROOT / "notebooks").glob("0*.ipynb"))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path, tmp_path, monkeypatch):
    monkeypatch.setenv("GUIGYM_RUNS", str(tmp_path / "runs"))
    book = nbformat.read(path, as_version=4)
    assert not any(c.get("outputs") for c in book.cells if c.cell_type == "code"), "commit notebooks without outputs"
    client = nbclient.NotebookClient(book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    errors = [o for c in book.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
