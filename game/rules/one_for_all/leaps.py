"""Actions that carry the figure somewhere (OFA-MG.1, OFA-MG.2, OFA-2A.2, OFA-7.2): leaps onto,
off and over scenery, the stairs, a slide along a banister or table, a swing from a chandelier.

Each works out where the figure lands, refusing (``IllegalCommand``) when the rules do not allow
it, and returns a :class:`Landing`; no dice, no change to the state given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import shapely
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from game.geometry.sweep import sweep_disc
from game.geometry.terrain import Solid, TerrainIndex
from game.rules.engine import Event, IllegalCommand
from game.rules.one_for_all import checks
from game.rules.one_for_all.commands import Act
from game.rules.one_for_all.space import NUDGE, direction, flight, free_at, unit
from game.rules.one_for_all.state import Figure, OFAState
from game.rules.one_for_all.table import Table

LEAPS = ("leap_onto", "leap_off", "leap_over")
RELOCATIONS = (*LEAPS, "stairs", "slide")


@dataclass(frozen=True)
class Landing:
    """Where an action put the figure, its event, and whether it earns Momentum (OFA-7.2)."""

    figure: Figure
    event: Event
    momentum: bool


def relocate(index: TerrainIndex, state: OFAState, fig: Figure, solid: Solid, cmd: Act, how: str) -> Landing:
    """``leap_onto``, ``leap_off``, ``leap_over``, ``stairs`` and ``slide`` with ``solid``,
    which the figure touches ``how`` (``"beside"``, ``"standing_on"``...)."""
    kind, H, r = cmd.kind, fig.height, fig.radius
    if fig.hanging_on:
        raise IllegalCommand("OFA-2B.1", f"{fig.name} hangs from {fig.hanging_on}", key="ofa.act.hanging",
                             params={"figure": fig.id, "object": fig.hanging_on})
    if fig.markers.stunned:
        raise IllegalCommand("OFA-5D.3", f"{fig.name} is Stunned: no leaps, slides or stairs",
                             key="ofa.act.stunned", params={"figure": fig.id})
    rules = ["OFA-2A.2"]
    momentum = False
    if kind == "leap_onto":
        if not solid.surface:
            raise IllegalCommand("OFA-MG.1", f"{solid.id} cannot be stood on", key="ofa.act.leap.not_a_surface",
                                 params={"object": solid.id})
        inner = solid.footprint.buffer(-r * 0.5)
        region = inner if not inner.is_empty else solid.footprint
        p = nearest_points(region, Point(fig.x, fig.y))[0]
        x, y, z = p.x, p.y, solid.top
        rules.append("OFA-MG.2" if z > fig.z else "OFA-MG.1")
    elif kind == "leap_off":
        if how != "standing_on" or fig.z <= 0:
            raise IllegalCommand("OFA-MG.1", f"{fig.name} does not stand on {solid.id}",
                                 key="ofa.act.leap.not_standing_on", params={"figure": fig.id, "object": solid.id})
        if cmd.angle is None or not math.isfinite(cmd.angle):
            raise IllegalCommand("OFA-MG.1", "leap off which way? give an angle in degrees",
                                 key="ofa.act.leap.no_angle")
        u = unit(cmd.angle)
        far = LineString([(fig.x, fig.y), (fig.x + u[0] * 1e4, fig.y + u[1] * 1e4)])
        inside = far.intersection(solid.footprint)
        reach = inside.length if not inside.is_empty else 0.0
        x, y = fig.x + u[0] * (reach + r + NUDGE), fig.y + u[1] * (reach + r + NUDGE)
        z = index.standing_level(x, y, below=fig.z - 1e-6)
        rules.append("OFA-MG.1")
        momentum = True  # OFA-7.2: a leap *from* an object
    elif kind == "leap_over":
        if how not in ("beside",):
            raise IllegalCommand("OFA-MG.1", f"{fig.name} must stand beside {solid.id} to leap over it",
                                 key="ofa.act.leap.not_beside", params={"figure": fig.id, "object": solid.id})
        c = solid.footprint.centroid
        u = direction((fig.x, fig.y), (c.x, c.y)) or (1.0, 0.0)
        far = LineString([(fig.x, fig.y), (fig.x + u[0] * 1e4, fig.y + u[1] * 1e4)])
        inside = far.intersection(solid.footprint)
        depth = inside.length if not inside.is_empty else 0.0
        if depth > H:
            raise IllegalCommand("OFA-MG.1", f"{solid.id} is {depth:.0f} mm deep; a leap clears at most {H:.0f}",
                                 key="ofa.act.leap.too_deep", params={"object": solid.id, "depth": round(depth),
                                                                      "most": round(H)})
        exit_d = max((Point(q).distance(Point(fig.x, fig.y)) for q in shapely.get_coordinates(inside)),
                     default=0.0)
        x, y = fig.x + u[0] * (exit_d + r + NUDGE), fig.y + u[1] * (exit_d + r + NUDGE)
        z = index.standing_level(x, y, below=fig.z + H / 2)
        rules.append("OFA-MG.1")
        momentum = fig.z > 0
    elif kind == "stairs":
        if solid.kind != "stairs":
            raise IllegalCommand("OFA-2A.2", f"{solid.id} is not a stair", key="ofa.act.not_stairs",
                                 params={"object": solid.id})
        steps = flight(index, solid)
        top = max(steps, key=lambda s: s.top)
        low = min(steps, key=lambda s: s.top)
        dest = top if fig.z < top.top - 1e-6 else low
        p = dest.footprint.representative_point()
        x, y, z = p.x, p.y, dest.top
        rules.append("OFA-2A.2")
    else:  # slide
        if not solid.slidable:
            raise IllegalCommand("OFA-2A.2", f"{solid.id} cannot be slid along", key="ofa.act.not_slidable",
                                 params={"object": solid.id})
        rect = solid.footprint.minimum_rotated_rectangle
        pts = shapely.get_coordinates(rect)[:4]
        edges = [(pts[i], pts[(i + 1) % 4]) for i in range(4)]
        long_edge = max(edges, key=lambda e: math.dist(e[0], e[1]))
        axis = direction(tuple(long_edge[0]), tuple(long_edge[1])) or (1.0, 0.0)
        c = solid.footprint.centroid
        half = math.dist(long_edge[0], long_edge[1]) / 2
        ends = [(c.x + axis[0] * half, c.y + axis[1] * half), (c.x - axis[0] * half, c.y - axis[1] * half)]
        far_end = max(ends, key=lambda e: math.hypot(e[0] - fig.x, e[1] - fig.y))
        u = direction((c.x, c.y), far_end) or axis
        x, y = far_end[0] + u[0] * (r + NUDGE), far_end[1] + u[1] * (r + NUDGE)
        z = index.standing_level(x, y, below=max(fig.z, solid.top) + 1e-6)
        rules.append("OFA-7.2")
        momentum = True
    gap = max(0.0, math.hypot(x - fig.x, y - fig.y) - 2 * r)
    rise, drop = z - fig.z, fig.z - z
    if kind in LEAPS:
        if rise > H / 2 + 1e-9:
            raise IllegalCommand("OFA-MG.2", f"{fig.name} can jump up {H / 2:.0f} mm, not {rise:.0f}",
                                 key="ofa.act.leap.too_high",
                                 params={"figure": fig.id, "most": round(H / 2), "rise": round(rise)})
        if drop > H + 1e-9:
            raise IllegalCommand("OFA-MG.1", f"a {drop:.0f} mm drop is more than {fig.name}'s height {H:.0f}",
                                 key="ofa.act.leap.too_deep_a_drop",
                                 params={"figure": fig.id, "drop": round(drop), "most": round(H)})
        if gap > H + 1e-9 and kind != "leap_over":
            raise IllegalCommand("OFA-MG.1", f"a {gap:.0f} mm gap is more than {fig.name}'s height {H:.0f}",
                                 key="ofa.act.leap.too_wide",
                                 params={"figure": fig.id, "gap": round(gap), "most": round(H)})
    if not free_at(index, state, fig, x, y, z, ignore=(solid.id,) if kind != "leap_over" else ()):
        raise IllegalCommand("OFA-2A.2", f"there is no room for {fig.name} there", key="ofa.act.no_room",
                             params={"figure": fig.id})
    moved = replace(fig.at(x, y, z), hanging_on="")
    ev = Event.of("ofa.action", rules, fig.id, kind=kind, object=solid.id,
                  motion=("leap", fig.id, (fig.x, fig.y, fig.z), (x, y, z)),
                  rise=round(rise, 3), gap=round(gap, 3))
    return Landing(moved, ev, momentum and state.cfg.momentum)


def swing(index: TerrainIndex, state: OFAState, fig: Figure, cmd: Act) -> Landing:
    """OFA-MG.2 / OFA-7.2: let go of the swingable the figure hangs from, along ``cmd.angle``."""
    if not fig.hanging_on:
        raise IllegalCommand("OFA-2A.2", f"{fig.name} must first grab something to swing on",
                             key="ofa.act.swing.not_hanging", params={"figure": fig.id})
    if cmd.angle is None or not math.isfinite(cmd.angle):
        raise IllegalCommand("OFA-2A.2", "swing which way? give an angle", key="ofa.act.swing.no_angle")
    solid = checks.solid(index, fig.hanging_on)
    c = solid.footprint.centroid
    u = unit(cmd.angle)
    # reading: the figure lets go one figure-height beyond the swingable's rim, swept on the floor
    rim = max(float(shapely.minimum_bounding_radius(solid.footprint)), 1.0)
    result = sweep_disc((c.x, c.y), fig.radius, u, rim + fig.height, index,
                        Table.bases(state, fig.id), z=0.0, height=fig.height, step=state.cfg.step,
                        board_edge=state.cfg.board_edge_blocks, ignore=(solid.id,))
    x, y = result.x, result.y
    z = index.standing_level(x, y, below=fig.height / 2)
    if not free_at(index, state, fig, x, y, z, ignore=(solid.id,)):
        raise IllegalCommand("OFA-2A.2", f"there is no room for {fig.name} to land there",
                             key="ofa.act.no_room", params={"figure": fig.id})
    moved = replace(fig.at(x, y, z), hanging_on="", facing=cmd.angle % 360.0)
    ev = Event.of("ofa.action", ["OFA-2A.2", "OFA-7.2"], fig.id, kind="swing", object=solid.id,
                  motion=("leap", fig.id, (fig.x, fig.y, fig.z), (x, y, z)), distance=round(result.distance, 3))
    return Landing(moved, ev, state.cfg.momentum)
