"""Stand-ins for an OSWorld VM in tests: the docker client, the VM's control server, the VM's Chrome.

- FakeDocker / FakeContainer: record ``containers.run`` arguments and restart / stop / remove calls.
- FakeVM: OSWorld's Flask control server as an ``httpx.MockTransport`` handler; records every request, keeps the
  files uploaded to ``/setup/upload``, serves ``vm_files`` on ``POST /file`` and lets a test answer ``/execute``.
- VMsByPort: several FakeVMs behind one transport, each answering its own server port (one adapter, many VMs).
- chromium(): a real local Chromium with a remote-debugging port, as the VM's Chrome (no network: it is only
  ever pointed at data: URLs and local files).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import time
from email.parser import BytesParser
from email.policy import default as email_policy
from pathlib import Path
from typing import Any, Callable

import httpx

from toolkit.envs.local import find_chromium

PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 16
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class FakeContainer:
    def __init__(self):
        self.calls = []

    def restart(self):
        self.calls.append("restart")

    def stop(self):
        self.calls.append("stop")

    def remove(self):
        self.calls.append("remove")


class FakeDocker:
    """A docker-SDK double: ``containers.run`` records its kwargs and returns a FakeContainer."""

    def __init__(self):
        self.runs = []
        self.containers = self

    def run(self, **kwargs):
        self.runs.append(kwargs)
        return FakeContainer()

    def ping(self):
        return True


def _ok(output: str = "", error: str = "", returncode: int = 0) -> dict[str, Any]:
    return {"status": "success", "output": output, "error": error, "returncode": returncode}


class FakeVM:
    """OSWorld's VM control server as an httpx mock transport.

    Args:
        files: ``/execute`` answers: the output of the first key found in the command's text.
        execute: ``f(command, shell) -> dict | None`` answering ``/execute`` and ``/setup/execute`` first.
        vm_files: path -> bytes served by ``POST /file`` (404 otherwise, as OSWorld's server).
        verification: how ``/setup/execute_with_verification`` answers: "passed", "failed" (500
            verification_failed, as the server after max_wait_time) or None (404: an older server without it).
    """

    def __init__(self, files=None, ready_after=0, vm_files=None, execute: Callable[..., Any] | None = None,
                 verification: str | None = "passed"):
        self.requests = []
        self.files = files or {}
        self.ready_after = ready_after
        self.vm_files = vm_files or {}
        self.execute = execute
        self.verification = verification
        self.uploads: dict[str, bytes] = {}

    def commands(self, path: str = "/execute") -> list[Any]:
        """Return the commands sent to ``path``, in order."""
        return [b["command"] for _, p, b in self.requests if p == path]

    def __call__(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        body = json.loads(request.content) if request.headers.get("content-type") == "application/json" else None
        self.requests.append((request.method, path, body))
        if path == "/screenshot":
            if self.ready_after > 0:
                self.ready_after -= 1
                return httpx.Response(503)
            return httpx.Response(200, content=PNG)
        if path in ("/execute", "/setup/execute"):
            command = body["command"]
            if self.execute is not None and (answer := self.execute(command, body.get("shell", False))) is not None:
                return httpx.Response(200, json=_ok(**answer) if "status" not in answer else answer)
            text = command if isinstance(command, str) else " ".join(command)
            for key, value in self.files.items():
                if key in text:
                    return httpx.Response(200, json=_ok(value))
            return httpx.Response(200, json=_ok())
        if path == "/setup/execute_with_verification":
            if self.verification is None:
                return httpx.Response(404, text="<h1>Not Found</h1>")
            if self.verification == "failed":
                return httpx.Response(500, json={"status": "verification_failed", "output": "", "error": "",
                                                 "returncode": 0, "verification": "failed"})
            return httpx.Response(200, json={**_ok(), "verification": "passed", "wait_time": 0.1})
        if path == "/setup/upload":
            form = parse_multipart(request)
            self.uploads[form["file_path"].decode()] = form["file_data"]
            return httpx.Response(200, text=f"File Uploaded: {len(form['file_data'])} bytes")
        if path.startswith("/setup/"):
            return httpx.Response(200, json={"status": "success"})
        if path == "/file":
            wanted = dict(httpx.QueryParams(request.content.decode()))["file_path"]
            if wanted in self.vm_files:
                return httpx.Response(200, content=self.vm_files[wanted])
            return httpx.Response(404, json={"error": "File not found"})
        return httpx.Response(404)


class VMsByPort:
    """Several FakeVMs behind one ``httpx.MockTransport`` handler: ``{server port: FakeVM}``.

    ``pause_s`` makes each ``/file`` answer wait (an async handler), so concurrent getters interleave.
    """

    def __init__(self, vms: dict[int, FakeVM], pause_s: float = 0.0):
        self.vms = vms
        self.pause_s = pause_s

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        import asyncio

        if self.pause_s and request.url.path == "/file":
            await asyncio.sleep(self.pause_s)
        return self.vms[request.url.port](request)


def parse_multipart(request: httpx.Request) -> dict[str, bytes]:
    """Return the fields of a multipart/form-data request (name -> bytes)."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = BytesParser(policy=email_policy).parsebytes(head + request.content)
    return {part.get_param("name", header="content-disposition"): part.get_payload(decode=True)
            for part in message.iter_parts()}


def start_chromium(profile: Path, *urls: str) -> tuple[subprocess.Popen, int]:
    """Start a headless Chromium on ``profile`` with a remote-debugging port; return it and the port."""
    profile.mkdir(parents=True, exist_ok=True)
    marker = profile / "DevToolsActivePort"
    marker.unlink(missing_ok=True)
    proc = subprocess.Popen([find_chromium(), *CHROMIUM_FLAGS, "--remote-debugging-port=0", f"--user-data-dir={profile}",
                             *(urls or ["about:blank"])], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not (marker.exists() and marker.read_text().strip()):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_chromium(proc)
            raise RuntimeError(f"chromium did not open its debugging port (exit {proc.returncode})")
        time.sleep(0.05)
    return proc, int(marker.read_text().split()[0])


def stop_chromium(proc: subprocess.Popen) -> None:
    """Stop a Chromium this module started."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def chrome_history(profile: Path, old_visit: tuple[str, str] | None = None) -> bytes:
    """Return the History database a real Chromium writes for a new profile, with one ``(url, title)`` visit added."""
    proc, _ = start_chromium(profile)
    history = profile / "Default" / "History"
    deadline = time.monotonic() + 20
    while not history.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    stop_chromium(proc)
    if old_visit is not None:
        con = sqlite3.connect(history)
        with con:
            url_id = con.execute("INSERT INTO urls (url, title, visit_count, last_visit_time) VALUES (?, ?, 1, ?)",
                                 (*old_visit, 13_350_000_000_000_000)).lastrowid
            con.execute("INSERT INTO visits (url, visit_time, transition) VALUES (?, 13350000000000000, 805306368)",
                        (url_id,))
        con.close()
    return history.read_bytes()


async def history_page_counts(profile: Path, history: bytes, titles: list[str]) -> dict[str, int]:
    """Start Chromium with ``history`` as its History; return how often chrome://history lists each title (once the
    first is listed, or after 15 s)."""
    from playwright.async_api import async_playwright

    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "History").write_bytes(history)
    proc, port = start_chromium(profile)
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
            page = browser.contexts[0].pages[0]
            await page.goto("chrome://history")
            try:
                await page.get_by_text(titles[0]).first.wait_for(timeout=15_000)
            except Exception:  # noqa: BLE001 - not listed: the counts say so
                pass
            return {t: await page.get_by_text(t).count() for t in titles}  # Playwright's text pierces shadow roots
    finally:
        stop_chromium(proc)


def open_tabs(port: int) -> list[dict[str, Any]]:
    """Return the page targets of the Chrome on ``port`` (``/json/list``), each {url, title}."""
    return [{"url": t["url"], "title": t["title"]} for t in httpx.get(f"http://127.0.0.1:{port}/json/list").json()
            if t["type"] == "page"]
