"""``guigym report RUN``: one self-contained HTML file — metrics, charts, diagnosis and a replay of every attempt.

No network and no Jupyter: CSS and JS are inline, charts are inline SVG, screenshots are embedded as
small annotated WebP images (the same drawing as the replay widget).
"""

from __future__ import annotations

import base64
import html
import json
import math
import os
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from PIL import features

from toolkit.diagnosis import DiagnosisReport, diagnose, open_run, steps as attempt_steps, summary
from toolkit.diagnosis.queries import VERIFIER_ERROR, RunRef, no_score, plural, verdict_of
from toolkit.evaluation import METRICS, load_result
from toolkit.widgets.draw import check_width, screenshot, to_bytes
from toolkit.widgets.replay import answer_sheet, claim_text, step_html, verdict_html

_CSS = """
body{font-family:system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:24px;color:#1d2230;background:#f6f7fa}
h1{font-size:22px}h2{font-size:18px;margin-top:28px}table{border-collapse:collapse;background:#fff}
td,th{border:1px solid #dde1ea;padding:4px 8px;font-size:13px;text-align:left}
.grid{display:flex;flex-wrap:wrap;gap:24px}.card{background:#fff;border:1px solid #dde1ea;border-radius:10px;padding:12px}
details{background:#fff;border:1px solid #dde1ea;border-radius:8px;margin:6px 0;padding:6px 10px}
summary{cursor:pointer}.ok{color:#1a7f37}.bad{color:#c62828}.replay{display:flex;gap:16px;margin-top:8px}
.replay img{width:270px;border:1px solid #ccd;border-radius:6px}.controls button{margin-right:6px}
pre{background:#f3f4f8;padding:6px}.na{color:#6b7280;font-style:italic}
"""

_JS = """
document.querySelectorAll('.replay').forEach(function (box) {
  var frames = JSON.parse(box.querySelector('script').textContent);
  var img = box.querySelector('img'), panel = box.querySelector('.panel'), slider = box.querySelector('input');
  var label = box.querySelector('.idx');
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i)); slider.value = i; label.textContent = i + ' / ' + (frames.length - 1);
    img.src = 'data:' + (box.dataset.type || 'image/jpeg') + ';base64,' + frames[i].img; panel.innerHTML = frames[i].html;
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


#: how many items a list of the report shows (the rest are counted), and how many example attempt ids per item
LIST_LIMIT, EXAMPLES = 20, 3
#: the rate columns of a summary: over the scored attempts, so a group with none has no value for them
_RATE_COLUMNS = tuple(m for m in METRICS if m not in ("attempts", "env_errors"))


class Bar(NamedTuple):
    """One bar of :func:`bar_chart`: ``value`` None draws no bar, and ``note`` is shown in its place."""

    label: str
    value: float | int | None  # an int is a count, labelled as one
    note: str = ""


def _number(value: float | int) -> str:
    """Return a bar's label: a count (an int) as it is (``2``), a rate with two decimals (``0.33``)."""
    return str(value) if isinstance(value, int) else f"{value:.2f}"


def bar_chart(title: str, items: list[tuple[str, float | None]] | list[Bar], width: int = 420,
              max_value: float = 1.0) -> str:
    """Return an inline SVG horizontal bar chart of (label, value) pairs or :class:`Bar` items.

    An item without a value (None, e.g. a group with no scored attempt) gets no bar, only its note
    (``n/a`` by default): a bar of length 0 labelled 0.00 would read as a measured zero.
    """
    row, label_w = 20, 150
    height = row * len(items) + 30
    bars = []
    for i, item in enumerate(items):
        bar = Bar(*item)
        y = 24 + i * row
        # cut before escaping: a cut escaped label can end inside an entity ("&am") and show as garbage
        text = _e(str(bar.label)[:24])
        bars.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end" font-size="12">{text}</text>')
        if bar.value is None:
            bars.append(f'<text x="{label_w + 4}" y="{y + 13}" font-size="11" font-style="italic" fill="#6b7280">'
                        f'{_e(bar.note or "n/a")}</text>')
            continue
        length = (width - label_w - 50) * (bar.value / max_value if max_value else 0)
        bars.append(f'<rect x="{label_w}" y="{y + 2}" width="{length:.1f}" height="{row - 6}" fill="#3656d8"></rect>'
                    f'<text x="{label_w + length + 4:.1f}" y="{y + 13}" font-size="11">{_number(bar.value)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img">'
            f'<text x="0" y="14" font-size="13" font-weight="bold">{_e(title)}</text>{"".join(bars)}</svg>')


def _rate_bars(summary_df, by: str) -> list[Bar]:
    """Return the SR bars of a summary by ``by``, highest first; a group with no score comes last, with no bar."""
    bars = []
    for row in summary_df.to_dict("records"):
        note = no_score(row)
        bars.append(Bar(str(row[by]), None if note else float(row["SR"]), note or ""))
    return sorted(bars, key=lambda b: (b.value is None, -(b.value or 0.0)))


