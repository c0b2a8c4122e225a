"""The static table (artwork and terrain) pre-drawn at the current zoom, blitted every frame.

The cache holds the whole table while it fits in ``MAX_CACHE_PIXELS``; zoomed in further it
holds the visible part plus a margin, and is redrawn when the view leaves it. Either way it is
rebuilt only when the zoom, the terrain overlay or (for the partial cache) the view changes.

In the window (``QUICK_WHILE_ZOOMING``, set by the app's loop), a zoom that changes frame after
frame (a resize storm, the wheel turned on) does not redraw the picture each time: the last one
is scaled to the new zoom, quickly and a little blurred, and drawn properly on the first frame
the zoom rests. Offscreen (pictures, tests) every frame is drawn properly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.board.model import Board, TerrainPiece
from game.ui.camera import Camera, Rect
from game.ui.colours import RGB
from game.ui.fonts import Fonts
from game.ui.labels import TableLabel
from game.ui.map_marks import MapMarks
from game.ui.terrain_art import draw_terrain_fills, draw_terrain_outlines, terrain_labels

#: The whole table is cached while its zoomed picture holds at most this many pixels.
MAX_CACHE_PIXELS = 2000 * 2000
MAX_CACHE_SIDE = 8192
#: A partial cache reaches this fraction of the viewport beyond each edge of the view.
PARTIAL_MARGIN = 0.3
FILL_ALPHA_OVER_ART = 90
#: scale the last picture while the zoom keeps changing (the window's loop turns this on)
QUICK_WHILE_ZOOMING = False
FILL_ALPHA_PLAIN = 150


@dataclass(frozen=True)
class _Key:
    zoom: float
    outlines: bool
    region: Rect


class TableCache:
    def __init__(self, board: Board, art: pygame.Surface | None, art_scale: float,
                 floor: RGB, fonts: Fonts) -> None:
        self.table = Rect(0.0, 0.0, board.width_mm, board.height_mm)
        self._pieces: Sequence[TerrainPiece] = board.terrain
        self._marks = MapMarks(board)
        self._floor = floor
        self._fonts = fonts
        #: art pixels per mm at each mip level (level 0 is the composed art)
        self._mips: list[tuple[pygame.Surface, float]] = []
        if art is not None:
            self._mips.append((art, art_scale / board.mm_per_px))
        self._key: _Key | None = None
        self._surface: pygame.Surface | None = None
        #: the picture was drawn for its key (False: scaled from another zoom, for a frame)
        self._exact = True
        #: the map's words (cell names, map texts, terrain heights) drawn into the picture; off,
        #: a view places them itself each frame (``labels``) among its own, clear of its figures
        self._bake_labels = True
        self._labels: tuple[tuple[Camera, bool], list[TableLabel]] | None = None
        self.rebuilds = 0  #: how often the cache was redrawn (for tests and the benchmark)
        self.quick_rebuilds = 0  #: how often it was scaled instead (``QUICK_WHILE_ZOOMING``)

    @property
    def bake_labels(self) -> bool:
        return self._bake_labels

    @bake_labels.setter
    def bake_labels(self, on: bool) -> None:
        if on != self._bake_labels:
            self._bake_labels = on
            self._key = None  # drawn again, with or without the words

    def labels(self, camera: Camera, outlines: bool) -> list[TableLabel]:
        """The map's words for ``camera`` (pixels of its viewport), for a view that places them
        itself (``bake_labels`` off): the map's texts and cell names, and the terrain heights when
        ``outlines``; worked out again only when the camera moves."""
        key = (camera, outlines)
        if self._labels is not None and self._labels[0] == key:
            return self._labels[1]
        region = camera.visible_rect().intersection(self.table)
        out: list[TableLabel] = []
        if region is not None:
            origin = (camera.left, camera.top)
            if not self._marks.empty:
                out += self._marks.labels(origin, camera.zoom, region, self._fonts)
            if outlines:
                out += terrain_labels(self._pieces, origin, camera.zoom, region, self._fonts)
        self._labels = (key, out)
        return out

    # ------------------------------------------------------------------ queries
    def needs_rebuild(self, camera: Camera, outlines: bool) -> bool:
        key = self._key
        if key is None or key.zoom != camera.zoom or key.outlines != outlines:
            return True
        visible = camera.visible_rect().intersection(self.table)
        return visible is not None and not key.region.contains(visible)

    # ------------------------------------------------------------------ work
    def prepare(self, camera: Camera, outlines: bool, like: pygame.Surface) -> None:
        if not self.needs_rebuild(camera, outlines):
            if not self._exact:  # the zoom rests: the picture drawn properly
                self._rebuild(camera, outlines, like)
            return
        if not (QUICK_WHILE_ZOOMING and self._scaled(camera, outlines)):
            self._rebuild(camera, outlines, like)

    def _rebuild(self, camera: Camera, outlines: bool, like: pygame.Surface) -> None:
        region = self._region_for(camera)
        self._surface = self._render(region, camera.zoom, outlines, like) if region else None
        self._key = _Key(camera.zoom, outlines, region or Rect(0, 0, 0, 0))
        self._exact = True
        self.rebuilds += 1

    def _scaled(self, camera: Camera, outlines: bool) -> bool:
        """The whole table's picture scaled to the camera's zoom (False when it cannot be: no
        picture yet, the terrain overlay switched, or a partial picture before or after)."""
        key, old = self._key, self._surface
        if key is None or old is None or key.outlines != outlines or key.region != self.table:
            return False
        region = self._region_for(camera)
        if region != self.table or region is None:
            return False
        size = (max(1, round(region.width * camera.zoom)), max(1, round(region.height * camera.zoom)))
        self._surface = pygame.transform.scale(old, size)
        self._key = _Key(camera.zoom, outlines, region)
        self._exact = False
        self.quick_rebuilds += 1
        return True

    def blit_onto(self, surface: pygame.Surface, camera: Camera) -> pygame.Rect | None:
        """Blit the cache where the camera puts it; returns the screen rect covered."""
        if self._surface is None or self._key is None:
            return None
        sx, sy = camera.world_to_screen(self._key.region.left, self._key.region.top)
        return surface.blit(self._surface, (round(sx), round(sy)))

    def picture(self, camera: Camera) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The cached picture and where ``blit_onto`` puts its top-left for ``camera`` (for
        tests: the labels drawn into it are placed relative to it)."""
        if self._surface is None or self._key is None:
            return None
        sx, sy = camera.world_to_screen(self._key.region.left, self._key.region.top)
        return self._surface, (round(sx), round(sy))

    # ------------------------------------------------------------------ helpers
    def _region_for(self, camera: Camera) -> Rect | None:
        z = camera.zoom
        t = self.table
        if (t.width * z * t.height * z <= MAX_CACHE_PIXELS
                and t.width * z <= MAX_CACHE_SIDE and t.height * z <= MAX_CACHE_SIDE):
            region: Rect | None = t
        else:
            view = camera.visible_rect()
            grown = view.expanded(view.width * PARTIAL_MARGIN, view.height * PARTIAL_MARGIN)
            region = grown.intersection(t)
        if region is None:
            return None
        # snap to whole art pixels of level 0 so the picture lines up with the world
        k = self._mips[0][1] if self._mips else z
        return Rect(math.floor(region.left * k) / k, math.floor(region.top * k) / k,
                    math.ceil(region.right * k) / k, math.ceil(region.bottom * k) / k).intersection(t)

    def _mip_for(self, zoom: float) -> tuple[pygame.Surface, float]:
        """The smallest art level still at least as detailed as ``zoom``."""
        while True:
            art, k = self._mips[-1]
            if k / 2 < zoom or min(art.get_size()) < 64:
                break
            half = (max(1, art.get_width() // 2), max(1, art.get_height() // 2))
            self._mips.append((pygame.transform.smoothscale(art, half), k * half[0] / art.get_width()))
        for art, k in reversed(self._mips):
            if k >= zoom:
                return art, k
        return self._mips[0]

    def _render(self, region: Rect, zoom: float, outlines: bool, like: pygame.Surface) -> pygame.Surface:
        size = (max(1, round(region.width * zoom)), max(1, round(region.height * zoom)))
        old = self._surface
        if old is not None and old.get_size() == size and old.get_bitsize() == like.get_bitsize():
            out = old  # panning a partial cache: same size, so no new memory to touch
        else:
            self._surface = None
            out = pygame.Surface(size, 0, like)
        if not self._mips:
            out.fill(self._floor)
        else:
            art, k = self._mip_for(zoom)
            src = pygame.Rect(math.floor(region.left * k), math.floor(region.top * k),
                              math.ceil(region.right * k) - math.floor(region.left * k),
                              math.ceil(region.bottom * k) - math.floor(region.top * k))
            src = src.clip(art.get_rect())
            if src.width > 0 and src.height > 0:
                dst_size = (max(1, round(src.width / k * zoom)), max(1, round(src.height / k * zoom)))
                piece = art.subsurface(src)
                if piece.get_bitsize() < 24:
                    piece = piece.convert(32)
                at = (round((src.x / k - region.left) * zoom), round((src.y / k - region.top) * zoom))
                if not (dst_size == size and at == (0, 0) and _scale_into(piece, out)):
                    out.fill(self._floor)
                    out.blit(pygame.transform.smoothscale(piece, dst_size), at)
            else:
                out.fill(self._floor)
        origin = (region.left, region.top)
        draw_terrain_fills(out, self._pieces, origin, zoom, region,
                           FILL_ALPHA_OVER_ART if self._mips else FILL_ALPHA_PLAIN)
        if not self._marks.empty:
            self._marks.draw(out, origin, zoom, region, self._fonts, self._bake_labels)
        if outlines:
            draw_terrain_outlines(out, self._pieces, origin, zoom, region, self._fonts,
                                  self._bake_labels)
        return out


def _scale_into(piece: pygame.Surface, out: pygame.Surface) -> bool:
    """Smooth-scale straight into ``out`` (no temporary surface) when the formats allow."""
    if piece.get_bitsize() != out.get_bitsize() or piece.get_masks() != out.get_masks():
        return False
    try:
        pygame.transform.smoothscale(piece, out.get_size(), out)
    except (ValueError, pygame.error):
        return False
    return True
