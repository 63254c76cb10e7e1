"""Static scan of a verifier's source for reward hacks (AST only, nothing is imported or run).

A verifier is a pure function of (initial, final, params, answer, trajectory, world): it may compute,
but not reach the outside world (processes, network, files, clock, randomness), not look at anything a
task keeps from the agent (golden states, reference solutions, hidden answers), not inspect the
interpreter, and its criteria must depend on what the agent left behind (``ctx.final`` / ``ctx.answer``).
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from toolkit.synthesis.audit_criteria import CONTEXT_FIELDS, check_claims, check_criteria
from toolkit.synthesis.audit_rules import (  # noqa: F401 (KINDS is re-exported)
    ALLOWED_MODULES,
    ANSWER_PATH_RE,
    BUILTIN_KINDS,
    DUNDER_OK,
    FILE_API,
    FILE_METHODS,
    FRAME_ATTRS,
    GOLDEN_PATH_RE,
    GOLDEN_RE,
    KINDS,
    MODULE_KIND,
    NOW_IF_NO_ARG,
    PATH_READ,
    PATH_WRITE,
    QUALIFIED,
    VETTED_MODULES,
)


class Finding(BaseModel):
    """One static-scan hit: what kind of hack, where, and why."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    line: int
    message: str


def _allowed_module(name: str) -> bool:
    return name in VETTED_MODULES or name.split(".")[0] in ALLOWED_MODULES


def _kind_of_module(name: str) -> str:
    root = name.split(".")[0]
    return MODULE_KIND.get(root, "forbidden_import")


