"""Every app's logic, tested browser-free in Node (node:test), run from pytest; the static guards over the app and
runtime code; and the few checks that need the shells in Chromium (redraws, the visible-element scan, element ids)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tests.conftest import requires_chromium
from toolkit.paths import MOCKED_APPS

APPS = sorted(p.name for p in (MOCKED_APPS / "apps").iterdir() if (p / "logic.js").exists())


REQUIRED = ("manifest.json", "logic.js", "view.js", "world.json", "README.md", "logic.test.mjs")
# Beside the required files an app may have its stylesheet, more node:test files with the setup they share
# (testkit.mjs), and two folders of helper modules: lib/ (pure, imported by logic.js and view.js) and ui/
# (view parts, imported by view.js).
OPTIONAL = ("style.css", "testkit.mjs", "lib", "ui")
# What app and runtime code must never call: the host clock, host randomness, timers or the network (time and
# randomness come from ctx / the device state, so every episode replays exactly), nor anything that reads the
# host's locale or time zone (text order goes through compareText, dates through the getUTC* fields).
HOST_APIS = re.compile(
    r"Date\.now|new Date\(\s*\)|new Date\b(?!\s*\()|(?<!new )(?<![\w.$])Date\(|Math\.random|performance\.now|"
    r"setTimeout|setInterval|requestAnimationFrame|requestIdleCallback|queueMicrotask|fetch\(|XMLHttpRequest|WebSocket|"
    r"EventSource|sendBeacon|localStorage|sessionStorage|indexedDB|\bcrypto\b|\.timeStamp\b|"
    r"\.(?:get|set)(?:FullYear|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds)\(|getTimezoneOffset|"
    r"localeCompare\(|toLocale(?:Date|Time)String|toLocaleString\(\s*(?:\)|undefined)|"
    r"Intl\.(?!Collator\('en-US'\))|resolvedOptions"
)
# Where the runtime must reach the host: the page boot fetches the bundle before any device exists.
HOST_API_ALLOWED = {"runtime/ui/boot.js": re.compile(r"fetch\(")}


def _code_files():
    """Every JS module of the apps and the runtime: .js and .mjs (tests and their shared setup included)."""
    for folder in ("apps", "runtime"):
        for module in sorted((MOCKED_APPS / folder).glob("**/*")):
            if module.suffix in (".js", ".mjs") and module.is_file():
                yield module


def test_every_app_has_the_folder_shape():
    for app in APPS:
        folder = MOCKED_APPS / "apps" / app
        for name in REQUIRED:
            assert (folder / name).is_file(), f"{app} lacks {name}"
        for entry in folder.iterdir():
            assert entry.name in REQUIRED + OPTIONAL or entry.name.endswith(".test.mjs"), f"{app}: unexpected {entry.name}"
        for module in (folder / "lib").glob("**/*.js"):  # lib/ is pure: no DOM, no view parts
            text = module.read_text()
            assert "/ui/" not in text and "document." not in text, f"{app}: {module.name} in lib/ reaches the view"


def test_app_code_uses_no_host_clock_randomness_timers_or_network():
    hits = []
    for module in _code_files():
        rel = module.relative_to(MOCKED_APPS).as_posix()
        allowed = HOST_API_ALLOWED.get(rel)
        for n, line in enumerate(module.read_text().splitlines(), start=1):
            code = line.split("//", 1)[0] if line.lstrip().startswith("//") else line
            for m in HOST_APIS.finditer(code):
                if not (allowed and allowed.match(code, m.start())):
                    hits.append(f"{rel}:{n}: {line.strip()}")
    assert not hits, "\n".join(hits)


def test_the_host_api_guard_catches_what_it_names():
    for bad in ("const t = Date();", "x = new Date;", "new Date()", "Date.now()", "crypto.randomUUID()",
                "crypto.getRandomValues(a)", "new Intl.DateTimeFormat().format()", "e.timeStamp", "a.localeCompare(b)",
                "a.localeCompare(b, 'en-US')", "d.getHours()", "d.toLocaleDateString()", "n.toLocaleString()",
                "Intl.Collator().compare", "new Intl.Collator(undefined)", "setTimeout(f, 0)", "fetch(url)"):
        assert HOST_APIS.search(bad), bad
    for good in ("new Date(ms)", "new Date(Date.UTC(2026, 2, 14))", "d.getUTCHours()", "shortDate(ms)",
                 "api.clock.shortDate(x)", "const EN_US = new Intl.Collator('en-US');", "compareText(a, b)",
                 "Number(n).toLocaleString('en-US', {minimumFractionDigits: 0})", "export function parseDate(text) {"):
        assert not HOST_APIS.search(good), good


# Text fields compared with < or > (code-point order: "acme" after "Zeta"), where the README asks for compareText.
TEXT_BY_CODE_POINT = re.compile(r"\b\w+\.(name|title|label|subject|text|city|first|last)\s*[<>]\s*\w+\.\1\b")


def test_text_is_ordered_with_compare_text_not_by_code_point():
    hits = [f"{module.relative_to(MOCKED_APPS)}:{n}: {line.strip()[:100]}" for module in _code_files()
            for n, line in enumerate(module.read_text().splitlines(), 1) if TEXT_BY_CODE_POINT.search(line)]
    assert not hits, "\n".join(hits)
    assert TEXT_BY_CODE_POINT.search("(a.name < b.name ? -1 : 0)") and TEXT_BY_CODE_POINT.search("x.last > y.last")
    assert not TEXT_BY_CODE_POINT.search("compareText(a.name, b.name) || (a.id < b.id ? -1 : 1)")


def test_every_stylesheet_is_named_by_its_manifest():
    # The server serves an app's style.css only when the manifest says "css": "style.css"; without it the app
    # renders unstyled, silently.
    for app in APPS:
        folder = MOCKED_APPS / "apps" / app
        manifest = json.loads((folder / "manifest.json").read_text())
        if (folder / "style.css").is_file():
            assert manifest.get("css") == "style.css", f"{app}: style.css without \"css\": \"style.css\" in manifest.json"
        if manifest.get("css"):
            assert (folder / manifest["css"]).is_file(), f"{app}: manifest css {manifest['css']!r} is not there"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
@pytest.mark.parametrize("app", APPS)
def test_app_logic_in_node(app):
    res = subprocess.run(["node", "--test", f"apps/{app}/"], cwd=MOCKED_APPS, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert "# fail 0" in res.stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_runtime_core_in_node():
    res = subprocess.run(["node", "--test", "runtime/"], cwd=MOCKED_APPS, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0 and "# fail 0" in res.stdout, res.stdout[-3000:]


# ---------------------------------------------------------------------------------------------------- in Chromium
# What only a browser shows: the shells' redraw (focus, caret, scroll offsets), the visible-element scan and
# the screens' element ids. One page per device, reset between checks.

_DUPLICATE_IDS = """() => { const seen = new Set(); const dup = [];
  for (const el of document.querySelectorAll('[data-gym]')) { const id = el.getAttribute('data-gym'); if (seen.has(id)) dup.push(id); seen.add(id); }
  return dup; }"""


@pytest.fixture(scope="module")
def device_pages():
    """Return a function device -> (page, page errors): one booted page per device, shared by this module's checks."""
    from playwright.sync_api import sync_playwright

    from toolkit.envs.local import CHROMIUM_FLAGS, find_chromium
    from toolkit.envs.server import StaticServer

    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    server = StaticServer()
    pages: dict[str, tuple] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)

            def open_device(device: str):
                if device not in pages:
                    vp = catalog[device]["viewport"]
                    context = browser.new_context(viewport={"width": vp["width"], "height": vp["height"]},
                                                  locale="en-US", timezone_id="UTC")
                    page = context.new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda e: errors.append(str(e)[:300]))
                    page.goto(f"{server.url}{device}/index.html")
                    page.wait_for_function("window.__gym && window.__gym.ready || window.__gymBootError", timeout=30_000)
                    assert page.evaluate("window.__gymBootError || null") is None
                    pages[device] = (page, errors)
                page, errors = pages[device]
                errors.clear()
                return page, errors

            try:
                yield open_device
            finally:
                browser.close()
    finally:
        server.close()


