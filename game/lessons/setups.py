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


ADJUST: dict[str, Adjust] = {"one_for_all": _one_for_all}


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
