"""The criteria checks of the static scan: a verifier's results must depend on what the agent left behind.

A light data- and control-flow taint over one function: which names carry ``ctx.final`` / ``ctx.answer``
(or ``ctx.trajectory``, or any input), and whether each returned criterion value reads one of them.
"""

from __future__ import annotations

import ast
import re
from typing import Callable

#: The fields of the verifier context (``ctx``); anything else on ctx is hidden context.
CONTEXT_FIELDS = {"initial", "final", "params", "answer", "trajectory", "world"}
_FINAL_FIELDS = {"final", "answer"}
_CLAIM_RE = re.compile(r"^(terminate|success|status|claimed|finished)$", re.I)

Add = Callable[[str, ast.AST, str], None]  # add(kind, node, message)


_MUTATORS = {"append", "extend", "add", "update", "insert", "setdefault", "appendleft", "extendleft", "__setitem__"}


class _Taint:
    """Which local names carry information from the given ctx fields (data and control dependence).

    ``whole``: passing ctx itself to a call counts as reading those fields (helpers receive ctx).
    """

    def __init__(self, fn: ast.AST, ctx: str, fields: set[str], whole: bool = True):
        self.ctx, self.fields, self.whole = ctx, fields, whole
        self.tainted: set[str] = set()
        self._reads: dict[int, tuple[bool, set[str]]] = {}
        self.pairs: list[tuple[ast.AST, list[ast.AST]]] = []  # (target, values/controls that taint it)
        self.guards: list[ast.AST] = []  # tests of branches that return or raise
        self._block(getattr(fn, "body", []), [])
        for _ in range(len(self.pairs) + 1):
            before = len(self.tainted)
            for target, sources in self.pairs:
                if any(self.expr(v) for v in sources):
                    self.tainted |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
            if len(self.tainted) == before:
                break

    def _block(self, stmts: list[ast.stmt], ctrl: list[ast.AST]) -> None:
        for st in stmts:
            for node in ast.walk(st):  # comprehensions and walrus inside expressions
                if isinstance(node, ast.comprehension):
                    self.pairs.append((node.target, [node.iter, *node.ifs, *ctrl]))
                elif isinstance(node, ast.NamedExpr):
                    self.pairs.append((node.target, [node.value, *ctrl]))
            if isinstance(st, ast.Assign):
                self.pairs += [(t, [st.value, *ctrl]) for t in st.targets]
            elif isinstance(st, (ast.AugAssign, ast.AnnAssign)) and st.value is not None:
                self.pairs.append((st.target, [st.value, *ctrl]))
            elif (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call)
                  and isinstance(st.value.func, ast.Attribute) and st.value.func.attr in _MUTATORS):
                self.pairs.append((st.value.func.value, [*st.value.args, *ctrl]))
            elif isinstance(st, (ast.For, ast.AsyncFor)):
                self.pairs.append((st.target, [st.iter, *ctrl]))
                if any(isinstance(n, (ast.Return, ast.Raise)) for s in st.body + st.orelse for n in ast.walk(s)):
                    self.guards.append(st.iter)  # a return in the loop or its else runs by what the loop walks
                self._block(st.body + st.orelse, [*ctrl, st.iter])
            elif isinstance(st, (ast.If, ast.While)):
                if any(isinstance(n, (ast.Return, ast.Raise)) for s in st.body + st.orelse for n in ast.walk(s)):
                    self.guards.append(st.test)
                self._block(st.body + st.orelse, [*ctrl, st.test])
            elif isinstance(st, (ast.With, ast.AsyncWith)):
                self.pairs += [(i.optional_vars, [i.context_expr, *ctrl]) for i in st.items if i.optional_vars]
                self._block(st.body, ctrl)
            elif isinstance(st, (ast.Try, getattr(ast, "TryStar", ast.Try))):
                self._block(st.body + st.finalbody, ctrl)
                # a handler (or the else) runs or not by whether the body raised: what the body reads decides it
                raised = [*ctrl, *st.body]
                if any(isinstance(n, (ast.Return, ast.Raise)) for s in st.orelse + [x for h in st.handlers
                                                                                    for x in h.body] for n in ast.walk(s)):
                    self.guards += st.body
                self._block(st.orelse, raised)
                for h in st.handlers:
                    self._block(h.body, raised)
            elif isinstance(st, ast.Match):
                for case in st.cases:
                    tests = [st.subject, *([case.guard] if case.guard else [])]
                    captured = [ast.Name(id=n) for p in ast.walk(case.pattern) for n in (
                        getattr(p, "name", None) if isinstance(p, (ast.MatchAs, ast.MatchStar)) else None,
                        getattr(p, "rest", None) if isinstance(p, ast.MatchMapping) else None) if n]
                    self.pairs.append((ast.Tuple(elts=captured), [*tests, *ctrl]))  # captures carry the subject
                    if any(isinstance(n, (ast.Return, ast.Raise)) for s in case.body for n in ast.walk(s)):
                        self.guards += tests
                    self._block(case.body, [*ctrl, *tests])
            elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._block(st.body, ctrl)

    def expr(self, node: ast.AST) -> bool:
        """Return True when ``node`` reads a tainted field of ctx (or ctx as a whole) or a tainted name."""
        key = id(node)
        if key not in self._reads:
            attrs, names, hit = set(), set(), False
            for n in ast.walk(node):
                if isinstance(n, ast.Attribute):
                    attrs.add(id(n.value))
                    hit = hit or (isinstance(n.value, ast.Name) and n.value.id == self.ctx and n.attr in self.fields)
                elif isinstance(n, ast.Name):
                    names.add(n.id)
            whole = self.whole and any(isinstance(n, ast.Name) and n.id == self.ctx and id(n) not in attrs
                                       for n in ast.walk(node))
            self._reads[key] = (hit or whole, names)
        direct, names = self._reads[key]
        return direct or not names.isdisjoint(self.tainted)

    def guarded(self) -> bool:
        """Return True when some early return/raise depends on a tainted test."""
        return any(self.expr(t) for t in self.guards)


