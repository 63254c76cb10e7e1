"""The HTML report renders in headless Chromium without console errors and shows every attempt; widgets build."""

from __future__ import annotations

import html
import io

import pytest
from PIL import Image

from tests.conftest import requires_chromium
from toolkit.envs.local import CHROMIUM_FLAGS, find_chromium
from toolkit.evaluation import evaluate_async
from toolkit.report import write_report
from toolkit.tasks import load_suite
from toolkit.widgets.draw import annotate, screenshot, to_bytes

pytestmark = requires_chromium


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    import asyncio

    root = tmp_path_factory.mktemp("runs")
    tasks = [s.id for s in load_suite("mobile-core")[:3]]
    ref = asyncio.run(evaluate_async(["mobile-core"], "reference", tasks=tasks, out=root))
    rnd = asyncio.run(evaluate_async(["mobile-core"], "random", tasks=tasks, out=root))
    return ref, rnd


async def test_report_renders_every_attempt_without_console_errors(runs, tmp_path):
    from playwright.async_api import async_playwright

    ref, rnd = runs
    path = write_report(rnd.store, tmp_path / "report.html")
    text = path.read_text()
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in text
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
        page = await browser.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: errors.append(f"request {r.url}") if not r.url.startswith(("file:", "data:")) else None)
        await page.goto(path.as_uri())
        attempts = page.locator("details[data-attempt]")
        assert await attempts.count() == len(rnd.attempts)
        ids = {await attempts.nth(i).get_attribute("data-attempt") for i in range(await attempts.count())}
        assert ids == set(rnd.attempts["attempt_id"])
        first = attempts.nth(0)
        await first.locator("summary").click()
        src_before = await first.locator("img").get_attribute("src")
        await first.locator(".next").click()
        assert await first.locator("img").get_attribute("src") != src_before
        assert "step 1" in await first.locator(".panel").inner_text()
        steps = int(rnd.attempts.iloc[0]["steps"])  # one frame per step, then the final screen
        assert await first.locator("input").get_attribute("max") == str(steps)
        await first.locator("input").fill(str(steps))
        assert "final screen" in await first.locator(".panel").inner_text()
        assert await page.locator("svg").count() >= 3
        await browser.close()
    assert errors == []


def test_actions_are_drawn_on_screenshots(runs):
    ref, _ = runs
    step = ref.store.steps(ref.attempts.attempt_id[0]).iloc[1]
    raw = (ref.store.dir / step["screenshot_before"]).read_bytes()
    plain = Image.open(io.BytesIO(raw)).convert("RGB").resize((270, 600))
    drawn = annotate(raw, [{"type": "click", "x": 500, "y": 500}], 270)
    assert drawn.size == (270, 600)
    red = drawn.getpixel((135, 300))
    assert red[0] > 200 and red[1] < 100 and plain.getpixel((135, 300)) != red
    assert to_bytes(annotate(raw, [{"type": "scroll", "direction": "down"}, {"type": "type", "text": "hi"}], 270))[:2] == b"\xff\xd8"


def test_widgets_build_and_step(runs):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    from toolkit.widgets import CompareWidget, ReplayWidget, RunDashboard

    ref, rnd = runs
    w = ReplayWidget(ref.store, ref.attempts.attempt_id[0])
    w.show(1)
    assert w.slider.value == 1 and w.image.value[:2] == b"\xff\xd8" and "step 1" in w.details.value
    w.show(999)
    assert w.slider.value == w.slider.max
    assert "✓" in w.verdict.value
    c = CompareWidget(ref.store, ref.attempts.attempt_id[0], rnd.store, rnd.attempts.attempt_id[0])
    assert c.divergence == 0 and c.slider.value == 0
    d = RunDashboard(rnd.store)
    assert set(d.figures) == {"metrics", "by_app", "by_tag", "steps"}


def test_compare_widget_uses_the_instance_aware_divergence(tmp_path):
    pytest.importorskip("ipywidgets")
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.diagnosis import compare
    from toolkit.store import RunStore
    from toolkit.widgets import CompareWidget

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    # two successes of different instances: other state hashes and coordinates, the same screens and action types
    a = add_attempt(store, "a", 0, "success", plan(state="p", x=100), seed=1)
    b = add_attempt(store, "a", 1, "success", plan(state="q", x=700), seed=2)
    assert compare(store, a, b)["first_divergence"] is None
    c = CompareWidget(store, a, store, b)
    assert c.divergence is None and c.same_instance is False and c.slider.value == 0
    # a shorter attempt keeps its last frame past its end, and says it ended (it stayed silent)
    short = add_attempt(store, "a", 2, "failure", plan(state="p")[:1], seed=1)
    c = CompareWidget(store, a, store, short)
    c.slider.value = c.slider.max
    assert c.b.slider.value == c.b.slider.max < c.slider.max and "this attempt has 1 step;" in c.b.details.value
    assert "ended" not in c.a.details.value
    c.show(c.slider.max)  # again: the panel says it once
    assert c.b.details.value.count("<b>ended</b>") == 1
    c.slider.value = 0
    assert "ended" not in c.b.details.value


