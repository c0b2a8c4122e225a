"""Templates: the blast and the cone, full cover, the impact-blast order.

Every rule test names its Helldorado rule ID (``shared/rules/helldorado.md``); the numbers are the
spec's own examples, in fathoms with normal bases of r = 0.6.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
import shapely
from hypothesis import assume, event, given
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base, BaseArray
from game.geometry.templates import (
    CLOUD,
    EXPLOSION,
    IMPACT,
    TemplateResult,
    blast,
    blast_polygon,
    cloud_blast,
    cone_caught,
    cone_polygon,
    explosion,
    impact_blast,
    impact_order,
)
from game.geometry.terrain import Solid, TerrainIndex

R = 0.6  # a normal base in fathoms (HD-0-3)


def unit(uid: str, x: float, y: float, r: float = R, z: float = 0.0, h: float = 1.0) -> Base:
    return Base(uid, x, y, r, z, h)


def ids(bases, mask) -> set[str]:
    return {b.id for b, m in zip(bases, mask, strict=True) if m}


def hides(*hidden: str):
    """A ``sees`` stub: everything is visible except the named bases."""
    calls: list[tuple[tuple[float, float, float], str]] = []

    def sees(point, base):
        calls.append((point, base.id))
        return base.id not in hidden

    sees.calls = calls  # type: ignore[attr-defined]
    return sees


# --------------------------------------------------------------------------- HD-EXPL blast

P = (10.0, 0.0)
EXPL_UNITS = [unit("A", 12, 1), unit("B", 13.6, 0), unit("C", 13.7, 0), unit("E", 9, 1),
              unit("D", 8, -2.5)]


def test_HD_EXPL_6_example_A_B_C_E():
    """P=(10,0), R=3: A 2.236 caught; B 3.6 caught (tangent); C 3.7 not; E (friend) 1.414 caught."""
    mask = blast(P, 3.0, EXPL_UNITS)
    assert ids(EXPL_UNITS, mask) == {"A", "B", "E", "D"}  # D is only saved by cover (HD-EXPL-12)
    assert mask.dtype == bool and mask.shape == (5,)


def test_HD_EXPL_6_tangent_caught_inclusive_and_not_when_strict():
    """HD-AMB-12 / cfg.template_inclusive: the tangent B is caught only when inclusive."""
    b = [unit("B", 13.6, 0)]
    assert blast(P, 3.0, b)[0]
    assert not blast(P, 3.0, b, inclusive=False)[0]
    assert blast(P, 3.0, [unit("in", 13.5, 0)], inclusive=False)[0]


def test_HD_EXPL_1_point_may_be_under_the_shooter_and_array_input():
    shooter = unit("S", 0, 0)
    arr = BaseArray.of([shooter, unit("far", 50, 0)])
    assert list(blast((0.1, 0.0), 3.0, arr)) == [True, False]
    assert blast((0, 0), 3.0, []).shape == (0,)


def test_HD_EXPL_3_default_radius_is_3():
    res = explosion(P, EXPL_UNITS)
    assert res.kind == EXPLOSION
    assert set(res.caught) == {"A", "B", "E", "D"} and res.saved == ()
    assert res.origin == (10.0, 0.0, 0.0)
    assert res.polygon.area == pytest.approx(math.pi * 9, rel=2e-3)
    assert set(explosion(P, EXPL_UNITS, radius=1.5).caught) == {"E"}


def test_HD_EXPL_12_example_D_saved_by_full_cover():
    """D at (8,−2.5) is 3.2 ≤ 3.6 from P but fully behind a wall → unaffected."""
    assert math.hypot(8 - 10, -2.5) == pytest.approx(3.2016, abs=1e-4)
    sees = hides("D")
    res = explosion(P, EXPL_UNITS, sees=sees)
    assert res.caught == ("A", "B", "E") and res.saved == ("D",)
    assert set(res.under) == {"A", "B", "D", "E"}
    # visibility is judged from P at surface height, and asked only for bases under the template
    assert {pt for pt, _ in sees.calls} == {(10.0, 0.0, 0.0)}
    assert {uid for _, uid in sees.calls} == {"A", "B", "E", "D"}


def test_HD_EXPL_12_blast_point_height_from_argument_or_terrain():
    sees = hides()
    explosion((10, 0, 2.5), EXPL_UNITS, sees=sees)
    assert sees.calls[0][0] == (10.0, 0.0, 2.5)
    roof = TerrainIndex([Solid("roof", box(9, -1, 11, 1), 0.0, 2.0, surface=True)])
    sees = hides()
    res = explosion(P, EXPL_UNITS, sees=sees, index=roof)
    assert res.origin == (10.0, 0.0, 2.0) and sees.calls[0][0] == (10.0, 0.0, 2.0)


def test_HD_TV_E7_explosion_caught_units():
    """Caught: A, B, E; not C (too far); not D (hidden)."""
    res = explosion((10, 0), EXPL_UNITS, radius=3.0, sees=hides("D"))
    assert set(res.caught) == {"A", "B", "E"}
    assert "C" not in res.under and res.saved == ("D",)


def _sight_or_skip():
    try:
        from game.geometry import sight  # noqa: F401
    except ImportError as exc:  # the sight module is written in parallel
        pytest.skip(f"game.geometry.sight not available yet: {exc}")


def test_HD_EXPL_12_real_terrain_wall_saves_D():
    """The HD-EXPL-12 example on real terrain: a 1.5 f wall between P and D."""
    _sight_or_skip()
    d = np.array([8.0, -2.5])
    u = (np.array(P) - d) / np.linalg.norm(np.array(P) - d)
    n = np.array([-u[1], u[0]])
    c = d + 0.95 * u  # wall 0.25 f beyond D's base edge, towards P
    wall = Polygon([c - 0.1 * u - 1.5 * n, c + 0.1 * u - 1.5 * n, c + 0.1 * u + 1.5 * n,
                    c - 0.1 * u + 1.5 * n])
    index = TerrainIndex([Solid("wall", wall, 0.0, 1.5)])
    res = explosion(P, EXPL_UNITS, index=index)
    assert set(res.caught) == {"A", "B", "E"} and res.saved == ("D",)
    open_table = TerrainIndex([])
    assert set(explosion(P, EXPL_UNITS, index=open_table).caught) == {"A", "B", "D", "E"}


# --------------------------------------------------------------------------- HD-TMPL cone

SHOOTER = unit("S", 0, 0)
U1, U2, U3 = unit("U1", 3.6, 0.9), unit("U2", 3.6, 1.2), unit("U3", 7.1, 0)


def test_HD_TMPL_2_triangle_vertices():
    """Shooter (0,0), r 0.6, u=(1,0) → triangle (0.6,0), (6.6,1), (6.6,−1)."""
    poly = cone_polygon(SHOOTER, (1, 0))
    got = {tuple(round(c, 12) for c in p) for p in poly.exterior.coords[:-1]}
    assert got == {(0.6, 0.0), (6.6, 1.0), (6.6, -1.0)}
    assert poly.is_valid and poly.exterior.is_ccw
    assert poly.area == pytest.approx(6.0)


def test_HD_TMPL_2_direction_as_angle_or_any_length_vector():
    a = cone_polygon(SHOOTER, (5, 5))
    b = cone_polygon(SHOOTER, math.pi / 4)
    assert a.equals_exact(b, 1e-12)
    with pytest.raises(ValueError):
        cone_polygon(SHOOTER, (0, 0))


def test_HD_TMPL_2_near_width_trapezoid_and_mm_sizes():
    """cfg.cone_near_width > 0 gives a short narrow edge; mm boards pass 6 and 2 fathoms in mm."""
    trap = cone_polygon(SHOOTER, (1, 0), near_width=0.4)
    assert len(trap.exterior.coords) == 5
    assert trap.area == pytest.approx(6 * (2 + 0.4) / 2)
    f = 25.4
    mm = cone_polygon(Base("S", 0, 0, 0.6 * f), (1, 0), length=6 * f, far_width=2 * f)
    assert mm.bounds == pytest.approx((0.6 * f, -f, 6.6 * f, f))


def test_HD_TMPL_3_example_U1_U2_U3_distances():
    poly = cone_polygon(SHOOTER, (1, 0))
    assert poly.distance(Point(3.6, 0.9)) == pytest.approx(0.395, abs=5e-4)
    assert poly.distance(Point(3.6, 1.2)) == pytest.approx(0.690, abs=5e-4)
    assert poly.distance(Point(7.1, 0)) == pytest.approx(0.5)


def test_HD_TV_E9_cone_membership_and_shooter_never_caught():
    """U1 caught, U2 not, U3 caught (beyond the far edge); the shooter itself never."""
    poly = cone_polygon(SHOOTER, (1, 0))
    bases = [SHOOTER, U1, U2, U3]
    assert ids(bases, cone_caught(poly, bases, "S")) == {"U1", "U3"}
    assert ids(bases, cone_caught(poly, bases)) == {"S", "U1", "U3"}  # the shooter touches it
    res = cloud_blast(SHOOTER, (1, 0), bases)
    assert res.kind == CLOUD and res.caught == ("U1", "U3") and res.saved == ()
    assert res.polygon.equals(poly)


def test_HD_TMPL_3_tangent_caught_inclusive_not_strict():
    poly = cone_polygon(SHOOTER, (1, 0))
    t = [unit("T", 7.2, 0)]  # 0.6 beyond the far edge: touching
    assert cone_caught(poly, t)[0]
    assert not cone_caught(poly, t, inclusive=False)[0]
    assert cone_caught(poly, [U3], inclusive=False)[0]


def test_HD_TMPL_3_friends_and_empty_inputs():
    poly = cone_polygon(SHOOTER, (1, 0))
    assert cone_caught(poly, []).shape == (0,)
    assert not cone_caught(Polygon(), [U1]).any()


def test_HD_TMPL_8_cloud_never_saved_impact_saved_when_unseen():
    """A unit hidden from the shooter's eye: impact-blast → unaffected and out of the chain;
    cloud-blast → affected (HD-AMB-6)."""
    bases = [SHOOTER, U1, U2, U3]
    sees = hides("U1")
    imp = impact_blast(SHOOTER, (1, 0), bases, sees=sees)
    assert imp.kind == IMPACT
    assert imp.caught == ("U3",) and imp.saved == ("U1",)
    assert imp.order == (("U3",),) and imp.chain() == ("U3",)
    assert imp.origin == SHOOTER.eye and {pt for pt, _ in sees.calls} == {SHOOTER.eye}
    cloud = cloud_blast(SHOOTER, (1, 0), bases)
    assert cloud.caught == ("U1", "U3") and cloud.origin is None


def test_HD_TMPL_8_real_terrain_wall_hides_from_impact_blast():
    """A unit under the cone wholly behind a 2 f wall, seen from the shooter's eye."""
    _sight_or_skip()
    behind = unit("behind", 5.0, 0.0)
    index = TerrainIndex([Solid("wall", box(4.0, -1.5, 4.2, 1.5), 0.0, 2.0)])
    imp = impact_blast(SHOOTER, (1, 0), [SHOOTER, U1, behind], index=index)
    assert imp.saved == ("behind",) and imp.chain() == ("U1",)
    assert set(cloud_blast(SHOOTER, (1, 0), [SHOOTER, U1, behind]).caught) == {"U1", "behind"}


