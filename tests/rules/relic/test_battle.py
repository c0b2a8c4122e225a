"""Relic battles (spec sections 2 to 7) and the REL-TV vectors, with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand
from game.rules.relic.commands import ChangeDie, EndTurn, Fight, Meet, Move, Prepare, RollBattle, RollForEnemy, Score
from game.rules.relic.config import ATTRIBUTES
from game.rules.relic.dice import roll_exploding, total
from game.rules.relic.legal import legal_commands, prepare_options
from game.rules.relic.state import Effect
from tests.rules.relic.helpers import FOUR, SYSTEM, enemy, fight, first, item, kinds, match, place, power, stranger

STRANGER = stranger("S")


# --------------------------------------------------------------------------- the REL-TV vectors

def test_REL_TV_1_battle_type_is_the_enemys_attribute_and_a_loss_costs_1_life():
    """REL-SEQ-1, REL-SCORE-1, REL-SCORE-2, REL-SEQ-6, REL-OUT-2."""
    m = match([4, 4])
    place(m, cards=[enemy("E", "cunning", 3)], strength=5, willpower=4, cunning=2, life=5)
    events = fight(m, "E")
    battle = first(events, "rel.battle")
    assert battle["attribute"] == "cunning" and "REL-SEQ-1" in battle.rules
    score = first(events, "rel.score")
    assert (score["enemy_score"], score["player_score"]) == (7, 6)
    assert {"REL-SCORE-1", "REL-SCORE-2"} <= set(score.rules)
    assert first(events, "rel.result")["result"] == "LOSE"
    assert m.state.hero("player1").life == 4
    end = first(events, "rel.engagement_end")
    assert "REL-OUT-2" in end.rules and "REL-ENG-3" in end.rules
    assert m.state.active_player == "player2"  # the Engagement phase, and the turn, are over
    assert [c.uid for c in m.state.cards_on("outer-4")] == ["E"]  # the enemy stays (REL-OUT-2)


def test_REL_TV_2_a_tie_ends_the_engagement_and_leaves_the_stranger_alone():
    """REL-SEQ-6, REL-OUT-3, REL-ENG-3."""
    m = match([3, 2])
    place(m, cards=[enemy("E", "strength", 4), STRANGER], strength=5, life=3)
    events = fight(m, "E")
    score = first(events, "rel.score")
    assert (score["enemy_score"], score["player_score"]) == (7, 7)
    assert first(events, "rel.result")["result"] == "TIE"
    hero = m.state.hero("player1")
    assert hero.life == 3 and hero.trophies == ()
    assert [c.uid for c in m.state.cards_on("outer-4")] == ["E", "S"]  # enemy stays, S untouched
    assert "rel.meet" not in kinds(events) and "REL-OUT-3" in first(events, "rel.engagement_end").rules


def test_REL_ENG_3_after_a_loss_or_tie_no_threat_card_may_be_dealt_with():
    m = match()
    place(m, cards=[enemy("E", "strength", 4), STRANGER])
    m.state = replace(m.state, blocked=True)
    for cmd in (Meet("S"), Fight("E")):
        with pytest.raises(IllegalCommand) as info:
            m.submit(cmd)
        assert info.value.rule_id == "REL-ENG-3"


def test_REL_TV_3_sixes_explode_for_both_sides_and_a_win_takes_a_trophy():
    """REL-DICE-1, REL-DICE-3, REL-OUT-1."""
    m = match([6, 2, 6, 6, 1])
    place(m, cards=[enemy("E", "willpower", 2)], willpower=3)
    events = fight(m, "E")
    e_roll, p_roll = first(events, "rel.enemy_roll"), first(events, "rel.player_roll")
    assert e_roll["chains"] == ((6, 2),) and e_roll["total"] == 8 and "REL-DICE-1" in e_roll.rules
    assert p_roll["chains"] == ((6, 6, 1),) and p_roll["total"] == 13 and "REL-DICE-3" in p_roll.rules
    score = first(events, "rel.score")
    assert (score["enemy_score"], score["player_score"]) == (10, 16)
    assert first(events, "rel.result")["result"] == "WIN"
    hero = m.state.hero("player1")
    assert [t.uid for t in hero.trophies] == ["E"] and "REL-OUT-1" in first(events, "rel.trophy").rules
    assert m.state.cards_on("outer-4") == ()


def test_REL_TV_4_chained_explosions_and_the_switch():
    """REL-DICE-2: with chaining every 6 explodes; without, only the base die."""
    assert roll_exploding(1, ScriptedDice([6, 6, 3])) == ((6, 6, 3),)
    assert total(roll_exploding(1, ScriptedDice([6, 6, 3]))) == 15
    off = roll_exploding(1, ScriptedDice([6, 6, 3]), chain_explosions=False)
    assert off == ((6, 6),) and total(off) == 12
    # REL-DICE-2's guard: at the cap the last die is simply added
    assert roll_exploding(1, ScriptedDice([6, 6, 6, 6]), max_explosions=2) == ((6, 6, 6),)
    # in a battle, as a game option
    m = match([6, 6, 3, 1], chain_explosions=False)
    place(m, cards=[enemy("E", "strength", 1)], strength=1)
    events = fight(m, "E")
    assert first(events, "rel.enemy_roll")["chains"] == ((6, 6),)
    assert first(events, "rel.player_roll")["chains"] == ((3,),)
    m = match([6, 6, 3, 1])
    place(m, cards=[enemy("E", "strength", 1)], strength=1)
    events = fight(m, "E")
    assert first(events, "rel.enemy_roll")["total"] == 15 and "REL-DICE-2" in first(events, "rel.enemy_roll").rules


def test_REL_TV_5_extra_dice_are_rolled_together_and_summed():
    """REL-SEQ-4, REL-DICE-3, REL-DICE-4, REL-SCORE-2: base dice [2, 6], the 6 explodes into 4."""
    weapon = item("W", "weapon", "strength", 1)
    m = match([1, 2, 6, 4])
    place(m, cards=[enemy("E", "strength", 1)], strength=3, ability="extra_die",
          ability_attribute="strength", items=(weapon,))
    events = fight(m, "E", items=["W"])
    roll = first(events, "rel.player_roll")
    assert roll["dice"] == 2 and roll["chains"] == ((2,), (6, 4)) and roll["total"] == 12
    assert {"REL-DICE-4", "REL-SEQ-4"} <= set(roll.rules)
    assert first(events, "rel.score")["player_score"] == 16


def test_REL_TV_6_enemy_effects_are_counted_on_the_state_at_the_score_step():
    """REL-SEQ-5: '+1 per Strength card in hand'; one of three was played in Prepare."""
    champ = enemy("E", "strength", 4, effects=[Effect("score", "per_hand_card", 1, "strength")])
    hand = tuple(power(f"P{i}", "bonus", "strength", 1) for i in range(3))
    m = match([1, 1])
    place(m, cards=[champ], strength=3, hand=hand)
    events = fight(m, "E", cards=["P0"])
    score = first(events, "rel.score")
    assert dict(score["enemy_modifiers"]) == {"strength_cards_in_hand": 2}
    assert "REL-SEQ-5" in score.rules
    assert score["enemy_score"] == 1 + 4 + 2 and score["player_score"] == 1 + 3 + 1


def test_REL_TV_7_one_weapon_per_battle():
    """REL-SEQ-2: declaring two weapons is refused; the best legal declaration uses the +2."""
    w1, w2 = item("W1", "weapon", "strength", 1), item("W2", "weapon", "strength", 2)
    a1, a2 = item("A1", "armour", "any", 1), item("A2", "armour", "any", 1)
    m = match([1, 1])
    place(m, cards=[enemy("E", "strength", 3)], items=(w1, w2, a1, a2))
    m.submit(Fight("E"))
    before = m.digest()
    for bad in (Prepare(("W1", "W2")), Prepare(("A1", "A2")), Prepare(("W1", "W1")), Prepare(("nope",))):
        with pytest.raises(IllegalCommand) as info:
            m.submit(bad)
        assert info.value.rule_id == "REL-SEQ-2" and m.digest() == before
    best = max(prepare_options(m.state), key=lambda p: SYSTEM.rank_command(m.state, p))
    assert "W2" in best.items and len(best.items) == 2
    events = m.submit(Prepare(("W2", "A1")))
    assert first(events, "rel.prepare")["total"] == 3


def test_REL_SEQ_2_a_modifier_must_fit_the_battle_type():
    m = match()
    place(m, cards=[enemy("E", "cunning", 3)], items=(item("W", "weapon", "strength", 2),),
          hand=(power("P", "bonus", "strength", 1),))
    m.submit(Fight("E"))
    for bad in (Prepare(("W",)), Prepare((), ("P",))):
        with pytest.raises(IllegalCommand, match="REL-SEQ-2"):
            m.submit(bad)


def test_REL_TV_8_several_enemies_in_the_chosen_order_until_a_loss():
    """REL-ENG-2, REL-OUT-1, REL-OUT-2, REL-ENG-3."""
    m = match([2, 3, 3, 5])
    place(m, cards=[enemy("E1", "strength", 3), enemy("E2", "cunning", 4), STRANGER],
          strength=4, cunning=1, life=4)
    assert sorted(c.enemy for c in legal_commands(SYSTEM, m.state)) == ["E1", "E2"]
    events = fight(m, "E1")
    assert (first(events, "rel.score")["enemy_score"], first(events, "rel.score")["player_score"]) == (5, 7)
    assert first(events, "rel.result")["result"] == "WIN"
    assert [t.uid for t in m.state.hero("player1").trophies] == ["E1"]
    assert m.state.active_player == "player1"  # a win continues the Engagement (REL-OUT-1)
    with pytest.raises(IllegalCommand, match="REL-ENG-2"):
        m.submit(Meet("S"))  # E2 is still unbeaten
    events = fight(m, "E2")
    assert (first(events, "rel.score")["enemy_score"], first(events, "rel.score")["player_score"]) == (7, 6)
    assert first(events, "rel.result")["result"] == "LOSE"
    assert m.state.hero("player1").life == 3
    assert [c.uid for c in m.state.cards_on("outer-4")] == ["E2", "S"]
    assert "rel.meet" not in kinds(events) and m.state.active_player == "player2"


def test_REL_TV_9_once_every_enemy_is_beaten_the_stranger_may_be_met():
    """REL-ENG-2, REL-OUT-1."""
    m = match([1, 1])
    place(m, cards=[enemy("E1", "strength", 2), STRANGER], strength=4)
    events = fight(m, "E1")
    assert first(events, "rel.result")["result"] == "WIN"
    assert Meet("S") in legal_commands(SYSTEM, m.state) and EndTurn() in legal_commands(SYSTEM, m.state)
    influence = m.state.hero("player1").influence
    events = m.submit(Meet("S"))
    assert "rel.meet" in kinds(events) and m.state.hero("player1").influence == influence + 1


def test_REL_TV_10_the_player_to_the_left_rolls_for_the_enemy():
    """REL-SEQ-3: the next seat clockwise; with one player the program rolls."""
    m = match(players=FOUR)
    st = m.state
    assert st.seat_left_of("player3") == "player4" and st.seat_left_of("player4") == "player1"
    assert match().state.seat_left_of("player1") == "player2"
    assert match(players=("player1",)).state.seat_left_of("player1") == ""
    m = match([3, 3], players=FOUR)
    place(m, player="player3", space="outer-4", cards=[enemy("E", "strength", 1)])
    m.submit(Fight("E"))
    m.submit(Prepare())
    assert SYSTEM.current_player(m.state) == "player4"  # hot-seat: player4 is prompted
    assert legal_commands(SYSTEM, m.state) == [RollForEnemy()]
    events = m.submit(RollForEnemy())
    assert first(events, "rel.enemy_roll").actor == "player4"
    assert SYSTEM.current_player(m.state) == "player3"
    solo = match([3, 3], players=("player1",))
    place(solo, cards=[enemy("E", "strength", 1)])
    solo.submit(Fight("E"))
    events = solo.submit(Prepare())
    assert first(events, "rel.enemy_roll").actor == "program" and solo.state.battle.step == "player_roll"


def test_REL_TV_11_nobody_changes_the_enemy_roll_the_active_player_changes_their_own_in_step_4():
    """REL-SEQ-3, REL-DICE-6, REL-SEQ-4."""
    m = match([2, 1, 5])
    place(m, cards=[enemy("E", "strength", 3)], ability="reroll")
    m.state = m.state.with_hero(replace(m.state.hero("player2"), ability="reroll"))  # B's ability
    m.submit(Fight("E"))
    with pytest.raises(IllegalCommand, match="REL-SEQ-4"):
        m.submit(ChangeDie("ability", 0))  # not before the roll
    m.submit(Prepare())
    assert legal_commands(SYSTEM, m.state) == [RollForEnemy()]  # B can only roll
    with pytest.raises(IllegalCommand) as info:
        m.submit(ChangeDie("ability", 0))
    assert info.value.rule_id == "REL-SEQ-3"
    m.submit(RollForEnemy())
    m.submit(RollBattle())
    with pytest.raises(IllegalCommand) as info:
        m.submit(ChangeDie("ability", 0, roll="enemy"))
    assert info.value.rule_id == "REL-DICE-6"
    events = m.submit(ChangeDie("ability", 0))  # A re-rolls their own die: 1 -> 5
    changed = first(events, "rel.die_changed")
    assert changed["before"] == (1,) and changed["after"] == (5,) and "REL-SEQ-4" in changed.rules
    assert first(events, "rel.score")["player_score"] == 5 + m.state.hero("player1").strength


def test_REL_DICE_6_effects_printed_on_the_enemy_card_still_apply():
    tyrant = enemy("E", "willpower", 3, "blue", [Effect("roll", "extra_die", 1)])
    m = match([2, 3, 1])
    place(m, cards=[tyrant])
    events = fight(m, "E")
    assert first(events, "rel.enemy_roll")["chains"] == ((2,), (3,))
    assert "REL-DICE-6" in first(events, "rel.enemy_roll").rules


def test_REL_TV_12_three_missions_earn_the_relic_that_opens_the_inner_tier():
    """REL-WIN-2, REL-WIN-3."""
    m = match([1, 1], players=("player1",))
    place(m, space="middle-0", cards=[enemy("E", "willpower", 1, "blue")], willpower=5,
          missions_completed=2, mission="test_of_faith", phase="movement")
    assert Move("inner-0") not in legal_commands(SYSTEM, m.state)
    with pytest.raises(IllegalCommand) as info:
        m.submit(Move("inner-0"))
    assert info.value.rule_id == "REL-WIN-3"
    m.state = replace(m.state, phase="engagement")
    events = fight(m, "E")
    mission = first(events, "rel.mission")
    assert mission["count"] == 3 and "REL-WIN-2" in mission.rules
    assert "REL-WIN-2" in first(events, "rel.relic").rules
    hero = m.state.hero("player1")
    assert hero.relic and hero.missions_completed == 3 and hero.mission  # a new mission is dealt
    assert m.state.phase == "movement" and Move("inner-0") in legal_commands(SYSTEM, m.state)
    events = m.submit(Move("inner-0"))
    assert "REL-WIN-3" in first(events, "rel.move").rules and m.state.hero("player1").space == "inner-0"


def test_REL_WIN_2_the_relic_comes_once_later_missions_give_only_their_reward():
    m = match([1, 1], players=("player1",))
    place(m, cards=[enemy("E", "willpower", 1, "blue")], willpower=5, missions_completed=3,
          relic=True, mission="test_of_faith")
    events = fight(m, "E")
    assert first(events, "rel.mission")["count"] == 4 and "rel.relic" not in kinds(events)


def test_REL_TV_14_negative_modifiers_and_plain_integer_scores():
    """REL-SCORE-3, REL-SEQ-6."""
    cursed = item("C", "weapon", "any", -1)
    m = match([1, 1])
    place(m, cards=[enemy("E", "strength", 1)], strength=2, items=(cursed,))
    events = fight(m, "E", items=["C"])
    score = first(events, "rel.score")
    assert (score["player_score"], score["enemy_score"]) == (2, 2) and "REL-SCORE-3" in score.rules
    assert first(events, "rel.result")["result"] == "TIE"


def test_REL_TV_15_a_loss_at_1_life_vanquishes():
    """REL-OUT-2, REL-OUT-4: published default: trophies and influence lost, Life reset, back to
    the start, the turn ends."""
    m = match([6, 1, 1])
    trophy = enemy("T", "cunning", 2)
    place(m, space="outer-3", cards=[enemy("E", "strength", 3)], life=1, max_life=5, influence=2,
          trophies=(trophy,))
    events = fight(m, "E")
    life = [e for e in events if e.kind == "rel.life"]
    assert life[0]["life"] == 0 and "REL-OUT-2" in life[0].rules
    gone = first(events, "rel.vanquished")
    assert "REL-OUT-4" in gone.rules and gone["trophies"] == 1
    hero = m.state.hero("player1")
    assert (hero.life, hero.influence, hero.trophies, hero.space) == (5, 0, (), hero.start)
    assert m.state.active_player == "player2"


def test_REL_TV_16_a_reroll_replaces_the_die_and_its_whole_chain():
    """REL-DICE-5."""
    m = match([1, 6, 2, 3])
    place(m, cards=[enemy("E", "strength", 3)], hand=(power("R", "reroll"),))
    fight(m, "E")
    assert m.state.battle.player_chains == ((6, 2),)
    events = m.submit(ChangeDie("R", 0))
    changed = first(events, "rel.die_changed")
    assert changed["after"] == (3,) and changed["total"] == 3 and "REL-DICE-5" in changed.rules
    assert first(events, "rel.score")["player_roll"] == 3


def test_REL_DICE_5_a_die_set_to_6_explodes():
    m = match([1, 2, 4])
    place(m, cards=[enemy("E", "strength", 3)], hand=(power("F", "set6"),))
    fight(m, "E")
    events = m.submit(ChangeDie("F", 0))
    changed = first(events, "rel.die_changed")
    assert changed["after"] == (6, 4) and changed["explodes"] is True
    assert first(events, "rel.score")["player_roll"] == 10


def test_REL_TV_17_a_card_that_says_discard_is_no_trophy():
    """REL-OUT-1: unless the card says to do something else with it."""
    sneak = enemy("E", "cunning", 1, effects=[Effect("win", "discard")])
    m = match([1, 1])
    place(m, cards=[sneak], cunning=4)
    events = fight(m, "E")
    assert first(events, "rel.result")["result"] == "WIN"
    assert m.state.hero("player1").trophies == () and "REL-OUT-1" in first(events, "rel.discarded").rules
    assert m.state.pile("red").discard[-1].uid == "E" and m.state.cards_on("outer-4") == ()


def test_REL_TV_18_an_addition_never_makes_a_die_explode():
    """REL-DICE-5: 5 + 1 = 6, but it does not explode."""
    m = match([1, 5])
    place(m, cards=[enemy("E", "cunning", 3)], ability="add1")
    fight(m, "E")
    events = m.submit(ChangeDie("ability", 0))
    changed = first(events, "rel.die_changed")
    assert changed["after"] == (5,) and changed["added"] == 1 and changed["explodes"] is False
    assert first(events, "rel.score")["player_roll"] == 6 and m.dice.remaining == 0


# --------------------------------------------------------------------------- other battle rules

def test_REL_BTL_1_battles_are_against_enemies_on_the_active_players_space():
    m = match()
    place(m, cards=[])
    m.state = m.state.with_cards_on("outer-5", (enemy("E", "strength", 1),))
    with pytest.raises(IllegalCommand) as info:
        m.submit(Fight("E"))
    assert info.value.rule_id == "REL-BTL-1"


def test_REL_BTL_2_exactly_three_battle_types():
    assert ATTRIBUTES == ("strength", "willpower", "cunning")
    for attr in ATTRIBUTES:
        m = match([1, 1])
        place(m, cards=[enemy("E", attr, 1)], **{attr: 7})
        events = fight(m, "E")
        assert first(events, "rel.battle")["attribute"] == attr and "REL-BTL-2" in first(events, "rel.battle").rules
        assert first(events, "rel.score")["player_value"] == 7


def test_REL_BTL_3_and_REL_EXT_2_enemy_records_and_whole_card_trophies():
    from game.rules.relic import data

    for deck in data.THREAT_DECKS:
        for card in data.threat_deck(deck):
            assert card.deck == deck and card.id and card.kind in ("enemy", "stranger", "event")
            if card.kind == "enemy":
                assert card.attribute in ATTRIBUTES and card.value > 0
    m = match([1, 1])
    place(m, cards=[enemy("E", "willpower", 2, "blue")], willpower=5)
    fight(m, "E")
    trophy = m.state.hero("player1").trophies[0]
    assert (trophy.attribute, trophy.value, trophy.deck) == ("willpower", 2, "blue")


def test_REL_SEQ_6_the_enemy_cards_text_for_the_result_is_carried_out():
    """A loss against a card with a penalty: 1 Life and the printed penalty."""
    boss = enemy("E", "strength", 5, effects=[Effect("lose", "lose_influence", 1)])
    m = match([6, 1, 1])
    place(m, cards=[boss], influence=2, life=4)
    events = fight(m, "E")
    assert "REL-SEQ-6" in first(events, "rel.influence").rules
    hero = m.state.hero("player1")
    assert (hero.life, hero.influence) == (3, 1)


def test_REL_SEQ_7_consequences_per_result():
    """WIN goes on with the Engagement; LOSE and TIE end it (REL-OUT-1/2/3)."""
    outcomes = {}
    for faces, name in (([1, 5], "WIN"), ([5, 1], "LOSE"), ([3, 3], "TIE")):
        m = match(faces)
        place(m, cards=[enemy("E", "strength", 3), STRANGER], strength=3)
        events = fight(m, "E")
        assert first(events, "rel.result")["result"] == name and "REL-SEQ-7" in first(events, "rel.result").rules
        outcomes[name] = m.state.active_player
    assert outcomes == {"WIN": "player1", "LOSE": "player2", "TIE": "player2"}


def test_REL_ENG_1_an_enemy_cannot_be_skipped():
    m = match()
    place(m, cards=[enemy("E", "strength", 3)])
    assert legal_commands(SYSTEM, m.state) == [Fight("E")]
    with pytest.raises(IllegalCommand) as info:
        m.submit(EndTurn())
    assert info.value.rule_id == "REL-ENG-1"


def test_REL_ENG_2_drawn_order_option_fights_the_oldest_card_first():
    m = match([1, 1], enemy_order="drawn")
    place(m, phase="movement", space="outer-3")
    m.state = m.state.with_cards_on("outer-4", (enemy("E1", "strength", 1), enemy("E2", "strength", 1)))
    from game.rules.relic.commands import RollMove

    m.state = m.state.with_hero(replace(m.state.hero("player1"), space="outer-3"))
    m.submit(RollMove())
    m.submit(Move("outer-4"))  # Shrine World: heal, then the Engagement starts at once
    assert m.state.battle is not None and m.state.battle.enemy.uid == "E1"


def test_REL_ENG_5_combining_enemies_is_a_reserved_hook():
    with pytest.raises(ValueError, match="REL-ENG-5"):
        match(combine_same_attribute=True)


def test_REL_SEQ_4_the_scores_wait_for_the_players_changes_and_score_ends_them():
    m = match([1, 2])
    place(m, cards=[enemy("E", "strength", 3)], strength=1, hand=(power("R", "reroll"),))
    fight(m, "E")
    assert m.state.battle.step == "adjust"
    assert set(legal_commands(SYSTEM, m.state)) == {Score(), ChangeDie("R", 0)}
    events = m.submit(Score())
    assert first(events, "rel.result")["result"] == "LOSE"
    assert [p.uid for p in m.state.hero("player1").hand] == ["R"]  # unused, kept


def test_REL_EXT_1_item_limits_are_parameters():
    w1, w2 = item("W1", "weapon", "strength", 1), item("W2", "weapon", "strength", 2)
    m = match([1, 1], max_weapons=2)
    place(m, cards=[enemy("E", "strength", 3)], items=(w1, w2))
    m.submit(Fight("E"))
    assert first(m.submit(Prepare(("W1", "W2"))), "rel.prepare")["total"] == 3
