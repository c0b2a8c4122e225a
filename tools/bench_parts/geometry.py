"""Benchmark of the geometry hot paths on one table (issue 3): sight, cover, moves, templates.

One seeded scene measured in one run: 100 figures (r 12.5 mm, 40 mm tall, on the floor) and 300
obstacles (boxes, convex blocks and L-shapes, 5-120 mm tall, about a fifth of the table) on a
1000 x 1000 mm table (``tools.bench_parts.sight_cover.scene``). ``measure()`` returns:

* ``sight_all_pairs_ms``: ``sight_matrix`` for all 100 x 99 ordered pairs (median of repetitions);
  ``sight_loop_ms`` a plain Python loop of Shapely ``intersects`` (each unordered pair's
  centre-to-centre segment against each obstacle, 2-D only) and ``sight_ratio_vs_loop`` its time
  over ours (goal >= 20);
* ``cover_100_ms``: ``cover_many`` for 100 targets from one viewer (goal <= 10 ms);
  ``cover_max_error`` the largest difference from a Monte Carlo oracle (independent numpy
  segment tests, ``cover_oracle_max_sigma`` its own largest standard error);
  ``cover_ratio_vs_256_rays`` the time of 256 exact rays per target over ours;
* ``move_until_contact_us``: microseconds per ``move_until_contact`` (median of repetitions of
  2,000 moves of the figures in random directions, a quarter unbounded; the others given as a
  ``BaseArray``) (goal <= 50 us), with a stepped Shapely reference on a sample and how well the two
  agree (the stepped one stops short by less than a step);
* ``blast_us`` and ``cone_us``: one blast (3 fathoms = 76.2 mm) and one cone (6 x 2 fathoms) against
  1,000 bases (the 100 figures and 900 more, r 12.5 mm, on the same table) (goal <= 20 us each),
  with plain-Python references (checked equal before timing).

``tools/bench.py`` prints keys and values only, so each goal is a ``<key>_goal`` entry right after
its value (``GOALS`` holds them) and ``goals_met`` sums them up.

Run: ``python tools/bench.py geometry`` (``--json`` for one JSON object), or alone:
``.venv/bin/python -m tools.bench_parts.geometry``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Point

from game.geometry.bases import Base, BaseArray
from game.geometry.cover import cover_many
from game.geometry.sight import sight_matrix
from game.geometry.sweep import move_until_contact
from game.geometry.templates import blast, cone_caught, cone_polygon
from tools.bench_parts.sight_cover import ORACLE_POINTS, TABLE, loop_sight, oracle_fraction, rays_256, scene
from tools.bench_parts.sweep import naive_move

#: the goals of issue 3: key -> (comparison, bound)
GOALS: dict[str, tuple[str, float]] = {
    "sight_ratio_vs_loop": (">=", 20.0),
    "cover_100_ms": ("<=", 10.0),
    "move_until_contact_us": ("<=", 50.0),
    "blast_us": ("<=", 20.0),
    "cone_us": ("<=", 20.0),
}

FATHOM = 25.4  #: mm (HD-0-2)
N_MOVES = 2000
N_TEMPLATE_BASES = 1000
NAIVE_MOVES = 30


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm up (also builds the per-index caches)
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(runs)


def _per_call_us(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Median over ``repeat`` runs of the mean time of ``number`` calls, in microseconds."""
    fn()
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number * 1e6)
    return statistics.median(runs)


def _goal(result: dict[str, Any], key: str, value: float) -> None:
    """``result[key] = value``, then its goal right after it."""
    result[key] = value
    if key in GOALS:
        op, bound = GOALS[key]
        result[f"{key}_goal"] = f"{op} {bound:g}"


def _met(result: dict[str, Any]) -> dict[str, bool]:
    out = {}
    for key, (op, bound) in GOALS.items():
        v = float(result[key])
        out[key] = v >= bound if op == ">=" else v <= bound
    return out


def _sight(result: dict[str, Any], index: Any, bases: list[Base], repeat: int) -> None:
    n = len(bases)
    sight_ms = _median_ms(lambda: sight_matrix(index, bases), repeat)
    t0 = time.perf_counter()
    loop_sight(index, bases)
    loop_ms = (time.perf_counter() - t0) * 1e3
    m = sight_matrix(index, bases)
    result["sight_all_pairs_ms"] = round(sight_ms, 2)
    result["sight_seen_pairs_share"] = round(float((m.sum() - n) / (n * (n - 1))), 3)
    result["sight_loop_ms"] = round(loop_ms, 1)
    _goal(result, "sight_ratio_vs_loop", round(loop_ms / sight_ms, 2))


def _cover(result: dict[str, Any], index: Any, bases: list[Base], repeat: int, seed: int) -> None:
    viewer = bases[0]
    targets = [b for b in bases if b.id != viewer.id] + [Base("extra", TABLE / 2, TABLE / 2, 12.5)]
    targets = targets[:100]
    cover_ms = _median_ms(lambda: cover_many(index, viewer.eye, targets, cover_radius=FATHOM), repeat)
    rays_ms = _median_ms(lambda: rays_256(index, viewer.eye, targets), repeat)
    res = cover_many(index, viewer.eye, targets, cover_radius=FATHOM)
    rng = np.random.default_rng(seed + 1)
    errors, sigmas = [], []
    for t, r in zip(targets, res, strict=True):
        f, sigma = oracle_fraction(index, viewer.eye, t, ORACLE_POINTS, rng)
        errors.append(abs(f - r.hidden_fraction))
        sigmas.append(sigma)
    result["cover_targets"] = len(targets)
    _goal(result, "cover_100_ms", round(cover_ms, 2))
    result["cover_partly_hidden"] = int(sum(0.0 < r.hidden_fraction < 1.0 for r in res))
    result["cover_max_error"] = round(float(max(errors)), 4)
    result["cover_oracle_points"] = ORACLE_POINTS
    result["cover_oracle_max_sigma"] = round(float(max(sigmas)), 4)
    result["cover_256_rays_ms"] = round(rays_ms, 2)
    result["cover_ratio_vs_256_rays"] = round(rays_ms / cover_ms, 2)


