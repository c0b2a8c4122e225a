"""The house turn flow of Helldorado (HOUSE.md): activating a unit and ending its activation
(HD-HOUSE-3/6), rounds (HD-HOUSE-2), what follows an action or an attack sequence, and the end of
the game (HD-HOUSE-11). Handlers for ``Activate`` and ``End``."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.helldorado.checks import active, illegal, living
from game.rules.helldorado.commands import Activate, End
from game.rules.helldorado.damage import heal
from game.rules.helldorado.events import ev
from game.rules.helldorado.state import Activation, EndReason, Exchange, HDState, Reason

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


# ---------------------------------------------------------------------- Activate / End


def check_activate(system: Helldorado, state: HDState, cmd: Activate) -> None:
    """HD-HOUSE-3: a living unit of the side to act, not yet activated, while none is active."""
    u = living(state, cmd.unit, "HD-HOUSE-3")
    if state.activation is not None:
        raise illegal("HD-HOUSE-3", f"{state.activation.unit} is still active: end it first",
                      "hd.activate.other_active", unit=state.activation.unit)
    if u.side != state.turn:
        raise illegal("HD-HOUSE-3", f"it is {state.turn}'s turn to activate a unit",
                      "hd.activate.not_your_turn", side=state.turn)
    if u.activated:
        raise illegal("HD-HOUSE-3", f"{u.name} has already been activated this round",
                      "hd.activate.already", unit=u.id)


def resolve_activate(system: Helldorado, state: HDState, cmd: Activate, dice: Dice,
                     events: list[Event]) -> HDState:
    u = state.unit(cmd.unit)
    events.append(ev("hd.activate", ["HD-HOUSE-3"], u.id, round=state.round, side=u.side, mov=u.mov))
    return replace(state.with_unit(replace(u, activated=True)), activation=Activation(u.id))


def check_end(system: Helldorado, state: HDState, cmd: End) -> None:
    """HD-HOUSE-6: the active unit ends its activation without an action."""
    active(state, cmd.unit)


def resolve_end(system: Helldorado, state: HDState, cmd: End, dice: Dice,
                events: list[Event]) -> HDState:
    events.append(ev("hd.end", ["HD-HOUSE-6"], cmd.unit))
    st, more = end_activation(state)
    events += more
    return st


# ---------------------------------------------------------------------- turns and rounds


def end_activation(state: HDState) -> tuple[HDState, list[Event]]:
    """HD-HOUSE-3: the turn passes to the other side if it has units to activate; when no
    unit is left, a new round starts (HD-HOUSE-2) or the game ends (HD-HOUSE-11)."""
    st = replace(state, activation=None)
    if st.over:
        return st, []
    other = st.other_side(st.turn)
    if st.ready(other):
        return replace(st, turn=other), []
    if st.ready(st.turn):
        return st, []
    if st.round >= st.cfg.rounds:
        return game_over_by_points(st)
    first = st.other_side(st.first)
    if not st.alive(first):
        first = st.other_side(first)
    units = tuple(replace(u, activated=False) if u.alive else u for u in st.units)
    st = replace(st, units=units, round=st.round + 1, first=first, turn=first)
    return st, [ev("hd.round", ["HD-HOUSE-2", "HD-HOUSE-3"], "", round=st.round, first=first)]


def after_action(st: HDState) -> tuple[HDState, list[Event]]:
    """HD-HOUSE-6: an action ends the activation (unless it ended the game)."""
    st, events = check_wipe_out(st)
    if st.over:
        return st, events
    st, more = end_activation(st)
    return st, events + more


def after_exchange(st: HDState, ex: Exchange) -> tuple[HDState, list[Event]]:
    """After an attack sequence: the retreat goes on, a focus heals, an action ends the
    activation (HD-HOUSE-6); then the end of the game is checked."""
    events: list[Event] = []
    act = st.activation
    unit = st.unit(act.unit) if act is not None else None
    if ex.reason == Reason.RETREAT and unit is not None and unit.alive and ex.then_move is not None:
        x, y, z, dist = ex.then_move
        st = st.with_unit(unit.at(x, y, z))
        assert act is not None
        st = replace(st, activation=replace(act, moved=act.moved + dist, retreated=True))
        events.append(ev("hd.retreat_move", ["HD-MELEE-21", "HD-HOUSE-4"], unit.id,
                         motion=("slide", unit.id, (unit.x, unit.y), (x, y)),
                         distance=round(dist, 3)))
    elif ex.reason == Reason.FOCUS and unit is not None and unit.alive:
        st, more = heal(st, unit)
        events += more
    st, more = check_wipe_out(st)
    events += more
    if st.over:
        return st, events
    act = st.activation
    if act is not None and (ex.reason != Reason.RETREAT or not st.unit(act.unit).alive):
        st, more = end_activation(st)
        events += more
    return st, events


# ---------------------------------------------------------------------- the end of the game


def game_over_by_points(st: HDState) -> tuple[HDState, list[Event]]:
    """HD-HOUSE-11: after the last round, more points of enemies destroyed win."""
    a, b = st.sides
    sa, sb = st.score(a), st.score(b)
    winners = (a,) if sa > sb else (b,) if sb > sa else ()
    reason = (f"after {st.round} rounds: {a} {sa} points, {b} {sb} points (HD-HOUSE-11)")
    st = replace(st, over=True, winners=winners, end_reason=reason, activation=None)
    return st, [ev("hd.game_over", ["HD-HOUSE-11"], "", winners=winners,
                   reason=EndReason.POINTS.value, scores=st.tally, round=st.round)]


def check_wipe_out(st: HDState) -> tuple[HDState, list[Event]]:
    """HD-HOUSE-11: a side with no unit left loses at once (both: a draw)."""
    if st.over:
        return st, []
    gone = [s for s in st.sides if not st.alive(s)]
    if not gone:
        return st, []
    winners = tuple(s for s in st.sides if s not in gone)
    reason = f"{' and '.join(gone)} wiped out (HD-HOUSE-11)"
    st = replace(st, over=True, winners=winners, end_reason=reason, activation=None,
                 exchange=None, pending=None)
    return st, [ev("hd.game_over", ["HD-HOUSE-11"], "", winners=winners,
                   reason=EndReason.WIPED_OUT.value, scores=st.tally, round=st.round)]


def end_reason(st: HDState) -> EndReason:
    """How a finished game ended: a side wiped out, or the points after the last round."""
    return EndReason.WIPED_OUT if any(not st.alive(s) for s in st.sides) else EndReason.POINTS
