"""A mouse's move (MM-MOVE, MM-GEO-10): ``Step``, ``Move``, ``EndMove``, ``StandUp``, with the
water roll (MM-FEAT-6) and mousetraps (MM-FEAT-7) met on the way.
"""

from __future__ import annotations

import re
from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.checks import turn_mouse
from game.rules.mice_and_mystics.combat import wound_mouse
from game.rules.mice_and_mystics.commands import EndMove, Move, StandUp, Step
from game.rules.mice_and_mystics.dice import SUCCESS, read_roll
from game.rules.mice_and_mystics.occupancy import NOBODY, figures
from game.rules.mice_and_mystics.paths import PathCheck, check_path
from game.rules.mice_and_mystics.state import MMState, MoveState, Phase


def _refused(check: PathCheck) -> IllegalCommand:
    """The path's refusal under the rule its reason names (MM-GEO-10 when it names none), with
    the message key and values of the verdict (``paths.check_path``)."""
    rule = re.search(r"MM-[A-Z]+-\d+", check.reason)
    return IllegalCommand(rule.group(0) if rule else "MM-GEO-10", check.reason,
                          key=check.key, params=dict(check.params))


def step_plan(system: Table, state: MMState, mouse_id: str, cell: str) -> PathCheck:
    """The checks of one step (MM-MOVE-2, MM-TURN-4, MM-COND-2/3, MM-GEO-10) and its verdict."""
    m, t = turn_mouse(state, mouse_id, "MM-MOVE-2")
    if t.move_state == MoveState.DONE:
        raise IllegalCommand("MM-TURN-4", f"{m.name}'s move is over (Scurry gives a new one)",
                             key="mm.move.over", params={"mouse": m.id})
    if m.webbed:
        raise IllegalCommand("MM-COND-2", f"{m.name} is webbed and cannot move",
                             key="mm.move.webbed", params={"mouse": m.id})
    if m.knocked_down:
        raise IllegalCommand("MM-COND-3", f"{m.name} is knocked down: stand up with the whole move",
                             key="mm.move.knocked_down", params={"mouse": m.id})
    g = system.graph(state)
    if cell not in g:
        raise IllegalCommand("MM-GEO-10", f"there is no cell {cell!r}", key="mm.move.no_cell",
                             params={"cell": cell})
    check = check_path(g, [m.cell, cell], t.mp, figures(state), state.cfg.move_rules)
    if not check.legal:
        raise _refused(check)
    return check


def check_step(system: Table, state: MMState, cmd: Step) -> None:
    step_plan(system, state, cmd.mouse, cmd.cell)


def resolve_step(system: Table, state: MMState, cmd: Step, dice: Dice, events: list[Event]) -> MMState:
    check = step_plan(system, state, cmd.mouse, cmd.cell)
    return do_step(system, state, cmd.mouse, cmd.cell, check, dice, events)


def do_step(system: Table, state: MMState, mouse_id: str, cell: str, check: PathCheck, dice: Dice,
            events: list[Event]) -> MMState:
    """One checked step: the water roll first (MM-FEAT-6), then the step, then a trap (MM-FEAT-7)."""
    m = state.mouse(mouse_id)
    t = state.turn
    assert t is not None
    g = system.graph(state)
    if check.rolls:  # MM-FEAT-6: out of the water needs a success
        n = check.rolls[0].dice
        faces = dice.roll(n, 6)
        ok = read_roll(faces, SUCCESS).successes > 0
        events.append(Event.of("mm.water_roll", ["MM-FEAT-6", "MM-DICE-3"], m.id, faces=faces, dice=n, success=ok))
        if not ok:
            return replace(state, turn=replace(t, mp=0, move_state=MoveState.DONE))
    events.append(Event.of("mm.step", ["MM-MOVE-2", "MM-ADJ-3", "MM-GEO-10", "MM-MOVE-5"], m.id,
                           motion=("step", m.id, m.cell, cell), frm=m.cell, to=cell, cost=check.cost,
                           mp_left=check.mp_left, ends=check.ends_move))
    state = state.with_mouse(replace(m, cell=cell))
    t = replace(t, mp=check.mp_left, move_state=MoveState.DONE if check.ends_move else MoveState.IN_PROGRESS)
    if check.ends_move:
        here = figures(state).get(cell, NOBODY)
        rule = "MM-MOVE-3" if here.minions else "MM-FEAT-6"
        events.append(Event.of("mm.move_end", [rule], m.id, cell=cell, why="minion" if here.minions else "water"))
    state = replace(state, turn=t)
    if state.cfg.mousetraps and g.cell(cell).trap:  # MM-FEAT-7
        faces = dice.roll(max(m.move, 1), 6)
        escaped = read_roll(faces, SUCCESS).successes > 0
        events.append(Event.of("mm.trap", ["MM-FEAT-7", "MM-DICE-3"], m.id, faces=faces, escaped=escaped))
        if not escaped:
            state = replace(state, turn=replace(t, mp=0, move_state=MoveState.DONE))
            state = state.with_mouse(replace(state.mouse(m.id), knocked_down=True))
            state = wound_mouse(state, m.id, 1, False, ["MM-FEAT-7"], events)
    return state


