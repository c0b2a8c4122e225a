"""The straight-line sweep of a disc until it touches something (OFA-0.4, OFA-2B.1, OFA-5D.1).

One primitive, :func:`sweep_disc`, moves a disc of any radius along a direction until the first
contact with a blocker; :func:`move_until_contact` is the figure's move on top of it. Push-backs
(OFA-5D.1) call it with ``length=math.inf``, a rolled barrel (OFA-MG.4) with its own radius.

Exact, not stepped: each blocking polygon edge is a segment, and the moving disc first touches it
when the centre enters the segment's capsule (the segment grown by the radius): the near side face
of the straight part, or a quadratic for the end circle. Another base is a zero-length segment
whose capsule radius is the sum of the radii. Candidates are the edges (kept per vertical band in
an STRtree of their boxes, with the bases once the same ``BaseArray`` comes back) whose boxes meet
the bounding box of the swept band, in stretches of growing length (75 mm, to 250 mm, then
doubling) until a contact lies within the searched stretch; the few whose segment comes within
``r`` of the path's line get exact times in plain float math. About 40 us a move on a busy table,
and no wall is ever tunnelled, however thin or fast the move. Contacts where the path only grazes a capsule (penetration ≤
``eps``, e.g. sliding along a wall past its corner) do not stop it.

What blocks (OFA-0.4): a solid whose vertical span overlaps ``(z + step, z + height)`` (so a
``flat`` solid never blocks, nor one that ends a step above the feet, nor one that starts at head
height), another base whose span ``[z_o, z_o + H_o]`` overlaps the same band, the board edge (the
centre stays ``radius`` inside ``index.bounds``), and on a raised surface the edge of that surface:
the centre stops on it (OFA-2B.1). Surfaces whose tops lie within ``step`` of ``z`` join into one
walkable area (two tables pushed together; a figure within a step of the floor walks off freely).

Already touching at the start: moving into the thing (the distance to it would shrink) does not
move at all (distance 0, that thing reported); moving away or along it is free. A centre that
starts inside a blocking footprint may only head out (towards the nearest boundary point), and
that solid is then ignored for the move.

Geometry only: no rules, no pygame. Lengths are in any one unit.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep_tables import (
    BandEdges,
    Figures,
    band_edges,
    edges_of,
    figure_rows,
    figures_for,
    joint_of,
    linework,
)
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import ALONG, EPS, SIMULTANEOUS, TOUCH, moves_into

#: kinds of thing a sweep can stop on
TERRAIN = "terrain"
FIGURE = "figure"
BOARD_EDGE = "board_edge"
SURFACE_EDGE = "surface_edge"

#: ids of the four board edges (the side of ``index.bounds`` that was reached)
EDGE_IDS = ("x_min", "y_min", "x_max", "y_max")

#: the first stretch searched is this fraction of the first 250 mm (most contacts are near)
_FIRST_CUT = 0.3

Direction = tuple[float, float] | float


@dataclass(frozen=True)
class Touch:
    """One thing the swept disc reached: its kind, id and the point of contact on the table."""

    kind: str  #: "terrain", "figure", "board_edge" or "surface_edge"
    id: str  #: solid id, base id, board side ("x_min"...), or the supporting surface's id
    point: tuple[float, float]  #: where the disc touches it (the centre for a surface edge)


@dataclass(frozen=True)
class MoveResult:
    """Where a sweep ended and what stopped it."""

    x: float  #: final centre (may be ±inf for an unbounded move in an open sandbox)
    y: float
    distance: float  #: travelled, ``min(length, first contact)``
    kind: str | None  #: what stopped it, ``None`` when it stopped in open space
    id: str | None
    point: tuple[float, float] | None  #: the contact point
    start: tuple[float, float]
    direction: tuple[float, float]  #: unit vector
    radius: float
    requested: float  #: the length asked for
    #: everything touched at the stopping distance (first = ``kind``/``id``), e.g. two guards at once
    touches: tuple[Touch, ...] = field(default=())
    #: how far the drawn band goes when ``distance`` is infinite (the search horizon)
    horizon: float = 0.0

    @property
    def end(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def stopped(self) -> bool:
        """True when something stopped the disc (rather than the requested length)."""
        return self.kind is not None

    @property
    def blocked(self) -> bool:
        """True when the disc could not move at all because it already touches what it moves into."""
        return self.kind is not None and self.distance <= 0.0

    @cached_property
    def path(self) -> BaseGeometry:
        """The swept band, ``LineString(start, end).buffer(radius)`` (for drawing; built lazily)."""
        d = self.distance if math.isfinite(self.distance) else self.horizon
        sx, sy = self.start
        ux, uy = self.direction
        if d <= 0.0:
            return Point(sx, sy).buffer(self.radius)
        return LineString([(sx, sy), (sx + ux * d, sy + uy * d)]).buffer(self.radius)

# --------------------------------------------------------------------------------------------
# The kernel


def _moving_into(a: complex, d: complex, length: float, eps: float) -> bool:
    """In the frame: does moving along +x go into this touched segment (the tolerance policy's
    "into": the cosine between +x and the way to its nearest point is above ``ALONG``)?

    The nearest point comes from a rounded projection: its component along the move is off by
    about 1e-13 of its distance, so a move exactly along the segment must not be judged by a bare
    ``> 0`` (it was, and about one slide in twenty along a touched wall stopped at 0)."""
    if length > 0.0:
        lam = min(max(-(a.conjugate() * d).real / (length * length), 0.0), 1.0)
        a = a + lam * d
    if abs(a) <= eps:
        return False  # the centre is on it (coincident centres): nothing to move into
    return moves_into(a.real, a.imag, 1.0, 0.0)


def _grazes(a: complex, d: complex, rho: float, eps: float) -> bool:
    """The infinite path line only touches the capsule: not a stop (the tolerance policy).

    It grazes when it enters by at most ``eps`` plus the drift an along move may have gathered
    by then (``ALONG`` per unit travelled, up to the segment's far end): a face made of several
    collinear edges is slid along as one, whichever edge the disc touched at the start."""
    ya, yb = a.imag, (a + d).imag
    closest = 0.0 if ya * yb <= 0.0 else min(abs(ya), abs(yb))
    return closest >= rho - eps - ALONG * max(abs(a.real), abs((a + d).real))


# --------------------------------------------------------------------------------------------
# Public API


def unit_direction(direction: Direction) -> tuple[float, float]:
    """A unit vector from ``(ux, uy)`` (any length > 0) or an angle in radians."""
    if isinstance(direction, (int, float)):  # noqa: UP038 - the tuple form is faster
        a = float(direction)
        if not math.isfinite(a):
            raise ValueError(f"direction angle must be finite, got {direction!r}")
        return (math.cos(a), math.sin(a))
    ux, uy = direction
    ux, uy = float(ux), float(uy)
    n = math.hypot(ux, uy)
    if not (n > 0.0 and math.isfinite(n)):
        raise ValueError(f"direction must be a non-zero finite vector, got {direction!r}")
    return (ux / n, uy / n)


def _surface_exit(index: TerrainIndex, cx: float, cy: float, ux: float, uy: float, horizon: float,
                  z: float, step: float, ignore: Collection[str]) -> tuple[float, str] | None:
    """Distance at which the centre leaves the walkable surface at level ``z`` (OFA-2B.1).

    The walkable area is the union of the surfaces whose tops lie within ``step`` of ``z``. None
    when the centre is not on such a surface (nothing known to walk off), or never leaves it.
    """
    ex, ey = cx + ux * horizon, cy + uy * horizon
    seg = shapely.linestrings([(cx, cy), (ex, ey)])
    cand = [int(i) for i in index.tree.query(seg, predicate="dwithin", distance=TOUCH)
            if index.surface[i] and abs(index.top[i] - z) <= step
            and index.solids[i].id not in ignore]
    if not cand:
        return None
    area = shapely.union_all(index.footprints[cand])
    # on it within TOUCH (the tolerance policy): a centre stopped on the edge by an earlier move
    # lies a rounding error off it, on either side
    if not shapely.dwithin(area, Point(cx, cy), TOUCH):
        return None
    out_now = _leaves_edge_at_once(area, cx, cy, ux, uy)
    if out_now:
        return 0.0, index.solids[cand[0] if len(cand) == 1 else max(
            (i for i in cand if shapely.dwithin(index.footprints[i], Point(cx, cy), TOUCH)),
            key=lambda i: index.top[i], default=cand[0])].id
    # crossings of the centre's path with the area's boundary, then the first uncovered stretch
    ts = [0.0, horizon]
    for run in linework(shapely.boundary(area) if shapely.get_type_id(area) in (3, 6) else area):
        a, b = run[:-1], run[1:]
        d = b - a
        denom = ux * d[:, 1] - uy * d[:, 0]
        wx, wy = a[:, 0] - cx, a[:, 1] - cy
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            t = (wx * d[:, 1] - wy * d[:, 0]) / denom
            s = (wx * uy - wy * ux) / denom
        ok = (denom != 0.0) & (s >= -1e-12) & (s <= 1 + 1e-12) & (t >= 0.0) & (t <= horizon)
        ts.extend(t[ok].tolist())
    knots = np.unique(np.asarray(ts))
    if len(knots) < 2:
        return None
    mids = (knots[:-1] + knots[1:]) / 2
    # a stretch within TOUCH of the area is on it: sliding along the edge stays on the surface
    covered = shapely.dwithin(area, shapely.points(cx + ux * mids, cy + uy * mids), TOUCH)
    outside = np.flatnonzero(~covered)
    if not len(outside):
        return None
    k = int(outside[0])
    t_exit = float(knots[k])
    # the surface walked off: the highest one under the last covered point before the exit
    back = float(mids[k - 1]) if k > 0 else 0.0
    px, py = cx + ux * back, cy + uy * back
    under = [i for i in cand if shapely.dwithin(index.footprints[i], Point(px, py), TOUCH)]
    best = max(under, key=lambda i: index.top[i]) if under else cand[0]
    return t_exit, index.solids[best].id


def _leaves_edge_at_once(area: BaseGeometry, cx: float, cy: float, ux: float, uy: float) -> bool:
    """A centre within TOUCH of the inside of an edge of the walkable area, heading out across it
    (the cosine with the edge's outward normal above ALONG): it already touches the edge, so it
    stops at once (the tolerance policy), however small the gap rounding left. Corners are left
    to the crossing search."""
    if shapely.get_type_id(area) not in (3, 6):
        return False
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for part in shapely.get_parts(area):
        for ring in shapely.get_rings(part):
            xy = shapely.get_coordinates(ring)
            a, d = xy[:-1], xy[1:] - xy[:-1]
            l2 = np.einsum("ij,ij->i", d, d)
            ok = l2 > 0.0
            if not ok.any():
                continue
            a, d, l2 = a[ok], d[ok], l2[ok]
            lam = np.clip(((cx - a[:, 0]) * d[:, 0] + (cy - a[:, 1]) * d[:, 1]) / l2, 0.0, 1.0)
            qx, qy = a[:, 0] + lam * d[:, 0], a[:, 1] + lam * d[:, 1]
            dist = np.hypot(cx - qx, cy - qy)
            k = int(np.argmin(dist))
            if best is None or dist[k] < best[0]:
                best = (float(dist[k]), np.array([lam[k], l2[k]]), d[k])
    if best is None or best[0] > TOUCH:
        return False
    dist, (lam, l2), d = best
    length = math.sqrt(l2)
    if not (TOUCH < lam * length < length - TOUCH):
        return False  # at a corner
    nx, ny = d[1] / length, -d[0] / length  # one normal of the edge; which side is out?
    mx, my = cx + nx * 1e-3, cy + ny * 1e-3
    if shapely.intersects_xy(area, mx, my) and not shapely.intersects_xy(area, cx - nx * 1e-3,
                                                                          cy - ny * 1e-3):
        nx, ny = -nx, -ny
    return nx * ux + ny * uy > ALONG


def _board_exit(bounds: tuple[float, float, float, float], cx: float, cy: float, ux: float,
                uy: float, r: float) -> tuple[float, int]:
    """Distance until the centre comes within r of the board edge, and which side (OFA-2B.1).

    A component of the direction within ``ALONG`` of zero moves along that pair of sides (the
    tolerance policy): a figure touching the east edge slides north along it, even when its
    direction came out of a rounded angle with a last-bit component towards the edge."""
    x0, y0, x1, y1 = bounds
    best, side = math.inf, -1
    # within TOUCH of a side it already touches it: moving into it does not move (the policy),
    # however small the gap a slide along it left
    gaps = (cx - x0 - r, cy - y0 - r, x1 - r - cx, y1 - r - cy)
    for k, (toward, gap) in enumerate(((-ux, gaps[0]), (-uy, gaps[1]), (ux, gaps[2]),
                                       (uy, gaps[3]))):
        if toward > ALONG and gap <= TOUCH:
            return 0.0, k
    if ux > ALONG:
        best, side = (x1 - r - cx) / ux, 2
    elif ux < -ALONG:
        best, side = (x0 + r - cx) / ux, 0
    if uy > ALONG:
        t = (y1 - r - cy) / uy
        if t < best:
            best, side = t, 3
    elif uy < -ALONG:
        t = (y0 + r - cy) / uy
        if t < best:
            best, side = t, 1
    return max(0.0, best), side


def _boxes_meet(fp: BaseGeometry, x0: float, y0: float, x1: float, y1: float) -> bool:
    bx0, by0, bx1, by1 = fp.bounds
    return bx0 <= x1 and x0 <= bx1 and by0 <= y1 and y0 <= by1


def _heads_out(fp: BaseGeometry, cx: float, cy: float, ux: float, uy: float) -> bool:
    """For a centre inside (or on) a footprint: does moving along u head out of it?"""
    boundary = shapely.boundary(fp) if shapely.get_type_id(fp) in (3, 6) else fp
    q = shapely.get_coordinates(shapely.shortest_line(Point(cx, cy), boundary))[-1]
    vx, vy = float(q[0]) - cx, float(q[1]) - cy
    if math.hypot(vx, vy) > EPS:
        return moves_into(vx, vy, ux, uy)  # towards the nearest boundary point
    probe = 1e-6
    return not shapely.contains_xy(fp, cx + ux * probe, cy + uy * probe)


_Found = tuple[float, int, str, str, tuple[float, float]]


def sweep_disc(
    centre: tuple[float, float],
    radius: float,
    direction: Direction,
    length: float,
    index: TerrainIndex | None = None,
    others: Sequence[Base] | BaseArray = (),
    *,
    z: float = 0.0,
    height: float = 40.0,
    step: float = 3.0,
    surface_edge: bool = True,
    board_edge: bool = True,
    ignore: Collection[str] = (),
    ignore_bases: Collection[str] = (),
    eps: float = EPS,
    touch_tol: float = TOUCH,
) -> MoveResult:
    """Sweep a disc from ``centre`` along ``direction`` for ``length`` (may be inf) (OFA-0.4).

    ``z``/``height`` give the disc's vertical band (a figure's standing level and model height, a
    barrel's floor level and its height); ``ignore`` lists solid and base ids that never block
    (the barrel being rolled), ``ignore_bases`` base ids only (the moving figure). ``others``
    may be a ``BaseArray`` (fastest: its table is cached while it lives). ``touch_tol`` is how
    close counts as already touching at the start (at least ``eps``); ``eps`` the tolerance on
    directions and grazing.

    ``sweep_disc((0, 0), 20, (1, 0), inf, index, guards, height=30, ignore={"barrel"})``
    rolls a barrel until it meets something (OFA-MG.4).
    """
    cx, cy = float(centre[0]), float(centre[1])
    r = float(radius)
    ux, uy = unit_direction(direction)
    length = float(length)
    if not (length >= 0.0):
        raise ValueError(f"length must be >= 0, got {length!r}")
    if not (r >= 0.0 and math.isfinite(r)):
        raise ValueError(f"radius must be finite and >= 0, got {radius!r}")
    lo_band, hi_band = z + step, z + height
    touch_tol = max(touch_tol, eps)
    found: list[_Found] = []

    # --- the board edge first: it bounds the search
    horizon = length
    bounds = index.bounds if (board_edge and index is not None) else None
    if bounds is not None:
        t_board, side = _board_exit(bounds, cx, cy, ux, uy, r)
        if side >= 0 and t_board <= length:
            fx, fy = cx + ux * t_board, cy + uy * t_board
            x0, y0, x1, y1 = bounds
            pt = ((x0 if side == 0 else x1), fy) if side in (0, 2) else (fx, (y0 if side == 1 else y1))
            found.append((t_board, 2, BOARD_EDGE, EDGE_IDS[side], pt))
            horizon = t_board
    edges = edges_of(index) if index is not None and len(index) else None
    arr = others if isinstance(others, BaseArray) else BaseArray.of(list(others))
    fig_rows, fig_bounds = figure_rows(arr)
    if not math.isfinite(horizon):  # an unbounded sandbox: as far as anything could be met
        far = 0.0
        for box_ in (edges.bounds if edges is not None else None, fig_bounds or None):
            if box_:
                x0, y0, x1, y1 = box_
                far = max(far, max((x0 - cx) * ux, (x1 - cx) * ux)
                          + max((y0 - cy) * uy, (y1 - cy) * uy))
        horizon = far + r + 1.0

    c = complex(cx, cy)
    cu = complex(ux, -uy)
    ign_solids: set[int] = set()
    if edges is not None and ignore:
        ign_solids = {edges.ids[i] for i in ignore if i in edges.ids}

    # --- the other bases: tried in the first stretch (all of them); those outside the band have
    # a NaN radius, the ignored ones are skipped
    figs: Figures | None = None
    skip_fig: set[int] = set()
    if len(arr):
        figs = figures_for(arr, fig_rows, lo_band, hi_band, r, touch_tol)
        skip_fig = {figs.first_of[i] for group in (ignore, ignore_bases) for i in group
                    if i in figs.first_of}

    # --- terrain in stretches of growing length, stopping once a contact lies within the stretch.
    # Candidates are the edges whose boxes meet the box of the stretch's band (every contact
    # within the stretch is with one of them), then those whose segment comes within r + tol of
    # the path's line; the exact times are plain float math on those few.
    band = band_edges(index, edges, lo_band, hi_band) if edges is not None and index is not None else None
    joint = joint_of(band, arr) if band is not None and band.tree is not None and len(arr) else None
    held: list[int] = []  # solids holding the centre at the start: left out of the first 250 mm
    chunk0 = max(250.0, 20.0 * r)
    t0, chunk, first = 0.0, chunk0, True
    grow = r + touch_tol
    reach = grow * (1.0 + 1e-9) + 1e-12
    while True:
        # the first stretch is cut in two (fewer candidates when the contact is near)
        t1 = min(horizon, _FIRST_CUT * chunk0 if first else t0 + chunk)
        terrain: list[_Edge] = []
        figures: list[_Other] = []
        both = False  # the bases came with the edges
        if band is not None and band.tree is not None and index is not None and edges is not None:
            ax, ay, bx, by = cx + ux * t0, cy + uy * t0, cx + ux * t1, cy + uy * t1
            x0, y0 = min(ax, bx) - grow, min(ay, by) - grow
            x1, y1 = max(ax, bx) + grow, max(ay, by) + grow
            if first:
                # a centre inside a blocking footprint may only head out; the solid is then left
                # out of this stretch
                for i in band.grid.near(cx, cy):
                    if (edges.top[i] > lo_band and index.bottom[i] < hi_band and i not in ign_solids
                            and shapely.intersects_xy(index.footprints[i], cx, cy)):
                        held.append(i)
                        if not _heads_out(index.footprints[i], cx, cy, ux, uy):
                            found.append((0.0, 1, TERRAIN, index.solids[i].id, (cx, cy)))
            # a one-element array: a scalar geometry costs the query an expand_dims
            query_box = np.empty(1, dtype=object)
            query_box[0] = shapely.box(x0, y0, x1, y1)
            if joint is not None and figs is not None:
                # edges and bases at once; the bases are tried in every stretch then
                both = True
                idx = joint.tree.query(query_box)[1]
                if len(idx):
                    pa = (joint.a.take(idx) - c) * cu
                    pd = joint.d.take(idx) * cu
                    lengths, owners, ne = band.lengths, band.owner_list, joint.n_edges
                    skip = ign_solids.union(held) if (ign_solids or held) else None
                    rho_l, a_l, reach_l = figs.rho_list, figs.a_list, figs.reach_list
                    for k, p, d, ad in zip(idx.tolist(), pa.tolist(), pd.tolist(),
                                           (pa.conjugate() * pd).tolist(), strict=True):
                        if k < ne:
                            if skip is not None and owners[k] in skip:
                                continue
                            ya = p.imag
                            yb = ya + d.imag
                            if (ya if ya < yb else yb) <= reach and (ya if ya > yb else yb) >= -reach:
                                terrain.append((p, d, ad, lengths[k], k))
                        else:
                            k -= ne
                            if abs(p.imag) <= reach_l[k] and k not in skip_fig:  # NaN: never
                                figures.append((p, rho_l[k], k, a_l[k]))
                idx = idx[:0]
            else:
                idx = band.tree.query(query_box)[1]
            if len(idx) and (ign_solids or held):
                skip = ign_solids.union(held)
                idx = idx[[o not in skip for o in band.owner[idx].tolist()]]
            if len(idx):
                # in the mover's frame; kept when the segment comes within r + tol of the path's
                # line (its y range meets [-reach, reach])
                pa = (band.a.take(idx) - c) * cu
                pd = band.d.take(idx) * cu
                lengths = band.lengths
                for k, p, d, ad in zip(idx.tolist(), pa.tolist(), pd.tolist(),
                                       (pa.conjugate() * pd).tolist(), strict=True):
                    ya = p.imag
                    yb = ya + d.imag
                    if (ya if ya < yb else yb) <= reach and (ya if ya > yb else yb) >= -reach:
                        terrain.append((p, d, ad, lengths[k], k))
            if held and t0 >= chunk0:  # past the first 250 mm the held solids count whole again
                for i in held:
                    if _boxes_meet(index.footprints[i], x0, y0, x1, y1):
                        ks = np.flatnonzero(band.owner == i)
                        pa, pd = (band.a[ks] - c) * cu, band.d[ks] * cu
                        terrain += zip(pa.tolist(), pd.tolist(), (pa.conjugate() * pd).tolist(),
                                       [band.lengths[k] for k in ks.tolist()], ks.tolist(),
                                       strict=True)
        if first and figs is not None and not both:
            fp = (figs.a - c) * cu
            near = (np.abs(fp.imag) <= figs.reach).nonzero()[0]  # a NaN reach never passes
            if len(near):
                rho, a_list = figs.rho_list, figs.a_list
                figures = [(p, rho[k], k, a_list[k]) for k, p in zip(near.tolist(),
                                                                      fp.take(near).tolist(), strict=True)
                           if k not in skip_fig]
        if terrain or figures:
            _scan(found, terrain, figures, c, cu, r, touch_tol, eps, horizon, index, band, arr)
        best_t = min(found)[0] if found else math.inf
        if best_t <= t1 or t1 >= horizon:
            break
        if t1 < chunk0:  # the rest of the first 250 mm
            t0, chunk, first = t1, chunk0 - t1, False
        else:
            t0, chunk, first = t1, (chunk0 if t1 <= chunk0 else chunk) * 2.0, False

    # --- the edge of the raised surface the figure stands on
    if surface_edge and index is not None and z > step and len(index):
        out = _surface_exit(index, cx, cy, ux, uy, min(horizon, best_t), z, step, ignore)
        if out is not None:
            t, sid = out
            found.append((t, 3, SURFACE_EDGE, sid, (cx + ux * t, cy + uy * t)))
            best_t = min(best_t, t)

    # --- the result
    if found and best_t <= length:
        t_stop = max(0.0, best_t)
        touches: list[Touch] = []
        seen: set[tuple[str, str]] = set()
        for _t, _o, kind, ident, pt in sorted(f for f in found if f[0] <= best_t + SIMULTANEOUS):
            if (kind, ident) not in seen:
                seen.add((kind, ident))
                touches.append(Touch(kind, ident, pt))
        first_touch = touches[0]
        return MoveResult(cx + ux * t_stop, cy + uy * t_stop, t_stop, first_touch.kind,
                          first_touch.id, first_touch.point, (cx, cy), (ux, uy), r, length,
                          tuple(touches), t_stop)
    if math.isfinite(length):
        return MoveResult(cx + ux * length, cy + uy * length, length, None, None, None,
                          (cx, cy), (ux, uy), r, length, (), length)
    fx = cx if ux == 0.0 else math.copysign(math.inf, ux)
    fy = cy if uy == 0.0 else math.copysign(math.inf, uy)
    return MoveResult(fx, fy, math.inf, None, None, None, (cx, cy), (ux, uy), r, length, (),
                      horizon)


#: a candidate edge: A and D in the mover's frame, conj(A) D there, (|D|, |D|^2), its index in
#: the band's table
_Edge = tuple[complex, complex, complex, tuple[float, float], int]
#: a candidate base: its centre in the frame, capsule radius, index, centre on the table
_Other = tuple[complex, float, int, complex]
#: a scanned item: entry time, holds the start, A and D in the frame, capsule radius, |D|,
#: terrain?, edge or base index, the base's centre on the table
_Item = tuple[float, bool, complex, complex, float, float, bool, int, complex]
_ENTRY = operator.itemgetter(0)


def _scan(found: list[_Found], terrain: list[_Edge], figures: list[_Other], c: complex,
          cu: complex, r: float, tol: float, eps: float, horizon: float,
          index: TerrainIndex | None, band: BandEdges | None, arr: BaseArray) -> None:
    """Add the first contacts ahead (skipping grazes) and the touches moved into at the start.

    In the mover's frame (``cu`` = conj(u) turns u onto +x) a capsule of radius rho is entered
    first at the start circle, ``x - sqrt(rho^2 - y^2)``, or at the near side face of the straight
    part (approaching it, foot within the segment); ``start`` marks capsules grown by ``tol``
    that hold the start point. Plain float math: the candidates are few.
    """
    items: list[_Item] = []
    rt = r + tol
    rr, rt2 = r * r, rt * rt
    for p, d, z, (length, l2), k in terrain:
        x, y = p.real, p.imag
        yy = y * y
        q = rr - yy
        entry = x - math.sqrt(q) if q >= 0.0 else math.nan
        start = x * x + yy <= rt2
        if length > 0.0:
            cr = z.imag  # A x D: the start's signed distance from the segment's line, times L
            g = z.real  # A . D: minus the start's position along the segment, times L
            dy = d.imag
            if dy != 0.0:
                tc = cr / dy  # when the path crosses the segment's line
                t = tc - (r * length) / abs(dy)  # when it reaches the near side face
                along = t * d.real - g
                if tc > 0.0 and along >= 0.0 and along <= l2 and not t >= entry:
                    entry = t  # the earlier of the two (a NaN entry takes t)
            if not start and abs(cr) < rt * length and g * (g + l2) <= 0.0:
                start = True
        items.append((entry, start, p, d, r, length, True, k, 0j))
    for p, rho, k, a0 in figures:
        x, y = p.real, p.imag
        yy = y * y
        q = rho * rho - yy
        entry = x - math.sqrt(q) if q >= 0.0 else math.nan
        rf = rho + tol
        items.append((entry, x * x + yy <= rf * rf, p, 0j, rho, 0.0, False, k, a0))
    # the first contacts ahead, within the horizon, skipping grazes (ordered by entry time)
    ahead = sorted((it for it in items if it[0] > eps and not it[1]), key=_ENTRY)
    i, m = 0, len(ahead)
    while i < m:
        if not ahead[i][0] <= horizon:
            break
        lim = ahead[i][0] + SIMULTANEOUS
        j = i
        while j < m and ahead[j][0] <= lim:
            j += 1
        real = [it for it in ahead[i:j] if not _grazes(it[2], it[3], it[4], eps)]
        if real:
            for it in real:
                found.append(_touch(it, it[0], c, cu, r, index, band, arr))
            break
        i = j
    for it in items:
        if it[1] and _moving_into(it[2], it[3], it[5], eps):
            # within touch_tol it already touches (the policy's TOUCH): moving into it does not
            # move, even where a gap of rounding size would take a shallow move a while to close
            found.append(_touch(it, 0.0, c, cu, r, index, band, arr))



def _touch(it: _Item, t: float, c: complex, cu: complex, r: float, index: TerrainIndex | None,
           band: BandEdges | None, arr: BaseArray) -> _Found:
    """The found-entry for a scanned item reached after ``t``: kind, id and contact point."""
    pos = c + t * cu.conjugate()
    if it[6] and index is not None and band is not None:
        k = it[7]
        a, d, l2 = complex(band.a[k]), complex(band.d[k]), float(band.l2[k])
        lam = min(max(((pos - a) * d.conjugate()).real / l2, 0.0), 1.0) if l2 > 0.0 else 0.0
        q = a + lam * d
        return (t, 1, TERRAIN, index.solids[int(band.owner[k])].id, (q.real, q.imag))
    a = it[8]
    v = a - pos
    dist = abs(v)
    q = pos + v * (r / dist) if dist > 0 else pos
    return (t, 0, FIGURE, arr.ids[it[7]], (q.real, q.imag))


def move_until_contact(
    start: Base,
    direction: Direction,
    length: float,
    index: TerrainIndex | None,
    others: Sequence[Base] | BaseArray = (),
    *,
    step: float = 3.0,
    surface_edge: bool = True,
    board_edge: bool = True,
    eps: float = EPS,
) -> MoveResult:
    """Move a figure straight along ``direction`` until it touches something (OFA-2B.1).

    ``others`` may include ``start`` itself (matched by id, ignored); pass a ``BaseArray`` built
    once per position (treat it as immutable: its table is cached) rather than a list, which is
    converted on every call. The figure keeps its level: flat things it ends on are for contact
    queries; climbing is an action, not a move.

    ``move_until_contact(athos, (1, 0), 500, index, guards).kind`` → ``"terrain"`` (the barrel).
    """
    return sweep_disc(
        (start.x, start.y), start.radius, direction, length, index, others,
        z=start.z, height=start.height, step=step, surface_edge=surface_edge,
        board_edge=board_edge, ignore_bases=(start.id,), eps=eps,
    )
