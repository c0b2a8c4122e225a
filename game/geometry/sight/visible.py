"""Visibility of a base from a point: the exact test (silhouette area, then base rim) behind a few
quick rays, and the public entry points ``point_sees_base``, ``sees`` and ``seen_point``
(HD-RANGED-7/8, HD-EXPL-12, HD-TMPL-8).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from game.geometry.bases import Base
from game.geometry.sight.pieces import ConvexPieces, _inside_keys, convex_pieces
from game.geometry.sight.proofs import _rays_any_clear, _rim_dark, _sample_uv
from game.geometry.sight.shadows import _rim_visible
from game.geometry.sight.silhouette import (
    _UNIT_RECT,
    Cands,
    Frames,
    _cands,
    _covered,
    _take_cands,
    silhouette_hulls,
    union_by_row,
)
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import EPS


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
