"""Shadows of solids in a horizontal plane: the base rim's test and the floor's shadow overlay.

The solids between the eye and the plane are projected from the eye onto it; a target's base rim
(a 128-gon on its circle, at its standing level) is visible when those shadows do not cover it, and
``shadow`` is their union on the floor around the eye (the sandbox overlay).
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.sight.pieces import ConvexPieces, _drop_inside, _expand, _inside_keys, convex_pieces
from game.geometry.sight.silhouette import Cands, Frames, _cands, _covered
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import EPS

#: "infinitely far" in shadows: FAR times the size of the region asked about
FAR = 1e6
#: the base rim is a regular polygon with this many corners (all on the circle)
RIM_SEGMENTS = 128


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
