"""Load-time check of a task's verifier file: it parses, its imports are ones the sandbox lets through, and it defines
the function the task names.

The file is parsed, never run (verifiers run only in the sandboxed workers of :mod:`toolkit.tasks.verifier`), so
what it binds is read from the syntax: the function the task names must be bound by a statement (``def``, an
assignment, an import...). A ``from x import *`` is refused, as the names it binds cannot be read from the file; a
name bound at run time (``globals()[...] = ...``, a function's ``global``) is not seen, and the error says so. The
imports are checked against the sandbox's own table (``verifier_rules.py``): a module it refuses, a relative import,
a module outside the standard library (unless the import is inside a ``try`` that catches ImportError), a name
``verifier_checks`` does not define, ``__import__`` calls, and a top-level ``def`` of the function that is ``async``
or cannot be called with the context alone, which would fail every attempt's verdict, are errors at load instead.
"""

from __future__ import annotations

import ast
import symtable
import sys
from dataclasses import dataclass
from importlib.util import decode_source
from pathlib import Path

from toolkit.tasks import verifier_checks
from toolkit.tasks.verifier_rules import REFUSED_IMPORTS, REFUSED_WHY, THIRD_PARTY_WHY

_CHECKS = "verifier_checks"
_CHECKS_NAMES = frozenset(vars(verifier_checks))
# Calls that bind module names at run time, where the syntax does not show which.
_DYNAMIC = ("globals", "vars", "locals", "setattr", "exec", "eval")
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})
_TRY = (ast.Try, ast.TryStar)


@dataclass(frozen=True)
class _Source:
    """What the loader learns from a verifier file: the names it binds, the problems of its imports, and the places
    where it binds names at run time."""

    names: frozenset[str]
    problems: list[str]
    dynamic: list[str]
    calls: dict[str, str | None]  # a top-level def -> why it cannot be called as fn(ctx) (None: it can)


# (path, mtime_ns, size) -> what the file holds, or why it does not parse.
_CACHE: dict[tuple[str, int, int], _Source | str] = {}


def _bound(tree: symtable.SymbolTable) -> frozenset[str]:
    """Return the names the module binds by a statement: defined, assigned or imported at its top level."""
    return frozenset(s.get_name() for s in tree.get_symbols() if s.is_assigned() or s.is_imported())


def _catches_import_error(node: ast.Try) -> bool:
    for handler in node.handlers:
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if any(k is None or (isinstance(k, ast.Name) and k.id in _IMPORT_ERRORS) for k in kinds):
            return True
    return False


def _module_problem(module: str, guarded: bool) -> str | None:
    """Return why verifier code may not import ``module`` (None when it may)."""
    top = module.partition(".")[0]
    if top in REFUSED_IMPORTS:
        why = REFUSED_WHY.get(top)
        return f"imports {module}, which the verifier sandbox refuses{': ' + why if why else ''}"
    if top != _CHECKS and top not in sys.stdlib_module_names and not guarded:
        return f"imports {module}, which is not in the standard library: {THIRD_PARTY_WHY}"
    return None


def _import_problems(node: ast.Import | ast.ImportFrom, guarded: bool) -> list[str]:
    """Return the problems of one import statement (``guarded``: inside a try that catches ImportError)."""
    if isinstance(node, ast.Import):
        return [p for a in node.names if (p := _module_problem(a.name, guarded))]
    if node.level:
        return ["uses a relative import, which the verifier sandbox refuses (the verifier's folder is not a package)"]
    module = node.module or ""
    if any(a.name == "*" for a in node.names):
        return [f"uses 'from {module} import *', which hides the names it binds: import them by name "
                f"(from {module} import a, b)"]
    problem = _module_problem(module, guarded)
    if problem:
        return [problem]
    if module == _CHECKS:
        unknown = [a.name for a in node.names if a.name not in _CHECKS_NAMES]
        if unknown:
            return [f"imports {', '.join(unknown)} from {_CHECKS}, which defines no such name"]
    return []


