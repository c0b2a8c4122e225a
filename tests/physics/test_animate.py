"""The Space (convex pieces of concave terrain) and the animation of decided outcomes: 60 FPS
timelines that end exactly at the decided end (OFA-5D.1 pushes, OFA-MG.4 rolls, OFA-MG.5 throws,
OFA-7.2 leaps), and their headless drawing."""

from __future__ import annotations

import math
from pathlib import Path

import pymunk
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base
from game.geometry.terrain import Solid, TerrainIndex
from game.physics import (
    animate,
    build_space,
    convex_pieces,
    jump,
    push_back,
    roll_barrel,
    space_for,
    swing,
    sync_bases,
    throw_object,
)
from game.physics.space import pieces_geometry

R = 12.5
TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"


def fig(ident: str, x: float, y: float, z: float = 0.0) -> Base:
    return Base(ident, x, y, R, z, 40.0)


def room() -> TerrainIndex:
    u_wall = Polygon([(0, 0), (300, 0), (300, 300), (0, 300), (0, 290), (290, 290), (290, 10),
                      (0, 10)])  # a concave U of walls
    deck = Solid("balcony", box(100, 100, 200, 200), 55.0, 60.0, surface=True)
    return TerrainIndex([Solid("wall", u_wall, 0.0, 90.0, kind="wall"), deck], (-50, -50, 400, 400))


# --------------------------------------------------------------------------------------------
# The Space


def test_concave_terrain_is_cut_into_convex_pieces_that_cover_it_exactly() -> None:
    index = room()
    pieces = convex_pieces(index.solids[0].footprint)
    assert len(pieces) >= 3
    for verts in pieces:
        p = Polygon(verts)
        assert p.convex_hull.area == pytest.approx(p.area, rel=1e-9)
    union = shapely.union_all([Polygon(v) for v in pieces])
    assert union.symmetric_difference(index.solids[0].footprint).area == pytest.approx(0, abs=1e-6)
    # a polygon with a hole (a courtyard) too
    ring = box(0, 0, 100, 100).difference(box(30, 30, 70, 70))
    union = shapely.union_all([Polygon(v) for v in convex_pieces(ring)])
    assert union.symmetric_difference(ring).area == pytest.approx(0, abs=1e-6)


def test_build_space_static_pieces_board_edge_and_bases() -> None:
    index = room()
    space = build_space(index, [fig("athos", 150, 50)])
    assert isinstance(space, pymunk.Space)
    geom = pieces_geometry(space, "wall")
    assert geom.symmetric_difference(index.solids[0].footprint).area == pytest.approx(0, abs=1e-6)
    # a point in the U's mouth is free in pymunk, where the convex hull would have covered it
    assert not [q for q in space.point_query((150, 150), 0, pymunk.ShapeFilter())
                if getattr(q.shape, "solid_id", None) == "wall"]
    edges = {getattr(s, "solid_id", None) for s in space.shapes}
    assert {"x_min", "x_max", "y_min", "y_max"} <= edges
    assert set(space.tabletop_bases) == {"athos"}
    sync_bases(space, [fig("athos", 160, 60), fig("porthos", 120, 60)])
    assert tuple(space.tabletop_bases["athos"].position) == (160, 60)
    assert set(space.tabletop_bases) == {"athos", "porthos"}
    assert space_for(index) is space_for(index)


def test_tavern_space_builds_and_covers_every_footprint() -> None:
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    from game.board import load_board

    index = TerrainIndex.from_board(load_board(TAVERN))
    space = build_space(index)
    for solid in index.solids:
        if solid.flat:
            continue
        diff = pieces_geometry(space, solid.id).symmetric_difference(solid.footprint).area
        assert diff == pytest.approx(0, abs=1e-6), solid.id


# --------------------------------------------------------------------------------------------
# Timelines


