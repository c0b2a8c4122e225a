"""Load a Tiled map (``.tmx``, or JSON: ``.tmj``/``.json``) into a :class:`~game.board.model.Board`
(no display needed).

A JSON map (and its ``.tsj`` tilesets and ``.tj`` templates) is first turned into the TMX element
tree Tiled writes for the same map (``tmj.py``), so both formats go through what follows.
Objects are read from the XML by us (with templates applied, ellipses, points, capsules and text
kept); tile layers are decoded by us (``tmx.py``: chunks of infinite maps, zstd, ``<tile gid>``)
and handed with the tile images to pytmx in a cleaned copy of the map. Hexagonal and staggered
maps load as orthogonal ones do (objects are pixel coordinates); only their tiles sit elsewhere
(``grid.py``).
Fatal faults raise :class:`MapError`; everything else becomes a :class:`Problem` on the board,
and the object concerned is repaired or left out, never silently changed.
"""

from __future__ import annotations

import math
import os
import stat
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
import pytmx
import shapely
from shapely.errors import ShapelyError
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.board import shapes
from game.board.for_pytmx import pytmx_copy
from game.board.model import Board, Cell, LayerInfo, MapObject, SpawnPoint, TerrainPiece
from game.board.properties import PropertyError, coerce, finite_number, parse_properties
from game.board.schema import (
    CELL,
    CLASSES_BY_NAME,
    FIGURE_SPAWN,
    KNOWN_LAYERS,
    LAYER_DEFAULT_CLASS,
    TABLETOP_MAP,
    TERRAIN,
    ClassSpec,
)
from game.board.tilesets import TemplateCache, Tileset, TilesetTable, load_tileset
from game.board.tmx import (
    FLIP_H,
    FLIP_V,
    GID_MASK,
    check_supported,
    check_tile_layers,
    flatten_infinite,
    map_grid,
    read_tiled,
)
from game.core.errors import MapError, Problem
from game.core.units import DEFAULT_MM_PER_PIXEL

ImageLoader = Callable[..., Any]

#: Coordinates beyond this (px) are treated as a fault, not as a very large table.
MAX_COORDINATE = 1e7
MAX_GROUP_DEPTH = 32
SHAPE_TAGS = ("ellipse", "point", "polygon", "polyline", "text", "capsule")
#: The tallest a piece may be before "flat" stops being true (OFA-0.2: cfg.step).
FLAT_LIMIT_MM = 3.0


def load_board(path: str | os.PathLike[str], image_loader: ImageLoader | None = None) -> Board:
    """Load a map. ``image_loader`` is a pytmx image loader (the UI passes pygame's)."""
    return _Loader(os.fspath(path)).load(image_loader)


@dataclass
class _Merged:
    """An object element with its template applied."""

    attrs: dict[str, str]
    properties: dict[str, Any]
    shape: ET.Element | None
    template: str = ""


@dataclass
class _LayerContext:
    name: str
    offset: tuple[float, float]
    cls: str
    inherited: dict[str, Any] = field(default_factory=dict)
    visible: bool = True


