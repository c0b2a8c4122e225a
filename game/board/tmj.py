"""Tiled's JSON files (``.tmj`` maps, ``.tsj`` tilesets, ``.tj`` templates) as the TMX element tree.

Tiled saves the same map as XML (``.tmx``) or as JSON (``.tmj``, or ``.json``); the fields are the
same, spelled differently (Tiled's "JSON Map Format" page). So a JSON file is turned here into the
element tree Tiled writes for that map as TMX, and everything downstream (our object pass, the
safety checks, pytmx for the tile layers) reads one format: a ``.tmj`` loads exactly as the same
map saved as ``.tmx``. A structural fault names the file and the JSON path of the value
("layers[2].objects[0].x: expected a number, found "abc""); values of the right JSON type but
wrong for a map (a negative size, an unknown orientation or compression) go on to the checks the TMX
goes through and get the same words.

Read, and written into the tree as TMX writes them: the map's attributes and properties; tile
layers (data as an array, or base64 with or without zlib/gzip/zstd compression: the compression
is left to the same check as in a TMX), infinite maps' chunks; object layers and their objects
(rectangles, ellipses, points, polygons, polylines, text, capsules, tile objects, template
instances); image layers; group layers; embedded and external tilesets (``.tsj``/``.json`` or
``.tsx``) with their tiles' properties, images, sub-rectangles, collision shapes and animations;
custom properties of every type, class values (their members' types are not written in JSON, so
they are taken from the JSON values: true/false, whole, decimal, text, class, list) and list
values; the property format before Tiled 1.2 (``properties`` as an object with
``propertytypes``, ``tiles`` as an object with ``tileproperties``). Left out, as unused here:
Wang sets and terrains, editor settings, tileset transformations.
"""

from __future__ import annotations

import json
import math
import os
import re
import xml.etree.ElementTree as ET
from typing import Any, NoReturn

from game.core.errors import MapError
from game.core.files import FileRefused, read_regular_file

#: File name endings of Tiled's JSON formats (a ``.json`` may be a map, a tileset, a template or
#: something else altogether: its ``type`` says which).
JSON_SUFFIXES = (".tmj", ".tsj", ".tj", ".json")
#: Deepest nesting of group layers and of class and list property values we read.
MAX_NESTING = 100
#: Largest gid: 32 bits, the flip and rotation flags included.
MAX_GID = 0xFFFFFFFF

_LAYER_TAGS = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer",
               "group": "group"}
_KINDS = {"map": "map", "tileset": "tileset", "template": "template"}


