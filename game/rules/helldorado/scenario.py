"""What would stop or spoil a game of Helldorado on a map (``tabletop validate``, the play
screen's refusal), one line per object, each saying what to change.

* sides: the game is for exactly two (HD-HOUSE-2's roll-off); a side named like one of the
  forces of ``data/units.json`` but not quite is offered the force's name, and a unit that
  fights for the other force is said;
* profiles: every spawn's ``profile`` is a unit of ``data/units.json`` (HD-HOUSE-1);
* bases (HD-0-3): on the table, not overlapping another base at the same level.
"""

from __future__ import annotations

from game.board.model import Board
from game.core.errors import Problem
from game.rules.engine.scenario import (
    Placed,
    base_problems,
    did_you_mean,
    profile_problem,
    sides_of,
    spawn_problem,
    two_sides,
)
from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.units import unit_data

GAME = "Helldorado"


def scenario_problems(board: Board) -> list[Problem]:
    cfg = HDConfig()
    data = unit_data()
    profiles: dict[str, dict] = dict(data.get("profiles", {}))
    forces: dict[str, dict] = dict(data.get("forces", {}))
    out = two_sides(board, GAME, "units")
    for side, spawns in sides_of(board).items():
        if side not in forces:
            hint = did_you_mean(side, forces)
            if hint:
                out.append(spawn_problem(board, spawns[0], f"side '{side}' is no force of the unit "
                                                           f"data (its name and units);{hint}",
                                         "warning"))
    placed: list[Placed] = []
    for spawn in board.spawns:
        if not spawn.side:
            continue
        found = profile_problem(board, spawn, GAME, "unit", profiles,
                                then="; the game cannot start without it")
        if found is not None:
            out.append(found)
            continue
        force = forces.get(spawn.side, {})
        if force and spawn.profile not in force.get("units", ()):
            theirs = [f for f, v in forces.items() if spawn.profile in v.get("units", ())]
            if theirs:
                out.append(spawn_problem(board, spawn, f"a '{spawn.profile}' fights for "
                                                       f"'{theirs[0]}', not '{spawn.side}': change its "
                                                       "'side' or its 'profile'", "warning"))
        unit = profiles[spawn.profile]
        size = str(unit.get("base", "normal"))
        if size not in ("normal", "large", "huge"):
            out.append(spawn_problem(board, spawn, f"the unit data gives '{spawn.profile}' a base "
                                                   f"'{size}'; bases are normal, large or huge"))
            continue
        radius = float(unit.get("radius", cfg.base_radius(size)))
        height = float(unit.get("height", 1.0))
        placed.append(Placed(spawn, cfg.to_mm(radius), cfg.to_mm(height), cfg.to_mm(height)))
    return out + base_problems(board, placed)


__all__ = ["GAME", "scenario_problems"]