class _Loader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.base_dir = os.path.dirname(os.path.abspath(path))
        self.problems: list[Problem] = []
        self.layers: list[LayerInfo] = []
        self.objects: list[MapObject] = []
        self.terrain: list[TerrainPiece] = []
        self.spawns: list[SpawnPoint] = []
        self.cells: list[Cell] = []
        self.unknown_classes: dict[str, list[int]] = defaultdict(list)
        self.templates = TemplateCache(path)
        self.scale = DEFAULT_MM_PER_PIXEL
        self.tilesets = TilesetTable([])
        self._anonymous_ids = 0
        self._seen_ids: set[int] = set()

    # ----------------------------------------------------------------- reporting
    def problem(self, message: str, severity: str = "error", obj: ET.Element | None = None,
                layer: str = "", object_id: int | None = None, name: str = "") -> None:
        if obj is not None:
            object_id = _safe_int(obj.get("id"))
            name = obj.get("name", "")
        self.problems.append(Problem(self.path, message, severity, object_id, name, layer))

    # ----------------------------------------------------------------- top level
    def load(self, image_loader: ImageLoader | None) -> Board:
        root = read_tiled(self.path, "map")
        origin = flatten_infinite(root, self.path)
        width, height, tile_width, tile_height = check_supported(root, self.path)
        check_tile_layers(root, self.path, width, height)
        grid = map_grid(root, self.path)
        # an infinite map's table starts at its first tile: everything moves by that much
        (x0, y0), (x1, y1) = grid.tile_origin(0, 0), grid.tile_origin(*origin)
        shift = (float(x0 - x1), float(y0 - y1))
        self.tilesets = TilesetTable(
            [load_tileset(ref, self.base_dir, self.path) for ref in root.findall("tileset")]
        )
        for ts in self.tilesets.tilesets:
            self._check_tileset_images(ts)
        errors: list[str] = []
        map_props = parse_properties(root, self.base_dir, errors)
        for e in errors:
            self.problem(f"map {e}")
        self.scale = self._read_scale(map_props)
        self._walk(root, _LayerContext("", shift, ""), depth=0)
        for cls, ids in sorted(self.unknown_classes.items()):
            shown = ", ".join(str(i) for i in ids[:8]) + (", ..." if len(ids) > 8 else "")
            self.problem(f"unknown class '{cls}' on {len(ids)} object(s) (ids {shown}): kept as "
                         "plain map objects, not terrain", "warning")
        self._check_cells()
        tiled_map = self._pytmx(root, image_loader, shift)
        return Board(
            path=self.path,
            width_tiles=width,
            height_tiles=height,
            tile_width=tile_width,
            tile_height=tile_height,
            mm_per_px=self.scale,
            orientation=grid.orientation,
            stagger_axis=grid.stagger_axis,
            stagger_index=grid.stagger_index,
            hex_side_length=grid.hex_side_length,
            properties=MappingProxyType(map_props),
            layers=tuple(self.layers),
            objects=tuple(self.objects),
            terrain=tuple(self.terrain),
            spawns=tuple(self.spawns),
            cells=tuple(self.cells),
            problems=tuple(self.problems),
            background_color=root.get("backgroundcolor"),
            tiled_map=tiled_map,
        )

    def _read_scale(self, props: dict[str, Any]) -> float:
        if "mm_per_pixel" not in props:
            return DEFAULT_MM_PER_PIXEL
        try:
            value = coerce("float", props["mm_per_pixel"])
        except PropertyError as exc:
            self.problem(f"map property mm_per_pixel: {exc}; using {DEFAULT_MM_PER_PIXEL}")
            return DEFAULT_MM_PER_PIXEL
        if not 0.001 <= value <= 1000:
            self.problem(f"map property mm_per_pixel = {value} is out of range (0.001 to 1000); "
                         f"using {DEFAULT_MM_PER_PIXEL}")
            return DEFAULT_MM_PER_PIXEL
        return float(value)

    def _check_tileset_images(self, ts: Tileset) -> None:
        where = f"tileset '{ts.name}'"
        for image in ts.element.iter("image"):
            src = image.get("source")
            if not src:
                continue
            fault = picture_fault(os.path.normpath(os.path.join(ts.base_dir, src)))
            if fault:
                self.problem(f"{where} image '{src}' {fault}")

    def _pytmx(self, root: ET.Element, image_loader: ImageLoader | None,
               shift: tuple[float, float]) -> Any:
        clean = pytmx_copy(root, self.tilesets, self.base_dir, self.path, shift)
        kwargs: dict[str, Any] = {}
        if image_loader is not None:
            kwargs["image_loader"] = _regular_files_only(image_loader)
        try:
            tiled_map = pytmx.TiledMap(**kwargs)
            tiled_map.filename = os.path.abspath(self.path)
            tiled_map.parse_xml(clean)
        except MapError:
            raise
        except Exception as exc:  # pytmx raises bare Exception, ValueError, TypeError...
            detail = str(exc) or type(exc).__name__
            raise MapError(self.path, f"the tile layers could not be read: {detail}") from None
        return tiled_map

    # ----------------------------------------------------------------- layers
    def _walk(self, node: ET.Element, ctx: _LayerContext, depth: int) -> None:
        if depth > MAX_GROUP_DEPTH:
            raise MapError(self.path, f"group layers nested deeper than {MAX_GROUP_DEPTH}")
        for child in node:
            if child.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            name = child.get("name", "")
            errors: list[str] = []
            props = parse_properties(child, self.base_dir, errors)
            for e in errors:
                self.problem(f"layer {e}", layer=name)
            for attr in ("offsetx", "offsety", "opacity"):
                text = child.get(attr)
                if text is not None and math.isnan(_finite(text, math.nan)):
                    self.problem(f"layer {attr}='{text[:20]}' is not a finite number within "
                                 f"{MAX_COORDINATE:g}; ignored", "warning", layer=name)
            dx, dy = _finite(child.get("offsetx")), _finite(child.get("offsety"))
            offset = (ctx.offset[0] + dx, ctx.offset[1] + dy)
            visible = ctx.visible and child.get("visible", "1") != "0"
            cls = child.get("class") or child.get("type") or ""
            kind = {"layer": "tile", "objectgroup": "object", "imagelayer": "image"}.get(child.tag, "group")
            self.layers.append(LayerInfo(name, kind, child.get("visible", "1") != "0",
                                         _finite(child.get("opacity"), 1.0), (dx, dy), cls,
                                         MappingProxyType(props)))
            inherited = {**ctx.inherited, **{k: v for k, v in props.items() if k == "tile_id"}}
            sub = _LayerContext(name, offset, cls, inherited, visible)
            if child.tag == "group":
                self._walk(child, sub, depth + 1)
            elif child.tag == "objectgroup":
                for obj in child.findall("object"):
                    self._object(obj, sub)
            elif child.tag == "imagelayer":
                image = child.find("image")
                src = image.get("source", "") if image is not None else ""
                fault = picture_fault(os.path.join(self.base_dir, src)) if src else None
                if fault:
                    self.problem(f"image layer picture '{src}' {fault}; the layer is left blank",
                                 "warning", layer=name)

    # ----------------------------------------------------------------- objects
    def _merge_template(self, obj: ET.Element, layer: str) -> _Merged | None:
        attrs = dict(obj.attrib)
        errors: list[str] = []
        props = parse_properties(obj, self.base_dir, errors)
        shape = next((c for c in obj if c.tag in SHAPE_TAGS), None)
        template_rel = attrs.pop("template", "")
        template_path = ""
        if template_rel:
            template_path = os.path.normpath(os.path.join(self.base_dir, template_rel))
            try:
                tpl = self.templates.get(template_path)
            except MapError as exc:
                self.problem(f"template '{template_rel}': {exc.problem.message}", obj=obj, layer=layer)
                return None
            base = {k: v for k, v in tpl.object.attrib.items() if k != "id"}
            tpl_dir = os.path.dirname(template_path)
            tpl_props = parse_properties(tpl.object, tpl_dir, errors)
            if "gid" in base and "gid" not in attrs and tpl.tileset is not None:
                tpl_gid = _gid(base["gid"])
                if tpl_gid is None:
                    self.problem(f"template '{template_rel}': gid '{base['gid'][:20]}' is not a tile "
                                 "number", obj=obj, layer=layer)
                    return None
                base["gid"] = str(self._template_gid(tpl_gid, tpl.tileset))
            attrs = {**base, **attrs}
            props = {**tpl_props, **props}
            if shape is None:
                shape = next((c for c in tpl.object if c.tag in SHAPE_TAGS), None)
        for e in errors:
            self.problem(e, obj=obj, layer=layer)
        return _Merged(attrs, props, shape, template_path)

    def _template_gid(self, gid: int, tpl_ts: Tileset) -> int:
        """A gid written in a template, translated to this map's gids (adding the tileset if new)."""
        flags = gid & ~GID_MASK
        local = (gid & GID_MASK) - tpl_ts.firstgid
        mine = self.tilesets.by_source(tpl_ts.source) if tpl_ts.source else None
        if mine is None:
            mine = Tileset(self.tilesets.next_firstgid(), tpl_ts.element, tpl_ts.base_dir,
                           tpl_ts.source, tpl_ts.tile_width, tpl_ts.tile_height,
                           tpl_ts.tilecount, dict(tpl_ts.tiles))
            self.tilesets.add(mine)
            self._check_tileset_images(mine)
        return (mine.firstgid + local) | flags

    def _object(self, obj: ET.Element, ctx: _LayerContext) -> None:
        merged = self._merge_template(obj, ctx.name)
        if merged is None:
            return
        a = merged.attrs
        oid = _safe_int(a.get("id"))
        if oid is None:
            self._anonymous_ids -= 1
            oid = self._anonymous_ids
        name = a.get("name", "")

        def fault(message: str, severity: str = "error") -> None:
            self.problem(message, severity, layer=ctx.name, object_id=oid, name=name)

        if a.get("id") is not None and oid < 0:
            fault(f"id '{a['id'][:20]}' is not a whole number; numbered {oid} here", "warning")
        elif oid in self._seen_ids:
            fault(f"duplicate object id {oid} (object ids must be unique in a map)", "warning")
        self._seen_ids.add(oid)

        try:
            x = _coordinate(a.get("x"), "x") + ctx.offset[0]
            y = _coordinate(a.get("y"), "y") + ctx.offset[1]
            w = _coordinate(a.get("width"), "width")
            h = _coordinate(a.get("height"), "height")
            rotation = _coordinate(a.get("rotation"), "rotation")
        except ValueError as exc:
            fault(str(exc) + "; object left out")
            return
        if w < 0 or h < 0:
            fault(f"negative size {w}x{h}; object left out")
            return
        gid = 0
        if a.get("gid"):
            found_gid = _gid(a["gid"])
            if found_gid is None:
                fault(f"gid '{a['gid'][:20]}' is not a 32-bit tile number; object left out")
                return
            gid = found_gid
        tile_info = self.tilesets.find(gid) if gid else None
        tile_el = tile_info[0].tiles.get(tile_info[1]) if tile_info else None
        props = dict(merged.properties)
        tile_cls = ""
        if tile_el is not None:
            tile_props = parse_properties(tile_el, tile_info[0].base_dir if tile_info else "", [])
            props = {**tile_props, **props}
            tile_cls = tile_el.get("class") or tile_el.get("type") or ""
        for key, value in ctx.inherited.items():  # e.g. the board tile a group layer stands for
            props.setdefault(key, value)
        cls = a.get("class") or a.get("type") or tile_cls
        shape_el = merged.shape
        text = ""
        try:
            if gid:
                kind = "tile"
                if tile_info is None:
                    fault(f"tile object gid {gid & GID_MASK} belongs to no tileset; drawn as a rectangle",
                          "warning")
                elif w == 0 and h == 0:
                    w, h = tile_info[0].tile_size(tile_info[1])
                local = Polygon([(0, 0), (w, 0), (w, -h), (0, -h)])
                geom: BaseGeometry = Polygon(shapes.rotate_points(
                    shapely.get_coordinates(local), x, y, rotation))
            elif shape_el is not None and shape_el.tag == "ellipse":
                kind = "ellipse"
                geom = shapes.ellipse(x, y, w, h, rotation) if w > 0 and h > 0 else shapes.point(x, y)
            elif shape_el is not None and shape_el.tag == "capsule":
                kind = "capsule"
                geom = shapes.capsule(x, y, w, h, rotation) if w > 0 and h > 0 else shapes.point(x, y)
            elif shape_el is not None and shape_el.tag == "point":
                kind = "point"
                geom = shapes.point(x, y)
            elif shape_el is not None and shape_el.tag in ("polygon", "polyline"):
                kind = shape_el.tag
                pts = shapes.parse_points(shape_el.get("points", ""))
                if len(pts) > 100_000:
                    raise ValueError(f"{len(pts)} points is more than we read")
                if kind == "polygon":
                    if len(pts) < 3:
                        fault(f"polygon with {len(pts)} point(s) is not an area; kept as a line",
                              "warning")
                        kind = "polyline" if len(pts) > 1 else "point"
                        geom = shapes.polyline(x, y, pts, rotation) if len(pts) > 1 else shapes.point(x, y)
                    else:
                        geom = shapes.polygon(x, y, pts, rotation)
                else:
                    geom = shapes.polyline(x, y, pts, rotation) if len(pts) > 1 else shapes.point(x, y)
            elif shape_el is not None and shape_el.tag == "text":
                kind = "text"
                text = shape_el.text or ""
                geom = shapes.rectangle(x, y, w, h, rotation)
            else:
                kind = "rectangle"
                geom = shapes.rectangle(x, y, w, h, rotation) if w > 0 or h > 0 else shapes.point(x, y)
            _check_extent(geom)
        except (ValueError, ShapelyError) as exc:
            fault(f"bad shape: {exc}; object left out")
            return
        record = MapObject(
            id=oid, name=name, cls=cls, shape=kind, geometry=shapes.scale(geom, self.scale),
            layer=ctx.name, rotation=rotation, properties=MappingProxyType(props), text=text,
            template=merged.template, gid=gid, visible=ctx.visible and a.get("visible", "1") != "0",
            size=(w * self.scale, h * self.scale),
        )
        self.objects.append(record)
        effective = cls or ctx.cls or LAYER_DEFAULT_CLASS.get(ctx.name.lower(), "")
        if effective not in (TERRAIN.name, FIGURE_SPAWN.name, CELL.name):
            if cls and cls not in CLASSES_BY_NAME and ctx.name.lower() not in KNOWN_LAYERS:
                self.unknown_classes[cls].append(oid)
            return
        try:
            if effective == TERRAIN.name:
                collision = None
                if tile_info is not None and tile_el is not None:
                    collision = self._tile_collision(tile_info[0], tile_info[1], tile_el,
                                                     (x, y, w, h, rotation), gid)
                self._terrain(record, geom, collision, ctx, fault)
            elif effective == FIGURE_SPAWN.name:
                self._spawn(record, ctx, fault)
            else:
                self._cell(record, ctx, fault)
        except (ValueError, ShapelyError) as exc:
            fault(f"{exc}; not made a {effective}")

    def _typed(self, spec: ClassSpec, props: dict[str, Any], fault: Callable[..., None]) -> dict[str, Any]:
        values = spec.defaults()
        for key, raw in props.items():
            member = spec.member(key)
            if member is None:
                values[key] = raw
                continue
            try:
                values[key] = coerce(member.type, raw)
            except PropertyError as exc:
                fault(f"{spec.name} property '{key}': {exc}; using the default {member.default!r}")
        return values

    def _tile_collision(self, ts: Tileset, local: int, tile_el: ET.Element,
                        placement: tuple[float, float, float, float, float], gid: int) -> BaseGeometry | None:
        group = tile_el.find("objectgroup")
        if group is None:
            return None
        pieces: list[BaseGeometry] = []
        for o in group.findall("object"):
            try:
                ox = _coordinate(o.get("x"), "x")
                oy = _coordinate(o.get("y"), "y")
                ow = _coordinate(o.get("width"), "width")
                oh = _coordinate(o.get("height"), "height")
                orot = _coordinate(o.get("rotation"), "rotation")
                sub = next((c for c in o if c.tag in SHAPE_TAGS), None)
                if sub is not None and sub.tag == "ellipse":
                    g: BaseGeometry = shapes.ellipse(ox, oy, ow, oh, orot)
                elif sub is not None and sub.tag == "capsule" and ow > 0 and oh > 0:
                    g = shapes.capsule(ox, oy, ow, oh, orot)
                elif sub is not None and sub.tag == "polygon":
                    g = shapes.polygon(ox, oy, shapes.parse_points(sub.get("points", "")), orot)
                elif sub is not None and sub.tag == "polyline":
                    g = shapes.wall(shapes.polyline(ox, oy, shapes.parse_points(sub.get("points", "")), orot), 1.0)
                elif sub is None and ow > 0 and oh > 0:
                    g = shapes.rectangle(ox, oy, ow, oh, orot)
                else:
                    continue
            except ValueError:
                continue
            if not g.is_empty and g.area > 0:
                pieces.append(g)
        if not pieces:
            return None
        placed = shapes.tile_collision(pieces, ts.tile_size(local), placement,
                                       bool(gid & FLIP_H), bool(gid & FLIP_V))
        union = shapely.make_valid(shapely.union_all(placed))
        _check_extent(union)
        return union

    def _terrain(self, record: MapObject, geom_px: BaseGeometry, collision_px: BaseGeometry | None,
                 ctx: _LayerContext, fault: Callable[..., None]) -> None:
        values = self._typed(TERRAIN, dict(record.properties), fault)
        if record.shape == "point":
            fault("a Terrain object must have an area (a point has none); not made terrain")
            return
        footprint_px: BaseGeometry
        if collision_px is not None:
            footprint_px = collision_px
        elif record.shape == "polyline":
            thickness_px = values["thickness"] / self.scale
            if values["thickness"] <= 0:
                fault(f"wall thickness {values['thickness']} mm must be above 0; not made terrain")
                return
            footprint_px = shapes.wall(geom_px if isinstance(geom_px, LineString) else LineString(), thickness_px)
        else:
            footprint_px = geom_px
        if not footprint_px.is_valid:
            fault("invalid or self-intersecting polygon; repaired (Shapely make_valid)")
            footprint_px = shapely.make_valid(footprint_px)
            footprint_px = shapely.union_all(
                [g for g in getattr(footprint_px, "geoms", [footprint_px]) if g.area > 0])
        if _no_area(footprint_px):
            fault("Terrain with no area (zero size or degenerate shape); not made terrain")
            return
        bottom, height = values["bottom"], values["height"]
        if "top" in values:
            try:
                height = coerce("float", values["top"]) - bottom
            except PropertyError as exc:
                fault(f"Terrain property 'top': {exc}")
        if not math.isfinite(bottom + height):
            fault(f"height {height:g} mm above {bottom:g} mm is beyond any table; not made terrain")
            return
        if height < 0 or bottom < 0:
            fault(f"negative height (bottom {bottom} mm, height {height} mm); not made terrain")
            return
        if values["flat"] and height > FLAT_LIMIT_MM:
            fault(f"marked flat but {height:g} mm high (flat means at most {FLAT_LIMIT_MM:g} mm)", "warning")
        self.terrain.append(TerrainPiece(
            id=record.id, name=record.name, kind=str(values["kind"]) or record.name.lower(),
            footprint=shapes.scale(footprint_px, self.scale), bottom=float(bottom),
            top=float(bottom + height), blocks_sight=values["blocks_sight"], surface=values["surface"],
            flat=values["flat"], liftable=values["liftable"], rollable=values["rollable"],
            swingable=values["swingable"], slidable=values["slidable"], shape=record.shape,
            layer=ctx.name, properties=MappingProxyType(values),
        ))

    def _spawn(self, record: MapObject, ctx: _LayerContext, fault: Callable[..., None]) -> None:
        values = self._typed(FIGURE_SPAWN, dict(record.properties), fault)
        geom = record.geometry
        centre = geom if isinstance(geom, Point) else geom.centroid
        if not values["side"]:
            fault("FigureSpawn without a side", "warning")
        self.spawns.append(SpawnPoint(
            id=record.id, name=record.name or f"figure {record.id}", x=float(centre.x),
            y=float(centre.y), side=str(values["side"]), profile=str(values["profile"]),
            facing=float(values["facing"]), layer=ctx.name, properties=MappingProxyType(values),
        ))

    def _cell(self, record: MapObject, ctx: _LayerContext, fault: Callable[..., None]) -> None:
        values = self._typed(CELL, dict(record.properties), fault)
        for key, value in ctx.inherited.items():
            values.setdefault(key, value)
        poly = record.geometry
        if not isinstance(poly, Polygon) or _no_area(poly):
            fault("a Cell must be a closed shape with an area; not made a cell")
            return
        if not poly.is_valid:
            poly = _areas(shapely.make_valid(poly))
            if _no_area(poly):
                fault("a Cell must be a closed shape with an area (this one is degenerate); "
                      "not made a cell")
                return
            fault("invalid or self-intersecting cell polygon; repaired (Shapely make_valid)")
        self.cells.append(Cell(
            id=str(values["cell_id"]) or str(record.id), object_id=record.id, name=record.name,
            polygon=poly, layer=ctx.name, properties=MappingProxyType(values),
        ))

    def _check_cells(self) -> None:
        seen: dict[tuple[str, str], int] = {}
        for cell in self.cells:
            key = (str(cell.properties.get("tile_id", "")), cell.id)
            if key in seen:
                self.problem(f"duplicate cell_id '{cell.id}' (also object {seen[key]})",
                             layer=cell.layer, object_id=cell.object_id, name=cell.name)
            else:
                seen[key] = cell.object_id


