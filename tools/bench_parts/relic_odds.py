"""Benchmark of the exact Relic battle odds (exploding sixes) against a 100,000-battle simulation.

``measure()`` times ``battle_odds`` cold (every cache cleared before each call) for 1 to 3
player dice against 1 or 2 enemy dice, with the player's bonus from 8 below to 8 above the
enemy's, and reports the slowest case (best of ``repeat`` cold calls). In the same run it times a
vectorised numpy simulation of the same battles with 100,000 battles each, checks that P(win),
P(tie) and P(lose) agree within 0.01, and reports the ratio sampling time ÷ exact time and the
largest error bound the exact method states (see ``game/rules/relic/odds.py``).

Run alone: ``.venv/bin/python -m tools.bench_parts.relic_odds``.
"""

from __future__ import annotations

import itertools
import statistics
import time
from typing import Any

import numpy as np

from game.rules.relic.odds import battle_odds, clear_caches

GOAL_MS = 1.0
SAMPLES = 100_000
BASE = 5  #: the enemy's bonus; the player's runs from BASE - 8 to BASE + 8


def _cases() -> list[tuple[int, int, int, int]]:
    """(player dice, player bonus, enemy bonus, enemy dice)."""
    return [(n, BASE + d, BASE, m) for n, m, d in itertools.product((1, 2, 3), (1, 2), range(-8, 9))]


def _exploding(rng: np.random.Generator, n: int, samples: int) -> np.ndarray:
    total = np.zeros(samples, dtype=np.int64)
    for _ in range(n):
        live = np.ones(samples, dtype=bool)
        while live.any():
            faces = rng.integers(1, 7, size=samples)
            total += np.where(live, faces, 0)
            live &= faces == 6
    return total


def simulate(n: int, p_bonus: int, e_bonus: int, m: int, rng: np.random.Generator,
             samples: int = SAMPLES) -> dict[str, float]:
    """The same question as ``battle_odds(n, p_bonus, e_bonus, m)`` answered by sampling."""
    player = _exploding(rng, n, samples) + p_bonus
    foe = _exploding(rng, m, samples) + e_bonus
    return {"p_win": float((player > foe).mean()), "p_tie": float((player == foe).mean()),
            "p_lose": float((player < foe).mean())}


def measure(repeat: int = 5, samples: int = SAMPLES, seed: int = 11) -> dict[str, Any]:
    cases = _cases()
    cold_ms: list[float] = []
    for case in cases:
        best = float("inf")
        for _ in range(repeat):
            clear_caches()
            t0 = time.perf_counter()
            battle_odds(*case)
            best = min(best, time.perf_counter() - t0)
        cold_ms.append(best * 1e3)

    rng = np.random.default_rng(seed)
    sampling_ms: list[float] = []
    worst_gap = worst_bound = 0.0
    for case in cases:
        t0 = time.perf_counter()
        sampled = simulate(*case, rng, samples)
        sampling_ms.append((time.perf_counter() - t0) * 1e3)
        odds = battle_odds(*case)
        worst_bound = max(worst_bound, odds.error_bound)
        worst_gap = max(worst_gap, abs(odds.p_win - sampled["p_win"]), abs(odds.p_tie - sampled["p_tie"]),
                        abs(odds.p_lose - sampled["p_lose"]))
    assert worst_gap < 0.01, f"exact and sampled odds differ by {worst_gap:.4f}"

    odds_ms_max = max(cold_ms)
    return {
        "cases": len(cases),
        "odds_ms_max": round(odds_ms_max, 4),
        "odds_ms_median": round(statistics.median(cold_ms), 4),
        "sampling_ms_median": round(statistics.median(sampling_ms), 2),
        "samples": samples,
        "odds_ratio_vs_sampling": round(sum(sampling_ms) / sum(cold_ms), 1),
        "max_gap_vs_sampling": round(worst_gap, 4),
        "max_error_bound": float(f"{worst_bound:.3g}"),
        "goal_ms": GOAL_MS,
        "odds_ok": odds_ms_max <= GOAL_MS,
    }


if __name__ == "__main__":
    for k, v in measure().items():
        print(f"{k:>22}: {v}")
