"""The picture of a Tiled gid (flip bits included), from a pytmx map, never raising.

pytmx loads only the tiles its tile layers use; tile objects may use others, so those are cut
from the tileset picture here, through the same never-failing image loader.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame
import pytmx

from game.ui.images import checker

FLIP_H = 1 << 31
FLIP_V = 1 << 30
FLIP_D = 1 << 29
GID_BITS = 0x1FFFFFFF


def _flags(gid: int) -> pytmx.TileFlags:
    return pytmx.TileFlags(bool(gid & FLIP_H), bool(gid & FLIP_V), bool(gid & FLIP_D))


class TileImages:
    def __init__(self, tiled_map: Any, image_loader: Callable[..., Any] | None) -> None:
        self._map = tiled_map
        self._loader = image_loader
        self._sheets: dict[str, Any] = {}
        self._cache: dict[int, pygame.Surface | None] = {}

    def image(self, tiled_gid: int) -> pygame.Surface | None:
        """The tile's picture, flipped as the gid says; None when the map has no pictures."""
        if tiled_gid in self._cache:
            return self._cache[tiled_gid]
        try:
            found = self._from_pytmx(tiled_gid) or self._from_tileset(tiled_gid)
        except (pygame.error, ValueError, TypeError, IndexError, AttributeError, KeyError):
            found = None
        self._cache[tiled_gid] = found
        return found

    def _from_pytmx(self, tiled_gid: int) -> pygame.Surface | None:
        if self._map is None:
            return None
        entries = self._map.map_gid(tiled_gid & GID_BITS) or []
        wanted = _flags(tiled_gid)
        for pytmx_gid, flags in entries:
            if tuple(flags or (False, False, False)) == tuple(wanted):
                image = self._map.images[pytmx_gid] if pytmx_gid < len(self._map.images) else None
                if isinstance(image, pygame.Surface):
                    return image
        return None

    def _from_tileset(self, tiled_gid: int) -> pygame.Surface | None:
        if self._map is None or self._loader is None:
            return None
        real = tiled_gid & GID_BITS
        tileset = None
        for ts in self._map.tilesets:
            if ts.firstgid <= real:
                tileset = ts
            else:
                break
        if tileset is None:
            return None
        local = real - tileset.firstgid
        if getattr(tileset, "source", None):  # one picture cut into tiles
            tw, th = int(tileset.tilewidth), int(tileset.tileheight)
            margin, spacing = int(tileset.margin or 0), int(tileset.spacing or 0)
            width = int(getattr(tileset, "width", 0) or 0)
            columns = max(1, (width - 2 * margin + spacing) // (tw + spacing)) if width else 1
            count = int(getattr(tileset, "tilecount", 0) or 0)
            if count and local >= count:
                return None
            row, col = divmod(local, columns)
            rect = (margin + col * (tw + spacing), margin + row * (th + spacing), tw, th)
            sheet = self._sheet(str(tileset.source), getattr(tileset, "trans", None), tileset)
            return sheet(rect, _flags(tiled_gid))
        # a collection of pictures: pytmx keeps each tile's own file in its properties
        for pytmx_gid, _flags_unused in self._map.map_gid2(real):
            props = self._map.tile_properties.get(pytmx_gid) or {}
            source = props.get("source")
            if source:
                path = os.path.join(os.path.dirname(self._map.filename or ""), source)
                picture = self._sheet(path, props.get("trans"), None)(None, None)
                return _transform(picture, tiled_gid)
        return None

    def _sheet(self, path: str, colorkey: Any, tileset: Any) -> Any:
        loader = self._sheets.get(path)
        if loader is None:
            assert self._loader is not None
            loader = self._loader(path, colorkey, tileset=tileset) if tileset is not None \
                else self._loader(path, colorkey)
            self._sheets[path] = loader
        return loader


def _transform(image: pygame.Surface, gid: int) -> pygame.Surface:
    if gid & FLIP_D:
        image = pygame.transform.flip(pygame.transform.rotate(image, 270), True, False)
    if gid & (FLIP_H | FLIP_V):
        image = pygame.transform.flip(image, bool(gid & FLIP_H), bool(gid & FLIP_V))
    return image


def placeholder_for(size: tuple[float, float]) -> pygame.Surface:
    return checker((max(1, round(size[0])), max(1, round(size[1]))))