def test_HD_TMPL_11_first_target_is_nearest_caught_visible():
    bases = [unit("far", 6.0, 0), unit("near", 2.5, 0.2), unit("mid", 4.0, -0.3)]
    res = impact_blast(SHOOTER, (1, 0), bases)
    assert res.chain() == ("near", "mid", "far")
    d = [math.hypot(b.x, b.y) - 1.2 for b in (bases[1], bases[2], bases[0])]
    assert res.order_distance == pytest.approx(d)


def test_HD_TMPL_12_ties_grouped_for_the_shooter():
    """HD-AMB-14: equidistant units form one group, in input order, for the shooter to order."""
    a, b = unit("a", 4, 0.5), unit("b", 4, -0.5)
    c = unit("c", 2, 0)
    order, dist = impact_order(SHOOTER, [a, b, c])
    assert order == (("c",), ("a", "b"))
    assert dist == pytest.approx((0.8, math.hypot(4, 0.5) - 1.2))
    assert impact_order(SHOOTER, []) == ((), ())


def test_HD_TV_E8_impact_chain_order_P1_P2_P3():
    bases = [unit("P3", 5.5, 0), unit("P1", 2.0, 0), unit("P2", 3.8, 0.4)]
    res = impact_blast(SHOOTER, (1, 0), bases)
    assert res.chain() == ("P1", "P2", "P3")


