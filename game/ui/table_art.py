"""The table's artwork at map resolution: tile layers, image layers and tile objects, in the
order Tiled stacks them. Drawn once per map; the zoom cache scales it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pygame
import pytmx
from shapely.geometry import Point

from game.board.grid import TileGrid
from game.board.model import Board, MapObject
from game.ui.colours import FLOOR, RGB, hex_to_rgb
from game.ui.tile_images import TileImages

#: The artwork is drawn smaller than the map when it would hold more pixels than this.
MAX_ART_PIXELS = 6000 * 6000


def floor_colour(board: Board) -> RGB:
    return hex_to_rgb(board.background_color, FLOOR)


def art_scale(board: Board) -> float:
    """Art pixels per Tiled pixel (1 unless the map is huge)."""
    area = board.width_px * board.height_px
    return 1.0 if area <= MAX_ART_PIXELS else math.sqrt(MAX_ART_PIXELS / area)


def compose_art(board: Board, image_loader: Callable[..., Any] | None) -> pygame.Surface | None:
    """The map's pictures on the floor colour, or None when it has no pictures to show."""
    tiled_map = board.tiled_map
    if tiled_map is None or board.width_px <= 0 or board.height_px <= 0:
        return None
    scale = art_scale(board)
    size = (max(1, round(board.width_px * scale)), max(1, round(board.height_px * scale)))
    art = pygame.Surface(size)
    art.fill(floor_colour(board))
    painter = _Painter(board, art, scale, TileImages(tiled_map, image_loader))
    for step in _draw_order(board):
        step(painter)
    return art if painter.drew_anything else None


class _Painter:
    def __init__(self, board: Board, art: pygame.Surface, scale: float, images: TileImages) -> None:
        self.board = board
        self.art = art
        self.scale = scale
        self.images = images
        self.drew_anything = False
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}
        self._offsets: dict[int, tuple[float, float]] = {}

    def _sized(self, image: pygame.Surface, w: int, h: int) -> pygame.Surface:
        if image.get_size() == (w, h):
            return image
        key = (id(image), w, h)
        out = self._scaled.get(key)
        if out is None:
            out = pygame.transform.smoothscale(image, (max(1, w), max(1, h))) \
                if image.get_bitsize() >= 24 else pygame.transform.scale(image, (max(1, w), max(1, h)))
            self._scaled[key] = out
        return out

    def _target(self, opacity: float) -> pygame.Surface:
        if opacity >= 0.999:
            return self.art
        layer = pygame.Surface(self.art.get_size(), pygame.SRCALPHA)
        return layer

    def _finish(self, target: pygame.Surface, opacity: float) -> None:
        if target is not self.art:
            target.set_alpha(round(255 * max(0.0, opacity)))
            self.art.blit(target, (0, 0))

    def tile_layer(self, layer: Any) -> None:
        opacity = float(getattr(layer, "opacity", 1.0) or 0.0)
        if opacity <= 0:
            return
        target = self._target(opacity)
        grid = self.board.grid  # where Tiled puts each cell: orthogonal, hexagonal, staggered
        bottom = grid.cell_height  # tall tiles stand on the cell's bottom edge
        ox, oy = float(getattr(layer, "offsetx", 0) or 0), float(getattr(layer, "offsety", 0) or 0)
        s = self.scale
        images = self.board.tiled_map.images
        blits = []
        for x, y, gid in _cells(layer, grid):
            if not gid or gid >= len(images):
                continue
            image = images[gid]
            if not isinstance(image, pygame.Surface):
                continue
            iw, ih = image.get_size()
            (gx, gy), (dx, dy) = grid.tile_origin(x, y), self._tile_offset(gid)
            px = (gx + dx + ox) * s
            py = (gy + bottom - ih + dy + oy) * s
            if s != 1.0:
                image = self._sized(image, math.ceil(iw * s), math.ceil(ih * s))
            blits.append((image, (math.floor(px), math.floor(py))))
        if blits:
            target.blits(blits, doreturn=False)
            self.drew_anything = True
        self._finish(target, opacity)

    def _tile_offset(self, gid: int) -> tuple[float, float]:
        """The tileset's drawing offset (Tiled's <tileoffset>) of a pytmx gid's tile."""
        found = self._offsets.get(gid)
        if found is None:
            try:
                offset = self.board.tiled_map.get_tileset_from_gid(gid).offset
                found = (float(offset[0] or 0), float(offset[1] or 0))
            except Exception:  # pytmx raises bare Exception for an unknown gid
                found = (0.0, 0.0)
            self._offsets[gid] = found
        return found

    def image_layer(self, layer: Any) -> None:
        image = getattr(layer, "image", None)
        opacity = float(getattr(layer, "opacity", 1.0) or 0.0)
        if not isinstance(image, pygame.Surface) or opacity <= 0:
            return
        s = self.scale
        ox, oy = float(getattr(layer, "offsetx", 0) or 0), float(getattr(layer, "offsety", 0) or 0)
        if s != 1.0:
            image = self._sized(image, math.ceil(image.get_width() * s), math.ceil(image.get_height() * s))
        target = self._target(opacity)
        target.blit(image, (round(ox * s), round(oy * s)))
        self._finish(target, opacity)
        self.drew_anything = True

    def tile_object(self, obj: MapObject) -> None:
        image = self.images.image(obj.gid)
        if image is None:
            return
        px_per_mm = self.scale / self.board.mm_per_px
        w_mm, h_mm = obj.size
        w = max(1, round(w_mm * px_per_mm)) if w_mm > 0 else round(image.get_width() * self.scale)
        h = max(1, round(h_mm * px_per_mm)) if h_mm > 0 else round(image.get_height() * self.scale)
        picture = self._sized(image, w, h)
        if obj.rotation:
            picture = pygame.transform.rotozoom(picture, -obj.rotation, 1.0)
        geom = obj.geometry
        if isinstance(geom, Point):  # no footprint: the point is the bottom-left anchor
            cx, cy = geom.x * px_per_mm + w / 2, geom.y * px_per_mm - h / 2
        else:
            centre = geom.centroid
            cx, cy = centre.x * px_per_mm, centre.y * px_per_mm
        rect = picture.get_rect(center=(round(cx), round(cy)))
        self.art.blit(picture, rect)
        self.drew_anything = True