def _safe_int(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        try:
            value = float(text)
        except ValueError:
            return None
        return int(value) if math.isfinite(value) and value == int(value) else None


def _coordinate(text: str | None, what: str) -> float:
    if text is None or text == "":
        return 0.0
    try:
        value = finite_number(text)
    except PropertyError as exc:
        raise ValueError(f"{what}={exc}") from None
    if abs(value) > MAX_COORDINATE:
        raise ValueError(f"{what}={text} is beyond {MAX_COORDINATE:g} px")
    return value


def _finite(text: str | None, default: float = 0.0) -> float:
    try:
        value = float(text) if text is not None else default
    except ValueError:
        return default
    return value if math.isfinite(value) and abs(value) <= MAX_COORDINATE else default


def _no_area(geom: BaseGeometry) -> bool:
    """Empty, or a sliver whose area is rounding noise (a collinear polygon, once rotated, has an
    area of 1e-14 and is not a shape anyone drew)."""
    return bool(geom.is_empty or geom.area <= 1e-9 * geom.length ** 2)


def _areas(geom: BaseGeometry) -> BaseGeometry:
    """Only the parts of a (repaired) geometry that have an area."""
    parts = [g for g in getattr(geom, "geoms", [geom]) if g.area > 0]
    return shapely.union_all(parts) if parts else Polygon()


def _gid(text: str) -> int | None:
    """A gid attribute: a whole number of 32 bits (flip flags included), else None."""
    try:
        value = int(text)
    except ValueError:
        return None
    return value if 0 <= value <= 0xFFFFFFFF else None


def _check_extent(geom: BaseGeometry) -> None:
    """Refuse shapes whose points are not finite or lie beyond the table (NaN, 1e308...)."""
    coords = shapely.get_coordinates(geom)
    if coords.size and not (np.isfinite(coords).all() and np.abs(coords).max() <= MAX_COORDINATE):
        raise ValueError(f"a point is not finite or lies beyond {MAX_COORDINATE:g} px")


#: How pictures begin (PNG, JPEG, GIF, BMP, TIFF, QOI; WebP is checked apart), and the
#: file name endings whose content we check against them.
_PICTURE_SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"BM",
                       b"II*\x00", b"MM\x00*", b"qoif")
