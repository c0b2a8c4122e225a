"""The tables a sweep searches (``game.geometry.sweep``), built once per index or base array.

Each blocking polygon edge is one row in complex form (its start A, its vector D = B - A, |D| and
|D|^2); another base is a zero-length row at its centre. Rows are kept per vertical band (the
solids that block a figure standing at one level) with an STRtree of the edges' boxes, a grid of
the footprints for "which solid holds this point", and, from the second move with the same bases,
one joint tree of the edges and the bases. All caches are weak: a table lives while its index or
array does. Geometry only: no rules, no pygame.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import BaseArray
from game.geometry.terrain import TerrainIndex

# --------------------------------------------------------------------------------------------
# Segments in complex form: one row per polygon edge or base
#
# Columns (complex): A (start point), D (B − A), L = |D| and L² (real parts). A base is a
# zero-length segment at its centre whose capsule radius is the sum of the radii. Polygon rings
# are closed, so each edge only needs its start circle (its end circle is the next edge's start);
# an open line gets an extra zero-length row at its far end.

_A, _D, _L, _L2 = range(4)


@dataclass(frozen=True)
class _Edges:
    by_solid: tuple[np.ndarray, ...]  #: (n_i, 4) complex rows of each solid's edges
    top: np.ndarray  #: (N,) top of each solid, -inf for flat solids (which never block)
    ids: dict[str, int]  #: solid id → index
    bounds: tuple[float, float, float, float] | None  #: all footprints together


@dataclass(frozen=True, eq=False)
class _PointGrid:
    """Solids by grid cell (each cell lists the solids whose bounding box covers it): which
    footprints may hold a point, without building a geometry."""

    x0: float
    y0: float
    inv: float  #: 1 / cell size
    nx: int
    ny: int
    cells: dict[int, tuple[tuple[int, float, float, float, float], ...]]  #: solid and its box

    def near(self, x: float, y: float) -> list[int]:
        """The solids whose bounding box holds the point."""
        fx, fy = (x - self.x0) * self.inv, (y - self.y0) * self.inv
        if not (0.0 <= fx <= self.nx and 0.0 <= fy <= self.ny):
            return []
        cell = self.cells.get(min(int(fy), self.ny - 1) * self.nx + min(int(fx), self.nx - 1), ())
        return [i for i, x0, y0, x1, y1 in cell if x0 <= x <= x1 and y0 <= y <= y1]


@dataclass(frozen=True, eq=False)
class BandEdges:
    """The edges of the solids that block one vertical band, with an STRtree over their boxes."""

    a: np.ndarray  #: (N,) complex start of each edge
    d: np.ndarray  #: (N,) complex B - A
    lengths: list[tuple[float, float]]  #: |D| and |D|^2 of each edge
    l2: np.ndarray  #: (N,) |D|^2
    owner: np.ndarray  #: (N,) the solid of each edge
    owner_list: list[int]
    boxes: np.ndarray  #: (N,) the edges' boxes (Shapely)
    tree: shapely.STRtree | None
    grid: _PointGrid  #: the index's point grid (any solid, any band)


_CACHE: weakref.WeakKeyDictionary[TerrainIndex, _Edges] = weakref.WeakKeyDictionary()
_LAST_EDGES: list = []  # [weakref to the last index, its _Edges]: skips the dict lookup
_BANDS: weakref.WeakKeyDictionary[TerrainIndex, dict[tuple[float, float], BandEdges]] = (
    weakref.WeakKeyDictionary())
_LAST_BAND: list = []  # [weakref to the index, lo, hi, its BandEdges]
_GRIDS: weakref.WeakKeyDictionary[TerrainIndex, _PointGrid] = weakref.WeakKeyDictionary()
_FIGURES: dict[int, tuple[weakref.ReferenceType[BaseArray], np.ndarray, tuple[float, ...]]] = {}


def linework(geom: BaseGeometry) -> list[np.ndarray]:
    """Coordinate runs whose consecutive points are the geometry's edges."""
    runs: list[np.ndarray] = []
    for part in shapely.get_parts(geom):
        kind = shapely.get_type_id(part)
        if kind == 3:  # Polygon: exterior and holes
            runs.extend(shapely.get_coordinates(ring) for ring in shapely.get_rings(part))
        elif kind in (0, 1, 2):  # Point, LineString, LinearRing
            runs.append(shapely.get_coordinates(part))
        elif not shapely.is_empty(part):  # nested collections
            runs.extend(linework(part))
    return runs


