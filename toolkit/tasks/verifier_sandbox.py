"""The in-process half of a verifier worker's sandbox: an audit hook, guards on the clock, randomness, process
ids and the host's facts, and an import filter. (What it refuses is listed in ``verifier_worker.py``'s docstring;
the tables are in ``verifier_rules.py``, which this module loads from beside itself.)

Loaded by the worker before any verifier runs; plain standard library, no toolkit import. Code is judged by
where it comes from: the worker's own code objects (by identity, so a copy of the worker file imported
later is not trusted), the standard library (by file name; not the third-party folders below it, such as
site-packages, nor a path with "//", "/./" or "/.."), and everything else, which is verifier code
(the verifier file, ``verifier_checks``, code compiled from strings). An event is "on behalf of a verifier"
when, walking up the stack from it, verifier code is met before the worker's code or the import system.

Nothing here keeps state in module globals, which verifier code could reach through any function's
``__globals__``: the hook's state lives in its closure, the hook function itself is held only by the
interpreter, and frames (the way to a closure's values) are refused to verifier code.
"""

from __future__ import annotations

import builtins
import os
import sys
from types import CodeType, FunctionType

WORKER, IMPORT, VERIFIER = 0, 1, 2


def _load_rules():
    """Load ``verifier_rules.py`` from beside this file, the way the worker loads this one (no toolkit import)."""
    from importlib.util import module_from_spec, spec_from_file_location

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "verifier_rules.py")
    spec = spec_from_file_location("guigym_verifier_rules", path)
    module = module_from_spec(spec)  # not put in sys.modules: nothing names it
    spec.loader.exec_module(module)
    return module


# The tables (what is refused, and why) live in verifier_rules.py; these names are the ones the hook enforces.
_rules = _load_rules()
REFUSED_IMPORTS, REFUSED_WHY, KEPT_OUT = _rules.REFUSED_IMPORTS, _rules.REFUSED_WHY, _rules.KEPT_OUT
NO_LOAD, THIRD_PARTY, THIRD_PARTY_WHY = _rules.NO_LOAD, _rules.THIRD_PARTY, _rules.THIRD_PARTY_WHY
ACTIONS, DIRECT, THROUGH, FOLDERS = _rules.ACTIONS, _rules.DIRECT, _rules.THROUGH, _rules.FOLDERS
FRAME_ATTRS, WRITE_FLAGS = _rules.FRAME_ATTRS, _rules.WRITE_FLAGS
GUARDED, STRICT, CONSTANT = _rules.GUARDED, _rules.STRICT, _rules.CONSTANT


def _guard(key: str, audit=sys.audit):
    """Return a stand-in for the function ``key``: the hook decides, and hands over the real one when allowed."""
    def guarded(*args, **kwargs):
        box: list = []
        audit("guigym.guard", key, args, kwargs, box)  # the hook appends the original, or raises
        return box[0](*args, **kwargs)

    guarded.__name__ = guarded.__qualname__ = key.rsplit(".", 1)[-1]
    return guarded


def _constant(value):
    """Return a function that answers ``value`` whatever it is given (a CONSTANT guard's stand-in during imports)."""
    def constant(*args, **kwargs):
        return value

    return constant


def _import_filter(audit=sys.audit):
    """Return the stand-in for ``builtins.__import__`` (imported modules raise no audit event when cached)."""
    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        box: list = []
        audit("guigym.import", name, fromlist, level, box)
        return box[0](name, globals, locals, fromlist, level)

    return guarded_import


def trusted_code(namespaces: list[dict], frame) -> set[int]:
    """Return the ids of every code object defined in ``namespaces`` or running on the stack from ``frame`` up."""
    stack: list[CodeType] = []
    for namespace in namespaces:
        for value in namespace.values():
            members = vars(value).values() if isinstance(value, type) else (value,)
            for member in members:
                member = getattr(member, "__func__", member)
                if isinstance(member, FunctionType):
                    stack.append(member.__code__)
    while frame is not None:
        stack.append(frame.f_code)
        frame = frame.f_back
    ids: set[int] = set()
    while stack:
        code = stack.pop()
        if id(code) not in ids:
            ids.add(id(code))
            stack.extend(c for c in code.co_consts if isinstance(c, CodeType))
    return ids


