"""Write the four shipped maps into ``maps/`` as plain Tiled TMX XML.

The XML is written here with ``xml.etree`` (no map library), in the form Tiled 1.10 saves it, so
the maps open in Tiled and load in ``game.board``. Nothing random is left to chance: every choice
comes from seeded generators, so running the script twice writes identical files.

* ``tavern.tmx``        -- ...And One for All! A tavern and its courtyard (objects use ``class=``).
* ``ruins.tmx``         -- Helldorado. Ruins on a 36x36 table (``class=``, base64-zlib floor).
* ``mice_chapter.tmx``  -- Mice and Mystics. Two board tiles as group layers (``type=``).
* ``relic.tmx``         -- Relic. A ring board of tiers of spaces (``type=``).

Terrain properties are written only where they differ from the defaults in
``game/board/schema.py``, exactly as Tiled does for a class's members.

Run from the repository root: ``.venv/bin/python tools/make_maps.py``
(needs ``assets/tilesets/*.tsx``; see ``tools/make_tilesets.py``).
"""

from __future__ import annotations

import base64
import json
import math
import random
import sys
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from xml.etree import ElementTree as ET

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from shapely.geometry import LineString, MultiPoint, Point, Polygon, box  # noqa: E402
from shapely.ops import linemerge, polylabel, substring, unary_union, voronoi_diagram  # noqa: E402

from game.board.schema import CLASSES_BY_NAME  # noqa: E402
from tools.map_names_ru import SIDES as RU_SIDES  # noqa: E402
from tools.map_names_ru import TITLES as RU_TITLES  # noqa: E402
from tools.map_names_ru import russian  # noqa: E402

MAPS = ROOT / "maps"
TILESETS = ROOT / "assets" / "tilesets"
TILE = 32
TILED_VERSION = ("1.10", "1.10.2")
FLOORS_TSX = "../assets/tilesets/floors.tsx"
PROPS_TSX = "../assets/tilesets/props.tsx"
FLOORS_FIRSTGID = 1
FLOORS_VARIANTS = 4


def _read_tilesets() -> tuple[dict[str, int], int, dict[str, tuple[int, int, int]]]:
    """Tile ids from the .tsx files that tools/make_tilesets.py wrote: the first tile id of each
    floor material, the floors' tile count, and each prop's (tile id, width, height)."""
    floors = ET.parse(TILESETS / "floors.tsx").getroot()
    first: dict[str, int] = {}
    for tile in floors.iter("tile"):
        prop = tile.find("properties/property[@name='material']")
        if prop is not None:
            first.setdefault(prop.get("value", ""), int(tile.get("id", 0)))
    props: dict[str, tuple[int, int, int]] = {}
    for tile in ET.parse(TILESETS / "props.tsx").getroot().iter("tile"):
        kind = tile.find("properties/property[@name='kind']")
        image = tile.find("image")
        assert kind is not None and image is not None
        props[kind.get("value", "")] = (
            int(tile.get("id", 0)),
            int(image.get("width", 0)),
            int(image.get("height", 0)),
        )
    return first, int(floors.get("tilecount", 0)), props


MATERIAL_FIRST, FLOORS_COUNT, PROP_TILES = _read_tilesets()
PROPS_FIRSTGID = FLOORS_FIRSTGID + FLOORS_COUNT


def floor_gid(material: str, variant: int) -> int:
    assert 0 <= variant < FLOORS_VARIANTS
    return FLOORS_FIRSTGID + MATERIAL_FIRST[material] + variant


# --------------------------------------------------------------------------------------------
# formatting


def num(v: float) -> str:
    """A coordinate as Tiled writes it: no trailing zeros, at most 2 decimals."""
    r = round(float(v), 2)
    if r == 0:
        return "0"
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


def prop_value(type_: str, value: object) -> str:
    if type_ == "bool":
        return "true" if value else "false"
    if type_ == "float":
        v = float(value)  # type: ignore[arg-type]
        return str(int(v)) if v == int(v) else f"{v:.10g}"
    if type_ == "int":
        return str(int(value))  # type: ignore[call-overload]
    return str(value)


Prop = tuple[str, str, object]  #: name, Tiled type, value


def class_props(cls: str, *, keep: tuple[str, ...] = (), **values: object) -> list[Prop]:
    return class_values(cls, values, keep)


def class_values(cls: str, values: dict[str, object], keep: tuple[str, ...] = ()) -> list[Prop]:
    """Properties of a schema class, leaving out members at their default (as Tiled does),
    except those named in ``keep``."""
    spec = CLASSES_BY_NAME[cls]
    out: list[Prop] = []
    for name, value in values.items():
        m = spec.member(name)
        if m is None:
            raise KeyError(f"{cls} has no member {name!r}")
        if m.type == "float":
            value = float(value)  # type: ignore[arg-type]
        if value == m.default and name not in keep:
            continue
        out.append((name, m.type, value))
    return out


def terrain(**values: object) -> list[Prop]:
    return class_values("Terrain", values)


def plain_props(**values: object) -> list[Prop]:
    out: list[Prop] = []
    for name, value in values.items():
        t = (
            "bool"
            if isinstance(value, bool)
            else "int"
            if isinstance(value, int)
            else "float"
            if isinstance(value, float)
            else "string"
        )
        out.append((name, t, value))
    return out


def add_properties(parent: ET.Element, props: Sequence[Prop]) -> None:
    if not props:
        return
    el = ET.SubElement(parent, "properties")
    for name, type_, value in sorted(props, key=lambda p: p[0]):  # Tiled sorts by name
        attrs = {"name": name}
        if type_ != "string":
            attrs["type"] = type_
        attrs["value"] = prop_value(type_, value)
        ET.SubElement(el, "property", attrs)


# --------------------------------------------------------------------------------------------
# a TMX document


