"""Board-game cells (Mice and Mystics maps): adjacency, steps, exits and sight, built once per map.

A :class:`CellGraph` is built once from a :class:`~game.board.model.Board` (``CellGraph.from_board``)
or from plain inputs (``CellGraph.build``) and never changes afterwards. Everything it answers is a
pure function of the graph and of the arguments. It is geometry only: what the map says about the
cells (outlines, neighbours, the capacity and features a cell's properties give, the lines and
water on each step). Who stands in a cell and where a creature may go - occupancy (MM-GEO-9),
path legality (MM-GEO-10), reachable cells (MM-GEO-11) - are the game's rules, in
``game.rules.mice_and_mystics.occupancy`` and ``paths``.

Units. The graph works in the units of the polygons it is given. ``from_board`` works in table
millimetres, like the Board, and converts the map's pixel tolerances (``adjacency_gap``,
``wall_tolerance``, ``min_portal``, ``sample_step``) and the ``centre_x`` / ``centre_y`` cell
properties with ``board.mm_per_px``. ``build`` takes :class:`Tolerances` in the polygons' units.

Map rules implemented (``/work/shared/rules/mice_and_mystics.md``):

* MM-GEO-4 sampled portal adjacency (gap tolerance; walls and black areas cut it), MM-ADJ-2;
* MM-GEO-5 overrides (either side applies, remove wins over add);
* MM-GEO-6 edge annotations (yellow, red, into / out of water, against the current);
* MM-GEO-7 centres; MM-GEO-8 problems; graph distance (hops);
* MM-GEO-12 tiles (never adjacent, never in sight, across tiles);
* MM-LOS-1..5 sight between cell centres; MM-EXP-3 cells next to an exit.

Cell keys. A cell's key is its ``cell_id`` when it has no tile, else ``"<tile_id>:<cell_id>"``
(the form ``turn_target`` uses), so the same ``cell_id`` may be used again on another tile.
Override lists name cells of the same tile by bare id, or any cell by full key.

The inputs and answers are in ``cell_model``, the building in ``cell_build``; this module is
the graph and what it answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from game.geometry.cell_build import board_inputs, build_parts, cell_centre
from game.geometry.cell_model import (
    CellInfo,
    CellSpec,
    Edge,
    ExitInfo,
    ExitSpec,
    GraphProblem,
    LineSpec,
    Sight,
    Step,
    Tolerances,
    _empty,
)
from game.geometry.cell_model import pair as _pair
from game.geometry.cell_model import qualify as _qualify

#: the default tolerances of ``CellGraph.build`` (a frozen value, shared)
_DEFAULT_TOLERANCES = Tolerances()


# --------------------------------------------------------------------------- the graph


@dataclass(frozen=True, eq=False)
class CellGraph:
    """Cells, their adjacency and sight, built once. Use :meth:`build` or :meth:`from_board`."""

    cells: tuple[CellInfo, ...]
    edges: tuple[Edge, ...]
    exits: tuple[ExitInfo, ...]
    problems: tuple[GraphProblem, ...]
    tolerances: Tolerances
    los_touch_blocks: bool
    source: str = ""
    walls: tuple[BaseGeometry, ...] = ()
    black: tuple[BaseGeometry, ...] = ()
    _index: Mapping[str, int] = field(default_factory=_empty, repr=False)
    _adj: Mapping[str, tuple[str, ...]] = field(default_factory=_empty, repr=False)
    _edge: Mapping[tuple[str, str], Edge] = field(default_factory=_empty, repr=False)
    _steps: Mapping[tuple[str, str], Step] = field(default_factory=_empty, repr=False)
    _cell_exits: Mapping[str, tuple[str, ...]] = field(default_factory=_empty, repr=False)
    _los_add: frozenset[tuple[str, str]] = frozenset()
    _los_block: frozenset[tuple[str, str]] = frozenset()
    _wall_tree: Any = field(default=None, repr=False)
    _black_tree: Any = field(default=None, repr=False)
    _centres: Any = field(default=None, repr=False)  # (n, 2) float array

    # ----------------------------------------------------------------- construction
    @classmethod
    def build(cls, cells: Iterable[CellSpec], walls: Iterable[BaseGeometry] = (),
              black: Iterable[BaseGeometry] = (), lines: Iterable[LineSpec] = (),
              exits: Iterable[ExitSpec] = (), tolerances: Tolerances = _DEFAULT_TOLERANCES,
              *, los_touch_blocks: bool = True, source: str = "",
              problems: Iterable[GraphProblem] = ()) -> CellGraph:
        """Build the graph from plain inputs, all in one unit of length."""
        return cls(**build_parts(list(cells), list(walls), list(black), list(lines), list(exits),
                                 tolerances, los_touch_blocks, source, list(problems)))

    @classmethod
    def from_board(cls, board: Any, *, los_touch_blocks: bool = True) -> CellGraph:
        """Build from a loaded Board, in mm (the map's px tolerances are converted)."""
        return CellGraph.build(**board_inputs(board), los_touch_blocks=los_touch_blocks)

    # ----------------------------------------------------------------- cells
    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.cells)

    @property
    def positions(self) -> Mapping[str, int]:
        """Each cell's place in map order (key -> index), read-only."""
        return self._index

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def cell(self, key: str) -> CellInfo:
        return self.cells[self._index[key]]

    def key(self, cell_id: str, tile: str = "") -> str:
        """The key of ``cell_id`` on ``tile`` (MM-GEO-12 keys are ``tile:id``)."""
        return _qualify(tile, cell_id)

    def centre(self, key: str) -> tuple[float, float]:
        return self.cell(key).centre

    @property
    def tiles(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.tile for c in self.cells))

    def cells_on_tile(self, tile: str) -> tuple[str, ...]:
        return tuple(c.key for c in self.cells if c.tile == tile)

    def cell_at(self, x: float, y: float) -> str | None:
        """The key of a cell containing the point (first in map order), or None."""
        p = Point(x, y)
        for c in self.cells:
            if c.polygon.covers(p):
                return c.key
        return None

    # ----------------------------------------------------------------- adjacency
    def neighbours(self, key: str) -> tuple[str, ...]:
        """MM-GEO-4/5 neighbours of a cell, in map order."""
        return self._adj.get(key, ())

    def adjacent(self, a: str, b: str) -> bool:
        return _pair(a, b) in self._edge

    def edge(self, a: str, b: str) -> Edge | None:
        return self._edge.get(_pair(a, b))

    def step(self, src: str, dst: str) -> Step | None:
        """The directed step ``src → dst`` with its MM-GEO-6 annotations, None if not adjacent."""
        return self._steps.get((src, dst))

    def exits_of(self, key: str) -> tuple[str, ...]:
        """Exit ids this cell is adjacent to (geometry or its ``exit`` property; MM-EXP-3)."""
        return self._cell_exits.get(key, ())

    def exit(self, exit_id: str) -> ExitInfo | None:
        for e in self.exits:
            if e.id == exit_id:
                return e
        return None

    def hops(self, start: str) -> Mapping[str, int]:
        """Graph distance (number of steps, whoever stands in the cells) from ``start``."""
        out = {start: 0}
        frontier = [start]
        while frontier:
            nxt: list[str] = []
            for u in frontier:
                for v in self._adj.get(u, ()):
                    if v not in out:
                        out[v] = out[u] + 1
                        nxt.append(v)
            frontier = nxt
        return MappingProxyType(out)

    # ----------------------------------------------------------------- sight (MM-LOS)
    def sight(self, a: str, b: str) -> Sight:
        """MM-LOS-1..5: does a creature in ``a`` see ``b``? Symmetric; with the reason."""
        ca, cb = self.cell(a), self.cell(b)
        if a == b:
            return Sight(a, b, True, "same_cell")
        if ca.tile != cb.tile:
            return Sight(a, b, False, "other_tile")
        lo, hi = _pair(a, b)
        seg = LineString([self.cell(lo).centre, self.cell(hi).centre])
        if self.adjacent(a, b):
            return Sight(a, b, True, "adjacent", seg)
        if (lo, hi) in self._los_block:
            return Sight(a, b, False, "override_block", seg)
        if (lo, hi) in self._los_add:
            return Sight(a, b, True, "override_add", seg)
        walls, black = self._blockers(np.array([seg], dtype=object))
        if walls[0]:
            return Sight(a, b, False, "wall", seg, walls[0])
        if black[0]:
            return Sight(a, b, False, "black", seg, black[0])
        return Sight(a, b, True, "clear", seg)

    def sees(self, a: str, b: str) -> bool:
        return self.sight(a, b).seen

    def visible_from(self, key: str) -> tuple[str, ...]:
        """Every cell of the same tile that a creature in ``key`` sees (itself included)."""
        me = self.cell(key)
        others = [c.key for c in self.cells if c.tile == me.tile and c.key != key]
        if not others:
            return (key,)
        idx = np.array([self._index[k] for k in others])
        mine = np.full(len(others), self._index[key])
        lo = np.where(np.array([k < key for k in others]), idx, mine)
        hi = np.where(np.array([k < key for k in others]), mine, idx)
        segs = shapely.linestrings(np.stack([self._centres[lo], self._centres[hi]], axis=1))
        walls, black = self._blockers(segs)
        out = [key]
        for j, other in enumerate(others):
            pair = _pair(key, other)
            if pair in self._edge:
                seen = True
            elif pair in self._los_block:
                seen = False
            elif pair in self._los_add:
                seen = True
            else:
                seen = not walls[j] and not black[j]
            if seen:
                out.append(other)
        return tuple(sorted(out, key=self._index.__getitem__))

    def _blockers(self, segs: np.ndarray) -> tuple[list[tuple[BaseGeometry, ...]],
                                                    list[tuple[BaseGeometry, ...]]]:
        """For each segment: the walls it touches or crosses, the black areas it enters."""
        n = len(segs)
        wall_hits: list[list[BaseGeometry]] = [[] for _ in range(n)]
        black_hits: list[list[BaseGeometry]] = [[] for _ in range(n)]
        if self._wall_tree is not None:
            s, w = self._wall_tree.query(segs, predicate="intersects")
            walls = np.asarray(self.walls, dtype=object)
            if len(s) and not self.los_touch_blocks:
                keep = ~shapely.touches(segs[s], walls[w])
                s, w = s[keep], w[keep]
            for i, j in zip(s.tolist(), w.tolist(), strict=True):
                wall_hits[i].append(self.walls[j])
        if self._black_tree is not None:
            s, b = self._black_tree.query(segs, predicate="intersects")
            blacks = np.asarray(self.black, dtype=object)
            if len(s):
                keep = ~shapely.touches(segs[s], blacks[b])
                s, b = s[keep], b[keep]
            for i, j in zip(s.tolist(), b.tolist(), strict=True):
                black_hits[i].append(self.black[j])
        return [tuple(h) for h in wall_hits], [tuple(h) for h in black_hits]





__all__ = [
    "CellGraph", "CellInfo", "CellSpec", "Edge", "ExitInfo", "ExitSpec", "GraphProblem",
    "LineSpec", "Sight", "Step", "Tolerances", "board_inputs", "cell_centre",
]
