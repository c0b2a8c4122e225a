"""Benchmark of the sweep at the positions play makes (issue 14): moves that start in contact.

On the seeded table of ``tools.bench_parts.sweep`` (1000 x 1000 mm, 300 obstacles, 100 figures),
each figure is first moved until contact in a seeded direction; from each contact position the
benchmark then times moves exactly along the touched thing (both senses), away from it, into it
and a hair off along, next to the same number of moves from open positions. Times are
microseconds per ``move_until_contact`` (median of repetitions), each with its ratio to a simple
reference measured in the same run: one ``STRtree.query`` of the move's box plus one
``shapely.distance`` from the start to the nearest footprint (a fixed amount of Shapely work that
does not change when the sweep does). The three are timed in turn within each repetition, and
each ratio is the median of the repetitions' ratios, so a busy machine slows all of them alike.

``TABLETOP_BENCH_AGAINST=REV`` (or ``--against REV`` when run alone) also times the sweep of
another commit (``git show REV:game/geometry/sweep.py``, loaded as a module beside ours) on the
same moves in the same repetitions: ``*_vs_against`` is our time over its time (issue 14's goal
for the tolerance policy: at most 1.10 against the commit before it, 8cf3515).

Run: ``python tools/bench.py sweep_contact`` (``--json``), or alone:
``.venv/bin/python -m tools.bench_parts.sweep_contact [--against REV]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import shapely

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import move_until_contact
from tools.bench_parts.sweep import table

REPO = Path(__file__).resolve().parents[2]


def sweep_at(rev: str) -> ModuleType:
    """``game/geometry/sweep.py`` as it was at commit ``rev``, loaded as a separate module."""
    text = subprocess.run(["git", "show", f"{rev}:game/geometry/sweep.py"], cwd=REPO, check=True,
                          capture_output=True, text=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    path = folder / "sweep_against.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("tabletop_sweep_against", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _timed_us(fn: Callable[[], int]) -> float:
    t0 = time.perf_counter()
    n = fn()
    return (time.perf_counter() - t0) / n * 1e6


def measure(repeat: int = 15, seed: int = 5, against: str | None = None) -> dict:
    against = against or os.environ.get("TABLETOP_BENCH_AGAINST") or None
    other = sweep_at(against) if against else None
    index, figures = table()
    arr = BaseArray.of(figures)
    rng = np.random.default_rng(seed)
    open_moves: list[tuple[Base, tuple[float, float], float]] = []
    contact_moves: list[tuple[Base, tuple[float, float], float]] = []
    for f in figures:
        for _ in range(4):
            a = float(rng.uniform(0, 2 * math.pi))
            u = (math.cos(a), math.sin(a))
            length = float(rng.uniform(20, 400))
            open_moves.append((f, u, length))
            res = move_until_contact(f, u, math.inf, index, arr)
            if not (res.stopped and math.isfinite(res.distance)) or res.point is None:
                continue
            moved = f.moved(res.x, res.y)
            nx, ny = res.point[0] - res.x, res.point[1] - res.y
            n = math.hypot(nx, ny)
            if n == 0.0:
                continue
            nx, ny = nx / n, ny / n
            tiny = 1e-12
            for v in ((-ny, nx), (ny, -nx), (-nx, -ny), (nx, ny),
                      (-ny + tiny * nx, nx + tiny * ny)):
                contact_moves.append((moved, v, length))
    contact_moves = contact_moves[:len(open_moves)]
    open_moves = open_moves[:len(contact_moves)]
    fps = index.footprints

    def reference(moves: list) -> Callable[[], int]:
        def run() -> int:
            for f, u, d in moves:
                ex, ey = f.x + u[0] * d, f.y + u[1] * d
                box = shapely.box(min(f.x, ex) - f.radius, min(f.y, ey) - f.radius,
                                  max(f.x, ex) + f.radius, max(f.y, ey) + f.radius)
                index.tree.query(box)
                p = shapely.points(f.x, f.y)
                shapely.distance(p, fps[index.tree.nearest(p)])
            return len(moves)
        return run

    def sweep(moves: list, move: Callable = move_until_contact) -> Callable[[], int]:
        def run() -> int:
            for f, u, d in moves:
                move(f, u, d, index, arr)
            return len(moves)
        return run

    out: dict = {"moves_each": len(open_moves)}
    if against:
        out["against"] = against
    for name, moves in (("open", open_moves), ("contact", contact_moves)):
        runs = [reference(moves), sweep(moves)]
        if other is not None:
            runs.append(sweep(moves, other.move_until_contact))
        for run in runs:
            run()  # warm up (caches, the joint tree)
        times = [[_timed_us(run) for run in runs] for _ in range(repeat)]
        out[f"{name}_us"] = round(statistics.median(t[1] for t in times), 2)
        out[f"{name}_reference_us"] = round(statistics.median(t[0] for t in times), 2)
        out[f"{name}_ratio"] = round(statistics.median(t[1] / t[0] for t in times), 3)
        if other is not None:
            out[f"{name}_against_us"] = round(statistics.median(t[2] for t in times), 2)
            out[f"{name}_against_ratio"] = round(statistics.median(t[2] / t[0] for t in times), 3)
            out[f"{name}_vs_against"] = round(statistics.median(t[1] / t[2] for t in times), 3)
    stopped_at_once = sum(1 for f, u, d in contact_moves
                          if move_until_contact(f, u, d, index, arr).distance == 0.0)
    out["contact_moves_not_moving_pct"] = round(100 * stopped_at_once / len(contact_moves), 1)
    if other is not None:
        before = sum(1 for f, u, d in contact_moves
                     if other.move_until_contact(f, u, d, index, arr).distance == 0.0)
        out["contact_moves_not_moving_against_pct"] = round(100 * before / len(contact_moves), 1)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", help="also time the sweep of this commit")
    for key, value in measure(against=parser.parse_args().against).items():
        print(f"{key}: {value}")