def install(violations: list, trusted: set[int], library: tuple[str, ...]) -> None:
    """Start the audit hook and put the guards and the import filter in place (once per process).

    ``violations`` receives the message of every refusal; ``trusted`` holds the ids of the worker's code
    objects; ``library`` the folders (with a trailing separator) of the standard library.
    """
    import collections
    import enum
    import random
    import typing

    originals: dict[str, tuple] = {}
    for module_name, attr, what, rule in GUARDED:
        module_name, _, class_name = module_name.partition(".")
        owner = sys.modules.get(module_name)
        if class_name and owner is not None:
            owner = getattr(owner, class_name)
        value = getattr(owner, attr, None) if owner is not None else None
        if value is not None:
            key = f"{module_name}.{class_name + '.' if class_name else ''}{attr}"
            originals[key] = (value, what, rule, owner, attr)
    real_import = builtins.__import__
    guard_code = _guard("x").__code__
    import_code = _import_filter().__code__
    # Standard-library callers that read their caller's module name from a frame (and return no frame).
    getframe_ok = frozenset(id(c) for c in (collections.namedtuple.__code__, typing._caller.__code__,
                                            enum.EnumType._create_.__code__))
    bootstrap = sys.modules["_frozen_importlib"]
    find_and_load = id(bootstrap._find_and_load.__code__)
    # What counts as standard library: the library folders, less the third-party folders below them.
    third_party = tuple(folder + sub for folder in library for sub in THIRD_PARTY)
    spec = (bootstrap.ModuleSpec, vars(bootstrap.ModuleSpec)["__dict__"].__get__)  # a spec's own attributes
    hook = _make_hook(violations, frozenset(trusted - {id(guard_code), id(import_code)}),
                      frozenset({id(guard_code), id(import_code)}), id(guard_code), id(import_code), getframe_ok,
                      find_and_load, (library, third_party, spec),
                      {k: (*v[:3], k in STRICT, _constant(CONSTANT[k]) if k in CONSTANT else None)
                       for k, v in originals.items()}, real_import)
    sys.addaudithook(hook)  # first: called again (by verifier code), this is refused and nothing below runs
    stand_ins = {}
    for key, (value, _, _, owner, attr) in originals.items():
        stand_ins[id(value)] = (value, _guard(key))
        setattr(owner, attr, stand_ins[id(value)][1])  # raises (the worker does not start) on an immutable type
    for module in list(sys.modules.values()):  # `from time import time` copies made before now
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict):
            for name, value in list(namespace.items()):
                found = stand_ins.get(id(value))
                if found is not None and found[0] is value:
                    namespace[name] = found[1]
    builtins.__import__ = _import_filter()


