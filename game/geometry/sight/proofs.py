"""Cheap exact proofs by rays: a few clear rays prove a target seen, one convex piece that blocks
the rays to the silhouette's corners and to an octagon around the base proves it hidden.

Both hidden sets (of the silhouette and of the rim) are central projections of a convex prism,
hence convex: blocking their corners blocks all of them. ``_disc_behind_piece`` proves the same
in plan for a piece that spans the heights and lies wholly in front of the disc.
"""

from __future__ import annotations

import numpy as np

from game.geometry.sight.pieces import ConvexPieces, _expand
from game.geometry.sight.segments import END_SKIP, _blocked_rows
from game.geometry.sight.silhouette import Frames


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
