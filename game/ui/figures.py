"""Figures on the screen: where they stand, their side and base. Plain values, no pygame.

A figure comes from a spawn point of the map or from a ``NAME:SIDE:X:Y[:R]`` item of the
``render --figures`` option (millimetres).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.board.model import Board
from game.board.names import local_name

#: A 25 mm round base.
DEFAULT_BASE_RADIUS_MM = 12.5


class FigureSpecError(ValueError):
    """A ``--figures`` item that cannot be read; ``str()`` names the item."""


@dataclass(frozen=True)
class Figure:
    name: str
    side: str
    x: float  #: base centre, mm
    y: float
    radius: float = DEFAULT_BASE_RADIUS_MM  #: mm
    facing: float | None = None  #: degrees clockwise from east; None draws no facing tick


def base_radius(properties: Mapping[str, Any], default: float = DEFAULT_BASE_RADIUS_MM) -> float:
    """The ``radius`` property (mm) when it is a sensible number, else ``default``."""
    raw = properties.get("radius")
    if raw is None:
        return default
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return default
    return value if math.isfinite(value) and 0 < value <= 1000 else default


def figures_from_spawns(board: Board) -> tuple[Figure, ...]:
    """The map's spawns as figures, named in the current language (``name_ru`` and the like)."""
    return tuple(
        Figure(local_name(s.name, s.properties), s.side, s.x, s.y, base_radius(s.properties),
               s.facing)
        for s in board.spawns
    )


def parse_figure_spec(item: str) -> Figure:
    """``NAME:SIDE:X:Y[:R]`` with X, Y and R in millimetres."""
    parts = item.split(":")
    usage = f"figure '{item}' is not NAME:SIDE:X:Y[:R] (X, Y and R in mm)"  # i18n: not shown
    if len(parts) not in (4, 5) or not parts[0].strip():
        raise FigureSpecError(usage)
    try:
        numbers = [float(p) for p in parts[2:]]
    except ValueError:
        raise FigureSpecError(usage) from None
    if not all(math.isfinite(n) for n in numbers):
        raise FigureSpecError(usage)
    radius = numbers[2] if len(numbers) == 3 else DEFAULT_BASE_RADIUS_MM
    if not 0 < radius <= 1000:
        raise FigureSpecError(f"figure '{item}': radius {radius:g} mm must be above 0 and at most 1000")
    return Figure(parts[0].strip(), parts[1].strip(), numbers[0], numbers[1], radius)


def figures_for_render(board: Board, items: Sequence[str] | None) -> tuple[Figure, ...]:
    """The figures ``render --figures`` asks for: ``None``/'spawns', 'none' or spec items."""
    if not items:
        return figures_from_spawns(board)
    chosen: list[Figure] = []
    for item in items:
        word = item.strip().lower()
        if word == "spawns":
            chosen.extend(figures_from_spawns(board))
        elif word == "none":
            continue
        else:
            chosen.append(parse_figure_spec(item))
    return tuple(chosen)


def spread_figures(width_mm: float, height_mm: float, count: int,
                   sides: Iterable[str] = ("Red", "Blue", "Green", "Orange")) -> tuple[Figure, ...]:
    """``count`` figures on a grid over the table (benchmarks and demos)."""
    side_list = list(sides) or [""]
    cols = max(1, math.ceil(math.sqrt(count * width_mm / max(height_mm, 1e-9))))
    rows = max(1, math.ceil(count / cols))
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        x = width_mm * (c + 0.5) / cols
        y = height_mm * (r + 0.5) / rows
        out.append(Figure(f"Figure {i + 1}", side_list[i % len(side_list)], x, y,
                          DEFAULT_BASE_RADIUS_MM, (i * 45) % 360))
    return tuple(out)


def side_letters(sides: Iterable[str]) -> dict[str, str]:
    """A short mark per side, for the bases: the initial, or when two sides share an initial
    (mice, minions), the initial and the first later letter that tells them apart (Mi, Mn)."""
    order = list(dict.fromkeys(sides))
    initials = [s.strip()[:1].upper() for s in order]
    marks: dict[str, str] = {}
    used: set[str] = set()
    for side, initial in zip(order, initials, strict=True):
        if not initial:
            marks[side] = ""
            continue
        mark = initial
        if initials.count(initial) > 1:
            digits = side.strip()[len(side.strip().rstrip("0123456789")):]
            rest = [c.lower() for c in side.strip()[1:] if c.isalnum()]
            candidates = ([initial + digits[-2:]] if digits else []) + [initial + c for c in rest]
            mark = next((m for m in candidates if m not in used), initial)
        if mark in used:
            mark = f"{initial}{sum(1 for m in used if m.startswith(initial)) + 1}"
        used.add(mark)
        marks[side] = mark
    return marks
