"""Relic's board, turn flow and road to victory (spec sections 1, 8, 9, 10), with scripted dice."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.rules.engine import IllegalCommand, Match, Setup
from game.rules.relic import data
from game.rules.relic.commands import Choose, Fight, Move, Prepare, RollBattle, RollForEnemy, RollMove, RollTest
from game.rules.relic.legal import legal_commands
from game.rules.relic.state import Card, EndReason
from tests.rules.relic.helpers import SYSTEM, enemy, first, kinds, match, place

BOARD = SYSTEM.board_for("relic.tmx")


# --------------------------------------------------------------------------- the board

def test_REL_BOARD_1_tiers_as_rings_with_24_outer_spaces():
    assert [len(BOARD.tiers[t]) for t in ("outer", "middle", "inner", "centre")] == [24, 16, 6, 1]
    assert BOARD.centre == "centre"
    with pytest.raises(ValueError, match="REL-BOARD-1"):
        match(outer_tier_spaces=20)


def test_REL_BOARD_2_space_records_and_threat_icons():
    assert all(s.names and s.texts for s in BOARD.spaces.values())  # the map names every space
    space = BOARD.spaces["outer-0"]
    assert (space.tier, space.index, space.name, space.start_for) == ("outer", 0, "Forge World", ("player1",))
    assert BOARD.spaces["outer-6"].start_for == ("player2",)
    assert space.rules.threats == (("red", 1),)  # the map's threats=red
    m = match([6])
    place(m, space="outer-18", phase="movement")
    m.submit(RollMove())
    events = m.submit(Move("outer-0"))  # 6 spaces clockwise from the Orbital Dock
    draw = first(events, "rel.draw")
    assert draw["deck"] == "red" and "REL-BOARD-2" in draw.rules
    assert [c.id for c in m.state.cards_on("outer-0")] == ["scrap_raider"]  # the red deck's top card
    assert m.state.battle is None and legal_commands(SYSTEM, m.state) == [Fight("red-1")]


def test_REL_BOARD_3_outer_and_middle_tiers_are_cycles_and_a_d6_moves_either_way():
    assert {"outer-23", "outer-1"} <= BOARD.neighbours["outer-0"]
    assert {"middle-15", "middle-1"} <= BOARD.neighbours["middle-0"]
    m = match([3, 1])  # the 1 picks the red deck for player2 at the Signal Beacon
    place(m, space="outer-0", phase="movement")
    events = m.submit(RollMove())
    roll = first(events, "rel.move_roll")
    assert roll["faces"] == (3,) and set(roll["options"]) == {"outer-3", "outer-21"}
    assert "REL-BOARD-3" in roll.rules
    with pytest.raises(IllegalCommand) as info:
        m.submit(Move("outer-4"))
    assert info.value.rule_id == "REL-BOARD-3"
    events = m.submit(Move("outer-21"))
    assert m.state.hero("player1").space == "outer-21"
    assert first(events, "rel.draw").actor == "player2"  # every other player draws a threat


def test_REL_BOARD_3_a_space_that_ends_moves():
    """Broken Bridge (middle-10): a move that reaches it ends there."""
    m = match([4])
    place(m, space="middle-8", phase="movement")
    m.submit(RollMove())
    assert set(m.state.move_options) == {"middle-10", "middle-4"}


def test_REL_BOARD_4_the_inner_tier_is_a_path_walked_one_space_a_turn():
    assert "inner-5" not in BOARD.neighbours["inner-0"]
    assert BOARD.inner_steps("inner-2", 1) == ("inner-1", "inner-3")
    assert BOARD.inner_steps("inner-0", 1) == ("inner-1", "middle-0")
    m = match()
    place(m, space="inner-2", phase="movement", relic=True, missions_completed=3)
    assert set(legal_commands(SYSTEM, m.state)) == {Move("inner-1"), Move("inner-3")}
    with pytest.raises(IllegalCommand) as info:
        m.submit(RollMove())
    assert info.value.rule_id == "REL-BOARD-4"
    with pytest.raises(IllegalCommand, match="REL-BOARD-4"):
        m.submit(Move("inner-4"))
    events = m.submit(Move("inner-3"))
    assert "REL-BOARD-4" in first(events, "rel.move").rules
    far = match(inner_step=2)
    place(far, space="inner-2", phase="movement", relic=True, missions_completed=3)
    assert {c.to for c in legal_commands(SYSTEM, far.state)} == {"inner-0", "inner-1", "inner-3", "inner-4"}


def test_REL_BOARD_5_crossings_between_tiers_are_links_with_conditions():
    assert BOARD.links("outer-9") == (("middle-6", ""),)
    assert BOARD.links("middle-6") == (("outer-9", ""),)
    assert BOARD.links("middle-0") == (("inner-0", "has_relic"),)
    assert BOARD.links("inner-5") == (("centre", ""),)
    m = match()
    place(m, space="outer-9", phase="movement")
    assert Move("middle-6") in legal_commands(SYSTEM, m.state)
    events = m.submit(Move("middle-6"))
    move = first(events, "rel.move")
    assert move["how"] == "cross" and "REL-BOARD-5" in move.rules
    m = match()
    place(m, space="outer-8", phase="movement")
    with pytest.raises(IllegalCommand, match="REL-BOARD-5"):
        m.submit(Move("middle-6"))


def _screen_angle(x: float, y: float, cx: float, cy: float) -> float:
    return math.degrees(math.atan2(-(y - cy), x - cx)) % 360.0  # y grows down on screen


def test_REL_BOARD_6_the_polar_layout_matches_the_maps_rings():
    centre = next(c for c in BOARD.board.cells if c.id == "centre").polygon.centroid
    radii = {}
    for cell in BOARD.board.cells:
        if cell.id == "centre":
            continue
        r, a = BOARD.polar(cell.id)
        radii.setdefault(BOARD.tier(cell.id), set()).add(r)
        c = cell.polygon.centroid
        drawn = _screen_angle(c.x, c.y, centre.x, centre.y)
        laid = math.degrees(a) % 360.0
        gap = min(abs(drawn - laid), 360 - abs(drawn - laid))
        assert gap < 1.0, (cell.id, drawn, laid)
        x, y = BOARD.screen_xy(cell.id, (0.0, 0.0), 100.0)
        assert abs(_screen_angle(x, y, 0.0, 0.0) - laid) % 360 < 1e-6 or gap < 1.0
    assert max(radii["outer"]) > max(radii["middle"]) > max(radii["inner"]) > BOARD.polar("centre")[0]
    # index grows clockwise on screen: outer-6 is a quarter turn clockwise from the top (east)
    assert BOARD.screen_xy("outer-6")[0] > 0.99 and abs(BOARD.screen_xy("outer-6")[1]) < 1e-9


def test_REL_BOARD_7_deck_colour_is_for_display_the_card_fixes_the_battle_type():
    for deck, attr in (("red", "strength"), ("blue", "willpower"), ("yellow", "cunning")):
        attrs = [c.attribute for c in data.threat_deck(deck) if c.kind == "enemy"]
        assert attrs.count(attr) > len(attrs) / 2  # mostly
    seer = next(c for c in data.threat_deck("red") if c.id == "grunting_seer")
    m = match([1, 1])
    place(m, cards=[seer], willpower=6, strength=1)
    events = m.submit(Fight(seer.uid))
    assert first(events, "rel.battle")["attribute"] == "willpower" and first(events, "rel.battle")["deck"] == "red"


# --------------------------------------------------------------------------- victory

def _at_last_gate(faces, scenario="iron_warlord", players=("player1",), **fields):
    m = match(faces, players=players, scenario=scenario)
    place(m, space="inner-5", phase="movement", relic=True, missions_completed=3, **fields)
    return m


def test_REL_TV_13_the_confrontation_at_once_and_then_every_turn_without_moving():
    """REL-WIN-5, REL-WIN-6, REL-ENG-4."""
    m = _at_last_gate([6, 5, 1], strength=3, life=5)
    events = m.submit(Move("centre"))
    conf = first(events, "rel.confrontation")
    assert "REL-WIN-5" in conf.rules and "REL-ENG-4" in conf.rules
    assert m.state.battle is not None and m.state.battle.confrontation  # the same turn
    assert "REL-ENG-4" in first(events, "rel.battle").rules
    m.submit(Prepare())
    events = m.submit(RollBattle())  # solo: the program rolled (6, 5) for the Warlord
    assert first(events, "rel.result")["result"] == "LOSE"
    assert m.state.hero("player1").life == 4 and m.state.hero("player1").space == "centre"
    # the next turn: no movement, the Engagement is the Confrontation again
    assert "REL-WIN-6" in first(events, "rel.no_move").rules
    assert "REL-WIN-6" in [e for e in events if e.kind == "rel.confrontation"][-1].rules
    assert m.state.phase == "battle" and m.state.battle.confrontation
    with pytest.raises(IllegalCommand):
        m.submit(RollMove())


def test_REL_WIN_1_meeting_the_confrontation_wins_and_ends_the_game():
    m = _at_last_gate([1, 6, 3], players=("player1", "player2"), strength=5)
    m.submit(Move("centre"))
    m.submit(Prepare())
    m.submit(RollForEnemy())
    events = m.submit(RollBattle())
    over = first(events, "rel.game_over")
    assert "REL-WIN-1" in over.rules and over["winners"] == ("player1",)
    outcome = SYSTEM.outcome(m.state)
    assert outcome.winners == ("player1",) and outcome.reason == EndReason.CONFRONTATION
    assert repr(outcome.reason) == "'confrontation'" and "REL-WIN-1" in m.state.end_reason
    assert SYSTEM.current_player(m.state) is None and legal_commands(SYSTEM, m.state) == []
    with pytest.raises(IllegalCommand) as info:
        m.submit(RollMove())
    assert info.value.rule_id == "REL-WIN-1"


def test_REL_WIN_7_and_REL_EXT_3_a_test_confrontation_with_exploding_dice():
    m = _at_last_gate([2, 6, 1], scenario="whispering_engine", cunning=3, life=5)
    events = m.submit(Move("centre"))
    assert "REL-WIN-7" in first(events, "rel.confrontation").rules and m.state.phase == "confrontation"
    assert SYSTEM.test_odds(m.state) == pytest.approx(1 / 6)  # 10 - 3 = 7 or more: any 6
    events = m.submit(RollTest())  # 2 + 3 = 5 < 10: 1 Life lost, not yet
    test = first(events, "rel.test")
    assert (test["score"], test["ok"]) == (5, False) and "REL-EXT-3" in test.rules
    assert m.state.hero("player1").life == 4 and m.state.phase == "confrontation"
    events = m.submit(RollTest())  # (6 + 1) + 3 = 10: won
    assert first(events, "rel.test")["chains"] == ((6, 1),)
    assert m.state.winners == ("player1",) and "REL-WIN-7" in first(events, "rel.game_over").rules


def test_REL_WIN_4_inner_spaces_run_their_danger_in_the_turn_they_are_entered():
    m = match([1, 1], players=("player1",))
    place(m, space="inner-1", phase="movement", relic=True, missions_completed=3, strength=9)
    events = m.submit(Move("inner-2"))
    space = first(events, "rel.space")
    assert "REL-WIN-4" in space.rules
    guardian = first(events, "rel.guardian")
    assert (guardian["attribute"], guardian["value"]) == ("strength", 8)
    assert legal_commands(SYSTEM, m.state) == [Fight(guardian["uid"])]
    m.submit(Fight(guardian["uid"]))
    m.submit(Prepare())
    events = m.submit(RollBattle())
    assert first(events, "rel.result")["result"] == "WIN"
    hazard = match([2], players=("player1",))
    place(hazard, space="inner-0", phase="movement", relic=True, missions_completed=3, life=5)
    events = hazard.submit(Move("inner-1"))
    assert first(events, "rel.space_roll")["ok"] is False and hazard.state.hero("player1").life == 4


def test_REL_WIN_3_no_relic_no_inner_tier_by_any_command():
    m = match()
    place(m, space="middle-0", phase="movement")
    assert all(not BOARD.is_inner(c.to) for c in legal_commands(SYSTEM, m.state) if isinstance(c, Move))
    for to in ("inner-0", "centre"):
        with pytest.raises(IllegalCommand) as info:
            m.submit(Move(to))
        assert info.value.rule_id == "REL-WIN-3"
    broken = replace(m.state, heroes=tuple(replace(h, space="inner-3") for h in m.state.heroes))
    assert any("REL-WIN-3" in b for b in SYSTEM.invariants(broken))


def test_REL_WIN_2_missions_by_visiting_and_by_trophies():
    m = match([1])
    place(m, space="outer-3", phase="movement", mission="pilgrimage", life=3)
    m.submit(RollMove())
    events = m.submit(Move("outer-4"))
    assert first(events, "rel.mission")["mission"] == "pilgrimage"
    assert m.state.hero("player1").missions_completed == 1
    m = match([1, 1])
    place(m, cards=[enemy("E", "strength", 4)], strength=9, mission="trophy_hunter",
          trophies=(Card("T", "t", "blue", "enemy", "willpower", 2),))
    events = m.submit(Fight("E"))
    m.submit(Prepare())
    m.submit(RollForEnemy())
    events = m.submit(RollBattle())
    assert first(events, "rel.mission")["mission"] == "trophy_hunter"


# --------------------------------------------------------------------------- the rest of a turn

def test_REL_OUT_4_vanquished_by_a_space_ends_the_turn():
    m = match([1, 1])
    place(m, space="outer-2", phase="movement", life=1, influence=3)
    m.submit(RollMove())
    events = m.submit(Move("outer-3"))  # Ash Wastes: a 1 costs 1 Life
    assert "rel.vanquished" in kinds(events) and m.state.active_player == "player2"
    hero = m.state.hero("player1")
    assert hero.space == hero.start and hero.life == hero.max_life and hero.influence == 0


def test_REL_EXT_2_trophies_are_spent_on_levels_at_the_end_of_the_turn():
    t = (Card("T1", "a", "red", "enemy", "strength", 4), Card("T2", "b", "red", "enemy", "strength", 3),
         Card("T3", "c", "blue", "enemy", "willpower", 2))
    m = match([1, 1])
    place(m, cards=[enemy("E", "cunning", 1)], cunning=9, strength=4, trophies=t)
    m.submit(Fight("E"))
    m.submit(Prepare())
    m.submit(RollForEnemy())
    events = m.submit(RollBattle())
    level = first(events, "rel.level_up")
    assert level["attribute"] == "strength" and level["value"] == 5 and "REL-EXT-2" in level.rules
    assert sorted(t.uid for t in m.state.hero("player1").trophies) == ["E", "T3"]


def test_space_choices_can_be_taken_or_declined():
    m = match([6])
    place(m, space="outer-4", phase="movement")
    m.submit(RollMove())
    events = m.submit(Move("outer-10"))  # Warp Storm: any Outer space
    assert m.state.phase == "choice" and len(m.state.choice.options) == 23
    with pytest.raises(IllegalCommand, match="REL-BOARD-2"):
        m.submit(Choose("middle-3"))
    events = m.submit(Choose("outer-20"))
    assert first(events, "rel.relocate")["to"] == "outer-20" and m.state.active_player == "player2"
    m = match([6])
    place(m, space="outer-4", phase="movement")
    m.submit(RollMove())
    m.submit(Move("outer-10"))
    m.submit(Choose(""))
    assert m.state.hero("player1").space == "outer-10"


def test_a_missed_move_and_a_double_roll():
    m = match([1, 3], players=("player1",))
    place(m, space="outer-6", phase="movement")
    m.submit(RollMove())
    events = m.submit(Move("outer-7"))  # Ice Moon: a 3 misses the next move
    assert first(events, "rel.space_roll")["ok"] is False
    assert first(events, "rel.no_move")["reason"] == "skip"  # the next turn (solo) has no move
    assert m.state.phase == "movement" and m.state.turn == 3 and not m.state.hero("player1").skip_move
    two = match([2, 5])
    place(two, space="middle-3", phase="movement", double_roll=True)
    two.submit(RollMove())
    assert set(two.state.move_options) == {"middle-1", "middle-5", "middle-8", "middle-14"}


def test_the_turn_limit_is_a_default_that_ends_the_game():
    m = Match(SYSTEM, Setup("relic", "relic.tmx", 5, {"max_rounds": 2}, ("player1", "player2")))
    m.state = m.state.with_hero(replace(m.state.hero("player2"), missions_completed=2))
    events: tuple = ()
    while SYSTEM.outcome(m.state) is None:
        events = m.submit(max(legal_commands(SYSTEM, m.state), key=lambda c: SYSTEM.rank_command(m.state, c)))
    over = first(events, "rel.game_over")
    assert over["reason"] == "limit" and m.state.round == 3
    outcome = SYSTEM.outcome(m.state)
    assert outcome.reason == EndReason.LIMIT and "turn limit" in m.state.end_reason and outcome.winners
    scores = dict(outcome.scores)
    assert all(scores[w] == max(scores.values()) for w in outcome.winners)
