"""Melee actions in Helldorado: charging (HD-HOUSE-7, HD-MELEE-16), fighting an enemy the unit
is engaged with (HD-MELEE-2), retreating (HD-MELEE-21), focusing (HD-MELEE-22) and concentrating
(HD-MELEE-20, HD-HOUSE-9). Each that starts an attack sequence runs it (``sequence.py``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.geometry.contact import gap, head_below_base
from game.geometry.sweep import FIGURE, MoveResult
from game.rules.engine import Event
from game.rules.helldorado import sequence
from game.rules.helldorado.checks import active, enemy, free_to_act, illegal, melee_choice, remembered
from game.rules.helldorado.commands import Charge, Concentrate, Fight, Focus, Retreat
from game.rules.helldorado.damage import heal
from game.rules.helldorado.events import ev
from game.rules.helldorado.flow import end_activation
from game.rules.helldorado.movement import moved_some, within_movement
from game.rules.helldorado.spatial import (
    TOL,
    angle_to,
    contact,
    engaged,
    finite,
    partners,
    remaining,
    strikers,
    sweep,
    touches_enemy,
)
from game.rules.helldorado.state import Activation, AttackKind, Exchange, HDState, Reason, Stage, Unit

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


def can_engage(u: Unit) -> None:
    """HD-MELEE-5: a unit without CBT cannot engage."""
    if not u.can_engage:
        raise illegal("HD-MELEE-5", f"{u.name} has no CBT and cannot engage", "hd.melee.no_cbt",
                      unit=u.id)


# ---------------------------------------------------------------------- Charge


@remembered
def _charge_path(system: Helldorado, state: HDState, cmd: Charge
                 ) -> tuple[Unit, Activation, Unit, str, MoveResult]:
    u, act = active(state, cmd.unit)
    target = enemy(state, u, cmd.target, "HD-MELEE-4")
    free_to_act(u, act, "charge")
    can_engage(u)
    if engaged(state, u):
        raise illegal("HD-HOUSE-7", f"{u.name} is already engaged: fight instead",
                      "hd.charge.engaged", unit=u.id)
    if contact(state, u, target):
        raise illegal("HD-HOUSE-7", f"{u.name} already touches {target.name}: fight instead",
                      "hd.charge.touching", unit=u.id, target=target.id)
    weapon = melee_choice(u, cmd.weapon)
    left = remaining(state, u)
    if left <= TOL:
        raise illegal("HD-HOUSE-7", f"{u.name} has no movement left to charge",
                      "hd.charge.no_movement", unit=u.id)
    res = sweep(system.table_of(state), state, u, angle_to(u, target), left)
    touched = {t.id for t in res.touches if t.kind == FIGURE}
    if target.id not in touched:
        if res.stopped:
            raise illegal("HD-HOUSE-7", f"{u.name} cannot charge {target.name}: {res.id} is in the way",
                          "hd.charge.blocked", unit=u.id, target=target.id, blocker=res.id or "")
        raise illegal("HD-HOUSE-7", f"{u.name} cannot charge {target.name}: {target.name} is out "
                      "of reach", "hd.charge.out_of_reach", unit=u.id, target=target.id)
    if head_below_base(u.at(res.x, res.y).base, target.base):
        raise illegal("HD-MELEE-19", f"{target.name} is out of contact: a head is below a base",
                      "hd.melee.head_below_base", target=target.id)
    return u, act, target, weapon, res


def check_charge(system: Helldorado, state: HDState, cmd: Charge) -> None:
    """HD-HOUSE-7: a free unit able to engage moves straight at an enemy it does not touch yet,
    and must reach it before anything else."""
    _charge_path(system, state, cmd)


def resolve_charge(system: Helldorado, state: HDState, cmd: Charge, dice: Dice,
                   events: list[Event]) -> HDState:
    u, act, target, weapon, res = _charge_path(system, state, cmd)
    st = replace(state.with_unit(u.at(res.x, res.y)),
                 activation=replace(act, moved=act.moved + res.distance))
    events.append(ev("hd.charge", ["HD-HOUSE-7", "HD-MELEE-16"], u.id,
                     motion=("slide", u.id, (u.x, u.y), (res.x, res.y)),
                     target=target.id, distance=round(res.distance, 3)))
    ex = Exchange(AttackKind.MELEE, u.id, target.id, reason=Reason.CHARGE,
                  one_sided=not target.can_engage, a_weapon=weapon)
    return sequence.start(system, st, ex, dice, events)


# ---------------------------------------------------------------------- Fight


def _fight_plan(state: HDState, cmd: Fight) -> tuple[Unit, Unit, str]:
    u, act = active(state, cmd.unit)
    target = enemy(state, u, cmd.target, "HD-MELEE-4")
    free_to_act(u, act, "fight")
    can_engage(u)
    if not contact(state, u, target):
        rule = "HD-MELEE-19" if gap(u.base, target.base) <= state.cfg.eps_contact + TOL else "HD-MELEE-2"
        raise illegal(rule, f"{u.name} is not engaged with {target.name}", "hd.fight.not_engaged",
                      unit=u.id, target=target.id)
    return u, target, melee_choice(u, cmd.weapon)


def check_fight(system: Helldorado, state: HDState, cmd: Fight) -> None:
    """HD-MELEE-2: the active unit attacks an enemy it is in contact with."""
    _fight_plan(state, cmd)


def resolve_fight(system: Helldorado, state: HDState, cmd: Fight, dice: Dice,
                  events: list[Event]) -> HDState:
    u, target, weapon = _fight_plan(state, cmd)
    ex = Exchange(AttackKind.MELEE, u.id, target.id, reason=Reason.FIGHT,
                  one_sided=not target.can_engage, a_weapon=weapon)
    return sequence.start(system, state, ex, dice, events)


# ---------------------------------------------------------------------- Retreat


@remembered
def _retreat_path(system: Helldorado, state: HDState, cmd: Retreat
                  ) -> tuple[Unit, list[Unit], MoveResult]:
    u, _act = active(state, cmd.unit)
    if not finite(cmd.angle, cmd.length) or cmd.length <= 0:
        raise illegal("HD-HOUSE-4", "a retreat needs a direction and a positive length",
                      "hd.retreat.no_length")
    foes = strikers(state, u)
    if not foes:
        raise illegal("HD-MELEE-21", f"{u.name} is not engaged: just move", "hd.retreat.not_engaged",
                      unit=u.id)
    within_movement(state, u, cmd.length)
    res = sweep(system.table_of(state), state, u, cmd.angle, cmd.length)
    moved_some(u, res)
    still = touches_enemy(state, u.at(res.x, res.y))
    if still is not None:
        raise illegal("HD-MELEE-21", f"the retreat must end out of contact ({still.name})",
                      "hd.retreat.still_in_contact", unit=still.id)
    return u, foes, res


def check_retreat(system: Helldorado, state: HDState, cmd: Retreat) -> None:
    """HD-MELEE-21: an engaged unit leaves along a straight segment that ends out of contact."""
    _retreat_path(system, state, cmd)


def resolve_retreat(system: Helldorado, state: HDState, cmd: Retreat, dice: Dice,
                    events: list[Event]) -> HDState:
    u, foes, res = _retreat_path(system, state, cmd)
    events.append(ev("hd.retreat", ["HD-MELEE-21", "HD-MELEE-17"], u.id,
                     strikers=tuple(e.id for e in foes), distance=round(res.distance, 3)))
    ex = Exchange(AttackKind.MELEE, "", u.id, reason=Reason.RETREAT, one_sided=True,
                  stage=Stage.ATTACKER, candidates=tuple(sorted(e.id for e in foes)),
                  then_move=(res.x, res.y, u.z, res.distance))
    return sequence.start(system, state, ex, dice, events)


# ---------------------------------------------------------------------- Focus and Concentrate


def check_focus(system: Helldorado, state: HDState, cmd: Focus) -> None:
    """HD-MELEE-22 / HD-HOUSE-9: focusing is the active unit's action."""
    u, act = active(state, cmd.unit)
    free_to_act(u, act, "focus")


