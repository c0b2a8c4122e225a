"""Reading the TMX XML ourselves: safety checks, tilesets, templates, and a clean copy for pytmx.

pytmx is good at tile images and weak elsewhere (it drops ellipses, points, text, capsules and
templates, and crashes on zstd, chunks of infinite maps, ``<tile gid>`` layers, fractional layer
offsets, JSON tilesets and class-typed tile properties; it reads no JSON maps). So we read the
document once here (a JSON file converted to the same tree by ``tmj.py``), decode every tile
layer ourselves (an infinite map made finite, every layer rewritten as CSV), refuse what we
cannot draw with a clear reason, and hand pytmx a cleaned copy holding only what it does well.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import copy
import io
import math
import os
import struct
import xml.etree.ElementTree as ET
import xml.parsers.expat as expat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

import zstandard

from game.board import tmj
from game.board.grid import ORIENTATIONS, TileGrid
from game.core.errors import MapError
from game.core.files import FileRefused, Refusal, read_regular_file

#: Largest map file we read (bytes). Real maps are far smaller.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Largest number of tiles in a map (width x height).
MAX_TILES = 4_000_000
GID_MASK = 0x0FFFFFFF  #: the low bits of a gid; the high four are flip and rotation flags
FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000


#: Deepest nesting of XML elements we read. Tiled writes fewer than 10 levels (group layers,
#: limited separately, add one each); anything deeper is an attack or a broken file.
MAX_XML_DEPTH = 100
#: Largest whole number in an attribute (Tiled stores them as 32-bit integers).
MAX_INT_ATTR = 2**31 - 1
#: Largest map, in pixels along a side (the loader's coordinate limit).
MAX_MAP_PIXELS = 10_000_000
#: Most objects a map may hold (real maps have hundreds; each takes about 0.1 ms to read).
MAX_OBJECTS = 100_000
#: Most tiles one tileset picture may be cut into (256 x 256; the largest in the corpus is 4,096).
#: pytmx visits every one of them when it loads the map, so a picture declared 10 million px tall
#: would otherwise keep the loader busy for seconds.
MAX_TILESET_TILES = 65_536


class _Refused(Exception):
    """Raised from inside the XML pre-scan to stop parsing at once."""


def read_file(path: str, what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, refusing folders, pipes and devices (which would block or never end)."""
    try:
        return read_regular_file(path, limit)
    except FileRefused as refused:
        raise MapError(path, _file_fault(refused, what, limit)) from None


def _file_fault(refused: FileRefused, what: str, limit: int) -> str:
    if refused.refusal is Refusal.MISSING:
        return f"{what} file not found"
    if refused.refusal is Refusal.FOLDER:
        return f"the {what} path is a folder, not a file"
    if refused.refusal is Refusal.NOT_REGULAR:
        return f"the {what} path is not a regular file (a pipe, device or socket)"
    if refused.refusal is Refusal.TOO_LARGE:
        if refused.size is not None:
            return f"the {what} file is {refused.size} bytes, more than the {limit} we read"
        return f"the {what} file is more than the {limit} bytes we read"
    return f"cannot read the {what} file: {refused.reason}"


def _prescan(data: bytes) -> None:
    """Refuse DTDs (so no entity can expand, in any text encoding) and too deep nesting."""
    parser = expat.ParserCreate()
    depth = 0

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_XML_DEPTH:
            raise _Refused(f"elements nested deeper than {MAX_XML_DEPTH} levels")

    def end(name: str) -> None:
        nonlocal depth
        depth -= 1

    def doctype(*args: object) -> None:
        raise _Refused("DTD and entity declarations are not allowed in Tiled files")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.Parse(data, True)


def is_xml_map_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bool:
    """Whether an ``.xml`` file is a Tiled map (Tiled saves TMX maps as ``.xml`` too): its first
    element is ``<map>``. Only the start of the file is parsed; DTDs are not read."""
    try:
        data = read_regular_file(path, limit)
    except FileRefused:
        return False
    parser = expat.ParserCreate()
    found: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        found.append(name)
        raise _Refused("first element read")

    def doctype(*args: object) -> None:
        raise _Refused("DTD")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = doctype
    with contextlib.suppress(_Refused, expat.ExpatError):
        parser.Parse(data[:65536], False)
    return found[:1] == ["map"]