def test_OFA_5D_1_push_timeline_60_fps_ends_exactly_and_eases_out() -> None:
    index = TerrainIndex([Solid("wall", box(200, 0, 210, 300), 0, 80)], (0, 0, 400, 300))
    out = push_back(fig("g", 100, 100), (80, 100), index)
    line = animate(out, index)
    assert line.fps == 60 and len(line) >= 10 and line.label == "push"
    assert line.frame(0)["g"][:2] == out.start
    last = line.last["g"]
    assert (last.x, last.y, last.z) == (out.end[0], out.end[1], out.z_end)
    steps = [line.frames[k + 1]["g"].x - line.frames[k]["g"].x for k in range(len(line) - 1)]
    assert all(s >= -1e-9 for s in steps) and steps[0] > steps[-1]  # slows down
    assert line.arrow is not None and line.arrow.direction == out.direction
    assert line.duration == pytest.approx((len(line) - 1) / 60)
    # same inputs, same frames
    assert animate(out, index).frames == line.frames


def test_OFA_5D_2_blocked_push_holds_still() -> None:
    index = TerrainIndex([Solid("wall", box(113, 0, 120, 300), 0, 80)], (0, 0, 400, 300))
    out = push_back(fig("g", 100, 100), (80, 100), index)
    assert out.blocked
    line = animate(out, index)
    assert all(f["g"][:2] == (100, 100) for f in line.frames)
    assert line.arrow.blocked


def test_OFA_7_1_fall_off_a_ledge_drops_with_a_shadow() -> None:
    index = room()
    out = push_back(fig("g", 150, 180, z=60.0), (150, 150), index)
    assert out.fell and out.drop == 60.0
    line = animate(out, index)
    zs = [f["g"].z for f in line.frames]
    assert zs[0] == 60.0 and zs[-1] == 0.0 and min(zs) == 0.0
    assert any("g" in line.shadow(k) for k in range(len(line)))
    assert line.last["g"][:2] == out.end


def test_OFA_MG_4_barrel_rolls_and_turns() -> None:
    index = TerrainIndex([], (-500, -500, 500, 500))
    out = roll_barrel("barrel", (0, 0), 20.0, (1, 0), index, [fig("guard", 100, 0)], height=30)
    line = animate(out, index)
    assert line.last["barrel"] == (67.5, 0.0, 0.0, 67.5 / 20.0)
    angles = [f["barrel"].angle for f in line.frames]
    assert angles == sorted(angles) and angles[0] == 0.0
    assert line.bodies["barrel"].kind == "barrel"


def test_OFA_MG_5_thrown_object_flies_in_an_arc_with_a_shadow_and_lands() -> None:
    index = TerrainIndex([], (-500, -500, 500, 500))
    out = throw_object(fig("t", 0, 0), fig("g", 200, 0), None, index)
    line = animate(out, index)
    oid = "t:thrown"
    track = [f[oid] for f in line.frames]
    assert track[0][:3] == (0.0, 0.0, 30.0)
    assert max(p.z for p in track) > max(out.start_z, out.impact_z)  # an arc
    assert line.last[oid][:3] == (187.5, 0.0, 0.0)
    mid = len(line) // 3
    assert oid in line.shadow(mid) and line.shadow(mid)[oid][2] == 0.0
    # drawn raised by the hump of the arc, flush with the board at both ends
    assert line.lift(mid, oid) > 0.0 and line.lift(0, oid) == 0.0 and line.lift(-1, oid) == 0.0
    # a blocked throw animates nothing but its arrow
    blocked = throw_object(fig("t", 0, 0), fig("g", 200, 0), None, index, [fig("b", 100, 0)])
    empty = animate(blocked, index)
    assert not empty.bodies and len(empty) >= 2


