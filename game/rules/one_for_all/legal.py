"""The candidate commands of a One for All state: a finite, representative set.

Moves are open choices (any angle, any length); the list offers the compass directions and a move
straight at each of the nearest enemies, until contact, and stopping short where the way to the
enemy turns. Every action listed has passed ``system.check`` (the checks ``apply`` makes first),
so self-play never meets a listed command the rules refuse.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

from game.geometry.contact import line_of_throw_blockers
from game.rules.engine import accepts
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.navigation import plan_for
from game.rules.one_for_all.space import solid_named, touching
from game.rules.one_for_all.state import Figure, OFAState
from game.rules.one_for_all.table import Table

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll

COMPASS = tuple(range(0, 360, 30))
MAX_ALLOCATIONS = 40


def angle_to(a: Figure, b: Figure) -> float:
    """Degrees clockwise from east, from ``a`` towards ``b``."""
    return math.degrees(math.atan2(b.y - a.y, b.x - a.x)) % 360.0


def legal_commands(system: OneForAll, state: OFAState) -> list[Any]:
    if state.winner:
        return []
    if state.pending is not None:
        return [AllocateHits(s) for s in _allocations(state.pending.hits, len(state.pending.candidates))]
    act = state.activation
    side = state.initiative
    if act is None:
        return [Activate(f.id) for f in state.conscious(side)
                if not (state.cfg.extended_turn and state.cfg.ext_turn_other_figure and f.id == state.last_failed)]
    fig = state.figure(act.figure)
    enemies = sorted(state.conscious(state.other_side(side)), key=lambda e: math.hypot(e.x - fig.x, e.y - fig.y))
    out: list[Any] = [Stop(fig.id)]
    touched = touching(system.index(state), state, fig)
    armed_duels = [Duel(fig.id, e.id) for e in enemies if touched.get(e.id) == "figure" and not fig.markers.unarmed]
    if act.contact:
        how = touched.get(act.contact)
        out += [d for d in armed_duels if d.defender == act.contact]
        if how is not None:
            out += [a for a in _object_actions(system, state, fig, act.contact, how, enemies) if accepts(system, state, a)]
        return out
    out += armed_duels
    can_move = not fig.markers.stunned and not fig.hanging_on
    cap = state.cfg.max_free_moves_per_turn
    if can_move and (cap is None or state.free_moves_this_turn < cap):
        plan = plan_for(system, state)
        angles = [float(a) for a in COMPASS] + [round(angle_to(fig, e), 3) for e in enemies[:3]]
        # a move that cannot go anywhere is legal but pointless: leave it out of the list
        out += [Move(fig.id, a) for a in angles if plan.move(fig, a).distance >= 1.0]
        for a in angles:  # and stopping short where the way to the enemy turns
            length = plan.best_stop(fig, a)
            if length is not None:
                out.append(Move(fig.id, a, length))
    actions: list[Act] = []
    for obj, how in touched.items():
        actions += _object_actions(system, state, fig, obj, how, enemies)
    if fig.carrying:
        actions += [Act(fig.id, "throw", fig.carrying, (e.id,)) for e in enemies[:2]]
    if enemies and _clear_line(system, state, fig, enemies[0]):
        actions.append(Act(fig.id, "insult", enemies[0].id, (enemies[0].id,)))
    if fig.markers.stunned:
        actions.append(Act(fig.id, "recover"))
    if fig.markers.unarmed:
        actions.append(Act(fig.id, "retrieve_weapon"))
    if fig.hanging_on:
        actions += [Act(fig.id, "swing", fig.hanging_on, angle=float(a)) for a in (0, 90, 180, 270)]
    out += [a for a in actions if accepts(system, state, a)]
    return out


def _allocations(hits: int, n: int) -> list[tuple[int, ...]]:
    out = []
    for cut in itertools.combinations(range(hits + n - 1), n - 1):
        shares, last = [], -1
        for c in cut:
            shares.append(c - last - 1)
            last = c
        shares.append(hits + n - 1 - last - 1)
        out.append(tuple(shares))
        if len(out) >= MAX_ALLOCATIONS:
            break
    return out


def _clear_line(system: OneForAll, state: OFAState, fig: Figure, target: Figure) -> bool:
    blockers = line_of_throw_blockers(fig.base, target.base, Table.base_list(state), system.index(state),
                                      elev_min=state.cfg.elev_min, doubt_band=state.cfg.doubt_band)
    return not any(b.verdict == "blocks" for b in blockers)


def _object_actions(system: OneForAll, state: OFAState, fig: Figure, obj: str, how: str,
                    enemies: list[Figure]) -> list[Act]:
    """Candidate actions with one thing the figure touches."""
    out: list[Act] = []
    if how == "figure":
        other = state.figure(obj)
        if other.side != fig.side:
            out.append(Act(fig.id, "punch", obj, (obj,)))
        out.append(Act(fig.id, "dodge", obj))
        return out
    if how == "board_edge":
        return out
    solid = solid_named(system.index(state), obj)
    if solid is None:
        return out
    if solid.liftable and not fig.carrying:
        out.append(Act(fig.id, "pick_up", obj))
        out += [Act(fig.id, "throw", obj, (e.id,)) for e in enemies[:2]]
    if solid.rollable:
        out += [Act(fig.id, "roll", obj, angle=round(angle_to(fig, e), 3)) for e in enemies[:2]]
    if solid.surface and how == "beside":
        out.append(Act(fig.id, "leap_onto", obj))
    if how == "beside" and not solid.surface:
        out.append(Act(fig.id, "leap_over", obj))
    if how == "standing_on" and fig.z > 0 and enemies:
        out.append(Act(fig.id, "leap_off", obj, angle=round(angle_to(fig, enemies[0]), 3)))
    if solid.kind == "stairs":
        out.append(Act(fig.id, "stairs", obj))
    if solid.slidable:
        out.append(Act(fig.id, "slide", obj))
    if solid.swingable and how == "overhead":
        out.append(Act(fig.id, "grab", obj))
    out.append(Act(fig.id, "dodge", obj))
    out.append(Act(fig.id, "improvise", obj))
    return out
