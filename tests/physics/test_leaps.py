"""Jumps (OFA-MG.1, OFA-MG.2, OFA-AMB-14), grabbing and swinging on a chandelier, sliding down a
banister or along a wet table (OFA-GM.3), stairs, and Momentum (OFA-7.2, OFA-4A.4, OFA-AMB-19)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Point, box

from game.geometry.bases import Base
from game.geometry.contact import in_contact
from game.geometry.sweep import FIGURE, SURFACE_EDGE
from game.geometry.terrain import Solid, TerrainIndex
from game.physics import can_reach, grab, jump, lying_obstacle, slide, stairs, swing

R = 12.5
H = 40.0
TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"


def fig(ident: str, x: float, y: float, z: float = 0.0) -> Base:
    return Base(ident, x, y, R, z, H)


def tables(gap: float) -> TerrainIndex:
    t1 = Solid("t1", box(0, 0, 100, 60), 0.0, 25.0, surface=True, kind="table")
    t2 = Solid("t2", box(100 + gap, 0, 200 + gap, 60), 0.0, 25.0, surface=True, kind="table")
    return TerrainIndex([t1, t2], (-300, -300, 600, 600))


def tavern() -> TerrainIndex:
    if not TAVERN.is_file():
        pytest.skip("maps/tavern.tmx is absent")
    from game.board import load_board

    return TerrainIndex.from_board(load_board(TAVERN))


# --------------------------------------------------------------------------------------------
# OFA-MG.1 down / across / over


def test_OFA_MG_1_table_to_table_gap_35_legal_45_illegal() -> None:
    """The base footprints are 35 apart: legal (35 ≤ H); 45: illegal."""
    athos = fig("athos", 100 - R, 30, z=25.0)
    ok = jump(athos, (135 + R, 30), tables(35), kind="across")
    assert ok.legal and ok.gap == pytest.approx(35) and ok.z_end == 25.0
    assert ok.rule_id == "OFA-MG.1" and "OFA-AMB-14" in ok.rule_ids
    bad = jump(athos, (145 + R, 30), tables(45), kind="across")
    assert not bad.legal and bad.gap == pytest.approx(45) and "OFA-MG.1" in bad.reason
    assert bad.end == bad.start and bad.z_end == 25.0


def test_OFA_MG_1_balcony_drop_38_legal_50_illegal() -> None:
    for top, legal in ((38.0, True), (50.0, False)):
        deck = Solid("balcony", box(0, 0, 100, 100), top - 5, top, surface=True)
        index = TerrainIndex([deck], (-300, -300, 600, 600))
        out = jump(fig("a", 100 - R, 50, z=top), (100 + R, 50), index, kind="down")
        assert out.legal is legal and out.drop == top and out.gap == 0.0
        assert out.z_end == (0.0 if legal else top)
        if not legal:
            assert "drop" in out.reason and out.rule_id == "OFA-MG.1"


def test_OFA_MG_1_leap_over_a_table_35_deep_legal_45_not() -> None:
    for depth, legal in ((35.0, True), (45.0, False)):
        table = Solid("table", box(0, 0, depth, 100), 0.0, 25.0, surface=True, kind="table")
        index = TerrainIndex([table], (-300, -300, 600, 600))
        out = jump(fig("a", -R, 50), (depth + R, 50), index, kind="over", over=table)
        assert out.legal is legal and out.gap == pytest.approx(depth)
        assert out.momentum is False  # from the floor (OFA-7.2)
    # the landing must be beyond the object
    table = Solid("table", box(0, 0, 35, 100), 0.0, 25.0, surface=True)
    index = TerrainIndex([table], (-300, -300, 600, 600))
    assert not jump(fig("a", -R, 50), (30, 50), index, kind="over", over=table).legal
    with pytest.raises(ValueError):
        jump(fig("a", -R, 50), (60, 50), index, kind="over")
    with pytest.raises(ValueError):
        jump(fig("a", -R, 50), (60, 50), index, kind="sideways")


def test_OFA_5_3_a_lying_figure_can_be_leapt_over() -> None:
    """The OFA-5.3 obstacle is 25 mm deep across and 40 mm along its axis: both ≤ H."""
    body = lying_obstacle(fig("guard", 100, 100), (75, 100))
    index = TerrainIndex([body], (-300, -300, 600, 600))
    across = jump(fig("a", 107.5, 87.5 - R), (107.5, 112.5 + R), index, kind="over", over=body)
    assert across.legal and across.gap == pytest.approx(25)
    along = jump(fig("a", 87.5 - R, 100), (127.5 + R, 100), index, kind="over", over=body)
    assert along.legal and along.gap == pytest.approx(40)


def test_OFA_MG_1_landing_spot_must_be_free() -> None:
    index = tables(35)
    athos = fig("athos", 100 - R, 30, z=25.0)
    rochefort = fig("rochefort", 135 + R, 30, z=25.0)
    out = jump(athos, (135 + R, 30), index, kind="across", others=[athos, rochefort])
    assert not out.legal and "rochefort" in out.reason


# --------------------------------------------------------------------------------------------
# OFA-MG.2 up and reach


def test_OFA_MG_2_onto_an_18_mm_bench_legal_25_mm_table_illegal() -> None:
    bench = Solid("bench", box(0, 70, 100, 100), 0.0, 18.0, surface=True, kind="bench")
    table = Solid("table", box(0, 100, 100, 160), 0.0, 25.0, surface=True, kind="table")
    index = TerrainIndex([bench, table], (-300, -300, 600, 600))
    up = jump(fig("a", 50, 70 - R), (50, 85), index, kind="up")
    assert up.legal and up.rise == 18.0 and up.z_end == 18.0 and up.rule_id == "OFA-MG.2"
    assert not up.momentum  # leaping from the floor onto an object: no Momentum (OFA-7.2)
    high = jump(fig("a", 100 + R, 130), (85, 130), index, kind="up")
    assert not high.legal and high.rise == 25.0 and "OFA-MG.2" in high.reason
    # go via the bench: bench (18) to table (25) is a 7 mm rise
    via = jump(fig("a", 50, 85, z=18.0), (50, 100 + R), index, kind="up")
    assert via.legal and via.z_end == 25.0 and via.momentum  # leapt from an object


def test_OFA_MG_2_chandelier_55_is_reachable_65_is_not() -> None:
    """Reach = H + H/2 = 60: a chandelier hanging at 55 is in reach from the floor."""
    for bottom, ok in ((55.0, True), (60.0, True), (65.0, False)):
        chandelier = Solid("ch", Point(0, 0).buffer(20), bottom, bottom + 8, swingable=True,
                           kind="chandelier")
        assert can_reach(fig("a", 0, 0), chandelier)[0] is ok
        out = grab(fig("a", 0, 0), chandelier)
        assert out.legal is ok and out.rule_id == "OFA-MG.2"
    # from a 25 mm table a 70 mm chandelier is in reach; from afar it is not
    chandelier = Solid("ch", Point(0, 0).buffer(20), 70.0, 78.0, swingable=True)
    assert can_reach(fig("a", 0, 0, z=25.0), chandelier)[0]
    far, why = can_reach(fig("a", 100, 0, z=25.0), chandelier)
    assert not far and "stand under it" in why
    assert not can_reach(fig("a", 0, 0), Solid("x", Point(0, 0).buffer(5), 50, 55))[0]


def test_OFA_MG_2_tavern_chandelier_hangs_within_reach_from_the_floor() -> None:
    """The tavern's chandelier hung at 70 mm with no surface under it: no figure could ever grab
    it (``tabletop validate`` said so). It hangs at 55 mm now: in reach from the floor under it,
    not from beside it."""
    index = tavern()
    chandelier = index.solids[index.index_of("23")]
    assert chandelier.swingable and chandelier.bottom == 55.0
    assert grab(fig("dartagnan", 214.3, 198.4), chandelier).legal  # under it
    c = chandelier.footprint.centroid
    assert not grab(fig("dartagnan", c.x + 100, c.y), chandelier).legal  # 10 cm aside
    assert grab(fig("dartagnan", 214.3, 198.4, z=12.0), chandelier).legal


# --------------------------------------------------------------------------------------------
# OFA-7.2 Momentum: swings, slides, leaps from an object


def chandelier_room() -> tuple[TerrainIndex, Solid]:
    chandelier = Solid("ch", Point(100, 100).buffer(20, quad_segs=32), 55.0, 63.0,
                       swingable=True, kind="chandelier")
    bench = Solid("bench", box(140, 80, 170, 120), 0.0, 12.0, surface=True, kind="bench")
    wall = Solid("wall", box(400, 0, 410, 300), 0.0, 90.0, kind="wall")
    return TerrainIndex([chandelier, bench, wall], (0, 0, 500, 300)), chandelier


def test_OFA_7_2_swing_lands_touching_rochefort_with_momentum_OFA_4A_4() -> None:
    """D'Artagnan grabs (action 1), swings (action 2) and lands touching Rochefort: +1 die."""
    index, chandelier = chandelier_room()
    dart = fig("dartagnan", 100, 100)
    rochefort = fig("rochefort", 190, 100)
    assert grab(dart, chandelier).legal
    out = swing(dart, chandelier, (1, 0), index, [dart, rochefort])
    assert out.legal and out.momentum
    assert out.touched_kind == FIGURE and out.touched_id == "rochefort"
    assert out.end == pytest.approx((165, 100))
    # the swing passes over the low bench (under its feet: they hang at 55 − 40 = 15 mm) and
    # drops onto it, beside Rochefort
    assert out.z_end == 12.0
    assert in_contact(fig("d", *out.end, z=out.z_end), rochefort)
    assert "OFA-7.2" in out.rule_ids and "OFA-4A.4" in out.rule_ids


