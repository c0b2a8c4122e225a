"""The fast paths of game.geometry agree with the exact slow paths they stand in front of.

* ``sight_matrix``: the plan pass (angular intervals per eye, ``_plan_pass``) only decides pairs it
  can prove; every decision must equal the exact staged test (``_staged_rows``) and ``sees``.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base
from game.geometry.sight import convex_pieces, sees, sight_matrix
from game.geometry.sight.matrix import _staged_rows
from game.geometry.sight.pieces import _inside_keys
from game.geometry.sight.plan import _plan_pass
from game.geometry.terrain import Solid, TerrainIndex
from game.geometry.tolerance import EPS

# --------------------------------------------------------------------------------------------
# Scenes with everything the plan pass must leave alone or get right
# --------------------------------------------------------------------------------------------


def _footprint(rng: np.random.Generator, size: float) -> Polygon:
    cx, cy = rng.uniform(0.0, size, 2)
    kind = int(rng.integers(6))
    if kind == 0:  # a box, turned
        w, d = rng.uniform(2.0, 0.2 * size), rng.uniform(2.0, 0.06 * size)
        return rotate(box(cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2), rng.uniform(0, 180))
    if kind == 1:  # a thin wall
        w = rng.uniform(0.05 * size, 0.3 * size)
        return rotate(box(cx - w / 2, cy - 0.25, cx + w / 2, cy + 0.25), rng.uniform(0, 180))
    if kind == 2:  # an L
        a, t = rng.uniform(0.05 * size, 0.15 * size), rng.uniform(1.0, 5.0)
        ell = box(cx, cy, cx + a, cy + t).union(box(cx, cy, cx + t, cy + a))
        return rotate(ell, rng.uniform(0, 360), origin=(cx, cy))
    if kind == 3:  # a convex blob
        k = int(rng.integers(3, 9))
        ang = np.sort(rng.uniform(0.0, 2.0 * np.pi, k))
        rad = rng.uniform(1.0, 0.06 * size, k)
        return Polygon(np.column_stack([cx + np.cos(ang) * rad, cy + np.sin(ang) * rad])).convex_hull
    if kind == 4:  # a courtyard (a hole)
        a = rng.uniform(0.06 * size, 0.15 * size)
        return box(cx - a, cy - a, cx + a, cy + a).difference(box(cx - a / 2, cy - a / 2, cx + a / 2,
                                                                  cy + a / 2))
    # a sliver triangle (sharp corners)
    w = rng.uniform(0.05 * size, 0.2 * size)
    return Polygon([(cx, cy), (cx + w, cy + 0.01 * w), (cx + w, cy - 0.01 * w)])


def random_scene(seed: int, n_solids: int = 18, n_bases: int = 12, size: float = 200.0,
                 mixed: bool = True) -> tuple[TerrainIndex, list[Base]]:
    """Solids of many shapes and heights (some floating, some not blocking sight); figures on the
    floor, on top of solids, inside woods, touching walls or each other."""
    rng = np.random.default_rng(seed)
    solids = []
    for i in range(n_solids):
        fp = _footprint(rng, size)
        if fp.is_empty or fp.area <= 0:
            continue
        bottom = 0.0 if (not mixed or rng.random() < 0.8) else float(rng.uniform(5.0, 40.0))
        top = bottom + float(rng.choice([rng.uniform(3.0, 30.0), rng.uniform(30.0, 90.0), 40.0]))
        solids.append(Solid(f"s{i}", fp, bottom, top, blocks_sight=bool(rng.random() < 0.93)))
    index = TerrainIndex(solids)
    bases: list[Base] = []
    for k in range(n_bases):
        x, y = (float(v) for v in rng.uniform(0.0, size, 2))
        r = float(rng.choice([12.5, 12.5, 20.0, 0.5]))
        z, h = 0.0, float(rng.choice([40.0, 40.0, 25.0, 60.0])) if mixed else 40.0
        if mixed and solids and rng.random() < 0.2:  # on top of a solid, or inside it (woods)
            s = solids[int(rng.integers(len(solids)))]
            p = s.footprint.representative_point()
            x, y = p.x, p.y
            z = s.top if rng.random() < 0.6 else s.bottom
        elif mixed and solids and rng.random() < 0.15:  # right against a footprint
            s = solids[int(rng.integers(len(solids)))]
            q = Point(shapely.get_coordinates(shapely.shortest_line(s.footprint, Point(x, y)))[0])
            v = np.array([x - q.x, y - q.y])
            v = v / max(np.hypot(*v), 1e-12)
            x, y = float(q.x + v[0] * r), float(q.y + v[1] * r)
        bases.append(Base(f"b{k}", x, y, r, z, h))
    return index, bases


def _rows_exact(index: TerrainIndex, bases: list[Base]) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                                  np.ndarray, np.ndarray]:
    """The plan pass's rows and decisions, and the exact staged answer for every row."""
    pieces = convex_pieces(index)
    xy = np.array([(b.x, b.y) for b in bases], dtype=float)
    zs = np.array([b.z for b in bases], dtype=float)
    hs = np.array([b.height for b in bases], dtype=float)
    rs = np.array([b.radius for b in bases], dtype=float)
    keys = _inside_keys(index, pieces, np.column_stack([xy, zs + hs]), EPS)
    vi, ti, decided, seen = _plan_pass(index, pieces, xy, zs, hs, rs, keys, EPS)
    exact = _staged_rows(index, pieces, xy, zs, hs, rs, keys, vi, ti, EPS)
    return vi, ti, decided, seen, exact


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1_000_000), mixed=st.booleans())
def test_plan_pass_decisions_equal_the_exact_test(seed: int, mixed: bool) -> None:
    """HD-RANGED-7: every pair the plan pass decides, it decides as the exact test does."""
    index, bases = random_scene(seed, mixed=mixed)
    if not len(convex_pieces(index)):
        return
    try:
        vi, ti, decided, seen, exact = _rows_exact(index, bases)
    except shapely.errors.GEOSException:
        reject()  # the exact test's own bug, see test_exact_rim_test_with_a_top_at_eye_height
    bad = np.flatnonzero(decided & (seen != exact))
    assert not len(bad), [(int(vi[k]), int(ti[k]), bool(seen[k])) for k in bad[:5]]