_RASTER_ENDINGS = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".qoi")


def picture_fault(path: str) -> str | None:
    """Why a picture file cannot be drawn ('not found', 'is a folder'...), or None if it looks fine.

    Never opens anything but a regular file (a pipe or a device would block or never end).
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "not found"
    except (OSError, ValueError) as exc:
        return f"cannot be read ({exc.strerror if isinstance(exc, OSError) and exc.strerror else exc})"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a pipe or device)"
    if info.st_size == 0:
        return "is empty"
    if path.lower().endswith(_RASTER_ENDINGS):
        try:
            with open(path, "rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            return f"cannot be read ({exc.strerror or exc})"
        webp = head[:4] == b"RIFF" and head[8:12] == b"WEBP"
        if not (webp or head.startswith(_PICTURE_SIGNATURES)):
            return "is not a picture (its content is no picture format we know)"
    return None


def _regular_files_only(image_loader: ImageLoader) -> ImageLoader:
    """The image loader, refusing pipes and devices (opening them would block or never end)."""

    def load(filename: str, *args: Any, **kwargs: Any) -> Any:
        try:
            mode = os.stat(filename).st_mode
        except (OSError, ValueError):
            mode = None
        if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            # hand over a name that does not exist: the loader fails at once (SafeImageLoader
            # draws its placeholder) instead of blocking on the pipe; board.problems says why
            renamed = f"{filename} (not a regular file)"
            filename = renamed if not os.path.lexists(renamed) else os.path.join(filename, "x")
        return image_loader(filename, *args, **kwargs)

    return load


__all__ = ["load_board", "picture_fault", "MapError", "TABLETOP_MAP"]
