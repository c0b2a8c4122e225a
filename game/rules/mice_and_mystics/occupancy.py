"""Who stands where, and who may stand there: creature counts per cell and cell capacity.

The cell graph (``game.geometry.cells``) knows each cell's outline, neighbours and the capacity
the map gives it; this module adds what the rules say about the creatures in it: mice are small,
minions small or large (MM-OCC-1), a cell holds ``capacity_small`` small creatures or
``capacity_large`` large ones and never both (MM-OCC-1/2/3), a wide cell may be unlimited
(MM-FEAT-3), a mouse leaves a cell only while the mice outnumber the minions (MM-MOVE-4), and a
figure that finds no room goes to the nearest cell that has some (MM-OCC-5).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from game.geometry.cells import CellGraph
from game.rules.mice_and_mystics.config import DEFAULT_RULES, MoveRules
from game.rules.mice_and_mystics.state import MMState

#: Movers. Mice are small creatures; minions are small or large (MM-OCC-1).
MOUSE = "mouse"
SMALL_MINION = "small_minion"
LARGE_MINION = "large_minion"
MOVERS = (MOUSE, SMALL_MINION, LARGE_MINION)
SMALL = "small"
LARGE = "large"


@dataclass(frozen=True)
class Count:
    """Creatures in one cell (MM-GEO-9). Captured mice and tokens are not counted (MM-OCC-4)."""

    mice: int = 0
    small_minions: int = 0
    large_minions: int = 0

    @property
    def small(self) -> int:
        return self.mice + self.small_minions

    @property
    def large(self) -> int:
        return self.large_minions

    @property
    def minions(self) -> int:
        return self.small_minions + self.large_minions

    @property
    def empty(self) -> bool:
        return self.small == 0 and self.large == 0

    def plus(self, size: str, *, mouse: bool = False) -> Count:
        """This count with one more creature: a mouse, or a minion of ``size``."""
        if mouse:
            return Count(self.mice + 1, self.small_minions, self.large_minions)
        if size == LARGE:
            return Count(self.mice, self.small_minions, self.large_minions + 1)
        return Count(self.mice, self.small_minions + 1, self.large_minions)

    def without(self, mover: str) -> Count:
        """This count with one ``mover`` taken out (never below zero)."""
        if mover == MOUSE:
            return Count(max(self.mice - 1, 0), self.small_minions, self.large_minions)
        if mover == SMALL_MINION:
            return Count(self.mice, max(self.small_minions - 1, 0), self.large_minions)
        return Count(self.mice, self.small_minions, max(self.large_minions - 1, 0))


Occupancy = Mapping[str, Count]
NOBODY = Count()


def check_mover(mover: str) -> None:
    if mover not in MOVERS:
        raise ValueError(f"mover must be one of {MOVERS}, not {mover!r}")


def without(occupancy: Occupancy, key: str, mover: str) -> Occupancy:
    """The occupancy with ``mover`` taken out of ``key`` (a mover never blocks itself)."""
    occ = dict(occupancy)
    occ[key] = occ.get(key, NOBODY).without(mover)
    return occ


def figures(state: MMState) -> dict[str, Count]:
    """MM-GEO-9 / MM-OCC-4: creatures per cell; captured mice are off the board."""
    occ: dict[str, Count] = {}
    for m in state.mice:
        if m.active and m.cell:
            occ[m.cell] = occ.get(m.cell, NOBODY).plus(SMALL, mouse=True)
    for n in state.minions:
        occ[n.cell] = occ.get(n.cell, NOBODY).plus(LARGE if n.size == LARGE else SMALL)
    return occ


# --------------------------------------------------------------------------- capacity (MM-OCC)


def capacity(g: CellGraph, key: str, rules: MoveRules = DEFAULT_RULES) -> tuple[float, float]:
    """(small, large) capacity; infinite for a wide cell under ``wide_unlimited`` (MM-FEAT-3)."""
    c = g.cell(key)
    if c.wide and rules.wide_unlimited:
        return math.inf, math.inf
    return float(c.capacity_small), float(c.capacity_large)


def is_full(g: CellGraph, key: str, occupancy: Occupancy, rules: MoveRules = DEFAULT_RULES) -> bool:
    """MM-OCC-2: ``small ≥ cap_small or large ≥ cap_large``."""
    n = occupancy.get(key, NOBODY)
    cap_small, cap_large = capacity(g, key, rules)
    return n.small >= cap_small or n.large >= cap_large


def can_enter(g: CellGraph, key: str, occupancy: Occupancy, size: str = SMALL,
              rules: MoveRules = DEFAULT_RULES) -> bool:
    """MM-OCC-3 / MM-GEO-9: may one more ``size`` creature stand in (or pass) the cell."""
    n = occupancy.get(key, NOBODY)
    cap_small, cap_large = capacity(g, key, rules)
    if size == LARGE:
        return n.small == 0 and n.large < cap_large
    return n.large == 0 and n.small < cap_small


def can_leave(occupancy: Occupancy, key: str, rules: MoveRules = DEFAULT_RULES) -> bool:
    """MM-MOVE-4: may a mouse leave ``key``? The occupancy includes the leaving mouse."""
    n = occupancy.get(key, NOBODY)
    if n.minions == 0:
        return True
    mice = max(n.mice, 1)
    if rules.leave_rule == "greater_or_equal":
        return mice >= n.minions
    return mice > n.minions


def nearest_free(g: CellGraph, start: str, occupancy: Occupancy, size: str = SMALL,
                 rules: MoveRules = DEFAULT_RULES) -> str | None:
    """MM-OCC-5 fallback: the nearest cell (by hops, same tile) a ``size`` figure may enter."""
    order = g.positions
    for key, _ in sorted(g.hops(start).items(), key=lambda kv: (kv[1], order[kv[0]])):
        if can_enter(g, key, occupancy, size, rules):
            return key
    return None


__all__ = [
    "LARGE", "LARGE_MINION", "MOUSE", "MOVERS", "NOBODY", "SMALL", "SMALL_MINION", "Count",
    "Occupancy", "can_enter", "can_leave", "capacity", "check_mover", "figures", "is_full",
    "nearest_free", "without",
]
