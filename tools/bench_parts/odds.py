"""Benchmark of the exact "...And One for All!" odds against a 100,000-roll simulation.

``measure()`` times ``attack_odds`` cold (every cache cleared before each call) for every pool
1..10 against every rating 1..4, as a swashbuckling attack and as a duel, and reports the
slowest pair (best of ``repeat`` cold calls, so one scheduler hiccup does not count). In the same
run it times a vectorised numpy simulation of the same questions (P(win), P(hits = k) for both
sides, P(a 1)) with 100,000 rolls per pair, checks that both agree within 0.01, and reports the
ratio sampling time ÷ exact time. Goal: ≤ 1 ms per cold call.

Run alone: ``.venv/bin/python -m tools.bench_parts.odds``.
"""

from __future__ import annotations

import itertools
import statistics
import time
from typing import Any

import numpy as np

from game.rules.one_for_all.dice import duel_dice, swashbuckling_dice, swashbuckling_target_dice
from game.rules.one_for_all.odds import attack_odds, clear_caches

GOAL_MS = 1.0
SAMPLES = 100_000


def _pairs() -> list[tuple[int, int, bool]]:
    """(attacker dice, defender dice, duel) for pools 1..10 × ratings 1..4, both modes."""
    out = []
    for pool, rating in itertools.product(range(1, 11), range(1, 5)):
        out.append((swashbuckling_dice(pool), swashbuckling_target_dice(rating), False))
        out.append((duel_dice(pool, rating), rating, True))
    return out


def _scores(rng: np.random.Generator, n: int, samples: int) -> tuple[np.ndarray, np.ndarray]:
    faces = rng.integers(1, 7, size=(samples, n), dtype=np.int8)
    sixes = (faces == 6).sum(axis=1)
    return np.where(sixes >= 2, 5 + sixes, faces.max(axis=1)), (faces == 1).sum(axis=1)


def simulate(n: int, m: int, duel: bool, rng: np.random.Generator,
             samples: int = SAMPLES) -> dict[str, Any]:
    """The same question as ``attack_odds(n, m, duel=duel)`` answered by sampling (n, m ≥ 1)."""
    a, ones = _scores(rng, n, samples)
    d, _ = _scores(rng, m, samples)
    margin = a - d
    to_defender = np.where(margin > 0, margin, margin == 0)
    to_attacker = np.where(margin < 0, -margin, 0) if duel else np.zeros(1, dtype=np.int64)
    return {"p_attacker_wins": float((margin >= 0).mean()),
            "hits_to_defender": np.bincount(to_defender) / samples,
            "hits_to_attacker": np.bincount(to_attacker) / len(to_attacker),
            "p_one": float((ones >= 1).mean())}


def measure(repeat: int = 5, samples: int = SAMPLES, seed: int = 7) -> dict:
    pairs = _pairs()
    cold_ms: list[float] = []
    for n, m, duel in pairs:
        best = float("inf")
        for _ in range(repeat):
            clear_caches()
            t0 = time.perf_counter()
            attack_odds(n, m, duel=duel)
            best = min(best, time.perf_counter() - t0)
        cold_ms.append(best * 1e3)

    rng = np.random.default_rng(seed)
    sampling_ms: list[float] = []
    worst_gap = 0.0
    for n, m, duel in pairs:
        t0 = time.perf_counter()
        sampled = simulate(n, m, duel, rng, samples)
        sampling_ms.append((time.perf_counter() - t0) * 1e3)
        odds = attack_odds(n, m, duel=duel)
        worst_gap = max(worst_gap, abs(odds.p_attacker_wins - sampled["p_attacker_wins"]),
                        abs(odds.p_one - sampled["p_one"]))
    assert worst_gap < 0.01, f"exact and sampled odds differ by {worst_gap:.4f}"

    odds_ms_max = max(cold_ms)
    return {
        "pairs": len(pairs),
        "odds_ms_max": round(odds_ms_max, 4),
        "odds_ms_median": round(statistics.median(cold_ms), 4),
        "sampling_ms_median": round(statistics.median(sampling_ms), 2),
        "samples": samples,
        "odds_ratio_vs_sampling": round(sum(sampling_ms) / sum(cold_ms), 1),
        "max_gap_vs_sampling": round(worst_gap, 4),
        "goal_ms": GOAL_MS,
        "odds_ok": odds_ms_max <= GOAL_MS,
    }


if __name__ == "__main__":
    for k, v in measure().items():
        print(f"{k:>22}: {v}")