@pytest.mark.parametrize("seed", [4, 5, 7])
def test_sight_matrix_equals_sees_on_mixed_scenes(seed: int) -> None:
    """HD-RANGED-7: the whole matrix (plan pass, then the exact test) equals ``sees`` pair by pair."""
    index, bases = random_scene(seed, n_solids=25, n_bases=14)
    m = sight_matrix(index, bases)
    for i, a in enumerate(bases):
        for j, b in enumerate(bases):
            if i != j:
                assert m[i, j] == sees(index, a, b), (i, j)


@pytest.mark.parametrize("size", [1.0, 0.4])
def test_plan_pass_decides_most_pairs_of_the_benchmark_table(size: float) -> None:
    """The benchmark table (100 figures, 300 obstacles): the plan pass decides almost every pair,
    and its decisions equal the exact test's."""
    from tools.bench_parts.sight_cover import scene

    index, bases = scene(11, size=size)
    vi, ti, decided, seen, exact = _rows_exact(index, bases)
    assert decided.mean() > 0.99
    assert np.array_equal(seen[decided], exact[decided])


def test_plan_pass_edge_cases() -> None:
    """Grazing tops, eyes inside woods, figures on roofs and touching walls, a wall exactly at eye
    height: the plan pass and the exact test agree."""
    solids = [
        Solid("wall", box(50.0, -40.0, 51.0, 40.0), 0.0, 40.0),  # exactly at eye height
        Solid("woods", box(-10.0, -10.0, 10.0, 10.0), 0.0, 60.0),
        Solid("roof", box(100.0, 30.0, 140.0, 70.0), 0.0, 30.0, surface=True),
        Solid("tower", box(100.0, -70.0, 120.0, -50.0), 0.0, 90.0),
        Solid("beam", box(70.0, -60.0, 72.0, 60.0), 45.0, 50.0),  # floating
    ]
    index = TerrainIndex(solids)
    bases = [
        Base("in_woods", 0.0, 0.0, 12.5),
        Base("far", 150.0, 0.0, 12.5),
        Base("on_roof", 120.0, 50.0, 12.5, 30.0, 40.0),
        Base("on_tower", 110.0, -60.0, 12.5, 90.0, 40.0),
        Base("touching", 63.5, 0.0, 12.5),  # its rim touches the wall at x = 51
        Base("tiny", 80.0, 20.0, 0.01, 0.0, 0.01),
        Base("same_spot", 150.0, 0.0, 12.5, 0.0, 20.0),
    ]
    vi, ti, decided, seen, exact = _rows_exact(index, bases)
    assert np.array_equal(seen[decided], exact[decided])
    m = sight_matrix(index, bases)
    assert np.array_equal(m[vi, ti], exact)


