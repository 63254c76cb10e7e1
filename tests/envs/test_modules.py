"""The module pack (toolkit.envs.modules): the rewrite against Node's own ES modules, what it refuses, and device
pages in real Chromium booting from it (few requests; a broken app left out and reported; refused modules loaded
natively)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.conftest import requires_chromium
from toolkit.envs.local import CHROMIUM_FLAGS, find_chromium
from toolkit.envs.modules import ModuleError, build_pack, pack_script, rewrite
from toolkit.envs.server import StaticServer, build_bundle
from toolkit.paths import MOCKED_APPS

SAMPLE = {
    "lib/a.js": "export const ONE = 1;\nexport let count = 0;\nexport function bump() { count += 1; return count; }\n"
                "export async function later() { return ONE; }\nexport class Box { constructor(v) { this.v = v; } }\n"
                "const hidden = 5;\nexport { hidden as shown, hidden };\n",
    "lib/b.js": "export const early = typeof bump;\n"  # imports are hoisted: bump is there before this line runs
                "import {\n  ONE,\n  bump as inc,\n} from './a.js';\nimport * as A from './a.js';\n"
                "export * from './a.js';\nexport { Box as Crate } from './a.js';\nimport { bump } from './a.js';\n"
                "export const two = () => ONE + A.ONE;\nexport function step() { return inc(); }\n",
    # default exports and imports, side-effect imports
    "lib/c.js": "import './d.js';\nexport const seen = globalThis.__effects;\n"
                "export default function named() { return 'c'; }\nexport const after = 1;\n",
    "lib/d.js": "globalThis.__effects = (globalThis.__effects || 0) + 1;\n"
                "export default class { get v() { return 'd'; } }\n",
    "lib/e.js": "import c, { after, seen } from './c.js';\nimport D, * as Dns from './d.js';\nimport K from './k.js';\n"
                "import f from './f.js';\nimport h from './h.js';\n"
                "export default { c: c(), after, seen, d: new D().v, ns: typeof Dns.default, k: new K().v, f,\n"
                "  h: typeof h };\nexport * from './c.js';\n",  # export * leaves c's default out
    "lib/f.js": "export default 40 +\n  2;\nconst g = () => 1;\nexport { g as default2 };\n",
    "lib/h.js": "export default async function () { return 1; }\n",
    "lib/k.js": "import Base from './d.js';\nexport default class extends Base {}\n",
}

# Loads a pack module (pack_script's text) and calls its factories as boot.js does, then compares every module
# with Node's native import of the same file.
NODE_CHECK = r"""
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const [root, packFile, only] = process.argv.slice(2);
const pack = await import(pathToFileURL(packFile).href);
const done = new Map();
const reexport = (to, from) => { for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(from))) if (k !== 'default' && !(k in to)) Object.defineProperty(to, k, d); };
const req = (id) => { if (done.has(id)) return done.get(id); const ns = {}; done.set(id, ns);
  pack.factories[id](req, ns, reexport); return ns; };
const out = {};
for (const id of Object.keys(pack.factories)) {
  if (only && !new RegExp(only).test(id)) continue;
  const ns = req(id), native = await import(pathToFileURL(path.join(root, id)).href);
  out[id] = { pack: Object.keys(ns).sort(), esm: Object.keys(native).sort(),
              types: Object.keys(native).filter((k) => typeof native[k] !== typeof ns[k]) };
}
if (out['lib/e.js']) {  // the default export's value through the pack and natively
  out.defaults = [req('lib/e.js').default, (await import(pathToFileURL(path.join(root, 'lib/e.js')).href)).default];
}
if (out['lib/b.js']) {  // live bindings through the pack, as in ESM
  const b = req('lib/b.js');
  out.live = [b.count, b.step(), b.count, b.two(), b.shown, new b.Crate(3).v, b.early];
}
console.log(JSON.stringify({ roots: pack.roots, failed: pack.failed, modules: out }));
"""


def _node(tmp_path, root, script_text: str, only=""):
    if shutil.which("node") is None:
        pytest.skip("needs node")
    script = tmp_path / "check.mjs"
    script.write_text(NODE_CHECK)
    (tmp_path / "pack.mjs").write_text(script_text)
    proc = subprocess.run(["node", str(script), str(root), str(tmp_path / "pack.mjs"), only], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


@pytest.fixture
def sample_root(tmp_path):
    """SAMPLE's modules written under tmp_path/root, as a Node ES module package."""
    root = tmp_path / "root"
    for name, text in SAMPLE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (root / "package.json").write_text('{"type": "module"}')
    return root


