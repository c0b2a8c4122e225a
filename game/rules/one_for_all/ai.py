"""Legal commands (a finite, representative set) and a greedy ranking for the One for All AI.

Moves are open choices (any angle, any length); the list offers 8 compass directions and a move
straight at each enemy, always until contact. Every action listed has passed the same checks
``apply`` makes, so self-play never meets a listed command the rules refuse.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from game.core.dice import SeededDice
from game.geometry.contact import line_of_throw_blockers
from game.geometry.sweep import MoveResult, sweep_disc
from game.rules.engine import IllegalCommand
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.state import Figure, OFAState
from game.rules.one_for_all.table import Table

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll

COMPASS = tuple(range(0, 360, 30))
MAX_ALLOCATIONS = 40
GRID_MM = 10.0  #: cell size of the AI's navigation field
UNREACHABLE = math.inf


class _Plan:
    """What the AI works out once per state: move sweeps and a distance field to the enemy."""

    def __init__(self, system: OneForAll, state: OFAState) -> None:
        self.system, self.state = system, state
        self._moves: dict[tuple[str, float], MoveResult] = {}
        self._fields: dict[str, tuple[np.ndarray, tuple[float, float]]] = {}

    def move(self, fig: Figure, angle: float) -> MoveResult:
        key = (fig.id, angle)
        if key not in self._moves:
            st = self.state
            a = math.radians(angle)
            self._moves[key] = sweep_disc(
                (fig.x, fig.y), fig.radius, (math.cos(a), math.sin(a)), math.inf,
                self.system._index(st), Table.bases(st, fig.id), z=fig.z, height=fig.height,
                step=st.cfg.step, board_edge=st.cfg.board_edge_blocks)
        return self._moves[key]

    def field(self, fig: Figure) -> tuple[np.ndarray, tuple[float, float]]:
        """Grid steps from each cell to the nearest enemy this figure can reach on its level."""
        if fig.id in self._fields:
            return self._fields[fig.id]
        st = self.state
        index = self.system._index(st)
        x0, y0, x1, y1 = index.bounds or (0.0, 0.0, 1000.0, 1000.0)
        xs = np.arange(x0 + GRID_MM / 2, x1, GRID_MM)
        ys = np.arange(y0 + GRID_MM / 2, y1, GRID_MM)
        gx, gy = np.meshgrid(xs, ys)
        free = (gx >= x0 + fig.radius) & (gx <= x1 - fig.radius) & (gy >= y0 + fig.radius) & (gy <= y1 - fig.radius)
        lo, hi = fig.z + st.cfg.step, fig.z + fig.height
        walls = [s.footprint for s in index.solids if not s.flat and s.bottom < hi and s.top > lo]
        crowd = [shapely.Point(o.x, o.y).buffer(o.radius, quad_segs=8) for o in st.figures
                 if o.conscious and o.id != fig.id and o.side == fig.side
                 and abs(o.z - fig.z) < max(o.height, fig.height)]
        if walls or crowd:
            blocked = shapely.union_all(walls + crowd).buffer(fig.radius * 0.9)
            free &= ~shapely.contains_xy(blocked, gx, gy)
        if fig.z > st.cfg.step:
            floors = [s.footprint for s in index.solids if s.surface and abs(s.top - fig.z) <= st.cfg.step]
            if floors:
                free &= shapely.contains_xy(shapely.union_all(floors), gx, gy)
        dist = np.full(gx.shape, UNREACHABLE)
        queue: deque[tuple[int, int]] = deque()
        wall_union = shapely.union_all(walls) if walls else None
        for e in st.conscious(st.other_side(fig.side)):
            if abs(e.z - fig.z) > max(e.height, fig.height):
                continue
            near = free & (np.hypot(gx - e.x, gy - e.y) <= e.radius + fig.radius + GRID_MM)
            cells = list(zip(*np.nonzero(near), strict=True))
            if wall_union is not None and cells:
                lines = shapely.linestrings([[(gx[i, j], gy[i, j]), (e.x, e.y)] for i, j in cells])
                cells = [c for c, hit in zip(cells, shapely.intersects(lines, wall_union), strict=True) if not hit]
            for i, j in cells:
                if dist[i, j] > 0:
                    dist[i, j] = 0
                    queue.append((int(i), int(j)))
        rows, cols = dist.shape
        while queue:
            i, j = queue.popleft()
            d = dist[i, j] + 1
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                a, b = i + di, j + dj
                if 0 <= a < rows and 0 <= b < cols and free[a, b] and dist[a, b] > d:
                    dist[a, b] = d
                    queue.append((a, b))
        self._fields[fig.id] = (dist, (x0, y0))
        return self._fields[fig.id]

    def best_stop(self, fig: Figure, angle: float) -> float | None:
        """The length along ``angle`` that gets nearest the enemy by the field, if short of contact."""
        result = self.move(fig, angle)
        if not math.isfinite(result.distance) or result.distance < GRID_MM:
            return None
        ts = np.arange(GRID_MM, result.distance, GRID_MM / 2)
        if not len(ts):
            return None
        a = math.radians(angle)
        values = [self.distance(fig, fig.x + math.cos(a) * t, fig.y + math.sin(a) * t) for t in ts]
        k = int(np.argmin(values))
        end_value = self.distance(fig, result.x, result.y)
        if not math.isfinite(values[k]) or values[k] >= end_value:
            return None
        return round(float(ts[k]), 1)

    def end_of(self, fig: Figure, command: Move) -> tuple[float, float]:
        result = self.move(fig, command.angle)
        if command.length is None or command.length >= result.distance:
            return result.x, result.y
        a = math.radians(command.angle)
        return fig.x + math.cos(a) * command.length, fig.y + math.sin(a) * command.length

    def distance(self, fig: Figure, x: float, y: float) -> float:
        dist, (x0, y0) = self.field(fig)
        i = min(max(int((y - y0) // GRID_MM), 0), dist.shape[0] - 1)
        j = min(max(int((x - x0) // GRID_MM), 0), dist.shape[1] - 1)
        return float(dist[i, j])


_PLANS: dict[int, _Plan] = {}


def plan_for(system: OneForAll, state: OFAState) -> _Plan:
    plan = _PLANS.get(id(state))
    if plan is None or plan.state is not state:
        _PLANS.clear()
        plan = _PLANS[id(state)] = _Plan(system, state)
    return plan


def _angle_to(a: Figure, b: Figure) -> float:
    return math.degrees(math.atan2(b.y - a.y, b.x - a.x)) % 360.0


def _allocations(hits: int, n: int) -> list[tuple[int, ...]]:
    out = []
    for cut in itertools.combinations(range(hits + n - 1), n - 1):
        shares, last = [], -1
        for c in cut:
            shares.append(c - last - 1)
            last = c
        shares.append(hits + n - 1 - last - 1)
        out.append(tuple(shares))
        if len(out) >= MAX_ALLOCATIONS:
            break
    return out


def _clear_line(system: OneForAll, state: OFAState, fig: Figure, target: Figure) -> bool:
    blockers = line_of_throw_blockers(fig.base, target.base, Table.base_list(state), system._index(state),
                                      elev_min=state.cfg.elev_min, doubt_band=state.cfg.doubt_band)
    return not any(b.verdict == "blocks" for b in blockers)


def _object_actions(system: OneForAll, state: OFAState, fig: Figure, obj: str, how: str,
                    enemies: list[Figure]) -> list[Act]:
    """Candidate actions with one thing the figure touches."""
    out: list[Act] = []
    if how == "figure":
        other = state.figure(obj)
        if other.side != fig.side:
            out.append(Act(fig.id, "punch", obj, (obj,)))
        out.append(Act(fig.id, "dodge", obj))
        return out
    if how == "board_edge":
        return out
    try:
        solid = system._solid(state, obj)
    except IllegalCommand:
        return out
    if solid.liftable and not fig.carrying:
        out.append(Act(fig.id, "pick_up", obj))
        out += [Act(fig.id, "throw", obj, (e.id,)) for e in enemies[:2]]
    if solid.rollable:
        out += [Act(fig.id, "roll", obj, angle=round(_angle_to(fig, e), 3)) for e in enemies[:2]]
    if solid.surface and how == "beside":
        out.append(Act(fig.id, "leap_onto", obj))
    if how == "beside" and not solid.surface:
        out.append(Act(fig.id, "leap_over", obj))
    if how == "standing_on" and fig.z > 0 and enemies:
        out.append(Act(fig.id, "leap_off", obj, angle=round(_angle_to(fig, enemies[0]), 3)))
    if solid.kind == "stairs":
        out.append(Act(fig.id, "stairs", obj))
    if solid.slidable:
        out.append(Act(fig.id, "slide", obj))
    if solid.swingable and how == "overhead":
        out.append(Act(fig.id, "grab", obj))
    out.append(Act(fig.id, "dodge", obj))
    out.append(Act(fig.id, "improvise", obj))
    return out


def _passes(system: OneForAll, state: OFAState, command: Act) -> bool:
    fig = state.figure(command.figure)
    act = state.activation
    assert act is not None
    try:
        system._action_effect(state, fig, act, command, SeededDice(0))
    except IllegalCommand:
        return False
    return True


def legal_commands(system: OneForAll, state: OFAState) -> list[Any]:
    if state.winner:
        return []
    if state.pending is not None:
        return [AllocateHits(s) for s in _allocations(state.pending.hits, len(state.pending.candidates))]
    act = state.activation
    side = state.initiative
    if act is None:
        return [Activate(f.id) for f in state.conscious(side)
                if not (state.cfg.extended_turn and state.cfg.ext_turn_other_figure and f.id == state.last_failed)]
    fig = state.figure(act.figure)
    enemies = sorted(state.conscious(state.other_side(side)), key=lambda e: math.hypot(e.x - fig.x, e.y - fig.y))
    out: list[Any] = [Stop(fig.id)]
    touching = system._touching(state, fig)
    armed_duels = [Duel(fig.id, e.id) for e in enemies if touching.get(e.id) == "figure" and not fig.markers.unarmed]
    if act.contact:
        how = touching.get(act.contact)
        out += [d for d in armed_duels if d.defender == act.contact]
        if how is not None:
            out += [a for a in _object_actions(system, state, fig, act.contact, how, enemies) if _passes(system, state, a)]
        return out
    out += armed_duels
    can_move = not fig.markers.stunned and not fig.hanging_on
    cap = state.cfg.max_free_moves_per_turn
    if can_move and (cap is None or state.free_moves_this_turn < cap):
        plan = plan_for(system, state)
        angles = [float(a) for a in COMPASS] + [round(_angle_to(fig, e), 3) for e in enemies[:3]]
        # a move that cannot go anywhere is legal but pointless: leave it out of the list
        out += [Move(fig.id, a) for a in angles if plan.move(fig, a).distance >= 1.0]
        for a in angles:  # and stopping short where the way to the enemy turns
            length = plan.best_stop(fig, a)
            if length is not None:
                out.append(Move(fig.id, a, length))
    actions: list[Act] = []
    for obj, how in touching.items():
        actions += _object_actions(system, state, fig, obj, how, enemies)
    if fig.carrying:
        actions += [Act(fig.id, "throw", fig.carrying, (e.id,)) for e in enemies[:2]]
    if enemies and _clear_line(system, state, fig, enemies[0]):
        actions.append(Act(fig.id, "insult", enemies[0].id, (enemies[0].id,)))
    if fig.markers.stunned:
        actions.append(Act(fig.id, "recover"))
    if fig.markers.unarmed:
        actions.append(Act(fig.id, "retrieve_weapon"))
    if fig.hanging_on:
        actions += [Act(fig.id, "swing", fig.hanging_on, angle=float(a)) for a in (0, 90, 180, 270)]
    out += [a for a in actions if _passes(system, state, a)]
    return out


def rank_command(system: OneForAll, state: OFAState, command: Any) -> float:
    """Higher is better: fight when it is worth it, close in on the enemy, bank a big pool."""
    if isinstance(command, AllocateHits):
        return float(max(command.shares))
    act = state.activation
    if isinstance(command, Activate):
        fig = state.figure(command.figure)
        if fig.markers.stunned or fig.markers.unarmed:
            return 6.0  # recover first
        steps = plan_for(system, state).distance(fig, fig.x, fig.y)
        return 1.0 if math.isinf(steps) else 5.0 - steps / 100.0
    pool = act.pool if act else 0
    if isinstance(command, Duel):
        fig, enemy = state.figure(command.figure), state.figure(command.defender)
        return 9.0 + (pool + fig.rating - enemy.rating) * 0.3
    if isinstance(command, Stop):
        if pool == 0:
            return 0.0  # stopping with an empty pool achieves nothing
        return 0.5 if act and act.contact else pool * 1.2
    if isinstance(command, Move):
        fig = state.figure(command.figure)
        plan = plan_for(system, state)
        result = plan.move(fig, command.angle)
        if command.length is None and result.kind == "figure" and result.id \
                and state.figure(result.id).side != fig.side:
            return 7.0  # straight into an enemy: a fight follows
        ex, ey = plan.end_of(fig, command)
        now, then = plan.distance(fig, fig.x, fig.y), plan.distance(fig, ex, ey)
        if math.isinf(now) or math.isinf(then):
            return 0.3 if math.isinf(now) else 0.1
        return 1.0 + 5.0 * (now - then) / max(now, 1.0) - pool * 0.3
    if isinstance(command, Act):
        if command.kind in ("recover", "retrieve_weapon"):
            return 7.5
        if command.kind in ("punch", "kick", "slap", "shove", "throw", "roll"):
            return 8.0 - pool * 0.8
        if command.kind == "insult":
            fig = state.figure(command.figure)
            stuck = math.isinf(plan_for(system, state).distance(fig, fig.x, fig.y))
            return (6.0 if stuck else 2.0) - pool * 0.8
        if command.kind in ("dodge", "improvise"):
            return 0.6 if act and act.contact and pool == 0 else 0.2
        return 1.5
    return 0.0
