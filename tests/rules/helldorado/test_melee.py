"""Melee (HD-MELEE-1..24) through the rule system with scripted dice, and the melee test vectors
HD-TV-E2, HD-TV-E6, HD-TV-E10, HD-TV-E11.

Dice order in an attack sequence: the attacker's dice, the defender's dice, then the attacker's
re-rolls and the defender's."""

from __future__ import annotations

import pytest

from game.rules.helldorado.commands import (
    Charge,
    Concentrate,
    End,
    Fight,
    Focus,
    Move,
    PickAttacker,
    PickWeapon,
    Retreat,
    UseHits,
    VaeVictis,
)
from game.rules.helldorado.state import Weapon
from tests.rules.helldorado.scene import (
    MUSKET,
    SWORD,
    SYSTEM,
    T_SWORD,
    THEM,
    US,
    active,
    do,
    events,
    first,
    moved,
    refused,
    start,
    unit,
)

DAGGER = Weapon("dagger", "Dagger", "melee", (1, 1, 2, 2, 3))
AXE = Weapon("axe", "Axe", "melee", (2, 4, 6, 8, 10))


def duel(**kw):
    """a (us) touches b (them), a is active."""
    a = unit("a", US, 0, 0, **kw.pop("a", {}))
    b = unit("b", THEM, 1.2, 0, **kw.pop("b", {}))
    return active(start([a, b, *kw.pop("more", [])], **kw), "a")


def test_HD_MELEE_1_no_ability_during_an_attack_sequence_but_vae_victis():
    """HD-MELEE-1: while an attack sequence waits on a choice, abilities (Concentrate, Focus) and
    any other action are refused; the order Vae Victis is the exception."""
    st = duel(a={"cbt": 3, "weapons": (SWORD,)}, b={"cbt": None, "pr": 0}, ask_reduction=True)
    out = do(st, Fight("a", "b"), [6, 6, 1])
    assert out.state.pending is not None and out.state.pending.kind == "hits"
    for cmd in (Concentrate("a"), Focus("a"), Move("a", 180, 1.0), End("a")):
        refused(out.state, cmd, "HD-MELEE-1")
    vae = do(out.state, VaeVictis("a"))
    assert first(vae, "hd.vae_victis").rules == ("HD-MELEE-1", "HD-HOUSE-10")
    done = do(vae.state, UseHits(2))
    assert first(done, "hd.damage")["loss"] == T_SWORD[1] + 1
    refused(st, VaeVictis("a"), "HD-MELEE-1")  # no attack sequence under way


def test_HD_MELEE_2_an_engaged_unit_may_fight_any_opponent_around_it():
    """HD-MELEE-2: engaged with b and c, a may start an attack sequence against either; not
    against an enemy it does not touch."""
    more = [unit("c", THEM, 0, 1.2), unit("far", THEM, 9, 9)]
    st = duel(more=more)
    legal = SYSTEM.legal_commands(st)
    assert {c.target for c in legal if isinstance(c, Fight)} == {"b", "c"}
    refused(st, Fight("a", "far"), "HD-MELEE-2")
    assert SYSTEM.engaged(st, st.unit("a"))


def test_HD_MELEE_3_always_two_units_the_others_only_support():
    """HD-MELEE-3: in a fight of a against b with c touching b, only a and b roll; c supports."""
    st = duel(a={"cbt": 3, "weapons": (SWORD,)}, b={"cbt": 2, "weapons": (SWORD,)},
              more=[unit("c", US, 1.2, 1.2, weapons=(SWORD,))])
    out = do(st, Fight("a", "b"), [1, 1, 1, 1, 1, 1])
    rolls = events(out, "hd.roll")
    assert [r.actor for r in rolls] == ["a", "b"]
    assert rolls[0]["value"] == 4 and "HD-MELEE-3" in rolls[0].rules


def test_HD_MELEE_4_no_attack_on_friends():
    """HD-MELEE-4: neither a fight nor a charge against one's own units."""
    st = duel(more=[unit("f", US, 0, 1.2), unit("g", US, 0, -4)])
    refused(st, Fight("a", "f"), "HD-MELEE-4")
    refused(st, Charge("a", "g"), "HD-MELEE-4")


