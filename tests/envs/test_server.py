"""The static server serves only files under mocked_apps/."""

from __future__ import annotations

import http.client
import json
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


def test_bundles_hold_every_listed_app_and_nothing_else(server):
    r = httpx.get(server.url + "bundle/phone/apps.json?apps=contacts,messages")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    bundle = r.json()
    assert list(bundle) == ["contacts", "messages"]
    assert bundle["contacts"]["manifest"]["name"] and isinstance(bundle["contacts"]["world"], dict)
    css = httpx.get(server.url + "bundle/phone/apps.css?apps=messages,contacts")
    assert css.status_code == 200 and css.headers["content-type"] == "text/css"
    assert css.text.index("/* messages */") < css.text.index("/* contacts */")  # the order asked for
    everything = httpx.get(server.url + "bundle/phone/apps.json").json()
    assert len(everything) >= 20
    for bad in ("bundle/phone/apps.json?apps=../../pyproject", "bundle/phone/apps.json?apps=crm",
                "bundle/nowhere/apps.json", "bundle/phone/world.json", "bundle/phone/apps.css?apps=contacts,%2e%2e"):
        assert httpx.get(server.url + bad).status_code == 404, bad


def test_a_broken_app_is_reported_in_the_bundle(tmp_path):
    import json
    import shutil

    root = tmp_path / "apps_root"
    shutil.copytree(MOCKED_APPS / "apps" / "contacts", root / "apps" / "contacts")
    shutil.copytree(MOCKED_APPS / "apps" / "notes", root / "apps" / "notes")
    (root / "apps" / "notes" / "world.json").write_text("{not json")
    (root / "catalog.json").write_text(json.dumps({"phone": {"apps": ["contacts", "notes", "later"]}}))
    s = StaticServer(root=root)
    try:
        bundle = httpx.get(s.url + "bundle/phone/apps.json").json()
        assert set(bundle) == {"contacts", "notes"}  # "later" is listed but not built
        assert "world" in bundle["contacts"] and "JSONDecodeError" in bundle["notes"]["error"]
    finally:
        s.close()


def test_the_cache_is_bounded_whatever_the_query_strings(server):
    url = urlsplit(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    cache = server._httpd.RequestHandlerClass.cache

    def get(path):
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status

    assert get("/phone/index.html") == 200
    before = len(cache)
    for i in range(300):  # files are keyed by their path: a query string is not another file
        assert get(f"/phone/index.html?x={i}") == 200
    assert len(cache) == before
    bundles = len(cache.bundles)
    assert get("/bundle/phone/apps.css?apps=contacts&v=1") == get("/bundle/phone/apps.css?apps=contacts&v=2") == 200
    assert len(cache.bundles) == bundles + 1  # the same bundle, whatever else the query says
    phone = json.loads((MOCKED_APPS / "catalog.json").read_text())["phone"]["apps"]
    pairs = [(a, b) for a in phone for b in phone if a != b]  # each order of two apps is a distinct bundle
    assert len(pairs) > cache.max_bundles + 20
    for a, b in pairs[:cache.max_bundles + 20]:  # distinct bundles: the LRU keeps at most max_bundles
        assert get(f"/bundle/phone/apps.css?apps={a},{b}") == 200
    assert len(cache.bundles) <= cache.max_bundles
    assert get("/bundle/phone/apps.json?apps=nope") == 404 and len(cache.bundles) <= cache.max_bundles
    conn.close()
