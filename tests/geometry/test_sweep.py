"""The straight-line sweep (OFA-0.4) and the move until contact (OFA-2B.1), with push-backs
(OFA-5D.1/5D.2) and rolled barrels (OFA-MG.4) on top of it."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import LineString, Point, Polygon, box

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import (
    BOARD_EDGE,
    FIGURE,
    SURFACE_EDGE,
    TERRAIN,
    MoveResult,
    move_until_contact,
    sweep_disc,
    unit_direction,
)
from game.geometry.terrain import Solid, TerrainIndex
from game.geometry.tolerance import TOUCH

INF = math.inf
R = 12.5


def fig(ident: str, x: float, y: float, r: float = R, z: float = 0.0, h: float = 40.0) -> Base:
    return Base(ident, x, y, r, z, h)


def fine_circle(x: float, y: float, r: float) -> Polygon:
    return Point(x, y).buffer(r, quad_segs=512)


# --------------------------------------------------------------------------------------------
# Rule examples


def barrel_and_rug() -> TerrainIndex:
    barrel = Solid("barrel", fine_circle(200, 105, 20), 0.0, 30.0, rollable=True, kind="barrel")
    rug = Solid("rug", box(130, 0, 160, 300), 0.0, 1.0, flat=True, kind="rug")
    return TerrainIndex([barrel, rug])


def test_OFA_0_4_barrel_example_contact_after_67_887() -> None:
    athos = fig("athos", 100, 100)
    res = move_until_contact(athos, (1, 0), INF, barrel_and_rug())
    expected = 100 - math.sqrt(1031.25)  # 67.887
    assert res.kind == TERRAIN and res.id == "barrel"
    # the footprint is a 2048-gon: within a few hundredths of a micron of the true circle
    assert res.distance == pytest.approx(expected, abs=1e-4)
    assert (res.x, res.y) == pytest.approx((100 + res.distance, 100))
    assert res.distance == pytest.approx(67.887, abs=1e-3)


def test_OFA_0_4_barrel_example_exact_with_a_round_blocker() -> None:
    # the same barrel as a disc (bases are exact circles): the closed form to the last digit
    barrel = fig("barrel", 200, 105, r=20, h=30)
    res = move_until_contact(fig("athos", 100, 100), (1, 0), INF, None, [barrel])
    assert res.distance == pytest.approx(100 - math.sqrt(1031.25), abs=1e-12)
    assert res.kind == FIGURE and res.id == "barrel"
    assert math.hypot(res.x - 200, res.y - 105) == pytest.approx(32.5, abs=1e-12)
    px, py = res.point  # on the segment between the centres, r from the mover's centre
    assert math.hypot(px - res.x, py - res.y) == pytest.approx(R)
    assert math.hypot(px - 200, py - 105) == pytest.approx(20)


def test_OFA_0_4_barrel_example_50_stops_on_the_rug() -> None:
    res = move_until_contact(fig("athos", 100, 100), (1, 0), 50, barrel_and_rug())
    assert (res.x, res.y, res.distance) == (150.0, 100.0, 50.0)
    assert res.kind is None and res.id is None and not res.stopped


def test_OFA_2B_1_flat_objects_never_stop() -> None:
    rug = Solid("rug", box(120, 0, 400, 300), 0.0, 3.0, flat=True)  # exactly a step: flat
    wine = Solid("wine", Point(160, 100).buffer(10), 0.0, 0.2, flat=True)
    res = move_until_contact(fig("a", 100, 100), (1, 0), 200, TerrainIndex([rug, wine]))
    assert res.distance == 200 and res.kind is None


def test_OFA_0_4_low_and_high_objects_outside_the_band_do_not_block() -> None:
    # a 3 mm plank (not flagged flat) is below the step; a beam from 40 mm up is above the head
    plank = Solid("plank", box(120, 80, 130, 120), 0.0, 3.0)
    beam = Solid("beam", box(140, 80, 150, 120), 40.0, 45.0)
    step = Solid("step", box(160, 80, 170, 120), 0.0, 3.5)
    res = move_until_contact(fig("a", 100, 100), (1, 0), 200, TerrainIndex([plank, beam, step]))
    assert res.id == "step" and res.distance == pytest.approx(160 - 100 - R)


def test_OFA_2B_1_figures_block_and_the_mover_is_ignored() -> None:
    a, b = fig("a", 0, 0), fig("b", 100, 0)
    res = move_until_contact(a, (1, 0), INF, None, [a, b])
    assert res.kind == FIGURE and res.id == "b" and res.distance == pytest.approx(75)


def test_OFA_2B_1_figure_on_a_balcony_does_not_block_the_floor() -> None:
    high = fig("high", 100, 0, z=60)
    res = move_until_contact(fig("a", 0, 0), (1, 0), 200, None, [high])
    assert res.kind is None and res.distance == 200
    on_table = fig("t", 100, 0, z=18)  # [18, 58] meets the walker's (3, 40]
    assert move_until_contact(fig("a", 0, 0), (1, 0), 200, None, [on_table]).id == "t"


def test_OFA_2B_1_raised_surface_centre_stops_at_the_edge() -> None:
    table = Solid("table", box(0, 0, 100, 60), 0.0, 18.0, surface=True, kind="table")
    index = TerrainIndex([table], (-100, -100, 500, 500))
    athos = fig("athos", 50, 30, z=18)
    res = move_until_contact(athos, (1, 0), INF, index)
    assert res.kind == SURFACE_EDGE and res.id == "table"
    assert (res.x, res.y) == pytest.approx((100, 30))
    assert res.distance == pytest.approx(50)
    # a shorter move stays on the table
    assert move_until_contact(athos, (1, 0), 20, index).kind is None
    # on the edge already: walking off is not a move; walking back in is
    edge = fig("athos", 100, 30, z=18)
    assert move_until_contact(edge, (1, 0), 10, index).blocked
    back = move_until_contact(edge, (-1, 0), INF, index)
    assert back.distance == pytest.approx(100) and back.kind == SURFACE_EDGE


def test_OFA_2B_1_tables_pushed_together_are_one_surface() -> None:
    t1 = Solid("t1", box(0, 0, 100, 60), 0.0, 18.0, surface=True)
    t2 = Solid("t2", box(100, 0, 180, 60), 0.0, 18.0, surface=True)
    res = move_until_contact(fig("a", 50, 30, z=18), (1, 0), INF, TerrainIndex([t1, t2]))
    assert res.kind == SURFACE_EDGE and res.id == "t2"
    assert res.x == pytest.approx(180)


def test_OFA_2B_1_within_a_step_of_the_floor_walks_off_freely() -> None:
    stage = Solid("stage", box(0, 0, 100, 60), 0.0, 2.0, surface=True)
    res = move_until_contact(fig("a", 50, 30, z=2), (1, 0), 200, TerrainIndex([stage]))
    assert res.kind is None and res.distance == 200


def test_OFA_2B_1_on_a_table_a_taller_thing_on_it_blocks() -> None:
    table = Solid("table", box(0, 0, 200, 60), 0.0, 18.0, surface=True)
    jug = Solid("jug", fine_circle(150, 30, 5), 18.0, 30.0, liftable=True)
    res = move_until_contact(fig("a", 50, 30, z=18), (1, 0), INF, TerrainIndex([table, jug]))
    assert res.id == "jug" and res.distance == pytest.approx(150 - 50 - 5 - R, abs=1e-4)


def test_OFA_2B_1_board_edge_blocks() -> None:
    index = TerrainIndex([], (0.0, 0.0, 457.2, 609.6))
    res = move_until_contact(fig("a", 100, 100), (-1, 0), INF, index)
    assert res.kind == BOARD_EDGE and res.id == "x_min"
    assert (res.x, res.y) == pytest.approx((R, 100)) and res.point == pytest.approx((0, 100))
    diag = move_until_contact(fig("a", 100, 100), (1, 1), INF, index)
    assert diag.id == "x_max" and diag.x == pytest.approx(457.2 - R)
    up = move_until_contact(fig("a", 100, 100), math.pi / 2, INF, index)
    assert up.id == "y_max" and up.y == pytest.approx(609.6 - R)
    free = move_until_contact(fig("a", 100, 100), (-1, 0), INF, index, board_edge=False)
    assert free.distance == INF and free.kind is None and free.x == -INF and free.y == 100


def test_OFA_MG_4_rolled_barrel_hits_the_guard() -> None:
    guard = fig("guard", 100, 0)
    barrel = Solid("barrel", fine_circle(0, 0, 20), 0.0, 30.0, rollable=True)
    index = TerrainIndex([barrel])
    res = sweep_disc((0, 0), 20, (1, 0), INF, index, [guard], height=30, ignore={"barrel"})
    assert res.kind == FIGURE and res.id == "guard"
    assert res.distance == pytest.approx(67.5) and res.end == pytest.approx((67.5, 0))


def test_OFA_MG_4_rolled_barrel_stopped_by_a_friend_first() -> None:
    guard, aramis = fig("guard", 100, 0), fig("aramis", 60, 0)
    res = sweep_disc((0, 0), 20, (1, 0), INF, None, [guard, aramis], height=30)
    assert res.id == "aramis" and res.distance == pytest.approx(27.5)


def test_OFA_5D_1_push_back_example_TV_E11() -> None:
    attacker, guard = fig("attacker", 0, 0), fig("guard", 30, 40)
    barrel = fig("barrel", 90, 120, r=20, h=30)
    u = (guard.x - attacker.x, guard.y - attacker.y)
    res = move_until_contact(guard, u, INF, None, [attacker, barrel])
    assert res.distance == pytest.approx(67.5)
    assert res.end == pytest.approx((70.5, 94.0))
    assert res.id == "barrel"


def test_OFA_5D_2_blocked_push_against_a_wall_TV_E4() -> None:
    wall = Solid("wall", box(100, -100, 110, 100), 0.0, 80.0)
    index = TerrainIndex([wall])
    touching = fig("guard", 100 - R, 0)
    res = move_until_contact(touching, (1, 0), INF, index)
    assert res.blocked and res.distance == 0.0 and res.id == "wall"
    assert res.distance < 1.0  # eps_block: Stunned instead of moving
    short = move_until_contact(fig("guard", 100 - R - 0.5, 0), (1, 0), INF, index)
    assert short.distance == pytest.approx(0.5) and short.distance < 1.0
    free = move_until_contact(fig("guard", 100 - R - 1.5, 0), (1, 0), INF, index)
    assert free.distance == pytest.approx(1.5)


# --------------------------------------------------------------------------------------------
# Starting in contact, grazing, shapes


def test_touching_moving_away_or_along_is_free() -> None:
    wall = Solid("wall", box(100, -100, 110, 100), 0.0, 80.0)
    index = TerrainIndex([wall])
    touching = fig("g", 100 - R, 0)
    away = move_until_contact(touching, (-1, 0), 30, index)
    assert away.distance == 30 and away.kind is None
    # sliding along the wall face past its corner: no stop on the corner it only grazes
    along = move_until_contact(touching, (0, 1), 300, index)
    assert along.distance == 300 and along.kind is None
    slant_in = move_until_contact(touching, (1, 1), 30, index)
    assert slant_in.blocked


def test_touching_a_base_moving_into_it_or_away() -> None:
    other = fig("b", 25, 0)
    a = fig("a", 0, 0)
    assert move_until_contact(a, (1, 0), 10, None, [other]).blocked
    assert move_until_contact(a, (1, 0.01), 10, None, [other]).blocked
    assert move_until_contact(a, (-1, 0), 10, None, [other]).distance == 10
    assert move_until_contact(a, (0, 1), 10, None, [other]).distance == 10


def test_overlapping_start_moving_out_is_free_moving_in_is_blocked() -> None:
    other = fig("b", 20, 0)  # 5 mm overlap
    a = fig("a", 0, 0)
    assert move_until_contact(a, (-1, 0), 10, None, [other]).distance == 10
    res = move_until_contact(a, (1, 0), 10, None, [other])
    assert res.blocked and res.id == "b"


def test_centre_inside_a_solid_may_only_head_out() -> None:
    crate = Solid("crate", box(0, 0, 100, 100), 0.0, 30.0)
    index = TerrainIndex([crate])
    inside = fig("a", 20, 50)
    assert move_until_contact(inside, (-1, 0), 50, index).distance == 50
    res = move_until_contact(inside, (1, 0), 50, index)
    assert res.blocked and res.id == "crate"


def test_concave_solid_is_met_again_after_moving_away() -> None:
    # a U open to the top; the figure touches the inside of the left arm and walks right
    u_shape = Polygon([(0, 0), (100, 0), (100, 100), (90, 100), (90, 10), (10, 10), (10, 100),
                       (0, 100)])
    index = TerrainIndex([Solid("u", u_shape, 0.0, 50.0)])
    res = move_until_contact(fig("a", 10 + R, 50), (1, 0), INF, index)
    assert res.id == "u" and res.x == pytest.approx(90 - R)


def test_courtyard_hole_stops_on_the_inner_wall() -> None:
    ring = box(0, 0, 200, 200).difference(box(20, 20, 180, 180))
    index = TerrainIndex([Solid("walls", ring, 0.0, 80.0)])
    res = move_until_contact(fig("a", 100, 100), (0, -1), INF, index)
    assert res.id == "walls" and res.y == pytest.approx(20 + R)


def test_corner_hit_uses_the_end_circle() -> None:
    crate = Solid("crate", box(100, 10, 150, 60), 0.0, 30.0)
    res = move_until_contact(fig("a", 0, 0), (1, 0), INF, TerrainIndex([crate]))
    # the disc meets the corner (100, 10): (x − 100)² + 10² = 12.5²
    assert res.x == pytest.approx(100 - math.sqrt(R * R - 100))
    assert res.point == pytest.approx((100, 10))


def test_exact_graze_of_a_base_passes() -> None:
    other = fig("b", 100, 25)  # the path passes exactly touching
    res = move_until_contact(fig("a", 0, 0), (1, 0), 200, None, [other])
    assert res.distance == 200 and res.kind is None


def test_simultaneous_contacts_are_all_reported() -> None:
    g1, g2 = fig("g1", 100, 20), fig("g2", 100, -20)
    res = move_until_contact(fig("a", 0, 0), (1, 0), INF, None, [g1, g2])
    assert {t.id for t in res.touches} == {"g1", "g2"}
    assert res.x == pytest.approx(100 - math.sqrt(25**2 - 20**2))


def test_line_and_point_footprints() -> None:
    rail = Solid("rail", LineString([(50, -50), (50, 50)]), 0.0, 40.0)
    post = Solid("post", Point(0, 80), 0.0, 60.0)
    index = TerrainIndex([rail, post])
    assert move_until_contact(fig("a", 0, 0), (1, 0), INF, index).x == pytest.approx(50 - R)
    res = move_until_contact(fig("a", 0, 0), (0, 1), INF, index)
    assert res.id == "post" and res.y == pytest.approx(80 - R)
    # the open end of the rail is a round end too
    end = move_until_contact(fig("a", 0, 50), (1, 0), INF, index)
    assert end.id == "rail" and end.x == pytest.approx(50 - R)


def test_ignore_and_vertical_band_for_sweep_disc() -> None:
    low = Solid("low", box(50, -50, 60, 50), 0.0, 20.0)
    index = TerrainIndex([low])
    # a disc sweeping at z=30 (say a thrown plate's band) passes over a 20 mm crate
    assert sweep_disc((0, 0), 5, (1, 0), 100, index, z=30, height=5, step=0).kind is None
    assert sweep_disc((0, 0), 5, (1, 0), 100, index, ignore={"low"}).kind is None
    assert sweep_disc((0, 0), 5, (1, 0), 100, index).id == "low"


def test_direction_forms_and_errors() -> None:
    assert unit_direction((3, 4)) == pytest.approx((0.6, 0.8))
    assert unit_direction(math.pi) == pytest.approx((-1, 0))
    with pytest.raises(ValueError):
        unit_direction((0, 0))
    with pytest.raises(ValueError):
        move_until_contact(fig("a", 0, 0), (1, 0), -1, None)
    with pytest.raises(ValueError):
        move_until_contact(fig("a", 0, 0), (1, 0), math.nan, None)


def test_result_path_band_and_base_array_input() -> None:
    figures = [fig("a", 0, 0), fig("b", 100, 0)]
    res = move_until_contact(figures[0], (1, 0), INF, None, BaseArray.of(figures))
    assert isinstance(res, MoveResult)
    assert res.distance == pytest.approx(75)
    band = res.path
    assert band.area == pytest.approx(75 * 2 * R + math.pi * R * R, rel=1e-2)
    assert move_until_contact(figures[0], (1, 0), 0, None).path.area == pytest.approx(
        math.pi * R * R, rel=1e-2)


def test_unbounded_sandbox_move_with_nothing_ahead() -> None:
    crate = Solid("crate", box(-100, -10, -50, 10), 0.0, 30.0)
    res = move_until_contact(fig("a", 0, 0), (1, 0), INF, TerrainIndex([crate]))
    assert res.distance == INF and res.kind is None and res.x == INF
    assert res.path.is_valid


def test_long_move_finds_a_far_obstacle() -> None:
    # beyond the first search stretch: the stretches grow until the obstacle
    far = Solid("far", box(5000, -5, 5010, 5), 0.0, 30.0)
    res = move_until_contact(fig("a", 0, 0), (1, 0), INF, TerrainIndex([far]))
    assert res.id == "far" and res.x == pytest.approx(5000 - R)


# --------------------------------------------------------------------------------------------
# Properties


def exact_gap_ok(res: MoveResult, r: float, index: TerrainIndex | None, others: list[Base],
                 mover: Base) -> None:
    """Nothing the mover may not overlap is overlapped at the end, and the stopper is touched."""
    end = shapely.points(res.x, res.y)
    lo, hi = mover.z + 3.0, mover.z + mover.height
    if index is not None:
        for s in index.solids:
            if s.flat or not (s.top > lo and s.bottom < hi):
                continue
            d = float(shapely.distance(end, s.footprint))
            assert d >= r - 1e-7, (s.id, d)
            if res.kind == TERRAIN and s.id == res.id:
                assert d == pytest.approx(r, abs=1e-6) or res.blocked
    for o in others:
        if o.id == mover.id or not (o.z < hi and o.z + o.height > lo):
            continue
        d = math.hypot(o.x - res.x, o.y - res.y) - o.radius
        assert d >= r - 1e-7, (o.id, d)
        if res.kind == FIGURE and o.id == res.id:
            assert d == pytest.approx(r, abs=1e-6) or res.blocked
    if index is not None and index.bounds is not None:
        x0, y0, x1, y1 = index.bounds
        assert x0 + r - 1e-7 <= res.x <= x1 - r + 1e-7
        assert y0 + r - 1e-7 <= res.y <= y1 - r + 1e-7


@st.composite
def scenes(draw: st.DrawFn) -> tuple[TerrainIndex, list[Base], Base]:
    solids = []
    for i in range(draw(st.integers(0, 7))):
        x, y = draw(st.floats(0, 300)), draw(st.floats(0, 300))
        w, h = draw(st.floats(0.1, 80)), draw(st.floats(0.1, 80))
        angle = draw(st.floats(0, 180))
        kind = draw(st.sampled_from(["box", "disc", "tri"]))
        if kind == "box":
            fp = rotate(box(x, y, x + w, y + h), angle, origin=(x, y))
        elif kind == "disc":
            fp = Point(x, y).buffer(w / 2 + 0.5, quad_segs=draw(st.integers(1, 8)))
        else:
            fp = rotate(Polygon([(x, y), (x + w, y), (x, y + h)]), angle, origin=(x, y))
        top = draw(st.sampled_from([1.0, 18.0, 30.0, 80.0]))
        solids.append(Solid(f"s{i}", fp, 0.0, top, flat=top <= 3.0))
    bounded = draw(st.booleans())
    index = TerrainIndex(solids, (0.0, 0.0, 300.0, 300.0) if bounded else None)
    others = [fig(f"f{i}", draw(st.floats(0, 300)), draw(st.floats(0, 300)),
                  r=draw(st.floats(5, 25)), z=draw(st.sampled_from([0.0, 0.0, 60.0])))
              for i in range(draw(st.integers(0, 6)))]
    mover = fig("m", draw(st.floats(15, 285)), draw(st.floats(15, 285)), r=draw(st.floats(1, 25)))
    return index, others, mover


def starts_clear(index: TerrainIndex, others: list[Base], m: Base) -> bool:
    disc_gap = 1e-6
    for s in index.solids:
        if not s.flat and s.top > 3.0 and shapely.distance(shapely.points(m.x, m.y),
                                                           s.footprint) < m.radius + disc_gap:
            return False
    for o in others:
        if o.z < 40 and math.hypot(o.x - m.x, o.y - m.y) < o.radius + m.radius + disc_gap:
            return False
    if index.bounds is not None:
        return 0 + m.radius <= m.x <= 300 - m.radius and 0 + m.radius <= m.y <= 300 - m.radius
    return True


directions = st.one_of(
    st.floats(0, 2 * math.pi, allow_nan=False),
    # nearly along the board edges and axis-aligned walls: sliding and grazing cases
    st.builds(lambda k, e: k * math.pi / 4 + e, st.integers(0, 7), st.floats(-1e-6, 1e-6)),
)
lengths = st.one_of(st.just(INF), st.floats(0, 600))


@settings(max_examples=300, deadline=None)
@given(scenes(), directions, lengths)
def test_property_never_ends_overlapping_and_touches_the_stopper(scene, angle, length) -> None:
    index, others, mover = scene
    assume(starts_clear(index, others, mover))
    res = move_until_contact(mover, angle, length, index, others)
    assert res.distance <= length
    if math.isfinite(res.distance):
        exact_gap_ok(res, mover.radius, index, others, mover)
    if res.kind is None:
        assert res.distance == length


@settings(max_examples=150, deadline=None)
@given(scenes(), directions, lengths)
def test_property_agrees_with_small_steps(scene, angle, length) -> None:
    """Stepping the exact disc 0.25 mm at a time stops no later than the sweep, and less than
    one step earlier (the sweep is the exact limit of stepping)."""
    index, others, mover = scene
    assume(starts_clear(index, others, mover))
    res = move_until_contact(mover, angle, length, index, others)
    assume(math.isfinite(res.distance))
    ux, uy = unit_direction(angle)
    lo, hi = 3.0, 40.0
    blockers = [s.footprint for s in index.solids if not s.flat and s.top > lo and s.bottom < hi]
    bases = [o for o in others if o.z < hi and o.z + o.height > lo]
    r = mover.radius

    # overlaps below the geometry's TOUCH tolerance are contact, not overlap (the policy in
    # game/geometry/__init__.py): a heading within ALONG of a board edge slides along it and may
    # drift by up to length * ALONG, below TOUCH on any table
    slack = TOUCH

    def free(t: float) -> bool:
        x, y = mover.x + ux * t, mover.y + uy * t
        p = shapely.points(x, y)
        if any(shapely.distance(p, b) < r - slack for b in blockers):
            return False
        if any(math.hypot(o.x - x, o.y - y) < o.radius + r - slack for o in bases):
            return False
        if index.bounds is not None:
            return r - slack <= x <= 300 - r + slack and r - slack <= y <= 300 - r + slack
        return True

    step = 0.25
    ts = np.arange(0.0, res.distance + 1e-12, step)
    assert all(free(float(t)) for t in ts)
    if res.stopped and not res.blocked and res.kind != SURFACE_EDGE:
        # just past the stop, the disc overlaps or leaves the board, unless it was a graze
        beyond = res.distance + 1e-4
        assert not free(beyond) or res.kind == BOARD_EDGE and res.distance == 0


@settings(max_examples=100, deadline=None)
@given(scenes(), directions)
def test_property_zero_length_stays(scene, angle) -> None:
    index, others, mover = scene
    res = move_until_contact(mover, angle, 0.0, index, others)
    assert (res.x, res.y, res.distance) == (mover.x, mover.y, 0.0)


@settings(max_examples=200, deadline=None)
@given(
    st.floats(-80, 80), st.floats(0, 180), st.floats(0.5, 30), st.floats(-60, 60),
    st.one_of(st.just(INF), st.floats(1e3, 1e9)),
)
def test_property_thin_wall_never_tunnelled(offset, wall_angle, r, aim, length) -> None:
    # a 0.1 mm wall through (200, offset'), the mover 100+ mm to its left, moving right-ish
    wall = rotate(box(199.95, -1000, 200.05, 1000), wall_angle - 90, origin=(200, 0))
    assume(shapely.distance(shapely.points(0, offset), wall) > r + 1e-3)
    index = TerrainIndex([Solid("wall", wall, 0.0, 80.0)])
    mover = fig("m", 0.0, offset, r=r)
    res = move_until_contact(mover, (1.0, aim / 100), length, index)
    if math.isfinite(res.distance):
        assert shapely.distance(shapely.points(res.x, res.y), wall) >= r - 1e-7
        # still on the start's side: the segment start→end never crosses the wall
        assert not LineString([(0, offset), (res.x, res.y)]).intersects(wall)
    else:  # it only escapes to infinity when its line misses the wall altogether
        assert res.kind is None
        far = LineString([(0, offset), (1e9, offset + aim * 1e7)])
        assert shapely.distance(far, wall) >= r - 1e-7


@settings(max_examples=150, deadline=None)
@given(scenes(), st.lists(st.tuples(directions, lengths), min_size=1, max_size=8))
def test_property_chained_moves_from_contact_never_overlap(scene, legs) -> None:
    """Each move starts where the last one stopped, often touching something: moving on from
    contact (away, along or into it) never ends overlapping anything."""
    index, others, mover = scene
    assume(starts_clear(index, others, mover))
    for angle, length in legs:
        res = move_until_contact(mover, angle, length, index, others)
        if not math.isfinite(res.distance):
            break
        exact_gap_ok(res, mover.radius, index, others, mover)
        mover = mover.moved(res.x, res.y)


def test_multipolygon_footprint_and_ids_shared_by_a_solid_and_the_mover() -> None:
    shelves = Solid("7", box(50, -30, 60, -15).union(box(80, -10, 90, 10)), 0.0, 60.0)
    index = TerrainIndex([shelves])
    # the mover's id equals the solid's: only bases are skipped for the mover itself
    res = move_until_contact(fig("7", 0, 0), (1, 0), INF, index)
    assert res.id == "7" and res.kind == TERRAIN and res.x == pytest.approx(80 - R)
    low = move_until_contact(fig("a", 0, -20), (1, 0), INF, index)
    assert low.x == pytest.approx(50 - R)
