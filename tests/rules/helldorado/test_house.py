"""The house turn flow (HD-HOUSE-1..13, HOUSE.md): activations, movement, climbing, actions,
charges, focus and concentration, Vae Victis, the end of the game; and the spec's implementer
conventions HD-0-1..HD-0-8 as the game applies them."""

from __future__ import annotations

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import Setup
from game.rules.helldorado.commands import (
    Activate,
    Charge,
    Climb,
    Concentrate,
    End,
    Fight,
    Focus,
    Move,
    PickWeapon,
    Shoot,
    UseHits,
    VaeVictis,
)
from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.game import Helldorado
from game.rules.helldorado.state import EndReason
from game.rules.helldorado.units import make_unit, unit_data
from tests.rules.helldorado.scene import (
    MUSKET,
    SWORD,
    SYSTEM,
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


@pytest.fixture(scope="module")
def ruins():
    return Helldorado().new_state(Setup("helldorado", "ruins.tmx", 1), ScriptedDice([6, 1]))


def test_HD_HOUSE_1_forces_from_the_map_and_the_unit_data(ruins):
    """HD-HOUSE-1: the ruins deploy two forces of five from the map's spawn points, whose profile ids
    are the keys of data/units.json; every number comes from that file."""
    data = unit_data()
    for side in ruins.sides:
        profiles = sorted(u.profile for u in ruins.units if u.side == side)
        assert profiles == sorted(data["forces"][side]["units"])
        assert 4 <= len(profiles) <= 6
    malakh = ruins.unit("malakh")
    prof = data["profiles"]["fallen_captain"]
    assert (malakh.cbt, malakh.defence, malakh.pr, malakh.lp, malakh.shs, malakh.mov) == (
        prof["cbt"], prof["def"], prof["pr"], prof["lp"], prof["shs"], prof["mov"])
    assert {w.kind for w in malakh.weapons} == {"melee", "explosion"}
    friar = ruins.unit("friar_tomas")
    assert friar.cbt is None and friar.harmless
    kinds = {w.kind for u in ruins.units for w in u.weapons}
    assert kinds == {"melee", "ranged", "explosion", "cloud", "impact"}
    assert {u.size for u in ruins.units} == {"normal", "large"}


def test_HD_0_2_fathoms_at_the_boundary(ruins):
    """HD-0-2: one fathom is 25.4 mm (cfg.fathom_mm): the 914.4 mm ruins are 36 f square, and a
    spawn at 304.8 mm stands at 12 f; a metric 25 mm fathom is an option."""
    table = SYSTEM.table_for("ruins.tmx")
    assert table.bounds == pytest.approx((0, 0, 36, 36))
    assert (ruins.unit("malakh").x, ruins.unit("malakh").y) == pytest.approx((12.0, 2.5))
    tower = table.solids["18"]
    assert tower.top == pytest.approx(120 / 25.4)
    metric = Helldorado().new_state(Setup("helldorado", "ruins.tmx", 1, {"fathom_mm": 25.0}),
                                    ScriptedDice([6, 1]))
    assert metric.unit("malakh").x == pytest.approx(304.8 / 25.0)


def test_HD_0_3_world_model_bases_and_heights():
    """HD-0-3: base sizes 30 / 40 / 50 mm → r 0.59 / 0.79 / 0.98 f; heights from the profile."""
    cfg = HDConfig()
    assert [round(cfg.base_radius(s), 2) for s in ("normal", "large", "huge")] == [0.59, 0.79, 0.98]
    imp = make_unit("imp", "imp", "Imp", "inferno", 0, 0)
    hound = make_unit("hellhound", "h", "Hound", "inferno", 0, 0)
    assert imp.height == 0.6 and imp.radius == pytest.approx(0.5906, abs=1e-4)
    assert hound.size == "large" and hound.radius == pytest.approx(0.7874, abs=1e-4)
    with pytest.raises(ValueError):
        make_unit("dragon", "d", "Dragon", "x", 0, 0)


def test_HD_0_5_contact_is_within_two_hundredths():
    """HD-0-5: base contact within eps_contact (0.02 f); engaged only against a unit able to fight."""
    near = start([unit("a", US, 0, 0), unit("b", THEM, 1.219, 0)])
    far = start([unit("a", US, 0, 0), unit("b", THEM, 1.23, 0)])
    assert SYSTEM.contact(near, near.unit("a"), near.unit("b"))
    assert not SYSTEM.contact(far, far.unit("a"), far.unit("b"))
    assert SYSTEM.engaged(near, near.unit("a"))


def test_HD_0_8_configuration_flags():
    """HD-0-8: every flag defaults to the recommended reading; options are checked by name, type
    and value."""
    cfg = HDConfig()
    assert (cfg.fathom_mm, cfg.distance_3d, cfg.eps_contact, cfg.long_band_open, cfg.cover_threshold,
            cfg.cover_radius, cfg.cover_pr_owner, cfg.template_inclusive, cfg.cone_near_width,
            cfg.impact_first_dice, cfg.impact_dice_cap, cfg.melee_victims, cfg.behind_melee,
            cfg.blast_melee_no_outside, cfg.impact_tie_order, cfg.retreat_attacker_choice,
            cfg.concentration_scope) == (
        25.4, False, 0.02, True, 0.5, 1.0, "target", True, 0.0, "SHS+5", False, "engaged_with_target",
        "on_lof_participants", "apply_normally", "shooter_chooses", "opponent", "activation")
    assert HDConfig.from_options({"rounds": 3, "cover_radius": 2}).cover_radius == 2.0
    for bad in ({"nope": 1}, {"rounds": "3"}, {"cover_pr_owner": "moon"}, {"distance_3d": True},
                {"long_band_open": 1}):
        with pytest.raises(ValueError):
            HDConfig.from_options(bad)


def test_HD_HOUSE_2_roll_off_and_the_first_side_alternates():
    """HD-HOUSE-2: each side rolls a die, ties again; the higher starts round 1, and the first side
    alternates from round to round."""
    st = SYSTEM.start("", [unit("a", US, 0, 0), unit("b", THEM, 9, 9)], dice=ScriptedDice([3, 3, 2, 5]))
    assert st.first_roll == ((3, 3), (2, 5)) and st.first == THEM and st.turn == THEM
    st = do(do(active(st, "b"), End("b")).state, Activate("a")).state
    out = do(st, End("a"))
    assert first(out, "hd.round")["round"] == 2 and out.state.first == US and out.state.turn == US


def test_HD_HOUSE_3_alternating_activations():
    """HD-HOUSE-3: sides take turns to activate one unit that has not acted this round; when one
    side has none left, the other activates the rest in a row."""
    st = start([unit("a1", US, 0, 0), unit("a2", US, 0, 3), unit("b", THEM, 9, 9)])
    refused(st, Activate("b"), "HD-HOUSE-3")
    st = active(st, "a1")
    refused(st, Activate("a2"), "HD-HOUSE-3")  # end the activation first
    st = do(st, End("a1")).state
    assert st.turn == THEM
    st = do(active(st, "b"), End("b")).state
    assert st.turn == US and [u.id for u in st.ready(US)] == ["a2"]
    refused(st, Activate("a1"), "HD-HOUSE-3")
    st = do(active(st, "a2"), End("a2")).state
    assert st.round == 2


def test_HD_HOUSE_4_movement_in_straight_segments_that_stop_at_contact():
    """HD-HOUSE-4: up to MOV in straight segments; a segment stops at the first contact; no move may
    touch an enemy (that is a charge) and an engaged unit does not move."""
    st = active(start([unit("a", US, 0, 0, mov=5), unit("b", THEM, 0, 8), unit("f", US, -3, 0)],
                      [wall("w", 2, -2, 2.5, 2, 1.5)]), "a")
    refused(st, Move("a", 0.0, 5.5), "HD-HOUSE-4")
    out = do(st, Move("a", 0.0, 3.0))
    mv = first(out, "hd.move")
    assert mv["distance"] == pytest.approx(1.4) and mv["touched"] == "w" and mv["left"] == pytest.approx(3.6)
    st2 = out.state
    out = do(st2, Move("a", 180.0, 3.5))
    mv = first(out, "hd.move")
    assert mv["touched"] == "f" and mv["distance"] == pytest.approx(3.2)  # a friend may be touched
    close = active(start([unit("a", US, 0, 0), unit("b", THEM, 0, 3)]), "a")
    refused(close, Move("a", 90.0, 2.0), "HD-HOUSE-4")  # runs into b
    refused(close, Move("a", 90.0, 1.79), "HD-HOUSE-4")  # ends within 0.02 of b
    engaged = active(start([unit("a", US, 0, 0), unit("b", THEM, 1.2, 0)]), "a")
    refused(engaged, Move("a", 180.0, 1.0), "HD-MELEE-21")


def test_HD_HOUSE_5_climbing_up_and_down():
    """HD-HOUSE-5: a unit touching a surface at most 1 f higher climbs onto it (cost: the way plus
    the rise); on top, a move stops at the edge; it climbs down the same way. Higher is refused."""
    altar = wall("altar", 2, -1, 4, 1, 0.8, surface=True)
    tall = wall("tower", -4, -1, -1.8, 1, 1.5, surface=True)
    st = active(start([unit("a", US, 1.4, 0, mov=6), unit("b", THEM, 20, 20)], [altar, tall]), "a")
    refused(st, Climb("a", "tower"), "HD-HOUSE-5")
    up = do(st, Climb("a", "altar"))
    a = up.state.unit("a")
    assert (a.x, a.z) == pytest.approx((2.61, 0.8))
    assert first(up, "hd.climb")["cost"] == pytest.approx(1.21 + 0.8)
    over = do(up.state, Move("a", 0.0, 3.0))
    assert up.state.unit("a").x + first(over, "hd.move")["distance"] == pytest.approx(4.0)
    down = do(over.state, Climb("a", ""))
    a = down.state.unit("a")
    assert (a.x, a.z) == pytest.approx((4.61, 0.0))
    refused(down.state, Climb("a", ""), "HD-HOUSE-5")


def test_HD_HOUSE_6_one_action_ends_the_activation():
    """HD-HOUSE-6: a shot, a fight, a charge or a focus ends the activation; End ends it at once."""
    st = active(start([unit("a", US, 0, 0), unit("b", THEM, 5, 0, defence=3), unit("c", THEM, 20, 20)]), "a")
    out = do(st, Shoot("a", "musket", "b"), [1, 1, 1])
    assert out.state.activation is None and out.state.turn == THEM
    out = do(st, End("a"))
    assert first(out, "hd.end").rules == ("HD-HOUSE-6",) and out.state.activation is None


def test_HD_HOUSE_7_a_charge_goes_straight_and_must_reach():
    """HD-HOUSE-7: straight at the target with the movement left; refused when terrain or another
    unit is in the way, when out of reach, or when already engaged."""
    wall_between = active(start([unit("a", US, 0, 0), unit("b", THEM, 4, 0)], [wall("w", 2, -1, 2.2, 1, 1.5)]), "a")
    refused(wall_between, Charge("a", "b", "sword"), "HD-HOUSE-7")
    too_far = active(start([unit("a", US, 0, 0, mov=3), unit("b", THEM, 5, 0)]), "a")
    refused(too_far, Charge("a", "b", "sword"), "HD-HOUSE-7")
    st = active(start([unit("a", US, 0, 0), unit("b", THEM, 1.2, 0), unit("c", THEM, 0, 4)]), "a")
    refused(st, Charge("a", "c", "sword"), "HD-HOUSE-7")
    ok = active(start([unit("a", US, 0, 0, mov=3), unit("b", THEM, 4, 0)]), "a")
    out = do(ok, Charge("a", "b", "sword"), [1] * 7)
    assert first(out, "hd.charge")["distance"] == pytest.approx(2.8)
    assert out.state.activation is None


def test_HD_HOUSE_8_engaged_units_do_not_shoot():
    """HD-HOUSE-8: a unit in a fight cannot shoot."""
    st = active(start([unit("a", US, 0, 0), unit("b", THEM, 1.2, 0)]), "a")
    refused(st, Shoot("a", "musket", "b"), "HD-HOUSE-8")


def test_HD_HOUSE_9_concentrate_aims_and_focus_heals():
    """HD-HOUSE-9: Concentrate adds 1 SHS to the unit's shots this activation (once); Focus
    restores 1 LP, never above the start."""
    st = active(start([unit("a", US, 0, 0, shs=3), unit("b", THEM, 5, 0, defence=3)]), "a")
    conc = do(st, Concentrate("a"))
    refused(conc.state, Concentrate("a"), "HD-HOUSE-9")
    out = do(conc.state, Shoot("a", "musket", "b"), [1, 1, 1, 1])
    assert first(out, "hd.roll")["value"] == 4 and "HD-HOUSE-9" in first(out, "hd.roll").rules
    hurt = active(start([unit("a", US, 0, 0, lp=3, max_lp=5), unit("b", THEM, 9, 0)]), "a")
    assert do(hurt, Focus("a")).state.unit("a").lp == 4
    whole = active(start([unit("a", US, 0, 0, lp=5), unit("b", THEM, 9, 0)]), "a")
    assert do(whole, Focus("a")).state.unit("a").lp == 5


def test_HD_HOUSE_10_vae_victis_once_per_side():
    """HD-HOUSE-10: the order adds 1 automatic damage for a unit that strikes in the sequence;
    each side may give it once a game; not for a unit that does not roll."""
    st = active(start([unit("a", US, 0, 0, cbt=1, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None, pr=5),
                       unit("c", THEM, 9, 9)], ask_reduction=True), "a")
    out = do(st, Fight("a", "b"), [6])
    refused(out.state, VaeVictis("b"), "HD-HOUSE-10")  # one-sided: b does not strike
    given = do(out.state, VaeVictis("a"))
    assert given.state.vae(US) == 0
    refused(given.state, VaeVictis("a"), "HD-HOUSE-10")
    done = do(given.state, UseHits(1))
    assert first(done, "hd.damage")["loss"] == 1  # T(1) = 1 < PR 5, +1 automatic


def test_HD_HOUSE_11_the_game_ends_by_wipe_out_or_on_points():
    """HD-HOUSE-11: a side with no unit left loses at once; otherwise after the last round the
    side with more points of destroyed enemies wins (equal: a draw)."""
    st = active(start([unit("a", US, 0, 0, cbt=5, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None, lp=1)]), "a")
    out = do(st, Fight("a", "b"), [6] * 5)
    assert out.state.over and out.state.winners == (US,)
    assert SYSTEM.outcome(out.state).winners == (US,) and SYSTEM.current_player(out.state) is None
    assert SYSTEM.outcome(out.state).reason is EndReason.WIPED_OUT
    assert out.state.end_reason == "them wiped out (HD-HOUSE-11)"
    refused(out.state, End("a"), "HD-HOUSE-11")
    st = start([unit("a", US, 0, 0), unit("b", THEM, 9, 9)], rounds=1)
    st = do(do(active(st, "a"), End("a")).state, Activate("b")).state
    over = do(st, End("b"))
    assert over.state.over and over.state.winners == ()
    assert SYSTEM.outcome(over.state).reason is EndReason.POINTS and SYSTEM.outcome(over.state).reason == "points"
    assert over.state.end_reason == "after 1 rounds: us 0 points, them 0 points (HD-HOUSE-11)"
    st = start([unit("a", US, 0, 0), unit("b", THEM, 5, 0, defence=3, lp=1, points=30), unit("c", THEM, 0, 9)],
               rounds=1)
    st = do(active(st, "a"), Shoot("a", "musket", "b"), [6, 6, 6]).state
    st = do(active(st, "c"), End("c")).state
    assert st.over and st.winners == (US,) and dict(SYSTEM.outcome(st).scores) == {US: 30.0, THEM: 0.0}


def test_HD_HOUSE_13_choices_only_when_asked():
    """HD-HOUSE-13: with the default flags the engine re-rolls misses left to right and uses every
    hit; an answer with no choice pending is refused."""
    st = active(start([unit("a", US, 0, 0, cbt=7, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None)]), "a")
    out = do(st, Fight("a", "b"), [1, 6, 1, 6, 6, 6, 6])
    assert out.state.pending is None and first(out, "hd.reroll")["indices"] == (0, 2)
    refused(st, UseHits(1), "HD-HOUSE-13")
    refused(st, PickWeapon("sword"), "HD-HOUSE-13")


def test_HD_0_1_terminology_in_english_and_russian():
    """HD-0-1: the seed's terms in both languages, and every rule cited by where it comes from."""
    st = active(start([unit("a", US, -4, 0), unit("b", THEM, 0, 0, cbt=None)]), "a")
    out = do(st, Charge("a", "b", "sword"), [1] * 3)
    ev = first(out, "hd.charge")
    en, ru = SYSTEM.explain(ev, "en"), SYSTEM.explain(ev, "ru")
    assert "charges" in en and "seed: HD-MELEE-16" in en and "house: HD-HOUSE-7" in en
    assert "рывок" in ru and "домашние: HD-HOUSE-7" in ru
    foc = do(active(start([unit("a", US, 0, 0), unit("b", THEM, 9, 9)]), "a"), Focus("a"))
    assert "медитирует" in SYSTEM.explain(first(foc, "hd.focus"), "ru")
    assert "focuses" in SYSTEM.explain(first(foc, "hd.focus"), "en")
    assert events(out, "hd.roll") and "CBT" in SYSTEM.explain(first(out, "hd.charge"), "en")


def test_shooting_needs_a_ranged_weapon():
    """HD-MELEE-24: shooting uses only ranged weapon tables."""
    st = active(start([unit("a", US, 0, 0, weapons=(SWORD, MUSKET)), unit("b", THEM, 5, 0)]), "a")
    refused(st, Shoot("a", "sword", "b"), "HD-MELEE-24")
