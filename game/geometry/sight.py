"""Line of sight in 2.5-D: exact, vectorised, over the terrain index (HD-RANGED-7/8, HD-EXPL-1/12).

The world: terrain solids are footprint polygons raised between a bottom and a top height
(``terrain.Solid``); figures are round bases with a standing level and a model height
(``bases.Base``). A target is seen from an eye when some point of it can be joined to the eye by a
straight 3-D segment that crosses no sight-blocking solid. Touching a solid within ``eps`` counts as
crossing it ("grazing is blocked", HD-RANGED-7); contacts at the two ends of a segment (a point on a
roof, a base against a wall) are not crossings: an end that touches a solid is only a contact when
the segment heads away from a face it touches there (cosine above ``ALONG``, however shallow), while
a segment along that face grazes it. Figures never block (HD-RANGED-8).

The target is its *silhouette* (the vertical rectangle through its centre, perpendicular to the
horizontal direction eye -> target, ``u`` in [-r, r] across, ``v`` in [0, h] up from its standing
level) plus its *base rim* (the circle of radius r at its standing level). Where the rules sample a
21x21 grid, this module is exact:

* every footprint is split once per index into convex pieces (kept in a cache beside the index);
* a segment against a convex prism is a Cyrus-Beck clip, done in numpy for many segments at once;
* the part of the silhouette hidden by a convex prism is the convex hull of the central projection
  of its corners from the eye onto the silhouette plane (the prism is first clipped to the slab
  between the eye and the plane); the hidden part is the union of those hulls, and its area over
  the rectangle's is the hidden fraction;
* the base rim is tested the same way in its horizontal plane: the solids between the eye and the
  plane are projected onto it (their "shadows") and the rim is visible when the shadows do not
  cover it.

A solid whose inside (not its surface) contains the eye is ignored for that eye: one sees out of a
piece of terrain one stands in. Nothing here imports a rule system or pygame.

``sight_matrix`` decides most pairs in plan view first (``_plan_pass``): seen from each eye, a
convex piece covers an interval of directions, and pieces that span the heights of a pair hide it
exactly when the intervals of those nearer than its disc cover the disc's directions; one exact ray
into an uncovered direction proves a pair seen. Only the pairs neither proof settles go to the
exact test.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import ALONG, EPS

__all__ = [
    "ConvexPieces",
    "convex_pieces",
    "point_clear",
    "point_sees_base",
    "points_clear",
    "sees",
    "seen_point",
    "shadow",
    "sight_matrix",
]

#: contacts closer than END_SKIP * eps (in length) to an end of a segment are not crossings
END_SKIP = 1000.0
#: solids are clipped at a horizontal distance NEAR_CLIP * D in front of the eye before projecting
NEAR_CLIP = 1e-6
#: "infinitely far" in shadows: FAR times the size of the region asked about
FAR = 1e6
#: the base rim is a regular polygon with this many corners (all on the circle)
RIM_SEGMENTS = 128
#: an eye closer than this (relative to the target's size) to the target's axis is on the axis
AXIS_TOL = 1e-7
#: the silhouette rectangle in normalised coordinates (u / r, v / h)
_UNIT_RECT = shapely.box(-1.0, 0.0, 1.0, 1.0)


# --------------------------------------------------------------------------------------------
# Convex pieces of the sight-blocking solids, built once per index
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ConvexPieces:
    """The sight-blocking footprints of an index split into convex pieces, as flat arrays.

    Piece ``k`` belongs to solid ``solid[k]``; its corners are ``xy[start[k]:start[k+1]]``
    counter-clockwise; edge ``j`` (corner j to j+1) has outward unit ``normal[j]`` and
    ``offset[j] = normal[j] . xy[j]`` (inside: ``normal . p <= offset``).
    """

    solid: np.ndarray
    polys: np.ndarray
    start: np.ndarray
    xy: np.ndarray
    normal: np.ndarray
    offset: np.ndarray
    bottom: np.ndarray
    top: np.ndarray
    centre: np.ndarray  #: (P, 2) centre of each piece's bounding circle
    rad: np.ndarray  #: (P,) radius of that circle
    tree: shapely.STRtree | None

    def __len__(self) -> int:
        return len(self.solid)


_CACHE: weakref.WeakKeyDictionary[TerrainIndex, ConvexPieces] = weakref.WeakKeyDictionary()


def _polygon_parts(g: BaseGeometry) -> list[Polygon]:
    if g is None or g.is_empty:
        return []
    if isinstance(g, Polygon):
        return [g]
    return [p for p in shapely.get_parts(g) if isinstance(p, Polygon) and not p.is_empty]


def _ccw(c: np.ndarray) -> np.ndarray:
    x, y = c[:, 0], c[:, 1]
    return c[::-1] if float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)) < 0 else c


def _is_convex(ring: list[tuple[float, float]]) -> bool:
    """Counter-clockwise ring with no reflex corner (straight corners allowed)."""
    n = len(ring)
    for i in range(n):
        ax, ay = ring[i - 1]
        bx, by = ring[i]
        cx, cy = ring[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < 0.0:
            return False
    return True


def _merge_triangles(tris: list[np.ndarray], limit: int = 400) -> list[np.ndarray]:
    """Hertel-Mehlhorn: drop triangulation diagonals while the two sides stay convex.

    Gives at most four times the minimum number of convex pieces; skipped for huge polygons.
    """
    if len(tris) < 2 or len(tris) > limit:
        return tris
    polys: dict[int, list[tuple[float, float]]] = {
        k: [(float(x), float(y)) for x, y in _ccw(t)] for k, t in enumerate(tris)}
    merged = True
    while merged:
        merged = False
        edges: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
        for k, ring in polys.items():
            for i in range(len(ring)):
                edges[(ring[i], ring[(i + 1) % len(ring)])] = k
        for (a, b), k in edges.items():
            j = edges.get((b, a))
            if j is None or j == k or k not in polys or j not in polys:
                continue
            p, q = polys[k], polys[j]
            ip, iq = p.index(b), q.index(a)
            ring = p[ip:] + p[:ip]  # b ... a (around p)
            ring = ring + (q[iq:] + q[:iq])[1:-1]  # then q from a to b, without repeating a, b
            if _is_convex(ring):
                polys[k] = ring
                del polys[j]
                merged = True
                break
    return [np.array(r, dtype=float) for r in polys.values()]


def _convex_split(poly: Polygon) -> list[np.ndarray]:
    """Counter-clockwise corner arrays of convex pieces whose union is ``poly``."""
    if poly.area <= 0.0:
        return []
    hull = poly.convex_hull
    if not poly.interiors and hull.area - poly.area <= 1e-12 * hull.area:
        rings = [np.asarray(hull.exterior.coords)[:-1, :2]]
    else:
        tris = shapely.get_parts(shapely.constrained_delaunay_triangles(poly))
        rings = _merge_triangles([np.asarray(t.exterior.coords)[:-1, :2] for t in tris if t.area > 0.0])
    out = []
    for c in rings:
        c = _ccw(c.astype(float))
        keep = np.any(np.abs(c - np.roll(c, -1, axis=0)) > 0.0, axis=1)
        c = c[keep]
        if len(c) >= 3:
            out.append(c)
    return out


def convex_pieces(index: TerrainIndex) -> ConvexPieces:
    """The convex pieces of the index's sight-blocking solids (built on first use, then cached)."""
    cached = _CACHE.get(index)
    if cached is not None:
        return cached
    solid: list[int] = []
    rings: list[np.ndarray] = []
    for i, s in enumerate(index.solids):
        if not s.blocks_sight or s.top < s.bottom:
            continue
        for part in _polygon_parts(s.footprint):
            for c in _convex_split(part):
                solid.append(i)
                rings.append(c)
    counts = np.array([len(c) for c in rings], dtype=np.int64)
    start = np.zeros(len(rings) + 1, dtype=np.int64)
    np.cumsum(counts, out=start[1:])
    xy = np.concatenate(rings) if rings else np.empty((0, 2))
    nxt = np.concatenate([np.roll(c, -1, axis=0) for c in rings]) if rings else np.empty((0, 2))
    edge = nxt - xy
    length = np.hypot(edge[:, 0], edge[:, 1])
    normal = np.column_stack([edge[:, 1], -edge[:, 0]]) / np.where(length > 0, length, 1.0)[:, None]
    offset = np.einsum("ij,ij->i", normal, xy)
    polys = (shapely.polygons(shapely.linearrings(xy, indices=np.repeat(np.arange(len(rings)), counts)))
             if rings else np.empty(0, dtype=object))
    sid = np.array(solid, dtype=np.int64)
    owner = np.repeat(np.arange(len(rings)), counts)
    lo = np.full((len(rings), 2), np.inf)
    hi = np.full((len(rings), 2), -np.inf)
    np.minimum.at(lo, owner, xy)
    np.maximum.at(hi, owner, xy)
    mid = (lo + hi) / 2.0 if rings else np.empty((0, 2))
    rad = np.zeros(len(rings))
    np.maximum.at(rad, owner, np.hypot(*(xy - mid[owner]).T) if rings else np.empty(0))
    pieces = ConvexPieces(
        solid=sid,
        polys=np.asarray(polys, dtype=object),
        start=start,
        xy=xy,
        normal=normal,
        offset=offset,
        bottom=index.bottom[sid] if len(sid) else np.empty(0),
        top=index.top[sid] if len(sid) else np.empty(0),
        centre=mid,
        rad=rad * (1.0 + 1e-12) + 1e-12,
        tree=shapely.STRtree(polys) if rings else None,
    )
    _CACHE[index] = pieces
    return pieces


