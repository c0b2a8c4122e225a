"""What every rule system's scenario checks share (``tabletop validate``, the play screen's
refusal): names close to a known one ("did you mean"), one-line problems about a spawn or the
map, the sides of a map, and figures' bases on the table.

A system's ``game/rules/<system>/scenario.py`` builds on these; ``game.rules.scenario_check``
runs them all. No pygame, nothing of one system here.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.board.model import Board, SpawnPoint
from game.core.errors import Problem
from game.geometry.terrain import TerrainIndex, solids_from_board

#: how close (difflib's ratio) a name must be to a known one to be offered
CLOSE = 0.6
#: bases may touch; they overlap when they cross by more than this, mm
OVERLAP_MM = 0.5


def normalise(name: str) -> str:
    """``name`` as a comparison key: case, ``-``, ``_`` and spaces do not count."""
    return re.sub(r"[\s_\-]+", "", str(name)).casefold()


def closest(name: str, known: Iterable[str], cutoff: float = CLOSE) -> str | None:
    """The known name ``name`` was most likely meant to be, or None when none is close (a
    ``cutoff`` above :data:`CLOSE` also leaves out names that merely contain each other)."""
    options = [k for k in dict.fromkeys(known) if k]
    key = normalise(name)
    if not key or not options:
        return None
    by_key: dict[str, str] = {}
    for k in options:
        by_key.setdefault(normalise(k), k)
    if key in by_key:
        return by_key[key]
    found = difflib.get_close_matches(key, list(by_key), n=1, cutoff=cutoff)
    if found:
        return by_key[found[0]]
    if cutoff > CLOSE:
        return None
    inside = [k for nk, k in by_key.items() if len(key) >= 3 and (key in nk or nk in key)]
    return inside[0] if len(inside) == 1 else None


def did_you_mean(name: str, known: Iterable[str], cutoff: float = CLOSE) -> str:
    """``" did you mean 'x'?"`` when a known name is close to ``name``, else ``""``."""
    found = closest(name, known, cutoff)
    return f" did you mean '{found}'?" if found is not None and found != name else ""


def listing(names: Iterable[str], most: int = 12) -> str:
    """``'a', 'b', 'c'`` (the first ``most``, then ``...``), or ``none``."""
    shown = [f"'{n}'" for n in sorted(dict.fromkeys(names))]
    if not shown:
        return "none"
    return ", ".join(shown[:most]) + (", ..." if len(shown) > most else "")


def map_problem(board: Board, message: str, severity: str = "error") -> Problem:
    """A problem of the map as a whole (its properties, its sides)."""
    return Problem(board.path, message, severity)


def spawn_problem(board: Board, spawn: SpawnPoint, message: str, severity: str = "error") -> Problem:
    """A problem of one FigureSpawn, located by its layer, id and name."""
    return Problem(board.path, message, severity, spawn.id, spawn.name, spawn.layer)


def sides_of(board: Board) -> dict[str, list[SpawnPoint]]:
    """The spawns of each side, in map order (spawns without a side play for no one)."""
    sides: dict[str, list[SpawnPoint]] = {}
    for spawn in board.spawns:
        if spawn.side:
            sides.setdefault(spawn.side, []).append(spawn)
    return sides


def two_sides(board: Board, game: str, unit: str = "figures") -> list[Problem]:
    """A skirmish needs exactly two sides (One for All, Helldorado): the map's sides, and for a
    side beyond two whose name is close to one of the two, each of its spawns with the fix."""
    sides = sides_of(board)
    counted = ", ".join(f"'{s}' ({len(v)})" for s, v in sides.items())
    if not sides:
        return [map_problem(board, f"{game} needs {unit} of two sides, and no FigureSpawn here has a "
                                   "side: give each spawn a 'side' (two side names in all)")]
    if len(sides) == 1:
        (side, spawns), = sides.items()
        return [map_problem(board, f"{game} needs {unit} of two sides; every FigureSpawn here "
                                   f"plays for '{side}' ({len(spawns)}): give the other side's "
                                   "spawns another 'side'")]
    if len(sides) == 2:
        return []
    main = sorted(sides, key=lambda s: -len(sides[s]))[:2]
    out = [map_problem(board, f"{game} needs {unit} of exactly two sides; this map has "
                              f"{len(sides)}: {counted}; give every FigureSpawn one of two sides")]
    for side, spawns in sides.items():
        if side in main:
            continue
        hint = did_you_mean(side, main)
        if hint:
            out += [spawn_problem(board, s, f"side '{side}' makes a side of its own;{hint}")
                    for s in spawns]
    return out


def profile_problem(board: Board, spawn: SpawnPoint, game: str, what: str, known: Iterable[str],
                    then: str = "", severity: str = "error") -> Problem | None:
    """The spawn's ``profile`` when ``known`` lacks it: which one it may have meant, and the
    known ones. ``then`` says what the game does instead."""
    names = list(known)
    if spawn.profile in names:
        return None
    if not spawn.profile:
        return spawn_problem(board, spawn, f"no 'profile': set it to one of {game}'s {what}s "
                                           f"({listing(names)}){then}", severity)
    hint = did_you_mean(spawn.profile, names)
    return spawn_problem(board, spawn, f"profile '{spawn.profile}' is not one of {game}'s {what}s;"
                                       f"{hint or ' known: ' + listing(names)}{then}", severity)


# --------------------------------------------------------------------------- bases on the table


@dataclass(frozen=True)
class Placed:
    """A spawn's figure as a base: its radius and model height, and the highest surface it may
    be set up on (as the game's setup reads it), mm."""

    spawn: SpawnPoint
    radius: float
    height: float
    below: float


def standing_levels(board: Board, placed: Sequence[Placed]) -> list[float]:
    """Where each figure stands: the highest surface under its centre not above ``below``, mm."""
    index = TerrainIndex(solids_from_board(board), (0.0, 0.0, board.width_mm, board.height_mm))
    return [index.standing_level(p.spawn.x, p.spawn.y, below=p.below) for p in placed]


def base_problems(board: Board, placed: Sequence[Placed]) -> list[Problem]:
    """Bases off the table (centre or rim) and bases overlapping another's at the same level."""
    out: list[Problem] = []
    w, h = board.width_mm, board.height_mm
    for p in placed:
        s, r = p.spawn, p.radius
        if not (0 <= s.x <= w and 0 <= s.y <= h):
            out.append(spawn_problem(board, s, f"stands at ({s.x:.0f}, {s.y:.0f}) mm, off the table "
                                               f"({w:.0f} x {h:.0f} mm): move it onto the map"))
            continue
        over = max(r - s.x, r - s.y, s.x + r - w, s.y + r - h)
        if over > OVERLAP_MM:
            out.append(spawn_problem(board, s, f"its base (radius {r:g} mm) runs {over:.0f} mm over "
                                               f"the table's edge: move it {math.ceil(over)} mm in"))
    levels = standing_levels(board, placed)
    for i, a in enumerate(placed):
        for j in range(i + 1, len(placed)):
            b = placed[j]
            apart = math.hypot(a.spawn.x - b.spawn.x, a.spawn.y - b.spawn.y)
            need = a.radius + b.radius
            if need - apart > OVERLAP_MM and abs(levels[i] - levels[j]) < max(a.height, b.height):
                out.append(spawn_problem(
                    board, b.spawn, f"its base overlaps the base of object {a.spawn.id} "
                                    f"'{a.spawn.name}' (centres {apart:.0f} mm apart, the bases need "
                                    f"{need:g} mm): move one of them {math.ceil(need - apart)} mm away"))
    return out


__all__ = ["CLOSE", "OVERLAP_MM", "Placed", "base_problems", "closest", "did_you_mean", "listing",
           "map_problem", "normalise", "profile_problem", "sides_of", "spawn_problem",
           "standing_levels", "two_sides"]
