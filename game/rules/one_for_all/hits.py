"""Attacks and their hits (OFA-3B, OFA-3C, OFA-5): a swashbuckling attack's opposed roll, the
rows of a hit table in order, and the push-backs they cause (OFA-5D.1/5D.2).

No handler here: the actions and the duels resolve their hits with these.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.physics.knockback import push_back
from game.rules.engine import Event
from game.rules.one_for_all.dice import (
    Comparison,
    HitTable,
    Result,
    compare,
    more_rows,
    start_hits,
    swashbuckling_target_dice,
    table_rows,
)
from game.rules.one_for_all.space import direction
from game.rules.one_for_all.state import Figure, OFAState, Prop
from game.rules.one_for_all.table import Table

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll


def swashbuckling_attack(system: OneForAll, state: OFAState, attacker_id: str, target_id: str,
                         faces: tuple[int, ...], dice: Dice, *, source: tuple[float, float] | None,
                         travel: tuple[float, float] | None, object_bonus: int
                         ) -> tuple[OFAState, list[Event]]:
    """OFA-3B.1: the pool's faces against the target's rating dice; hits on the swashbuckling table."""
    target = state.figure(target_id)
    n = swashbuckling_target_dice(target.rating, target.markers.stunned, min_dice=state.cfg.min_dice)
    defence = dice.roll(n)
    cmp = compare(faces, defence, duel=False, tie_hits=state.cfg.tie_hits)
    events = [comparison_event("ofa.attack", attacker_id, target_id, cmp,
                               ["OFA-3.4", "OFA-3B.1", "OFA-3C.1", cmp.rule] +
                               (["OFA-3C.3"] if faces.count(6) > 1 or defence.count(6) > 1 else []))]
    hits = cmp.hits_to_defender
    if hits == 0:
        return state, events
    bonus = object_bonus if hits else 0
    rows = table_rows(HitTable.SWASHBUCKLING, hits + bonus)
    if bonus:
        events.append(Event.of("ofa.damage_bonus", ["OFA-7.1"], attacker_id, target=target_id, extra=bonus))
    origin = source or (state.figure(attacker_id).x, state.figure(attacker_id).y)
    state, more = apply_hits(system, state, target_id, rows, HitTable.SWASHBUCKLING, origin, travel)
    return state, events + more


def comparison_event(kind: str, attacker: str, defender: str, cmp: Comparison, rules: list[str]) -> Event:
    return Event.of(kind, rules, attacker, defender=defender, attacker_faces=cmp.attacker_faces,
                    defender_faces=cmp.defender_faces, attacker_score=cmp.attacker_score,
                    defender_score=cmp.defender_score, winner=cmp.winner.value,
                    hits_to_defender=cmp.hits_to_defender, hits_to_attacker=cmp.hits_to_attacker)


def apply_hits(system: OneForAll, state: OFAState, target_id: str, rows: tuple[Result, ...], table: HitTable,
               source: tuple[float, float], travel: tuple[float, float] | None) -> tuple[OFAState, list[Event]]:
    """OFA-5.4: rows in order; push-backs move the figure before the later rows apply."""
    target = state.figure(target_id)
    res = start_hits(target.markers, rows)
    events: list[Event] = []
    last_dir = direction(source, (target.x, target.y)) or travel or (1.0, 0.0)
    while res.pending_push is not None:
        target = state.figure(target_id)
        state, push_ev, blocked, fall_rows = _push(system, state, target, source, travel, table, len(res.rows))
        events.append(push_ev)
        last_dir = push_ev.data.get("direction", last_dir)
        res = res.resolve_push(blocked=blocked, extra_rows=fall_rows)
    target = state.figure(target_id)
    updated = replace(target, markers=res.markers)
    if res.markers.unconscious and target.conscious:
        updated = replace(updated, fallen=(float(last_dir[0]), float(last_dir[1])), hanging_on="", carrying="")
        if target.carrying:
            base_solid = system.table_for_state(state).solid(target.carrying)
            c = base_solid.footprint.centroid
            state = state.with_prop(Prop(target.carrying, target.x - c.x, target.y - c.y, ""))
    state = state.with_figure(updated)
    events.append(Event.of("ofa.hits", ["OFA-5.1", "OFA-5.4", table.rule], target_id,
                           table=table.value, rows=tuple(r.value for r in rows),
                           steps=tuple((s.row, s.effect.value, s.rule) for s in res.steps),
                           stunned=res.markers.stunned, unarmed=res.markers.unarmed,
                           wounds=res.markers.wounds))
    if res.markers.unconscious and target.conscious:
        events.append(Event.of("ofa.down", ["OFA-5D.12", "OFA-5.3"], target_id))
    return state, events


def _push(system: OneForAll, state: OFAState, target: Figure, source: tuple[float, float],
          travel: tuple[float, float] | None, table: HitTable, rows_so_far: int
          ) -> tuple[OFAState, Event, bool, tuple[Result, ...]]:
    """OFA-5D.1/5D.2: straight back until touching; blocked within eps_block counts as Stunned."""
    cfg = state.cfg
    out = push_back(target.base, source, system.index(state), Table.bases(state, target.id),
                    travel_dir=travel, direction=travel, push_edge=cfg.push_edge,
                    eps_block=cfg.eps_block, step=cfg.step)
    rules = list(out.rule_ids) + ["OFA-AMB-4"]
    fall_rows: tuple[Result, ...] = ()
    if out.fell and cfg.object_damage_bonus and out.fall_bonus:
        fall_rows = more_rows(table, rows_so_far, out.fall_bonus)
    ev = Event.of("ofa.push", rules, target.id,
                  motion=() if out.blocked else ("slide", target.id, out.start, out.end),
                  direction=out.direction, distance=round(out.distance, 3), blocked=out.blocked,
                  touched=out.touched_id or "", touched_kind=out.touched_kind or "",
                  fell=round(out.drop, 3))
    if out.blocked:
        return state, ev, True, ()
    moved = replace(target.at(out.end[0], out.end[1], out.z_end), hanging_on="")
    return state.with_figure(moved), ev, False, fall_rows