def _own_nodes(fn: ast.AST):
    """Walk ``fn``'s body without descending into nested functions, lambdas or classes."""
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))


def _result_values(fn: ast.AST) -> list[tuple[ast.AST, ast.AST]]:
    """Return (node, value expression) of each criterion the function returns (dict literals and comprehensions)."""
    out = []
    for node in _own_nodes(fn):
        if isinstance(node, ast.Return) and node.value is not None:
            v = node.value
            if isinstance(v, ast.Dict):
                out += [(node, x) for x in v.values if x is not None]
            elif isinstance(v, ast.DictComp):
                out.append((node, v.value))
            elif isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "fromkeys":
                out.append((node, v.args[1] if len(v.args) > 1 else ast.Constant(None)))
            elif isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "dict":
                out += [(node, k.value) for k in v.keywords]
            elif isinstance(v, ast.Constant):
                out.append((node, v))
    return out


def _existence_only(expr: ast.AST) -> bool:
    """True for `x is not None`, `k in d`, `bool(x)`, `len(x) > 0`, `any(...)` without value comparisons."""
    if any(isinstance(n, ast.Compare) and any(isinstance(o, (ast.Eq, ast.NotEq, ast.Lt, ast.Gt, ast.LtE, ast.GtE))
                                             and not _zero(c) for o, c in zip(n.ops, n.comparators))
           for n in ast.walk(expr)):
        return False
    if isinstance(expr, ast.Compare):
        return all(isinstance(o, (ast.IsNot, ast.In, ast.Gt, ast.GtE, ast.NotEq)) for o in expr.ops)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        return expr.func.id in ("bool", "len", "any", "all")
    return False


def _zero(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in (0, 1, None)


def check_criteria(fn: ast.FunctionDef | ast.AsyncFunctionDef, add: Add) -> None:
    """Flag criteria that do not depend on ctx, never read what the agent left behind, or only check existence."""
    if not fn.args.args:
        return
    ctx = fn.args.args[0].arg
    values = _result_values(fn)
    if not values:
        return
    final = _Taint(fn, ctx, _FINAL_FIELDS)
    inputs = _Taint(fn, ctx, CONTEXT_FIELDS)
    traj = _Taint(fn, ctx, {"trajectory"}, whole=False)
    for ret, value in values:
        if final.expr(value) or final.guarded():
            continue
        where = value if hasattr(value, "lineno") else ret
        text = ast.unparse(value)[:60]
        if not inputs.expr(value) and not inputs.guarded():
            add("constant_result", where, f"{fn.name}: a criterion value does not depend on ctx ({text})")
        elif traj.expr(value) or traj.guarded():
            add("trajectory_claim", where, f"{fn.name}: a criterion reads the agent's actions, not the state ({text})")
        else:
            add("ignores_final", where, f"{fn.name}: a criterion never reads ctx.final or ctx.answer ({text})")
    if all(_existence_only(v) for _, v in values):
        add("existence_only", fn, f"{fn.name}: every criterion only checks that something exists")


def check_claims(fn: ast.AST, add: Add) -> None:
    """Flag comparisons of the agent's actions with a success claim (any reachable function)."""
    args = getattr(getattr(fn, "args", None), "args", None) or []
    traj = _Taint(fn, args[0].arg if args else "ctx", {"trajectory"}, whole=False)
    for node in ast.walk(fn):
        if not isinstance(node, ast.Compare):
            continue
        strings = [c.value for c in [node.left, *node.comparators]
                   if isinstance(c, ast.Constant) and isinstance(c.value, str)]
        if "terminate" in strings or (any(_CLAIM_RE.match(s) for s in strings) and traj.expr(node)):
            add("trajectory_claim", node, "compares the agent's actions with a success claim")
