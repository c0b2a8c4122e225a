"""Exact cover (game.geometry.cover): HD-RANGED-9, HD-RANGED-11, HD-TV-E13, HD-AMB-2.

The Monte Carlo oracle below is written independently of the implementation: plain numpy, even-odd
point-in-polygon on the raw footprints (no convex pieces, no Shapely predicates, no projection).
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate, translate
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base
from game.geometry.cover import COVER_BONUS, cover, cover_bonus, cover_many
from game.geometry.terrain import Solid, TerrainIndex

EYE = (0.0, 0.0, 1.0)
TARGET = Base("t", 10.0, 0.0, 0.6, 0.0, 1.0)


def wall(x0: float, x1: float, top: float, *, y0: float = -50.0, y1: float = 50.0, name: str = "wall",
         bottom: float = 0.0) -> Solid:
    return Solid(name, box(x0, y0, x1, y1), bottom, top)


# --------------------------------------------------------------------------------------------
# HD-RANGED-9 analytic example and HD-TV-E13
# --------------------------------------------------------------------------------------------


def test_HD_RANGED_9_wall_half_height_not_in_cover() -> None:
    """HD-RANGED-9 example: wall x in [8.8, 9.0], w = 0.5 -> f = 1 - 0.5/0.9 = 0.444 -> no cover."""
    c = cover(TerrainIndex([wall(8.8, 9.0, 0.5)]), EYE, TARGET, cover_radius=1.0)
    assert c.hidden_fraction == pytest.approx(4.0 / 9.0, abs=0.002)
    assert c.near_hidden_fraction == pytest.approx(4.0 / 9.0, abs=0.002)
    assert c.visible and not c.in_cover()


def test_HD_RANGED_9_wall_06_in_cover() -> None:
    """HD-RANGED-9 example: w = 0.6 -> f = 1 - 0.4/0.9 = 0.556 -> in cover (HD-TV-E13)."""
    c = cover(TerrainIndex([wall(8.8, 9.0, 0.6)]), EYE, TARGET, cover_radius=1.0)
    assert c.hidden_fraction == pytest.approx(5.0 / 9.0, abs=0.002)
    assert c.in_cover()
    assert c.blocking_ids == ("wall",)


@pytest.mark.parametrize("w", [0.2, 0.35, 0.5, 0.6, 0.75, 0.9])
def test_HD_RANGED_9_analytic_formula(w: float) -> None:
    """HD-RANGED-9: hidden iff v <= 1 - (1 - w)/0.9, so f = that height (the exact method is exact)."""
    c = cover(TerrainIndex([wall(8.8, 9.0, w)]), EYE, TARGET, cover_radius=1.0)
    assert c.hidden_fraction == pytest.approx(1.0 - (1.0 - w) / 0.9, abs=1e-9)


def test_HD_TV_E13_wall_at_gap_1_still_gives_cover() -> None:
    """HD-TV-E13: wall moved to x in [8.2, 8.4] (gap to the base exactly 1.0 <= 1), w = 0.6 -> cover."""
    c = cover(TerrainIndex([wall(8.2, 8.4, 0.6)]), EYE, TARGET, cover_radius=1.0)
    assert c.near_hidden_fraction == pytest.approx(1.0 - 0.4 / 0.84, abs=1e-9)
    assert c.in_cover()


def test_HD_TV_E13_wall_at_gap_12_hides_but_gives_no_cover() -> None:
    """HD-TV-E13 / HD-RANGED-9 step 3: wall at x in [8.0, 8.2] (gap 1.2 > 1) hides part of the
    target but is too far to give cover."""
    c = cover(TerrainIndex([wall(8.0, 8.2, 0.6)]), EYE, TARGET, cover_radius=1.0)
    assert c.hidden_fraction == pytest.approx(1.0 - 0.4 / 0.82, abs=1e-9)
    assert c.near_hidden_fraction == 0.0
    assert not c.in_cover()
    assert c.blocking_ids == () and c.near_ids == ()
    far = cover(TerrainIndex([wall(8.0, 8.2, 0.6)]), EYE, TARGET, cover_radius=1.0, near_only=False)
    assert far.blocking_ids == ("wall",)


def test_HD_RANGED_9_threshold_is_inclusive_and_adjustable() -> None:
    """HD-RANGED-9 / HD-AMB-2: in cover iff f >= threshold (threshold is a parameter)."""
    c = cover(TerrainIndex([wall(8.8, 9.0, 0.5)]), EYE, TARGET, cover_radius=1.0)
    assert c.in_cover(threshold=0.4)
    assert c.in_cover(threshold=c.near_hidden_fraction)
    assert not c.in_cover(threshold=0.45)


def test_HD_RANGED_9_wholly_hidden_target_is_not_in_cover() -> None:
    """HD-RANGED-9 step 2: a target the shooter cannot see at all is not "in cover", it is hidden."""
    c = cover(TerrainIndex([wall(8.8, 9.0, 3.0)]), EYE, TARGET, cover_radius=1.0)
    assert c.hidden_fraction == 1.0 and c.near_hidden_fraction == 1.0
    assert not c.visible and not c.in_cover()


def test_HD_AMB_2_near_elements_combine() -> None:
    """HD-AMB-2: all elements within 1 f combine: two posts hiding each a side add up."""
    left = Solid("left", box(9.0, 0.0, 9.1, 2.0), 0.0, 5.0)
    right = Solid("right", box(9.0, -2.0, 9.1, -0.1), 0.0, 5.0)
    c = cover(TerrainIndex([left, right]), EYE, TARGET, cover_radius=1.0)
    # seen from (0, 0), x = 9.0..9.1 maps u = y * 10/x; the gap y in (-0.1, 0) hides nothing
    assert set(c.blocking_ids) == {"left", "right"}
    assert c.hidden_fraction == pytest.approx(1.0 - (0.1 * 10.0 / 9.1) / 1.2, abs=1e-9)
    assert c.in_cover()
    alone = cover(TerrainIndex([left]), EYE, TARGET, cover_radius=1.0)
    assert alone.hidden_fraction == pytest.approx(0.5, abs=1e-9)


def test_HD_RANGED_9_drawable_parts() -> None:
    """HD-RANGED-9 drawn: the hidden part's area over the silhouette's is the fraction, and the
    frame maps silhouette coordinates to the table."""
    c = cover(TerrainIndex([wall(8.8, 9.0, 0.6)]), EYE, TARGET, cover_radius=1.0)
    assert c.silhouette.bounds == pytest.approx((-0.6, 0.0, 0.6, 1.0))
    assert c.hidden_part.area / c.silhouette.area == pytest.approx(c.hidden_fraction)
    assert c.frame.to_world(0.0, 0.0).tolist() == pytest.approx([10.0, 0.0, 0.0])
    assert c.frame.to_world(0.6, 1.0).tolist() == pytest.approx([10.0, 0.6, 1.0])
    rings = c.frame.world_rings(c.hidden_part)
    assert len(rings) == 1 and rings[0].shape[1] == 3
    assert c.frame.plan_segment().length == pytest.approx(1.2)
    assert c.blocking_footprints[0].equals(box(8.8, -50, 9.0, 50))


def test_HD_RANGED_11_cover_bonus_by_base_size() -> None:
    """HD-RANGED-11 / HD-TV-E4: normal +3, large +2, huge +1."""
    assert (cover_bonus("normal"), cover_bonus("large"), cover_bonus("huge")) == (3, 2, 1)
    assert COVER_BONUS == {"normal": 3, "large": 2, "huge": 1}
    with pytest.raises(ValueError):
        cover_bonus("tiny")


def test_HD_RANGED_9_target_on_a_roof_is_not_hidden_by_its_own_roof() -> None:
    """HD-RANGED-9: a target standing on a roof, seen from above, is not hidden by what it stands on;
    seen from the floor close by, the roof's edge hides its lower part and gives cover."""
    house = Solid("house", box(8.5, -2.0, 11.5, 2.0), 0.0, 2.0, surface=True)
    index = TerrainIndex([house])
    on_roof = Base("t", 10.0, 0.0, 0.6, 2.0, 1.0)
    assert cover(index, (0.0, 0.0, 6.0), on_roof, cover_radius=1.0).hidden_fraction == 0.0
    # from (7, 0, 1.4) the ray to height v above the roof passes x = 8.5 at 1.7 + v / 2: hidden
    # while that is below the roof (v < 0.6)
    low = cover(index, (7.0, 0.0, 1.4), on_roof, cover_radius=1.0)
    assert low.hidden_fraction == pytest.approx(0.6, abs=1e-9)
    assert low.in_cover()


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------