def resolve_focus(system: Helldorado, state: HDState, cmd: Focus, dice: Dice,
                  events: list[Event]) -> HDState:
    u = state.unit(cmd.unit)
    foes = strikers(state, u)
    events.append(ev("hd.focus", ["HD-MELEE-22", "HD-HOUSE-9"], u.id,
                     strikers=tuple(e.id for e in foes)))
    if not foes:
        st, more = heal(state, u)
        st, end = end_activation(st)
        events += more + end
        return st
    ex = Exchange(AttackKind.MELEE, "", u.id, reason=Reason.FOCUS, one_sided=True,
                  stage=Stage.ATTACKER, def_penalty=1, candidates=tuple(sorted(e.id for e in foes)))
    return sequence.start(system, state, ex, dice, events)


def check_concentrate(system: Helldorado, state: HDState, cmd: Concentrate) -> None:
    """HD-HOUSE-9: once per activation, not after a retreat (HD-HOUSE-6)."""
    u, act = active(state, cmd.unit)
    free_to_act(u, act, "concentration")
    if act.concentrating:
        raise illegal("HD-HOUSE-9", f"{u.name} is already concentrating", "hd.concentrate.already",
                      unit=u.id)


def resolve_concentrate(system: Helldorado, state: HDState, cmd: Concentrate, dice: Dice,
                        events: list[Event]) -> HDState:
    u, act = active(state, cmd.unit)
    fighting = partners(state, u)
    foes = [e for e in fighting if not e.harmless]
    penalty = bool(foes)
    rules = ["HD-HOUSE-9"] + (["HD-MELEE-20"] if fighting else [])
    events.append(ev("hd.concentrate", rules, u.id, penalty=penalty,
                     against=tuple(e.id for e in foes), aim=state.cfg.aim_bonus))
    return replace(state, activation=replace(act, concentrating=True, concentration_penalty=penalty))