def _rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ca = a[:, 0] + 1j * a[:, 1]
    d = (b[:, 0] + 1j * b[:, 1]) - ca
    length = np.abs(d)
    return np.column_stack([ca, d, length.astype(complex), (length * length).astype(complex)])


def _solid_rows(geom: BaseGeometry) -> np.ndarray:
    out: list[np.ndarray] = []
    for run in linework(geom):
        if not len(run):
            continue
        keep = np.ones(len(run), dtype=bool)
        keep[1:] = np.any(run[1:] != run[:-1], axis=1)  # drop repeated vertices
        run = run[keep]
        closed = len(run) > 2 and bool(np.all(run[0] == run[-1]))
        if len(run) >= 2:
            out.append(_rows(run[:-1], run[1:]))
        if not closed:  # the far end of an open line (or a lone point) needs its own circle
            out.append(_rows(run[-1:], run[-1:]))
    return np.vstack(out) if out else np.empty((0, 4), complex)


def edges_of(index: TerrainIndex) -> _Edges:
    """The index's edges as complex tables (built on first use, kept while the index lives)."""
    last = _LAST_EDGES
    if last and last[0]() is index:
        return last[1]
    cached = _CACHE.get(index)
    if cached is not None:
        _LAST_EDGES[:] = [weakref.ref(index), cached]
        return cached
    bounds = None
    if len(index):
        tb = shapely.total_bounds(index.footprints)
        if np.all(np.isfinite(tb)):
            bounds = (float(tb[0]), float(tb[1]), float(tb[2]), float(tb[3]))
    edges = _Edges(
        tuple(_solid_rows(g) for g in index.footprints),
        np.where(index.flat, -np.inf, index.top),
        {s.id: i for i, s in enumerate(index.solids)},
        bounds,
    )
    _CACHE[index] = edges
    _LAST_EDGES[:] = [weakref.ref(index), edges]
    return edges


def band_edges(index: TerrainIndex, edges: _Edges, lo: float, hi: float) -> BandEdges:
    """The edges of the solids whose span overlaps (lo, hi), indexed edge by edge (cached)."""
    last = _LAST_BAND
    if last and last[1] == lo and last[2] == hi and last[0]() is index:
        return last[3]
    bands = _BANDS.setdefault(index, {})
    band = bands.get((lo, hi))
    if band is None:
        solids = np.flatnonzero((edges.top > lo) & (index.bottom < hi))
        parts = [edges.by_solid[i] for i in solids]
        rows = np.concatenate(parts) if parts else np.empty((0, 4), complex)
        owner = np.repeat(solids, [len(q) for q in parts]).astype(np.int64)
        a, d = rows[:, _A].copy(), rows[:, _D].copy()
        b = a + d
        boxes = shapely.box(np.minimum(a.real, b.real), np.minimum(a.imag, b.imag),
                            np.maximum(a.real, b.real), np.maximum(a.imag, b.imag))
        tree = shapely.STRtree(boxes) if len(rows) else None
        lengths = list(zip(rows[:, _L].real.tolist(), rows[:, _L2].real.tolist(), strict=True))
        band = BandEdges(a, d, lengths, rows[:, _L2].real.copy(), owner, owner.tolist(), boxes,
                          tree, _point_grid(index, edges))
        if len(bands) >= 16:
            bands.clear()
        bands[(lo, hi)] = band
    _LAST_BAND[:] = [weakref.ref(index), lo, hi, band]
    return band


def _point_grid(index: TerrainIndex, edges: _Edges) -> _PointGrid:
    grid = _GRIDS.get(index)
    if grid is not None:
        return grid
    x0, y0, x1, y1 = edges.bounds if edges.bounds is not None else (0.0, 0.0, 1.0, 1.0)
    size = max(x1 - x0, y1 - y0, 1e-9) / 64.0
    inv = 1.0 / size
    nx = max(1, math.ceil((x1 - x0) * inv))
    ny = max(1, math.ceil((y1 - y0) * inv))
    cells: dict[int, list[tuple[int, float, float, float, float]]] = {}
    for i, (bx0, by0, bx1, by1) in enumerate(shapely.bounds(index.footprints).tolist()):
        if not all(map(math.isfinite, (bx0, by0, bx1, by1))):
            continue
        ix0, ix1 = (min(max(int((v - x0) * inv), 0), nx - 1) for v in (bx0, bx1))
        iy0, iy1 = (min(max(int((v - y0) * inv), 0), ny - 1) for v in (by0, by1))
        for iy in range(iy0, iy1 + 1):
            for ix in range(ix0, ix1 + 1):
                cells.setdefault(iy * nx + ix, []).append((i, bx0, by0, bx1, by1))
    grid = _PointGrid(x0, y0, inv, nx, ny, {k: tuple(v) for k, v in cells.items()})
    _GRIDS[index] = grid
    return grid