def test_HD_MELEE_5_no_CBT_cannot_engage_and_attacks_on_it_are_one_sided():
    """HD-MELEE-5: a unit without CBT cannot engage, even with support; attacked, it rolls nothing."""
    st = duel(a={"cbt": None}, more=[unit("c", US, 1.2, 1.2)])
    refused(st, Fight("a", "b"), "HD-MELEE-5")
    far = active(start([unit("a", US, 0, 0, cbt=None), unit("b", THEM, 0, -4)]), "a")
    refused(far, Charge("a", "b"), "HD-MELEE-5")
    st = duel(b={"cbt": None})
    out = do(st, Fight("a", "b"), [6, 6, 6, 6])
    assert [r.actor for r in events(out, "hd.roll")] == ["a"]
    assert "HD-MELEE-17" in first(out, "hd.roll").rules
    assert not SYSTEM.engaged(st, st.unit("a"))  # nothing that can engage touches a


def test_HD_MELEE_6_dice_equal_CBT_after_modifiers():
    """HD-MELEE-6: CBT with every modifier: here a charge (−1) with one supporting ally (+1)."""
    st = active(start([unit("a", US, -5, 0, cbt=4), unit("b", THEM, 0, 0, cbt=None),
                       unit("c", US, 1.2, 0)]), "a")
    out = do(st, Charge("a", "b", "sword"), [1, 1, 1, 1])
    roll = first(out, "hd.roll")
    assert roll["value"] == 4 and roll["dice"] == 4
    assert {m[0] for m in roll["mods"]} == {"charge", "support"}


def test_HD_MELEE_8_each_side_needs_the_others_DEF():
    """HD-MELEE-8: a's dice need b's DEF, b's dice need a's DEF."""
    st = duel(a={"cbt": 2, "defence": 5}, b={"cbt": 2, "defence": 3})
    out = do(st, Fight("a", "b", "sword"), [3, 2, 5, 4])
    ra, rb = events(out, "hd.roll")
    assert (ra["diff"], ra["hits"]) == (3, 1) and (rb["diff"], rb["hits"]) == (5, 1)


def test_HD_MELEE_10_the_weapon_table_gives_the_damage():
    """HD-MELEE-10: the hits are looked up on the weapon's own damage table."""
    st = duel(a={"cbt": 2, "weapons": (SWORD, AXE)}, b={"cbt": None})
    sword = do(st, Fight("a", "b", "sword"), [6, 6])
    axe = do(st, Fight("a", "b", "axe"), [6, 6])
    assert first(sword, "hd.damage")["damage"] == 2 and first(axe, "hd.damage")["damage"] == 4


def test_HD_TV_E2_protection_and_voluntary_reduction():
    """HD-TV-E2, HD-MELEE-11, HD-MELEE-12: 3 hits with T_sword against PR 4 → max(0, 3 − 4) = 0; the
    attacker may use 2 hits or none, never more than it scored."""
    st = duel(a={"cbt": 3, "weapons": (SWORD,)}, b={"cbt": None, "pr": 4}, ask_reduction=True)
    out = do(st, Fight("a", "b"), [6, 5, 4])
    p = out.state.pending
    assert p is not None and p.kind == "hits" and p.options == ("0", "1", "2", "3")
    refused(out.state, UseHits(4), "HD-MELEE-11")
    for used, damage in ((3, 3), (2, 2), (0, 0)):
        done = do(out.state, UseHits(used))
        dmg = first(done, "hd.damage")
        assert (dmg["used"], dmg["damage"], dmg["pr"], dmg["loss"]) == (used, damage, 4, 0)
    # a kinder reduction that still hurts
    st = duel(a={"cbt": 3, "weapons": (SWORD,)}, b={"cbt": None, "pr": 0}, ask_reduction=True)
    done = do(do(st, Fight("a", "b"), [6, 5, 4]).state, UseHits(1))
    assert done.state.unit("b").lp == 19


def test_HD_TV_E10_damage_is_simultaneous():
    """HD-TV-E10, HD-MELEE-13, HD-MELEE-14: A rolls [3,5,2,1] vs DEF 3 → 2 hits → B (LP 2) dies; B rolls
    [6,4,2] vs DEF 4 → 2 hits → 2 − 1 = 1: A still loses it, LP 3 → 2."""
    st = duel(a={"cbt": 4, "defence": 4, "pr": 1, "lp": 3, "weapons": (SWORD,)},
              b={"cbt": 3, "defence": 3, "pr": 0, "lp": 2, "weapons": (Weapon("t", "T", "melee", (1, 2, 3, 4, 5)),)},
              more=[unit("other", THEM, 9, 9)])
    out = do(st, Fight("a", "b"), [3, 5, 2, 1, 6, 4, 2])
    assert out.state.unit("b").lp == 0 and out.state.unit("a").lp == 2
    assert [e.actor for e in events(out, "hd.death")] == ["b"]
    assert "HD-MELEE-13" in {r for e in out.events for r in e.rules}


