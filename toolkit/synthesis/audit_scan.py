"""Static scan of a verifier's source for reward hacks (AST only, nothing is imported or run).

A verifier is a pure function of (initial, final, params, answer, trajectory, world): it may compute,
but not reach the outside world (processes, network, files, clock, randomness), not look at anything a
task keeps from the agent (golden states, reference solutions, hidden answers), not inspect the
interpreter, and its criteria must depend on what the agent left behind (``ctx.final`` / ``ctx.answer``).
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from toolkit.synthesis.audit_criteria import CONTEXT_FIELDS, check_claims, check_criteria


class Finding(BaseModel):
    """One static-scan hit: what kind of hack, where, and why."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    line: int
    message: str


#: Every kind the scan reports, with what it means.
KINDS = {
    "syntax_error": "the file does not parse",
    "missing_function": "the named verifier function is not defined at module level",
    "constant_result": "a criterion's value does not depend on the inputs (always the same answer)",
    "ignores_final": "a criterion never looks at the final state or the submitted answer",
    "tautology": "a comparison of an expression with itself, or a condition that is always true",
    "existence_only": "criteria only check that something exists, never its value",
    "catch_all": "a catch-everything handler that turns errors into a pass",
    "trajectory_claim": "success is read from the agent's own actions or claims instead of the state",
    "reads_golden": "reads a golden state, a reference solution or a task file",
    "reads_answer_context": "reads hidden answer context (anything on ctx beyond the verifier contract)",
    "subprocess": "starts processes",
    "network": "uses the network",
    "file_write": "writes, moves or deletes files",
    "file_read": "reads files or lists folders (verifiers read only ctx and ctx.world)",
    "eval_exec": "evaluates code built at run time (eval, exec, compile, pickle, code objects)",
    "dynamic_import": "imports modules by name at run time or edits the import system",
    "host_time": "reads the host clock (verifiers read the virtual clock from the state)",
    "randomness": "uses randomness or process-dependent values (random, uuid4, hash(), id())",
    "introspection": "inspects or patches the interpreter (frames, globals, dunder attributes, sys, gc)",
    "global_state": "keeps state across calls (module-level variables changed by a function): attempts influence each other",
    "forbidden_import": "imports a module outside the verifier allow-list",
}

# Pure computation only; `time`, `datetime` and `types` are allowed but their clock/code attributes are not.
ALLOWED_MODULES = {
    "__future__", "re", "math", "cmath", "json", "datetime", "time", "collections", "itertools", "functools",
    "operator", "statistics", "string", "decimal", "fractions", "numbers", "typing", "typing_extensions",
    "dataclasses", "enum", "unicodedata", "bisect", "heapq", "difflib", "copy", "calendar", "textwrap", "fnmatch",
    "ast", "zoneinfo", "types", "abc", "hashlib",
}
_MODULE_KINDS = {
    "subprocess": ("subprocess", "multiprocessing", "pty", "pexpect", "sh", "concurrent", "asyncio", "threading",
                   "_thread", "signal"),
    "network": ("socket", "ssl", "urllib", "urllib3", "http", "requests", "httpx", "aiohttp", "ftplib", "smtplib",
                "poplib", "imaplib", "telnetlib", "xmlrpc", "websocket", "websockets", "socketserver", "select",
                "selectors", "webbrowser", "email"),
    "file_read": ("io", "pathlib", "glob", "fileinput", "linecache", "shelve", "dbm", "sqlite3", "csv", "yaml",
                  "tomllib", "zipfile", "tarfile", "gzip", "bz2", "lzma", "mmap", "configparser", "os", "posix"),
    "file_write": ("shutil", "tempfile"),
    "eval_exec": ("code", "codeop", "marshal", "pickle", "_pickle", "dill", "cloudpickle", "dis"),
    "dynamic_import": ("importlib", "imp", "pkgutil", "runpy", "zipimport", "builtins", "modulefinder", "site"),
    "randomness": ("random", "secrets", "uuid", "numpy"),
    "introspection": ("sys", "inspect", "gc", "ctypes", "cffi", "traceback", "trace", "faulthandler", "atexit",
                      "resource", "weakref", "_testcapi", "pdb", "bdb", "tracemalloc", "platform"),
}
MODULE_KIND = {m: k for k, mods in _MODULE_KINDS.items() for m in mods}

