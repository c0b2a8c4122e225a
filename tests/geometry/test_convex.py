"""The convex decomposition of footprints (game.geometry.convex), shared by sight and physics."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box

from game.geometry.convex import MERGE_LIMIT, convex_split, is_convex, polygon_parts
from game.geometry.sight import convex_pieces
from game.geometry.terrain import Solid, TerrainIndex

U_WALL = Polygon([(0, 0), (300, 0), (300, 300), (0, 300), (0, 290), (290, 290), (290, 10), (0, 10)])
COURTYARD = box(0, 0, 100, 100).difference(box(30, 30, 70, 70))


def _signed_area(c: np.ndarray) -> float:
    x, y = c[:, 0], c[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def assert_cut(poly: Polygon, rings: list[np.ndarray]) -> None:
    """Convex counter-clockwise pieces, no repeated corner, no overlap, union the polygon."""
    for c in rings:
        assert c.shape[1] == 2 and len(c) >= 3
        assert _signed_area(c) > 0.0
        assert is_convex([(float(x), float(y)) for x, y in c])
        assert np.all(np.any(c != np.roll(c, -1, axis=0), axis=1))
    pieces = [Polygon(c) for c in rings]
    union = shapely.union_all(pieces)
    assert union.symmetric_difference(poly).area <= 1e-9 * poly.area
    assert sum(p.area for p in pieces) == pytest.approx(poly.area, rel=1e-9)


def test_a_convex_polygon_is_one_piece_its_hull_counter_clockwise() -> None:
    square = Polygon([(0, 0), (0, 10), (10, 10), (10, 0)])  # clockwise, as given
    rings = convex_split(square)
    assert len(rings) == 1
    assert_cut(square, rings)
    # a straight corner stays out of the hull's ring
    assert len(convex_split(Polygon([(0, 0), (5, 0), (10, 0), (10, 10), (0, 10)]))[0]) == 4


def test_a_concave_polygon_and_one_with_a_hole_are_cut_into_few_convex_pieces() -> None:
    rings = convex_split(U_WALL)
    assert_cut(U_WALL, rings)
    assert 3 <= len(rings) <= 4 * 3  # Hertel-Mehlhorn: at most four times the minimum (3)
    rings = convex_split(COURTYARD)
    assert_cut(COURTYARD, rings)
    assert len(rings) >= 4


def test_no_area_no_piece_and_the_parts_of_a_geometry() -> None:
    assert convex_split(Polygon()) == []
    assert convex_split(Polygon([(0, 0), (1, 1), (2, 2)])) == []
    assert polygon_parts(None) == [] and polygon_parts(Polygon()) == []
    two = MultiPolygon([box(0, 0, 1, 1), box(2, 0, 3, 1)])
    assert [p.bounds for p in polygon_parts(two)] == [(0, 0, 1, 1), (2, 0, 3, 1)]
    mixed = shapely.GeometryCollection([box(0, 0, 1, 1), LineString([(0, 0), (5, 5)])])
    assert len(polygon_parts(mixed)) == 1


def test_is_convex_allows_straight_corners_and_refuses_reflex_ones() -> None:
    assert is_convex([(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)])
    assert not is_convex([(0, 0), (2, 0), (1, 0.5), (2, 2), (0, 2)])
    assert not is_convex([(0, 0), (0, 2), (2, 2), (2, 0)])  # clockwise


def test_above_the_merge_limit_the_pieces_stay_triangles() -> None:
    # a comb with many teeth: more triangles than the limit, each one a piece
    teeth = MERGE_LIMIT // 2 + 1
    pts = [(0.0, 0.0)]
    for k in range(teeth):
        pts += [(2.0 * k + 0.5, 1.0), (2.0 * k + 1.0, 0.2)]
    pts += [(2.0 * teeth, 0.0), (2.0 * teeth, -1.0), (0.0, -1.0)]
    comb = Polygon(pts)
    tris = shapely.get_parts(shapely.constrained_delaunay_triangles(comb))
    assert len(tris) > MERGE_LIMIT
    rings = convex_split(comb)
    assert len(rings) == len(tris)
    assert_cut(comb, rings)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(5, 13), st.booleans())
def test_random_footprints_are_cut_exactly(seed: int, k: int, hole: bool) -> None:
    rng = np.random.default_rng(seed)
    ang = np.sort(rng.uniform(0.0, 2.0 * np.pi, k))
    rad = rng.uniform(10.0, 50.0, k)
    poly = shapely.make_valid(Polygon(np.column_stack([np.cos(ang) * rad, np.sin(ang) * rad])))
    if hole:
        poly = poly.difference(Point(0, 0).buffer(4.0, quad_segs=3))
    for part in polygon_parts(poly):
        assert_cut(part, convex_split(part))


def test_sight_pieces_are_the_shared_cut_of_each_blocking_footprint() -> None:
    index = TerrainIndex([Solid("u", U_WALL, 0.0, 90.0), Solid("yard", COURTYARD, 0.0, 10.0),
                          Solid("glass", box(400, 0, 410, 10), 0.0, 50.0, blocks_sight=False)])
    pieces = convex_pieces(index)
    expected = [(0, c) for c in convex_split(U_WALL)] + [(1, c) for c in convex_split(COURTYARD)]
    assert list(pieces.solid) == [s for s, _ in expected]
    for k, (_, c) in enumerate(expected):
        assert np.array_equal(pieces.xy[pieces.start[k]:pieces.start[k + 1]], c)
