"""Line of sight in 2.5-D (game.geometry.sight): HD-RANGED-7/8, HD-EXPL-1/12, HD-TMPL-8.

Lengths are fathoms where a Helldorado example is quoted (r = 0.6, h = 1), millimetres elsewhere.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base
from game.geometry.sight import (
    convex_pieces,
    point_clear,
    point_sees_base,
    points_clear,
    seen_point,
    sees,
    shadow,
    sight_matrix,
)
from game.geometry.terrain import Solid, TerrainIndex


def wall(x0: float, x1: float, top: float, *, y0: float = -50.0, y1: float = 50.0, bottom: float = 0.0,
         name: str = "wall") -> Solid:
    return Solid(name, box(x0, y0, x1, y1), bottom, top)


def unit(x: float, y: float, *, z: float = 0.0, name: str = "u", r: float = 0.6, h: float = 1.0) -> Base:
    return Base(name, x, y, r, z, h)


# --------------------------------------------------------------------------------------------
# HD-EXPL-1: a clear 3-D segment to a point; grazing is blocked
# --------------------------------------------------------------------------------------------


def test_HD_EXPL_1_wall_02_blocks_the_point() -> None:
    """HD-EXPL-1 example: eye (0,0,1), P=(10,0,0), wall x in [8.8, 9.0] 0.2 tall -> blocked."""
    index = TerrainIndex([wall(8.8, 9.0, 0.2)])
    assert not point_clear(index, (0.0, 0.0, 1.0), (10.0, 0.0, 0.0))


def test_HD_EXPL_1_wall_005_leaves_the_point_clear() -> None:
    """HD-EXPL-1 example: the same wall 0.05 tall -> at x = 9.0 the segment is at 0.1 > 0.05."""
    index = TerrainIndex([wall(8.8, 9.0, 0.05)])
    assert point_clear(index, (0.0, 0.0, 1.0), (10.0, 0.0, 0.0))


def test_HD_EXPL_1_grazing_the_top_edge_is_blocked() -> None:
    """HD-RANGED-7/HD-EXPL-1: a segment touching the wall's top edge (z = 0.1 at x = 9) is blocked."""
    index = TerrainIndex([wall(8.8, 9.0, 0.1)])
    assert not point_clear(index, (0.0, 0.0, 1.0), (10.0, 0.0, 0.0))
    index = TerrainIndex([wall(8.8, 9.0, 0.1 - 1e-6)])
    assert point_clear(index, (0.0, 0.0, 1.0), (10.0, 0.0, 0.0))


def test_HD_EXPL_1_grazing_a_side_face_is_blocked() -> None:
    """HD-RANGED-7: a segment running along a wall's side face (plan touching) is blocked."""
    index = TerrainIndex([wall(4.0, 6.0, 3.0, y0=0.0, y1=5.0)])
    assert not point_clear(index, (0.0, 0.0, 1.0), (10.0, 0.0, 1.0))
    assert point_clear(index, (0.0, -1e-6, 1.0), (10.0, -1e-6, 1.0))


def test_HD_EXPL_1_point_on_a_roof_or_against_a_wall_is_not_blocked_by_that_contact() -> None:
    """HD-EXPL-1: P = (x, y, surface height) may sit on a roof or touch a wall; the contact at the
    end of the segment is not a crossing."""
    roof = Solid("house", box(5.0, -2.0, 9.0, 2.0), 0.0, 2.0, surface=True)
    index = TerrainIndex([roof])
    assert point_clear(index, (0.0, 0.0, 5.0), (7.0, 0.0, 2.0))  # on the roof, seen from above
    assert not point_clear(index, (0.0, 0.0, 1.0), (7.0, 0.0, 2.0))  # from below the roof line
    assert point_clear(index, (0.0, 0.0, 1.0), (5.0, 0.0, 0.0))  # at the foot of the near wall
    assert not point_clear(index, (0.0, 0.0, 1.0), (9.0, 0.0, 0.0))  # at the foot of the far wall


def test_HD_EXPL_1_many_points_at_once_match_single_calls() -> None:
    """HD-EXPL-1: points_clear is point_clear over an array."""
    rng = np.random.default_rng(3)
    index = TerrainIndex([wall(8.8, 9.0, 0.2), Solid("crate", box(4, 1, 5, 2), 0.0, 1.5)])
    pts = np.column_stack([rng.uniform(0, 12, 200), rng.uniform(-3, 3, 200), rng.uniform(0, 2, 200)])
    many = points_clear(index, (0.0, 0.0, 1.0), pts)
    assert many.tolist() == [point_clear(index, (0.0, 0.0, 1.0), tuple(p)) for p in pts]
    assert 0 < many.sum() < len(pts)


