"""What the candidate list and the AI work out once per state: straight sweeps of the active unit
(``legal.py``), and a distance field that goes round walls, to close in on the enemy (``ai.py``).

``plan_for(system, state)`` keeps the plan of the last state asked about, so the candidate list and
the ranking of each candidate share it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from game.geometry.sweep import MoveResult
from game.rules.engine.last_state import kept_for_last_state
from game.rules.helldorado.spatial import sweep
from game.rules.helldorado.state import HDState, Unit

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado

CELL = 0.5  #: fathoms, the AI's navigation grid


class Plan:
    """Sweeps and navigation fields of one state, each worked out once; ``values`` holds what the
    ranking caches per unit."""

    def __init__(self, system: Helldorado, state: HDState) -> None:
        self.system, self.state = system, state
        self._sweeps: dict[tuple[str, float, float], MoveResult] = {}
        self._fields: dict[str, np.ndarray] = {}
        self.values: dict[str, tuple[float, float]] = {}

    def sweep(self, u: Unit, angle: float, length: float) -> MoveResult:
        key = (u.id, angle, length)
        if key not in self._sweeps:
            self._sweeps[key] = sweep(self.system.table_of(self.state), self.state, u, angle, length)
        return self._sweeps[key]

    # -------------------------------------------------------------- navigation
    def field(self, u: Unit) -> np.ndarray:
        """Fathoms from each grid cell to contact with the nearest enemy, round the terrain."""
        if u.id in self._fields:
            return self._fields[u.id]
        st = self.state
        enemies = tuple((round(e.x, 3), round(e.y, 3), round(e.z, 3), e.radius)
                        for e in st.alive(st.other_side(u.side)))
        key = (st.map, round(u.radius, 3), round(u.z, 1), enemies)
        if key in _FIELDS:
            self._fields[u.id] = _FIELDS[key]
            return _FIELDS[key]
        free, (x0, y0) = _passable(self.system, st, round(u.radius, 3))
        rows, cols = free.shape
        gx, gy = np.meshgrid((np.arange(cols) + 0.5) * CELL + x0, (np.arange(rows) + 0.5) * CELL + y0)
        dist = np.full(free.shape, np.inf)
        for e in st.alive(st.other_side(u.side)):
            if abs(e.z - u.z) > st.cfg.climb_max + 0.5:
                continue
            near = np.hypot(gx - e.x, gy - e.y) <= e.radius + u.radius + CELL
            dist[near & free] = 0.0
        dist = _relax(dist, free)
        self._fields[u.id] = dist
        _FIELDS[key] = dist
        if len(_FIELDS) > 64:
            _FIELDS.pop(next(iter(_FIELDS)))
        return dist

    def distance(self, u: Unit, x: float, y: float) -> float:
        dist = self.field(u)
        x0, y0 = _passable(self.system, self.state, round(u.radius, 3))[1]
        i = min(max(int((y - y0) // CELL), 0), dist.shape[0] - 1)
        j = min(max(int((x - x0) // CELL), 0), dist.shape[1] - 1)
        return float(dist[i, j])


def _relax(dist: np.ndarray, free: np.ndarray) -> np.ndarray:
    """8-neighbour chamfer distances (in fathoms) over the free cells, from the zero cells."""
    d = np.where(free, dist, np.inf)
    h, w = d.shape
    diag = CELL * math.sqrt(2.0)
    shifts = [((1, 0), CELL), ((-1, 0), CELL), ((0, 1), CELL), ((0, -1), CELL),
              ((1, 1), diag), ((1, -1), diag), ((-1, 1), diag), ((-1, -1), diag)]
    for _ in range(2 * (h + w)):
        cand = d.copy()
        for (di, dj), cost in shifts:
            src = d[max(0, -di): h - max(0, di), max(0, -dj): w - max(0, dj)]
            dst = cand[max(0, di): h - max(0, -di), max(0, dj): w - max(0, -dj)]
            np.minimum(dst, src + cost, out=dst)
        cand = np.where(free, cand, np.inf)
        if np.array_equal(cand, d):
            break
        d = cand
    return d


_PASSABLE: dict[tuple[int, str, float], tuple[np.ndarray, tuple[float, float]]] = {}
_FIELDS: dict[tuple[Any, ...], np.ndarray] = {}


def _passable(system: Helldorado, state: HDState, radius: float
              ) -> tuple[np.ndarray, tuple[float, float]]:
    """Grid cells a base of ``radius`` on the floor may stand on (static terrain only)."""
    table = system.table_of(state)
    key = (id(table), state.map, radius)
    if key in _PASSABLE:
        return _PASSABLE[key]
    x0, y0, x1, y1 = table.bounds or (0.0, 0.0, 36.0, 36.0)
    xs = (np.arange(int(math.ceil((x1 - x0) / CELL))) + 0.5) * CELL + x0
    ys = (np.arange(int(math.ceil((y1 - y0) / CELL))) + 0.5) * CELL + y0
    gx, gy = np.meshgrid(xs, ys)
    free = (gx >= x0 + radius) & (gx <= x1 - radius) & (gy >= y0 + radius) & (gy <= y1 - radius)
    walls = [s.footprint for s in table.solids.values() if not s.flat and s.top > state.cfg.step]
    if walls:
        blocked = shapely.union_all(walls).buffer(radius * 0.9)
        free &= ~shapely.contains_xy(blocked, gx, gy)
    _PASSABLE[key] = (free, (x0, y0))
    return _PASSABLE[key]


@kept_for_last_state
def plan_for(system: Helldorado, state: HDState) -> Plan:
    """The plan of ``state`` (the one of the last state asked about, else a new one)."""
    return Plan(system, state)
