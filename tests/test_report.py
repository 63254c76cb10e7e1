"""The HTML report on hand-built runs (no Chromium): a run with no attempts, and the replay's final frame."""

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
from toolkit.report import _frames, bar_chart, render_report, write_report
from toolkit.store import RunStore


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
