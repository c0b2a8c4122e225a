"""A mouse's turn: the move, the action, free actions, Scurry, conditions (MM-TURN, MM-MOVE,
MM-SCURRY, MM-COND, MM-REC) with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand
from game.rules.mice_and_mystics.combat import wound_mouse
from game.rules.mice_and_mystics.commands import (
    Attack,
    DeclineAction,
    EndMove,
    EndTurn,
    Equip,
    Move,
    Recover,
    Scurry,
    Search,
    Share,
    StandUp,
    Step,
)
from game.rules.mice_and_mystics.occupancy import Count, can_leave
from game.rules.mice_and_mystics.state import ACTIONS, FREE_ACTIONS
from game.rules.mice_and_mystics.wheel import give_condition
from tests.rules.mice_and_mystics.scene import SYSTEM, C, K, all_of, first, fresh, kinds, legal, run, scene


def refused(state, command, rule):
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.apply(state, command, ScriptedDice([]))
    assert err.value.rule_id == rule, err.value
    return err.value


# --------------------------------------------------------------------------- MM-MOVE-1 / MM-TV-1


def test_MM_TV_1_MM_MOVE_1_the_turn_starts_with_move_plus_d3():
    """MM-TV-1 (MM-MOVE-1): Move 2, d3 1 -> 3 points, rolled once at the start of the turn."""
    state = scene({"tilly": K(5), "bram": K(5)}, tile="kitchen", turn="tilly")
    a = run(state, EndTurn("tilly"), 1)
    start = first(a, "mm.turn_start")
    assert start.actor == "bram" and (start["move"], start["d3"], start["mp"]) == (2, 1, 3)
    assert a.state.turn.mp == 3 and a.state.turn.mouse == "bram"


def test_MM_MOVE_1_the_first_turn_of_the_chapter_rolls_too():
    state = fresh()
    m = state.mouse(state.turn.mouse)
    assert state.turn.mp == m.move + state.turn.d3 and 1 <= state.turn.d3 <= 3


# --------------------------------------------------------------------------- MM-TURN-1..5


def test_MM_TURN_1_action_then_move_or_move_then_action():
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),), turn="tilly", mp=3)
    # action first, then the move
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 1, 1, 1)
    assert a.state.turn.action_state == "done"
    b = run(a.state, Step("tilly", C(5)))
    assert b.state.mouse("tilly").cell == C(5)
    # move first, then the action
    c = run(state, Step("tilly", C(6)))
    d = run(c.state, EndMove("tilly"))
    e = run(d.state, Attack("tilly", "oak_sword", "rat_1"), 1, 1, 1)
    assert e.state.turn.action == "attack"


def test_MM_TURN_1_the_action_may_be_declined():
    state = scene({"tilly": C(1)}, tile="cellar")
    a = run(state, DeclineAction("tilly"))
    assert a.state.turn.action_state == "declined"
    refused(a.state, Search("tilly"), "MM-TURN-2")


def test_MM_TURN_2_exactly_one_action_of_five():
    assert ACTIONS == ("scurry", "attack", "search", "recover", "explore")
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),))
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 1, 1, 1)
    refused(a.state, Search("tilly"), "MM-TURN-2")
    refused(a.state, Scurry("tilly"), "MM-TURN-2")


def test_MM_TURN_3_free_actions_once_each_and_not_while_an_action_is_resolved():
    assert FREE_ACTIONS == ("share", "equip", "level_up")
    state = scene({"tilly": {"cell": C(1), "pack": ("pin_dagger",)}, "bram": C(1)})
    a = run(state, Equip("tilly", ("pin_dagger", "walnut_shield")))
    refused(a.state, Equip("tilly", ("oak_sword", "walnut_shield")), "MM-TURN-3")
    # the free action did not use up the action
    assert a.state.turn.action_state == "unused"
    # while a found item waits for keep-or-discard (the Search is being resolved) no free action
    s = scene({"tilly": {"cell": K(2)}, "bram": K(2)}, tile="kitchen")
    found = run(s, Search("tilly"), 5, 1)  # success, first card of the kitchen deck
    assert found.state.pending
    refused(found.state, Share("tilly", "bram", give_cheese=0, give=()), "MM-TURN-3")


def test_MM_TURN_4_the_move_cannot_be_split_around_the_action_but_free_actions_can():
    state = scene({"tilly": {"cell": C(1), "pack": ("pin_dagger",)}}, (("rat_1", "rat", C(7)),), mp=3)
    a = run(state, Step("tilly", C(2)))
    refused(a.state, Attack("tilly", "oak_sword", "rat_1"), "MM-TURN-4")
    b = run(a.state, Equip("tilly", ("pin_dagger", "walnut_shield")))  # a free action between steps
    c = run(b.state, Step("tilly", C(6)))  # the move continues with its points
    assert c.state.turn.mp == 1 and c.state.turn.move_state == "in_progress"
    d = run(c.state, EndMove("tilly"))
    e = run(d.state, Attack("tilly", "pin_dagger", "rat_1"), 1, 1, 1)
    refused(e.state, Step("tilly", C(1)), "MM-TURN-4")


def test_MM_TURN_5_ending_the_turn_loses_what_is_unused():
    state = scene({"tilly": C(1), "bram": C(1)}, mp=4)
    a = run(state, EndTurn("tilly"), 2)
    ev = first(a, "mm.end_turn")
    assert ev["lost_mp"] == 4 and ev["action"] == "unused"
    assert a.state.turn.mouse == "bram"
    # not while something is being resolved
    s = scene({"tilly": {"cell": K(2)}}, tile="kitchen")
    found = run(s, Search("tilly"), 6, 1)
    refused(found.state, EndTurn("tilly"), "MM-TURN-3")


def test_MM_TURN_6_captured_and_charmed_mice_take_no_normal_turn():
    state = scene({"tilly": C(1), "bram": {"captured": True, "cell": ""},
                   "pip": {"cell": C(5), "charmed": True}}, (("rat_1", "rat", C(9)),),
                  order=("tilly", "bram", "pip", "minions:rat"))
    a = run(state, EndTurn("tilly"))
    assert a.state.phase == "captured" and first(a, "mm.turn_start")["kind"] == "captured"
    assert all(e["kind"] != "mouse" for e in all_of(a, "mm.turn_start"))
    b = run(a.state, EndTurn("bram"))
    assert b.state.phase == "gm" and SYSTEM.current_player(b.state) == "gm"
    assert first(b, "mm.turn_start")["kind"] == "charmed"


# --------------------------------------------------------------------------- MM-MOVE-2..6


def test_MM_MOVE_2_MM_ADJ_3_each_step_costs_one_and_points_are_lost():
    state = scene({"tilly": C(1)}, mp=3)
    a = run(state, Step("tilly", C(6)))
    assert first(a, "mm.step")["cost"] == 1 and a.state.turn.mp == 2
    b = run(a.state, EndMove("tilly"))
    assert b.state.turn.mp == 0 and first(b, "mm.move_end")["lost"] == 2
    refused(b.state, Step("tilly", C(1)), "MM-TURN-4")
    c = scene({"tilly": C(1)}, mp=1)
    d = run(c, Step("tilly", C(6)))
    refused(d.state, Step("tilly", C(7)), "MM-GEO-10")  # no points left


def test_MM_MOVE_2_not_adjacent_is_refused():
    state = scene({"tilly": C(1)}, mp=5)
    assert "not adjacent" in refused(state, Step("tilly", C(4)), "MM-GEO-10").reason


def test_MM_TV_16_MM_MOVE_3_entering_a_minion_cell_ends_the_move():
    """MM-TV-16 (MM-MOVE-3, MM-GEO-10): A-B-C with a minion in B is illegal; A-B legal, 0 left."""
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),), mp=4)
    with pytest.raises(IllegalCommand) as err:
        run(state, Move("tilly", (C(1), C(2), C(3))))
    assert "MM-MOVE-3" in err.value.reason
    a = run(state, Move("tilly", (C(1), C(2))))
    assert a.state.turn.mp == 0 and a.state.turn.move_state == "done"
    assert first(a, "mm.move_end").rules == ("MM-MOVE-3",)


@pytest.mark.parametrize("mice,rule,leaves", [
    (1, "greater", False), (1, "greater_or_equal", True), (2, "greater", True)])
def test_MM_TV_14_MM_TV_15_MM_MOVE_4_leaving_a_minion_cell(mice, rule, leaves):
    """MM-TV-14, MM-TV-15 (MM-MOVE-4): mice must strictly outnumber the minions to leave
    (``leave_rule: greater_or_equal`` is the published game)."""
    figures = {"tilly": C(2)}
    if mice == 2:
        figures["bram"] = C(2)
    state = scene(figures, (("rat_1", "rat", C(2)),), options={"leave_rule": rule})
    if leaves:
        assert run(state, Step("tilly", C(1))).state.mouse("tilly").cell == C(1)
    else:
        refused(state, Step("tilly", C(1)), "MM-MOVE-4")


def test_MM_MOVE_4_a_large_minion_counts_as_one():
    state = scene({"tilly": C(10), "bram": C(10)}, (("brute", "rat!large", C(6)),))
    # the large minion is alone in its cell; the mice's own cell has none: they move freely
    assert run(state, Step("tilly", C(8))).state.mouse("tilly").cell == C(8)
    assert can_leave({C(6): Count(mice=2, large_minions=1)}, C(6))


def test_MM_MOVE_5_a_scurry_move_follows_every_movement_rule():
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),), mp=3)
    a = run(run(state, EndMove("tilly")).state, Scurry("tilly"), 2)
    assert "MM-MOVE-5" in first(a, "mm.scurry").rules
    with pytest.raises(IllegalCommand):
        run(a.state, Move("tilly", (C(1), C(2), C(3))))  # MM-MOVE-3 still applies
    b = run(a.state, Step("tilly", C(2)))
    assert b.state.turn.move_state == "done" and "MM-MOVE-5" in first(b, "mm.step").rules


def test_MM_MOVE_6_webbed_cannot_move_knocked_down_spends_the_move_standing():
    web = scene({"tilly": {"cell": C(1), "webbed": True}})
    refused(web, Step("tilly", C(6)), "MM-COND-2")
    down = scene({"tilly": {"cell": C(1), "knocked_down": True}}, mp=4)
    refused(down, Step("tilly", C(6)), "MM-COND-3")
    a = run(down, StandUp("tilly"))
    assert a.state.turn.mp == 0 and "MM-MOVE-6" in first(a, "mm.stand_up").rules


# --------------------------------------------------------------------------- Scurry


def test_MM_TV_33_MM_SCURRY_1_MM_SCURRY_2_scurry_after_the_move():
    """MM-TV-33 (MM-SCURRY-1, MM-SCURRY-2): Move 2, move done, d3 3 -> 5 points."""
    state = scene({"tilly": C(1)})
    refused(state, Scurry("tilly"), "MM-SCURRY-1")  # the move is not finished
    done = run(state, EndMove("tilly")).state
    a = run(done, Scurry("tilly"), 3)
    assert a.state.turn.mp == 5 and a.state.turn.move_state == "unused" and a.state.turn.action == "scurry"
    assert run(a.state, Step("tilly", C(6))).state.mouse("tilly").cell == C(6)


def test_MM_SCURRY_3_not_for_webbed_or_stunned_and_not_offered_without_a_first_step():
    for cond, rule in (("webbed", "MM-SCURRY-3"), ("stunned", "MM-SCURRY-3")):
        state = scene({"tilly": {"cell": C(1), cond: True}}, turn="tilly")
        state = replace(state, turn=replace(state.turn, move_state="done", mp=0))
        refused(state, Scurry("tilly"), rule)
    s = scene({"tilly": C(1)})
    s = replace(s, turn=replace(s.turn, move_state="done", mp=0))
    assert Scurry("tilly") in legal(s)
    stuck = scene({"tilly": C(2)}, (("rat_1", "rat", C(2)),))  # alone with a minion: no first step
    stuck = replace(stuck, turn=replace(stuck.turn, move_state="done", mp=0))
    assert Scurry("tilly") not in legal(stuck)


def test_MM_TV_28_MM_COND_3_knocked_down_stands_up_then_may_scurry():
    """MM-TV-28 (MM-COND-3, MM-SCURRY-1): Move 3, d3 2 then 1: no steps, up, Scurry 4 points."""
    state = scene({"tilly": C(1), "pip": {"cell": C(1), "knocked_down": True}},
                  order=("tilly", "pip", "bram", "hazel"))
    start = run(state, EndTurn("tilly"), 2)
    assert start.state.turn.mouse == "pip" and start.state.turn.mp == 5
    up = run(start.state, StandUp("pip"))
    assert not up.state.mouse("pip").knocked_down and up.state.turn.mp == 0
    assert up.state.mouse("pip").cell == C(1)
    sc = run(up.state, Scurry("pip"), 1)
    assert sc.state.turn.mp == 4


def test_MM_COND_3_a_knocked_down_mouse_attacks_normally_and_large_ones_never_fall():
    state = scene({"tilly": {"cell": C(1), "knocked_down": True}}, (("rat_1", "rat", C(2)),))
    a = run(state, Attack("tilly", "oak_sword", "rat_1"), 3, 1, 1, 1, 1)
    assert first(a, "mm.attack")["dice"] == 3
    # a surge that knocks "the least hurt" down only ever picks a mouse (mice are small)
    s = give_condition(state, "tilly", "knocked_down", [], [])
    assert s.mouse("tilly").knocked_down


# --------------------------------------------------------------------------- conditions, Recover


def test_MM_TV_30_MM_COND_1_stunned_moves_recovers_and_keeps_free_actions():
    """MM-TV-30 (MM-COND-1): may move; only Recover; free actions allowed."""
    state = scene({"tilly": {"cell": C(1), "stunned": True, "pack": ("pin_dagger",)}},
                  (("rat_1", "rat", C(2)),))
    actions = {type(c).__name__ for c in legal(state)} & {"Attack", "Search", "Recover", "Explore", "Scurry"}
    assert actions == {"Recover"}
    assert run(state, Step("tilly", C(6))).state.mouse("tilly").cell == C(6)
    refused(state, Attack("tilly", "oak_sword", "rat_1"), "MM-COND-1")
    refused(state, Search("tilly"), "MM-SEARCH-6")
    assert run(state, Equip("tilly", ("pin_dagger", "walnut_shield"))).state.turn.free_used == ("equip",)


def test_MM_COND_2_webbed_keeps_its_other_actions():
    state = scene({"tilly": {"cell": C(1), "webbed": True}}, (("rat_1", "rat", C(2)),))
    names = {type(c).__name__ for c in legal(state)}
    assert {"Attack", "Search", "Recover"} <= names and "Step" not in names
    done = replace(state, turn=replace(state.turn, move_state="done"))
    refused(done, Scurry("tilly"), "MM-SCURRY-3")


def test_MM_TV_22_MM_REC_3_a_failed_web_roll_keeps_the_web():
    """MM-TV-22 (MM-REC-3, MM-COND-2, MM-REC-6): roll 3 -> still webbed, no move."""
    state = scene({"tilly": {"cell": C(1), "webbed": True}})
    a = run(state, Recover("tilly"), 3)
    assert a.state.mouse("tilly").webbed and not first(a, "mm.recover")["success"]
    refused(a.state, Step("tilly", C(6)), "MM-COND-2")


def test_MM_TV_23_MM_REC_6_a_successful_recover_before_moving_leaves_the_move():
    """MM-TV-23 (MM-REC-3, MM-REC-6): roll 5 -> free, and the move is still to come."""
    state = scene({"tilly": {"cell": C(1), "webbed": True}})
    a = run(state, Recover("tilly"), 5)
    assert not a.state.mouse("tilly").webbed
    assert run(a.state, Step("tilly", C(6))).state.mouse("tilly").cell == C(6)


def test_MM_REC_1_MM_REC_2_stun_goes_by_the_action_without_a_roll():
    state = scene({"tilly": {"cell": C(1), "stunned": True}})
    a = run(state, Recover("tilly"), pad=False)
    assert not a.state.mouse("tilly").stunned and run.used == 0
    refused(scene({"tilly": C(1)}), Recover("tilly"), "MM-REC-1")


def test_MM_REC_4_one_recover_handles_both_or_one_by_choice():
    both = scene({"tilly": {"cell": C(1), "stunned": True, "webbed": True}})
    a = run(both, Recover("tilly"), 4, pad=False)
    assert a.state.mouse("tilly").conditions == () and run.used == 1
    one = scene({"tilly": {"cell": C(1), "stunned": True, "webbed": True}}, options={"recover_scope": "one"})
    refused(one, Recover("tilly"), "MM-REC-4")
    b = run(one, Recover("tilly", "webbed"), 6)
    assert b.state.mouse("tilly").conditions == ("stunned",)


def test_MM_REC_5_recover_does_nothing_for_knocked_down_or_charmed():
    state = scene({"tilly": {"cell": C(1), "knocked_down": True}})
    refused(state, Recover("tilly"), "MM-REC-1")
    assert Recover("tilly") not in legal(state)


def test_MM_COND_6_capture_clears_conditions():
    state = scene({"tilly": {"cell": C(1), "life": 1, "stunned": True, "webbed": True, "knocked_down": True},
                   "bram": C(5)})
    s = wound_mouse(state, "tilly", 1, False, [], [])
    assert s.mouse("tilly").captured and s.mouse("tilly").conditions == ()


def test_MM_TURN_4_a_move_command_is_a_row_of_steps():
    state = scene({"tilly": C(1)}, mp=3)
    a = run(state, Move("tilly", (C(1), C(6), C(7))))
    assert [e["to"] for e in all_of(a, "mm.step")] == [C(6), C(7)] and a.state.turn.mp == 1
    assert "mm.step" in kinds(a)
