"""Relocating actions: jumps (OFA-MG.1/MG.2), grabbing and swinging on a chandelier, sliding down
a banister or along a wet table top (OFA-2A.2, OFA-GM.3), running up or down stairs, and the
Momentum they give (OFA-7.2).

Readings (our own where the seed is silent; each documented where it is computed):

* **Jump** (OFA-MG.1/MG.2, OFA-AMB-14): ``gap`` is the distance between the base footprints at
  take-off and at landing (``|c2 − c1| − 2r``); for a leap *over* an object it is the object's
  depth along the jump line. Upward (``rise > step``): ``rise ≤ H/2`` and ``gap ≤ H``; otherwise
  ``gap ≤ H`` and ``drop ≤ H``, each limit on its own. The landing level is the highest surface
  under the landing centre (``kind="up"``) or the highest not above the take-off level (``down``,
  ``across``, ``over``); the landing base must not overlap anything at that level.
* **Grab** (OFA-MG.2): a swingable is in reach when the base touches its footprint (gap ≤
  ``eps_contact``) and its lowest point ``z_bot ≤ z + 1.5·H``.
* **Swing**: the figure hangs from the swingable with its hands at ``z_bot`` (feet at
  ``max(z, z_bot − H)``) and swings along ``direction`` past the pivot (the footprint's
  centroid) to one figure height beyond the swingable's far rim (plus its base radius). The
  flight is the exact sweep at the hanging level, so low furniture passes under it while walls
  and standing figures stop it (it lands touching them). It drops to the highest surface under
  the end that is not above its feet; if the base would overlap something there, it lands the
  least distance short of that (0.5 mm steps back along the path).
* **Slide**: on a ``slidable`` surface the figure stands on (a wet table, OFA-GM.3) it slides
  along ``direction`` (default: the long axis, to the far end) until the surface edge or a
  contact. Beside a ``slidable`` rail (a banister) it rides the rail's long axis to the far end
  and lands just past it (the base touching the rail's end), unless a figure on the way stops it
  first; sliding *up* (the far end's level above the figure's) is not allowed. The supports
  the rail rests on (solids touching its footprint, such as the stairs) do not stop the slide.
* **Momentum** (OFA-7.2, OFA-AMB-19): a legal swing or slide sets it, and so does a jump that
  takes off from an object (``z > step``); a jump from the floor onto an object does not. The
  rules keep it only for a duel declared straight after and in contact.

No pygame; geometry from :mod:`game.geometry` decides everything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString

from game.geometry.bases import Base, BaseArray
from game.geometry.contact import gap as footprint_gap
from game.geometry.contact import solid_contact
from game.geometry.sweep import Touch, sweep_disc, unit_direction
from game.geometry.terrain import Solid, TerrainIndex

JUMP_KINDS = ("down", "up", "across", "over")
#: the swing lands this far back, step by step, when its end spot is taken
BACK_OFF_STEP = 0.5
#: the reach of OFA-MG.2 in figure heights (height plus a half-height jump)
REACH = 1.5

Point3 = tuple[float, float, float]


@dataclass(frozen=True)
class LeapOutcome:
    """A jump, grab, swing, slide or stairs action decided: legal or not, and where it ends."""

    figure_id: str
    action: str  #: "jump", "grab", "swing", "slide" or "stairs"
    kind: str  #: the jump kind ("down", "up", "across", "over"), else the action
    legal: bool
    reason: str  #: why not, with the rule ID ("" when legal)
    rule_id: str  #: the rule whose limit decided legality (OFA-MG.1 or OFA-MG.2 ...)
    start: tuple[float, float]
    z_start: float
    end: tuple[float, float]  #: where it ends (the start when illegal)
    z_end: float
    path: tuple[Point3, ...]  #: way-points (x, y, z) for drawing: start, apex / pivot, end
    distance: float  #: horizontal distance from start to end
    gap: float  #: OFA-MG.1 distance flown over (jumps)
    rise: float
    drop: float
    momentum: bool  #: OFA-7.2: the action sets Momentum for a duel declared straight after
    touched_kind: str | None = None  #: what the swing or slide ended touching
    touched_id: str | None = None
    touches: tuple[Touch, ...] = ()
    rule_ids: tuple[str, ...] = ()
    radius: float = 12.5


def _illegal(figure: Base, action: str, kind: str, reason: str, rule_id: str,
             rule_ids: tuple[str, ...], *, gap: float = 0.0, rise: float = 0.0,
             drop: float = 0.0) -> LeapOutcome:
    here = (figure.x, figure.y)
    return LeapOutcome(figure.id, action, kind, False, reason, rule_id, here, figure.z, here,
                       figure.z, ((figure.x, figure.y, figure.z),), 0.0, gap, rise, drop, False,
                       rule_ids=rule_ids, radius=figure.radius)


def _others(others: Sequence[Base] | BaseArray, skip: str) -> list[Base]:
    if isinstance(others, BaseArray):
        return [Base(i, float(x), float(y), float(r), float(z), float(h))
                for i, (x, y), r, z, h in zip(others.ids, others.xy.tolist(), others.radius,
                                              others.z, others.height, strict=True)
                if i != skip]
    return [o for o in others if o.id != skip]


def landing_blocker(index: TerrainIndex | None, others: Sequence[Base] | BaseArray,
                    x: float, y: float, z: float, radius: float, height: float, *,
                    step: float = 3.0, ignore: Sequence[str] = (), tol: float = 1e-7,
                    ) -> str | None:
    """The id of something a base at (x, y) on level ``z`` would overlap, or None.

    Blockers are those of OFA-0.4 at that level: solids whose span meets ``(z + step, z + H)``,
    other bases whose span meets it, and the board edge (``"board_edge"``).
    """
    lo, hi = z + step, z + height
    if index is not None:
        if index.bounds is not None:
            x0, y0, x1, y1 = index.bounds
            if not (x0 + radius - tol <= x <= x1 - radius + tol
                    and y0 + radius - tol <= y <= y1 - radius + tol):
                return "board_edge"
        if len(index):
            pt = shapely.points(x, y)
            near = index.tree.query(pt, predicate="dwithin", distance=radius - tol)
            for i in sorted(int(j) for j in near):
                s = index.solids[i]
                if s.flat or s.id in ignore or not (index.top[i] > lo and index.bottom[i] < hi):
                    continue
                return s.id
    for o in _others(others, ""):
        if o.id in ignore or not (o.z < hi and o.z + o.height > lo):
            continue
        if math.hypot(o.x - x, o.y - y) < o.radius + radius - tol:
            return o.id
    return None


# --------------------------------------------------------------------------------------------
# Jumps (OFA-MG.1 / MG.2)


def jump(
    figure: Base,
    landing_xy: tuple[float, float],
    index: TerrainIndex | None,
    *,
    kind: str = "down",
    others: Sequence[Base] | BaseArray = (),
    over: Solid | None = None,
    landing_z: float | None = None,
    step: float = 3.0,
) -> LeapOutcome:
    """Jump from where ``figure`` stands to ``landing_xy`` (OFA-MG.1 down/across/over, MG.2 up).

    ``kind`` picks the landing level when ``landing_z`` is not given: ``"up"`` the highest
    surface under the landing centre, the others the highest not above the take-off level.
    ``over`` is the object leapt over (``kind="over"``): the gap is its depth along the jump
    line. Both limits are checked separately (OFA-AMB-14). Jumping off the table onto a spot
    where something stands is not legal either.
    """
    if kind not in JUMP_KINDS:
        raise ValueError(f"jump kind must be one of {JUMP_KINDS}, got {kind!r}")
    h = figure.height
    lx, ly = float(landing_xy[0]), float(landing_xy[1])
    z1 = figure.z
    if landing_z is not None:
        z2 = float(landing_z)
    elif index is None:
        z2 = 0.0
    elif kind == "up":
        z2 = index.standing_level(lx, ly)
    else:
        z2 = index.standing_level(lx, ly, below=z1 + step)
    rise, drop = max(0.0, z2 - z1), max(0.0, z1 - z2)
    dist = math.hypot(lx - figure.x, ly - figure.y)
    upward = rise > step
    rule = "OFA-MG.2" if upward else "OFA-MG.1"
    rules: list[str] = [rule, "OFA-AMB-14"]
    if kind == "over":
        if over is None:
            raise ValueError("a jump of kind 'over' needs the object leapt over (over=...)")
        line = LineString([(figure.x, figure.y), (lx, ly)]) if dist > 0 else None
        depth = float(shapely.length(shapely.intersection(line, over.footprint))) if line else 0.0
        gap = depth
        if depth <= 0.0:
            return _illegal(figure, "jump", kind, f"the jump line does not cross {over.id} "
                            "(OFA-MG.1)", "OFA-MG.1", tuple(rules))
        if float(shapely.distance(shapely.points(lx, ly), over.footprint)) < figure.radius - 1e-7:
            return _illegal(figure, "jump", kind, f"the landing is not beyond {over.id} "
                            "(OFA-MG.1)", "OFA-MG.1", tuple(rules), gap=gap)
    else:
        gap = max(0.0, dist - 2.0 * figure.radius)
    tag = dict(gap=gap, rise=rise, drop=drop)
    if gap > h + 1e-9:
        return _illegal(figure, "jump", kind, f"gap {gap:g} mm is more than the figure's height "
                        f"{h:g} mm ({rule})", rule, tuple(rules), **tag)
    if upward and rise > h / 2 + 1e-9:
        return _illegal(figure, "jump", kind, f"rise {rise:g} mm is more than half the figure's "
                        f"height {h / 2:g} mm (OFA-MG.2)", "OFA-MG.2", tuple(rules), **tag)
    if not upward and drop > h + 1e-9:
        return _illegal(figure, "jump", kind, f"drop {drop:g} mm is more than the figure's "
                        f"height {h:g} mm (OFA-MG.1)", "OFA-MG.1", tuple(rules), **tag)
    taken = landing_blocker(index, others, lx, ly, z2, figure.radius, h, step=step,
                            ignore=(figure.id,))
    if taken is not None:
        return _illegal(figure, "jump", kind, f"the landing spot is taken by {taken} ({rule})",
                        rule, tuple(rules), **tag)
    momentum = z1 > step  # a leap from an object (OFA-7.2); from the floor onto one: no
    if momentum:
        rules.append("OFA-7.2")
    apex = max(z1, z2) + min(h / 2, 0.25 * dist + 5.0)
    mid = ((figure.x + lx) / 2, (figure.y + ly) / 2, apex)
    return LeapOutcome(figure.id, "jump", kind, True, "", rule, (figure.x, figure.y), z1,
                       (lx, ly), z2, ((figure.x, figure.y, z1), mid, (lx, ly, z2)), dist, gap,
                       rise, drop, momentum, rule_ids=tuple(rules), radius=figure.radius)


# --------------------------------------------------------------------------------------------
# Chandeliers (OFA-MG.2, OFA-2A.2, OFA-7.2)


def can_reach(figure: Base, swingable: Solid, *, reach: float = REACH,
              eps_contact: float = 1.0) -> tuple[bool, str]:
    """OFA-MG.2: is the swingable in reach (touching it and ``z_bot ≤ z + 1.5·H``)? And why not."""
    if not swingable.swingable:
        return False, f"{swingable.id} ({swingable.kind or 'solid'}) is not swingable (OFA-2A.2)"
    g = footprint_gap(figure, swingable.footprint)
    if g > eps_contact + 1e-9:
        return False, f"{swingable.id} is {g:.1f} mm away: stand under it (OFA-0.3)"
    limit = figure.z + reach * figure.height
    if swingable.bottom > limit + 1e-9:
        return False, (f"{swingable.id} hangs at {swingable.bottom:g} mm, above the reach "
                       f"{limit:g} mm (OFA-MG.2)")
    return True, ""


def grab(figure: Base, swingable: Solid, *, reach: float = REACH,
         eps_contact: float = 1.0) -> LeapOutcome:
    """Jump up and grab a swingable (OFA-MG.2): legal when in reach. The figure stays in place
    (the rules mark it as hanging on it); the swing is the next action."""
    ok, why = can_reach(figure, swingable, reach=reach, eps_contact=eps_contact)
    rules = ("OFA-MG.2", "OFA-2A.2")
    if not ok:
        return _illegal(figure, "grab", "grab", why, "OFA-MG.2", rules)
    here = (figure.x, figure.y)
    return LeapOutcome(figure.id, "grab", "grab", True, "", "OFA-MG.2", here, figure.z, here,
                       figure.z, ((figure.x, figure.y, figure.z),), 0.0, 0.0, 0.0, 0.0, False,
                       touched_kind="terrain", touched_id=swingable.id, rule_ids=rules,
                       radius=figure.radius)


def _extent(footprint: object, px: float, py: float, ux: float, uy: float) -> float:
    coords = shapely.get_coordinates(footprint)
    return float(np.max((coords[:, 0] - px) * ux + (coords[:, 1] - py) * uy))


def _settle(index: TerrainIndex | None, others: Sequence[Base] | BaseArray, figure: Base,
            sx: float, sy: float, ux: float, uy: float, t: float, below: float, step: float,
            ignore: Sequence[str]) -> tuple[float, float]:
    """The farthest distance ≤ t along the path whose landing spot is free, and its level."""
    k = 0
    while True:
        tt = max(0.0, t - k * BACK_OFF_STEP)
        x, y = sx + ux * tt, sy + uy * tt
        z = index.standing_level(x, y, below=below) if index is not None else 0.0
        if tt <= 0.0 or landing_blocker(index, others, x, y, z, figure.radius, figure.height,
                                        step=step, ignore=ignore) is None:
            return tt, z
        k += 1


def swing(
    figure: Base,
    swingable_solid: Solid,
    direction: tuple[float, float] | float,
    index: TerrainIndex | None,
    others: Sequence[Base] | BaseArray = (),
    *,
    reach: float = REACH,
    eps_contact: float = 1.0,
    step: float = 3.0,
) -> LeapOutcome:
    """Swing on ``swingable_solid`` along ``direction`` and land beyond it (module docstring).

    Legal when the swingable is in reach (OFA-MG.2). Sets Momentum (OFA-7.2): landing in contact
    with an enemy lets the figure declare the duel with +1 die.
    """
    rules = ("OFA-2A.2", "OFA-MG.2", "OFA-7.2", "OFA-4A.4")
    ok, why = can_reach(figure, swingable_solid, reach=reach, eps_contact=eps_contact)
    if not ok:
        return _illegal(figure, "swing", "swing", why, "OFA-MG.2", rules)
    ux, uy = unit_direction(direction)
    piv = shapely.centroid(swingable_solid.footprint)
    px, py = float(piv.x), float(piv.y)
    along = (px - figure.x) * ux + (py - figure.y) * uy
    length = max(0.0, along) + _extent(swingable_solid.footprint, px, py, ux, uy) \
        + figure.radius + figure.height
    z_hang = max(figure.z, swingable_solid.bottom - figure.height)
    res = sweep_disc((figure.x, figure.y), figure.radius, (ux, uy), length, index, others,
                     z=z_hang, height=figure.height, step=step, surface_edge=False,
                     ignore=(swingable_solid.id,), ignore_bases=(figure.id,))
    t, z_end = _settle(index, others, figure, figure.x, figure.y, ux, uy, float(res.distance),
                       z_hang + step, step, (figure.id, swingable_solid.id))
    ex, ey = figure.x + ux * t, figure.y + uy * t
    kept = t == res.distance
    under = max(0.0, min(along, t))
    path = ((figure.x, figure.y, figure.z),
            (figure.x + ux * under, figure.y + uy * under, z_hang),
            (ex, ey, z_end))
    return LeapOutcome(figure.id, "swing", "swing", True, "", "OFA-MG.2", (figure.x, figure.y),
                       figure.z, (ex, ey), z_end, path, t, 0.0, max(0.0, z_end - figure.z),
                       max(0.0, figure.z - z_end), True,
                       res.kind if kept else None, res.id if kept else None,
                       res.touches if kept else (), rules, figure.radius)


# --------------------------------------------------------------------------------------------
# Slides (OFA-2A.2, OFA-GM.3)


def _long_axis(footprint: object) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of the footprint's long axis (mid-points of the short sides of the minimum
    rotated rectangle)."""
    c = shapely.get_coordinates(shapely.minimum_rotated_rectangle(footprint))[:4]
    if len(c) < 4:
        x0, y0, x1, y1 = shapely.bounds(footprint)
        return (float(x0), float(y0)), (float(x1), float(y1))
    a, b = math.dist(c[0], c[1]), math.dist(c[1], c[2])
    if a >= b:  # sides 0-1 and 2-3 are long: the ends are the mid-points of 1-2 and 3-0
        e1, e2 = (c[1] + c[2]) / 2, (c[3] + c[0]) / 2
    else:
        e1, e2 = (c[0] + c[1]) / 2, (c[2] + c[3]) / 2
    return (float(e1[0]), float(e1[1])), (float(e2[0]), float(e2[1]))


