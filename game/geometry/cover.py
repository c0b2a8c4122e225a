"""Cover: the exact fraction of a target's silhouette hidden by terrain (HD-RANGED-9, HD-RANGED-11).

The silhouette is the vertical rectangle through the target's centre, perpendicular to the
horizontal direction eye -> target: ``u`` in [-r, r] across (positive to the left seen from the
eye), ``v`` in [0, h] up from the target's standing level. The part hidden by terrain is computed
analytically (central projection of convex prism pieces from the eye, union, areas; see
``game.geometry.sight``), where the rules sample a 21x21 grid.

``near_hidden_fraction`` counts only the solids whose footprint comes within ``cover_radius`` of the
target's base edge, all of them combined (HD-RANGED-9, HD-AMB-2). A target is in cover when that
fraction is at least the threshold (0.5) and the target is seen at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base
from game.geometry.sight.pieces import _drop_inside, _inside_keys, convex_pieces
from game.geometry.sight.proofs import _rays_any_clear, _rim_dark, _sample_uv
from game.geometry.sight.segments import _blocked_rows, _segment_candidates
from game.geometry.sight.shadows import _rim_visible
from game.geometry.sight.silhouette import (
    _UNIT_RECT,
    Frames,
    _frustum_candidates,
    _region_candidates,
    silhouette_hulls,
    union_by_row,
)
from game.geometry.terrain import TerrainIndex
from game.geometry.tolerance import EPS

__all__ = ["COVER_BONUS", "CoverResult", "SilhouetteFrame", "cover", "cover_bonus", "cover_many"]

#: HD-RANGED-11: PR bonus in cover by base size class
COVER_BONUS = {"normal": 3, "large": 2, "huge": 1}
_EMPTY = Polygon()
#: grid used only when the eye stands on the target's own vertical axis (degenerate plane)
_AXIS_GRID = 41


def cover_bonus(base_class: str) -> int:
    """HD-RANGED-11: the PR bonus a target in cover gets for its base class.

    Example: ``cover_bonus("large") == 2``.
    """
    try:
        return COVER_BONUS[base_class]
    except KeyError:
        raise ValueError(f"unknown base class {base_class!r}; expected one of {sorted(COVER_BONUS)}") from None


@dataclass(frozen=True)
class SilhouetteFrame:
    """Maps silhouette coordinates (u, v) to the table, for drawing."""

    eye: tuple[float, float, float]
    centre: tuple[float, float]
    z: float  #: the target's standing level (v = 0)
    radius: float
    height: float
    across: tuple[float, float]  #: unit plan vector of +u
    toward: tuple[float, float]  #: unit plan vector eye -> target

    def to_world(self, u: float | np.ndarray, v: float | np.ndarray) -> np.ndarray:
        """3-D points ``(x, y, z)`` of silhouette coordinates; arrays give an (n, 3) array."""
        u = np.asarray(u, dtype=float)
        v = np.asarray(v, dtype=float)
        x = self.centre[0] + self.across[0] * u
        y = self.centre[1] + self.across[1] * u
        return np.stack(np.broadcast_arrays(x, y, self.z + v), axis=-1)

    def to_plan(self, u: float | np.ndarray) -> np.ndarray:
        """Plan points ``(x, y)`` of silhouette abscissas (the silhouette seen from above is a segment)."""
        return self.to_world(u, 0.0)[..., :2]

    def plan_segment(self) -> LineString:
        """The silhouette seen from above: a segment of length 2r through the centre."""
        return LineString(self.to_plan(np.array([-self.radius, self.radius])))

    def world_rings(self, geometry: BaseGeometry) -> list[np.ndarray]:
        """The rings (exteriors and holes) of a (u, v) geometry as (k, 3) arrays of 3-D points."""
        rings: list[np.ndarray] = []
        for part in shapely.get_parts(geometry):
            if isinstance(part, Polygon):
                for ring in (part.exterior, *part.interiors):
                    c = np.asarray(ring.coords)
                    rings.append(self.to_world(c[:, 0], c[:, 1]))
        return rings


@dataclass(frozen=True)
class CoverResult:
    """How much of a target terrain hides from an eye, with the geometry to draw it."""

    hidden_fraction: float  #: hidden by all terrain, in [0, 1]
    near_hidden_fraction: float  #: hidden by the solids within the cover radius (HD-RANGED-9)
    visible: bool  #: some point of the silhouette or base rim is seen (HD-RANGED-7)
    silhouette: Polygon  #: the rectangle in (u, v)
    hidden_part: BaseGeometry  #: the hidden part in (u, v): near solids only when ``near_only``
    blocking_ids: tuple[str, ...]  #: solids hiding a part (near ones only when ``near_only``)
    blocking_footprints: tuple[BaseGeometry, ...]
    near_ids: tuple[str, ...]  #: solids within the cover radius that hide a part
    frame: SilhouetteFrame = field(repr=False)

    def in_cover(self, threshold: float = 0.5) -> bool:
        """HD-RANGED-9: near solids hide at least ``threshold`` of the body and the target is seen."""
        return self.visible and self.near_hidden_fraction >= threshold - 1e-12


def _scale_uv(geoms: np.ndarray, r: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Normalised (u/r, v/h) geometries back to real (u, v), one scale per element."""
    out = np.where(shapely.is_geometry(geoms), geoms, _EMPTY).astype(object)
    if not len(out):
        return out
    coords, idx = shapely.get_coordinates(out, return_index=True)
    if len(coords):
        coords = coords * np.column_stack([r[idx], h[idx]])
        out = shapely.set_coordinates(out.copy(), coords)
    return out


