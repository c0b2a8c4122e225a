"""Push-backs (OFA-5D.1, OFA-5D.2, OFA-AMB-4), falls with their OFA-7.1 bonus, and the lying
figure of OFA-5.3."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import Point, box

from game.geometry.bases import Base
from game.geometry.sweep import BOARD_EDGE, FIGURE, SURFACE_EDGE, TERRAIN, move_until_contact
from game.geometry.terrain import Solid, TerrainIndex
from game.physics import animate, fall_bonus, lying_obstacle, push_back, push_direction
from tests.conftest import shared_path

R = 12.5
TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"


def fig(ident: str, x: float, y: float, z: float = 0.0, r: float = R, h: float = 40.0) -> Base:
    return Base(ident, x, y, r, z, h)


def tavern_index() -> TerrainIndex:
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    from game.board import load_board

    return TerrainIndex.from_board(load_board(TAVERN))


# --------------------------------------------------------------------------------------------
# OFA-5D.1


def test_OFA_5D_1_example_guard_ends_at_70_5_94_TV_E11() -> None:
    """Attacker (0,0), Guard (30,40), barrel (90,120) r 20 → u=(0.6,0.8), t*=67.5, end (70.5,94)."""
    barrel = Solid("barrel", Point(90, 120).buffer(20, quad_segs=512), 0.0, 30.0, kind="barrel")
    index = TerrainIndex([barrel], (-500, -500, 500, 500))
    out = push_back(fig("guard", 30, 40), (0, 0), index, [fig("athos", 0, 0)])
    assert out.direction == pytest.approx((0.6, 0.8))
    assert out.distance == pytest.approx(67.5, abs=1e-4)
    assert out.end == pytest.approx((70.5, 94.0), abs=1e-4)
    assert out.touched_kind == TERRAIN and out.touched_id == "barrel"
    assert not out.blocked and not out.fell and out.drop == 0.0
    assert out.z_start == out.z_end == 0.0
    assert "OFA-5D.1" in out.rule_ids


def test_OFA_5D_1_example_with_a_round_base_as_the_blocker_is_exact() -> None:
    """The same example with the barrel as a round base: exactly 67.5 and (70.5, 94)."""
    barrel = Base("barrel", 90, 120, 20.0, 0.0, 30.0)
    out = push_back(fig("guard", 30, 40), (0, 0), TerrainIndex([], (-500, -500, 500, 500)),
                    [barrel])
    assert out.distance == pytest.approx(67.5, abs=1e-9)
    assert out.end == pytest.approx((70.5, 94.0), abs=1e-9)
    assert out.touched_kind == FIGURE and out.touched_id == "barrel"


def test_OFA_5D_1_direction_and_coincident_centres() -> None:
    """Away from the source; coincident centres take the source's travel direction, else error."""
    guard = fig("guard", 100, 100)
    assert push_direction(guard, (100, 0)) == pytest.approx((0, 1))
    assert push_direction(guard, (100, 100), (3, 4)) == pytest.approx((0.6, 0.8))
    with pytest.raises(ValueError, match="travel_dir"):
        push_direction(guard, (100, 100))
    index = TerrainIndex([], (0, 0, 400, 400))
    with pytest.raises(ValueError, match="OFA-5D.1"):
        push_back(guard, (100, 100), index)
    out = push_back(guard, (100, 100), index, travel_dir=(-1, 0))
    assert out.end == pytest.approx((R, 100)) and out.touched_kind == BOARD_EDGE


def test_OFA_AMB_4_board_edge_counts_as_an_object() -> None:
    index = TerrainIndex([], (0, 0, 457.2, 609.6))
    out = push_back(fig("g", 100, 100), (50, 100), index)
    assert out.touched_kind == BOARD_EDGE and out.touched_id == "x_max"
    assert out.end == pytest.approx((457.2 - R, 100))


def test_OFA_5D_1_other_figures_stop_the_push_and_the_source_never_blocks() -> None:
    index = TerrainIndex([], (0, 0, 500, 500))
    athos = fig("athos", 75, 100)  # touching the guard from behind the push
    guard = fig("guard", 100, 100)
    aramis = fig("aramis", 200, 100)
    out = push_back(guard, athos.centre, index, [athos, guard, aramis])
    assert out.touched_kind == FIGURE and out.touched_id == "aramis"
    assert out.distance == pytest.approx(75.0)
    # a figure on a balcony above does not stop a push on the floor (vertical band, OFA-0.4)
    high = fig("high", 150, 100, z=60)
    assert push_back(guard, athos.centre, index, [athos, high]).touched_kind == BOARD_EDGE


