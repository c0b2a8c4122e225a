"""The initiative order of a tile (MM-ROUND-1..6): who is in it, how it is rolled, who joins it
and who leaves it. Entities are mouse ids and minion groups (``minions:<kind>``), or single
minions under ``minion_initiative: per_figure``.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.mice_and_mystics.state import Minion, MMState

GROUP_PREFIX = "minions:"

#: the order as rolled, each entity's first roll, and the rolls of each tie-break
Rolled = tuple[list[str], dict[str, int], list[tuple[tuple[str, int], ...]]]


def is_group(entity: str) -> bool:
    return entity.startswith(GROUP_PREFIX)


def members(state: MMState, entity: str) -> list[Minion]:
    """The minions on the party's tile that act as ``entity``."""
    if is_group(entity):
        kind = entity[len(GROUP_PREFIX):]
        return [n for n in state.minions if n.kind == kind and n.tile == state.tile]
    if state.has_minion(entity):
        n = state.minion(entity)
        return [n] if n.tile == state.tile else []
    return []


def entities_for_tile(state: MMState) -> list[str]:
    """MM-ROUND-2: every mouse (captured ones too) and every minion group on the tile."""
    ents = [m.id for m in state.mice]
    if state.cfg.minion_initiative == "per_figure":
        ents += [n.id for n in state.minions if n.tile == state.tile]
    else:
        kinds = sorted({n.kind for n in state.minions if n.tile == state.tile})
        ents += [GROUP_PREFIX + k for k in kinds]
    return ents


def group_of(state: MMState, minion: Minion) -> str:
    return minion.id if state.cfg.minion_initiative == "per_figure" else GROUP_PREFIX + minion.kind


def roll_order(entities: list[str], dice: Dice, sides: int) -> Rolled:
    """MM-ROUND-1: 1 die each, highest first; ties re-roll among themselves until strict."""
    first: dict[str, int] = {}
    log: list[tuple[tuple[str, int], ...]] = []

    def resolve(group: list[str]) -> list[str]:
        if len(group) < 2 or sides < 2:
            return list(group)
        faces = dice.roll(len(group), sides)
        log.append(tuple(zip(group, faces, strict=True)))
        for e, f in zip(group, faces, strict=True):
            first.setdefault(e, f)
        out: list[str] = []
        for face in sorted(set(faces), reverse=True):
            tied = [e for e, f in zip(group, faces, strict=True) if f == face]
            out += resolve(tied) if len(tied) > 1 else tied
        return out

    order = resolve(list(entities))
    for e in entities:
        first.setdefault(e, sides)
    return order, first, log


def drop_entity(state: MMState, entity: str, events: list[Event]) -> MMState:
    """MM-ROUND-5: a defeated group leaves the order."""
    if entity not in state.order:
        return state
    i = state.order.index(entity)
    order = state.order[:i] + state.order[i + 1:]
    index = state.index - 1 if i < state.index else state.index
    events.append(Event.of("mm.leaves_order", ["MM-ROUND-5"], entity))
    return replace(state, order=order, index=index,
                   init_rolls=tuple((e, r) for e, r in state.init_rolls if e != entity))


def insert_entity(state: MMState, entity: str, dice: Dice, events: list[Event]) -> MMState:
    """MM-ROUND-4: a group that appears rolls and is inserted by its result (after equal
    rolls); landing before the acting entity, it first acts next round."""
    if entity in state.order:
        return state
    roll = dice.roll(1, state.cfg.initiative_die)[0]
    pos = len(state.order)
    for i, e in enumerate(state.order):
        if state.init_roll(e) < roll:
            pos = i
            break
    order = state.order[:pos] + (entity,) + state.order[pos:]
    index = state.index + 1 if pos <= state.index else state.index
    rolls = state.init_rolls + ((entity, roll),)
    events.append(Event.of("mm.joins_order", ["MM-ROUND-4"], entity, roll=roll, position=pos,
                           this_round=pos > state.index))
    return replace(state, order=order, index=index, init_rolls=rolls)


def last_mouse(state: MMState) -> str:
    """MM-ROUND-6: the mouse entity that comes last in the current order."""
    mice = [e for e in state.order if state.has_mouse(e)]
    return mice[-1] if mice else ""