class TmxMap:
    def __init__(
        self,
        width: int,
        height: int,
        props: Sequence[Prop],
        class_attr: str,
        tilesets: Sequence[tuple[int, str]],
        background: str | None = None,
    ) -> None:
        self.width, self.height = width, height
        self.class_attr = class_attr  #: "class" (Tiled 1.9) or "type" (Tiled <1.9 and 1.10+)
        v, tv = TILED_VERSION
        attrs = {
            "version": v,
            "tiledversion": tv,
            "class": "TabletopMap",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(width),
            "height": str(height),
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "infinite": "0",
        }
        if background:
            attrs["backgroundcolor"] = background
        attrs["nextlayerid"] = "0"
        attrs["nextobjectid"] = "0"
        self.root = ET.Element("map", attrs)
        add_properties(self.root, props)
        for firstgid, source in tilesets:
            ET.SubElement(self.root, "tileset", {"firstgid": str(firstgid), "source": source})
        self.next_layer = 1
        self.next_object = 1

    def _layer_id(self) -> str:
        i = self.next_layer
        self.next_layer += 1
        return str(i)

    def tile_layer(
        self,
        name: str,
        gids: list[list[int]],
        encoding: str = "csv",
        parent: ET.Element | None = None,
    ) -> ET.Element:
        assert len(gids) == self.height and all(len(r) == self.width for r in gids), name
        el = ET.SubElement(
            self.root if parent is None else parent,
            "layer",
            {
                "id": self._layer_id(),
                "name": name,
                "width": str(self.width),
                "height": str(self.height),
            },
        )
        if encoding == "csv":
            data = ET.SubElement(el, "data", {"encoding": "csv"})
            rows = [",".join(str(g) for g in row) for row in gids]
            data.text = "\n" + ",\n".join(rows) + "\n"
        else:
            raw = b"".join(g.to_bytes(4, "little") for row in gids for g in row)
            data = ET.SubElement(el, "data", {"encoding": "base64", "compression": "zlib"})
            data.text = "\n   " + base64.b64encode(zlib.compress(raw, 9)).decode("ascii") + "\n  "
        return el

    def group(self, name: str, props: Sequence[Prop] = ()) -> ET.Element:
        el = ET.SubElement(self.root, "group", {"id": self._layer_id(), "name": name})
        add_properties(el, props)
        return el

    def object_layer(
        self,
        name: str,
        color: str | None = None,
        parent: ET.Element | None = None,
        props: Sequence[Prop] = (),
    ) -> ObjectLayer:
        attrs = {"id": self._layer_id(), "name": name}
        if color:
            attrs["color"] = color
        el = ET.SubElement(self.root if parent is None else parent, "objectgroup", attrs)
        add_properties(el, props)
        return ObjectLayer(self, el)

    def xml(self) -> str:
        self.root.set("nextlayerid", str(self.next_layer))
        self.root.set("nextobjectid", str(self.next_object))
        ET.indent(self.root, space=" ")
        text = ET.tostring(self.root, encoding="unicode").replace(" />", "/>")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n"

    def write(self, path: Path) -> None:
        path.write_text(self.xml(), encoding="utf-8", newline="\n")


class ObjectLayer:
    def __init__(self, tmx: TmxMap, el: ET.Element) -> None:
        self.tmx = tmx
        self.el = el

    def _object(
        self,
        name: str,
        cls: str | None,
        x: float,
        y: float,
        w: float | None = None,
        h: float | None = None,
        rotation: float = 0.0,
        gid: int | None = None,
        props: Sequence[Prop] = (),
    ) -> ET.Element:
        attrs = {"id": str(self.tmx.next_object)}
        self.tmx.next_object += 1
        if name:
            attrs["name"] = name
        if cls:
            attrs[self.tmx.class_attr] = cls
        if gid is not None:
            attrs["gid"] = str(gid)
        attrs["x"] = num(x)
        attrs["y"] = num(y)
        if w is not None:
            attrs["width"] = num(w)
        if h is not None:
            attrs["height"] = num(h)
        if rotation:
            attrs["rotation"] = num(rotation)
        el = ET.SubElement(self.el, "object", attrs)
        add_properties(el, props)
        return el

    def rect(self, x, y, w, h, name="", cls=None, props=(), rotation=0.0) -> ET.Element:
        return self._object(name, cls, x, y, w, h, rotation, props=props)

    def rot_rect(self, cx, cy, w, h, angle, name="", cls=None, props=()) -> ET.Element:
        """A rectangle given by its centre, turned ``angle`` degrees clockwise (Tiled turns a
        rectangle about its top-left corner, so that corner is computed here)."""
        a = math.radians(angle)
        x = cx + (-w / 2) * math.cos(a) - (-h / 2) * math.sin(a)
        y = cy + (-w / 2) * math.sin(a) + (-h / 2) * math.cos(a)
        return self._object(name, cls, x, y, w, h, angle, props=props)

    def ellipse(self, cx, cy, w, h, name="", cls=None, props=()) -> ET.Element:
        el = self._object(name, cls, cx - w / 2, cy - h / 2, w, h, props=props)
        ET.SubElement(el, "ellipse")
        return el

    def _poly(self, tag, points, name, cls, props) -> ET.Element:
        ox, oy = points[0]
        el = self._object(name, cls, ox, oy, props=props)
        pts = " ".join(f"{num(px - ox)},{num(py - oy)}" for px, py in points)
        ET.SubElement(el, tag, {"points": pts})
        return el

    def polygon(self, points, name="", cls=None, props=()) -> ET.Element:
        return self._poly("polygon", list(points), name, cls, props)

    def polyline(self, points, name="", cls=None, props=()) -> ET.Element:
        return self._poly("polyline", list(points), name, cls, props)

    def point(self, x, y, name="", cls=None, props=()) -> ET.Element:
        el = self._object(name, cls, x, y, props=props)
        ET.SubElement(el, "point")
        return el

    def tile(self, prop: str, x, y, name="", props=()) -> ET.Element:
        """A tile object from the props tileset; (x, y) is the top-left corner of its image
        (Tiled stores the bottom-left, which is written here)."""
        tile_id, w, h = PROP_TILES[prop]
        gid = PROPS_FIRSTGID + tile_id
        return self._object(name or prop, None, x, y + h, w, h, gid=gid, props=props)

    def text(
        self, x, y, w, h, text, size=16, color="#3b2f24", bold=True, halign="center"
    ) -> ET.Element:
        el = self._object(text, None, x, y, w, h)
        attrs = {"pixelsize": str(size), "wrap": "1", "color": color}
        if bold:
            attrs["bold"] = "1"
        attrs["halign"] = halign
        attrs["valign"] = "center"
        t = ET.SubElement(el, "text", attrs)
        t.text = text
        return el


def fill(width: int, height: int, pick) -> list[list[int]]:
    return [[pick(x, y) for x in range(width)] for y in range(height)]


def spawn_props(side: str, profile: str, facing: float) -> list[Prop]:
    return class_props("FigureSpawn", side=side, profile=profile, facing=facing)


# --------------------------------------------------------------------------------------------
# 1. tavern.tmx -- ...And One for All!


