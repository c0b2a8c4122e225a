"""Benchmark of line of sight and cover: 100 figures and 300 obstacles on a 1000 x 1000 mm table.

``measure()`` returns:

* ``sight_all_pairs_ms``: ``sight_matrix`` for all 100 x 99 ordered pairs (median of repetitions),
  on a dense table (about a fifth of it under obstacles); ``sparse_*`` the same with obstacles 0.4
  times the size;
* ``sight_loop_ms`` and ``sight_ratio_vs_loop``: a plain Python loop calling Shapely ``intersects``
  for each unordered pair's centre-to-centre segment and each obstacle (2-D only, so it does far
  less than the exact 3-D test), and its time over ours (goal >= 20);
* ``cover_100_ms``: ``cover_many`` for 100 targets from one viewer (goal <= 10 ms);
* ``cover_max_error``: the largest difference, over those targets, between the exact hidden
  fraction and a brute-force Monte Carlo oracle (``ORACLE_POINTS`` random silhouette points per
  target, each tested by an independent numpy segment-against-prism test), with the oracle's own
  largest standard error in ``cover_oracle_max_sigma``;
* ``cover_256_rays_ms`` and ``cover_ratio_vs_256_rays``: the same 100 hidden fractions estimated
  with 256 rays per target (a 16 x 16 grid through the vectorised segment test), and its time
  over ours.

Run alone: ``.venv/bin/python -m tools.bench_parts.sight_cover``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base
from game.geometry.cover import cover_many
from game.geometry.sight import convex_pieces, sight_matrix
from game.geometry.sight.segments import _segments_blocked
from game.geometry.terrain import Solid, TerrainIndex
from game.geometry.tolerance import EPS

N_FIGURES = 100
N_OBSTACLES = 300
TABLE = 1000.0
ORACLE_POINTS = 20_000


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm up (also builds the per-index caches)
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(runs)


def _obstacle(rng: np.random.Generator, size: float = 1.0) -> Polygon:
    """A rectangle, a convex polygon or an L-shape, about 15-80 mm across (times ``size``)."""
    cx, cy = rng.uniform(0.0, TABLE, size=2)
    kind = rng.integers(3)
    if kind == 0:
        w, h = rng.uniform(5.0, 80.0), rng.uniform(5.0, 30.0)
        pts = np.array([(-w, -h), (w, -h), (w, h), (-w, h)]) / 2.0
    elif kind == 1:
        k = int(rng.integers(5, 9))
        ang = np.sort(rng.uniform(0.0, 2.0 * np.pi, size=k))
        rad = rng.uniform(10.0, 35.0, size=k)
        pts = np.column_stack([np.cos(ang) * rad, np.sin(ang) * rad])
    else:
        a, b, t = rng.uniform(25.0, 60.0), rng.uniform(25.0, 60.0), rng.uniform(6.0, 15.0)
        pts = np.array([(0, 0), (a, 0), (a, t), (t, t), (t, b), (0, b)]) - np.array([a, b]) / 3.0
    th = rng.uniform(0.0, np.pi)
    rot = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]])
    poly = Polygon(size * pts @ rot.T + (cx, cy))
    return poly if kind != 1 else poly.convex_hull


def scene(seed: int = 11, n_figures: int = N_FIGURES, n_obstacles: int = N_OBSTACLES,
          size: float = 1.0) -> tuple[TerrainIndex, list[Base]]:
    """A seeded random table: obstacles of random heights, figures (r 12.5, h 40) on the floor."""
    rng = np.random.default_rng(seed)
    solids = []
    for i in range(n_obstacles):
        top = float(rng.choice([rng.uniform(5.0, 35.0), rng.uniform(35.0, 120.0)]))
        solids.append(Solid(f"o{i}", _obstacle(rng, size), 0.0, top))
    index = TerrainIndex(solids, (0.0, 0.0, TABLE, TABLE))
    union = shapely.union_all(index.footprints)
    bases: list[Base] = []
    while len(bases) < n_figures:
        x, y = rng.uniform(20.0, TABLE - 20.0, size=2)
        if union.distance(shapely.Point(x, y)) <= 13.0:
            continue
        if any(np.hypot(b.x - x, b.y - y) < 26.0 for b in bases):
            continue
        bases.append(Base(f"f{len(bases)}", float(x), float(y), 12.5, 0.0, 40.0))
    return index, bases


# --------------------------------------------------------------------------------------------
# A brute-force oracle, independent of game.geometry.sight: plain even-odd polygons in numpy
# --------------------------------------------------------------------------------------------


def _rings(footprint: BaseGeometry) -> list[np.ndarray]:
    out = []
    for part in shapely.get_parts(footprint):
        for ring in (part.exterior, *part.interiors):
            out.append(np.asarray(ring.coords)[:, :2])
    return out


def oracle_blocked(eye: np.ndarray, pts: np.ndarray, footprint: BaseGeometry, bottom: float,
                   top: float) -> np.ndarray:
    """For 3-D points ``pts`` (N, 3): does the segment eye -> point cross the prism?

    z is linear along a segment, so the segment is inside the height band for t in one interval
    [ta, tb]; it crosses the prism iff its plan point at ta is inside the footprint (even-odd) or
    its plan path crosses a footprint edge for some t in [ta, tb].
    """
    e = np.asarray(eye, dtype=float)
    d = pts - e
    with np.errstate(divide="ignore", invalid="ignore"):
        t_b = (bottom - e[2]) / d[:, 2]
        t_t = (top - e[2]) / d[:, 2]
    flat = d[:, 2] == 0
    ta = np.where(flat, 0.0, np.minimum(t_b, t_t))
    tb = np.where(flat, 1.0, np.maximum(t_b, t_t))
    in_band = (bottom <= e[2]) & (e[2] <= top)
    ta = np.where(flat & ~in_band, 2.0, ta)
    ta, tb = np.maximum(ta, 0.0), np.minimum(tb, 1.0)
    live = ta <= tb
    edges = np.concatenate([np.stack([r[:-1], r[1:]], axis=1) for r in _rings(footprint)])
    a, b = edges[:, 0], edges[:, 1]  # (E, 2)
    # the plan point at ta: even-odd inside test
    q = e[:2] + d[:, :2] * ta[:, None]  # (N, 2)
    qy = q[:, 1][:, None]
    straddle = (a[:, 1] > qy) != (b[:, 1] > qy)
    with np.errstate(divide="ignore", invalid="ignore"):
        xcross = a[:, 0] + (qy - a[:, 1]) * (b[:, 0] - a[:, 0]) / (b[:, 1] - a[:, 1])
    inside = (np.count_nonzero(straddle & (q[:, 0][:, None] < xcross), axis=1) % 2) == 1
    # crossings of the plan path e + t d with the edges, for t in [ta, tb]
    ex, ey = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    dx, dy = d[:, 0][:, None], d[:, 1][:, None]
    den = dx * ey - dy * ex
    rx, ry = a[:, 0] - e[0], a[:, 1] - e[1]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (rx * ey - ry * ex) / den
        s = (rx * dy - ry * dx) / den
    cross = (den != 0) & (s >= 0) & (s <= 1) & (t >= ta[:, None]) & (t <= tb[:, None])
    return live & (inside | cross.any(axis=1))


def oracle_fraction(index: TerrainIndex, eye: tuple[float, float, float], target: Base,
                    n: int, rng: np.random.Generator,
                    solids: list[int] | None = None) -> tuple[float, float]:
    """Monte Carlo hidden fraction of the silhouette (and its standard error)."""
    e = np.asarray(eye, dtype=float)
    c = np.array([target.x, target.y])
    dvec = c - e[:2]
    dvec = dvec / np.hypot(*dvec)
    across = np.array([-dvec[1], dvec[0]])
    u = rng.uniform(-target.radius, target.radius, n)
    v = rng.uniform(0.0, target.height, n)
    pts = np.column_stack([c + across * u[:, None], target.z + v])
    hidden = np.zeros(n, dtype=bool)
    lo = np.minimum(e[:2], np.minimum(c - target.radius, c + target.radius))
    hi = np.maximum(e[:2], np.maximum(c - target.radius, c + target.radius))
    for k, s in enumerate(index.solids):
        if not s.blocks_sight or (solids is not None and k not in solids):
            continue
        bx0, by0, bx1, by1 = s.footprint.bounds
        if bx1 < lo[0] or bx0 > hi[0] or by1 < lo[1] or by0 > hi[1]:
            continue
        todo = ~hidden
        if todo.any():
            hidden[todo] |= oracle_blocked(e, pts[todo], s.footprint, s.bottom, s.top)
    f = float(hidden.mean())
    return f, float(np.sqrt(max(f * (1.0 - f), 1.0 / n) / n))


# --------------------------------------------------------------------------------------------
# The two reference methods
# --------------------------------------------------------------------------------------------


def loop_sight(index: TerrainIndex, bases: list[Base]) -> np.ndarray:
    """A plain Python loop: each unordered pair's centre segment against each obstacle."""
    n = len(bases)
    out = np.ones((n, n), dtype=bool)
    feet = list(index.footprints)
    for i in range(n):
        for j in range(i + 1, n):
            line = LineString([(bases[i].x, bases[i].y), (bases[j].x, bases[j].y)])
            clear = True
            for f in feet:
                if line.intersects(f):
                    clear = False
            out[i, j] = out[j, i] = clear
    return out