def _expand(start: np.ndarray, piece: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For rows naming pieces: (row of each corner, corner index, first position of each row)."""
    cnt = start[piece + 1] - start[piece]
    first = np.cumsum(cnt) - cnt
    row = np.repeat(np.arange(len(piece)), cnt)
    corner = np.repeat(start[piece] - first, cnt) + np.arange(int(cnt.sum()))
    return row, corner, first


def _inside_keys(index: TerrainIndex, pieces: ConvexPieces, eyes: np.ndarray, eps: float) -> np.ndarray:
    """Keys ``eye * n_solids + solid`` for the solids whose inside holds an eye (ignored for it)."""
    if pieces.tree is None or not len(eyes):
        return np.empty(0, dtype=np.int64)
    e_idx, s_idx = index.tree.query(shapely.points(eyes[:, :2]), predicate="within")
    ez = eyes[e_idx, 2]
    ok = index.blocks_sight[s_idx] & (index.bottom[s_idx] + eps < ez) & (ez < index.top[s_idx] - eps)
    return e_idx[ok].astype(np.int64) * len(index.solids) + s_idx[ok]


def _drop_inside(index: TerrainIndex, pieces: ConvexPieces, keys: np.ndarray, eye_of_row: np.ndarray,
                 piece: np.ndarray) -> np.ndarray:
    """Mask of rows to keep (the piece's solid does not hold the row's eye)."""
    if not len(keys) or not len(piece):
        return np.ones(len(piece), dtype=bool)
    return ~np.isin(eye_of_row.astype(np.int64) * len(index.solids) + pieces.solid[piece], keys)


# --------------------------------------------------------------------------------------------
# Segments against convex prisms (Cyrus-Beck, vectorised)
# --------------------------------------------------------------------------------------------


def _blocked_rows(pieces: ConvexPieces, a: np.ndarray, b: np.ndarray, piece: np.ndarray,
                  eps: float) -> np.ndarray:
    """For rows (segment a[k] -> b[k], convex piece piece[k]): does the segment cross the prism?

    The prism is grown by ``eps`` (grazing is blocked); the parts of the segment within
    ``END_SKIP * eps`` of its ends are left out (contacts at the ends are not crossings), and so is
    the contact of an end that touches the prism when the segment heads away from it there
    (``_end_contacts``). The segment is t in [0, 1]; each face of the prism bounds t from one side.
    """
    m = len(piece)
    out = np.zeros(m, dtype=bool)
    if m == 0:
        return out
    dx, dy, dz = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1], b[:, 2] - a[:, 2]
    length = np.sqrt(dx * dx + dy * dy + dz * dz)
    with np.errstate(divide="ignore", invalid="ignore"):
        tau = np.where(length > 0, END_SKIP * eps / length, 0.5)
        # the bottom and top faces first: they reject most rows without looking at edges
        zb = pieces.bottom[piece] - eps - a[:, 2]
        zt = pieces.top[piece] + eps - a[:, 2]
        qb, qt = zb / dz, zt / dz
    up, down = dz > 0, dz < 0
    lo = np.where(up, qb, np.where(down, qt, -np.inf))
    hi = np.where(up, qt, np.where(down, qb, np.inf))
    lo = np.maximum(lo, tau)
    hi = np.minimum(hi, 1.0 - tau)
    live = (lo <= hi) & ~((dz == 0) & ((zb > 0) | (zt < 0)))
    rows = np.flatnonzero(live)
    if not len(rows):
        return out
    # the plan path for t in [lo, hi] must come within the piece's bounding circle
    pc = piece[rows]
    t0, t1 = lo[rows], hi[rows]
    ax, ay = a[rows, 0], a[rows, 1]
    sx, sy = dx[rows], dy[rows]
    cx, cy = pieces.centre[pc, 0] - ax, pieces.centre[pc, 1] - ay
    dd = sx * sx + sy * sy
    with np.errstate(divide="ignore", invalid="ignore"):
        tc = np.clip(np.where(dd > 0, (cx * sx + cy * sy) / dd, t0), t0, t1)
    ox, oy = cx - tc * sx, cy - tc * sy
    reach = pieces.rad[pc] + 2.0 * eps
    near = ox * ox + oy * oy <= reach * reach
    rows = rows[near]
    if not len(rows):
        return out
    pc = piece[rows]
    row, corner, first = _expand(pieces.start, pc)
    nx, ny = pieces.normal[corner, 0], pieces.normal[corner, 1]
    ar = rows[row]
    num = pieces.offset[corner] + eps - (nx * a[ar, 0] + ny * a[ar, 1])
    den = nx * dx[ar] + ny * dy[ar]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = num / den
    pos, neg = den > 0, den < 0
    hi_e = np.minimum.reduceat(np.where(pos, ratio, np.inf), first)
    lo_e = np.maximum.reduceat(np.where(neg, ratio, -np.inf), first)
    bad = np.logical_or.reduceat(~pos & ~neg & (num < 0), first)
    out[rows] = ~bad & (np.maximum(lo[rows], lo_e) <= np.minimum(hi[rows], hi_e))
    hit = np.flatnonzero(out)
    if len(hit):
        out[hit[_end_contacts(pieces, a[hit], b[hit], piece[hit], eps)]] = False
    return out


def _end_contacts(pieces: ConvexPieces, a: np.ndarray, b: np.ndarray, piece: np.ndarray,
                  eps: float) -> np.ndarray:
    """For rows (segment a[k] -> b[k], convex piece piece[k]): does an end of the segment touch the
    prism (lie in it grown by ``eps``) and the segment head away from a face that end touches (the
    cosine with the face's outward normal above ``ALONG``, the tolerance policy's "away")? Then,
    the prism being convex, the segment meets it only next to that end: a contact at the end (a
    point on a roof seen from above, an eye on a roof looking up, however shallowly), not a
    crossing. A segment along a touched face (cosine within ``ALONG``) grazes it, and grazing blocks.
    """
    out = np.zeros(len(piece), dtype=bool)
    for p, q in ((a, b), (b, a)):  # from b the segment leaves along a - b
        # only an end in the piece's height span and bounding circle can touch it
        bottom, top = pieces.bottom[piece], pieces.top[piece]
        z = p[:, 2]
        reach = pieces.rad[piece] + 2.0 * eps
        near = (z >= bottom - eps) & (z <= top + eps) & (
            np.einsum("ij,ij->i", p[:, :2] - pieces.centre[piece], p[:, :2] - pieces.centre[piece])
            <= reach * reach)
        k = np.flatnonzero(near)
        if not len(k):
            continue
        pk, d, pc = p[k], q[k] - p[k], piece[k]
        lim = ALONG * np.sqrt(np.einsum("ij,ij->i", d, d))
        z, dz = pk[:, 2], d[:, 2]
        away_z = ((z >= top[k] - eps) & (dz > lim)) | ((z <= bottom[k] + eps) & (-dz > lim))
        row, corner, first = _expand(pieces.start, pc)
        nx, ny = pieces.normal[corner, 0], pieces.normal[corner, 1]
        side = nx * pk[row, 0] + ny * pk[row, 1] - pieces.offset[corner]  # > 0 outside the edge
        dn = nx * d[row, 0] + ny * d[row, 1]
        in_e = np.logical_and.reduceat(side <= eps, first)
        away_e = np.logical_or.reduceat((side >= -eps) & (dn > lim[row]), first)
        out[k] |= in_e & (away_z | away_e)
    return out


def corridor_candidates(pieces: ConvexPieces, a: np.ndarray, b: np.ndarray, pad: np.ndarray | float,
                        zlo: np.ndarray, zhi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(row, piece) pairs whose piece may reach within ``pad`` of the plan segment a[row] -> b[row]
    and whose height span meets [zlo[row], zhi[row]] (a superset: bounding boxes, then circles)."""
    if pieces.tree is None or not len(a):
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    pad = np.broadcast_to(np.asarray(pad, dtype=float), (len(a),))
    lo = np.minimum(a, b) - pad[:, None]
    hi = np.maximum(a, b) + pad[:, None]
    row, piece = pieces.tree.query(shapely.box(lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]))
    ok = (pieces.top[piece] >= zlo[row]) & (pieces.bottom[piece] <= zhi[row])
    row, piece = row[ok], piece[ok]
    pa, d = a[row], b[row] - a[row]
    rel = pieces.centre[piece] - pa
    dd = np.einsum("ij,ij->i", d, d)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.clip(np.where(dd > 0, np.einsum("ij,ij->i", rel, d) / dd, 0.0), 0.0, 1.0)
    off = rel - d * t[:, None]
    ok = np.einsum("ij,ij->i", off, off) <= (pieces.rad[piece] + pad[row]) ** 2
    return row[ok], piece[ok]


def _segment_candidates(pieces: ConvexPieces, a: np.ndarray, b: np.ndarray,
                        eps: float) -> tuple[np.ndarray, np.ndarray]:
    """(segment, piece) pairs that might cross: plan within reach, heights overlapping."""
    zlo = np.minimum(a[:, 2], b[:, 2]) - eps
    zhi = np.maximum(a[:, 2], b[:, 2]) + eps
    return corridor_candidates(pieces, a[:, :2], b[:, :2], 2.0 * eps, zlo, zhi)


def _segments_blocked(index: TerrainIndex, pieces: ConvexPieces, a: np.ndarray, b: np.ndarray,
                      eps: float, eye_keys: np.ndarray | None = None,
                      eye_of_seg: np.ndarray | None = None) -> np.ndarray:
    """Blocked flag for each segment a[k] -> b[k] (k rows of 3-D points)."""
    blocked = np.zeros(len(a), dtype=bool)
    seg, piece = _segment_candidates(pieces, a, b, eps)
    if eye_keys is not None and eye_of_seg is not None:
        keep = _drop_inside(index, pieces, eye_keys, eye_of_seg[seg], piece)
        seg, piece = seg[keep], piece[keep]
    hit = _blocked_rows(pieces, a[seg], b[seg], piece, eps)
    blocked[seg[hit]] = True
    return blocked


def points_clear(index: TerrainIndex, eye: tuple[float, float, float], points: np.ndarray, *,
                 eps: float = EPS) -> np.ndarray:
    """For an (n, 3) array of points: is the 3-D segment from ``eye`` to each one clear (HD-EXPL-1)?"""
    pieces = convex_pieces(index)
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    e = np.asarray(eye, dtype=float).reshape(1, 3)
    keys = _inside_keys(index, pieces, e, eps)
    a = np.repeat(e, len(pts), axis=0)
    return ~_segments_blocked(index, pieces, a, pts, eps, keys, np.zeros(len(pts), dtype=np.int64))


def point_clear(index: TerrainIndex, eye: tuple[float, float, float],
                point3d: tuple[float, float, float], *, eps: float = EPS) -> bool:
    """Is the 3-D segment from ``eye`` to ``point3d`` clear of every sight-blocking solid?

    HD-EXPL-1: aim at ``(x, y, surface height)``; grazing a solid is blocked.
    Example: ``point_clear(index, (0, 0, 1), (10, 0, 0))``.
    """
    return bool(points_clear(index, eye, np.asarray(point3d, dtype=float), eps=eps)[0])