def make_tavern() -> TmxMap:
    W, H = 18, 24
    m = TmxMap(
        W,
        H,
        class_props(
            "TabletopMap",
            keep=("mm_per_pixel",),
            system="one_for_all",
            title="The Sleeping Lion",
            mm_per_pixel=25.4 / 32,
        ),
        "class",
        [(FLOORS_FIRSTGID, FLOORS_TSX), (PROPS_FIRSTGID, PROPS_TSX)],
    )
    rng = random.Random(11)

    def pick(x: int, y: int) -> int:
        v = rng.randrange(FLOORS_VARIANTS)
        if y <= 12:
            return floor_gid("wood", v)
        if (y <= 14 and 6 <= x <= 11) or (8 <= x <= 9):  # apron at the door, path to the gate
            return floor_gid("flagstones", v)
        return floor_gid("cobbles", v)

    m.tile_layer("floor", fill(W, H, pick))
    t = m.object_layer("terrain", color="#a05a2c")
    T = "Terrain"

    # the tavern's walls: one polyline, open at the door (x 224..320 on the south side)
    t.polyline(
        [(224, 416), (6, 416), (6, 6), (570, 6), (570, 416), (320, 416)],
        "tavern walls",
        T,
        terrain(kind="wall", height=90, thickness=8),
    )
    # the courtyard's low wall, open at the gate (x 256..320 on the south side)
    t.polyline(
        [(6, 416), (6, 762), (256, 762)],
        "courtyard wall west",
        T,
        terrain(kind="wall", height=35, thickness=6),
    )
    t.polyline(
        [(320, 762), (570, 762), (570, 416)],
        "courtyard wall east",
        T,
        terrain(kind="wall", height=35, thickness=6),
    )

    # the bar: an L-shaped counter in the north-west corner, with a way in behind it at the top
    t.polygon(
        [(11, 96), (126, 96), (126, 40), (150, 40), (150, 120), (11, 120)],
        "bar counter",
        T,
        terrain(kind="counter", height=28, surface=True),
    )
    t.tile("barrel", 16, 42, "ale barrel 1")
    t.tile("barrel", 50, 42, "ale barrel 2")
    for i, (x, y) in enumerate(((40, 108), (88, 107))):
        t.ellipse(
            x,
            y,
            10,
            10,
            f"mug {i + 1}",
            None,
            terrain(kind="mug", bottom=28, height=6, blocks_sight=False, liftable=True),
        )
    t.ellipse(
        138,
        70,
        14,
        14,
        "plate 1",
        None,
        terrain(kind="plate", bottom=28, height=2, blocks_sight=False, flat=True, liftable=True),
    )

    # hearth and rug on the west wall
    t.rect(11, 186, 26, 84, "hearth", T, terrain(kind="hearth", height=45))
    t.rect(46, 196, 96, 64, "rug", T, terrain(kind="rug", height=1, blocks_sight=False, flat=True))

    # a long table with two benches
    t.rect(196, 128, 96, 44, "long table", T, terrain(kind="table", height=25, surface=True))
    t.rect(196, 108, 96, 14, "bench 1", T, terrain(kind="bench", height=12, surface=True))
    t.rect(196, 178, 96, 14, "bench 2", T, terrain(kind="bench", height=12, surface=True))
    for i, (x, y) in enumerate(((214, 142), (250, 158))):
        t.ellipse(
            x,
            y,
            10,
            10,
            f"mug {i + 3}",
            None,
            terrain(kind="mug", bottom=25, height=6, blocks_sight=False, liftable=True),
        )
    t.ellipse(
        274,
        146,
        14,
        14,
        "plate 2",
        None,
        terrain(kind="plate", bottom=25, height=2, blocks_sight=False, flat=True, liftable=True),
    )

    # a table pushed askew, and its bench
    t.rot_rect(
        384, 256, 96, 44, 20, "askew table", T, terrain(kind="table", height=25, surface=True)
    )
    a = math.radians(20)
    t.rot_rect(
        384 + 36 * math.sin(a) * -1,
        256 + 36 * math.cos(a),
        96,
        14,
        20,
        "bench 3",
        T,
        terrain(kind="bench", height=12, surface=True),
    )
    # a round table
    t.ellipse(200, 320, 64, 64, "round table", T, terrain(kind="table", height=25, surface=True))
    t.ellipse(
        192,
        312,
        10,
        10,
        "mug 5",
        None,
        terrain(kind="mug", bottom=25, height=6, blocks_sight=False, liftable=True),
    )
    t.ellipse(
        212,
        330,
        14,
        14,
        "plate 3",
        None,
        terrain(kind="plate", bottom=25, height=2, blocks_sight=False, flat=True, liftable=True),
    )

    # the chandelier over the middle of the room, low enough to grab from the floor (OFA-MG.2:
    # reach is 1.5 model heights, 60 mm)
    t.ellipse(
        270,
        250,
        56,
        56,
        "chandelier",
        T,
        terrain(kind="chandelier", bottom=55, height=8, blocks_sight=False, swingable=True),
    )

    # the balcony along the north wall (east part), reached by the stairs along the east wall.
    # Its 5 mm floor blocks sight through itself; figures walk under it.
    t.rect(
        300, 11, 265, 85, "balcony", T, terrain(kind="balcony", bottom=55, height=5, surface=True)
    )
    t.polyline(
        [(300, 97), (497, 97)],
        "balcony railing",
        T,
        terrain(kind="railing", bottom=60, height=12, thickness=2, blocks_sight=False),
    )
    for k in range(7):  # the top step (k = 0) is next to the balcony
        t.rect(
            500,
            96 + 24 * k,
            65,
            24,
            f"stairs step {7 - k}",
            T,
            terrain(kind="stairs", height=56 - 8 * k, surface=True),
        )
    t.polyline(
        [(497, 96), (497, 264)],
        "banister",
        T,
        terrain(kind="banister", height=72, thickness=2, blocks_sight=False, slidable=True),
    )
    # stores under the balcony
    t.tile("crate", 316, 30, "crate 1")
    t.tile("crate", 316, 62, "crate 2")
    t.tile("barrel", 352, 44, "barrel 1")

    # the courtyard
    t.ellipse(140, 600, 64, 64, "well", T, terrain(kind="well", height=20))
    t.rect(34, 690, 84, 26, "trough", T, terrain(kind="trough", height=15))
    t.rot_rect(440, 620, 120, 56, -15, "hay cart", T, terrain(kind="cart", height=30, surface=True))
    t.tile("barrel", 528, 428, "barrel 2")
    t.tile("barrel", 528, 462, "barrel 3")
    t.tile("barrel", 494, 428, "barrel 4")
    t.tile("crate", 14, 428, "crate 3")
    t.tile("crate", 14, 462, "crate 4")
    t.tile("crate", 48, 428, "crate 5")
    t.rect(360, 480, 80, 40, "courtyard table", T, terrain(kind="table", height=25, surface=True))
    t.ellipse(
        380,
        496,
        10,
        10,
        "mug 6",
        None,
        terrain(kind="mug", bottom=25, height=6, blocks_sight=False, liftable=True),
    )

    s = m.object_layer("spawns", color="#2c5aa0")
    FS = "FigureSpawn"
    # OFA-1C.3: each side deploys along its own short edge, every base within 50 mm of it
    for name, profile, x, y in (
        ("Athos", "athos", 224, 732),
        ("d'Artagnan", "dartagnan", 264, 732),
        ("Aramis", "aramis", 304, 732),
        ("Porthos", "porthos", 344, 732),
    ):
        s.point(x, y, name, FS, spawn_props("musketeers", profile, 270))
    s.point(420, 45, "Rochefort", FS, spawn_props("cardinal", "rochefort", 90))
    for i, x in enumerate((174, 214, 254, 294)):
        s.point(x, 36, f"Guard {i + 1}", FS, spawn_props("cardinal", "guard", 90))

    lab = m.object_layer("labels", color="#555555")
    lab.text(300, 330, 180, 28, "The Sleeping Lion", size=18, color="#2b1d12")
    lab.text(220, 520, 200, 28, "Tavern courtyard", size=18, color="#1f1f1f")
    return m