class _Module:
    """Module-level facts: import aliases, bound names, functions."""

    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.aliases: dict[str, str] = {}
        self.bound: set[str] = set()
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda] = {}
        self.memo: dict[tuple, Any] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    self.aliases[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    self.aliases[a.asname or a.name] = f"{node.module}.{a.name}"
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.bound.add(node.id)
            elif isinstance(node, ast.arg):
                self.bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.bound.add(node.name)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.bound.add(node.name)
            elif isinstance(node, (ast.alias,)):
                self.bound.add((node.asname or node.name).split(".")[0])
        # Names bound by module-level assignments (data a function could keep state in).
        self.module_names = {t.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
                             for t in ast.walk(node) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        self.functions[t.id] = node.value

    def qualname(self, node: ast.AST) -> str | None:
        """Return the dotted name an expression refers to, through import aliases (None if not a name)."""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id, node.id)
        if isinstance(node, ast.Attribute):
            base = self.qualname(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def reachable(self, start: str) -> list[ast.AST]:
        """Return the function ``start`` and every module-level function it references, transitively."""
        if ("reachable", start) not in self.memo:
            self.memo[("reachable", start)] = self._reachable(start)
        return self.memo[("reachable", start)]

    def _reachable(self, start: str) -> list[ast.AST]:
        seen, todo, out = set(), [start], []
        while todo:
            name = todo.pop()
            if name in seen or name not in self.functions:
                continue
            seen.add(name)
            fn = self.functions[name]
            out.append(fn)
            todo.extend(n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id in self.functions)
        return out


def _matches(qual: str, prefixes: Iterable[str]) -> bool:
    return any(qual == p or qual.startswith(p + ".") or (p.endswith(("exec", "spawn")) and qual.startswith(p))
               for p in prefixes)


_MUTATING_METHODS = {"append", "extend", "add", "update", "insert", "setdefault", "pop", "popitem", "remove",
                     "discard", "clear", "appendleft", "extendleft", "sort", "reverse"}


class _Scanner:
    def __init__(self, module: _Module, context_names: set[str], in_function: bool = False):
        self.m = module
        self.ctx = context_names
        self.in_function = in_function
        self.findings: list[Finding] = []
        self.file_strings: set[int] = set()  # ids of string constants that name files (arguments of file APIs)

    def add(self, kind: str, node: ast.AST, message: str) -> None:
        self.findings.append(Finding(kind=kind, line=getattr(node, "lineno", 0), message=message))

    def scan(self, nodes: Iterable[ast.AST]) -> None:
        for root in nodes:
            for node in ast.walk(root):
                self.visit(node)

    def visit(self, node: ast.AST) -> None:
        m = self.m
        if isinstance(node, ast.Import):
            for a in node.names:
                if not _allowed_module(a.name):
                    self.add(_kind_of_module(a.name), node, f"imports {a.name}")
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                self.add("dynamic_import", node, f"relative import from {'.' * node.level}{mod}")
            elif not _allowed_module(mod):
                self.add(_kind_of_module(mod), node, f"imports from {mod}")
            for a in node.names:
                if a.name == "*":
                    self.add("dynamic_import", node, f"star import from {mod}")
                else:
                    self._qualified(f"{mod}.{a.name}", node)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            qual = m.aliases.get(node.id)
            if qual:
                self._qualified(qual, node)
            elif node.id not in m.bound and node.id in BUILTIN_KINDS:
                self.add(BUILTIN_KINDS[node.id], node, f"uses {node.id}")
            if node.id not in m.bound and hasattr(builtins, node.id) is False and node.id.startswith("__"):
                self.add("introspection", node, f"uses {node.id}")
        elif isinstance(node, ast.Attribute):
            self._attribute(node)
        elif isinstance(node, ast.Call):
            self._call(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) in self.file_strings:
            self._file_words(node.value, node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and any(
                self._file_call(n) for n in ast.walk(node)):
            self._mark_file_strings(node)  # Path(...) / "golden.json"
        elif isinstance(node, ast.Compare):
            self._compare(node)
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            if any(isinstance(v, ast.Constant) and v.value is True for v in node.values):
                self.add("tautology", node, "`or` with a constant true operand is always true")
        elif isinstance(node, ast.Try):
            self._try(node)
        elif isinstance(node, ast.With):
            for item in node.items:
                call = item.context_expr
                if isinstance(call, ast.Call) and (m.qualname(call.func) or "").endswith("suppress") and any(
                        (m.qualname(a) or "") in ("Exception", "BaseException") for a in call.args):
                    self.add("catch_all", node, "suppress(Exception) hides every failure")
        elif isinstance(node, ast.Global):
            self.add("global_state", node, f"rebinds module-level names ({', '.join(node.names)})")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)) and self.in_function:
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                base = t
                while isinstance(base, (ast.Subscript, ast.Attribute)):
                    base = base.value
                if base is not t and isinstance(base, ast.Name) and base.id in m.module_names:
                    self.add("global_state", node, f"changes the module-level {base.id}")

    def _qualified(self, qual: str, node: ast.AST) -> None:
        for kind, prefixes in QUALIFIED.items():
            if _matches(qual, prefixes):
                self.add(kind, node, f"uses {qual}")
                return

    def _file_words(self, text: str, node: ast.AST) -> None:
        # Only strings that name files are judged: a local name (expected_answer) or a data value ("Documents/
        # Reference") says nothing about where a verifier reads from, so words in them are not findings.
        if GOLDEN_PATH_RE.search(text):
            self.add("reads_golden", node, f"opens golden/reference data: {text[:60]!r}")
        elif ANSWER_PATH_RE.search(text):
            self.add("reads_answer_context", node, f"opens hidden answer context: {text[:60]!r}")

    def _file_call(self, node: ast.AST) -> bool:
        """Return True for a call of a file API: open(), Path(), os.path.*, or a path method such as .with_name()."""
        if not isinstance(node, ast.Call):
            return False
        qual = self.m.qualname(node.func) or ""
        if _matches(qual, FILE_API) and not (isinstance(node.func, ast.Name) and node.func.id in self.m.bound
                                            and node.func.id not in self.m.aliases):
            return True
        return isinstance(node.func, ast.Attribute) and node.func.attr in FILE_METHODS

    def _mark_file_strings(self, node: ast.AST) -> None:
        self.file_strings.update(id(n) for n in ast.walk(node)
                                 if isinstance(n, ast.Constant) and isinstance(n.value, str))

    def _attribute(self, node: ast.Attribute) -> None:
        attr = node.attr
        root = node.value
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in self.m.aliases:  # a chain on an imported name
            self._qualified(self.m.qualname(node) or "", node)
        if attr.startswith("__") and attr.endswith("__") and attr not in DUNDER_OK:
            self.add("introspection", node, f"uses the dunder attribute {attr}")
        elif attr in FRAME_ATTRS:
            self.add("introspection", node, f"uses the frame/code attribute {attr}")
        if isinstance(node.value, ast.Name) and node.value.id in self.ctx and attr not in CONTEXT_FIELDS:
            kind = "reads_golden" if GOLDEN_RE.search(attr) else "reads_answer_context"
            self.add(kind, node, f"reads ctx.{attr}, which is not part of the verifier context")

    def _call(self, node: ast.Call) -> None:
        m = self.m
        qual = m.qualname(node.func) or ""
        func = node.func
        if self._file_call(node):  # the strings it is given name files: judge their words (visited after this node)
            self._mark_file_strings(node)
        if (self.in_function and isinstance(func, ast.Attribute) and func.attr in _MUTATING_METHODS
                and isinstance(func.value, ast.Name) and func.value.id in m.module_names):
            self.add("global_state", node, f"changes the module-level {func.value.id} (.{func.attr})")
        if qual in NOW_IF_NO_ARG and len(node.args) <= NOW_IF_NO_ARG[qual] and not node.keywords:
            self.add("host_time", node, f"{qual}() without a time argument reads the host clock")
        if isinstance(node.func, ast.Name) and node.func.id == "open" and "open" not in m.bound:
            mode = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "mode"), None)
            if isinstance(mode, ast.Constant) and isinstance(mode.value, str) and set(mode.value) & set("wax+"):
                self.add("file_write", node, f"open(..., {mode.value!r}) writes a file")
        if isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr") and "getattr" not in m.bound:
            name = node.args[1] if len(node.args) > 1 else None
            if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
                self.add("introspection", node, f"{node.func.id} with a computed attribute name")
            elif name.value.startswith("__") or name.value in FRAME_ATTRS:
                self.add("introspection", node, f"{node.func.id}(..., {name.value!r})")
            elif (isinstance(node.args[0], ast.Name) and node.args[0].id in self.ctx
                  and name.value not in CONTEXT_FIELDS):
                self.add("reads_answer_context", node,
                         f"reads ctx.{name.value}, which is not part of the verifier context")
        if isinstance(node.func, ast.Attribute):
            if node.func.attr in PATH_WRITE:
                self.add("file_write", node, f".{node.func.attr}() writes the file system")
            elif node.func.attr in PATH_READ and not qual.startswith("re."):
                self.add("file_read", node, f".{node.func.attr}() reads the file system")

    def _compare(self, node: ast.Compare) -> None:
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.Eq, ast.Is, ast.LtE, ast.GtE)) and ast.dump(left) == ast.dump(right):
                self.add("tautology", node, "compares an expression with itself")
            left = right

    def _try(self, node: ast.Try) -> None:
        for handler in node.handlers:
            broad = handler.type is None or (self.m.qualname(handler.type) or "") in ("Exception", "BaseException")
            if broad and any(_truthy_return(n) for stmt in handler.body for n in ast.walk(stmt)):
                self.add("catch_all", handler, "a catch-all handler returns a pass")


