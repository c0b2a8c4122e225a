"""Legal commands (a finite, representative set) and a greedy ranking for the Helldorado AI.

Moves are open choices (any angle, any length); the list offers twelve compass directions and the
directions of the nearest enemies, each at full and half length, stopping short of an enemy (a
contact is made by charging). Every command listed has passed the same checks ``apply`` makes,
so self-play never meets a listed command the rules refuse.

The ranking is greedy and simple: fight and charge when the exchange is worth it, shoot the
best legal target, close in on the enemy along a distance field that goes round walls.
"""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from game.core.dice import DiceState
from game.geometry.bases import edge_distance
from game.geometry.measure import distance_to_point, range_band
from game.geometry.templates import blast, cloud_blast, cone_caught, cone_polygon
from game.rules.engine import IllegalCommand
from game.rules.helldorado.commands import (
    Activate,
    Blast,
    Charge,
    Climb,
    Concentrate,
    End,
    Fight,
    Focus,
    Move,
    OrderChain,
    PickAttacker,
    PickWeapon,
    Reroll,
    Retreat,
    Shoot,
    ShootAt,
    UseHits,
    VaeVictis,
)
from game.rules.helldorado.dice import pool, table_damage
from game.rules.helldorado.state import HDState, Unit, Weapon

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado

COMPASS = tuple(float(a) for a in range(0, 360, 30))
CELL = 0.5  #: fathoms, the AI's navigation grid
SHORT = 0.05  #: how far short of an enemy a move stops
MAX_LIST = 24


class _Probe(Exception):
    """Raised by the probe dice: the command got as far as rolling, so it is legal."""


class _ProbeDice:
    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        raise _Probe

    def state(self) -> DiceState:
        return DiceState(0, 0)

    def restore(self, state: DiceState) -> None:
        pass


def passes(system: Helldorado, state: HDState, command: Any) -> bool:
    """Would ``apply`` accept the command? (It is run up to its first roll.)"""
    try:
        system.apply(state, command, _ProbeDice())
    except IllegalCommand:
        return False
    except _Probe:
        return True
    return True


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


# ---------------------------------------------------------------------- the plan of one state