# Qualified names (after import aliases are resolved) → kind; a prefix match on dotted names.
_QUALIFIED = {
    "subprocess": ("os.system", "os.popen", "os.exec", "os.spawn", "os.fork", "os.forkpty", "os.posix_spawn",
                   "os.kill", "os.killpg", "os.startfile"),
    "file_write": ("os.remove", "os.unlink", "os.rename", "os.renames", "os.replace", "os.mkdir", "os.makedirs",
                   "os.rmdir", "os.removedirs", "os.truncate", "os.chmod", "os.chown", "os.link", "os.symlink",
                   "os.utime", "os.write", "os.putenv", "os.unsetenv", "json.dump", "pickle.dump"),
    "file_read": ("os.open", "os.read", "os.listdir", "os.scandir", "os.walk", "os.stat", "os.lstat", "os.path",
                  "os.getcwd", "os.environ", "os.getenv", "json.load", "io.open", "pathlib.Path",
                  "inspect.getsource", "inspect.getfile"),
    "eval_exec": ("types.FunctionType", "types.CodeType", "types.LambdaType", "pickle.loads"),
    "host_time": ("time.time", "time.monotonic", "time.perf_counter", "time.process_time", "time.thread_time",
                  "time.clock_gettime", "datetime.datetime.now", "datetime.datetime.today", "datetime.datetime.utcnow",
                  "datetime.date.today"),
    "randomness": ("os.urandom", "os.getrandom", "uuid.uuid1", "uuid.uuid4"),
    "introspection": ("sys._getframe", "sys.settrace", "sys.setprofile", "sys.modules", "sys.path"),
}
_NOW_IF_NO_ARG = {"time.localtime": 0, "time.gmtime": 0, "time.ctime": 0, "time.asctime": 0, "time.strftime": 1}
_BUILTIN_KINDS = {
    "eval": "eval_exec", "exec": "eval_exec", "compile": "eval_exec", "breakpoint": "eval_exec",
    "__import__": "dynamic_import", "__build_class__": "introspection", "__loader__": "dynamic_import",
    "__spec__": "dynamic_import", "__builtins__": "introspection", "__file__": "file_read", "open": "file_read",
    "input": "file_read", "globals": "introspection", "locals": "introspection", "vars": "introspection",
    "setattr": "introspection", "delattr": "introspection", "exit": "introspection", "quit": "introspection",
    "hash": "randomness", "id": "randomness", "help": "introspection",
}
_PATH_WRITE = {"write_text", "write_bytes", "unlink", "mkdir", "touch", "rmdir", "symlink_to", "hardlink_to",
               "chmod", "writelines"}
_PATH_READ = {"read_text", "read_bytes", "iterdir", "rglob", "readlines", "read"}
_FRAME_ATTRS = {"f_back", "f_globals", "f_locals", "f_builtins", "f_code", "tb_frame", "tb_next", "gi_frame",
                "gi_code", "cr_frame", "ag_frame", "co_code", "co_consts", "func_globals"}
_DUNDER_OK = {"__name__", "__doc__", "__init__", "__future__"}
# Identifiers (names, attributes) that name golden data or hidden answer context.
_GOLDEN_RE = re.compile(r"golden|(^|_)gold($|_)|reference_?(solution|state|log|final)|expected_?(state|final)|"
                        r"oracle|cheat", re.I)
_ANSWER_RE = re.compile(r"answer_?key|hidden_?(answer|context|requirement|value|expected)|expected_?answer|"
                        r"ground_?truth|gt_?answer|correct_?answer|(^|_)solutions?($|_)|requirements|"
                        r"(^|_)evidence($|_)|key_facts", re.I)
