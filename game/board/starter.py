"""``tabletop new``: a small starter scenario of a rule system, ready to open in Tiled and to play.

One for All and Helldorado get a small table made here (``STARTERS``: sides, figures, a few
pieces of terrain that show what the rules read). Mice and Mystics and Relic play on boards whose
every cell the rules and the chapter name, so their starter is the shipped scenario
(``maps/mice_chapter.tmx``, ``maps/relic.tmx``) written anew beside the user's files, with the
files it names (a map property of type ``file``) copied along.

Whatever a map needs to open in Tiled travels with it: the tilesets it uses (copied into
``tilesets/`` beside the map) and, when the folder has no Tiled project yet, a
``tabletop.tiled-project`` with the program's custom types (the shipped one, whose folders are
made the map's own). Nothing already there is overwritten but the map itself, and that only when
asked (``force``). Plain Python: no pygame.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from game.core.resources import data_dir
from game.core.units import DEFAULT_MM_PER_PIXEL

TILE_PX = 32
TILESETS = "tilesets"
PROJECT_NAME = "tabletop.tiled-project"
#: the suffix a starter map is written with (Tiled's XML format)
MAP_SUFFIX = ".tmx"


class StarterError(ValueError):
    """Why a starter cannot be written: one line naming the file and what to change."""


# --------------------------------------------------------------------------------------------
# What a made starter holds


@dataclass(frozen=True)
class Piece:
    """A Terrain object: a rectangle, an ellipse (x, y, w, h in px) or a polyline (``points``)."""

    name: str
    name_ru: str
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    shape: str = "rect"  #: "rect", "ellipse" or "polyline"
    points: tuple[tuple[float, float], ...] = ()
    #: the Terrain members that differ from their defaults, as (name, Tiled type, value)
    props: tuple[tuple[str, str, object], ...] = ()


@dataclass(frozen=True)
class Spawn:
    """A FigureSpawn point (px)."""

    name: str
    name_ru: str
    side: str
    profile: str
    x: float
    y: float
    facing: float


@dataclass(frozen=True)
class Starter:
    """A small scenario made from scratch: a floor of one material, terrain and spawns."""

    system: str
    title: str
    title_ru: str
    width: int  #: tiles
    height: int  #: tiles
    floor_row: int  #: the material's row in floors.tsx (0 wood, 2 flagstones, 3 grass...)
    sides_ru: tuple[tuple[str, str], ...]
    terrain: tuple[Piece, ...]
    spawns: tuple[Spawn, ...]
    mm_per_pixel: float = DEFAULT_MM_PER_PIXEL
    labels: tuple[tuple[str, str, float, float], ...] = field(default=())  #: text, text_ru, x, y


def _f(kind: str, height: float, **flags: object) -> tuple[tuple[str, str, object], ...]:
    out: list[tuple[str, str, object]] = [("kind", "string", kind), ("height", "float", height)]
    for name, value in flags.items():
        out.append((name, "bool" if isinstance(value, bool) else "float", value))
    return tuple(out)


#: ...And One for All!: 12 x 16 tiles (305 x 406 mm), each side within 50 mm of its own short
#: edge (OFA-1C.3); a table to stand on, a chandelier low enough to swing on from the floor
#: (its underside above a figure's head, 40 mm, and at most 1.5 heads up, 60 mm: OFA-MG.2), a
#: barrel to roll, a mug to throw, a crate and a wall.
ONE_FOR_ALL = Starter(
    "one_for_all", "A Tavern Brawl", "Драка в таверне", 12, 16, 0,
    (("musketeers", "Мушкетёры"), ("cardinal", "Гвардия кардинала")),
    (
        Piece("table", "стол", 128, 224, 128, 64, props=_f("table", 25, surface=True)),
        Piece("mug", "кружка", 180, 248, 10, 10, "ellipse",
              props=_f("mug", 6, bottom=25.0, liftable=True)),
        Piece("chandelier", "люстра", 48, 232, 48, 48, "ellipse",
              props=_f("chandelier", 8, bottom=55.0, blocks_sight=False, swingable=True)),
        Piece("barrel", "бочка", 296, 152, 32, 32, "ellipse", props=_f("barrel", 25, rollable=True)),
        Piece("crate", "ящик", 296, 320, 28, 28,
              props=_f("crate", 22, surface=True, liftable=True)),
        Piece("wall", "стена", 0, 0, shape="polyline", points=((16, 160), (16, 352)),
              props=(*_f("wall", 60), ("thickness", "float", 10.0))),
    ),
    (
        Spawn("d'Artagnan", "д'Артаньян", "musketeers", "dartagnan", 160, 480, 270),
        Spawn("Athos", "Атос", "musketeers", "athos", 224, 480, 270),
        Spawn("Rochefort", "Рошфор", "cardinal", "rochefort", 160, 32, 90),
        Spawn("Guard", "Гвардеец", "cardinal", "guard", 224, 32, 90),
    ),
)

#: Helldorado: 24 x 24 tiles, one fathom (an inch, 25.4 mm) a tile; a unit is about a fathom
#: tall, and terrain within a fathom of it that hides half its silhouette or more is cover
#: (HD-RANGED-9): a 15 mm low wall covers a unit crouching behind it, a 50 mm house hides it.
HELLDORADO = Starter(
    "helldorado", "Crossroads", "Перекрёсток", 24, 24, 2,
    (("conquistadors", "Конкистадоры"), ("inferno", "Инферно")),
    (
        Piece("house", "дом", 96, 288, 160, 128, props=_f("house", 50)),
        Piece("low wall", "низкая стена", 0, 0, shape="polyline",
              points=((448, 256), (608, 256)), props=(*_f("wall", 15), ("thickness", "float", 8.0))),
        Piece("well", "колодец", 528, 432, 64, 64, "ellipse", props=_f("well", 20)),
        Piece("rubble", "обломки", 320, 480, 96, 64,
              props=_f("rubble", 3, blocks_sight=False, flat=True)),
    ),
    (
        Spawn("Capitán", "Капитан", "conquistadors", "capitan", 288, 720, 270),
        Spawn("Arquebusier", "Аркебузир", "conquistadors", "arquebusier", 384, 720, 270),
        Spawn("Pikeman", "Пикинёр", "conquistadors", "pikeman", 480, 720, 270),
        Spawn("Damned 1", "Проклятый 1", "inferno", "damned", 288, 48, 90),
        Spawn("Damned 2", "Проклятый 2", "inferno", "damned", 384, 48, 90),
        Spawn("Imp", "Бесёнок", "inferno", "imp", 480, 48, 90),
    ),
)

STARTERS: dict[str, Starter] = {s.system: s for s in (ONE_FOR_ALL, HELLDORADO)}
#: the rule systems whose starter is their shipped scenario, written anew
SHIPPED: dict[str, str] = {"mice_and_mystics": "mice_chapter.tmx", "relic": "relic.tmx"}
SYSTEMS: tuple[str, ...] = tuple(sorted((*STARTERS, *SHIPPED)))


# --------------------------------------------------------------------------------------------
# Writing a made starter as TMX


def _num(value: float) -> str:
    return f"{value:g}"


def _prop(name: str, type_: str, value: object, indent: str) -> str:
    if type_ == "bool":
        text = "true" if value else "false"
    elif type_ == "float":
        text = _num(float(value))  # type: ignore[arg-type]
    else:
        text = str(value)
    kind = "" if type_ == "string" else f" type={quoteattr(type_)}"
    return f'{indent}<property name={quoteattr(name)}{kind} value={quoteattr(text)}/>'


def _properties(items: list[tuple[str, str, object]], indent: str = "  ") -> list[str]:
    lines = [_prop(n, t, v, indent + " ") for n, t, v in sorted(items, key=lambda i: i[0])]
    return [f"{indent}<properties>", *lines, f"{indent}</properties>"]


def starter_tmx(starter: Starter, title: str | None = None,
                tileset_source: str = f"{TILESETS}/floors.tsx") -> str:
    """The starter as the TMX text Tiled writes (``title`` replaces its own, in every language)."""
    map_props: list[tuple[str, str, object]] = [
        ("system", "string", starter.system),
        ("mm_per_pixel", "float", starter.mm_per_pixel),
        ("title", "string", title or starter.title),
    ]
    if not title:
        map_props.append(("title_ru", "string", starter.title_ru))
    map_props += [(f"side_{side}_ru", "string", ru) for side, ru in starter.sides_ru]
    w, h = starter.width, starter.height
    next_id = len(starter.terrain) + len(starter.spawns) + len(starter.labels) + 1
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" class="TabletopMap" orientation="orthogonal" '
           f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{TILE_PX}" '
           f'tileheight="{TILE_PX}" infinite="0" nextlayerid="5" nextobjectid="{next_id}">',
           *_properties(map_props, " "),
           f' <tileset firstgid="1" source={quoteattr(tileset_source)}/>',
           f' <layer id="1" name="floor" width="{w}" height="{h}">',
           '  <data encoding="csv">']
    first = starter.floor_row * 4 + 1
    rows = [",".join(str(first + (x * 7 + y * 3) % 4) for x in range(w)) for y in range(h)]
    out += [",\n".join(rows), "</data>", " </layer>",
            ' <objectgroup id="2" name="terrain" color="#7a5230">']
    oid = 0
    for piece in starter.terrain:
        oid += 1
        size = "" if piece.shape == "polyline" else f' width="{_num(piece.w)}" height="{_num(piece.h)}"'
        out.append(f'  <object id="{oid}" name={quoteattr(piece.name)} class="Terrain" '
                   f'x="{_num(piece.x)}" y="{_num(piece.y)}"{size}>')
        out += _properties([*piece.props, ("name_ru", "string", piece.name_ru)], "   ")
        if piece.shape == "ellipse":
            out.append("   <ellipse/>")
        elif piece.shape == "polyline":
            pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in piece.points)
            out.append(f'   <polyline points="{pts}"/>')
        out.append("  </object>")
    out += [" </objectgroup>", ' <objectgroup id="3" name="spawns" color="#2c5aa0">']
    for spawn in starter.spawns:
        oid += 1
        out.append(f'  <object id="{oid}" name={quoteattr(spawn.name)} class="FigureSpawn" '
                   f'x="{_num(spawn.x)}" y="{_num(spawn.y)}">')
        out += _properties([("side", "string", spawn.side), ("profile", "string", spawn.profile),
                            ("facing", "float", spawn.facing),
                            ("name_ru", "string", spawn.name_ru)], "   ")
        out += ["   <point/>", "  </object>"]
    out += [" </objectgroup>", ' <objectgroup id="4" name="labels" color="#555555">']
    for text, text_ru, x, y in starter.labels:
        oid += 1
        out.append(f'  <object id="{oid}" x="{_num(x)}" y="{_num(y)}" width="160" height="20">')
        out += _properties([("text_ru", "string", text_ru)], "   ")
        out += [f'   <text wrap="1">{escape(text)}</text>', "  </object>"]
    out += [" </objectgroup>", "</map>", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# The files a map needs beside it


def _inside(relative: str) -> bool:
    """Is ``relative`` a path that stays inside the folder it is relative to?"""
    return not Path(relative).is_absolute() and ".." not in Path(relative).parts


def _copy_new(source: Path, target: Path) -> Path | None:
    """Copy ``source`` to ``target`` unless something is there already; the path when written."""
    if target.exists():
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target


def copy_tileset(tsx: Path, folder: Path) -> list[Path]:
    """``tsx`` and the images it names, into ``folder/tilesets/`` (their own relative paths
    kept); the files written (none already there is replaced)."""
    written = []
    target = folder / TILESETS / tsx.name
    made = _copy_new(tsx, target)
    if made is not None:
        written.append(made)
    for image in ET.parse(tsx).getroot().iter("image"):
        source = image.get("source", "")
        if source and _inside(source):
            made = _copy_new(tsx.parent / source, target.parent / source)
            if made is not None:
                written.append(made)
    return written


def project_text() -> str:
    """The shipped Tiled project (the program's custom types) with the folder it lies in as its
    only folder: what a user's maps folder needs for Tiled to offer the classes."""
    doc = json.loads((data_dir("maps") / PROJECT_NAME).read_text(encoding="utf-8"))
    doc["folders"] = ["."]
    return json.dumps(doc, indent=4, ensure_ascii=False) + "\n"


def write_project(folder: Path) -> Path | None:
    """``folder/tabletop.tiled-project`` when the folder has no Tiled project yet."""
    if any(folder.glob("*.tiled-project")):
        return None
    path = folder / PROJECT_NAME
    path.write_text(project_text(), encoding="utf-8", newline="\n")
    return path


# --------------------------------------------------------------------------------------------
# The shipped scenarios, written anew


def _file_properties(root: ET.Element) -> list[str]:
    """The values of the map's properties of type ``file`` (files the map names, beside it)."""
    return [p.get("value", "") for p in root.findall("./properties/property")
            if p.get("type") == "file" and p.get("value")]


def rehomed_tmx(shipped: Path, title: str | None = None) -> tuple[str, list[Path], list[str]]:
    """The shipped map's text with its tilesets in ``tilesets/`` beside it: (text, the shipped
    tilesets it uses, the files its ``file`` properties name, relative to it)."""
    tree = ET.parse(shipped)
    root = tree.getroot()
    tilesets = []
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source:
            path = (shipped.parent / source).resolve()
            tilesets.append(path)
            tileset.set("source", f"{TILESETS}/{path.name}")
    props = root.find("properties")
    if title and props is not None:
        for prop in list(props):
            if prop.get("name") == "title":
                prop.set("value", title)
            elif prop.get("name") == "title_ru":
                props.remove(prop)
    text = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n", tilesets, _file_properties(root)


# --------------------------------------------------------------------------------------------
# tabletop new


def nearest(name: str) -> str | None:
    """The rule system ``name`` most likely means: one it begins, one whose initials it is
    (``ofa``, ``mm``), else the closest spelling; None when nothing is near."""
    import difflib

    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key in SYSTEMS:
        return key
    begun = [s for s in SYSTEMS if key and s.startswith(key)]
    if len(begun) == 1:
        return begun[0]
    for system in SYSTEMS:
        words = system.split("_")
        if key in ("".join(w[0] for w in words),
                   "".join(w[0] for w in words if w not in ("and", "for"))):
            return system
    close = difflib.get_close_matches(key, SYSTEMS, n=1, cutoff=0.6)
    return close[0] if close else None


def suggest(name: str) -> str:
    """One line: ``name`` is not a rule system, the nearest one, and the known ones."""
    near = nearest(name)
    hint = f"; did you mean {near}?" if near else ""
    return f"unknown game {name!r}{hint} (one of {', '.join(SYSTEMS)})"


def write_starter(system: str, path: Path, *, force: bool = False,
                  title: str | None = None) -> list[Path]:
    """Write the starter scenario of ``system`` to ``path`` (a ``.tmx``) and what it needs beside
    it; the files written, the map first. ``StarterError`` (one line) when it cannot."""
    if system not in SYSTEMS:
        raise StarterError(suggest(system))
    if path.is_dir():
        raise StarterError(f"{path}: is a folder; give the name of the map file to write")
    if path.suffix.lower() != MAP_SUFFIX:
        raise StarterError(f"{path}: a new map is written as a Tiled .tmx file; "
                           f"name it e.g. {path.with_suffix(MAP_SUFFIX).name}")
    if path.exists() and not force:
        raise StarterError(f"{path}: already exists; choose another name, or add --force "
                           "to replace it")
    folder = path.parent
    if system in STARTERS:
        text = starter_tmx(STARTERS[system], title)
        tilesets = [data_dir("assets") / "tilesets" / "floors.tsx"]
        extras: list[str] = []
        shipped_dir = None
    else:
        shipped = data_dir("maps") / SHIPPED[system]
        text, tilesets, extras = rehomed_tmx(shipped, title)
        shipped_dir = shipped.parent
    tmp = path.with_name(path.name + ".part")  # the map appears whole, or not at all
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8", newline="\n")
        tmp.replace(path)
        written = [path]
        for tsx in tilesets:
            written += copy_tileset(tsx, folder)
        for name in extras:
            if shipped_dir is not None and _inside(name):
                made = _copy_new(shipped_dir / name, folder / name)
                if made is not None:
                    written.append(made)
        project = write_project(folder)
        if project is not None:
            written.append(project)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        where = exc.filename or path
        raise StarterError(f"{where}: cannot write it ({exc.strerror or exc})") from None
    return written


__all__ = ["SYSTEMS", "STARTERS", "Piece", "Spawn", "Starter", "StarterError", "copy_tileset",
           "nearest", "project_text", "rehomed_tmx", "starter_tmx", "suggest", "write_project", "write_starter"]
