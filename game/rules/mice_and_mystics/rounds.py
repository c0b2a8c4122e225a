"""Rounds and turns of the entities in the order (MM-ROUND, MM-TURN-1, MM-TURN-6): a new tile's
round, who acts next, and what happens when an entity's turn ends.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.order import drop_entity, entities_for_tile, last_mouse, members, roll_order
from game.rules.mice_and_mystics.state import MMState, Phase, Turn
from game.rules.mice_and_mystics.wheel import wheel_add


def new_tile_round(system: Table, state: MMState, dice: Dice, events: list[Event], *,
                   first: bool = False) -> MMState:
    """MM-ROUND-1/MM-EXP-5: roll initiative for the tile and start a new round."""
    ents = entities_for_tile(state)
    order, rolls, log = roll_order(ents, dice, state.cfg.initiative_die)
    state = replace(state, order=tuple(order), init_rolls=tuple((e, rolls[e]) for e in order),
                    index=0, round=1 if first else state.round + 1, turn=None, phase=Phase.TURN)
    events.append(Event.of("mm.initiative", ["MM-ROUND-1", "MM-ROUND-2", "MM-ROUND-3"], "",
                           order=tuple(order), rolls=tuple(log), tile=state.tile))
    return begin_entity(state, dice, events)


def begin_entity(state: MMState, dice: Dice, events: list[Event]) -> MMState:
    """Start the turn of the entity at ``state.index`` (a new round after the last one)."""
    for _ in range(len(state.order) + 2):
        if state.result:
            return state
        if state.index >= len(state.order):
            state = replace(state, index=0, round=state.round + 1)
            events.append(Event.of("mm.round", ["MM-ROUND-3"], "", round=state.round))
        ent = state.acting
        if state.has_mouse(ent):
            m = state.mouse(ent)
            if m.captured:
                events.append(Event.of("mm.turn_start", ["MM-TURN-6", "MM-CAPT-5"], m.id, kind="captured",
                                       minions=len(state.minions_on_board)))
                return replace(state, phase=Phase.CAPTURED, turn=Turn(m.id))
            if m.charmed:
                events.append(Event.of("mm.turn_start", ["MM-TURN-6", "MM-COND-4"], m.id, kind="charmed"))
                return replace(state, phase=Phase.GM, turn=None)
            d3 = dice.roll(1, 3)[0]
            mp = m.move + d3
            events.append(Event.of("mm.turn_start", ["MM-TURN-1", "MM-MOVE-1"], m.id, kind="mouse",
                                   move=m.move, d3=d3, mp=mp, round=state.round))
            return replace(state, phase=Phase.TURN, turn=Turn(m.id, mp, d3))
        if not members(state, ent):  # MM-ROUND-5: a defeated group leaves the order
            state = drop_entity(state, ent, events)
            continue
        events.append(Event.of("mm.turn_start", ["MM-ROUND-2"], ent, kind="minions"))
        return replace(state, phase=Phase.GM, turn=None)
    raise RuntimeError("no entity can act")  # pragma: no cover - mice never leave the order


def end_entity(system: Table, state: MMState, dice: Dice, events: list[Event]) -> MMState:
    """The acting entity's turn ends: MM-ROUND-6 (the last mouse with no minion on the board
    adds a cheese to the wheel), then the next entity begins."""
    ent = state.acting
    if state.has_mouse(ent) and ent == last_mouse(state) and not state.minions_on_board:
        state = wheel_add(system, state, 1, ["MM-WHEEL-3", "MM-ROUND-6"], dice, events, "no minions")
        if state.result:
            return state
    state = replace(state, index=state.index + 1, turn=None, pending=())
    return begin_entity(state, dice, events)


def after_command(system: Table, state: MMState, dice: Dice, events: list[Event]) -> MMState:
    """A mouse captured during its own turn ends that turn (MM-CAPT-3); an ended chapter has
    nobody to act (MM-END-8)."""
    if state.result:
        return replace(state, phase=Phase.OVER, turn=None, pending=())
    if (state.phase == Phase.TURN and state.turn is not None and not state.pending
            and state.mouse(state.turn.mouse).captured):
        state = end_entity(system, state, dice, events)
    if state.result:
        return replace(state, phase=Phase.OVER, turn=None, pending=())
    return state
