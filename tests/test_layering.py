"""Layering: only ``game/ui`` may use pygame; the model, geometry and rules run without it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parents[1]
GAME_DIR = REPO_DIR / "game"
UI_DIR = GAME_DIR / "ui"
TAVERN = REPO_DIR / "maps" / "tavern.tmx"
BLOCKED = ("pygame", "pygame_gui")

#: A small orthogonal map with a tile layer and one object of each kind the model cares about.
SMALL_MAP = """\
<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
     width="4" height="3" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4"
     nextobjectid="5">
 <layer id="1" name="floor" width="4" height="3">
  <data encoding="csv">
0,0,0,0,
0,0,0,0,
0,0,0,0
</data>
 </layer>
 <objectgroup id="2" name="terrain">
  <object id="1" name="table" type="Terrain" x="16" y="16" width="64" height="32">
   <properties>
    <property name="height" type="float" value="75"/>
   </properties>
  </object>
  <object id="2" name="barrel" type="Terrain" x="96" y="40" width="20" height="20">
   <ellipse/>
  </object>
 </objectgroup>
 <objectgroup id="3" name="spawns">
  <object id="3" name="Hero" type="FigureSpawn" x="10" y="80">
   <properties>
    <property name="side" value="heroes"/>
   </properties>
   <point/>
  </object>
  <object id="4" name="sign" x="70" y="70" width="40" height="16">
   <text wrap="1">Welcome</text>
  </object>
 </objectgroup>
</map>
"""

PROBE = textwrap.dedent("""\
    import sys
    for name in {blocked!r}:
        sys.modules[name] = None  # any import of it now raises ImportError
    import game.board
    import game.core
    import game.geometry
    import game.rules
    from game.board import load_board

    board = load_board(sys.argv[1])
    for name in {blocked!r}:
        assert sys.modules.get(name) is None, name + " was imported after all"
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in {blocked!r} and sys.modules[m])
    assert not leaked, leaked
    print("loaded", len(board.objects), "objects")
