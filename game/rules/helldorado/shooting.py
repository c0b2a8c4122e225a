"""Shooting in Helldorado: a ranged weapon at a unit (``Shoot``, HD-RANGED-1..25) and an
explosion weapon at a point (``ShootAt``, HD-EXPL-1..4). The check finds the target, its range
band and the legal targets; the resolution starts the attack sequence (``sequence.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.geometry.bases import edge_distance
from game.geometry.measure import LegalTargets, RangeBand, distance_to_point, fight_on_line_of_fire, range_band
from game.rules.engine import Event
from game.rules.helldorado import sequence
from game.rules.helldorado.checks import active, enemy, free_to_act, illegal, remembered, weapon_of
from game.rules.helldorado.commands import Shoot, ShootAt
from game.rules.helldorado.events import ev
from game.rules.helldorado.spatial import engaged, finite, partners, shot_targets
from game.rules.helldorado.state import Activation, AttackKind, Exchange, HDState, Reason, Stage, Unit, Weapon

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


def may_shoot(state: HDState, u: Unit, act: Activation) -> None:
    """HD-HOUSE-6, HD-RANGED-16, HD-HOUSE-8: not after a retreat, with an SHS, not engaged."""
    free_to_act(u, act, "shooting")
    if u.shs is None:
        raise illegal("HD-RANGED-16", f"{u.name} has no SHS and cannot shoot", "hd.shoot.no_shs",
                      unit=u.id)
    if engaged(state, u):
        raise illegal("HD-HOUSE-8", f"{u.name} is engaged and cannot shoot", "hd.shoot.engaged",
                      unit=u.id)


# ---------------------------------------------------------------------- Shoot


@remembered
def _aim(system: Helldorado, state: HDState, cmd: Shoot
         ) -> tuple[Unit, Weapon, Unit, float, RangeBand, LegalTargets]:
    u, act = active(state, cmd.unit)
    may_shoot(state, u, act)
    w = weapon_of(u, cmd.weapon, ("ranged",), "HD-MELEE-24")
    target = enemy(state, u, cmd.target, "HD-RANGED-6")
    table = system.table_of(state)
    if not table.sees(u.base, target.base):
        raise illegal("HD-RANGED-8", f"{u.name} cannot see {target.name} behind the terrain",
                      "hd.shoot.unseen", unit=u.id, target=target.id)
    d = edge_distance(u.base, target.base)
    band = range_band(d, w.range, long_band_open=state.cfg.long_band_open)
    if not band.shootable:
        raise illegal("HD-RANGED-15", f"{target.name} is {d:.2f} f away, beyond 4 x Range",
                      "hd.shoot.out_of_range", target=target.id, distance=round(d, 2))
    legal = shot_targets(table, state, u, w)
    if target.id not in legal:
        if not legal.ids:
            raise illegal("HD-RANGED-2", f"{u.name} must shoot the nearest enemy (none)",
                          "hd.shoot.no_target", unit=u.id)
        raise illegal("HD-RANGED-2", f"{u.name} must shoot the nearest enemy "
                      f"({', '.join(legal.ids)})", "hd.shoot.not_nearest",
                      unit=u.id, targets=tuple(legal.ids))
    return u, w, target, d, band, legal


def check_shoot(system: Helldorado, state: HDState, cmd: Shoot) -> None:
    """HD-RANGED-2..15: a free shooter, its ranged weapon, a seen enemy within 4 x Range that is
    one of the legal targets."""
    _aim(system, state, cmd)


def resolve_shoot(system: Helldorado, state: HDState, cmd: Shoot, dice: Dice,
                  events: list[Event]) -> HDState:
    u, w, target, d, band, legal = _aim(system, state, cmd)
    cfg = state.cfg
    range_diff = int(band.difficulty or 7)
    rules = ["HD-RANGED-1", "HD-RANGED-2", "HD-RANGED-7", "HD-RANGED-12", "HD-RANGED-14",
             "HD-RANGED-15"]
    fighting = partners(state, target)
    over: tuple[str, ...] = ()
    if engaged(state, target):
        victims = tuple(sorted(p.id for p in fighting))
        diff = max([range_diff, target.defence] + [p.defence for p in fighting])
        parity = True
        rules += ["HD-RANGED-20", "HD-RANGED-21"]
    else:
        fighters = [o for o in state.alive() if o.id not in (u.id, target.id) and partners(state, o)]
        bases = [o.base for o in fighters]
        on_line = fight_on_line_of_fire(u.base, target.base, bases, eps=cfg.eps)
        in_way = fight_on_line_of_fire(u.base, target.base, bases, eye=u.base.eye, eps=cfg.eps)
        over = tuple(i for i in on_line if i not in in_way)
        if over:
            rules.append("HD-RANGED-25")
        if in_way:
            victims = tuple(sorted(in_way))
            diff = max([range_diff, target.defence] + [state.unit(i).defence for i in in_way])
            parity = True
            rules += ["HD-RANGED-24", "HD-RANGED-21"]
        else:
            victims, parity = (), False
            diff = max(range_diff, target.defence)
    passed: list[tuple[str, str]] = []
    for other in legal.ids[: legal.ids.index(target.id)]:
        why = "engaged" if engaged(state, state.unit(other)) else "cover"
        passed.append((other, why))
        rules.append("HD-RANGED-4" if why == "engaged" else "HD-RANGED-3")
    nearer = [e.id for e in state.alive(target.side)
              if edge_distance(u.base, e.base) < d - cfg.eps and e.id not in legal.ids]
    if nearer:
        rules += ["HD-RANGED-5", "HD-RANGED-8"]
    events.append(ev("hd.shot", rules, u.id, target=target.id, weapon=w.id, distance=round(d, 3),
                     band=band.name, range_diff=range_diff, defence=target.defence, diff=diff,
                     parity=parity, victims=victims, over=over, legal=legal.ids,
                     passed=tuple(passed), unseen=tuple(nearer)))
    ex = Exchange(AttackKind.SHOT, u.id, target.id, reason=Reason.SHOT, one_sided=True, a_weapon=w.id,
                  stage=Stage.ROLL, diff=diff, range_diff=range_diff, distance=d, band=band.name,
                  parity=parity, victims=victims)
    return sequence.start(system, state, ex, dice, events)


# ---------------------------------------------------------------------- ShootAt


@remembered
def _aim_at(system: Helldorado, state: HDState, cmd: ShootAt
            ) -> tuple[Unit, Weapon, tuple[float, float, float], float, RangeBand]:
    u, act = active(state, cmd.unit)
    may_shoot(state, u, act)
    w = weapon_of(u, cmd.weapon, ("explosion",), "HD-EXPL-7")
    if not finite(cmd.x, cmd.y):
        raise illegal("HD-EXPL-1", "the point must be a place on the table", "hd.explode.no_point")
    table = system.table_of(state)
    if not table.on_table(cmd.x, cmd.y):
        raise illegal("HD-EXPL-1", "the point must be on the table", "hd.explode.off_table")
    z = table.standing_level(cmd.x, cmd.y)
    point = (float(cmd.x), float(cmd.y), float(z))
    if not table.point_clear(u.base.eye, point):
        raise illegal("HD-EXPL-1", f"{u.name} has no clear line of fire to the point",
                      "hd.explode.no_line_of_fire", unit=u.id)
    d = distance_to_point(u.base, point)
    band = range_band(d, w.range, long_band_open=state.cfg.long_band_open)
    if not band.shootable:
        raise illegal("HD-RANGED-15", f"the point is {d:.2f} f away, beyond 4 x Range",
                      "hd.explode.out_of_range", distance=round(d, 2))
    return u, w, point, d, band


def check_shoot_at(system: Helldorado, state: HDState, cmd: ShootAt) -> None:
    """HD-EXPL-1: a free shooter fires its explosion weapon at a point on the table it has a
    clear line of fire to, within 4 x Range."""
    _aim_at(system, state, cmd)


def resolve_shoot_at(system: Helldorado, state: HDState, cmd: ShootAt, dice: Dice,
                     events: list[Event]) -> HDState:
    u, w, point, d, band = _aim_at(system, state, cmd)
    diff = int(band.difficulty or 7)
    events.append(ev("hd.aim", ["HD-EXPL-1", "HD-EXPL-2", "HD-EXPL-4", "HD-RANGED-15"], u.id,
                     weapon=w.id, point=tuple(round(c, 3) for c in point), distance=round(d, 3),
                     band=band.name, diff=diff))
    ex = Exchange(AttackKind.EXPLOSION, u.id, reason=Reason.EXPLOSION, one_sided=True, a_weapon=w.id,
                  stage=Stage.ROLL, diff=diff, range_diff=diff, distance=d, band=band.name, point=point)
    return sequence.start(system, state, ex, dice, events)