# --------------------------------------------------------------------------------------------
# 2. ruins.tmx -- Helldorado


def regular_polygon(cx, cy, r, n, start=0.0, wobble=0.0, rng: random.Random | None = None):
    pts = []
    for i in range(n):
        a = math.radians(start + 360 * i / n)
        rr = r * (1 + (rng.uniform(-wobble, wobble) if rng and wobble else 0))
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def make_ruins() -> TmxMap:
    W = H = 36
    m = TmxMap(
        W,
        H,
        class_props(
            "TabletopMap",
            keep=("mm_per_pixel",),
            system="helldorado",
            title="The Ruined Chapel",
            mm_per_pixel=25.4 / 32,
        ),
        "class",
        [(FLOORS_FIRSTGID, FLOORS_TSX), (PROPS_FIRSTGID, PROPS_TSX)],
    )
    rng = random.Random(22)
    # a smooth field to lay patches of dirt in the grass
    bumps = [(rng.uniform(0, W), rng.uniform(0, H), rng.uniform(3, 6)) for _ in range(9)]

    def dirtiness(x: int, y: int) -> float:
        return max(math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * s * s)) for bx, by, s in bumps)

    def pick(x: int, y: int) -> int:
        v = rng.randrange(FLOORS_VARIANTS)
        if 12 <= x <= 23 and 10 <= y <= 21:  # the chapel's paved floor
            if rng.random() < 0.06:
                return floor_gid("rubble", v)
            return floor_gid("flagstones", v)
        if (11 <= x <= 24 and y in (9, 22)) or (x in (11, 24) and 9 <= y <= 22):
            return floor_gid("rubble", v) if rng.random() < 0.6 else floor_gid("dirt", v)
        # dirt where the field is high, with a ragged, dithered edge into the grass
        d = dirtiness(x, y)
        p = min(1.0, max(0.0, (d - 0.3) / 0.35))
        return floor_gid("dirt" if rng.random() < p * p * (3 - 2 * p) else "grass", v)

    m.tile_layer("floor", fill(W, H, pick), encoding="base64-zlib")
    t = m.object_layer("terrain", color="#7a5230")
    T = "Terrain"

    # the ruined chapel: x 384..768, y 320..704, broken walls with gaps
    wall = dict(kind="wall", thickness=10)
    t.polyline([(384, 320), (560, 320)], "chapel north wall", T, terrain(height=60, **wall))
    t.polyline(
        [(620, 320), (768, 320), (768, 420)],
        "chapel north-east corner",
        T,
        terrain(height=50, **wall),
    )
    t.polyline([(768, 480), (768, 600)], "chapel east wall", T, terrain(height=40, **wall))
    t.polyline([(768, 704), (640, 704)], "chapel south-east wall", T, terrain(height=30, **wall))
    t.polyline(
        [(540, 704), (384, 704), (384, 600)],
        "chapel south-west corner",
        T,
        terrain(height=45, **wall),
    )
    t.polyline([(384, 520), (384, 400)], "chapel west wall", T, terrain(height=55, **wall))
    t.rect(544, 372, 64, 32, "altar", T, terrain(kind="altar", height=20, surface=True))
    t.rot_rect(
        470, 610, 90, 40, 35, "sarcophagus", T, terrain(kind="sarcophagus", height=18, surface=True)
    )
    t.rot_rect(
        660,
        520,
        110,
        22,
        -28,
        "fallen column 1",
        T,
        terrain(kind="column", height=15, surface=True),
    )
    t.rot_rect(
        520, 500, 100, 22, 74, "fallen column 2", T, terrain(kind="column", height=15, surface=True)
    )
    for i, (x, y, h) in enumerate(((448, 420, 70), (704, 420, 40), (448, 640, 25), (704, 640, 70))):
        t.ellipse(x, y, 30, 30, f"column stump {i + 1}", T, terrain(kind="column", height=h))
    t.polygon(
        [(560, 314), (590, 300), (624, 312), (630, 340), (596, 356), (566, 346)],
        "fallen masonry",
        T,
        terrain(kind="rubble", height=10, blocks_sight=False),
    )
    t.polygon(
        [(770, 430), (800, 438), (806, 470), (778, 482), (758, 460)],
        "rubble pile 1",
        T,
        terrain(kind="rubble", height=10, blocks_sight=False),
    )
    t.polygon(
        [(560, 700), (600, 690), (636, 710), (610, 736), (568, 730)],
        "rubble field 1",
        T,
        terrain(kind="rubble", height=3, blocks_sight=False, flat=True),
    )

    # towers
    t.polygon(
        regular_polygon(210, 220, 84, 8, 22.5),
        "old watchtower",
        T,
        terrain(kind="tower", height=120, surface=True),
    )
    t.polygon(
        regular_polygon(940, 920, 74, 6, 0), "hexagonal tower", T, terrain(kind="tower", height=90)
    )
    t.polygon(
        [(880, 160), (1010, 150), (1022, 270), (960, 290), (955, 250), (890, 262)],
        "broken keep",
        T,
        terrain(kind="tower", height=80, surface=True),
    )
    # rubble at the feet of the towers
    t.polygon(
        [(280, 280), (330, 300), (320, 350), (262, 336)],
        "rubble field 2",
        T,
        terrain(kind="rubble", height=3, blocks_sight=False, flat=True),
    )
    t.polygon(
        [(900, 280), (950, 296), (930, 340), (884, 330)],
        "rubble pile 2",
        T,
        terrain(kind="rubble", height=10, blocks_sight=False),
    )

    # a low field wall, and other walls out in the field
    t.polyline(
        [(130, 600), (310, 640), (310, 800)],
        "low field wall",
        T,
        terrain(kind="low wall", height=12, thickness=6),
    )
    t.polyline(
        [(840, 560), (1000, 540), (1040, 640)], "broken wall east", T, terrain(height=35, **wall)
    )
    t.polyline(
        [(120, 960), (250, 960), (250, 1040)],
        "broken wall south-west",
        T,
        terrain(height=30, **wall),
    )
    t.rot_rect(700, 880, 140, 24, 12, "toppled wall", T, terrain(kind="wall", height=30))
    t.rot_rect(
        180, 460, 80, 50, -20, "wrecked cart", T, terrain(kind="cart", height=25, surface=True)
    )

    # a graveyard, a hedge, a few trees and the rest of a small house
    for i, (x, y, a) in enumerate(
        (
            (850, 700, 4),
            (890, 704, -6),
            (930, 698, 8),
            (860, 750, -3),
            (902, 756, 10),
            (944, 748, -8),
        )
    ):
        t.rot_rect(x, y, 22, 10, a, f"gravestone {i + 1}", T, terrain(kind="gravestone", height=15))
    t.polyline(
        [(520, 780), (640, 800), (760, 790)],
        "hedge",
        T,
        terrain(kind="hedge", height=25, thickness=12),
    )
    t.polyline([(60, 880), (200, 880)], "house wall north", T, terrain(height=40, **wall))
    for i, (x, y, r) in enumerate(((80, 380, 46), (1080, 700, 52), (330, 1000, 40))):
        t.ellipse(x, y, r, r, f"tree {i + 1}", T, terrain(kind="tree", height=100))

    # craters and a well
    t.ellipse(
        600,
        1000,
        120,
        90,
        "crater 1",
        T,
        terrain(kind="crater", height=2, blocks_sight=False, flat=True),
    )
    t.ellipse(
        860,
        420,
        80,
        80,
        "crater 2",
        T,
        terrain(kind="crater", height=2, blocks_sight=False, flat=True),
    )
    t.tile("well", 560, 176, "well")
    t.ellipse(400, 860, 44, 44, "dead tree", T, terrain(kind="tree", height=110))

    # a supply dump by the keep
    t.tile("crate", 1030, 300)
    t.tile("crate", 1064, 300)
    t.tile("crate", 1046, 266)
    t.tile("barrel", 1030, 340)
    t.tile("barrel", 1062, 344)

    s = m.object_layer("spawns", color="#a02c2c")
    FS = "FigureSpawn"
    inferno = (
        ("Malakh", "fallen_captain"),
        ("Damned 1", "damned"),
        ("Damned 2", "damned"),
        ("Imp", "imp"),
        ("Hellhound", "hellhound"),
    )
    conquistadors = (
        ("Capitán Ortega", "capitan"),
        ("Arquebusier 1", "arquebusier"),
        ("Arquebusier 2", "arquebusier"),
        ("Pikeman", "pikeman"),
        ("Friar Tomás", "friar"),
    )
    for i, (name, profile) in enumerate(inferno):
        s.point(384 + 96 * i, 80, name, FS, spawn_props("inferno", profile, 90))
    for i, (name, profile) in enumerate(conquistadors):
        s.point(384 + 96 * i, 1072, name, None, spawn_props("conquistadors", profile, 270))

    lab = m.object_layer("labels", color="#555555")
    lab.text(456, 330, 240, 30, "Ruined chapel", size=20, color="#2a2118")
    lab.text(110, 110, 200, 28, "Old watchtower", size=18, color="#1d2414")
    return m


