"""Paths over the cell graph by the movement rules: MM-GEO-10 (is this path a legal move?) and
MM-GEO-11 (which cells can a mover reach with its points?).

The graph (``game.geometry.cells``) gives the cells, their neighbours and what the map says about
each step (a yellow or red line on the border, into or out of water, against the current). The
rules here decide what that means for a mover: a mouse pays ``yellow_line_cost`` across a yellow
line (MM-FEAT-4), never crosses a red one (MM-FEAT-5) nor swims against the current, stops on
entering water and rolls to leave it (MM-FEAT-6); a mouse's move ends in a cell with a minion
(MM-MOVE-3), a minion's in a cell with a mouse (MM-MIN-2), and minions ignore lines and water
(MM-MIN-3). Capacity and leaving are ``occupancy``'s.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.geometry.cells import CellGraph, Step
from game.rules.mice_and_mystics.config import DEFAULT_RULES, MoveRules
from game.rules.mice_and_mystics.occupancy import (
    LARGE,
    LARGE_MINION,
    MOUSE,
    NOBODY,
    SMALL,
    Occupancy,
    can_enter,
    can_leave,
    check_mover,
    without,
)


@dataclass(frozen=True)
class WaterRoll:
    """A roll a path needs (MM-FEAT-6): step ``step`` out of water, ``dice`` d6, any 4-6 passes."""

    step: int
    dice: int


@dataclass(frozen=True)
class PathCheck:
    """The MM-GEO-10 verdict on a path; a refusal also as a message key and its values (cell
    keys and numbers) for ``refusals.py``."""

    legal: bool
    reason: str = ""  #: why not (with the rule ID), "" when legal
    cost: int = 0
    mp_left: int = 0  #: 0 when the move ends on arrival (minion cell, water)
    ends_move: bool = False
    rolls: tuple[WaterRoll, ...] = ()
    key: str = ""  #: the refusal's message key, "" when legal
    params: Mapping[str, Any] = field(default_factory=dict)  #: the values the message names


@dataclass(frozen=True)
class Reach:
    """MM-GEO-11: the cells a mover can reach with its points, and a cheapest path to each."""

    start: str
    cost: Mapping[str, int]
    previous: Mapping[str, str | None]
    terminal: frozenset[str] = frozenset()  #: reached, but the move ends there
    conditional: frozenset[str] = frozenset()  #: only through a step out of water (a roll)

    @property
    def cells(self) -> tuple[str, ...]:
        return tuple(self.cost)

    def __contains__(self, key: object) -> bool:
        return key in self.cost

    def path_to(self, key: str) -> tuple[str, ...]:
        """A cheapest path from the start to ``key`` (start included); () if unreachable."""
        if key not in self.cost:
            return ()
        out = [key]
        while (prev := self.previous.get(out[-1])) is not None:
            out.append(prev)
        return tuple(reversed(out))


# --------------------------------------------------------------------------- one step


def step_cost(step: Step, mover: str = MOUSE, rules: MoveRules = DEFAULT_RULES) -> int:
    """1, or ``yellow_line_cost`` for a mouse on a yellow edge with MM-FEAT-4 on."""
    if mover == MOUSE and rules.yellow_lines and step.yellow:
        return int(rules.yellow_line_cost)
    return 1


#: what bars a step for good (``barrier``): a red line, the current
RED_LINE, CURRENT = "red_line", "current"
_BARRIER_WORDS = {RED_LINE: "red line (MM-FEAT-5)", CURRENT: "against the current (MM-FEAT-6)"}


def barrier(step: Step, mover: str = MOUSE, rules: MoveRules = DEFAULT_RULES) -> str:
    """What never lets ``mover`` take this step under ``rules`` (``RED_LINE``, ``CURRENT``), or ``""``."""
    if mover != MOUSE:
        return ""  # MM-MIN-3: minions ignore lines and water
    if rules.red_lines and step.red:
        return RED_LINE
    if rules.water and step.against_current:
        return CURRENT
    return ""


def step_forbidden(step: Step, mover: str = MOUSE, rules: MoveRules = DEFAULT_RULES) -> str:
    """Why this step is never allowed for ``mover`` under ``rules``, or ``""``."""
    return _BARRIER_WORDS.get(barrier(step, mover, rules), "")


def _stops_for_water(g: CellGraph, key: str, mover: str, rules: MoveRules) -> bool:
    return mover == MOUSE and rules.water and g.cell(key).water


def stops(g: CellGraph, key: str, occ: Occupancy, mover: str, rules: MoveRules) -> bool:
    """Does a move end on entering ``key`` (MM-MOVE-3, MM-MIN-2, MM-FEAT-6)?"""
    n = occ.get(key, NOBODY)
    if mover == MOUSE:
        return n.minions > 0 or _stops_for_water(g, key, mover, rules)
    return n.mice > 0


# --------------------------------------------------------------------------- MM-GEO-10


def check_path(g: CellGraph, path: Sequence[str], mp: int, occupancy: Occupancy,
               rules: MoveRules = DEFAULT_RULES, *, mover: str = MOUSE,
               webbed: bool = False) -> PathCheck:
    """MM-GEO-10: is ``path`` (start cell first) a legal move with ``mp`` points?

    The occupancy includes the mover in the start cell. Steps out of water (MM-FEAT-6 on)
    are legal subject to the rolls listed in the answer.
    """
    check_mover(mover)
    if not path:
        return PathCheck(False, "empty path", key="mm.path.empty", params={})
    for key in path:
        if key not in g:
            return PathCheck(False, f"unknown cell '{key}'", key="mm.move.no_cell", params={"cell": key})
    if len(path) == 1:
        return PathCheck(True, cost=0, mp_left=mp)
    if webbed:
        return PathCheck(False, "webbed: cannot move (MM-COND-2)", key="mm.path.webbed", params={})
    start = path[0]
    if mover == MOUSE and not can_leave(occupancy, start, rules):
        return PathCheck(False, "more minions than the mice can leave (MM-MOVE-4)",
                         key="mm.path.cannot_leave", params={"cell": start})
    occ = without(occupancy, start, mover)
    size = LARGE if mover == LARGE_MINION else SMALL
    cost = 0
    rolls: list[WaterRoll] = []
    last = len(path) - 1
    for i in range(1, len(path)):
        src, dst = path[i - 1], path[i]
        step = g.step(src, dst)
        if step is None:
            return PathCheck(False, f"'{src}' and '{dst}' are not adjacent (MM-ADJ)", cost,
                             key="mm.path.not_adjacent", params={"frm": src, "to": dst})
        barred = barrier(step, mover, rules)
        if barred == RED_LINE:
            return PathCheck(False, f"step {src}→{dst}: {_BARRIER_WORDS[barred]}", cost,
                             key="mm.path.red_line", params={"frm": src, "to": dst})
        if barred == CURRENT:
            return PathCheck(False, f"step {src}→{dst}: {_BARRIER_WORDS[barred]}", cost,
                             key="mm.path.against_current", params={"frm": src, "to": dst})
        cost += step_cost(step, mover, rules)
        if not can_enter(g, dst, occ, size, rules):
            return PathCheck(False, f"'{dst}' is full or holds a creature of the other size "
                                    "(MM-OCC-3)", cost, key="mm.path.full", params={"cell": dst})
        if mover == MOUSE and rules.water and step.out_of_water:
            rolls.append(WaterRoll(i, 1 + occ.get(dst, NOBODY).mice))
        if i < last and stops(g, dst, occ, mover, rules):
            if _stops_for_water(g, dst, mover, rules):
                return PathCheck(False, f"cannot pass '{dst}' (water ends the move, MM-FEAT-6)", cost,
                                 key="mm.path.water_stops", params={"cell": dst})
            if mover == MOUSE:
                return PathCheck(False, f"cannot pass '{dst}' (a minion ends the move, MM-MOVE-3)", cost,
                                 key="mm.path.minion_stops", params={"cell": dst})
            return PathCheck(False, f"cannot pass '{dst}' (a mouse ends the move, MM-MIN-2)", cost,
                             key="mm.path.mouse_stops", params={"cell": dst})
    if cost > mp:
        return PathCheck(False, f"costs {cost}, only {mp} points", cost,
                         key="mm.path.too_far", params={"cost": cost, "mp": mp})
    ends = stops(g, path[-1], occ, mover, rules)
    return PathCheck(True, cost=cost, mp_left=0 if ends else mp - cost, ends_move=ends,
                     rolls=tuple(rolls))


# --------------------------------------------------------------------------- MM-GEO-11


def reachable(g: CellGraph, start: str, mp: int, occupancy: Occupancy,
              rules: MoveRules = DEFAULT_RULES, *, mover: str = MOUSE) -> Reach:
    """MM-GEO-11: Dijkstra from ``start`` with budget ``mp`` over legal steps.

    Cells where the move ends (minions for a mouse, water with MM-FEAT-6 on, mice for a
    minion) are reached but not expanded; cells the mover cannot enter are never reached.
    """
    check_mover(mover)
    if start not in g:
        raise KeyError(start)
    empty: Mapping[str, int] = MappingProxyType({start: 0})
    none_prev: Mapping[str, str | None] = MappingProxyType({start: None})
    if mover == MOUSE and not can_leave(occupancy, start, rules):
        return Reach(start, empty, none_prev)
    occ = without(occupancy, start, mover)
    size = LARGE if mover == LARGE_MINION else SMALL
    index = g.positions
    # states: (cell, rolled) — rolled when the path stepped out of water (a roll)
    best: dict[tuple[str, bool], int] = {(start, False): 0}
    prev: dict[tuple[str, bool], tuple[str, bool] | None] = {(start, False): None}
    heap: list[tuple[int, bool, int, str]] = [(0, False, index[start], start)]
    done: set[tuple[str, bool]] = set()
    enterable: dict[str, bool] = {}  # each cell's occupancy is judged once per query
    water_rolls = mover == MOUSE and rules.water
    while heap:
        d, rolled, _, u = heapq.heappop(heap)
        state = (u, rolled)
        if state in done:
            continue
        done.add(state)
        if u != start and stops(g, u, occ, mover, rules):
            continue
        for v in g.neighbours(u):
            ok = enterable.get(v)
            if ok is None:
                ok = enterable[v] = can_enter(g, v, occ, size, rules)
            if not ok:
                continue
            step = g.step(u, v)
            if step is None or barrier(step, mover, rules):
                continue
            nd = d + step_cost(step, mover, rules)
            if nd > mp:
                continue
            nrolled = rolled or (water_rolls and step.out_of_water)
            ns = (v, nrolled)
            if nd < best.get(ns, mp + 1):
                best[ns] = nd
                prev[ns] = state
                heapq.heappush(heap, (nd, nrolled, index[v], v))
    # per cell the cheapest state; on a tie the one without a roll
    chosen: dict[str, tuple[int, bool]] = {}
    for (v, rolled), d in best.items():
        if v not in chosen or (d, rolled) < chosen[v]:
            chosen[v] = (d, rolled)
    cost = {v: d for v, (d, _) in chosen.items()}
    previous: dict[str, str | None] = {}
    for v, (_, rolled) in chosen.items():
        p = prev[(v, rolled)]
        previous[v] = None if p is None else p[0]
    order = sorted(cost, key=lambda k: (cost[k], index[k]))
    terminal = frozenset(k for k in order if k != start and stops(g, k, occ, mover, rules))
    conditional = frozenset(k for k in order if (k, False) not in best)
    return Reach(start, MappingProxyType({k: cost[k] for k in order}),
                 MappingProxyType(previous), terminal, conditional)


__all__ = ["CURRENT", "RED_LINE", "PathCheck", "Reach", "WaterRoll", "barrier", "check_path", "reachable",
           "step_cost", "step_forbidden", "stops"]