def _axis_fractions(index: TerrainIndex, fr: Frames, keys: np.ndarray, near_keys: np.ndarray,
                    eps: float) -> tuple[np.ndarray, np.ndarray, list[BaseGeometry], list[BaseGeometry]]:
    """Eye on the target's axis (no silhouette plane): hidden fractions from a dense ray grid."""
    pieces = convex_pieces(index)
    u, v = _sample_uv(_AXIS_GRID, _AXIS_GRID)
    n, k = len(fr), len(u)
    rows = np.repeat(np.arange(n), k)
    pts = fr.world(rows, np.tile(u, n) * fr.r[rows], np.tile(v, n) * fr.h[rows])
    a = fr.eye[rows]
    seg, piece = _segment_candidates(pieces, a, pts, eps)
    keep = _drop_inside(index, pieces, keys, np.zeros(len(seg), np.int64), piece)
    seg, piece = seg[keep], piece[keep]
    hit = _blocked_rows(pieces, a[seg], pts[seg], piece, eps)
    all_b = np.zeros(len(a), bool)
    all_b[seg[hit]] = True
    near = np.isin(rows[seg] * len(index.solids) + pieces.solid[piece], near_keys)
    near_b = np.zeros(len(a), bool)
    near_b[seg[hit & near]] = True
    cw, ch = 2.0 / _AXIS_GRID, 1.0 / _AXIS_GRID
    cells = shapely.box(u - cw / 2, v - ch / 2, u + cw / 2, v + ch / 2)
    f_all = all_b.reshape(n, k).mean(axis=1)
    f_near = near_b.reshape(n, k).mean(axis=1)
    parts_all = [shapely.union_all(cells[all_b.reshape(n, k)[i]]) for i in range(n)]
    parts_near = [shapely.union_all(cells[near_b.reshape(n, k)[i]]) for i in range(n)]
    return f_all, f_near, parts_all, parts_near