def rays_256(index: TerrainIndex, eye: tuple[float, float, float], targets: list[Base]) -> np.ndarray:
    """Hidden fractions from 256 rays per target (a 16 x 16 grid of cell centres)."""
    pieces = convex_pieces(index)
    g = (np.arange(16) + 0.5) / 16.0
    uu, vv = np.meshgrid(g * 2.0 - 1.0, g)
    uu, vv = uu.ravel(), vv.ravel()
    e = np.asarray(eye, dtype=float)
    pts = []
    for t in targets:
        dvec = np.array([t.x - e[0], t.y - e[1]])
        dvec = dvec / np.hypot(*dvec)
        across = np.array([-dvec[1], dvec[0]])
        xy = np.array([t.x, t.y]) + across * (uu * t.radius)[:, None]
        pts.append(np.column_stack([xy, t.z + vv * t.height]))
    p = np.concatenate(pts)
    a = np.repeat(e[None, :], len(p), axis=0)
    blocked = _segments_blocked(index, pieces, a, p, EPS)
    return blocked.reshape(len(targets), -1).mean(axis=1)


def _sight_numbers(index: TerrainIndex, bases: list[Base], repeat: int) -> tuple[float, float, np.ndarray]:
    sight_ms = _median_ms(lambda: sight_matrix(index, bases), repeat)
    t0 = time.perf_counter()
    loop_sight(index, bases)
    loop_ms = (time.perf_counter() - t0) * 1e3
    return sight_ms, loop_ms, sight_matrix(index, bases)


