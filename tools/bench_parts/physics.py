"""Benchmark of the physics facade on the tavern map (OFA-5D.1 push-back, OFA-MG.4 roll).

``measure()`` loads ``maps/tavern.tmx`` and times, as the median of repetitions:

* ``pushback_ms``: one ``push_back`` of Guard 2 away from a source behind it (the exact sweep
  until contact, with the spawned figures as a ``BaseArray``); goal < 1 ms;
* ``roll_ms``: one ``roll_solid`` of the yard's barrel 42 rolled west until it meets a crate;
* ``space_build_ms``: ``build_space`` of the whole map (convex pieces of every footprint);
* ``animate_push_ms``: turning that push into its 60 FPS timeline.

Reference in the same run: the same push simulated with pymunk alone in a Space built beforehand
(a dynamic disc given the push velocity, stepped at 1/240 s until it first touches a static
shape in its band), its time and how far its stop is from the exact end (it stops up to one step
late: that is why outcomes never come from stepping); ``pushback_vs_pymunk`` is the ratio of
the two times.

Run alone: ``.venv/bin/python -m tools.bench_parts.physics``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pymunk

from game.board import load_board
from game.geometry.bases import Base, BaseArray
from game.geometry.terrain import TerrainIndex
from game.physics import animate, build_space, push_back, roll_solid
from game.physics.space import MOVER_TYPE

REPO = Path(__file__).resolve().parents[2]
TAVERN = REPO / "maps" / "tavern.tmx"
GOAL_MS = 1.0
SPEED = 300.0  # mm/s of the pymunk reference push
REF_DT = 1.0 / 240.0


def _median_ms(fn: Callable[[], object], number: int, repeat: int) -> float:
    fn()  # warm up (caches built on first use are part of loading, not of a push)
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number * 1000.0)
    return statistics.median(runs)


def pymunk_push(space: pymunk.Space, target: Base, u: tuple[float, float]) -> tuple[float, float]:
    """Reference: a dynamic disc pushed at SPEED through the board's Space (terrain only) until
    it first touches a static shape in its vertical band."""
    body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, target.radius))
    body.position = (target.x, target.y)
    body.velocity = (u[0] * SPEED, u[1] * SPEED)
    shape = pymunk.Circle(body, target.radius)
    shape.collision_type = MOVER_TYPE
    space.add(body, shape)
    hit: list[bool] = []

    def begin(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        other = arbiter.shapes[1] if arbiter.shapes[0] is shape else arbiter.shapes[0]
        lo, hi = target.z + 3.0, target.z + target.height
        if getattr(other, "top", math.inf) > lo and getattr(other, "bottom", -math.inf) < hi:
            hit.append(True)

    space.on_collision(MOVER_TYPE, None, begin=begin)
    try:
        for _ in range(20000):
            space.step(REF_DT)
            if hit:
                break
        return float(body.position.x), float(body.position.y)
    finally:
        space.remove(body, shape)


def measure(number: int = 200, repeat: int = 7) -> dict:
    board = load_board(TAVERN)
    index = TerrainIndex.from_board(board)
    bases = [Base(s.name, s.x, s.y, 12.5) for s in board.spawns]
    figures = BaseArray.of(bases)
    guard = next(b for b in bases if b.id == "Guard 2")
    source = (guard.x + 5.0, guard.y + 30.0)
    barrel = index.solids[index.index_of("42")]

    out = push_back(guard, source, index, figures)
    roll = roll_solid(barrel, (-1.0, 0.0), index, figures)
    push_ms = _median_ms(lambda: push_back(guard, source, index, figures), number, repeat)
    roll_ms = _median_ms(lambda: roll_solid(barrel, (-1.0, 0.0), index, figures), number, repeat)
    build_ms = _median_ms(lambda: build_space(index), 5, repeat)
    space = build_space(index, bases)
    anim_ms = _median_ms(lambda: animate(out, space), 5, repeat)

    ref_runs = []
    ref_end = (math.nan, math.nan)
    terrain_only = build_space(index)
    for _ in range(repeat):
        t0 = time.perf_counter()
        ref_end = pymunk_push(terrain_only, guard, out.direction)
        ref_runs.append((time.perf_counter() - t0) * 1000.0)
    ref_ms = statistics.median(ref_runs)
    return {
        "map": str(TAVERN.relative_to(REPO)),
        "solids": len(index),
        "pushback_ms": round(push_ms, 4),
        "pushback_goal_ms": GOAL_MS,
        "meets_goal": push_ms < GOAL_MS,
        "push_distance_mm": round(out.distance, 3),
        "push_touched": f"{out.touched_kind}:{out.touched_id}",
        "roll_ms": round(roll_ms, 4),
        "roll_distance_mm": round(roll.distance, 3),
        "roll_touched": f"{roll.touched_kind}:{roll.touched_id}",
        "space_build_ms": round(build_ms, 3),
        "pymunk_shapes": len(space.shapes),
        "animate_push_ms": round(anim_ms, 3),
        "animate_push_frames": len(animate(out, space)),
        "reference_pymunk_push_ms": round(ref_ms, 3),
        "reference_end_error_mm": round(math.dist(ref_end, out.end), 3),
        "pushback_vs_pymunk": round(ref_ms / max(push_ms, 1e-9), 1),
    }


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key}: {value}")
