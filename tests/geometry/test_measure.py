"""Measuring: edge distances, range bands, nearest valid target, fights on the line of fire.

Every rule test names its Helldorado rule ID (``shared/rules/helldorado.md``); the numbers are the
spec's own examples, in fathoms with normal bases of r = 0.6.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from game.geometry.bases import Base, BaseArray, edge_distance
from game.geometry.measure import (
    BEYOND,
    RangeBand,
    band_edges,
    distance_to_point,
    edge_distance_matrix,
    edge_distances_from,
    fight_on_line_of_fire,
    nearest_valid_targets,
    range_band,
    shoots_over,
)

R = 0.6  # a normal base in fathoms (HD-0-3)


def unit(uid: str, x: float, y: float, r: float = R, z: float = 0.0, h: float = 1.0) -> Base:
    return Base(uid, x, y, r, z, h)


coord = st.floats(-50, 50, allow_nan=False, allow_infinity=False)
radius = st.floats(0.1, 3.0)


# --------------------------------------------------------------------------- HD-0-4 distances


def test_HD_0_4_unit_to_unit_is_edge_to_edge_and_zero_when_overlapping():
    a, b, c = unit("a", 0, 0), unit("b", 3, 4), unit("c", 0.5, 0)
    m = edge_distance_matrix([a, b, c])
    assert m.shape == (3, 3)
    assert m[0, 1] == pytest.approx(5 - 1.2)
    assert m[0, 2] == 0.0 and m[2, 0] == 0.0  # overlapping bases
    assert np.all(np.diag(m) == 0.0)
    assert np.allclose(m, m.T)


def test_HD_0_4_matrix_against_other_bases_and_empty():
    a, b = unit("a", 0, 0), unit("b", 10, 0, r=0.8)
    m = edge_distance_matrix([a], BaseArray.of([a, b]))
    assert m.shape == (1, 2) and m[0, 1] == pytest.approx(8.6)
    assert edge_distance_matrix([]).shape == (0, 0)


def test_HD_0_4_unit_to_point():
    u = unit("u", 0, 0)
    assert distance_to_point(u, (3, 4)) == pytest.approx(4.4)
    assert distance_to_point(u, (0.3, 0.0)) == 0.0  # the point is on the base
    assert distance_to_point(u, (3, 4, 7.0)) == pytest.approx(4.4)  # height ignored (2-D)


@given(st.lists(st.tuples(coord, coord, radius), min_size=1, max_size=12))
def test_HD_0_4_matrix_equals_pairwise_edge_distance(specs):
    bases = [unit(f"u{i}", x, y, r) for i, (x, y, r) in enumerate(specs)]
    m = edge_distance_matrix(bases)
    for i, a in enumerate(bases):
        assert edge_distances_from(a, bases) == pytest.approx(m[i], abs=1e-9)
        for j, b in enumerate(bases):
            assert m[i, j] == pytest.approx(edge_distance(a, b), abs=1e-9)


# --------------------------------------------------------------------------- HD-RANGED-12..15 bands


def test_HD_RANGED_12_edge_to_edge_and_height_ignored():
    """Example: r 0.6 shooter at (0,0), large r 0.8 target at (10,0) → 8.6; R=4 → Medium 5."""
    shooter, target = unit("S", 0, 0), unit("T", 10, 0, r=0.8)
    d = float(edge_distances_from(shooter, [target])[0])
    assert d == pytest.approx(8.6)
    band = range_band(d, 4)
    assert (band.name, band.difficulty) == ("medium", 5)
    on_tower = unit("S", 0, 0, z=3.0)
    assert float(edge_distances_from(on_tower, [target])[0]) == pytest.approx(8.6)


@pytest.mark.parametrize(
    ("d", "diff"),
    [(6.0, 3), (6.01, 4), (12.0, 4), (12.5, 5), (18.0, 5), (24.0, 6), (30.0, 6)],
)
def test_HD_RANGED_15_example_R6(d, diff):
    assert range_band(d, 6).difficulty == diff


def test_HD_RANGED_15_example_R6_closed_long_band_no_shot_at_30():
    band = range_band(30.0, 6, long_band_open=False)
    assert band.difficulty is None and not band.shootable and band.name == BEYOND
    assert (band.lower, band.upper) == (24.0, math.inf)
    assert range_band(24.0, 6, long_band_open=False).difficulty == 6


@pytest.mark.parametrize(
    ("d", "open_diff", "closed_diff"),
    [(6.0, 3, 3), (6.01, 4, 4), (18.0, 5, 5), (18.01, 6, 6), (24.0, 6, 6), (24.5, 6, None)],
)
def test_HD_TV_E3_range_band_boundaries(d, open_diff, closed_diff):
    assert range_band(d, 6).difficulty == open_diff
    assert range_band(d, 6, long_band_open=False).difficulty == closed_diff


def test_HD_TV_E3_HD_RANGED_14_difficulty_is_band_or_higher_DEF():
    """diff = max(range difficulty, DEF): DEF 5 at d=6.0 → 5; DEF 7 → 7 (no hit possible)."""
    band = range_band(6.0, 6)
    assert max(band.difficulty, 3) == 3
    assert max(band.difficulty, 5) == 5
    assert max(band.difficulty, 7) == 7


def test_HD_RANGED_15_band_edges_and_band_limits():
    assert band_edges(6) == (6.0, 12.0, 18.0, 24.0)
    assert band_edges(25.4 * 6, n=2) == pytest.approx((152.4, 304.8))
    assert range_band(0.0, 6) == RangeBand("point_blank", 3, 0.0, 6.0)
    assert range_band(7.0, 6) == RangeBand("short", 4, 6.0, 12.0)
    assert range_band(20.0, 6) == RangeBand("long", 6, 18.0, math.inf)
    assert range_band(20.0, 6, long_band_open=False) == RangeBand("long", 6, 18.0, 24.0)


def test_HD_RANGED_15_rejects_bad_input():
    with pytest.raises(ValueError):
        range_band(3.0, 0)
    with pytest.raises(ValueError):
        range_band(-1.0, 6)
    with pytest.raises(ValueError):
        band_edges(-2)


@given(st.floats(0, 200), st.floats(0, 200), st.floats(0.01, 50), st.booleans())
def test_HD_RANGED_15_band_monotone_in_distance(d1, d2, r, open_):
    lo, hi = sorted((d1, d2))
    a = range_band(lo, r, long_band_open=open_).difficulty
    b = range_band(hi, r, long_band_open=open_).difficulty
    assert (a or 7) <= (b or 7)  # None (no shot) ranks above 6


@given(st.floats(0, 200), st.floats(0.01, 50), st.booleans())
def test_HD_RANGED_15_band_contains_its_distance(d, r, open_):
    band = range_band(d, r, long_band_open=open_)
    assert band.lower - 1e-9 <= d <= band.upper + 1e-9
    assume(d > 1e-6)
    assert d > band.lower - 1e-9


# --------------------------------------------------------------------------- HD-RANGED-2..6 targets


def at_distance(uid: str, d: float, r: float = R, y: float = 0.0) -> Base:
    """An enemy whose base edge is ``d`` from a normal shooter at the origin, along +x."""
    return unit(uid, d + R + r, y, r)


SHOOTER = unit("S", 0, 0)


def test_HD_RANGED_5_legal_target_example():
    """E0 (engaged) at 3, E1 (normal, PR 1, in cover) at 5, E2 (huge, PR 2, in cover) at 7, E3 (open)
    at 9 → legal {E0, E1, E2}; E3 illegal."""
    enemies = [at_distance("E3", 9), at_distance("E1", 5), at_distance("E2", 7, r=0.98),
               at_distance("E0", 3)]
    engaged = [False, False, False, True]
    cover_ge_pr = [False, True, False, False]  # normal +3 ≥ 1; huge +1 < 2 (HD-RANGED-11)
    legal = nearest_valid_targets(SHOOTER, enemies, engaged=engaged,
                                  in_cover_bonus_ge_pr=cover_ge_pr)
    assert legal.ids == ("E0", "E1", "E2")
    assert legal.distances == pytest.approx((3, 5, 7))
    assert legal.stop == "E2"
    assert "E3" not in legal


def test_HD_RANGED_2_nearest_only_and_ties_are_all_legal():
    enemies = [at_distance("far", 8), at_distance("a", 4, y=0.0),
               unit("b", 0, -(4 + 2 * R)), at_distance("c", 4.5)]
    legal = nearest_valid_targets(SHOOTER, enemies)
    assert set(legal.ids) == {"a", "b"} and legal.stop in ("a", "b")


def test_HD_RANGED_2_tie_with_a_skippable_enemy_does_not_open_further_targets():
    enemies = [at_distance("a", 4), unit("b", 0, 4 + 2 * R), at_distance("c", 6)]
    legal = nearest_valid_targets(SHOOTER, enemies, engaged=[False, True, False])
    assert set(legal.ids) == {"a", "b"}
    legal = nearest_valid_targets(SHOOTER, enemies, engaged=[True, False, False])
    assert set(legal.ids) == {"a", "b"}


def test_HD_RANGED_5_untargetable_or_unseen_enemy_is_never_the_nearest():
    enemies = [at_distance("hidden", 1), at_distance("ghost", 2), at_distance("open", 5),
               at_distance("later", 7)]
    legal = nearest_valid_targets(SHOOTER, enemies, visible=[False, True, True, True],
                                  targetable=lambda b: b.id != "ghost")
    assert legal.ids == ("open",)


def test_HD_RANGED_3_4_every_candidate_skippable_gives_all_visible():
    enemies = [at_distance(f"e{i}", i + 1) for i in range(4)]
    legal = nearest_valid_targets(SHOOTER, enemies, engaged=lambda b: True)
    assert legal.ids == ("e0", "e1", "e2", "e3") and legal.stop is None
    assert len(nearest_valid_targets(SHOOTER, [])) == 0


def test_HD_TV_E4_nearest_target_skip_by_base_size():
    """Cover bonus normal +3 / large +2 / huge +1 against PR 1 / 2 / 2: huge is not skippable."""
    bonus = {0.6: 3, 0.8: 2, 0.98: 1}
    pr = {"normal": 1, "large": 2, "huge": 2}
    enemies = [at_distance("normal", 2), at_distance("large", 4, r=0.8),
               at_distance("huge", 6, r=0.98), at_distance("beyond", 8)]
    legal = nearest_valid_targets(
        SHOOTER, enemies,
        in_cover_bonus_ge_pr=lambda b: b.id in pr and bonus[b.radius] >= pr[b.id])
    assert legal.ids == ("normal", "large", "huge")


def test_HD_RANGED_2_callables_are_asked_lazily_nearest_first():
    asked: list[str] = []

    def visible(b: Base) -> bool:
        asked.append(b.id)
        return True

    enemies = [at_distance(f"e{i}", 10 - i) for i in range(6)]
    legal = nearest_valid_targets(SHOOTER, BaseArray.of(enemies), visible=visible)
    assert legal.ids == ("e5",)
    assert asked == ["e5"]  # nobody further was tested


# --------------------------------------------------------------------------- HD-RANGED-24/25 fights


def fight_layout(z_shooter: float = 0.0):
    s = unit("S", 0, 0, z=z_shooter)
    t = unit("T", 12, 0)
    x = unit("X", 6, 0.3)
    y = unit("Y", 6, 1.5)
    return s, t, x, y


def test_HD_RANGED_24_example_X_on_the_line_of_fire_Y_not():
    s, t, x, y = fight_layout()
    assert fight_on_line_of_fire(s, t, [x, y]) == ("X",)
    assert fight_on_line_of_fire(s, t, BaseArray.of([y, x, s, t])) == ("X",)  # S and T left out
    band = range_band(float(edge_distances_from(s, [t])[0]), 8)
    assert band.difficulty == 4  # d = 10.8 → Short; diff = max(4, DEF_T 3, DEF_X 4) = 4


def test_HD_RANGED_24_within_r_inclusive_and_segment_ends():
    s, t = unit("S", 0, 0), unit("T", 12, 0)
    tangent = unit("tan", 6, R)  # exactly r from the segment
    behind = unit("behind", -1.0, 0.0)  # beyond the shooter's end: 1.0 > r from the segment
    assert fight_on_line_of_fire(s, t, [tangent, behind]) == ("tan",)
    assert fight_on_line_of_fire(s, t, []) == ()


def test_HD_RANGED_25_example_shooting_over_the_fight_from_the_tower():
    """S on a tower (z 3, eye 4): over X's base the shot is at 2.425..2.075 > 1 → X does not block."""
    s, t, x, y = fight_layout(z_shooter=3.0)
    eye = s.eye
    assert eye[2] == 4.0
    target_z = t.z + t.height / 2
    for xx, zz in ((5.4, 2.425), (6.6, 2.075)):
        assert eye[2] + (target_z - eye[2]) * xx / 12 == pytest.approx(zz)
    assert shoots_over(eye, t, x)
    assert fight_on_line_of_fire(s, t, [x, y], eye=eye) == ()


