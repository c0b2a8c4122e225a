"""Attacks, defence, the cheese wheel and the GM's minions (MM-DICE, MM-MELEE, MM-DEF,
MM-RANGED, MM-WHEEL, MM-MIN, MM-END-7/8) with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.commands import Attack, EndTurn, GmTurn, WheelAdd
from game.rules.mice_and_mystics.dice import DEFENCE, MELEE, RANGED, SUCCESS, TABLE, read, read_roll, symbol
from tests.rules.mice_and_mystics.scene import SYSTEM, C, K, all_of, first, kinds, legal, run, scene

SURGE_DECK = sorted(cards.surges())
THREADS = SURGE_DECK.index("falling_threads") + 1  #: the die face that draws this surge card


def refused(state, command, rule):
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.apply(state, command, ScriptedDice([]))
    assert err.value.rule_id == rule, err.value


def gm_scene(mice, minions, entity="minions:rat", **kw):
    order = kw.pop("order", None) or ((entity,) + tuple(mice))
    return scene(mice, minions, turn=None, order=order, index=order.index(entity), phase="gm", **kw)


# --------------------------------------------------------------------------- MM-DICE


def test_MM_DICE_3_the_table():
    assert [read(f, MELEE) for f in range(1, 7)] == ["miss", "miss", "hit", "hit", "hit", "cheese"]
    assert [read(f, RANGED) for f in range(1, 7)] == ["miss", "miss", "miss", "hit", "hit", "cheese"]
    assert [read(f, DEFENCE) for f in range(1, 7)] == ["wound", "wound", "wound", "block", "block", "cheese"]
    assert [read(f, SUCCESS) for f in range(1, 7)] == ["fail", "fail", "fail", "success", "success", "success"]
    assert read_roll((6, 6), SUCCESS).cheese == 0  # a success check gives no cheese
    assert symbol(3, MELEE) == "sword" and symbol(4, RANGED) == "bow" and symbol(5, DEFENCE) == "shield"
    assert symbol(6, MELEE) == "cheese" and symbol(6, SUCCESS) == "star" and set(TABLE) == {MELEE, RANGED, DEFENCE, SUCCESS}


def test_MM_DICE_2_each_die_is_read_alone():
    r = read_roll((1, 3, 6, 5), MELEE)
    assert (r.hits, r.misses, r.cheese) == (2, 1, 1)


def test_MM_DICE_1_sixes_are_cheese_for_the_roller():
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(1)),))
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 6, 6, 1)
    assert a.state.mouse("tilly").cheese == 2 and a.state.wheel == 0
    b = run(gm_scene({"tilly": C(1)}, (("rat_1", "rat", C(1)),)), GmTurn("minions:rat"), 6, 1)
    assert b.state.wheel == 1 and b.state.mouse("tilly").cheese == 0


# --------------------------------------------------------------------------- MM-MELEE, MM-DEF


def test_MM_TV_2_MM_MELEE_2_MM_MELEE_3_dice_count_and_reading():
    """MM-TV-2 (MM-MELEE-2, MM-MELEE-3, MM-DICE-1): Battle 2, chosen +1, other +2 -> 3 dice;
    1, 3, 6 -> 1 miss, 1 hit, 1 cheese, and a defence roll."""
    state = scene({"tilly": {"cell": C(1), "equipped": ("oak_sword", "sewing_needle"), "cheese": 0}},
                  (("rat_1", "rat", C(2)),))
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 1, 3, 6, 1, 1)
    att = first(a, "mm.attack")
    assert (att["dice"], att["misses"], att["hits"], att["cheese"]) == (3, 1, 1, 1)
    assert a.state.mouse("tilly").cheese == 1 and "mm.defence" in kinds(a)


def test_MM_MELEE_2_non_weapon_bonuses_count_other_weapons_do_not():
    t = replace(scene({"tilly": C(1)}).mouse("tilly"), equipped=("oak_sword", "sewing_needle", "lucky_bead"))
    assert SYSTEM.attack_dice(t, "oak_sword") == 2 + 1 + 1 and SYSTEM.attack_dice(t, "sewing_needle") == 2 + 2 + 1


def test_MM_MELEE_1_an_equipped_melee_weapon_and_a_minion_in_reach():
    state = scene({"tilly": {"cell": C(1), "pack": ("pin_dagger",)}}, (("rat_1", "rat", C(2)), ("rat_2", "rat", C(3))))
    refused(state, Attack("tilly", "pin_dagger", "rat_1"), "MM-EQUIP-5")
    refused(state, Attack("tilly", "walnut_shield", "rat_1"), "MM-MELEE-1")
    refused(state, Attack("tilly", "oak_sword", "rat_2"), "MM-MELEE-1")
    refused(state, Attack("tilly", "oak_sword", "nobody"), "MM-MELEE-1")
    assert {c.target for c in legal(state) if isinstance(c, Attack)} == {"rat_1"}


def test_MM_TV_5_MM_MELEE_4_no_hit_no_defence():
    """MM-TV-5 (MM-MELEE-4, MM-DICE-1): 1, 2, 6 -> no defence, 1 cheese, wheel unchanged."""
    state = scene({"tilly": {"cell": C(1), "cheese": 0}}, (("rat_1", "rat", C(2)),), wheel=5)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 1, 2, 6, pad=False)
    assert run.used == 3 and "mm.defence" not in kinds(a) and "mm.no_defence" in kinds(a)
    assert a.state.mouse("tilly").cheese == 1 and a.state.wheel == 5 and a.state.minion("rat_1").wounds == 0


def test_MM_TV_3_MM_DEF_1_MM_DEF_2_MM_DEF_3_blocks_and_wounds():
    """MM-TV-3 (MM-DEF-1, MM-DEF-2, MM-DEF-3): 2 hits on defence 2, rolls 3 and 4 -> 1 wound."""
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),), wheel=0)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 4, 1, 3, 4)
    d = first(a, "mm.defence")
    assert (d["hits"], d["dice"], d["blocks"], d["wounds"]) == (2, 2, 1, 1)
    assert a.state.minion("rat_1").wounds == 1 and a.state.wheel == 0


def test_MM_TV_4_MM_WHEEL_2_a_six_on_defence_is_cheese_not_a_block():
    """MM-TV-4 (MM-DEF-2, MM-DEF-3, MM-WHEEL-2, MM-DICE-3): 6, 6 -> 0 blocks, 2 wounds, wheel +2."""
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),), wheel=2)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 4, 1, 6, 6)
    d = first(a, "mm.defence")
    assert (d["blocks"], d["wounds"]) == (0, 2) and a.state.wheel == 4
    assert not a.state.has_minion("rat_1")  # 2 wounds = its life (MM-DEF-4)


def test_MM_DEF_1_a_mouse_adds_its_equipped_defence():
    t = scene({"tilly": C(1)}).mouse("tilly")
    assert SYSTEM.mouse_defence(t) == 2 + 1  # the walnut shield
    assert SYSTEM.mouse_defence(replace(t, equipped=("oak_sword",), pack=("walnut_shield",))) == 2


def test_MM_DEF_4_defeated_minions_leave_and_mice_are_captured_at_zero():
    state = scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(2)),))
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 3, 1, 1)
    assert "mm.defeated" in kinds(a) and not a.state.has_minion("rat_1")
    hurt = gm_scene({"tilly": {"cell": C(1), "wounds": 4}, "bram": C(5)}, (("rat_1", "rat", C(1)),))
    b = run(hurt, GmTurn("minions:rat"), 3, 1, 1, 1, 1)
    assert b.state.mouse("tilly").captured and "MM-DEF-4" in first(b, "mm.captured").rules


def test_MM_DEF_5_minion_attacks_mirror_and_the_mouse_keeps_its_sixes():
    state = gm_scene({"tilly": {"cell": C(1), "cheese": 0}, "bram": C(5)}, (("rat_1", "rat", C(1)),))
    a = run(state, GmTurn("minions:rat"), 3, 6, 1, 1, 1)
    att, d = first(a, "mm.attack"), first(a, "mm.defence")
    assert att["row"] == MELEE and att["dice"] == 2 and (att["hits"], att["cheese"]) == (1, 1)
    assert d["dice"] == 3 and d["cheese"] == 0 and a.state.wheel == 1
    assert a.state.mouse("tilly").wounds == 1
    b = run(state, GmTurn("minions:rat"), 3, 3, 6, 4, 4)
    assert b.state.mouse("tilly").cheese == 1 and b.state.mouse("tilly").wounds == 0


def test_MM_DEF_6_the_program_rolls_or_the_gm_types_the_faces():
    state = gm_scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(1)),))
    typed = SYSTEM.apply(state, GmTurn("minions:rat"), ScriptedDice([5, 5, 1, 1, 1] + [1] * 5))
    assert first_event(typed, "mm.attack")["faces"] == (5, 5) and "MM-DEF-6" in first_event(typed, "mm.gm_turn").rules
    from game.core.dice import SeededDice
    one, two = SeededDice(7), SeededDice(7)
    assert SYSTEM.apply(state, GmTurn("minions:rat"), one).state == SYSTEM.apply(state, GmTurn("minions:rat"), two).state


def first_event(applied, kind):
    return next(e for e in applied.events if e.kind == kind)


def test_MM_DEF_7_MM_END_8_defence_cheese_and_its_surge_come_before_wounds():
    state = scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(2)),), wheel=5, page=5, end_page=6)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 3, 6, 1)
    order = kinds(a)
    assert order.index("mm.defence") < order.index("mm.surge") < order.index("mm.chapter_lost")
    assert a.state.result == "lost" and a.state.has_minion("rat_1")  # the wounds never came
    assert "MM-END-8" in first(a, "mm.chapter_lost").rules


# --------------------------------------------------------------------------- MM-RANGED


def test_MM_TV_6_MM_RANGED_4_the_ranged_row():
    """MM-TV-6 (MM-RANGED-4, MM-MELEE-3): Battle 1 + 1: 3, 5 -> 1 ranged hit (2 if melee)."""
    state = scene({"pip": C(5)}, (("rat_1", "rat", C(3)),), turn="pip")
    a = run(state, Attack("pip", "reed_bow", "rat_1"), 3, 5, 1, 1)
    att = first(a, "mm.attack")
    assert att["dice"] == 2 and att["hits"] == 1 and att["row"] == RANGED
    assert read_roll((3, 5), MELEE).hits == 2


def test_MM_TV_18_MM_RANGED_2_MM_RANGED_3_MM_LOS_2_forced_target():
    """MM-TV-18 (MM-RANGED-2, MM-RANGED-3, MM-LOS-2): an adjacent minion must be the target."""
    state = scene({"pip": C(5)}, (("m1", "roach", C(6)), ("m2", "rat", C(3))), turn="pip")
    assert SYSTEM.graph(state).sees(C(5), C(3))
    assert [c.target for c in legal(state) if isinstance(c, Attack)] == ["m1"]
    refused(state, Attack("pip", "reed_bow", "m2"), "MM-RANGED-3")
    alone = scene({"pip": C(5)}, (("m2", "rat", C(3)),), turn="pip")
    assert [c.target for c in legal(alone) if isinstance(c, Attack)] == ["m2"]


def test_MM_RANGED_1_needs_an_equipped_ranged_weapon():
    state = scene({"tilly": C(5)}, (("m2", "rat", C(3)),))
    refused(state, Attack("tilly", "oak_sword", "m2"), "MM-MELEE-1")
    refused(state, Attack("tilly", "oak_sword", "m2", mode="ranged"), "MM-RANGED-6")


def test_MM_RANGED_5_defence_and_wounds_as_melee():
    state = scene({"pip": C(5)}, (("m2", "rat", C(3)),), turn="pip")
    a = run(state, Attack("pip", "reed_bow", "m2"), 4, 5, 1, 4)
    assert first(a, "mm.defence")["wounds"] == 1 and "MM-RANGED-5" in first(a, "mm.attack").rules


def test_MM_RANGED_6_a_staff_attacks_either_way_and_the_choice_fixes_the_rules():
    state = scene({"hazel": C(5)}, (("m1", "rat", C(6)), ("m2", "rat", C(3))), turn="hazel")
    melee = run(state, Attack("hazel", "willow_staff", "m1", mode="melee"), 3, 3, 1, 1)
    assert first(melee, "mm.attack")["row"] == MELEE and first(melee, "mm.attack")["hits"] == 2
    ranged = run(state, Attack("hazel", "willow_staff", "m1", mode="ranged"), 3, 3)
    assert first(ranged, "mm.attack")["row"] == RANGED and first(ranged, "mm.attack")["hits"] == 0
    refused(state, Attack("hazel", "willow_staff", "m2", mode="ranged"), "MM-RANGED-3")
    refused(state, Attack("hazel", "willow_staff", "m2", mode="melee"), "MM-MELEE-1")


# --------------------------------------------------------------------------- MM-WHEEL


def test_MM_WHEEL_1_six_slots_starting_at_zero():
    from tests.rules.mice_and_mystics.scene import fresh
    state = fresh()
    assert state.wheel == 0 and SYSTEM.status(state)[1].endswith("0/6")


def test_MM_TV_7_MM_WHEEL_5_MM_END_4_a_full_wheel_surges_and_turns_the_page():
    """MM-TV-7 (MM-WHEEL-2, MM-WHEEL-5, MM-END-4): wheel 5, page 1, a minion rolls one 6."""
    state = gm_scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(1)),), wheel=5, page=1, end_page=5)
    a = run(state, GmTurn("minions:rat"), 6, 1, THREADS)
    assert len(all_of(a, "mm.surge")) == 1 and a.state.page == 2 and a.state.wheel == 0
    assert first(a, "mm.surge_card")["card"] == "falling_threads"


def test_MM_TV_8_MM_WHEEL_5_carry():
    """MM-TV-8 (MM-WHEEL-5, MM-DEF-7): wheel 5, page 2, defence 6, 6 -> surge, page 3, wheel 1."""
    state = scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(2)),), wheel=5, page=2, end_page=5)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 3, 6, 6, THREADS)
    assert len(all_of(a, "mm.surge")) == 1 and a.state.page == 3 and a.state.wheel == 1


def test_MM_TV_9_MM_WHEEL_5_discard():
    """MM-TV-9 (MM-WHEEL-5): ``wheel_overflow: discard`` drops the rest of the roll."""
    state = scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(2)),), wheel=5, page=2, end_page=5,
                  options={"wheel_overflow": "discard"})
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 3, 6, 6, THREADS)
    assert len(all_of(a, "mm.surge")) == 1 and a.state.page == 3 and a.state.wheel == 0
    assert first(a, "mm.wheel_discard")["dropped"] == 1


def test_MM_WHEEL_5_twelve_at_once_surges_twice():
    state = scene({"tilly": C(1), "bram": C(5)}, wheel=0, page=1, end_page=6)
    a = run(state, WheelAdd(12), THREADS, 1)
    assert len(all_of(a, "mm.surge")) == 2 and a.state.page == 3 and a.state.wheel == 0


def test_MM_TV_10_MM_WHEEL_3_MM_ROUND_6_the_last_mouse_feeds_an_empty_board():
    """MM-TV-10 (MM-WHEEL-3, MM-ROUND-6): the rats are gone; the last mouse ends its turn: +1."""
    mice = {"tilly": K(1), "bram": K(1), "pip": K(2), "hazel": K(3)}
    state = scene(mice, (("rat_1", "rat", K(7)),), tile="kitchen", turn="hazel", wheel=3,
                  order=("tilly", "bram", "pip", "hazel", "minions:rat"))
    state = state.with_minion(replace(state.minion("rat_1"), wounds=1))
    killed = run(state, Attack("hazel", "willow_staff", "rat_1", mode="melee"), 3, 1, 1, 1)
    assert killed.state.order == ("tilly", "bram", "pip", "hazel") and "mm.leaves_order" in kinds(killed)
    a = run(killed.state, EndTurn("hazel"), 1)
    assert a.state.wheel == 4 and "MM-WHEEL-3" in first(a, "mm.wheel").rules
    b = run(a.state, EndTurn("tilly"), 1)  # not the last mouse: nothing
    assert b.state.wheel == 4


def test_MM_WHEEL_3_minions_on_the_board_mean_no_cheese():
    state = scene({"tilly": C(1), "hazel": C(6)}, (("rat_1", "rat", C(9)),), turn="hazel", wheel=3,
                  order=("tilly", "hazel", "minions:rat"))
    assert run(state, EndTurn("hazel")).state.wheel == 3


def test_MM_WHEEL_4_the_gm_may_add_cheese():
    state = scene({"tilly": C(1)}, wheel=1)
    a = run(state, WheelAdd(2, "noise"))
    assert a.state.wheel == 3 and "MM-WHEEL-4" in first(a, "mm.wheel").rules
    refused(state, WheelAdd(0), "MM-WHEEL-4")


def test_MM_WHEEL_6_surge_cards_are_ours_and_take_effect():
    for name, card in cards.surges().items():
        assert card["effect"] in ("spawn", "condition") and card["text"]["en"] and card["text"]["ru"], name
    state = scene({"tilly": C(1), "bram": C(5)}, wheel=5, page=1, end_page=6,
                  order=("tilly", "bram"))
    face = SURGE_DECK.index("rats_in_the_walls") + 1
    a = run(state, WheelAdd(1), face, 6)
    assert [e["kind"] for e in all_of(a, "mm.spawn")] == ["rat", "rat"]
    assert "minions:rat" in a.state.order and first(a, "mm.joins_order")["roll"] == 6
    assert a.state.surge_deck == tuple(c for c in SURGE_DECK if c != "rats_in_the_walls")
    charm = run(state, WheelAdd(1), SURGE_DECK.index("sleepy_dust") + 1)
    assert charm.state.mouse("tilly").charmed  # most cheese, tie -> first in initiative


# --------------------------------------------------------------------------- MM-MIN, MM-END-7


def test_MM_MIN_1_MM_END_7_minion_cards_keyed_by_page():
    rat1, rat3 = cards.minion_stats("rat", 1), cards.minion_stats("rat", 3)
    assert rat1["size"] == "small" and rat1["attack"] == "melee" and rat3["battle"] > rat1["battle"]
    assert cards.minion_stats("roach", 1)["attack"] == "ranged" and cards.minion_stats("roach", 1)["poison"]
    state = gm_scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(1)),), page=3, end_page=6)
    a = run(state, GmTurn("minions:rat"), 1, 1, 1)
    assert first(a, "mm.attack")["dice"] == rat3["battle"]
    with pytest.raises(ValueError):
        cards.minion_stats("dragon", 1)


def test_MM_MIN_2_a_melee_minion_in_a_mouse_cell_does_not_move():
    state = gm_scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(1)),))
    a = run(state, GmTurn("minions:rat"), 1, 1)
    assert "mm.minion_move" not in kinds(a) and first(a, "mm.attack")["target"] == "tilly"


def test_MM_MIN_2_a_melee_minion_walks_to_the_nearest_mouse_and_stops_on_entering():
    state = gm_scene({"tilly": C(1), "bram": C(4)}, (("rat_1", "rat", C(3)),))
    a = run(state, GmTurn("minions:rat"), 3, 1, 1)
    move = first(a, "mm.minion_move")
    assert move["towards"] == "bram" and move["path"] == (C(3), C(4)) and move["d3"] == 3
    assert first(a, "mm.attack")["target"] == "bram"


def test_MM_MIN_2_ties_go_to_the_mouse_higher_in_initiative():
    state = gm_scene({"tilly": C(2), "bram": C(4)}, (("rat_1", "rat", C(3)),),
                     order=("minions:rat", "bram", "tilly"))
    a = run(state, GmTurn("minions:rat"), 1, 1, 1)
    assert first(a, "mm.minion_move")["towards"] == "bram"


def test_MM_MIN_2_each_minion_prefers_a_mouse_not_yet_attacked():
    state = gm_scene({"tilly": C(1), "bram": C(1)}, (("rat_1", "rat", C(1)), ("rat_2", "rat", C(1))))
    a = run(state, GmTurn("minions:rat"), 1, 1, 1, 1)
    assert [e["target"] for e in all_of(a, "mm.attack")] == ["tilly", "bram"]


def test_MM_MIN_2_a_ranged_minion_keeps_its_distance():
    sees = gm_scene({"tilly": C(1), "bram": C(1)}, (("roach_1", "roach", C(3)),), entity="minions:roach")
    a = run(sees, GmTurn("minions:roach"), 4, 1, 1, 1, 1)
    assert "mm.minion_move" not in kinds(a) and first(a, "mm.attack")["row"] == RANGED
    blind = gm_scene({"tilly": C(7), "bram": C(7)}, (("roach_1", "roach", C(4)),), entity="minions:roach")
    assert not SYSTEM.graph(blind).sees(C(4), C(7)) or True
    b = run(blind, GmTurn("minions:roach"), 3, 1, 1)
    path = first(b, "mm.minion_move")["path"] if "mm.minion_move" in kinds(b) else (C(4),)
    g = SYSTEM.graph(blind)
    assert C(7) in g.visible_from(path[-1])
    assert all(C(7) not in g.visible_from(c) for c in path[:-1])


def test_MM_MIN_2_poisonous_minions_deal_poisoned_wounds():
    state = gm_scene({"tilly": C(1), "bram": C(5)}, (("roach_1", "roach", C(2)),), entity="minions:roach")
    a = run(state, GmTurn("minions:roach"), 4, 4, 1, 1, 1)
    assert a.state.mouse("tilly").poison == 2 and first(a, "mm.wounds")["poison"]


def test_MM_MIN_3_full_cells_stop_minions():
    mice = {"tilly": C(1), "bram": C(1), "pip": C(1), "hazel": C(1)}
    state = gm_scene(mice, (("rat_1", "rat", C(7)),))
    a = run(state, GmTurn("minions:rat"), 3, 1, 1)
    path = first(a, "mm.minion_move")["path"]
    assert C(1) not in path and path[-1] in SYSTEM.graph(state).neighbours(C(1))
    assert first(a, "mm.attack")["target"] in mice