def _on_surface(figure: Base, solid: Solid, step: float) -> bool:
    return (solid.surface and abs(solid.top - figure.z) <= step
            and bool(shapely.intersects_xy(solid.footprint, figure.x, figure.y)))


def slide(
    figure: Base,
    slidable_solid: Solid,
    index: TerrainIndex | None,
    others: Sequence[Base] | BaseArray = (),
    *,
    direction: tuple[float, float] | float | None = None,
    step: float = 3.0,
    eps_contact: float = 1.0,
) -> LeapOutcome:
    """Slide along a wet table top the figure stands on, or down a banister it touches.

    See the module docstring for the reading. Sets Momentum (OFA-7.2, OFA-GM.3) when it moves.
    """
    rules = ("OFA-2A.2", "OFA-GM.3", "OFA-7.2", "OFA-4A.4")
    if not slidable_solid.slidable:
        return _illegal(figure, "slide", "slide", f"{slidable_solid.id} is not slidable "
                        "(OFA-2A.2; spill something on a table first, OFA-GM.3)", "OFA-2A.2",
                        rules)
    e1, e2 = _long_axis(slidable_solid.footprint)
    if direction is not None:
        ux, uy = unit_direction(direction)
    else:
        far = max((e1, e2), key=lambda e: math.hypot(e[0] - figure.x, e[1] - figure.y))
        near = e1 if far is e2 else e2
        ux, uy = unit_direction((far[0] - near[0], far[1] - near[1]))
    start = (figure.x, figure.y)
    if _on_surface(figure, slidable_solid, step):
        res = sweep_disc(start, figure.radius, (ux, uy), math.inf, index, others, z=figure.z,
                         height=figure.height, step=step, ignore_bases=(figure.id,))
        if not math.isfinite(res.distance):
            raise ValueError("slide meets nothing: the table has no bounds")
        end = (float(res.x), float(res.y))
        path: tuple[Point3, ...] = ((figure.x, figure.y, figure.z), (end[0], end[1], figure.z))
        moved = res.distance > 0.0
        return LeapOutcome(figure.id, "slide", "table", moved,
                           "" if moved else "nothing to slide: already at the edge (OFA-2A.2)",
                           "OFA-GM.3", start, figure.z, end if moved else start, figure.z, path,
                           float(res.distance), 0.0, 0.0, 0.0, moved, res.kind, res.id,
                           res.touches, rules, figure.radius)
    # a rail (banister): ride its long axis to the far end
    if solid_contact(figure, slidable_solid, eps_contact=eps_contact) is None:
        return _illegal(figure, "slide", "rail", f"{figure.id} does not touch {slidable_solid.id} "
                        "(OFA-0.3)", "OFA-2A.2", rules)
    ends = sorted((e1, e2), key=lambda e: (e[0] - figure.x) * ux + (e[1] - figure.y) * uy)
    near, far = ends
    ax, ay = unit_direction((far[0] - near[0], far[1] - near[1]))
    if ax * ux + ay * uy <= 0.0:
        ax, ay = ux, uy
    r = figure.radius
    fx, fy = far[0] + ax * r, far[1] + ay * r  # lands just past the far end, touching it
    z_far = index.standing_level(fx, fy) if index is not None else 0.0
    if z_far > figure.z + step:
        return _illegal(figure, "slide", "rail", f"the far end of {slidable_solid.id} is higher "
                        "up: a banister is slid down, not up (OFA-2A.2)", "OFA-2A.2", rules,
                        rise=z_far - figure.z)
    # start on the rail's axis, level with the figure
    L2 = (far[0] - near[0]) ** 2 + (far[1] - near[1]) ** 2
    lam = ((figure.x - near[0]) * (far[0] - near[0]) + (figure.y - near[1]) * (far[1] - near[1]))
    lam = min(max(lam / L2, 0.0), 1.0) if L2 > 0 else 0.0
    sx, sy = near[0] + lam * (far[0] - near[0]), near[1] + lam * (far[1] - near[1])
    length = math.hypot(fx - sx, fy - sy)
    supports: list[str] = [slidable_solid.id]
    if index is not None and len(index):
        near_ids = index.tree.query(slidable_solid.footprint, predicate="dwithin",
                                    distance=r)
        supports += [index.solids[int(i)].id for i in near_ids]
    res = sweep_disc((sx, sy), r, (ax, ay), length, index, others, z=z_far,
                     height=figure.height, step=step, surface_edge=False,
                     ignore=tuple(supports), ignore_bases=(figure.id,))
    ex, ey = float(res.x), float(res.y)
    z_end = (index.standing_level(ex, ey, below=figure.z + step) if index is not None else 0.0)
    path = ((figure.x, figure.y, figure.z), (sx, sy, figure.z), (ex, ey, z_end))
    dist = math.hypot(ex - figure.x, ey - figure.y)
    return LeapOutcome(figure.id, "slide", "rail", True, "", "OFA-2A.2", start, figure.z,
                       (ex, ey), z_end, path, dist, 0.0, 0.0, max(0.0, figure.z - z_end), True,
                       res.kind, res.id, res.touches, rules, r)


