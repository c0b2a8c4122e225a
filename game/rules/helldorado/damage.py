"""Damage in Helldorado: losses landing all at once (HD-MELEE-13/14), healing (HD-HOUSE-9), and
the dice of a blast against one caught unit (HD-EXPL-8, HD-TMPL-9/11/14)."""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.geometry.cover import cover_bonus
from game.rules.engine import Event
from game.rules.helldorado.dice import count_hits, power_loss
from game.rules.helldorado.events import ev
from game.rules.helldorado.spatial import engaged, in_cover, partners
from game.rules.helldorado.state import HDState, Unit, Weapon
from game.rules.helldorado.table import Table


def apply_losses(st: HDState, losses: dict[str, int], rule: str) -> tuple[HDState, list[Event]]:
    """HD-MELEE-13/14: all the damage lands at once; a unit at 0 LP dies."""
    events: list[Event] = []
    tally = dict(st.tally)
    for uid in sorted(losses):
        loss = losses[uid]
        u = st.unit(uid)
        if loss <= 0 or not u.alive:
            continue
        lp = max(0, u.lp - loss)
        st = st.with_unit(replace(u, lp=lp))
        events.append(ev("hd.wound", [rule, "HD-MELEE-12", "HD-MELEE-15"], uid, loss=loss, lp=lp))
        if lp == 0:
            other = st.other_side(u.side)
            tally[other] = tally.get(other, 0) + u.points
            events.append(ev("hd.death", ["HD-MELEE-14", "HD-RANGED-19", "HD-HOUSE-11"], uid,
                             points=u.points, to=other))
    st = replace(st, tally=tuple((s, tally.get(s, 0)) for s in st.sides))
    return st, events


def heal(state: HDState, u: Unit) -> tuple[HDState, list[Event]]:
    """HD-HOUSE-9: a focus restores ``cfg.focus_heal`` LP, never above the starting LP."""
    lp = min(u.max_lp, u.lp + state.cfg.focus_heal)
    return state.with_unit(replace(u, lp=lp)), [
        ev("hd.heal", ["HD-HOUSE-9"], u.id, gained=lp - u.lp, lp=lp)]


def weapon_table(unit: Unit, weapon_id: str) -> tuple[int, ...]:
    """The damage table of the unit's weapon (an unarmed unit's is 1..5)."""
    w = unit.weapon(weapon_id)
    return w.table if w is not None else (1, 2, 3, 4, 5)


def template_hits(table: Table, state: HDState, shooter: Unit, w: Weapon, uid: str, n: int,
                  under: set[str], cover_counts: bool, dice: Dice,
                  losses: dict[str, int]) -> tuple[list[Event], int]:
    """HD-EXPL-8, HD-TMPL-9/11, HD-TMPL-14: n dice against one caught unit, maybe redirected."""
    faces = dice.roll(n)
    hits = count_hits(faces, w.difficulty)
    unit = state.unit(uid)
    kind = "explosion" if w.kind == "explosion" else w.kind
    rules = {"explosion": ["HD-EXPL-8", "HD-EXPL-9", "HD-EXPL-10"],
             "cloud": ["HD-TMPL-9", "HD-TMPL-6", "HD-TMPL-10"],
             "impact": ["HD-TMPL-11", "HD-TMPL-6", "HD-TMPL-13"]}[kind]
    events = [ev("hd.blast_roll", rules, shooter.id, unit=uid, faces=faces,
                 difficulty=w.difficulty, hits=hits, power=w.power)]
    victim = unit
    if engaged(state, unit):
        die = dice.roll(1)[0]
        outside = sorted(p.id for p in partners(state, unit) if p.id not in under)
        pick = ""
        if die % 2 and outside:
            pick = outside[0] if len(outside) == 1 else outside[dice.roll(1, len(outside))[0] - 1]
            victim = state.unit(pick)
        events.append(ev("hd.redirect", ["HD-TMPL-14"], shooter.id, unit=uid, die=die,
                         outside=tuple(outside), victim=victim.id, moved=bool(pick)))
    bonus = 0
    if cover_counts and in_cover(table, state, shooter.base.eye, victim):
        bonus = cover_bonus(victim.size)
    loss = power_loss(hits, w.power, victim.pr + bonus)
    losses[victim.id] = losses.get(victim.id, 0) + loss
    events.append(ev("hd.blast_damage", rules + ["HD-RANGED-11"] * bool(bonus), shooter.id,
                     unit=victim.id, hits=hits, power=w.power, pr=victim.pr, cover=bonus, loss=loss))
    return events, hits