@pytest.fixture
def phone(device_pages):
    return device_pages("phone")


@pytest.fixture
def desktop(device_pages):
    return device_pages("desktop")


def _tap(page, gym_id: str, at: float = 0.5) -> None:
    """Click the visible element `gym_id` (at `at` of its width), as the environment's click does."""
    boxes = {e["id"]: e["box"] for e in page.evaluate("__gym.elements()")}
    assert gym_id in boxes, f"{gym_id} is not visible: {sorted(boxes)[:40]}"
    x, y, w, h = boxes[gym_id]
    page.mouse.click(x + w * at, y + h / 2)


@requires_chromium
def test_a_focused_slider_never_breaks_a_redraw(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'settings'})")
    _tap(page, "nav:display")
    before = page.evaluate("__gym.getState().apps.settings.data.display.brightness")
    _tap(page, "slider:brightness", at=0.8)
    assert page.evaluate("document.activeElement.getAttribute('data-gym')") == "slider:brightness"
    assert page.evaluate("__gym.getState().apps.settings.data.display.brightness") != before
    # every later redraw of the same screen: wait, answer, open, a notification, back
    page.evaluate("__gym.system({type: 'tick', ms: 5000})")
    page.evaluate("__gym.dispatch('answersheet', {type: 'submit', values: {answer: '1'}})")
    page.evaluate("__gym.system({type: 'open', app: 'settings'})")
    page.evaluate("__gym.dispatch('messages', {type: 'receive', number: '555-0199', text: 'hi'})")
    page.evaluate("__gym.system({type: 'back'})")
    assert errors == []