def test_OFA_7_2_swing_without_anyone_lands_a_figure_height_beyond_the_rim() -> None:
    index, chandelier = chandelier_room()
    out = swing(fig("d", 100, 100), chandelier, (0, 1), index, [])
    # pivot (100,100), rim 20 ahead, then r + H = 52.5 beyond
    assert out.end == pytest.approx((100, 100 + 20 + R + H), abs=0.05)
    assert out.momentum and out.touched_kind is None
    # a landing spot across the bench's edge: it lands on the bench or short of it, clear
    onto = swing(fig("d", 100, 100), chandelier, (1, 0), index, [])
    assert onto.legal and onto.z_end in (0.0, 12.0)
    # out of reach: no swing, no Momentum
    far = swing(fig("d", 300, 100), chandelier, (1, 0), index, [])
    assert not far.legal and not far.momentum and far.end == far.start


def test_OFA_GM_3_slide_along_the_wet_table_into_the_guard() -> None:
    """Kicked jug, wine on the table (slidable), slide to the far end touching the guard."""
    wet = Solid("table", box(0, 0, 200, 60), 0.0, 25.0, surface=True, slidable=True, kind="table")
    index = TerrainIndex([wet], (-100, -100, 400, 400))
    hero = fig("hero", 20, 30, z=25.0)
    guard = fig("guard", 215, 30)  # on the floor at the far end: Δz 25 ≤ H, contact holds
    out = slide(hero, wet, index, [hero, guard])
    assert out.legal and out.momentum and out.z_end == 25.0
    assert out.touched_kind == FIGURE and out.touched_id == "guard"
    assert out.end == pytest.approx((215 - 2 * R, 30))
    assert in_contact(fig("h", *out.end, z=25.0), guard)
    # no guard: to the table's far edge
    alone = slide(hero, wet, index, [])
    assert alone.touched_kind == SURFACE_EDGE and alone.end == pytest.approx((200, 30))
    # a dry table cannot be slid along
    dry = Solid("table", box(0, 0, 200, 60), 0.0, 25.0, surface=True, kind="table")
    assert not slide(hero, dry, TerrainIndex([dry]), []).legal