#: how replay frames are encoded, and their MIME type: WebP, ~40% smaller than JPEG at the same quality (every
#: current browser shows it), unless this Pillow was built without it
FRAME_FORMAT = ("WEBP", "image/webp") if features.check("webp") else ("JPEG", "image/jpeg")


def _frames(store, attempt_id: str, width: int) -> list[dict[str, str]]:
    """Return the replay frames of an attempt: one per step (its actions drawn on the screen before it),
    then the final screen after the last step, the state that was judged, with nothing drawn.

    A missing screenshot file becomes a placeholder frame; a missing trajectory file gives no frames.
    """
    frames = []
    fmt = FRAME_FORMAT[0]
    try:
        records = attempt_steps(store, attempt_id).to_dict("records")
    except FileNotFoundError:
        return []
    for record in records:
        img = screenshot(record.get("screenshot_before"), record.get("actions") or [], width)
        frames.append({"img": base64.b64encode(to_bytes(img, fmt, quality=70)).decode(), "html": step_html(record)})
    last = records[-1] if records else None
    if last and last.get("screenshot_after") and Path(last["screenshot_after"]).is_file():
        img = screenshot(last["screenshot_after"], [], width)
        caption = f"<div><b>final screen</b> · after step {_e(last['index'])} · {_e(last.get('screen_after'))}</div>"
        frames.append({"img": base64.b64encode(to_bytes(img, fmt, quality=70)).decode(), "html": caption})
    return frames


def _page_head(store) -> str:
    """Return the start of the HTML page: title, inline CSS and the run header."""
    try:
        manifest = store.manifest
    except ValueError:  # a damaged manifest.json: the attempts are still worth a report
        manifest = {"agent": "unknown (manifest.json unreadable)"}
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>guigym run {_e(store.run_id)}</title>
<style>{_CSS}</style></head><body>
<h1>guigym run <code>{_e(store.run_id)}</code></h1>
<p>agent <b>{_e(manifest.get('agent'))}</b> · suites {_e(', '.join(manifest.get('suites', [])))} · trials {_e(manifest.get('trials'))}
 · seed {_e(manifest.get('seed'))} · commit {_e(manifest.get('git_commit'))}</p>
"""


#: the end of the page: its script (the replays) and the closing tags
_PAGE_END = f"<script>{_JS}</script></body></html>"


def _metrics_table(summary_df) -> str:
    """Return the HTML table of the per-suite summary: METRICS, then the counts kept apart from the rates.

    A suite with no scored attempt shows ``n/a`` for its rates (and why, under SR), not rates of 0.
    """
    # summarize() also returns what the rates leave out (verifier errors, model errors, ...): show those too
    columns = ["suite", *METRICS, *(c for c in summary_df.columns if c not in ("suite", *METRICS))]
    rows = "".join("<tr>" + "".join(_metric_cell(r, m) for m in columns) + "</tr>"
                   for r in summary_df.to_dict("records"))
    return f"<table><tr>{''.join(f'<th>{_e(m)}</th>' for m in columns)}</tr>{rows}</table>"


def _metric_cell(row: dict[str, Any], column: str) -> str:
    """Return the ``<td>`` of one summary value: floats to 3 places, a rate of a group with no score as n/a."""
    note = no_score(row) if column in _RATE_COLUMNS else None
    if note:
        return f'<td class="na">{_e(note if column == "SR" else "n/a")}</td>'
    value = row.get(column)
    if isinstance(value, float) and math.isnan(value):  # e.g. PR of a run whose rows predate progress: not recorded
        return '<td class="na">n/a</td>'
    return f"<td>{_e(f'{value:.3f}' if isinstance(value, float) else value)}</td>"


def _more(n: int, what: str = "more") -> str:
    """Return the HTML line saying ``n`` more items are not shown ("" when none)."""
    return f"<p><i>… and {n} {_e(what)}</i></p>" if n > 0 else ""


def _clip(text: str, n: int = 500) -> str:
    """Return ``text`` cut to ``n`` characters, with an ellipsis when cut (cut before escaping, never after)."""
    return text if len(text) <= n else text[:n] + "…"


def _env_error_table(report: DiagnosisReport, limit: int, examples: int) -> str:
    """Return the env errors grouped by kind, operation and message: reruns, attempts hit and a few of their ids."""
    rows = []
    for g in report.env_errors[:limit]:
        ids = ", ".join(f"<code>{_e(a)}</code>" for a in g.examples[:examples])
        rest = f" and {g.attempts - examples} more" if g.attempts > examples else ""
        rows.append(f"<tr><td>{_e(g.kind)}</td><td>{_e(g.op)}</td><td><pre>{_e(_clip(g.message))}</pre></td>"
                    f"<td>{g.count}</td><td>{g.attempts}</td><td>{ids}{rest}</td></tr>")
    reruns = plural(sum(g.count for g in report.env_errors), "rerun")
    return (f"<p>{reruns} after an env error or a model outage (kind <code>model</code>), by kind, operation and "
            "message.</p><table><tr><th>kind</th><th>op</th><th>message</th><th>reruns</th><th>attempts</th>"
            f"<th>e.g.</th></tr>{''.join(rows)}</table>" + _more(len(report.env_errors) - limit, "more kinds of error"))


def _unfinished_table(report: DiagnosisReport, limit: int) -> str:
    """Return the attempts with no result: id, task, trial, tries and the last try's error."""
    rows = "".join(f"<tr><td><code>{_e(u.attempt_id)}</code></td><td>{_e(u.task_id or '?')}</td>"
                   f"<td>{_e('?' if u.trial is None else u.trial)}</td><td>{u.tries}</td>"
                   f"<td><pre>{_e(_clip(u.last_error))}</pre></td></tr>" for u in report.unfinished[:limit])
    return (f"<p>{plural(len(report.unfinished), 'attempt')} with no result: every try failed in the env or the "
            "model service (<code>guigym eval --resume</code> runs them).</p><table><tr><th>attempt</th><th>task</th>"
            f"<th>trial</th><th>tries</th><th>last error</th></tr>{rows}</table>"
            + _more(len(report.unfinished) - limit))