def _call_problem(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """Return why the function ``node`` defines cannot be called as ``fn(ctx)``, as the sandbox calls a verifier
    (None when it can, or when a decorator may change how)."""
    if node.decorator_list:
        return None
    if isinstance(node, ast.AsyncFunctionDef):
        return (f"is an 'async def' (line {node.lineno}): a verifier is called as a plain function, and this one "
                f"would return a coroutine, not its results; write 'def {node.name}(ctx)'")
    a = node.args
    positional = a.posonlyargs + a.args
    required = len(positional) - len(a.defaults)
    keyword = [k.arg for k, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]
    if (positional or a.vararg) and required <= 1 and not keyword:
        return None
    star = [f"*{a.vararg.arg}"] if a.vararg else (["*"] if keyword else [])
    params = ", ".join([p.arg for p in positional] + star + keyword)
    return (f"cannot be called with one argument (line {node.lineno}: {node.name}({params})): a verifier is called "
            f"with the context alone; write 'def {node.name}(ctx)'")


def _top_level_calls(tree: ast.Module) -> dict[str, str | None]:
    """Return, for each function a top-level ``def`` binds last, why it cannot be called as ``fn(ctx)`` (None: it
    can); a name bound again after its def by another statement is left out (what it is then is not known)."""
    calls: dict[str, str | None] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            calls[node.name] = _call_problem(node)
        else:
            for name in {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} | \
                    {(a.asname or a.name).partition(".")[0] for a in getattr(node, "names", []) if
                     isinstance(a, ast.alias)} | ({node.name} if isinstance(node, ast.ClassDef) else set()):
                calls.pop(name, None)
    return calls


def _scan(node: ast.AST, guarded: bool, problems: list[str], dynamic: list[str]) -> None:
    """Walk ``node``, adding its import problems and its run-time bindings (as 'name() at line n')."""
    line = getattr(node, "lineno", None)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        problems += [f"line {line}: {p}" for p in _import_problems(node, guarded)]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "__import__":
            problems.append(f"line {line}: calls __import__: use an import statement (the loader checks those)")
        elif node.func.id in _DYNAMIC:
            dynamic.append(f"{node.func.id}() at line {line}")
    elif isinstance(node, ast.Global):
        dynamic.append(f"'global {', '.join(node.names)}' at line {line}")
    if isinstance(node, _TRY):
        body_guarded = guarded or _catches_import_error(node)
        for child in node.body:
            _scan(child, body_guarded, problems, dynamic)
        for field in ("handlers", "orelse", "finalbody"):
            for child in getattr(node, field):
                _scan(child, guarded, problems, dynamic)
        return
    for child in ast.iter_child_nodes(node):
        _scan(child, guarded, problems, dynamic)


def _analyse(source: bytes, filename: str) -> _Source | str:
    """Return what the verifier ``source`` holds, or why it cannot be read or parsed."""
    try:
        tree = ast.parse(source, filename=filename)
        table = symtable.symtable(decode_source(source), filename, "exec")
        problems: list[str] = []
        dynamic: list[str] = []
        _scan(tree, False, problems, dynamic)
    except SyntaxError as exc:  # IndentationError and bad coding lines included
        return f"{type(exc).__name__} at line {exc.lineno}: {exc.msg}"
    except ValueError as exc:  # null bytes; not UTF-8 (a coding line ast.parse took)
        return f"cannot be read ({exc})"
    except RecursionError:
        return "nests too deeply to parse"
    return _Source(_bound(table), problems, dynamic, _top_level_calls(tree))


def _read(file: Path) -> _Source | str:
    """Return what ``file`` holds, or why it cannot be read or parsed (cached by mtime and size)."""
    stat = file.stat()
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    if key not in _CACHE:
        try:
            _CACHE[key] = _analyse(file.read_bytes(), str(file))
        except OSError as exc:
            _CACHE[key] = f"cannot be read ({exc.strerror or exc})"
    return _CACHE[key]


def _problems(found: _Source | str, where: str, function: str) -> list[str]:
    """Return the problems of a verifier's source (``found``), each message starting with ``where``."""
    if isinstance(found, str):
        return [f"{where}: does not parse: {found}"]
    out = [f"{where} {p}" for p in found.problems]
    if function not in found.names:
        defined = sorted(n for n in found.names if not n.startswith("_"))
        hint = (f"; names bound at run time ({', '.join(found.dynamic[:3])}) are not seen: bind {function!r} with "
                "def or an assignment" if found.dynamic else "")
        out.append(f"{where} defines no function {function!r} (it defines: {', '.join(defined) or 'none'}){hint}")
    elif found.calls.get(function):
        out.append(f"{where}: {function!r} {found.calls[function]}")
    return out


def verifier_problems(file: Path, function: str) -> list[str]:
    """Return why the verifier ``function`` of ``file`` cannot be run (empty when the file parses, imports only what
    the sandbox allows and defines it), as ``field 'verifier': <file>: ...`` messages."""
    return _problems(_read(file), f"field 'verifier': {file}", function)


def source_problems(source: str, function: str) -> list[str]:
    """Return why the verifier ``function`` of the Python ``source`` (not yet written to a file) could not be loaded
    (empty when it could), as ``verifier ...`` messages."""
    return _problems(_analyse(source.encode("utf-8"), "<verifier>"), "verifier", function)