def _wall_scene(x: float, y: float, angle: float, length: float, top: float) -> TerrainIndex:
    strip = rotate(box(x - 0.1, y - length / 2, x + 0.1, y + length / 2), angle, origin=(x, y))
    return TerrainIndex([Solid("w", strip, 0.0, top), Solid("crate", box(7.0, 0.5, 7.6, 1.4), 0.0, 0.8)])


wall_args = dict(
    x=st.floats(3.0, 8.6), y=st.floats(-1.5, 1.5), angle=st.floats(-60.0, 60.0),
    length=st.floats(0.1, 4.0), top=st.floats(0.05, 2.5),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**wall_args, grow=st.floats(0.0, 1.0))
def test_HD_RANGED_9_cover_in_unit_interval_and_grows_with_the_wall(
        x: float, y: float, angle: float, length: float, top: float, grow: float) -> None:
    """HD-RANGED-9: fractions lie in [0, 1]; a taller or longer wall never hides less."""
    base = cover(_wall_scene(x, y, angle, length, top), EYE, TARGET, cover_radius=1.0)
    for f in (base.hidden_fraction, base.near_hidden_fraction):
        assert 0.0 <= f <= 1.0
    assert base.near_hidden_fraction <= base.hidden_fraction + 1e-12
    taller = cover(_wall_scene(x, y, angle, length, top + grow), EYE, TARGET, cover_radius=1.0)
    longer = cover(_wall_scene(x, y, angle, length + 3.0 * grow, top), EYE, TARGET, cover_radius=1.0)
    for bigger in (taller, longer):
        assert bigger.hidden_fraction >= base.hidden_fraction - 1e-9
        assert bigger.near_hidden_fraction >= base.near_hidden_fraction - 1e-9