def test_widgets_on_a_run_without_screenshots_an_error_verdict_or_any_attempt(tmp_path):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    import shutil

    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore
    from toolkit.widgets import ReplayWidget, RunDashboard

    empty = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path / "empty")
    d = RunDashboard(empty)  # a run stopped before its first attempt finished
    assert set(d.figures) == {"metrics", "by_app", "by_tag", "steps"} and list(d.figures["steps"].data) == []

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path / "run")
    aid = add_attempt(store, "a", 0, "verifier_error", plan(), verifier_error="ValueError: <bad> verifier")
    shutil.rmtree(store.dir / "screenshots")
    w = ReplayWidget(store, aid)
    w.show(2)
    assert w.image.value[:2] == b"\xff\xd8" and "step 2" in w.details.value
    assert "verifier error" in w.verdict.value and "ValueError: &lt;bad&gt; verifier" in w.verdict.value
    assert "reward" not in w.verdict.value


def test_replay_widgets_refuse_a_bad_width_and_a_frame_index_out_of_range(runs):
    """width=0 and width=-10 failed in PIL only on a missing screenshot's placeholder, width='300' in a comparison;
    frame(99) was a bare list IndexError and frame(-1) quietly the last step."""
    pytest.importorskip("ipywidgets")
    from toolkit.widgets import CompareWidget, ReplayWidget

    ref, _ = runs
    aid = ref.attempts.attempt_id[0]
    for width in (0, -10, "300", None, 2.5):
        with pytest.raises(ValueError, match=rf"width must be a whole number of pixels, at least 1, got {width!r}"):
            ReplayWidget(ref.store, aid, width=width)
    with pytest.raises(ValueError, match="width must be"):
        CompareWidget(ref.store, aid, ref.store, aid, width=0)
    w = ReplayWidget(ref.store, aid)
    assert w.frame(w.slider.max)[:2] == b"\xff\xd8"
    for index in (-1, w.slider.max + 1):
        with pytest.raises(IndexError, match=rf"index: attempt '{aid}' has frames 0..{w.slider.max}, not {index}"):
            w.frame(index)


def test_frame_numbers_that_are_no_whole_number_are_refused_naming_the_argument(runs):
    """show("2") and frame("1") failed inside the clamp with "'<' not supported between 'str' and 'int'"; a numpy
    integer (a steps frame's index column) is a frame number."""
    pytest.importorskip("ipywidgets")
    import numpy as np

    from toolkit.widgets import CompareWidget, ReplayWidget

    ref, rnd = runs
    aid = ref.attempts.attempt_id[0]
    w = ReplayWidget(ref.store, aid)
    for call in (w.show, w.frame, CompareWidget(ref.store, aid, rnd.store, aid).show):
        for index in ("1", 1.0, None, True):
            with pytest.raises(TypeError, match=rf"argument 'index': a frame number \(a whole number\), got "):
                call(index)
    w.show(np.int64(1))
    assert w.slider.value == 1 and w.frame(np.int64(1)) == w.frame(1)
    # run_b None is run_a, as compare() takes it (it was opened as a run: "argument 'run': ... got NoneType")
    same = CompareWidget(ref.store, aid, None, aid)
    assert same.b.store.dir == ref.store.dir and same.divergence is None


