"""Does a loaded map make a game? ``scenario_problems(board, path)``: what would stop or spoil a
game of the map's rule system (map property ``system``), one :class:`Problem` each, naming the
object and saying what to change. ``tabletop validate`` prints them after the loader's; the play
screen refuses a map with an error among them (:class:`ScenarioRefused`), showing the same lines.

* every map: the rule system's name, and object classes the loader nearly reads;
* the cell games: cells with no way out and ways out to nowhere (``scenario_cells``);
* each system's own ``game/rules/<system>/scenario.py`` when it has one, with
  ``scenario_problems(board) -> list[Problem]`` (sides, profiles, bases, terrain, chapter...).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable
from dataclasses import replace

from game.board.model import Board
from game.board.schema import CLASSES, KNOWN_LAYERS, LAYER_DEFAULT_CLASS
from game.core.errors import Problem
from game.rules import registry
from game.rules.engine.scenario import did_you_mean, listing, map_problem
from game.rules.scenario_cells import cell_problems

Check = Callable[[Board], list[Problem]]
#: the classes an object may have (the map's own class is not an object's)
OBJECT_CLASSES = tuple(c.name for c in CLASSES if "object" in c.use_as)


class ScenarioRefused(ValueError):
    """A map whose game cannot start as it is: ``problems`` are its errors, one line each."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(problems[0].line() if problems else "the scenario cannot start")

    def lines(self) -> list[str]:
        return [p.line() for p in self.problems]

    def card(self) -> str:
        """One line for a card on the screen: the first error (the file by its name), and how
        many more ``tabletop validate`` lists."""
        if not self.problems:
            return str(self)
        first = self.problems[0]
        shown = replace(first, path=os.path.basename(first.path) or first.path).line()
        more = len(self.problems) - 1
        return shown + (f" (+{more} more: tabletop validate lists them)" if more else "")


def scenario_problems(board: Board, path: str = "") -> list[Problem]:
    """Every game-aware problem of ``board`` (errors and warnings), located in ``path`` (default:
    the path the board was read from)."""
    where = path or board.path
    found = _guarded(class_problems, board, "object class")
    system = board.system
    if system:
        if system not in registry.names():
            found.append(system_problem(board))
        else:
            for check in (cell_problems, system_hook(system)):
                if check is not None:
                    found += _guarded(check, board, system)
    # a problem of the map itself (no path, or the board's) is located in ``path``; another
    # file's (a chapter's) keeps its own
    return [replace(p, path=where) if p.path in ("", board.path) else p for p in found]


def scenario_errors(board: Board, path: str = "") -> list[Problem]:
    """Only the errors: what refuses the play screen."""
    return [p for p in scenario_problems(board, path) if p.severity == "error"]


def refuse_broken(board: Board, path: str = "") -> None:
    """Raise :class:`ScenarioRefused` when the map's game cannot start as it is."""
    errors = scenario_errors(board, path)
    if errors:
        raise ScenarioRefused(errors)


def system_problem(board: Board) -> Problem:
    """The map names a rule system there is none of: which one it may mean."""
    known = registry.names()
    hint = did_you_mean(board.system, known)
    return map_problem(board, f"map property system '{board.system}' is no rule system;"
                              f"{hint or ' known: ' + listing(known)} (set it in Map Properties)")


def system_hook(system: str) -> Check | None:
    """``game.rules.<system>.scenario.scenario_problems``, or None when the system has none."""
    name = f"game.rules.{system}.scenario"
    if importlib.util.find_spec(name) is None:
        return None
    check = getattr(importlib.import_module(name), "scenario_problems", None)
    return check if callable(check) else None


def _guarded(check: Check, board: Board, system: str) -> list[Problem]:
    """A check that fails is one line, not a traceback: the map still gets its other lines."""
    try:
        return list(check(board))
    except Exception as exc:  # noqa: BLE001 - a bug in a check must not hide the map's lines
        return [map_problem(board, f"the {system} checks could not finish ({type(exc).__name__}: "
                                   f"{exc}); please report it with the map", "warning")]


def class_problems(board: Board) -> list[Problem]:
    """An object's class (``class``, Tiled 1.9+, or ``type``) close to one the loader reads but
    not it: the object is left as a plain map object, so say which class it meant."""
    out = []
    for obj in board.objects:
        cls = obj.cls
        if not cls or cls in OBJECT_CLASSES or obj.layer.lower() in KNOWN_LAYERS:
            continue
        hint, severity = did_you_mean(cls, OBJECT_CLASSES), "error"
        implied = LAYER_DEFAULT_CLASS.get(obj.layer.lower())
        if not hint and implied:  # its layer's class, had it named none
            hint, severity = f" in the layer '{obj.layer}', did you mean '{implied}'?", "warning"
        if not hint:
            continue
        where = " (or its tile's, in the tileset)" if obj.gid else ""
        out.append(Problem(board.path, f"class '{cls}' is not a class the loader reads, so the object "
                                       f"is left out of the game;{hint} Set the object's Class{where} "
                                       f"in Tiled (Tiled 1.9+ writes class=, older Tiled type=)",
                           severity, obj.id, obj.name, obj.layer))
    return out


__all__ = ["OBJECT_CLASSES", "ScenarioRefused", "class_problems", "refuse_broken", "scenario_errors",
           "scenario_problems", "system_hook", "system_problem"]