@requires_chromium
def test_typing_mid_text_lands_at_the_caret(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'notes'})")
    _tap(page, "field:search")
    page.keyboard.insert_text("abcdef")  # the environment's `type` action
    page.keyboard.press("Home")
    page.keyboard.type("XY")  # key by key: a redraw after each key
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.insert_text("-")
    assert page.evaluate("document.activeElement.value") == "XYab-cdef"
    assert page.evaluate("__gym.getState().apps.notes.ui.drafts.search") == "XYab-cdef"
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [5, 5]
    assert errors == []


@requires_chromium
def test_password_text_is_masked_and_sheet_backgrounds_have_ids(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'settings'})")
    _tap(page, "nav:wifi")
    page.evaluate("__gym.dispatch('settings', {type: 'tap_network', id: 'w2'})")
    _tap(page, "field:password")
    page.keyboard.insert_text("hunter22")
    field = {e["id"]: e for e in page.evaluate("__gym.elements()")}["field:password"]
    assert field["text"] == "•" * 8 and "hunter" not in json.dumps(page.evaluate("__gym.elements()"))
    # the dimmed background that closes a sheet is addressable, and tapping it closes the sheet
    page.evaluate("__gym.reset({seed: 1, start_app: 'notes'})")
    note = next(e["id"] for e in page.evaluate("__gym.elements()") if e["id"].startswith("note:"))
    _tap(page, note)
    _tap(page, "btn:folder")
    assert page.evaluate("__gym.getState().apps.notes.ui.sheet") == "folder"
    ids = [e["id"] for e in page.evaluate("__gym.elements()")]
    assert "sheet:scrim" in ids
    page.mouse.click(180, 60)  # above the sheet
    assert not page.evaluate("__gym.getState().apps.notes.ui.sheet")
    assert page.evaluate(_DUPLICATE_IDS) == [] and errors == []


@requires_chromium
def test_clock_notifications_show_their_text_in_the_shade(phone):
    page, errors = phone
    alarms = [{"id": "a1", "time": "09:31", "label": "Stretch", "days": [], "on": True}]
    page.evaluate("(o) => __gym.reset(o)", {"seed": 1, "start_app": "clock", "patch": {"apps": {"clock": {"data": {"alarms": alarms}}}}})
    page.evaluate("__gym.system({type: 'tick', ms: 120000})")
    page.evaluate("__gym.system({type: 'shade'})")
    assert page.evaluate("[...document.querySelectorAll('.note-body')].map((n) => n.textContent)") == ["Alarm 09:31 · Once"]
    assert errors == []


