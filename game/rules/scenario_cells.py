"""The cell games' maps (Mice and Mystics, Relic): cells with no way out, and ways out that lead
nowhere; and the spawns' sides Mice and Mystics reads. One line per object, saying what to change.

The chapter and the board themselves (start tiles, tiers, crossings, characters, minion kinds)
are each system's own ``scenario.py``; these are the checks of the cell graph every cell game
shares, read the way the games build it (``game.geometry.cells.CellGraph`` for Mice and
Mystics, ``game.rules.relic.board.RingBoard`` for Relic).
"""

from __future__ import annotations

from game.board.model import Board, Cell, MapObject
from game.core.errors import Problem
from game.geometry.cell_model import CellInfo
from game.geometry.cells import CellGraph
from game.rules.engine.scenario import did_you_mean, listing, map_problem, normalise, spawn_problem
from game.rules.mice_and_mystics.state import MICE, MINIONS
from game.rules.relic.board import RingBoard

#: Mice and Mystics' cell properties naming other cells, and whether a wrong name stops the game
#: (MM-GEO-5: a missing neighbour shuts a way; a missing sight override is only a view)
OVERRIDES = (("neighbors_add", "error"), ("neighbors_remove", "warning"),
             ("los_add", "warning"), ("los_block", "warning"))


#: the sides' names in the singular (a mouse, a minion), which no spelling distance finds
SIDE_WORDS = {"mouse": MICE, "minion": MINIONS}


def _ids(value: object) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return [str(value)]


def _cell_problem(board: Board, cell: Cell | None, key: str, message: str,
                  severity: str = "error") -> Problem:
    if cell is None:
        return Problem(board.path, f"cell '{key}': {message}", severity)
    return Problem(board.path, message, severity, cell.object_id, cell.name, cell.layer)


def _object_problem(board: Board, obj: MapObject, message: str, severity: str = "error") -> Problem:
    return Problem(board.path, message, severity, obj.id, obj.name, obj.layer)


# --------------------------------------------------------------------------- Mice and Mystics


def mice_and_mystics_problems(board: Board) -> list[Problem]:
    """Spawn sides the game reads, then the cell graph's dead ends and ways to nowhere."""
    out = _mm_sides(board)
    if not board.cells:
        return out + [map_problem(board, "Mice and Mystics is played on cells and this map has "
                                         "none: add a 'cells' layer of Cell polygons")]
    graph = CellGraph.from_board(board)
    by_object = {c.object_id: c for c in board.cells}
    out += _mm_dead_ends(board, graph, by_object)
    out += _mm_overrides(board, graph, by_object)
    out += _mm_exits(board, graph, by_object)
    return out


def _mm_sides(board: Board) -> list[Problem]:
    """MM: only spawns of side ``mice`` and ``minions`` are set up; any other is left out."""
    out = []
    for spawn in board.spawns:
        if not spawn.side or spawn.side in (MICE, MINIONS):
            continue
        alias = SIDE_WORDS.get(normalise(spawn.side))
        hint = f" did you mean '{alias}'?" if alias else did_you_mean(spawn.side, (MICE, MINIONS))
        if hint:
            out.append(spawn_problem(board, spawn, f"side '{spawn.side}' is not one Mice and Mystics "
                                                   f"reads, so the figure is left out;{hint}"))
        else:
            out.append(spawn_problem(board, spawn, f"side '{spawn.side}' is not one Mice and Mystics "
                                                   f"reads ('{MICE}' or '{MINIONS}'): the figure is "
                                                   "left out of the game", "warning"))
    return out


def _mm_dead_ends(board: Board, graph: CellGraph, by_object: dict[int, Cell]) -> list[Problem]:
    """A cell with no neighbour and no exit: whoever starts there never leaves, no one enters."""
    starts: dict[str, list[str]] = {}
    for spawn in board.spawns:
        if spawn.side in (MICE, MINIONS):
            key = graph.cell_at(spawn.x, spawn.y)
            if key is not None:
                starts.setdefault(key, []).append(spawn.name)
    out = []
    for info in graph.cells:
        if graph.neighbours(info.key) or graph.exits_of(info.key):
            continue
        who = starts.get(info.key, [])
        stuck = f"; {', '.join(who)} would start there and never move" if who else ""
        out.append(_cell_problem(board, _cell_of(info, by_object), info.key,
                                 f"cell '{info.key}' has no exit: no cell borders it (within the "
                                 "map's adjacency_gap, through no wall) and no neighbors_add or "
                                 f"exit joins it{stuck}; draw it against a neighbour or add "
                                 "neighbors_add", "error" if who else "warning"))
    return out


def _cell_of(info: CellInfo, by_object: dict[int, Cell]) -> Cell | None:
    return by_object.get(info.object_id) if info.object_id is not None else None


