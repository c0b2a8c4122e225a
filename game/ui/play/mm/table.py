"""The Mice and Mystics table: where each figure stands in its cell, and everything written on
the table (the cells' names with their move costs and occupancy, the figures' names).

Figures share a cell without covering one another: they are laid out in a small grid (one, two
side by side, then rows of two, three...) at the cell's most inward point, kept inside the cell
where it has room. Every word on the table goes through the one label placement
(``game.ui.labels.LabelPlacer``) with the figures' bases as obstacles: a name never covers a
base or another name, and a name that finds no room is left out (the pointer on a figure or a
cell brings its name first). The board's own cell names are not drawn into the table picture
(``unnamed``): a figure would stand on them; the screen writes them here instead, and places
the map's other words (the tiles' titles) with them (the board view's ``map_labels``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from game.board.model import Board
from game.i18n import _
from game.rules.mice_and_mystics.commands import Attack
from game.rules.mice_and_mystics.occupancy import capacity
from game.ui.colours import INK_LIGHT, LABEL_PLATE, RGB
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, place_all, remember_words
from game.ui.play import widgets as ui
from game.ui.terrain_art import label_point, polygons_of

if TYPE_CHECKING:
    from game.ui.play.mm.view import MMPlayView

#: a figure's base on the screen: its radius (24 px wide, the guide's least) and the ring of the
#: mouse in turn or of a minion it may attack around it
FIG_R = 12
RING = 4
#: from one figure's centre to the next in a cell (rings never touch)
SPOT_STEP = 2 * (FIG_R + RING) + 2
MINION: RGB = (0x8A, 0x22, 0x22)
TARGET_RING: RGB = (0xFF, 0x50, 0x40)
#: a label's priority: the higher first (the pointer's figure or cell, the mouse in turn, its
#: targets, the other figures, the cells a click can reach, the other cells)
HOVERED, ACTING, TARGET, FIGURE, REACHABLE, CELL = 9, 8, 7, 6, 4, 1
#: the map's own words (a tile's title) rank this much above their own priority: before the
#: cells' names
MAP_WORDS = 4
MAX_PLATES = 512


def unnamed(board: Board) -> Board:
    """``board`` without its cells' names: the table picture leaves them out, the screen writes
    them where no figure stands (``draw_labels``)."""
    return replace(board, cells=tuple(replace(c, name="") for c in board.cells))


# ---------------------------------------------------------------------- where figures stand
def grid(k: int) -> list[tuple[float, float]]:
    """Offsets of ``k`` figures in steps: one in the middle, then rows of up to ceil(sqrt(k)),
    each row centred."""
    if k <= 1:
        return [(0.0, 0.0)] * k
    cols = math.ceil(math.sqrt(k))
    rows = math.ceil(k / cols)
    out: list[tuple[float, float]] = []
    for r in range(rows):
        n = min(cols, k - r * cols)
        for c in range(n):
            out.append((c - (n - 1) / 2, r - (rows - 1) / 2))
    return out


def _main_part(geom: BaseGeometry) -> Polygon | None:
    parts = polygons_of(geom)
    return max(parts, key=lambda p: p.area) if parts else None


def spots_in_cell(polygon: BaseGeometry, centre: tuple[float, float], k: int, step: float,
                  radius: float) -> list[tuple[float, float]]:
    """Where ``k`` figures stand in a cell (table units): the grid of ``grid(k)`` with ``step``
    between neighbours, around the cell's most inward point, else its centre, so that every
    base of ``radius`` lies inside the cell; where none fits whole, the one that keeps the most
    inside."""
    part = _main_part(polygon)
    offsets = grid(k)
    if part is None:
        return [(centre[0] + dx * step, centre[1] + dy * step) for dx, dy in offsets]
    inward = polylabel(part, tolerance=max(step / 8, 1e-6))
    best: list[tuple[float, float]] = []
    best_in = -1
    inner = part.buffer(-radius) if radius > 0 else part
    for cx, cy in ((inward.x, inward.y), centre, label_point(part)):
        spots = [(cx + dx * step, cy + dy * step) for dx, dy in offsets]
        n_in = sum(1 for x, y in spots if inner.covers(Point(x, y)))
        if n_in > best_in:
            best, best_in = spots, n_in
        if n_in == k:
            break
    return best


# ---------------------------------------------------------------------- what is drawn
def _plate(view: MMPlayView, parts: Sequence[tuple[str, RGB]]) -> pygame.Surface:
    """A label's plate: its pieces of text side by side (a name, a cost, an occupancy), each in
    its colour, on the labels' dark backing; kept while the view lives."""
    key = tuple(parts)
    cache = view.plates
    found = cache.get(key)
    if found is None:
        words = [text for text, _colour in parts if text]
        pics = [view.texts.render(text, ui.SMALL_PX, colour) for text, colour in parts if text]
        w = sum(p.get_width() for p in pics) + 6 * max(0, len(pics) - 1) + 8
        h = max((p.get_height() for p in pics), default=0) + 2
        found = pygame.Surface((w, h), pygame.SRCALPHA)
        found.fill(LABEL_PLATE)
        x = 4
        lines = []
        for text, p in zip(words, pics, strict=True):
            found.blit(p, (x, 1))
            lines.append((text, x, 1, view.texts.font(ui.SMALL_PX)))
            x += p.get_width() + 6
        remember_words(found, " ".join(words), lines)
        if len(cache) > MAX_PLATES:
            cache.clear()
        cache[key] = found
    return found


