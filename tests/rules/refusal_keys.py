"""The refusals a rule system's source raises: each message key with the params raised with it,
read from the code (no game is played).

A refusal is ``IllegalCommand(rule, reason, key=..., params={...})``, a call of a helper that
builds one (Helldorado's ``illegal(rule, reason, key, **params)``), a ``(reason, key,
{params})`` tuple a check returns for its caller to raise, or a verdict made with a constant
``key=`` and its ``params={...}`` (Mice and Mystics' ``PathCheck``). A key may be an f-string over an
argument of the function that raises it (``f"relic.{key}.not_now"``): every call of that function
in the package fills it in. What cannot be read this way (a helper passing on what it was given)
is listed as unread, for the test to name.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RAISERS = ("IllegalCommand", "illegal")
#: a message key: ``system.word.word``
KEY = re.compile(r"^[a-z]+(\.[a-z0-9_]+)+$")


@dataclass
class Raised:
    #: key -> every set of params it is raised with, and where
    keys: dict[str, dict[frozenset[str], list[str]]] = field(default_factory=dict)
    #: "file:function" of the raise sites that could not be read
    unread: set[str] = field(default_factory=set)

    def add(self, key: str, params: frozenset[str], where: str) -> None:
        self.keys.setdefault(key, {}).setdefault(params, []).append(where)


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.FunctionDef | None:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef):
            return node
    return None


def _params_of(call: ast.Call) -> frozenset[str] | None:
    """The params' names of a raising call, None when they cannot be read."""
    kw = {k.arg: k.value for k in call.keywords}
    if _name(call.func) == "IllegalCommand":
        params = kw.get("params")
        if params is None:
            return frozenset()
        if isinstance(params, ast.Dict) and all(isinstance(k, ast.Constant) for k in params.keys):
            return frozenset(str(k.value) for k in params.keys if isinstance(k, ast.Constant))
        return None
    if any(k.arg is None for k in call.keywords):  # **params
        return None
    return frozenset(str(k.arg) for k in call.keywords if k.arg != "key")


def _key_expr(call: ast.Call) -> ast.expr | None:
    kw = {k.arg: k.value for k in call.keywords}
    if "key" in kw:
        return kw["key"]
    if _name(call.func) == "illegal" and len(call.args) > 2:
        return call.args[2]
    return None


def _arguments(func: ast.FunctionDef, call: ast.Call) -> dict[str, ast.expr]:
    names = [a.arg for a in func.args.args]
    out = dict(zip(names, call.args, strict=False))
    out.update({k.arg: k.value for k in call.keywords if k.arg})
    return out


def _fill(expr: ast.expr, values: dict[str, ast.expr]) -> str | None:
    """A key expression with the function's arguments put in; None when not a constant."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    if isinstance(expr, ast.Name):
        arg = values.get(expr.id)
        return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
    if isinstance(expr, ast.JoinedStr):
        parts = []
        for piece in expr.values:
            if isinstance(piece, ast.FormattedValue):
                got = _fill(piece.value, values)
                if got is None:
                    return None
                parts.append(got)
            else:
                got = _fill(piece, values)
                if got is None:
                    return None
                parts.append(got)
        return "".join(parts)
    return None


def _verdict(call: ast.Call, out: Raised, where: str) -> None:
    """A verdict carrying a refusal for its caller to raise: a call (not a raiser) with a constant
    message ``key=`` and ``params={...}`` (none: no params)."""
    kw = {k.arg: k.value for k in call.keywords}
    key = kw.get("key")
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and KEY.match(key.value)):
        return
    params = kw.get("params")
    if params is None:
        out.add(key.value, frozenset(), where)
    elif isinstance(params, ast.Dict) and all(isinstance(k, ast.Constant) for k in params.keys):
        out.add(key.value, frozenset(str(k.value) for k in params.keys if isinstance(k, ast.Constant)), where)
    else:
        out.unread.add(where)


def raised(package: str) -> Raised:
    """Every refusal key the rule system ``package`` (``game/rules/<package>``) raises."""
    out = Raised()
    files = sorted((REPO / "game" / "rules" / package).glob("*.py"))
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in files}
    functions = {node.name: node for tree in trees.values() for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef)}
    calls = [node for tree in trees.values() for node in ast.walk(tree) if isinstance(node, ast.Call)]
    for path, tree in trees.items():
        parents = _parents(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) \
                    and len(node.value.elts) == 3:
                _reason, made_key, made = node.value.elts
                if isinstance(made_key, ast.Constant) and isinstance(made_key.value, str) \
                        and KEY.match(made_key.value) and isinstance(made, ast.Dict):
                    out.add(made_key.value, frozenset(str(k.value) for k in made.keys
                                                      if isinstance(k, ast.Constant)),
                            f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Call) and _name(node.func) not in RAISERS:
                _verdict(node, out, f"{path.name}:{node.lineno}")
                continue
            if not (isinstance(node, ast.Call) and _name(node.func) in RAISERS):
                continue
            func = _function(node, parents)
            where = f"{path.name}:{func.name if func else ''}"
            if func is not None and func.name in RAISERS:
                continue  # the helper itself: its calls are read instead
            expr, params = _key_expr(node), _params_of(node)
            if expr is None or params is None:
                out.unread.add(where)
                continue
            key = _fill(expr, {})
            if key is not None:
                out.add(key, params, f"{path.name}:{node.lineno}")
                continue
            if func is None:
                out.unread.add(where)
                continue
            filled = [_fill(expr, _arguments(func, c)) for c in calls
                      if _name(c.func) == func.name and functions.get(func.name) is func]
            if not filled or None in filled:
                out.unread.add(where)
                continue
            for key in filled:
                assert key is not None
                out.add(key, params, f"{path.name}:{node.lineno}")
    return out
