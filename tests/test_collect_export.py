"""Data collection is the rollout path without scoring changes: collect, export as an SFT dataset, replay."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.export import export_sft, sft_rows
from toolkit.tasks import load_suite

pytestmark = requires_chromium


def _tasks():
    specs = load_suite("mobile-core")
    return [specs[0].id, next(s for s in specs if s.answer_sheet).id]


def test_collect_cli_then_export_and_replay(tmp_path):
    pytest.importorskip("datasets")
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "collect", "--agent", "reference", "--suite", "mobile-core",
                          "--tasks", ",".join(_tasks()), "--out", str(tmp_path), "--json"], capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    run = json.loads(res.stdout.strip().splitlines()[-1])
    assert json.loads((tmp_path / run["run_id"] / "manifest.json").read_text())["purpose"] == "collect"
    rows = sft_rows(run["run_dir"])
    ds = export_sft(run["run_dir"], out=tmp_path / "sft")
    assert len(ds) == len(rows) > 0 and (tmp_path / "sft" / "dataset_info.json").exists()
    first = ds[0]
    n_images = sum(p["type"] == "image" for m in first["messages"] for p in m["content"])
    assert n_images == len(first["images"]) >= 1 and first["images"][0].size == (1080, 2400)
    assert first["completion"].startswith("Thought:") and first["messages"][0]["role"] == "system"
    assert set(ds["outcome"]) == {"success"}


async def test_replay_agent_reexecutes_stored_attempts(tmp_path):
    first = await evaluate_async(["mobile-core"], "reference", tasks=_tasks(), out=tmp_path / "a", seed=5)
    again = await evaluate_async(["mobile-core"], "replay", tasks=_tasks(), model=str(first.store.dir), out=tmp_path / "b", seed=5)
    assert list(again.attempts["final_state_hash"]) == list(first.attempts["final_state_hash"])
    assert list(again.attempts["outcome"]) == ["success", "success"]
