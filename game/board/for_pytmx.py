"""The cleaned copy of a map that pytmx reads: tiles and pictures only, nothing it trips on.

pytmx crashes on what it does not expect (see ``tmx.py``), so it is handed a copy holding only
what it does well: the tile layers (already rewritten as CSV), the tilesets inlined with absolute
picture paths, and image layers whose pictures exist.
"""

from __future__ import annotations

import copy
import math
import os
import xml.etree.ElementTree as ET

from game.board.tilesets import TilesetTable
from game.board.tmx import MAX_INT_ATTR, int_attr
from game.core.errors import MapError

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
                number = int_attr(node, key, path)
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
