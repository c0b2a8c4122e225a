"""Shooting (HD-RANGED-1..25) through the rule system, and the vectors HD-TV-S1, HD-TV-E3,
HD-TV-E4, HD-TV-E5, HD-TV-E12, HD-TV-E13.

Dice order of a shot: the shooter's dice, its re-rolls, then (a stray shot among several
fighters) one die with as many sides as there are candidates (HD-HOUSE-12)."""

from __future__ import annotations

import pytest

from game.rules.helldorado.commands import Concentrate, Reroll, Shoot, UseHits, VaeVictis
from game.rules.helldorado.state import Weapon
from tests.rules.helldorado.scene import (
    MUSKET,
    SWORD,
    SYSTEM,
    T_MUSKET,
    THEM,
    US,
    active,
    do,
    events,
    first,
    refused,
    start,
    unit,
    wall,
)


def gun(r: float) -> Weapon:
    return Weapon("gun", "Gun", "ranged", T_MUSKET, range=r)


def shooter_and(*targets, solids=(), shs=3, weapon=MUSKET, s_kw=None, **options):
    s = unit("s", US, 0, 0, shs=shs, weapons=(weapon,), **(s_kw or {}))
    return active(start([s, *targets], solids, **options), "s")


def test_HD_RANGED_1_a_shot_is_an_attack_sequence():
    """HD-RANGED-1 (with HD-MELEE-1): while a shot waits on a choice, no ability may be used, but
    Vae Victis may (HD-HOUSE-10)."""
    st = shooter_and(unit("t", THEM, 5, 0, defence=3), ask_reduction=True)
    out = do(st, Shoot("s", "musket", "t"), [6, 6, 1])
    assert out.state.pending is not None and out.state.pending.kind == "hits"
    refused(out.state, Concentrate("s"), "HD-MELEE-1")
    vae = do(out.state, VaeVictis("s"))
    done = do(vae.state, UseHits(2))
    assert first(done, "hd.damage")["loss"] == T_MUSKET[1] + 1


def test_HD_RANGED_2_the_nearest_enemy_and_HD_RANGED_6_never_a_friend():
    """HD-RANGED-2: the nearest enemy (edge to edge) must be the target; HD-RANGED-6: friends never."""
    st = shooter_and(unit("near", THEM, 4, 0), unit("far", THEM, 8, 0), unit("pal", US, 2, 2))
    refused(st, Shoot("s", "musket", "far"), "HD-RANGED-2")
    refused(st, Shoot("s", "musket", "pal"), "HD-RANGED-6")
    out = do(st, Shoot("s", "musket", "near"), [1, 1, 1])
    assert first(out, "hd.shot")["legal"] == ("near",)


def test_HD_RANGED_4_an_engaged_nearest_enemy_may_be_passed_over():
    """HD-RANGED-4: the nearest enemy is engaged, so the next one is also legal."""
    st = shooter_and(unit("near", THEM, 4, 0), unit("pal", US, 4, 1.2), unit("far", THEM, 8, 0))
    legal = SYSTEM.shot_targets(st, st.unit("s"), MUSKET)
    assert legal.ids == ("near", "far")
    out = do(st, Shoot("s", "musket", "far"), [1, 1, 1])
    shot = first(out, "hd.shot")
    assert shot["passed"] == (("near", "engaged"),) and "HD-RANGED-4" in shot.rules


def test_HD_RANGED_5_and_8_an_unseen_enemy_is_never_the_nearest():
    """HD-RANGED-5, HD-RANGED-8: the nearest enemy stands behind a tall wall: it cannot be shot and does not
    count as the nearest."""
    hidden = unit("hid", THEM, 4, 0)
    st = shooter_and(hidden, unit("far", THEM, 0, 8), solids=[wall("w", 2.5, -2, 2.8, 2, 3.0)])
    refused(st, Shoot("s", "musket", "hid"), "HD-RANGED-8")
    out = do(st, Shoot("s", "musket", "far"), [1, 1, 1])
    shot = first(out, "hd.shot")
    assert shot["unseen"] == ("hid",) and "HD-RANGED-5" in shot.rules


