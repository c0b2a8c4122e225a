"""A lesson's match: the map's setup with the lesson's changes, and the lesson's scripted dice.

Each rule system reads its part of a lesson's ``setup`` here (one reader per game, not per
lesson): where its pieces stand. The match starts as any match of the map does, then the
lesson moves the pieces it names. Plain Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from game.core.dice import ScriptedDice
from game.lessons.model import Lesson, LessonError
from game.rules import registry
from game.rules.engine import Match, Setup
from game.rules.mice_and_mystics.order import entities_for_tile

#: system -> how its state takes a lesson's ``setup`` (the rule system, the state, the setup)
Adjust = Callable[[Any, Any, Mapping[str, Any]], Any]


def _one_for_all(system: Any, state: Any, setup: Mapping[str, Any]) -> Any:
    """``place``: figure id -> [x, y] or [x, y, facing] in mm; each stands on what is there."""
    place = setup.get("place", {})
    index = system.index(state)
    known = {f.id for f in state.figures}
    unknown = sorted(set(place) - known)
    if unknown:
        raise LessonError(f"the lesson places figures the map has not: {', '.join(unknown)}")
    figures = []
    for f in state.figures:
        spot = place.get(f.id)
        if spot is not None:
            x, y = float(spot[0]), float(spot[1])
            z = index.standing_level(x, y, below=f.height * 2)
            f = replace(f, x=x, y=y, z=z, facing=float(spot[2]) if len(spot) > 2 else f.facing)
        figures.append(f)
    return replace(state, figures=tuple(figures))


def _helldorado(system: Any, state: Any, setup: Mapping[str, Any]) -> Any:
    """``remove``: the ids of units that sit the lesson out; ``place``: unit id -> [x, y] in
    fathoms (the game's units), each standing on what is there; ``lp``: unit id -> its life
    points when the lesson starts (a unit already hurt)."""
    remove = set(setup.get("remove", ()))
    place, lp = setup.get("place", {}), setup.get("lp", {})
    known = {u.id for u in state.units}
    unknown = sorted((remove | set(place) | set(lp)) - known)
    if unknown:
        raise LessonError(f"the lesson names units the map has not: {', '.join(unknown)}")
    table = system.table_of(state)
    units = []
    for u in state.units:
        if u.id in remove:
            continue
        spot = place.get(u.id)
        if spot is not None:
            x, y = float(spot[0]), float(spot[1])
            u = u.at(x, y, table.standing_level(x, y, below=u.height))
        if u.id in lp:
            u = replace(u, lp=int(lp[u.id]))
        units.append(u)
    return replace(state, units=tuple(units))


def _mice_and_mystics(system: Any, state: Any, setup: Mapping[str, Any]) -> Any:
    """``remove``: the ids of figures (mice, minions) that sit the lesson out; ``place``: figure
    id -> the cell it stands in (a minion is on that cell's tile); ``initiative``: the
    initiative roll of each entity the lesson brings onto the party's tile (a minion group,
    ``minions:<kind>``), which joins the order after the entities that rolled as high
    (MM-ROUND-1, MM-ROUND-4); ``wheel``: the cheese already on the minions' wheel (MM-WHEEL-1).
    The mouse whose turn the chapter began with keeps it, movement roll and all."""
    unknown_keys = sorted(set(setup) - {"remove", "place", "initiative", "wheel"})
    if unknown_keys:
        raise LessonError(f"a Mice and Mystics setup has no {', '.join(unknown_keys)}")
    remove = set(setup.get("remove", ()))
    place, rolled = dict(setup.get("place", {})), dict(setup.get("initiative", {}))
    known = {m.id for m in state.mice} | {n.id for n in state.minions}
    unknown = sorted((remove | set(place)) - known)
    if unknown:
        raise LessonError(f"the lesson names figures the map has not: {', '.join(unknown)}")
    graph = system.graph(state)
    nowhere = sorted(c for c in place.values() if c not in graph)
    if nowhere:
        raise LessonError("the lesson places figures in cells the map has not: "
                          + ", ".join(nowhere))
    mice = tuple(replace(m, cell=place.get(m.id, m.cell)) for m in state.mice if m.id not in remove)
    minions = tuple(replace(n, cell=place[n.id], tile=graph.cell(place[n.id]).tile)
                    if n.id in place else n for n in state.minions if n.id not in remove)
    state = replace(state, mice=mice, minions=minions)
    acting, entities = state.acting, entities_for_tile(state)
    if acting not in entities:
        raise LessonError(f"the lesson removes {acting!r}, whose turn the chapter begins with")
    order = [e for e in state.order if e in entities]
    rolls = {e: state.init_roll(e) for e in order}
    for entity in entities:
        if entity in order:
            continue
        roll = rolled.get(entity)
        if not isinstance(roll, int) or not 1 <= roll <= state.cfg.initiative_die:
            raise LessonError(f"{entity} joins the order: the setup's initiative gives its roll "
                              f"(1 to {state.cfg.initiative_die})")
        at = next((i for i, e in enumerate(order) if rolls[e] < roll), len(order))
        order.insert(at, entity)
        rolls[entity] = roll
    wheel = setup.get("wheel", state.wheel)
    if not isinstance(wheel, int) or not 0 <= wheel < 6:
        raise LessonError("the wheel holds 0 to 5 cheese when the lesson starts")
    return replace(state, order=tuple(order), init_rolls=tuple((e, rolls[e]) for e in order),
                   index=order.index(acting), wheel=wheel)


ADJUST: dict[str, Adjust] = {"one_for_all": _one_for_all, "helldorado": _helldorado,
                             "mice_and_mystics": _mice_and_mystics}


def lesson_match(lesson: Lesson) -> Match:
    """A new match of the lesson: its map and options, its setup, its dice (the faces in
    order: the lesson rolls exactly these)."""
    system = registry.get(lesson.system)
    match = Match(system, Setup(lesson.system, lesson.map, 1, dict(lesson.options),
                                lesson.players), dice=ScriptedDice(lesson.dice))
    adjust = ADJUST.get(lesson.system)
    if lesson.setup and adjust is None:
        raise LessonError(f"no reader of a lesson's setup for {lesson.system!r}")
    if adjust is not None and lesson.setup:
        match.state = adjust(system, match.state, lesson.setup)
        broken = system.invariants(match.state)
        if broken:
            raise LessonError(f"the lesson's setup breaks the rules' invariants: {broken[0]}")
    return match