def check_move(system: Table, state: MMState, cmd: Move) -> None:
    """A whole path at once: its first step as a ``Step``, then the path (MM-GEO-10)."""
    m, t = turn_mouse(state, cmd.mouse, "MM-MOVE-2")
    if not cmd.path or cmd.path[0] != m.cell:
        raise IllegalCommand("MM-GEO-10", f"a path starts at {m.name}'s cell {m.cell}",
                             key="mm.move.path_start", params={"mouse": m.id, "cell": m.cell})
    if len(cmd.path) < 2:
        raise IllegalCommand("MM-GEO-10", "a move needs at least one step", key="mm.move.no_step")
    step_plan(system, state, cmd.mouse, cmd.path[1])
    check = check_path(system.graph(state), list(cmd.path), t.mp, figures(state), state.cfg.move_rules,
                       webbed=m.webbed)
    if not check.legal:
        raise _refused(check)


def resolve_move(system: Table, state: MMState, cmd: Move, dice: Dice, events: list[Event]) -> MMState:
    for cell in cmd.path[1:]:
        t = state.turn
        if (state.phase != Phase.TURN or t is None or t.mouse != cmd.mouse or t.move_state == MoveState.DONE
                or state.result or state.mouse(cmd.mouse).captured):
            break  # a failed water roll or a trap ended the move
        check = step_plan(system, state, cmd.mouse, cell)
        state = do_step(system, state, cmd.mouse, cell, check, dice, events)
    return state


def check_end_move(system: Table, state: MMState, cmd: EndMove) -> None:
    m, t = turn_mouse(state, cmd.mouse, "MM-MOVE-2")
    if t.move_state == MoveState.DONE:
        raise IllegalCommand("MM-MOVE-2", f"{m.name}'s move is already over",
                             key="mm.move.already_over", params={"mouse": m.id})


def resolve_end_move(system: Table, state: MMState, cmd: EndMove, dice: Dice, events: list[Event]) -> MMState:
    t = state.turn
    assert t is not None
    events.append(Event.of("mm.move_end", ["MM-MOVE-2", "MM-TURN-5"], cmd.mouse, lost=t.mp, why="ended"))
    return replace(state, turn=replace(t, mp=0, move_state=MoveState.DONE))


def check_stand_up(system: Table, state: MMState, cmd: StandUp) -> None:
    m, t = turn_mouse(state, cmd.mouse, "MM-COND-3")
    if not m.knocked_down:
        raise IllegalCommand("MM-COND-3", f"{m.name} is not knocked down",
                             key="mm.stand_up.not_down", params={"mouse": m.id})
    if t.move_state != MoveState.UNUSED:
        raise IllegalCommand("MM-COND-3", "standing up takes a whole, unused move",
                             key="mm.stand_up.move_used")


def resolve_stand_up(system: Table, state: MMState, cmd: StandUp, dice: Dice, events: list[Event]) -> MMState:
    t = state.turn
    assert t is not None
    m = state.mouse(cmd.mouse)
    events.append(Event.of("mm.stand_up", ["MM-COND-3", "MM-MOVE-6"], m.id, spent=t.mp))
    return replace(state.with_mouse(replace(m, knocked_down=False)),
                   turn=replace(t, mp=0, move_state=MoveState.DONE))