def read_tiled(path: str, what: str = "map") -> ET.Element:
    """A Tiled file as the TMX element tree: XML (``.tmx``, ``.tsx``, ``.tx``) as it is, JSON
    (``.tmj``, ``.tsj``, ``.tj``, ``.json``) converted (see ``tmj.py``). ``what`` is the kind
    expected: "map", "tileset" or "template" (a JSON file of another kind is refused; an XML
    root element is checked by the caller)."""
    data = read_file(path, what)
    if tmj.looks_like_json(path, data):
        return tmj.to_element(data, path, what)
    return _parse_xml(data, path)


def read_xml(path: str, what: str = "map") -> ET.Element:
    """Parse an XML file, refusing DTDs and entities (no entity expansion attacks)."""
    return _parse_xml(read_file(path, what), path)


def _parse_xml(data: bytes, path: str) -> ET.Element:
    try:
        _prescan(data)
        return ET.fromstring(data)
    except _Refused as exc:
        raise MapError(path, str(exc)) from None
    except (ET.ParseError, expat.ExpatError) as exc:
        raise MapError(path, f"not well-formed XML ({exc})") from None
    except (LookupError, ValueError) as exc:  # an encoding Python or expat cannot decode
        raise MapError(path, f"unsupported text encoding ({exc})") from None


