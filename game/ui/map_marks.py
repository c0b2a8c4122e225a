"""What a board game prints on its board: cell outlines and names, walls, lines, exits, and the
map's text objects. Drawn into the table cache above terrain fills."""

from __future__ import annotations

from collections.abc import Iterable

import pygame
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from game.board.model import Board, Cell, MapObject
from game.board.names import local_name, local_text
from game.ui.camera import Rect
from game.ui.colours import INK_LIGHT, RGB, hex_to_rgb
from game.ui.fonts import Fonts
from game.ui.labels import LabelPlacer, TableLabel, place_all, plate
from game.ui.terrain_art import label_point, polygons_of

CELL_LINE: RGB = (0xF6, 0xF1, 0xE4)
CELL_SHADOW: RGB = (0x2A, 0x24, 0x1C)
WALL: RGB = (0x1C, 0x1A, 0x18)
EXIT: RGB = (0x3C, 0xC0, 0x7A)
LINE_COLOURS: dict[str, RGB] = {"yellow": (0xF2, 0xC9, 0x1E), "red": (0xE0, 0x3C, 0x31),
                                "blue": (0x3C, 0x7C, 0xE0), "green": (0x3C, 0xB0, 0x5A)}
#: Tiled's default text size (px) when a text object does not say.
TILED_TEXT_PX = 16
CELL_NAME_PX = 13
MAX_PLATES = 1024
WALL_MM = 2.5


class MapMarks:
    """The marks of one board, sorted once; ``draw`` paints the ones touching a region."""

    def __init__(self, board: Board) -> None:
        self._mm_per_px = board.mm_per_px
        self.cells: tuple[Cell, ...] = board.cells
        self.walls = _in_layers(board.objects, "walls")
        self.lines = _in_layers(board.objects, "lines")
        self.exits = _in_layers(board.objects, "exits")
        self.texts = tuple(o for o in board.objects if o.shape == "text" and o.visible and o.text)
        #: the cells, the biggest first (the first to choose a place for its name)
        self._by_area = tuple(sorted(self.cells, key=lambda c: -c.polygon.area))
        #: where each cell's name goes (mm)
        self._points = {c.object_id: label_point(c.polygon) for c in self.cells if c.name}
        self._plates: dict[tuple[str, int, RGB], pygame.Surface] = {}

    @property
    def empty(self) -> bool:
        return not (self.cells or self.walls or self.lines or self.exits or self.texts)

    def draw(self, target: pygame.Surface, origin: tuple[float, float], zoom: float,
             region: Rect, fonts: Fonts, labels: bool = True) -> None:
        """The marks touching ``region`` onto ``target`` (its top-left is world point
        ``origin`` at ``zoom`` px/mm), and (``labels``) the map's words placed on it."""
        ox, oy = origin

        def px(coords: Iterable[tuple[float, ...]]) -> list[tuple[float, float]]:
            return [((c[0] - ox) * zoom, (c[1] - oy) * zoom) for c in coords]

        for obj in self.exits:
            for poly in polygons_of(obj.geometry):
                _translucent(target, px(poly.exterior.coords), (*EXIT, 90))
                pygame.draw.lines(target, EXIT, True, px(poly.exterior.coords), 2)
        for cell in self.cells:
            if not _touches(cell.polygon, region):
                continue
            for poly in polygons_of(cell.polygon):
                pts = px(poly.exterior.coords)
                pygame.draw.lines(target, CELL_SHADOW, True, pts, 4)
                pygame.draw.lines(target, CELL_LINE, True, pts, 2)
        for obj in self.lines:
            colour = LINE_COLOURS.get(str(obj.properties.get("kind", "")).lower(), CELL_LINE)
            for line in _lines_of(obj.geometry):
                pygame.draw.lines(target, CELL_SHADOW, False, px(line.coords), 6)
                pygame.draw.lines(target, colour, False, px(line.coords), 4)
        wall_px = max(3, round(WALL_MM * zoom))
        for obj in self.walls:
            for line in _lines_of(obj.geometry):
                pygame.draw.lines(target, WALL, False, px(line.coords), wall_px)
        if labels:
            placer = LabelPlacer(target)
            place_all(placer, self.labels(origin, zoom, region, fonts))
            placer.draw()

    def labels(self, origin: tuple[float, float], zoom: float, region: Rect,
               fonts: Fonts) -> list[TableLabel]:
        """The map's words touching ``region``: its text objects (before the rest) and the
        names of the cells wide enough for them, in the pixels of a picture whose top-left is
        world point ``origin`` at ``zoom`` px/mm."""
        ox, oy = origin
        out: list[TableLabel] = []
        for obj in self.texts:
            minx, miny, _maxx, _maxy = obj.geometry.bounds
            height = round(TILED_TEXT_PX * self._mm_per_px * zoom)
            if height < 9:
                continue
            font = fonts.of_height(min(48, height))
            colour = hex_to_rgb(str(obj.properties.get("color", "")) or None, (0xF4, 0xF4, 0xF0))
            picture = self._plate(font, local_text(obj.text, obj.properties).splitlines()[0], colour)
            x, y = (minx - ox) * zoom, (miny - oy) * zoom
            out.append(TableLabel(picture, (x + picture.get_width() / 2,
                                            y + picture.get_height() / 2), 1))
        name_font = fonts.of_height(CELL_NAME_PX)
        for cell in self._by_area:
            if not cell.name or not _touches(cell.polygon, region):
                continue
            minx, miny, maxx, maxy = cell.polygon.bounds
            picture = self._plate(name_font, local_name(cell.name, cell.properties))
            if (maxx - minx) * zoom < picture.get_width() * 0.9:
                continue
            px, py = self._points[cell.object_id]
            out.append(TableLabel(picture, ((px - ox) * zoom, (py - oy) * zoom)))
        return out

    def _plate(self, font: pygame.font.Font, text: str, ink: RGB = INK_LIGHT) -> pygame.Surface:
        """A plate drawn once per words, font height and ink."""
        key = (text, font.get_height(), ink)
        found = self._plates.get(key)
        if found is None:
            if len(self._plates) >= MAX_PLATES:
                self._plates.clear()
            found = self._plates[key] = plate(font, text, ink)
        return found


def _in_layers(objects: Iterable[MapObject], name: str) -> tuple[MapObject, ...]:
    return tuple(o for o in objects if o.layer.lower() == name and o.visible and o.shape != "text")


def _lines_of(geom: BaseGeometry) -> list[LineString]:
    if isinstance(geom, LineString):
        return [geom] if len(geom.coords) >= 2 else []
    if isinstance(geom, Polygon):
        return [LineString(geom.exterior.coords)]
    out: list[LineString] = []
    for part in getattr(geom, "geoms", ()):
        out.extend(_lines_of(part))
    return out


def _touches(geom: BaseGeometry, region: Rect) -> bool:
    minx, miny, maxx, maxy = geom.bounds
    return not (maxx < region.left or minx > region.right or maxy < region.top or miny > region.bottom)


def _translucent(target: pygame.Surface, pts: list[tuple[float, float]],
                 rgba: tuple[int, int, int, int]) -> None:
    if len(pts) < 3:
        return
    layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, rgba, pts)
    target.blit(layer, (0, 0))
