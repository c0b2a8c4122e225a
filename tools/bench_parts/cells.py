"""Benchmark of the Mice and Mystics cell graph: build time and one reachable-cells query.

``measure()`` builds the :class:`~game.geometry.cells.CellGraph` of the board with the most cells
among a generated 200-cell Voronoi board (seeded; 1200 × 1200 px at 0.5625 mm/px with walls and
black areas, tolerances as a shipped map has them) and the shipped maps with cells; it returns the
median build time ``cells_build_ms`` and the median time of ``reachable`` with 5 movement points
from a central cell among scattered minions, ``cells_reach_us``. The shipped Mice and Mystics map
with the most cells is measured too (``cells_map_build_ms``).

Run alone: ``.venv/bin/python -m tools.bench_parts.cells``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, box

from game.geometry.cells import CellGraph, CellSpec, Tolerances
from game.rules.mice_and_mystics.occupancy import Count
from game.rules.mice_and_mystics.paths import reachable

REPO = Path(__file__).resolve().parents[2]
N_CELLS = 200
MM_PER_PX = 0.5625
SIZE_PX = 1200.0


def _median_s(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm up
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def voronoi_inputs(n: int = N_CELLS, seed: int = 11) -> dict[str, Any]:
    """Plain inputs of an ``n``-cell Voronoi board in mm, with 20 walls and 4 black areas."""
    rng = np.random.default_rng(seed)
    size = SIZE_PX * MM_PER_PX
    frame = box(0, 0, size, size)
    pts = shapely.multipoints(rng.uniform(0, size, size=(n, 2)))
    parts = shapely.get_parts(shapely.voronoi_polygons(pts, extend_to=frame))
    cells = [CellSpec(f"v{i}", p.intersection(frame)) for i, p in enumerate(parts)]
    walls = []
    for _ in range(20):
        x, y = rng.uniform(0, size, 2)
        dx, dy = rng.normal(0, 30, 2)
        walls.append(LineString([(x, y), (x + dx, y + dy)]))
    black = [Point(rng.uniform(0, size, 2)).buffer(rng.uniform(5, 15)) for _ in range(4)]
    tol = Tolerances(adjacency_gap=12.0, wall_tolerance=1.0, min_portal=4.0,
                     sample_step=1.0).scaled(MM_PER_PX)
    return {"cells": cells, "walls": walls, "black": black, "tolerances": tol}


def _largest_cell_map() -> tuple[str, Any] | None:
    """The shipped map with the most cells, Mice and Mystics maps first (Relic has spaces too)."""
    from game.board import load_board

    best: tuple[tuple[bool, int], str, Any] | None = None
    for path in sorted((REPO / "maps").glob("*.tmx")):
        try:
            board = load_board(path)
        except Exception:  # a broken map is not this benchmark's business
            continue
        rank = (board.system == "mice_and_mystics", len(board.cells))
        if board.cells and (best is None or rank > best[0]):
            best = (rank, path.name, board)
    return None if best is None else (best[1], best[2])


def _reach_us(g: CellGraph, repeat: int, number: int = 50) -> float:
    keys = g.keys
    cx = np.mean([c.centre[0] for c in g.cells])
    cy = np.mean([c.centre[1] for c in g.cells])
    start = min(g.cells, key=lambda c: (c.centre[0] - cx) ** 2 + (c.centre[1] - cy) ** 2).key
    occ = {start: Count(mice=1)}
    for i, k in enumerate(keys):
        if k != start and i % 7 == 3:
            occ[k] = Count(small_minions=1)

    def run() -> None:
        for _ in range(number):
            reachable(g, start, 5, occ)

    return _median_s(run, repeat) / number * 1e6


def measure(repeat: int = 5) -> dict:
    inputs = voronoi_inputs()
    voronoi_ms = _median_s(lambda: CellGraph.build(**inputs), repeat) * 1e3
    voronoi = CellGraph.build(**inputs)
    out: dict[str, Any] = {}
    found = _largest_cell_map()
    headline, name, build_ms = voronoi, f"voronoi {N_CELLS}", voronoi_ms
    if found is not None:
        map_name, board = found
        map_ms = _median_s(lambda: CellGraph.from_board(board), repeat) * 1e3
        out.update(cells_map=map_name, cells_map_cells=len(board.cells),
                   cells_map_build_ms=round(map_ms, 2))
        if len(board.cells) > len(voronoi):
            headline, name, build_ms = CellGraph.from_board(board), map_name, map_ms
    out.update(
        cells_board=name,
        cells_count=len(headline),
        cells_edges=len(headline.edges),
        cells_build_ms=round(build_ms, 2),
        cells_reach_us=round(_reach_us(headline, repeat), 1),
        cells_voronoi_build_ms=round(voronoi_ms, 2),
    )
    return out


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key}: {value}")