def test_HD_TV_E12_same_fight_from_the_floor_is_a_shot_into_melee():
    s, t, x, y = fight_layout()
    assert not shoots_over(s.eye, t, x)
    assert fight_on_line_of_fire(s, t, [x, y], eye=s.eye) == ("X",)
    s4, *_ = fight_layout(z_shooter=3.0)
    assert fight_on_line_of_fire(s4, t, [x, y], eye=s4.eye) == ()


def test_HD_RANGED_25_beside_above_below_and_vertical_shots():
    t = unit("T", 12, 0)
    assert shoots_over((0, 0, 1), t, unit("side", 6, 2.0))  # misses the cylinder in plan
    assert shoots_over((0, 0, 1), t, unit("low", 6, 0, z=-5, h=1))  # cylinder below the shot
    assert not shoots_over((0, 0, 1), t, unit("tall", 6, 0, h=10))
    assert not shoots_over((12, 0, 9), t, unit("under", 12.2, 0, z=2, h=1))  # straight down
    assert shoots_over((12, 0, 9), t, unit("aside", 14, 0, z=2, h=1))
    # touching the cylinder top counts as blocking
    assert not shoots_over((0, 0, 1.0), unit("T2", 12, 0, h=2.0), unit("lid", 6, 0, h=1.0))