def test_rewrite_matches_native_modules_and_keeps_bindings_live(tmp_path, sample_root):
    root = sample_root
    pack = build_pack(root, ["lib/b.js"])
    assert pack["roots"] == ["lib/b.js"] and pack["failed"] == {} and set(pack["modules"]) == {"lib/a.js", "lib/b.js"}
    body, deps = rewrite(SAMPLE["lib/b.js"], "lib/b.js")
    assert deps == ["lib/a.js"] * 5
    assert body.count("\n") == SAMPLE["lib/b.js"].count("\n") + 1  # the module's lines, shifted by one header line
    out = _node(tmp_path, root, pack_script(pack))["modules"]
    for id_ in ("lib/a.js", "lib/b.js"):
        assert out[id_]["pack"] == out[id_]["esm"] and out[id_]["types"] == []
    assert out["lib/b.js"]["pack"] == ["Box", "Crate", "ONE", "bump", "count", "early", "hidden", "later", "shown",
                                       "step", "two"]
    assert out["live"] == [0, 1, 1, 2, 5, 3, "function"]  # `count` read through two re-exports follows bump()


def test_default_exports_default_imports_and_side_effect_imports(tmp_path, sample_root):
    root = sample_root
    pack = build_pack(root, ["lib/e.js"])
    assert pack["roots"] == ["lib/e.js"] and pack["failed"] == {}
    for name in ("lib/c.js", "lib/f.js"):  # the module's lines, shifted by one header line
        assert rewrite(SAMPLE[name], name)[0].count("\n") == SAMPLE[name].count("\n") + 1
    result = _node(tmp_path, root, pack_script(pack))
    for id_ in pack["modules"]:
        r = result["modules"][id_]
        assert r["pack"] == r["esm"] and r["types"] == [], id_
    assert result["modules"]["lib/e.js"]["pack"] == ["after", "default", "seen"]
    assert result["modules"]["lib/f.js"]["pack"] == ["default", "default2"]
    # only e.js, pack first: the pack runs d.js once, before c.js's body; native import then runs its own d.js
    packed, native = _node(tmp_path, root, pack_script(pack), only=r"^lib/e\.js$")["modules"]["defaults"]
    assert packed == {"c": "c", "after": 1, "seen": 1, "d": "d", "ns": "function", "k": "d", "f": 42, "h": "function"}
    assert native == {**packed, "seen": 2}


def test_the_real_packs_match_node_for_every_dom_free_module(tmp_path):
    for device in ("phone", "desktop"):
        body, suffix = build_bundle(MOCKED_APPS, f"bundle/{device}/modules.js")
        assert suffix == ".js"
        result = _node(tmp_path, MOCKED_APPS, body.decode(), only=r"(logic|runtime/core|/lib/)")
        assert result["failed"] == {}, result["failed"]
        roots = result["roots"]
        assert "runtime/core/device.js" in roots and any(r.endswith("/view.js") for r in roots)
        out = result["modules"]
        assert len(out) >= (20 if device == "phone" else 5)
        for id_, r in out.items():
            assert r["pack"] == r["esm"] and r["types"] == [], id_


@pytest.mark.parametrize("source, message", [
    ("export = 1;\n", "does not rewrite"),
    ("import from './a.js';\n", "cannot read"),
    ("import { a } from 'pkg';\n", "only relative imports"),
    ("import { a } from '../../../etc/x.js';\n", "outside mocked_apps"),
    ("export const u = import.meta.url;\n", "import.meta"),
    ("import { a as } from './a.js';\n", "cannot read the names"),
    # several bindings in one export declaration: refused (native loading), never a pack missing ``b``/``y``
    ("export const a = 1, b = 2;\n", "several bindings"),
    ("export let x, y;\n", "several bindings"),
    ("export const a = {p: [1, 2]}\n  , b = 3\n", "several bindings"),
    ("export var s = 'x',\n  t = `y`;\n", "several bindings"),
])
def test_refused_syntax(source, message):
    with pytest.raises(ModuleError, match=message):
        rewrite(source, "apps/x/logic.js")


@pytest.mark.parametrize("source", ["export const f = (a, b) => a + b;\n", "export const o = {a: 1, b: [2, 3]};\nlet c = 1, d = 2;\n",
                                    "export const s = 'a, b' // c, d\nexport let n = g(1, 2)\n(x, y)\n"])
def test_one_binding_with_commas_inside_is_still_packed(source):
    body, _ = rewrite(source, "apps/x/logic.js")
    assert "Object.defineProperties(__exports" in body


def test_a_cycle_or_a_missing_module_fails_only_its_root(tmp_path):
    (tmp_path / "c1.js").write_text("import { b } from './c2.js';\nexport const a = 1;\n")
    (tmp_path / "c2.js").write_text("import { a } from './c1.js';\nexport const b = 2;\n")
    (tmp_path / "ok.js").write_text("export const fine = true;\n")
    (tmp_path / "lost.js").write_text("import { x } from './nowhere.js';\n")
    pack = build_pack(tmp_path, ["c1.js", "ok.js", "lost.js"])
    assert pack["roots"] == ["ok.js"] and "import cycle: c1.js -> c2.js -> c1.js" in pack["failed"]["c1.js"]
    assert "nowhere.js: no such module" in pack["failed"]["lost.js"]


