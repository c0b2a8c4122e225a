"""Activations and the initiative (OFA-6, OFA-3A): Activate, Stop, and what a roll's 1s do.

Handlers: ``check_activate``/``resolve_activate`` and ``check_stop``/``resolve_stop``;
``after_roll`` ends a roll's resolution (OFA-SM.4) for the actions and the duels.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.one_for_all import checks
from game.rules.one_for_all.commands import Activate, Stop
from game.rules.one_for_all.dice import OnesCounters, loses_initiative
from game.rules.one_for_all.state import Activation, OFAState

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll


# ------------------------------------------------------------------ Activate
def check_activate(system: OneForAll, state: OFAState, cmd: Activate) -> None:
    """OFA-6.2, OFA-6.4: a conscious figure of the side holding the initiative, not active yet."""
    checks.no_pending(state)
    fig = checks.figure(state, cmd.figure, "OFA-6.2")
    if fig.side != state.initiative:
        raise IllegalCommand("OFA-6.2", f"{fig.name} is not on the side holding the initiative",
                             key="ofa.activate.not_your_turn", params={"figure": fig.id, "side": fig.side})
    if not fig.conscious:
        raise IllegalCommand("OFA-5D.12", f"{fig.name} is unconscious", key="ofa.activate.unconscious",
                             params={"figure": fig.id})
    if state.cfg.extended_turn and state.cfg.ext_turn_other_figure and state.last_failed == fig.id:
        raise IllegalCommand("OFA-7.4", f"{fig.name}'s activation just failed: activate another figure",
                             key="ofa.activate.just_failed", params={"figure": fig.id})
    if state.activation is not None and state.activation.figure == fig.id:
        raise IllegalCommand("OFA-6.2", f"{fig.name} is already active", key="ofa.activate.already_active",
                             params={"figure": fig.id})


def resolve_activate(system: OneForAll, state: OFAState, cmd: Activate, dice: Dice,
                     events: list[Event]) -> OFAState:
    """A new activation with an empty pool; activating another figure stops the active one."""
    if state.activation is not None:
        events.append(Event.of("ofa.stop", ["OFA-FAQ.3", "OFA-3D.4"], state.activation.figure,
                               pool=state.activation.pool))
    events.append(Event.of("ofa.activate", ["OFA-6.2", "OFA-6.4", "OFA-6.5"], cmd.figure))
    return replace(state, activation=Activation(cmd.figure), counters=state.counters.new_activation())


# ------------------------------------------------------------------ Stop
def check_stop(system: OneForAll, state: OFAState, cmd: Stop) -> None:
    """OFA-6.1, OFA-FAQ.3: the active figure may stop at any time."""
    checks.no_pending(state)
    checks.active(state, cmd.figure)


def resolve_stop(system: OneForAll, state: OFAState, cmd: Stop, dice: Dice,
                 events: list[Event]) -> OFAState:
    """OFA-3D.4: the pool is lost."""
    act = state.activation
    assert act is not None
    rules = ["OFA-2B.4"] if act.contact else ["OFA-FAQ.3"]
    events.append(Event.of("ofa.stop", rules + ["OFA-3D.4"], cmd.figure, pool=act.pool))
    return replace(state, activation=None)


# ------------------------------------------------------------------ the end of a roll
def after_roll(state: OFAState, figure_id: str, faces: tuple[int, ...]) -> tuple[OFAState, list[Event]]:
    """OFA-SM.4: game over, then the 1s, after the whole resolution (OFA-3A.2)."""
    events: list[Event] = []
    for side in state.sides:
        if not state.conscious(side):
            winner = state.other_side(side)
            state = replace(state, winner=winner, activation=None, pending=None)
            return state, [Event.of("ofa.game_over", ["OFA-1.3", "OFA-AMB-1"], "", winner=winner)]
    check = loses_initiative(faces, state.cfg, state.counters)
    fig = state.figure(figure_id)
    if not fig.conscious and state.activation is not None:
        state = replace(state, activation=None)
        events.append(Event.of("ofa.activation_end", ["OFA-6.1"], figure_id, reason="down"))
    if check.initiative_lost:
        state = pass_initiative(state)
        events.append(Event.of("ofa.initiative_lost", ["OFA-3A.1", "OFA-3A.2", "OFA-3A.3", check.rule],
                               figure_id, ones=check.ones, to=state.initiative))
    elif check.activation_ends and _no_other_figure(state, figure_id):
        # OFA-7.4 "another figure", and none stands: the side cannot go on, the initiative passes
        state = pass_initiative(state)
        events.append(Event.of("ofa.initiative_lost", ["OFA-3A.1", "OFA-7.4"], figure_id,
                               ones=check.ones, to=state.initiative))
    elif check.activation_ends:
        state = replace(state, activation=None, counters=check.counters, last_failed=figure_id)
        events.append(Event.of("ofa.activation_end", [check.rule], figure_id, reason="failed",
                               ones=check.ones))
    else:
        state = replace(state, counters=check.counters)
    return state, events


def _no_other_figure(state: OFAState, figure_id: str) -> bool:
    """Under OFA-7.4 with ``ext_turn_other_figure``: the side of ``figure_id`` has no other
    conscious figure to activate after its failure."""
    if not (state.cfg.extended_turn and state.cfg.ext_turn_other_figure):
        return False
    side = state.figure(figure_id).side
    return all(f.id == figure_id for f in state.conscious(side))


def pass_initiative(state: OFAState) -> OFAState:
    """OFA-3A.1: the other side's turn begins (a new player turn, its counters and Free Moves)."""
    return replace(state, activation=None, initiative=state.other_side(state.initiative),
                   counters=OnesCounters(), turn=state.turn + 1, last_failed="", free_moves_this_turn=0)