# --------------------------------------------------------------------------------------------
# Stairs (OFA-2A.2 with the limits of OFA-MG.1/MG.2 on every step)


def _level_under(index: TerrainIndex, x: float, y: float, overhead: float) -> float:
    """The top of the highest surface under (x, y) whose underside is below ``overhead`` (a
    balcony whose underside clears the figure's head is overhead, not a step)."""
    idx = index.query(shapely.points(x, y))
    tops = [float(index.top[i]) for i in idx if index.surface[i] and index.bottom[i] < overhead]
    return max(tops, default=0.0)


def _level_profile(index: TerrainIndex, x0: float, y0: float, ux: float, uy: float,
                   length: float, z0: float, overhead: float) -> list[tuple[float, float]]:
    """(distance, level) knots of the path: the level changes where it crosses a surface edge.

    Each stretch takes the highest surface under its mid-point that is not overhead, i.e. whose
    underside is below the previous stretch's level plus ``overhead`` (the figure's height).
    """
    if length <= 0.0:
        return [(0.0, z0)]
    seg = LineString([(x0, y0), (x0 + ux * length, y0 + uy * length)])
    cand = [int(i) for i in index.query(seg) if index.surface[i]]
    ts = {0.0, length}
    for i in cand:
        hit = shapely.intersection(shapely.boundary(index.footprints[i]), seg)
        for px, py in shapely.get_coordinates(hit).tolist():
            ts.add(min(length, max(0.0, (px - x0) * ux + (py - y0) * uy)))
    knots = sorted(ts)
    out: list[tuple[float, float]] = []
    level = z0
    for a, b in zip(knots[:-1], knots[1:], strict=True):
        if b - a <= 1e-9:
            continue
        m = (a + b) / 2
        level = _level_under(index, x0 + ux * m, y0 + uy * m, level + overhead)
        out.append((a, level))
    return out or [(0.0, z0)]