def test_OFA_5D_1_unbounded_sandbox_with_nothing_behind_is_an_error() -> None:
    with pytest.raises(ValueError, match="meets nothing"):
        push_back(fig("g", 0, 0), (-10, 0), None)


def test_OFA_5D_1_push_is_the_sweep_of_OFA_0_4() -> None:
    """push_back agrees with move_until_contact for an unbounded move (it re-implements nothing)."""
    wall = Solid("wall", box(150, 0, 160, 300), 0.0, 80.0)
    index = TerrainIndex([wall], (0, 0, 300, 300))
    guard = fig("g", 100, 120)
    out = push_back(guard, (60, 100), index)
    ref = move_until_contact(guard, out.direction, math.inf, index)
    assert out.end == (ref.x, ref.y) and out.distance == ref.distance


# --------------------------------------------------------------------------------------------
# OFA-5D.2


def wall_at(x: float) -> TerrainIndex:
    return TerrainIndex([Solid("wall", box(x, 0, x + 5, 300), 0.0, 80.0, kind="wall")],
                        (0, 0, 500, 300))


def test_OFA_5D_2_half_a_millimetre_short_is_blocked_stunned() -> None:
    """t* = 0.5 < eps_block 1 → blocked (the rules count Stunned), the figure does not move."""
    out = push_back(fig("g", 100, 100), (50, 100), wall_at(100 + R + 0.5))
    assert out.blocked
    assert out.contact_distance == pytest.approx(0.5)
    assert out.end == out.start == (100, 100) and out.distance == 0.0 and not out.moved
    assert out.touched_kind == TERRAIN and out.touched_id == "wall"
    assert "OFA-5D.2" in out.rule_ids


def test_OFA_5D_2_one_and_a_half_millimetres_moves() -> None:
    out = push_back(fig("g", 100, 100), (50, 100), wall_at(100 + R + 1.5))
    assert not out.blocked and out.moved
    assert out.distance == pytest.approx(1.5)
    assert out.end == pytest.approx((101.5, 100))
    assert "OFA-5D.2" not in out.rule_ids


def test_OFA_5D_2_back_against_the_wall_TV_E4_and_eps_block_option() -> None:
    index = wall_at(100 + R)
    assert push_back(fig("g", 100, 100), (50, 100), index).blocked
    # a blocker beside the figure but not in the push direction does not block (OFA-AMB-4)
    assert not push_back(fig("g", 100, 100), (100, 50), index).blocked
    # eps_block is a cfg value
    loose = wall_at(100 + R + 1.5)
    assert push_back(fig("g", 100, 100), (50, 100), loose, eps_block=2.0).blocked


# --------------------------------------------------------------------------------------------
# Falls off a ledge (OFA-5D.1 push_edge, OFA-7.1)


def balcony(top: float = 85.0) -> TerrainIndex:
    deck = Solid("balcony", box(0, 0, 200, 100), top - 5.0, top, surface=True, kind="balcony")
    return TerrainIndex([deck], (0, 0, 400, 400))


def test_OFA_7_1_pushed_off_a_balcony_drop_85_adds_2_hits() -> None:
    """push_edge="fall": the figure drops at the crossing point; 85 ≥ 2H=80 → +2 (OFA-7.1)."""
    guard = fig("guard", 50, 80, z=85.0)
    out = push_back(guard, (50, 40), balcony(85.0))
    assert out.fell and out.touched_kind == SURFACE_EDGE and out.touched_id == "balcony"
    assert out.end == pytest.approx((50, 100))
    assert out.distance == pytest.approx(20)
    assert out.z_start == 85.0 and out.z_end == 0.0 and out.drop == 85.0
    assert out.fall_bonus == 2 == fall_bonus(85.0, 40.0)
    assert "OFA-7.1" in out.rule_ids and "OFA-AMB-4" in out.rule_ids