def figure_rows(arr: BaseArray) -> tuple[np.ndarray, tuple[float, ...]]:
    """The bases as zero-length rows and their joint bounds (cached while the array lives)."""
    key = id(arr)
    hit = _FIGURES.get(key)
    if hit is not None and hit[0]() is arr:
        return hit[1], hit[2]
    n = len(arr)
    rows = np.zeros((n, 4), complex)
    bounds: tuple[float, ...] = ()
    if n:
        rows[:, _A] = arr.xy[:, 0] + 1j * arr.xy[:, 1]
        rmax = float(arr.radius.max())
        lo, hi = arr.xy.min(axis=0), arr.xy.max(axis=0)
        bounds = (float(lo[0]) - rmax, float(lo[1]) - rmax, float(hi[0]) + rmax, float(hi[1]) + rmax)
    if len(_FIGURES) > 64:
        dead = [k for k, v in _FIGURES.items() if v[0]() is None]
        for k in dead or list(_FIGURES)[:32]:
            _FIGURES.pop(k, None)
    _FIGURES[key] = (weakref.ref(arr), rows, bounds)
    return rows, bounds


@dataclass(frozen=True, eq=False)
class Figures:
    """The other bases as one mover sees them: centres, capsule radii ``r + r_o`` (NaN outside
    the band), how far from the path a base can matter, and the first index of each id."""

    a: np.ndarray
    reach: np.ndarray
    rho_list: list[float]
    a_list: list[complex]
    reach_list: list[float]
    first_of: dict[str, int]


_LAST_FIGS: list = []  # [weakref to the array, lo, hi, r, tol, its _Figures]


def figures_for(arr: BaseArray, rows: np.ndarray, lo: float, hi: float, r: float,
             tol: float) -> Figures:
    """The bases for a mover of radius r in the band (lo, hi) (cached for the last ones)."""
    last = _LAST_FIGS
    if last and last[1] == lo and last[2] == hi and last[3] == r and last[4] == tol \
            and last[0]() is arr:
        return last[5]
    rho = np.where((arr.z < hi) & (arr.z + arr.height > lo), r + arr.radius, np.nan)
    first_of: dict[str, int] = {}
    for k, ident in enumerate(arr.ids):
        first_of.setdefault(ident, k)
    a = rows[:, _A].copy()
    reach = (rho + tol) * (1.0 + 1e-9) + 1e-12
    figs = Figures(a, reach, rho.tolist(), a.tolist(), reach.tolist(), first_of)
    _LAST_FIGS[:] = [weakref.ref(arr), lo, hi, r, tol, figs]
    return figs




@dataclass(frozen=True, eq=False)
class _Joint:
    """A band's edges and the bases of one array in one STRtree: rows ``[0, n_edges)`` are the
    edges, the rest the bases (zero-length rows at their centres, boxes grown by their radii)."""

    a: np.ndarray
    d: np.ndarray
    n_edges: int
    tree: shapely.STRtree


_JOINT: list = []  # [weakref to the band, weakref to the array, its _Joint or None]


def joint_of(band: BandEdges, arr: BaseArray) -> _Joint | None:
    """The joint tree of a band and an array, built from the second move with the same pair on
    (a one-off array keeps the separate, tree-less test of the bases)."""
    last = _JOINT
    if last and last[0]() is band and last[1]() is arr:
        if last[2] is None:
            x, y, ro = arr.xy[:, 0], arr.xy[:, 1], arr.radius
            boxes = np.concatenate([band.boxes, shapely.box(x - ro, y - ro, x + ro, y + ro)])
            last[2] = _Joint(np.concatenate([band.a, x + 1j * y]),
                             np.concatenate([band.d, np.zeros(len(arr), complex)]),
                             len(band.a), shapely.STRtree(boxes))
        return last[2]
    _JOINT[:] = [weakref.ref(band), weakref.ref(arr), None]
    return None
