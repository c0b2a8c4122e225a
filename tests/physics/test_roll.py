"""Rolled barrels (OFA-MG.4), their hit figure's push direction (OFA-5D.1) and the +1 of OFA-7.1."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate, translate
from shapely.geometry import Point, box

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import BOARD_EDGE, FIGURE, TERRAIN
from game.geometry.terrain import Solid, TerrainIndex
from game.physics import animate, barrel_disc, push_back, roll_barrel, roll_solid

R = 12.5
TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"


def fig(ident: str, x: float, y: float, z: float = 0.0) -> Base:
    return Base(ident, x, y, R, z, 40.0)


OPEN = TerrainIndex([], (-500, -500, 500, 500))


def test_OFA_MG_4_example_barrel_hits_the_guard_at_67_5() -> None:
    """Barrel r 20 at (0,0) along +x, Guard at (100,0) → contact at 67.5, attack on the Guard."""
    out = roll_barrel("barrel", (0, 0), 20.0, (1, 0), OPEN, [fig("guard", 100, 0)], height=30.0)
    assert out.distance == pytest.approx(67.5, abs=1e-12)
    assert out.end == pytest.approx((67.5, 0.0), abs=1e-12)
    assert out.hit_figure == "guard" and out.touched_kind == FIGURE
    assert "OFA-MG.4" in out.rule_ids


def test_OFA_MG_4_example_a_friend_first_stops_it_at_27_5() -> None:
    """Aramis at (60,0) is reached first: the barrel stops at 27.5 (the rules: nothing happens)."""
    figures = [fig("guard", 100, 0), fig("aramis", 60, 0)]
    out = roll_barrel("barrel", (0, 0), 20.0, (1, 0), OPEN, figures, height=30.0)
    assert out.distance == pytest.approx(27.5, abs=1e-12)
    assert out.hit_figure == "aramis"


def test_OFA_MG_4_terrain_and_board_edge_stop_it_harmlessly() -> None:
    wall = Solid("wall", box(200, -100, 210, 100), 0.0, 80.0)
    out = roll_barrel("barrel", (0, 0), 20.0, (1, 0), TerrainIndex([wall], (-500, -500, 500, 500)),
                      [], height=30.0)
    assert out.hit_figure is None and out.touched_kind == TERRAIN and out.touched_id == "wall"
    assert out.end == pytest.approx((180, 0))
    edge = roll_barrel("barrel", (0, 0), 20.0, (0, -1), OPEN, [], height=30.0)
    assert edge.touched_kind == BOARD_EDGE and edge.end == pytest.approx((0, -480))
    with pytest.raises(ValueError, match="meets nothing"):
        roll_barrel("barrel", (0, 0), 20.0, (1, 0), None, [], height=30.0)


def test_OFA_MG_4_the_barrel_ignores_its_own_solid_and_passes_under_a_balcony() -> None:
    barrel = Solid("b1", Point(0, 0).buffer(20, quad_segs=64), 0.0, 30.0, kind="barrel",
                   rollable=True)
    deck = Solid("balcony", box(50, -100, 150, 100), 55.0, 60.0, surface=True)
    index = TerrainIndex([barrel, deck], (-500, -500, 500, 500))
    out = roll_solid(barrel, (1, 0), index, [fig("high", 100, 0, z=60.0), fig("low", 300, 0)])
    assert out.hit_figure == "low"
    (cx, cy), r = barrel_disc(barrel)
    assert (cx, cy) == pytest.approx((0, 0), abs=1e-9) and r == pytest.approx(20, abs=0.02)
    with pytest.raises(ValueError, match="not rollable"):
        roll_solid(deck, (1, 0), index)


def test_OFA_MG_4_two_guards_reached_at_once_are_both_reported() -> None:
    figures = BaseArray.of([fig("g1", 100, 12.5), fig("g2", 100, -12.5)])
    out = roll_barrel("barrel", (0, 0), 10.0, (1, 0), OPEN, figures, height=30.0)
    assert {t.id for t in out.touches} == {"g1", "g2"}


def test_OFA_7_1_rolled_barrel_adds_one_hit_when_the_option_is_on() -> None:
    """A rolled barrel beats a Guard by 2 → 2 + 1 = 3 hits (the +1 is the barrel's size)."""
    guard = [fig("guard", 100, 0)]
    off = roll_barrel("barrel", (0, 0), 20.0, (1, 0), OPEN, guard, height=30.0)
    assert off.damage_bonus == 0
    on = roll_barrel("barrel", (0, 0), 20.0, (1, 0), OPEN, guard, height=30.0,
                     object_damage_bonus=True)
    assert on.damage_bonus == 1 and "OFA-7.1" in on.rule_ids
    assert 2 + on.damage_bonus == 3
    # no figure hit, no bonus
    miss = roll_barrel("barrel", (0, 0), 20.0, (0, 1), OPEN, guard, height=30.0,
                       object_damage_bonus=True)
    assert miss.hit_figure is None and miss.damage_bonus == 0


def test_OFA_5D_1_the_hit_figure_is_pushed_along_the_barrel_travel() -> None:
    """The rolled barrel's push-back direction is its travel direction, even off-centre."""
    guard = fig("guard", 100, 10)
    out = roll_barrel("barrel", (0, 0), 20.0, (1, 0), OPEN, [guard], height=30.0)
    assert out.hit_figure == "guard" and out.push_dir == (1.0, 0.0)
    push = push_back(guard, out.end, OPEN, direction=out.push_dir)
    assert push.direction == (1.0, 0.0)
    assert push.end == pytest.approx((500 - R, 10))
    # without it the centre line would be used (up and to the right)
    assert push_back(guard, out.end, OPEN).direction[1] > 0


def test_OFA_MG_4_tavern_barrel_rolls_across_the_yard_to_the_crates() -> None:
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    from game.board import load_board

    board = load_board(TAVERN)
    index = TerrainIndex.from_board(board)
    barrel = index.solids[index.index_of("42")]
    out = roll_solid(barrel, (-1, 0), index, [])
    assert out.touched_kind == TERRAIN and out.touched_id == "45"  # a crate
    crate_right = shapely.bounds(index.solids[index.index_of("45")].footprint)[2]
    assert out.end[0] == pytest.approx(crate_right + out.radius, abs=1e-6)
    assert roll_solid(barrel, (-1, 0), index, []) == out
    # a guard in the way is hit first
    guard = Base("Guard", 250.0, 352.0, R)
    hit = roll_solid(barrel, (-1, 0), index, [guard])
    assert hit.hit_figure == "Guard"


@settings(max_examples=150, deadline=None)
@given(
    thickness=st.sampled_from([0.1, 0.3, 2.0]),
    wall_angle=st.floats(0, 180),
    aim=st.floats(-1.2, 1.2),
    gap_before=st.floats(0.0, 200.0),
    radius=st.floats(5.0, 30.0),
    fps=st.sampled_from([4, 15, 60, 240]),
)
def test_property_OFA_MG_4_rolled_barrel_never_tunnels_a_thin_wall(thickness, wall_angle, aim,
                                                                   gap_before, radius, fps) -> None:
    a = math.radians(wall_angle)
    nx, ny = -math.sin(a), math.cos(a)
    wall = translate(rotate(box(-3000, -thickness / 2, 3000, thickness / 2), wall_angle,
                            origin=(0, 0)), 0, 0)
    index = TerrainIndex([Solid("wall", wall, 0.0, 60.0)], (-2000, -2000, 2000, 2000))
    d = thickness / 2 + radius + gap_before + 1e-3
    cx, cy = -nx * d, -ny * d
    ux = nx * math.cos(aim) - ny * math.sin(aim)
    uy = nx * math.sin(aim) + ny * math.cos(aim)
    out = roll_barrel("barrel", (cx, cy), radius, (ux, uy), index, [], height=30.0)
    assert out.touched_id == "wall"
    assert out.end[0] * nx + out.end[1] * ny < 0
    assert shapely.distance(Point(out.end), wall) >= radius - 1e-6
    line = animate(out, index, fps=fps)
    last = line.last["barrel"]
    assert (last.x, last.y) == out.end
    assert last.angle == pytest.approx(out.distance / radius)
    for frame in line.frames:
        p = frame["barrel"]
        assert shapely.distance(Point(p.x, p.y), wall) >= radius - 1e-6