def _env_errors_html(report: DiagnosisReport, limit: int = LIST_LIMIT, examples: int = EXAMPLES) -> str:
    """Return the HTML section listing the env errors and the unfinished attempts (each list bounded by ``limit``)."""
    head = "<h2>Env errors and unfinished attempts</h2>"
    if not report.env_errors and not report.unfinished:
        return head + "<p>No env error or model outage: no attempt was rerun, none is unfinished.</p>"
    return (head + (_env_error_table(report, limit, examples) if report.env_errors else "")
            + (_unfinished_table(report, limit) if report.unfinished else ""))


def _empty_page(store, summary_df, report: DiagnosisReport) -> str:
    """Return the page of a run with no finished attempts (e.g. stopped by a model outage before any finished)."""
    table = f"<h2>Metrics</h2>{_metrics_table(summary_df)}" if not summary_df.empty else ""
    return _page_head(store) + f"""{table}<h2>No finished attempts</h2>
<p>This run has no finished attempts yet, so there are no rates, charts or replays. If it was stopped
(for example by a model outage), finish it with
<code>guigym eval --resume {_e(store.run_id)} --out {_e(store.dir.parent)}</code>.</p>
{_env_errors_html(report)}""" + _PAGE_END


def _frames_json(frames: list[dict[str, str]]) -> str:
    """Return the frames as JSON safe inside a ``<script>`` element.

    ``<``, ``>`` and ``&`` are written as JSON escapes: a ``</script>`` or ``<!--`` in the text would end
    (or confuse the parsing of) the element even though the JSON itself is valid.
    """
    return json.dumps(frames).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class ReportError(ValueError):
    """An attempt the report cannot render; the message names the run and the attempt."""