# --------------------------------------------------------------------------------------------
# The silhouette: frames and the projection of convex prisms onto it
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frames:
    """Per eye-target pair: the silhouette plane and its (u, v) axes, as arrays of n rows.

    ``d`` is the unit horizontal direction eye -> target centre, ``n`` the u axis (``d`` turned a
    quarter left), ``D`` the horizontal distance; ``v`` is measured up from the standing level z.
    """

    eye: np.ndarray  #: (n, 3)
    centre: np.ndarray  #: (n, 2)
    z: np.ndarray  #: (n,)
    r: np.ndarray  #: (n,)
    h: np.ndarray  #: (n,)
    d: np.ndarray  #: (n, 2)
    n: np.ndarray  #: (n, 2)
    D: np.ndarray  #: (n,)
    on_axis: np.ndarray  #: (n,) the eye is (almost) on the target's vertical axis

    @classmethod
    def of(cls, eye: np.ndarray, centre: np.ndarray, z: np.ndarray, r: np.ndarray,
           h: np.ndarray) -> Frames:
        eye = np.asarray(eye, dtype=float).reshape(-1, 3)
        centre = np.asarray(centre, dtype=float).reshape(-1, 2)
        z = np.asarray(z, dtype=float).reshape(-1)
        # a figure of no width or height still has a (tiny) silhouette
        r = np.maximum(np.asarray(r, dtype=float).reshape(-1), 1e-12)
        h = np.maximum(np.asarray(h, dtype=float).reshape(-1), 1e-12)
        delta = centre - eye[:, :2]
        dist = np.hypot(delta[:, 0], delta[:, 1])
        scale = r + h + np.abs(eye[:, 2] - z)
        on_axis = dist <= AXIS_TOL * scale
        safe = np.where(on_axis, 1.0, dist)
        d = np.where(on_axis[:, None], np.array([[1.0, 0.0]]), delta / safe[:, None])
        nrm = np.column_stack([-d[:, 1], d[:, 0]])
        return cls(eye, centre, z, r, h, d, nrm, dist, on_axis)

    def __len__(self) -> int:
        return len(self.z)

    def take(self, rows: np.ndarray) -> Frames:
        return Frames(self.eye[rows], self.centre[rows], self.z[rows], self.r[rows], self.h[rows],
                      self.d[rows], self.n[rows], self.D[rows], self.on_axis[rows])

    def world(self, rows: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """3-D points of silhouette coordinates (u, v) (real units) for the given rows."""
        xy = self.centre[rows] + self.n[rows] * np.asarray(u, dtype=float)[:, None]
        return np.column_stack([xy, self.z[rows] + v])


Cands = tuple[np.ndarray, np.ndarray]


def _region_candidates(pieces: ConvexPieces, fr: Frames, eps: float = EPS) -> Cands:
    """(row, piece) pairs whose piece may block some ray to the target (silhouette or rim).

    Every such ray's plan lies within r of the segment from the eye's foot to the target's centre.
    """
    ez = fr.eye[:, 2]
    zlo = np.minimum(ez, fr.z) - eps
    zhi = np.maximum(ez, fr.z + fr.h) + eps
    return corridor_candidates(pieces, fr.eye[:, :2], fr.centre, fr.r * (1.0 + 1e-9), zlo, zhi)


def _frustum_candidates(pieces: ConvexPieces, fr: Frames, eps: float) -> Cands:
    """(row, piece) pairs whose prism may hide part of the row's silhouette (a superset)."""
    row, piece = _region_candidates(pieces, fr, eps)
    ok = ~fr.on_axis[row]
    return row[ok], piece[ok]


def _cands(index: TerrainIndex, pieces: ConvexPieces, fr: Frames, keys: np.ndarray,
           eye_id: np.ndarray, eps: float) -> Cands:
    """Region candidates without the solids that hold the row's eye."""
    row, piece = _region_candidates(pieces, fr, eps)
    keep = _drop_inside(index, pieces, keys, eye_id[row], piece)
    return row[keep], piece[keep]


def _take_cands(cands: Cands, rows: np.ndarray, n: int) -> Cands:
    """The candidates of ``fr.take(rows)`` from those of ``fr`` (n rows)."""
    row, piece = cands
    slot = np.full(n, -1, dtype=np.int64)
    slot[rows] = np.arange(len(rows))
    ok = slot[row] >= 0
    return slot[row[ok]], piece[ok]


def silhouette_hulls(pieces: ConvexPieces, fr: Frames, row: np.ndarray, piece: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The part of each row's silhouette that each candidate piece hides.

    Returns ``(row, piece, hull, area)`` for the pieces that hide a part of positive area, with
    ``hull`` in normalised silhouette coordinates ``(u / r, v / h)`` clipped to ``[-1, 1] x [0, 1]``
    (so a wholly hidden silhouette has area 2).
    """
    empty = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), np.empty(0, dtype=object),
             np.empty(0))
    if not len(row):
        return empty
    vrow, corner, first = _expand(pieces.start, piece)
    prow = row[vrow]
    rel = pieces.xy[corner] - fr.eye[prow, :2]
    s = np.einsum("ij,ij->i", rel, fr.d[prow])
    smin = np.minimum.reduceat(s, first)
    smax = np.maximum.reduceat(s, first)
    near = NEAR_CLIP * fr.D[row]
    keep = (smax >= near) & (smin <= fr.D[row])
    whole = keep & (smin >= near) & (smax <= fr.D[row])
    cut = np.flatnonzero(keep & ~whole)
    # corners of the whole pieces, then of the pieces clipped to the horizontal frustum
    take = whole[vrow]
    g_whole = np.flatnonzero(whole)
    gid = np.full(len(row), -1, dtype=np.int64)
    gid[g_whole] = np.arange(len(g_whole))
    xy_parts = [pieces.xy[corner[take]]]
    grp_parts = [gid[vrow[take]]]
    if len(cut):
        cr = row[cut]
        ex = fr.eye[cr, :2]
        dd, nn = fr.d[cr], fr.n[cr]
        dn, rr, dist = near[cut], fr.r[cr], fr.D[cr]
        a0 = ex + dd * dn[:, None]
        w0 = (rr * dn / dist)[:, None] * nn
        far = fr.centre[cr]
        w1 = rr[:, None] * nn
        trap = np.stack([a0 - w0, far - w1, far + w1, a0 + w0, a0 - w0], axis=1)
        clipped = shapely.intersection(pieces.polys[piece[cut]], shapely.polygons(trap))
        cxy, cidx = shapely.get_coordinates(clipped, return_index=True)
        xy_parts.append(cxy)
        grp_parts.append(len(g_whole) + cidx)
    owners = np.concatenate([g_whole, cut])
    xy = np.concatenate(xy_parts)
    grp = np.concatenate(grp_parts)
    if not len(xy):
        return empty
    order = np.argsort(grp, kind="stable")
    xy, grp = xy[order], grp[order]
    orow = row[owners][grp]
    opiece = piece[owners][grp]
    rel = xy - fr.eye[orow, :2]
    s = np.maximum(np.einsum("ij,ij->i", rel, fr.d[orow]), NEAR_CLIP * fr.D[orow])
    w = np.einsum("ij,ij->i", rel, fr.n[orow])
    k = fr.D[orow] / s
    u = w * k / fr.r[orow]
    ez = fr.eye[orow, 2]
    vb = (ez + (pieces.bottom[opiece] - ez) * k - fr.z[orow]) / fr.h[orow]
    vt = (ez + (pieces.top[opiece] - ez) * k - fr.z[orow]) / fr.h[orow]
    # a hull wholly outside the rectangle is skipped before any geometry is built
    ug, gstart = np.unique(grp, return_index=True)
    vlo, vhi = np.minimum(vb, vt), np.maximum(vb, vt)
    meets = ((np.minimum.reduceat(u, gstart) < 1.0) & (np.maximum.reduceat(u, gstart) > -1.0)
             & (np.minimum.reduceat(vlo, gstart) < 1.0) & (np.maximum.reduceat(vhi, gstart) > 0.0))
    ug = ug[meets]
    if not len(ug):
        return empty
    use = np.isin(grp, ug)
    gi = np.searchsorted(ug, grp[use])
    u, vb, vt = u[use], vb[use], vt[use]
    # a piece whose every corner projects below the bottom and above the top hides a band of whole
    # columns: its clipped hull is the box [u_min, u_max] x [0, 1], built without a hull
    gs = np.flatnonzero(np.append(True, gi[1:] != gi[:-1]))
    ulo = np.maximum(np.minimum.reduceat(u, gs), -1.0)
    uhi = np.minimum(np.maximum.reduceat(u, gs), 1.0)
    band = (np.maximum.reduceat(vb, gs) <= 0.0) & (np.minimum.reduceat(vt, gs) >= 1.0)
    hull = np.empty(len(ug), dtype=object)
    area = np.zeros(len(ug))
    bi = np.flatnonzero(band & (uhi > ulo))
    if len(bi):
        whole = (ulo[bi] <= -1.0) & (uhi[bi] >= 1.0)
        hull[bi[whole]] = _UNIT_RECT
        part = bi[~whole]
        hull[part] = shapely.box(ulo[part], 0.0, uhi[part], 1.0)
        area[bi] = uhi[bi] - ulo[bi]
    rest = ~band[gi]
    if rest.any():
        gr = gi[rest]
        coords = np.empty((2 * len(gr), 2))
        coords[0::2, 0] = u[rest]
        coords[1::2, 0] = u[rest]
        coords[0::2, 1] = vb[rest]
        coords[1::2, 1] = vt[rest]
        # the hull of a line through the points is the hull of the points (and is cheap to build)
        ri = np.flatnonzero(~band)
        line = shapely.linestrings(coords, indices=np.repeat(np.searchsorted(ri, gr), 2))
        hull[ri] = shapely.clip_by_rect(shapely.convex_hull(line), -1.0, 0.0, 1.0, 1.0)
        area[ri] = shapely.area(hull[ri])
    ok = np.isfinite(area) & (area > 0.0)
    own = owners[ug]
    return row[own][ok], piece[own][ok], hull[ok], np.minimum(area[ok], 2.0)


def union_by_row(geoms: np.ndarray, row: np.ndarray, nrows: int, area: np.ndarray | None = None,
                 whole: BaseGeometry | None = None, whole_area: float = 0.0,
                 tol: float = 0.0) -> np.ndarray:
    """The union of the geometries of each row (None where a row has none), array calls only.

    With ``area``/``whole``: a row holding a geometry of area >= ``whole_area - tol`` is ``whole``.
    """
    out = np.full(nrows, None, dtype=object)
    if not len(row):
        return out
    order = np.argsort(row, kind="stable")
    row, geoms = row[order], geoms[order]
    todo = np.ones(len(row), dtype=bool)
    if area is not None and whole is not None:
        full = area[order] >= whole_area - tol
        full_rows = np.unique(row[full])
        out[full_rows] = whole
        todo = ~np.isin(row, full_rows)
        row, geoms = row[todo], geoms[todo]
        if not len(row):
            return out
    counts = np.bincount(row, minlength=nrows)
    single = counts[row] == 1
    out[row[single]] = geoms[single]
    multi = ~single
    if multi.any():
        mrows = np.unique(row[multi])
        slot = np.full(nrows, -1, dtype=np.int64)
        slot[mrows] = np.arange(len(mrows))
        first = np.cumsum(counts) - counts
        pos = np.arange(len(row)) - first[row]
        kmax = int(counts[mrows].max())
        pad = np.full((len(mrows), kmax), None, dtype=object)
        pad[slot[row[multi]], pos[multi]] = geoms[multi]
        out[mrows] = shapely.union_all(pad, axis=1)
    return out


def _covered(whole: BaseGeometry, geoms: np.ndarray, row: np.ndarray, nrows: int,
             size: np.ndarray, measure: str, tol: np.ndarray) -> np.ndarray:
    """Per row: do the row's geometries cover ``whole``? (subtracted biggest first, rows at once)

    ``measure`` is "area" or "length" (of what is left); ``tol`` per row is what counts as nothing.
    """
    covered = np.zeros(nrows, dtype=bool)
    if not len(row):
        return covered
    order = np.lexsort((-size, row))
    row, geoms = row[order], geoms[order]
    counts = np.bincount(row, minlength=nrows)
    first = np.cumsum(counts) - counts
    rank = np.arange(len(row)) - first[row]
    left = np.full(nrows, None, dtype=object)
    live = counts > 0
    left[live] = whole
    fn = shapely.area if measure == "area" else shapely.length
    for k in range(int(counts.max())):
        sel = (rank == k) & live[row]
        if not sel.any():
            break
        rows_k = row[sel]
        left[rows_k] = shapely.difference(left[rows_k], geoms[sel])
        done = fn(left[rows_k]) <= tol[rows_k]
        covered[rows_k[done]] = True
        live[rows_k[done]] = False
    return covered


# --------------------------------------------------------------------------------------------
# The base rim: shadows of solids in a horizontal plane
# --------------------------------------------------------------------------------------------


def _plane_shadow_hulls(pieces: ConvexPieces, eye: np.ndarray, z0: np.ndarray, far: np.ndarray,
                        row: np.ndarray, piece: np.ndarray, eps: float,
                        origin: np.ndarray | None = None,
                        scale: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Shadows, in the horizontal plane z = z0[row], of pieces seen from eye[row].

    A plane point is in a piece's shadow when the segment from the eye to it crosses the prism
    (contacts at the plane end excluded). Points farther than ``far[row]`` from the eye's foot
    stand for infinity. Returns ``(row, piece, hull)`` in plan coordinates, as
    ``(p - origin[row]) / scale[row]`` when those are given.
    """
    empty = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), np.empty(0, dtype=object))
    if not len(row):
        return empty
    ez = eye[row, 2]
    zp = z0[row]
    lift = 4.0 * eps
    level = np.abs(ez - zp) <= eps
    above = ez > zp
    bot, top = pieces.bottom[piece], pieces.top[piece]
    # the height span of the prism between the plane (exclusive) and the eye
    z_plane = np.where(above, np.maximum(bot, zp + lift), np.minimum(top, zp - lift))
    z_eye = np.where(above, np.minimum(top, ez), np.maximum(bot, ez))
    ok = np.where(above, z_plane <= z_eye, z_plane >= z_eye)
    ok = np.where(level, (bot - eps <= zp) & (zp <= top + eps), ok)
    row, piece = row[ok], piece[ok]
    if not len(row):
        return empty
    level, ez, zp = level[ok], ez[ok], zp[ok]
    z_plane, z_eye = z_plane[ok], z_eye[ok]
    span = ez - zp
    with np.errstate(divide="ignore", invalid="ignore"):
        # a prism face exactly at the eye's height projects to infinity, as the eye side does
        near_eye = ez - z_plane
        f_plane = np.where(level, 1.0, np.where(np.abs(near_eye) <= 1e-9 * np.abs(span), np.inf,
                                                span / near_eye))
        gap = ez - z_eye
        f_eye = np.where(level | (np.abs(gap) <= 1e-9 * np.abs(span)), np.inf, span / gap)
    vrow, corner, first = _expand(pieces.start, piece)
    prow = row[vrow]
    rel = pieces.xy[corner] - eye[prow, :2]
    rho = np.hypot(rel[:, 0], rel[:, 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        cap = np.where(rho > 0, far[prow] / rho, 1.0)
    k0 = np.minimum(f_plane[vrow], cap)
    k1 = np.minimum(f_eye[vrow], cap)
    coords = np.empty((2 * len(rho), 2))
    coords[0::2] = eye[prow, :2] + rel * k0[:, None]
    coords[1::2] = eye[prow, :2] + rel * k1[:, None]
    grp = np.repeat(vrow, 2)
    if origin is not None and scale is not None:
        c2 = np.repeat(prow, 2)
        coords = (coords - origin[c2]) / scale[c2, None]
        # only shadows reaching the unit square around the target matter
        gstart = 2 * first
        meets = ((np.minimum.reduceat(coords[:, 0], gstart) <= 1.0)
                 & (np.maximum.reduceat(coords[:, 0], gstart) >= -1.0)
                 & (np.minimum.reduceat(coords[:, 1], gstart) <= 1.0)
                 & (np.maximum.reduceat(coords[:, 1], gstart) >= -1.0))
        if not meets.all():
            keep = meets[grp]
            coords = coords[keep]
            grp = np.cumsum(meets)[grp[keep]] - 1
            row, piece = row[meets], piece[meets]
            if not len(row):
                return empty
    line = shapely.linestrings(coords, indices=grp)
    return row, piece, np.asarray(shapely.convex_hull(line), dtype=object)


_RIM_ANGLES = np.linspace(0.0, 2.0 * np.pi, RIM_SEGMENTS, endpoint=False)
_RIM = shapely.linearrings(np.column_stack([np.cos(_RIM_ANGLES), np.sin(_RIM_ANGLES)]))
shapely.prepare(_RIM)


def _rim_visible(index: TerrainIndex, pieces: ConvexPieces, fr: Frames, keys: np.ndarray,
                 eye_id: np.ndarray, eps: float, cands: Cands | None = None) -> np.ndarray:
    """Is some point of each row's base rim seen from its eye (exact up to a 128-gon rim)?"""
    n = len(fr)
    vis = np.ones(n, dtype=bool)
    if pieces.tree is None or not n:
        return vis
    row, piece = _cands(index, pieces, fr, keys, eye_id, eps) if cands is None else cands
    far = FAR * (fr.D + fr.r)
    # normalised about the target (centre 0, radius 1), kept near the rim
    row, piece, hull = _plane_shadow_hulls(pieces, fr.eye, fr.z, far, row, piece, eps,
                                           fr.centre, fr.r)
    if not len(row):
        return vis
    hull = shapely.clip_by_rect(hull, -1.5, -1.5, 1.5, 1.5)
    size = shapely.area(hull)
    hit = size > 0
    row, hull, size = row[hit], hull[hit], size[hit]
    if not len(row):
        return vis
    whole = shapely.covers(hull, _RIM)
    hidden = np.zeros(n, dtype=bool)
    hidden[row[whole]] = True
    rest = ~hidden[row]
    tol = np.maximum(eps / fr.r, 1e-9)
    hidden |= _covered(_RIM, hull[rest], row[rest], n, size[rest], "length", tol)
    return ~hidden


# --------------------------------------------------------------------------------------------
# Visibility of bases
# --------------------------------------------------------------------------------------------


def _sample_uv(nu: int, nv: int) -> tuple[np.ndarray, np.ndarray]:
    """A grid of normalised silhouette points (u/r in [-1, 1], v/h in [0, 1]), cell centres."""
    u = (np.arange(nu) + 0.5) / nu * 2.0 - 1.0
    v = (np.arange(nv) + 0.5) / nv
    uu, vv = np.meshgrid(u, v)
    return uu.ravel(), vv.ravel()


def _ray_targets(fr: Frames, u: np.ndarray, v: np.ndarray, rim: np.ndarray, eps: float,
                 rim_scale: float = 1.0) -> np.ndarray:
    """(n, R, 3) target points: silhouette points (u/r, v/h), then rim points at angles ``rim``
    (measured from +u towards the far side, at ``rim_scale`` r from the centre). Points at the
    standing level are lifted by a hair (a contact with what the target stands on is no block)."""
    n = len(fr)
    uu = np.concatenate([u, rim_scale * np.cos(rim)])[None, :] * fr.r[:, None]
    vv = np.concatenate([v, np.zeros(len(rim))])[None, :] * fr.h[:, None]
    back = np.concatenate([np.zeros(len(u)), rim_scale * np.sin(rim)])[None, :] * fr.r[:, None]
    xy = (fr.centre[:, None, :] + fr.n[:, None, :] * uu[..., None] + fr.d[:, None, :] * back[..., None])
    z = fr.z[:, None] + vv
    z[vv <= 0.0] += 4.0 * eps
    out = np.empty((n, uu.shape[1], 3))
    out[..., :2] = xy
    out[..., 2] = z
    return out


def _rays_any_clear(pieces: ConvexPieces, fr: Frames, crow: np.ndarray, cpiece: np.ndarray,
                    u: np.ndarray, v: np.ndarray, rim: np.ndarray, eps: float) -> np.ndarray:
    """Does any of a few exact rays from each row's eye reach its target?

    ``crow``/``cpiece`` list the candidate pieces of each row (all pieces that might block).
    """
    n = len(fr)
    pts = _ray_targets(fr, u, v, rim, eps)
    nr = pts.shape[1]
    if not len(crow):
        return np.ones(n, dtype=bool)
    cr = np.repeat(crow, nr)
    ray = np.tile(np.arange(nr), len(crow))
    hit = _blocked_rows(pieces, fr.eye[cr], pts[cr, ray], np.repeat(cpiece, nr), eps)
    blocked = np.zeros((n, nr), dtype=bool)
    blocked[cr[hit], ray[hit]] = True
    return np.asarray(~blocked.all(axis=1), dtype=bool)


def _silhouette_parts(index: TerrainIndex, pieces: ConvexPieces, fr: Frames, keys: np.ndarray,
                      eye_id: np.ndarray, eps: float, cands: Cands | None = None
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The hulls hiding parts of each row's silhouette (eye-inside solids left out)."""
    row, piece = _cands(index, pieces, fr, keys, eye_id, eps) if cands is None else cands
    ok = ~fr.on_axis[row]
    return silhouette_hulls(pieces, fr, row[ok], piece[ok])


def visible_exact(index: TerrainIndex, fr: Frames, eye_id: np.ndarray, keys: np.ndarray,
                  eps: float = EPS, cands: Cands | None = None) -> np.ndarray:
    """Exact HD-RANGED-7 visibility for each row of ``fr`` (silhouette, then base rim)."""
    pieces = convex_pieces(index)
    n = len(fr)
    vis = np.zeros(n, dtype=bool)
    if not n:
        return vis
    if pieces.tree is None:
        return np.ones(n, dtype=bool)
    if cands is None:
        cands = _cands(index, pieces, fr, keys, eye_id, eps)
    axis = fr.on_axis
    if axis.any():
        rows = np.flatnonzero(axis)
        sub = fr.take(rows)
        crow, cpiece = _take_cands(cands, rows, n)
        u, v = _sample_uv(33, 33)
        rim = np.linspace(0.0, 2.0 * np.pi, 64, endpoint=False)
        vis[rows] = _rays_any_clear(pieces, sub, crow, cpiece, u, v, rim, eps)
    rows = np.flatnonzero(~axis)
    if len(rows):
        sub = fr.take(rows)
        sub_cands = _take_cands(cands, rows, n)
        row, hpiece, hull, area = _silhouette_parts(index, pieces, sub, keys, eye_id[rows], eps,
                                                    sub_cands)
        tol = 2.0 * eps / np.maximum(sub.h, eps)
        hidden = np.zeros(len(rows), dtype=bool)
        full = area >= 2.0 - tol[row]
        hidden[row[full]] = True
        # hulls whose areas add up to less than the rectangle cannot cover it
        total = np.bincount(row, weights=area, minlength=len(rows))
        rest = ~hidden[row] & (total[row] >= 2.0 - tol[row])
        hidden |= _covered(_UNIT_RECT, hull[rest], row[rest], len(rows), area[rest], "area", tol)
        vis[rows[~hidden]] = True
        # a piece hiding the whole rectangle may hide the whole rim too (eight rays tell)
        rim_dark = _rim_dark(pieces, sub, row[full], hpiece[full], eps)
        dark = np.flatnonzero(hidden & ~rim_dark)
        if len(dark):
            vis[rows[dark]] = _rim_visible(index, pieces, sub.take(dark), keys, eye_id[rows[dark]],
                                           eps, _take_cands(sub_cands, dark, len(rows)))
    return vis


_QUICK_U = np.array([0.0, -0.9, 0.9, -0.9, 0.9])
_QUICK_V = np.array([1.0, 0.95, 0.95, 0.5, 0.5])
_QUICK_RIM = np.linspace(0.0, 2.0 * np.pi, 4, endpoint=False)


def _visible_rows(index: TerrainIndex, fr: Frames, eye_id: np.ndarray, keys: np.ndarray,
                  eps: float) -> np.ndarray:
    """Visibility per row: a few exact rays first, then the exact test for what is left."""
    pieces = convex_pieces(index)
    n = len(fr)
    if pieces.tree is None or not n:
        return np.ones(n, dtype=bool)
    cands = _cands(index, pieces, fr, keys, eye_id, eps)
    vis = _rays_any_clear(pieces, fr, cands[0], cands[1], _QUICK_U, _QUICK_V, _QUICK_RIM, eps)
    rest = np.flatnonzero(~vis)
    if len(rest):
        vis[rest] = visible_exact(index, fr.take(rest), eye_id[rest], keys, eps,
                                  _take_cands(cands, rest, n))
    return vis


def _frames_for(eyes: np.ndarray, targets: Sequence[Base]) -> Frames:
    return Frames.of(
        eyes,
        np.array([(t.x, t.y) for t in targets], dtype=float).reshape(-1, 2),
        np.array([t.z for t in targets], dtype=float),
        np.array([t.radius for t in targets], dtype=float),
        np.array([t.height for t in targets], dtype=float),
    )


def point_sees_base(index: TerrainIndex, eye: tuple[float, float, float], target: Base, *,
                    eps: float = EPS) -> bool:
    """Can some point of the target (silhouette rectangle or base rim) be seen from ``eye``?

    HD-RANGED-7 with an exact test instead of a 21x21 grid; also HD-EXPL-12 (``eye`` = the blast
    point at surface height) and HD-TMPL-8. Example: ``point_sees_base(index, (10, 0, 0), unit)``.
    """
    pieces = convex_pieces(index)
    if pieces.tree is None:
        return True
    e = np.asarray(eye, dtype=float).reshape(1, 3)
    keys = _inside_keys(index, pieces, e, eps)
    fr = _frames_for(e, [target])
    return bool(_visible_rows(index, fr, np.zeros(1, dtype=np.int64), keys, eps)[0])


def sees(index: TerrainIndex, viewer: Base, target: Base, *, eps: float = EPS) -> bool:
    """Does ``viewer`` see ``target`` (from the centre of its base at head height, HD-RANGED-7)?

    Example: ``sees(index, shooter, target)``. Figures never block (HD-RANGED-8). Not symmetric in
    general: the eye is a point but the target is a rectangle.
    """
    return point_sees_base(index, viewer.eye, target, eps=eps)


#: silhouette corners and the corners of an octagon around the base: if one convex piece blocks
#: the rays to all twelve, it hides the whole silhouette and the whole rim (both hidden sets are
#: convex: central projections of a convex prism)
_HIDE_U = np.array([-1.0, 1.0, 1.0, -1.0])
_HIDE_V = np.array([0.0, 0.0, 1.0, 1.0])
_HIDE_RIM = np.linspace(0.0, 2.0 * np.pi, 8, endpoint=False)
_HIDE_SCALE = 1.0 / np.cos(np.pi / 8.0)


_CORNER_GROUPS = (np.array([2, 3]), np.array([0, 1]))
_RIM_GROUPS = (np.array([4, 6, 8, 10]), np.array([5, 7, 9, 11]))


def _disc_behind_piece(pieces: ConvexPieces, fr: Frames, row: np.ndarray, piece: np.ndarray,
                       eps: float) -> np.ndarray:
    """Per (row, piece): does the piece alone hide the row's whole disc (rim and silhouette)?

    A sufficient test in plan, exact where it answers True: the prism spans the heights between the
    eye and the base, the eye is outside it, all of it lies nearer than the near side of the disc
    and its directions (seen from the eye) cover the disc's. Then every segment from the eye to a
    point of the disc at the base's level crosses it away from both ends.
    """
    out = np.zeros(len(row), dtype=bool)
    if not len(row):
        return out
    ez = fr.eye[row, 2]
    ok = ((pieces.bottom[piece] <= np.minimum(ez, fr.z[row]))
          & (pieces.top[piece] >= np.maximum(ez, fr.z[row] + fr.h[row])) & ~fr.on_axis[row])
    r_, p_ = row[ok], piece[ok]
    if not len(r_):
        return out
    vrow, corner, first = _expand(pieces.start, p_)
    rr = r_[vrow]
    e = fr.eye[rr, :2]
    rel = pieces.xy[corner] - e
    s = np.einsum("ij,ij->i", rel, fr.d[rr])
    w = np.einsum("ij,ij->i", rel, fr.n[rr])
    side = np.einsum("ij,ij->i", pieces.normal[corner], e) - pieces.offset[corner]
    d, r = fr.D[r_], fr.r[r_]
    mar = 10.0 * END_SKIP * eps + 1e-9 * (d + r)
    smin = np.minimum.reduceat(s, first)
    smax = np.maximum.reduceat(s, first)
    outside = np.maximum.reduceat(side, first)
    with np.errstate(divide="ignore", invalid="ignore"):
        tw = w / s
        half = r / np.sqrt(np.maximum(d * d - r * r, 0.0))  # tan of the disc's half-angle
    cover = (np.minimum.reduceat(tw, first) <= -half * (1.0 + 1e-9) - 1e-12) & (
        np.maximum.reduceat(tw, first) >= half * (1.0 + 1e-9) + 1e-12)
    good = (smin > mar) & (smax <= d - r - mar) & (outside > mar) & cover & (d > r)
    out[np.flatnonzero(ok)[good]] = True
    return out


_RIM_RAYS_TOO = False


def _rim_dark(pieces: ConvexPieces, fr: Frames, row: np.ndarray, piece: np.ndarray,
              eps: float) -> np.ndarray:
    """Rows whose whole base rim one of the pieces (row, piece) is proven to hide: the plan test
    first, the eight rays of ``_one_piece_hides`` for the pairs it leaves."""
    dark = np.zeros(len(fr), dtype=bool)
    dark[row[_disc_behind_piece(pieces, fr, row, piece, eps)]] = True
    if _RIM_RAYS_TOO:
        todo = ~dark[row]
        dark |= _one_piece_hides(pieces, fr, row[todo], piece[todo], eps, groups=_RIM_GROUPS)
    return dark


def _one_piece_hides(pieces: ConvexPieces, fr: Frames, row: np.ndarray, piece: np.ndarray,
                     eps: float, rounds: int = 3,
                     groups: tuple[np.ndarray, ...] = _CORNER_GROUPS + _RIM_GROUPS) -> np.ndarray:
    """Rows proven wholly hidden by a single convex piece among (row, piece) (tallest first).

    A piece that blocks the rays to the four silhouette corners hides the whole rectangle, and one
    that blocks the rays to the corners of an octagon around the base hides the whole rim: both
    hidden sets are convex (central projections of a convex prism). Rays are tried in small
    groups so that most pieces drop out early; ``groups`` picks which (the rim ones alone prove
    only the rim hidden).
    """
    n = len(fr)
    hidden = np.zeros(n, dtype=bool)
    if not len(row):
        return hidden
    ok = ~fr.on_axis[row]
    row, piece = row[ok], piece[ok]
    order = np.lexsort((-pieces.top[piece], row))
    row, piece = row[order], piece[order]
    counts = np.bincount(row, minlength=n)
    rank = np.arange(len(row)) - (np.cumsum(counts) - counts)[row]
    pts = _ray_targets(fr, _HIDE_U, _HIDE_V, _HIDE_RIM, eps, _HIDE_SCALE)
    for k in range(rounds):
        sel = (rank == k) & ~hidden[row]
        r, p = row[sel], piece[sel]
        for g in groups:
            if not len(r):
                break
            rr = np.repeat(r, len(g))
            ray = np.tile(g, len(r))
            blk = _blocked_rows(pieces, fr.eye[rr], pts[rr, ray], np.repeat(p, len(g)), eps)
            keep = blk.reshape(len(r), len(g)).all(axis=1)
            r, p = r[keep], p[keep]
        hidden[r] = True
    return hidden


# --------------------------------------------------------------------------------------------
# The plan pass of sight_matrix: angular intervals seen from each eye (exact proofs only)
# --------------------------------------------------------------------------------------------

TWO_PI = 2.0 * np.pi
#: the plan pass widens each piece's angular interval by this much when listing candidates
_ENUM_MARGIN = 1e-7
#: and shrinks it by this much when it proves a target hidden
_PROOF_MARGIN = 1e-9
#: key stride per eye in the sorted angle lists (angles and their copies lie in [0, 5 pi))
_KEY_STRIDE = 32.0
_SENTINEL = 15.0
#: the plan pass aims its rays this fraction of the height under the top of the silhouette
_RAY_DROP = 1e-3


@dataclass(frozen=True, eq=False)
class _PieceShape:
    """Per convex piece: centroid, half its longest edge, and how far an ``eps`` growth of its
    edges moves its sharpest corner (as a multiple of ``eps``)."""

    centroid: np.ndarray
    half_edge: np.ndarray
    growth: np.ndarray


_SHAPES: weakref.WeakKeyDictionary[ConvexPieces, _PieceShape] = weakref.WeakKeyDictionary()


def _piece_shape(pieces: ConvexPieces) -> _PieceShape:
    cached = _SHAPES.get(pieces)
    if cached is not None:
        return cached
    count = np.diff(pieces.start)
    first = pieces.start[:-1]
    owner = np.repeat(np.arange(len(count)), count)
    pos = np.arange(len(pieces.xy))
    nxt = np.where(pos + 1 < pieces.start[owner + 1], pos + 1, pieces.start[owner])
    prv = np.where(pos > pieces.start[owner], pos - 1, pieces.start[owner + 1] - 1)
    edge = np.hypot(*(pieces.xy[nxt] - pieces.xy[pos]).T)
    n0, n1 = pieces.normal[prv], pieces.normal[pos]
    cos_g = np.einsum("ij,ij->i", n0, n1)
    with np.errstate(divide="ignore", invalid="ignore"):
        grow = np.where(1.0 + cos_g > 1e-12, np.hypot(*(n0 + n1).T) / (1.0 + cos_g), np.inf)
    if len(count):
        centroid = np.add.reduceat(pieces.xy, first, axis=0) / count[:, None]
        half_edge = 0.5 * np.maximum.reduceat(edge, first)
        growth = np.maximum.reduceat(grow, first)
    else:
        centroid, half_edge, growth = np.empty((0, 2)), np.empty(0), np.empty(0)
    shape = _PieceShape(centroid, half_edge, growth)
    _SHAPES[pieces] = shape
    return shape


def _ranges(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The index ranges [lo[k], hi[k]) laid end to end: (k of each element, the element)."""
    cnt = np.maximum(hi - lo, 0)
    total = int(cnt.sum())
    owner = np.repeat(np.arange(len(lo)), cnt)
    return owner, np.arange(total) + np.repeat(lo - (np.cumsum(cnt) - cnt), cnt)


@dataclass(frozen=True)
class _EyeTable:
    """Each (piece that reaches head level, eye) pair seen in plan, as flat arrays indexed
    ``f * n + e`` (``f`` indexes ``fidx``, ``e`` the eye).

    The piece covers the directions ``[lo, end]`` seen from the eye (absolute angles in [0, 2 pi),
    ``end`` may pass 2 pi), widened by ``mgn`` on each side (rounding, and the ``eps`` growth of its
    edges); ``lb`` is a lower bound of its distance from the eye, ``far2`` the squared distance of
    its farthest corner, ``outd`` how far the eye is outside it (<= 0: on or in it).
    """

    fidx: np.ndarray
    n: int
    lo: np.ndarray  #: (nf, n), _SENTINEL where the interval is unusable
    dmin: np.ndarray  #: (nf, n) angle of the first corner from the centroid's direction
    ux: np.ndarray  #: (nf, n) the centroid from the eye
    uy: np.ndarray
    usable: np.ndarray  #: (nf, n)
    wide: np.ndarray  #: (nf, n) the eye is on or in the piece: a candidate of every row
    width: np.ndarray  #: flat (nf * n,) from here on
    end: np.ndarray
    mgn: np.ndarray
    lb2: np.ndarray
    far2: np.ndarray
    outd: np.ndarray
    bottom: np.ndarray
    top: np.ndarray


def _eye_table(index: TerrainIndex, pieces: ConvexPieces, fidx: np.ndarray, xy: np.ndarray,
               keys: np.ndarray, eps: float) -> _EyeTable:
    n = len(xy)
    nf = len(fidx)
    shape = _piece_shape(pieces)
    prow, corner, first = _expand(pieces.start, fidx)
    ex, ey = xy[:, 0], xy[:, 1]
    rx = pieces.xy[corner, 0:1] - ex  # (K, n): the corners seen from each eye
    ry = pieces.xy[corner, 1:2] - ey
    cen = shape.centroid[fidx]
    ux, uy = cen[:, 0:1] - ex, cen[:, 1:2] - ey  # (nf, n): the centroid
    psi = np.arctan2(uy, ux)
    # angles from the centroid's direction: the interval of a convex piece seen from outside is
    # narrower than pi and holds that direction, so no angle wraps
    delta = np.arctan2(ry, rx) - np.take(psi, prow, axis=0)
    delta = np.where(delta > np.pi, delta - TWO_PI, delta)
    delta = np.where(delta < -np.pi, delta + TWO_PI, delta)
    dmin = np.minimum.reduceat(delta, first, axis=0)
    dmax = np.maximum.reduceat(delta, first, axis=0)
    c2 = rx * rx + ry * ry
    far2 = np.maximum.reduceat(c2, first, axis=0)
    near = np.sqrt(np.minimum.reduceat(c2, first, axis=0))
    # signed distances of the eyes from each edge's line, one matrix product
    plane = np.column_stack([pieces.normal[corner], -pieces.offset[corner]])
    outd = np.maximum.reduceat(plane @ np.vstack([ex, ey, np.ones(n)]), first, axis=0)
    lb = np.maximum(np.maximum(outd, near - shape.half_edge[fidx][:, None]), 0.0)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        mgn = _ENUM_MARGIN + (shape.growth[fidx][:, None] + 4.0) * eps / lb
    skip = np.zeros((nf, n), dtype=bool)
    if len(keys):  # a solid holding the eye is ignored for that eye
        sol = pieces.solid[fidx][:, None].astype(np.int64)
        skip = np.isin(np.arange(n)[None, :] * len(index.solids) + sol, keys)
    wide = (~(outd > 10.0 * eps) | ~(mgn < 0.05)) & ~skip
    usable = ~wide & ~skip
    lo = psi + dmin - mgn
    lo = np.where(lo < 0.0, lo + TWO_PI, lo)
    lo = np.where(lo < 0.0, lo + TWO_PI, lo)
    lo = np.where(usable, lo, _SENTINEL)
    width = (dmax - dmin + 2.0 * mgn).ravel()
    return _EyeTable(
        fidx=fidx, n=n, lo=lo, dmin=dmin, ux=ux, uy=uy, usable=usable, wide=wide,
        width=width, end=lo.ravel() + width, mgn=mgn.ravel(), lb2=(lb * lb).ravel(),
        far2=far2.ravel(), outd=outd.ravel(), bottom=np.repeat(pieces.bottom[fidx], n),
        top=np.repeat(pieces.top[fidx], n))


def _plan_pass(index: TerrainIndex, pieces: ConvexPieces, xy: np.ndarray, zs: np.ndarray,
               hs: np.ndarray, rs: np.ndarray, keys: np.ndarray, eps: float
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Decide most ordered pairs of ``sight_matrix`` from angular intervals in plan view.

    Returns ``(vi, ti, decided, seen)`` over the rows ``vi[k] -> ti[k]`` (all ordered pairs, eye
    by eye). Only the pieces that reach the rays of this pass (eye to just under a head) matter.
    Seen from an eye, a convex piece covers an interval of directions (widened by a margin for
    listing candidates). Two kinds of decision, both exact:

    * hidden: a piece that spans the heights of the whole pair ("full height") blocks a 3-D segment
      from the eye to the target iff the segment's plan crosses its footprint. When all of such a
      piece is nearer the eye than all of the target's disc, every direction inside its interval is
      blocked before it reaches the disc; if the intervals of such pieces (shrunk by a margin) cover
      the directions of the disc, every point of the target (silhouette and rim) is hidden. A piece
      reaching past the near side of the disc counts with its part before it (clipped).
    * seen: one exact ray (``_blocked_rows``) to just under the top of the silhouette, in a
      direction that the intervals leave open (of all pieces, else of the proving ones), against
      every piece whose widened interval holds that direction; a clear ray sees a patch of it.

    The rows left undecided go to the exact test.
    """
    n = len(xy)
    m = n - 1
    nrow = n * m
    vi = np.repeat(np.arange(n), m)
    ti = np.tile(np.arange(m), n)
    ti += ti >= vi
    decided = np.zeros(nrow, dtype=bool)
    seen = np.zeros(nrow, dtype=bool)
    head = zs + hs
    # the pieces that can meet a ray of this pass
    fidx = np.flatnonzero((pieces.top >= float((head - _RAY_DROP * hs).min()) - eps)
                          & (pieces.bottom <= float(head.max()) + eps))
    if not len(fidx):  # nothing reaches any such ray
        decided[:] = True
        seen[:] = True
        return vi, ti, decided, seen
    tb = _eye_table(index, pieces, fidx, xy, keys, eps)
    eye_ids = np.arange(n)

    # ---- the rows: target direction phi, half-width alpha of its disc, distance
    dx, dy = xy[ti, 0] - xy[vi, 0], xy[ti, 1] - xy[vi, 1]
    dist = np.hypot(dx, dy)
    rt = rs[ti]
    okrow = dist > rt * (1.0 + 1e-9) + 10.0 * eps
    dsafe = np.where(okrow, dist, 1.0)
    phi = np.arctan2(dy, dx)
    alpha = np.where(okrow, np.arcsin(np.minimum(rt / dsafe, 1.0)), 0.0)
    ae = alpha + _ENUM_MARGIN
    s = phi - ae
    s = np.where(s < 0.0, s + TWO_PI, s)
    s = np.where(okrow, s, _SENTINEL)  # never meets a piece
    inv_a = 1.0 / (alpha + _PROOF_MARGIN)  # normalised: [-1, 1] is the disc
    blk_r2 = dist * dist + rt * rt  # beyond this no piece blocks a ray to the silhouette
    lmar = 10.0 * END_SKIP * eps + 1e-9 * (dist + rt)
    lim = dist - rt - lmar  # a proving piece lies within this distance
    lim2 = np.where(lim > 0.0, lim * lim, -1.0)
    ez = head[vi]
    zlo = np.minimum(ez, zs[ti])
    zhi = np.maximum(ez, head[ti])
    omar = 10.0 * END_SKIP * eps + 1e-9 * float(dist.max())

    # ---- pieces sorted by start per eye (two copies: lo, lo + 2 pi), rows sorted likewise
    order = np.argsort(tb.lo, axis=0)
    p_lo = np.take_along_axis(tb.lo, order, axis=0).T  # (n, nf)
    p_t = (order * n + eye_ids[None, :]).T
    ok1 = p_lo < _SENTINEL
    both = np.concatenate([ok1, ok1], axis=1)
    pv = np.concatenate([p_lo, p_lo + TWO_PI], axis=1)[both]
    pt = np.concatenate([p_t, p_t], axis=1)[both]
    pk = pv + np.repeat(eye_ids * _KEY_STRIDE, 2 * ok1.sum(axis=1))
    tord = np.argsort(s.reshape(n, m), axis=1)
    rows_sorted = (tord + (eye_ids * m)[:, None]).ravel()
    s_sorted = s[rows_sorted]
    s_key = s_sorted + vi[rows_sorted] * _KEY_STRIDE

    # ---- candidates A: the piece's interval starts inside the row's (sorted by start per row)
    a0 = np.searchsorted(pk, s_key, "left")
    a1 = np.searchsorted(pk, s_key + 2.0 * ae[rows_sorted], "right")
    q_a, pos = _ranges(a0, a1)
    row_a = rows_sorted[q_a]
    t_a = pt[pos]
    keep = np.take(tb.lb2, t_a) < np.take(blk_r2, row_a)  # nearer than the silhouette's far edge
    q_a, row_a, t_a = q_a[keep], row_a[keep], t_a[keep]
    lo_a = pv[pos[keep]] - np.take(s + ae, row_a)  # relative to the target's direction
    # ---- candidates B: the row's interval starts inside the piece's (after its start)
    ok_t = okrow[rows_sorted].reshape(n, m)
    ok_t = np.concatenate([ok_t, ok_t], axis=1)
    tv = np.concatenate([s_sorted.reshape(n, m), s_sorted.reshape(n, m) + TWO_PI], axis=1)
    tk = (tv + (eye_ids * _KEY_STRIDE)[:, None])[ok_t]
    tv = tv[ok_t]
    tr = np.concatenate([rows_sorted.reshape(n, m)] * 2, axis=1)[ok_t]
    p1 = p_lo[ok1]
    t1 = p_t[ok1]
    k1 = p1 + np.repeat(eye_ids * _KEY_STRIDE, ok1.sum(axis=1))
    b0 = np.searchsorted(tk, k1, "right")
    b1 = np.searchsorted(tk, k1 + np.take(tb.width, t1), "right")
    pb, tpos = _ranges(b0, b1)
    row_b = tr[tpos]
    t_b = t1[pb]
    ref_b = tv[tpos] + np.take(ae, row_b)  # the target's direction in the frame of the copy
    lo_b = p1[pb] - ref_b
    # ---- wide (piece, eye) pairs: candidates of every row of the eye
    fw, ew = np.nonzero(tb.wide)
    rw0, row_w = _ranges(ew * m, ew * m + m)
    t_w = (fw * n + ew)[rw0]
    keep = np.take(tb.lb2, t_w) < np.take(blk_r2, row_w)
    row_w, t_w = row_w[keep], t_w[keep]

    zt, zh = zs[ti], head[ti]

    def proving(row: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Candidates that hide, within their directions, every ray to the disc."""
        near = (np.take(tb.outd, t) > omar) & (np.take(tb.far2, t) <= np.take(lim2, row))
        bottom, top = np.take(tb.bottom, t), np.take(tb.top, t)
        full = (bottom <= np.take(zlo, row)) & (top >= np.take(zhi, row))
        out = full & near
        rest = np.flatnonzero(near & ~full)
        if len(rest):
            # not spanning the pair's heights, yet maybe every ray's: within the piece a ray to
            # a point q of the target is at a plan distance rho in [lb, far], so its height
            # ez + (zq - ez) rho / |q - E| (|q - E| in [D - r, D + r]) lies between the values at
            # the corners of zq in [z, head] x rho / |q - E| in [lb / (D + r), far / (D - r)]
            r, k = row[rest], t[rest]
            e = ez[r]
            f0 = np.sqrt(tb.lb2[k]) / (dist[r] + rt[r])
            f1 = np.sqrt(tb.far2[k]) / (dist[r] - rt[r])
            lo_ = zt[r] - e  # the feet, from the eye
            hi_ = zh[r] - e  # the head
            zmin = e + np.where(lo_ >= 0.0, lo_ * f0, lo_ * f1)
            zmax = e + np.where(hi_ >= 0.0, hi_ * f1, hi_ * f0)
            out[rest] = (bottom[rest] <= zmin) & (top[rest] >= zmax)
        return out

    # ---- B: what they cover from the start of the disc (-1) on
    ia_b = np.take(inv_a, row_b)
    hi_rel = np.take(tb.end, t_b) - ref_b
    mg_b = np.take(tb.mgn, t_b)
    hi_pb = (hi_rel - mg_b - _PROOF_MARGIN) * ia_b
    proof_b = proving(row_b, t_b) & ((lo_b + mg_b + _PROOF_MARGIN) * ia_b <= -1.0) & (hi_pb >= -1.0)
    hi_nb = hi_rel * ia_b
    blk_b = (np.take(tb.lb2, t_b) < np.take(blk_r2, row_b)) & (hi_nb >= -1.0)
    init_p = np.full(nrow, -1.0)
    np.maximum.at(init_p, row_b[proof_b], np.minimum(hi_pb[proof_b], 1.0))
    init_b = np.full(nrow, -1.0)
    np.maximum.at(init_b, row_b[blk_b], np.minimum(hi_nb[blk_b], 1.0))
    init_b[row_w] = 1.0
    # ---- A: proving intervals (shrunk) and all intervals (widened), clipped to the disc
    ia_a = np.take(inv_a, row_a)
    w_a = np.take(tb.width, t_a)
    mg_a = np.take(tb.mgn, t_a)
    lo_pa = (lo_a + mg_a + _PROOF_MARGIN) * ia_a
    hi_pa = (lo_a + w_a - mg_a - _PROOF_MARGIN) * ia_a
    proof_a = proving(row_a, t_a) & (lo_pa <= hi_pa) & (hi_pa >= -1.0) & (lo_pa <= 1.0)
    lo_na = lo_a * ia_a
    hi_na = (lo_a + w_a) * ia_a
    blk_a = lo_na <= 1.0
    lo_pa, hi_pa = np.maximum(lo_pa, -1.0), np.minimum(hi_pa, 1.0)
    lo_na, hi_na = np.maximum(lo_na, -1.0), np.minimum(hi_na, 1.0)

    # ---- sweeps over the A candidates (grouped by row, sorted by start within a row)
    na = len(row_a)
    off = 4.0 * q_a  # keeps each row's running maximum above the rows before
    last = np.flatnonzero(np.append(q_a[1:] != q_a[:-1], True)) if na else np.empty(0, np.int64)
    row_last = row_a[last]

    def sweep(mask: np.ndarray, lo_: np.ndarray, hi_: np.ndarray, init: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(covered up to, before each candidate; covered up to at the end; gap before)."""
        cm = np.maximum.accumulate(np.where(mask, hi_, -np.inf) + off)
        prev = np.empty(na)
        if na:
            prev[0] = -np.inf
            prev[1:] = cm[:-1]
        # the previous rows' values come out below -1 and are clipped away
        prev = np.maximum(np.maximum(prev - off, np.take(init, row_a)), -1.0)
        final = np.maximum(init, -1.0)
        if na:
            final[row_last] = np.maximum(final[row_last], cm[last] - off[last])
        return prev, final, mask & (lo_ > prev)

    prev_p, final_p, gap_p = sweep(proof_a, lo_pa, hi_pa, init_p)
    holes = np.zeros(nrow, dtype=bool)
    holes[row_a[gap_p]] = True
    hidden = okrow & ~holes & (final_p >= 1.0)
    decided |= hidden

    # ---- a direction to try per row: the widest open gap of all pieces, else of the proving ones
    beta = np.arctan2(rt, dsafe) * (1.0 - 1e-6) * inv_a  # the silhouette's half-width

    def best_gap(mask: np.ndarray, lo_: np.ndarray, prev: np.ndarray, final: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
        r = row_a[mask]
        br = np.take(beta, r)
        g_lo = np.maximum(prev[mask], -br)
        g_hi = np.minimum(lo_[mask], br)
        glen = g_hi - g_lo
        tail = np.maximum(final, -beta)
        best = beta - tail  # the gap after the last interval
        x = 0.5 * (beta + tail)
        np.maximum.at(best, r, glen)
        win = glen >= best[r]
        x[r[win]] = 0.5 * (g_lo[win] + g_hi[win])
        return best, x

    prev_b, final_b, _ = sweep(blk_a, lo_na, hi_na, init_b)
    best_b, x_b = best_gap(blk_a, lo_na, prev_b, final_b)
    best_p, x_p = best_gap(proof_a, lo_pa, prev_p, final_p)
    use_b = best_b > 1e-6
    try_rows = np.flatnonzero(okrow & ~hidden & (use_b | (best_p > 1e-6)))
    if len(try_rows):
        th = np.where(use_b, x_b, x_p)[try_rows] / inv_a[try_rows]
        slot = np.full(nrow, -1, dtype=np.int64)
        slot[try_rows] = np.arange(len(try_rows))
        ray_rows, ray_t = [], []
        for row, t, lo, use in ((row_a, t_a, lo_a, blk_a), (row_b, t_b, lo_b, blk_b)):
            sl = np.take(slot, row)
            ok = (sl >= 0) & use
            sl, t, lo = sl[ok], t[ok], lo[ok]
            tt = th[sl]
            hit = (lo <= tt) & (tt <= lo + np.take(tb.width, t))
            ray_rows.append(sl[hit])
            ray_t.append(t[hit])
        sw = slot[row_w]
        ray_rows.append(sw[sw >= 0])
        ray_t.append(t_w[sw >= 0])
        rr = np.concatenate(ray_rows)
        rf = fidx[np.concatenate(ray_t) // n]
        d = dist[try_rows]
        u = d * np.tan(th)
        tj = ti[try_rows]
        # just under the top: a clear ray there sees an open patch of the silhouette, as the exact
        # (area) test counts it, not only a point of its top edge
        pts = np.column_stack([xy[tj, 0] - u * dy[try_rows] / d, xy[tj, 1] + u * dx[try_rows] / d,
                               zs[tj] + hs[tj] * (1.0 - _RAY_DROP)])
        eyes = np.column_stack([xy, head])
        blocked = np.zeros(len(try_rows), dtype=bool)
        blocked[rr[_blocked_rows(pieces, eyes[vi[try_rows[rr]]], pts[rr], rf, eps)]] = True
        clear = try_rows[~blocked]
        seen[clear] = True
        decided[clear] = True

    # ---- the rows left: full-height pieces reaching past the near side of the disc, clipped there
    left = okrow & ~decided
    if not left.any():
        return vi, ti, decided, seen
    row_c = np.concatenate([row_a, row_b])
    t_c = np.concatenate([t_a, t_b])
    sel = np.flatnonzero(np.take(left, row_c))
    row_c, t_c = row_c[sel], t_c[sel]
    lo_c = np.concatenate([lo_a, lo_b])[sel]
    li = np.take(lim, row_c)
    straddle = ((np.take(tb.bottom, t_c) <= np.take(zlo, row_c))
                & (np.take(tb.top, t_c) >= np.take(zhi, row_c)) & (np.take(tb.outd, t_c) > omar)
                & (li > 0.0) & (np.take(tb.far2, t_c) > li * li) & (np.take(tb.lb2, t_c) < li * li))
    if not straddle.any():
        return vi, ti, decided, seen
    r_s, t_s, lo_s = row_c[straddle], t_c[straddle], lo_c[straddle]
    f_s, e_s = np.divmod(t_s, n)
    vrow, corner, first = _expand(pieces.start, fidx[f_s])
    cnt = np.diff(np.append(first, len(corner)))
    rel = pieces.xy[corner] - xy[e_s[vrow]]
    nxt = np.arange(len(corner)) + 1
    nxt[first + cnt - 1] = first
    rnext = rel[nxt]
    dv = (np.column_stack([dx[r_s], dy[r_s]]) / dist[r_s, None])[vrow]
    sc = rel[:, 0] * dv[:, 0] + rel[:, 1] * dv[:, 1]
    sn = rnext[:, 0] * dv[:, 0] + rnext[:, 1] * dv[:, 1]
    lv = lim[r_s][vrow]
    cross = (sc - lv) * (sn - lv) < 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        k = np.where(cross, (lv - sc) / (sn - sc), 0.0)
    pcut = rel + (rnext - rel) * k[:, None]
    cux, cuy = tb.ux[f_s, e_s][vrow], tb.uy[f_s, e_s][vrow]  # the centroid's direction

    def ang(p: np.ndarray) -> np.ndarray:
        return np.arctan2(cux * p[:, 1] - cuy * p[:, 0], cux * p[:, 0] + cuy * p[:, 1])

    # the part of the piece before the limit: its corners there and its edges' crossings
    a_c = np.where(sc <= lv, ang(rel), np.nan)
    a_x = np.where(cross, ang(pcut), np.nan)
    amin = np.fmin.reduceat(np.fmin(a_c, a_x), first)
    amax = np.fmax.reduceat(np.fmax(a_c, a_x), first)
    base = lo_s + tb.mgn[t_s] - tb.dmin[f_s, e_s]  # a corner's angle, relative to the target's
    ia = inv_a[r_s]
    c_lo = (base + amin + _PROOF_MARGIN) * ia
    c_hi = (base + amax - _PROOF_MARGIN) * ia
    good = np.isfinite(c_lo) & np.isfinite(c_hi) & (c_lo <= c_hi) & (c_hi >= -1.0) & (c_lo <= 1.0)
    if not good.any():
        return vi, ti, decided, seen
    # with the whole proving pieces of the same rows, sorted by start
    rows_s = np.unique(r_s[good])
    in_s = np.zeros(nrow, dtype=bool)
    in_s[rows_s] = True
    ka = np.flatnonzero(proof_a & in_s[row_a])
    kb = np.flatnonzero(proof_b & in_s[row_b])
    r_all = np.concatenate([row_a[ka], row_b[kb], r_s[good]])
    l_all = np.maximum(np.concatenate([lo_pa[ka], np.full(len(kb), -1.0), c_lo[good]]), -1.0)
    h_all = np.minimum(np.concatenate([hi_pa[ka], hi_pb[kb], c_hi[good]]), 1.0)
    o = np.lexsort((l_all, r_all))
    r_all, l_all, h_all = r_all[o], l_all[o], h_all[o]
    newr = np.append(True, r_all[1:] != r_all[:-1])
    off2 = 4.0 * (np.cumsum(newr) - 1)
    cm = np.maximum.accumulate(h_all + off2)
    prev = np.empty(len(r_all))
    prev[0] = -np.inf
    prev[1:] = cm[:-1]
    prev = np.maximum(prev - off2, -1.0)
    hole = np.zeros(nrow, dtype=bool)
    hole[r_all[l_all > prev]] = True
    endv = np.full(nrow, -1.0)
    lastk = np.flatnonzero(np.append(newr[1:], True))
    endv[r_all[lastk]] = cm[lastk] - off2[lastk]
    decided[rows_s[~hole[rows_s] & (endv[rows_s] >= 1.0)]] = True
    return vi, ti, decided, seen


def _staged_rows(index: TerrainIndex, pieces: ConvexPieces, xy: np.ndarray, zs: np.ndarray,
                 hs: np.ndarray, rs: np.ndarray, keys: np.ndarray, vi: np.ndarray, ti: np.ndarray,
                 eps: float) -> np.ndarray:
    """Exact visibility of the rows ``vi[k] -> ti[k]``, cheap stages first.

    1. An exact ray from the eye to the target's head, against the pieces near its plan.
    2. Hidden at once when one of the pieces blocking that ray blocks the rays to the four
       silhouette corners and to an octagon around the base (convexity makes that a proof).
    3. The rest: nine exact rays, then the exact test (silhouette area, then base rim).
    """
    nrow = len(vi)
    seen = np.ones(nrow, dtype=bool)
    if not nrow:
        return seen
    head = zs + hs
    eyes = np.column_stack([xy, head])
    zlo = np.minimum(head[vi], head[ti]) - eps
    zhi = np.maximum(head[vi], head[ti]) + eps
    crow, cpiece = corridor_candidates(pieces, xy[vi], xy[ti], 2.0 * eps, zlo, zhi)
    keep = _drop_inside(index, pieces, keys, vi[crow], cpiece)
    crow, cpiece = crow[keep], cpiece[keep]
    target_head = np.column_stack([xy[ti], head[ti]])
    head_hit = _blocked_rows(pieces, eyes[vi[crow]], target_head[crow], cpiece, eps)
    seen[crow[head_hit]] = False
    rest = np.flatnonzero(~seen)
    if len(rest):
        tr = ti[rest]
        fr = Frames.of(eyes[vi[rest]], xy[tr], zs[tr], rs[tr], hs[tr])
        slot = np.full(nrow, -1, dtype=np.int64)
        slot[rest] = np.arange(len(rest))
        sel = head_hit & (slot[crow] >= 0)
        hidden = _one_piece_hides(pieces, fr, slot[crow[sel]], cpiece[sel], eps)
        left = np.flatnonzero(~hidden)
        vis = np.zeros(len(rest), dtype=bool)
        if len(left):
            vis[left] = _visible_rows(index, fr.take(left), vi[rest[left]], keys, eps)
        seen[rest] = vis
    return seen


def sight_matrix(index: TerrainIndex, bases: Sequence[Base], *, eps: float = EPS) -> np.ndarray:
    """``m[i, j]``: does ``bases[i]`` see ``bases[j]``? (n x n bool, the diagonal is True).

    1. Plan view (``_plan_pass``): from each eye, the angular intervals of the pieces that reach
       head level. A target whose disc is covered by the intervals of pieces nearer than it and
       spanning the heights of the pair is hidden; one exact ray into a direction the intervals
       leave open proves it seen.
    2. The pairs left (a handful on a dense table): an exact ray to the head, the single-piece
       proof of hiding, nine exact rays, then the exact test (``_staged_rows``).
    Example: ``sight_matrix(index, figures)[i, j]``.
    """
    n = len(bases)
    out = np.ones((n, n), dtype=bool)
    pieces = convex_pieces(index)
    if n < 2 or pieces.tree is None:
        return out
    xy = np.array([(b.x, b.y) for b in bases], dtype=float)
    zs = np.array([b.z for b in bases], dtype=float)
    hs = np.array([b.height for b in bases], dtype=float)
    rs = np.array([b.radius for b in bases], dtype=float)
    keys = _inside_keys(index, pieces, np.column_stack([xy, zs + hs]), eps)
    vi, ti, decided, seen = _plan_pass(index, pieces, xy, zs, hs, rs, keys, eps)
    rest = np.flatnonzero(~decided)
    if len(rest):
        seen[rest] = _staged_rows(index, pieces, xy, zs, hs, rs, keys, vi[rest], ti[rest], eps)
    out[vi, ti] = seen
    return out


def seen_point(index: TerrainIndex, eye: tuple[float, float, float], target: Base, *,
               eps: float = EPS) -> tuple[float, float, float] | None:
    """A point of the target's silhouette seen from ``eye`` (for drawing the sight line), or None.

    The highest visible point on the silhouette's centre line when there is one, else a point of
    the visible part of the silhouette; None when only the base rim (or nothing) is seen.
    Example: ``seen_point(index, shooter.eye, target)`` -> ``(x, y, z)``.
    """
    pieces = convex_pieces(index)
    e = np.asarray(eye, dtype=float).reshape(1, 3)
    fr = _frames_for(e, [target])
    if fr.on_axis[0]:
        return (target.x, target.y, target.head)
    keys = _inside_keys(index, pieces, e, eps)
    row, _, hull, area = _silhouette_parts(index, pieces, fr, keys, np.zeros(1, np.int64), eps)
    union = union_by_row(hull, row, 1)[0]
    left = _UNIT_RECT if union is None else _UNIT_RECT.difference(union)
    if left.is_empty or left.area <= 2.0 * eps / max(target.height, eps):
        return None
    axis = left.intersection(shapely.LineString([(0.0, 0.0), (0.0, 1.0)]))
    if not axis.is_empty and axis.length > 0:
        u, v = 0.0, float(shapely.get_coordinates(axis)[:, 1].max())
    else:
        p = left.representative_point()
        u, v = p.x, p.y
    w = fr.world(np.zeros(1, np.int64), np.array([u * target.radius]), np.array([v * target.height]))
    return (float(w[0, 0]), float(w[0, 1]), float(w[0, 2]))


def shadow(index: TerrainIndex, eye: tuple[float, float, float], radius_limit: float, *,
           eps: float = EPS) -> BaseGeometry:
    """The floor (z = 0) within ``radius_limit`` of the eye's foot that the eye cannot see.

    Exact for prisms: each convex piece between the floor and the eye is projected from the eye
    onto the floor; the union is clipped to the disc (and to the table when the index has one).
    Example: ``shadow(index, (500, 300, 40), 600)`` -> a (Multi)Polygon for the sandbox overlay.
    """
    e = np.asarray(eye, dtype=float).reshape(1, 3)
    disc = Point(float(e[0, 0]), float(e[0, 1])).buffer(radius_limit, quad_segs=64)
    if index.table is not None:
        disc = disc.intersection(index.table)
    pieces = convex_pieces(index)
    if pieces.tree is None:
        return Polygon()
    piece = pieces.tree.query(disc, predicate="intersects")
    row = np.zeros(len(piece), dtype=np.int64)
    keys = _inside_keys(index, pieces, e, eps)
    keep = _drop_inside(index, pieces, keys, row, piece)
    far = np.array([FAR * max(radius_limit, eps)])
    _, _, hull = _plane_shadow_hulls(pieces, e, np.zeros(1), far, row[keep], piece[keep], eps)
    if not len(hull):
        return Polygon()
    return shapely.union_all(hull).intersection(disc)
