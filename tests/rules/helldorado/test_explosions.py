"""Explosions (HD-EXPL-1..12) through the rule system, and HD-TV-E7.

Dice order: the to-hit dice and re-rolls, then for each caught unit, nearest the blast point
first, its 5 damage dice (and, if it is engaged, the odd/even die of HD-TMPL-14)."""

from __future__ import annotations

import math

import pytest

from game.rules.helldorado.commands import ShootAt, VaeVictis
from game.rules.helldorado.state import Weapon
from game.rules.helldorado.units import unit_data, weapon_from
from tests.rules.helldorado.scene import SYSTEM, THEM, US, active, do, events, first, refused, slab, start, unit, wall

BOMB = Weapon("bomb", "Bomb", "explosion", range=5.0, difficulty=4, power=2)


def hiding_wall() -> object:
    """A 1.5 f wall half-way between P (10,0) and D (8,-2.5), across the line between them."""
    ux, uy = -2 / math.hypot(2, 2.5), -2.5 / math.hypot(2, 2.5)
    nx, ny = -uy, ux
    mx, my = 9.0, -1.25
    corners = [(mx + sa * 1.5 * nx + sb * 0.1 * ux, my + sa * 1.5 * ny + sb * 0.1 * uy)
               for sa, sb in ((1, 1), (1, -1), (-1, -1), (-1, 1))]
    return slab("w", corners, 1.5)


def tv_e7(**units_kw):
    s = unit("S", US, 0, 0, shs=3, weapons=(BOMB,))
    others = units_kw.pop("units", None) or [
        unit("A", THEM, 12, 1, pr=1), unit("B", THEM, 13.6, 0, pr=0), unit("E", US, 9, 1, pr=0),
        unit("D", THEM, 8, -2.5, pr=0)]
    return active(start([s, *others], [hiding_wall()], **units_kw), "S")


def test_HD_TV_E7_explosion():
    """HD-TV-E7, HD-EXPL-4, HD-EXPL-5, HD-EXPL-6, HD-EXPL-8, HD-EXPL-12: S (0,0) SHS 3, Explosion 4/2, R 5, aim P (10,0): d 9.4 →
    Short 4; [4,2,1] → 1 hit → it lands. Caught: E (friend) nearest, A, B (tangent); D behind the
    wall is saved. A: [4,6,1,2,5] → 3 hits → 6 − 1 = 5 LP."""
    st = tv_e7()
    out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [4, 2, 1] + [1] * 5 + [4, 6, 1, 2, 5] + [1] * 5)
    aim = first(out, "hd.aim")
    assert aim["distance"] == pytest.approx(9.4) and (aim["band"], aim["diff"]) == ("short", 4)
    boom = first(out, "hd.explosion")
    assert sorted(boom["caught"]) == ["A", "B", "E"] and boom["saved"] == ("D",)
    rolls = events(out, "hd.blast_roll")
    assert [r["unit"] for r in rolls] == ["E", "A", "B"]
    dmg = {e["unit"]: e["loss"] for e in events(out, "hd.blast_damage")}
    assert dmg == {"E": 0, "A": 5, "B": 0}
    assert out.state.unit("A").lp == 15 and out.state.unit("D").lp == 20


def test_HD_TV_E7_a_miss_and_nothing_happens():
    """HD-TV-E7 miss variant, HD-EXPL-5: [1,2,3] → no hit → no template, no damage dice at all."""
    out = do(tv_e7(), ShootAt("S", "bomb", 10.0, 0.0), [1, 2, 3])
    assert first(out, "hd.dud").rules == ("HD-EXPL-5",)
    assert not events(out, "hd.explosion") and out.state.activation is None


def test_HD_EXPL_6_who_is_caught():
    """HD-EXPL-6, HD-AMB-12: |c − P| ≤ R + r, tangent included: B at 3.6 caught, C at 3.7 not."""
    for x, caught in ((13.6, True), (13.7, False)):
        st = tv_e7(units=[unit("C", THEM, x, 0)])
        out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [6, 6, 6] + [1] * 5 * caught)
        assert ("C" in first(out, "hd.explosion")["caught"]) is caught


def test_HD_EXPL_1_a_clear_line_to_the_point():
    """HD-EXPL-1: eye (0,0,1) to P (10,0,0) over a wall at x 8.8-9.0: 0.2 high blocks (the line is
    at 0.1 there), 0.05 high does not. Any point will do, even under the shooter."""
    for top, ok in ((0.2, False), (0.05, True)):
        st = active(start([unit("S", US, 0, 0, weapons=(BOMB,)), unit("T", THEM, 20, 20)],
                          [wall("w", 8.8, -5, 9.0, 5, top)]), "S")
        if ok:
            do(st, ShootAt("S", "bomb", 10.0, 0.0), [1, 1, 1])
        else:
            refused(st, ShootAt("S", "bomb", 10.0, 0.0), "HD-EXPL-1")
    under = active(start([unit("S", US, 0, 0, weapons=(BOMB,)), unit("T", THEM, 20, 20)]), "S")
    out = do(under, ShootAt("S", "bomb", 0.0, 0.0), [6, 1, 1] + [1] * 5)
    assert first(out, "hd.explosion")["caught"] == ("S",)
    refused(under, ShootAt("S", "bomb", 99.0, 0.0), "HD-EXPL-1")


