"""Cone templates (HD-TMPL-1..14) through the rule system, and HD-TV-E8, HD-TV-E9, HD-TV-E14.

Dice order: cloud-blast rolls 5 dice for each caught unit, nearest the shooter first; impact-blast
rolls SHS + 5 at the nearest, then the misses at the next. An engaged caught unit adds one die
(odd: the hits go to a fighter outside the template, HD-TMPL-14)."""

from __future__ import annotations

import math

import pytest

from game.rules.helldorado.commands import Blast, OrderChain, VaeVictis
from game.rules.helldorado.state import Weapon
from game.rules.helldorado.units import unit_data, weapon_from
from tests.rules.helldorado.scene import MUSKET, SYSTEM, THEM, US, active, do, events, first, refused, start, unit, wall

CLOUD = Weapon("gas", "Gas", "cloud", difficulty=4, power=1)
IMPACT = Weapon("grape", "Grapeshot", "impact", difficulty=4, power=2)


def shooter(weapon, *others, solids=(), shs=3, **options):
    return active(start([unit("S", US, 0, 0, shs=shs, weapons=(weapon, MUSKET)), *others], solids, **options), "S")


@pytest.mark.parametrize(("who", "x", "y", "caught"), [("U1", 3.6, 0.9, True), ("U2", 3.6, 1.2, False),
                                                      ("U3", 7.1, 0.0, True)])
def test_HD_TV_E9_cone_membership(who, x, y, caught):
    """HD-TV-E9, HD-TMPL-2, HD-TMPL-3: the cone from S (0,0) r 0.6 aimed east is the triangle (0.6,0),
    (6.6,1), (6.6,-1): U1 (3.6,0.9) is caught, U2 (3.6,1.2) is not, U3 (7.1,0) is (past the far
    edge by less than its radius). The shooter itself never is."""
    st = shooter(CLOUD, unit(who, THEM, x, y))
    out = do(st, Blast("S", "gas", 0.0), [1] * 5 * caught)
    tmpl = first(out, "hd.template")
    assert ("S" not in tmpl["caught"]) and ((who in tmpl["caught"]) is caught)


def test_HD_TMPL_1_two_kinds_and_HD_TMPL_5_their_profile():
    """HD-TMPL-1, HD-TMPL-5: cloud-blast and impact-blast, each "X/Y"; other weapons lay no template."""
    data = unit_data()["profiles"]
    breath = weapon_from(next(w for w in data["imp"]["weapons"] if w["kind"] == "cloud"))
    blunder = weapon_from(next(w for w in data["capitan"]["weapons"] if w["kind"] == "impact"))
    assert (breath.difficulty, breath.power) == (4, 1) and (blunder.difficulty, blunder.power) == (4, 1)
    st = shooter(CLOUD, unit("T", THEM, 3, 0))
    refused(st, Blast("S", "musket", 0.0), "HD-TMPL-5")


def test_HD_TMPL_2_the_cone_touches_the_shooter_and_may_have_a_near_edge():
    """HD-TMPL-2 / HD-AMB-13: the narrow end touches the shooter's base; a near width (cfg) widens
    it: a unit beside the apex is caught only with the wider end."""
    beside = unit("T", THEM, 1.0, 1.35)
    assert not first(do(shooter(CLOUD, beside), Blast("S", "gas", 0.0)), "hd.template")["caught"]
    wide = shooter(CLOUD, beside, cone_near_width=1.6)
    assert first(do(wide, Blast("S", "gas", 0.0), [1] * 5), "hd.template")["caught"] == ("T",)


def test_HD_TMPL_3_friends_are_caught_too_and_HD_TMPL_4_no_roll_to_hit():
    """HD-TMPL-3: every unit under the template, friend or foe; HD-TMPL-4: no shooting roll, the
    first dice are damage dice."""
    st = shooter(CLOUD, unit("F", US, 2.5, 0, pr=0), unit("T", THEM, 5, 0, pr=0))
    out = do(st, Blast("S", "gas", 0.0), [6] * 5 + [6] * 5)
    assert not events(out, "hd.roll")
    assert [r["unit"] for r in events(out, "hd.blast_roll")] == ["F", "T"]
    assert out.state.unit("F").lp == 15 and out.state.unit("T").lp == 15