def _requests_and_boot(url: str) -> tuple[list[str], dict]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 360, "height": 800})
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(url)
        page.wait_for_function("window.__gym && window.__gym.ready || window.__gymBootError", timeout=30_000)
        result = page.evaluate("({error: window.__gymBootError || null, errors: window.__gymBootErrors || [],"
                               " apps: window.__gym ? Object.keys(__gym.getState().apps) : []})")
        # a stack trace from runtime code: the device refuses an unknown setState mode
        result["stack"] = page.evaluate(
            "() => { try { __gym.setState({}, {mode: 'bad'}); } catch (e) { return e.stack; } }")
        browser.close()
    return requests, result


@requires_chromium
def test_the_phone_boots_from_the_pack_in_a_few_requests():
    server = StaticServer()
    try:
        requests, result = _requests_and_boot(server.url + "phone/index.html")
    finally:
        server.close()
    assert result["error"] is None and result["errors"] == []
    assert len(result["apps"]) >= 20
    assert not [u for u in requests if u.endswith(".js") and "/apps/" in u]  # no app module was fetched on its own
    assert len(requests) <= 10, requests
    # the trace names the module's own file, line and column, as a natively loaded module's does
    assert _throw_site("runtime/core/device.js", "setState mode must") in result["stack"], result["stack"]
    assert "modules.js" not in result["stack"]


def _throw_site(module_id: str, message: str) -> str:
    """Return ``<module_id>:<line>:<column>`` of the ``new Error`` on the line that has ``message``."""
    for n, line in enumerate((MOCKED_APPS / module_id).read_text().splitlines(), start=1):
        if message in line:
            return f"/{module_id}:{n}:{line.index('new Error') + 1}"
    raise AssertionError(f"{message!r} is not in {module_id}")


def test_pack_lines_point_at_each_module_line():
    pack = build_pack(MOCKED_APPS, ["runtime/core/device.js", "runtime/ui/bridge.js", "apps/notes/view.js"])
    text = pack_script(pack).split("\n")
    starts = dict(json.loads(text[-2].removeprefix("export const lines = ").removesuffix(";")))
    assert set(starts) == set(pack["modules"])
    for module_id, first in starts.items():
        source = (MOCKED_APPS / module_id).read_text().split("\n")
        for n, line in enumerate(source, start=1):
            if not line.startswith(("import", "export")):  # the lines the rewrite leaves as they are
                assert text[first + n - 2] == line, (module_id, n)


def _copy_root(tmp_path, apps: list[str]):
    root = tmp_path / "root"
    shutil.copytree(MOCKED_APPS, root, ignore=shutil.ignore_patterns("*.test.js", "node"))
    catalog = json.loads((root / "catalog.json").read_text())
    catalog["phone"]["apps"] = apps
    (root / "catalog.json").write_text(json.dumps(catalog))
    return root


def _boot_root(root, page="phone/index.html"):
    server = StaticServer(root=root)
    try:
        return _requests_and_boot(server.url + page)
    finally:
        server.close()


def _fetched(requests, app):
    return [u for u in requests if f"/apps/{app}/" in u and u.endswith(".js")]


@requires_chromium
def test_a_refused_module_loads_natively_and_pack_0_turns_the_pack_off(tmp_path):
    root = _copy_root(tmp_path, ["contacts", "clock"])
    view = root / "apps" / "clock" / "view.js"
    view.write_text(view.read_text() + "\nexport const here = import.meta.url;\n")  # refused: clock loads natively
    requests, result = _boot_root(root)
    assert result["error"] is None and result["errors"] == [] and {"contacts", "clock"} <= set(result["apps"])
    assert _fetched(requests, "clock") and not _fetched(requests, "contacts")
    requests, result = _boot_root(root, "phone/index.html?pack=0")
    assert result["errors"] == [] and _fetched(requests, "contacts") and not any("modules.js" in u for u in requests)
    assert _throw_site("runtime/core/device.js", "setState mode must") in result["stack"]


@requires_chromium
def test_a_module_that_does_not_parse_sends_the_device_native_and_leaves_its_app_out(tmp_path):
    root = _copy_root(tmp_path, ["contacts", "notes"])
    logic = root / "apps" / "notes" / "logic.js"
    logic.write_text(logic.read_text() + "\nexport const broken = ;\n")  # the pack module no longer parses
    requests, result = _boot_root(root)
    assert result["error"] is None
    assert len(result["errors"]) == 1 and result["errors"][0].startswith("notes: ")
    assert "contacts" in result["apps"] and "notes" not in result["apps"]
    assert _fetched(requests, "contacts")  # the rest of the device booted from its own files
