"""Smoke tests of the throughput, capacity and soak bench sections at tiny sizes (shape and sane values, no timings)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.conftest import requires_chromium
from toolkit.bench import SECTIONS
from toolkit.bench.capacity import bench_capacity
from toolkit.bench.markdown import results_markdown
from toolkit.bench.soak import bench_soak
from toolkit.bench.throughput import bench_throughput


def _vs_peer_ok(figures: dict) -> None:
    for entry in figures["vs_peer"].values():
        assert set(entry) == {"ours", "peer", "ratio", "basis"}
        assert entry["ratio"] is None or entry["ratio"] > 0


@requires_chromium
async def test_capacity_holds_a_few_instances():
    r = await bench_capacity(max_instances=8, batch=4, idle_s=0.5, settle_s=0.5)
    assert r["max_instances"] == 8 and r["stopped_by"] == "target" and r["failure"] is None
    assert [c["instances"] for c in r["curve"]] == [4, 8] and r["managers"] == 1 and r["browsers"] >= 1
    assert 1 < r["pss_mb_per_instance_mean"] < 500 and r["pss_mb_total"] > 0
    assert r["pss_mb_per_active_instance"] is None or r["pss_mb_per_active_instance"] > 0
    assert r["ceiling_instances"] >= r["max_instances"] and r["ceiling_instances_idle_machine"] > 0
    assert 0 <= r["idle_cpu_pct"] < 200 and r["boot_s_per_instance"] > 0
    _vs_peer_ok(r)


@requires_chromium
async def test_capacity_stops_at_the_memory_margin():
    r = await bench_capacity(max_instances=8, batch=4, margin_gb=10_000, idle_s=0.1, settle_s=0)
    assert r["stopped_by"] == "memory_margin" and r["max_instances"] == 0 and r["curve"] == []


@requires_chromium
async def test_capacity_gives_instances_back_when_others_take_the_memory(monkeypatch):
    import psutil

    import toolkit.bench.capacity as capacity

    real = psutil.virtual_memory()
    calls = []

    def fake():  # plenty before the first batch, then someone else takes the machine's memory for a while
        calls.append(1)
        low = len(calls) in (3, 4)  # 1: start, 2: admit the first batch, 3: after it, 4: while shedding
        return type("VM", (), {"available": 2**30 if low else real.available, "total": real.total})()

    monkeypatch.setattr(capacity.psutil, "virtual_memory", fake)
    r = await bench_capacity(max_instances=8, batch=4, margin_gb=2, idle_s=0.1, settle_s=0)
    assert r["stopped_by"] == "memory_margin" and r["peak_instances"] == 4 and r["shed"] == 4 and r["max_instances"] == 0


@requires_chromium
async def test_soak_returns_to_s0_and_reports_growth():
    r = await bench_soak(resets=50, warmup=5)
    assert r["resets"] == 50 and r["drift"] == 0 and r["boots"] == 1
    assert r["rss_mb_start"] > 0 and -1 < r["rss_growth"] < 1 and -1 < r["rss_growth_chromium"] < 1
    assert r["dom_nodes_end"] == r["dom_nodes_start"] and r["round_ms_p50"] > 0
    _vs_peer_ok(r)


@requires_chromium
async def test_throughput_levels():
    r = await bench_throughput(levels=(1, 2), attempts=4)
    for p in (1, 2):
        level = r["levels"][p]
        assert level["attempts"] == 4 and level["success"] == 4 and level["env_errors"] == 0 and level["instances"] == p
        assert level["steps"] > 4 and r[f"steps_per_s_p{p}"] > 0 and r[f"attempts_per_min_p{p}"] > 0
        assert r[f"cpu_ms_per_step_p{p}"] > 0 and r[f"step_ms_p{p}"] > 0
    _vs_peer_ok(r)
    json.dumps(r)


def test_cli_params_json_and_markdown(monkeypatch):
    from toolkit.cli.main import cli

    seen = {}

    async def fake(n: int = 1, levels: tuple = (1,)):
        seen.update(n=n, levels=levels)
        return {"n": n, "x": 0.5, "vs_peer": {"thing": {"ours": 2.0, "peer": 4.0, "ratio": 2.0, "basis": "b"}}}

    monkeypatch.setitem(SECTIONS, "fake", fake)
    result = CliRunner().invoke(cli, ["bench", "--only", "fake", "-p", "fake.n=3", "-p", "fake.levels=[1,8]", "--json", "--markdown"])
    assert result.exit_code == 0, result.output
    assert seen == {"n": 3, "levels": (1, 8)}
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"fake": {"n": 3, "x": 0.5, "vs_peer": {"thing": {"ours": 2.0, "peer": 4.0, "ratio": 2.0, "basis": "b"}}}}
    assert "| `n` | 3 |" in result.stdout and "| thing | 2 | 4 | 2 | b |" in result.stdout
    bad = CliRunner().invoke(cli, ["bench", "--only", "fake", "-p", "fake.nope=1"])
    assert bad.exit_code != 0 and "no parameter 'nope'" in bad.output


def test_markdown_of_a_section_without_peer_ratios():
    text = results_markdown({"env": {"a": 1.23456, "peer_mobilegym": {"reset_ms": 2050}, "nested": {"b": 1}}})
    assert "| `a` | 1.23 |" in text and "reset_ms 2050" in text and "nested" not in text


def test_capacity_model_uses_the_active_memory_for_stepping_instances():
    from toolkit.bench.capacity import capacity_model

    rows = capacity_model(6.0, 80.0, 0.05, fixed_mb=0.0, active_pss_mb=30.0, think_s=(None, 1000.0),
                          nodes={"box": (1000, 12.0)})
    idle, stepping = rows
    assert idle["by_memory"] == int(9 * 1024 / 6.0) and idle["bound"] == "memory"
    assert stepping["by_memory"] == int(9 * 1024 / 30.0) == stepping["instances_per_node"]
