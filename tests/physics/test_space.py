"""The Space's terrain pieces are the geometry layer's convex cut (game.geometry.convex), the one
line of sight uses: the same pieces, as vertex lists, with the slivers pymunk cannot use left out."""

from __future__ import annotations

from pathlib import Path

import pymunk
import pytest
from shapely.geometry import MultiPolygon, Polygon, box

from game.board import load_board
from game.geometry.convex import convex_split
from game.geometry.terrain import TerrainIndex
from game.physics import build_space, convex_pieces
from game.physics.space import pieces_geometry

TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"
U_WALL = Polygon([(0, 0), (300, 0), (300, 300), (0, 300), (0, 290), (290, 290), (290, 10), (0, 10)])


def test_physics_pieces_are_the_geometry_cut_as_vertex_lists() -> None:
    for fp in (U_WALL, box(0, 0, 100, 100).difference(box(30, 30, 70, 70)), box(0, 0, 5, 5)):
        assert convex_pieces(fp) == [[(float(x), float(y)) for x, y in c] for c in convex_split(fp)]
    two = MultiPolygon([box(0, 0, 1, 1), U_WALL])
    assert convex_pieces(two) == [p for part in two.geoms for p in convex_pieces(part)]


def test_parts_and_pieces_of_no_area_are_left_out() -> None:
    speck = box(0, 0, 1e-5, 1e-5)  # 1e-10 mm²
    assert convex_pieces(speck) == []
    assert convex_pieces(MultiPolygon([speck, box(5, 5, 6, 6)])) == convex_pieces(box(5, 5, 6, 6))
    assert convex_pieces(speck, min_area=0.0) != []


def test_pieces_do_not_overlap_and_pymunk_keeps_them_as_cut() -> None:
    """Each piece is convex, so pymunk's hull of its corners is the piece itself; the pieces only
    touch, so their areas add up to the footprint's."""
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    index = TerrainIndex.from_board(load_board(TAVERN))
    space = build_space(index)
    for i, solid in enumerate(index.solids):
        if solid.flat:
            continue
        pieces = [Polygon(v) for v in convex_pieces(index.footprints[i])]
        assert sum(p.area for p in pieces) == pytest.approx(solid.footprint.area, rel=1e-9)
        shapes = [s for s in space.tabletop_solids[solid.id] if isinstance(s, pymunk.Poly)]
        assert len(shapes) == len(pieces)
        for shape, piece in zip(shapes, pieces, strict=True):
            hull = Polygon([tuple(v) for v in shape.get_vertices()])
            assert hull.symmetric_difference(piece).area <= 1e-9 * max(piece.area, 1.0)
        geom = pieces_geometry(space, solid.id)
        assert geom.symmetric_difference(solid.footprint).area <= 1e-9 * solid.footprint.area
