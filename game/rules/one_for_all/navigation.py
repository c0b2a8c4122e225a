"""What the AI works out once per state: the sweeps of moves along candidate directions, and a
distance field over the table to the nearest reachable enemy. ``legal.py`` offers moves from it
(and where to stop short), ``ai.py`` ranks by it.
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING

import numpy as np
import shapely

from game.geometry.sweep import MoveResult, sweep_disc
from game.rules.engine.last_state import kept_for_last_state
from game.rules.one_for_all.commands import Move
from game.rules.one_for_all.state import Figure, OFAState
from game.rules.one_for_all.table import Table

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll

GRID_MM = 10.0  #: cell size of the AI's navigation field
UNREACHABLE = math.inf


class Plan:
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
                self.system.index(st), Table.bases(st, fig.id), z=fig.z, height=fig.height,
                step=st.cfg.step, board_edge=st.cfg.board_edge_blocks)
        return self._moves[key]

    def field(self, fig: Figure) -> tuple[np.ndarray, tuple[float, float]]:
        """Grid steps from each cell to the nearest enemy this figure can reach on its level."""
        if fig.id in self._fields:
            return self._fields[fig.id]
        st = self.state
        index = self.system.index(st)
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


@kept_for_last_state
def plan_for(system: OneForAll, state: OFAState) -> Plan:
    """The plan of ``state`` (the last one asked for is kept: legal.py and ai.py share it)."""
    return Plan(system, state)
