"""Orders and choices during an attack sequence: the Vae Victis order (HD-MELEE-1, HD-HOUSE-10)
and the answers to a pending choice (HD-HOUSE-13): a weapon or a table (HD-MELEE-24), the striker
(HD-MELEE-21/22), re-rolls (HD-MELEE-9), hits used (HD-MELEE-11), a chain's order (HD-TMPL-12).
Each answer runs the sequence on (``sequence.py``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.helldorado import sequence
from game.rules.helldorado.checks import illegal, living
from game.rules.helldorado.commands import OrderChain, PickAttacker, PickWeapon, Reroll, UseHits, VaeVictis
from game.rules.helldorado.dice import Roll
from game.rules.helldorado.events import ev
from game.rules.helldorado.state import AttackKind, Choice, Exchange, HDState, Pending, Stage

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


def _pending(state: HDState) -> tuple[Pending, Exchange]:
    """The choice waiting and its sequence (``Helldorado.check`` lets an answer through only
    while a choice waits, and a choice always belongs to a sequence)."""
    p, ex = state.pending, state.exchange
    assert p is not None and ex is not None
    return p, ex


def answer(state: HDState, kind: Choice) -> tuple[Pending, Exchange]:
    """HD-HOUSE-13: the choice waiting must be of this kind."""
    p, ex = _pending(state)
    if p.kind != kind:
        raise illegal("HD-HOUSE-13", f"the choice now is a {p.kind!r} one, not {kind!r}",
                      "hd.choice.other_kind", now=str(p.kind), asked=str(kind))
    return p, ex


def go_on(system: Helldorado, state: HDState, ex: Exchange, dice: Dice,
          events: list[Event]) -> HDState:
    """The choice is made: the sequence runs on from ``ex``."""
    st, more = sequence.run(system, replace(state, exchange=ex, pending=None), dice)
    events += more
    return st


# ---------------------------------------------------------------------- Vae Victis


def _vae_for(state: HDState, cmd: VaeVictis) -> tuple[str, Exchange]:
    """The side giving the order and the sequence with it given."""
    u = living(state, cmd.unit, "HD-MELEE-1")
    ex = state.exchange
    if ex is None or state.pending is None:
        raise illegal("HD-MELEE-1", "Vae Victis is given during an attack sequence", "hd.vae.no_sequence")
    if ex.kind == AttackKind.EXPLOSION:
        raise illegal("HD-EXPL-11", "Vae Victis cannot be used during an explosion", "hd.vae.explosion")
    if ex.kind == AttackKind.IMPACT:
        raise illegal("HD-TMPL-7", "Vae Victis cannot be used during a template attack",
                      "hd.vae.template")
    if state.vae(u.side) <= 0:
        raise illegal("HD-HOUSE-10", f"{u.side} has no Vae Victis left", "hd.vae.none_left", side=u.side)
    if u.id == ex.attacker and ex.attacker:
        if ex.a_vae:
            raise illegal("HD-HOUSE-10", "already given for this unit", "hd.vae.already")
        return u.side, replace(ex, a_vae=True)
    if u.id == ex.defender and not ex.one_sided:
        if ex.d_vae:
            raise illegal("HD-HOUSE-10", "already given for this unit", "hd.vae.already")
        return u.side, replace(ex, d_vae=True)
    raise illegal("HD-HOUSE-10", f"{u.name} does not strike in this attack sequence",
                  "hd.vae.not_striking", unit=u.id)


def check_vae_victis(system: Helldorado, state: HDState, cmd: VaeVictis) -> None:
    """HD-HOUSE-10: once a game per side, while a melee or a shot waits on a choice, for a unit
    that rolls dice in it."""
    _vae_for(state, cmd)


def resolve_vae_victis(system: Helldorado, state: HDState, cmd: VaeVictis, dice: Dice,
                       events: list[Event]) -> HDState:
    side, ex = _vae_for(state, cmd)
    left = tuple((s, n - 1 if s == side else n) for s, n in state.vae_left)
    events.append(ev("hd.vae_victis", ["HD-MELEE-1", "HD-HOUSE-10"], cmd.unit, side=side))
    return replace(state, exchange=ex, vae_left=left)


# ---------------------------------------------------------------------- PickWeapon


def check_pick_weapon(system: Helldorado, state: HDState, cmd: PickWeapon) -> None:
    """HD-MELEE-24: one of the weapons (or tables) offered."""
    p, _ex = _pending(state)
    if p.kind not in (Choice.DECLARE, Choice.TABLE):
        raise illegal("HD-HOUSE-13", f"the choice now is a {p.kind!r} one, not a weapon",
                      "hd.choice.not_weapon", now=str(p.kind))
    if cmd.weapon not in p.options:
        options = ", ".join(o or "(none)" for o in p.options)
        raise illegal("HD-MELEE-24", f"choose one of {options}", "hd.choice.weapon", options=tuple(p.options))


def resolve_pick_weapon(system: Helldorado, state: HDState, cmd: PickWeapon, dice: Dice,
                        events: list[Event]) -> HDState:
    p, ex = _pending(state)
    if p.kind == Choice.DECLARE and cmd.weapon == "":
        # HD-MELEE-24: nothing declared, so the opponent picks the table
        opts = tuple(w.id for w in state.unit(p.unit).melee_tables)
        other = state.other_side(p.side)
        events.append(ev("hd.weapon", ["HD-MELEE-24"], p.unit, weapon="", how="undeclared"))
        return replace(state, pending=Pending(Choice.TABLE, other, p.unit, opts))
    who = "declared" if p.kind == Choice.DECLARE else "chosen by the opponent"
    ex = replace(ex, a_weapon=cmd.weapon) if p.unit == ex.attacker else replace(ex, d_weapon=cmd.weapon)
    events.append(ev("hd.weapon", ["HD-MELEE-24"], p.unit, weapon=cmd.weapon, how=who))
    return go_on(system, state, ex, dice, events)


# ---------------------------------------------------------------------- PickAttacker


def check_pick_attacker(system: Helldorado, state: HDState, cmd: PickAttacker) -> None:
    """HD-MELEE-21/22: one of the engaged enemies offered."""
    p, _ex = answer(state, Choice.ATTACKER)
    if cmd.unit not in p.options:
        raise illegal("HD-MELEE-21", f"the attacker is one of {', '.join(p.options)}",
                      "hd.choice.attacker", options=tuple(p.options))


def resolve_pick_attacker(system: Helldorado, state: HDState, cmd: PickAttacker, dice: Dice,
                          events: list[Event]) -> HDState:
    p, ex = _pending(state)
    ex = replace(ex, attacker=cmd.unit, stage=Stage.WEAPONS)
    events.append(ev("hd.striker", ["HD-MELEE-21", "HD-MELEE-22"], cmd.unit, target=ex.defender,
                     chosen_by=p.side))
    return go_on(system, state, ex, dice, events)


# ---------------------------------------------------------------------- Reroll


def check_reroll(system: Helldorado, state: HDState, cmd: Reroll) -> None:
    """HD-MELEE-9: misses of the roll, each once, no more than the re-rolls the pool gives."""
    p, ex = answer(state, Choice.REROLL)
    why, key, params = _roll_of(p, ex)[1].refusal(tuple(int(i) for i in cmd.dice))
    if why:
        raise illegal("HD-MELEE-9", why, key, **params)


def _roll_of(p: Pending, ex: Exchange) -> tuple[bool, Roll]:
    """Whose roll the re-roll choice is about: (the attacker's?, the roll)."""
    attacker_side = p.unit == ex.attacker and ex.stage == Stage.REROLL_A
    roll = ex.a_roll if attacker_side else ex.d_roll
    assert roll is not None
    return attacker_side, roll


def resolve_reroll(system: Helldorado, state: HDState, cmd: Reroll, dice: Dice,
                   events: list[Event]) -> HDState:
    p, ex = _pending(state)
    attacker_side, roll = _roll_of(p, ex)
    indices = tuple(int(i) for i in cmd.dice)
    new = roll.with_rerolls(indices, dice.roll(len(indices)))
    ex = replace(ex, a_roll=new) if attacker_side else replace(ex, d_roll=new)
    ex = replace(ex, stage=Stage.REROLL_D if attacker_side else sequence.after_rerolls(ex))
    events.append(sequence.reroll_event(p.unit, roll, new))
    return go_on(system, state, ex, dice, events)


# ---------------------------------------------------------------------- UseHits


def check_use_hits(system: Helldorado, state: HDState, cmd: UseHits) -> None:
    """HD-MELEE-11: between 0 and the hits rolled."""
    p, _ex = answer(state, Choice.HITS)
    if str(cmd.hits) not in p.options:
        raise illegal("HD-MELEE-11", f"use between 0 and {p.options[-1]} hits", "hd.choice.hits",
                      most=p.options[-1])


def resolve_use_hits(system: Helldorado, state: HDState, cmd: UseHits, dice: Dice,
                     events: list[Event]) -> HDState:
    p, ex = _pending(state)
    if ex.stage == Stage.HITS_A:
        ex = replace(ex, a_used=cmd.hits, stage=Stage.HITS_D)
    else:
        ex = replace(ex, d_used=cmd.hits, stage=Stage.DAMAGE)
    events.append(ev("hd.reduce", ["HD-MELEE-11"], p.unit, used=cmd.hits, hits=int(p.options[-1])))
    return go_on(system, state, ex, dice, events)


# ---------------------------------------------------------------------- OrderChain


def check_order_chain(system: Helldorado, state: HDState, cmd: OrderChain) -> None:
    """HD-TMPL-12: exactly the equally near units offered, in any order."""
    p, _ex = answer(state, Choice.ORDER)
    if sorted(cmd.units) != sorted(p.options) or len(cmd.units) != len(p.options):
        raise illegal("HD-TMPL-12", f"order exactly these units: {', '.join(p.options)}",
                      "hd.choice.order", units=tuple(p.options))


def resolve_order_chain(system: Helldorado, state: HDState, cmd: OrderChain, dice: Dice,
                        events: list[Event]) -> HDState:
    p, ex = _pending(state)
    groups: list[tuple[str, ...]] = []
    for g in ex.groups:
        if tuple(g) == p.options:
            groups += [(i,) for i in cmd.units]
        else:
            groups.append(g)
    ex = replace(ex, groups=tuple(groups))
    events.append(ev("hd.order", ["HD-TMPL-12"], ex.attacker, order=tuple(cmd.units)))
    return go_on(system, state, ex, dice, events)
