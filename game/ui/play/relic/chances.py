"""The chance of success on Relic's buttons that lead to a roll (issue 17: "every game's action
buttons that lead to a roll show the chance of success"): preparing for a battle, rolling for
the enemy, rolling the battle dice and counting the scores say the exact chance to win the
battle (with explosions, REL-DICE-3), as the Odds tab counts it; rolling a test says the chance
to pass it."""

from __future__ import annotations

from typing import Any

from game.rules.relic import commands as rc
from game.rules.relic.state import RelicState

#: the commands whose button says the chance to win the pending battle
BATTLE_ROLLS = (rc.RollForEnemy, rc.RollBattle, rc.Score)


def chance(system: Any, state: RelicState, command: Any) -> float | None:
    """The chance of success of ``command`` in ``state``, or None for one that rolls nothing."""
    if isinstance(command, rc.Prepare):
        odds = system.battle_odds(state, command.items, command.cards)
    elif isinstance(command, BATTLE_ROLLS):
        odds = system.battle_odds(state)
    elif isinstance(command, rc.RollTest):
        p = system.test_odds(state)
        return None if p is None else float(p)
    else:
        return None
    return None if odds is None else float(odds.p_win)

