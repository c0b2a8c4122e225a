"""The Board: a plain, display-free model of a Tiled map in table millimetres.

Coordinates keep Tiled's orientation: x grows to the right, y grows *down* the screen, and the
origin is the map's top-left corner. Every length is in millimetres; ``Board.mm_per_px`` converts
from Tiled pixels. Angles are degrees clockwise on screen, as Tiled writes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from shapely.geometry.base import BaseGeometry

from game.board.grid import TileGrid
from game.core.errors import Problem

#: Object shapes as Tiled draws them ("capsule": Tiled 1.12's stadium, round along its long axis).
SHAPES = ("rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text", "capsule")



def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class MapObject:
    """Any object of an object layer, with nothing lost: the raw record behind every piece."""

    id: int
    name: str
    cls: str  #: Tiled 1.9+ ``class`` or the older ``type`` (or the tile's class for tile objects)
    shape: str  #: one of SHAPES
    geometry: BaseGeometry  #: in mm, rotation applied; Point, LineString or Polygon
    layer: str
    rotation: float = 0.0
    properties: Mapping[str, Any] = field(default_factory=_empty)
    text: str = ""  #: the text of a text object
    template: str = ""  #: the template file the object was instantiated from, if any
    gid: int = 0  #: Tiled gid (with flip bits) of a tile object
    visible: bool = True
    #: width and height in mm before rotation (ellipse axes, rectangle sides, tile size)
    size: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class TerrainPiece:
    """A piece of scenery with a footprint and a vertical span."""

    id: int
    name: str
    kind: str
    footprint: BaseGeometry  #: Polygon or MultiPolygon in mm
    bottom: float  #: mm above the floor
    top: float  #: mm above the floor
    blocks_sight: bool = True
    surface: bool = False
    flat: bool = False
    liftable: bool = False
    rollable: bool = False
    swingable: bool = False
    slidable: bool = False
    shape: str = "polygon"
    layer: str = ""
    properties: Mapping[str, Any] = field(default_factory=_empty)

    @property
    def height(self) -> float:
        return self.top - self.bottom


@dataclass(frozen=True)
class SpawnPoint:
    """Where a figure starts: side, profile, facing and the point of its base centre."""

    id: int
    name: str
    x: float
    y: float
    side: str
    profile: str
    facing: float = 0.0  #: degrees clockwise from +x (screen right)
    layer: str = ""
    properties: Mapping[str, Any] = field(default_factory=_empty)


@dataclass(frozen=True)
class Cell:
    """A board-game cell: a polygon and its properties (Mice and Mystics, Relic)."""

    id: str  #: ``cell_id`` property, else the Tiled object id as a string
    object_id: int
    name: str
    polygon: BaseGeometry  #: in mm
    layer: str = ""
    properties: Mapping[str, Any] = field(default_factory=_empty)


@dataclass(frozen=True)
class LayerInfo:
    name: str
    kind: str  #: "tile", "object", "image" or "group"
    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)  #: px
    cls: str = ""
    properties: Mapping[str, Any] = field(default_factory=_empty)


@dataclass(frozen=True)
class Board:
    path: str
    width_tiles: int
    height_tiles: int
    tile_width: int  #: px
    tile_height: int  #: px
    mm_per_px: float
    orientation: str = "orthogonal"  #: "orthogonal", "hexagonal" or "staggered"
    stagger_axis: str = "y"  #: hexagonal and staggered maps: "x" or "y"
    stagger_index: str = "odd"  #: hexagonal and staggered maps: "odd" or "even"
    hex_side_length: int = 0  #: hexagonal maps: the length (px) of a hexagon's flat side
    properties: Mapping[str, Any] = field(default_factory=_empty)
    layers: tuple[LayerInfo, ...] = ()
    objects: tuple[MapObject, ...] = ()
    terrain: tuple[TerrainPiece, ...] = ()
    spawns: tuple[SpawnPoint, ...] = ()
    cells: tuple[Cell, ...] = ()
    problems: tuple[Problem, ...] = ()  #: warnings found while loading (errors raise)
    background_color: str | None = None
    #: the pytmx map for drawing tiles (images only when loaded with an image loader)
    tiled_map: Any = field(default=None, repr=False, compare=False)

    @property
    def grid(self) -> TileGrid:
        """Where the tiles go (see ``grid.py``)."""
        return TileGrid(self.orientation, self.tile_width, self.tile_height, self.stagger_axis,
                        self.stagger_index, self.hex_side_length)

    @property
    def width_px(self) -> int:
        return self.grid.pixel_size(self.width_tiles, self.height_tiles)[0]

    @property
    def height_px(self) -> int:
        return self.grid.pixel_size(self.width_tiles, self.height_tiles)[1]

    @property
    def width_mm(self) -> float:
        return self.width_px * self.mm_per_px

    @property
    def height_mm(self) -> float:
        return self.height_px * self.mm_per_px

    @property
    def system(self) -> str:
        """The rule system the map is made for (map property ``system``), or ``""``."""
        return str(self.properties.get("system", ""))

    @property
    def title(self) -> str:
        return str(self.properties.get("title", "")) or self.path.rsplit("/", 1)[-1]

    def objects_in_layer(self, name: str) -> tuple[MapObject, ...]:
        low = name.lower()
        return tuple(o for o in self.objects if o.layer.lower() == low)
