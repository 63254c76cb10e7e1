"""OSWorld's Chrome setup steps: tabs over the VM's Chrome remote-debugging port, and its History database.

- ``chrome_open_tabs`` / ``chrome_close_tabs``: as OSWorld, Playwright connects over CDP to the VM's Chrome
  (port 9222 in the VM, published on ``instance.url("chromium")``), retrying while Chrome starts. Open: one new
  tab per URL (a page that does not load in time is left loading, as in OSWorld), and the tab Chrome had first
  is closed after the first URL. Close: for each URL the first tab whose URL matches OSWorld's ``compare_urls``
  (scheme and ``www.`` and a bare ``/`` ignored), waiting a few seconds for it to appear. The connection is
  dropped, never the browser: the tabs stay open.
- ``update_browse_history``: OSWorld replaces Chrome's ``History`` sqlite file with an empty one plus the
  given visits. Here the empty database is the adapter's ``history_template`` when set (OSWorld's
  ``history_empty.sqlite``), otherwise the VM's own History emptied of browsing data; the rows are written with
  sqlite3 here and the file uploaded back (run it before Chrome starts, as OSWorld's tasks do).
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
import sqlite3
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable
from urllib.parse import urlparse, urlunparse

if TYPE_CHECKING:
    from toolkit.envs.osworld.docker_backend import OSWorldInstance
    from toolkit.envs.osworld.setup import SetupRunner, Step

log = logging.getLogger(__name__)

#: Chrome's timestamps count microseconds from 1601-01-01 UTC.
_CHROME_EPOCH_OFFSET_S = 11_644_473_600
#: visits.transition of OSWorld's fake visits: a link, CHAIN_START | CHAIN_END.
_TRANSITION = 0x30000000
#: History tables kept when the VM's own database is emptied (the rest hold browsing data).
_KEEP_TABLES = {"meta", "sqlite_sequence"}

#: Run in the VM: where its Chrome keeps History (as OSWorld's SetupController picks it per platform).
_HISTORY_PROBE = """import json, os, platform
s, m, h = platform.system(), platform.machine().lower(), os.path.expanduser("~")
if s == "Windows":
    p = os.path.join(os.environ.get("USERPROFILE", h), "AppData", "Local", "Google", "Chrome", "User Data", "Default", "History")
elif s == "Darwin":
    p = os.path.join(h, "Library", "Application Support", "Google", "Chrome", "Default", "History")
elif "arm" in m or "aarch" in m:
    p = os.path.join(h, "snap", "chromium", "common", "chromium", "Default", "History")
else:
    p = os.path.join(h, ".config", "google-chrome", "Default", "History")
print(json.dumps({"system": s, "path": p}))
"""


def same_url(a: str | None, b: str | None) -> bool:
    """OSWorld's compare_urls: equal once scheme (default http) and host are lower-cased, ``www.`` is dropped
    and a bare ``/`` path is empty."""
    if a is None or b is None:
        return a == b

    def norm(url: str) -> str:
        parsed = urlparse(url if "://" in url or ":" in url.split("/")[0] else f"http://{url}")
        return urlunparse(parsed._replace(scheme=(parsed.scheme or "http").lower(),
                                          netloc=parsed.netloc.lower().replace("www.", ""),
                                          path="" if parsed.path == "/" else parsed.path))

    return norm(a) == norm(b)


@asynccontextmanager
async def chrome_context(url: str, timeout_s: float) -> AsyncIterator[Any]:
    """Yield the default context of the Chrome listening for CDP at ``url`` (retrying until ``timeout_s``).

    Leaving disconnects Playwright from Chrome; the browser and its tabs keep running.
    """
    from playwright.async_api import async_playwright

    deadline = time.monotonic() + timeout_s
    async with async_playwright() as pw:
        while True:
            try:
                browser = await pw.chromium.connect_over_cdp(url, timeout=10_000)
                break
            except Exception as exc:  # noqa: BLE001 - Chrome not up yet (connection refused, no /json/version)
                if time.monotonic() > deadline:
                    raise ConnectionError(f"no Chrome answered on its remote-debugging port {url} within "
                                          f"{timeout_s:g} s ({type(exc).__name__}: {(str(exc).splitlines() or [''])[0][:160]})") from None
                await asyncio.sleep(1.0)
        if not browser.contexts:
            raise ConnectionError(f"the Chrome at {url} has no browser context to open tabs in")
        yield browser.contexts[0]  # never browser.close(): that could close the VM's tabs


async def open_tabs(runner: "SetupRunner", instance: "OSWorldInstance", step: "Step") -> None:
    """OSWorld's chrome_open_tabs: a new tab per URL; the tab Chrome had first is closed after the first."""
    urls = _urls(step, "urls_to_open")
    adapter = runner.adapter
    async with chrome_context(instance.url("chromium"), adapter.chrome_timeout_s) as context:
        before = list(context.pages)
        for i, url in enumerate(urls):
            page = await context.new_page()
            try:
                await page.goto(url, timeout=adapter.page_load_timeout_s * 1000)
            except Exception as exc:  # noqa: BLE001 - OSWorld: a slow or failing page stays open, not an error
                log.warning("%s: %s did not load: %s", step.where, url, (str(exc).splitlines() or [''])[0][:160])
            if i == 0 and before and not before[0].is_closed():
                await before[0].close()


