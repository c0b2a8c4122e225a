"""Checks shared by the mouse commands: whose turn it is, whether the action or a free action is
still to take (MM-TURN-1..4), and the choices the rules wait for first (MM-SEARCH-4,
MM-EQUIP-3). Each raises ``IllegalCommand`` with the rule, a message key and its values.
"""

from __future__ import annotations

from game.rules.engine import IllegalCommand
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.state import ActionState, MMState, Mouse, MoveState, Phase, Turn

#: the rule a stunned mouse breaks by taking each action other than Recover (MM-COND-1)
STUNNED_RULES = {"search": "MM-SEARCH-6", "explore": "MM-EXP-6", "scurry": "MM-SCURRY-3"}


def turn_mouse(state: MMState, mouse_id: str, rule: str = "MM-TURN-1") -> tuple[Mouse, Turn]:
    """The mouse whose normal turn it is, with its turn record; ``rule`` names the refusal."""
    if state.pending:
        p = state.pending[0]
        raise IllegalCommand("MM-TURN-3", f"first settle {p.kind} for {p.mouse} "
                             "(nothing else while an action is being resolved)",
                             key="mm.turn.pending_choice", params={"kind": p.kind, "mouse": p.mouse})
    if state.phase != Phase.TURN or state.turn is None:
        raise IllegalCommand(rule, f"it is not a mouse's normal turn ({state.acting} is acting)",
                             key="mm.turn.not_a_mouse_turn", params={"acting": state.acting})
    if state.turn.mouse != mouse_id:
        raise IllegalCommand(rule, f"it is {state.turn.mouse}'s turn, not {mouse_id}'s",
                             key="mm.turn.not_your_turn", params={"acting": state.turn.mouse, "mouse": mouse_id})
    return state.mouse(mouse_id), state.turn


def action_ready(state: MMState, mouse_id: str, action: str) -> tuple[Mouse, Turn]:
    """MM-TURN-2/4, MM-COND-1: the mouse may take ``action`` as this turn's action now."""
    m, t = turn_mouse(state, mouse_id)
    if t.action_state != ActionState.UNUSED:
        if t.action_state == ActionState.DECLINED:
            raise IllegalCommand("MM-TURN-2", f"{m.name} has already declined this turn's action",
                                 key="mm.action.already_declined", params={"mouse": m.id})
        raise IllegalCommand("MM-TURN-2", f"{m.name} has already taken this turn's action",
                             key="mm.action.already_taken", params={"mouse": m.id})
    if t.move_state == MoveState.IN_PROGRESS:
        raise IllegalCommand("MM-TURN-4", "finish the move first: the move cannot be split around the action",
                             key="mm.action.move_in_progress")
    if m.stunned and action != "recover":
        rule = STUNNED_RULES.get(action, "MM-COND-1")
        raise IllegalCommand(rule, f"{m.name} is stunned: Recover is the only action (MM-COND-1)",
                             key="mm.action.stunned", params={"mouse": m.id})
    return m, t


def free_ready(system: Table, state: MMState, mouse_id: str, free: str) -> tuple[Mouse, Turn]:
    """MM-TURN-3: each free action once a turn; MM-FEAT-6: none of them in water."""
    m, t = turn_mouse(state, mouse_id, "MM-TURN-3")
    if free in t.free_used:
        raise IllegalCommand("MM-TURN-3", f"{m.name} has already used {free} this turn",
                             key="mm.free.already_used", params={"mouse": m.id, "free": free})
    if state.cfg.water and system.graph(state).cell(m.cell).water:
        raise IllegalCommand("MM-FEAT-6", f"{m.name} stands in water: no Share, Equip or Level Up",
                             key="mm.free.in_water", params={"mouse": m.id})
    return m, t
