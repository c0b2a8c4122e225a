"""The import graph of a package, read statically (``ast``), for the layering tests.

Every import counts, wherever it stands (module top, inside a function, in a ``try``), except
those under ``if TYPE_CHECKING:``, which never run. ``from pkg import name`` is an import of the
submodule ``pkg.name`` when there is one, else of ``pkg`` itself (its ``__init__``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Import:
    source: str  #: the importing module, dotted
    target: str  #: the imported module, dotted
    line: int
    in_function: bool

    def where(self) -> str:
        place = "inside a function" if self.in_function else "at module level"
        return f"{self.source} line {self.line} imports {self.target} ({place})"


def modules(root: Path, package: str) -> dict[str, Path]:
    """Dotted module name → file, for every ``.py`` under ``root`` (the package's folder)."""
    out: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = (package, *path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _resolve(name: str, known: Mapping[str, Path]) -> str | None:
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def _function_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    return inside


def imports_of(name: str, path: Path, known: Mapping[str, Path]) -> list[Import]:
    """The imports of one module that land in ``known`` modules (not itself)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip, inside = _type_checking_nodes(tree), _function_nodes(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in known else base)
        for target in targets:
            resolved = _resolve(target, known)
            if resolved is not None and resolved != name:
                found.append(Import(name, resolved, node.lineno, id(node) in inside))
    return found


def graph(known: Mapping[str, Path]) -> list[Import]:
    return [imp for name, path in known.items() for imp in imports_of(name, path, known)]


def cycles(edges: Iterable[Import]) -> list[list[str]]:
    """The import cycles: each strongly connected group of two or more modules (sorted), or a
    module importing itself through others (Tarjan's algorithm, iterative)."""
    succ: dict[str, set[str]] = {}
    for e in edges:
        succ.setdefault(e.source, set()).add(e.target)
        succ.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(succ):
        if root in index:
            continue
        work = [(root, iter(sorted(succ[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(succ[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def layer_of(module: str, layers: Mapping[str, Iterable[str]]) -> str | None:
    """The longest layer prefix a dotted module name falls under."""
    best = None
    for layer in layers:
        if (module == layer or module.startswith(layer + ".")) and (
                best is None or len(layer) > len(best)):
            best = layer
    return best


def upward(edges: Iterable[Import], layers: Mapping[str, Iterable[str]]) -> list[Import]:
    """Imports from a layer into one it may not use (``layers``: layer → the layers it may
    import, itself included)."""
    out = []
    for e in edges:
        source, target = layer_of(e.source, layers), layer_of(e.target, layers)
        if source is None or target is None:
            continue
        if target not in set(layers[source]):
            out.append(e)
    return out