def _make_hook(violations, trusted, transparent, guard_code, import_code, getframe_ok, find_and_load, where_from,
               originals, real_import):
    # Everything the hook uses is bound here, in its closure: verifier code can rebind module globals and
    # builtins, and must not be able to change what the hook does.
    _type, _id, _len, _str, _bytes, _int, _list, _tuple, _dict = type, id, len, str, bytes, int, list, tuple, dict
    _repr, _permission_error, _value_error, _frozenset, items = repr, PermissionError, ValueError, frozenset, dict.items
    getframe, startswith = sys._getframe, str.startswith
    actions, direct, through, folders, frame_attrs = ACTIONS, dict(DIRECT), dict(THROUGH), dict(FOLDERS), FRAME_ATTRS
    refused_imports, refused_why, no_load, write_flags = REFUSED_IMPORTS, dict(REFUSED_WHY), NO_LOAD, WRITE_FLAGS
    modules_get, absent = sys.modules.get, object()  # the interpreter's own dict, even if sys.modules is rebound
    library, third_party, (module_spec, spec_dict) = where_from
    library, third_party_why = library + ("<frozen ",), THIRD_PARTY_WHY
    kinds: dict = {}
    busy = False

    def plain(path):  # no "//", "/./" or "/..": a path under a library folder is then not a third-party one
        return not ("//" in path or "/./" in path or "/.." in path or path.endswith("/."))

    def is_library(name):
        known = kinds.get(name)
        if known is None:
            known = kinds[name] = (_type(name) is _str and startswith(name, library)
                                   and not startswith(name, third_party) and plain(name))
        return known

    def text_path(path):
        return path.decode("utf-8", "surrogateescape") if _type(path) is _bytes else path

    def library_path(path):
        path = text_path(path)
        return (_type(path) is _str and startswith(path, library[:-1]) and not startswith(path, third_party)
                and plain(path))

    def outside(path):  # the refusal of an import that reads outside the standard library
        if _type(text_path(path)) is _str and startswith(text_path(path), third_party):
            return f"verifiers may not import third-party packages ({shown(path)}): {third_party_why}"
        return f"verifiers may not import from outside the standard library ({shown(path)})"

    def caller(depth):
        try:
            return getframe(depth + 1)
        except _value_error:
            return None

    def context(frame):
        while frame is not None:
            code = frame.f_code
            ident = _id(code)
            if ident in trusted:
                return WORKER
            if ident == find_and_load:
                return IMPORT
            if ident not in transparent and not is_library(code.co_filename):
                return VERIFIER
            frame = frame.f_back
        return WORKER

    def behalf(frame):  # like context, but an import a verifier started is on its behalf too
        while frame is not None:
            code = frame.f_code
            ident = _id(code)
            if ident in trusted:
                return WORKER
            if ident != find_and_load and ident not in transparent and not is_library(code.co_filename):
                return VERIFIER
            frame = frame.f_back
        return WORKER

    def is_verifier(frame):  # the frame itself is verifier code (not merely called on a verifier's behalf)
        if frame is None:
            return False
        code = frame.f_code
        ident = _id(code)
        return (ident not in trusted and ident != find_and_load and ident not in transparent
                and not is_library(code.co_filename))

    def shown(value):
        return _repr(value) if _type(value) in (_str, _bytes, _int) else "a path object"

    def numeric_host(host):
        if _type(host) is _bytes:
            host = host.decode("ascii", "replace")
        if _type(host) is not _str:
            return host is None
        digits = False
        for c in host:
            if c not in "0123456789.:abcdefABCDEF":
                return False
            digits = digits or c in "0123456789"
        return digits

    def deny(message):
        violations.append(message)
        raise _permission_error(message)

    def refused(name):
        return name in refused_imports or name.partition(".")[0] in refused_imports

    def why(name):
        reason = refused_why.get(name.partition(".")[0])
        return f": {reason}" if reason else ""

    def check_import(name, fromlist, level):
        if _type(name) is not _str or _type(level) is not _int or _type(fromlist) not in (_tuple, _list, _type(None)):
            deny("verifiers may only import modules by name")
        if level != 0:
            deny("verifiers may not use relative imports")
        if refused(name):
            deny(f"verifiers may not import {name}{why(name)}")
        for item in fromlist or ():
            if _type(item) is _str and refused(name + "." + item):
                deny(f"verifiers may not import {name}.{item}{why(name)}")

    def spec_name(spec):  # the name in importlib's own ModuleSpec, read without running any other code
        if _type(spec) is module_spec:
            for key, value in items(spec_dict(spec)):
                if _type(key) is _str and key == "name":
                    return value if _type(value) is _str else None
        return None

    def passes(rule, args, kwargs):
        if rule is None:
            return False
        if _type(rule) is _int:
            return _len(args) + _len(kwargs) >= rule
        if _type(rule) is _frozenset:  # a spec (the only argument) of a module not in the set
            name = spec_name(args[0]) if _len(args) == 1 and not kwargs else None
            return name is not None and name.partition(".")[0] not in rule
        seed = args[1] if _len(args) > 1 else (kwargs.get(rule) if rule else None)
        return seed is not None

    def sandbox(event, args):
        if _type(event) is not _str:
            deny("verifiers may not raise odd audit events")
        if event == "open" and _len(args) >= 3:
            frame = caller(2)
            path, mode, flags = args[0], args[1], args[2]
            writes = (_type(mode) is _str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode)) or (
                _type(flags) is _int and flags & write_flags)
            where = context(frame)
            if writes and where != WORKER:
                deny(f"verifiers may not write files ({shown(path)})")
            if where == VERIFIER:
                deny(f"verifiers may not read files; use ctx and ctx.world ({shown(path)})")
            if where == IMPORT and not library_path(path):
                deny(outside(path))
        elif event == "guigym.guard":
            frame = caller(2)
            if frame is None or _id(frame.f_code) != guard_code:
                if context(frame) != WORKER:
                    deny("verifiers may not raise the sandbox's own events")
                return
            key, call_args, call_kwargs, box = args
            entry = originals.get(key) if _type(key) is _str else None
            if (entry is None or _type(box) is not _list or _type(call_args) is not _tuple
                    or _type(call_kwargs) is not _dict):
                return
            where = context(frame.f_back)
            if where == IMPORT and (entry[3] or entry[4] is not None) and behalf(frame.f_back) == VERIFIER:
                if entry[4] is not None and not passes(entry[2], call_args, call_kwargs):
                    box.append(entry[4])  # a module the verifier imports reads it: a fixed value instead
                    return
                where = VERIFIER
            if where == VERIFIER and not passes(entry[2], call_args, call_kwargs):
                deny(f"verifiers may not use {entry[1]} ({key})")
            box.append(entry[0])
        elif event == "guigym.import":
            frame = caller(2)
            if frame is None or _id(frame.f_code) != import_code:
                if context(frame) != WORKER:
                    deny("verifiers may not raise the sandbox's own events")
                return
            name, fromlist, level, box = args
            if context(frame.f_back) == VERIFIER:
                check_import(name, fromlist, level)
            if _type(box) is _list:
                box.append(real_import)
        elif event == "import":
            # args[1] is None for the import statement's event (a file name for an extension module's own, raised
            # before the file is loaded, which runs its code: no open event for it)
            if _len(args) > 1 and args[1] is not None and not library_path(args[1]) and behalf(caller(2)) == VERIFIER:
                deny(outside(args[1]))
            if (_len(args) > 1 and args[1] is None and _type(args[0]) is _str and refused(args[0])
                    and context(caller(2)) == VERIFIER):
                deny(f"verifiers may not import {args[0]}{why(args[0])}")
            # A module in no_load is loaded afresh: the statement's event comes only when sys.modules lacks it
            # (None there: the import fails by itself), an extension module's own event only when it is loaded.
            name = args[0] if _len(args) > 1 else None
            top = name.partition(".")[0] if _type(name) is _str else None
            if (top in no_load and (args[1] is not None or modules_get(top, absent) is not None)
                    and behalf(caller(2)) == VERIFIER):
                deny(f"verifiers may not load {name} afresh{why(name)}")
        elif event == "guigym.serve" or event == "sys.addaudithook":
            deny(f"verifiers may not use {event}")
        elif event in direct:
            frame = caller(2)
            if event == "compile" and _len(args) > 1 and context(frame) == VERIFIER and not (
                    _type(args[1]) is _str and not is_library(args[1])):
                deny("verifiers may not compile code under a standard-library file name")
            if (event == "object.__getattr__" and _len(args) > 1 and _type(args[1]) is _str and args[1] in frame_attrs
                    and context(frame) == VERIFIER):
                deny(f"verifiers may not use {direct[event]} ({args[1]})")
            if is_verifier(frame):
                deny(f"verifiers may not use {direct[event]} ({event})")
        elif event in through:
            frame = caller(2)
            if event == "sys._getframe" and frame is not None and _id(frame.f_code) in getframe_ok:
                return
            if context(frame) == VERIFIER:
                deny(f"verifiers may not use {through[event]} ({event})")
        elif event in folders:
            where = context(caller(2))
            if where == VERIFIER:
                deny(f"verifiers may not use {folders[event]} ({event})")
            if where == IMPORT and not library_path(args[0] if args else None):
                deny(outside(args[0] if args else None))
        elif event == "socket.getaddrinfo":
            if not (args and numeric_host(args[0])) and context(caller(2)) != WORKER:
                deny(f"verifiers may not use {event} (name lookups reach the network)")
        elif startswith(event, actions) and context(caller(2)) != WORKER:
            deny(f"verifiers may not use {event}")

    def hook(event, args):
        nonlocal busy
        if busy:  # the hook's own frame reads raise events too
            return
        busy = True
        try:
            sandbox(event, args)
        finally:
            busy = False

    return hook

