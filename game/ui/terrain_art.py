"""Terrain drawn on the table: translucent fills by kind; on demand, outlines and heights."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np
import pygame
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.board.model import TerrainPiece
from game.ui.camera import Rect
from game.ui.colours import RGB, darker, terrain_colour
from game.ui.fonts import Fonts
from game.ui.labels import LabelPlacer, TableLabel, place_all, plate

#: Height labels are shown on pieces at least this big on screen (px).
MIN_LABELLED_PX = 14
LABEL_HEIGHT_PX = 14
#: the edge every terrain piece is drawn with, T or not (px)
EDGE_PX = 2

ToPx = Callable[[Iterable[tuple[float, ...]]], list[tuple[float, float]]]
#: a polygon's rings as (n, 2) arrays of mm: its exterior, then its holes
Rings = tuple[np.ndarray, ...]
#: the rings of each footprint drawn, by the footprint's id (the footprint kept, to check it)
_RINGS: dict[int, tuple[BaseGeometry, tuple[Rings, ...]]] = {}
_MAX_RINGS = 4096
#: the point each footprint's label names, by the footprint's id (the footprint kept, to check it)
_POINTS: dict[int, tuple[BaseGeometry, tuple[float, float]]] = {}


def height_label(piece: TerrainPiece) -> str:
    """'18 mm' for a piece standing on the floor, '55–60' for a raised one (bottom–top)."""
    def mm(v: float) -> str:
        return f"{round(v, 1):g}"

    if piece.bottom > 0:
        return f"{mm(piece.bottom)}–{mm(piece.top)}"
    return f"{mm(piece.top)} mm"


def polygons_of(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    out: list[Polygon] = []
    for part in getattr(geom, "geoms", ()):
        out.extend(polygons_of(part))
    return out


def rings_of(geom: BaseGeometry) -> tuple[Rings, ...]:
    """The rings of each polygon of ``geom`` as arrays, read from Shapely once per footprint (a
    rebuild of the table picture projects them with numpy instead of walking Shapely's
    coordinates again)."""
    found = _RINGS.get(id(geom))
    if found is not None and found[0] is geom:
        return found[1]
    rings = tuple(tuple(np.asarray(ring.coords, dtype=float)[:, :2]
                        for ring in (poly.exterior, *poly.interiors))
                  for poly in polygons_of(geom))
    if len(_RINGS) >= _MAX_RINGS:
        _RINGS.clear()
    _RINGS[id(geom)] = (geom, rings)
    return rings


def _project(ring: np.ndarray, origin: tuple[float, float], zoom: float) -> list[list[float]]:
    out: list[list[float]] = ((ring - origin) * zoom).tolist()
    return out


def label_point(geom: BaseGeometry) -> tuple[float, float]:
    centre = geom.centroid
    if not geom.contains(centre):
        centre = geom.representative_point()
    return centre.x, centre.y


def draw_terrain_fills(
    target: pygame.Surface,
    pieces: Sequence[TerrainPiece],
    origin: tuple[float, float],
    zoom: float,
    region: Rect,
    fill_alpha: int,
) -> None:
    """Fill ``pieces`` onto ``target``, whose top-left is world point ``origin`` at ``zoom`` px/mm.

    Only pieces touching ``region`` (world mm) are drawn; lower pieces first.
    """
    for piece in _visible(pieces, region):
        colour = terrain_colour(piece.kind)
        # walls are what players must see at a glance: nearly opaque, whatever the floor art
        alpha = max(fill_alpha, 225) if "wall" in piece.kind else fill_alpha
        edge = darker(colour, 0.45)
        for rings in rings_of(piece.footprint):
            pts = [_project(ring, origin, zoom) for ring in rings]
            _fill_polygon(target, pts, colour, alpha)
            # every piece that can stop a move or block sight shows its edge, whatever the
            # floor art under it (a railing must not vanish into the boards)
            for ring in pts:
                if len(ring) >= 2:
                    pygame.draw.lines(target, edge, True, ring, EDGE_PX)


def draw_terrain_outlines(
    target: pygame.Surface,
    pieces: Sequence[TerrainPiece],
    origin: tuple[float, float],
    zoom: float,
    region: Rect,
    fonts: Fonts,
    labels: bool = True,
) -> None:
    """Outline every piece and (``labels``) label it with its height (the T key)."""
    visible = _visible(pieces, region)
    for piece in visible:
        colour = terrain_colour(piece.kind)
        for rings in rings_of(piece.footprint):
            for ring in rings:
                pts = _project(ring, origin, zoom)
                if len(pts) >= 2:
                    pygame.draw.lines(target, darker(colour, 0.35), True, pts, 3)
                    pygame.draw.aalines(target, _lighter(colour), True, pts)
    if labels:
        placer = LabelPlacer(target)
        place_all(placer, terrain_labels(visible, origin, zoom, region, fonts))
        placer.draw()


def terrain_labels(pieces: Sequence[TerrainPiece], origin: tuple[float, float], zoom: float,
                   region: Rect, fonts: Fonts) -> list[TableLabel]:
    """The height of each piece touching ``region`` and big enough on screen, at its middle
    (pixels of a picture whose top-left is world point ``origin``); the biggest pieces choose
    their place first, and a label that finds no room is left out."""
    to_px = _projector(origin, zoom)
    font = fonts.of_height(LABEL_HEIGHT_PX)
    out = []
    for rank, piece in enumerate(sorted(_visible(pieces, region), key=lambda p: -p.footprint.area)):
        minx, miny, maxx, maxy = piece.footprint.bounds
        if max(maxx - minx, maxy - miny) * zoom < MIN_LABELLED_PX:
            continue
        out.append(TableLabel(_plate(font, height_label(piece)),
                              to_px([_label_point(piece.footprint)])[0], -rank))
    return out


#: height plates by the font's height and the words (drawn again only when new)
_PLATES: dict[tuple[int, str], pygame.Surface] = {}


def _plate(font: pygame.font.Font, text: str) -> pygame.Surface:
    key = (font.get_height(), text)
    found = _PLATES.get(key)
    if found is None:
        if len(_PLATES) >= _MAX_RINGS:
            _PLATES.clear()
        found = _PLATES[key] = plate(font, text)
    return found


def _label_point(geom: BaseGeometry) -> tuple[float, float]:
    """``label_point`` of a footprint, worked out once."""
    found = _POINTS.get(id(geom))
    if found is not None and found[0] is geom:
        return found[1]
    point = label_point(geom)
    if len(_POINTS) >= _MAX_RINGS:
        _POINTS.clear()
    _POINTS[id(geom)] = (geom, point)
    return point


def _projector(origin: tuple[float, float], zoom: float) -> ToPx:
    ox, oy = origin

    def to_px(coords: Iterable[tuple[float, ...]]) -> list[tuple[float, float]]:
        return [((c[0] - ox) * zoom, (c[1] - oy) * zoom) for c in coords]

    return to_px


def _visible(pieces: Sequence[TerrainPiece], region: Rect) -> list[TerrainPiece]:
    shown = [p for p in pieces if _touches(p.footprint, region)]
    shown.sort(key=lambda p: (p.top, p.bottom))
    return shown


def _touches(geom: BaseGeometry, region: Rect) -> bool:
    minx, miny, maxx, maxy = geom.bounds
    return not (maxx < region.left or minx > region.right or maxy < region.top or miny > region.bottom)


def _fill_polygon(target: pygame.Surface, rings: list[list[list[float]]], colour: RGB,
                  alpha: int) -> None:
    """A translucent polygon (its rings in target pixels: the exterior, then holes left clear)."""
    outer = rings[0] if rings else []
    if len(outer) < 3:
        return
    xs = [p[0] for p in outer]
    ys = [p[1] for p in outer]
    left, top = int(min(xs)) - 1, int(min(ys)) - 1
    right, bottom = int(max(xs)) + 2, int(max(ys)) + 2
    clip = target.get_rect()
    box = pygame.Rect(left, top, right - left, bottom - top).clip(clip)
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    dx, dy = -box.x, -box.y

    def moved(points: list[list[float]]) -> list[tuple[float, float]]:
        return [(x + dx, y + dy) for x, y in points]

    pygame.draw.polygon(layer, (*colour, alpha), moved(outer))
    for hole in rings[1:]:
        if len(hole) >= 3:
            pygame.draw.polygon(layer, (0, 0, 0, 0), moved(hole))
    target.blit(layer, box.topleft)


def _lighter(rgb: RGB) -> RGB:
    r, g, b = rgb
    return (r + (255 - r) // 3, g + (255 - g) // 3, b + (255 - b) // 3)