@requires_chromium
def test_desktop_side_columns_keep_their_scroll_and_ids_are_unique(desktop):
    page, errors = desktop
    page.evaluate("__gym.reset({seed: 1, start_app: 'crm'})")
    page.evaluate("__gym.dispatch('crm', {type: 'open', id: 'A-201'})")  # its timeline links O-401 twice
    assert page.evaluate(_DUPLICATE_IDS) == []
    page.evaluate("__gym.reset({seed: 1, start_app: 'tracker'})")
    page.evaluate("__gym.dispatch('tracker', {type: 'open_issue', key: 'TRK-3'})")
    page.set_viewport_size({"width": 1280, "height": 420})  # short window: the side column scrolls
    side = "document.querySelector('[data-gym=\"scroll:issue-side\"]')"
    try:
        assert page.evaluate(f"{side}.scrollHeight > {side}.clientHeight + 100")
        page.evaluate(f"{side}.scrollTop = 100")
        page.evaluate("__gym.system({type: 'tick', ms: 1000})")  # a redraw
        assert page.evaluate(f"{side}.scrollTop") == 100
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert errors == []


@requires_chromium
def test_desktop_address_bar_and_tab_follow_the_page_under_the_shade(desktop):
    # The shade opens over the app's page; the address bar showed the start page's address meanwhile, and in
    # recents (no page shown) the app's tab stayed highlighted.
    page, errors = desktop
    page.evaluate("__gym.reset({seed: 1, start_app: 'crm'})")
    address = "document.querySelector('[data-gym=\"address\"]').textContent"
    active = "[...document.querySelectorAll('.dt-tab.active')].length"
    in_app = page.evaluate(address)
    assert in_app.startswith("https://crm.") and page.evaluate(active) == 1
    page.evaluate("__gym.system({type: 'shade'})")
    assert page.evaluate(address) == in_app and page.evaluate(active) == 1
    page.evaluate("__gym.system({type: 'recents'})")
    assert page.evaluate(address) == "https://start.workspace.test" and page.evaluate(active) == 0
    page.evaluate("__gym.system({type: 'home'})")
    page.evaluate("__gym.system({type: 'shade'})")
    assert page.evaluate(address) == "https://start.workspace.test" and page.evaluate(active) == 0
    assert errors == []


@requires_chromium
def test_shopadmin_po_dialog_cost_counts_only_quantities_the_order_takes(desktop):
    # The dialog's running cost multiplied whatever was typed: "-3" showed a negative order cost.
    page, errors = desktop
    page.evaluate("__gym.reset({seed: 1, start_app: 'shopadmin'})")
    page.evaluate("__gym.dispatch('shopadmin', {type: 'nav', screen: 'lowstock'})")  # the vendor's Order button is there
    page.evaluate("__gym.dispatch('shopadmin', {type: 'start_po', vendor: 'V-01'})")
    draft = page.evaluate("__gym.getState().apps.shopadmin.ui.poDraft")
    total = "document.querySelector('.sa-dialog .sa-refund-total').textContent"
    for pid in draft["lines"]:
        page.evaluate("(k) => __gym.dispatch('shopadmin', {type: '@draft', key: k, value: '-3'})", f"po-qty:{pid}")
    assert page.evaluate(total) == "Order cost: $0.00"
    first = draft["lines"][0]
    cost = next(p["cost"] for p in page.evaluate("__gym.getState().apps.shopadmin.data.products") if p["id"] == first)
    page.evaluate("(k) => __gym.dispatch('shopadmin', {type: '@draft', key: k, value: '2'})", f"po-qty:{first}")
    assert page.evaluate(total) == f"Order cost: ${2 * cost // 100:,}.{2 * cost % 100:02d}"
    assert errors == []
