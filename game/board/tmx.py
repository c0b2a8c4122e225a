"""Reading the TMX XML ourselves: safety checks, tilesets, templates, and a clean copy for pytmx.

pytmx is good at tile layers and tile images and weak elsewhere (it drops ellipses, points, text
and templates, and crashes on zstd, fractional layer offsets, JSON tilesets and class-typed tile
properties). So we read the document once here, refuse what we cannot draw with a clear reason,
and hand pytmx a cleaned copy holding only what it does well.
"""

from __future__ import annotations

import copy
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from game.core.errors import MapError

#: Largest map file we read (bytes). Real maps are far smaller.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Largest number of tiles in a map (width x height).
MAX_TILES = 4_000_000
GID_MASK = 0x0FFFFFFF  #: the low bits of a gid; the high four are flip and rotation flags
FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000


def read_xml(path: str, what: str = "map") -> ET.Element:
    """Parse an XML file, refusing DTDs and entities (no entity expansion attacks)."""
    try:
        if os.path.isdir(path):
            raise MapError(path, f"the {what} path is a folder, not a file")
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise MapError(path, f"the {what} file is {size} bytes, more than the {MAX_FILE_BYTES} we read")
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise MapError(path, f"{what} file not found") from None
    except OSError as exc:
        raise MapError(path, f"cannot read the {what} file: {exc.strerror or exc}") from None
    head = data[:4096].upper()
    if b"<!DOCTYPE" in head or b"<!ENTITY" in data.upper():
        raise MapError(path, "DTD and entity declarations are not allowed in Tiled files")
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise MapError(path, f"not well-formed XML ({exc})") from None


def _int_attr(node: ET.Element, name: str, path: str, default: int | None = None) -> int:
    text = node.get(name)
    if text is None:
        if default is None:
            raise MapError(path, f"<{node.tag}> has no '{name}' attribute")
        return default
    try:
        return int(text)
    except ValueError:
        try:
            value = float(text)
        except ValueError:
            raise MapError(path, f"<{node.tag}> attribute {name}='{text}' is not a number") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise MapError(path, f"<{node.tag}> attribute {name}='{text}' is not a finite number") from None
        return int(value)


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
    """Read a map's <tileset> (embedded, or external .tsx) into a :class:`Tileset`."""
    firstgid = _int_attr(ref, "firstgid", map_path, 1)
    source = ref.get("source")
    if source:
        tsx_path = os.path.normpath(os.path.join(base_dir, source))
        low = tsx_path.lower()
        if low.endswith((".json", ".tsj")):
            raise MapError(map_path, f"tileset '{source}' is a JSON tileset; tabletop reads .tsx "
                           "tilesets (in Tiled: open it and Save As .tsx)")
        if not os.path.exists(tsx_path):
            raise MapError(map_path, f"tileset file '{source}' not found (looked at {tsx_path})")
        element = read_xml(tsx_path, "tileset")
        if element.tag != "tileset":
            raise MapError(tsx_path, f"expected a <tileset>, found <{element.tag}>")
        ts_dir = os.path.dirname(tsx_path)
    else:
        element, tsx_path, ts_dir = ref, "", base_dir
    where = tsx_path or map_path
    ts = Tileset(
        firstgid=firstgid,
        element=element,
        base_dir=ts_dir,
        source=tsx_path,
        tile_width=_int_attr(element, "tilewidth", where, 0),
        tile_height=_int_attr(element, "tileheight", where, 0),
        tilecount=_int_attr(element, "tilecount", where, 0),
    )
    for tile in element.findall("tile"):
        ts.tiles[_int_attr(tile, "id", where)] = tile
    if ts.tilecount <= 0:
        ts.tilecount = max(ts.tiles, default=-1) + 1
        columns = _int_attr(element, "columns", where, 0)
        image = element.find("image")
        if image is not None and ts.tile_width and ts.tile_height:
            cols = columns or max(1, _int_attr(image, "width", where, 0) // ts.tile_width)
            rows = max(1, _int_attr(image, "height", where, 0) // ts.tile_height)
            ts.tilecount = max(ts.tilecount, cols * rows)
    return ts


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
            root = read_xml(key, "template")
            obj = root.find("object")
            if root.tag != "template" or obj is None:
                raise MapError(key, "not an object template (<template> with an <object>)")
            ts = None
            ts_ref = root.find("tileset")
            if ts_ref is not None:
                ts = load_tileset(ts_ref, os.path.dirname(key), key)
            self._cache[key] = Template(key, obj, ts)
        return self._cache[key]


def check_supported(root: ET.Element, path: str) -> None:
    """Refuse, with the reason and the fix, the Tiled features we cannot show."""
    if root.tag != "map":
        raise MapError(path, f"not a Tiled map: the root element is <{root.tag}>, not <map>")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(path, f"unsupported orientation '{orientation}': tabletop reads orthogonal "
                       "maps only (a table is seen from above)")
    if root.get("infinite", "0") == "1":
        raise MapError(path, "unsupported infinite map: in Tiled, untick Map > Map Properties > "
                       "Infinite and save again")
    for data in root.iter("data"):
        compression = data.get("compression")
        encoding = data.get("encoding")
        if compression not in (None, "zlib", "gzip"):
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


def pytmx_copy(root: ET.Element, tilesets: TilesetTable, base_dir: str) -> ET.Element:
    """A copy of the map for pytmx: tiles and images only, paths absolute, nothing it trips on."""
    clean = copy.deepcopy(root)
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
    return clean


def _float(text: str | None) -> float:
    try:
        value = float(text or 0)
    except ValueError:
        return 0.0
    return value if value == value and abs(value) < 1e12 else 0.0