def test_HD_RANGED_5_beyond_a_closed_long_band_is_untargetable():
    """HD-RANGED-5 with ``long_band_open`` false: an enemy beyond 4 x Range cannot be chosen."""
    st = shooter_and(unit("t", THEM, 30, 0), long_band_open=False)
    assert SYSTEM.shot_targets(st, st.unit("s"), MUSKET).ids == ()
    refused(st, Shoot("s", "musket", "t"), "HD-RANGED-15")


def test_HD_RANGED_7_line_of_fire_from_the_head_to_any_part():
    """HD-RANGED-7: from the centre of the base at head height to any part of the target: a low
    wall leaves the target's head in sight; a wall taller than both hides it."""
    low = shooter_and(unit("t", THEM, 6, 0), solids=[wall("w", 3, -2, 3.2, 2, 0.8)])
    assert SYSTEM.table_of(low).sees(low.unit("s").base, low.unit("t").base)
    do(low, Shoot("s", "musket", "t"), [1, 1, 1])
    high = shooter_and(unit("t", THEM, 6, 0), solids=[wall("w", 3, -2, 3.2, 2, 1.6)])
    refused(high, Shoot("s", "musket", "t"), "HD-RANGED-8")


def test_HD_RANGED_8_units_never_block_the_line_of_fire():
    """HD-RANGED-8: friends and enemies standing between do not hinder the shot."""
    st = shooter_and(unit("t", THEM, 9, 0), unit("pal", US, 3, 0))
    out = do(st, Shoot("s", "musket", "t"), [1, 1, 1])
    assert first(out, "hd.shot")["parity"] is False


@pytest.mark.parametrize(("x0", "x1", "w", "expected"), [
    (8.8, 9.0, 0.5, False), (8.8, 9.0, 0.6, True), (8.2, 8.4, 0.6, True), (8.0, 8.2, 0.6, False)])
def test_HD_TV_E13_cover_needs_half_the_body_and_terrain_within_a_fathom(x0, x1, w, expected):
    """HD-TV-E13, HD-RANGED-9: eye (0,0,1), target (10,0) r 0.6. Wall at x 8.8-9.0: 0.5 high hides
    44 % → no cover, 0.6 high hides 56 % → cover (+3). At 8.2-8.4 (gap 1.0) still cover; at
    8.0-8.2 (gap 1.2) it hides but gives no cover."""
    st = shooter_and(unit("t", THEM, 10, 0, defence=3, pr=0), solids=[wall("w", x0, -5, x1, 5, w)],
                     weapon=gun(20))
    res = SYSTEM.table_of(st).cover((0.0, 0.0, 1.0), st.unit("t").base, 1.0)
    assert res.hidden_fraction > 0.4 and res.in_cover() is expected
    out = do(st, Shoot("s", "gun", "t"), [6, 6, 6])
    dmg = first(out, "hd.damage")
    assert dmg["cover"] == (3 if expected else 0)
    assert dmg["loss"] == T_MUSKET[2] - dmg["cover"]
    assert ("HD-RANGED-9" in dmg.rules) is expected


@pytest.mark.parametrize(("size", "radius", "pr_eff", "loss"), [("normal", 0.6, 4, 0), ("large", 0.8, 3, 1),
                                                               ("huge", 1.0, 2, 2)])
def test_HD_TV_E4_cover_bonus_by_base_size(size, radius, pr_eff, loss):
    """HD-TV-E4, HD-RANGED-11: PR 1 in cover → 4 / 3 / 2 for a normal / large / huge base; against
    T_musket(3) = 4 that is 0 / 1 / 2 LP."""
    st = shooter_and(unit("t", THEM, 10, 0, defence=3, pr=1, size=size, radius=radius),
                     solids=[wall("w", 8.8, -5, 9.0, 5, 0.6)], weapon=gun(20))
    out = do(st, Shoot("s", "gun", "t"), [6, 6, 6])
    dmg = first(out, "hd.damage")
    assert dmg["pr"] + dmg["cover"] == pr_eff and dmg["loss"] == loss
    assert "HD-RANGED-11" in dmg.rules


@pytest.mark.parametrize(("size", "radius", "pr", "skippable"), [("normal", 0.6, 1, True), ("large", 0.8, 2, True),
                                                                ("huge", 1.0, 2, False)])
