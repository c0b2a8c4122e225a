"""Thrown objects: lifting (OFA-MG.3), the line of throw (OFA-MG.5, OFA-AMB-15), the landing
point, the push-back source (OFA-5D.1) and the heavy-object bonus (OFA-7.1, OFA-AMB-18)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Point, box

from game.geometry.bases import Base
from game.geometry.terrain import Solid, TerrainIndex
from game.physics import liftable, object_bonus, push_back, size_class, throw_object

R = 12.5
TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"


def fig(ident: str, x: float, y: float, z: float = 0.0) -> Base:
    return Base(ident, x, y, R, z, 40.0)


CHAIR = Solid("chair", box(0, 0, 20, 20), 0.0, 22.0, kind="chair", liftable=True)
BARREL = Solid("barrel", Point(0, 0).buffer(20, quad_segs=32), 0.0, 30.0, kind="barrel",
               rollable=True)
PLATE = Solid("plate", Point(0, 0).buffer(5.5), 25.0, 27.0, kind="plate", flat=True, liftable=True)


# --------------------------------------------------------------------------------------------
# OFA-MG.3 lifting


def test_OFA_MG_3_chair_is_liftable_barrel_is_not() -> None:
    """A 20×20×22 chair → liftable (medium); a barrel 40 across → not liftable, but rollable."""
    assert size_class(CHAIR) == "medium" and liftable(CHAIR)
    assert size_class(BARREL) == "large" and not liftable(BARREL)
    assert size_class(PLATE) == "small" and liftable(PLATE)
    assert size_class(None) == "small"  # a banana in hand
    for kind in ("table", "bench"):
        assert not liftable(Solid(kind, box(0, 0, 80, 40), 0.0, 25.0, kind=kind))
    assert size_class(Solid("c", box(0, 0, 100, 60), 0, 30, kind="cart")) == "very_large"


def test_OFA_MG_3_geometric_fallback_0_6_H() -> None:
    """Unknown kinds: longest side ≤ 0.6·H (24) and height ≤ 0.6·H → liftable."""
    assert liftable(Solid("x", box(0, 0, 24, 10), 0.0, 24.0))
    assert not liftable(Solid("x", box(0, 0, 25, 10), 0.0, 20.0))
    assert not liftable(Solid("x", box(0, 0, 20, 10), 0.0, 25.0))
    assert size_class(Solid("x", box(0, 0, 10, 10), 0.0, 10.0)) == "small"
    # the map's liftable flag: small or medium by size
    crate = Solid("crate", box(0, 0, 20.6, 20.6), 0.0, 22.0, kind="crate", liftable=True)
    assert size_class(crate) == "medium"
    # a bigger figure lifts bigger things
    assert liftable(Solid("x", box(0, 0, 30, 10), 0.0, 20.0), figure_height=60.0)


def test_OFA_MG_3_a_barrel_cannot_be_thrown_roll_it_OFA_MG_4() -> None:
    out = throw_object(fig("porthos", 0, 0), fig("guard", 100, 0), BARREL, None)
    assert not out.legal and "OFA-MG.3" in out.reason and "OFA-MG.4" in out.reason
    assert out.hit_id is None and out.landing is None


# --------------------------------------------------------------------------------------------
# OFA-MG.5 line of throw


def test_OFA_MG_5_examples_TV_E12() -> None:
    """Bystander at y=8 → blocked; 14 → roll-off; 16 → clear; thrower 18 mm up → clear."""
    thrower, target = fig("thrower", 0, 0), fig("target", 200, 0)
    blocked = throw_object(thrower, target, CHAIR, None, [fig("b", 100, 8)])
    assert not blocked.legal and not blocked.clear
    assert [b.id for b in blocked.blockers] == ["b"]
    assert blocked.blockers[0].clearance == pytest.approx(-4.5)
    assert "OFA-MG.5" in blocked.reason
    doubt = throw_object(thrower, target, CHAIR, None, [fig("b", 100, 14)])
    assert doubt.legal and not doubt.clear and doubt.needs_rolloff
    assert [b.id for b in doubt.doubt] == ["b"] and doubt.doubt[0].clearance == pytest.approx(1.5)
    clear = throw_object(thrower, target, CHAIR, None, [fig("b", 100, 16)])
    assert clear.legal and clear.clear and not clear.needs_rolloff and clear.hit_id == "target"
    raised = throw_object(fig("thrower", 0, 0, z=18.0), target, CHAIR, None, [fig("b", 100, 8)])
    assert raised.clear and raised.legal
    assert "OFA-AMB-15" in clear.rule_ids


def test_OFA_MG_5_thrower_and_target_never_block_and_the_object_in_hand_neither() -> None:
    thrower, target = fig("thrower", 0, 0), fig("target", 200, 0)
    jug = Solid("jug", Point(10, 0).buffer(3), 0.0, 50.0, kind="jug", liftable=True)
    index = TerrainIndex([jug])
    out = throw_object(thrower, target, jug, index, [thrower, target])
    assert out.clear and out.object_id == "jug"


def test_OFA_MG_5_tall_terrain_blocks_the_line() -> None:
    wall = Solid("wall", box(90, -50, 100, 50), 0.0, 80.0, kind="wall")
    out = throw_object(fig("t", 0, 0), fig("g", 200, 0), PLATE, TerrainIndex([wall]))
    assert not out.legal and out.blockers[0].id == "wall"


def test_OFA_MG_5_landing_at_the_target_edge_facing_the_thrower() -> None:
    out = throw_object(fig("t", 0, 0), fig("g", 200, 0, z=25.0), PLATE, None)
    assert out.impact == pytest.approx((187.5, 0.0)) and out.landing == out.impact
    assert out.landing_z == 25.0
    assert out.start_z == pytest.approx(30.0)  # 0.75 H
    assert out.impact_z == pytest.approx(45.0)  # half way up the target
    diag = throw_object(fig("t", 0, 0), fig("g", 30, 40), None, None)
    assert diag.landing == pytest.approx((30 - 7.5, 40 - 10))
    with pytest.raises(ValueError):
        throw_object(fig("t", 0, 0), fig("g", 0, 0), None, None)


def test_OFA_5D_1_thrown_object_pushes_away_from_the_thrower() -> None:
    """The push-back source of a thrown object is the thrower's position at release."""
    index = TerrainIndex([], (0, 0, 500, 500))
    out = throw_object(fig("t", 100, 100), fig("g", 200, 100), PLATE, index)
    assert out.push_source == (100, 100)
    push = push_back(fig("g", 200, 100), out.push_source, index)
    assert push.direction == pytest.approx((1, 0)) and push.end == pytest.approx((500 - R, 100))