def looks_like_json(path: str, data: bytes) -> bool:
    """Whether the file is JSON: its first character says so (``{``), else its name does."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{"):
        return True
    if head.startswith(b"<"):
        return False
    return path.lower().endswith(JSON_SUFFIXES)


def parse_json(data: bytes, path: str) -> Any:
    """The JSON document in ``data``; MapError (one line naming the file) when it is not JSON."""
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise MapError(path, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except UnicodeDecodeError as exc:
        raise MapError(path, f"not valid JSON: the text is not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except RecursionError:
        raise MapError(path, "not valid JSON: nested too deeply to read") from None
    except ValueError as exc:  # e.g. a number with more digits than Python converts
        raise MapError(path, f"not valid JSON ({exc})") from None


def document_kind(doc: Any) -> str:
    """What a Tiled JSON document is: "map", "tileset", "template", or "" when it is none."""
    if not isinstance(doc, dict):
        return ""
    kind = doc.get("type")
    if isinstance(kind, str) and kind in _KINDS:
        return _KINDS[kind]
    if kind is None:  # files written before Tiled 1.0 carry no type
        if "layers" in doc and "tilewidth" in doc:
            return "map"
        if "object" in doc:
            return "template"
        if "tilewidth" in doc:
            return "tileset"
    return ""


def to_element(data: bytes, path: str, what: str) -> ET.Element:
    """The JSON file's content as the TMX element Tiled writes (``<map>``, ``<tileset>`` or
    ``<template>``); ``what`` is the kind the caller expects, and any other is refused."""
    doc = parse_json(data, path)
    if not isinstance(doc, dict):
        raise MapError(path, f"not a Tiled {what}: the JSON document is {_shown(doc)}, not an object {{...}}")
    kind = document_kind(doc)
    if kind != what:
        found = f"a Tiled {kind}" if kind else f"'type' {_shown(doc.get('type'))}"
        raise MapError(path, f"not a Tiled {what}: this JSON file is {found}"
                       + ("" if kind else f" (a Tiled {what} says \"type\": \"{what}\")"))
    convert = _Converter(path)
    if kind == "map":
        return convert.map(doc)
    if kind == "tileset":
        return convert.tileset(doc, "", external=True)
    return convert.template(doc)


# --------------------------------------------------------------------------- helpers
def _shown(value: Any) -> str:
    """A value as JSON writes it, cut short: "abc", 12, true, null, [...], {...}."""
    if isinstance(value, dict):
        return "an object {...}"
    if isinstance(value, list):
        return "an array [...]"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except ValueError:
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _key(at: str, key: str) -> str:
    return f"{at}.{key}" if at else key


def _number_text(value: float) -> str:
    """A number as TMX writes it: whole numbers without a decimal point, others exactly."""
    if isinstance(value, int):
        return str(value)
    if math.isfinite(value) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    return repr(value)


def _scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _number_text(value)
    return str(value)


def _infer_type(value: Any) -> str:
    """The Tiled property type of a JSON value whose type is not written (class members)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, dict):
        return "class"
    if isinstance(value, list):
        return "list"
    return "string"


