"""A greedy ranking of Helldorado's candidate commands for the AI (the candidates: ``legal.py``).

Fight and charge when the exchange is worth it, shoot the best legal target, close in on the
enemy along a distance field that goes round walls (``plan.py``). Higher is better.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from game.geometry.bases import edge_distance
from game.geometry.measure import distance_to_point, range_band
from game.geometry.templates import blast, cloud_blast, cone_caught, cone_polygon
from game.rules.helldorado import commands
from game.rules.helldorado.dice import pool, table_damage
from game.rules.helldorado.plan import Plan, plan_for
from game.rules.helldorado.spatial import angle_to, direction, engaged, from_above, partners, shot_targets, supporters
from game.rules.helldorado.state import HDState, Unit, Weapon

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


# ---------------------------------------------------------------------- expectations


@cache
def _binom(n: int, p: float) -> tuple[float, ...]:
    return tuple(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


def hit_chance(diff: int) -> float:
    return min(1.0, max(0.0, (7 - diff) / 6.0))


def expected_loss(value: int, diff: int, table: tuple[int, ...], pr: int) -> float:
    """Expected LP loss of a pool(value) roll needing ``diff`` with a damage table, against PR."""
    p = pool(value)
    q = hit_chance(diff)
    if p.dice:
        q = q + (1 - q) * q * min(1.0, p.rerolls / p.dice)
    dist = _binom(p.dice, round(q, 4))
    return sum(pk * max(0, table_damage(table, k) - pr) for k, pk in enumerate(dist)) + p.auto


def expected_power_loss(n: int, x: int, y: int, pr: int) -> float:
    dist = _binom(max(0, n), round(hit_chance(x), 4))
    return sum(pk * max(0, k * y - pr) for k, pk in enumerate(dist))


def worth(u: Unit, loss: float) -> float:
    """Points of ``u`` that an expected LP loss is worth, with a bonus for a likely kill."""
    if loss <= 0 or not u.alive:
        return 0.0
    value = min(loss, u.lp) * u.points / max(u.max_lp, 1)
    if loss >= u.lp:
        value += 0.5 * u.points
    return value / 10.0


def best_table(u: Unit) -> Weapon | None:
    tables = u.melee_tables
    return max(tables, key=lambda w: (sum(w.table), w.id)) if tables else None


# ---------------------------------------------------------------------- values in a state


def melee_value(plan: Plan, a: Unit, d: Unit, charge: bool, weapon: str = "") -> float:
    st = plan.state
    w = a.weapon(weapon) if weapon else best_table(a)
    table = w.table if w is not None else (1, 2, 3, 4, 5)
    a_cbt = (a.cbt or 0) + len(supporters(st, a, d)) + int(from_above(st, a, d)) - int(charge)
    give = expected_loss(a_cbt, d.defence, table, d.pr)
    take = 0.0
    if d.can_engage:
        dw = best_table(d)
        d_cbt = (d.cbt or 0) + len(supporters(st, d, a)) + int(from_above(st, d, a))
        take = expected_loss(d_cbt, a.defence, dw.table if dw else (1, 2, 3, 4, 5), a.pr)
    return worth(d, give) - worth(a, take)


def _aim(st: HDState, u: Unit) -> int:
    act = st.activation
    return st.cfg.aim_bonus if act is not None and act.unit == u.id and act.concentrating else 0


def shot_value(plan: Plan, u: Unit, w: Weapon, t: Unit, at: tuple[float, float] | None = None) -> float:
    st = plan.state
    base = u.base if at is None else u.base.moved(at[0], at[1])
    d = edge_distance(base, t.base)
    band = range_band(d, w.range, long_band_open=st.cfg.long_band_open)
    if not band.shootable:
        return 0.0
    fighting = partners(st, t)
    diff = max([band.difficulty or 7, t.defence] + [p.defence for p in fighting])
    aim = _aim(st, u)
    loss = expected_loss((u.shs or 0) + aim, diff, w.table, t.pr)
    value = worth(t, loss)
    if fighting and engaged(st, t):
        friends = [p for p in fighting if p.side == u.side]
        value *= 0.65
        value -= 0.35 * sum(worth(f, expected_loss((u.shs or 0) + aim, diff, w.table, f.pr))
                            for f in friends) / max(len(fighting), 1)
    return value


def template_value(u: Unit, w: Weapon, caught: list[Unit], first_dice: int | None = None) -> float:
    value = 0.0
    n = first_dice
    q = hit_chance(w.difficulty)
    for c in caught:
        dice = 5 if n is None else n
        loss = expected_power_loss(dice, w.difficulty, w.power, c.pr)
        sign = 1.0 if c.side != u.side else -1.3
        value += sign * worth(c, loss)
        if n is not None:
            n = int(round(n * (1 - q)))
            if n <= 0:
                break
    return value


def explosion_value(plan: Plan, u: Unit, w: Weapon, x: float, y: float) -> float:
    st = plan.state
    d = distance_to_point(u.base, (x, y))
    band = range_band(d, w.range, long_band_open=st.cfg.long_band_open)
    if not band.shootable:
        return 0.0
    p = pool((u.shs or 0) + _aim(st, u))
    q = hit_chance(band.difficulty or 7)
    land = 1 - (1 - q) ** (p.dice + min(p.rerolls, p.dice))
    live = st.alive()
    mask = blast((x, y), w.radius, [o.base for o in live])
    caught = [o for o, m in zip(live, mask.tolist(), strict=True) if m]
    return land * template_value(u, w, caught)


def cone_value(plan: Plan, u: Unit, w: Weapon, angle: float) -> float:
    st = plan.state
    live = [o for o in st.alive() if o.id != u.id]
    cfg = st.cfg
    if w.kind == "cloud":
        res = cloud_blast(u.base, direction(angle), [o.base for o in live], length=cfg.cone_length,
                          far_width=cfg.cone_width, near_width=cfg.cone_near_width)
        caught = [st.unit(i) for i in res.caught]
        return template_value(u, w, caught)
    poly = cone_polygon(u.base, direction(angle), cfg.cone_length, cfg.cone_width, cfg.cone_near_width)
    mask = cone_caught(poly, [o.base for o in live], u.id)
    caught = sorted((o for o, m in zip(live, mask.tolist(), strict=True) if m),
                    key=lambda o: edge_distance(u.base, o.base))
    return template_value(u, w, caught, (u.shs or 0) + 5)


def best_now(plan: Plan, u: Unit) -> tuple[float, float]:
    """The best melee and shooting values of ``u`` where it stands."""
    if u.id in plan.values:
        return plan.values[u.id]
    sys_, st = plan.system, plan.state
    melee, shooting = -0.5, -0.5
    if engaged(st, u):
        if u.can_engage:
            melee = max([melee] + [melee_value(plan, u, e, False) for e in partners(st, u)])
    else:
        enemies = sorted(st.alive(st.other_side(u.side)), key=lambda e: edge_distance(u.base, e.base))
        if u.can_engage:
            for e in enemies:
                if edge_distance(u.base, e.base) <= u.mov:
                    melee = max(melee, melee_value(plan, u, e, True) + 0.2)
        if u.shs is not None:
            for w in u.weapons_of("ranged"):
                legal = shot_targets(sys_.table_of(st), st, u, w)
                for t in legal.ids:
                    shooting = max(shooting, shot_value(plan, u, w, st.unit(t)))
            for w in u.weapons_of("explosion"):
                for e in enemies[:4]:
                    shooting = max(shooting, explosion_value(plan, u, w, e.x, e.y))
            for w in u.weapons_of("cloud", "impact"):
                for e in enemies:
                    if edge_distance(u.base, e.base) <= st.cfg.cone_length + 0.5:
                        shooting = max(shooting, cone_value(plan, u, w, angle_to(u, e)))
    plan.values[u.id] = (melee, shooting)
    return melee, shooting


def has_target(plan: Plan, u: Unit, w: Weapon) -> bool:
    return bool(shot_targets(plan.system.table_of(plan.state), plan.state, u, w).ids)


# ---------------------------------------------------------------------- ranking


def rank_command(system: Helldorado, state: HDState, command: Any) -> float:
    """Higher is better."""
    plan = plan_for(system, state)
    st = state
    if isinstance(command, commands.VaeVictis):
        return 50.0
    if isinstance(command, commands.PickWeapon):
        p = st.pending
        assert p is not None
        u = st.unit(p.unit)
        w = u.weapon(command.weapon)
        strength = float(sum(w.table)) if w else -1.0
        return strength if p.side == u.side else -strength
    if isinstance(command, commands.PickAttacker):
        a = st.unit(command.unit)
        ex = st.exchange
        assert ex is not None
        return melee_value(plan, a, st.unit(ex.defender), False)
    if isinstance(command, commands.Reroll):
        return float(len(command.dice))
    if isinstance(command, commands.UseHits):
        return float(command.hits)
    if isinstance(command, commands.OrderChain):
        ex = st.exchange
        assert ex is not None
        side = st.unit(ex.attacker).side
        n = len(command.units)
        return sum((n - i) * (1 if st.unit(uid).side != side else -1) for i, uid in enumerate(command.units))
    if isinstance(command, commands.Activate):
        u = st.unit(command.unit)
        return 3.0 + max(best_now(plan, u))
    act = st.activation
    assert act is not None
    u = st.unit(act.unit)
    if isinstance(command, commands.End):
        return 0.1
    if isinstance(command, commands.Fight):
        return 6.0 + melee_value(plan, u, st.unit(command.target), False, command.weapon) \
            + (0.01 if command.weapon else -1.0)
    if isinstance(command, commands.Charge):
        return 5.8 + melee_value(plan, u, st.unit(command.target), True, command.weapon) \
            + (0.01 if command.weapon else -1.0)
    if isinstance(command, commands.Shoot):
        return 5.0 + shot_value(plan, u, u.weapon(command.weapon), st.unit(command.target))  # type: ignore[arg-type]
    if isinstance(command, commands.ShootAt):
        w = u.weapon(command.weapon)
        assert w is not None
        value = explosion_value(plan, u, w, command.x, command.y)
        return 5.0 + value if value > 0 else 0.05
    if isinstance(command, commands.Blast):
        w = u.weapon(command.weapon)
        assert w is not None
        value = cone_value(plan, u, w, command.angle)
        return 5.0 + value if value > 0 else 0.05
    if isinstance(command, commands.Concentrate):
        if engaged(st, u) or not any(w.kind in ("ranged", "explosion", "impact") for w in u.weapons):
            return 0.0
        shooting = best_now(plan, u)[1]
        return 5.05 + shooting if shooting > 0.05 else 0.0
    if isinstance(command, commands.Focus):
        if engaged(st, u):
            return 0.0
        return 0.8 if u.lp < u.max_lp else 0.0
    if isinstance(command, commands.Retreat):
        return 2.0 if not u.can_engage else 0.2
    if isinstance(command, commands.Climb):
        return 0.3
    if isinstance(command, commands.Move):
        ux, uy = direction(command.angle)
        end_x, end_y = u.x + ux * command.length, u.y + uy * command.length
        shooter = [w for w in u.weapons if w.kind == "ranged"] if u.shs is not None else []
        if shooter and has_target(plan, u, shooter[0]):
            w = shooter[0]
            enemies = st.alive(st.other_side(u.side))
            if not enemies:
                return 0.0
            now = max(shot_value(plan, u, w, e) for e in enemies)
            then = max(shot_value(plan, u, w, e, at=(end_x, end_y)) for e in enemies)
            return 5.0 + then - 0.05 if then > now + 0.05 else 0.2
        now = plan.distance(u, u.x, u.y)
        then = plan.distance(u, end_x, end_y)
        if math.isinf(now) or math.isinf(then):
            return 0.3 if math.isinf(now) else 0.05
        return 1.0 + 3.0 * (now - then) / max(u.mov, 1.0)
    return 0.0
