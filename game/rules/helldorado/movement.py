"""Moving in Helldorado (house rules, HOUSE.md): straight segments that stop at the first contact
(``Move``, HD-HOUSE-4) and climbing onto or down from a surface (``Climb``, HD-HOUSE-5).

Each handler's check works out the path the unit would take (a sweep, a spot to stand on) and
refuses it by the rules; the resolution takes the same path."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import Point
from shapely.ops import nearest_points

from game.core.dice import Dice
from game.geometry.contact import gap
from game.geometry.sweep import FIGURE, MoveResult
from game.rules.engine import Event
from game.rules.helldorado.checks import active, illegal, remembered
from game.rules.helldorado.commands import Climb, Move
from game.rules.helldorado.events import ev
from game.rules.helldorado.spatial import (
    CLEAR,
    TOL,
    engaged,
    finite,
    placement_problem,
    remaining,
    sweep,
    touches_enemy,
)
from game.rules.helldorado.state import Activation, HDState, Unit

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


def not_engaged(state: HDState, u: Unit) -> None:
    """HD-MELEE-21: an engaged unit leaves only by retreating."""
    if engaged(state, u):
        raise illegal("HD-MELEE-21", f"{u.name} is engaged: it may only leave by retreating",
                      "hd.move.engaged", unit=u.id)


def within_movement(state: HDState, u: Unit, length: float) -> float:
    """HD-HOUSE-4: the movement left, which ``length`` may not exceed."""
    left = remaining(state, u)
    if length > left + TOL:
        raise illegal("HD-HOUSE-4", f"{u.name} has {left:.2f} f of movement left", "hd.move.too_far",
                      unit=u.id, left=round(left, 2))
    return left


def moved_some(u: Unit, res: MoveResult) -> None:
    """HD-HOUSE-4: a segment that stops at once is no move."""
    if res.distance <= TOL:
        raise illegal("HD-HOUSE-4", f"{u.name} cannot move that way ({res.id} is in the way)",
                      "hd.move.blocked", unit=u.id, blocker=res.id or "")


# ---------------------------------------------------------------------- Move


@remembered
def _move_path(system: Helldorado, state: HDState, cmd: Move
               ) -> tuple[Unit, Activation, MoveResult, float]:
    u, act = active(state, cmd.unit)
    if not finite(cmd.angle, cmd.length) or cmd.length <= 0:
        raise illegal("HD-HOUSE-4", "a move needs a direction and a positive length", "hd.move.no_length")
    not_engaged(state, u)
    left = within_movement(state, u, cmd.length)
    res = sweep(system.table_of(state), state, u, cmd.angle, cmd.length)
    enemies = {e.id for e in state.alive(state.other_side(u.side))}
    hit = [t.id for t in res.touches if t.kind == FIGURE and t.id in enemies]
    if hit:
        raise illegal("HD-HOUSE-4", f"the move runs into {hit[0]}: contact with an enemy "
                      "is made by charging", "hd.move.runs_into_enemy", unit=hit[0])
    moved_some(u, res)
    enemy = touches_enemy(state, u.at(res.x, res.y))
    if enemy is not None:
        raise illegal("HD-HOUSE-4", f"the move ends touching {enemy.name}: contact with an "
                      "enemy is made by charging", "hd.move.ends_touching_enemy", unit=enemy.id)
    return u, act, res, left


def check_move(system: Helldorado, state: HDState, cmd: Move) -> None:
    """HD-HOUSE-4: a straight segment of the active, free unit, within its movement left,
    touching no enemy on the way or at its end."""
    _move_path(system, state, cmd)


def resolve_move(system: Helldorado, state: HDState, cmd: Move, dice: Dice,
                 events: list[Event]) -> HDState:
    u, act, res, left = _move_path(system, state, cmd)
    events.append(ev("hd.move", ["HD-HOUSE-4"], u.id,
                     motion=("slide", u.id, (u.x, u.y), (res.x, res.y)),
                     angle=round(cmd.angle, 3), distance=round(res.distance, 3),
                     touched=res.id or "", touched_kind=res.kind or "",
                     left=round(left - res.distance, 3)))
    return replace(state.with_unit(u.at(res.x, res.y)),
                   activation=replace(act, moved=act.moved + res.distance))


# ---------------------------------------------------------------------- Climb


@remembered
def _climb_spot(system: Helldorado, state: HDState, cmd: Climb
                ) -> tuple[Unit, Activation, float, float, float, float]:
    """Where the climb puts the unit: (unit, activation, x, y, z, cost)."""
    u, act = active(state, cmd.unit)
    not_engaged(state, u)
    table = system.table_of(state)
    cfg = state.cfg
    here = Point(u.x, u.y)
    ignore = ""
    if cmd.solid:
        s = table.solids.get(cmd.solid)
        if s is None or not s.surface:
            raise illegal("HD-HOUSE-5", f"{cmd.solid!r} is not terrain to stand on",
                          "hd.climb.not_a_surface", solid=cmd.solid)
        what = s.kind or s.id
        rise = s.top - u.z
        if rise <= cfg.step:
            raise illegal("HD-HOUSE-5", f"{u.name} is not below the top of {what}",
                          "hd.climb.not_below", unit=u.id, solid=s.id)
        if rise > cfg.climb_max + TOL:
            raise illegal("HD-HOUSE-5", f"{what} is {rise:.2f} f up; a unit climbs "
                          f"at most {cfg.climb_max:g} f", "hd.climb.too_high", solid=s.id,
                          rise=round(rise, 2), most=cfg.climb_max)
        if gap(u.base, s.footprint) > cfg.eps_contact + TOL:
            raise illegal("HD-HOUSE-5", f"{u.name} must touch {what} to climb it",
                          "hd.climb.not_touching", unit=u.id, solid=s.id)
        room = s.footprint.buffer(-(u.radius + CLEAR))
        if room.is_empty:
            raise illegal("HD-HOUSE-5", f"{u.name}'s base does not fit on {what}",
                          "hd.climb.no_room", unit=u.id, solid=s.id)
        p = nearest_points(room, here)[0]
        z = table.standing_level(p.x, p.y, below=s.top + TOL)
        ignore = s.id
    else:
        under = table.supports(u.x, u.y, u.radius, u.z)
        if u.z <= cfg.step or not under:
            raise illegal("HD-HOUSE-5", f"{u.name} stands on nothing to climb down from",
                          "hd.climb.on_the_ground", unit=u.id)
        area = shapely.union_all([s.footprint for s in under]).buffer(u.radius + CLEAR)
        ring = area.exterior if hasattr(area, "exterior") else area.boundary
        p = ring.interpolate(ring.project(here))
        z = table.standing_level(p.x, p.y, below=u.z - cfg.step)
        if u.z - z > cfg.climb_max + TOL:
            raise illegal("HD-HOUSE-5", f"the drop is {u.z - z:.2f} f; a unit climbs down "
                          f"at most {cfg.climb_max:g} f", "hd.climb.drop_too_deep",
                          drop=round(u.z - z, 2), most=cfg.climb_max)
    cost = math.hypot(p.x - u.x, p.y - u.y) + abs(z - u.z)
    left = remaining(state, u)
    if cost > left + TOL:
        raise illegal("HD-HOUSE-5", f"climbing costs {cost:.2f} f; {left:.2f} f left",
                      "hd.climb.too_far", cost=round(cost, 2), left=round(left, 2))
    why, key, params = placement_problem(table, state, u, p.x, p.y, z, ignore)
    if why:
        raise illegal("HD-HOUSE-5", why, key, **params)
    return u, act, p.x, p.y, z, cost


def check_climb(system: Helldorado, state: HDState, cmd: Climb) -> None:
    """HD-HOUSE-5: onto a touched surface at most 1 f up, or down from one, paid from the
    movement left, to a free spot out of contact with enemies."""
    _climb_spot(system, state, cmd)


def resolve_climb(system: Helldorado, state: HDState, cmd: Climb, dice: Dice,
                  events: list[Event]) -> HDState:
    u, act, x, y, z, cost = _climb_spot(system, state, cmd)
    events.append(ev("hd.climb", ["HD-HOUSE-5"], u.id, motion=("slide", u.id, (u.x, u.y), (x, y)),
                     solid=cmd.solid, z_from=round(u.z, 3), z_to=round(z, 3), cost=round(cost, 3)))
    return replace(state.with_unit(u.at(x, y, z)), activation=replace(act, moved=act.moved + cost))
