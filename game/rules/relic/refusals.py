"""Why Relic refuses a command, in English: the message of each refusal key, with the ids and
numbers of its params as ``{fields}`` (the screen shows them through
``game.rules.engine.words``; the Russian is in ``locale/ru/LC_MESSAGES/relic.po``).

The turn's steps refuse a command with ``relic.<command>.not_now`` (``{phase}``, or ``{step}`` of
a battle) and ``relic.<command>.no_battle``, one message per command."""

from __future__ import annotations

from game.i18n import N_
from game.rules.engine.words import Refusals

MESSAGES = {
    "relic.game_over": N_("the game is over"),
    # not at this step of the turn
    "relic.roll_move.not_now": N_("rolling to move: not now (the turn is at: {phase})"),
    "relic.move.not_now": N_("moving: not now (the turn is at: {phase})"),
    "relic.choose.not_now": N_("choosing: not now (the turn is at: {phase})"),
    "relic.fight.not_now": N_("starting a battle: not now (the turn is at: {phase})"),
    "relic.meet.not_now": N_("meeting a stranger: not now (the turn is at: {phase})"),
    "relic.end_turn.not_now": N_("ending the turn: not now (the turn is at: {phase})"),
    "relic.roll_test.not_now": N_("the Confrontation test: not now (the turn is at: {phase})"),
    # not at this step of a battle
    "relic.prepare.no_battle": N_("declaring modifiers: there is no battle"),
    "relic.prepare.not_now": N_("declaring modifiers: not now (the battle is at: {step})"),
    "relic.roll_for_enemy.no_battle": N_("rolling for the enemy: there is no battle"),
    "relic.roll_for_enemy.not_now": N_("rolling for the enemy: not now (the battle is at: {step})"),
    "relic.roll_battle.no_battle": N_("the battle roll: there is no battle"),
    "relic.roll_battle.not_now": N_("the battle roll: not now (the battle is at: {step})"),
    "relic.change_die.no_battle": N_("changing a battle die: there is no battle"),
    "relic.change_die.not_now": N_("re-rolls and changes to a battle die come only right after the "
                                   "player's own roll (the battle is at: {step})"),
    "relic.score.no_battle": N_("counting the scores: there is no battle"),
    "relic.score.not_now": N_("counting the scores: not now (the battle is at: {step})"),
    # moving
    "relic.roll_move.inner_tier": N_("on the Inner tier a piece steps one space: Move there"),
    "relic.move.no_such_space": N_("there is no space {space}"),
    "relic.move.inner_needs_relic": N_("only a player holding a relic may enter the Inner tier ({space})"),
    "relic.move.not_reached": N_("the roll {roll} reaches {options}, not {space}"),
    "relic.move.not_linked": N_("{space} is not linked to {frm}: roll to move"),
    "relic.choose.not_offered": N_("choose one of: {options}"),
    "relic.choose.not_offered_or_nothing": N_("choose one of: {options}, or nothing"),
    # the Engagement phase
    "relic.fight.engagement_over": N_("the Engagement phase has ended this turn"),
    "relic.fight.no_such_enemy": N_("there is no enemy {enemy} on {space}"),
    "relic.meet.engagement_over": N_("after a loss or a tie the other Threat cards on the space cannot "
                                     "be dealt with this turn"),
    "relic.meet.enemies_first": N_("every enemy on the space must be beaten first"),
    "relic.meet.no_such_stranger": N_("there is no stranger {card} on {space}"),
    "relic.end_turn.enemies_left": N_("the enemies on your space must be battled; none may be skipped"),
    # a battle
    "relic.prepare.twice": N_("each modifier is declared once"),
    "relic.prepare.not_owned": N_("{player} does not own {uid}"),
    "relic.prepare.item_does_not_help": N_("{item} does not help in a battle of {attribute}"),
    "relic.prepare.too_much_wargear": N_("in one battle a player may use at most {weapons} weapon(s) and "
                                         "{armour} armour"),
    "relic.prepare.not_in_hand": N_("{uid} is not in the hand of {player}"),
    "relic.prepare.not_a_bonus": N_("{card} is not a battle bonus for {attribute}"),
    "relic.change_die.enemy_roll": N_("nobody may change the enemy's roll with their own character's "
                                      "abilities or cards"),
    "relic.change_die.roller": N_("the player rolling for the enemy may not change that roll"),
    "relic.change_die.no_source": N_("{source} cannot change a die now"),
    "relic.change_die.no_die": N_("there is no die {die}"),
    "relic.change_die.already_6": N_("die {die} already shows 6"),
}

#: the steps of the turn (``Phase``)
PHASES = {"movement": N_("movement"), "move_choice": N_("choosing a space"), "choice": N_("choice"),
          "engagement": N_("engagement"), "battle": N_("a battle"),
          "confrontation": N_("the Confrontation"), "over": N_("game over")}
#: the steps of a battle (``BattleStep``)
STEPS = {"prepare": N_("preparation"), "enemy_roll": N_("the enemy's roll"),
         "player_roll": N_("the player's roll"), "adjust": N_("changing dice")}
#: the three attributes, the types of battle
ATTRIBUTES = {"strength": N_("Strength"), "willpower": N_("Willpower"), "cunning": N_("Cunning")}

REFUSALS = Refusals(MESSAGES, {
    "phase": PHASES, "step": STEPS, "attribute": ATTRIBUTES,
    "source": {"ability": N_("ability")}, "options": {"buy": N_("Buy wargear")},
})
