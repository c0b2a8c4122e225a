"""The table as geometry sees it in a given state: terrain moved by play, fallen figures, bases.

The board's terrain is indexed once; a state's index adds what play changed (a rolled barrel, a
thrown mug, a figure lying as an obstacle, OFA-5.3) and is cached by those changes, so most
commands reuse it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

import shapely
from shapely.geometry import Polygon

from game.board.model import Board
from game.geometry.bases import Base, BaseArray
from game.geometry.terrain import Solid, TerrainIndex, solids_from_board
from game.rules.one_for_all.state import Figure, OFAState


def lying_footprint(figure: Figure) -> Polygon:
    """OFA-5.3: a rectangle H x 2r from the old base's edge (at c - r*u) along u."""
    ux, uy = figure.fallen
    if ux == 0 and uy == 0:
        ux, uy = 1.0, 0.0
    nx, ny = -uy, ux
    r, h = figure.radius, figure.height
    ax, ay = figure.x - r * ux, figure.y - r * uy
    bx, by = ax + h * ux, ay + h * uy
    return Polygon([(ax + r * nx, ay + r * ny), (bx + r * nx, by + r * ny),
                    (bx - r * nx, by - r * ny), (ax - r * nx, ay - r * ny)])


class Table:
    """Static terrain of one board plus per-state indexes."""

    def __init__(self, board: Board | None, solids: Sequence[Solid] = (),
                 bounds: tuple[float, float, float, float] | None = None) -> None:
        self.board = board
        if board is not None:
            solids = solids_from_board(board)
            bounds = (0.0, 0.0, board.width_mm, board.height_mm)
        self.solids = {s.id: s for s in solids}
        self.bounds = bounds
        self._cache: OrderedDict[tuple, TerrainIndex] = OrderedDict()

    def solid(self, solid_id: str) -> Solid:
        return self.solids[solid_id]

    def moved_solid(self, state: OFAState, solid_id: str) -> Solid | None:
        """The solid where play has put it, or None when it is carried off the table."""
        base = self.solids[solid_id]
        prop = state.prop(solid_id)
        if prop.carried_by:
            return None
        if prop.dx == 0 and prop.dy == 0:
            return base
        moved = shapely.transform(base.footprint, lambda c: c + (prop.dx, prop.dy))
        return Solid(base.id, moved, base.bottom, base.top, base.blocks_sight, base.surface,
                     base.flat, base.kind, base.liftable, base.rollable, base.swingable, base.slidable)

    def index(self, state: OFAState) -> TerrainIndex:
        lying = tuple((f.id, f.x, f.y, f.fallen) for f in state.figures if not f.conscious)
        key = (state.props, lying)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        solids: list[Solid] = []
        for sid in self.solids:
            moved = self.moved_solid(state, sid)
            if moved is not None:
                solids.append(moved)
        for f in state.figures:
            if not f.conscious:
                solids.append(Solid(f.id, lying_footprint(f), f.z, f.z + state.cfg.prone_height,
                                    blocks_sight=True, kind="fallen figure"))
        index = TerrainIndex(solids, self.bounds)
        self._cache[key] = index
        if len(self._cache) > 32:
            self._cache.popitem(last=False)
        return index

    @staticmethod
    def bases(state: OFAState, exclude: str = "") -> BaseArray:
        """The standing (conscious) figures as bases."""
        return BaseArray.of([f.base for f in state.figures if f.conscious and f.id != exclude])

    @staticmethod
    def base_list(state: OFAState, exclude: str = "") -> list[Base]:
        return [f.base for f in state.figures if f.conscious and f.id != exclude]
