"""The ``motion`` of One for All events as decided outcomes for :func:`game.physics.animate`.

Events say what moved and where it ended (``("slide", id, from, to)``, ``("roll", ...)``,
``("throw", ...)``, ``("leap", id, (x, y, z), (x, y, z))``); this turns them into the physics
outcomes the animator plays, in order, ending exactly where the rules put everything. Figures
are animated under their names (the animation player labels bodies by id), objects under their
terrain ids. Plain Python, no pygame.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass

import shapely

from game.geometry.terrain import TerrainIndex
from game.physics.animate import Timeline, animate
from game.physics.knockback import PushOutcome
from game.physics.leaps import LeapOutcome
from game.physics.roll import RollOutcome
from game.physics.throw import ThrowOutcome
from game.rules.engine import Event
from game.rules.one_for_all.state import OFAState
from game.rules.one_for_all.table import Table

LEAP_ACTIONS = {"leap_onto": "jump", "leap_off": "jump", "leap_over": "jump", "swing": "swing",
                "slide": "slide", "stairs": "stairs"}


@dataclass(frozen=True)
class MotionPlan:
    timeline: Timeline
    figures: frozenset[str]  #: ids of the figures it moves (left out of the still drawing)
    props: frozenset[str]  #: ids of the terrain pieces it moves


def _unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[tuple[float, float], float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    return ((dx / d, dy / d) if d > 1e-9 else (1.0, 0.0)), d


def _xy(p: Iterable[float]) -> tuple[float, float]:
    v = tuple(float(c) for c in p)
    return v[0], v[1]


def _xyz(p: Iterable[float]) -> tuple[float, float, float]:
    v = tuple(float(c) for c in p)
    return v[0], v[1], v[2] if len(v) > 2 else 0.0


def _outcome(event: Event, before: OFAState, after: OFAState, table: Table
             ) -> PushOutcome | RollOutcome | ThrowOutcome | LeapOutcome | None:
    what, ident, start, end = event.motion[:4]
    data = event.data
    if what == "slide" and before.has_figure(ident):
        fig = before.figure(ident)
        s, e = _xy(start), _xy(end)
        u, d = _unit(s, e)
        drop = float(data.get("fell", 0.0) or 0.0)
        z_end = after.figure(ident).z if after.has_figure(ident) and drop > 0 else fig.z
        return PushOutcome(fig.name, s, e, fig.z, z_end, u, d, False, None, None, drop > 0,
                           max(0.0, fig.z - z_end), (), radius=fig.radius, height=fig.height)
    if what == "roll" and ident in table.solids:
        solid = table.solid(ident)
        s, e = _xy(start), _xy(end)
        u, d = _unit(s, e)
        radius = max(float(shapely.minimum_bounding_radius(solid.footprint)), 1.0)
        return RollOutcome(ident, s, e, u, d, radius, solid.bottom, None, None, None, (), 0, ())
    if what == "throw" and ident in table.solids:
        thrower = before.figure(event.actor) if before.has_figure(event.actor) else None
        target_id = str(data.get("target", ""))
        target = after.figure(target_id) if after.has_figure(target_id) else None
        z0 = (thrower.z + thrower.height * 0.7) if thrower else 20.0
        z1 = (target.z + target.height * 0.5) if target else 0.0
        land_z = target.z if target else 0.0
        s, e = _xy(start), _xy(end)
        return ThrowOutcome(event.actor, target_id, ident, "small", True, "", (), (), True, s, z0,
                            e, z1, e, land_z, target_id or None, 0, ())
    if what == "leap" and before.has_figure(ident):
        fig = before.figure(ident)
        s3, e3 = _xyz(start), _xyz(end)
        action = LEAP_ACTIONS.get(str(data.get("kind", "")), "jump")
        _, d = _unit((s3[0], s3[1]), (e3[0], e3[1]))
        path: tuple[tuple[float, float, float], ...] = (s3, e3)
        if action == "jump":
            apex = max(s3[2], e3[2]) + fig.height * 0.35
            path = (s3, ((s3[0] + e3[0]) / 2, (s3[1] + e3[1]) / 2, apex), e3)
        return LeapOutcome(fig.name, action, action, True, "", "", (s3[0], s3[1]), s3[2],
                           (e3[0], e3[1]), e3[2], path, d, max(0.0, d - 2 * fig.radius),
                           max(0.0, e3[2] - s3[2]), max(0.0, s3[2] - e3[2]), False,
                           radius=fig.radius)
    return None


def plan_motion(events: Iterable[Event], before: OFAState, after: OFAState, table: Table,
                index: TerrainIndex | None) -> MotionPlan | None:
    """The animation of a command's events, or None when nothing moved (or it cannot be drawn)."""
    outcomes = []
    figures: set[str] = set()
    props: set[str] = set()
    for event in events:
        if len(event.motion) < 4:
            continue
        outcome = _outcome(event, before, after, table)
        if outcome is None:
            continue
        outcomes.append(outcome)
        ident = str(event.motion[1])
        (figures if before.has_figure(ident) else props).add(ident)
    if not outcomes:
        return None
    radius = 5.0
    for ident in props:
        radius = max(3.0, min(12.0, float(shapely.minimum_bounding_radius(
            table.solid(ident).footprint))))
    try:
        timeline = animate(outcomes, index, object_radius=radius)
    except (ValueError, TypeError, ZeroDivisionError) as exc:  # never stop the game for a picture
        print(f"tabletop: animation skipped: {exc}", file=sys.stderr)
        return None
    return MotionPlan(timeline, frozenset(figures), frozenset(props))


def body_names(state: OFAState) -> dict[str, str]:
    """Figure name -> id, to match the timeline's bodies to the figures."""
    return {f.name: f.id for f in state.figures}
