"""Benchmarks that print numbers (they never pass or fail).

    python tools/bench.py map            # load and frame times of the largest shipped map
    python tools/bench.py map --json     # the same as one JSON object

Add a benchmark by writing ``def bench_name(args) -> dict`` and listing it in ``BENCHMARKS``.
A module ``tools/bench_parts/NAME.py`` with a ``measure() -> dict`` function is a benchmark
``NAME`` too (imported only when asked for).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

Result = dict[str, Any]


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def _tile_area(path: Path) -> int:
    try:
        for _event, element in ET.iterparse(path, events=("start",)):
            return int(element.get("width", 0)) * int(element.get("height", 0))
    except (ET.ParseError, ValueError, OSError):
        return -1
    return -1


def largest_map(folder: Path) -> Path | None:
    maps = [(area, p) for p in sorted(folder.glob("*.tmx")) if (area := _tile_area(p)) > 0]
    return max(maps, key=lambda item: item[0])[1] if maps else None


def bench_map(args: argparse.Namespace) -> Result:
    from game.ui.display import use_headless_drivers

    use_headless_drivers()
    import pygame

    from game.board import load_board
    from game.board.model import Board
    from game.ui.board_view import BoardView
    from game.ui.figures import spread_figures
    from game.ui.images import SafeImageLoader
    from game.ui.render import ensure_video_mode

    ensure_video_mode()
    size = (args.width, args.height)
    path = Path(args.path) if args.path else largest_map(REPO / "maps")
    result: Result = {"size": f"{size[0]}x{size[1]}", "figures": args.figures, "frames": args.frames}
    loader = SafeImageLoader()
    if path is None:
        board = Board(path="(synthetic)", width_tiles=48, height_tiles=32, tile_width=32,
                      tile_height=32, mm_per_px=25.4 / 32)
        result["map"] = "(no map in maps/: a synthetic 48x32 board without tiles)"
        result["load_ms"] = 0.0
    else:
        result["map"] = str(path.relative_to(REPO) if path.is_relative_to(REPO) else path)
        loads = []
        for _ in range(args.loads):
            loader = SafeImageLoader()
            t0 = time.perf_counter()
            board = load_board(path, image_loader=loader)
            loads.append((time.perf_counter() - t0) * 1000)
        result["load_ms"] = round(statistics.median(loads), 2)
        result["map_tiles"] = f"{board.width_tiles}x{board.height_tiles}"
    result["missing_images"] = len(loader.missing)

    figures = spread_figures(board.width_mm, board.height_mm, args.figures)
    t0 = time.perf_counter()
    view = BoardView(board, size, figures, image_loader=loader)
    surface = pygame.Surface(size)
    view.draw(surface)
    result["first_frame_ms"] = round((time.perf_counter() - t0) * 1000, 2)

    def frames(count: int, step: float) -> list[float]:
        times = []
        for i in range(count):
            direction = 1 if (i // 60) % 2 == 0 else -1  # to and fro, a little each frame
            t = time.perf_counter()
            view.pan(step * direction, step * 0.5 * direction)
            view.update(1 / 60)
            view.draw(surface)
            times.append((time.perf_counter() - t) * 1000)
        return times

    fitted = frames(args.frames, 3.0)
    result["frame_ms_median"] = round(statistics.median(fitted), 3)
    result["frame_ms_p95"] = round(_percentile(fitted, 0.95), 3)
    # zoomed in 4x about the centre: the partial cache is rebuilt as the view moves
    view.fit()
    view.zoom_about(4.0, (size[0] / 2, (size[1] - 30) / 2))
    rebuilds = view.table.rebuilds
    zoomed = frames(args.frames, 12.0)
    result["zoomed_frame_ms_median"] = round(statistics.median(zoomed), 3)
    result["zoomed_frame_ms_p95"] = round(_percentile(zoomed, 0.95), 3)
    result["zoomed_frame_ms_max"] = round(max(zoomed), 3)  # a frame that redrew the cache
    result["zoomed_cache_rebuilds"] = view.table.rebuilds - rebuilds

    # reference: one full-screen fill and one full-screen blit, on the same machine, same run
    backdrop = pygame.Surface(size)
    backdrop.fill((90, 80, 70))
    ref = []
    for _ in range(args.frames):
        t = time.perf_counter()
        surface.fill((0, 0, 0))
        surface.blit(backdrop, (0, 0))
        ref.append((time.perf_counter() - t) * 1000)
    result["reference_ms_median"] = round(statistics.median(ref), 3)
    result["frame_vs_reference"] = round(result["frame_ms_median"] / max(result["reference_ms_median"], 1e-6), 2)
    pygame.quit()
    return result


def _part(name: str) -> Callable[[argparse.Namespace], Result]:
    def run(args: argparse.Namespace) -> Result:
        module = importlib.import_module(f"tools.bench_parts.{name}")
        return dict(module.measure())

    return run


def _parts() -> dict[str, Callable[[argparse.Namespace], Result]]:
    folder = REPO / "tools" / "bench_parts"
    names = sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_"))
    return {name: _part(name) for name in names
            if "def measure(" in (folder / f"{name}.py").read_text(encoding="utf-8")}


BENCHMARKS: dict[str, Callable[[argparse.Namespace], Result]] = {
    "map": bench_map,
}


def all_benchmarks() -> dict[str, Callable[[argparse.Namespace], Result]]:
    return {**_parts(), **BENCHMARKS}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__.splitlines()[0])
    parser.add_argument("benchmark", choices=sorted(all_benchmarks()), help="what to measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--path", help="map to use instead of the largest in maps/")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--figures", type=int, default=40)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    result = all_benchmarks()[args.benchmark](args)
    if args.json:
        print(json.dumps(result))
    else:
        width = max(len(k) for k in result)
        for key, value in result.items():
            print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