def test_HD_TV_E4_and_HD_RANGED_3_pass_over_a_nearest_target_in_good_cover(size, radius, pr, skippable):
    """HD-TV-E4, HD-RANGED-3: the nearest target may be passed over when its cover bonus is at
    least its own PR: normal PR 1 (3 ≥ 1) yes, large PR 2 (2 ≥ 2) yes, huge PR 2 (1 < 2) no."""
    st = shooter_and(unit("t", THEM, 10, 0, pr=pr, size=size, radius=radius), unit("open", THEM, 0, 15),
                     solids=[wall("w", 8.8, -5, 9.0, 5, 0.6)], weapon=gun(20))
    legal = SYSTEM.shot_targets(st, st.unit("s"), gun(20))
    assert ("open" in legal) is skippable and "t" in legal
    if skippable:
        shot = first(do(st, Shoot("s", "gun", "open"), [1, 1, 1]), "hd.shot")
        assert shot["passed"] == (("t", "cover"),) and "HD-RANGED-3" in shot.rules


def test_HD_RANGED_3_the_shooters_PR_when_configured():
    """HD-AMB-1 (cfg cover_pr_owner="shooter"): the other reading compares the bonus with the
    shooter's PR."""
    t = unit("t", THEM, 10, 0, pr=0, size="huge", radius=1.0)
    solids = [wall("w", 8.8, -5, 9.0, 5, 0.6)]
    st = shooter_and(t, unit("open", THEM, 0, 15), solids=solids, weapon=gun(20),
                     s_kw={"pr": 2}, cover_pr_owner="shooter")
    assert "open" not in SYSTEM.shot_targets(st, st.unit("s"), gun(20))


def test_HD_RANGED_12_edge_to_edge_in_two_dimensions():
    """HD-RANGED-12, HD-0-4: shooter r 0.6 at (0,0), large target r 0.8 at (10,0): d = 8.6; with
    R 4 that is Medium (5), from the floor or from 3 f up a tower alike."""
    for z in (0.0, 3.0):
        st = shooter_and(unit("t", THEM, 10, 0, radius=0.8, size="large", defence=3), weapon=gun(4),
                         s_kw={"z": z})
        shot = first(do(st, Shoot("s", "gun", "t"), [1, 1, 1]), "hd.shot")
        assert shot["distance"] == pytest.approx(8.6) and (shot["band"], shot["diff"]) == ("medium", 5)


def test_HD_RANGED_13_no_maximum_range():
    """HD-RANGED-13: far beyond 4 x Range the shot is still possible, at the Long difficulty."""
    st = shooter_and(unit("t", THEM, 35, 0, defence=2), weapon=gun(2))
    shot = first(do(st, Shoot("s", "gun", "t"), [1, 1, 1]), "hd.shot")
    assert (shot["band"], shot["diff"]) == ("long", 6)


@pytest.mark.parametrize(("d", "defence", "diff"), [(6.0, 3, 3), (6.01, 3, 4), (12.0, 3, 4), (12.5, 3, 5),
                                                    (18.0, 3, 5), (18.01, 3, 6), (24.0, 3, 6), (24.5, 3, 6),
                                                    (6.0, 5, 5), (6.0, 7, 7)])
def test_HD_TV_E3_range_bands_and_the_targets_DEF(d, defence, diff):
    """HD-TV-E3, HD-RANGED-14, HD-RANGED-15: R 6: d ≤ 6 → 3, ≤ 12 → 4, ≤ 18 → 5, ≤ 24 → 6, beyond → 6
    (open Long band); a higher DEF sets the difficulty; DEF 7 cannot be hit."""
    st = shooter_and(unit("t", THEM, d + 1.2, 0, defence=defence), weapon=gun(6))
    out = do(st, Shoot("s", "gun", "t"), [6, 6, 6])
    assert first(out, "hd.shot")["diff"] == diff
    assert first(out, "hd.damage")["hits"] == (0 if diff >= 7 else 3)


def test_HD_TV_E3_closed_long_band():
    """HD-TV-E3 with ``long_band_open`` false: d 24.5 with R 6 is no shot at all (HD-AMB-3)."""
    st = shooter_and(unit("t", THEM, 25.7, 0, defence=3), weapon=gun(6), long_band_open=False)
    refused(st, Shoot("s", "gun", "t"), "HD-RANGED-15")