# --------------------------------------------------------------------------------------------
# The Monte Carlo oracle
# --------------------------------------------------------------------------------------------


def _edges(footprint: object) -> np.ndarray:
    """(E, 2, 2) edges of every ring of a (Multi)Polygon."""
    out = []
    for part in shapely.get_parts(footprint):
        for ring in (part.exterior, *part.interiors):
            c = np.asarray(ring.coords)[:, :2]
            out.append(np.stack([c[:-1], c[1:]], axis=1))
    return np.concatenate(out)


def oracle_blocked(eye: np.ndarray, pts: np.ndarray, footprint: object, bottom: float,
                   top: float) -> np.ndarray:
    """Does the segment eye -> p cross the prism footprint x [bottom, top]? (for each p, numpy only)

    z is linear along the segment, so it is inside the height band for t in one interval [ta, tb].
    The segment meets the prism iff its plan point at ta is inside the footprint (even-odd rule) or
    its plan path crosses a footprint edge for some t in [ta, tb].
    """
    d = pts - eye
    with np.errstate(divide="ignore", invalid="ignore"):
        t_bottom = (bottom - eye[2]) / d[:, 2]
        t_top = (top - eye[2]) / d[:, 2]
    flat = d[:, 2] == 0
    ta = np.where(flat, np.where((bottom <= eye[2]) & (eye[2] <= top), 0.0, 2.0), np.minimum(t_bottom, t_top))
    tb = np.where(flat, 1.0, np.maximum(t_bottom, t_top))
    ta, tb = np.maximum(ta, 0.0), np.minimum(tb, 1.0)
    e = _edges(footprint)
    a, b = e[:, 0], e[:, 1]
    q = eye[:2] + d[:, :2] * ta[:, None]
    qy = q[:, 1:2]
    straddle = (a[:, 1] > qy) != (b[:, 1] > qy)
    with np.errstate(divide="ignore", invalid="ignore"):
        xc = a[:, 0] + (qy - a[:, 1]) * (b[:, 0] - a[:, 0]) / (b[:, 1] - a[:, 1])
    inside = np.count_nonzero(straddle & (q[:, 0:1] < xc), axis=1) % 2 == 1
    ex, ey = (b - a).T
    dx, dy = d[:, 0:1], d[:, 1:2]
    den = dx * ey - dy * ex
    rx, ry = a[:, 0] - eye[0], a[:, 1] - eye[1]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (rx * ey - ry * ex) / den
        s = (rx * dy - ry * dx) / den
    cross = (den != 0) & (s >= 0) & (s <= 1) & (t >= ta[:, None]) & (t <= tb[:, None])
    return (ta <= tb) & (inside | cross.any(axis=1))