def _int_attr(node: ET.Element, name: str, path: str, default: int | None = None) -> int:
    """A whole-number attribute ("32", or "32.0" as some tools write it), within 32 bits."""
    text = node.get(name)
    if text is None:
        if default is None:
            raise MapError(path, f"<{node.tag}> has no '{name}' attribute")
        return default
    shown = text if len(text) <= 40 else text[:37] + "..."
    try:
        value = int(text)
    except ValueError:
        try:
            number = float(text)
        except ValueError:
            raise MapError(path, f"<{node.tag}> attribute {name}='{shown}' is not a number") from None
        if not math.isfinite(number):
            raise MapError(path, f"<{node.tag}> attribute {name}='{shown}' is not a finite number") from None
        if number != int(number):
            raise MapError(path, f"<{node.tag}> attribute {name}='{shown}' is not a whole number") from None
        value = int(number)
    if abs(value) > MAX_INT_ATTR:
        raise MapError(path, f"<{node.tag}> attribute {name}='{shown}' is out of range")
    return value


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
    firstgid = _int_attr(ref, "firstgid", map_path, 1)
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
        tile_width=_int_attr(element, "tilewidth", where, 0),
        tile_height=_int_attr(element, "tileheight", where, 0),
        tilecount=_int_attr(element, "tilecount", where, 0),
    )
    if ts.tile_width < 0 or ts.tile_height < 0:
        raise MapError(where, f"tileset '{ts.name}' has a negative tile size "
                       f"{ts.tile_width}x{ts.tile_height}")
    if element.find("image") is not None and (ts.tile_width <= 0 or ts.tile_height <= 0):
        raise MapError(where, f"tileset '{ts.name}' cuts its picture into tiles of "
                       f"{ts.tile_width}x{ts.tile_height} px; both must be above 0")
    _check_tiles_cut(ts, where)
    for tile in element.findall("tile"):
        local = _int_attr(tile, "id", where)
        if local < 0:
            raise MapError(where, f"tileset '{ts.name}' has a <tile> with the negative id {local}")
        ts.tiles[local] = tile
    if ts.tilecount <= 0:
        ts.tilecount = max(ts.tiles, default=-1) + 1
        columns = _int_attr(element, "columns", where, 0)
        image = element.find("image")
        if image is not None and ts.tile_width and ts.tile_height:
            cols = columns or max(1, _int_attr(image, "width", where, 0) // ts.tile_width)
            rows = max(1, _int_attr(image, "height", where, 0) // ts.tile_height)
            ts.tilecount = max(ts.tilecount, cols * rows)
    return ts


def _check_tiles_cut(ts: Tileset, where: str) -> None:
    """Refuse a tileset whose picture, as its <image> declares it, holds more than
    :data:`MAX_TILESET_TILES` tiles (counted as pytmx cuts it: margin, then tile and spacing)."""
    image = ts.element.find("image")
    if image is None or ts.tile_width <= 0 or ts.tile_height <= 0:
        return
    width, height = (_int_attr(image, key, where, 0) for key in ("width", "height"))
    spacing = max(0, _int_attr(ts.element, "spacing", where, 0))
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


#: Orientations we refuse, with what to do instead.
_REFUSED_ORIENTATIONS = {
    "isometric": "isometric maps are drawn at an angle, a table is seen from above",
    "oblique": "oblique maps are drawn skewed, a table is seen from above",
}


def check_supported(root: ET.Element, path: str) -> tuple[int, int, int, int]:
    """Refuse, with the reason and the fix, the Tiled features we cannot show.

    Returns the map's width and height (tiles) and tile width and height (pixels). An infinite
    map must have been made finite first (:func:`flatten_infinite`).
    """
    if root.tag != "map":
        raise MapError(path, f"not a Tiled map: the root element is <{root.tag}>, not <map>")
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ORIENTATIONS:
        why = _REFUSED_ORIENTATIONS.get(orientation, "it is no orientation Tiled writes")
        raise MapError(path, f"unsupported orientation '{orientation}' ({why}): tabletop reads "
                       "orthogonal, hexagonal and staggered maps; in Tiled, make a new map of one "
                       "of those and copy the layers over")
    if orientation != "orthogonal":
        for key, allowed in (("staggeraxis", ("x", "y")), ("staggerindex", ("odd", "even"))):
            value = root.get(key)
            if value is not None and value not in allowed:
                raise MapError(path, f"<map> attribute {key}='{value[:20]}' must be "
                               f"'{allowed[0]}' or '{allowed[1]}'")
        if _int_attr(root, "hexsidelength", path, 0) < 0:
            raise MapError(path, "<map> attribute hexsidelength is negative; it must be 0 or more")
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(path, "infinite map was not made finite before reading")  # a loader bug
    for data in root.iter("data"):
        compression = data.get("compression")
        encoding = data.get("encoding")
        if compression not in (None, "", *COMPRESSIONS):
            raise MapError(path, f"unsupported tile layer compression '{compression}': in Tiled, "
                           "set Map > Map Properties > Tile Layer Format to Base64 (zlib) or CSV")
        if encoding not in (None, "csv", "base64"):
            raise MapError(path, f"unsupported tile layer encoding '{encoding}'")
    width = _int_attr(root, "width", path)
    height = _int_attr(root, "height", path)
    tw = _int_attr(root, "tilewidth", path)
    th = _int_attr(root, "tileheight", path)
    if width <= 0 or height <= 0 or tw <= 0 or th <= 0:
        raise MapError(path, f"map size {width}x{height} tiles of {tw}x{th} px is empty or negative")
    if width * height > MAX_TILES:
        raise MapError(path, f"map of {width}x{height} tiles is larger than the {MAX_TILES} tiles we read")
    if width * tw > MAX_MAP_PIXELS or height * th > MAX_MAP_PIXELS:
        raise MapError(path, f"map of {width * tw}x{height * th} px is larger than the "
                       f"{MAX_MAP_PIXELS} px a side we read")
    objects = sum(1 for _ in root.iter("object"))
    if objects > MAX_OBJECTS:
        raise MapError(path, f"the map has {objects} objects, more than the {MAX_OBJECTS} we read")
    return width, height, tw, th


def map_grid(root: ET.Element, path: str) -> TileGrid:
    """The map's tile grid (orientation, tile size, stagger), its attributes checked."""
    orientation = root.get("orientation", "orthogonal")
    size = _int_attr(root, "tilewidth", path), _int_attr(root, "tileheight", path)
    if orientation == "orthogonal":
        return TileGrid(orientation, *size)
    return TileGrid(orientation, *size, root.get("staggeraxis") or "y",
                    root.get("staggerindex") or "odd",
                    _int_attr(root, "hexsidelength", path, 0) if orientation == "hexagonal" else 0)


def flatten_infinite(root: ET.Element, path: str) -> tuple[int, int]:
    """Make an infinite map finite, in place: the table is the bounds of the chunks that hold a
    tile, and every tile layer becomes one CSV grid of that size. Returns the tile (x, y) that
    became the top-left one, (0, 0) for a map that was finite already.

    On a hexagonal or staggered map the first row (column) along the stagger axis is taken even,
    so that the shifted rows stay the shifted ones. The chunks are decoded twice (for the bounds,
    then into the grid) rather than all kept at once.
    """
    if root.tag != "map" or root.get("infinite", "0") in ("0", ""):
        return 0, 0
    layers = list(root.iter("layer"))
    left = top = right = bottom = None
    for layer in layers:
        for cx, cy, cw, ch, gids in _chunks(root, layer, path):
            if any(gids):
                left = cx if left is None else min(left, cx)
                top = cy if top is None else min(top, cy)
                right = cx + cw if right is None else max(right, cx + cw)
                bottom = cy + ch if bottom is None else max(bottom, cy + ch)
    if left is None or top is None or right is None or bottom is None:  # no tile at all
        left, top = 0, 0
        right, bottom = _int_attr(root, "width", path), _int_attr(root, "height", path)
    if root.get("orientation", "orthogonal") in ("hexagonal", "staggered"):
        if root.get("staggeraxis", "y") == "x":
            left -= left % 2
        else:
            top -= top % 2
    width, height = right - left, bottom - top
    if width * height > MAX_TILES:
        raise MapError(path, f"the chunks of this infinite map span {width}x{height} tiles, more "
                       f"than the {MAX_TILES} tiles we read; in Tiled, untick Map > Map Properties "
                       "> Infinite and crop the map")
    for layer in layers:
        grid = [0] * (max(width, 0) * max(height, 0))
        for cx, cy, cw, ch, gids in _chunks(root, layer, path):
            for row in range(ch):
                y = cy + row - top
                if not 0 <= y < height:
                    continue
                for col in range(cw):
                    x = cx + col - left
                    if 0 <= x < width and gids[row * cw + col]:
                        grid[y * width + x] = gids[row * cw + col]
        _set_csv(layer, grid, width, height)
        for key in ("x", "y"):
            layer.attrib.pop(key, None)
    root.set("width", str(width))
    root.set("height", str(height))
    root.set("infinite", "0")
    return left, top


def _chunks(root: ET.Element, layer: ET.Element, path: str) -> Iterator[tuple[int, int, int, int, list[int]]]:
    """(x, y, width, height, gids) of each chunk of an infinite map's tile layer; a layer written
    without chunks counts as one chunk of the map's size at 0,0."""
    where = f"tile layer '{layer.get('name', '')}'"
    data = layer.find("data")
    if data is None:
        raise MapError(path, f"{where} has no <data>")
    parts = data.findall("chunk")
    if not parts and ((data.text or "").strip() or data.find("tile") is not None):
        parts = [data]
    total = 0
    for chunk in parts:
        if chunk is data:
            cx = cy = 0
            cw = _int_attr(layer, "width", path, _int_attr(root, "width", path))
            ch = _int_attr(layer, "height", path, _int_attr(root, "height", path))
        else:
            cx, cy = _int_attr(chunk, "x", path, 0), _int_attr(chunk, "y", path, 0)
            cw, ch = _int_attr(chunk, "width", path), _int_attr(chunk, "height", path)
        if cw <= 0 or ch <= 0:
            raise MapError(path, f"{where} has a chunk of impossible size {cw}x{ch} at {cx},{cy}")
        total += cw * ch
        if total > MAX_TILES:
            raise MapError(path, f"{where}: the chunks hold more than the {MAX_TILES} tiles we read")
        yield cx, cy, cw, ch, _decode(chunk, data, cw * ch, f"{cw}x{ch}", path,
                                      f"{where} chunk at {cx},{cy}")


def _set_csv(layer: ET.Element, gids: list[int], width: int, height: int) -> None:
    """Replace a tile layer's data with the CSV Tiled writes for ``gids``."""
    for data in layer.findall("data"):
        layer.remove(data)
    data = ET.SubElement(layer, "data", encoding="csv")
    data.text = ",".join(map(str, gids))
    layer.set("width", str(width))
    layer.set("height", str(height))


def check_tile_layers(root: ET.Element, path: str, map_width: int, map_height: int) -> None:
    """Decode every tile layer once, refusing what would make pytmx crash or read wrong tiles,
    and write it back as CSV (so pytmx reads zstd, or Tiled's old ``<tile gid>`` elements, as
    any other layer).

    Each layer must hold exactly width x height gids, each a 32-bit number; compressed data is
    never inflated past that size (no decompression bombs).
    """
    for layer in root.iter("layer"):
        name = layer.get("name", "")
        where = f"tile layer '{name}'"
        width = _int_attr(layer, "width", path, map_width)
        height = _int_attr(layer, "height", path, map_height)
        if width <= 0 or height <= 0 or width * height > MAX_TILES:
            raise MapError(path, f"{where} has an impossible size {width}x{height}")
        data = layer.find("data")
        if data is None:
            raise MapError(path, f"{where} has no <data>")
        if data.find("chunk") is not None:
            raise MapError(path, f"{where} is stored in chunks, but the map is not infinite; in "
                           "Tiled, tick and untick Map > Map Properties > Infinite and save again")
        gids = _decode(data, data, width * height, f"{width}x{height}", path, where)
        _set_csv(layer, gids, width, height)


def _decode(node: ET.Element, data: ET.Element, expected: int, size: str, path: str,
            where: str) -> list[int]:
    """The ``expected`` gids of a ``<data>`` or ``<chunk>`` (``data`` says the encoding)."""
    encoding = data.get("encoding")
    compression = data.get("compression") or None
    text = (node.text or "").strip()
    if encoding is None:  # Tiled's first format: one <tile gid="..."/> per cell
        tiles = node.findall("tile")
        if not tiles and text:
            raise MapError(path, f"{where} stores its tiles with no encoding (neither CSV, base64 "
                           "nor <tile> elements); in Tiled, set Map > Map Properties > Tile Layer "
                           "Format to CSV or Base64 (zlib)")
        items = [tile.get("gid", "0") for tile in tiles]
    elif encoding == "csv":
        items = text.split(",") if text else []
    else:
        try:
            raw = base64.b64decode(text, validate=False)
        except (binascii.Error, ValueError):
            raise MapError(path, f"{where} data is not valid base64") from None
        if compression is not None:
            raw = _inflate(raw, compression, expected * 4 + 1, path, where)
        if len(raw) != expected * 4:
            found = f"{len(raw) // 4} tiles" + (" and a partial one" if len(raw) % 4 else "")
            raise MapError(path, f"{where} has {found}, expected {size} = {expected}")
        return list(struct.unpack(f"<{expected}I", raw))
    if len(items) != expected:
        raise MapError(path, f"{where} has {len(items)} tiles, expected {size} = {expected}")
    gids = []
    for k, item in enumerate(items):
        try:
            gid = int(item)
        except ValueError:
            raise MapError(path, f"{where} tile {k + 1} is '{item.strip()[:20]}', not a tile "
                           "number") from None
        if not 0 <= gid <= 0xFFFFFFFF:
            raise MapError(path, f"{where} tile {k + 1} is {gid}, not a 32-bit tile number")
        gids.append(gid)
    return gids


#: Tile layer compressions we read.
COMPRESSIONS = ("zlib", "gzip", "zstd")


def _inflate(raw: bytes, compression: str, limit: int, path: str, where: str) -> bytes:
    """Decompressed tile data, never more than ``limit`` bytes (no decompression bombs)."""
    if compression == "zstd":
        try:
            return zstandard.ZstdDecompressor().stream_reader(io.BytesIO(raw)).read(limit)
        except zstandard.ZstdError as exc:
            raise MapError(path, f"{where} data is not valid zstd data ({exc})") from None
    if compression not in ("zlib", "gzip"):
        raise MapError(path, f"unsupported tile layer compression '{compression}': in Tiled, "
                       "set Map > Map Properties > Tile Layer Format to Base64 (zlib) or CSV")
    inflater = zlib.decompressobj(31 if compression == "gzip" else 15)
    try:
        out = inflater.decompress(raw, limit)
    except zlib.error as exc:
        raise MapError(path, f"{where} data is not valid {compression} data ({exc})") from None
    if len(out) < limit and not inflater.eof:
        raise MapError(path, f"{where} {compression} data is cut short")
    return out


#: Attributes pytmx converts that tabletop needs as they are: a bad value is an error, not dropped.
_NEEDED_BY_PYTMX = {
    ("tileset", "firstgid"), ("tileset", "tilewidth"), ("tileset", "tileheight"),
    ("tileset", "tilecount"), ("tileset", "columns"), ("tileset", "margin"), ("tileset", "spacing"),
    ("tile", "id"), ("image", "width"), ("image", "height"), ("frame", "tileid"), ("frame", "duration"),
    ("map", "width"), ("map", "height"), ("map", "tilewidth"), ("map", "tileheight"),
    ("layer", "width"), ("layer", "height"),
}


def _pytmx_attributes(clean: ET.Element, path: str) -> None:
    """Bring every attribute pytmx converts to a value it accepts, or drop what we do not use.

    pytmx casts attributes with ``int``/``float``/its own bool and crashes with a bare
    ValueError on anything else ('32.0', 'NaN', 'abc'); the ones we need are checked with a
    clear message, the others (ids, opacity, visibility...) are dropped from pytmx's copy.
    """
    from pytmx.pytmx import types as pytmx_types

    for layer in clean.iter("layer"):  # pytmx has no default for these
        for key in ("width", "height"):
            if layer.get(key) is None:
                layer.set(key, clean.get(key, "0"))
    layer_pictures = {image for layer in clean.iter("imagelayer") for image in layer.iter("image")}
    for node in clean.iter():
        for key, value in list(node.attrib.items()):
            convert = pytmx_types[key]
            if convert is str:
                continue
            if (node.tag, key) in _NEEDED_BY_PYTMX and node not in layer_pictures:
                number = _int_attr(node, key, path)
                if number < 0:
                    raise MapError(path, f"<{node.tag}> attribute {key}='{value}' is negative")
                node.set(key, str(number))
                continue
            try:
                converted = convert(value)
            except (ValueError, TypeError, OverflowError):
                node.attrib.pop(key)
                continue
            out_of_range = isinstance(converted, int) and abs(converted) > MAX_INT_ATTR
            if out_of_range or (isinstance(converted, float) and not math.isfinite(converted)):
                node.attrib.pop(key)
    for tileset in clean.iter("tileset"):
        image = tileset.find("image")
        if image is not None:
            for key in ("width", "height"):
                if image.get(key) is None:
                    raise MapError(path, f"tileset '{tileset.get('name', '')}' <image> has no '{key}' "
                                   "attribute")


def pytmx_copy(root: ET.Element, tilesets: TilesetTable, base_dir: str, path: str = "",
               shift: tuple[float, float] = (0.0, 0.0)) -> ET.Element:
    """A copy of the map for pytmx: tiles and images only, paths absolute, nothing it trips on.
    ``shift`` (px) moves image layers as an infinite map's objects were moved."""
    clean = copy.deepcopy(root)
    if shift != (0.0, 0.0):
        for layer in clean.iter("imagelayer"):
            layer.set("offsetx", str(_float(layer.get("offsetx")) + shift[0]))
            layer.set("offsety", str(_float(layer.get("offsety")) + shift[1]))
    for ref in list(clean.findall("tileset")):
        clean.remove(ref)
    insert_at = 0
    for i, child in enumerate(list(clean)):
        if child.tag == "properties":
            insert_at = i + 1
    for ts in tilesets.tilesets:
        element = copy.deepcopy(ts.element)
        element.attrib.pop("source", None)
        element.set("firstgid", str(ts.firstgid))
        for tag in ("properties", "wangsets", "terraintypes", "transformations", "grid"):
            for node in element.findall(tag):
                element.remove(node)
        for tile in element.findall("tile"):
            for node in tile.findall("properties") + tile.findall("objectgroup"):
                tile.remove(node)
            for attr in ("type", "class", "probability", "terrain"):
                tile.attrib.pop(attr, None)
        for image in element.iter("image"):
            src = image.get("source")
            if src:
                image.set("source", os.path.normpath(os.path.join(ts.base_dir, src)))
        clean.insert(insert_at, element)
        insert_at += 1
    for node in clean.iter():
        node.attrib.pop("class", None)
        for props in node.findall("properties"):
            node.remove(props)
        if node.tag in ("layer", "objectgroup", "imagelayer", "group"):
            for attr in ("offsetx", "offsety"):
                if node.get(attr) is not None:
                    node.set(attr, str(int(round(_float(node.get(attr))))))
        if node.tag == "objectgroup":
            for obj in node.findall("object"):
                node.remove(obj)
        for layer in node.findall("imagelayer"):
            picture = layer.find("image")
            src = os.path.normpath(os.path.join(base_dir, picture.get("source", ""))) if picture is not None else ""
            if picture is not None and picture.get("source") and os.path.isfile(src):
                picture.set("source", src)
            else:
                node.remove(layer)  # its picture is missing: reported as a warning, not drawn
    clean.attrib.pop("class", None)
    _pytmx_attributes(clean, path)
    return clean


def _float(text: str | None) -> float:
    try:
        value = float(text or 0)
    except ValueError:
        return 0.0
    return value if value == value and abs(value) < 1e12 else 0.0
