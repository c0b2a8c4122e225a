"""The silhouette: per eye-target frames and the projection of convex prisms onto the rectangle.

The target's silhouette is the vertical rectangle through its centre, perpendicular to the
horizontal direction eye -> target. The part of it a convex prism hides is the convex hull of the
central projection of the prism's corners from the eye (the prism first clipped to the slab between
the eye and the plane); the hidden part is the union of those hulls. ``union_by_row`` and
``_covered`` do those unions and "is it all covered?" for many rows at once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from game.geometry.sight.pieces import ConvexPieces, _drop_inside, _expand
from game.geometry.sight.segments import corridor_candidates
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import EPS

#: solids are clipped at a horizontal distance NEAR_CLIP * D in front of the eye before projecting
NEAR_CLIP = 1e-6
#: an eye closer than this (relative to the target's size) to the target's axis is on the axis
AXIS_TOL = 1e-7
#: the silhouette rectangle in normalised coordinates (u / r, v / h)
_UNIT_RECT = shapely.box(-1.0, 0.0, 1.0, 1.0)


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