def test_HD_RANGED_16_shooting_dice_work_like_melee_dice():
    """HD-RANGED-16: SHS 12 → 5 dice, 5 re-rolls, 2 automatic damage, hits on ≥ difficulty."""
    st = shooter_and(unit("t", THEM, 5, 0, defence=3, pr=9), shs=12)
    out = do(st, Shoot("s", "musket", "t"), [1, 1, 1, 6, 6, 2, 2, 2])
    roll = first(out, "hd.roll")
    assert (roll["dice"], roll["rerolls"], roll["auto"]) == (5, 5, 2)
    assert first(out, "hd.reroll")["indices"] == (0, 1, 2)
    assert first(out, "hd.damage")["loss"] == 2  # T(2) = 3 < PR 9, plus 2 automatic


def test_HD_RANGED_17_no_return_fire_and_HD_RANGED_18_19_results():
    """HD-RANGED-17: the target never strikes back; HD-RANGED-18: the damage table and PR as in
    melee; HD-RANGED-19: the Reaper takes a unit shot to 0 LP."""
    st = shooter_and(unit("t", THEM, 5, 0, cbt=6, defence=3, pr=1, lp=3), unit("x", THEM, 20, 20))
    out = do(st, Shoot("s", "musket", "t"), [6, 6, 2])
    assert [r.actor for r in events(out, "hd.roll")] == ["s"]
    dmg = first(out, "hd.damage")
    assert (dmg["damage"], dmg["loss"]) == (3, 2) and "HD-RANGED-17" in dmg.rules
    assert out.state.unit("t").lp == 1
    st = shooter_and(unit("t", THEM, 5, 0, defence=3, pr=0, lp=3), unit("x", THEM, 20, 20))
    dead = do(st, Shoot("s", "musket", "t"), [6, 6, 6])
    assert not dead.state.unit("t").alive and "HD-RANGED-19" in first(dead, "hd.death").rules


def test_HD_RANGED_18_a_shooter_may_reduce_its_hits():
    """HD-RANGED-18 (HD-MELEE-11): an ordinary shot may use fewer hits."""
    st = shooter_and(unit("t", THEM, 5, 0, defence=3, pr=0), ask_reduction=True)
    out = do(st, Shoot("s", "musket", "t"), [6, 6, 6])
    done = do(out.state, UseHits(1))
    assert first(done, "hd.damage")["loss"] == T_MUSKET[0]


def berber(pick: int):
    """HD-TV-S1: the hunter (SHS 3) shoots the envoy (DEF 4), engaged with two friends of DEF 3
    and 5; range difficulty 4 (d 8.8 with R 6)."""
    envoy = unit("envoy", THEM, 10, 0, defence=4, cbt=3)
    f3 = unit("f3", US, 10, 1.2, defence=3, pr=1)
    f5 = unit("f5", US, 10, -1.2, defence=5, pr=0)
    st = shooter_and(envoy, f3, f5, ask_reduction=True)
    return do(st, Shoot("s", "musket", "envoy"), [5, 6, 3, pick])


@pytest.mark.parametrize(("pick", "victim", "loss"), [(1, "f3", 2), (2, "f5", 3)])
def test_HD_TV_S1_the_berber_hunter(pick, victim, loss):
    """HD-TV-S1, HD-RANGED-20, HD-RANGED-21, HD-RANGED-22, HD-RANGED-23: difficulty max(4, 4, 3, 5) = 5; [5,6,3] → 2 hits; odd 2 >
    even 1 → the shot strays onto one of the two friends, picked at random (a d2); the hits cannot
    be reduced; damage T_musket(2) = 3 − the victim's PR."""
    out = berber(pick)
    shot = first(out, "hd.shot")
    assert (shot["range_diff"], shot["diff"], shot["parity"]) == (4, 5, True)
    assert shot["victims"] == ("f3", "f5") and "HD-RANGED-20" in shot.rules
    par = first(out, "hd.parity")
    assert (par["odd"], par["even"], par["stray"], par["victim"]) == (2, 1, True, victim)
    assert out.state.pending is None  # no reduction offered on a stray shot
    dmg = first(out, "hd.damage")
    assert (dmg["target"], dmg["hits"], dmg["damage"], dmg["loss"]) == (victim, 2, 3, loss)
    assert "HD-RANGED-22" in dmg.rules