def test_annotate_and_the_report_refuse_bad_arguments_naming_them(runs, tmp_path):
    """annotate(png, None) was "'NoneType' object is not iterable", a width of -5 PIL's "height and width must be
    > 0" and width=0 the full-size image; render_report(width=0) blamed the first attempt it drew."""
    from toolkit.report import render_report

    ref, _ = runs
    aid = ref.attempts.attempt_id[0]
    shot = ref.store.dir / ref.store.steps(aid).iloc[0]["screenshot_before"]
    png = shot.read_bytes()
    for width in (0, -5, 2.5, "300", True):
        with pytest.raises(ValueError, match=rf"argument 'width': width must be a whole number of pixels, at least 1, "
                                             rf"got {width!r}"):
            annotate(png, [], width)
        with pytest.raises(ValueError, match=rf"argument 'width': .* got {width!r}"):
            render_report(ref.store, width=width)
        with pytest.raises(ValueError, match="argument 'width'"):
            write_report(ref.store, tmp_path / "r.html", width=width)
    assert not list(tmp_path.iterdir())  # refused before a partial file was opened
    with pytest.raises(TypeError, match=r"argument 'actions': a list of action dicts .* got NoneType"):
        annotate(png, None)
    with pytest.raises(TypeError, match=r"argument 'actions': item 1 is a str \('click'\)"):
        annotate(png, [{"type": "click", "x": 5, "y": 5}, "click"])
    with pytest.raises(TypeError, match=r"argument 'image': .* got PosixPath \(a file's path: give its bytes"):
        annotate(shot, [])
    assert annotate(png, [{"type": "click", "x": 500, "y": 500}], 100).width == 100
    assert annotate(bytearray(png), []).size == Image.open(shot).size


def test_replay_widget_ends_on_the_final_screen_the_verdict_judged(runs):
    """The slider stopped at the last step's screen before its actions: the state after them, the one judged, was
    never shown (the HTML report has it as its last frame)."""
    pytest.importorskip("ipywidgets")
    from toolkit.widgets import ReplayWidget

    _, rnd = runs
    aid = rnd.attempts.attempt_id[0]
    steps = rnd.store.steps(aid)
    w = ReplayWidget(rnd.store, aid)
    assert w.slider.max == len(steps) == int(rnd.attempts.iloc[0]["steps"])
    w.show(len(steps) - 1)
    assert f"step {len(steps) - 1}" in w.details.value
    w.next_btn.click()
    assert w.slider.value == len(steps) and "final screen" in w.details.value
    assert f"after step {len(steps) - 1}" in w.details.value and str(steps.iloc[-1]["screen_after"]) in w.details.value
    assert w.image.value == to_bytes(screenshot(rnd.store.dir / steps.iloc[-1]["screenshot_after"], [], 2 * w.width))


def _copy_run(store, root):
    """Return a copy of a real run's folder under ``root``, opened as a store."""
    import shutil

    from toolkit.store import RunStore

    return RunStore.open(shutil.copytree(store.dir, root / store.run_id))


def test_the_final_answer_is_in_the_report_and_the_replay_widget(runs, tmp_path):
    """The reference agent answers contacts.count_company on the answer sheet, then claims success: neither the report
    nor the widget said what it answered."""
    pytest.importorskip("ipywidgets")
    import json
    import re

    from toolkit.report import render_report
    from toolkit.tasks.judge import submitted_answer
    from toolkit.widgets import ReplayWidget

    ref, _ = runs
    aid = next(a for a in ref.attempts.attempt_id if "count_company" in a)
    final = next(r for r in ref.store.trajectory(aid) if r["kind"] == "verdict")["final_state"]
    values = submitted_answer(final)
    assert values  # the agent submitted its count
    shown = "answer sheet <code>" + json.dumps(values, ensure_ascii=False).replace('"', "&quot;") + "</code>"
    text = render_report(ref.store, width=60)
    attempt = re.search(rf'<details data-attempt="{aid}">(.*?)</details>', text, re.S).group(1)
    assert "<b>final answer</b>: claimed success · " + shown in attempt and "· claimed success</summary>" in attempt
    w = ReplayWidget(ref.store, aid)
    assert "<b>final answer</b>: claimed success · " + shown in w.verdict.value and "claimed success" in w.header.value