def test_OFA_7_2_tavern_banister_slide_from_the_balcony() -> None:
    index = tavern()
    banister = index.solids[index.index_of("33")]
    top = fig("aramis", 394.5, 63.0, z=60.0)
    out = slide(top, banister, index, [])
    assert out.legal and out.momentum and out.z_end == 0.0 and out.drop == 60.0
    bottom_y = banister.footprint.bounds[3]
    assert out.end[1] == pytest.approx(bottom_y + R, abs=1e-6)
    # a guard at the foot of the stairs is reached first
    guard = fig("guard", 394.5, 190.0)
    hit = slide(top, banister, index, [guard])
    assert hit.touched_id == "guard" and hit.end[1] == pytest.approx(190.0 - 2 * R, abs=1e-6)
    # sliding up is not allowed; not touching it neither
    foot = fig("aramis", 394.5, bottom_y + R)
    assert not slide(foot, banister, index, []).legal
    assert not slide(fig("x", 300, 300), banister, index, []).legal


def test_OFA_7_2_jump_from_an_object_sets_momentum_from_the_floor_does_not_OFA_AMB_19() -> None:
    athos = fig("athos", 100 - R, 30, z=25.0)
    assert jump(athos, (135 + R, 30), tables(35), kind="across").momentum
    down = jump(athos, (100 + R, 80), tables(35), kind="down")
    assert down.legal and down.momentum and down.z_end == 0.0
    bench = Solid("bench", box(0, 0, 100, 30), 0.0, 18.0, surface=True, kind="bench")
    floor = jump(fig("a", -R, 15), (R, 15), TerrainIndex([bench]), kind="up")
    assert floor.legal and floor.z_end == 18.0 and not floor.momentum


# --------------------------------------------------------------------------------------------
# Stairs


def test_tavern_stairs_up_and_down_within_the_jump_limits() -> None:
    index = tavern()
    up = stairs(fig("a", 422, 222), (422, 85), index, [])
    assert up.legal and up.z_end == 56.0 and not up.momentum
    assert [p[2] for p in up.path] == [0, 8, 16, 24, 32, 40, 48, 56, 56]
    down = stairs(fig("a", 422, 85, z=56.0), (422, 222), index, [])
    assert down.legal and down.z_end == 0.0
    # a figure on the stairs stops the run in contact
    blocked = stairs(fig("a", 422, 222), (422, 85), index, [fig("g", 422, 140, z=32.0)])
    assert blocked.touched_id == "g" and blocked.end[1] == pytest.approx(165.0)
    assert blocked.z_end == 24.0


def test_OFA_MG_2_steps_higher_than_half_the_height_are_not_stairs() -> None:
    low = Solid("s1", box(0, 0, 50, 100), 0.0, 15.0, surface=True)
    high = Solid("s2", box(50, 0, 100, 100), 0.0, 40.0, surface=True)
    index = TerrainIndex([low, high], (-200, -200, 400, 400))
    out = stairs(fig("a", 25, 50, z=15.0), (80, 50), index, [])
    assert not out.legal and "OFA-MG.2" in out.reason