def _truthy_return(node: ast.AST) -> bool:
    if not isinstance(node, ast.Return) or node.value is None:
        return False
    v = node.value
    if isinstance(v, ast.Constant):
        return bool(v.value)
    if isinstance(v, ast.Dict):
        return any(isinstance(x, ast.Constant) and bool(x.value) for x in v.values)
    if isinstance(v, ast.DictComp):
        return isinstance(v.value, ast.Constant) and bool(v.value.value)
    return isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "fromkeys"


def scan_verifier(source: str, function: str | None = None, filename: str = "<verifier>") -> list[Finding]:
    """Scan verifier source for reward hacks; ``[]`` means clean.

    Args:
        source: the Python source of the verifier file.
        function: the verifier function; then only it and the module-level helpers it calls are scanned
            (plus module-level statements, which run on import). Without it, the whole file is scanned and
            every public top-level function that takes ``ctx`` is checked as a verifier.
        filename: used in syntax-error messages.
    """
    parsed = _parse(source, filename)
    if isinstance(parsed, Finding):
        return [parsed]
    module, top = parsed
    if function is not None:
        if function not in module.functions or isinstance(module.functions[function], ast.Lambda):
            return [Finding(kind="missing_function", line=0, message=f"{filename}: no function {function!r}")]
        verifiers, bodies = [function], [f.name for f in module.reachable(function) if hasattr(f, "name")]
    else:
        verifiers = [n for n, f in module.functions.items() if not n.startswith("_") and _looks_like_verifier(f)]
        bodies = [n for n, f in module.functions.items() if not isinstance(f, ast.Lambda)]
    found = list(_unit(module, None, False, top))
    for name in dict.fromkeys(bodies + verifiers):
        found += _unit(module, name, name in verifiers, top)
    seen, out = set(), []
    for f in sorted(found, key=lambda f: (f.line, f.kind, f.message)):
        if (f.kind, f.line) not in seen:  # one finding per kind and line
            seen.add((f.kind, f.line))
            out.append(f)
    return out


def _looks_like_verifier(fn: ast.AST) -> bool:
    """A public function whose first parameter is ``ctx`` or is read like the verifier context."""
    args = getattr(getattr(fn, "args", None), "args", None)
    if isinstance(fn, ast.Lambda) or not args:
        return False
    name = args[0].arg
    return name == "ctx" or any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name
                                and n.attr in CONTEXT_FIELDS for n in ast.walk(fn))


@lru_cache(maxsize=128)
def _parse(source: str, filename: str) -> tuple[_Module, list[ast.AST]] | Finding:
    try:
        tree = ast.parse(source, filename=filename)
    except SyntaxError as exc:
        return Finding(kind="syntax_error", line=exc.lineno or 0, message=f"{filename}: {exc.msg}")
    # Module-level statements run on import; docstrings are prose, not string data.
    top = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
           and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    return _Module(tree), top


def _unit(module: _Module, name: str | None, verifier: bool, top: list[ast.AST]) -> list[Finding]:
    """Findings of one function (as a verifier or as a helper), or of the module-level code (name None); memoized."""
    key = (name, verifier)
    if key not in module.memo:
        if name is None:
            scanner = _Scanner(module, {"ctx"})
            scanner.scan(top)
        else:
            fn = module.functions[name]
            args = fn.args.args
            scanner = _Scanner(module, {"ctx", args[0].arg} if verifier and args else {"ctx"}, in_function=True)
            body = list(fn.body)
            has_doc = body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            doc = body[0] if has_doc else None
            scanner.scan([n for n in ast.iter_child_nodes(fn) if n is not doc])
            if verifier:
                check_criteria(fn, scanner.add)
            check_claims(fn, scanner.add)
        module.memo[key] = scanner.findings
    return module.memo[key]
