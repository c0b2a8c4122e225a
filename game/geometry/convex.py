"""Convex decomposition of footprints: one polygon cut into convex pieces whose union is it.

A hole-free polygon that is its own convex hull (within :data:`CONVEX_REL_TOL` of the hull's area)
is one piece. Any other polygon is cut into its constrained Delaunay triangles
(``shapely.constrained_delaunay_triangles``), merged back Hertel-Mehlhorn style: a diagonal
between two pieces is dropped while the merged piece stays convex (no reflex corner; straight
corners are allowed), which gives at most four times the minimum number of pieces. Above
:data:`MERGE_LIMIT` triangles the pieces stay triangles (the merge is quadratic).

Pieces are ``(k, 2)`` float arrays of corners, counter-clockwise, not closed, without repeated
consecutive corners. Used by line of sight (``game.geometry.sight.pieces``: the pieces as flat
arrays for the vectorised clips) and by the physics Space (``game.physics.space``: one pymunk
``Poly`` per piece). Pure Shapely and numpy.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

__all__ = ["CONVEX_REL_TOL", "MERGE_LIMIT", "convex_split", "is_convex", "polygon_parts"]

#: a hole-free polygon whose convex hull exceeds its area by at most this share of the hull's
#: area is convex (one piece)
CONVEX_REL_TOL = 1e-12
#: above this many triangles the pieces stay triangles (the merge is quadratic)
MERGE_LIMIT = 400


def polygon_parts(g: BaseGeometry | None) -> list[Polygon]:
    """The non-empty polygons of a geometry (itself when it is one; none when it is empty)."""
    if g is None or g.is_empty:
        return []
    if isinstance(g, Polygon):
        return [g]
    return [p for p in shapely.get_parts(g) if isinstance(p, Polygon) and not p.is_empty]


def _ccw(c: np.ndarray) -> np.ndarray:
    x, y = c[:, 0], c[:, 1]
    return c[::-1] if float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)) < 0 else c


def is_convex(ring: list[tuple[float, float]]) -> bool:
    """Counter-clockwise ring with no reflex corner (straight corners allowed)."""
    n = len(ring)
    for i in range(n):
        ax, ay = ring[i - 1]
        bx, by = ring[i]
        cx, cy = ring[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < 0.0:
            return False
    return True


def _merge_triangles(tris: list[np.ndarray], limit: int = MERGE_LIMIT) -> list[np.ndarray]:
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
            if is_convex(ring):
                polys[k] = ring
                del polys[j]
                merged = True
                break
    return [np.array(r, dtype=float) for r in polys.values()]


def convex_split(poly: Polygon) -> list[np.ndarray]:
    """Counter-clockwise corner arrays of convex pieces whose union is ``poly``."""
    if poly.area <= 0.0:
        return []
    hull = poly.convex_hull
    if not poly.interiors and hull.area - poly.area <= CONVEX_REL_TOL * hull.area:
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