def test_HD_TMPL_6_no_reduction_and_HD_TMPL_9_cloud_damage():
    """HD-TMPL-6, HD-TMPL-9: 5 dice per unit, each hit deals the Power, PR once; never reduced."""
    st = shooter(CLOUD, unit("T", THEM, 4, 0, pr=1), ask_reduction=True)
    out = do(st, Blast("S", "gas", 0.0), [4, 5, 6, 3, 1])
    assert out.state.pending is None
    dmg = first(out, "hd.blast_damage")
    assert (dmg["hits"], dmg["loss"]) == (3, 2) and "HD-TMPL-9" in dmg.rules


def test_HD_TMPL_8_and_10_cover_and_cloud_versus_impact():
    """HD-TMPL-8: a unit wholly hidden from the shooter is spared by impact-blast (and left out of
    its chain) but not by cloud-blast, which also gives no cover bonus (HD-TMPL-10)."""
    hidden = unit("H", THEM, 4.5, 0, pr=0)
    solids = [wall("w", 3.0, -1.5, 3.2, 1.5, 2.5)]
    cloud = do(shooter(CLOUD, hidden, solids=solids), Blast("S", "gas", 0.0), [6, 6, 6, 1, 1])
    assert first(cloud, "hd.template")["caught"] == ("H",)
    assert first(cloud, "hd.blast_damage")["loss"] == 3 and first(cloud, "hd.blast_damage")["cover"] == 0
    impact = do(shooter(IMPACT, hidden, solids=solids), Blast("S", "grape", 0.0))
    tmpl = first(impact, "hd.template")
    assert tmpl["caught"] == () and tmpl["saved"] == ("H",) and not events(impact, "hd.blast_roll")


def tv_e8(**options):
    """P1 (PR 1) nearest, P2 (PR 0) in cover behind a 0.7 f wall, P3 (PR 2) furthest."""
    return shooter(IMPACT, unit("P1", THEM, 2.0, 0, pr=1), unit("P2", THEM, 4.0, 0.5, pr=0),
                   unit("P3", THEM, 6.2, -0.3, pr=2), solids=[wall("w", 3.0, 0.0, 3.2, 1.4, 0.7)], **options)


def test_HD_TV_E8_impact_blast_chain():
    """HD-TV-E8, HD-TMPL-11, HD-TMPL-12, HD-TMPL-13: SHS 3 → 8 dice at X 4, Y 2. P1: [6,2,4,1,3,5,2,4] → 4 hits →
    8 − 1 = 7; its 4 misses go on to P2 (in cover, +3): [4,4,1,6] → 3 hits → 6 − 3 = 3; 1 miss
    goes on to P3: [2] → nothing; the chain ends."""
    st = tv_e8()
    assert SYSTEM.in_cover(st, st.unit("S").base.eye, st.unit("P2"))
    out = do(st, Blast("S", "grape", 0.0), [6, 2, 4, 1, 3, 5, 2, 4] + [4, 4, 1, 6] + [2])
    rolls = events(out, "hd.blast_roll")
    assert [(r["unit"], len(r["faces"]), r["hits"]) for r in rolls] == [("P1", 8, 4), ("P2", 4, 3), ("P3", 1, 0)]
    dmg = {e["unit"]: (e["cover"], e["loss"]) for e in events(out, "hd.blast_damage")}
    assert dmg == {"P1": (0, 7), "P2": (3, 3), "P3": (0, 0)}
    assert [c["left"] for c in events(out, "hd.chain")] == [4, 1, 1]


