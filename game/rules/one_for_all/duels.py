"""Duels (OFA-4) and the split of a won duel's hits among the losing group (OFA-5C.1).

Handlers: ``check_duel``/``resolve_duel`` and ``check_allocate_hits``/``resolve_allocate_hits``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.geometry.contact import elevated, friends_in_contact, in_contact
from game.rules.engine import Event, IllegalCommand
from game.rules.one_for_all import checks
from game.rules.one_for_all.activation import after_roll, pass_initiative
from game.rules.one_for_all.commands import AllocateHits, Duel
from game.rules.one_for_all.dice import (
    DuelBonuses,
    HitTable,
    compare,
    defence_dice,
    duel_dice,
    hit_table,
    loses_initiative,
    table_rows,
)
from game.rules.one_for_all.hits import apply_hits, comparison_event
from game.rules.one_for_all.state import OFAState, PendingAllocation

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll


# ------------------------------------------------------------------ Duel
def check_duel(system: OneForAll, state: OFAState, cmd: Duel) -> None:
    """OFA-4.2: the active figure, armed (OFA-5D.6), challenges an enemy in base contact."""
    checks.no_pending(state)
    fig, act = checks.active(state, cmd.figure)
    defender = checks.enemy(state, fig, cmd.defender, "OFA-4.2")
    if act.contact and act.contact != defender.id:
        raise IllegalCommand("OFA-2B.2", f"{fig.name} ran into {act.contact}: duel only with that",
                             key="ofa.duel.in_contact", params={"figure": fig.id, "contact": act.contact})
    if fig.markers.unarmed:
        raise IllegalCommand("OFA-5D.6", f"{fig.name} has dropped its weapon and cannot challenge",
                             key="ofa.duel.unarmed", params={"figure": fig.id})
    if not in_contact(fig.base, defender.base, eps_contact=state.cfg.eps_contact):
        raise IllegalCommand("OFA-4.2", f"{fig.name} is not in contact with {defender.name}",
                             key="ofa.duel.not_in_contact", params={"figure": fig.id, "defender": defender.id})


def resolve_duel(system: OneForAll, state: OFAState, cmd: Duel, dice: Dice, events: list[Event]) -> OFAState:
    """OFA-4.3/4.4/4A: pool plus rating plus bonuses against rating plus bonuses; the loser takes
    the hits on the duelling table, split among the defender's group when it has friends in
    contact (OFA-4.7)."""
    fig, defender = state.figure(cmd.figure), state.figure(cmd.defender)
    act = state.activation
    assert act is not None
    cfg = state.cfg
    friends = [f.base for f in state.figures if f.side == fig.side and f.conscious and f.id != fig.id]
    enemies = [f.base for f in state.figures if f.side == defender.side and f.conscious and f.id != defender.id]
    momentum = act.momentum_ready and cfg.momentum
    a_bonus = DuelBonuses(
        elevation=elevated(fig.base, defender.base, elev_min=cfg.elev_min),
        supporting_friends=len(friends_in_contact(defender.base, friends, eps_contact=cfg.eps_contact)),
        opponent_unarmed=defender.markers.unarmed, momentum=momentum)
    support = friends_in_contact(fig.base, enemies, eps_contact=cfg.eps_contact)
    d_bonus = DuelBonuses(elevation=elevated(defender.base, fig.base, elev_min=cfg.elev_min),
                          supporting_friends=len(support))
    n_a = duel_dice(act.pool, fig.rating, a_bonus, fig.markers.stunned, min_dice=cfg.min_dice)
    n_d = defence_dice(defender.rating, d_bonus, defender.markers.stunned, min_dice=cfg.min_dice)
    a_faces = dice.roll(n_a)
    d_faces = dice.roll(n_d)
    cmp = compare(a_faces, d_faces, duel=True, tie_hits=cfg.tie_hits)
    rules = ["OFA-4.2", "OFA-4.3", "OFA-4.4", "OFA-4A.1", "OFA-4A.2", "OFA-4A.3", cmp.rule]
    if momentum:
        rules.append("OFA-7.2")
    event = comparison_event("ofa.duel", fig.id, defender.id, cmp, rules)
    event = replace(event, values=tuple(sorted({**event.data, "attacker_dice": n_a, "defender_dice": n_d,
                                                "attacker_bonus": a_bonus.dice, "defender_bonus": d_bonus.dice,
                                                "pool": act.pool}.items())))
    events.append(event)
    st = replace(state, activation=replace(act, contact="", momentum_ready=False, dodged=""))
    check = loses_initiative(a_faces, cfg, st.counters)
    group = (defender.id, *support)  # OFA-4.7: the defender and its friends touching the challenger
    if cmp.hits_to_defender:
        table = hit_table(duel=True, winner_unarmed=fig.markers.unarmed)
        if len(group) > 1:
            pending = PendingAllocation(fig.id, cmp.hits_to_defender, tuple(group), table.value,
                                        check.initiative_lost, check.activation_ends, check.counters)
            events.append(Event.of("ofa.allocate", ["OFA-5C.1", "OFA-4.7", "OFA-AMB-5"], fig.id,
                                   hits=cmp.hits_to_defender, candidates=tuple(group)))
            return replace(st, pending=pending)
        st, more = apply_hits(system, st, defender.id, table_rows(table, cmp.hits_to_defender), table,
                              (fig.x, fig.y), None)
        events += more
    elif cmp.hits_to_attacker:
        table = hit_table(duel=True, winner_unarmed=defender.markers.unarmed)
        st, more = apply_hits(system, st, fig.id, table_rows(table, cmp.hits_to_attacker), table,
                              (defender.x, defender.y), None)
        events += more
    st, more = after_roll(st, fig.id, a_faces)
    events += more
    return st


# ------------------------------------------------------------------ AllocateHits
def check_allocate_hits(system: OneForAll, state: OFAState, cmd: AllocateHits) -> None:
    """OFA-5C.1: every hit to one of the losing group, none negative, one share each."""
    pending = state.pending
    if pending is None:
        raise IllegalCommand("OFA-5C.1", "there are no hits to split", key="ofa.allocate.nothing_to_split")
    if len(cmd.shares) != len(pending.candidates) or any(s < 0 for s in cmd.shares) \
            or sum(cmd.shares) != pending.hits:
        raise IllegalCommand("OFA-5C.1", f"split all {pending.hits} hits among "
                             f"{', '.join(pending.candidates)} (one share each, none negative)",
                             key="ofa.allocate.bad_split",
                             params={"hits": pending.hits, "candidates": pending.candidates})


def resolve_allocate_hits(system: OneForAll, state: OFAState, cmd: AllocateHits, dice: Dice,
                     events: list[Event]) -> OFAState:
    """The shares in the pending order, then the duel roll's own end (OFA-3A.2)."""
    pending = state.pending
    assert pending is not None
    table = HitTable(pending.table)
    winner = state.figure(pending.winner)
    st = replace(state, pending=None)
    events.append(Event.of("ofa.allocated", ["OFA-5C.1"], winner.id,
                           shares=tuple(zip(pending.candidates, cmd.shares, strict=True))))
    for cand, share in zip(pending.candidates, cmd.shares, strict=True):
        if share and st.figure(cand).conscious:
            st, more = apply_hits(system, st, cand, table_rows(table, share), table, (winner.x, winner.y), None)
            events += more
    # the initiative check of the duel roll, now that its hits are applied (OFA-3A.2)
    for side in st.sides:
        if not st.conscious(side):
            w = st.other_side(side)
            events.append(Event.of("ofa.game_over", ["OFA-1.3"], "", winner=w))
            return replace(st, winner=w, activation=None)
    if pending.initiative_lost:
        st = pass_initiative(st)
        events.append(Event.of("ofa.initiative_lost", ["OFA-3A.1", "OFA-3A.3"], winner.id, to=st.initiative))
    elif pending.activation_ends:
        st = replace(st, activation=None, counters=pending.counters, last_failed=winner.id)
    else:
        st = replace(st, counters=pending.counters)
    return st
