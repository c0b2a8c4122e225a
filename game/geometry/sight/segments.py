"""Segments against convex prisms: a Cyrus-Beck clip, done in numpy for many segments at once.

A 3-D segment is blocked by a prism grown by ``eps`` (grazing is blocked, HD-RANGED-7); contacts
within ``END_SKIP * eps`` of its ends are not crossings, nor is the contact of an end that touches
a prism when the segment heads away from the face it touches there. ``points_clear`` and
``point_clear`` are the public point-to-point tests (HD-EXPL-1).
"""

from __future__ import annotations

import numpy as np
import shapely

from game.geometry.sight.pieces import ConvexPieces, _drop_inside, _expand, _inside_keys, convex_pieces
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import ALONG, EPS

#: contacts closer than END_SKIP * eps (in length) to an end of a segment are not crossings
END_SKIP = 1000.0


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
