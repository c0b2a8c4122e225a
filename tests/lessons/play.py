"""Playing a lesson in plain Python: the commands a player's gesture gives at the place each
step points to (the screen makes the same ones: a drag from a piece towards another is a move
along that line, a lit button gives its command). One function per rule system."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.lessons import Step
from game.rules.engine import Match
from game.rules.one_for_all import commands as ofa
from game.rules.relic import commands as relic


def _ofa_spot(match: Match, ident: str) -> tuple[float, float]:
    st = match.state
    if st.has_figure(ident):
        f = st.figure(ident)
        return f.x, f.y
    index = match.system.index(st)  # type: ignore[attr-defined]
    c = index.solids[index.index_of(ident)].footprint.centroid
    return float(c.x), float(c.y)


def ofa_commands(match: Match, step: Step) -> list[Any]:
    """One for All: a drag activates the figure when it is not active, then moves it towards
    the other thing until contact; a button gives the command its pattern names."""
    point = step.point
    st = match.state
    if point.drag is not None:
        a, b = point.drag
        (ax, ay), (bx, by) = _ofa_spot(match, a), _ofa_spot(match, b)
        angle = round(math.degrees(math.atan2(by - ay, bx - ax)) % 360.0 * 4) / 4 % 360.0
        out: list[Any] = [ofa.Move(a, angle)]
        if st.activation is None or st.activation.figure != a:
            out.insert(0, ofa.Activate(a))
        return out
    assert point.button is not None
    cls = getattr(ofa, point.button.command)
    return [cls(**point.button.data)]


def by_pattern(module: Any) -> Callable[[Match, Step], list[Any]]:
    """A game whose every step is a button or a click on the table: the command the step's
    last pattern names (Relic's)."""
    def solve(match: Match, step: Step) -> list[Any]:
        pattern = step.point.button or step.expect[-1]
        return [getattr(module, pattern.command)(**pattern.data)]
    return solve


SOLVERS: dict[str, Callable[[Match, Step], list[Any]]] = {
    "one_for_all": ofa_commands, "relic": by_pattern(relic)}
