"""A small static file server for mocked_apps/ on loopback.

Serves only regular files below its root: any path that resolves outside it
(``..``, symlinks, absolute paths, encoded tricks) gets 404. Runs in a daemon
thread; one server is shared by every instance of a process.

Besides the files, three bundles per device cut a page boot from ~135 requests to ~8 (each request
costs the renderer, the network service, the browser and the CDP client): ``bundle/<device>/apps.json``
(every app's manifest and world: ``{app: {"manifest": ..., "world": ...}}``, or ``{"error": ...}`` for an
app whose files do not parse), ``bundle/<device>/apps.css`` (the apps' stylesheets in catalog order) and
``bundle/<device>/modules.js`` (the runtime's and the apps' ES modules as one module, see
:mod:`toolkit.envs.modules`), all for ``?apps=a,b`` (default: the device's apps in the catalog). Only apps the catalog lists for the
device are bundled; an app without a manifest (not built yet) is left out.
"""

from __future__ import annotations

import json
import mimetypes
import threading
import urllib.parse
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from toolkit.envs.modules import build_pack, pack_script
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


def _app_entry(folder: Path) -> tuple[dict | None, str]:
    """Return (manifest, JSON text of ``{"manifest", "world"}`` or ``{"error"}``) of one app folder."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text())
        world = (folder / "world.json").read_text()
        json.loads(world)
    except (OSError, ValueError) as exc:
        return None, json.dumps({"error": f"{folder.name}: {type(exc).__name__}: {exc}"})
    return manifest, f'{{"manifest": {json.dumps(manifest)}, "world": {world}}}'


def build_bundle(root: Path, url_path: str) -> tuple[bytes, str] | None:
    """Return (body, suffix) of a ``bundle/<device>/apps.json|apps.css[?apps=..]`` URL, or None when it names none."""
    parts = urllib.parse.urlsplit(url_path)
    segments = urllib.parse.unquote(parts.path).strip("/").split("/")
    if len(segments) != 3 or segments[0] != "bundle" or segments[2] not in ("apps.json", "apps.css", "modules.js"):
        return None
    device, kind = segments[1], segments[2]
    catalog = json.loads((root / "catalog.json").read_text())
    if device not in catalog:
        return None
    listed = catalog[device]["apps"]
    asked = urllib.parse.parse_qs(parts.query).get("apps", [""])[0]
    ids = [a for a in asked.split(",") if a] or listed
    if any(a not in listed for a in ids):
        return None
    built = [a for a in ids if (root / "apps" / a / "manifest.json").is_file()]
    if kind == "modules.js":
        shell = "runtime/ui/desktop.js" if catalog[device].get("shell") == "desktop" else "runtime/ui/shell.js"
        roots = ["runtime/core/device.js", "runtime/ui/bridge.js", shell]
        roots += [f"apps/{a}/{part}.js" for a in built for part in ("logic", "view")]
        return pack_script(build_pack(root, roots)).encode(), ".js"
    if kind == "apps.json":
        entries = {a: _app_entry(root / "apps" / a)[1] for a in built}
        return ("{" + ", ".join(f"{json.dumps(a)}: {e}" for a, e in entries.items()) + "}").encode(), ".json"
    sheets = []
    for a in built:
        manifest, _ = _app_entry(root / "apps" / a)
        css = (root / "apps" / a / manifest["css"]) if manifest and manifest.get("css") else None
        if css is not None and css.resolve().parent == (root / "apps" / a).resolve() and css.is_file():
            sheets.append(f"/* {a} */\n{css.read_text()}")
    return "\n".join(sheets).encode(), ".css"


def bundle_key(url_path: str) -> tuple[str, ...]:
    """Return the cache key of a bundle URL: its path and the apps asked for, in order (any other query is ignored)."""
    parts = urllib.parse.urlsplit(url_path)
    asked = urllib.parse.parse_qs(parts.query).get("apps", [""])[0]
    return (urllib.parse.unquote(parts.path).strip("/"), *(a for a in asked.split(",") if a))


class ResponseCache:
    """What the server read or built, kept because neither changes while it runs. Bounded: files are keyed by
    their resolved path (at most the tree's files, whatever the query string), bundles by :func:`bundle_key` in
    an LRU of ``max_bundles`` (each app subset and order is a different bundle)."""

    def __init__(self, max_bundles: int = 64):
        self.files: dict[Path, tuple[bytes, str]] = {}
        self.bundles: OrderedDict[tuple[str, ...], tuple[bytes, str]] = OrderedDict()
        self.max_bundles = max_bundles
        self._lock = threading.Lock()  # the server answers each connection on its own thread

    def __len__(self) -> int:
        return len(self.files) + len(self.bundles)

    def get(self, root: Path, url_path: str) -> tuple[bytes, str] | None:
        """Return (body, suffix) of a file or bundle URL under ``root``, or None when it names neither."""
        path = resolve_inside(root, url_path)
        if path is not None:
            found = self.files.get(path)
            if found is None:
                found = self.files[path] = (path.read_bytes(), path.suffix)
            return found
        key = bundle_key(url_path)
        with self._lock:
            found = self.bundles.get(key)
            if found is not None:
                self.bundles.move_to_end(key)
                return found
        found = build_bundle(root, url_path)
        if found is not None:  # a 404 is not kept: any number of bad URLs costs nothing
            with self._lock:
                self.bundles[key] = found
                while len(self.bundles) > self.max_bundles:
                    self.bundles.popitem(last=False)
        return found


class _Handler(BaseHTTPRequestHandler):
    # Keep-alive: a page boot fetches ~8 files (~135 without the bundles), one connection each under HTTP/1.0.
    protocol_version = "HTTP/1.1"
    # The headers and the body go out as two writes: with Nagle's algorithm the body waited for the client's delayed
    # ACK of the headers, ~40 ms a request on a kept-alive connection.
    disable_nagle_algorithm = True
    root: Path = MOCKED_APPS
    cache: ResponseCache = ResponseCache()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        found = self.cache.get(self.root, self.path)
        if found is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        body, suffix = found
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", _TYPES.get(suffix, mimetypes.guess_type("x" + suffix)[0] or "application/octet-stream"))
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
        handler = type("Handler", (_Handler,), {"root": Path(root), "cache": ResponseCache()})
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
