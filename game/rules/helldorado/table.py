"""The table in fathoms: the map's terrain scaled once at the boundary (HD-0-2), with cached sight
and cover queries over it. Terrain never moves in Helldorado, so one index serves a whole match."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base
from game.geometry.cover import CoverResult, cover
from game.geometry.sight import point_clear, point_sees_base, sees
from game.geometry.terrain import Solid, TerrainIndex, solids_from_board

CACHE = 4096


class _Lru(OrderedDict):
    def get_or(self, key: Any, make: Any) -> Any:
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = make()
        self[key] = value
        if len(self) > CACHE:
            self.popitem(last=False)
        return value


def scale_solid(s: Solid, k: float) -> Solid:
    return Solid(s.id, shapely.transform(s.footprint, lambda c: c * k), s.bottom * k, s.top * k,
                 s.blocks_sight, s.surface, s.flat, s.kind, s.liftable, s.rollable, s.swingable,
                 s.slidable)


class Table:
    """Terrain of one map in fathoms (or any solids a test gives), with cached geometry."""

    def __init__(self, solids: Sequence[Solid] = (),
                 bounds: tuple[float, float, float, float] | None = None, board: Any = None) -> None:
        self.board = board
        self.solids = {s.id: s for s in solids}
        self.bounds = bounds
        self.index = TerrainIndex(list(solids), bounds)
        self._sees = _Lru()
        self._cover = _Lru()
        self._points = _Lru()

    @classmethod
    def from_board(cls, board: Any, fathom_mm: float) -> Table:
        """The board's terrain converted from mm to fathoms (HD-0-2)."""
        k = 1.0 / fathom_mm
        solids = [scale_solid(s, k) for s in solids_from_board(board)]
        return cls(solids, (0.0, 0.0, board.width_mm * k, board.height_mm * k), board)

    # ------------------------------------------------------------------ sight and cover
    def sees(self, viewer: Base, target: Base) -> bool:
        """HD-RANGED-7/8: some part of ``target`` is seen from ``viewer``'s eye."""
        return bool(self._sees.get_or((viewer, target), lambda: sees(self.index, viewer, target)))

    def point_sees(self, point: tuple[float, float, float], target: Base) -> bool:
        """HD-EXPL-12: some part of ``target`` is seen from a blast point."""
        return bool(self._points.get_or((point, target),
                                        lambda: point_sees_base(self.index, point, target)))

    def point_clear(self, eye: tuple[float, float, float], point: tuple[float, float, float]) -> bool:
        """HD-EXPL-1: the segment from the eye to the point crosses no terrain."""
        return bool(self._points.get_or(("clear", eye, point),
                                        lambda: point_clear(self.index, eye, point)))

    def cover(self, eye: tuple[float, float, float], target: Base, radius: float) -> CoverResult:
        """HD-RANGED-9: how much terrain near the target hides it from the eye."""
        return self._cover.get_or((eye, target, radius),
                                  lambda: cover(self.index, eye, target, cover_radius=radius))

    # ------------------------------------------------------------------ levels
    def standing_level(self, x: float, y: float, below: float = float("inf")) -> float:
        return self.index.standing_level(x, y, below=below)

    def on_table(self, x: float, y: float, r: float = 0.0) -> bool:
        if self.bounds is None:
            return True
        x0, y0, x1, y1 = self.bounds
        return x0 + r - 1e-9 <= x <= x1 - r + 1e-9 and y0 + r - 1e-9 <= y <= y1 - r + 1e-9

    def blocking(self, x: float, y: float, r: float, z: float, height: float, step: float,
                 ignore: tuple[str, ...] = ()) -> list[str]:
        """Solids a base at (x, y) on level z would overlap (those a move is stopped by)."""
        disc = Point(x, y).buffer(max(r - 1e-6, 1e-6), quad_segs=16)
        out = []
        for i in self.index.query(disc):
            s = self.index.solids[int(i)]
            if s.id in ignore or s.flat:
                continue
            if s.top > z + step + 1e-9 and s.bottom < z + height - 1e-9:
                out.append(s.id)
        return out

    def supports(self, x: float, y: float, r: float, z: float) -> list[Solid]:
        """The surface pieces a unit on level z stands on (its top at z, under the base)."""
        disc = Point(x, y).buffer(r, quad_segs=16)
        return [self.index.solids[int(i)] for i in self.index.query(disc)
                if self.index.solids[int(i)].surface and abs(self.index.solids[int(i)].top - z) < 1e-6]

    def footprint(self, solid_id: str) -> BaseGeometry:
        return self.solids[solid_id].footprint
