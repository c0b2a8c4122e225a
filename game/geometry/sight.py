"""Line of sight in 2.5-D: exact, vectorised, over the terrain index (HD-RANGED-7/8, HD-EXPL-1/12).

The world: terrain solids are footprint polygons raised between a bottom and a top height
(``terrain.Solid``); figures are round bases with a standing level and a model height
(``bases.Base``). A target is seen from an eye when some point of it can be joined to the eye by a
straight 3-D segment that crosses no sight-blocking solid. Touching a solid within ``eps`` counts as
crossing it ("grazing is blocked", HD-RANGED-7); contacts at the two ends of a segment (a point on a
roof, a base against a wall) are not crossings. Figures never block (HD-RANGED-8).

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

EPS = 1e-9
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
    ``END_SKIP * eps`` of its ends are left out (contacts at the ends are not crossings).
    The segment is t in [0, 1]; each face of the prism bounds t from one side.
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
    coords = np.empty((2 * len(u), 2))
    coords[0::2, 0] = u
    coords[1::2, 0] = u
    coords[0::2, 1] = vb
    coords[1::2, 1] = vt
    # the hull of a line through the points is the hull of the points (and is cheap to build)
    line = shapely.linestrings(coords, indices=np.repeat(gi, 2))
    hull = np.asarray(shapely.clip_by_rect(shapely.convex_hull(line), -1.0, 0.0, 1.0, 1.0), dtype=object)
    area = shapely.area(hull)
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
        f_plane = np.where(level, 1.0, span / (ez - z_plane))
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


_UNIT_RECT = shapely.box(-1.0, 0.0, 1.0, 1.0)


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
        rim_dark = _one_piece_hides(pieces, sub, row[full], hpiece[full], eps, groups=_RIM_GROUPS)
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


def sight_matrix(index: TerrainIndex, bases: Sequence[Base], *, eps: float = EPS) -> np.ndarray:
    """``m[i, j]``: does ``bases[i]`` see ``bases[j]``? (n x n bool, the diagonal is True).

    1. Plan view: pairs whose centre-to-centre segment comes near no sight-blocking piece (at a
       height between the two figures) see each other at once.
    2. An exact ray from each eye to the other's head, against those few pieces.
    3. Hidden at once when one of the pieces blocking the head ray blocks the rays to the four
       silhouette corners and to an octagon around the base (convexity makes that a proof).
    4. The rest: nine exact rays, then the exact test (silhouette area, then base rim).
    Example: ``sight_matrix(index, figures)[i, j]``.
    """
    n = len(bases)
    out = np.ones((n, n), dtype=bool)
    pieces = convex_pieces(index)
    if n < 2 or pieces.tree is None:
        return out
    xy = np.array([(b.x, b.y) for b in bases], dtype=float)
    eyes = np.array([b.eye for b in bases], dtype=float)
    zs = np.array([b.z for b in bases], dtype=float)
    heights = np.array([b.height for b in bases], dtype=float)
    radii = np.array([b.radius for b in bases], dtype=float)
    zmin = np.minimum(zs, zs + heights)
    zmax = np.maximum(zs, zs + heights)
    iu, ju = np.triu_indices(n, 1)
    npair = len(iu)
    seg, piece = corridor_candidates(pieces, xy[iu], xy[ju], 2.0 * eps,
                                     np.minimum(zmin[iu], zmin[ju]) - eps,
                                     np.maximum(zmax[iu], zmax[ju]) + eps)
    if not len(seg):
        return out
    keys = _inside_keys(index, pieces, eyes, eps)
    # ordered rows: k < npair is iu[k] -> ju[k]; k >= npair is ju -> iu
    vi = np.concatenate([iu, ju])
    ti = np.concatenate([ju, iu])
    crow = np.concatenate([seg, seg + npair])
    cpiece = np.concatenate([piece, piece])
    keep = _drop_inside(index, pieces, keys, vi[crow], cpiece)
    crow, cpiece = crow[keep], cpiece[keep]
    # stage 2: a ray to the head of the target
    head = np.column_stack([xy[ti], zs[ti] + heights[ti]])
    head_hit = _blocked_rows(pieces, eyes[vi[crow]], head[crow], cpiece, eps)
    seen = np.ones(2 * npair, dtype=bool)
    seen[crow[head_hit]] = False
    rest = np.flatnonzero(~seen)
    if len(rest):
        tr = ti[rest]
        fr = Frames.of(eyes[vi[rest]], xy[tr], zs[tr], radii[tr], heights[tr])
        slot = np.full(2 * npair, -1, dtype=np.int64)
        slot[rest] = np.arange(len(rest))
        sel = head_hit & (slot[crow] >= 0)
        hidden = _one_piece_hides(pieces, fr, slot[crow[sel]], cpiece[sel], eps)
        # stage 4: a few exact rays, then the exact test
        left = np.flatnonzero(~hidden)
        vis = np.zeros(len(rest), dtype=bool)
        if len(left):
            vis[left] = _visible_rows(index, fr.take(left), vi[rest[left]], keys, eps)
        seen[rest] = vis
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