def test_attempt_rows_of_an_older_run_still_render_in_the_report_and_the_widget(runs, tmp_path):
    """Rows written before steps, reward, instruction (and claim, termination, progress, clean) were stored raised
    KeyError or 'cannot convert float NaN to integer' in the report, and KeyError in ReplayWidget."""
    pytest.importorskip("ipywidgets")
    import json
    import re

    from toolkit.report import render_report, write_report
    from toolkit.widgets import ReplayWidget

    ref, _ = runs
    store = _copy_run(ref.store, tmp_path)
    path = store.dir / "attempts.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    dropped = ("steps", "reward", "instruction", "claimed", "answer", "termination", "progress", "clean")
    old = rows[0]["attempt_id"]
    rows[0] = {k: v for k, v in rows[0].items() if k not in dropped}  # one old row among new ones: gaps, NaN
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    steps = len(store.steps(old))
    instruction = next(r for r in store.trajectory(old) if r["kind"] == "attempt")["instance"]["instruction"]

    def check(text):
        attempt = re.search(rf'<details data-attempt="{old}">(.*?)</details>', text, re.S).group(1)
        assert f"· {steps} steps · reward 1.00 · claimed success</summary>" in attempt  # from the trajectory
        assert html.escape(instruction) in attempt and "nan" not in attempt
        assert len(re.findall(r"<details data-attempt=", text)) == len(rows)

    check(write_report(store).read_text(encoding="utf-8"))
    w = ReplayWidget(store, old)
    assert html.escape(instruction) in w.header.value and "claimed success" in w.verdict.value
    w.show(1)
    assert "step 1" in w.details.value

    for row in rows:  # a whole run of old rows: the columns are missing altogether
        for key in dropped:
            row.pop(key, None)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    text = render_report(store, width=60)
    check(text)
    assert '<td class="na">n/a</td>' in re.search(r"<tr><td>mobile-core</td>.*?</tr>", text).group(0)  # PR, mean_steps


def test_report_frames_are_small_webp_images_true_to_the_screenshots(runs):
    """Frames were JPEG q70 of the full 1080x2400 decode resized: WebP of a reduced-scale decode is about 40% smaller
    and shows the same picture."""
    import base64

    from PIL import ImageChops, ImageStat

    from toolkit.report import _frames

    ref, _ = runs
    aid = ref.attempts.attempt_id[0]
    records = ref.store.steps(aid).to_dict("records")
    frames = _frames(ref.store, aid, 270)
    webp = jpeg = 0
    for frame, record in zip(frames, records):
        data = base64.b64decode(frame["img"])
        shown = Image.open(io.BytesIO(data))
        assert shown.format == "WEBP" and shown.size == (270, 600)
        raw = (ref.store.dir / record["screenshot_before"]).read_bytes()
        assert Image.open(io.BytesIO(raw)).size == (1080, 2400)
        # the picture as it was made before: the whole screenshot decoded, resized, then the actions drawn
        png = io.BytesIO()
        Image.open(io.BytesIO(raw)).convert("RGB").resize((270, 600)).save(png, "PNG")
        before = annotate(png.getvalue(), record["actions"], 270)
        diff = ImageStat.Stat(ImageChops.difference(shown.convert("RGB"), before)).mean
        assert max(diff) < 6, diff  # mean difference per channel, of 255
        webp, jpeg = webp + len(data), jpeg + len(to_bytes(before, quality=70))
    assert webp < 0.75 * jpeg


def test_a_screenshot_decoded_at_reduced_scale_keeps_the_size_a_full_decode_gives():
    """A reduced-scale decode of an odd size (1081 px: 271 px at 1/4) must not round the frame's height differently."""
    for size in ((1081, 2403), (1080, 2400), (541, 1203), (100, 200)):
        data = io.BytesIO()
        Image.new("RGB", size, (40, 90, 200)).save(data, "JPEG")
        assert annotate(data.getvalue(), [], 270).size == (270, round(size[1] * 270 / size[0]))


def test_replay_of_an_attempt_the_run_lacks_says_why_unfinished_or_a_close_id(tmp_path):
    """ReplayWidget of an attempt whose every try failed in the env, or of a mistyped id, said only "has no attempt"
    (the MCP tools said why for the first; neither named the close id of the second)."""
    pytest.importorskip("ipywidgets")
    from tests.diagnosis.fake_run import add_attempt, plan
    from toolkit.store import RunStore
    from toolkit.widgets import ReplayWidget

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    aid = add_attempt(store, "a", 0, "success", plan())
    store.append_env_error({"attempt_id": "s__b__t0", "task_id": "s/b", "kind": "crash", "op": "step",
                            "message": "page crashed"})
    with pytest.raises(KeyError, match=r"has no attempt 's__b__t0' with a result: it is unfinished, 1 try failed .*"
                                       r"crash during step: page crashed"):
        ReplayWidget(store, "s__b__t0")
    with pytest.raises(KeyError, match=rf"has no attempt 's__a__t1'; did you mean '{aid}'\?"):
        ReplayWidget(store, "s__a__t1")
    with pytest.raises(KeyError, match=r"has no attempt 'zzz'\"$"):  # nothing close: nothing guessed
        ReplayWidget(store, "zzz")