def test_HD_EXPL_1_non_convex_footprints_and_holes() -> None:
    """HD-EXPL-1: L-shaped footprints and courtyards are split into convex pieces correctly."""
    ell = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    ring = box(10, -3, 16, 3).difference(box(11, -2, 15, 2))
    index = TerrainIndex([Solid("ell", ell, 0, 5), Solid("court", ring, 0, 5)])
    assert len(convex_pieces(index)) > 2
    assert point_clear(index, (3, 3, 1), (2, 2, 1))  # inside the notch of the L
    assert not point_clear(index, (3, 3, 1), (-1, -1, 1))  # through the L
    assert point_clear(index, (13, 0, 10), (13, 0, 0))  # down into the courtyard
    assert not point_clear(index, (13, 0, 1), (20, 0, 1))  # out through the courtyard wall


# --------------------------------------------------------------------------------------------
# HD-RANGED-7/8: seeing a figure (silhouette rectangle + base rim)
# --------------------------------------------------------------------------------------------


def test_HD_RANGED_7_no_terrain_sees_everything() -> None:
    """HD-RANGED-7: with no terrain every figure sees every other (figures never block, HD-RANGED-8)."""
    index = TerrainIndex([])
    a, b, c = unit(0, 0, name="a"), unit(5, 0, name="b"), unit(10, 0, name="c")
    assert sees(index, a, c)
    assert sight_matrix(index, [a, b, c]).all()


def test_HD_RANGED_7_low_wall_tall_wall() -> None:
    """HD-RANGED-7: a wall below the eye leaves the head visible; a wall above the eye hides all."""
    shooter, target = unit(0, 0, name="s"), unit(10, 0, name="t")
    assert sees(TerrainIndex([wall(8.8, 9.0, 0.6)]), shooter, target)
    assert not sees(TerrainIndex([wall(8.8, 9.0, 2.0)]), shooter, target)
    # eye exactly at the wall's height: the top of the silhouette only grazes it -> hidden
    assert not sees(TerrainIndex([wall(8.8, 9.0, 1.0)]), shooter, target)


def test_HD_RANGED_7_any_part_of_the_body_is_enough() -> None:
    """HD-RANGED-7: a tall pillar hiding the centre line but not the edge of the body -> seen."""
    shooter, target = unit(0, 0, name="s"), unit(10, 0, name="t")
    pillar = Solid("pillar", box(8.9, -0.4, 9.1, 0.4), 0.0, 5.0)
    index = TerrainIndex([pillar])
    assert not point_clear(index, shooter.eye, target.eye)
    assert sees(index, shooter, target)
    wider = TerrainIndex([Solid("pillar", box(8.9, -0.6, 9.1, 0.6), 0.0, 5.0)])
    assert not sees(wider, shooter, target)


def test_HD_RANGED_7_the_base_rim_counts() -> None:
    """HD-RANGED-7: the base rim is part of the target. A hanging wall whose bottom is just under
    the eye hides the whole silhouette but leaves the near rim visible from a blast point."""
    eye = (0.0, 0.0, 0.01)
    target = unit(10, 0, name="t")
    hanging = TerrainIndex([wall(8.9, 9.0, 5.0, bottom=0.0006)])
    assert point_sees_base(hanging, eye, target)
    assert seen_point(hanging, eye, target) is None  # nothing of the silhouette itself
    grounded = TerrainIndex([wall(8.9, 9.0, 5.0)])
    assert not point_sees_base(grounded, eye, target)


def test_HD_RANGED_7_shooter_on_a_tower_sees_over_a_wall() -> None:
    """HD-RANGED-7: the eye is at the head of the shooter, wherever it stands (z + h)."""
    low = unit(0, 0, name="s")
    high = unit(0, 0, z=4.0, name="s")
    target = unit(10, 0, name="t")
    index = TerrainIndex([wall(4.8, 5.0, 2.0)])
    assert not sees(index, low, target)
    assert sees(index, high, target)
    # close behind the wall the target stays hidden even from the tower (ray at x=9 is at 1.4 < 2)
    assert not sees(TerrainIndex([wall(8.8, 9.0, 2.0)]), high, target)


def test_HD_RANGED_7_eye_inside_a_solid_sees_out() -> None:
    """HD-RANGED-7 (engine convention): a solid whose inside holds the eye is ignored for that eye."""
    woods = Solid("woods", box(-2, -2, 2, 2), 0.0, 3.0)
    index = TerrainIndex([woods])
    inside, outside = unit(0, 0, name="in"), unit(10, 0, name="out")
    assert sees(index, inside, outside)
    assert not sees(index, outside, unit(0, 0, h=1.0, z=0.0, name="in2"))


