"""Brute-force references and play-made positions for the degenerate-position properties (issue 14).

Shared by ``test_degenerate_sight.py`` and ``test_degenerate_cover_templates.py``; it holds no
tests of its own but a few checks of the references themselves.

The references are written from the documented model, not from the code: no convex pieces, no
Cyrus-Beck, no projection. A 3-D segment from ``a`` to ``b`` is blocked by a sight-blocking solid
(footprint x [bottom, top]) when some point of it comes within ``tol`` of the solid: its height
lies in ``[bottom - tol, top + tol]`` and its plan point within ``tol`` of the footprint (Shapely's
distance of the plan sub-segment). Not counted (the model in ``game/geometry/sight/``):

* contacts within ``END_SKIP * EPS`` (length) of either end;
* a solid whose inside holds the eye (``bottom + EPS < z < top - EPS``, plan strictly inside);
* the contact of an end that touches a solid and heads away from a face it touches (the cosine
  with that face's outward normal above ``ALONG``): a point on a roof seen from above, an eye on a
  roof looking up. Along a face (``|cos| <= ALONG``) it grazes, and grazing blocks. (A footprint
  that is not convex is cut into Delaunay triangles for this rule: leaving every triangle it
  touches is leaving the solid.)

Every answer of the code is compared with the reference at ``EPS / 100`` and at ``EPS * 100``; the
two must agree (``decisive``), so a property never depends on how a tolerance is rounded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from hypothesis import reject
from shapely.affinity import rotate, translate
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from game.geometry.bases import Base
from game.geometry.sight.segments import END_SKIP
from game.geometry.sight.shadows import RIM_SEGMENTS
from game.geometry.sweep import move_until_contact
from game.geometry.terrain import Solid
from game.geometry.tolerance import ALONG, EPS

#: the two tolerances a decisive position must not tell apart
TOL_LO, TOL_HI = EPS / 100.0, EPS * 100.0
#: a fraction of a silhouette: the code's exact area against the brute force's bisection
FRAC_TOL = 1e-9
#: the size of a "tiny" move across a degenerate position, at the place where it matters
NUDGE = 1e-6


# --------------------------------------------------------------------------------------------
# Positions made the way play makes them
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """A local frame (u along a wall face, w out of it) turned by ``angle`` and moved to
    ``origin``: world coordinates come out of float arithmetic, as on a real table."""

    ox: float
    oy: float
    angle: float

    @property
    def c(self) -> float:
        return math.cos(self.angle)

    @property
    def s(self) -> float:
        return math.sin(self.angle)

    def xy(self, u: float, w: float) -> tuple[float, float]:
        return (self.ox + u * self.c - w * self.s, self.oy + u * self.s + w * self.c)

    def vec(self, u: float, w: float) -> tuple[float, float]:
        return (u * self.c - w * self.s, u * self.s + w * self.c)

    def local(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = x - self.ox, y - self.oy
        return (dx * self.c + dy * self.s, -dx * self.s + dy * self.c)

    def shape(self, g: BaseGeometry) -> BaseGeometry:
        """A local polygon on the table (Shapely turns and moves it: its own rounding)."""
        return translate(rotate(g, self.angle, origin=(0.0, 0.0), use_radians=True), self.ox, self.oy)


def swept(mover: Base, direction: tuple[float, float], index, others: Sequence[Base] = (),
          expect: str | None = None) -> Base:
    """The mover after a straight move (OFA-2B.1) until it touches something; checks what."""
    res = move_until_contact(mover, direction, math.inf, index, list(others))
    assert res.stopped and res.distance > 0.0, res
    if expect is not None:
        assert expect in {t.id for t in res.touches}, (expect, res.touches)
    return mover.moved(res.x, res.y)


def nudged(b: Base, dx: float, dy: float) -> Base:
    return b.moved(b.x + dx, b.y + dy)


# --------------------------------------------------------------------------------------------
# Segments against solids
# --------------------------------------------------------------------------------------------


def _eye_inside(s: Solid, a: np.ndarray) -> bool:
    """sight: a solid whose inside (not its surface) holds the eye is ignored for that eye."""
    return (s.bottom + EPS < a[2] < s.top - EPS) and bool(s.footprint.contains(Point(a[0], a[1])))


def _convex(g: BaseGeometry) -> bool:
    return isinstance(g, Polygon) and not g.interiors and g.convex_hull.area - g.area <= 1e-9 * g.area


def _convex_parts(g: BaseGeometry) -> list[Polygon]:
    """The footprint itself when convex, else its constrained Delaunay triangles: the end-contact
    rule is about leaving a convex part (a segment that leaves every part it touches at an end
    leaves the solid; one that runs into a part does not)."""
    if _convex(g):
        return [g]
    return [t for t in shapely.get_parts(shapely.constrained_delaunay_triangles(g)) if t.area > 0.0]


def _faces_touched(fp: Polygon, bottom: float, top: float, p: np.ndarray,
                   tol: float) -> list[np.ndarray] | None:
    """Outward unit normals (3-D) of the faces of the convex prism fp x [bottom, top] that the
    point touches within tol; None when it does not touch the prism at all."""
    if not (bottom - tol <= p[2] <= top + tol):
        return None
    pt = Point(p[0], p[1])
    if fp.distance(pt) > tol:
        return None
    out = []
    if p[2] >= top - tol:
        out.append(np.array([0.0, 0.0, 1.0]))
    if p[2] <= bottom + tol:
        out.append(np.array([0.0, 0.0, -1.0]))
    c = np.asarray(orient(fp, 1.0).exterior.coords)[:, :2]  # counter-clockwise: outward = right
    for p0, p1 in zip(c[:-1], c[1:], strict=True):
        if LineString([p0, p1]).distance(pt) <= tol:
            e = p1 - p0
            out.append(np.array([e[1], -e[0], 0.0]) / math.hypot(e[0], e[1]))
    return out


def blocked_many(solids: Sequence[Solid], eye: Sequence[float], pts: np.ndarray,
                 tol: float = EPS) -> np.ndarray:
    """For each point: is the 3-D segment eye -> point blocked (the model above, at ``tol``)?"""
    a = np.asarray(eye, dtype=float)
    pts = np.asarray(pts, dtype=float).reshape(-1, 3)
    d = pts - a
    length = np.sqrt(np.einsum("ij,ij->i", d, d))
    unit = d / length[:, None]
    tau = END_SKIP * EPS / length
    out = np.zeros(len(pts), dtype=bool)
    for s in solids:
        if not s.blocks_sight or _eye_inside(s, a):
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            ta = (s.bottom - tol - a[2]) / d[:, 2]
            tb = (s.top + tol - a[2]) / d[:, 2]
        level = d[:, 2] == 0.0
        band = (s.bottom - tol <= a[2]) & (a[2] <= s.top + tol)
        lo = np.where(level, np.where(band, 0.0, np.inf), np.minimum(ta, tb))
        hi = np.where(level, np.where(band, 1.0, -np.inf), np.maximum(ta, tb))
        lo, hi = np.maximum(lo, tau), np.minimum(hi, 1.0 - tau)
        for fp in _convex_parts(s.footprint):
            todo = np.flatnonzero((lo <= hi) & ~out)
            if not len(todo):
                break
            # an end touching the part and heading away from it: that contact is the end's
            eye_faces = _faces_touched(fp, s.bottom, s.top, a, tol)
            away = np.zeros(len(todo), dtype=bool)
            if eye_faces:
                away = (np.array(eye_faces) @ unit[todo].T > ALONG).any(axis=0)
            ends = pts[todo]
            end_touches = ((s.bottom - tol <= ends[:, 2]) & (ends[:, 2] <= s.top + tol)
                           & (shapely.distance(shapely.points(ends[:, :2]), fp) <= tol))
            for j in np.flatnonzero(end_touches & ~away).tolist():
                faces = _faces_touched(fp, s.bottom, s.top, ends[j], tol) or []
                away[j] = any(float(n @ -unit[todo[j]]) > ALONG for n in faces)
            k = todo[~away]
            if not len(k):
                continue
            p0 = a[:2] + lo[k, None] * d[k, :2]
            p1 = a[:2] + hi[k, None] * d[k, :2]
            lines = shapely.linestrings(np.stack([p0, p1], axis=1))
            out[k] = shapely.distance(lines, fp) <= tol
    return out


def blocked(solids: Sequence[Solid], eye: Sequence[float], point: Sequence[float],
            tol: float = EPS) -> bool:
    return bool(blocked_many(solids, eye, np.asarray(point, dtype=float), tol)[0])


def decisive_blocked(solids: Sequence[Solid], eye: Sequence[float], point: Sequence[float]) -> bool:
    """The reference answer for one segment; the position must not depend on the tolerance."""
    lo, hi = blocked(solids, eye, point, TOL_LO), blocked(solids, eye, point, TOL_HI)
    assert lo == hi, f"not a decisive position: blocked at eps/100 {lo}, at eps*100 {hi}"
    return lo


def decisive_point(point, solids: Sequence[Solid], eye: Sequence[float]) -> tuple[float, float, float]:
    """``point(hair)`` for the smallest hair of NUDGE, 10 NUDGE, ... 1e3 NUDGE that the brute
    force decides the same way at eps/100 and eps*100 (a hair in plan is less in 3-D where the
    line is steep and the corner sharp)."""
    for k in range(4):
        p = point(NUDGE * 10.0**k)
        if blocked(solids, eye, p, TOL_LO) == blocked(solids, eye, p, TOL_HI):
            return p
    # the nudge does not move the line off the tolerance (a hair in plan along a line that lies
    # in a face's plane): the reference cannot decide this position, so it proves nothing
    reject()


# --------------------------------------------------------------------------------------------
# A figure: samples of its silhouette and rim, and whether it is seen
# --------------------------------------------------------------------------------------------


def target_points(eye: Sequence[float], t: Base, nu: int = 17, nv: int = 9) -> np.ndarray:
    """Points of the target (HD-RANGED-7): a grid on the silhouette rectangle, edges included,
    and the corners of the model's rim polygon (all on the circle), at its standing level."""
    ex, ey = float(eye[0]), float(eye[1])
    dx, dy = t.x - ex, t.y - ey
    dist = math.hypot(dx, dy)
    nx, ny = -dy / dist, dx / dist
    u = np.linspace(-t.radius, t.radius, nu)
    v = np.linspace(0.0, t.height, nv)
    uu, vv = np.meshgrid(u, v)
    sil = np.column_stack([t.x + nx * uu.ravel(), t.y + ny * uu.ravel(), t.z + vv.ravel()])
    ang = np.linspace(0.0, 2.0 * np.pi, RIM_SEGMENTS, endpoint=False)
    rim = np.column_stack([t.x + t.radius * np.cos(ang), t.y + t.radius * np.sin(ang),
                           np.full(len(ang), t.z)])
    return np.vstack([sil, rim])


