"""The HTML report on hand-built runs (no Chromium): a run with no attempts, and the replay's final frame."""

from __future__ import annotations

import base64
import io
import json
import re

from PIL import Image

from tests.diagnosis.fake_run import AFTER, BEFORE, add_attempt, plan
from toolkit.report import _frames, render_report, write_report
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
