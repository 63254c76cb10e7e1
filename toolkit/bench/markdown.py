"""Markdown tables of ``guigym bench`` figures, with the ratios against the peer figures each section carries."""

from __future__ import annotations

from typing import Any


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    return "—" if value is None else str(value)


def section_markdown(name: str, figures: dict[str, Any]) -> str:
    """Return one section as Markdown: a figure/value table, then the comparison with the peer when there is one."""
    lines = [f"### bench {name}", "", "| figure | value |", "| --- | ---: |"]
    lines += [f"| `{k}` | {_fmt(v)} |" for k, v in figures.items() if not isinstance(v, (dict, list))]
    vs = figures.get("vs_peer")
    if vs:
        lines += ["", "| vs MobileGym | ours | peer | ratio (better ×) | basis |", "| --- | ---: | ---: | ---: | --- |"]
        lines += [f"| {k} | {_fmt(v['ours'])} | {_fmt(v['peer'])} | {_fmt(v['ratio'])} | {v.get('basis', '')} |"
                  for k, v in vs.items()]
    elif isinstance(figures.get("peer_mobilegym"), dict):
        peer = ", ".join(f"{k} {v}" for k, v in figures["peer_mobilegym"].items())
        lines += ["", f"Peer figures (MobileGym, measured by this project on this kind of machine): {peer}."]
    return "\n".join(lines) + "\n"


def results_markdown(results: dict[str, dict[str, Any]]) -> str:
    """Return every section's Markdown, one after another (plus the capacity model when capacity and throughput ran)."""
    parts = [section_markdown(name, figures) for name, figures in results.items()]
    if "capacity" in results and "throughput" in results:
        parts.append(model_markdown(results["capacity"], results["throughput"]))
    return "\n".join(parts)


def model_markdown(capacity: dict[str, Any], throughput: dict[str, Any], level: int | None = None) -> str:
    """Return the capacity model (instances per node, nodes for 20,000) from a capacity and a throughput run."""
    from toolkit.bench.capacity import capacity_model

    levels = sorted(int(k) for k in throughput["levels"])
    level = level or (8 if 8 in levels else levels[-1])
    cpu_ms = throughput[f"cpu_ms_per_step_p{level}"]
    step_s = throughput[f"step_ms_p{min(levels)}"] / 1000
    pss, fixed = capacity["pss_mb_per_instance"], capacity["pss_mb_fixed"]
    active = capacity.get("pss_mb_per_active_instance") or pss
    rows = capacity_model(pss, cpu_ms, step_s, fixed_mb=fixed, active_pss_mb=active)
    lines = ["### capacity model", "",
             f"Inputs: {pss:.2f} MB PSS per idle instance ({active:.2f} MB once it steps) + {fixed:.0f} MB fixed (the fitted PSS line), "
             f"{cpu_ms:.0f} ms of CPU per step (parallel {level}), {step_s * 1000:.0f} ms per step (parallel {min(levels)}); "
             "3 GB of memory and 20 % of the CPU kept free.", "",
             "| node | policy time per step (s) | by memory | by CPU | instances per node | bound | nodes for 20,000 |",
             "| --- | ---: | ---: | ---: | ---: | --- | ---: |"]
    lines += [f"| {r['node']} | {r['think_s']} | {r['by_memory']} | {_fmt(r['by_cpu'])} | {r['instances_per_node']} | "
              f"{r['bound']} | {_fmt(r['nodes_for_target'])} |" for r in rows]
    return "\n".join(lines) + "\n"


def ratio(ours: float | None, peer: float | None, higher_is_better: bool, basis: str) -> dict[str, Any]:
    """Return a vs-peer entry: both figures and how many times better ours is (>1 = better)."""
    if not ours or not peer:
        return {"ours": ours, "peer": peer, "ratio": None, "basis": basis}
    r = ours / peer if higher_is_better else peer / ours
    return {"ours": ours, "peer": peer, "ratio": round(r, 2), "basis": basis}
