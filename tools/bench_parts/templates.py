"""Benchmark of template membership: one blast and one cone against 1,000 bases.

``measure()`` returns microseconds per query (median of repetitions) for the vectorised
``blast`` and ``cone_caught``, a plain-Python reference measured in the same run (a loop over the
bases: ``math.hypot`` for the blast, Shapely ``polygon.distance(Point)`` for the cone), and the
speed-up ratios (reference ÷ vectorised). Goal: ≤ 20 µs per query for each.

Run alone: ``.venv/bin/python -m tools.bench_parts.templates``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable

import numpy as np
from shapely.geometry import Point

from game.geometry.bases import Base, BaseArray
from game.geometry.templates import blast, cone_caught, cone_polygon

N_BASES = 1000
GOAL_US = 20.0


def _per_call_us(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Median over ``repeat`` runs of the mean time per call, in microseconds."""
    fn()  # warm up
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number * 1e6)
    return statistics.median(runs)


def _table(n: int = N_BASES, seed: int = 7) -> list[Base]:
    """``n`` normal bases (r 0.6) scattered over a 48 × 48 fathom table."""
    rng = np.random.default_rng(seed)
    xy = rng.uniform(0.0, 48.0, size=(n, 2))
    return [Base(f"u{i}", float(x), float(y), 0.6) for i, (x, y) in enumerate(xy)]


def measure(n: int = N_BASES, number: int = 200, repeat: int = 9) -> dict:
    bases = _table(n)
    arr = BaseArray.of(bases)
    shooter = Base("shooter", 24.0, 24.0, 0.6)
    centre, radius = (24.0, 24.0), 3.0
    poly = cone_polygon(shooter, (1.0, 0.3))

    def blast_ref() -> list[bool]:
        cx, cy = centre
        return [math.hypot(b.x - cx, b.y - cy) <= radius + b.radius + 1e-9 for b in bases]

    def cone_ref() -> list[bool]:
        return [b.id != shooter.id and poly.distance(Point(b.x, b.y)) <= b.radius + 1e-9
                for b in bases]

    # the reference and the vectorised code agree before anything is timed
    assert list(blast(centre, radius, arr)) == blast_ref()
    assert list(cone_caught(poly, arr, shooter.id)) == cone_ref()

    blast_us = _per_call_us(lambda: blast(centre, radius, arr), number, repeat)
    cone_us = _per_call_us(lambda: cone_caught(poly, arr, shooter.id), number, repeat)
    blast_ref_us = _per_call_us(blast_ref, max(1, number // 20), repeat)
    cone_ref_us = _per_call_us(cone_ref, max(1, number // 50), repeat)
    return {
        "n_bases": n,
        "blast_us": round(blast_us, 2),
        "cone_us": round(cone_us, 2),
        "blast_ref_us": round(blast_ref_us, 1),
        "cone_ref_us": round(cone_ref_us, 1),
        "blast_ratio": round(blast_ref_us / blast_us, 1),
        "cone_ratio": round(cone_ref_us / cone_us, 1),
        "goal_us": GOAL_US,
        "blast_ok": blast_us <= GOAL_US,
        "cone_ok": cone_us <= GOAL_US,
    }


if __name__ == "__main__":
    for k, v in measure().items():
        print(f"{k:>14}: {v}")
