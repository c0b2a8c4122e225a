"""Where each label written on the table goes: one placement for figure names, sight and cover
labels, cell and space names and terrain labels, so that labels never cover one another, never
cover a figure's base and never leave the view.

Each label asks for a place near its ``anchor`` (a figure's centre, a cell's centre): centred on
it when it keeps no clearance (the name of a place), then candidate positions around it (below, above, right, left, then the corners), first just outside its
``clearance`` (the base's radius), then further out, where a leader line joins it back to the
anchor. Labels are placed by ``priority`` (the selected figure and its targets first); a label
that finds no place at full length tries its ``short`` form, and one that finds none at all is
left out (the screen shows it on hover). The same input gives the same layout: the last layouts
are kept, so a still frame costs a dictionary look-up.

Pure Python over boxes in screen pixels ``(x, y, w, h)``: no pygame, so the placement is tested
and measured on its own; the screen draws what it returns.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

#: a box on the screen, in pixels: left, top, width, height
Box = tuple[float, float, float, float]
Point = tuple[float, float]

#: the size of the grid cells that index the boxes already taken
_CELL = 48.0
#: how far out a label may go, in rows of its own height beyond its clearance
RINGS = 3
#: the directions tried around the anchor, in order: below, above, right, left, then the corners
_DIRECTIONS: tuple[Point, ...] = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


@dataclass(frozen=True)
class Label:
    """A label that wants a place: ``size`` of its plate at full length, ``short_size`` of its
    shortened form (None when it has none), the ``clearance`` around the anchor it must keep
    free (the base it names), and its ``priority`` (higher is placed first)."""

    key: Hashable
    anchor: Point
    size: tuple[int, int]
    clearance: float = 0.0
    priority: int = 0
    short_size: tuple[int, int] | None = None


@dataclass(frozen=True)
class Placed:
    """Where a label went: its ``box``, whether it is the ``short`` form, and the ``leader``
    line (from the edge of the anchor's clearance to the label) when it stands away from it."""

    key: Hashable
    box: Box
    short: bool = False
    leader: tuple[Point, Point] | None = None


def overlaps(a: Box, b: Box, gap: float = 0.0) -> bool:
    """Whether two boxes come closer than ``gap`` (touching edges do not overlap)."""
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap
            and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


def inside(box: Box, bounds: Box) -> bool:
    return (box[0] >= bounds[0] and box[1] >= bounds[1]
            and box[0] + box[2] <= bounds[0] + bounds[2] and box[1] + box[3] <= bounds[1] + bounds[3])


def circle_box(centre: Point, radius: float) -> Box:
    """The box around a round base."""
    return (centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


class _Taken:
    """The boxes already taken, indexed by a coarse grid."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self._grid: dict[tuple[int, int], list[Box]] = {}

    def _cells(self, box: Box) -> Iterable[tuple[int, int]]:
        g = self.gap
        x0, y0 = int((box[0] - g) // _CELL), int((box[1] - g) // _CELL)
        x1, y1 = int((box[0] + box[2] + g) // _CELL), int((box[1] + box[3] + g) // _CELL)
        for cx in range(x0, x1 + 1):
            for cy in range(y0, y1 + 1):
                yield cx, cy

    def add(self, box: Box) -> None:
        for cell in self._cells(box):
            self._grid.setdefault(cell, []).append(box)

    def free(self, box: Box) -> bool:
        for cell in self._cells(box):
            for other in self._grid.get(cell, ()):
                if overlaps(box, other, self.gap):
                    return False
        return True


def _candidates(label: Label, size: tuple[int, int], gap: float) -> Iterable[tuple[Box, bool]]:
    """Boxes around the anchor, nearest first: (box, needs a leader line)."""
    ax, ay = label.anchor
    w, h = size
    if label.clearance <= 0:  # a label of a place (a cell, a piece of terrain): on it first
        yield (ax - w / 2, ay - h / 2, w, h), False
    for ring in range(RINGS):
        reach = label.clearance + gap + ring * (h + gap)
        for dx, dy in _DIRECTIONS:
            x = _along(ax, w, dx, reach)
            y = _along(ay, h, dy, reach)
            yield (x, y, w, h), ring > 0


def _along(a: float, size: float, d: float, reach: float) -> float:
    """The near edge of a label of ``size`` on one axis: centred on ``a`` (d = 0), or ``reach``
    beyond it on the side of ``d``."""
    if d == 0:
        return a - size / 2
    return a + reach if d > 0 else a - reach - size


def _nudged(box: Box, bounds: Box) -> Box:
    """The box moved inside ``bounds`` (a label at the view's edge slides in rather than
    vanishing); unchanged when it does not fit at all."""
    x = min(max(box[0], bounds[0]), bounds[0] + bounds[2] - box[2])
    y = min(max(box[1], bounds[1]), bounds[1] + bounds[3] - box[3])
    return (x, y, box[2], box[3])


def _leader(label: Label, box: Box) -> tuple[Point, Point]:
    """From the edge of the anchor's clearance to the nearest point of the label."""
    ax, ay = label.anchor
    nx = min(max(ax, box[0]), box[0] + box[2])
    ny = min(max(ay, box[1]), box[1] + box[3])
    dx, dy = nx - ax, ny - ay
    dist = (dx * dx + dy * dy) ** 0.5 or 1.0
    start = (ax + dx / dist * label.clearance, ay + dy / dist * label.clearance)
    return start, (nx, ny)


def _place_one(label: Label, taken: _Taken, bounds: Box) -> Placed | None:
    forms = [(label.size, False)]
    if label.short_size is not None:
        forms.append((label.short_size, True))
    for size, short in forms:
        if size[0] > bounds[2] or size[1] > bounds[3]:
            continue
        for box, far in _candidates(label, size, taken.gap):
            box = _nudged(box, bounds)
            if taken.free(box):
                return Placed(label.key, box, short, _leader(label, box) if far else None)
    return None


def layout(labels: Sequence[Label], bounds: Box, obstacles: Sequence[Box] = (),
           gap: float = 2.0) -> tuple[Placed, ...]:
    """Places for ``labels`` (those that found one), inside ``bounds``, clear of each other and of
    ``obstacles`` (the bases on the table, panels over it) by ``gap`` pixels. Same input, same
    answer: the recent layouts are remembered."""
    return _layout(tuple(labels), tuple(bounds), tuple(obstacles), float(gap))


@lru_cache(maxsize=16)
def _layout(labels: tuple[Label, ...], bounds: Box, obstacles: tuple[Box, ...], gap: float) -> tuple[Placed, ...]:
    taken = _Taken(gap)
    for box in obstacles:
        taken.add(box)
    order = sorted(range(len(labels)), key=lambda i: -labels[i].priority)
    out: list[Placed] = []
    for i in order:
        placed = _place_one(labels[i], taken, bounds)
        if placed is not None:
            taken.add(placed.box)
            out.append(placed)
    return tuple(out)
