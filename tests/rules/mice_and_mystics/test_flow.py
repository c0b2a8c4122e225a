"""Rounds, Explore, capture and rescue, charm, the chapter's end and the status block
(MM-ROUND, MM-EXP, MM-CAPT, MM-RESC, MM-COND-4, MM-END, MM-INFO, MM-ACH) with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand, Setup
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.commands import (
    Attack,
    EndTurn,
    Explore,
    GmTurn,
    Grant,
    Rescue,
    Search,
    Step,
    TurnPage,
    WheelAdd,
)
from game.rules.mice_and_mystics.game import MiceAndMystics
from game.rules.mice_and_mystics.order import entities_for_tile, last_mouse, roll_order
from game.rules.mice_and_mystics.state import Turn
from tests.rules.mice_and_mystics.scene import SYSTEM, C, K, all_of, first, fresh, kinds, legal, run, scene

SURGE_DECK = sorted(cards.surges())
THREADS = SURGE_DECK.index("falling_threads") + 1
RATS = SURGE_DECK.index("rats_in_the_walls") + 1


def refused(state, command, rule):
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.apply(state, command, ScriptedDice([]))
    assert err.value.rule_id == rule, err.value
    return err.value


def gm_scene(mice, minions, entity="minions:rat", **kw):
    order = kw.pop("order", None) or ((entity,) + tuple(mice))
    return scene(mice, minions, turn=None, order=order, index=order.index(entity), phase="gm", **kw)


KITCHEN_PARTY = {"tilly": K(3), "bram": K(1), "pip": K(2), "hazel": K(2)}


# --------------------------------------------------------------------------- MM-ROUND


def test_MM_ROUND_1_initiative_rolls_highest_first_ties_reroll_among_themselves():
    order, rolls, log = roll_order(["a", "b", "c"], ScriptedDice([5, 5, 2, 1, 4]), 6)
    assert order == ["b", "a", "c"] and log == [(("a", 5), ("b", 5), ("c", 2)), (("a", 1), ("b", 4))]
    assert rolls == {"a": 5, "b": 5, "c": 2}
    d8 = SYSTEM.new_state(Setup("mice_and_mystics", "", 1, {"initiative_die": 8}), ScriptedDice([8, 7, 2, 1, 1]))
    assert d8.order == ("tilly", "bram", "pip", "hazel")


def test_MM_ROUND_2_every_mouse_and_every_minion_group_on_the_tile():
    state = scene({"tilly": C(1), "bram": {"captured": True, "cell": ""}},
                  (("rat_1", "rat", C(2)), ("rat_2", "rat", C(3)), ("roach_1", "roach", C(4)), ("far", "rat", K(1))))
    ents = entities_for_tile(state)
    assert ents == ["tilly", "bram", "pip", "hazel", "minions:rat", "minions:roach"]
    per = replace(state, cfg=replace(state.cfg, minion_initiative="per_figure"))
    assert entities_for_tile(per)[4:] == ["rat_1", "rat_2", "roach_1"]
    a = run(gm_scene({"tilly": C(1)}, (("rat_1", "rat", C(1)), ("rat_2", "rat", C(1)))), GmTurn("minions:rat"), 1, 1, 1, 1)
    assert len(all_of(a, "mm.attack")) == 2  # the whole group acts on its turn


def test_MM_ROUND_3_rounds_repeat_the_same_order():
    state = scene({"tilly": K(1), "bram": K(1)}, tile="kitchen", turn="bram", order=("tilly", "bram"), round=2)
    a = run(state, EndTurn("bram"), 2)
    assert a.state.round == 3 and a.state.index == 0 and a.state.order == ("tilly", "bram")
    assert "MM-ROUND-3" in first(a, "mm.round").rules


def test_MM_ROUND_4_a_group_that_appears_rolls_and_is_inserted():
    state = scene({"tilly": K(1), "bram": K(1)}, tile="kitchen", turn="bram", order=("tilly", "bram"), wheel=5)
    a = run(state, WheelAdd(1), RATS, 6)  # the rats roll 6: they land before Bram, who is acting
    assert a.state.order == ("tilly", "minions:rat", "bram") and a.state.acting == "bram"
    assert not first(a, "mm.joins_order")["this_round"]
    b = run(replace(state, index=0, turn=replace(state.turn, mouse="tilly")), WheelAdd(1), RATS, 1)
    assert b.state.order == ("tilly", "bram", "minions:rat") and first(b, "mm.joins_order")["this_round"]


def test_MM_ROUND_5_a_defeated_group_leaves_the_order():
    state = scene({"tilly": K(3), "bram": K(1)}, (("rat_1", "rat", K(7)), ("roach_1", "roach", K(10))),
                  tile="kitchen", order=("tilly", "minions:rat", "bram", "minions:roach"))
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 1, 1, 1)
    assert a.state.order == ("tilly", "bram", "minions:roach") and "MM-ROUND-5" in first(a, "mm.leaves_order").rules
    b = run(a.state, EndTurn("tilly"), 1)
    assert b.state.acting == "bram"


def test_MM_ROUND_6_the_last_mouse_is_last_in_the_order():
    state = scene({"tilly": K(1), "bram": K(1)}, tile="kitchen", turn="tilly", order=("bram", "tilly"), wheel=0)
    assert last_mouse(state) == "tilly"
    assert run(state, EndTurn("tilly"), 1).state.wheel == 1


# --------------------------------------------------------------------------- MM-EXP


def test_MM_TV_11_MM_EXP_5_explore_cuts_the_round_and_rerolls_initiative():
    """MM-TV-11 (MM-WHEEL-3, MM-EXP-5): Collin explores first in the order; wheel stays 3."""
    state = scene(KITCHEN_PARTY, tile="kitchen", order=("tilly", "bram", "pip", "hazel"), wheel=3)
    a = run(state, Explore("tilly", "kitchen-east"), 1, 2, 3, 4, 5, 6)
    assert a.state.wheel == 3 and "mm.wheel" not in kinds(a)
    assert first(a, "mm.initiative")["tile"] == "cellar" and a.state.round == 2 and a.state.index == 0
    assert a.state.order == ("minions:roach", "minions:rat", "hazel", "pip", "bram", "tilly")
    assert "mm.round_cut" in kinds(a) and a.state.phase == "gm"


def test_MM_EXP_1_explore_is_the_only_way_between_tiles():
    g = SYSTEM.graph(fresh())
    assert not any(g.cell(e.a).tile != g.cell(e.b).tile for e in g.edges)
    state = scene(KITCHEN_PARTY, tile="kitchen", order=("tilly", "bram", "pip", "hazel"))
    refused(state, Step("tilly", C(5)), "MM-GEO-10")


def test_MM_TV_32_MM_EXP_2_no_explore_while_minions_are_on_the_tile():
    """MM-TV-32 (MM-EXP-2, MM-EXP-3)."""
    state = scene(KITCHEN_PARTY, (("rat_1", "rat", K(10)),), tile="kitchen",
                  order=("tilly", "bram", "pip", "hazel", "minions:rat"))
    assert SYSTEM.graph(state).exits_of(K(3))
    refused(state, Explore("tilly"), "MM-EXP-2")
    assert not any(isinstance(c, Explore) for c in legal(state))


def test_MM_EXP_3_only_next_to_an_exit_or_on_a_linked_turning_cell():
    base = scene(KITCHEN_PARTY, tile="kitchen", order=("tilly", "bram", "pip", "hazel"))
    refused(new_turn(base, "bram"), Explore("bram"), "MM-EXP-3")  # the Hearthstone
    refused(new_turn(base, "pip"), Explore("pip"), "MM-EXP-3")  # Flour Sacks: turns, leads nowhere here
    drain = base.with_mouse(replace(base.mouse("tilly"), cell=K(9)))
    a = run(drain, Explore("tilly", "turning"), 6, 5, 4, 3, 2, 1)
    assert first(a, "mm.explore")["via"] == "turning" and a.state.mouse("tilly").cell == C(9)
    refused(base, Explore("tilly", "turning"), "MM-EXP-3")


def new_turn(state, mouse):
    return replace(state, index=state.order.index(mouse), turn=Turn(mouse, 3, 1))


def test_MM_EXP_4_every_active_mouse_goes_and_the_chapter_sets_up_the_tile():
    party = dict(KITCHEN_PARTY, hazel={"captured": True, "cell": "", "wounds": 5})
    state = scene(party, tile="kitchen", order=("tilly", "bram", "pip", "hazel"))
    a = run(state, Explore("tilly"), 6, 5, 4, 3, 2, 1)
    g = SYSTEM.graph(a.state)
    assert a.state.tile == "cellar" and a.state.mouse("hazel").captured and a.state.mouse("hazel").cell == ""
    entry = g.exit("cellar-west").cells
    assert all(a.state.mouse(m).cell in entry for m in ("tilly", "bram", "pip"))
    assert [e["kind"] for e in all_of(a, "mm.spawn")] == ["rat", "rat", "roach"]
    assert "mm.story" in kinds(a) and SYSTEM.invariants(a.state) == []


def test_MM_EXP_6_stunned_cannot_explore_webbed_can():
    state = scene(dict(KITCHEN_PARTY, tilly={"cell": K(3), "stunned": True}), tile="kitchen",
                  order=("tilly", "bram", "pip", "hazel"))
    refused(state, Explore("tilly"), "MM-EXP-6")
    webbed = scene(dict(KITCHEN_PARTY, tilly={"cell": K(3), "webbed": True}), tile="kitchen",
                   order=("tilly", "bram", "pip", "hazel"))
    assert run(webbed, Explore("tilly"), 6, 5, 4, 3, 2, 1).state.tile == "cellar"


# --------------------------------------------------------------------------- MM-CAPT, MM-RESC


def test_MM_TV_12_capture_strips_cheese_found_gear_conditions_and_turns_a_page():
    """MM-TV-12 (MM-CAPT-1, MM-CAPT-2, MM-CAPT-4, MM-CAPT-6)."""
    tilly = {"cell": C(1), "life": 4, "wounds": 3, "cheese": 4, "equipped": ("oak_sword", "button_buckler"),
             "pack": ("mending_scroll", "pin_dagger"), "stunned": True}
    state = gm_scene({"tilly": tilly, "bram": C(5)}, (("rat_1", "rat", C(1)),), page=2, end_page=6)
    a = run(state, GmTurn("minions:rat"), 3, 1, 1, 1, 1)
    t = a.state.mouse("tilly")
    assert t.captured and t.cheese == 0 and t.equipped == ("oak_sword",)
    assert t.pack == ("mending_scroll", "pin_dagger") and "button_buckler" in a.state.discarded
    assert t.conditions == () and a.state.page == 3 and t.wounds == 4


def test_MM_CAPT_3_MM_CAPT_5_a_captured_mouse_is_off_the_board_but_keeps_its_place():
    state = gm_scene({"tilly": {"captured": True, "cell": ""}, "bram": C(2)}, (("rat_1", "rat", C(1)),),
                     order=("minions:rat", "tilly", "bram"))
    a = run(state, GmTurn("minions:rat"), 1, 1, 1)
    assert first(a, "mm.attack")["target"] == "bram"  # never the captured one
    assert C(1) not in [m.cell for m in a.state.mice if m.captured]
    assert a.state.order == ("minions:rat", "tilly", "bram") and a.state.phase == "captured"
    assert SYSTEM.occupancy(a.state).get("", None) is None


def test_MM_TV_27_MM_END_5_a_capture_on_the_last_page_loses_the_chapter():
    """MM-TV-27 (MM-END-5, MM-CAPT-4): page 4 of 5, a mouse is captured -> page 5, lost."""
    state = gm_scene({"tilly": {"cell": C(1), "wounds": 4}, "bram": C(5)}, (("rat_1", "rat", C(1)),),
                     page=4, end_page=5)
    a = run(state, GmTurn("minions:rat"), 3, 1, 1, 1, 1)
    assert a.state.page == 5 and a.state.result == "lost" and SYSTEM.outcome(a.state).winners == ("minions",)


def test_MM_TV_34_MM_CAPT_7_all_mice_captured_loses_the_chapter():
    """MM-TV-34 (MM-CAPT-7)."""
    state = gm_scene({"hazel": {"cell": C(1), "wounds": 4}}, (("rat_1", "rat", C(1)), ("rat_2", "rat", C(2))),
                     page=1, end_page=6)
    a = run(state, GmTurn("minions:rat"), 3, 1, 1, 1)
    assert a.state.result == "lost" and a.state.page == 2 and "MM-CAPT-7" in first(a, "mm.chapter_lost").rules


def test_MM_TV_13_rescue_when_no_minion_is_on_the_board():
    """MM-TV-13 (MM-RESC-1, MM-RESC-2, MM-RESC-3, MM-RESC-4, MM-RESC-5): skipped while minions
    remain; then rescued, placed, healed, and the turn is over."""
    state = scene({"tilly": C(1), "hazel": {"captured": True, "cell": "", "wounds": 5, "poison": 1}},
                  (("rat_1", "rat", C(9)),), turn=None, order=("tilly", "hazel", "minions:rat"), index=1,
                  phase="captured")
    assert legal(state) == [EndTurn("hazel")]
    refused(state, Rescue("hazel", C(1)), "MM-RESC-2")
    skipped = run(state, EndTurn("hazel"))
    assert skipped.state.mouse("hazel").captured and "mm.skip" in kinds(skipped)
    clear = replace(state, minions=())
    clear = replace(clear, order=("tilly", "hazel"))
    refused(clear, EndTurn("hazel"), "MM-RESC-1")
    assert set(c.cell for c in legal(clear)) == {C(1), C(2), C(5), C(6)}
    a = run(clear, Rescue("hazel", C(2)), 2)
    h = a.state.mouse("hazel")
    assert not h.captured and h.cell == C(2) and h.wounds == 0 and h.poison == 0
    hazel_turn = [e for e in a.events if e.actor == "hazel" and e.kind in ("mm.turn_start", "mm.step", "mm.attack")]
    assert hazel_turn == [] and a.state.acting == "tilly"  # no d3, no move, no action


def test_MM_RESC_5_keep_wounds_option():
    state = scene({"tilly": C(1), "hazel": {"captured": True, "cell": "", "wounds": 5}}, turn=None,
                  order=("tilly", "hazel"), index=1, phase="captured", options={"rescue_health": "keep_wounds"})
    assert run(state, Rescue("hazel", C(1))).state.mouse("hazel").wounds == 4


# --------------------------------------------------------------------------- MM-COND-4


def test_MM_TV_29_MM_COND_4_a_charmed_mouse_attacks_a_companion_on_base_values():
    """MM-TV-29 (MM-COND-4): base Battle 2 (+1 weapon, +1 ability ignored) -> 2 dice; charm ends."""
    state = gm_scene({"tilly": {"cell": C(1), "charmed": True, "abilities": ("rallying_cry",)}, "bram": C(3)},
                     (), entity="tilly", order=("tilly", "bram"))
    a = run(state, GmTurn("tilly"), 2, 3, 6, 1)
    move, att = first(a, "mm.charmed_move"), first(a, "mm.attack")
    assert move["mp"] == 4 and move["path"][-1] == C(3) and move["path"][0] == C(1)
    assert att["dice"] == 2 and att["target"] == "bram" and att["row"] == "melee"
    assert a.state.wheel == 1 and a.state.mouse("tilly").cheese == 0  # charmed_cheese_to: wheel
    assert not a.state.mouse("tilly").charmed and a.state.mouse("bram").wounds == 1
    own = replace(state, cfg=replace(state.cfg, charmed_cheese_to="self"))
    assert run(own, GmTurn("tilly"), 2, 3, 6, 1).state.mouse("tilly").cheese == 1


# --------------------------------------------------------------------------- MM-END


def test_MM_END_1_MM_END_2_MM_ACH_1_the_chapters_victory_before_the_pages_run_out():
    victory = fresh().chapter.victory  # the map's chapter file (maps/down_the_drain.chapter.json)
    assert victory.type == "clear_tile" and victory.tile == "cellar"
    state = scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(2)),), page=5, end_page=6)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 3, 1, 1)
    assert a.state.result == "won" and SYSTEM.outcome(a.state).winners == ("mice",)
    assert "opened_the_drain" in a.state.story_ach and SYSTEM.current_player(a.state) is None
    assert "MM-ACH-1" in first(a, "mm.chapter_won").rules


def test_MM_END_3_pages_come_from_the_chapter_or_the_options():
    state = fresh()
    assert (state.page, state.end_page) == (1, state.chapter.end_page) == (1, 6)
    assert SYSTEM.status(state)[2] == f"Page / chapter end: 1/{state.end_page}"
    custom = fresh({"start_page": 2, "end_page": 5})
    assert (custom.page, custom.end_page) == (2, 5)


def test_MM_END_4_story_turns_of_the_page():
    state = scene({"tilly": C(1)})
    a = run(state, TurnPage("the clock strikes"))
    assert a.state.page == state.page + 1 and first(a, "mm.page")["why"] == "the clock strikes"


def test_MM_END_6_a_lost_chapter_stops_and_waits_for_the_gm():
    from game.rules.mice_and_mystics.campaign import export_party, record_decision
    state = scene({"tilly": C(1)}, page=5, end_page=6)
    lost = run(state, TurnPage()).state
    assert lost.result == "lost" and lost.phase == "over" and SYSTEM.current_player(lost) is None
    assert SYSTEM.legal_commands(lost) == []
    refused(lost, EndTurn("tilly"), "MM-END-8")
    doc = record_decision(export_party(lost), "down_the_drain", "lost", "replay the chapter")
    assert doc["log"] == [{"chapter": "down_the_drain", "result": "lost", "decision": "replay the chapter"}]


def test_MM_END_8_the_first_end_condition_reached_ends_the_chapter():
    state = scene({"tilly": C(1), "bram": C(5)}, (("rat_1", "rat", C(2)),), wheel=5, page=5, end_page=6)
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 3, 3, 6, 1)
    assert a.state.result == "lost" and "mm.chapter_won" not in kinds(a)


# --------------------------------------------------------------------------- MM-INFO, MM-ACH


def test_MM_INFO_1_MM_INFO_2_the_status_block_at_chapter_start():
    state = fresh()
    names = [state.mouse(e).name for e in state.order]
    assert SYSTEM.status(state) == [f"Current initiative: ▶{', '.join(names)}", "Minion cheese wheel: 0/6",
                                    f"Page / chapter end: 1/{state.end_page}", "Group items: —"]


def test_MM_INFO_1_a_status_event_at_each_turn_start_and_field_change():
    state = scene({"tilly": K(1), "bram": K(1)}, tile="kitchen", order=("tilly", "bram"))
    a = run(state, EndTurn("tilly"), 1)
    status = first(a, "mm.status")
    assert status["acting"] == 1 and "▶Bram" in SYSTEM.explain(status)
    b = run(a.state, Step("bram", K(2)))
    assert "mm.status" not in kinds(b)  # nothing of the four fields changed
    c = run(a.state, WheelAdd(1))
    assert first(c, "mm.status")["wheel"] == 1


def test_MM_INFO_3_russian_labels():
    lines = SYSTEM.status(fresh(), "ru")
    assert lines[0].startswith("Текущая инициатива: ") and lines[1] == "Круг сыра прихвостней: 0/6"
    assert lines[2].startswith("Текущая страница/страница конца главы: 1/")
    assert lines[3] == "Имеющиеся групповые предметы: —"


def test_MM_ACH_1_MM_ACH_2_story_and_personal_achievements():
    state = scene({"tilly": K(2), "bram": K(2)}, tile="kitchen", order=("tilly", "bram"))
    a = run(state, Search("tilly"), 4, 7)
    assert a.state.mouse("tilly").personal_ach == ("sharp_nose",)
    b = run(a.state, Grant("brave_heart", "bram"))
    assert b.state.mouse("bram").personal_ach == ("brave_heart",) and "MM-ACH-2" in first(b, "mm.achievement").rules
    c = run(b.state, Grant("met_the_owl"))
    assert c.state.story_ach == ("met_the_owl",)
    with pytest.raises(IllegalCommand):
        SYSTEM.apply(state, Grant("x", "nobody"), ScriptedDice([]))


def test_hot_seat_each_mouse_may_belong_to_another_player():
    state = MiceAndMystics().new_state(Setup("mice_and_mystics", "", 1, {}, ("ann", "bob")),
                                       ScriptedDice([6, 5, 4, 3, 1]))
    assert [m.player for m in state.mice] == ["ann", "bob", "ann", "bob"]
    assert SYSTEM.current_player(state) == "ann"
