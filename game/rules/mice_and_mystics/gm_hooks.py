"""The GM's hooks, accepted at any time of a running chapter and never offered by
``legal_commands``: ``WheelAdd`` (MM-WHEEL-4), ``TurnPage`` (MM-END-4), ``Grant`` (MM-ACH-1/2)
and ``Ruling`` (MM-ADJ-5, MM-LOS-4).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics.board import RULING_KINDS, Table
from game.rules.mice_and_mystics.commands import Grant, Ruling, TurnPage, WheelAdd
from game.rules.mice_and_mystics.state import MMState
from game.rules.mice_and_mystics.wheel import turn_page, wheel_add

WHEEL_ADD_MAX = 12  #: MM-WHEEL-4: the most cheese the GM adds at a time


def check_wheel_add(system: Table, state: MMState, cmd: WheelAdd) -> None:
    if not 1 <= cmd.n <= WHEEL_ADD_MAX:
        raise IllegalCommand("MM-WHEEL-4", f"the GM adds 1 to {WHEEL_ADD_MAX} cheese at a time",
                             key="mm.gm.wheel_amount", params={"n": cmd.n, "most": WHEEL_ADD_MAX})


def resolve_wheel_add(system: Table, state: MMState, cmd: WheelAdd, dice: Dice, events: list[Event]) -> MMState:
    return wheel_add(system, state, cmd.n, ["MM-WHEEL-4"], dice, events, cmd.reason or "GM")


def check_turn_page(system: Table, state: MMState, cmd: TurnPage) -> None:
    """A scripted turn of the page is always allowed while the chapter runs."""


def resolve_turn_page(system: Table, state: MMState, cmd: TurnPage, dice: Dice, events: list[Event]) -> MMState:
    return turn_page(state, ["MM-END-4"], cmd.reason or "story", events)


def check_grant(system: Table, state: MMState, cmd: Grant) -> None:
    if not cmd.achievement:
        raise IllegalCommand("MM-ACH-1", "name the achievement", key="mm.gm.name_achievement")
    if cmd.mouse and not state.has_mouse(cmd.mouse):
        raise IllegalCommand("MM-ACH-2", f"there is no mouse {cmd.mouse!r}",
                             key="mm.gm.no_mouse", params={"mouse": cmd.mouse})


def resolve_grant(system: Table, state: MMState, cmd: Grant, dice: Dice, events: list[Event]) -> MMState:
    if not cmd.mouse:
        events.append(Event.of("mm.achievement", ["MM-ACH-1"], "", achievement=cmd.achievement, story=True))
        if cmd.achievement in state.story_ach:
            return state
        return replace(state, story_ach=state.story_ach + (cmd.achievement,))
    m = state.mouse(cmd.mouse)
    events.append(Event.of("mm.achievement", ["MM-ACH-2"], m.id, achievement=cmd.achievement, story=False))
    if cmd.achievement in m.personal_ach:
        return state
    return state.with_mouse(replace(m, personal_ach=m.personal_ach + (cmd.achievement,)))


def check_ruling(system: Table, state: MMState, cmd: Ruling) -> None:
    g = system.graph(state)
    if cmd.kind not in RULING_KINDS:
        raise IllegalCommand("MM-ADJ-5", f"a ruling is one of {', '.join(RULING_KINDS)}",
                             key="mm.gm.ruling_kind", params={"kinds": RULING_KINDS})
    if cmd.a not in g or cmd.b not in g or cmd.a == cmd.b:
        raise IllegalCommand("MM-ADJ-5", "a ruling names two different cells of the map",
                             key="mm.gm.ruling_cells", params={"a": cmd.a, "b": cmd.b})
    if g.cell(cmd.a).tile != g.cell(cmd.b).tile:
        raise IllegalCommand("MM-GEO-12", "cells of different tiles are never adjacent or in sight",
                             key="mm.gm.ruling_tiles", params={"a": cmd.a, "b": cmd.b})


def resolve_ruling(system: Table, state: MMState, cmd: Ruling, dice: Dice, events: list[Event]) -> MMState:
    rule = "MM-ADJ-5" if cmd.kind in ("adjacent", "apart") else "MM-LOS-4"
    events.append(Event.of("mm.ruling", [rule, "MM-GEO-5"], "", a=cmd.a, b=cmd.b, kind=cmd.kind))
    return replace(state, rulings=state.rulings + ((cmd.a, cmd.b, cmd.kind),))