def test_exact_rim_test_with_a_top_at_eye_height() -> None:
    """A piece whose top is exactly at the eye's height, seen by a target above the eye: the
    exact path used to divide by zero here and hand GEOS infinite coordinates."""
    from game.geometry.sight import point_sees_base

    ell = shapely.from_wkt(
        "POLYGON ((140.58958581241006 115.56513554084732, 141.07492162259717 117.96690423013578, "
        "167.15151319490462 112.6974943347918, 169.55328188419304 112.21215852460469, "
        "169.06794607400596 109.81038983531623, 163.79853617866198 83.7337982630088, "
        "161.39676748937353 84.2191340731959, 166.6661773847175 110.29572564550332, "
        "140.58958581241006 115.56513554084732))")
    wall = shapely.from_wkt(
        "POLYGON ((129.3144190591603 84.38562172799752, 128.81931291216145 84.45540641975705, "
        "123.75242647104483 48.50702633969183, 124.24753261804364 48.43724164793231, "
        "129.3144190591603 84.38562172799752))")
    index = TerrainIndex([Solid("ell", ell, 0.0, 74.83190056641466), Solid("wall", wall, 0.0, 40.0)])
    target = Base("t", 84.64302812464734, 76.86075647221256, 20.0, 70.99974490342197, 40.0)
    seen = point_sees_base(index, (175.07259250831322, 113.89812190554336, 40.0), target)
    assert isinstance(seen, bool)
    assert seen == sight_matrix(index, [Base("eye", 175.07259250831322, 113.89812190554336, 1.0, 0.0, 40.0),
                                        target])[0, 1]


# --------------------------------------------------------------------------------------------
# move_until_contact: the joint tree (edges and bases together, from the second move with the
# same BaseArray on) gives exactly what the first move's separate test of the bases gives
# --------------------------------------------------------------------------------------------


def _table_with_figures(seed: int) -> tuple[TerrainIndex, list[Base]]:
    from tools.bench_parts.sight_cover import scene

    return scene(seed, n_figures=40, n_obstacles=120)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), moves=st.lists(
    st.tuples(st.integers(0, 39), st.floats(0.0, 2.0 * np.pi), st.floats(0.0, 600.0),
              st.booleans()), min_size=1, max_size=12))
def test_move_joint_tree_equals_the_first_call(seed: int, moves: list[tuple[int, float, float, bool]]
                                               ) -> None:
    """OFA-0.4: a move with a fresh BaseArray (bases tested apart) and with a reused one (bases in
    the joint tree, stretch by stretch) end at the same point, touching the same things."""
    from game.geometry.bases import BaseArray
    from game.geometry.sweep import move_until_contact

    index, figures = _table_with_figures(seed)
    reused = BaseArray.of(figures)
    move_until_contact(figures[0], 0.0, 1.0, index, reused)  # prime the joint tree
    for k, angle, length, unbounded in moves:
        f = figures[k]
        d = np.inf if unbounded else length
        fresh = move_until_contact(f, angle, d, index, BaseArray.of(figures))
        again = move_until_contact(f, angle, d, index, reused)
        assert (fresh.x, fresh.y, fresh.distance, fresh.kind, fresh.id, fresh.touches) == (
            again.x, again.y, again.distance, again.kind, again.id, again.touches)


# --------------------------------------------------------------------------------------------
# cone_caught: the numpy test for convex polygons equals the brute-force distance
# --------------------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    corners=st.lists(st.tuples(st.floats(-10, 10), st.floats(-10, 10)), min_size=3, max_size=9),
    specs=st.lists(st.tuples(st.floats(-14, 14), st.floats(-14, 14), st.floats(0.0, 3.0)),
                   min_size=1, max_size=40),
    clockwise=st.booleans(), inclusive=st.booleans(),
)
def test_cone_caught_any_convex_polygon_equals_brute_force(
        corners: list[tuple[float, float]], specs: list[tuple[float, float, float]],
        clockwise: bool, inclusive: bool) -> None:
    """HD-TMPL-3: membership for any convex polygon (either orientation), and for the non-convex
    ones that go to GEOS, equals ``distance(c, polygon) <= r`` base by base."""
    from game.geometry.templates import cone_caught

    hull = shapely.MultiPoint(corners).convex_hull
    if not isinstance(hull, Polygon) or hull.area < 1e-3:
        return
    ring = list(hull.exterior.coords)
    poly = Polygon(ring[::-1] if clockwise else ring)
    bases = [Base(f"b{i}", x, y, r) for i, (x, y, r) in enumerate(specs)]
    for shape in (poly, poly.difference(Point(poly.centroid).buffer(0.3))):
        got = cone_caught(shape, bases, inclusive=inclusive)
        for b, g in zip(bases, got, strict=True):
            d = shape.distance(Point(b.x, b.y))
            if abs(d - b.radius) > 1e-7:
                assert g == (d < b.radius if not inclusive else d <= b.radius), (b, d)
