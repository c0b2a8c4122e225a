"""Contact (OFA-0.3, HD-0-5), heights (OFA-4A.1, HD-MELEE-18/19), support (OFA-4A.2,
HD-MELEE-23), several targets (OFA-MG.6) and the line of throw (OFA-MG.5)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from game.geometry.bases import Base, BaseArray
from game.geometry.contact import (
    SolidContact,
    ThrowBlocker,
    attack_from_above,
    base_width,
    chain_targets_ok,
    contact_pairs,
    elevated,
    eligible_targets,
    friends_in_contact,
    gap,
    gap_matrix,
    head_below_base,
    in_contact,
    in_contact_with,
    line_of_throw_blockers,
    solid_contact,
    touching_solids,
)
from game.geometry.terrain import Solid, TerrainIndex

R = 12.5


def fig(ident: str, x: float, y: float, r: float = R, z: float = 0.0, h: float = 40.0) -> Base:
    return Base(ident, x, y, r, z, h)


# --------------------------------------------------------------------------------------------
# OFA-0.3 contact


def test_OFA_0_3_examples() -> None:
    athos, guard = fig("athos", 0, 0), fig("guard", 25, 0)
    assert gap(athos, guard) == 0.0
    assert in_contact(athos, guard)
    on_table = fig("athos", 0, 0, z=18)
    assert in_contact(on_table, guard)  # Δz 18 ≤ 40
    balcony = fig("athos", 0, 0, z=60)
    assert not in_contact(balcony, guard)  # Δz 60 > 40


def test_OFA_0_3_gap_and_eps_contact() -> None:
    a = fig("a", 0, 0)
    assert gap(a, fig("b", 26, 0)) == pytest.approx(1.0)
    assert in_contact(a, fig("b", 26, 0))  # gap 1 ≤ eps_contact 1
    assert not in_contact(a, fig("b", 26.01, 0))
    assert not in_contact(a, fig("b", 25.5, 0), eps_contact=0.25)
    assert gap(a, fig("b", 10, 0)) == 0.0  # overlapping
    # the taller model's height decides
    assert in_contact(fig("a", 0, 0, h=30), fig("b", 25, 0, z=35, h=40))
    assert not in_contact(fig("a", 0, 0, h=30), fig("b", 25, 0, z=35, h=30))


def test_OFA_0_3_gap_with_solids_and_geometries() -> None:
    crate = Solid("crate", box(20, -10, 40, 10), 0.0, 30.0)
    a = fig("a", 0, 0)
    assert gap(a, crate) == pytest.approx(7.5)
    assert gap(crate, a) == pytest.approx(7.5)
    assert gap(a, crate.footprint) == pytest.approx(7.5)
    assert gap(crate, Solid("b", box(50, 0, 60, 5), 0, 1)) == pytest.approx(10)
    assert gap(fig("in", 30, 0), crate) == 0.0


def test_OFA_0_3_figure_object_contact() -> None:
    table = Solid("table", box(12.5, -30, 100, 30), 0.0, 18.0, surface=True)
    rug = Solid("rug", box(-50, -50, 5, 50), 0.0, 1.0, flat=True)
    chandelier = Solid("chandelier", Point(0, 0).buffer(15), 55.0, 70.0, swingable=True)
    high_lamp = Solid("lamp", Point(0, 0).buffer(15), 65.0, 70.0, swingable=True)
    balcony = Solid("balcony", box(-60, -30, -12.5, 30), 60.0, 65.0, surface=True)
    index = TerrainIndex([table, rug, chandelier, high_lamp, balcony], (-300, -300, 300, 300))
    floor = fig("athos", 0, 0)
    got = {c.id: c.how for c in touching_solids(floor, index)}
    # the table is beside him (gap 0, spans meet); he stands on the rug's level, which overlaps
    assert got == {"table": "beside", "rug": "beside", "chandelier": "overhead"}
    # OFA-MG.2: a chandelier 55 above the floor is within reach (55 ≤ 60), one at 65 is not
    assert solid_contact(floor, high_lamp) is None
    # the balcony at 60 is above the head: no contact
    assert solid_contact(floor, balcony) is None
    on_table = fig("athos", 50, 0, z=18)
    assert {c.id: c.how for c in touching_solids(on_table, index)} == {"table": "standing_on"}


def test_OFA_2B_1_board_edge_counts_as_a_wall_for_contact() -> None:
    index = TerrainIndex([], (0, 0, 457.2, 609.6))
    assert touching_solids(fig("a", 13, 100), index) == (SolidContact("x_min", "board_edge"),)
    assert touching_solids(fig("a", 14, 100), index) == ()
    corner = {c.id for c in touching_solids(fig("a", 457.2 - R, 609.6 - R), index)}
    assert corner == {"x_max", "y_max"}
    assert touching_solids(fig("a", 13, 100), index, board_edge=False) == ()


# --------------------------------------------------------------------------------------------
# Heights: OFA-4A.1, HD-MELEE-18/19


def test_OFA_4A_1_elevation_examples() -> None:
    guard = fig("guard", 25, 0)
    assert elevated(fig("athos", 0, 0, z=18), guard)  # 18 ≥ 10
    assert not elevated(fig("athos", 0, 0, z=5), guard)  # 5 mm stage: no bonus
    assert not elevated(guard, fig("athos", 0, 0, z=18))  # only the higher one
    assert not elevated(fig("athos", 0, 0, z=60), guard)  # too high to be in contact at all
    assert elevated(fig("athos", 0, 0, z=10), guard)  # the threshold itself counts


def test_HD_MELEE_18_19_TV_E6() -> None:
    # Helldorado lengths are fathoms: B on the floor with h=1, bases r=0.6
    b = Base("b", 1.2, 0, 0.6, 0.0, 1.0)

    def a_at(z: float) -> Base:
        return Base("a", 0, 0, 0.6, z, 1.0)

    # z=1.2: B's head (1.0) is below A's base → not in contact
    assert head_below_base(a_at(1.2), b) and head_below_base(b, a_at(1.2))
    assert not in_contact(a_at(1.2), b, eps_contact=0.02, height_rule="head")
    assert not attack_from_above(a_at(1.2), b)
    # z=1.0 exactly: head level = base level → contact, and A attacks from above
    assert in_contact(a_at(1.0), b, eps_contact=0.02, height_rule="head")
    assert attack_from_above(a_at(1.0), b)
    assert in_contact(a_at(0.6), b, eps_contact=0.02, height_rule="head")
    assert attack_from_above(a_at(0.6), b)
    assert in_contact(a_at(0.4), b, eps_contact=0.02, height_rule="head")
    assert not attack_from_above(a_at(0.4), b)
    assert not attack_from_above(b, a_at(0.6))


# --------------------------------------------------------------------------------------------
# Support: OFA-4A.2, HD-MELEE-23


def test_OFA_4A_2_friends_in_contact_example() -> None:
    athos, guard1 = fig("athos", 0, 0), fig("guard1", 25, 0)
    aramis, porthos = fig("aramis", 25, 25), fig("porthos", 60, 0)
    guard2 = fig("guard2", -25, 0)
    assert friends_in_contact(guard1, [aramis, porthos]) == ["aramis"]  # Athos +1
    assert gap(porthos, guard1) == pytest.approx(10)
    assert friends_in_contact(athos, [guard2]) == ["guard2"]  # Guard1 +1
    # the figure itself is never its own friend
    assert friends_in_contact(guard1, [guard1, aramis]) == ["aramis"]
    # TV-E5: Aramis touching Guard1 (+1), Guard2 touching Athos on a table (+1)
    athos_up = fig("athos", 0, 0, z=18)
    assert friends_in_contact(athos_up, BaseArray.of([guard2])) == ["guard2"]


def test_HD_MELEE_23_support_example() -> None:
    a, b = Base("A", 0, 0, 0.6, 0, 1), Base("B", 1.2, 0, 0.6, 0, 1)
    c, d = Base("C", 1.2, 1.2, 0.6, 0, 1), Base("D", 2.4, 0, 0.6, 0, 1)
    e = Base("E", -1.2, 0, 0.6, 0, 1)
    kw = {"eps_contact": 0.02, "height_rule": "head"}
    assert friends_in_contact(b, [c, d], **kw) == ["C", "D"]  # A: CBT + 2
    assert friends_in_contact(a, [e], **kw) == ["E"]  # B: CBT + 1
    # an ally on a high ledge gives no support (head below base)
    ledge = Base("L", 1.2, -1.2, 0.6, 1.5, 1)
    assert friends_in_contact(b, [ledge], **kw) == []


# --------------------------------------------------------------------------------------------
# Several targets: OFA-MG.6


def test_OFA_MG_6_example_TV_E10() -> None:
    g1, g2, g3 = fig("G1", 0, 0), fig("G2", 40, 0), fig("G3", 80, 0)
    assert base_width(g1, g2) == 25
    assert gap(g1, g2) == pytest.approx(15) and gap(g1, g3) == pytest.approx(55)
    assert chain_targets_ok([g1, g2, g3], "chain")
    assert not chain_targets_ok([g1, g2, g3], "pairwise")
    assert chain_targets_ok([g1, g2], "pairwise") and chain_targets_ok([g2, g3], "pairwise")
    assert not chain_targets_ok([g1, g3], "chain")
    assert eligible_targets(g1, [g2, g3], "chain") == ["G2", "G3"]
    assert eligible_targets(g1, [g2, g3], "pairwise") == ["G2"]
    assert chain_targets_ok([g1]) and chain_targets_ok([])


def test_OFA_MG_6_base_width_is_the_larger_diameter() -> None:
    small, big = fig("s", 0, 0, r=10), fig("b", 70, 0, r=20)  # gap 40 = big diameter
    assert chain_targets_ok([small, big])
    assert not chain_targets_ok([small, fig("b", 70.1, 0, r=20)])
    with pytest.raises(ValueError):
        chain_targets_ok([small, big], "nonsense")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Line of throw: OFA-MG.5


def test_OFA_MG_5_examples_TV_E12() -> None:
    thrower, target = fig("thrower", 0, 0), fig("target", 200, 0)

    def verdicts(y: float, thrower: Base = thrower) -> list[ThrowBlocker]:
        return line_of_throw_blockers(thrower, target, [thrower, target, fig("by", 100, y)])

    blocked = verdicts(8)
    assert [(b.id, b.verdict) for b in blocked] == [("by", "blocks")]
    assert blocked[0].clearance == pytest.approx(-4.5)
    doubt = verdicts(14)
    assert [(b.id, b.verdict) for b in doubt] == [("by", "doubt")]
    assert doubt[0].clearance == pytest.approx(1.5)
    assert verdicts(16) == []  # clearance 3.5: clear
    raised = fig("thrower", 0, 0, z=18)
    assert verdicts(8, raised) == [] and verdicts(0, raised) == []  # higher ground: 18 ≥ 10


def test_OFA_MG_5_doubt_band_edges_and_order() -> None:
    thrower, target = fig("t", 0, 0), fig("x", 200, 0)
    figures = [fig("far", 150, 0), fig("edge", 50, 12.5 + 2.0), fig("in", 50, 12.5 - 2.0)]
    got = line_of_throw_blockers(thrower, target, figures)
    assert [(b.id, b.verdict) for b in got] == [("edge", "doubt"), ("in", "doubt"),
                                               ("far", "blocks")]
    # behind the thrower: the segment's end is what counts
    assert line_of_throw_blockers(thrower, target, [fig("behind", -30, 0)]) == []


def test_OFA_MG_5_terrain_taller_than_the_head_blocks() -> None:
    thrower, target = fig("t", 0, 0), fig("x", 200, 0)
    wall = Solid("wall", box(90, -50, 100, 50), 0.0, 80.0)
    crate = Solid("crate", box(120, -10, 130, 10), 0.0, 30.0)
    window = Solid("window", box(140, -10, 145, 10), 0.0, 80.0, blocks_sight=False)
    stand = Solid("stand", box(180, -20, 220, 20), 0.0, 50.0, surface=True)
    index = TerrainIndex([wall, crate, window, stand])
    got = line_of_throw_blockers(thrower, target, [], index)
    assert [(b.id, b.verdict, b.kind) for b in got] == [("wall", "blocks", "terrain")]
    assert got[0].along == pytest.approx(90)
    on_table = fig("t", 0, 0, z=45)  # head at 85: sees over the wall
    assert line_of_throw_blockers(on_table, target, [], index) == []


# --------------------------------------------------------------------------------------------
# Vectorised forms agree with the scalar ones


bases_st = st.lists(
    st.builds(lambda i, x, y, r, z, h: Base(f"b{i}", x, y, r, z, h),
              st.integers(0, 10**6), st.floats(-100, 100), st.floats(-100, 100),
              st.floats(1, 30), st.sampled_from([0.0, 5.0, 18.0, 45.0, 60.0, 100.0]),
              st.floats(10, 60)),
    min_size=0, max_size=12, unique_by=lambda b: b.id)


@settings(max_examples=200, deadline=None)
@given(bases_st, st.sampled_from(["ofa", "head"]))
def test_contact_pairs_matches_in_contact(bases, rule) -> None:
    m = contact_pairs(bases, eps=1.0, height_rule=rule)
    g = gap_matrix(bases)
    for i, a in enumerate(bases):
        assert not m[i, i]
        for j, b in enumerate(bases):
            if i != j:
                assert m[i, j] == in_contact(a, b, eps_contact=1.0, height_rule=rule)
                assert g[i, j] == pytest.approx(gap(a, b), abs=1e-9)
        expected = [b.id for j, b in enumerate(bases) if j != i and m[i, j]]
        assert in_contact_with(a, bases, height_rule=rule) == expected
    assert np.array_equal(m, m.T)


@settings(max_examples=200, deadline=None)
@given(bases_st)
def test_chain_is_weaker_than_pairwise(bases) -> None:
    if chain_targets_ok(bases, "pairwise"):
        assert chain_targets_ok(bases, "chain")
    if bases:
        ids = eligible_targets(bases[0], bases[1:], "chain")
        assert chain_targets_ok([bases[0]] + [b for b in bases if b.id in ids], "chain")


def test_gap_is_exact_for_discs() -> None:
    a, b = fig("a", 0, 0, r=10), fig("b", 3, 4, r=1)
    assert gap(a, b) == 0.0
    assert gap(a, fig("c", 30, 40, r=5)) == pytest.approx(math.hypot(30, 40) - 15)