def decisive_seen(solids: Sequence[Solid], eye: Sequence[float], t: Base) -> bool:
    """Seen when a sampled point is decisively clear; hidden when every sample is blocked even
    at eps/100 (the scenes make sure that no unsampled sliver could be seen)."""
    pts = target_points(eye, t)
    clear_hi = ~blocked_many(solids, eye, pts, TOL_HI)
    if clear_hi.any():
        return True
    clear_lo = ~blocked_many(solids, eye, pts, TOL_LO)
    assert not clear_lo.any(), "not a decisive position: a sample is clear only at eps/100"
    return False


# --------------------------------------------------------------------------------------------
# The hidden fraction of a silhouette behind full-height walls: columns, found by bisection
# --------------------------------------------------------------------------------------------


def column_fraction(solids: Sequence[Solid], eye: Sequence[float], t: Base, n: int = 1025) -> float:
    """Hidden fraction of the silhouette when every solid spans all heights of every sight line
    (bottom <= the lowest point, top >= the highest): then a column u is hidden iff its plan
    segment meets a footprint, and the hidden set is a union of whole columns. Its measure: n
    samples, then 80 bisections at each change. As in cover.py (areas of the solids' central
    projections) the contacts at the ends count: a silhouette that enters a wall by a hair is
    hidden there by that hair, which the END_SKIP rule of single sight lines would not see."""
    e = np.asarray(eye, dtype=float)
    lo_z, hi_z = min(e[2], t.z), max(e[2], t.z + t.height)
    feet = [s.footprint for s in solids if s.blocks_sight and not _eye_inside(s, e)]
    for s in solids:
        if s.blocks_sight and not _eye_inside(s, e):
            assert s.bottom <= lo_z and s.top >= hi_z, "column_fraction needs full-height solids"
    dx, dy = t.x - e[0], t.y - e[1]
    dist = math.hypot(dx, dy)
    nx, ny = -dy / dist, dx / dist
    union = shapely.union_all(feet) if feet else Polygon()
    shapely.prepare(union)

    def hidden(us: np.ndarray) -> np.ndarray:
        q = np.column_stack([t.x + nx * us, t.y + ny * us])
        a = np.broadcast_to(e[:2], q.shape)
        return shapely.intersects(union, shapely.linestrings(np.stack([a, q], axis=1)))

    us = np.linspace(-t.radius, t.radius, n)
    h = hidden(us)
    total = 0.0
    for k in range(n - 1):
        if h[k] and h[k + 1]:
            total += us[k + 1] - us[k]
        elif h[k] != h[k + 1]:
            lo, hi = us[k], us[k + 1]
            for _ in range(80):
                mid = 0.5 * (lo + hi)
                if hidden(np.array([mid]))[0] == h[k]:
                    lo = mid
                else:
                    hi = mid
            total += (lo - us[k]) if h[k] else (us[k + 1] - lo)
    return total / (2.0 * t.radius)


