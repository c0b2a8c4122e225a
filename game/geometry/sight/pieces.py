"""The convex pieces of an index's sight-blocking solids, as flat arrays, built once per index.

Every footprint is cut into convex pieces once (``game.geometry.convex``) and kept in a cache beside
the index; the clips, projections and plan intervals of the other modules work on these arrays.
Also here: the rows-to-corners expansion they all use and the solids that hold an eye (one sees out
of a piece of terrain one stands in).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np
import shapely

from game.geometry.convex import convex_split, polygon_parts
from game.geometry.terrain import TerrainIndex


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
        for part in polygon_parts(s.footprint):
            for c in convex_split(part):
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