Step = Callable[[_Painter], None]


def _draw_order(board: Board) -> list[Step]:
    """Tile layers, image layers and tile objects in the document's layer order.

    pytmx lists its layers grouped by type, so they are put back in the order of
    ``board.layers`` (matched by name and kind, the n-th of a name to the n-th).
    """
    tiled_map = board.tiled_map
    order: dict[tuple[str, str, int], int] = {}
    seen: dict[tuple[str, str], int] = {}
    visible: dict[tuple[str, str, int], bool] = {}
    for index, info in enumerate(board.layers):
        key = (info.name, info.kind)
        n = seen.get(key, 0)
        seen[key] = n + 1
        order[(info.name, info.kind, n)] = index
        visible[(info.name, info.kind, n)] = info.visible

    steps: list[tuple[float, int, Step]] = []
    counts: dict[tuple[str, str], int] = {}
    for position, layer in enumerate(getattr(tiled_map, "layers", [])):
        if isinstance(layer, pytmx.TiledTileLayer):
            kind = "tile"
        elif isinstance(layer, pytmx.TiledImageLayer):
            kind = "image"
        else:
            continue
        name = str(getattr(layer, "name", "") or "")
        n = counts.get((name, kind), 0)
        counts[(name, kind)] = n + 1
        if not _truthy(getattr(layer, "visible", True)) or not visible.get((name, kind, n), True):
            continue
        rank = order.get((name, kind, n), len(board.layers) + position)
        draw = _Painter.tile_layer if kind == "tile" else _Painter.image_layer
        steps.append((rank, 0, partial(draw, layer=layer)))

    spawn_ids = {s.id for s in board.spawns}
    object_rank = {info.name: i for i, info in reversed(list(enumerate(board.layers)))
                   if info.kind == "object"}
    for n, obj in enumerate(board.objects):
        if obj.shape != "tile" or not obj.gid or not obj.visible or obj.id in spawn_ids:
            continue
        rank = object_rank.get(obj.layer, len(board.layers))
        steps.append((rank, n + 1, partial(_Painter.tile_object, obj=obj)))
    steps.sort(key=lambda s: (s[0], s[1]))
    return [s[2] for s in steps]


def _cells(layer: Any, grid: TileGrid) -> Iterator[tuple[int, int, int]]:
    """(x, y, gid) of a pytmx tile layer in the order Tiled draws them (``TileGrid.draw_order``)."""
    if not (grid.staggered and grid.stagger_axis == "x"):
        yield from layer.iter_data()
        return
    data = layer.data
    for x, y in grid.draw_order(len(data[0]) if data else 0, len(data)):
        yield x, y, data[y][x]


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip() not in ("0", "false", "False", "")
    return bool(value)
