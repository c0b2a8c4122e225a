"""The actions that are neither an attack, a search nor an exploration: ``Scurry``
(MM-SCURRY), ``Recover`` (MM-REC) and ``DeclineAction`` (MM-TURN-1).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.checks import action_ready, turn_mouse
from game.rules.mice_and_mystics.commands import DeclineAction, Recover, Scurry
from game.rules.mice_and_mystics.dice import SUCCESS, read_roll
from game.rules.mice_and_mystics.state import ActionState, MMState, MoveState


def check_scurry(system: Table, state: MMState, cmd: Scurry) -> None:
    m, t = action_ready(state, cmd.mouse, "scurry")
    if t.move_state != MoveState.DONE:
        raise IllegalCommand("MM-SCURRY-1", "Scurry comes after the move is finished",
                             key="mm.scurry.move_not_finished")
    if m.webbed:
        raise IllegalCommand("MM-SCURRY-3", f"{m.name} is webbed: no Scurry",
                             key="mm.scurry.webbed", params={"mouse": m.id})
    if m.stunned:
        raise IllegalCommand("MM-SCURRY-3", f"{m.name} is stunned: no Scurry",
                             key="mm.scurry.stunned", params={"mouse": m.id})


def resolve_scurry(system: Table, state: MMState, cmd: Scurry, dice: Dice, events: list[Event]) -> MMState:
    m = state.mouse(cmd.mouse)
    t = state.turn
    assert t is not None
    d3 = dice.roll(1, 3)[0]
    mp = m.move + d3
    events.append(Event.of("mm.scurry", ["MM-SCURRY-1", "MM-SCURRY-2", "MM-TURN-2", "MM-MOVE-5"], m.id,
                           move=m.move, d3=d3, mp=mp))
    return replace(state, turn=replace(t, mp=mp, move_state=MoveState.UNUSED, action_state=ActionState.DONE,
                                       action="scurry", scurried=True))


def recover_plan(state: MMState, cmd: Recover) -> tuple[bool, bool]:
    """The checks of a Recover; whether it handles the stun and the web."""
    m, _ = action_ready(state, cmd.mouse, "recover")
    if not (m.stunned or m.webbed):
        raise IllegalCommand("MM-REC-1", f"{m.name} is neither stunned nor webbed (MM-REC-5)",
                             key="mm.recover.nothing", params={"mouse": m.id})
    if state.cfg.recover_scope == "all":
        if cmd.condition:
            raise IllegalCommand("MM-REC-4", "one Recover handles both conditions: name none",
                                 key="mm.recover.name_none")
        return m.stunned, m.webbed
    pick = cmd.condition or (("stunned" if m.stunned else "webbed") if m.stunned != m.webbed else "")
    if pick not in ("stunned", "webbed") or pick not in m.conditions:
        raise IllegalCommand("MM-REC-4", "name the condition to recover from (stunned or webbed)",
                             key="mm.recover.name_one")
    return pick == "stunned", pick == "webbed"


def check_recover(system: Table, state: MMState, cmd: Recover) -> None:
    recover_plan(state, cmd)


def resolve_recover(system: Table, state: MMState, cmd: Recover, dice: Dice, events: list[Event]) -> MMState:
    stun, web = recover_plan(state, cmd)
    m = state.mouse(cmd.mouse)
    t = state.turn
    assert t is not None
    state = replace(state, turn=replace(t, action_state=ActionState.DONE, action="recover"))
    rules = ["MM-REC-1", "MM-TURN-2"] + (["MM-REC-4"] if m.stunned and m.webbed else [])
    if stun:
        m = replace(m, stunned=False)
        events.append(Event.of("mm.recover", rules + ["MM-REC-2", "MM-COND-1"], m.id, condition="stunned",
                               success=True, face=0))
    if web:
        face = dice.roll(1, 6)[0]
        ok = read_roll((face,), SUCCESS).successes > 0
        m = replace(m, webbed=not ok)
        events.append(Event.of("mm.recover", rules + ["MM-REC-3", "MM-COND-2", "MM-REC-6"], m.id,
                               condition="webbed", success=ok, face=face))
    return state.with_mouse(m)


def check_decline_action(system: Table, state: MMState, cmd: DeclineAction) -> None:
    m, t = turn_mouse(state, cmd.mouse)
    if t.action_state != ActionState.UNUSED:
        raise IllegalCommand("MM-TURN-1", f"{m.name}'s action is already settled",
                             key="mm.decline.already_settled", params={"mouse": m.id})


def resolve_decline_action(system: Table, state: MMState, cmd: DeclineAction, dice: Dice,
                    events: list[Event]) -> MMState:
    t = state.turn
    assert t is not None
    events.append(Event.of("mm.decline", ["MM-TURN-1"], cmd.mouse))
    return replace(state, turn=replace(t, action_state=ActionState.DECLINED))