def cover_many(index: TerrainIndex, viewer_eye: tuple[float, float, float], targets: Sequence[Base],
               *, cover_radius: float, near_only: bool = True, eps: float = EPS) -> list[CoverResult]:
    """Cover of many targets from one eye, computed together with array calls.

    Example: ``cover_many(index, shooter.eye, enemies, cover_radius=1.0)[k].in_cover()``.
    """
    n = len(targets)
    if n == 0:
        return []
    pieces = convex_pieces(index)
    e = np.asarray(viewer_eye, dtype=float).reshape(1, 3)
    fr = Frames.of(
        np.repeat(e, n, axis=0),
        np.array([(t.x, t.y) for t in targets], dtype=float),
        np.array([t.z for t in targets], dtype=float),
        np.array([t.radius for t in targets], dtype=float),
        np.array([t.height for t in targets], dtype=float),
    )
    eye_id = np.zeros(n, dtype=np.int64)
    keys = _inside_keys(index, pieces, e, eps)
    nsol = max(len(index.solids), 1)
    # solids within the cover radius of each target's base edge (HD-RANGED-9)
    if len(index.solids):
        t_idx, s_idx = index.tree.query(shapely.points(fr.centre), predicate="dwithin",
                                        distance=fr.r + cover_radius + eps)
        near_keys = t_idx.astype(np.int64) * nsol + s_idx
    else:
        near_keys = np.empty(0, dtype=np.int64)

    f_all = np.zeros(n)
    f_near = np.zeros(n)
    part_all = np.full(n, None, dtype=object)
    part_near = np.full(n, None, dtype=object)
    ids_all: list[set[int]] = [set() for _ in range(n)]
    ids_near: list[set[int]] = [set() for _ in range(n)]

    rim_dark = np.zeros(n, dtype=bool)  # rows whose base rim one piece is known to hide
    rows = np.flatnonzero(~fr.on_axis)
    if len(rows) and pieces.tree is not None:
        sub = fr.take(rows)
        row, piece = _frustum_candidates(pieces, sub, eps)
        keep = _drop_inside(index, pieces, keys, np.zeros(len(row), np.int64), piece)
        row, piece = row[keep], piece[keep]
        row, piece, hull, area = silhouette_hulls(pieces, sub, row, piece)
        whole = area >= 2.0 - 1e-12
        rim_dark[rows[_rim_dark(pieces, sub, row[whole], piece[whole], eps)]] = True
        solid = pieces.solid[piece]
        is_near = np.isin(rows[row].astype(np.int64) * nsol + solid, near_keys)
        tol = eps / np.maximum(sub.h, eps)
        u_all = union_by_row(hull, row, len(rows), area, _UNIT_RECT, 2.0, 1e-12)
        # rows where every hiding piece is near: the near union is the whole union
        mixed = np.zeros(len(rows), dtype=bool)
        mixed[row[~is_near]] = True
        sel = is_near & mixed[row]
        u_near = union_by_row(hull[sel], row[sel], len(rows), area[sel], _UNIT_RECT, 2.0, 1e-12)
        same = ~mixed
        u_near[same] = u_all[same]
        for arr, dst, frac in ((u_all, part_all, f_all), (u_near, part_near, f_near)):
            has = shapely.is_geometry(arr)
            if has.any():
                frac[rows[has]] = np.minimum(shapely.area(arr[has]) / 2.0, 1.0)
            dst[rows] = arr
        for tgt, sid, near in zip(rows[row].tolist(), solid.tolist(), is_near.tolist(), strict=True):
            ids_all[tgt].add(sid)
            if near:
                ids_near[tgt].add(sid)
    axis_rows = np.flatnonzero(fr.on_axis)
    if len(axis_rows) and pieces.tree is not None:
        sub = fr.take(axis_rows)
        # the near set keyed by the sub-frame's row numbers
        remap = np.full(n, -1, dtype=np.int64)
        remap[axis_rows] = np.arange(len(axis_rows))
        t_of, s_of = np.divmod(near_keys, nsol)
        sel = remap[t_of] >= 0
        sub_keys = remap[t_of[sel]] * nsol + s_of[sel]
        fa, fn, pa, pn = _axis_fractions(index, sub, keys, sub_keys, eps)
        f_all[axis_rows], f_near[axis_rows] = fa, fn
        for i, ax_row in enumerate(axis_rows.tolist()):
            part_all[ax_row], part_near[ax_row] = pa[i], pn[i]

    # seen at all: the silhouette is not wholly hidden, else the base rim (HD-RANGED-7)
    tol = eps / np.maximum(fr.h, eps)
    visible = f_all < 1.0 - tol
    rest = np.flatnonzero(~visible & ~rim_dark)
    if pieces.tree is None:
        visible[:] = True
    elif len(rest):
        sub = fr.take(rest)
        ax = sub.on_axis
        vis_rest = np.zeros(len(rest), dtype=bool)
        if (~ax).any():
            j = np.flatnonzero(~ax)
            vis_rest[j] = _rim_visible(index, pieces, sub.take(j), keys, eye_id[rest[j]], eps)
        if ax.any():
            j = np.flatnonzero(ax)
            axis_fr = sub.take(j)
            crow, cpiece = _region_candidates(pieces, axis_fr, eps)
            keep = _drop_inside(index, pieces, keys, np.zeros(len(crow), np.int64), cpiece)
            rim = np.linspace(0.0, 2.0 * np.pi, 64, endpoint=False)
            vis_rest[j] = _rays_any_clear(pieces, axis_fr, crow[keep], cpiece[keep],
                                          np.empty(0), np.empty(0), rim, eps)
        visible[rest] = vis_rest

    silhouettes = shapely.box(-fr.r, 0.0, fr.r, fr.h)
    shown = part_near if near_only else part_all
    shown_real = _scale_uv(shown, fr.r, fr.h)
    results = []
    solids = index.solids
    for i, t in enumerate(targets):
        ids = sorted(ids_near[i] if near_only else ids_all[i])
        frame = SilhouetteFrame(
            eye=(float(e[0, 0]), float(e[0, 1]), float(e[0, 2])),
            centre=(t.x, t.y), z=t.z, radius=t.radius, height=t.height,
            across=(float(fr.n[i, 0]), float(fr.n[i, 1])),
            toward=(float(fr.d[i, 0]), float(fr.d[i, 1])),
        )
        results.append(CoverResult(
            hidden_fraction=float(f_all[i]),
            near_hidden_fraction=float(min(f_near[i], f_all[i])),
            visible=bool(visible[i]),
            silhouette=silhouettes[i],
            hidden_part=shown_real[i],
            blocking_ids=tuple(solids[k].id for k in ids),
            blocking_footprints=tuple(solids[k].footprint for k in ids),
            near_ids=tuple(solids[k].id for k in sorted(ids_near[i])),
            frame=frame,
        ))
    return results


def cover(index: TerrainIndex, viewer_eye: tuple[float, float, float], target: Base, *,
          cover_radius: float, near_only: bool = True, eps: float = EPS) -> CoverResult:
    """HD-RANGED-9 cover of ``target`` seen from ``viewer_eye`` (exact fractions, drawable parts).

    Example: ``cover(index, shooter.eye, target, cover_radius=1.0).in_cover()``.
    ``near_only`` picks what ``hidden_part``/``blocking_ids`` describe: the solids within the cover
    radius (True) or all terrain (False); both fractions are always given.
    """
    return cover_many(index, viewer_eye, [target], cover_radius=cover_radius, near_only=near_only,
                      eps=eps)[0]