def oracle(index: TerrainIndex, eye: tuple[float, float, float], target: Base, n: int,
           rng: np.random.Generator, only: set[str] | None = None) -> tuple[float, float]:
    """Monte Carlo hidden fraction of the silhouette (uniform points) and its standard error."""
    e = np.asarray(eye, dtype=float)
    c = np.array([target.x, target.y])
    toward = (c - e[:2]) / np.hypot(*(c - e[:2]))
    across = np.array([-toward[1], toward[0]])
    u = rng.uniform(-target.radius, target.radius, n)
    v = rng.uniform(0.0, target.height, n)
    pts = np.column_stack([c + across * u[:, None], target.z + v])
    hidden = np.zeros(n, dtype=bool)
    lo = np.minimum(e[:2], c - target.radius)
    hi = np.maximum(e[:2], c + target.radius)
    for s in index.solids:
        x0, y0, x1, y1 = s.footprint.bounds
        if x1 < lo[0] or x0 > hi[0] or y1 < lo[1] or y0 > hi[1]:
            continue  # no segment's plan can reach it
        if s.blocks_sight and (only is None or s.id in only):
            todo = ~hidden
            hidden[todo] = oracle_blocked(e, pts[todo], s.footprint, s.bottom, s.top)
    f = float(hidden.mean())
    return f, float(np.sqrt(max(f * (1.0 - f), 1.0 / n) / n))


def _oracle_scene(seed: int) -> tuple[TerrainIndex, tuple[float, float, float], list[Base]]:
    """Walls, crates, L-shapes, a courtyard and an overhang around a few targets (mm)."""
    rng = np.random.default_rng(seed)
    solids: list[Solid] = []
    for i in range(14):
        cx, cy = rng.uniform(60, 340, 2)
        kind = i % 4
        if kind == 0:
            g = rotate(box(cx - 30, cy - 3, cx + 30, cy + 3), rng.uniform(0, 180))
        elif kind == 1:
            k = int(rng.integers(5, 9))
            ang = np.sort(rng.uniform(0, 2 * np.pi, k))
            g = Polygon(np.column_stack([cx + 15 * np.cos(ang), cy + 15 * np.sin(ang)])).convex_hull
        elif kind == 2:
            g = rotate(Polygon([(0, 0), (40, 0), (40, 8), (8, 8), (8, 40), (0, 40)]), rng.uniform(0, 360),
                       origin=(0, 0))
            g = translate(g, cx, cy)
        else:
            g = box(cx - 25, cy - 25, cx + 25, cy + 25).difference(box(cx - 18, cy - 18, cx + 18, cy + 18))
        bottom = float(rng.uniform(15, 30)) if i == 5 else 0.0
        solids.append(Solid(f"s{i}", g, bottom, bottom + float(rng.uniform(8, 70))))
    index = TerrainIndex(solids)
    feet = shapely.union_all(index.footprints)
    while True:
        ex, ey = rng.uniform(0, 400, 2)
        if feet.distance(Point(ex, ey)) > 14:
            break
    eye = (float(ex), float(ey), float(rng.uniform(20, 90)))
    targets: list[Base] = []
    while len(targets) < 5:
        x, y = rng.uniform(40, 360, 2)
        if feet.distance(Point(x, y)) > 13 and np.hypot(x - ex, y - ey) > 40:
            targets.append(Base(f"t{len(targets)}", float(x), float(y), 12.5, 0.0, float(rng.uniform(25, 45))))
    return index, eye, targets


