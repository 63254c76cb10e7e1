"""The ES modules of ``mocked_apps/`` as one module pack: a device page boots with one request for its code.

A phone boots ~70 modules (the runtime, each app's logic and view and their helpers). Loaded natively each is a
request, and every request costs the renderer, the browser, the network service and the CDP client a round of
events: for 32 boots ~1 s of CPU. The pack serves the same modules as one ES module (:func:`pack_script`): a
``factories`` object of functions ``(__require, __exports, __reexport)``, one per module, whose body is the
module rewritten: ``import d, {a, b as c} from './x.js'`` becomes ``const {default: d, a, b: c} =
__require(id)``, ``import * as X`` becomes ``const X = __require(id)`` and ``import './x.js'`` becomes
``__require(id)``, all hoisted to the top as ESM imports are. Exports become getters on ``__exports`` (live, like
ESM bindings; ``export default`` reads a declaration or a ``__default`` constant) and ``export * from`` copies
the other module's getters except ``default``. ``boot.js`` calls the factories in dependency order. Being one
real script, the pack is compiled once per renderer process and its code is shared by every page there, as
native modules' code is.

The rewrite covers static ES module syntax and refuses the rest (a dependency cycle, a bare or outside-the-root
specifier, ``import.meta``, anything it cannot read): a root whose closure has such a module is listed under
``failed`` and boots through native ``import()`` as before. If the pack does not load at all (a syntax error in
any module), the whole device boots natively, and a broken app is left out and reported as before.
``?pack=0`` on a device page's URL boots natively too. Either way stack traces name the modules' own files,
lines and columns: the pack keeps each module's lines and exports where each begins (``lines``), and ``boot.js``
maps the pack's frames back. App logic still runs as real ES modules in the Node tests.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

_NAME = r"[A-Za-z_$][\w$]*"
_SPEC = r"""(?P<q>['"])(?P<spec>[^'"\n]+)(?P=q)"""
_IMPORT = re.compile(rf"^import\s*(?:(?P<default>{_NAME})\s*(?:,\s*)?)?(?P<what>\{{[^}}]*\}}|\*\s*as\s+{_NAME})?"
                     rf"\s*from\s*{_SPEC}[ \t]*;?", re.M)
_SIDE_EFFECT_IMPORT = re.compile(rf"^import\s*{_SPEC}[ \t]*;?", re.M)
_EXPORT_FROM = re.compile(rf"^export\s*(?P<what>\{{[^}}]*\}}|\*)\s*from\s*{_SPEC}[ \t]*;?", re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}[ \t]*;?", re.M)
_EXPORT_DEFAULT_DECL = re.compile(rf"^export\s+default\s+(?P<kind>(?:async\s+)?function\s*\*?|class)"
                                  rf"(?:\s*(?!extends\b)(?P<name>{_NAME}))?", re.M)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\s+", re.M)
_EXPORT_DECL = re.compile(rf"^export\s+(?=(?:async\s+)?function\b|const\b|let\b|var\b|class\b)"
                          rf"((?:async\s+)?function\s*\*?\s*({_NAME})|(?:const|let|var|class)\s+({_NAME}))", re.M)
_LEFTOVER = re.compile(r"^[ \t]*(?:import\b(?!\s*\()|export\b)", re.M)


class ModuleError(ValueError):
    """A module the pack cannot carry (syntax it does not rewrite, a cycle, a path outside the root)."""


def _pairs(names: str) -> list[tuple[str, str]]:
    """Return (imported, local) pairs of ``a, b as c``."""
    out = []
    for part in names.strip().strip("{}").split(","):
        part = part.strip()
        if not part:
            continue
        bits = part.split()
        if len(bits) == 1 and re.fullmatch(_NAME, bits[0]):
            out.append((bits[0], bits[0]))
        elif len(bits) == 3 and bits[1] == "as" and re.fullmatch(_NAME, bits[0]) and re.fullmatch(_NAME, bits[2]):
            out.append((bits[0], bits[2]))
        else:
            raise ModuleError(f"cannot read the names {part!r}")
    return out


_CLOSE = {")": "(", "]": "[", "}": "{"}


def _declares_several(text: str, start: int) -> bool:
    """Return whether the ``const``/``let``/``var`` statement whose first name ends at ``start`` declares more names:
    a comma outside brackets, strings and comments before the statement ends (``;``, or a line break that no
    leading comma continues). Regex literals are not told from division; a comma in one reads as another name,
    which only sends the module to native loading."""
    depth: list[str] = []
    i, n = start, len(text)
    while i < n:
        c = text[i]
        if c in "'\"`":  # a string or template literal (its ${...} parts are skipped with it)
            i += 1
            while i < n and text[i] != c:
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            if i < 0:
                return False
            continue
        elif text.startswith("/*", i):
            i = text.find("*/", i) + 1 or n
        elif c in "([{":
            depth.append(c)
        elif c in ")]}":
            if not depth or depth.pop() != _CLOSE[c]:
                return False  # the statement's end, seen from inside something it closes
        elif not depth and c == ",":
            return True
        elif not depth and c == ";":
            return False
        elif not depth and c == "\n":
            rest = text[i + 1:].lstrip()
            if rest.startswith(","):
                return True
            prev = text[start:i].rstrip()
            if not prev or prev[-1] not in "=+-*/%&|^<>?:!~(":
                return False  # a line that ends a complete expression ends the statement
        i += 1
    return False


def _same_lines(text: str, original: str) -> str:
    return text + "\n" * original.count("\n")


def rewrite(source: str, module_id: str) -> tuple[str, list[str]]:
    """Return (function body, dependency ids) of the module ``module_id`` (a path relative to the root)."""
    deps: list[str] = []
    requires: list[str] = []  # hoisted to the header: as in ESM, dependencies run before the module's own code
    getters: dict[str, str] = {}  # exported name -> JS expression of its value
    stars: list[str] = []

    def resolve(spec: str) -> str:
        if not spec.startswith(("./", "../")):
            raise ModuleError(f"{module_id}: only relative imports are packed (got {spec!r})")
        target = posixpath.normpath(posixpath.join(posixpath.dirname(module_id), spec))
        if target.startswith("../") or target == "..":
            raise ModuleError(f"{module_id}: {spec!r} points outside mocked_apps/")
        deps.append(target)
        return target

    def on_import(m: re.Match) -> str:
        default, what, target = m.group("default"), m.group("what"), resolve(m.group("spec"))
        if default is None and what is None:
            raise ModuleError(f"{module_id}: cannot read {m.group(0)!r}")
        if what and what.startswith("*"):
            if default:
                requires.append(f"const {{ default: {default} }} = __require({json.dumps(target)});")
            requires.append(f"const {what.split()[-1]} = __require({json.dumps(target)});")
        else:
            pairs = ([("default", default)] if default else []) + (_pairs(what) if what else [])
            names = ", ".join(a if a == b else f"{a}: {b}" for a, b in pairs)
            requires.append(f"const {{ {names} }} = __require({json.dumps(target)});")
        return _same_lines("", m.group(0))

    def on_side_effect_import(m: re.Match) -> str:
        requires.append(f"__require({json.dumps(resolve(m.group('spec')))});")
        return _same_lines("", m.group(0))

    def on_export_from(m: re.Match) -> str:
        target = resolve(m.group("spec"))
        if m.group("what") == "*":
            stars.append(target)
            return _same_lines("", m.group(0))
        var = f"__from{len(deps)}"
        for a, b in _pairs(m.group("what")):
            getters[b] = f"{var}.{a}"
        requires.append(f"const {var} = __require({json.dumps(target)});")
        return _same_lines("", m.group(0))

    def on_export_default_decl(m: re.Match) -> str:
        # a declaration keeps its hoisting; an anonymous one is given the name the default binding reads
        name = m.group("name") or "__default"
        getters["default"] = name
        return f"{m.group('kind')} {name}"

    def on_export_default(m: re.Match) -> str:
        getters["default"] = "__default"
        return "const __default = "

    def on_export_list(m: re.Match) -> str:
        for a, b in _pairs(m.group(1)):
            getters[b] = a
        return _same_lines("", m.group(0))

    def on_export_decl(m: re.Match) -> str:
        name = m.group(2) or m.group(3)
        if m.group(3) and not m.group(1).startswith("class") and _declares_several(m.string, m.end()):
            line = m.string[:m.start()].count("\n") + 1
            raise ModuleError(f"{module_id}:{line}: an export declaring several bindings ('export const a = 1, b = 2') "
                              "is not packed")
        getters[name] = name
        return m.group(1)

    body = _IMPORT.sub(on_import, source)
    body = _SIDE_EFFECT_IMPORT.sub(on_side_effect_import, body)
    body = _EXPORT_FROM.sub(on_export_from, body)
    body = _EXPORT_LIST.sub(on_export_list, body)
    body = _EXPORT_DEFAULT_DECL.sub(on_export_default_decl, body)
    body = _EXPORT_DEFAULT.sub(on_export_default, body)
    body = _EXPORT_DECL.sub(on_export_decl, body)
    left = _LEFTOVER.search(body)
    if left:
        line = body[:left.start()].count("\n") + 1
        raise ModuleError(f"{module_id}:{line}: module syntax the pack does not rewrite: {body[left.start():].splitlines()[0]!r}")
    if "import.meta" in body:
        raise ModuleError(f"{module_id}: uses import.meta")
    header = ["'use strict';", *requires]
    if getters:  # before the body, as ESM bindings are: a getter reads its binding when called
        props = ", ".join(f"{json.dumps(k)}: {{ get: () => {v}, enumerable: true }}" for k, v in getters.items())
        header.append(f"Object.defineProperties(__exports, {{ {props} }});")
    for target in stars:
        header.append(f"__reexport(__exports, __require({json.dumps(target)}));")
    # One header line: the body keeps its line numbers, shifted by one.
    return " ".join(header) + "\n" + body, deps


def build_pack(root: Path, roots: list[str]) -> dict:
    """Return the pack of ``roots`` (module ids) and everything they import, as a JSON-ready dict."""
    modules: dict[str, str] = {}
    failed: dict[str, str] = {}

    def load(module_id: str, trail: tuple[str, ...]) -> None:
        if module_id in trail:
            raise ModuleError(f"import cycle: {' -> '.join(trail[trail.index(module_id):] + (module_id,))}")
        if module_id in modules:
            return
        if module_id in failed:
            raise ModuleError(failed[module_id])
        path = (root / module_id).resolve()
        if root.resolve() not in path.parents or not path.is_file():
            raise ModuleError(f"{module_id}: no such module under mocked_apps/")
        try:
            body, deps = rewrite(path.read_text(), module_id)
            for dep in deps:
                load(dep, trail + (module_id,))
        except ModuleError as exc:
            failed[module_id] = str(exc)
            raise
        modules[module_id] = body

    packed = []
    for root_id in roots:
        try:
            load(root_id, ())
            packed.append(root_id)
        except ModuleError as exc:
            failed.setdefault(root_id, str(exc))
    return {"modules": modules, "roots": packed, "failed": failed}


def pack_script(pack: dict) -> str:
    """Return the pack as the text of one ES module.

    It exports ``roots``, ``failed``, ``factories`` (id -> function) and ``lines`` (id -> the pack's line number
    of the module's first line: a module's line L is the pack's line ``lines[id] + L - 1``, which ``boot.js``
    uses to make stack traces name the modules' own files).
    """
    lines = [f"export const roots = {json.dumps(pack['roots'])};", f"export const failed = {json.dumps(pack['failed'])};",
             "export const factories = {"]
    first: dict[str, int] = {}
    count = len(lines)
    for module_id, body in pack["modules"].items():
        lines.append(f"{json.dumps(module_id)}: function (__require, __exports, __reexport) {{ // {module_id}")
        lines.append(body)
        lines.append("},")
        # the factory line, then the body: one header line, then the module's own lines
        first[module_id] = count + 3
        count += 2 + body.count("\n") + 1
    lines.append("};")
    lines.append(f"export const lines = {json.dumps(first)};")
    return "\n".join(lines) + "\n"
