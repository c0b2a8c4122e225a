"""Tests' own TMX -> JSON writer: a map, tileset or template as Tiled's JSON format writes it.

Written from Tiled's "JSON Map Format" page and independently of ``game/board/tmj.py`` (which goes
the other way), so a map saved both ways can be loaded both ways and compared. As Tiled does,
it writes every field of an ordinary object (name "", type "", width 0...) but only the
overridden fields of a template instance, numbers as JSON numbers, flags as true/false, and
property values by their type (class members as bare values, list items typed).
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: where a referenced file goes in the JSON: its new relative path, given the old one
Relink = Callable[[str], str]


def _keep(path: str) -> str:
    return path


def _number(text: str | None, default: float | None = None) -> Any:
    if text is None:
        return default
    value = float(text)
    return int(value) if value.is_integer() and "." not in text and "e" not in text.lower() else value


def _whole(text: str | None, default: int | None = None) -> int | None:
    return default if text is None else int(float(text))


def _flag(text: str | None, default: bool = True) -> bool:
    return default if text is None else text.strip().lower() in ("1", "true")


def _color(text: str | None) -> str | None:
    if text is None:
        return None
    return text if text.startswith("#") else "#" + text


def _put(d: dict[str, Any], key: str, value: Any) -> None:
    if value is not None:
        d[key] = value


# --------------------------------------------------------------------------- properties
def _property_value(node: ET.Element, relink: Relink = _keep) -> tuple[str, Any]:
    kind = node.get("type", "string")
    if kind == "class":
        members = node.find("properties")
        out: dict[str, Any] = {}
        for member in (members.findall("property") if members is not None else []):
            out[member.get("name", "")] = _property_value(member, relink)[1]
        return kind, out
    if kind == "list":
        items = []
        for item in node.findall("item"):
            item_kind, value = _property_value(item, relink)
            entry = {"type": item_kind, "value": value}
            _put(entry, "propertytype", item.get("propertytype"))
            items.append(entry)
        return kind, items
    text = node.get("value")
    if text is None:
        text = node.text or ""
    if kind == "int" or kind == "object":
        return kind, int(text or 0)
    if kind == "float":
        return kind, _number(text or "0")
    if kind == "bool":
        return kind, text == "true"
    if kind == "file" and text:  # a path relative to the file: kept pointing at the same file
        return kind, relink(text)
    return kind, text


def properties(node: ET.Element, relink: Relink = _keep) -> list[dict[str, Any]] | None:
    props = node.find("properties")
    if props is None:
        return None
    out = []
    for prop in props.findall("property"):
        kind, value = _property_value(prop, relink)
        entry: dict[str, Any] = {"name": prop.get("name", ""), "type": kind, "value": value}
        _put(entry, "propertytype", prop.get("propertytype"))
        out.append(entry)
    return out


def _with_properties(d: dict[str, Any], node: ET.Element, relink: Relink = _keep) -> dict[str, Any]:
    _put(d, "properties", properties(node, relink))
    return d


# --------------------------------------------------------------------------- objects
def obj(node: ET.Element, relink: Relink = _keep) -> dict[str, Any]:
    template = node.get("template")
    d: dict[str, Any] = {}
    _put(d, "id", _whole(node.get("id")))
    if template is not None:  # an instance: only what it overrides
        d["template"] = relink(template)
        for key in ("name", "type", "class"):
            _put(d, key, node.get(key))
        for key in ("x", "y", "width", "height", "rotation"):
            _put(d, key, _number(node.get(key)))
        _put(d, "gid", _whole(node.get("gid")))
        if node.get("visible") is not None:
            d["visible"] = _flag(node.get("visible"))
    else:
        d["name"] = node.get("name", "")
        d["type"] = node.get("class") or node.get("type") or ""
        for key in ("x", "y", "width", "height", "rotation"):
            d[key] = _number(node.get(key), 0)
        _put(d, "gid", _whole(node.get("gid")))
        d["visible"] = _flag(node.get("visible"))
    _with_properties(d, node, relink)
    for child in node:
        if child.tag in ("ellipse", "point", "capsule"):
            d[child.tag] = True
        elif child.tag in ("polygon", "polyline"):
            points = []
            for pair in child.get("points", "").split():
                x, y = pair.split(",")
                points.append({"x": _number(x), "y": _number(y)})
            d[child.tag] = points
        elif child.tag == "text":
            text: dict[str, Any] = {"text": child.text or ""}
            for key in ("fontfamily", "color", "halign", "valign"):
                _put(text, key, child.get(key))
            _put(text, "pixelsize", _whole(child.get("pixelsize")))
            for key in ("wrap", "bold", "italic", "underline", "strikeout", "kerning"):
                if child.get(key) is not None:
                    text[key] = _flag(child.get(key))
            d["text"] = text
    return d


# --------------------------------------------------------------------------- layers
def _layer_common(node: ET.Element, kind: str) -> dict[str, Any]:
    d: dict[str, Any] = {"type": kind, "name": node.get("name", ""),
                         "opacity": _number(node.get("opacity"), 1),
                         "visible": _flag(node.get("visible")), "x": 0, "y": 0}
    _put(d, "id", _whole(node.get("id")))
    for key in ("class", "tintcolor", "mode"):
        _put(d, key, node.get(key))
    for key in ("offsetx", "offsety", "parallaxx", "parallaxy"):
        _put(d, key, _number(node.get(key)))
    if node.get("locked") is not None:
        d["locked"] = _flag(node.get("locked"))
    return _with_properties(d, node)


def _gids(data: ET.Element | None, text: str | None) -> Any:
    encoding = data.get("encoding") if data is not None else None
    if encoding == "csv":
        return [int(g) for g in (text or "").replace("\n", "").split(",") if g.strip()]
    return (text or "").strip()


def layer(node: ET.Element, relink: Relink = _keep) -> dict[str, Any]:
    if node.tag == "layer":
        d = _layer_common(node, "tilelayer")
        d["width"], d["height"] = _whole(node.get("width")), _whole(node.get("height"))
        data = node.find("data")
        encoding = data.get("encoding") if data is not None else None
        if encoding == "base64":
            d["encoding"] = "base64"
            _put(d, "compression", data.get("compression") if data is not None else None)
        chunks = data.findall("chunk") if data is not None else []
        if chunks:
            d["chunks"] = [{"x": _whole(c.get("x")), "y": _whole(c.get("y")),
                            "width": _whole(c.get("width")), "height": _whole(c.get("height")),
                            "data": _gids(data, c.text)} for c in chunks]
        else:
            d["data"] = _gids(data, data.text if data is not None else "")
        return d
    if node.tag == "objectgroup":
        d = _layer_common(node, "objectgroup")
        d["draworder"] = node.get("draworder", "topdown")
        _put(d, "color", node.get("color"))
        d["objects"] = [obj(o, relink) for o in node.findall("object")]
        return d
    if node.tag == "imagelayer":
        d = _layer_common(node, "imagelayer")
        image = node.find("image")
        d["image"] = relink(image.get("source", "")) if image is not None else ""
        if image is not None:
            _put(d, "imagewidth", _whole(image.get("width")))
            _put(d, "imageheight", _whole(image.get("height")))
            _put(d, "transparentcolor", _color(image.get("trans")))
        for key in ("repeatx", "repeaty"):
            if node.get(key) is not None:
                d[key] = _flag(node.get(key))
        return d
    d = _layer_common(node, "group")
    d["layers"] = [layer(c, relink) for c in node if c.tag in ("layer", "objectgroup", "imagelayer", "group")]
    return d


# --------------------------------------------------------------------------- tilesets
def tileset(node: ET.Element, relink: Relink = _keep, firstgid: bool = True) -> dict[str, Any]:
    """A ``<tileset>`` of a map (``firstgid``) or the root of a ``.tsx`` (a ``.tsj``)."""
    d: dict[str, Any] = {}
    if firstgid:
        d["firstgid"] = _whole(node.get("firstgid"), 1)
        if node.get("source"):
            d["source"] = relink(node.get("source", ""))
            return d
    else:
        d.update({"type": "tileset", "version": "1.10", "tiledversion": "1.11.0"})
    d["name"] = node.get("name", "")
    for key in ("tilewidth", "tileheight", "tilecount", "columns"):
        _put(d, key, _whole(node.get(key)))
    d["spacing"] = _whole(node.get("spacing"), 0)
    d["margin"] = _whole(node.get("margin"), 0)
    for key in ("class", "objectalignment", "tilerendersize", "fillmode", "backgroundcolor"):
        _put(d, key, node.get(key))
    offset = node.find("tileoffset")
    if offset is not None:
        d["tileoffset"] = {"x": _whole(offset.get("x"), 0), "y": _whole(offset.get("y"), 0)}
    grid = node.find("grid")
    if grid is not None:
        d["grid"] = {"orientation": grid.get("orientation", "orthogonal"),
                     "width": _whole(grid.get("width")), "height": _whole(grid.get("height"))}
    _with_properties(d, node)
    image = node.find("image")
    if image is not None:
        d["image"] = relink(image.get("source", ""))
        _put(d, "imagewidth", _whole(image.get("width")))
        _put(d, "imageheight", _whole(image.get("height")))
        _put(d, "transparentcolor", _color(image.get("trans")))
    tiles = []
    for tile in node.findall("tile"):
        t: dict[str, Any] = {"id": _whole(tile.get("id"))}
        _put(t, "type", tile.get("class") or tile.get("type"))
        _put(t, "probability", _number(tile.get("probability")))
        for key in ("x", "y", "width", "height"):
            _put(t, key, _whole(tile.get(key)))
        _with_properties(t, tile)
        picture = tile.find("image")
        if picture is not None:
            t["image"] = relink(picture.get("source", ""))
            _put(t, "imagewidth", _whole(picture.get("width")))
            _put(t, "imageheight", _whole(picture.get("height")))
        group = tile.find("objectgroup")
        if group is not None:
            t["objectgroup"] = layer(group, relink)
        animation = tile.find("animation")
        if animation is not None:
            t["animation"] = [{"tileid": _whole(f.get("tileid")), "duration": _whole(f.get("duration"))}
                              for f in animation.findall("frame")]
        tiles.append(t)
    if tiles:
        d["tiles"] = tiles
    return d


# --------------------------------------------------------------------------- documents
def tiled_map(root: ET.Element, relink: Relink = _keep) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "map", "version": root.get("version", "1.10"),
                         "tiledversion": root.get("tiledversion", "1.11.0"),
                         "orientation": root.get("orientation", "orthogonal"),
                         "renderorder": root.get("renderorder", "right-down"),
                         "infinite": _flag(root.get("infinite"), False),
                         "compressionlevel": _whole(root.get("compressionlevel"), -1)}
    for key in ("width", "height", "tilewidth", "tileheight", "nextlayerid", "nextobjectid",
                "hexsidelength", "skewx", "skewy"):
        _put(d, key, _whole(root.get(key)))
    for key in ("class", "staggeraxis", "staggerindex", "backgroundcolor"):
        _put(d, key, root.get(key))
    for key in ("parallaxoriginx", "parallaxoriginy"):
        _put(d, key, _number(root.get(key)))
    _with_properties(d, root, relink)
    d["tilesets"] = [tileset(ts, relink) for ts in root.findall("tileset")]
    d["layers"] = [layer(c, relink) for c in root if c.tag in ("layer", "objectgroup", "imagelayer", "group")]
    return d


def template(root: ET.Element, relink: Relink = _keep) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "template"}
    ts = root.find("tileset")
    if ts is not None:
        d["tileset"] = tileset(ts, relink)
    d["object"] = obj(root.find("object"), relink)  # type: ignore[arg-type]
    return d


def dump(doc: dict[str, Any], path: Path) -> Path:
    """Write as Tiled does: keys sorted, indented."""
    path.write_text(json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf-8")
    return path


def save_as_tmj(tmx: Path, out: Path, *, tsj: bool = False, tj: bool = False,
                json_dir: Path | None = None) -> Path:
    """The map at ``tmx`` saved as JSON at ``out`` (another folder is fine: references are
    rewritten). With ``tsj``, its external ``.tsx`` tilesets are saved as ``.tsj`` (same name)
    and referenced instead; with ``tj`` its ``.tx`` templates likewise as ``.tj`` (their
    tileset as ``.tsj`` when ``tsj``). The JSON copies go to ``json_dir``, else beside the
    files they copy."""
    src_dir = tmx.parent.resolve()
    out_dir = out.parent.resolve()
    done: dict[Path, Path] = {}

    def moved(rel: str, from_dir: Path, to_dir: Path) -> str:
        return os.path.relpath(os.path.normpath(from_dir / rel), to_dir)

    def as_json_copy(rel: str, from_dir: Path, to_dir: Path, kind: str) -> str:
        original = Path(os.path.normpath(from_dir / rel))
        if original not in done:
            target = (json_dir or original.parent).resolve() / (
                original.stem + (".tsj" if kind == "tileset" else ".tj"))
            done[original] = target
            root = ET.parse(original).getroot()
            own = original.parent

            def inner(ref: str) -> str:
                if kind == "template" and ref.lower().endswith(".tsx") and tsj:
                    return as_json_copy(ref, own, target.parent, "tileset")
                return moved(ref, own, target.parent)

            doc = tileset(root, inner, firstgid=False) if kind == "tileset" else template(root, inner)
            dump(doc, target)
        return os.path.relpath(done[original], to_dir)

    def relink(ref: str) -> str:
        low = ref.lower()
        if tsj and low.endswith(".tsx"):
            return as_json_copy(ref, src_dir, out_dir, "tileset")
        if tj and low.endswith(".tx"):
            return as_json_copy(ref, src_dir, out_dir, "template")
        return moved(ref, src_dir, out_dir)

    return dump(tiled_map(ET.parse(tmx).getroot(), relink), out)
