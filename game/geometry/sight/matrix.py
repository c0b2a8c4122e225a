"""``sight_matrix``: who sees whom among many bases, all ordered pairs at once.

The plan pass (``sight.plan``) decides most pairs; the pairs it leaves go through cheap exact
stages (a ray to the head, the single-piece proof of hiding, a few rays) before the exact test.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.geometry.bases import Base
from game.geometry.sight.pieces import ConvexPieces, _drop_inside, _inside_keys, convex_pieces
from game.geometry.sight.plan import _plan_pass
from game.geometry.sight.proofs import _one_piece_hides
from game.geometry.sight.segments import _blocked_rows, corridor_candidates
from game.geometry.sight.silhouette import Frames
from game.geometry.sight.visible import _visible_rows
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import EPS


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