def test_OFA_7_1_fall_thresholds_OFA_AMB_18() -> None:
    assert fall_bonus(39.9) == 0
    assert fall_bonus(40.0) == 1
    assert fall_bonus(79.9) == 1
    assert fall_bonus(80.0) == 2
    assert fall_bonus(20.0, height=10.0) == 2
    guard = fig("guard", 50, 80, z=50.0)
    assert push_back(guard, (50, 40), balcony(50.0)).fall_bonus == 1
    assert push_back(guard.moved(50, 80, 30.0), (50, 40), balcony(30.0)).fall_bonus == 0


def test_OFA_5D_1_push_edge_stop_halts_on_the_edge() -> None:
    guard = fig("guard", 50, 80, z=85.0)
    out = push_back(guard, (50, 40), balcony(85.0), push_edge="stop")
    assert not out.fell and out.drop == 0.0 and out.z_end == 85.0
    assert out.end == pytest.approx((50, 100)) and out.touched_kind == SURFACE_EDGE
    # on the edge already: "stop" makes it blocked, "fall" still falls
    edge = fig("guard", 50, 100, z=85.0)
    assert push_back(edge, (50, 40), balcony(85.0), push_edge="stop").blocked
    fall = push_back(edge, (50, 40), balcony(85.0))
    assert fall.fell and fall.distance == 0.0 and not fall.blocked
    with pytest.raises(ValueError, match="push_edge"):
        push_back(edge, (50, 40), balcony(), push_edge="bounce")


def test_OFA_5D_1_falls_onto_the_surface_below() -> None:
    table = Solid("table", box(120, 0, 200, 100), 0.0, 25.0, surface=True, kind="table")
    stage = Solid("stage", box(0, 0, 120, 100), 0.0, 60.0, surface=True, kind="stage")
    index = TerrainIndex([table, stage], (0, 0, 400, 400))
    out = push_back(fig("guard", 100, 50, z=60.0), (80, 50), index)
    assert out.fell and out.end == pytest.approx((120, 50))
    assert out.z_end == 25.0 and out.drop == 35.0 and out.fall_bonus == 0


def test_OFA_5D_1_a_blocker_before_the_edge_stops_the_push() -> None:
    crate = Solid("crate", box(40, 90, 60, 110), 85.0, 110.0)
    deck = Solid("balcony", box(0, 0, 200, 100), 80.0, 85.0, surface=True)
    out = push_back(fig("g", 50, 60, z=85.0), (50, 0), TerrainIndex([deck, crate], (0, 0, 400, 400)))
    assert not out.fell and out.touched_id == "crate"
    assert out.end == pytest.approx((50, 90 - R))


def test_OFA_5D_1_tavern_push_off_the_balcony_drops_60() -> None:
    index = tavern_index()
    guard = fig("guard", 250, 40, z=60.0)
    out = push_back(guard, (260, 40), index)
    assert out.fell and out.z_end == 0.0 and out.drop == pytest.approx(60.0)
    assert out.end[0] == pytest.approx(238.125, abs=1e-6)
    assert out.fall_bonus == 1
    # same inputs, same outcome
    assert push_back(guard, (260, 40), index) == out


def test_OFA_5D_1_tavern_railing_stops_a_push_on_the_balcony() -> None:
    index = tavern_index()
    out = push_back(fig("guard", 300, 50, z=60.0), (300, 20), index)
    assert not out.fell and out.touched_id == "25"  # the railing, 60..72 mm
    railing = index.solids[index.index_of("25")].footprint
    assert out.end[1] == pytest.approx(shapely.bounds(railing)[1] - R, abs=1e-6)


# --------------------------------------------------------------------------------------------
# OFA-5.3 lying figure


def test_OFA_5_3_lying_obstacle_example() -> None:
    """Guard (100,100) knocked out by Athos (75,100): x∈[87.5,127.5], y∈[87.5,112.5]."""
    guard = fig("guard", 100, 100)
    body = lying_obstacle(guard, (75, 100))
    assert shapely.bounds(body.footprint).tolist() == pytest.approx([87.5, 87.5, 127.5, 112.5])
    assert body.footprint.area == pytest.approx(40 * 25)
    assert body.bottom == 0.0 and body.top == 10.0 and not body.flat
    assert body.id == "guard" and body.kind == "lying_figure"
    athos = fig("athos", 75, 100)
    # the two touch without overlapping
    assert shapely.distance(Point(75, 100), body.footprint) == pytest.approx(R)
    assert not athos.disc(256).buffer(-1e-6).intersects(body.footprint)