""")


def _map_for_probe(tmp_path: Path) -> Path:
    if TAVERN.is_file():
        return TAVERN
    path = tmp_path / "small.tmx"
    path.write_text(SMALL_MAP, encoding="utf-8")
    return path


def test_model_imports_and_loads_a_map_without_pygame(tmp_path: Path) -> None:
    map_path = _map_for_probe(tmp_path)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_DIR), env.get("PYTHONPATH")]))
    run = subprocess.run(
        [sys.executable, "-c", PROBE.format(blocked=BLOCKED), str(map_path)],
        cwd=REPO_DIR, env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, f"with pygame blocked:\n{run.stdout}{run.stderr}"
    assert run.stdout.startswith("loaded "), run.stdout
    if map_path != TAVERN:
        assert run.stdout.split()[1] == "4", run.stdout


def _is_blocked(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in BLOCKED)


def _pygame_imports(path: Path) -> list[str]:
    """Every import of pygame or pygame_gui in a module, at any depth (functions, try blocks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if _is_blocked(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and _is_blocked(node.module):
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Call):
            # importlib.import_module("pygame") / __import__("pygame")
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                        and _is_blocked(arg.value):
                    found.append(f"line {node.lineno}: {name}({arg.value!r})")
    return found


def test_no_module_outside_ui_imports_pygame() -> None:
    modules = sorted(GAME_DIR.rglob("*.py"))
    assert modules, f"no Python modules under {GAME_DIR}"
    offenders = []
    for path in modules:
        if UI_DIR in path.parents:
            continue
        offenders += [f"{path.relative_to(REPO_DIR)} {hit}" for hit in _pygame_imports(path)]
    assert not offenders, "pygame is for game/ui only:\n" + "\n".join(offenders)


def test_the_static_check_sees_nested_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(textwrap.dedent("""\
        import os
        def draw():
            try:
                import pygame.draw as d
            except ImportError:
                from pygame_gui.elements import UIButton
            import importlib
            importlib.import_module("pygame")
        import pygamelike
    """), encoding="utf-8")
    hits = _pygame_imports(sample)
    assert len(hits) == 3, hits


# --------------------------------------------------------------------------------------------
# The direction of imports between layers, and no cycles (issue 15)

from tests import import_graph as ig  # noqa: E402

_BELOW_RULES = {"game.core", "game.geometry", "game.physics", "game.board", "game.i18n"}


def _layers(game_dir: Path, package: str = "game") -> dict[str, set[str]]:
    """Each layer and the layers it may import (itself included), as ARCHITECTURE.md draws
    them: core (with the catalogs) <- geometry <- physics, core/geometry <- board, all of those
    <- rules (the engine
    first, then each rule system on the engine alone, then the registry over them) <- lessons,
    everything <- ui <- cli."""
    p = package
    systems = sorted(f"{p}.rules.{d.name}" for d in (game_dir / "rules").iterdir()
                     if d.is_dir() and (d / "__init__.py").exists() and d.name != "engine")
    below = {name.replace("game", p, 1) for name in _BELOW_RULES}
    engine = f"{p}.rules.engine"
    # the catalogs (game/i18n.py) sit with core: plain Python that imports nothing of ours
    base = {f"{p}.core", f"{p}.i18n"}
    layers: dict[str, set[str]] = {
        f"{p}.core": set(base),
        f"{p}.i18n": set(base),
        f"{p}.geometry": base | {f"{p}.geometry"},
        f"{p}.physics": base | {f"{p}.geometry", f"{p}.physics"},
        f"{p}.board": base | {f"{p}.geometry", f"{p}.board"},
        engine: below | {engine},
        f"{p}.rules.registry": below | {engine, f"{p}.rules.registry", *systems},
    }
    for system in systems:
        layers[system] = below | {engine, system}
    # the lessons (a guided first game of each system): data and a runner over the rules
    lessons = f"{p}.lessons"
    layers[lessons] = below | {engine, f"{p}.rules", f"{p}.rules.registry", *systems, lessons}
    everything_but_cli = set(layers) | {f"{p}.ui", f"{p}.rules"}
    layers[f"{p}.rules"] = below | {engine, f"{p}.rules", f"{p}.rules.registry", *systems}
    layers[f"{p}.ui"] = everything_but_cli
    for top in (f"{p}.cli", f"{p}.__main__", p):
        layers[top] = everything_but_cli | {f"{p}.cli", f"{p}.__main__", p}
    return layers


def test_imports_point_down_between_layers() -> None:
    edges = ig.graph(ig.modules(GAME_DIR, "game"))
    bad = ig.upward(edges, _layers(GAME_DIR))
    assert not bad, "imports must point down (ARCHITECTURE.md):\n" + "\n".join(
        e.where() for e in bad)


def test_no_import_cycle_among_game_modules_even_inside_functions() -> None:
    edges = ig.graph(ig.modules(GAME_DIR, "game"))
    found = ig.cycles(edges)
    lines = []
    for group in found:
        inside = [e.where() for e in edges if e.source in group and e.target in group]
        lines.append(" <-> ".join(group) + ":\n    " + "\n    ".join(inside))
    assert not found, "import cycles (move the shared piece down a layer):\n" + "\n".join(lines)


def test_the_import_checks_see_an_upward_import_and_a_hidden_cycle(tmp_path: Path) -> None:
    """The two checks above on a made-up package: geometry importing the rules (upward), and a
    cycle hidden behind an import inside a function."""
    root = tmp_path / "pkg"
    files = {
        "__init__.py": "",
        "core/__init__.py": "",
        "geometry/__init__.py": "",
        "geometry/sweep.py": "from pkg.rules.engine import match\n",
        "rules/__init__.py": "",
        "rules/engine/__init__.py": "",
        "rules/engine/match.py": "import pkg.core\n",
        "rules/chess/__init__.py": "",
        "rules/chess/game.py": "def legal():\n    from pkg.rules.chess.ai import rank\n",
        "rules/chess/ai.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.ui\n"
            "from pkg.rules.chess import game\n"),
        "ui/__init__.py": "",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    edges = ig.graph(ig.modules(root, "pkg"))
    bad = ig.upward(edges, _layers(root, "pkg"))
    assert [(e.source, e.target) for e in bad] == [("pkg.geometry.sweep", "pkg.rules.engine.match")]
    assert ig.cycles(edges) == [["pkg.rules.chess.ai", "pkg.rules.chess.game"]]
    assert any(e.in_function for e in edges if e.source == "pkg.rules.chess.game")
    assert not any(e.target == "pkg.ui" for e in edges)  # type-checking imports never run