# --------------------------------------------------------------------------------------------
# Checks of the references themselves
# --------------------------------------------------------------------------------------------


def test_reference_HD_EXPL_1_examples_and_grazing() -> None:
    """HD-EXPL-1 examples and the graze of a top edge, by the brute force alone."""
    from shapely.geometry import box

    def wall(top: float) -> Solid:
        return Solid("w", box(8.8, -50, 9.0, 50), 0.0, top)

    assert blocked([wall(0.2)], (0, 0, 1), (10, 0, 0))
    assert not blocked([wall(0.05)], (0, 0, 1), (10, 0, 0))
    assert decisive_blocked([wall(0.1)], (0, 0, 1), (10, 0, 0))  # grazes the top edge
    assert not decisive_blocked([wall(0.1 - 1e-6)], (0, 0, 1), (10, 0, 0))
    roof = Solid("roof", box(5, -2, 9, 2), 0.0, 2.0)
    assert not decisive_blocked([roof], (0, 0, 5), (7, 0, 2))  # a point on a roof, from above
    assert decisive_blocked([roof], (0, 0, 2), (7, 0, 2))  # along the roof: grazes
    assert not decisive_blocked([roof], (-1000, 0, 2.5), (7, 0, 2))  # a shallow look from afar
    assert not decisive_blocked([roof], (7, 0, 2), (100, 0, 2.05))  # from the roof, rising


def test_reference_column_fraction_of_the_HD_RANGED_9_style_half_wall() -> None:
    """A full-height wall whose end is on the line eye -> target centre hides exactly half."""
    from shapely.geometry import box

    t = Base("t", 100.0, 0.0, 12.5, 0.0, 40.0)
    wall = Solid("w", box(40, -60, 42, 0), 0.0, 80.0)
    assert abs(column_fraction([wall], (0, 0, 40), t) - 0.5) <= 1e-12
    assert column_fraction([wall], (0, 1e-3, 40), t) < 0.5 - 1e-6
