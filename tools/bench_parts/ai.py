"""Benchmark of the AI's decisions in every rule system (issue 15).

``measure()`` plays seeded games with the greedy AI on every side (as ``tabletop selfplay`` does)
and times each decision: the legal commands of the state and the AI's pick among them. In the same
run it times applying the chosen command (``Match.submit``: the rules resolving it, dice and
events included), the simple reference each system's decision time is compared with. Per system:
decisions timed, median and p95 milliseconds per decision, median milliseconds per command
applied, and their ratio.

Run: ``python tools/bench.py ai`` (``--json`` for one JSON object), or alone:
``.venv/bin/python -m tools.bench_parts.ai``.
"""

from __future__ import annotations

import random
import statistics
import time

from game.rules import registry
from game.rules.engine import Match, Setup
from game.rules.engine.selfplay import greedy_policy

#: decisions timed per system at most (whole games are played until this many are reached)
DECISIONS = 400
GAMES = 3


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure_system(name: str, decisions: int = DECISIONS, games: int = GAMES) -> dict:
    system = registry.get(name)
    default_map = getattr(system, "default_map", "")
    decide_ms: list[float] = []
    apply_ms: list[float] = []
    for game in range(games):
        seed = 1 + game
        match = Match(system, Setup(name, default_map, seed))
        rng = random.Random(seed)
        while match.outcome() is None and len(decide_ms) < decisions:
            t0 = time.perf_counter()
            legal = list(system.legal_commands(match.state))
            if not legal:
                break
            command = greedy_policy(system, match.state, legal, rng)
            t1 = time.perf_counter()
            match.submit(command)
            t2 = time.perf_counter()
            decide_ms.append((t1 - t0) * 1e3)
            apply_ms.append((t2 - t1) * 1e3)
        if len(decide_ms) >= decisions:
            break
    median_apply = statistics.median(apply_ms)
    return {
        "decisions": len(decide_ms),
        "decision_median_ms": round(statistics.median(decide_ms), 3),
        "decision_p95_ms": round(_p95(decide_ms), 3),
        "apply_median_ms": round(median_apply, 3),
        "decision_vs_apply": round(statistics.median(decide_ms) / median_apply, 2)
        if median_apply > 0 else None,
    }


def measure() -> dict:
    out: dict = {}
    for name in registry.names():
        for key, value in measure_system(name).items():
            out[f"{name}_{key}"] = value
    return out


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key}: {value}")