def test_HD_MELEE_14_the_reaper_and_HD_MELEE_15_survivors_go_free():
    """HD-MELEE-14: at 0 LP a unit dies (its points go to the other side); HD-MELEE-15: a survivor
    with LP left whose only opponent died is free again."""
    st = duel(a={"cbt": 3, "weapons": (SWORD,)}, b={"cbt": 1, "lp": 3, "points": 25},
              more=[unit("x", THEM, 9, 9)])
    out = do(st, Fight("a", "b"), [6, 6, 6, 6])
    assert not out.state.unit("b").alive and out.state.unit("a").lp == 19
    assert out.state.score(US) == 25
    assert not SYSTEM.engaged(out.state, out.state.unit("a"))
    assert "b" not in [u.id for u in out.state.alive()]


def test_HD_MELEE_16_a_charge_costs_one_CBT():
    """HD-MELEE-16: the attack sequence of a charge is rolled at CBT − 1; a later fight is not."""
    st = active(start([unit("a", US, -5, 0, cbt=4), unit("b", THEM, 0, 0, cbt=3)]), "a")
    out = do(st, Charge("a", "b", "sword"), [1, 1, 1, 1, 1, 1])
    ra = first(out, "hd.roll")
    assert ra["value"] == 3 and ("charge", -1, "HD-MELEE-16") in ra["mods"]
    assert out.state.unit("a").x == pytest.approx(-1.2)
    st2 = active(out.state, "b")
    out2 = do(st2, Fight("b", "a", "sword"), [1, 1, 1, 1, 1, 1, 1])
    assert [r["value"] for r in events(out2, "hd.roll")] == [3, 4]


def test_HD_MELEE_17_one_sided_attacks_keep_every_modifier():
    """HD-MELEE-17: the defender rolls nothing, but support, the charge, attack from above and DEF
    penalties all still apply."""
    st = active(start([unit("a", US, -5, 0, cbt=4, z=0.6), unit("b", THEM, 0, 0, cbt=None),
                       unit("c", US, 1.2, 0)]), "a")
    out = do(st, Charge("a", "b", "sword"), [1, 1, 1, 1, 1])
    rolls = events(out, "hd.roll")
    assert len(rolls) == 1
    assert {m[0] for m in rolls[0]["mods"]} == {"charge", "support", "above"}
    assert rolls[0]["value"] == 5 and "HD-MELEE-17" in rolls[0].rules


@pytest.mark.parametrize(("z", "contact", "bonus"), [(1.2, False, 0), (1.0, True, 1), (0.6, True, 1),
                                                      (0.4, True, 0)])
def test_HD_TV_E6_attack_from_above_and_head_below_base(z, contact, bonus):
    """HD-TV-E6, HD-MELEE-18, HD-MELEE-19: B on the floor (h 1); A on a ledge at z: 1.2 → no contact (B's
    head is below A's base); 1.0 and 0.6 → contact and +1 CBT; 0.4 → contact, no bonus."""
    st = duel(a={"cbt": 3, "z": z}, b={"cbt": None})
    a, b = st.unit("a"), st.unit("b")
    assert SYSTEM.contact(st, a, b) is contact
    if not contact:
        refused(st, Fight("a", "b"), "HD-MELEE-19")
        assert not SYSTEM.engaged(st, b)
        return
    out = do(st, Fight("a", "b", "sword"), [1] * (3 + bonus))
    roll = first(out, "hd.roll")
    assert roll["value"] == 3 + bonus
    assert (("above", 1, "HD-MELEE-18") in roll["mods"]) is bool(bonus)


def test_HD_MELEE_18_no_attack_from_above_when_flying():
    """HD-MELEE-18 / HD-AMB-10: "standing on the ground" means not flying."""
    st = duel(a={"cbt": 3, "z": 0.6, "flying": True}, b={"cbt": None})
    out = do(st, Fight("a", "b", "sword"), [1, 1, 1])
    assert first(out, "hd.roll")["value"] == 3


def test_HD_MELEE_19_head_below_base_no_charge_no_support():
    """HD-MELEE-19: a unit whose head is below the other's base is not in contact: it cannot be
    charged from there and gives no support."""
    st = active(start([unit("a", US, 0, 0, cbt=3), unit("b", THEM, 1.2, 0, cbt=None, z=1.5),
                       unit("c", US, 2.4, 0, z=1.5)]), "a")
    assert not SYSTEM.contact(st, st.unit("a"), st.unit("b"))
    assert SYSTEM.supporters(st, st.unit("a"), st.unit("b")) == ["c"]
    high = moved(st, "a", z=1.5)
    low_c = moved(high, "c", z=0.0)
    assert SYSTEM.supporters(low_c, low_c.unit("a"), low_c.unit("b")) == []