def stairs(
    figure: Base,
    landing_xy: tuple[float, float],
    index: TerrainIndex,
    others: Sequence[Base] | BaseArray = (),
    *,
    step: float = 3.0,
) -> LeapOutcome:
    """Run straight up or down stairs to ``landing_xy`` (OFA-2A.2): every step up at most
    ``H/2`` (OFA-MG.2), every step down at most ``H`` (OFA-MG.1). A figure on the way stops the
    run in contact with it; surfaces are walked over, anything else stops it. No Momentum."""
    rules = ("OFA-2A.2", "OFA-MG.2", "OFA-MG.1")
    lx, ly = float(landing_xy[0]), float(landing_xy[1])
    dist = math.hypot(lx - figure.x, ly - figure.y)
    if dist <= 0.0:
        return _illegal(figure, "stairs", "stairs", "no distance to run", "OFA-2A.2", rules)
    ux, uy = (lx - figure.x) / dist, (ly - figure.y) / dist
    h = figure.height
    profile = _level_profile(index, figure.x, figure.y, ux, uy, dist, figure.z, h)
    levels = [figure.z] + [z for _, z in profile]
    for a, b in zip(levels[:-1], levels[1:], strict=True):
        if b - a > h / 2 + 1e-9:
            return _illegal(figure, "stairs", "stairs", f"a step of {b - a:g} mm is more than half "
                            "the figure's height (OFA-MG.2)", "OFA-MG.2", rules, rise=b - a)
        if a - b > h + 1e-9:
            return _illegal(figure, "stairs", "stairs", f"a drop of {a - b:g} mm is more than "
                            "the figure's height (OFA-MG.1)", "OFA-MG.1", rules, drop=a - b)
    lo, hi = min(levels), max(levels)
    walked = [index.solids[int(i)].id for i in range(len(index)) if index.surface[int(i)]]
    res = sweep_disc((figure.x, figure.y), figure.radius, (ux, uy), dist, index, others, z=lo,
                     height=hi - lo + h, step=step, surface_edge=False, ignore=tuple(walked),
                     ignore_bases=(figure.id,))
    t = float(res.distance)
    z_end = profile[0][1]
    for a, z in profile:
        if a <= t + 1e-9:
            z_end = z
    ex, ey = figure.x + ux * t, figure.y + uy * t
    path = tuple([(figure.x, figure.y, figure.z)]
                 + [(figure.x + ux * a, figure.y + uy * a, z) for a, z in profile if 0 < a < t]
                 + [(ex, ey, z_end)])
    return LeapOutcome(figure.id, "stairs", "stairs", True, "", "OFA-MG.2", (figure.x, figure.y),
                       figure.z, (ex, ey), z_end, path, t, 0.0, max(0.0, z_end - figure.z),
                       max(0.0, figure.z - z_end), False, res.kind, res.id, res.touches, rules,
                       figure.radius)