def draw_figures(view: MMPlayView, table: pygame.Surface) -> list[tuple[float, float, float]]:
    """The figures' bases (the mouse in turn ringed in the accent, a minion it may attack in
    red); returns each base as (x, y, radius with its ring) on ``table``."""
    st = view.state
    cam = view.board_view.camera
    acting = st.acting
    near_targets = {c.target for c in view.session.legal() if isinstance(c, Attack)} \
        if view.session.human_to_play() and view.teaching else set()
    bases: list[tuple[float, float, float]] = []
    for ident, label, seat, p in view.figure_spots(st):
        x, y = (round(v) for v in cam.world_to_screen(*p))
        colour = MINION if seat == "minion" else view.colours.get(seat, (150, 150, 150))
        ring = ui.ACCENT if ident == acting else TARGET_RING if ident in near_targets else None
        if ring is not None:
            pygame.draw.circle(table, ring, (x, y), FIG_R + RING, 3)
        pygame.draw.circle(table, colour, (x, y), FIG_R)
        pygame.draw.circle(table, (0x10, 0x10, 0x10), (x, y), FIG_R, 2)
        pic = view.texts.render(label[:1], ui.SMALL_PX, (0xFF, 0xFF, 0xFF))
        table.blit(pic, (x - pic.get_width() // 2, y - pic.get_height() // 2))
        bases.append((x, y, FIG_R + (RING if ring is not None else 1)))
    return bases


def draw_labels(view: MMPlayView, table: pygame.Surface,
                bases: Sequence[tuple[float, float, float]]) -> int:
    """The cells' names (with the move cost of a cell the mouse in turn can reach and the
    occupancy of a cell with figures) and the figures' names, placed clear of the bases and of
    one another; returns how many were drawn."""
    st = view.state
    cam = view.board_view.camera
    g = view.session.system.graph(st)
    placer = LabelPlacer(table, obstacles=[circle_box((x, y), r) for x, y, r in bases])
    place_all(placer, view.board_view.map_labels(), MAP_WORDS)  # the tiles' titles
    view_box = table.get_rect()
    hovered_figure = view.figure_at(view.cursor) if view.cursor is not None else ""
    acting = st.acting
    targets = {c.target for c in view.session.legal() if isinstance(c, Attack)} \
        if view.session.human_to_play() else set()
    for (ident, label, seat, _p), (x, y, r) in zip(view.figure_spots(st), bases, strict=True):
        ink = view.colours.get(seat, INK_LIGHT) if seat != "minion" else (0xFF, 0x9A, 0x8A)
        priority = HOVERED if ident == hovered_figure else ACTING if ident == acting else \
            TARGET if ident in targets else FIGURE
        if view_box.collidepoint(x, y):
            placer.add(_plate(view, [(label, ink)]), (x, y), clearance=r, priority=priority)
    reach = view.reach()
    occ = view.session.system.occupancy(st)
    block = _blocks(view)
    for cell in g.keys:
        info = g.cell(cell)
        name = view.cell_name(cell)
        parts: list[tuple[str, RGB]] = [(name, INK_LIGHT)]
        numbers: list[tuple[str, RGB]] = []
        if reach is not None and cell in reach and cell != reach.start:
            numbers.append((str(reach.cost[cell]), ui.GOOD))
        n = occ.get(cell)
        if n is not None and info.tile == st.tile and (n.small or n.large):
            cap_small, cap_large = capacity(g, cell, st.cfg.move_rules)
            numbers.append((_("{n}/{cap}L").format(n=n.large, cap=int(cap_large)) if n.large
                            else f"{n.small}/{int(cap_small)}", ui.ACCENT))
        priority = HOVERED if cell == view.hover_cell else \
            REACHABLE if numbers and reach is not None and cell in reach else CELL + bool(numbers)
        short = _plate(view, numbers) if numbers else None
        if cell in block:  # an occupied cell: its name just outside its figures
            (bx, by), half = block[cell]
            anchor, clear = cam.world_to_screen(bx, by), half
        else:
            anchor, clear = cam.world_to_screen(*label_point(info.polygon)), 0.0
        if view_box.collidepoint(anchor):  # a cell out of the view is not named at its edge
            placer.add(_plate(view, parts + numbers), anchor, clearance=clear, priority=priority,
                       short=short)
    return placer.draw()


def _blocks(view: MMPlayView) -> dict[str, tuple[tuple[float, float], float]]:
    """Each occupied cell's figures as one block: its centre (table units) and the half of its
    larger side on the screen (px), rings included."""
    spots: dict[str, list[tuple[float, float]]] = {}
    st = view.state
    for ident, _label, _seat, p in view.figure_spots(st):
        cell = st.mouse(ident).cell if st.has_mouse(ident) else st.minion(ident).cell
        spots.setdefault(cell, []).append(p)
    zoom = max(view.board_view.camera.zoom, 1e-6)
    out: dict[str, tuple[tuple[float, float], float]] = {}
    for cell, points in spots.items():
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        half = max(max(xs) - min(xs), max(ys) - min(ys)) * zoom / 2 + FIG_R + RING
        out[cell] = (((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), half)
    return out