def test_template_result_is_frozen_and_drawable():
    res = cloud_blast(SHOOTER, 0.0, [U1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.caught = ()  # type: ignore[misc]
    assert isinstance(res, TemplateResult) and not res.polygon.is_empty
    assert blast_polygon(P, 3.0).contains(Point(12, 1))


# --------------------------------------------------------------------------- properties

coord = st.floats(-20, 20, allow_nan=False, allow_infinity=False)
radius = st.floats(0.05, 2.0)
base_specs = st.lists(st.tuples(coord, coord, radius), min_size=1, max_size=30)


@given(coord, coord, st.floats(0.1, 8), base_specs)
def test_HD_EXPL_6_blast_equals_brute_force(px, py, big_r, specs):
    bases = [unit(f"u{i}", x, y, r) for i, (x, y, r) in enumerate(specs)]
    for b in bases:  # stay clear of the tangent case, which has its own exact tests
        assume(abs(math.hypot(b.x - px, b.y - py) - (big_r + b.radius)) > 1e-7)
    expected = [math.hypot(b.x - px, b.y - py) <= big_r + b.radius for b in bases]
    assert list(blast((px, py), big_r, bases)) == expected
    assert list(blast((px, py), big_r, BaseArray.of(bases), inclusive=False)) == expected


near_cone = st.lists(st.tuples(st.floats(-0.3, 1.5), st.floats(-1.5, 1.5), radius),
                    min_size=1, max_size=30)


@given(coord, coord, radius, st.floats(-math.pi, math.pi), st.floats(0.5, 10),
       st.floats(0.1, 5), st.floats(0, 1), near_cone)
def test_HD_TMPL_3_cone_equals_brute_force(sx, sy, sr, angle, length, width, near, specs):
    """Bases are placed in the cone's frame (along × length, across × width) so that many are
    near its edges; membership must equal ``distance(c, polygon) ≤ r`` checked one by one."""
    shooter = unit("S", sx, sy, sr)
    poly = cone_polygon(shooter, angle, length, width, near)
    ux, uy = math.cos(angle), math.sin(angle)
    bases = []
    for i, (along, across, r) in enumerate(specs):
        a, c = sr + along * length, across * width
        bases.append(unit(f"u{i}", sx + a * ux - c * uy, sy + a * uy + c * ux, r))
    mask = cone_caught(poly, [shooter, *bases], "S")
    assert not mask[0]
    for b, got in zip(bases, mask[1:], strict=True):
        d = poly.distance(Point(b.x, b.y))
        assume(abs(d - b.radius) > 1e-7)
        event("caught" if got else "not caught")
        assert got == (d <= b.radius)
        if abs(d - b.radius) > 1e-3 * b.radius:  # the 256-segment disc is a slightly small circle
            assert got == Point(b.x, b.y).buffer(b.radius, 256).intersects(poly)


@given(coord, coord, radius, st.floats(-math.pi, math.pi), st.floats(0.5, 10), st.floats(0.1, 5))
def test_HD_TMPL_2_narrow_end_touches_the_shooter_base(sx, sy, sr, angle, length, width):
    shooter = unit("S", sx, sy, sr)
    poly = cone_polygon(shooter, angle, length, width)
    assert poly.distance(Point(sx, sy)) == pytest.approx(sr, abs=1e-9)
    assert poly.area == pytest.approx(length * width / 2, rel=1e-9)
    assert shapely.is_valid(poly)
