"""Refusals that several Helldorado handlers share: the unit named, the active unit, the enemy,
the weapon. Each raises ``IllegalCommand`` with the rule ID, an English reason and a message key
with the ids and numbers the reason names (``refusals.py`` words it; the screen shows it in the
reader's language through ``game.rules.engine.words``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from game.rules.engine import IllegalCommand
from game.rules.helldorado.state import Activation, HDState, Unit, Weapon

R = TypeVar("R")


def remembered(work_out: Callable[[Any, HDState, Any], R]) -> Callable[[Any, HDState, Any], R]:
    """``work_out(system, state, command)`` (a check that also finds what the resolution needs:
    a path, a target) done once for the last command it accepted: ``apply`` checks, then
    resolves with the same answer instead of sweeping twice. A refusal is never remembered."""
    last: list[tuple[Any, HDState, Any, R]] = []

    @wraps(work_out)
    def once(system: Any, state: HDState, command: Any) -> R:
        if last and last[0][0] is system and last[0][1] is state and last[0][2] == command:
            return last[0][3]
        found = work_out(system, state, command)
        last[:] = [(system, state, command, found)]
        return found

    return once


def illegal(rule: str, reason: str, key: str, **params: Any) -> IllegalCommand:
    """The refusal to raise: ``raise illegal("HD-HOUSE-4", "...", "hd.move.short", unit=...)``."""
    return IllegalCommand(rule, reason, key=key, params=params)


def living(state: HDState, unit_id: str, rule: str = "HD-HOUSE-3") -> Unit:
    """The unit ``unit_id``, which must exist (else ``rule``) and be alive (HD-MELEE-14)."""
    try:
        u = state.unit(unit_id)
    except KeyError:
        raise illegal(rule, f"there is no unit {unit_id!r}", "hd.unit.unknown", unit=unit_id) from None
    if not u.alive:
        raise illegal("HD-MELEE-14", f"{u.name} is dead", "hd.unit.dead", unit=u.id)
    return u


def active(state: HDState, unit_id: str) -> tuple[Unit, Activation]:
    """HD-HOUSE-3: ``unit_id`` must be the unit acting now."""
    act = state.activation
    if act is None or act.unit != unit_id:
        if act is None:
            raise illegal("HD-HOUSE-3", f"{unit_id} is not the active unit (no unit is)",
                          "hd.unit.not_active_none", unit=unit_id)
        raise illegal("HD-HOUSE-3", f"{unit_id} is not the active unit ({act.unit} is)",
                      "hd.unit.not_active", unit=unit_id, active=act.unit)
    return state.unit(unit_id), act


def enemy(state: HDState, unit: Unit, target_id: str, friend_rule: str) -> Unit:
    """A living enemy of ``unit``; a friend is refused with ``friend_rule``."""
    target = living(state, target_id)
    if target.side == unit.side:
        raise illegal(friend_rule, f"{target.name} is on {unit.name}'s side", "hd.target.friend",
                      target=target.id, unit=unit.id)
    return target


def free_to_act(unit: Unit, act: Activation, what: str) -> None:
    """HD-HOUSE-6: a unit that retreated this activation takes no action."""
    if act.retreated:
        raise illegal("HD-HOUSE-6", f"{unit.name} retreated this activation: no {what} now",
                      "hd.action.after_retreat", unit=unit.id, action=what)


def weapon_of(unit: Unit, weapon_id: str, kinds: tuple[str, ...], rule: str) -> Weapon:
    """The unit's weapon ``weapon_id``, of one of ``kinds``."""
    w = unit.weapon(weapon_id)
    if w is None:
        raise illegal(rule, f"{unit.name} has no weapon {weapon_id!r}", "hd.weapon.unknown",
                      unit=unit.id, weapon=weapon_id)
    if w.kind not in kinds:
        raise illegal(rule, f"{w.name} is a {w.kind} weapon, not {' or '.join(kinds)}",
                      "hd.weapon.wrong_kind", weapon=w.id, kind=w.kind, kinds=tuple(kinds))
    return w


def melee_choice(unit: Unit, weapon_id: str) -> str:
    """HD-MELEE-24: a declared melee weapon, or "" to leave the table to the opponent."""
    if weapon_id:
        return weapon_of(unit, weapon_id, ("melee",), "HD-MELEE-24").id
    return ""