def test_HD_RANGED_7_seen_point_is_on_a_clear_line() -> None:
    """HD-RANGED-7: the point drawn as the end of the sight line is really seen."""
    shooter, target = unit(0, 0, name="s"), unit(10, 0, name="t")
    index = TerrainIndex([Solid("pillar", box(8.9, -0.4, 9.1, 0.4), 0.0, 5.0)])
    p = seen_point(index, shooter.eye, target)
    assert p is not None
    assert point_clear(index, shooter.eye, p)
    assert abs(np.hypot(p[0] - 10.0, p[1]) ) <= 0.6 + 1e-9


def test_HD_RANGED_7_sight_is_not_symmetric_in_general() -> None:
    """HD-RANGED-7 measures from a point (the eye) to a rectangle (the body), so two figures of equal
    height can disagree: a wall stub beside B hides A's body from B's eye, but not B's edge from A."""
    a, b = unit(0, 0, name="a"), unit(10, 0, name="b")
    stub = Solid("stub", box(9.2, -5.0, 9.3, 0.05), 0.0, 3.0)
    index = TerrainIndex([stub])
    assert sees(index, a, b)
    assert not sees(index, b, a)
    m = sight_matrix(index, [a, b])
    assert m[0, 1] and not m[1, 0]


# --------------------------------------------------------------------------------------------
# HD-EXPL-12 / HD-TMPL-8: full cover from the blast point or the shooter
# --------------------------------------------------------------------------------------------


def test_HD_EXPL_12_unit_behind_a_wall_is_not_affected() -> None:
    """HD-EXPL-12 example: P = (10, 0) at floor level, unit D at (8, -2.5) directly behind a wall
    1.5 f tall between it and P -> no part visible; A at (12, 1) in the open is visible."""
    p = (10.0, 0.0, 0.0)
    d = unit(8.0, -2.5, name="D")
    mid = np.array([9.0, -1.25])
    along = np.array([-2.0, -2.5]) / np.hypot(2.0, 2.5)
    seg = shapely.LineString([mid - 1.6 * np.array([along[1], -along[0]]),
                              mid + 1.6 * np.array([along[1], -along[0]])])
    index = TerrainIndex([Solid("wall", seg.buffer(0.1, cap_style="flat"), 0.0, 1.5)])
    assert not point_sees_base(index, p, d)
    assert point_sees_base(index, p, unit(12.0, 1.0, name="A"))
    assert point_sees_base(index, p, unit(9.0, 1.0, name="E"))


def test_HD_TMPL_8_impact_blast_hidden_behind_a_2f_wall() -> None:
    """HD-TMPL-8 example: a unit whose silhouette and rim are behind a 2 f wall, seen from the
    shooter's eye, is not affected by an impact-blast."""
    shooter, hidden = unit(0, 0, name="s"), unit(6, 0, name="h")
    index = TerrainIndex([wall(5.0, 5.2, 2.0, y0=-3.0, y1=3.0)])
    assert not sees(index, shooter, hidden)
    assert sees(index, shooter, unit(6, 4, name="open"))


# --------------------------------------------------------------------------------------------
# All pairs at once
# --------------------------------------------------------------------------------------------