def _mm_overrides(board: Board, graph: CellGraph, by_object: dict[int, Cell]) -> list[Problem]:
    """MM-GEO-5 overrides name a cell of the same tile by id, or any cell by ``tile:id``."""
    out = []
    keys = graph.keys
    for info in graph.cells:
        names = set(keys) | {c.id for c in graph.cells if c.tile == info.tile}
        cell = _cell_of(info, by_object)
        for prop, severity in OVERRIDES:
            for entry in _ids(info.properties.get(prop)):
                if entry in names:
                    continue
                same_tile = [c.id for c in graph.cells if c.tile == info.tile]
                hint = did_you_mean(entry, [*same_tile, *keys])
                out.append(_cell_problem(board, cell, info.key,
                                         f"{prop} names cell '{entry}', which is not on the map "
                                         f"(a way to nowhere);{hint or ' cells of its tile: ' + listing(same_tile)}",
                                         severity))
        target = info.turn_target
        if target and target not in graph:
            hint = did_you_mean(target, keys)
            out.append(_cell_problem(board, cell, info.key,
                                     f"turn_target '{target}' is not a cell of the map (a cell is "
                                     f"named 'tile:cell_id');{hint or ' cells: ' + listing(keys)}"))
    return out


def _exit_objects(board: Board) -> list[tuple[str, MapObject]]:
    """The objects of the ``exits`` layers, with the id the cell graph gives each."""
    return [(str(o.properties.get("exit_id", "") or o.name or o.id), o)
            for o in board.objects if o.layer.lower() == "exits"]


def _mm_exits(board: Board, graph: CellGraph, by_object: dict[int, Cell]) -> list[Problem]:
    """MM-EXP-3/4: a cell's ``exit`` names an exit area; an exit leads to a tile of the map."""
    out = []
    objects = _exit_objects(board)
    drawn = [x for x, _o in objects]
    tiles = [t for t in graph.tiles if t]
    for info in graph.cells:
        for exit_id in info.exit:
            if exit_id not in drawn:
                hint = did_you_mean(exit_id, drawn)
                out.append(_cell_problem(board, _cell_of(info, by_object), info.key,
                                         f"exit '{exit_id}' names no object of an 'exits' layer, so "
                                         f"it leads nowhere;{hint or ' draw one with exit_id ' + repr(exit_id) + ' and target_tile'}"))
    for exit_id, obj in objects:
        leads = graph.exit(exit_id)
        target = str(obj.properties.get("target_tile", "") or "")
        if not target:
            out.append(_object_problem(board, obj, f"exit '{exit_id}' leads nowhere: set target_tile "
                                                   f"to the tile it opens on ({listing(tiles)})",
                                       "warning"))
        elif target not in tiles:
            hint = did_you_mean(target, tiles)
            out.append(_object_problem(board, obj, f"exit '{exit_id}' leads to tile '{target}', which "
                                                   f"has no cells on this map;{hint or ' tiles: ' + listing(tiles)}"))
        target_exit = str(obj.properties.get("target_exit", "") or "")
        if target_exit and target_exit not in drawn:
            hint = did_you_mean(target_exit, drawn)
            out.append(_object_problem(board, obj, f"target_exit '{target_exit}' is no exit of the "
                                                   f"map, so the party arrives on the tile's first "
                                                   f"cell;{hint or ' exits: ' + listing(drawn)}", "warning"))
        if leads is not None and not leads.cells:
            out.append(_object_problem(board, obj, f"exit '{exit_id}' touches no cell: draw it on a "
                                                   "cell's open border, or name it in a cell's 'exit'",
                                       "warning"))
    return out


# --------------------------------------------------------------------------- Relic


def relic_problems(board: Board) -> list[Problem]:
    """REL-BOARD-3/5: a space nothing joins is a dead end. (A board the rules cannot build at
    all is said by ``game.rules.relic.scenario``, naming each fault.)"""
    try:
        ring = RingBoard(board)
    except (ValueError, KeyError, TypeError):
        return []
    out = []
    for cell in board.cells:
        if ring.neighbours.get(cell.id):
            continue
        out.append(_cell_problem(board, cell, cell.id,
                                 f"space '{cell.id}' has no exit: no space of its tier is next to "
                                 "it (index) and no neighbors_add joins it; number it into its "
                                 "tier or add neighbors_add"))
    return out


def cell_problems(board: Board) -> list[Problem]:
    """The cell checks of the map's system (none for a game without cells)."""
    if board.system == "mice_and_mystics":
        return mice_and_mystics_problems(board)
    if board.system == "relic":
        return relic_problems(board)
    return []


__all__ = ["OVERRIDES", "cell_problems", "mice_and_mystics_problems", "relic_problems"]