class _Plan:
    """What the AI works out once per state: sweeps, fields, values."""

    def __init__(self, system: Helldorado, state: HDState) -> None:
        self.system, self.state = system, state
        self._sweeps: dict[tuple[str, float, float], Any] = {}
        self._fields: dict[str, np.ndarray] = {}
        self._values: dict[str, tuple[float, float]] = {}

    def sweep(self, u: Unit, angle: float, length: float) -> Any:
        key = (u.id, angle, length)
        if key not in self._sweeps:
            self._sweeps[key] = self.system.sweep(self.state, u, angle, length)
        return self._sweeps[key]

    # -------------------------------------------------------------- navigation
    def field(self, u: Unit) -> np.ndarray:
        """Fathoms from each grid cell to contact with the nearest enemy, round the terrain."""
        if u.id in self._fields:
            return self._fields[u.id]
        st = self.state
        enemies = tuple((round(e.x, 3), round(e.y, 3), round(e.z, 3), e.radius)
                        for e in st.alive(st.other_side(u.side)))
        key = (st.map, round(u.radius, 3), round(u.z, 1), enemies)
        if key in _FIELDS:
            self._fields[u.id] = _FIELDS[key]
            return _FIELDS[key]
        free, (x0, y0) = _passable(self.system, st, round(u.radius, 3))
        rows, cols = free.shape
        gx, gy = np.meshgrid((np.arange(cols) + 0.5) * CELL + x0, (np.arange(rows) + 0.5) * CELL + y0)
        dist = np.full(free.shape, np.inf)
        for e in st.alive(st.other_side(u.side)):
            if abs(e.z - u.z) > st.cfg.climb_max + 0.5:
                continue
            near = np.hypot(gx - e.x, gy - e.y) <= e.radius + u.radius + CELL
            dist[near & free] = 0.0
        dist = _relax(dist, free)
        self._fields[u.id] = dist
        _FIELDS[key] = dist
        if len(_FIELDS) > 64:
            _FIELDS.pop(next(iter(_FIELDS)))
        return dist

    def distance(self, u: Unit, x: float, y: float) -> float:
        dist = self.field(u)
        x0, y0 = _passable(self.system, self.state, round(u.radius, 3))[1]
        i = min(max(int((y - y0) // CELL), 0), dist.shape[0] - 1)
        j = min(max(int((x - x0) // CELL), 0), dist.shape[1] - 1)
        return float(dist[i, j])

    # -------------------------------------------------------------- values
    def melee_value(self, a: Unit, d: Unit, charge: bool, weapon: str = "") -> float:
        sys_, st = self.system, self.state
        w = a.weapon(weapon) if weapon else best_table(a)
        table = w.table if w is not None else (1, 2, 3, 4, 5)
        a_cbt = (a.cbt or 0) + len(sys_.supporters(st, a, d)) + int(sys_.from_above(st, a, d)) - int(charge)
        give = expected_loss(a_cbt, d.defence, table, d.pr)
        take = 0.0
        if d.can_engage:
            dw = best_table(d)
            d_cbt = (d.cbt or 0) + len(sys_.supporters(st, d, a)) + int(sys_.from_above(st, d, a))
            take = expected_loss(d_cbt, a.defence, dw.table if dw else (1, 2, 3, 4, 5), a.pr)
        return worth(d, give) - worth(a, take)

    def shot_value(self, u: Unit, w: Weapon, t: Unit, at: tuple[float, float] | None = None) -> float:
        sys_, st = self.system, self.state
        base = u.base if at is None else u.base.moved(at[0], at[1])
        d = edge_distance(base, t.base)
        band = range_band(d, w.range, long_band_open=st.cfg.long_band_open)
        if not band.shootable:
            return 0.0
        partners = sys_.partners(st, t)
        diff = max([band.difficulty or 7, t.defence] + [p.defence for p in partners])
        act = st.activation
        aim = st.cfg.aim_bonus if act is not None and act.unit == u.id and act.concentrating else 0
        loss = expected_loss((u.shs or 0) + aim, diff, w.table, t.pr)
        value = worth(t, loss)
        if partners and sys_.engaged(st, t):
            friends = [p for p in partners if p.side == u.side]
            value *= 0.65
            value -= 0.35 * sum(worth(f, expected_loss((u.shs or 0) + aim, diff, w.table, f.pr))
                                for f in friends) / max(len(partners), 1)
        return value

    def template_value(self, u: Unit, w: Weapon, caught: list[Unit], first_dice: int | None = None) -> float:
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

    def explosion_value(self, u: Unit, w: Weapon, x: float, y: float) -> float:
        st = self.state
        d = distance_to_point(u.base, (x, y))
        band = range_band(d, w.range, long_band_open=st.cfg.long_band_open)
        if not band.shootable:
            return 0.0
        act = st.activation
        aim = st.cfg.aim_bonus if act is not None and act.unit == u.id and act.concentrating else 0
        p = pool((u.shs or 0) + aim)
        q = hit_chance(band.difficulty or 7)
        land = 1 - (1 - q) ** (p.dice + min(p.rerolls, p.dice))
        live = st.alive()
        mask = blast((x, y), w.radius, [o.base for o in live])
        caught = [o for o, m in zip(live, mask.tolist(), strict=True) if m]
        return land * self.template_value(u, w, caught)

    def cone_value(self, u: Unit, w: Weapon, angle: float) -> float:
        st = self.state
        from game.rules.helldorado.game import direction

        live = [o for o in st.alive() if o.id != u.id]
        cfg = st.cfg
        if w.kind == "cloud":
            res = cloud_blast(u.base, direction(angle), [o.base for o in live], length=cfg.cone_length,
                              far_width=cfg.cone_width, near_width=cfg.cone_near_width)
            caught = [st.unit(i) for i in res.caught]
            return self.template_value(u, w, caught)
        poly = cone_polygon(u.base, direction(angle), cfg.cone_length, cfg.cone_width, cfg.cone_near_width)
        mask = cone_caught(poly, [o.base for o in live], u.id)
        caught = sorted((o for o, m in zip(live, mask.tolist(), strict=True) if m),
                        key=lambda o: edge_distance(u.base, o.base))
        return self.template_value(u, w, caught, (u.shs or 0) + 5)

    def best_now(self, u: Unit) -> tuple[float, float]:
        """The best melee and shooting values of ``u`` where it stands."""
        if u.id in self._values:
            return self._values[u.id]
        sys_, st = self.system, self.state
        melee, shooting = -0.5, -0.5
        if sys_.engaged(st, u):
            if u.can_engage:
                melee = max([melee] + [self.melee_value(u, e, False) for e in sys_.partners(st, u)])
        else:
            enemies = sorted(st.alive(st.other_side(u.side)), key=lambda e: edge_distance(u.base, e.base))
            if u.can_engage:
                for e in enemies:
                    if edge_distance(u.base, e.base) <= u.mov:
                        melee = max(melee, self.melee_value(u, e, True) + 0.2)
            if u.shs is not None:
                for w in u.weapons_of("ranged"):
                    legal = sys_.shot_targets(st, u, w)
                    for t in legal.ids:
                        shooting = max(shooting, self.shot_value(u, w, st.unit(t)))
                from game.rules.helldorado.game import angle_to

                for w in u.weapons_of("explosion"):
                    for e in enemies[:4]:
                        shooting = max(shooting, self.explosion_value(u, w, e.x, e.y))
                for w in u.weapons_of("cloud", "impact"):
                    for e in enemies:
                        if edge_distance(u.base, e.base) <= st.cfg.cone_length + 0.5:
                            shooting = max(shooting, self.cone_value(u, w, angle_to(u, e)))
        self._values[u.id] = (melee, shooting)
        return melee, shooting

    def has_target(self, u: Unit, w: Weapon) -> bool:
        return bool(self.system.shot_targets(self.state, u, w).ids)


def _relax(dist: np.ndarray, free: np.ndarray) -> np.ndarray:
    """8-neighbour chamfer distances (in fathoms) over the free cells, from the zero cells."""
    d = np.where(free, dist, np.inf)
    h, w = d.shape
    diag = CELL * math.sqrt(2.0)
    shifts = [((1, 0), CELL), ((-1, 0), CELL), ((0, 1), CELL), ((0, -1), CELL),
              ((1, 1), diag), ((1, -1), diag), ((-1, 1), diag), ((-1, -1), diag)]
    for _ in range(2 * (h + w)):
        cand = d.copy()
        for (di, dj), cost in shifts:
            src = d[max(0, -di): h - max(0, di), max(0, -dj): w - max(0, dj)]
            dst = cand[max(0, di): h - max(0, -di), max(0, dj): w - max(0, -dj)]
            np.minimum(dst, src + cost, out=dst)
        cand = np.where(free, cand, np.inf)
        if np.array_equal(cand, d):
            break
        d = cand
    return d


_PASSABLE: dict[tuple[int, str, float], tuple[np.ndarray, tuple[float, float]]] = {}
_FIELDS: dict[tuple[Any, ...], np.ndarray] = {}


def _passable(system: Helldorado, state: HDState, radius: float
              ) -> tuple[np.ndarray, tuple[float, float]]:
    """Grid cells a base of ``radius`` on the floor may stand on (static terrain only)."""
    table = system.table_of(state)
    key = (id(table), state.map, radius)
    if key in _PASSABLE:
        return _PASSABLE[key]
    x0, y0, x1, y1 = table.bounds or (0.0, 0.0, 36.0, 36.0)
    xs = (np.arange(int(math.ceil((x1 - x0) / CELL))) + 0.5) * CELL + x0
    ys = (np.arange(int(math.ceil((y1 - y0) / CELL))) + 0.5) * CELL + y0
    gx, gy = np.meshgrid(xs, ys)
    free = (gx >= x0 + radius) & (gx <= x1 - radius) & (gy >= y0 + radius) & (gy <= y1 - radius)
    walls = [s.footprint for s in table.solids.values() if not s.flat and s.top > state.cfg.step]
    if walls:
        blocked = shapely.union_all(walls).buffer(radius * 0.9)
        free &= ~shapely.contains_xy(blocked, gx, gy)
    _PASSABLE[key] = (free, (x0, y0))
    return _PASSABLE[key]


_PLANS: dict[int, _Plan] = {}


def plan_for(system: Helldorado, state: HDState) -> _Plan:
    plan = _PLANS.get(id(state))
    if plan is None or plan.state is not state:
        _PLANS.clear()
        plan = _PLANS[id(state)] = _Plan(system, state)
    return plan


# ---------------------------------------------------------------------- the legal list


def _pending_commands(system: Helldorado, state: HDState) -> list[Any]:
    p = state.pending
    assert p is not None
    ex = state.exchange
    assert ex is not None
    out: list[Any] = []
    if p.kind in ("declare", "table"):
        out = [PickWeapon(o) for o in p.options]
    elif p.kind == "attacker":
        out = [PickAttacker(o) for o in p.options]
    elif p.kind == "reroll":
        roll = ex.a_roll if p.unit == ex.attacker and ex.stage == "reroll_a" else ex.d_roll
        assert roll is not None
        misses = [int(o) for o in p.options]
        for k in range(min(roll.rerolls, len(misses)), -1, -1):
            for combo in itertools.combinations(misses, k):
                out.append(Reroll(tuple(combo)))
                if len(out) >= 32:
                    break
    elif p.kind == "hits":
        out = [UseHits(int(o)) for o in p.options]
    elif p.kind == "order":
        out = [OrderChain(tuple(perm)) for perm in itertools.islice(itertools.permutations(p.options), 24)]
    for uid in (ex.attacker, ex.defender):
        if uid and state.unit(uid).side == p.side:
            cmd = VaeVictis(uid)
            if passes(system, state, cmd):
                out.append(cmd)
    return out


def _moves(system: Helldorado, state: HDState, plan: _Plan, u: Unit, enemies: list[Unit],
           retreat: bool) -> list[Any]:
    """Straight segments along the compass and towards (or away from) the nearest enemies.

    Each is cut from a sweep of the whole movement left, so it meets nothing on the way; it is
    listed only if it also ends out of contact with every enemy (a contact is made by charging,
    and a retreat must get clear)."""
    left = system.remaining(state, u)
    if left <= 0.05:
        return []
    from game.rules.helldorado.game import angle_to, direction

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
            if any(system.contact(state, moved, e) for e in enemies):
                continue
            out.append(Retreat(u.id, a, ln) if retreat else Move(u.id, a, ln))
    return out


def _climbs(system: Helldorado, state: HDState, u: Unit) -> list[Any]:
    table = system.table_of(state)
    out: list[Any] = []
    if u.z > state.cfg.step:
        out.append(Climb(u.id, ""))
    disc = shapely.Point(u.x, u.y).buffer(u.radius + state.cfg.eps_contact + 1e-6)
    for i in table.index.query(disc):
        s = table.index.solids[int(i)]
        if s.surface and state.cfg.step < s.top - u.z <= state.cfg.climb_max:
            out.append(Climb(u.id, s.id))
    return [c for c in out if passes(system, state, c)]


def _shots(system: Helldorado, state: HDState, u: Unit, enemies: list[Unit]) -> list[Any]:
    from game.rules.helldorado.game import angle_to

    out: list[Any] = []
    for w in u.weapons:
        if w.kind == "ranged":
            legal = system.shot_targets(state, u, w)
            out += [Shoot(u.id, w.id, t) for t in legal.ids]
        elif w.kind == "explosion":
            for e in enemies[:4]:
                out.append(ShootAt(u.id, w.id, round(e.x, 4), round(e.y, 4)))
        elif w.kind in ("cloud", "impact"):
            for e in enemies:
                if edge_distance(u.base, e.base) <= state.cfg.cone_length + 0.5:
                    out.append(Blast(u.id, w.id, angle_to(u, e)))
    return [c for c in out if passes(system, state, c)]


def legal_commands(system: Helldorado, state: HDState) -> list[Any]:
    if state.over:
        return []
    if state.pending is not None:
        return _pending_commands(system, state)
    act = state.activation
    if act is None:
        return [Activate(u.id) for u in state.ready(state.turn)]
    u = state.unit(act.unit)
    plan = plan_for(system, state)
    enemies = sorted(state.alive(state.other_side(u.side)), key=lambda e: edge_distance(u.base, e.base))
    out: list[Any] = [End(u.id)]
    weapons = [w.id for w in u.melee_tables] or [""]
    if system.engaged(state, u):
        if u.can_engage and not act.retreated:
            for e in system.partners(state, u):
                out += [Fight(u.id, e.id, w) for w in weapons]
        out += _moves(system, state, plan, u, enemies, retreat=True)
    else:
        if not act.retreated:
            if u.can_engage:
                left = system.remaining(state, u)
                for e in enemies:
                    if edge_distance(u.base, e.base) <= left + 1e-6:
                        out += [c for c in (Charge(u.id, e.id, w) for w in weapons) if passes(system, state, c)]
            if u.shs is not None:
                out += _shots(system, state, u, enemies)
            # a free unit touching an enemy that cannot engage (no CBT) may still attack it
            for e in system.partners(state, u):
                if u.can_engage:
                    out += [Fight(u.id, e.id, w) for w in weapons]
        out += _moves(system, state, plan, u, enemies, retreat=False)
        out += _climbs(system, state, u)
    if not act.retreated:
        out.append(Focus(u.id))
        if not act.concentrating:
            out.append(Concentrate(u.id))
    return [c for c in out if isinstance(c, Move | Retreat | Climb | Charge | Shoot | ShootAt | Blast)
            or passes(system, state, c)]



# ---------------------------------------------------------------------- ranking


def rank_command(system: Helldorado, state: HDState, command: Any) -> float:
    """Higher is better."""
    plan = plan_for(system, state)
    st = state
    if isinstance(command, VaeVictis):
        return 50.0
    if isinstance(command, PickWeapon):
        p = st.pending
        assert p is not None
        u = st.unit(p.unit)
        w = u.weapon(command.weapon)
        strength = float(sum(w.table)) if w else -1.0
        return strength if p.side == u.side else -strength
    if isinstance(command, PickAttacker):
        a = st.unit(command.unit)
        ex = st.exchange
        assert ex is not None
        return plan.melee_value(a, st.unit(ex.defender), False)
    if isinstance(command, Reroll):
        return float(len(command.dice))
    if isinstance(command, UseHits):
        return float(command.hits)
    if isinstance(command, OrderChain):
        ex = st.exchange
        assert ex is not None
        side = st.unit(ex.attacker).side
        n = len(command.units)
        return sum((n - i) * (1 if st.unit(uid).side != side else -1) for i, uid in enumerate(command.units))
    if isinstance(command, Activate):
        u = st.unit(command.unit)
        return 3.0 + max(plan.best_now(u))
    act = st.activation
    assert act is not None
    u = st.unit(act.unit)
    if isinstance(command, End):
        return 0.1
    if isinstance(command, Fight):
        return 6.0 + plan.melee_value(u, st.unit(command.target), False, command.weapon) \
            + (0.01 if command.weapon else -1.0)
    if isinstance(command, Charge):
        return 5.8 + plan.melee_value(u, st.unit(command.target), True, command.weapon) \
            + (0.01 if command.weapon else -1.0)
    if isinstance(command, Shoot):
        return 5.0 + plan.shot_value(u, u.weapon(command.weapon), st.unit(command.target))  # type: ignore[arg-type]
    if isinstance(command, ShootAt):
        w = u.weapon(command.weapon)
        assert w is not None
        value = plan.explosion_value(u, w, command.x, command.y)
        return 5.0 + value if value > 0 else 0.05
    if isinstance(command, Blast):
        w = u.weapon(command.weapon)
        assert w is not None
        value = plan.cone_value(u, w, command.angle)
        return 5.0 + value if value > 0 else 0.05
    if isinstance(command, Concentrate):
        if system.engaged(st, u) or not any(w.kind in ("ranged", "explosion", "impact") for w in u.weapons):
            return 0.0
        shooting = plan.best_now(u)[1]
        return 5.05 + shooting if shooting > 0.05 else 0.0
    if isinstance(command, Focus):
        if system.engaged(st, u):
            return 0.0
        return 0.8 if u.lp < u.max_lp else 0.0
    if isinstance(command, Retreat):
        return 2.0 if not u.can_engage else 0.2
    if isinstance(command, Climb):
        return 0.3
    if isinstance(command, Move):
        from game.rules.helldorado.game import direction

        ux, uy = direction(command.angle)
        end_x, end_y = u.x + ux * command.length, u.y + uy * command.length
        shooter = [w for w in u.weapons if w.kind == "ranged"] if u.shs is not None else []
        if shooter and plan.has_target(u, shooter[0]):
            w = shooter[0]
            enemies = st.alive(st.other_side(u.side))
            if not enemies:
                return 0.0
            now = max(plan.shot_value(u, w, e) for e in enemies)
            then = max(plan.shot_value(u, w, e, at=(end_x, end_y)) for e in enemies)
            return 5.0 + then - 0.05 if then > now + 0.05 else 0.2
        now = plan.distance(u, u.x, u.y)
        then = plan.distance(u, end_x, end_y)
        if math.isinf(now) or math.isinf(then):
            return 0.3 if math.isinf(now) else 0.05
        return 1.0 + 3.0 * (now - then) / max(u.mov, 1.0)
    return 0.0
