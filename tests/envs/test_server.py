"""The static server serves only files under mocked_apps/."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import httpx
import pytest

from toolkit.envs.server import StaticServer, resolve_inside
from toolkit.paths import MOCKED_APPS


@pytest.fixture(scope="module")
def server():
    s = StaticServer()
    yield s
    s.close()


@pytest.mark.parametrize("path", ["/../pyproject.toml", "/%2e%2e/pyproject.toml", "/phone/../../pyproject.toml",
                                  "/..%2f..%2fetc/passwd", "//etc/passwd", "/nope.js", "/apps/%00x", "/../../../../etc/passwd"])
def test_traversal_and_missing_files_are_404(server, path):
    """Raw request paths (no client-side normalisation) must never leave mocked_apps/."""
    url = urlsplit(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
    conn.request("GET", path)
    assert conn.getresponse().status == 404
    conn.close()


def test_files_are_served_with_types(server):
    r = httpx.get(server.url + "phone/index.html")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    r = httpx.get(server.url + "runtime/core/device.js")
    assert r.status_code == 200 and r.headers["content-type"] == "text/javascript"


def test_resolve_inside_rejects_symlinks_out(tmp_path):
    (tmp_path / "inside.txt").write_text("x")
    (tmp_path / "link").symlink_to("/etc")
    assert resolve_inside(tmp_path, "/inside.txt") == (tmp_path / "inside.txt").resolve()
    assert resolve_inside(tmp_path, "/link/passwd") is None
    assert resolve_inside(MOCKED_APPS, "/catalog.json") is not None