def _moves(result: dict[str, Any], index: Any, bases: list[Base], repeat: int, seed: int) -> None:
    arr = BaseArray.of(bases)
    rng = np.random.default_rng(seed + 2)
    moves = []
    for k in range(N_MOVES):
        f = bases[int(rng.integers(0, len(bases)))]
        a = float(rng.uniform(0.0, 2.0 * math.pi))
        length = math.inf if k % 4 == 0 else float(rng.uniform(0.0, 400.0))
        moves.append((f, (math.cos(a), math.sin(a)), length))

    def run() -> None:
        for f, u, d in moves:
            move_until_contact(f, u, d, index, arr)

    move_us = _per_call_us(run, 1, repeat) / len(moves)
    stopped = sum(1 for f, u, d in moves if move_until_contact(f, u, d, index, arr).stopped)
    sample = moves[:NAIVE_MOVES]
    t0 = time.perf_counter()
    naive = [naive_move(f, u, d, index, bases) for f, u, d in sample]
    naive_us = (time.perf_counter() - t0) / len(sample) * 1e6
    exact = [move_until_contact(f, u, d, index, arr).distance for f, u, d in sample]
    diffs = [e - s for e, s in zip(exact, naive, strict=True)]
    result["moves"] = len(moves)
    result["moves_stopped_by_contact_pct"] = round(100.0 * stopped / len(moves), 1)
    _goal(result, "move_until_contact_us", round(move_us, 2))
    result["move_naive_us"] = round(naive_us, 1)
    result["move_speedup_vs_naive"] = round(naive_us / move_us, 1)
    # exact - stepped: in [0, step) when they agree (0.5 mm steps, 16-segment discs)
    result["move_naive_diff_min_mm"] = round(min(diffs), 4)
    result["move_naive_diff_max_mm"] = round(max(diffs), 4)


def _templates(result: dict[str, Any], bases: list[Base], repeat: int, seed: int,
               number: int = 200) -> None:
    rng = np.random.default_rng(seed + 3)
    extra = rng.uniform(20.0, TABLE - 20.0, size=(N_TEMPLATE_BASES - len(bases), 2))
    crowd = list(bases) + [Base(f"c{i}", float(x), float(y), 12.5) for i, (x, y) in enumerate(extra)]
    arr = BaseArray.of(crowd)
    shooter = crowd[0]
    centre, radius = (TABLE / 2, TABLE / 2), 3.0 * FATHOM
    poly = cone_polygon(shooter, (1.0, 0.3), 6.0 * FATHOM, 2.0 * FATHOM)

    def blast_ref() -> list[bool]:
        cx, cy = centre
        return [math.hypot(b.x - cx, b.y - cy) <= radius + b.radius + 1e-9 for b in crowd]

    def cone_ref() -> list[bool]:
        return [b.id != shooter.id and poly.distance(Point(b.x, b.y)) <= b.radius + 1e-9
                for b in crowd]

    # the vectorised code and the references agree before anything is timed
    assert list(blast(centre, radius, arr)) == blast_ref()
    assert list(cone_caught(poly, arr, shooter.id)) == cone_ref()
    blast_us = _per_call_us(lambda: blast(centre, radius, arr), number, repeat)
    cone_us = _per_call_us(lambda: cone_caught(poly, arr, shooter.id), number, repeat)
    blast_ref_us = _per_call_us(blast_ref, max(1, number // 20), repeat)
    cone_ref_us = _per_call_us(cone_ref, max(1, number // 50), repeat)
    result["template_bases"] = len(crowd)
    result["blast_caught"] = int(blast(centre, radius, arr).sum())
    result["cone_caught"] = int(cone_caught(poly, arr, shooter.id).sum())
    _goal(result, "blast_us", round(blast_us, 2))
    _goal(result, "cone_us", round(cone_us, 2))
    result["blast_ref_us"] = round(blast_ref_us, 1)
    result["cone_ref_us"] = round(cone_ref_us, 1)
    result["blast_ratio"] = round(blast_ref_us / blast_us, 1)
    result["cone_ratio"] = round(cone_ref_us / cone_us, 1)


def measure(seed: int = 11, repeat: int = 7) -> dict[str, Any]:
    index, bases = scene(seed)
    result: dict[str, Any] = {
        "table": f"{TABLE:.0f}x{TABLE:.0f} mm",
        "figures": len(bases),
        "obstacles": len(index),
        "obstacle_cover_of_table": round(shapely.union_all(index.footprints).area / TABLE**2, 3),
    }
    _sight(result, index, bases, repeat)
    _cover(result, index, bases, repeat, seed)
    _moves(result, index, bases, repeat, seed)
    _templates(result, bases, repeat, seed)
    met = _met(result)
    result["goals_met"] = f"{sum(met.values())}/{len(met)}" + (
        "" if all(met.values()) else " (missed: " + ", ".join(k for k, ok in met.items() if not ok) + ")")
    return result


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key:>32}: {value}")
