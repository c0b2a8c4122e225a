"""Terrain solids and the index built once per board.

A solid is a footprint polygon raised between a bottom and a top height. The index holds the
footprints in an STRtree with parallel arrays of heights and flags, so queries over many figures
are array calls, not Python loops over Shapely objects. Build it once per map; never per frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry


@dataclass(frozen=True)
class Solid:
    """One terrain piece as geometry sees it."""

    id: str
    footprint: BaseGeometry  #: Polygon or MultiPolygon
    bottom: float
    top: float
    blocks_sight: bool = True
    surface: bool = False
    flat: bool = False
    kind: str = ""
    liftable: bool = False
    rollable: bool = False
    swingable: bool = False
    slidable: bool = False


def solids_from_board(board: object) -> list[Solid]:
    """The board's terrain pieces as solids (ids are the Tiled object ids as text)."""
    pieces = getattr(board, "terrain", ())
    return [
        Solid(str(t.id), t.footprint, t.bottom, t.top, t.blocks_sight, t.surface, t.flat, t.kind,
              t.liftable, t.rollable, t.swingable, t.slidable)
        for t in pieces
    ]


class TerrainIndex:
    """All solids of a table, indexed once: STRtree, prepared footprints, height arrays."""

    def __init__(self, solids: Iterable[Solid], bounds: tuple[float, float, float, float] | None = None) -> None:
        self.solids: tuple[Solid, ...] = tuple(solids)
        self.footprints = np.array([s.footprint for s in self.solids], dtype=object)
        for g in self.footprints:
            shapely.prepare(g)
        self.bottom = np.array([s.bottom for s in self.solids], dtype=float)
        self.top = np.array([s.top for s in self.solids], dtype=float)
        self.blocks_sight = np.array([s.blocks_sight for s in self.solids], dtype=bool)
        self.surface = np.array([s.surface for s in self.solids], dtype=bool)
        self.flat = np.array([s.flat for s in self.solids], dtype=bool)
        self.tree = shapely.STRtree(self.footprints)
        #: the table: (minx, miny, maxx, maxy); None for an unbounded sandbox
        self.bounds = bounds
        self.table: Polygon | None = box(*bounds) if bounds else None
        self._by_id = {s.id: i for i, s in enumerate(self.solids)}

    @classmethod
    def from_board(cls, board: object) -> TerrainIndex:
        w = float(getattr(board, "width_mm", 0.0))
        h = float(getattr(board, "height_mm", 0.0))
        return cls(solids_from_board(board), (0.0, 0.0, w, h) if w > 0 and h > 0 else None)

    def __len__(self) -> int:
        return len(self.solids)

    def index_of(self, solid_id: str) -> int:
        return self._by_id[solid_id]

    def query(self, geometry: BaseGeometry, predicate: str | None = "intersects") -> np.ndarray:
        """Indices of solids whose footprint meets ``geometry`` (STRtree, then the predicate)."""
        if not len(self.solids):
            return np.empty(0, dtype=int)
        return self.tree.query(geometry, predicate=predicate)

    def query_many(self, geometries: Sequence[BaseGeometry] | np.ndarray,
                   predicate: str | None = "intersects") -> np.ndarray:
        """(2, k) array of (geometry index, solid index) pairs, as ``STRtree.query`` gives them."""
        if not len(self.solids):
            return np.empty((2, 0), dtype=int)
        return self.tree.query(np.asarray(geometries, dtype=object), predicate=predicate)

    def standing_level(self, x: float, y: float, below: float = float("inf")) -> float:
        """The top of the highest surface under the point (x, y) that is not above ``below``."""
        idx = self.query(shapely.points(x, y), predicate="intersects")
        tops = [self.top[i] for i in idx if self.surface[i] and self.top[i] <= below]
        return float(max(tops, default=0.0))