# --------------------------------------------------------------------------------------------
# 3. mice_chapter.tmx -- Mice and Mystics

MICE_TILE = 14  #: a board tile is 14 x 14 map tiles (448 px)
MICE_PX = MICE_TILE * TILE
MICE_MM_PER_PX = 0.5625  #: a 448 px board tile is 252 mm on the table


def _rounded(poly: Polygon) -> Polygon:
    pts = [(round(x), round(y)) for x, y in poly.exterior.coords]
    out = Polygon(pts)
    if not out.is_valid:
        raise ValueError("a cell became invalid when rounded")
    return out.simplify(0)


def _border_length(a: Polygon, b: Polygon) -> float:
    border = _shared_border(a, b)
    return 0.0 if border is None else border.length


def _shared_border(a: Polygon, b: Polygon) -> LineString | None:
    line = a.boundary.intersection(b.boundary)
    if line.is_empty or line.length == 0:
        return None
    merged = linemerge(line) if line.geom_type != "LineString" else line
    return merged if merged.geom_type == "LineString" else None


def board_cells(ox: float, seed: int, n_seeds: int, merges: int) -> list[Polygon]:
    """An irregular partition of one board tile into cells: a Voronoi diagram of spaced seeds,
    with some neighbouring cells merged into bigger, non-convex ones."""
    rng = random.Random(seed)
    seeds: list[tuple[float, float]] = []
    while len(seeds) < n_seeds:
        p = (ox + rng.uniform(40, MICE_PX - 40), rng.uniform(40, MICE_PX - 40))
        if all(math.dist(p, q) > 96 for q in seeds):
            seeds.append(p)
    frame = box(ox, 0, ox + MICE_PX, MICE_PX)
    regions = voronoi_diagram(
        MultiPoint(seeds), envelope=box(ox - 200, -200, ox + MICE_PX + 200, MICE_PX + 200)
    )
    by_seed = []
    for sx, sy in seeds:  # keep the seeds' order: the diagram's own order is not promised
        region = next(g for g in regions.geoms if g.contains(Point(sx, sy)))
        by_seed.append(_rounded(region.intersection(frame)))
    cells = by_seed
    for _ in range(merges):
        i = rng.randrange(len(cells))
        neighbours = [j for j in range(len(cells)) if j != i and _shared_border(cells[i], cells[j])]
        j = rng.choice(neighbours)
        merged = unary_union([cells[i], cells[j]]).simplify(0)
        cells = [c for k, c in enumerate(cells) if k not in (i, j)] + [merged]
    # reading order: top to bottom in bands, then left to right
    cells.sort(key=lambda c: (int(c.centroid.y // 150), c.centroid.x))
    return cells


def _cell_at(cells: list[Polygon], x: float, y: float) -> int:
    return next(i for i, c in enumerate(cells) if c.covers(Point(x, y)))


def _connected(n: int, edges: Iterable[tuple[int, int]]) -> bool:
    adj: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    seen, todo = {0}, [0]
    while todo:
        for j in adj[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == n


KITCHEN_NAMES = (
    "Hearthstone",
    "Flour Sacks",
    "Table Leg",
    "Pantry Door",
    "Spice Rack",
    "Crumb Trail",
    "Cupboard Foot",
    "Drain Grate",
    "Mop Bucket",
    "Broom Corner",
    "Cheese Rind",
    "Warm Oven",
)
CELLAR_NAMES = (
    "Wine Rack",
    "Stair Foot",
    "Coal Heap",
    "Old Boots",
    "Cobweb Nook",
    "Barrel Row",
    "Cracked Flag",
    "Root Store",
    "Rat Hole",
    "Dripping Pipe",
    "Sack Pile",
    "Mushroom Ring",
)
CELL_TEXT = {
    "Hearthstone": "Warm stones: a mouse here may recover 1 heart on a rest.",
    "Crumb Trail": "Search here with +1 to the roll.",
    "Drain Grate": "Anything dropped here is lost down the drain.",
    "Coal Heap": "Black dust: figures here cannot be seen from beyond two cells.",
    "Rat Hole": "Minions that enter here come out at the Stair Foot.",
    "Puddle": "Deep water: mice must swim across.",
    "Mousetrap": "A set trap: a mouse that ends its move here rolls to escape.",
}


def board_tile(
    m: TmxMap,
    tile_id: str,
    ox: float,
    seed: int,
    exit_side: str,
    target: str,
    trap_at: tuple[float, float] | None,
    water_at: tuple[float, float] | None,
    turning_at: Sequence[tuple[float, float]],
    names: Sequence[str],
) -> tuple[list[Polygon], list[str]]:
    rng = random.Random(seed + 1)
    cells = board_cells(ox, seed, n_seeds=13, merges=3)
    n = len(cells)
    ids = [f"{tile_id}-{i + 1}" for i in range(n)]
    pairs = [
        (i, j) for i in range(n) for j in range(i + 1, n) if _shared_border(cells[i], cells[j])
    ]

    # walls: two full walls and one that leaves an opening, never cutting the board in two
    rng.shuffle(pairs)
    walls: list[tuple[int, int, float]] = []
    for i, j in pairs:
        if len(walls) == 3:
            break
        open_edges = [p for p in pairs if p != (i, j) and p not in [(a, b) for a, b, _ in walls]]
        if not _connected(n, open_edges):
            continue
        if _border_length(cells[i], cells[j]) < 60:
            continue
        walls.append((i, j, 1.0 if len(walls) < 2 else 0.55))
    walled = {(i, j) for i, j, _ in walls}
    lines = [p for p in pairs if p not in walled and _border_length(cells[p[0]], cells[p[1]]) > 40]
    lines = lines[:2]

    # the exit: a tab on one edge of the tile
    if exit_side == "east":
        x1 = ox + MICE_PX
        exit_poly = [(x1 - 26, 194), (x1, 182), (x1, 266), (x1 - 26, 254)]
    else:
        x0 = ox
        exit_poly = [(x0, 182), (x0 + 26, 194), (x0 + 26, 254), (x0, 266)]
    exit_id = f"{tile_id}-{exit_side}"
    exit_shape = Polygon(exit_poly)

    # cells that are narrowed a little, leaving small gaps (below adjacency_gap) to neighbours
    gap_cells = set(rng.sample(range(n), 3))
    by_area = sorted(range(n), key=lambda i: -cells[i].area)
    wide = set(by_area[:2])
    trap = _cell_at(cells, *trap_at) if trap_at else None
    water = _cell_at(cells, *water_at) if water_at else None
    turning = {_cell_at(cells, *p) for p in turning_at}

    # the trap and water cells take names of their own; the others take the list in order
    special = {trap: "Mousetrap", water: "Puddle"}
    plain = iter(names)
    names = [special[i] if i in special else next(plain) for i in range(n)]

    g = m.group(tile_id, plain_props(tile_id=tile_id))
    cl = m.object_layer("cells", color="#3d7a3d", parent=g)
    for i, c in enumerate(cells):
        shape = c
        if i in gap_cells:
            shape = _rounded(c.buffer(-3, join_style="mitre"))
        values: dict[str, object] = {"cell_id": ids[i]}
        if i in wide:
            values["wide"] = True
        if i == water:
            values["water"] = True
        if i == trap:
            values["trap"] = True
        if i in turning:
            values["turning"] = True
        if c.intersection(exit_shape).area > 0:
            values["exit"] = exit_id
        name = names[i]
        if name in CELL_TEXT:
            values["text"] = CELL_TEXT[name]
        pts = list(shape.exterior.coords)[:-1]
        cl.polygon(pts, name, "Cell", class_values("Cell", values))

    wl = m.object_layer("walls", color="#202020", parent=g)
    for i, j, part in walls:
        border = _shared_border(cells[i], cells[j])
        assert border is not None
        if part < 1:
            border = substring(border, 0, part, normalized=True)
        wl.polyline([(x, y) for x, y in border.coords], f"wall {ids[i]} | {ids[j]}")
    ll = m.object_layer("lines", color="#c8a000", parent=g)
    for (i, j), kind in zip(lines, ("yellow", "red"), strict=False):
        border = _shared_border(cells[i], cells[j])
        assert border is not None
        ll.polyline(
            [(x, y) for x, y in border.coords],
            f"{kind} line {ids[i]} | {ids[j]}",
            props=plain_props(kind=kind),
        )
    el = m.object_layer("exits", color="#a02c8c", parent=g)
    el.polygon(
        exit_poly, f"exit to {target}", props=plain_props(exit_id=exit_id, target_tile=target)
    )
    return cells, ids


def make_mice() -> TmxMap:
    W, H = 2 * MICE_TILE, MICE_TILE
    m = TmxMap(
        W,
        H,
        class_props(
            "TabletopMap",
            keep=("wall_tolerance",),
            system="mice_and_mystics",
            title="Chapter 1: Down the Drain",
            mm_per_pixel=MICE_MM_PER_PX,
            adjacency_gap=12.0,
            wall_tolerance=1.0,
            min_portal=4.0,
        )
        # the chapter comes with the map: its file, beside the map (game/rules/mice_and_mystics/chapter.py)
        + [("chapter", "file", "down_the_drain.chapter.json")],
        "type",
        [(FLOORS_FIRSTGID, FLOORS_TSX)],
    )
    rng = random.Random(33)

    def pick(x: int, y: int) -> int:
        if x < MICE_TILE:  # kitchen: huge planks, a seam every 4 rows
            return floor_gid("mouse_wood", 3 if y % 4 == 0 else rng.randrange(3))
        # cellar: blocks 3 tiles wide and 2 high, each course shifted by one and a half blocks
        top = 1 if y % 2 == 0 else 0
        left = 2 if (x + (y // 2) % 2 * 2) % 3 == 0 else 0
        return floor_gid("mouse_stone", top + left)

    m.tile_layer("floor", fill(W, H, pick), encoding="base64-zlib")
    kitchen, kitchen_ids = board_tile(
        m,
        "kitchen",
        0,
        101,
        "east",
        "cellar",
        trap_at=(224, 300),
        water_at=None,
        turning_at=((100, 100), (330, 360)),
        names=KITCHEN_NAMES,
    )
    cellar, cellar_ids = board_tile(
        m,
        "cellar",
        MICE_PX,
        202,
        "west",
        "kitchen",
        trap_at=None,
        water_at=(MICE_PX + 300, 350),
        turning_at=((MICE_PX + 120, 340),),
        names=CELLAR_NAMES,
    )

    s = m.object_layer("spawns", color="#2c5aa0")
    start = kitchen[_cell_at(kitchen, 70, 260)]
    cx, cy = polylabel(start, 1.0).coords[0]
    for (name, profile), (dx, dy) in zip(
        (("Tilly", "knight"), ("Bram", "tinkerer"), ("Pip", "scout"), ("Hazel", "healer")),
        ((-24, -24), (24, -24), (-24, 24), (24, 24)),  # 25 mm bases are 44 px here
        strict=True,
    ):
        s.point(cx + dx, cy + dy, name, "FigureSpawn", spawn_props("mice", profile, 0))
    for k, (name, profile, at) in enumerate(
        (
            ("Rat 1", "rat", (MICE_PX + 320, 110)),
            ("Rat 2", "rat", (MICE_PX + 380, 300)),
            ("Roach 1", "roach", (MICE_PX + 150, 90)),
            ("Roach 2", "roach", (MICE_PX + 60, 240)),
        )
    ):
        c = cellar[_cell_at(cellar, *at)]
        px, py = polylabel(c, 1.0).coords[0]
        s.point(
            px + (k % 2) * 6,
            py,
            name,
            "FigureSpawn" if k < 2 else None,
            spawn_props("minions", profile, 180),
        )

    lab = m.object_layer("labels", color="#555555")
    lab.text(150, 4, 148, 24, "Kitchen", size=16, color="#2b1d12")
    lab.text(MICE_PX + 150, 4, 148, 24, "Cellar", size=16, color="#1f1f1f")
    return m


# --------------------------------------------------------------------------------------------
# 4. relic.tmx -- Relic

RELIC_CENTRE = (448.0, 448.0)
#: (inner radius, outer radius) of each tier, px; the tiers are kept apart by a narrow track
#: so that they meet only where ``neighbors_add`` says.
RELIC_TIERS = {"outer": (306.0, 432.0), "middle": (196.0, 298.0), "inner": (100.0, 188.0)}
RELIC_CENTRE_R = 92.0

RELIC_OUTER = (
    ("Forge World", "Draw 1 red threat."),
    ("Trading Post", "Pay 1 influence to draw 1 wargear."),
    ("Hive Spire", "Draw 1 threat; gain 1 influence if you beat it."),
    ("Ash Wastes", "Roll a die: on 1 or 2 lose 1 life."),
    ("Shrine World", "Heal 1 life."),
    ("Void Station", "Draw 1 blue threat."),
    ("Mining Colony", "On a roll of 5 or 6 gain 1 wargear."),
    ("Ice Moon", "Roll 4 or more or miss your next move."),
    ("Agri World", "Heal up to 2 life."),
    ("Sky Bridge", "You may cross to the Obsidian Gate in the middle tier."),
    ("Warp Storm", "Move to any space of the outer tier."),
    ("Starport", "You may move to the Orbital Dock."),
    ("Jungle World", "Draw 1 green threat."),
    ("Penal Colony", "On 5 or 6 gain a follower, else lose 1 life."),
    ("Gas Giant", "A quiet orbit: rest and heal 1 life."),
    ("Research Outpost", "Look at the top 3 wargear cards and keep 1."),
    ("Ruined Cathedral", "Draw 1 yellow threat."),
    ("Dust Plains", "Draw 1 threat."),
    ("Orbital Dock", "You may move to the Starport."),
    ("Ocean World", "On a roll of 6 gain 1 relic shard."),
    ("Scrapyard", "Discard 1 wargear to draw 1 wargear."),
    ("Signal Beacon", "Every other player draws 1 threat."),
    ("Frontier Fort", "Gain 1 influence."),
    ("Plague World", "Lose 1 life unless you have a medic."),
)
RELIC_MIDDLE = (
    ("Warp Rift", "Holding a relic shard, you may enter the inner path."),
    ("Dead City", "Draw 2 threats."),
    ("Crystal Fields", "On 5 or 6 gain 1 relic shard."),
    ("Sunken Vault", "Draw 1 wargear."),
    ("Silent Monastery", "Heal 2 life."),
    ("Fallen Titan", "Fight a threat of strength 6."),
    ("Obsidian Gate", "You may cross back to the Sky Bridge."),
    ("Lightning Plateau", "Lose 1 life on a roll of 1 to 3."),
    ("Bone Desert", "Draw 1 red threat."),
    ("Weeping Spire", "Gain 1 influence for each corruption you carry."),
    ("Broken Bridge", "Your move ends here."),
    ("Ember Sea", "Draw 1 threat; lose 1 wargear if you are beaten."),
    ("Howling Caves", "Draw 1 blue threat."),
    ("Mirror Lake", "Swap places with any player in this tier."),
    ("Iron Labyrinth", "Next turn roll twice and choose."),
    ("Star Chart", "Move up to 3 spaces along this tier."),
)
RELIC_INNER = (
    ("Threshold", "The inner path begins: no way back but the Warp Rift."),
    ("Trial of Will", "Roll a die: on 1 to 3 lose 1 life."),
    ("Trial of Strength", "Fight a threat of strength 8."),
    ("Trial of Cunning", "Fight a threat of cunning 8."),
    ("Hall of Echoes", "Lose 1 follower, if you have any."),
    ("Last Gate", "Step into the Relic Chamber."),
)
RELIC_LINKS = (("outer-9", "middle-6"), ("middle-0", "inner-0"), ("inner-5", "centre"))


def ring_sector(
    r0: float, r1: float, a0: float, a1: float, step: float = 3.75
) -> list[tuple[float, float]]:
    cx, cy = RELIC_CENTRE
    n = max(2, math.ceil((a1 - a0) / step))
    angles = [a0 + (a1 - a0) * k / n for k in range(n + 1)]
    outer = [
        (cx + r1 * math.cos(math.radians(a)), cy + r1 * math.sin(math.radians(a))) for a in angles
    ]
    inner = [
        (cx + r0 * math.cos(math.radians(a)), cy + r0 * math.sin(math.radians(a)))
        for a in reversed(angles)
    ]
    return [(round(x, 2), round(y, 2)) for x, y in outer + inner]


def make_relic() -> TmxMap:
    W = H = 28
    m = TmxMap(
        W,
        H,
        class_props("TabletopMap", system="relic", title="The Relic Ring"),  # default scale
        "type",
        [(FLOORS_FIRSTGID, FLOORS_TSX)],
        background="#3a3226",
    )
    rng = random.Random(44)
    m.tile_layer(
        "parchment", fill(W, H, lambda x, y: floor_gid("parchment", rng.randrange(FLOORS_VARIANTS)))
    )

    links: dict[str, list[str]] = {}
    for a, b in RELIC_LINKS:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)

    cl = m.object_layer("cells", color="#7a3d3d")
    # what each space does, says and is called in Russian is map data (game/rules/relic/spaces.py),
    # kept for this generator in tools/relic_spaces.json
    space_props = json.loads((ROOT / "tools" / "relic_spaces.json").read_text(encoding="utf-8"))["spaces"]
    rules_text = {cid: entry["text"] for cid, entry in space_props.items()}
    starts: list[tuple[float, float]] = []
    for tier, spaces in (("outer", RELIC_OUTER), ("middle", RELIC_MIDDLE), ("inner", RELIC_INNER)):
        r0, r1 = RELIC_TIERS[tier]
        n = len(spaces)
        width = 360 / n
        for i, (name, text) in enumerate(spaces):
            a0 = -90 - width / 2 + i * width  # space 0 is at the top; the index runs clockwise
            pts = ring_sector(r0, r1, a0, a0 + width)
            cid = f"{tier}-{i}"
            text = rules_text.get(cid, text)
            values: dict[str, object] = {"cell_id": cid, "tier": tier, "index": i, "text": text}
            if cid in links:
                values["neighbors_add"] = ",".join(links[cid])
            extra = {k: v for k, v in space_props.get(cid, {}).items() if k != "text"}
            cl.polygon(pts, name, "Cell", class_values("Cell", values) + plain_props(**extra))
            if tier == "outer" and i % 6 == 0:
                amid = math.radians(a0 + width / 2)
                rm = (r0 + r1) / 2
                starts.append(
                    (RELIC_CENTRE[0] + rm * math.cos(amid), RELIC_CENTRE[1] + rm * math.sin(amid))
                )
    cx, cy = RELIC_CENTRE
    r = RELIC_CENTRE_R
    values = {
        "cell_id": "centre",
        "tier": "centre",
        "index": 0,
        "text": rules_text.get("centre", "Scenario space: face the scenario's final challenge here."),
        "neighbors_add": ",".join(links["centre"]),
    }
    extra = {k: v for k, v in space_props.get("centre", {}).items() if k != "text"}
    cl.ellipse(cx, cy, 2 * r, 2 * r, "Relic Chamber", "Cell",
               class_values("Cell", values) + plain_props(**extra))

    s = m.object_layer("spawns", color="#2c5aa0")
    for k, ((x, y), profile) in enumerate(
        zip(starts, ("captain", "inquisitor", "psyker", "tech_adept"), strict=True)
    ):
        s.point(x, y, f"Player {k + 1}", "FigureSpawn", spawn_props(f"player{k + 1}", profile, 0))

    lab = m.object_layer("labels", color="#555555")
    lab.text(12, 8, 260, 30, "The Relic Ring", size=22, color="#3b2a1a", halign="left")
    lab.text(
        560,
        858,
        330,
        30,
        "Crossings: Sky Bridge, Warp Rift, Last Gate",
        size=14,
        color="#3b2a1a",
        bold=False,
        halign="right",
    )
    return m


# --------------------------------------------------------------------------------------------


def _set_property(el: ET.Element, name: str, value: str) -> None:
    """Add a string property to ``el``'s ``<properties>`` (made first when missing; sorted by
    name, as Tiled writes them)."""
    props = el.find("properties")
    if props is None:
        props = ET.Element("properties")
        el.insert(0, props)
    ET.SubElement(props, "property", {"name": name, "value": value})
    props[:] = sorted(props, key=lambda e: e.get("name", ""))


def add_russian(m: TmxMap) -> TmxMap:
    """Russian beside the English: ``name_ru`` (and ``text_ru`` on labels) on every object with a
    known name, ``title_ru`` and ``side_<side>_ru`` on the map (see ``tools/map_names_ru.py``)."""
    sides: set[str] = set()
    for obj in m.root.iter("object"):
        name = obj.get("name", "")
        ru = russian(name) if name else None
        if ru is not None:
            _set_property(obj, "name_ru", ru)
        text = obj.find("text")
        if text is not None and text.text and russian(text.text) is not None:
            _set_property(obj, "text_ru", russian(text.text) or "")
        side = obj.find("properties/property[@name='side']")
        if side is not None:
            sides.add(side.get("value", ""))
    title = m.root.find("properties/property[@name='title']")
    if title is not None and title.get("value") in RU_TITLES:
        _set_property(m.root, "title_ru", RU_TITLES[title.get("value", "")])
    for side in sorted(sides):
        if side in RU_SIDES:
            _set_property(m.root, f"side_{side}_ru", RU_SIDES[side])
    return m


def main() -> int:
    MAPS.mkdir(exist_ok=True)
    for name, make in (
        ("tavern.tmx", make_tavern),
        ("ruins.tmx", make_ruins),
        ("mice_chapter.tmx", make_mice),
        ("relic.tmx", make_relic),
    ):
        add_russian(make()).write(MAPS / name)
        print(f"wrote maps/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
