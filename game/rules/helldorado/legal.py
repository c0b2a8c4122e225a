"""Candidate commands of Helldorado: a finite, representative set of what the rules accept now.

Moves are open choices (any angle, any length); the list offers twelve compass directions and the
directions of the nearest enemies, each at full and half length, stopping short of an enemy (a
contact is made by charging). Every command listed is one the rules accept: moves and retreats
are cut from a sweep so that they are, the others pass ``system.check``.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

import shapely

from game.geometry.bases import edge_distance
from game.rules.engine import accepts
from game.rules.helldorado import commands
from game.rules.helldorado.plan import Plan, plan_for
from game.rules.helldorado.spatial import angle_to, contact, direction, engaged, partners, remaining, shot_targets
from game.rules.helldorado.state import Choice, HDState, Stage, Unit

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado

COMPASS = tuple(float(a) for a in range(0, 360, 30))
SHORT = 0.05  #: how far short of an enemy a move stops
#: the rules accept what ``_moves`` (cut from a sweep), ``_climbs``, ``_shots`` and the charge
#: loop offer already
CHECKED_ALREADY = (commands.Move, commands.Retreat, commands.Climb, commands.Charge,
                   commands.Shoot, commands.ShootAt, commands.Blast)


def _pending_commands(system: Helldorado, state: HDState) -> list[Any]:
    p = state.pending
    assert p is not None
    ex = state.exchange
    assert ex is not None
    out: list[Any] = []
    if p.kind in (Choice.DECLARE, Choice.TABLE):
        out = [commands.PickWeapon(o) for o in p.options]
    elif p.kind == Choice.ATTACKER:
        out = [commands.PickAttacker(o) for o in p.options]
    elif p.kind == Choice.REROLL:
        roll = ex.a_roll if p.unit == ex.attacker and ex.stage == Stage.REROLL_A else ex.d_roll
        assert roll is not None
        misses = [int(o) for o in p.options]
        for k in range(min(roll.rerolls, len(misses)), -1, -1):
            for combo in itertools.combinations(misses, k):
                out.append(commands.Reroll(tuple(combo)))
                if len(out) >= 32:
                    break
    elif p.kind == Choice.HITS:
        out = [commands.UseHits(int(o)) for o in p.options]
    elif p.kind == Choice.ORDER:
        orders = itertools.islice(itertools.permutations(p.options), 24)
        out = [commands.OrderChain(tuple(perm)) for perm in orders]
    for uid in (ex.attacker, ex.defender):
        if uid and state.unit(uid).side == p.side:
            cmd = commands.VaeVictis(uid)
            if accepts(system, state, cmd):
                out.append(cmd)
    return out


def _moves(system: Helldorado, state: HDState, plan: Plan, u: Unit, enemies: list[Unit],
           retreat: bool) -> list[Any]:
    """Straight segments along the compass and towards (or away from) the nearest enemies.

    Each is cut from a sweep of the whole movement left, so it meets nothing on the way; it is
    listed only if it also ends out of contact with every enemy (a contact is made by charging,
    and a retreat must get clear)."""
    left = remaining(state, u)
    if left <= 0.05:
        return []
    angles = list(COMPASS)
    for e in enemies[:3]:
        a = angle_to(u, e)
        angles.append(round((a + 180.0) % 360.0, 3) if retreat else a)
    out: list[Any] = []
    seen: set[tuple[float, float]] = set()
    enemy_ids = {e.id for e in enemies}
    for a in angles:
        res = plan.sweep(u, a, left)
        length = res.distance
        if any(t.id in enemy_ids for t in res.touches):
            length -= SHORT
        ux, uy = direction(a)
        for frac in (1.0, 0.5):
            ln = math.floor(length * frac * 1000.0) / 1000.0
            if ln <= 0.05 or (a, ln) in seen:
                continue
            seen.add((a, ln))
            moved = u.at(u.x + ux * ln, u.y + uy * ln)
            if any(contact(state, moved, e) for e in enemies):
                continue
            out.append(commands.Retreat(u.id, a, ln) if retreat else commands.Move(u.id, a, ln))
    return out


def _climbs(system: Helldorado, state: HDState, u: Unit) -> list[Any]:
    table = system.table_of(state)
    out: list[Any] = []
    if u.z > state.cfg.step:
        out.append(commands.Climb(u.id, ""))
    disc = shapely.Point(u.x, u.y).buffer(u.radius + state.cfg.eps_contact + 1e-6)
    for i in table.index.query(disc):
        s = table.index.solids[int(i)]
        if s.surface and state.cfg.step < s.top - u.z <= state.cfg.climb_max:
            out.append(commands.Climb(u.id, s.id))
    return [c for c in out if accepts(system, state, c)]


def _shots(system: Helldorado, state: HDState, u: Unit, enemies: list[Unit]) -> list[Any]:
    out: list[Any] = []
    for w in u.weapons:
        if w.kind == "ranged":
            legal = shot_targets(system.table_of(state), state, u, w)
            out += [commands.Shoot(u.id, w.id, t) for t in legal.ids]
        elif w.kind == "explosion":
            for e in enemies[:4]:
                out.append(commands.ShootAt(u.id, w.id, round(e.x, 4), round(e.y, 4)))
        elif w.kind in ("cloud", "impact"):
            for e in enemies:
                if edge_distance(u.base, e.base) <= state.cfg.cone_length + 0.5:
                    out.append(commands.Blast(u.id, w.id, angle_to(u, e)))
    return [c for c in out if accepts(system, state, c)]


def legal_commands(system: Helldorado, state: HDState) -> list[Any]:
    """The candidates of ``state``, each accepted by the rules."""
    if state.over:
        return []
    if state.pending is not None:
        return _pending_commands(system, state)
    act = state.activation
    if act is None:
        return [commands.Activate(u.id) for u in state.ready(state.turn)]
    u = state.unit(act.unit)
    plan = plan_for(system, state)
    enemies = sorted(state.alive(state.other_side(u.side)), key=lambda e: edge_distance(u.base, e.base))
    out: list[Any] = [commands.End(u.id)]
    weapons = [w.id for w in u.melee_tables] or [""]
    if engaged(state, u):
        if u.can_engage and not act.retreated:
            for e in partners(state, u):
                out += [commands.Fight(u.id, e.id, w) for w in weapons]
        out += _moves(system, state, plan, u, enemies, retreat=True)
    else:
        if not act.retreated:
            if u.can_engage:
                left = remaining(state, u)
                for e in enemies:
                    if edge_distance(u.base, e.base) <= left + 1e-6:
                        out += [c for c in (commands.Charge(u.id, e.id, w) for w in weapons)
                                if accepts(system, state, c)]
            if u.shs is not None:
                out += _shots(system, state, u, enemies)
            # a free unit touching an enemy that cannot engage (no CBT) may still attack it
            for e in partners(state, u):
                if u.can_engage:
                    out += [commands.Fight(u.id, e.id, w) for w in weapons]
        out += _moves(system, state, plan, u, enemies, retreat=False)
        out += _climbs(system, state, u)
    if not act.retreated:
        out.append(commands.Focus(u.id))
        if not act.concentrating:
            out.append(commands.Concentrate(u.id))
    return [c for c in out if isinstance(c, CHECKED_ALREADY) or accepts(system, state, c)]
