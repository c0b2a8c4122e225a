"""Moves (OFA-2B): straight until contact, or a Free Move into open space.

Handlers: ``check_move``/``resolve_move``; ``move_sweep`` is where a move takes its figure (the
screen's drag preview asks it too, through ``OneForAll.move_sweep``).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.geometry.sweep import MoveResult, sweep_disc
from game.geometry.terrain import TerrainIndex
from game.rules.engine import Event, IllegalCommand
from game.rules.one_for_all import checks
from game.rules.one_for_all.commands import Move
from game.rules.one_for_all.space import overlaps, unit
from game.rules.one_for_all.state import Figure, OFAState
from game.rules.one_for_all.table import Table

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll


def check_move(system: OneForAll, state: OFAState, cmd: Move) -> None:
    """OFA-2B.1: the active figure, free to move, along a real direction."""
    checks.no_pending(state)
    fig, act = checks.active(state, cmd.figure)
    if act.contact:
        raise IllegalCommand("OFA-2B.2", f"{fig.name} ran into {act.contact}: stop, act with it or duel",
                             key="ofa.move.in_contact", params={"figure": fig.id, "contact": act.contact})
    if fig.markers.stunned:
        raise IllegalCommand("OFA-5D.3", f"{fig.name} is Stunned and cannot move", key="ofa.move.stunned",
                             params={"figure": fig.id})
    if fig.hanging_on:
        raise IllegalCommand("OFA-2B.1", f"{fig.name} hangs from {fig.hanging_on}: swing or drop instead",
                             key="ofa.move.hanging", params={"figure": fig.id, "object": fig.hanging_on})
    if cmd.length is not None and not (math.isfinite(cmd.length) and cmd.length > 0):
        raise IllegalCommand("OFA-2B.1", "a move needs a positive length (or none: until contact)",
                             key="ofa.move.bad_length")
    if not math.isfinite(cmd.angle):
        raise IllegalCommand("OFA-2B.1", "the direction must be a number of degrees",
                             key="ofa.move.bad_angle")
    cap = state.cfg.max_free_moves_per_turn
    if cap is not None and state.free_moves_this_turn >= cap:
        raise IllegalCommand("OFA-AMB-12", f"the AI safeguard allows {cap} free moves a turn",
                             key="ofa.move.free_move_cap", params={"cap": cap})


def resolve_move(system: OneForAll, state: OFAState, cmd: Move, dice: Dice,
                 events: list[Event]) -> OFAState:
    """OFA-2B.1: the figure goes until contact; OFA-2B.4: into open space it is a Free Move."""
    fig = state.figure(cmd.figure)
    act = state.activation
    assert act is not None
    result = move_sweep(system.index(state), state, cmd)
    moved = replace(fig.at(result.x, result.y), facing=cmd.angle % 360.0)
    touched = result.id or ""
    events.append(Event.of("ofa.move", ["OFA-2B.1", "OFA-0.4"], fig.id,
                           motion=("slide", fig.id, (fig.x, fig.y), (result.x, result.y)),
                           angle=round(cmd.angle, 3), distance=round(result.distance, 3),
                           touched=touched, touched_kind=result.kind or ""))
    nxt = state.with_figure(moved)
    if not touched:  # OFA-2B.4: a move into open space is a Free Move and ends the activation
        events.append(Event.of("ofa.free_move", ["OFA-2B.4"], fig.id))
        return replace(nxt, activation=None, free_moves_this_turn=state.free_moves_this_turn + 1)
    return replace(nxt, activation=replace(act, contact=touched, dodged="", momentum_ready=False))


def move_sweep(index: TerrainIndex, state: OFAState, cmd: Move) -> MoveResult:
    """Where ``cmd`` takes its figure: the straight move until contact (OFA-2B.1) past an
    object the figure has just dodged (OFA-2A.2). No check that the move is allowed: the
    screen's drag preview asks this too, so what it shows is what the move will do."""
    fig = state.figure(cmd.figure)
    act = state.activation
    dodged = act.dodged if act is not None and act.figure == cmd.figure else ""
    result = _sweep(state, fig, cmd, index, dodged)
    if dodged and overlaps(state, index, result.x, result.y, fig, dodged):
        # OFA-2A.2: a dodge lets the move pass the object, not end on top of it
        result = _sweep(state, fig, cmd, index, "")
    return result


def _sweep(state: OFAState, fig: Figure, cmd: Move, index: TerrainIndex, dodged: str) -> MoveResult:
    ignore = (dodged,) if dodged else ()
    return sweep_disc(
        (fig.x, fig.y), fig.radius, unit(cmd.angle),
        math.inf if cmd.length is None else cmd.length, index, Table.bases(state, fig.id),
        z=fig.z, height=fig.height, step=state.cfg.step,
        board_edge=state.cfg.board_edge_blocks, ignore=ignore, ignore_bases=ignore)
