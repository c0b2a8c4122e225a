"""Benchmark of the straight-line sweep (OFA-0.4): one figure's move until contact.

``measure()`` builds a seeded 1000 × 1000 mm table with 300 obstacles (boxes, rotated boxes,
12-sided "barrels", thin walls, some flat rugs, some raised tables) and 100 figures, then moves
figures in random directions for random lengths (a quarter of them unbounded, as push-backs are).
It returns microseconds per ``move_until_contact`` (median and best of repetitions, ``others``
given as a ``BaseArray``; the median with a plain list of bases, converted on every call), a naive reference measured in the same run (step the disc
0.5 mm at a time and test Shapely ``intersects`` against the STRtree candidates and the other
discs), the speed-up ratio, and how well the two agree (the naive one may overshoot by < 0.5 mm).
Goal: ≤ 50 µs per move.

Run alone: ``.venv/bin/python -m tools.bench_parts.sweep``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable

import numpy as np
import shapely
from shapely.affinity import rotate
from shapely.geometry import Point, box

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import move_until_contact
from game.geometry.terrain import Solid, TerrainIndex

SIZE = 1000.0
N_OBSTACLES = 300
N_FIGURES = 100
GOAL_US = 50.0
NAIVE_STEP = 0.5


def _per_call_us(fn: Callable[[], object], number: int, repeat: int) -> tuple[float, float]:
    """Median and best over ``repeat`` runs of the mean time per call, in microseconds."""
    fn()  # warm up
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number * 1e6)
    return statistics.median(runs), min(runs)


def table(seed: int = 11) -> tuple[TerrainIndex, list[Base]]:
    """The seeded table: 300 obstacles and 100 figures standing in the open."""
    rng = np.random.default_rng(seed)
    solids: list[Solid] = []
    for i in range(N_OBSTACLES):
        x, y = rng.uniform(20, SIZE - 20, 2)
        kind = rng.integers(0, 5)
        if kind == 0:  # barrel
            fp = Point(x, y).buffer(rng.uniform(8, 20), quad_segs=3)
            solids.append(Solid(f"s{i}", fp, 0.0, 30.0, rollable=True, kind="barrel"))
        elif kind == 1:  # thin wall
            w = box(x, y, x + rng.uniform(30, 120), y + 0.5)
            solids.append(Solid(f"s{i}", rotate(w, rng.uniform(0, 180), origin=(x, y)), 0.0, 80.0))
        elif kind == 2:  # rug (flat, never blocks)
            fp = box(x, y, x + rng.uniform(20, 60), y + rng.uniform(20, 60))
            solids.append(Solid(f"s{i}", fp, 0.0, 1.0, flat=True, kind="rug"))
        elif kind == 3:  # table
            fp = rotate(box(x, y, x + rng.uniform(30, 60), y + rng.uniform(20, 40)),
                        rng.uniform(0, 90), origin=(x, y))
            solids.append(Solid(f"s{i}", fp, 0.0, 18.0, surface=True, kind="table"))
        else:  # crate
            s = rng.uniform(10, 25)
            solids.append(Solid(f"s{i}", box(x, y, x + s, y + s), 0.0, 25.0, kind="crate"))
    index = TerrainIndex(solids, (0.0, 0.0, SIZE, SIZE))
    blockers = shapely.union_all([s.footprint for s in solids if not s.flat])
    figures: list[Base] = []
    while len(figures) < N_FIGURES:
        x, y = rng.uniform(15, SIZE - 15, 2)
        disc = Point(x, y).buffer(12.5)
        if disc.intersects(blockers) or any(math.hypot(b.x - x, b.y - y) < 25 for b in figures):
            continue
        figures.append(Base(f"f{len(figures)}", float(x), float(y), 12.5))
    return index, figures


def naive_move(start: Base, u: tuple[float, float], length: float, index: TerrainIndex,
               others: list[Base], step: float = NAIVE_STEP) -> float:
    """Reference: advance the disc ``step`` at a time until it would intersect a blocker."""
    lo, hi = start.z + 3.0, start.z + start.height
    blockers = [index.footprints[i] for i in range(len(index))
                if not index.flat[i] and index.top[i] > lo and index.bottom[i] < hi]
    blockers += [o.disc(16) for o in others if o.id != start.id]
    x0, y0, x1, y1 = index.bounds or (-math.inf, -math.inf, math.inf, math.inf)
    r = start.radius
    t = 0.0
    while t < length:
        nt = min(length, t + step)
        px, py = start.x + u[0] * nt, start.y + u[1] * nt
        if not (x0 + r <= px <= x1 - r and y0 + r <= py <= y1 - r):
            break
        disc = Point(px, py).buffer(r, quad_segs=16)
        if any(disc.intersects(b) for b in blockers):
            break
        t = nt
    return t


def measure(number: int = 2000, repeat: int = 7, naive_moves: int = 40, seed: int = 3) -> dict:
    index, figures = table()
    arr = BaseArray.of(figures)
    rng = np.random.default_rng(seed)
    moves = []
    for k in range(number):
        f = figures[int(rng.integers(0, N_FIGURES))]
        a = float(rng.uniform(0, 2 * math.pi))
        length = math.inf if k % 4 == 0 else float(rng.uniform(0, 400))
        moves.append((f, (math.cos(a), math.sin(a)), length))

    def run_array() -> None:
        for f, u, d in moves:
            move_until_contact(f, u, d, index, arr)

    def run_list() -> None:
        for f, u, d in moves:
            move_until_contact(f, u, d, index, figures)

    fast_med, fast_best = _per_call_us(run_array, 1, repeat)
    fast_us, best_us = fast_med / number, fast_best / number
    list_us = _per_call_us(run_list, 1, max(3, repeat // 2))[0] / number

    sample = moves[:naive_moves]
    t0 = time.perf_counter()
    naive = [naive_move(f, u, d, index, figures) for f, u, d in sample]
    naive_us = (time.perf_counter() - t0) / len(sample) * 1e6
    exact = [move_until_contact(f, u, d, index, arr).distance for f, u, d in sample]
    diffs = [e - n for e, n in zip(exact, naive, strict=True)]
    stopped = sum(1 for f, u, d in moves if move_until_contact(f, u, d, index, arr).stopped)
    return {
        "table": f"{SIZE:.0f}x{SIZE:.0f} mm, {N_OBSTACLES} obstacles, {N_FIGURES} figures",
        "moves": number,
        "stopped_by_contact_pct": round(100 * stopped / number, 1),
        "move_until_contact_us": round(fast_us, 2),
        "move_until_contact_best_us": round(best_us, 2),
        "move_until_contact_list_us": round(list_us, 2),
        "goal_us": GOAL_US,
        "meets_goal": fast_us <= GOAL_US,
        "naive_step_mm": NAIVE_STEP,
        "naive_us": round(naive_us, 1),
        "speedup_vs_naive": round(naive_us / fast_us, 1),
        # exact − naive: in [0, step) when the two agree (naive stops short by under a step;
        # naive discs are 16-segment polygons, so a few hundredths more either way)
        "naive_diff_min_mm": round(min(diffs), 4),
        "naive_diff_max_mm": round(max(diffs), 4),
    }


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key}: {value}")