def test_HD_TV_E5_parity_ties_do_not_stray():
    """HD-TV-E5, HD-RANGED-21: SHS 4, [2,3,5,6]: odd 2 = even 2 → the intended target is hit."""
    st = shooter_and(unit("t", THEM, 5, 0, defence=2), unit("pal", US, 5, 1.2), shs=4)
    out = do(st, Shoot("s", "musket", "t"), [2, 3, 5, 6])
    par = first(out, "hd.parity")
    assert (par["odd"], par["even"], par["stray"]) == (2, 2, False)
    assert first(out, "hd.damage")["target"] == "t"


@pytest.mark.parametrize(("choice", "faces", "hits", "stray"), [
    ((), [], 3, False), ((2,), [5], 4, False), ((4,), [1], 3, False)])
def test_HD_TV_E5_parity_is_checked_after_the_reroll_choice(choice, faces, hits, stray):
    """HD-TV-E5: SHS 6 (5 dice + 1 re-roll), difficulty 4, [4,4,2,6,3]: keep → odd 1, 3 hits;
    re-roll the 2 → 5: odd 2 < even 3, 4 hits; re-roll the 3 → 1: odd 1, 3 hits."""
    st = shooter_and(unit("t", THEM, 5, 0, defence=4), unit("pal", US, 5, 1.2, defence=2), shs=6,
                     ask_rerolls=True)
    out = do(st, Shoot("s", "musket", "t"), [4, 4, 2, 6, 3])
    assert out.state.pending is not None and out.state.pending.options == ("2", "4")
    done = do(out.state, Reroll(choice), faces)
    par = first(done, "hd.parity")
    assert par["stray"] is stray and first(done, "hd.damage")["hits"] == hits


def fight_in_the_way(z: float):
    """HD-RANGED-24 example: S (0,0) at level z, T (12,0); a fight of X (6,0.3) DEF 4 (an enemy)
    against Y (6,1.5) DEF 3 (a friend); R 8 → d 10.8, Short 4; T DEF 3."""
    t = unit("T", THEM, 12, 0, defence=3, pr=0)
    x = unit("X", THEM, 6, 0.3, defence=4, pr=0)
    y = unit("Y", US, 6, 1.5, defence=3)
    return shooter_and(t, x, y, weapon=gun(8), s_kw={"z": z})


def test_HD_TV_E12_a_target_behind_a_fight():
    """HD-TV-E12, HD-RANGED-24: only X lies on the line of fire; diff max(4, 3, 4) = 4; [4,5,1]
    → 2 hits, odd 2 > even 1 → the shot strays onto X, the only candidate."""
    st = fight_in_the_way(0.0)
    out = do(st, Shoot("s", "gun", "T"), [4, 5, 1])
    shot = first(out, "hd.shot")
    assert (shot["diff"], shot["parity"], shot["victims"]) == (4, True, ("X",))
    assert "HD-RANGED-24" in shot.rules
    dmg = first(out, "hd.damage")
    assert (dmg["target"], dmg["hits"], dmg["damage"]) == ("X", 2, 3)


def test_HD_TV_E12_and_HD_RANGED_25_shooting_over_a_fight_from_a_tower():
    """HD-TV-E12, HD-RANGED-25: the same shot from a tower (eye at 4) passes over X: an ordinary
    shot at difficulty 4 with no odd/even check."""
    st = fight_in_the_way(3.0)
    out = do(st, Shoot("s", "gun", "T"), [4, 5, 1])
    shot = first(out, "hd.shot")
    assert (shot["diff"], shot["parity"], shot["over"]) == (4, False, ("X",))
    assert "HD-RANGED-25" in shot.rules and not events(out, "hd.parity")
    assert first(out, "hd.damage")["target"] == "T"


def test_HD_RANGED_20_a_higher_DEF_in_the_fight_raises_the_difficulty():
    """HD-RANGED-20: diff = max(range, DEF of the target, DEF of each unit engaged with it)."""
    st = shooter_and(unit("t", THEM, 3, 0, defence=2), unit("pal", US, 3, 1.2, defence=6, weapons=(SWORD,)))
    out = do(st, Shoot("s", "musket", "t"), [6, 6, 1])
    assert first(out, "hd.shot")["diff"] == 6