def _missing(value: Any) -> bool:
    """Return whether an attempt-table value is absent (a row of an older run lacks the field: None or NaN)."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def _attempt_html(store, row: dict[str, Any], width: int, missing: dict[str, str]) -> str:
    """Return the ``<details>`` of one attempt: outcome, steps, score, claim, instruction, verdict and replay.

    A row of an older run may lack its steps, reward, instruction or termination: they are read from the
    trajectory (its header, steps and verdict line) instead, or said to be unknown.
    """
    aid = row["attempt_id"]
    try:
        records = store.trajectory(aid)
    except FileNotFoundError:
        records = []
    verdict = verdict_of(row, records)
    if not _missing(row.get("termination")):
        verdict["termination"] = row["termination"]
    verdict["sheet"] = answer_sheet(records)
    frames = _frames(store, aid, width)
    warning = f'<p class="bad">Replay incomplete: {_e(missing[aid])}.</p>' if aid in missing else ""
    outcome = "unknown" if _missing(row.get("outcome")) else str(row["outcome"])
    reward = verdict.get("reward") if _missing(row.get("reward")) else row["reward"]
    score = ("no score (verifier error)" if outcome == VERIFIER_ERROR else
             f"reward {reward:.2f}" if isinstance(reward, (int, float)) else "reward unknown")
    n_steps = row.get("steps")
    if _missing(n_steps):  # no step count in the row: the trajectory's, when there is one
        n_steps = sum(1 for r in records if r.get("kind") == "step") if records else None
    header = next((r for r in records if r.get("kind") == "attempt"), {})
    instruction = row.get("instruction")
    if _missing(instruction):
        instruction = (header.get("instance") or {}).get("instruction") or "(instruction not recorded)"
    cls = "ok" if outcome == "success" else "bad"
    replay = ("<p><i>no steps</i></p>" if not frames else
              f'<div class="replay" data-type="{FRAME_FORMAT[1]}">'
              f'<script type="application/json">{_frames_json(frames)}</script>'
              f'<div><div class="controls"><button class="prev">◀</button><button class="next">▶</button>'
              f'<input type="range" min="0" value="0"> <span class="idx"></span></div><img alt="step screenshot"></div>'
              f'<div class="panel"></div></div>')
    return (f'<details data-attempt="{_e(aid)}"><summary><span class="{cls}">{_e(outcome)}</span> '
            f'<code>{_e(aid)}</code> · {"? steps" if n_steps is None else plural(int(n_steps), "step")} · {score} · '
            f'{_e(claim_text(verdict))}</summary>'
            f'<p>{_e(instruction)}</p>{verdict_html(verdict)}{warning}{replay}</details>\n')


def report_parts(run: RunRef, width: int = 270) -> Iterator[str]:
    """Yield the HTML of a run's report in pieces: the page head with the metrics, charts and diagnosis, then one
    piece per attempt (its replay frames are built only when its turn comes), then the page end.

    A run of many attempts is never held whole in memory: :func:`write_report` writes each piece as it comes.

    Raises:
        ReportError: naming the attempt, when one cannot be rendered (its cause chained).
        ValueError: ``width`` is not a whole number of pixels of at least 1 (before the run is read).
    """
    check_width(width)  # checked here, not where the first frame is drawn: that error blamed the attempt
    store = open_run(run)
    result = load_result(store)
    report = diagnose(store)
    if result.attempts.empty:
        yield _empty_page(store, result.summary, report)
        return
    charts = [bar_chart(f"success rate by {by}", _rate_bars(summary(store, by), by)) for by in ("app", "tag")]
    outcomes = result.attempts["outcome"].value_counts()
    charts.append(bar_chart("attempts by outcome", [(k, int(v)) for k, v in outcomes.items()],
                            max_value=float(outcomes.max() or 1)))
    findings = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in report.action_counts.items())
    findings += "".join(f"<tr><td>{_e(k)}</td><td>{len(v)}</td></tr>" for k, v in report.trajectories.items())
    missing = {f.attempt_id: f.detail for f in report.trajectories.get("missing_steps", [])}
    weak = "".join(f"<li>{_e(t)}</li>" for t in report.weak_capabilities[:10]) or "<li>none</li>"
    rows = result.attempts.to_dict("records")
    yield _page_head(store) + f"""<h2>Metrics</h2>{_metrics_table(result.summary)}
<h2>Charts</h2><div class="grid">{''.join(f'<div class="card">{c}</div>' for c in charts)}</div>
<h2>Diagnosis</h2><div class="grid"><div class="card"><table><tr><th>finding</th><th>count</th></tr>{findings}</table></div>
<div class="card"><b>weakest capabilities</b><ol>{weak}</ol></div></div>
{_env_errors_html(report)}
<h2>Attempts ({len(rows)})</h2>
"""
    for row in rows:
        try:
            part = _attempt_html(store, row, width, missing)
        except Exception as exc:  # noqa: BLE001 - raised again naming the attempt, its cause chained
            raise ReportError(f"report of run {store.run_id}: attempt {row['attempt_id']!r} cannot be rendered: "
                              f"{type(exc).__name__}: {exc}") from exc
        yield part
    yield _PAGE_END


def render_report(run: RunRef, width: int = 270) -> str:
    """Return the HTML text of a run's report (a short page saying so when no attempt has finished).

    The whole page as one string: :func:`write_report` streams the same pieces (:func:`report_parts`) to a file.
    """
    return "".join(report_parts(run, width))


def write_report(run: RunRef, out: str | Path | None = None, width: int = 270) -> Path:
    """Write the report (default ``<run>/report.html``) attempt by attempt and return its path.

    The pieces go to ``<name>.partial`` beside it, renamed to the final name once the page is complete: a crash or
    an attempt that cannot be rendered leaves no half report under that name (an earlier complete one stays) and
    no partial file.
    """
    check_width(width)  # before a partial file is opened
    store = open_run(run)
    path = Path(out) if out else store.dir / "report.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    try:
        # utf-8 as the page declares, whatever the locale; newline="": the file holds exactly render_report's text
        with open(partial, "w", encoding="utf-8", newline="") as f:
            for part in report_parts(store, width):
                f.write(part)
                f.flush()  # each attempt leaves memory for the file as soon as it is rendered
            os.fsync(f.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return path