@given(coord, coord, st.floats(0, 6), coord, coord, st.floats(0, 3), st.floats(0.3, 2),
       st.floats(0, 1), st.floats(-2, 2), st.floats(-2, 2), st.floats(0, 3), st.floats(0.2, 2),
       st.floats(0.3, 2))
def test_HD_RANGED_25_shoots_over_matches_dense_sampling(ex, ey, ez, tx, ty, tz, th, s, ox, oy,
                                                         uz, ur, uh):
    """Brute force: sample the 3-D shot densely and look for a sample inside the cylinder."""
    eye = (ex, ey, ez)
    target = unit("T", tx, ty, z=tz, h=th)
    ux, uy = ex + s * (tx - ex) + ox, ey + s * (ty - ey) + oy  # near the line of fire
    p = unit("U", ux, uy, r=ur, z=uz, h=uh)
    t = np.linspace(0.0, 1.0, 20001)
    px, py = ex + t * (tx - ex), ey + t * (ty - ey)
    pz = ez + t * (tz + th / 2 - ez)
    ring = np.hypot(px - ux, py - uy) - ur
    height = np.maximum(uz - pz, pz - (uz + uh))
    outside = np.maximum(ring, height)  # ≤ 0 inside the cylinder
    margin = float(outside.min())
    step = math.dist(eye, (tx, ty, tz + th / 2)) / 20000
    assume(abs(margin) > step + 1e-6)  # clear cases only: sampling cannot resolve the others
    event("shot passes" if margin > 0 else "participant blocks")
    assert shoots_over(eye, target, p) == (margin > 0)