# String literals are data (an expected value may well say "gold" or "reference"): only paths are judged.
_PATH_RE = re.compile(r"[/\\]|\.(json|jsonl|ya?ml|py|txt|csv|pkl|pickle|npz)$", re.I)
_GOLDEN_PATH_RE = re.compile(r"gold|reference|expected|oracle|cheat|solution|task_bank|\.ya?ml$|/runs?/", re.I)
_ANSWER_PATH_RE = re.compile(r"requirements|hidden|answer|evidence|truth", re.I)


#: Vetted modules a verifier may import: the checks the verifier worker provides (toolkit/tasks/verifier_checks.py).
VETTED_MODULES = {"verifier_checks"}


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
            elif node.id not in m.bound and node.id in _BUILTIN_KINDS:
                self.add(_BUILTIN_KINDS[node.id], node, f"uses {node.id}")
            if node.id not in m.bound and hasattr(builtins, node.id) is False and node.id.startswith("__"):
                self.add("introspection", node, f"uses {node.id}")
            self._words(node.id, node)
        elif isinstance(node, ast.Attribute):
            self._attribute(node)
        elif isinstance(node, ast.Call):
            self._call(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            self._words(node.value, node, literal=True)
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
        for kind, prefixes in _QUALIFIED.items():
            if _matches(qual, prefixes):
                self.add(kind, node, f"uses {qual}")
                return

    def _words(self, text: str, node: ast.AST, literal: bool = False) -> None:
        golden, answer = (_GOLDEN_PATH_RE, _ANSWER_PATH_RE) if literal else (_GOLDEN_RE, _ANSWER_RE)
        if literal and not _PATH_RE.search(text):
            return
        if golden.search(text):
            self.add("reads_golden", node, f"refers to golden/reference data: {text[:60]!r}")
        elif answer.search(text):
            self.add("reads_answer_context", node, f"refers to hidden answer context: {text[:60]!r}")

    def _attribute(self, node: ast.Attribute) -> None:
        attr = node.attr
        root = node.value
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in self.m.aliases:  # a chain on an imported name
            self._qualified(self.m.qualname(node) or "", node)
        if attr.startswith("__") and attr.endswith("__") and attr not in _DUNDER_OK:
            self.add("introspection", node, f"uses the dunder attribute {attr}")
        elif attr in _FRAME_ATTRS:
            self.add("introspection", node, f"uses the frame/code attribute {attr}")
        if isinstance(node.value, ast.Name) and node.value.id in self.ctx and attr not in CONTEXT_FIELDS:
            kind = "reads_golden" if _GOLDEN_RE.search(attr) else "reads_answer_context"
            self.add(kind, node, f"reads ctx.{attr}, which is not part of the verifier context")
        self._words(attr, node) if not (isinstance(node.value, ast.Name) and node.value.id in self.ctx) else None

    def _call(self, node: ast.Call) -> None:
        m = self.m
        qual = m.qualname(node.func) or ""
        func = node.func
        if (self.in_function and isinstance(func, ast.Attribute) and func.attr in _MUTATING_METHODS
                and isinstance(func.value, ast.Name) and func.value.id in m.module_names):
            self.add("global_state", node, f"changes the module-level {func.value.id} (.{func.attr})")
        if qual in _NOW_IF_NO_ARG and len(node.args) <= _NOW_IF_NO_ARG[qual] and not node.keywords:
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
            elif name.value.startswith("__") or name.value in _FRAME_ATTRS:
                self.add("introspection", node, f"{node.func.id}(..., {name.value!r})")
            elif (isinstance(node.args[0], ast.Name) and node.args[0].id in self.ctx
                  and name.value not in CONTEXT_FIELDS):
                self.add("reads_answer_context", node,
                         f"reads ctx.{name.value}, which is not part of the verifier context")
        if isinstance(node.func, ast.Attribute):
            if node.func.attr in _PATH_WRITE:
                self.add("file_write", node, f".{node.func.attr}() writes the file system")
            elif node.func.attr in _PATH_READ and not qual.startswith("re."):
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
