"""The Attack action (MM-MELEE, MM-RANGED, MM-LEVEL-2 attack abilities): which minion a mouse
may attack with which weapon, and with how many dice.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.board import Table, near
from game.rules.mice_and_mystics.checks import action_ready
from game.rules.mice_and_mystics.combat import roll_attack
from game.rules.mice_and_mystics.commands import Attack
from game.rules.mice_and_mystics.dice import MELEE, RANGED
from game.rules.mice_and_mystics.state import ActionState, MMState, Mouse


def attack_dice(m: Mouse, weapon: str, ability_bonus: int = 0) -> int:
    """MM-MELEE-2: Battle + non-weapon bonuses + the chosen weapon's bonus only."""
    others = sum(int(cards.item(c).get("battle", 0)) for c in m.equipped
                 if cards.item(c).get("type") != "weapon")
    return m.battle + others + int(cards.item(weapon).get("bonus", 0)) + ability_bonus


def attack_mode(weapon: str, mode: str) -> str:
    """The row a weapon attacks on: its own, or the chosen one for a both-ways weapon."""
    kind = str(cards.item(weapon).get("attack", ""))
    if kind == "both":
        return mode or MELEE
    return kind


def attack_plan(system: Table, state: MMState, cmd: Attack) -> tuple[Mouse, str, int]:
    """The checks of an Attack; the attacker, the row and the number of attack dice."""
    m, t = action_ready(state, cmd.mouse, "attack")
    if cmd.weapon not in m.equipped:
        raise IllegalCommand("MM-EQUIP-5", f"{cmd.weapon} is not equipped (pack items are inert)",
                             key="mm.attack.not_equipped", params={"weapon": cmd.weapon})
    card = cards.item(cmd.weapon)
    if card.get("type") != "weapon":
        raise IllegalCommand("MM-MELEE-1", f"{cmd.weapon} is not a weapon",
                             key="mm.attack.not_a_weapon", params={"weapon": cmd.weapon})
    kind = str(card.get("attack", ""))
    if cmd.mode and cmd.mode not in (MELEE, RANGED):
        raise IllegalCommand("MM-RANGED-6", "mode is melee or ranged", key="mm.attack.bad_mode",
                             params={"mode": cmd.mode})
    if cmd.mode and kind != "both" and cmd.mode != kind:
        raise IllegalCommand("MM-RANGED-6", f"{cmd.weapon} is a {kind} weapon only",
                             key="mm.attack.one_mode_only", params={"weapon": cmd.weapon, "mode": kind})
    mode = attack_mode(cmd.weapon, cmd.mode)
    if not state.has_minion(cmd.target) or state.minion(cmd.target).tile != state.tile:
        raise IllegalCommand("MM-MELEE-1", f"there is no minion {cmd.target!r} on the board",
                             key="mm.attack.no_minion", params={"target": cmd.target})
    target = state.minion(cmd.target)
    g = system.graph(state)
    close = [n.id for n in state.minions_on_board if near(g, m.cell, n.cell)]
    if mode == MELEE:
        if target.id not in close:
            raise IllegalCommand("MM-MELEE-1", f"{target.name} is not in {m.name}'s cell or an adjacent one",
                                 key="mm.attack.out_of_reach", params={"target": target.id, "mouse": m.id})
    else:
        if not g.sees(m.cell, target.cell):
            raise IllegalCommand("MM-RANGED-2", f"{m.name} cannot see {target.name} (MM-LOS-1)",
                                 key="mm.attack.not_seen", params={"mouse": m.id, "target": target.id})
        if close and target.id not in close:
            raise IllegalCommand("MM-RANGED-3",
                                 f"a minion is in or next to {m.name}'s cell: target one of {', '.join(close)}",
                                 key="mm.attack.forced_target", params={"mouse": m.id, "targets": tuple(close)})
    bonus = 0
    if cmd.ability:
        if cmd.ability not in m.abilities:
            raise IllegalCommand("MM-LEVEL-1", f"{m.name} does not have {cmd.ability}",
                                 key="mm.ability.not_had", params={"mouse": m.id, "ability": cmd.ability})
        ab = cards.abilities()[cmd.ability]
        if ab.get("effect") != "attack_bonus":
            raise IllegalCommand("MM-LEVEL-2", f"{cmd.ability} is not an attack ability",
                                 key="mm.ability.not_for_attack", params={"ability": cmd.ability})
        if t.ability_used:
            raise IllegalCommand("MM-LEVEL-2", f"{m.name} has already used an ability this turn",
                                 key="mm.ability.already_used", params={"mouse": m.id})
        bonus = int(ab.get("amount", 1))
    return m, mode, attack_dice(m, cmd.weapon, bonus)


def check_attack(system: Table, state: MMState, cmd: Attack) -> None:
    attack_plan(system, state, cmd)


def resolve_attack(system: Table, state: MMState, cmd: Attack, dice: Dice, events: list[Event]) -> MMState:
    m, mode, n = attack_plan(system, state, cmd)
    t = state.turn
    assert t is not None
    state = replace(state, turn=replace(t, action_state=ActionState.DONE, action="attack",
                                        ability_used=t.ability_used or bool(cmd.ability)))
    rules = (["MM-MELEE-1", "MM-MELEE-2", "MM-MELEE-3"] if mode == MELEE
             else ["MM-RANGED-1", "MM-RANGED-2", "MM-RANGED-3", "MM-RANGED-4", "MM-RANGED-5"])
    if cards.item(cmd.weapon).get("attack") == "both":
        rules.append("MM-RANGED-6")
    if cmd.ability:
        rules.append("MM-LEVEL-2")
    return roll_attack(system, state, m.id, cmd.target, n, mode, dice, events, rules + ["MM-TURN-2"],
                       cheese_to=f"mouse:{m.id}")
