"""Where things are, for the rules: directions, what a figure touches, room to stand.

Plain questions over a state and its terrain index (``Table.index``); no dice, no refusals.
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from game.geometry.contact import in_contact, touching_solids
from game.geometry.terrain import Solid, TerrainIndex
from game.rules.one_for_all.state import Figure, OFAState

NUDGE = 0.5  #: mm of clearance added where a leap puts a base beside something


def unit(angle_deg: float) -> tuple[float, float]:
    """Degrees clockwise from east to a unit vector; exact on the compass points (cos 90° is 0)."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    return (0.0 if abs(ux) < 1e-12 else ux, 0.0 if abs(uy) < 1e-12 else uy)


def direction(frm: tuple[float, float], to: tuple[float, float]) -> tuple[float, float] | None:
    """The unit vector from ``frm`` to ``to``; None when they coincide."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    d = math.hypot(dx, dy)
    return None if d < 1e-9 else (dx / d, dy / d)


def touching(index: TerrainIndex, state: OFAState, fig: Figure) -> dict[str, str]:
    """Everything ``fig`` is in contact with (OFA-0.3): solid ids -> how, figure ids -> 'figure'."""
    found = {c.id: c.how for c in touching_solids(fig.base, index, eps_contact=state.cfg.eps_contact)}
    for other in state.figures:
        if other.id != fig.id and other.conscious and in_contact(
                fig.base, other.base, eps_contact=state.cfg.eps_contact):
            found[other.id] = "figure"
    return found


def solid_named(index: TerrainIndex, obj: str) -> Solid | None:
    """The terrain piece ``obj`` where play has put it, or None when there is none on the table."""
    try:
        return index.solids[index.index_of(obj)]
    except KeyError:
        return None


def overlaps(state: OFAState, index: TerrainIndex, x: float, y: float, fig: Figure, thing: str) -> bool:
    """Would ``fig`` at (x, y) overlap ``thing`` (a standing figure or a terrain piece)?"""
    if state.has_figure(thing) and state.figure(thing).conscious:
        other = state.figure(thing)
        return math.hypot(other.x - x, other.y - y) < other.radius + fig.radius - 1e-6
    solid = solid_named(index, thing)
    if solid is None:
        return False
    return bool(solid.footprint.distance(Point(x, y)) < fig.radius - 1e-6)


def free_at(index: TerrainIndex, state: OFAState, fig: Figure, x: float, y: float, z: float,
            ignore: tuple[str, ...] = ()) -> bool:
    """Can ``fig`` stand at (x, y, z) without overlapping a figure or blocking terrain?"""
    disc = Point(x, y).buffer(fig.radius - 0.01, quad_segs=16)
    if index.table is not None and not index.table.buffer(1e-6).contains(disc):
        return False
    for i in index.query(disc):
        s = index.solids[int(i)]
        if s.id in ignore or s.flat:
            continue
        if s.bottom < z + fig.height and s.top > z + state.cfg.step:
            return False
    for other in state.figures:
        if other.id == fig.id or not other.conscious:
            continue
        if abs(other.z - z) < max(other.height, fig.height) and \
                math.hypot(other.x - x, other.y - y) < other.radius + fig.radius - 0.01:
            return False
    return True


def flight(index: TerrainIndex, first: Solid) -> list[Solid]:
    """The stair pieces connected to ``first`` (touching each other)."""
    stairs = [s for s in index.solids if s.kind == "stairs"]
    group, todo = {first.id}, [first]
    while todo:
        s = todo.pop()
        for o in stairs:
            if o.id not in group and s.footprint.distance(o.footprint) <= 1.0:
                group.add(o.id)
                todo.append(o)
    return [s for s in stairs if s.id in group]
