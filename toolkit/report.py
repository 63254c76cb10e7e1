"""``guigym report RUN``: one self-contained HTML file — metrics, charts, diagnosis and a replay of every attempt.

No network and no Jupyter: CSS and JS are inline, charts are inline SVG, screenshots are embedded as
small annotated JPEGs (the same drawing as the replay widget).
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

from toolkit.diagnosis import diagnose, open_run, steps as attempt_steps, summary
from toolkit.diagnosis.queries import VERIFIER_ERROR, RunRef, verdict_of
from toolkit.evaluation import METRICS, load_result
from toolkit.widgets.draw import screenshot, to_bytes
from toolkit.widgets.replay import step_html, verdict_html

_CSS = """
body{font-family:system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:24px;color:#1d2230;background:#f6f7fa}
h1{font-size:22px}h2{font-size:18px;margin-top:28px}table{border-collapse:collapse;background:#fff}
td,th{border:1px solid #dde1ea;padding:4px 8px;font-size:13px;text-align:left}
.grid{display:flex;flex-wrap:wrap;gap:24px}.card{background:#fff;border:1px solid #dde1ea;border-radius:10px;padding:12px}
details{background:#fff;border:1px solid #dde1ea;border-radius:8px;margin:6px 0;padding:6px 10px}
summary{cursor:pointer}.ok{color:#1a7f37}.bad{color:#c62828}.replay{display:flex;gap:16px;margin-top:8px}
.replay img{width:270px;border:1px solid #ccd;border-radius:6px}.controls button{margin-right:6px}
pre{background:#f3f4f8;padding:6px}
"""

_JS = """
document.querySelectorAll('.replay').forEach(function (box) {
  var frames = JSON.parse(box.querySelector('script').textContent);
  var img = box.querySelector('img'), panel = box.querySelector('.panel'), slider = box.querySelector('input');
  var label = box.querySelector('.idx');
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i)); slider.value = i; label.textContent = i + ' / ' + (frames.length - 1);
    img.src = 'data:image/jpeg;base64,' + frames[i].img; panel.innerHTML = frames[i].html;
  }
  slider.max = frames.length - 1;
  slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
  box.querySelector('.prev').addEventListener('click', function () { show(parseInt(slider.value, 10) - 1); });
  box.querySelector('.next').addEventListener('click', function () { show(parseInt(slider.value, 10) + 1); });
  show(0);
});
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def bar_chart(title: str, items: list[tuple[str, float]], width: int = 420, max_value: float = 1.0) -> str:
    """Return an inline SVG horizontal bar chart of (label, value) pairs."""
    row, label_w = 20, 150
    height = row * len(items) + 30
    bars = []
    for i, (label, value) in enumerate(items):
        y = 24 + i * row
        length = (width - label_w - 50) * (value / max_value if max_value else 0)
        # cut before escaping: a cut escaped label can end inside an entity ("&am") and show as garbage
        text = _e(str(label)[:24])
        bars.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end" font-size="12">{text}</text>'
                    f'<rect x="{label_w}" y="{y + 2}" width="{length:.1f}" height="{row - 6}" fill="#3656d8"></rect>'
                    f'<text x="{label_w + length + 4:.1f}" y="{y + 13}" font-size="11">{value:.2f}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img">'
            f'<text x="0" y="14" font-size="13" font-weight="bold">{_e(title)}</text>{"".join(bars)}</svg>')


def _frames(store, attempt_id: str, width: int) -> list[dict[str, str]]:
    """Return the replay frames of an attempt: one per step (its actions drawn on the screen before it),
    then the final screen after the last step, the state that was judged, with nothing drawn.

    A missing screenshot file becomes a placeholder frame; a missing trajectory file gives no frames.
    """
    frames = []
    try:
        records = attempt_steps(store, attempt_id).to_dict("records")
    except FileNotFoundError:
        return []
    for record in records:
        img = screenshot(record.get("screenshot_before"), record.get("actions") or [], width)
        frames.append({"img": base64.b64encode(to_bytes(img, quality=70)).decode(), "html": step_html(record)})
    last = records[-1] if records else None
    if last and last.get("screenshot_after") and Path(last["screenshot_after"]).is_file():
        img = screenshot(last["screenshot_after"], [], width)
        caption = f"<div><b>final screen</b> · after step {_e(last['index'])} · {_e(last.get('screen_after'))}</div>"
        frames.append({"img": base64.b64encode(to_bytes(img, quality=70)).decode(), "html": caption})
    return frames


def _page(store, body: str) -> str:
    """Return the whole HTML page around ``body``: title, run header and the inline CSS and JS."""
    try:
        manifest = store.manifest
    except ValueError:  # a damaged manifest.json: the attempts are still worth a report
        manifest = {"agent": "unknown (manifest.json unreadable)"}
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>guigym run {_e(store.run_id)}</title>
<style>{_CSS}</style></head><body>
<h1>guigym run <code>{_e(store.run_id)}</code></h1>
<p>agent <b>{_e(manifest.get('agent'))}</b> · suites {_e(', '.join(manifest.get('suites', [])))} · trials {_e(manifest.get('trials'))}
 · seed {_e(manifest.get('seed'))} · commit {_e(manifest.get('git_commit'))}</p>
{body}
<script>{_JS}</script></body></html>"""


def _metrics_table(summary_df) -> str:
    """Return the HTML table of the per-suite summary: METRICS, then the counts kept apart from the rates."""
    # summarize() also returns what the rates leave out (verifier errors, model errors, ...): show those too
    columns = ["suite", *METRICS, *(c for c in summary_df.columns if c not in ("suite", *METRICS))]
    rows = "".join("<tr>" + "".join(f"<td>{_e(f'{r[m]:.3f}' if isinstance(r.get(m), float) else r.get(m))}</td>" for m in columns) + "</tr>"
                   for r in summary_df.to_dict("records"))
    return f"<table><tr>{''.join(f'<th>{_e(m)}</th>' for m in columns)}</tr>{rows}</table>"


def _empty_page(store, summary_df) -> str:
    """Return the page of a run with no finished attempts (e.g. stopped by a model outage before any finished)."""
    table = f"<h2>Metrics</h2>{_metrics_table(summary_df)}" if not summary_df.empty else ""
    return _page(store, f"""{table}<h2>No finished attempts</h2>
<p>This run has no finished attempts yet, so there are no rates, charts or replays. If it was stopped
(for example by a model outage), finish it with
<code>guigym eval --resume {_e(store.run_id)} --out {_e(store.dir.parent)}</code>.</p>""")


def render_report(run: RunRef, width: int = 270) -> str:
    """Return the HTML text of a run's report (a short page saying so when no attempt has finished)."""
    store = open_run(run)
    result = load_result(store)
    if result.attempts.empty:
        return _empty_page(store, result.summary)
    report = diagnose(store)
    charts = []
    for by in ("app", "tag"):
        df = summary(store, by).sort_values("SR", ascending=False)
        charts.append(bar_chart(f"success rate by {by}", list(zip(df[by], df["SR"]))))
    outcomes = result.attempts["outcome"].value_counts()
    charts.append(bar_chart("attempts by outcome", list(zip(outcomes.index, outcomes.values.astype(float))),
                            max_value=float(outcomes.max() or 1)))
    findings = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in report.action_counts.items())
    findings += "".join(f"<tr><td>{_e(k)}</td><td>{len(v)}</td></tr>" for k, v in report.trajectories.items())
    missing = {f.attempt_id: f.detail for f in report.trajectories.get("missing_steps", [])}
    attempts_html = []
    for row in result.attempts.to_dict("records"):
        aid = row["attempt_id"]
        try:
            records = store.trajectory(aid)
        except FileNotFoundError:
            records = []
        verdict = {**verdict_of(row, records), "termination": row["termination"]}
        frames = _frames(store, aid, width)
        warning = f'<p class="bad">Replay incomplete: {_e(missing[aid])}.</p>' if aid in missing else ""
        score = "no score (verifier error)" if row["outcome"] == VERIFIER_ERROR else f'reward {row["reward"]:.2f}'
        cls = "ok" if row["outcome"] == "success" else "bad"
        replay = ("<p><i>no steps</i></p>" if not frames else
                  f'<div class="replay"><script type="application/json">{json.dumps(frames)}</script>'
                  f'<div><div class="controls"><button class="prev">◀</button><button class="next">▶</button>'
                  f'<input type="range" min="0" value="0"> <span class="idx"></span></div><img alt="step screenshot"></div>'
                  f'<div class="panel"></div></div>')
        attempts_html.append(f'<details data-attempt="{_e(aid)}"><summary><span class="{cls}">{_e(row["outcome"])}</span> '
                             f'<code>{_e(aid)}</code> · {row["steps"]} steps · {score}</summary>'
                             f'<p>{_e(row["instruction"])}</p>{verdict_html(verdict)}{warning}{replay}</details>')
    weak = "".join(f"<li>{_e(t)}</li>" for t in report.weak_capabilities[:10]) or "<li>none</li>"
    return _page(store, f"""<h2>Metrics</h2>{_metrics_table(result.summary)}
<h2>Charts</h2><div class="grid">{''.join(f'<div class="card">{c}</div>' for c in charts)}</div>
<h2>Diagnosis</h2><div class="grid"><div class="card"><table><tr><th>finding</th><th>count</th></tr>{findings}</table></div>
<div class="card"><b>weakest capabilities</b><ol>{weak}</ol></div></div>
<h2>Attempts ({len(attempts_html)})</h2>{''.join(attempts_html)}""")


def write_report(run: RunRef, out: str | Path | None = None) -> Path:
    """Write the report (default ``<run>/report.html``) and return its path."""
    store = open_run(run)
    path = Path(out) if out else store.dir / "report.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_report(store), encoding="utf-8")  # the page declares utf-8, whatever the locale
    return path