def test_OFA_7_2_leaps_animate_to_their_decided_end() -> None:
    chandelier = Solid("ch", Point(100, 100).buffer(20), 55.0, 63.0, swingable=True)
    index = TerrainIndex([chandelier], (0, 0, 400, 300))
    out = swing(fig("d", 100, 100), chandelier, (1, 0), index, [fig("r", 190, 100)])
    line = animate(out, index)
    assert line.last["d"] == (out.end[0], out.end[1], out.z_end, 0.0)
    assert max(f["d"].z for f in line.frames) > 0  # up on the chandelier
    deck = Solid("t", box(0, 0, 100, 100), 0.0, 25.0, surface=True)
    hop = jump(fig("a", 100 - R, 50, z=25.0), (100 + R + 20, 50), TerrainIndex([deck]))
    line = animate(hop, None)
    assert line.last["a"] == (hop.end[0], hop.end[1], 0.0, 0.0)
    assert max(f["a"].z for f in line.frames) > 25.0


def test_timelines_chain_and_fps() -> None:
    index = TerrainIndex([], (-500, -500, 500, 500))
    throw = throw_object(fig("t", 0, 0), fig("g", 200, 0), None, index)
    push = push_back(fig("g", 200, 0), throw.push_source, index)
    both = animate([throw, push], index)
    one, two = animate(throw, index), animate(push, index)
    assert len(both) == len(one) + len(two) - 1
    assert both.frame(0)["g"][:2] == (200, 0)  # the guard waits for the mug
    assert both.last["g"][:2] == push.end and both.last["t:thrown"] == one.last["t:thrown"]
    assert both.arrow_at(0) == one.arrow and both.arrow_at(-1) == two.arrow
    slow = animate(push, index, fps=30)
    assert slow.fps == 30 and len(slow) < len(two) and slow.last == two.last
    with pytest.raises(ValueError):
        animate(push, index, fps=0)
    with pytest.raises(ValueError):
        animate([], index)


@settings(max_examples=60, deadline=None)
@given(x=st.floats(30, 260), y=st.floats(30, 260), sx=st.floats(-50, 350), sy=st.floats(-50, 350),
       fps=st.sampled_from([10, 60, 144]))
def test_property_OFA_5D_1_animation_ends_at_the_decision_and_stays_out_of_walls(x, y, sx, sy,
                                                                                 fps) -> None:
    index = room()
    walls = index.solids[0].footprint
    target = fig("g", x, y)
    if shapely.distance(Point(x, y), walls) < R or math.hypot(x - sx, y - sy) < 1e-6:
        return
    out = push_back(target, (sx, sy), index)
    line = animate(out, index, fps=fps)
    last = line.last["g"]
    assert (last.x, last.y, last.z) == (out.end[0], out.end[1], out.z_end)
    for frame in line.frames:
        p = frame["g"]
        assert shapely.distance(Point(p.x, p.y), walls) >= R - 1e-6


# --------------------------------------------------------------------------------------------
# Drawing (game/ui/animation.py), headless


def test_headless_render_of_a_mid_animation_frame(tmp_path: Path) -> None:
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    import pygame

    from game.board import load_board
    from game.ui.animation import AnimationPlayer, render_animation_frame
    from game.ui.figures import figures_from_spawns

    board = load_board(TAVERN)
    index = TerrainIndex.from_board(board)
    figures = figures_from_spawns(board)
    bases = [Base(f.name, f.x, f.y, f.radius) for f in figures]
    by = {b.id: b for b in bases}
    throw = throw_object(by["Guard 1"], by["Guard 2"], None, index, bases)
    push = push_back(by["Guard 2"], throw.push_source, index, bases)
    line = animate([throw, push], index)
    k = len(line) // 4
    surface = render_animation_frame(board, line, k, (640, 400))
    path = tmp_path / "frame.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 1000
    first = render_animation_frame(board, line, 0, (640, 400))
    later = render_animation_frame(board, line, len(line) - 1, (640, 400))
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(later, "RGB")

    player = AnimationPlayer(line)
    assert player.hidden_ids == {"Guard 2", "Guard 1:thrown"}
    assert player.tick() and player.k == 1
    assert not player.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert player.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    assert player.done and player.k == len(line) - 1 and not player.tick()
    assert not player.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
