"""A small static file server for mocked_apps/ on loopback.

Serves only regular files below its root: any path that resolves outside it
(``..``, symlinks, absolute paths, encoded tricks) gets 404. Runs in a daemon
thread; one server is shared by every instance of a process.
"""

from __future__ import annotations

import mimetypes
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from toolkit.paths import MOCKED_APPS

_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".css": "text/css",
          ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}


def resolve_inside(root: Path, url_path: str) -> Path | None:
    """Return the file under ``root`` that ``url_path`` names, or None when it is outside or missing."""
    rel = urllib.parse.unquote(urllib.parse.urlsplit(url_path).path).lstrip("/")
    if "\x00" in rel:
        return None
    candidate = (root / rel).resolve()
    root = root.resolve()
    if candidate != root and root not in candidate.parents:
        return None
    if candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None


class _Handler(BaseHTTPRequestHandler):
    # Keep-alive: a page boot fetches ~100 files, one connection each under HTTP/1.0.
    protocol_version = "HTTP/1.1"
    root: Path = MOCKED_APPS
    cache: dict[Path, bytes] = {}

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        path = resolve_inside(self.root, self.path)
        if path is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        body = self.cache.get(path)
        if body is None:
            body = self.cache[path] = path.read_bytes()  # files do not change while a server runs
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", _TYPES.get(path.suffix, mimetypes.guess_type(path.name)[0] or "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        # Files never change while an instance lives; the browser cache keeps page loads off this thread.
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:  # quiet: requests are not news
        return


class StaticServer:
    """Serve ``root`` on ``host:port`` (port 0 picks a free one) from a daemon thread."""

    def __init__(self, root: Path = MOCKED_APPS, host: str = "127.0.0.1", port: int = 0):
        handler = type("Handler", (_Handler,), {"root": Path(root), "cache": {}})
        # Dozens of pages booting at once open hundreds of connections; the default backlog of 5
        # refuses some, and the page sees "Failed to fetch" for an app that is there.
        server_class = type("Server", (ThreadingHTTPServer,), {"request_queue_size": 1024})
        self._httpd = server_class((host, port), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="guigym-static", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """Return the base URL, e.g. ``http://127.0.0.1:40123/``."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/"

    def close(self) -> None:
        """Stop serving and free the port."""
        self._httpd.shutdown()
        self._httpd.server_close()


_shared: StaticServer | None = None
_lock = threading.Lock()


def shared_server() -> StaticServer:
    """Return the process-wide server for mocked_apps/, starting it on first use."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = StaticServer()
        return _shared
