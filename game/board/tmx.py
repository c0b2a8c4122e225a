"""Reading the TMX XML ourselves: safety checks, the map's grid, and its tile layers decoded.

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
import io
import math
import os
import struct
import xml.etree.ElementTree as ET
import xml.parsers.expat as expat
import zlib
from collections.abc import Iterator

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


def int_attr(node: ET.Element, name: str, path: str, default: int | None = None) -> int:
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
        if int_attr(root, "hexsidelength", path, 0) < 0:
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
    width = int_attr(root, "width", path)
    height = int_attr(root, "height", path)
    tw = int_attr(root, "tilewidth", path)
    th = int_attr(root, "tileheight", path)
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
    size = int_attr(root, "tilewidth", path), int_attr(root, "tileheight", path)
    if orientation == "orthogonal":
        return TileGrid(orientation, *size)
    return TileGrid(orientation, *size, root.get("staggeraxis") or "y",
                    root.get("staggerindex") or "odd",
                    int_attr(root, "hexsidelength", path, 0) if orientation == "hexagonal" else 0)


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
        right, bottom = int_attr(root, "width", path), int_attr(root, "height", path)
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
            cw = int_attr(layer, "width", path, int_attr(root, "width", path))
            ch = int_attr(layer, "height", path, int_attr(root, "height", path))
        else:
            cx, cy = int_attr(chunk, "x", path, 0), int_attr(chunk, "y", path, 0)
            cw, ch = int_attr(chunk, "width", path), int_attr(chunk, "height", path)
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
        width = int_attr(layer, "width", path, map_width)
        height = int_attr(layer, "height", path, map_height)
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