def _random_scene(seed: int, n_solids: int = 25, n_bases: int = 14) -> tuple[TerrainIndex, list[Base]]:
    rng = np.random.default_rng(seed)
    solids = []
    for i in range(n_solids):
        cx, cy = rng.uniform(0, 300, 2)
        w, d = rng.uniform(3, 40), rng.uniform(3, 12)
        poly = rotate(box(cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2), rng.uniform(0, 180))
        if i % 5 == 0:
            poly = poly.union(rotate(box(cx, cy, cx + d, cy + w), rng.uniform(0, 180), origin=(cx, cy)))
        bottom = 0.0 if i % 7 else float(rng.uniform(10, 30))
        solids.append(Solid(f"s{i}", poly, bottom, bottom + float(rng.uniform(10, 80))))
    index = TerrainIndex(solids)
    feet = shapely.union_all(index.footprints)
    bases: list[Base] = []
    while len(bases) < n_bases:
        x, y = rng.uniform(0, 300, 2)
        if feet.distance(Point(x, y)) > 13 and all(np.hypot(b.x - x, b.y - y) > 26 for b in bases):
            z = 0.0 if len(bases) % 4 else float(rng.uniform(0, 20))
            bases.append(Base(f"b{len(bases)}", float(x), float(y), 12.5, z, float(rng.uniform(25, 50))))
    return index, bases


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_HD_RANGED_7_sight_matrix_matches_pair_by_pair(seed: int) -> None:
    """HD-RANGED-7: the all-pairs matrix (cheap passes first) agrees with one pair at a time."""
    index, bases = _random_scene(seed)
    m = sight_matrix(index, bases)
    for i, a in enumerate(bases):
        for j, b in enumerate(bases):
            if i != j:
                assert m[i, j] == sees(index, a, b), (i, j)
    assert m.diagonal().all()
    assert 0 < m.sum() < m.size  # the scene has both seen and hidden pairs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gap=st.floats(5.0, 200.0),
    height=st.floats(10.0, 80.0),
    walls=st.lists(st.tuples(st.floats(0.0, 1.0), st.floats(-50.0, 50.0), st.floats(1.0, 90.0)),
                   min_size=0, max_size=4),
)
def test_HD_RANGED_7_symmetric_for_equal_figures_across_floor_walls(
        gap: float, height: float, walls: list[tuple[float, float, float]]) -> None:
    """HD-RANGED-7: two figures of equal height on the floor see each other or neither, when the
    terrain between them is floor-standing walls crossing the whole line (turned up to 50 deg) and
    clear of both bases."""
    clear = 14.0 / np.cos(np.radians(50.0))  # keeps a turned strip off both bases
    a = Base("a", 0.0, 0.0, 12.5, 0.0, height)
    b = Base("b", 2.0 * clear + gap, 0.0, 12.5, 0.0, height)
    solids = []
    for k, (f, angle, top) in enumerate(walls):
        x = clear + f * gap
        strip = rotate(box(x - 0.5, -400.0, x + 0.5, 400.0), angle, origin=(x, 0.0))
        solids.append(Solid(f"w{k}", strip, 0.0, top))
    index = TerrainIndex(solids)
    assert sees(index, a, b) == sees(index, b, a)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_HD_RANGED_7_clear_eye_to_eye_means_both_see(seed: int) -> None:
    """HD-RANGED-7: each eye is a point of its own silhouette, so a clear eye-to-eye segment means
    both figures see each other, whatever the terrain."""
    index, bases = _random_scene(seed, n_solids=12, n_bases=4)
    for a in bases:
        for b in bases:
            if a is not b and point_clear(index, a.eye, b.eye):
                assert sees(index, a, b) and sees(index, b, a)


# --------------------------------------------------------------------------------------------
# The shadow on the floor (sandbox overlay)
# --------------------------------------------------------------------------------------------


def test_HD_RANGED_7_shadow_of_a_wall_is_the_projected_prism() -> None:
    """HD-RANGED-7 drawn: the floor a wall hides from an eye is the hull of its footprint and its
    top face projected from the eye (exact for prisms)."""
    eye = (0.0, 0.0, 1.0)
    index = TerrainIndex([wall(8.8, 9.0, 0.5, y0=-1.0, y1=1.0)])
    sh = shadow(index, eye, 50.0)
    corners = [(8.8, -1), (9.0, -1), (9.0, 1), (8.8, 1)]
    expected = shapely.MultiPoint(corners + [(2 * x, 2 * y) for x, y in corners]).convex_hull
    assert sh.symmetric_difference(expected).area < 1e-6


def test_HD_RANGED_7_shadow_agrees_with_segments() -> None:
    """HD-RANGED-7: floor points inside the shadow are exactly those whose segment is blocked."""
    rng = np.random.default_rng(5)
    index, _ = _random_scene(7, n_solids=15, n_bases=1)
    eye = (150.0, 150.0, 60.0)
    sh = shadow(index, eye, 200.0)
    pts = np.column_stack([rng.uniform(0, 300, 3000), rng.uniform(0, 300, 3000), np.zeros(3000)])
    pts = pts[np.hypot(pts[:, 0] - 150, pts[:, 1] - 150) < 199]
    inside = shapely.contains_xy(sh, pts[:, 0], pts[:, 1])
    clear = points_clear(index, eye, pts)
    edge = shapely.distance(sh.boundary, shapely.points(pts[:, :2])) < 1e-6
    assert np.all((inside != clear) | edge)
    assert inside.any() and clear.any()


def test_HD_RANGED_7_figures_stacked_on_one_axis() -> None:
    """HD-RANGED-7: a figure on a balcony right above another sees it only if the floor between
    them is open (the degenerate silhouette plane is handled)."""
    below, above = unit(0, 0, name="below"), unit(0, 0, z=3.2, name="above")
    floor = TerrainIndex([Solid("balcony", box(-5, -5, 5, 5), 3.0, 3.2, surface=True)])
    assert not sees(floor, above, below) and not sees(floor, below, above)
    assert not sight_matrix(floor, [below, above])[0, 1]
    hole = TerrainIndex([Solid("balcony", box(-5, -5, 5, 5).difference(box(-1, -1, 1, 1)), 3.0, 3.2)])
    assert sees(hole, above, below) and sees(hole, below, above)
    assert sight_matrix(hole, [below, above]).all()