def test_HD_EXPL_2_no_nearest_enemy_rule_and_HD_EXPL_4_DEF_plays_no_part():
    """HD-EXPL-2: the point may be next to any enemy, not the nearest; HD-EXPL-4: the difficulty
    is the range band to the point (d 3.4 ≤ R 5 → 3), whatever the DEF there (6)."""
    st = active(start([unit("S", US, 0, 0, weapons=(BOMB,)), unit("near", THEM, 2, 0),
                       unit("far", THEM, 0, 4, defence=6)]), "S")
    out = do(st, ShootAt("S", "bomb", 0.0, 4.0), [1, 1, 1])
    assert first(out, "hd.aim")["diff"] == 3 and "HD-EXPL-2" in first(out, "hd.aim").rules


def test_HD_EXPL_3_the_blast_radius_is_three_fathoms():
    """HD-EXPL-3: radius 3 by default (a unit 3.5 from P is caught by its base, r 0.6)."""
    assert BOMB.radius == 3.0
    st = active(start([unit("S", US, 0, 0, weapons=(BOMB,)), unit("T", THEM, 13.5, 0)]), "S")
    out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [6, 6, 6] + [1] * 5)
    assert first(out, "hd.explosion")["radius"] == 3.0 and first(out, "hd.explosion")["caught"] == ("T",)


def test_HD_EXPL_7_the_profile_is_difficulty_and_power():
    """HD-EXPL-7: "Explosion X/Y" — the Fallen Captain's Hellfire Orb is Explosion 4/2."""
    data = unit_data()["profiles"]["fallen_captain"]["weapons"]
    orb = weapon_from(next(w for w in data if w["kind"] == "explosion"))
    assert (orb.kind, orb.difficulty, orb.power, orb.range) == ("explosion", 4, 2, 5.0)


def test_HD_EXPL_8_five_dice_each_power_per_hit_PR_once():
    """HD-EXPL-8: 5 fixed dice per caught unit (no re-rolls even with SHS 8), hits x Power − PR."""
    st = active(start([unit("S", US, 0, 0, shs=8, weapons=(BOMB,)), unit("T", THEM, 10, 0, pr=3)]), "S")
    out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [6, 6, 6, 6, 6] + [6, 6, 6, 6, 1])
    roll = first(out, "hd.blast_roll")
    assert len(roll["faces"]) == 5 and roll["hits"] == 4
    assert first(out, "hd.blast_damage")["loss"] == 4 * 2 - 3


def test_HD_EXPL_9_no_reduction():
    """HD-EXPL-9: even when reductions are asked for, an explosion offers none."""
    st = active(start([unit("S", US, 0, 0, weapons=(BOMB,)), unit("T", THEM, 10, 0)], ask_reduction=True), "S")
    out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [6, 6, 6] + [6] * 5)
    assert out.state.pending is None and out.state.unit("T").lp == 10


def test_HD_EXPL_10_no_cover_bonus_inside_the_template():
    """HD-EXPL-10: A is in cover from the shooter behind a crate, yet under the blast its PR gets no
    bonus: [6,6,6,1,1] → 3 x 2 − 1 = 5."""
    st = active(start([unit("S", US, 0, 0, weapons=(Weapon("bomb", "Bomb", "explosion", range=20.0,
                                                            difficulty=4, power=2),)),
                       unit("A", THEM, 12, 1, pr=1)], [wall("crate", 10.9, 0.2, 11.1, 1.8, 0.7)]), "S")
    assert SYSTEM.in_cover(st, st.unit("S").base.eye, st.unit("A"))
    out = do(st, ShootAt("S", "bomb", 13.5, 3.0), [6, 6, 6, 6, 6, 6, 1, 1])
    dmg = first(out, "hd.blast_damage")
    assert (dmg["cover"], dmg["loss"]) == (0, 5) and "HD-EXPL-10" in dmg.rules


def test_HD_EXPL_11_no_vae_victis_during_an_explosion():
    """HD-EXPL-11: while an explosion waits on a choice (here, its re-rolls), Vae Victis is refused."""
    st = active(start([unit("S", US, 0, 0, shs=6, weapons=(BOMB,)), unit("T", THEM, 10, 0)],
                      ask_rerolls=True), "S")
    out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [1, 1, 1, 1, 1])
    assert out.state.pending is not None and out.state.pending.kind == "reroll"
    refused(out.state, VaeVictis("S"), "HD-EXPL-11")


def test_HD_EXPL_12_full_cover_from_the_blast_centre():
    """HD-EXPL-12: D at (8,-2.5), 3.2 from P, stands wholly behind a 1.5 f wall: unaffected."""
    st = tv_e7(units=[unit("D", THEM, 8, -2.5)])
    table = SYSTEM.table_of(st)
    assert not table.point_sees((10.0, 0.0, 0.0), st.unit("D").base)
    out = do(st, ShootAt("S", "bomb", 10.0, 0.0), [6, 6, 6])
    boom = first(out, "hd.explosion")
    assert boom["caught"] == () and boom["saved"] == ("D",)