# --------------------------------------------------------------------------------------------
# OFA-7.1 heavy objects


def test_OFA_7_1_object_bonus_by_size_OFA_AMB_18() -> None:
    assert object_bonus("small") == 0
    assert object_bonus("medium") == 1  # "a liftable object of chair size"
    assert object_bonus("large") == 1
    assert object_bonus("very_large") == 2
    with pytest.raises(ValueError):
        object_bonus("huge")


def test_OFA_7_1_thrown_chair_adds_a_hit_only_when_the_option_is_on() -> None:
    thrower, target = fig("t", 0, 0), fig("g", 100, 0)
    assert throw_object(thrower, target, CHAIR, None).damage_bonus == 0
    on = throw_object(thrower, target, CHAIR, None, object_damage_bonus=True)
    assert on.damage_bonus == 1 and "OFA-7.1" in on.rule_ids
    assert throw_object(thrower, target, PLATE, None, object_damage_bonus=True).damage_bonus == 0


# --------------------------------------------------------------------------------------------
# The tavern


def tavern():
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    from game.board import load_board

    board = load_board(TAVERN)
    return board, TerrainIndex.from_board(board)


def test_OFA_MG_5_tavern_wall_blocks_a_throw_from_the_yard_and_the_door_does_not() -> None:
    board, index = tavern()
    mug = index.solids[index.index_of("47")]
    assert size_class(mug) == "small"
    # the tavern's south wall runs along y = 330 mm, with the door between x = 178 and 254 mm
    yard, inside = Base("Porthos", 120.0, 500.0, R), Base("Guard 2", 120.0, 200.0, R)
    bases = [yard, inside]
    out = throw_object(yard, inside, mug, index, bases)
    assert not out.legal and out.blockers[0].kind == "terrain" and out.blockers[0].id == "1"
    # through the door: from the doorway straight up to the guard
    thrower, g2 = Base("Athos", 215.0, 400.0, R), Base("Guard 2", 215.0, 200.0, R)
    aimed = throw_object(thrower, g2, mug, index, [thrower, g2])
    assert aimed.legal and aimed.hit_id == "Guard 2"
    assert aimed == throw_object(thrower, g2, mug, index, [thrower, g2])