class _Converter:
    """Builds the TMX element tree of one JSON file, naming ``path`` and a JSON path in faults."""

    def __init__(self, path: str) -> None:
        self.path = path

    # ----------------------------------------------------------------- reading values
    def fail(self, at: str, message: str) -> NoReturn:
        if len(at) > 120:  # deep in nested groups: its start and its end say where
            at = at[:50] + "..." + at[-60:]
        raise MapError(self.path, f"{at}: {message}" if at else message)

    def table(self, value: Any, at: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(at, f"expected an object {{...}}, found {_shown(value)}")
        return value

    def array(self, value: Any, at: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(at, f"expected an array [...], found {_shown(value)}")
        return value

    def text(self, d: dict[str, Any], key: str, at: str) -> str | None:
        value = d.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(_key(at, key), f"expected text, found {_shown(value)}")
        return value

    def number(self, d: dict[str, Any], key: str, at: str) -> str | None:
        value = d.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(_key(at, key), f"expected a number, found {_shown(value)}")
        return _number_text(value)

    def whole(self, d: dict[str, Any], key: str, at: str, required: str = "") -> str | None:
        """A whole number (``required`` says what it is, when the field must be there)."""
        value = d.get(key)
        if value is None:
            if required:
                self.fail(_key(at, key), f"missing ({required})")
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or (
                isinstance(value, float) and not (math.isfinite(value) and value.is_integer())):
            self.fail(_key(at, key), f"expected a whole number, found {_shown(value)}")
        return str(int(value))

    def flag(self, d: dict[str, Any], key: str, at: str) -> bool | None:
        value = d.get(key)
        if value is None:
            return None
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        self.fail(_key(at, key), f"expected true or false, found {_shown(value)}")

    def attrs(self, el: ET.Element, d: dict[str, Any], at: str, *, texts: tuple[str, ...] = (),
              numbers: tuple[str, ...] = (), wholes: tuple[str, ...] = (),
              flags: tuple[str, ...] = ()) -> None:
        """Copy fields to attributes: text, numbers, whole numbers, and true/false as 1/0."""
        for key in texts:
            _set(el, key, self.text(d, key, at))
        for key in numbers:
            _set(el, key, self.number(d, key, at))
        for key in wholes:
            _set(el, key, self.whole(d, key, at))
        for key in flags:
            value = self.flag(d, key, at)
            if value is not None:
                el.set(key, "1" if value else "0")

    # ----------------------------------------------------------------- documents
    def map(self, doc: dict[str, Any]) -> ET.Element:
        root = ET.Element("map")
        for key in ("version", "tiledversion"):  # "version" is a number before Tiled 1.6
            value = doc.get(key)
            if isinstance(value, str | int | float) and not isinstance(value, bool):
                root.set(key, _scalar_text(value))
        self.attrs(root, doc, "", texts=("class", "orientation", "renderorder", "staggeraxis",
                                         "staggerindex", "backgroundcolor"),
                   numbers=("parallaxoriginx", "parallaxoriginy"),
                   wholes=("compressionlevel", "hexsidelength", "skewx", "skewy",
                           "nextlayerid", "nextobjectid"), flags=("infinite",))
        for key, what in (("width", "the map's width in tiles"), ("height", "the map's height in tiles"),
                          ("tilewidth", "the width of a tile in pixels"),
                          ("tileheight", "the height of a tile in pixels")):
            _set(root, key, self.whole(doc, key, "", required=what))
        self.properties(root, doc, "")
        tilesets = doc.get("tilesets")
        if tilesets is not None:
            for i, ts in enumerate(self.array(tilesets, "tilesets")):
                root.append(self.tileset(ts, f"tilesets[{i}]", external=False))
        self.layers(root, doc.get("layers"), "layers", 0)
        return root

    def template(self, doc: dict[str, Any]) -> ET.Element:
        root = ET.Element("template")
        tileset = doc.get("tileset")
        if tileset is not None:
            root.append(self.tileset(tileset, "tileset", external=False))
        if "object" not in doc:
            self.fail("object", "missing (a template holds the object it stamps)")
        root.append(self.object(doc["object"], "object"))
        return root

    # ----------------------------------------------------------------- properties
    def properties(self, el: ET.Element, d: dict[str, Any], at: str, where: str = "") -> None:
        value = d.get("properties")
        if value is None:
            return
        where = where or _key(at, "properties")
        props = ET.SubElement(el, "properties")
        if isinstance(value, dict):  # before Tiled 1.2: {name: value}, types in "propertytypes"
            types = d.get("propertytypes")
            types = types if isinstance(types, dict) else {}
            for name, item in value.items():
                kind = types.get(name)
                props.append(self.value("property", name, kind if isinstance(kind, str) else None,
                                        None, item, f"{where}.{name}", 0))
            return
        for i, prop in enumerate(self.array(value, where)):
            at_i = f"{where}[{i}]"
            prop = self.table(prop, at_i)
            name = self.text(prop, "name", at_i)
            if name is None:
                self.fail(_key(at_i, "name"), "missing (every property has a name)")
            props.append(self.value("property", name, self.text(prop, "type", at_i),
                                    self.text(prop, "propertytype", at_i), prop.get("value"),
                                    _key(at_i, "value"), 0))

    def value(self, tag: str, name: str | None, kind: str | None, property_type: str | None,
              value: Any, at: str, depth: int) -> ET.Element:
        """A ``<property>`` (or a list's ``<item>``) holding ``value`` as TMX writes it."""
        if depth > MAX_NESTING:
            self.fail(at, f"property values nested deeper than {MAX_NESTING} levels")
        el = ET.Element(tag)
        if name is not None:
            el.set("name", name)
        kind = kind or _infer_type(value)
        if kind != "string":
            el.set("type", kind)
        if property_type:
            el.set("propertytype", property_type)
        if kind == "class":
            members = self.table({} if value is None else value, at)
            if members:
                inner = ET.SubElement(el, "properties")
                for key, member in members.items():
                    inner.append(self.value("property", key, None, None, member, f"{at}.{key}", depth + 1))
        elif kind == "list":
            for j, item in enumerate(self.array([] if value is None else value, at)):
                at_j = f"{at}[{j}]"
                if isinstance(item, dict) and isinstance(item.get("type"), str) and "value" in item:
                    item_type = item.get("propertytype")
                    el.append(self.value("item", None, item["type"],
                                         item_type if isinstance(item_type, str) else None,
                                         item["value"], _key(at_j, "value"), depth + 1))
                else:  # written without its type (the "json1" format)
                    el.append(self.value("item", None, None, None, item, at_j, depth + 1))
        else:
            if isinstance(value, dict | list):
                self.fail(at, f"expected a {kind} value, found {_shown(value)}")
            el.set("value", _scalar_text(value))
        return el

    # ----------------------------------------------------------------- layers
    def layers(self, parent: ET.Element, value: Any, at: str, depth: int) -> None:
        if value is None:
            return
        if depth > MAX_NESTING:
            self.fail(at, f"group layers nested deeper than {MAX_NESTING} levels")
        for i, layer in enumerate(self.array(value, at)):
            parent.append(self.layer(layer, f"{at}[{i}]", depth))

    def layer(self, value: Any, at: str, depth: int, kind: str | None = None) -> ET.Element:
        d = self.table(value, at)
        kind = kind or self.text(d, "type", at)
        tag = _LAYER_TAGS.get(kind or "")
        if tag is None:
            self.fail(_key(at, "type"), f"expected \"tilelayer\", \"objectgroup\", \"imagelayer\" or "
                      f"\"group\", found {_shown(d.get('type'))}")
        el = ET.Element(tag)
        self.attrs(el, d, at, texts=("name", "class", "tintcolor", "mode"),
                   numbers=("opacity", "offsetx", "offsety", "parallaxx", "parallaxy"),
                   wholes=("id",), flags=("visible", "locked"))
        if tag == "layer":
            self.attrs(el, d, at, wholes=("width", "height"))
        elif tag == "objectgroup":
            self.attrs(el, d, at, texts=("color", "draworder"))
        elif tag == "imagelayer":
            self.attrs(el, d, at, flags=("repeatx", "repeaty"))
        self.properties(el, d, at)
        if tag == "layer":
            self.tile_data(el, d, at)
        elif tag == "objectgroup":
            objects = d.get("objects")
            if objects is not None:
                for i, obj in enumerate(self.array(objects, _key(at, "objects"))):
                    el.append(self.object(obj, f"{_key(at, 'objects')}[{i}]"))
        elif tag == "imagelayer":
            source = self.text(d, "image", at)
            if source:
                image = self.image(el, d, at, source)
                _set(image, "trans", _trans(self.text(d, "transparentcolor", at)))
        else:
            self.layers(el, d.get("layers"), _key(at, "layers"), depth + 1)
        return el

    def tile_data(self, el: ET.Element, d: dict[str, Any], at: str) -> None:
        encoding = self.text(d, "encoding", at) or "csv"
        if encoding not in ("csv", "base64"):
            self.fail(_key(at, "encoding"), f"expected \"csv\" or \"base64\", found {_shown(encoding)}")
        data = ET.SubElement(el, "data", encoding=encoding)
        compression = self.text(d, "compression", at)
        if compression:
            data.set("compression", compression)
        chunks = d.get("chunks")
        if chunks is not None:
            for j, chunk in enumerate(self.array(chunks, _key(at, "chunks"))):
                at_j = f"{_key(at, 'chunks')}[{j}]"
                chunk = self.table(chunk, at_j)
                chunk_el = ET.SubElement(data, "chunk")
                self.attrs(chunk_el, chunk, at_j, wholes=("x", "y", "width", "height"))
                chunk_el.text = self.gids(chunk.get("data"), encoding, _key(at_j, "data"))
            return
        if "data" not in d:
            self.fail(_key(at, "data"), "missing (a tile layer holds its tiles)")
        data.text = self.gids(d["data"], encoding, _key(at, "data"))

    def gids(self, value: Any, encoding: str, at: str) -> str:
        if encoding == "base64":
            if not isinstance(value, str):
                self.fail(at, f"expected base64 text (the layer's encoding is \"base64\"), found {_shown(value)}")
            return value
        gids = self.array(value, at)
        if not all(type(g) is int and 0 <= g <= MAX_GID for g in gids):
            k = next(k for k, g in enumerate(gids) if not (type(g) is int and 0 <= g <= MAX_GID))
            self.fail(f"{at}[{k}]", f"expected a tile number (a whole number from 0 to {MAX_GID}), "
                      f"found {_shown(gids[k])}")
        return ",".join(map(str, gids))

    # ----------------------------------------------------------------- objects
    def object(self, value: Any, at: str) -> ET.Element:
        d = self.table(value, at)
        el = ET.Element("object")
        self.attrs(el, d, at, texts=("name", "type", "class", "template"),
                   numbers=("x", "y", "width", "height", "rotation", "opacity"), wholes=("id",),
                   flags=("visible",))
        gid = self.whole(d, "gid", at)
        if gid is not None:
            if not 0 <= int(gid) <= MAX_GID:
                self.fail(_key(at, "gid"), f"expected a tile number (0 to {MAX_GID}), found {gid}")
            el.set("gid", gid)
        self.properties(el, d, at)
        for shape in ("ellipse", "point", "capsule"):
            if self.flag(d, shape, at):
                ET.SubElement(el, shape)
        for shape in ("polygon", "polyline"):
            if d.get(shape) is not None:
                ET.SubElement(el, shape, points=self.points(d[shape], _key(at, shape)))
        if d.get("text") is not None:
            at_text = _key(at, "text")
            t = self.table(d["text"], at_text)
            text_el = ET.SubElement(el, "text")
            self.attrs(text_el, t, at_text, texts=("fontfamily", "color", "halign", "valign"),
                       wholes=("pixelsize",),
                       flags=("wrap", "bold", "italic", "underline", "strikeout", "kerning"))
            text_el.text = self.text(t, "text", at_text) or ""
        return el

    def points(self, value: Any, at: str) -> str:
        out = []
        for k, point in enumerate(self.array(value, at)):
            at_k = f"{at}[{k}]"
            p = self.table(point, at_k)
            x, y = self.number(p, "x", at_k), self.number(p, "y", at_k)
            out.append(f"{x or 0},{y or 0}")
        return " ".join(out)

    def image(self, parent: ET.Element, d: dict[str, Any], at: str, source: str) -> ET.Element:
        """An ``<image>`` from the ``image``, ``imagewidth`` and ``imageheight`` fields."""
        image = ET.SubElement(parent, "image", source=source)
        _set(image, "width", self.whole(d, "imagewidth", at))
        _set(image, "height", self.whole(d, "imageheight", at))
        return image

    # ----------------------------------------------------------------- tilesets
    def tileset(self, value: Any, at: str, *, external: bool) -> ET.Element:
        """A tileset of a map or template (``external``: the whole of a .tsj file)."""
        d = self.table(value, at)
        el = ET.Element("tileset")
        if not external:
            _set(el, "firstgid", self.whole(d, "firstgid", at))
            source = self.text(d, "source", at)
            if source:  # an external tileset: only where it is
                el.set("source", source)
                return el
        self.attrs(el, d, at, texts=("name", "class", "objectalignment", "tilerendersize", "fillmode",
                                     "backgroundcolor"),
                   wholes=("tilewidth", "tileheight", "spacing", "margin", "tilecount", "columns"))
        offset = d.get("tileoffset")
        if offset is not None:
            o = self.table(offset, _key(at, "tileoffset"))
            self.attrs(ET.SubElement(el, "tileoffset"), o, _key(at, "tileoffset"), wholes=("x", "y"))
        grid = d.get("grid")
        if grid is not None:
            g = self.table(grid, _key(at, "grid"))
            self.attrs(ET.SubElement(el, "grid"), g, _key(at, "grid"), texts=("orientation",),
                       wholes=("width", "height"))
        self.properties(el, d, at)
        source = self.text(d, "image", at)
        if source:
            image = self.image(el, d, at, source)
            _set(image, "trans", _trans(self.text(d, "transparentcolor", at)))
        tiles = d.get("tiles")
        old_props = d.get("tileproperties")
        old_types = d.get("tilepropertytypes")
        if isinstance(tiles, dict):  # before Tiled 1.2: {"id": tile}
            entries = [(key, tile, f"{_key(at, 'tiles')}.{key}") for key, tile in tiles.items()]
        elif tiles is not None:
            entries = [(None, tile, f"{_key(at, 'tiles')}[{i}]")
                       for i, tile in enumerate(self.array(tiles, _key(at, "tiles")))]
        else:
            entries = []
        if isinstance(old_props, dict):  # before Tiled 1.2: tile properties kept apart
            listed = {str(key) for key, _tile, _at in entries if key is not None}
            entries += [(key, {}, f"{_key(at, 'tileproperties')}.{key}")
                        for key in old_props if key not in listed]
        for key, tile, at_t in entries:
            tile_el = self.tile(tile, at_t, key)
            if key is not None and isinstance(old_props, dict) and tile_el.find("properties") is None \
                    and old_props.get(key) is not None:
                types = old_types.get(key) if isinstance(old_types, dict) else None
                self.properties(tile_el, {"properties": old_props[key], "propertytypes": types}, at,
                                f"{_key(at, 'tileproperties')}.{key}")
            el.append(tile_el)
        return el

    def tile(self, value: Any, at: str, key: str | None) -> ET.Element:
        d = self.table(value, at)
        el = ET.Element("tile")
        if key is not None:
            try:
                el.set("id", str(int(key)))
            except ValueError:
                self.fail(at, f"the tile id {_shown(key)} is not a whole number")
        else:
            _set(el, "id", self.whole(d, "id", at, required="the tile's number in its tileset"))
        self.attrs(el, d, at, texts=("type", "class"), numbers=("probability",),
                   wholes=("x", "y", "width", "height"))
        self.properties(el, d, at)
        source = self.text(d, "image", at)
        if source:
            self.image(el, d, at, source)
        group = d.get("objectgroup")
        if group is not None:
            el.append(self.layer(group, _key(at, "objectgroup"), 0, kind="objectgroup"))
        animation = d.get("animation")
        if animation is not None:
            anim = ET.SubElement(el, "animation")
            for i, frame in enumerate(self.array(animation, _key(at, "animation"))):
                at_f = f"{_key(at, 'animation')}[{i}]"
                self.attrs(ET.SubElement(anim, "frame"), self.table(frame, at_f), at_f,
                           wholes=("tileid", "duration"))
        return el


def _set(el: ET.Element, key: str, value: str | None) -> None:
    if value is not None:
        el.set(key, value)


def _trans(color: str | None) -> str | None:
    """A colour key as TMX writes it: ``ff00ff`` (JSON writes ``#ff00ff``)."""
    return color[1:] if color and color.startswith("#") else color


def is_json_map_file(path: str | os.PathLike[str], limit: int) -> bool:
    """Whether the ``.json`` file at ``path`` is a Tiled map (``"type": "map"``); a file that
    cannot be read or parsed is one only if it says ``"type": "map"`` somewhere."""
    try:
        data = read_regular_file(path, limit)
    except FileRefused:
        return False
    try:
        return document_kind(json.loads(data)) == "map"
    except (ValueError, RecursionError):
        return re.search(rb'"type"\s*:\s*"map"', data) is not None


__all__ = ["JSON_SUFFIXES", "document_kind", "is_json_map_file", "looks_like_json", "parse_json",
           "to_element"]
