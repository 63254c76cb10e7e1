"""Load-time check of a task's verifier file: it parses, and it defines the function the task names.

The file is parsed, never run (verifiers run only in the sandboxed workers of :mod:`toolkit.tasks.verifier`), so a
name bound at run time in a way the syntax does not show (``globals()[...] = ...``) is not seen; a module with a
``from x import *`` is given the benefit of the doubt.
"""

from __future__ import annotations

import ast
from pathlib import Path

# (path, mtime_ns, size) -> the names the module binds at its top level, or why it does not parse.
_CACHE: dict[tuple[str, int, int], frozenset[str] | str] = {}
_BLOCKS = (ast.If, ast.Try, ast.With, ast.For, ast.While)  # statements whose bodies still bind module names
_STAR = "*"


def _bound(body: list[ast.stmt], names: set[str]) -> None:
    """Add the names ``body`` binds at module level (functions, classes, assignments, imports) to ``names``."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, _BLOCKS):
            for field in ("body", "orelse", "finalbody"):
                _bound(getattr(node, field, []), names)
            for handler in getattr(node, "handlers", []):
                _bound(handler.body, names)


def _names(file: Path) -> frozenset[str] | str:
    """Return the module-level names of ``file``, or why it cannot be read or parsed (cached by mtime and size)."""
    stat = file.stat()
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    if key not in _CACHE:
        try:
            tree = ast.parse(file.read_bytes(), filename=str(file))
        except SyntaxError as exc:  # IndentationError and bad encodings included
            _CACHE[key] = f"{type(exc).__name__} at line {exc.lineno}: {exc.msg}"
        except (OSError, ValueError) as exc:  # unreadable; null bytes
            _CACHE[key] = f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
        else:
            names: set[str] = set()
            _bound(tree.body, names)
            _CACHE[key] = frozenset(names)
    return _CACHE[key]


def verifier_problems(file: Path, function: str) -> list[str]:
    """Return why the verifier ``function`` of ``file`` cannot be run (empty when the file parses and defines it),
    as ``field 'verifier': <file>: ...`` messages."""
    names = _names(file)
    if isinstance(names, str):
        return [f"field 'verifier': {file}: does not parse: {names}"]
    if function not in names and _STAR not in names:
        defined = sorted(n for n in names if not n.startswith("_"))
        return [f"field 'verifier': {file} defines no function {function!r} (it defines: {', '.join(defined) or 'none'})"]
    return []
