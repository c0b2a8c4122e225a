"""The end of an entity's turn: ``EndTurn`` (MM-TURN-5; a captured mouse's skipped turn,
MM-RESC-2), ``Rescue`` (MM-RESC) and ``GmTurn`` (a minion group's or a charmed mouse's turn,
played by the program's GM, ``gm.py``).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics import gm
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.checks import turn_mouse
from game.rules.mice_and_mystics.commands import EndTurn, GmTurn, Rescue
from game.rules.mice_and_mystics.occupancy import SMALL, can_enter, figures, nearest_free
from game.rules.mice_and_mystics.rounds import end_entity
from game.rules.mice_and_mystics.state import MMState, Phase


def check_end_turn(system: Table, state: MMState, cmd: EndTurn) -> None:
    if state.phase == Phase.CAPTURED:
        if state.acting != cmd.mouse:
            raise IllegalCommand("MM-TURN-5", f"it is {state.acting}'s turn",
                                 key="mm.turn.not_your_turn", params={"acting": state.acting, "mouse": cmd.mouse})
        if not state.minions_on_board:
            raise IllegalCommand("MM-RESC-1", "no minion is on the board: the mouse is rescued (choose its cell)",
                                 key="mm.rescue.must_rescue")
        return
    turn_mouse(state, cmd.mouse, "MM-TURN-5")


def resolve_end_turn(system: Table, state: MMState, cmd: EndTurn, dice: Dice, events: list[Event]) -> MMState:
    if state.phase == Phase.CAPTURED:
        events.append(Event.of("mm.skip", ["MM-RESC-2", "MM-CAPT-5"], cmd.mouse,
                               minions=len(state.minions_on_board)))
    else:
        t = state.turn
        assert t is not None
        events.append(Event.of("mm.end_turn", ["MM-TURN-5"], cmd.mouse, lost_mp=t.mp,
                               action=t.action or t.action_state.value))
    return end_entity(system, state, dice, events)


def rescue_cells(system: Table, state: MMState) -> list[str]:
    """MM-RESC-3 (MM-OCC-5 fallback): cells a rescued mouse may be placed in."""
    g = system.graph(state)
    occ = figures(state)
    rules = state.cfg.move_rules
    close: list[str] = []
    for m in state.active_mice:
        for c in (m.cell, *g.neighbours(m.cell)):
            if c not in close and can_enter(g, c, occ, SMALL, rules):
                close.append(c)
    if close or not state.active_mice:
        return close
    start = state.active_mice[0].cell
    fallback = nearest_free(g, start, occ, SMALL, rules)
    return [fallback] if fallback else []


def check_rescue(system: Table, state: MMState, cmd: Rescue) -> None:
    if state.phase != Phase.CAPTURED or state.acting != cmd.mouse or state.pending:
        raise IllegalCommand("MM-RESC-1", f"it is not {cmd.mouse}'s captured turn",
                             key="mm.rescue.not_captured_turn", params={"mouse": cmd.mouse})
    if state.minions_on_board:
        raise IllegalCommand("MM-RESC-2", "minions are on the board: the mouse stays captured",
                             key="mm.rescue.minions_on_board")
    if cmd.cell not in rescue_cells(system, state):
        raise IllegalCommand("MM-RESC-3", f"{cmd.cell} neither holds nor adjoins an active mouse with room",
                             key="mm.rescue.bad_cell", params={"cell": cmd.cell})


def resolve_rescue(system: Table, state: MMState, cmd: Rescue, dice: Dice, events: list[Event]) -> MMState:
    m = state.mouse(cmd.mouse)
    healed = state.cfg.rescue_health == "full"
    m = replace(m, captured=False, cell=cmd.cell, wounds=0 if healed else m.wounds,
                poison=0 if healed else m.poison)
    if m.wounds >= m.life:  # keep_wounds: it still needs one point of health to stand
        m = replace(m, wounds=m.life - 1, poison=min(m.poison, m.life - 1))
    events.append(Event.of("mm.rescued", ["MM-RESC-1", "MM-RESC-3", "MM-RESC-4", "MM-RESC-5", "MM-OCC-5"],
                           m.id, cell=cmd.cell, wounds=m.wounds, motion=("place", m.id, cmd.cell)))
    return end_entity(system, state.with_mouse(m), dice, events)


def check_gm_turn(system: Table, state: MMState, cmd: GmTurn) -> None:
    if state.pending or state.phase != Phase.GM:
        raise IllegalCommand("MM-MIN-2", "it is not the GM's turn", key="mm.gm.not_gm_turn")
    if cmd.entity != state.acting:
        raise IllegalCommand("MM-MIN-2", f"{state.acting} acts now, not {cmd.entity}",
                             key="mm.gm.other_entity", params={"acting": state.acting, "entity": cmd.entity})


def resolve_gm_turn(system: Table, state: MMState, cmd: GmTurn, dice: Dice, events: list[Event]) -> MMState:
    events.append(Event.of("mm.gm_turn", ["MM-MIN-2", "MM-DEF-6"], cmd.entity))
    if state.has_mouse(cmd.entity):
        state = gm.charmed_turn(system, state, cmd.entity, dice, events)
    else:
        state = gm.minion_turn(system, state, cmd.entity, dice, events)
    if state.result:
        return state
    return end_entity(system, state, dice, events)