@pytest.mark.parametrize("seed", range(6))
def test_HD_RANGED_9_exact_fraction_matches_monte_carlo_oracle(seed: int) -> None:
    """HD-RANGED-9: on random scenes the exact hidden fractions (all terrain, and near terrain only)
    agree with a brute-force oracle on 100,000 random silhouette points, within 4 standard errors
    plus 0.002."""
    index, eye, targets = _oracle_scene(seed)
    rng = np.random.default_rng(1000 + seed)
    results = cover_many(index, eye, targets, cover_radius=25.4)
    for t, res in zip(targets, results, strict=True):
        f, se = oracle(index, eye, t, 100_000, rng)
        assert abs(res.hidden_fraction - f) <= 4 * se + 0.002, (t.id, res.hidden_fraction, f)
        if res.near_ids:
            fn, sen = oracle(index, eye, t, 100_000, rng, only=set(res.near_ids))
            assert abs(res.near_hidden_fraction - fn) <= 4 * sen + 0.002, (t.id, res.near_hidden_fraction, fn)
        else:
            assert res.near_hidden_fraction == 0.0


def test_HD_RANGED_9_oracle_scenes_are_not_trivial() -> None:
    """HD-RANGED-9 (test of the test): the oracle scenes hold partly hidden targets."""
    fractions = []
    for seed in range(6):
        index, eye, targets = _oracle_scene(seed)
        fractions += [r.hidden_fraction for r in cover_many(index, eye, targets, cover_radius=25.4)]
    assert sum(0.02 < f < 0.98 for f in fractions) >= 5


def test_HD_RANGED_9_cover_many_equals_cover_one_by_one() -> None:
    """HD-RANGED-9: the batched call gives the same results as single calls."""
    index, eye, targets = _oracle_scene(3)
    many = cover_many(index, eye, targets, cover_radius=25.4)
    for t, m in zip(targets, many, strict=True):
        one = cover(index, eye, t, cover_radius=25.4)
        assert one.hidden_fraction == pytest.approx(m.hidden_fraction, abs=1e-12)
        assert one.near_hidden_fraction == pytest.approx(m.near_hidden_fraction, abs=1e-12)
        assert one.visible == m.visible and one.blocking_ids == m.blocking_ids


def test_HD_RANGED_9_eye_straight_above_the_target() -> None:
    """HD-RANGED-9 / HD-RANGED-7: an eye on the target's own vertical axis (a shooter on a balcony
    right above) has no silhouette plane; a dense exact ray grid is used instead."""
    balcony = Solid("balcony", box(5.0, -5.0, 15.0, 5.0), 2.0, 2.1)
    eye = (10.0, 0.0, 5.0)
    hidden = cover(TerrainIndex([balcony]), eye, TARGET, cover_radius=1.0)
    assert hidden.hidden_fraction == 1.0 and not hidden.visible
    open_sky = cover(TerrainIndex([wall(20.0, 21.0, 3.0)]), eye, TARGET, cover_radius=1.0)
    assert open_sky.hidden_fraction == 0.0 and open_sky.visible
