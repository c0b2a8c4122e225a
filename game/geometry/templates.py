"""Templates: the round blast and the cone, who is under them, who is saved by full cover.

Pure functions over numpy and Shapely. Geometry is unit-agnostic: every length in one call is in
the same unit (millimetres on a Board, fathoms in Helldorado's examples), so the template sizes are
parameters (a mm board passes 3, 6 and 2 fathoms converted to mm).

Rule references are to the Helldorado spec (``shared/rules/helldorado.md``): HD-EXPL-3/6/12 (the
blast), HD-TMPL-2/3 (the cone), HD-TMPL-8 (full cover), HD-TMPL-11/12 (impact-blast order).

Visibility for "saved by full cover" is a callable ``sees(point3d, base) -> bool`` (True when any
part of the base is visible from the point, terrain only). Pass one explicitly, or pass the
board's ``TerrainIndex`` as ``index`` to use ``game.geometry.sight.point_sees_base``; with neither,
nobody is hidden.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base, BaseArray, edge_distance
from game.geometry.sight import point_sees_base
from game.geometry.tolerance import EPS

if TYPE_CHECKING:
    from game.geometry.terrain import TerrainIndex

#: ``sees(point, base)``: True when any part of ``base`` is visible from the 3-D ``point``.
Sees = Callable[[tuple[float, float, float], Base], bool]

#: Template kinds in ``TemplateResult.kind``.
EXPLOSION, CLOUD, IMPACT = "explosion", "cloud", "impact"


def _as_array(bases: BaseArray | Sequence[Base]) -> BaseArray:
    return bases if isinstance(bases, BaseArray) else BaseArray.of(list(bases))


def _base_at(arr: BaseArray, i: int) -> Base:
    return Base(arr.ids[i], float(arr.xy[i, 0]), float(arr.xy[i, 1]), float(arr.radius[i]),
                float(arr.z[i]), float(arr.height[i]))


def _centres(arr: BaseArray) -> np.ndarray:
    """The centres as a complex array ``x + iy``: a free view of the (n, 2) float array, so one
    numpy call handles both coordinates (``np.abs`` of a difference is the exact hypot)."""
    xy = arr.xy
    if xy.dtype != np.float64 or not xy.flags.c_contiguous:
        xy = np.ascontiguousarray(xy, dtype=np.float64)
    return xy.reshape(-1, 2).view(np.complex128)[:, 0]


# --------------------------------------------------------------------------- membership


def blast(centre_xy: Sequence[float], radius: float, bases: BaseArray | Sequence[Base], *,
          inclusive: bool = True, eps: float = EPS) -> np.ndarray:
    """Mask of the bases under a round template (HD-EXPL-6): caught iff ``|c − P| ≤ R + r``.

    ``inclusive`` (``cfg.template_inclusive``, HD-AMB-12): a tangent base is caught (within
    ``eps``); when False only a real overlap (``< R + r − eps``) catches. Everybody counts,
    friends and the shooter included.
    """
    arr = _as_array(bases)
    reach = arr.radius + (float(radius) + (eps if inclusive else -eps))
    d = np.abs(_centres(arr) - complex(float(centre_xy[0]), float(centre_xy[1])))
    return d <= reach if inclusive else d < reach


def blast_polygon(centre_xy: Sequence[float], radius: float, quad_segs: int = 32) -> Polygon:
    """The round template as a polygon, for drawing (membership uses ``blast``, which is exact)."""
    return Point(float(centre_xy[0]), float(centre_xy[1])).buffer(float(radius), quad_segs=quad_segs)


def _unit(direction: Sequence[float] | float) -> tuple[float, float]:
    if isinstance(direction, int | float | np.floating | np.integer):
        a = float(direction)
        return (math.cos(a), math.sin(a))
    ux, uy = float(direction[0]), float(direction[1])
    n = math.hypot(ux, uy)
    if n == 0.0 or not math.isfinite(n):
        raise ValueError(f"cone direction must be a non-zero vector, got {direction!r}")
    return (ux / n, uy / n)


def cone_polygon(shooter: Base, direction: Sequence[float] | float, length: float = 6.0,
                 far_width: float = 2.0, near_width: float = 0.0) -> Polygon:
    """The cone template laid from the shooter's base (HD-TMPL-2).

    ``direction`` is an aim vector (any length) or an angle in radians from +x towards +y. The
    narrow end touches the base at ``A = c_S + r_S·u``; the far edge is straight, centred on
    ``F = A + length·u``, ``far_width`` wide. ``near_width`` (``cfg.cone_near_width``) 0 gives the
    recommended triangle (HD-AMB-13); more gives a trapezoid. Vertices run counter-clockwise.
    """
    ux, uy = _unit(direction)
    nx, ny = -uy, ux
    ax, ay = shooter.x + shooter.radius * ux, shooter.y + shooter.radius * uy
    fx, fy = ax + length * ux, ay + length * uy
    hw, hn = far_width / 2.0, near_width / 2.0
    far = [(fx - hw * nx, fy - hw * ny), (fx + hw * nx, fy + hw * ny)]
    if hn > 0.0:
        corners = [(ax - hn * nx, ay - hn * ny), *far, (ax + hn * nx, ay + hn * ny)]
    else:
        corners = [(ax, ay), *far]
    poly = Polygon(corners)
    _remember_convex(poly, corners)
    return poly


def cone_caught(polygon: BaseGeometry, bases: BaseArray | Sequence[Base],
                exclude_id: str | None = None, *, inclusive: bool = True,
                eps: float = EPS) -> np.ndarray:
    """Mask of the bases whose disc overlaps a template polygon (HD-TMPL-3).

    Exact: caught iff the distance from the centre to the polygon is ``≤ r`` (a centre inside
    gives 0), touching included within ``eps`` when ``inclusive`` (``shapely.dwithin``; strict
    ``shapely.distance < r − eps`` otherwise). ``exclude_id`` (the shooter, HD-TMPL-2) is never
    caught. Works for any polygon; a numpy bounding-box test first keeps the exact test to the
    bases near the template. That test is numpy for a convex polygon without holes (the cone: the
    distance to its nearest edge, 0 inside; ``cone_polygon`` remembers its shape), GEOS otherwise.
    """
    arr = bases if isinstance(bases, BaseArray) else BaseArray.of(list(bases))
    n = len(arr.ids)
    mask = np.zeros(n, dtype=bool)
    convex = _convex_of(polygon) if n else None
    if convex is not None:
        minx, miny, maxx, maxy = convex[3]
    elif n == 0 or polygon.is_empty:
        return mask
    else:
        minx, miny, maxx, maxy = polygon.bounds
    hx, hy = (maxx - minx) * 0.5, (maxy - miny) * 0.5
    # bounding-box prefilter, widened by the largest radius (a superset of the exact test)
    centres, rmax = _centres_and_max_radius(arr)
    reach = rmax + eps
    d = centres - complex(minx + hx, miny + hy)
    near = np.abs(d.real) <= hx + reach
    near &= np.abs(d.imag) <= hy + reach
    idx = near.nonzero()[0]
    if idx.size:
        r = arr.radius[idx]
        if convex is not None:
            # the distance to a convex polygon, in numpy: 0 inside (on the inner side of every
            # edge), else the distance to the nearest edge. With w = p - a (from an edge's first
            # corner) and pe = w conj(e) / |e|^2 (real: position along the edge, 1 at its end;
            # imag: side, >= 0 inside), the nearest point of the edge is a + t e with t = pe.real
            # clamped to [0, 1], at the distance |w - t e|.
            a, e, ce = convex[:3]  # (edges, 1) columns
            w = centres[idx] - a  # (edges, k)
            pe = w * ce
            t = np.minimum(np.maximum(pe.real, 0.0), 1.0)
            dist = np.minimum.reduce(np.abs(w - t * e))
            inside = np.minimum.reduce(pe.imag) >= 0.0
            if inclusive:
                ok = dist <= r + eps
                ok |= inside
            else:
                ok = dist < r - eps
                ok |= inside & (r - eps > 0.0)
            hit = idx[ok]
        else:
            points = shapely.points(arr.xy[idx])
            if inclusive:
                hit = idx[shapely.dwithin(polygon, points, r + eps)]
            else:
                hit = idx[shapely.distance(polygon, points) < r - eps]
        mask[hit] = True
        if exclude_id is not None:
            where = _indices_of(arr)
            if where is not None:
                for i in where.get(exclude_id, ()):
                    mask[i] = False
            else:
                for i in hit.tolist():
                    if arr.ids[i] == exclude_id:
                        mask[i] = False
    return mask


_Convex = tuple[np.ndarray, np.ndarray, np.ndarray, tuple[float, float, float, float]]
#: id(polygon) -> (weakref to it, its convex data): the last few template polygons
_CONVEX: dict[int, tuple[weakref.ReferenceType[BaseGeometry], _Convex | None]] = {}


def _convex_data(corners: Sequence[tuple[float, float]]) -> _Convex | None:
    """(corners, edges, conj(edge) / |edge|^2, bounds) of a convex polygon given by its corners:
    complex columns (one row per edge), counter-clockwise; None when the corners make no convex
    polygon of positive area."""
    ring = [complex(x, y) for x, y in corners]
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    m = len(ring)
    if m < 3:
        return None
    edges = [ring[(i + 1) % m] - ring[i] for i in range(m)]
    turns = [(edges[i - 1].conjugate() * edges[i]).imag for i in range(m)]
    if all(t <= 0.0 for t in turns):  # clockwise: reverse
        ring.reverse()
        edges = [ring[(i + 1) % m] - ring[i] for i in range(m)]
    elif not all(t >= 0.0 for t in turns):
        return None  # not convex
    l2 = [e.real * e.real + e.imag * e.imag for e in edges]
    if min(l2) <= 1e-24 * max(l2) or not math.isfinite(max(l2)) or sum(
            (ring[i].conjugate() * ring[(i + 1) % m]).imag for i in range(m)) <= 0.0:
        return None  # (almost) repeated corners or no area: GEOS decides
    e = np.array(edges)[:, None]
    xs = [z.real for z in ring]
    ys = [z.imag for z in ring]
    return (np.array(ring)[:, None], e, e.conjugate() / (e.real * e.real + e.imag * e.imag),
            (min(xs), min(ys), max(xs), max(ys)))


def _remember_convex(polygon: BaseGeometry, corners: Sequence[tuple[float, float]]) -> _Convex | None:
    data = _convex_data(corners)
    if len(_CONVEX) >= 16:
        _CONVEX.clear()
    _CONVEX[id(polygon)] = (weakref.ref(polygon), data)
    return data


def _convex_of(polygon: BaseGeometry) -> _Convex | None:
    """The convex data of a polygon without holes (None for any other geometry), remembered for
    the polygons ``cone_polygon`` made and the last ones seen."""
    hit = _CONVEX.get(id(polygon))
    if hit is not None and hit[0]() is polygon:
        return hit[1]
    if not isinstance(polygon, Polygon) or shapely.get_num_interior_rings(polygon):
        return None
    return _remember_convex(polygon, shapely.get_coordinates(polygon).tolist())


_IDS: list = []  # [weakref to the last array, {id: its indices}]


def _indices_of(arr: BaseArray) -> dict[str, list[int]] | None:
    """The indices of each id in the array, from the second call with the same array on (None
    before: a one-off array is not worth the table)."""
    last = _IDS
    if last and last[0]() is arr:
        if last[1] is None:
            where: dict[str, list[int]] = {}
            for i, ident in enumerate(arr.ids):
                where.setdefault(ident, []).append(i)
            last[1] = where
        return last[1]
    _IDS[:] = [weakref.ref(arr), None]
    return None


_ARR_DATA: list = []  # [weakref to the last array, its centres (complex), its largest radius]


def _centres_and_max_radius(arr: BaseArray) -> tuple[np.ndarray, float]:
    """``_centres(arr)`` and the largest radius (remembered for the last array; treat arrays
    as immutable)."""
    last = _ARR_DATA
    if last and last[0]() is arr:
        return last[1], last[2]
    centres, rmax = _centres(arr), float(arr.radius.max())
    _ARR_DATA[:] = [weakref.ref(arr), centres, rmax]
    return centres, rmax


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class TemplateResult:
    """Who a template affects.

    ``caught`` are affected (in the order of the input bases); ``saved`` were under the template
    but fully hidden (HD-EXPL-12, HD-TMPL-8); ``order`` (impact-blast only) is the chain order
    nearest first, as groups of ids at equal distance for the shooter to order
    (``cfg.impact_tie_order``), with ``order_distance`` the edge-to-edge distance of each group.
    """

    kind: str  #: EXPLOSION, CLOUD or IMPACT
    polygon: BaseGeometry  #: the template outline, for drawing
    caught: tuple[str, ...]
    saved: tuple[str, ...] = ()
    order: tuple[tuple[str, ...], ...] = ()
    order_distance: tuple[float, ...] = ()
    #: the point full cover was judged from (blast point or shooter's eye); None for cloud-blast
    origin: tuple[float, float, float] | None = None

    @property
    def under(self) -> tuple[str, ...]:
        """Every base under the template, saved or not."""
        return self.caught + self.saved

    def chain(self) -> tuple[str, ...]:
        """The impact order flattened, ties in input order (the engine default)."""
        return tuple(i for group in self.order for i in group)


def impact_order(shooter: Base, caught_visible_bases: Sequence[Base], *, eps: float = EPS
                 ) -> tuple[tuple[tuple[str, ...], ...], tuple[float, ...]]:
    """Impact-blast chain order (HD-TMPL-11/12): groups of ids nearest first, and their distances.

    Distance is edge to edge from the shooter (HD-0-4). Bases within ``eps`` of a group's first
    distance share the group (HD-AMB-14: the shooter orders them); inside a group the input order
    is kept. Hidden units must already be removed (HD-TMPL-12 recommended).
    """
    ds = sorted(((edge_distance(shooter, b), k, b.id) for k, b in enumerate(caught_visible_bases)))
    groups: list[list[str]] = []
    dist: list[float] = []
    for d, _, bid in ds:
        if groups and d <= dist[-1] + eps:
            groups[-1].append(bid)
        else:
            groups.append([bid])
            dist.append(d)
    return tuple(tuple(g) for g in groups), tuple(dist)


def _resolve_sees(sees: Sees | None, index: TerrainIndex | None) -> Sees | None:
    if sees is not None:
        return sees
    if index is None:
        return None
    def _sees(point: tuple[float, float, float], base: Base) -> bool:
        return point_sees_base(index, point, base)

    return _sees


def _split_saved(arr: BaseArray, mask: np.ndarray, origin: tuple[float, float, float],
                 sees: Sees | None) -> tuple[list[Base], list[Base]]:
    caught: list[Base] = []
    saved: list[Base] = []
    for i in np.flatnonzero(mask):
        b = _base_at(arr, int(i))
        (caught if sees is None or sees(origin, b) else saved).append(b)
    return caught, saved


def explosion(point: Sequence[float], bases: BaseArray | Sequence[Base], *, radius: float = 3.0,
              surface_z: float | None = None, index: TerrainIndex | None = None,
              sees: Sees | None = None, inclusive: bool = True, eps: float = EPS,
              ) -> TemplateResult:
    """An explosion centred on ``point`` (HD-EXPL-3/6/12).

    Caught: ``blast`` membership, then those with no part visible from the blast point at surface
    height are saved. The height is ``surface_z``, else ``point[2]`` if given, else the index's
    standing level at the point, else 0. ``radius`` defaults to 3 (fathoms, HD-EXPL-3).
    """
    arr = _as_array(bases)
    x, y = float(point[0]), float(point[1])
    if surface_z is None:
        if len(point) > 2:
            surface_z = float(point[2])
        elif index is not None:
            surface_z = index.standing_level(x, y)
        else:
            surface_z = 0.0
    origin = (x, y, float(surface_z))
    mask = blast((x, y), radius, arr, inclusive=inclusive, eps=eps)
    caught, saved = _split_saved(arr, mask, origin, _resolve_sees(sees, index))
    return TemplateResult(EXPLOSION, blast_polygon((x, y), radius),
                          tuple(b.id for b in caught), tuple(b.id for b in saved), origin=origin)


def cloud_blast(shooter: Base, direction: Sequence[float] | float,
                bases: BaseArray | Sequence[Base], *, length: float = 6.0, far_width: float = 2.0,
                near_width: float = 0.0, inclusive: bool = True, eps: float = EPS
                ) -> TemplateResult:
    """A cloud-blast cone (HD-TMPL-2/3): everybody under it but the shooter; cover never saves
    (HD-TMPL-8, HD-AMB-6)."""
    poly = cone_polygon(shooter, direction, length, far_width, near_width)
    arr = _as_array(bases)
    mask = cone_caught(poly, arr, shooter.id, inclusive=inclusive, eps=eps)
    return TemplateResult(CLOUD, poly, tuple(arr.ids[i] for i in np.flatnonzero(mask)))


def impact_blast(shooter: Base, direction: Sequence[float] | float,
                 bases: BaseArray | Sequence[Base], *, length: float = 6.0,
                 far_width: float = 2.0, near_width: float = 0.0,
                 index: TerrainIndex | None = None, sees: Sees | None = None,
                 inclusive: bool = True, eps: float = EPS) -> TemplateResult:
    """An impact-blast cone (HD-TMPL-2/3/8/11/12).

    Caught as for cloud-blast; those the shooter cannot see (from its eye) are saved and left out
    of the chain; the rest are ordered nearest first by edge-to-edge distance, ties grouped.
    """
    poly = cone_polygon(shooter, direction, length, far_width, near_width)
    arr = _as_array(bases)
    mask = cone_caught(poly, arr, shooter.id, inclusive=inclusive, eps=eps)
    origin = shooter.eye
    caught, saved = _split_saved(arr, mask, origin, _resolve_sees(sees, index))
    order, dist = impact_order(shooter, caught, eps=eps)
    return TemplateResult(IMPACT, poly, tuple(b.id for b in caught), tuple(b.id for b in saved),
                          order, dist, origin)
