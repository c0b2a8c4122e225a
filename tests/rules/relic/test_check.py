"""Legality belongs to the rules (issue 15): ``Relic.check`` refuses what ``apply`` refuses, with
the same rule ID, without dice and without changing anything; the legal commands are the
candidates it accepts; phases and endings are enums that read like the strings they replace."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand
from game.rules.relic import legal
from game.rules.relic.commands import (
    ChangeDie,
    Choose,
    EndTurn,
    Fight,
    Meet,
    Move,
    Prepare,
    RollBattle,
    RollForEnemy,
    RollMove,
    RollTest,
    Score,
)
from game.rules.relic.state import BattleStep, EndReason, Phase
from tests.rules.relic.helpers import SYSTEM, enemy, item, match, place, power, stranger

EVERY_KIND = [RollMove(), Move("outer-5"), Move("inner-0"), Move("nowhere"), Choose(""), Choose("x"),
              Fight("E"), Fight("nobody"), Meet("S"), EndTurn(), Prepare(), Prepare(("W", "W")),
              Prepare(cards=("nope",)), RollForEnemy(), RollBattle(), ChangeDie("ability", 0),
              ChangeDie("S6", 0), ChangeDie("S6", 3), ChangeDie("ability", 0, roll="enemy"), Score(),
              RollTest()]


def _refusal(fn) -> str | None:
    try:
        fn()
    except IllegalCommand as exc:
        assert exc.key.startswith(("relic.", "engine.")), exc.key
        return exc.rule_id
    return None


def _agree(m) -> None:
    """For every kind of command: check and apply agree, and neither changes the state; check
    rolls nothing (an empty script would raise if it did)."""
    before = m.digest()
    for command in EVERY_KIND:
        checked = _refusal(lambda c=command: SYSTEM.check(m.state, c))
        applied = _refusal(lambda c=command: SYSTEM.apply(m.state, c, ScriptedDice([6, 1] * 20)))
        assert checked == applied, (m.state.phase, command, checked, applied)
        assert m.digest() == before
    accepted = [c for c in EVERY_KIND if _refusal(lambda c=c: SYSTEM.check(m.state, c)) is None]
    assert all(c in legal.legal_commands(SYSTEM, m.state) for c in accepted
               if not isinstance(c, Prepare | ChangeDie))


def test_check_and_apply_agree_at_every_step_of_a_battle():
    m = match([2, 6, 3])
    place(m, cards=[enemy("E", "strength", 3), stranger("S")], items=(item("W"),),
          hand=(power("S6", "set6"),))
    _agree(m)  # engagement: Fight("E") only
    m.submit(Fight("E"))
    _agree(m)  # prepare
    m.submit(Prepare(("W",)))
    _agree(m)  # enemy_roll (player2 rolls)
    m.submit(RollForEnemy())
    _agree(m)  # player_roll
    m.submit(RollBattle())
    assert m.state.battle.step == BattleStep.ADJUST
    _agree(m)  # adjust: the die shows 6, so set6 is refused by check (REL-DICE-5)
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(m.state, ChangeDie("S6", 0))
    assert (info.value.rule_id, info.value.key) == ("REL-DICE-5", "relic.change_die.already_6")


def test_check_and_apply_agree_in_movement_choice_and_after_the_end():
    m = match([3], players=("player1",))
    place(m, space="outer-6", phase="movement")
    _agree(m)
    m.submit(RollMove())
    assert m.state.phase == Phase.MOVE_CHOICE
    _agree(m)
    m.state = replace(m.state, phase=Phase.OVER, winners=("player1",))
    for command in EVERY_KIND:
        with pytest.raises(IllegalCommand) as info:
            SYSTEM.check(m.state, command)
        assert info.value.rule_id == "REL-WIN-1"


def test_a_refusal_names_its_rule_key_and_values():
    m = match()
    place(m, space="outer-6", phase="movement")
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(m.state, Move("nowhere"))
    assert info.value.rule_id == "REL-BOARD-2" and info.value.key == "relic.move.no_such_space"
    assert info.value.params == {"space": "nowhere"}
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(m.state, Fight("E"))
    assert info.value.rule_id == "REL-ENG-1" and info.value.key == "relic.fight.not_now"
    assert info.value.params == {"phase": "movement"}
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(m.state, object())
    assert info.value.rule_id == "REL-SEQ-1" and "is not a Relic command" in info.value.reason


def test_legal_commands_are_the_candidates_check_accepts():
    m = match([4, 4])
    place(m, cards=[enemy("E1", "strength", 1), enemy("E2", "cunning", 1), stranger("S")])
    cands = legal.candidates(SYSTEM, m.state)
    assert Meet("S") in cands and EndTurn() in cands  # offered, then refused: enemies first
    assert legal.legal_commands(SYSTEM, m.state) == [Fight("E1"), Fight("E2")]


def test_phases_and_endings_are_enums_that_read_like_their_strings():
    assert repr(Phase.MOVE_CHOICE) == "'move_choice'" and Phase.BATTLE == "battle"
    assert repr(BattleStep.ENEMY_ROLL) == "'enemy_roll'" and str(EndReason.LIMIT) == "limit"
    m = match()
    assert "phase='movement'" in repr(m.state)
    assert m.state.phase is Phase.MOVEMENT and SYSTEM.outcome(m.state) is None
