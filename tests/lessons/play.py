"""Playing a lesson in plain Python: the commands a player's gesture gives at the place each
step points to (the screen makes the same ones: a drag from a piece towards another is a move
along that line, a lit button gives its command). One function per rule system."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.lessons import Pattern, Step
from game.rules.engine import Match
from game.rules.helldorado import commands as hd
from game.rules.mice_and_mystics import commands as mm
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


def mm_commands(match: Match, step: Step) -> list[Any]:
    """Mice and Mystics, as its screen does it: a click on a cell moves the mouse in turn there
    by the cheapest path (a step when the cell is out of reach); a click on a minion attacks
    it with the weapon of the most dice on offer; a button gives the command its pattern
    names."""
    point, st, system = step.point, match.state, match.system
    mouse = st.turn.mouse if st.turn is not None else ""
    if point.click is not None and st.has_minion(point.click):
        attacks = [c for c in system.legal_commands(st)
                   if isinstance(c, mm.Attack) and c.target == point.click]
        if attacks:
            m = st.mouse(attacks[0].mouse)
            dice = system.attack_dice  # type: ignore[attr-defined]
            return [max(attacks, key=lambda c: dice(m, c.weapon))]
        return [mm.Attack(mouse, "", point.click)]
    if point.click is not None:
        reach = system.reach(st)  # type: ignore[attr-defined]
        if reach is not None and point.click in reach.cost:
            return [mm.Move(mouse, tuple(reach.path_to(point.click)))]
        start = st.mouse(mouse).cell if st.has_mouse(mouse) else ""
        return [mm.Move(mouse, (start, point.click))]
    pattern = point.button or step.expect[-1]
    return [getattr(mm, pattern.command)(**pattern.data)]


def _hd_spot(match: Match, ref: str | tuple[float, float]) -> tuple[float, float]:
    if not isinstance(ref, str):
        return ref
    st = match.state
    if st.has_unit(ref):
        u = st.unit(ref)
        return u.x, u.y
    c = match.system.table_of(st).solids[ref].footprint.centroid  # type: ignore[attr-defined]
    return float(c.x), float(c.y)


def hd_commands(match: Match, step: Step) -> list[Any]:
    """Helldorado, as its screen does it: a drag moves the unit straight towards where it is
    let go, as far as its movement left allows; a template is laid towards the point it aims
    at, an explosion fired at it; a button gives its command. A command of a unit that is not
    active yet has its Activate first (not while a choice of an attack sequence waits)."""
    point, st = step.point, match.state
    if point.drag is not None:
        uid = point.drag[0]
        u = st.unit(uid)
        x, y = _hd_spot(match, point.drag[1])
        act = st.activation
        left = u.mov - (act.moved if act is not None and act.unit == uid else 0.0)
        angle = math.degrees(math.atan2(y - u.y, x - u.x)) % 360.0
        command: Any = hd.Move(uid, round(angle, 3), round(min(math.hypot(x - u.x, y - u.y),
                                                                left), 3))
    else:
        pattern = point.button or step.expect[-1]
        if pattern.command == "Tool":
            data = pattern.data
            assert point.aim is not None
            x, y = _hd_spot(match, point.aim)
            u = st.unit(data["unit"])
            weapon = u.weapon(data["weapon"])
            assert weapon is not None
            if weapon.kind == "explosion":
                command = hd.ShootAt(u.id, weapon.id, x, y)
            else:
                angle = math.degrees(math.atan2(y - u.y, x - u.x)) % 360.0
                command = hd.Blast(u.id, weapon.id, round(angle, 3))
        else:
            command = getattr(hd, pattern.command)(**pattern.data)
    unit = getattr(command, "unit", "")
    if st.pending is None and unit and (st.activation is None or st.activation.unit != unit):
        return [hd.Activate(unit), command]
    return [command]


SOLVERS: dict[str, Callable[[Match, Step], list[Any]]] = {
    "one_for_all": ofa_commands, "relic": by_pattern(relic), "mice_and_mystics": mm_commands,
    "helldorado": hd_commands}
#: each system's commands, by class name (the program's replies a step names)
COMMANDS: dict[str, Any] = {"one_for_all": ofa, "relic": relic, "mice_and_mystics": mm,
                           "helldorado": hd}


def reply(system: str, pattern: Pattern) -> Any:
    """The program's command a step's ``then`` names (a game master's turn)."""
    return getattr(COMMANDS[system], pattern.command)(**pattern.data)