def measure(seed: int = 11, repeat: int = 7) -> dict:
    index, bases = scene(seed)
    coverage = shapely.union_all(index.footprints).area / TABLE**2
    sight_ms, loop_ms, m = _sight_numbers(index, bases, repeat)
    # the same with obstacles 0.4 times the size: fewer pairs hidden, more partly seen
    s_index, s_bases = scene(seed, size=0.4)
    s_sight_ms, s_loop_ms, s_m = _sight_numbers(s_index, s_bases, repeat)

    viewer = bases[0]
    targets = bases[1:] + [Base("extra", 500.0, 500.0, 12.5, 0.0, 40.0)]
    targets = [t for t in targets if t.id != viewer.id][:100]
    cover_ms = _median_ms(lambda: cover_many(index, viewer.eye, targets, cover_radius=25.4), repeat)
    rays_ms = _median_ms(lambda: rays_256(index, viewer.eye, targets), repeat)
    res = cover_many(index, viewer.eye, targets, cover_radius=25.4)
    rng = np.random.default_rng(seed + 1)
    errors, sigmas = [], []
    for t, r in zip(targets, res, strict=True):
        f, sigma = oracle_fraction(index, viewer.eye, t, ORACLE_POINTS, rng)
        errors.append(abs(f - r.hidden_fraction))
        sigmas.append(sigma)
    n = len(bases)
    return {
        "figures": n,
        "obstacles": len(index),
        "obstacle_cover_of_table": round(coverage, 3),
        "sight_all_pairs_ms": round(sight_ms, 2),
        "sight_seen_pairs_share": round(float((m.sum() - n) / (n * (n - 1))), 3),
        "sight_loop_ms": round(loop_ms, 1),
        "sight_ratio_vs_loop": round(loop_ms / sight_ms, 2),
        "sparse_sight_all_pairs_ms": round(s_sight_ms, 2),
        "sparse_sight_seen_pairs_share": round(float((s_m.sum() - n) / (n * (n - 1))), 3),
        "sparse_sight_ratio_vs_loop": round(s_loop_ms / s_sight_ms, 2),
        "cover_targets": len(targets),
        "cover_100_ms": round(cover_ms, 2),
        "cover_in_cover": int(sum(r.in_cover() for r in res)),
        "cover_partly_hidden": int(sum(0.0 < r.hidden_fraction < 1.0 for r in res)),
        "cover_max_error": round(float(max(errors)), 4),
        "cover_oracle_points": ORACLE_POINTS,
        "cover_oracle_max_sigma": round(float(max(sigmas)), 4),
        "cover_256_rays_ms": round(rays_ms, 2),
        "cover_ratio_vs_256_rays": round(rays_ms / cover_ms, 2),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
