"""A map's tilesets (embedded or external .tsx) and object templates, read from their XML.

Faults are reported against the file the player opened, naming the tileset or template.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from game.board.tmx import GID_MASK, int_attr, read_tiled
from game.core.errors import MapError

#: Most tiles one tileset picture may be cut into (256 x 256; the largest in the corpus is 4,096).
#: pytmx visits every one of them when it loads the map, so a picture declared 10 million px tall
#: would otherwise keep the loader busy for seconds.
MAX_TILESET_TILES = 65_536


@dataclass
class Tileset:
    """One tileset as the map sees it: its gid range and its tiles' XML."""

    firstgid: int
    element: ET.Element  #: the <tileset> element with its content (inlined if external)
    base_dir: str  #: folder that relative paths inside the tileset are relative to
    source: str = ""  #: absolute path of the .tsx, or "" when embedded
    tile_width: int = 0
    tile_height: int = 0
    tilecount: int = 0
    tiles: dict[int, ET.Element] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.element.get("name", "")

    def tile_size(self, local_id: int) -> tuple[float, float]:
        """The drawn size of a tile: the tileset's tile size, or its own image's for collections."""
        tile = self.tiles.get(local_id)
        if tile is not None:
            image = tile.find("image")
            if image is not None and image.get("width") and image.get("height"):
                if tile.get("width") and tile.get("height"):  # a sub-rectangle of an atlas
                    return float(tile.get("width", 0)), float(tile.get("height", 0))
                return float(image.get("width", 0)), float(image.get("height", 0))
        return float(self.tile_width), float(self.tile_height)


def load_tileset(ref: ET.Element, base_dir: str, map_path: str) -> Tileset:
    """Read a map's <tileset> (embedded, or external .tsx) into a :class:`Tileset`.

    Faults are reported against ``map_path`` (the file the player opened), naming the tileset.
    """
    firstgid = int_attr(ref, "firstgid", map_path, 1)
    source = ref.get("source")
    if firstgid < 1:
        raise MapError(map_path, f"tileset '{source or ref.get('name', '')}' has firstgid {firstgid}; "
                       "it must be 1 or more")
    if not source:
        return _tileset(firstgid, ref, "", base_dir, map_path)
    tsx_path = os.path.normpath(os.path.join(base_dir, source))
    if not os.path.lexists(tsx_path):
        raise MapError(map_path, f"tileset file '{source}' not found (looked at {tsx_path})")
    try:
        element = read_tiled(tsx_path, "tileset")
        if element.tag != "tileset":
            raise MapError(tsx_path, f"expected a <tileset>, found <{element.tag}>")
        return _tileset(firstgid, element, tsx_path, os.path.dirname(tsx_path), tsx_path)
    except MapError as exc:
        raise MapError(map_path, f"tileset '{source}': {exc.problem.message}") from None


def _tileset(firstgid: int, element: ET.Element, source: str, base_dir: str, where: str) -> Tileset:
    ts = Tileset(
        firstgid=firstgid,
        element=element,
        base_dir=base_dir,
        source=source,
        tile_width=int_attr(element, "tilewidth", where, 0),
        tile_height=int_attr(element, "tileheight", where, 0),
        tilecount=int_attr(element, "tilecount", where, 0),
    )
    if ts.tile_width < 0 or ts.tile_height < 0:
        raise MapError(where, f"tileset '{ts.name}' has a negative tile size "
                       f"{ts.tile_width}x{ts.tile_height}")
    if element.find("image") is not None and (ts.tile_width <= 0 or ts.tile_height <= 0):
        raise MapError(where, f"tileset '{ts.name}' cuts its picture into tiles of "
                       f"{ts.tile_width}x{ts.tile_height} px; both must be above 0")
    _check_tiles_cut(ts, where)
    for tile in element.findall("tile"):
        local = int_attr(tile, "id", where)
        if local < 0:
            raise MapError(where, f"tileset '{ts.name}' has a <tile> with the negative id {local}")
        ts.tiles[local] = tile
    if ts.tilecount <= 0:
        ts.tilecount = max(ts.tiles, default=-1) + 1
        columns = int_attr(element, "columns", where, 0)
        image = element.find("image")
        if image is not None and ts.tile_width and ts.tile_height:
            cols = columns or max(1, int_attr(image, "width", where, 0) // ts.tile_width)
            rows = max(1, int_attr(image, "height", where, 0) // ts.tile_height)
            ts.tilecount = max(ts.tilecount, cols * rows)
    return ts


def _check_tiles_cut(ts: Tileset, where: str) -> None:
    """Refuse a tileset whose picture, as its <image> declares it, holds more than
    :data:`MAX_TILESET_TILES` tiles (counted as pytmx cuts it: margin, then tile and spacing)."""
    image = ts.element.find("image")
    if image is None or ts.tile_width <= 0 or ts.tile_height <= 0:
        return
    width, height = (int_attr(image, key, where, 0) for key in ("width", "height"))
    spacing = max(0, int_attr(ts.element, "spacing", where, 0))
    columns = (width - ts.tile_width) // (ts.tile_width + spacing) + 1 if width >= ts.tile_width else 0
    rows = (height - ts.tile_height) // (ts.tile_height + spacing) + 1 if height >= ts.tile_height else 0
    if columns * rows > MAX_TILESET_TILES:
        raise MapError(where, f"tileset '{ts.name}' says its picture is {width}x{height} px, which cuts into "
                       f"{columns * rows} tiles of {ts.tile_width}x{ts.tile_height} px; we read tilesets of up "
                       f"to {MAX_TILESET_TILES} tiles (check the <image> width and height)")


class TilesetTable:
    """All tilesets of a map, for looking tiles up by gid."""

    def __init__(self, tilesets: list[Tileset]) -> None:
        self.tilesets = sorted(tilesets, key=lambda t: t.firstgid)

    def find(self, gid: int) -> tuple[Tileset, int] | None:
        raw = gid & GID_MASK
        found = None
        for ts in self.tilesets:
            if ts.firstgid <= raw:
                found = ts
            else:
                break
        if found is None or raw == 0:
            return None
        return found, raw - found.firstgid

    def by_source(self, source: str) -> Tileset | None:
        for ts in self.tilesets:
            if ts.source and os.path.samefile(ts.source, source):
                return ts
        return None

    def next_firstgid(self) -> int:
        if not self.tilesets:
            return 1
        last = self.tilesets[-1]
        return last.firstgid + max(last.tilecount, max(last.tiles, default=0) + 1)

    def add(self, ts: Tileset) -> None:
        self.tilesets.append(ts)
        self.tilesets.sort(key=lambda t: t.firstgid)


@dataclass
class Template:
    path: str
    object: ET.Element
    tileset: Tileset | None  #: the template's own tileset reference, for tile templates


class TemplateCache:
    def __init__(self, map_path: str) -> None:
        self.map_path = map_path
        self._cache: dict[str, Template] = {}

    def get(self, template_path: str) -> Template:
        key = os.path.normpath(template_path)
        if key not in self._cache:
            root = read_tiled(key, "template")
            obj = root.find("object")
            if root.tag != "template" or obj is None:
                raise MapError(key, "not an object template (<template> with an <object>)")
            ts = None
            ts_ref = root.find("tileset")
            if ts_ref is not None:
                ts = load_tileset(ts_ref, os.path.dirname(key), key)
            self._cache[key] = Template(key, obj, ts)
        return self._cache[key]
