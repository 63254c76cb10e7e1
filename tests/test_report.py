"""The HTML report on hand-built runs (no Chromium): a run with no attempts, the replay's final frame, groups with
no score, the env errors and unfinished attempts, and escaping."""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from PIL import Image

from tests.diagnosis.fake_run import AFTER, BEFORE, add_attempt, plan
from toolkit.diagnosis import diagnose
from toolkit.envs.base import EnvError
from toolkit.harness import Harness, make_policy
from toolkit.report import _frames, bar_chart, render_report, write_report
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore
from toolkit.tasks import load_suite


def _colour(frame):
    image = Image.open(io.BytesIO(base64.b64decode(frame["img"]))).convert("RGB")
    return image.getpixel((image.width // 2, image.height - 5))


def _near(a, b):
    return all(abs(x - y) < 40 for x, y in zip(a, b))


def test_a_run_with_no_finished_attempts_renders_a_page_saying_so(tmp_path):
    store = RunStore.create({"agent": "openai", "suites": ["mobile-core"], "trials": 1}, root=tmp_path)
    path = write_report(store)
    text = path.read_text()
    assert "No finished attempts" in text and f"guigym eval --resume {store.run_id}" in text
    assert "<details" not in text


def test_the_replay_ends_on_the_final_screen_with_nothing_drawn(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "success", plan())
    frames = _frames(store, aid, 100)
    assert len(frames) == len(store.steps(aid)) + 1
    assert all(_near(_colour(f), BEFORE) for f in frames[:-1])
    assert _near(_colour(frames[-1]), AFTER) and "final screen" in frames[-1]["html"] and "after step 2" in frames[-1]["html"]
    # no action is drawn: the frame is the screenshot as it was (one colour everywhere)
    final = Image.open(io.BytesIO(base64.b64decode(frames[-1]["img"]))).convert("RGB")
    assert all(_near(final.getpixel((x, y)), AFTER) for x in range(0, 100, 9) for y in range(0, 200, 9))

    text = render_report(store, width=100)
    [blob] = re.findall(r'<script type="application/json">(.*?)</script>', text)
    assert len(json.loads(blob)) == 4 and "final screen" in blob


def _attempt_html(text: str, attempt: str) -> str:
    return re.search(rf'<details data-attempt="{re.escape(attempt)}">(.*?)</details>', text, re.S).group(1)


def test_a_run_without_its_screenshots_or_a_trajectory_still_renders(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    kept = add_attempt(store, "a", 0, "success", plan())
    lost = add_attempt(store, "b", 0, "failure", plan())
    shutil.rmtree(store.dir / "screenshots")  # a run copied without its images
    (store.dir / "trajectories" / f"{lost}.jsonl").unlink()

    frames = _frames(store, kept, 100)
    assert len(frames) == 3  # one placeholder per step; no final screen to show
    assert all(_near(_colour(f), (228, 230, 236)) for f in frames) and "step 2" in frames[-1]["html"]
    assert _frames(store, lost, 100) == []

    text = write_report(store).read_text(encoding="utf-8")
    gone = _attempt_html(text, lost)
    assert "Replay incomplete: its trajectory file is missing" in gone and "<i>no steps</i>" in gone
    assert "<b>verdict</b>: reward 0.00" in gone and "✗</span> done:" in gone  # the verdict of the attempt table
    assert "<td>missing_steps</td><td>1</td>" in text


def test_a_verifier_error_shows_its_message_instead_of_a_reward(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "verifier_error", plan(), verifier_error="KeyError: 'blocked' in <verify> & co")
    html = _attempt_html(render_report(store, width=100), aid)
    assert "no score (verifier error)" in html and "reward 0.00" not in html
    assert "verifier error</span>" in html and "KeyError: &#x27;blocked&#x27; in &lt;verify&gt; &amp; co" in html


def test_chart_labels_are_cut_before_they_are_escaped():
    svg = bar_chart("t", [("a" * 22 + "&<b>", 0.5)])
    assert ">" + "a" * 22 + "&amp;&lt;</text>" in svg


def test_counts_are_labelled_as_counts_and_rates_as_rates():
    svg = bar_chart("t", [("failure", 2), ("one", 1), ("rate", 1.0), ("part", 0.333)], max_value=2)
    labels = re.findall(r'font-size="11">([^<]+)</text>', svg)
    assert labels == ["2", "1", "1.00", "0.33"]


def test_the_report_is_utf8_whatever_the_locale_and_its_folder_is_made(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    add_attempt(store, "a", 0, "success", plan())
    out = tmp_path / "new" / "folder" / "report.html"
    # an ASCII locale without Python's UTF-8 mode: open() would default to ASCII and fail on the page's ✓ and ◀
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    code = "import sys; from toolkit.report import write_report; write_report(sys.argv[1], sys.argv[2])"
    subprocess.run([sys.executable, "-c", code, str(store.dir), str(out)], env=env, check=True,
                   cwd=Path(__file__).parents[1])
    assert "◀" in out.read_text(encoding="utf-8")


def test_a_damaged_manifest_still_gives_a_report_of_the_attempts(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "success", plan())
    (store.dir / "manifest.json").write_text("{")
    text = render_report(store, width=100)
    assert "manifest.json unreadable" in text and f'data-attempt="{aid}"' in text


def _chart(text: str, title: str) -> str:
    """Return the SVG of the chart titled ``title``."""
    return next(svg for svg in re.findall(r"<svg .*?</svg>", text, re.S) if f">{title}</text>" in svg)


def _metrics_row(text: str, suite: str) -> str:
    """Return the row of ``suite`` in the metrics table."""
    return re.search(rf"<tr><td>{re.escape(suite)}</td>.*?</tr>", text).group(0)


def test_a_group_whose_every_attempt_is_a_verifier_error_has_no_score_not_a_rate_of_zero(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s", "v"], "trials": 2}, root=tmp_path)
    add_attempt(store, "a", 0, "success", plan(), tags=("toggle",))
    add_attempt(store, "b", 0, "failure", plan(), tags=("toggle",))
    for trial in (0, 1):  # app clock, tag broken and suite v: every attempt's verifier failed
        add_attempt(store, "c", trial, "verifier_error", plan(), suite="v", apps=("clock",), tags=("broken",),
                    verifier_error="KeyError: 'alarm'")
    text = render_report(store, width=60)

    for title, scored, unscored in (("success rate by tag", "toggle", "broken"),
                                    ("success rate by app", "contacts", "clock")):
        svg = _chart(text, title)
        # the scored group: a bar half the track (220 px) long, labelled 0.50; the other: its note, and no bar
        assert re.search(rf'>{scored}</text><rect [^>]*width="110.0"[^>]*></rect><text [^>]*>0.50</text>', svg)
        note = r'<text [^>]*font-style="italic"[^>]*>n/a — 2 verifier errors</text>'
        assert re.search(rf">{unscored}</text>{note}</svg>", svg)
        assert svg.count("<rect") == 1 and "0.00" not in svg

    scored_row, unscored_row = _metrics_row(text, "s"), _metrics_row(text, "v")
    assert "<td>0.500</td>" in scored_row and "n/a" not in scored_row
    # SR says why; the other rates (PR, FC, OT, USE, pass@n, pass^n, mean_steps) are n/a too, not 0
    assert '<td class="na">n/a — 2 verifier errors</td>' in unscored_row
    assert unscored_row.count('<td class="na">n/a</td>') == 7 and "0.000" not in unscored_row

    md = diagnose(store).to_markdown()
    assert "| toggle | 2 | 1 | 50% |" in md and "| broken | 0 scored | – | n/a — 2 verifier errors |" in md
    assert "| clock | 0 scored | – | n/a — 2 verifier errors |" in md and "| broken | 0 | 0 | 0% |" not in md

    # the dashboard's plotly charts and the API's (and MCP's) run summary say the same, not SR 0
    from toolkit import api
    from toolkit.widgets.dashboard import dashboard_figures

    bars = dashboard_figures(store)["by_app"].data[0]
    clock = list(bars.y).index("clock")
    assert bars.x[clock] is None and bars.text[clock] == "n/a — 2 verifier errors"
    assert bars.x[list(bars.y).index("contacts")] == 0.5
    by_app = {row["app"]: row for row in api.run_summary(store.run_id, root=str(tmp_path)).by_app}
    assert by_app["clock"]["SR"] is None and by_app["clock"]["no_score"] == "n/a — 2 verifier errors"
    assert by_app["contacts"]["SR"] == 0.5 and "no_score" not in by_app["contacts"]


class BrokenEnv:
    """An env manager whose every request fails with the error ``fail(spec)`` gives: every attempt is unfinished."""

    def __init__(self, fail):
        self.fail = fail

    async def warm(self, n, device):
        return None

    async def request(self, spec):
        raise self.fail(spec)

    async def release(self, lease):
        return None


async def test_env_errors_and_unfinished_attempts_are_listed_not_only_counted(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["mobile-core"], "trials": 2}, root=tmp_path)
    specs = load_suite("mobile-core")[:11]
    crashed = {s.full_id for s in specs[::2]}  # 6 tasks crash, 5 time out: 2 trials each, 1 rerun each (2 tries)

    def fail(spec):
        if spec.full_id in crashed:
            return EnvError("crash", "request", "renderer died <pid 7> & gone")
        return EnvError("timeout", "request", "boot took > 30s")

    items = [WorkItem(spec, trial, 0) for spec in specs for trial in (0, 1)]
    await Scheduler(BrokenEnv(fail), Harness(make_policy("random")), store, "x", max_env_retries=1).run(items)
    assert len(store.env_error_rows()) == 44 and store.attempt_rows() == []
    first_crashes = [i.attempt_id for i in items if i.spec.full_id in crashed][:3]
    unfinished = sorted(items, key=lambda i: (i.spec.full_id, i.trial))
    listed, hidden = unfinished[:20], unfinished[20:]

    def check_html(text: str) -> None:
        assert "44 reruns after an env error or a model outage" in text
        examples = ", ".join(f"<code>{a}</code>" for a in first_crashes)
        assert ("<tr><td>crash</td><td>request</td><td><pre>renderer died &lt;pid 7&gt; &amp; gone</pre></td>"
                f"<td>24</td><td>12</td><td>{examples} and 9 more</td></tr>") in text
        assert ("<tr><td>timeout</td><td>request</td><td><pre>boot took &gt; 30s</pre></td>"
                "<td>20</td><td>10</td>") in text
        assert text.index("<td>crash</td>") < text.index("<td>timeout</td>")  # most reruns first
        assert "22 attempts with no result" in text and "… and 2 more" in text
        first = listed[0]
        why = "crash during request: renderer died &lt;pid 7&gt; &amp; gone" if first.spec.full_id in crashed else \
            "timeout during request: boot took &gt; 30s"
        assert (f"<tr><td><code>{first.attempt_id}</code></td><td>{first.spec.full_id}</td><td>{first.trial}</td>"
                f"<td>2</td><td><pre>{why}</pre></td></tr>") in text
        assert all(f"<td><code>{i.attempt_id}</code></td>" in text for i in listed)
        assert not any(f"<td><code>{i.attempt_id}</code></td>" in text for i in hidden)

    stopped = render_report(store, width=60)  # no finished attempt: the short page lists them too
    assert "No finished attempts" in stopped
    check_html(stopped)

    add_attempt(store, "a", 0, "success", plan())
    full = render_report(store, width=60)
    assert "<details" in full and '<td class="na">n/a — 22 unfinished attempts</td>' in full  # mobile-core: no score
    check_html(full)

    md = diagnose(store).to_markdown()
    assert "22 attempts unfinished: every try failed" in md
    assert "44 reruns after an env error or a model outage (kind `model`)" in md
    assert (f"- 24 × `crash` during `request` (12 attempts): renderer died \\<pid 7\\> \\& gone — e.g. "
            f"{', '.join(f'`{a}`' for a in first_crashes)} and 9 more") in md
    assert "- 20 × `timeout` during `request` (10 attempts): boot took \\> 30s — e.g. " in md
    assert "22 attempts with no result" in md and "\n- … and 2 more\n" in md
    for item in listed:
        assert f"- `{item.attempt_id}`: task `{item.spec.full_id}`, trial {item.trial}, 2 tries; last: " in md
    assert not any(f"`{i.attempt_id}`" in md for i in hidden)


def test_model_output_cannot_end_the_replay_script_or_inject_html(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    steps = plan()
    steps[1]["output"] = "</script><script>alert(1)</script><!-- & done"
    add_attempt(store, "a", 0, "failure", steps, tags=("x<b>&y",))
    text = render_report(store, width=60)
    [blob] = re.findall(r'<script type="application/json">(.*?)</script>', text, re.S)
    assert not set("<>&") & set(blob)  # written as \u003c, \u003e, \u0026: nothing in it can end the element
    frame = json.loads(blob)[1]["html"]
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; done" in frame
    assert text.count("<script") == 2 and "<script>alert(1)" not in text  # the frames and the page's own JS
    assert ">x&lt;b&gt;&amp;y</text>" in _chart(text, "success rate by tag")


def _details(text: str) -> list[str]:
    return re.findall(r'<details data-attempt="([^"]+)">', text)


def test_write_report_streams_attempt_by_attempt_into_a_partial_file_renamed_once_complete(tmp_path, monkeypatch):
    """The page was built whole in memory (11.7 MB for 37 attempts) and written at the end, straight under its name."""
    import toolkit.report as report

    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    ids = [add_attempt(store, task, 0, "success", plan()) for task in ("a", "b", "c")]
    out = tmp_path / "out" / "report.html"
    partial = out.with_name("report.html.partial")
    seen = {}
    frames = report._frames

    def watch(store_, aid, width):  # while attempt c's frames are built, a and b are already on disk
        if aid == ids[2]:
            seen["final"] = out.exists()
            seen["written"] = _details(partial.read_text(encoding="utf-8")) if partial.exists() else None
        return frames(store_, aid, width)

    monkeypatch.setattr(report, "_frames", watch)
    assert report.write_report(store, out) == out
    assert seen == {"final": False, "written": ids[:2]}
    assert not partial.exists()
    text = out.read_text(encoding="utf-8")
    assert text == report.render_report(store) and _details(text) == ids and text.endswith("</html>")
    parts = list(report.report_parts(store))
    assert len(parts) == len(ids) + 2 and "".join(parts) == text  # the head, one part per attempt, the end


def test_an_attempt_that_cannot_be_rendered_leaves_no_report_nor_partial_and_is_named(tmp_path, monkeypatch):
    """A failure half-way through: the error names the attempt; nothing half-written is left under either name."""
    import pytest
    from click.testing import CliRunner

    import toolkit.report as report
    from toolkit.cli.main import cli

    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    ids = [add_attempt(store, task, 0, "success", plan()) for task in ("a", "b", "c")]
    frames = report._frames

    def broken(store_, aid, width):
        if aid == ids[1]:
            raise OSError("image file is truncated (3 bytes not processed)")
        return frames(store_, aid, width)

    monkeypatch.setattr(report, "_frames", broken)
    out = tmp_path / "report.html"
    partial = tmp_path / "report.html.partial"
    partial.write_text("left by a killed run")  # a stale partial file is replaced, then removed
    cause = "OSError: image file is truncated"
    with pytest.raises(report.ReportError, match=rf"attempt '{ids[1]}' cannot be rendered: {cause}"):
        report.write_report(store, out)
    assert not out.exists() and not partial.exists()

    out.write_text("an earlier complete report")  # stays as it was: the new one never replaced it
    result = CliRunner().invoke(cli, ["report", str(store.dir), "--out", str(out)])
    assert result.exit_code != 0 and f"attempt '{ids[1]}' cannot be rendered" in result.output
    assert out.read_text() == "an earlier complete report" and not partial.exists()


def test_the_final_answer_is_shown_per_attempt(tmp_path):
    """The answer given with terminate and the answer sheet submitted were in the store but not in the report."""
    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path)
    told = add_attempt(store, "a", 0, "success", plan())
    sheet = add_attempt(store, "b", 0, "failure", plan())
    silent = add_attempt(store, "c", 0, "failure", plan(last="wait"))
    for aid, answer, state in ((told, "Two <b>contacts</b>", {}),
                               (sheet, None, {"apps": {"answersheet": {"data": {"submitted": True,
                                                                                "values": {"count": 3}}}}}),
                               (silent, None, {})):
        path = store.dir / "trajectories" / f"{aid}.jsonl"
        records = [json.loads(line) for line in path.read_text().splitlines()]
        records[-1].update(answer=answer, final_state=state)
        if aid == silent:
            records[-1].update(claimed=None, termination="step_limit")
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
    rows = store.dir / "attempts.jsonl"
    rows.write_text("".join(json.dumps({**r, "claimed": None, "termination": "step_limit"} if r["attempt_id"] == silent
                                       else r) + "\n" for r in store.attempt_rows()))
    text = render_report(store, width=60)
    assert ("<b>final answer</b>: claimed success · answer <q>Two &lt;b&gt;contacts&lt;/b&gt;</q></p>"
            in _attempt_html(text, told))
    shown = "<b>final answer</b>: claimed success · answer sheet <code>{&quot;count&quot;: 3}</code>"
    assert shown in _attempt_html(text, sheet)
    assert "<b>final answer</b>: no claim (ended by step_limit) · no answer" in _attempt_html(text, silent)
    assert "· claimed success</summary>" in _attempt_html(text, told)


def test_a_run_folder_whose_name_reads_as_rich_markup_is_printed_as_it_is(tmp_path):
    """``report`` printed the report of a run in ``run[red]x`` as ``runx/report.html`` (no such file), and ``runs show``
    titled its table ``run runx``: the name was read as rich markup."""
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    store = RunStore.create({"agent": "x", "suites": ["s"], "trials": 1}, root=tmp_path, run_id="run[red]x")
    add_attempt(store, "a", 0, "success", plan())
    result = CliRunner().invoke(cli, ["report", str(store.dir)])
    assert result.exit_code == 0 and f"report: {store.dir / 'report.html'}" in result.output, result.output
    result = CliRunner().invoke(cli, ["runs", "show", str(store.dir)])
    assert result.exit_code == 0 and "run run[red]x" in result.output, result.output