def test_HD_MELEE_20_concentration_while_engaged():
    """HD-MELEE-20: concentrating while engaged with a unit that is not harmless costs −1 CBT and
    −1 DEF for the rest of the activation; engaged only with a harmless unit, nothing."""
    st = duel(a={"cbt": 4, "defence": 4}, b={"cbt": 3})
    conc = do(st, Concentrate("a"))
    assert first(conc, "hd.concentrate")["penalty"] is True
    out = do(conc.state, Fight("a", "b", "sword"), [1] * 6)
    ra, rb = events(out, "hd.roll")
    assert ra["value"] == 3 and rb["diff"] == 3
    assert "HD-MELEE-20" in ra.rules
    meek = duel(a={"cbt": 4}, b={"cbt": 3, "harmless": True})
    conc = do(meek, Concentrate("a"))
    assert first(conc, "hd.concentrate")["penalty"] is False
    out = do(conc.state, Fight("a", "b", "sword"), [1] * 7)
    assert events(out, "hd.roll")[0]["value"] == 4


def test_HD_TV_E11_support_charge_and_a_one_sided_retreat():
    """HD-TV-E11, HD-MELEE-16, HD-MELEE-17, HD-MELEE-21, HD-MELEE-23: A (CBT 4) charges B while its ally C touches B: 4 − 1 + 1 =
    4 dice. Then B (CBT 3, DEF 4) retreats from A and C; the opponent picks A, which rolls
    CBT 4 + 1 (C supports) = 5 dice; B rolls nothing."""
    units = [unit("A", US, -6, 0, cbt=4, weapons=(SWORD,)), unit("B", THEM, 0, 0, cbt=3, defence=4,
                                                                  weapons=(SWORD,)),
             unit("C", US, 1.2, 0, cbt=2, weapons=(SWORD,))]
    st = active(start(units), "A")
    out = do(st, Charge("A", "B"), [1, 1, 1, 1, 1, 1, 1])
    ra, rb = events(out, "hd.roll")
    assert (ra.actor, ra["value"], ra["dice"]) == ("A", 4, 4)
    assert (rb.actor, rb["value"]) == ("B", 3)
    st = active(out.state, "B")
    ret = do(st, Retreat("B", 270.0, 2.0))
    p = ret.state.pending
    assert p is not None and p.kind == "attacker" and p.side == US and p.options == ("A", "C")
    assert SYSTEM.current_player(ret.state) == US
    refused(ret.state, PickAttacker("B"), "HD-MELEE-21")
    done = do(ret.state, PickAttacker("A"), [1, 1, 1, 1, 1])
    rolls = events(done, "hd.roll")
    assert [(r.actor, r["value"], r["dice"]) for r in rolls] == [("A", 5, 5)]
    assert ("support", 1, "HD-MELEE-23") in rolls[0]["mods"]
    b = done.state.unit("B")
    assert (b.x, b.y) == pytest.approx((0.0, -2.0))
    assert not SYSTEM.engaged(done.state, b)
    assert done.state.activation is not None and done.state.activation.retreated


def test_HD_MELEE_21_retreat_rules():
    """HD-MELEE-21: only an engaged unit retreats; it must end out of contact; an engaged unit
    cannot simply move away; a lone enemy strikes without being picked; after it the unit may
    not act (HD-HOUSE-6)."""
    st = duel(a={"cbt": 3, "defence": 3}, b={"cbt": 2, "weapons": (SWORD,)})
    refused(st, Move("a", 180.0, 2.0), "HD-MELEE-21")
    refused(st, Retreat("a", 0.0, 1.0), "HD-HOUSE-4")  # straight into b: cannot move at all
    out = do(st, Retreat("a", 180.0, 2.0), [1, 1])
    assert first(out, "hd.striker").actor == "b" and out.state.pending is None
    assert out.state.unit("a").x == pytest.approx(-2.0)
    refused(out.state, Fight("a", "b"), "HD-HOUSE-6")
    free = active(start([unit("a", US, 0, 0), unit("b", THEM, 5, 0)]), "a")
    refused(free, Retreat("a", 180.0, 1.0), "HD-MELEE-21")


def test_HD_MELEE_21_retreat_attacker_chosen_by_the_retreater_when_configured():
    """HD-AMB-18 (cfg retreat_attacker_choice): the alternative reading lets the retreating side pick."""
    st = duel(more=[unit("c", THEM, 0, 1.2)], retreat_attacker_choice="retreater")
    out = do(st, Retreat("a", 180.0, 2.0))
    assert out.state.pending is not None and out.state.pending.side == US