def test_OFA_5_3_lying_obstacle_follows_the_last_push_and_blocks_moves() -> None:
    guard = fig("guard", 100, 100, z=25.0)
    body = lying_obstacle(guard, (0, 0), direction=(0, -1), prone_height=12.0)
    assert shapely.bounds(body.footprint).tolist() == pytest.approx([87.5, 72.5, 112.5, 112.5])
    assert body.bottom == 25.0 and body.top == 37.0
    # it blocks a move on the floor of a table at z=25 (10 mm > step)
    index = TerrainIndex([lying_obstacle(fig("g", 100, 100), (75, 100))])
    res = move_until_contact(fig("a", 0, 100), (1, 0), 200, index)
    assert res.id == "g" and res.x == pytest.approx(87.5 - R)
    with pytest.raises(ValueError):
        lying_obstacle(guard)
    with pytest.raises(ValueError):
        lying_obstacle(guard, (100, 100))


# --------------------------------------------------------------------------------------------
# Properties: no tunnelling, the animation ends where the rules said


@settings(max_examples=150, deadline=None)
@given(
    thickness=st.sampled_from([0.1, 0.5, 3.0]),
    wall_angle=st.floats(0, 180),
    push_angle=st.floats(-1.2, 1.2),
    gap_before=st.floats(0.0, 150.0),
    fps=st.sampled_from([5, 12, 30, 60, 240]),
    r=st.floats(3.0, 25.0),
)
def test_property_OFA_5D_1_push_never_tunnels_a_thin_wall(thickness, wall_angle, push_angle,
                                                           gap_before, fps, r) -> None:
    """A pushed body never passes through a wall however thin, at any speed (frame rate)."""
    # the wall passes through (200, 200); the figure stands on its near side, facing it
    a = math.radians(wall_angle)
    nx, ny = -math.sin(a), math.cos(a)  # the wall's normal
    wall = rotate(box(-3000, -thickness / 2, 3000, thickness / 2), wall_angle, origin=(0, 0))
    wall = shapely.affinity.translate(wall, 200, 200)
    index = TerrainIndex([Solid("wall", wall, 0.0, 80.0)], (-1000, -1000, 1400, 1400))
    dist = thickness / 2 + r + gap_before + 1e-3
    cx, cy = 200 - nx * dist, 200 - ny * dist
    # the push direction points at the wall (within ±1.2 rad of its normal)
    ux = nx * math.cos(push_angle) - ny * math.sin(push_angle)
    uy = nx * math.sin(push_angle) + ny * math.cos(push_angle)
    target = fig("t", cx, cy, r=r)
    out = push_back(target, (cx - ux * 30, cy - uy * 30), index)
    side0 = (cx - 200) * nx + (cy - 200) * ny
    side1 = (out.end[0] - 200) * nx + (out.end[1] - 200) * ny
    assert side0 < 0 and side1 < 0, "crossed the wall"
    assert shapely.distance(Point(out.end), wall) >= r - 1e-6
    assert out.touched_id == "wall"
    line = animate(out, index, fps=fps)
    assert line.last["t"].x == out.end[0] and line.last["t"].y == out.end[1]
    for frame in line.frames:
        p = frame["t"]
        assert shapely.distance(Point(p.x, p.y), wall) >= r - 1e-6


# --------------------------------------------------------------------------------------------
# Every physics rule of the spec is cited by a test here


def test_every_physics_tagged_rule_is_cited_by_a_physics_test() -> None:
    spec = shared_path() / "rules" / "one_for_all.md"
    if not spec.is_file():
        pytest.skip("the OFA spec is absent")
    heads = re.findall(r"^\*\*(OFA-[A-Z0-9]+\.\d+)\s+((?:\[[^\]]*\])+)",
                       spec.read_text(encoding="utf-8"), flags=re.M)
    ids = [ident for ident, tags in heads if "[physics]" in tags]
    assert {"OFA-5D.1", "OFA-5D.2", "OFA-MG.4", "OFA-7.1", "OFA-7.2"} <= set(ids)
    here = Path(__file__).parent
    text = "\n".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py"))
    cited = {m.replace("_", ".").replace("OFA.", "OFA-") for m in
             re.findall(r"OFA[-_][A-Z0-9]+[._]\d+", text)}
    missing = sorted(set(ids) - cited)
    assert not missing, f"physics rules not cited by a test: {missing}"