async def close_tabs(runner: "SetupRunner", instance: "OSWorldInstance", step: "Step") -> None:
    """OSWorld's chrome_close_tabs: close the first tab matching each URL (a URL with no tab is skipped)."""
    urls = _urls(step, "urls_to_close")
    adapter = runner.adapter
    async with chrome_context(instance.url("chromium"), adapter.chrome_timeout_s) as context:
        deadline = time.monotonic() + adapter.chrome_settle_s  # OSWorld waits 5 s for Chrome's tabs to load
        for url in urls:
            while True:
                match = next((p for p in context.pages if not p.is_closed() and same_url(p.url, url)), None)
                if match is not None:
                    await match.close()
                    break
                if time.monotonic() > deadline:
                    log.warning("%s: no open tab has %s (open: %s)", step.where, url, [p.url for p in context.pages])
                    break
                await asyncio.sleep(0.2)


async def update_browse_history(runner: "SetupRunner", instance: "OSWorldInstance", step: "Step") -> None:
    """OSWorld's update_browse_history: Chrome's History = an empty database plus the given visits."""
    items = step.need("history", list)
    rows = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise step.error(f"history[{i}]: a visit is {{'url', 'title', 'visit_time_from_now_in_seconds'}}")
        for field in ("url", "title", "visit_time_from_now_in_seconds"):
            if item.get(field) is None:
                raise step.error(f"history[{i}].{field}: missing")
        if not isinstance(item["visit_time_from_now_in_seconds"], (int, float)):
            raise step.error(f"history[{i}].visit_time_from_now_in_seconds: a number of seconds, "
                             f"not {item['visit_time_from_now_in_seconds']!r}")
        rows.append((str(item["url"]), str(item["title"]), chrome_time(float(item["visit_time_from_now_in_seconds"]))))
    adapter = runner.adapter
    probe = await runner.execute(instance, ["python3", "-c", _HISTORY_PROBE], path="/execute")
    try:
        where = json.loads(str(probe.get("output", "")).strip().splitlines()[-1])
        vm_path, system = where["path"], where["system"]
    except (ValueError, IndexError, KeyError, TypeError):
        raise step.error(f"could not find Chrome's History in the VM: {probe.get('error') or probe.get('output')!r:.200}") from None
    with tempfile.TemporaryDirectory(prefix="guigym-history-") as tmp:
        db = Path(tmp) / "History"
        if adapter.history_template is not None:
            db.write_bytes(Path(adapter.history_template).read_bytes())
            clear = False
        else:
            async with adapter._http(instance) as http:
                response = await http.post("/file", data={"file_path": vm_path})
            if response.status_code == 404:
                raise step.error(f"the VM has no Chrome History at {vm_path} (Chrome never ran there); give the "
                                 "adapter history_template=<OSWorld's history_empty.sqlite>")
            db.write_bytes(response.raise_for_status().content)
            clear = True
        try:
            write_history(db, rows, clear=clear)
        except sqlite3.DatabaseError as exc:
            raise step.error(f"{'history_template' if not clear else vm_path} is not a Chrome History database: {exc}") from None
        await runner.upload(instance, vm_path, db.read_bytes())
    if system == "Linux":  # OSWorld: the uploaded file belongs to the VM's user
        out = await runner.execute(instance, f"echo {shlex.quote(adapter.client_password)} | sudo -S chown user:user "
                                   f"{shlex.quote(vm_path)}", shell=True)
        if out.get("returncode", 0) != 0:
            log.warning("%s: chown of %s failed: %s", step.where, vm_path, str(out.get("error"))[-200:])


def chrome_time(seconds_ago: float, now: float | None = None) -> int:
    """Return Chrome's timestamp (µs since 1601-01-01 UTC) of ``seconds_ago`` before ``now`` (Unix time)."""
    return round(((time.time() if now is None else now) - seconds_ago + _CHROME_EPOCH_OFFSET_S) * 1_000_000)


def write_history(db: Path, rows: list[tuple[str, str, int]], clear: bool) -> None:
    """Add one url + visit per ``(url, title, chrome_time)`` to a Chrome History file (emptied first if ``clear``)."""
    con = sqlite3.connect(db)
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"urls", "visits"} <= tables:
            raise sqlite3.DatabaseError("it has no urls / visits tables")
        if clear:
            for table in sorted(tables - _KEEP_TABLES):
                if not table.endswith("sync_metadata"):
                    con.execute(f'DELETE FROM "{table}"')
        for url, title, when in rows:
            cur = con.execute("INSERT INTO urls (url, title, visit_count, typed_count, last_visit_time, hidden) "
                              "VALUES (?, ?, 1, 0, ?, 0)", (url, title, when))
            con.execute("INSERT INTO visits (url, visit_time, from_visit, transition, segment_id, visit_duration) "
                        "VALUES (?, ?, 0, ?, 0, 0)", (cur.lastrowid, when, _TRANSITION))
        con.commit()
    finally:
        con.close()


def _urls(step: "Step", name: str) -> list[str]:
    urls = step.need(name, list)
    for i, url in enumerate(urls):
        if not isinstance(url, str) or not url:
            raise step.error(f"{name}[{i}]: a URL string, not {url!r}")
    return urls


#: The Chrome step types, each ``(runner, instance, step)``.
HANDLERS: dict[str, Callable[["SetupRunner", "OSWorldInstance", "Step"], Awaitable[None]]] = {
    "chrome_open_tabs": open_tabs, "chrome_close_tabs": close_tabs, "update_browse_history": update_browse_history,
}