def test_HD_MELEE_22_focus_draws_a_one_sided_attack_at_minus_one_DEF():
    """HD-MELEE-22: focusing while engaged: one engaged enemy attacks (the others support it) and
    the focusing unit has −1 DEF against it; then it regains its LP (HD-HOUSE-9)."""
    st = duel(a={"defence": 4, "lp": 10, "max_lp": 12}, b={"cbt": 3, "weapons": (SWORD,)},
              more=[unit("c", THEM, 0, 1.2, cbt=2)])
    out = do(st, Focus("a"))
    assert out.state.pending is not None and out.state.pending.options == ("b", "c")
    done = do(out.state, PickAttacker("b"), [3, 3, 3, 3])
    roll = first(done, "hd.roll")
    assert (roll.actor, roll["value"], roll["diff"]) == ("b", 4, 3)
    assert ("focus", -1, "HD-MELEE-22") in roll["def_mods"]
    assert first(done, "hd.heal")["gained"] == 1
    assert done.state.activation is None


def test_HD_MELEE_23_support_counts_allies_that_can_engage():
    """HD-MELEE-23: A's allies C and D touch B → +2; B's ally E touches A → +1 for B; a paralysed
    ally F touching B adds nothing."""
    units = [unit("A", US, 0, 0, cbt=3, weapons=(SWORD,)), unit("B", THEM, 1.2, 0, cbt=3, weapons=(SWORD,)),
             unit("C", US, 1.2, 1.2), unit("D", US, 1.2, -1.2), unit("E", THEM, -1.2, 0),
             unit("F", US, 2.4, 0, paralysed=True)]
    st = active(start(units), "A")
    assert sorted(SYSTEM.supporters(st, st.unit("A"), st.unit("B"))) == ["C", "D"]
    out = do(st, Fight("A", "B"), [1] * 9)
    ra, rb = events(out, "hd.roll")
    assert (ra["value"], rb["value"]) == (5, 4)


def test_HD_MELEE_24_several_weapons_declared_or_chosen_by_the_opponent():
    """HD-MELEE-24: a unit with several melee tables says which before the dice; if it does not,
    the opponent picks the table. Ranged weapons have no melee table."""
    st = duel(a={"cbt": 2, "weapons": (SWORD, AXE, MUSKET)}, b={"cbt": None})
    refused(st, Fight("a", "b", "musket"), "HD-MELEE-24")
    declared = do(st, Fight("a", "b", "axe"), [6, 6])
    assert first(declared, "hd.damage")["weapon"] == "axe"
    undeclared = do(st, Fight("a", "b"))
    p = undeclared.state.pending
    assert p is not None and (p.kind, p.side, p.options) == ("table", THEM, ("sword", "axe"))
    chosen = do(undeclared.state, PickWeapon("sword"), [6, 6])
    assert first(chosen, "hd.damage")["damage"] == 2
    # the defender, too, declares its weapon or leaves the choice to the attacker's side
    st = duel(a={"cbt": 1, "weapons": (SWORD,)}, b={"cbt": 1, "weapons": (DAGGER, AXE)})
    out = do(st, Fight("a", "b"))
    p = out.state.pending
    assert p is not None and (p.kind, p.side, p.options) == ("declare", THEM, ("dagger", "axe", ""))
    nothing = do(out.state, PickWeapon(""))
    p = nothing.state.pending
    assert p is not None and (p.kind, p.side) == ("table", US)
    done = do(nothing.state, PickWeapon("dagger"), [1, 6])
    assert events(done, "hd.damage")[1]["weapon"] == "dagger"


def test_HD_MELEE_24_a_striker_of_a_retreat_declares_its_weapon():
    """HD-MELEE-24 with HD-MELEE-21: the enemy striking a retreating unit did not start the
    sequence, so its side is asked to declare; declaring nothing leaves the table to the retreater."""
    st = duel(a={"defence": 3}, b={"cbt": 2, "weapons": (SWORD, AXE)})
    out = do(st, Retreat("a", 180.0, 2.0))
    p = out.state.pending
    assert p is not None and (p.kind, p.side, p.unit, p.options) == ("declare", THEM, "b", ("sword", "axe", ""))
    axe = do(out.state, PickWeapon("axe"), [6, 6])
    assert first(axe, "hd.damage")["weapon"] == "axe" and axe.state.unit("a").x == pytest.approx(-2.0)
    left = do(out.state, PickWeapon(""))
    assert left.state.pending is not None and left.state.pending.side == US