def test_HD_TMPL_11_the_chain_stops_when_the_dice_run_out():
    """HD-TMPL-12: no dice left → the further units are not rolled for; HD-AMB-7: the fixed-5
    reading of the first roll is a flag."""
    out = do(tv_e8(), Blast("S", "grape", 0.0), [6] * 8)
    assert [r["unit"] for r in events(out, "hd.blast_roll")] == ["P1"]
    five = do(tv_e8(impact_first_dice="5"), Blast("S", "grape", 0.0), [6] * 5)
    assert len(first(five, "hd.blast_roll")["faces"]) == 5


def test_HD_TMPL_12_equal_distances_the_shooter_orders_them_and_HD_TMPL_7_no_vae_victis():
    """HD-TMPL-12 / HD-AMB-14: two units equally near: the shooter orders them before any die is
    rolled; HD-TMPL-7: Vae Victis cannot be given during the template attack."""
    st = shooter(IMPACT, unit("A", THEM, 4, 0.7), unit("B", THEM, 4, -0.7))
    out = do(st, Blast("S", "grape", 0.0))
    p = out.state.pending
    assert p is not None and p.kind == "order" and sorted(p.options) == ["A", "B"]
    refused(out.state, VaeVictis("S"), "HD-TMPL-7")
    refused(out.state, OrderChain(("A",)), "HD-TMPL-12")
    done = do(out.state, OrderChain(("B", "A")), [6] * 8)
    assert [r["unit"] for r in events(done, "hd.blast_roll")] == ["B"]
    plain = do(shooter(IMPACT, unit("A", THEM, 4, 0.7), unit("B", THEM, 4, -0.7), impact_tie_order="input"),
               Blast("S", "grape", 0.0), [6] * 8)
    assert plain.state.pending is None


def tv_e14(die: int):
    """M (them) at (4,0) under the cloud, engaged with O (us, also caught) and N (us, outside)."""
    n = (4 + 1.2 * math.cos(math.radians(100)), 1.2 * math.sin(math.radians(100)))
    st = shooter(CLOUD, unit("M", THEM, 4, 0, pr=0), unit("O", US, 5.2, 0, pr=0), unit("N", US, *n, pr=1))
    return do(st, Blast("S", "gas", 0.0), [4, 6, 2, 1, 5, die] + [1] * 5 + [2])


def test_HD_TV_E14_blast_into_melee_odd_goes_outside():
    """HD-TV-E14, HD-TMPL-14: M's 5 dice [4,6,2,1,5] → 3 hits of 1; M is engaged, the die shows 3
    (odd): the hits go to N, the only fighter of M's outside the template: 3 − PR 1 = 2."""
    out = tv_e14(3)
    assert first(out, "hd.template")["caught"] == ("M", "O")
    red = events(out, "hd.redirect")
    assert (red[0]["unit"], red[0]["die"], red[0]["victim"], red[0]["moved"]) == ("M", 3, "N", True)
    assert (red[1]["unit"], red[1]["outside"], red[1]["moved"]) == ("O", (), False)
    assert out.state.unit("N").lp == 18 and out.state.unit("M").lp == 20


def test_HD_TV_E14_blast_into_melee_even_lands():
    """HD-TV-E14: the die shows 4 (even): M takes the 3 damage itself."""
    out = tv_e14(4)
    assert first(out, "hd.redirect")["moved"] is False
    assert out.state.unit("M").lp == 17 and out.state.unit("N").lp == 20


def test_HD_TMPL_14_several_outside_pick_at_random():
    """HD-TMPL-14 / HD-HOUSE-12: two fighters outside the template: a d2 picks the victim."""
    st = shooter(CLOUD, unit("M", THEM, 4, 0), unit("N1", US, 4, 1.2), unit("N2", US, 4, -1.2))
    out = do(st, Blast("S", "gas", 0.0), [6, 6, 1, 1, 1, 5, 2])
    red = first(out, "hd.redirect")
    assert red["outside"] == ("N1", "N2") and red["victim"] == "N2"
