"""Fuzzing the map loader with mutated real maps (issue 10, item 1).

A seeded mutator takes the shipped maps (always) and the corpus of real Tiled maps (when it is
beside the checkout) and breaks them in every way the issue lists: truncation, missing and wrong
attributes, NaN and huge coordinates, self-intersecting and degenerate polygons, zero-size
ellipses, tileset, template and image paths that are missing or point at a folder, a non-image, a
FIFO or ``/dev/zero``, deep nesting, unknown encodings and XML entity expansion.

Every case must end in a :class:`Board` that makes sense (finite coordinates, valid terrain,
every object of the XML either loaded or reported as left out, one-line problems naming the file)
or in one :class:`MapError` whose message is a single line naming the file. The cases run in a
child process, one at a time, under a hard time limit each: a hang or a crash of the child fails
the case (and the child is restarted for the rest) instead of hanging CI.
"""

from __future__ import annotations

import base64
import copy
import functools
import gzip
import json
import math
import os
import queue
import random
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REPO_DIR = Path(__file__).resolve().parents[2]
SHIPPED_DIR = REPO_DIR / "maps"
TILESET_DIR = REPO_DIR / "assets" / "tilesets"
CORPUS_DIR = REPO_DIR / ".." / "shared" / "corpus" / "tiled"
NO_CORPUS = "../shared/corpus/tiled is not beside the checkout: only the shipped maps are fuzzed"

#: ``tools/fuzz.py --maps --seed N`` sets another through ``TABLETOP_MAP_FUZZ_SEED``.
SEED = int(os.environ.get("TABLETOP_MAP_FUZZ_SEED", "20100001"))
#: Cases generated (at least 1,000 with the shipped maps alone).
CASES = 1200
#: A case with no answer after this long is recorded as a hang. It only catches loops that never
#: end: a real map loads in about 10 ms and the slowest cases (maps of 100,001 objects, refused)
#: take about 1 s. The summary prints the slowest three; speed is never asserted by a clock here.
CASE_SECONDS = 30.0
#: Time for the child to import everything before its first case.
STARTUP_SECONDS = 60.0
#: Every how many cases the child loads with the UI's image loader (pygame) instead of none.
IMAGE_LOADER_EVERY = 4
#: Every how many cases also go through ``python -m game validate`` (all of them are loaded).
VALIDATE_EVERY = 3
MEMORY_LIMIT = 3 * 1024 ** 3
XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'


# =========================================================================== inputs
def shipped_maps() -> list[Path]:
    return sorted(SHIPPED_DIR.glob("*.tmx"))


def corpus_maps() -> list[Path]:
    """The corpus maps tabletop can show: orthogonal, hexagonal and staggered, finite or infinite,
    any compression (the isometric and oblique ones are refused whole: mutating them would only
    test that refusal again)."""
    if not CORPUS_DIR.is_dir():
        return []
    found = []
    for path in sorted(CORPUS_DIR.resolve().rglob("*.tmx")):
        root = ET.parse(path).getroot()
        if root.get("orientation", "orthogonal") in ("orthogonal", "hexagonal", "staggered"):
            found.append(path)
    return found


def absolutise(root: ET.Element, base_dir: Path) -> None:
    """Make every file reference absolute, so a mutant may be written anywhere."""
    for node in root.iter():
        for attr in ("source", "template"):
            value = node.get(attr)
            if value and not os.path.isabs(value):
                node.set(attr, os.path.normpath(os.path.join(base_dir, value)))


def ser(root: ET.Element) -> bytes:
    return (XML_HEADER + ET.tostring(root, encoding="unicode")).encode("utf-8")


@dataclass
class Base:
    path: Path
    root: ET.Element  #: parsed, with absolute file references
    text: bytes  #: ``root`` serialised


def load_base(path: Path) -> Base:
    root = ET.parse(path).getroot()
    absolutise(root, path.parent)
    return Base(path, root, ser(root))


# =========================================================================== auxiliary files
PNG_1x1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
BILLION_LAUGHS = (
    '<!DOCTYPE map [\n <!ENTITY lol "lol">\n'
    + "".join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
              for i in range(1, 10))
    + "]>\n")


def make_aux(aux: Path) -> dict[str, str]:
    """Broken tilesets, templates and pictures the mutants point at, by name."""
    aux.mkdir(parents=True, exist_ok=True)
    files: dict[str, str] = {}

    def put(name: str, data: bytes | str) -> None:
        path = aux / name
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        files[name] = str(path)

    for name in ("folder", "folder.tsx", "folder.png", "folder.tx"):
        (aux / name).mkdir(exist_ok=True)
        files[name] = str(aux / name)
    put("text.png", "this is not a picture\n")
    put("empty.png", b"")
    put("garbage.png", bytes(range(256)) * 4)
    put("real.png", PNG_1x1)
    put("text.tsx", "hello, I am not XML\n")
    put("empty.tsx", b"")
    put("binary.tsx", PNG_1x1)
    put("map_as_tileset.tsx", (SHIPPED_DIR / "tavern.tmx").read_bytes())
    put("tileset.tsj", '{"type": "tileset"}')
    put("tileset.json", '{"type": "tileset"}')
    put("lol.tsx", '<?xml version="1.0"?>\n' + BILLION_LAUGHS.replace("map", "tileset")
        + '<tileset name="lol" tilewidth="32" tileheight="32">&lol9;</tileset>')
    put("lol16.tsx", ('<?xml version="1.0" encoding="UTF-16"?>\n' + BILLION_LAUGHS.replace("map", "tileset")
                      + '<tileset name="lol" tilewidth="32" tileheight="32">&lol9;</tileset>').encode("utf-16"))
    if hasattr(os, "mkfifo"):
        for name in ("fifo.tsx", "fifo.png", "fifo.tx"):
            if not (aux / name).exists():
                os.mkfifo(aux / name)
            files[name] = str(aux / name)
    if os.path.exists("/dev/zero"):
        files["devzero"] = "/dev/zero"

    # tilesets: the shipped ones, broken one way each
    for tsx in sorted(TILESET_DIR.glob("*.tsx")):
        root = ET.parse(tsx).getroot()
        absolutise(root, tsx.parent)
        good = ser(root)
        stem = tsx.stem
        put(f"{stem}_ok.tsx", good)
        put(f"{stem}_truncated.tsx", good[: len(good) // 2])
        put(f"{stem}_dtd.tsx", good.replace(b"<tileset", b"<!DOCTYPE tileset SYSTEM \"x.dtd\">\n<tileset", 1))
        for label, edit in _tileset_edits():
            broken = copy.deepcopy(root)
            edit(broken, files)
            put(f"{stem}_{label}.tsx", ser(broken))

    # templates
    props = str(TILESET_DIR / "props.tsx")
    put("ok.tx", XML_HEADER + '<template><object name="crate" class="Terrain" width="32" height="16">'
        '<properties><property name="height" type="float" value="20"/></properties><ellipse/></object></template>')
    put("tile_ok.tx", XML_HEADER + f'<template><tileset firstgid="1" source="{props}"/>'
        '<object name="barrel" gid="1" width="32" height="32"/></template>')
    put("text.tx", "not a template")
    put("empty.tx", b"")
    put("map_as_template.tx", (SHIPPED_DIR / "tavern.tmx").read_bytes())
    put("root_map.tx", XML_HEADER + "<map/>")
    put("no_object.tx", XML_HEADER + "<template/>")
    put("dtd.tx", '<?xml version="1.0"?>\n' + BILLION_LAUGHS.replace("map", "template")
        + "<template><object name='&lol9;'/></template>")
    put("truncated.tx", (XML_HEADER + '<template><object name="crate" width="32" height="16"><ellipse/></obj'))
    put("tileset_missing.tx", XML_HEADER + '<template><tileset firstgid="1" source="nope.tsx"/>'
        '<object gid="1" width="32" height="32"/></template>')
    put("tileset_folder.tx", XML_HEADER + f'<template><tileset firstgid="1" source="{aux / "folder"}"/>'
        '<object gid="1" width="32" height="32"/></template>')
    put("tileset_fifo.tx", XML_HEADER + f'<template><tileset firstgid="1" source="{aux / "fifo.tsx"}"/>'
        '<object gid="1" width="32" height="32"/></template>')
    put("gid_huge.tx", XML_HEADER + f'<template><tileset firstgid="1" source="{props}"/>'
        '<object gid="99999999999" width="32" height="32"/></template>')
    put("gid_text.tx", XML_HEADER + f'<template><tileset firstgid="1" source="{props}"/>'
        '<object gid="barrel" width="32" height="32"/></template>')
    put("bad_points.tx", XML_HEADER + '<template><object class="Terrain"><polygon points="0,0 nan,1 x"/></object></template>')
    put("nan_x.tx", XML_HEADER + '<template><object x="NaN" width="1e999" height="10"/></template>')
    put("self.tx", XML_HEADER + '<template><object template="self.tx" width="4" height="4"/></template>')
    return files


def _tileset_edits() -> list[tuple[str, Callable[[ET.Element, dict[str, str]], None]]]:
    def set_all(tag: str, attr: str, value: str) -> Callable[[ET.Element, dict[str, str]], None]:
        def edit(root: ET.Element, files: dict[str, str]) -> None:
            for node in [root, *root.iter()] if root.tag == tag else root.iter(tag):
                node.set(attr, value)
        return edit

    def images_to(name: str) -> Callable[[ET.Element, dict[str, str]], None]:
        def edit(root: ET.Element, files: dict[str, str]) -> None:
            for node in root.iter("image"):
                node.set("source", files.get(name, name))
        return edit

    def collision_nan(root: ET.Element, files: dict[str, str]) -> None:
        for obj in root.iter("object"):
            obj.set("x", "nan")
            obj.set("width", "1e400")

    def collision_bowtie(root: ET.Element, files: dict[str, str]) -> None:
        for obj in root.iter("object"):
            for child in list(obj):
                obj.remove(child)
            ET.SubElement(obj, "polygon", points="0,0 20,20 20,0 0,20")

    def collision_huge(root: ET.Element, files: dict[str, str]) -> None:
        for obj in root.iter("object"):
            for child in list(obj):
                obj.remove(child)
            ET.SubElement(obj, "polygon", points="0,0 1e308,0 1e308,1e308")

    def tile_props_bad(root: ET.Element, files: dict[str, str]) -> None:
        for prop in root.iter("property"):
            prop.set("value", {"float": "nan", "bool": "maybe"}.get(prop.get("type", ""), "1e400"))

    def root_is_map(root: ET.Element, files: dict[str, str]) -> None:
        root.tag = "map"

    return [
        ("tilewidth_zero", set_all("tileset", "tilewidth", "0")),
        ("tilewidth_nan", set_all("tileset", "tilewidth", "NaN")),
        ("tilewidth_huge", set_all("tileset", "tilewidth", "1e300")),
        ("tilewidth_neg", set_all("tileset", "tilewidth", "-32")),
        ("tilecount_huge", set_all("tileset", "tilecount", "99999999999999")),
        ("tilecount_text", set_all("tileset", "tilecount", "many")),
        ("columns_zero", set_all("tileset", "columns", "0")),
        ("tile_id_text", set_all("tile", "id", "first")),
        ("tile_id_neg", set_all("tile", "id", "-7")),
        ("tile_id_huge", set_all("tile", "id", "1e300")),
        ("image_width_nan", set_all("image", "width", "nan")),
        ("image_width_zero", set_all("image", "width", "0")),
        ("image_missing", images_to("no_such_picture.png")),
        ("image_folder", images_to("folder")),
        ("image_text", images_to("text.png")),
        ("image_empty", images_to("empty.png")),
        ("image_fifo", images_to("fifo.png")),
        ("image_devzero", images_to("devzero")),
        ("collision_nan", collision_nan),
        ("collision_bowtie", collision_bowtie),
        ("collision_huge", collision_huge),
        ("tile_props_bad", tile_props_bad),
        ("root_map", root_is_map),
    ]


# =========================================================================== the mutator
@dataclass
class Ctx:
    rng: random.Random
    base: Base
    aux: dict[str, str]
    case: Path
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        self.notes.append(text)


BAD_NUMBERS = ["", " ", "abc", "-1", "0", "-0", "1.5", "NaN", "nan", "inf", "-inf", "Infinity",
               "1e308", "-1e308", "1e400", "9" * 40, "9" * 5000, "0x1F", "1_000", "\u0661\u0662",
               "+5", " 7 ", "1e-320", "line\nbreak", "true", "2147483648", "4294967296", "-2147483649",
               "10000001", "-10000001", "3.0"]
HUGE_OR_NAN = ["NaN", "nan", "-nan", "inf", "-inf", "1e308", "-1e308", "1e400", "10000001",
               "-10000001", "1e7", "9999999.5", "1e-320", "9" * 400]
POINT_LISTS = {
    "bowtie": "0,0 40,40 40,0 0,40",
    "figure eight": "0,0 10,10 0,10 10,0 0,0",
    "same point": "5,5 5,5 5,5 5,5",
    "collinear": "0,0 10,0 20,0 30,0",
    "back and forth": "0,0 10,0 0,0 10,0",
    "two points": "0,0 10,10",
    "one point": "3,3",
    "empty": "",
    "blank": "   ",
    "odd number": "0,0 10",
    "letters": "a,b c,d e,f",
    "triples": "0,0,0 1,1,1 2,0,2",
    "semicolons": "0;0 1;1 2;0",
    "trailing commas": "0,0, 10,10, 10,0,",
    "nan": "0,0 nan,5 10,10",
    "inf": "0,0 inf,0 0,10",
    "huge": "0,0 1e308,0 0,1e308",
    "overflowing": "0,0 1e200,0 1e200,1e200 0,1e200",
    "beyond the table": "0,0 20000000,0 0,20000000",
    "tiny": "0,0 1e-300,0 0,1e-300",
    "spike": "0,0 100,0 100,100 50,100 50,-50 50,100 0,100",
    "self touching": "0,0 20,0 20,20 10,0 0,20",
    "newlines": "0,0\n10,0\n10,10",
}
CLASSES = ["", "", "Terrain", "Terrain", "Cell", "FigureSpawn", "Mystery"]


def map_layers(root: ET.Element) -> list[ET.Element]:
    """Object layers of the map (inside groups too), not tile collision groups."""
    found: list[ET.Element] = []

    def walk(node: ET.Element) -> None:
        for child in node:
            if child.tag == "objectgroup":
                found.append(child)
            elif child.tag == "group":
                walk(child)

    walk(root)
    return found


def some_layer(root: ET.Element, ctx: Ctx) -> ET.Element:
    layers = map_layers(root)
    if layers:
        return ctx.rng.choice(layers)
    return ET.SubElement(root, "objectgroup", id="990", name="fuzz")


def some_objects(root: ET.Element, ctx: Ctx, n: int) -> list[ET.Element]:
    objs = [o for layer in map_layers(root) for o in layer.findall("object")]
    if not objs:
        layer = some_layer(root, ctx)
        objs = [ET.SubElement(layer, "object", id="991", x="10", y="10", width="20", height="20")]
    return [ctx.rng.choice(objs) for _ in range(n)]


def new_object(root: ET.Element, ctx: Ctx, **attrs: str) -> ET.Element:
    layer = some_layer(root, ctx)
    cls = ctx.rng.choice(CLASSES)
    base = {"id": str(ctx.rng.randint(2000, 9000)), "x": str(ctx.rng.uniform(0, 300)),
            "y": str(ctx.rng.uniform(0, 300))}
    if cls:
        base["class"] = cls
    obj = ET.SubElement(layer, "object", {**base, **attrs})
    if cls == "Terrain" and ctx.rng.random() < 0.5:
        props = ET.SubElement(obj, "properties")
        ET.SubElement(props, "property", name="height", type="float",
                      value=ctx.rng.choice(["10", "0", "-3", "nan", "1e308"]))
    return obj


def m_truncate(root: ET.Element, ctx: Ctx) -> bytes:
    data = ctx.base.text
    cut = ctx.rng.choice([0, 1, 10, 39, 40, len(data) // 3, len(data) // 2, len(data) - 1,
                          ctx.rng.randrange(len(data))])
    ctx.note(f"cut at byte {cut} of {len(data)}")
    return data[:cut]


def m_corrupt_bytes(root: ET.Element, ctx: Ctx) -> bytes:
    data = bytearray(ctx.base.text)
    for _ in range(ctx.rng.randint(1, 6)):
        how = ctx.rng.choice(["flip", "nul", "bad utf-8", "delete", "duplicate", "swap"])
        at = ctx.rng.randrange(len(data))
        if how == "flip":
            data[at] ^= 1 << ctx.rng.randrange(8)
        elif how == "nul":
            data[at:at] = b"\x00"
        elif how == "bad utf-8":
            data[at:at] = ctx.rng.choice([b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"])
        elif how == "delete":
            del data[at:at + ctx.rng.randint(1, 200)]
        elif how == "duplicate":
            data[at:at] = data[at:at + ctx.rng.randint(1, 400)]
        else:
            other = ctx.rng.randrange(len(data))
            data[at], data[other] = data[other], data[at]
        ctx.note(how)
    return bytes(data)


IMPORTANT_ATTRS = ("width", "height", "tilewidth", "tileheight", "firstgid", "source", "id", "points",
                   "x", "y", "encoding", "compression", "gid", "name", "value", "type", "orientation")


def m_drop_attribute(root: ET.Element, ctx: Ctx) -> bytes:
    for _ in range(ctx.rng.randint(1, 3)):
        nodes = [n for n in root.iter() if n.attrib]
        if not nodes:
            break
        node = ctx.rng.choice(nodes)
        important = [a for a in node.attrib if a in IMPORTANT_ATTRS]
        attr = ctx.rng.choice(important or list(node.attrib))
        node.attrib.pop(attr, None)
        ctx.note(f"<{node.tag}> without {attr}")
    return ser(root)


def m_wrong_attribute(root: ET.Element, ctx: Ctx) -> bytes:
    nodes = [n for n in root.iter() if n.attrib] or [root]  # stacked on a mutant without attributes
    for _ in range(ctx.rng.randint(1, 3)):
        node = ctx.rng.choice(nodes)
        attr = ctx.rng.choice(list(node.attrib) + ["width", "height", "id"])
        value = ctx.rng.choice(BAD_NUMBERS)
        node.set(attr, value)
        ctx.note(f"<{node.tag}> {attr}={value[:20]!r}")
    return ser(root)


def m_bad_coordinates(root: ET.Element, ctx: Ctx) -> bytes:
    for obj in some_objects(root, ctx, ctx.rng.randint(1, 4)):
        attr = ctx.rng.choice(["x", "y", "width", "height", "rotation"])
        value = ctx.rng.choice(HUGE_OR_NAN)
        obj.set(attr, value)
        ctx.note(f"object {attr}={value[:20]}")
    if ctx.rng.random() < 0.3:
        layer = ctx.rng.choice(map_layers(root) or [root])
        attr = ctx.rng.choice(["offsetx", "offsety", "opacity", "parallaxx"])
        layer.set(attr, ctx.rng.choice(HUGE_OR_NAN))
        ctx.note(f"layer {attr}")
    return ser(root)


def m_bad_polygon(root: ET.Element, ctx: Ctx) -> bytes:
    for _ in range(ctx.rng.randint(1, 3)):
        label = ctx.rng.choice(sorted(POINT_LISTS) + ["too many", "many"])
        if label == "too many":
            points = " ".join(f"{math.cos(t / 1e4):.4f},{math.sin(t / 1e4):.4f}" for t in range(100_001))
        elif label == "many":
            points = " ".join(f"{100 * math.cos(t / 500):.3f},{100 * math.sin(t / 500):.3f}"
                              for t in range(3000))
        else:
            points = POINT_LISTS[label]
        tag = ctx.rng.choice(["polygon", "polygon", "polyline"])
        if ctx.rng.random() < 0.5:
            obj = new_object(root, ctx)
        else:
            obj = some_objects(root, ctx, 1)[0]
            for child in list(obj):
                if child.tag in ("polygon", "polyline", "ellipse", "point", "text"):
                    obj.remove(child)
        ET.SubElement(obj, tag, points=points)
        if ctx.rng.random() < 0.3:
            obj.set("rotation", ctx.rng.choice(["45", "nan", "1e300", "-720"]))
        ctx.note(f"{tag} {label}")
    return ser(root)


def m_bad_ellipse(root: ET.Element, ctx: Ctx) -> bytes:
    for _ in range(ctx.rng.randint(1, 3)):
        w, h = ctx.rng.choice([("0", "0"), ("0", "10"), ("10", "0"), ("-5", "10"), ("nan", "10"),
                               ("1e-300", "1e-300"), ("10000000", "10000000"), ("1e-9", "10"),
                               ("", ""), ("abc", "3")])
        attrs = {"width": w, "height": h}
        if ctx.rng.random() < 0.2:
            attrs = {}
        obj = new_object(root, ctx, **attrs)
        ET.SubElement(obj, "ellipse")
        ctx.note(f"ellipse {w}x{h}")
    return ser(root)


TILESET_TARGETS = ["nope.tsx", "folder", "folder.tsx", "text.tsx", "empty.tsx", "binary.tsx",
                   "map_as_tileset.tsx", "tileset.tsj", "tileset.json", "lol.tsx", "lol16.tsx",
                   "fifo.tsx", "devzero", "real.png", "SELF", "EMPTY", "LONG", "NEWLINE", "DOTS"]


def _path_target(name: str, ctx: Ctx) -> str:
    if name == "SELF":
        return str(ctx.case)
    if name == "EMPTY":
        return ""
    if name == "LONG":
        return "/tmp/" + "x" * 5000 + ".tsx"
    if name == "NEWLINE":
        return "no\nsuch\rfile.tsx"
    if name == "DOTS":
        return "../" * 40 + "etc/passwd"
    return ctx.aux.get(name, os.path.join(os.path.dirname(ctx.aux["folder"]), name))


def m_tileset_path(root: ET.Element, ctx: Ctx) -> bytes:
    refs = root.findall("tileset")
    broken_tsx = sorted(n for n in ctx.aux if n.endswith(".tsx") and "_" in n and n[0] in "fp")
    choices = TILESET_TARGETS + broken_tsx
    if not refs or ctx.rng.random() < 0.25:
        ref = ET.Element("tileset", firstgid=str(ctx.rng.choice([1, 500, 100000])))
        root.insert(0, ref)
        refs = [ref]
    for ref in ctx.rng.sample(refs, min(len(refs), ctx.rng.randint(1, 2))):
        target = ctx.rng.choice(choices)
        for child in list(ref):
            ref.remove(child)
        ref.set("source", _path_target(target, ctx))
        if ctx.rng.random() < 0.3:
            ref.set("firstgid", ctx.rng.choice(["0", "-1", "1", "abc", "1e300", "4294967296"]))
        ctx.note(f"tileset -> {target}")
    return ser(root)


IMAGE_TARGETS = ["no_such.png", "folder", "folder.png", "text.png", "empty.png", "garbage.png",
                 "fifo.png", "devzero", "SELF", "EMPTY", "LONG", "NEWLINE", "text.tsx"]


def inline_tileset(root: ET.Element, ctx: Ctx) -> None:
    """Replace an external tileset by its content, so its pictures can be mutated here."""
    for ref in root.findall("tileset"):
        src = ref.get("source")
        if src and src.endswith(".tsx") and os.path.isfile(src):
            tsx = ET.parse(src).getroot()
            absolutise(tsx, Path(src).parent)
            ref.attrib.pop("source")
            for key, value in tsx.attrib.items():
                ref.set(key, value)
            ref.extend(list(tsx))
            return


def m_image_path(root: ET.Element, ctx: Ctx) -> bytes:
    inline_tileset(root, ctx)
    images = list(root.iter("image"))
    if not images or ctx.rng.random() < 0.3:
        layer = ET.SubElement(root, "imagelayer", id="995", name="picture")
        images.append(ET.SubElement(layer, "image", source="x.png", width="32", height="32"))
    for image in ctx.rng.sample(images, min(len(images), ctx.rng.randint(1, 3))):
        if ctx.rng.random() < 0.75:
            target = ctx.rng.choice(IMAGE_TARGETS)
            image.set("source", _path_target(target, ctx))
            ctx.note(f"image -> {target}")
        else:
            attr = ctx.rng.choice(["width", "height"])
            value = ctx.rng.choice(["0", "-32", "nan", "1e300", "", "abc"])
            image.set(attr, value)
            ctx.note(f"image {attr}={value}")
    return ser(root)


TEMPLATE_TARGETS = ["nope.tx", "folder", "folder.tx", "text.tx", "empty.tx", "map_as_template.tx",
                    "root_map.tx", "no_object.tx", "dtd.tx", "truncated.tx", "tileset_missing.tx",
                    "tileset_folder.tx", "tileset_fifo.tx", "gid_huge.tx", "gid_text.tx",
                    "bad_points.tx", "nan_x.tx", "self.tx", "fifo.tx", "devzero", "SELF", "EMPTY",
                    "LONG", "ok.tx", "tile_ok.tx"]


def m_template_path(root: ET.Element, ctx: Ctx) -> bytes:
    objs = [o for layer in map_layers(root) for o in layer.findall("object") if o.get("template")]
    for _ in range(ctx.rng.randint(1, 3)):
        obj = ctx.rng.choice(objs) if objs and ctx.rng.random() < 0.6 else new_object(root, ctx)
        target = ctx.rng.choice(TEMPLATE_TARGETS)
        obj.set("template", _path_target(target, ctx))
        ctx.note(f"template -> {target}")
    return ser(root)


def m_deep_nesting(root: ET.Element, ctx: Ctx) -> bytes:
    text = ctx.base.text.decode("utf-8")
    depth = ctx.rng.choice([31, 32, 33, 40, 99, 100, 101, 1000, 5000, 100_000])
    how = ctx.rng.choice(["groups", "class properties", "unknown tags", "objects", "maps", "properties"])
    leaf = '<object id="9999" name="deep" x="1" y="1" width="5" height="5"/>'
    if how == "groups":
        inner = '<group name="g">' * depth + f'<objectgroup name="deep">{leaf}</objectgroup>' + "</group>" * depth
    elif how == "class properties":
        inner = ('<objectgroup name="deep"><object id="9998" x="1" y="1" width="5" height="5"><properties>'
                 + '<property name="p" type="class"><properties>' * depth
                 + "</properties></property>" * depth + "</properties></object></objectgroup>")
    elif how == "unknown tags":
        inner = "<x>" * depth + "</x>" * depth
    elif how == "objects":
        inner = '<objectgroup name="deep">' + '<object id="1">' * depth + "</object>" * depth + "</objectgroup>"
    elif how == "maps":
        inner = '<map width="1" height="1" tilewidth="1" tileheight="1">' * depth + "</map>" * depth
    else:
        inner = '<objectgroup name="deep">' + "<properties>" * depth + "</properties>" * depth + "</objectgroup>"
    ctx.note(f"{how} nested {depth} deep")
    at = text.rfind("</map>")
    return (text[:at] + inner + text[at:]).encode("utf-8")


def _pack(gids: list[int], compression: str | None) -> str:
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    return base64.b64encode(raw).decode("ascii")


@functools.cache
def _bomb() -> str:
    """A quarter of a gigabyte of zero gids, zlib-compressed to a few hundred kilobytes."""
    packer = zlib.compressobj(9)
    chunk = bytes(1024 * 1024)
    raw = b"".join(packer.compress(chunk) for _ in range(256)) + packer.flush()
    return base64.b64encode(raw).decode("ascii")


def m_encoding(root: ET.Element, ctx: Ctx) -> bytes:
    how = ctx.rng.choice(["data encoding", "data compression", "base64 garbage", "wrong count",
                          "bomb", "csv garbage", "gzip says zlib", "xml declaration", "utf-16",
                          "tile elements"])
    datas = list(root.iter("data"))
    if not datas and how not in ("xml declaration", "utf-16"):
        layer = ET.Element("layer", id="996", name="fuzz", width=root.get("width", "1"),
                           height=root.get("height", "1"))
        root.insert(0, layer)
        datas = [ET.SubElement(layer, "data", encoding="csv")]
        datas[0].text = "0"
    w = int(float(root.get("width") or 1))
    h = int(float(root.get("height") or 1))
    data = ctx.rng.choice(datas) if datas else None
    ctx.note(how)
    if data is not None and how == "data encoding":
        data.set("encoding", ctx.rng.choice(["base32", "BASE64", "", "csv2", "xml", "hex", "uuencode"]))
    elif data is not None and how == "data compression":
        data.set("encoding", "base64")
        data.set("compression", ctx.rng.choice(["lzma", "zstd", "bz2", "", "ZLIB", "deflate", "none"]))
    elif data is not None and how == "base64 garbage":
        data.set("encoding", "base64")
        data.set("compression", ctx.rng.choice(["zlib", "gzip"]))
        data.text = ctx.rng.choice(["!!!!", "AAAA", "eJwDAAAAAAE=", "H4sI", "====", "QUJD\nREVG", " "])
    elif data is not None and how == "wrong count":
        comp = ctx.rng.choice([None, "zlib", "gzip"])
        count = ctx.rng.choice([0, 1, w * h - 1, w * h + 1, w * h * 2])
        gids = [ctx.rng.randint(0, 4) for _ in range(count)]
        if comp is None and ctx.rng.random() < 0.5:
            data.attrib.pop("compression", None)
            data.set("encoding", "csv")
            data.text = ",".join(map(str, gids))
        else:
            data.set("encoding", "base64")
            data.attrib.pop("compression", None)
            if comp:
                data.set("compression", comp)
            data.text = _pack(gids, comp) + ctx.rng.choice(["", "A", "AA"])
        ctx.note(f"{count} gids for {w}x{h}")
    elif data is not None and how == "bomb":
        data.set("encoding", "base64")
        data.set("compression", "zlib")
        data.text = _bomb()
    elif data is not None and how == "csv garbage":
        data.set("encoding", "csv")
        data.attrib.pop("compression", None)
        cells = ["1"] * (w * h)
        for _ in range(ctx.rng.randint(1, 3)):
            cells[ctx.rng.randrange(len(cells))] = ctx.rng.choice(
                ["x", "", "-1", "1.5", "99999999999", "4294967295", "nan", " ", "1e3", "\u0663"])
        data.text = ",".join(cells)
    elif data is not None and how == "gzip says zlib":
        data.set("encoding", "base64")
        data.set("compression", "zlib")
        data.text = _pack([1] * (w * h), "gzip")
    elif data is not None and how == "tile elements":
        data.attrib.clear()
        data.text = None
        for _ in range(ctx.rng.choice([0, 3, w * h])):
            ET.SubElement(data, "tile", gid=ctx.rng.choice(["1", "0", "x", "-3", "1e300"]))
    elif how == "xml declaration":
        declared = ctx.rng.choice(["klingon", "UTF-16", "EBCDIC-CP-US", "UTF-7", "latin-1", "cp1252",
                                   "utf-32", "x-user-defined", "ascii", "rot13", "base64", "idna"])
        body = ET.tostring(root, encoding="unicode")
        ctx.note(declared)
        return f'<?xml version="1.0" encoding="{declared}"?>\n{body}'.encode("utf-8", "replace")
    else:  # a whole document in UTF-16 or UTF-32, declared or not
        codec = ctx.rng.choice(["utf-16", "utf-16-le", "utf-32", "utf-8-sig"])
        body = ET.tostring(root, encoding="unicode")
        decl = ctx.rng.choice(["", '<?xml version="1.0" encoding="UTF-16"?>\n', XML_HEADER])
        ctx.note(codec)
        return (decl + body).encode(codec)
    return ser(root)


def m_entities(root: ET.Element, ctx: Ctx) -> bytes:
    body = ET.tostring(root, encoding="unicode")
    how = ctx.rng.choice(["billion laughs", "quadratic", "external file", "external dtd",
                          "parameter entity", "empty doctype", "late doctype", "utf-16 laughs",
                          "entity in attribute", "xinclude"])
    ctx.note(how)
    decl = '<?xml version="1.0"?>\n'
    name_at = body.find('name="')
    if how == "billion laughs":
        text = decl + BILLION_LAUGHS + body.replace("<map ", '<map class="&lol9;" ', 1)
    elif how == "quadratic":
        text = (decl + f'<!DOCTYPE map [<!ENTITY a "{"a" * 50_000}">]>\n'
                + body.replace("</map>", "<x>" + "&a;" * 50_000 + "</x></map>"))
    elif how == "external file":
        text = decl + '<!DOCTYPE map [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' + body.replace(
            "<map ", '<map class="&xxe;" ', 1)
    elif how == "external dtd":
        text = decl + '<!DOCTYPE map SYSTEM "http://127.0.0.1:9/evil.dtd">\n' + body
    elif how == "parameter entity":
        text = decl + '<!DOCTYPE map [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>\n' + body
    elif how == "empty doctype":
        text = decl + "<!DOCTYPE map>\n" + body
    elif how == "late doctype":
        text = decl + "<!--" + "pad " * 2000 + "-->\n" + '<!DOCTYPE map [<!ENTITY e "x">]>\n' + body
    elif how == "utf-16 laughs":
        text = ('<?xml version="1.0" encoding="UTF-16"?>\n' + BILLION_LAUGHS
                + body.replace("<map ", '<map class="&lol9;" ', 1))
        return text.encode("utf-16")
    elif how == "entity in attribute" and name_at >= 0:
        text = decl + BILLION_LAUGHS + body[:name_at] + 'name="&lol5;' + body[name_at + 6:]
    else:
        text = decl + body.replace(
            "</map>", '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd"/></map>')
    return text.encode("utf-8")


def m_structure(root: ET.Element, ctx: Ctx) -> bytes:
    how = ctx.rng.choice(["delete", "duplicate", "rename", "move", "empty map", "root tag",
                          "strip children", "text in places"])
    ctx.note(how)
    parents = {child: parent for parent in root.iter() for child in parent}
    nodes = list(parents)
    if how == "empty map":
        return ser(ET.Element("map"))
    if how == "root tag":
        root.tag = ctx.rng.choice(["tileset", "template", "MAP", "svg"])
        return ser(root)
    if not nodes:
        return ser(root)
    for _ in range(ctx.rng.randint(1, 4)):
        node = ctx.rng.choice(nodes)
        parent = parents[node]
        if node not in list(parent):
            continue
        if how == "delete":
            parent.remove(node)
        elif how == "duplicate":
            parent.insert(list(parent).index(node), copy.deepcopy(node))
        elif how == "rename":
            node.tag = ctx.rng.choice(["object", "group", "layer", "data", "tileset", "image",
                                       "objectgroup", "imagelayer", "properties", "polygon", "ellipse"])
        elif how == "move":
            target = ctx.rng.choice(nodes)
            if target is not node and node not in target.iter():
                parent.remove(node)
                target.append(node)
        elif how == "strip children":
            for child in list(node):
                node.remove(child)
        else:
            node.text = ctx.rng.choice(["hello", "\x00".replace("\x00", "&"), "<>", "1,2,3", "\u202e"])
        ctx.note(f"{how} <{node.tag}>")
    return ser(root)


def m_map_attributes(root: ET.Element, ctx: Ctx) -> bytes:
    for _ in range(ctx.rng.randint(1, 3)):
        attr = ctx.rng.choice(["width", "height", "tilewidth", "tileheight", "orientation", "infinite",
                               "renderorder", "version", "nextobjectid", "backgroundcolor",
                               "compressionlevel", "parallaxoriginx", "class"])
        value = ctx.rng.choice(
            {"orientation": ["isometric", "hexagonal", "", "ORTHOGONAL", "orthogonal "],
             "infinite": ["1", "true", "2", ""], "backgroundcolor": ["#zzzzzz", "", "#12345678901"]}
            .get(attr, BAD_NUMBERS + ["1000000", "100000", "4000000", "65536"]))
        root.set(attr, value)
        ctx.note(f"map {attr}={value[:20]!r}")
    return ser(root)


PROPERTY_VALUES = [("float", "NaN"), ("float", "1e400"), ("float", "-inf"), ("int", "1.5"),
                   ("int", "9" * 5000), ("bool", "maybe"), ("bool", ""), ("object", "x"),
                   ("object", "1e300"), ("file", "folder/../../x"), ("color", "#zz"),
                   ("vector", "1,2"), ("class", ""), ("string", "line\nbreak"), ("float", "1e308"),
                   ("int", "-0"), ("float", " 3 ")]
TYPED_NAMES = ["height", "bottom", "top", "thickness", "flat", "side", "facing", "cell_id", "tile_id",
               "mm_per_pixel", "kind", "", "blocks_sight", "surface"]


def m_properties(root: ET.Element, ctx: Ctx) -> bytes:
    targets = [root, *map_layers(root)] + [o for layer in map_layers(root) for o in layer.findall("object")]
    for _ in range(ctx.rng.randint(1, 4)):
        node = ctx.rng.choice(targets)
        props = node.find("properties")
        if props is None:
            props = ET.Element("properties")
            node.insert(0, props)
        name = ctx.rng.choice(TYPED_NAMES)
        kind, value = ctx.rng.choice(PROPERTY_VALUES)
        if node is root and ctx.rng.random() < 0.5:
            name = "mm_per_pixel"
            kind, value = ctx.rng.choice([("float", v) for v in ("0", "-1", "nan", "1e9", "1e-9", "abc", "1000")]
                                         + [("string", "2"), ("int", "0")])
        prop = ET.SubElement(props, "property", name=name, type=kind)
        if ctx.rng.random() < 0.2:
            prop.text = value
        else:
            prop.set("value", value)
        if kind == "class":
            inner = ET.SubElement(prop, "properties")
            ET.SubElement(inner, "property", name="x", type="float", value="nan")
        if node is not root and node.tag == "object" and ctx.rng.random() < 0.5:
            node.set("class", ctx.rng.choice(["Terrain", "Cell", "FigureSpawn"]))
        ctx.note(f"property {name}:{kind}={value[:12]!r} on <{node.tag}>")
    return ser(root)


def m_tile_gids(root: ET.Element, ctx: Ctx) -> bytes:
    for _ in range(ctx.rng.randint(1, 3)):
        gid = ctx.rng.choice(["0", "-1", "1", "37", "4294967295", "2147483649", "3221225473", "99999",
                              "1e9", "abc", "1.5", "", "536870913"])
        w, h = ctx.rng.choice([("", ""), ("0", "0"), ("32", "32"), ("nan", "32"), ("-4", "4")])
        attrs = {"gid": gid}
        if w or h:
            attrs.update(width=w, height=h)
        new_object(root, ctx, **attrs)
        ctx.note(f"tile object gid={gid} {w}x{h}")
    return ser(root)


SPECIAL_FILES = ["folder", "empty", "fifo", "devzero", "dangling", "loop", "whitespace", "png",
                 "gzipped", "bom", "utf-16", "huge attribute", "many objects", "too many objects",
                 "only declaration"]


def m_special_file(root: ET.Element, ctx: Ctx) -> bytes | str:
    """The map path itself is odd; returns bytes to write, or a marker the writer acts on."""
    how = ctx.rng.choice(SPECIAL_FILES)
    ctx.note(how)
    text = ctx.base.text
    if how in ("folder", "fifo", "devzero", "dangling", "loop"):
        return how
    if how == "empty":
        return b""
    if how == "whitespace":
        return b"   \n\t  \n"
    if how == "png":
        return PNG_1x1
    if how == "gzipped":
        return gzip.compress(text, mtime=0)
    if how == "bom":
        return b"\xef\xbb\xbf" + text
    if how == "utf-16":
        return text.decode("utf-8").replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    if how == "huge attribute":
        root.set("class", "x" * 1_000_000)
        return ser(root)
    if how in ("many objects", "too many objects"):
        layer = some_layer(root, ctx)
        for i in range(3000 if how == "many objects" else 100_001):
            ET.SubElement(layer, "object", id=str(200_000 + i), x=str(i % 500), y=str(i // 500),
                          width="3", height="3")
        return ser(root)
    return XML_HEADER.encode()


KINDS: dict[str, Callable[[ET.Element, Ctx], bytes | str]] = {
    "truncate": m_truncate,
    "corrupt bytes": m_corrupt_bytes,
    "missing attribute": m_drop_attribute,
    "wrong attribute": m_wrong_attribute,
    "NaN or huge coordinates": m_bad_coordinates,
    "bad polygon": m_bad_polygon,
    "zero-size ellipse": m_bad_ellipse,
    "tileset path": m_tileset_path,
    "image path": m_image_path,
    "template path": m_template_path,
    "deep nesting": m_deep_nesting,
    "unknown encoding": m_encoding,
    "entity expansion": m_entities,
    "structure": m_structure,
    "map attributes": m_map_attributes,
    "properties": m_properties,
    "tile gids": m_tile_gids,
    "special file": m_special_file,
}
STACKABLE = ["missing attribute", "wrong attribute", "NaN or huge coordinates", "bad polygon",
             "zero-size ellipse", "tileset path", "image path", "template path", "structure",
             "properties", "tile gids", "map attributes"]


@dataclass
class Case:
    index: int
    kind: str
    base: str
    path: str
    notes: list[str]
    image_loader: bool


def write_case(path: Path, content: bytes | str, aux: Path) -> None:
    try:
        _write_case(path, content, aux)
    except OSError:  # no FIFOs or symbolic links here: an empty map stands in
        path.write_bytes(b"")


def _write_case(path: Path, content: bytes | str, aux: Path) -> None:
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content == "folder":
        path.mkdir()
    elif content == "fifo" and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    elif content == "devzero" and os.path.exists("/dev/zero"):
        path.symlink_to("/dev/zero")
    elif content == "dangling":
        path.symlink_to(aux / "no_such_target.tmx")
    elif content == "loop":
        path.symlink_to(path)
    else:
        path.write_bytes(b"")


def generate(cases_dir: Path, aux_dir: Path, n: int = CASES) -> list[Case]:
    """The fuzz cases, the same for the same inputs: every kind on every base map in turn."""
    cases_dir.mkdir(parents=True, exist_ok=True)
    aux = make_aux(aux_dir)
    bases = [load_base(p) for p in shipped_maps() + corpus_maps()]
    kinds = list(KINDS)
    out: list[Case] = []
    for i in range(n):
        kind = kinds[i % len(kinds)]
        base = bases[(i // len(kinds)) % len(bases)]
        rng = random.Random(SEED * 1_000_003 + i)
        validated = (i + i // len(kinds)) % VALIDATE_EVERY == 0  # every kind, every base
        folder = cases_dir / ("validate" if validated else "load_only")
        folder.mkdir(exist_ok=True)
        case_path = folder / f"case{i:05d}_{base.path.stem}.tmx"
        ctx = Ctx(rng, base, aux, case_path)
        content = KINDS[kind](copy.deepcopy(base.root), ctx)
        if kind in STACKABLE and rng.random() < 0.25 and isinstance(content, bytes):
            try:
                root = ET.fromstring(content)
            except ET.ParseError:
                pass
            else:
                extra = rng.choice(STACKABLE)
                ctx.note(f"+ {extra}")
                content = KINDS[extra](root, ctx)
        write_case(case_path, content, aux_dir)
        try:
            shown = str(base.path.resolve().relative_to(REPO_DIR.parent.resolve()))
        except ValueError:
            shown = str(base.path)
        out.append(Case(i, kind, shown, str(case_path), ctx.notes, i % IMAGE_LOADER_EVERY == 0))
    return out


# =========================================================================== the child process
def _limit_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass


def _xml_layers(path: str) -> list[ET.Element]:
    """The layers of a map the loader accepted, read independently of it."""
    from game.board.tmx import read_xml

    found: list[ET.Element] = []

    def walk(node: ET.Element) -> None:
        for child in node:
            if child.tag in ("layer", "objectgroup", "imagelayer", "group"):
                found.append(child)
            if child.tag == "group":
                walk(child)

    walk(read_xml(path))
    return found


def _finite_text(text: str) -> bool:
    try:
        return math.isfinite(float(text)) and abs(float(text)) <= 1e7
    except ValueError:
        return False


def _board_faults(board: Any, path: str) -> list[str]:
    """What is wrong with a loaded board: anything here is a silently wrong Board."""
    import numpy as np
    import shapely

    bad: list[str] = []

    def finite(value: Any) -> bool:
        return isinstance(value, int | float) and math.isfinite(value)

    for problem in board.problems:
        line = problem.line()
        if "\n" in line or "\r" in line or path not in line:
            bad.append(f"problem not one line naming the file: {line!r}")
    for name in ("width_tiles", "height_tiles", "tile_width", "tile_height"):
        value = getattr(board, name)
        if not isinstance(value, int) or value <= 0:
            bad.append(f"board {name} = {value!r}")
    if not finite(board.mm_per_px) or board.mm_per_px <= 0:
        bad.append(f"board mm_per_px = {board.mm_per_px!r}")
    for obj in board.objects:
        coords = shapely.get_coordinates(obj.geometry)
        if obj.geometry is None or not np.isfinite(coords).all():
            bad.append(f"object {obj.id}: geometry with non-finite coordinates")
        if not (finite(obj.rotation) and all(finite(s) and s >= 0 for s in obj.size)):
            bad.append(f"object {obj.id}: rotation {obj.rotation!r} or size {obj.size!r}")
    for piece in board.terrain:
        fp = piece.footprint
        if fp.is_empty or not fp.is_valid or not fp.area > 0 or not math.isfinite(fp.area):
            bad.append(f"terrain {piece.id}: footprint empty, invalid or without finite area")
        if not (finite(piece.bottom) and finite(piece.top) and 0 <= piece.bottom <= piece.top):
            bad.append(f"terrain {piece.id}: bottom {piece.bottom!r}, top {piece.top!r}")
    for spawn in board.spawns:
        if not (finite(spawn.x) and finite(spawn.y) and finite(spawn.facing)):
            bad.append(f"spawn {spawn.id}: ({spawn.x!r}, {spawn.y!r}) facing {spawn.facing!r}")
    for cell in board.cells:
        poly = cell.polygon
        if poly.is_empty or not poly.area > 0 or not np.isfinite(shapely.get_coordinates(poly)).all():
            bad.append(f"cell {cell.id}: polygon empty or not finite")
    layers = _xml_layers(path)
    expected = sum(len(layer.findall("object")) for layer in layers if layer.tag == "objectgroup")
    dropped = sum(1 for p in board.problems
                  if p.object_id is not None and ("object left out" in p.message
                                                  or p.message.startswith("template '")))
    if expected != len(board.objects) + dropped:
        bad.append(f"the XML has {expected} objects; {len(board.objects)} loaded and {dropped} "
                   "reported as left out")
    ids = Counter(obj.id for obj in board.objects if obj.id >= 0)
    if any(n > 1 for n in ids.values()) and not any("duplicate object id" in p.message
                                                   for p in board.problems):
        bad.append("duplicate object ids, not reported")
    for layer in layers:
        for attr in ("offsetx", "offsety", "opacity"):
            text = layer.get(attr)
            if text is not None and not _finite_text(text) and not any(
                    f"{attr}=" in p.message for p in board.problems):
                bad.append(f"layer {attr}='{text[:20]}' ignored silently")
    return bad


def _run_case(path: str, image_loader: bool) -> dict[str, Any]:
    from game.board import load_board
    from game.core.errors import MapError

    loader = None
    if image_loader:
        from game.ui.images import SafeImageLoader

        loader = SafeImageLoader()
    started = time.perf_counter()
    try:
        board = load_board(path, image_loader=loader)
    except MapError as exc:
        message = str(exc)
        bad = []
        if "\n" in message or "\r" in message:
            bad.append("the error is not one line")
        if path not in message:
            bad.append("the error does not name the file")
        return {"outcome": "error", "message": message, "bad": bad,
                "seconds": time.perf_counter() - started}
    except BaseException as exc:  # exactly what the fuzzer hunts
        import traceback

        tb = traceback.format_exception(exc)
        return {"outcome": "exception", "message": f"{type(exc).__name__}: {str(exc)[:300]}",
                "bad": ["".join(tb[-4:])[-1500:]], "seconds": time.perf_counter() - started}
    try:
        bad = _board_faults(board, path)
    except BaseException as exc:
        bad = [f"checking the board failed: {type(exc).__name__}: {exc}"]
    return {"outcome": "board", "message": f"{len(board.objects)} objects, {len(board.problems)} problems",
            "bad": bad, "seconds": time.perf_counter() - started}


def worker(manifest: str, start: int) -> None:
    """Run the cases of a manifest from ``start``, one JSON line per case on stdout."""
    _limit_memory()
    sys.setrecursionlimit(3000)
    cases = json.loads(Path(manifest).read_text())
    import game.board  # noqa: F401  (imported before the clock of the first case starts)

    if any(image for _, image in cases):
        import pygame

        pygame.display.init()
        pygame.display.set_mode((8, 8))
    print("READY", flush=True)
    for i in range(start, len(cases)):
        path, image = cases[i]
        print(f"START {i}", flush=True)
        result = _run_case(path, image)
        print("RESULT " + json.dumps({"i": i, **result}), flush=True)


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONPATH=str(REPO_DIR))
    return env


def run_cases(cases: list[Case], work: Path) -> dict[int, dict[str, Any]]:
    """Run every case in a child process; a case that hangs or kills the child is recorded as such."""
    manifest = work / "manifest.json"
    manifest.write_text(json.dumps([[c.path, c.image_loader] for c in cases]))
    results: dict[int, dict[str, Any]] = {}
    start = 0
    while start < len(cases):
        stderr_path = work / f"stderr_{start}.txt"
        with open(stderr_path, "wb") as stderr:
            proc = subprocess.Popen(
                [sys.executable, "-c",
                 "import sys; from tests.hardening.test_map_fuzz import worker; "
                 "worker(sys.argv[1], int(sys.argv[2]))", str(manifest), str(start)],
                cwd=REPO_DIR, env=_child_env(), stdout=subprocess.PIPE, stderr=stderr, text=True)
        lines: queue.Queue[str | None] = queue.Queue()

        def pump(stream: Any = proc.stdout, out: queue.Queue[str | None] = lines) -> None:
            for line in stream:
                out.put(line)
            out.put(None)

        threading.Thread(target=pump, daemon=True).start()
        current: int | None = None
        limit = STARTUP_SECONDS
        while True:
            try:
                line = lines.get(timeout=limit)
            except queue.Empty:
                proc.kill()
                proc.wait()
                if current is None:
                    raise RuntimeError("the fuzz child did not start in time") from None
                results[current] = {"i": current, "outcome": "hang", "seconds": CASE_SECONDS,
                                    "message": f"no answer within {CASE_SECONDS} s", "bad": ["hang"]}
                start = current + 1
                break
            if line is None:  # the child died (or finished)
                code = proc.wait()
                if current is not None and current not in results:
                    tail = stderr_path.read_text(errors="replace")[-1500:]
                    results[current] = {"i": current, "outcome": "crash", "seconds": 0.0,
                                        "message": f"the child died (exit code {code})", "bad": [tail]}
                    start = current + 1
                elif current is None:
                    raise RuntimeError("the fuzz child died before its first case: "
                                       + stderr_path.read_text(errors="replace")[-2000:])
                else:
                    start = len(cases)
                break
            if line.startswith("START "):
                current = int(line.split()[1])
                limit = CASE_SECONDS
            elif line.startswith("RESULT "):
                result = json.loads(line[len("RESULT "):])
                results[result["i"]] = result
    return results


# =========================================================================== the tests
@pytest.fixture(scope="module")
def fuzz(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Case], dict[int, dict[str, Any]], Path, float]:
    work = tmp_path_factory.mktemp("map_fuzz")
    cases = generate(work / "cases", work / "aux")
    started = time.perf_counter()
    results = run_cases(cases, work)
    return cases, results, work / "cases", time.perf_counter() - started


def _summary(cases: list[Case], results: dict[int, dict[str, Any]]) -> str:
    by_kind: dict[str, Counter[str]] = {}
    for case in cases:
        outcome = results.get(case.index, {}).get("outcome", "missing")
        by_kind.setdefault(case.kind, Counter())[outcome] += 1
    slowest = sorted(results.values(), key=lambda r: -r["seconds"])[:3]
    return "\n".join([f"  {kind:26} {dict(counts)}" for kind, counts in by_kind.items()]
                     + [f"  slowest: case {r['i']} {r['outcome']} in {r['seconds'] * 1000:.0f} ms" for r in slowest])


def test_every_mutant_ends_in_a_board_or_one_clear_error(fuzz: Any) -> None:
    cases, results, _, seconds = fuzz
    assert len(cases) >= 1000
    failures = []
    for case in cases:
        result = results.get(case.index, {"outcome": "missing", "bad": ["no result"], "message": ""})
        if result["outcome"] not in ("board", "error") or result["bad"]:
            failures.append(f"case {case.index} [{case.kind}] from {case.base} ({'; '.join(case.notes)[:300]}) "
                            f"{'with' if case.image_loader else 'without'} images: {result['outcome']}: "
                            f"{result['message'][:300]}\n    " + "\n    ".join(result["bad"])[:1500])
    print(f"\n{len(cases)} cases in {seconds:.1f} s\n{_summary(cases, results)}")
    assert not failures, f"{len(failures)} of {len(cases)} cases failed:\n" + "\n".join(failures[:40])


def test_the_fuzzer_covers_every_kind_and_both_outcomes(fuzz: Any) -> None:
    cases, results, _, _ = fuzz
    kinds = Counter(c.kind for c in cases)
    assert set(kinds) == set(KINDS) and min(kinds.values()) >= 50, kinds
    outcomes = Counter(r["outcome"] for r in results.values())
    assert outcomes["board"] >= 200 and outcomes["error"] >= 200, outcomes
    assert sum(c.image_loader for c in cases) >= len(cases) // IMAGE_LOADER_EVERY


def test_corpus_maps_are_fuzzed_too(fuzz: Any) -> None:
    if not CORPUS_DIR.is_dir():
        pytest.skip(NO_CORPUS)
    cases, _, _, _ = fuzz
    bases = {c.base for c in cases}
    assert len(bases) == len(shipped_maps()) + len(corpus_maps())


def test_mutation_is_deterministic(tmp_path: Path) -> None:
    one = generate(tmp_path / "a", tmp_path / "aux_a", n=60)
    two = generate(tmp_path / "b", tmp_path / "aux_b", n=60)
    for a, b in zip(one, two, strict=True):
        pa, pb = Path(a.path), Path(b.path)
        assert (a.kind, a.notes) == (b.kind, b.notes)
        if pa.is_file() and not pa.is_symlink():
            same = pa.read_bytes().replace(str(tmp_path / "aux_a").encode(), b"AUX").replace(
                str(tmp_path / "a").encode(), b"CASES")
            other = pb.read_bytes().replace(str(tmp_path / "aux_b").encode(), b"AUX").replace(
                str(tmp_path / "b").encode(), b"CASES")
            assert same == other, a.path


def test_validate_on_the_mutants_prints_no_traceback(fuzz: Any) -> None:
    cases, _, cases_dir, _ = fuzz
    cases_dir = cases_dir / "validate"
    assert Counter(c.kind for c in cases if Path(c.path).parent == cases_dir).keys() == KINDS.keys()
    proc = subprocess.run([sys.executable, "-m", "game", "validate", str(cases_dir)], cwd=REPO_DIR,
                          env=_child_env(), capture_output=True, text=True, timeout=240,
                          preexec_fn=_limit_memory if os.name == "posix" else None)
    out = proc.stdout + proc.stderr
    assert proc.returncode in (0, 1), out[-3000:]
    assert "Traceback" not in out, out[-3000:]
    assert "internal error" not in out, [line for line in out.splitlines() if "internal error" in line][:10]
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert "map(s):" in lines[-1] and "refused" in lines[-1]
    for line in lines[:-1]:
        assert line.startswith(str(cases_dir)), line
    assert proc.returncode == 1  # many mutants are broken


def test_the_shipped_maps_themselves_still_load_cleanly() -> None:
    from game.board import load_board

    for path in shipped_maps():
        board = load_board(path)
        assert not [p for p in board.problems if p.severity == "error"], path


# =========================================================================== the bugs it found
def _map_with(tmp: Path, objects: str = "", **kw: Any) -> str:
    from tests.board.mapkit import tmx

    return tmx(objects, **kw)


def _fifo(tmp: Path, name: str) -> str:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp / name
    os.mkfifo(path)
    return str(path)


REGRESSIONS: list[tuple[str, Callable[[Path], bytes | str], str]] = [
    # (what, the map, "error: <words>" or "board: <words in a problem>" or "board")
    ("entities hidden in UTF-16 slipped past the byte check and expanded",
     lambda t: ('<?xml version="1.0" encoding="UTF-16"?>\n' + BILLION_LAUGHS
                + '<map class="&lol9;"/>').encode("utf-16"),
     "error: DTD and entity declarations are not allowed"),
    ("a DOCTYPE after the first 4 KB was not seen",
     lambda t: '<?xml version="1.0"?><!--' + "x" * 5000 + '--><!DOCTYPE map SYSTEM "x.dtd">'
     + _map_with(t).split("?>", 1)[1],
     "error: DTD"),
    ("an encoding Python knows but expat cannot use raised a bare ValueError",
     lambda t: _map_with(t).replace('encoding="UTF-8"', 'encoding="UTF-32"'),
     "error: unsupported text encoding"),
    ("an unknown encoding raised a bare LookupError",
     lambda t: _map_with(t).replace('encoding="UTF-8"', 'encoding="klingon"'),
     "error: unsupported text encoding"),
    ("nesting 200,000 elements deep crashed the interpreter (deepcopy overflowed the C stack)",
     lambda t: _map_with(t).replace("</map>", "<x>" * 200_000 + "</x>" * 200_000 + "</map>"),
     "error: nested deeper than 100"),
    ("class properties nested 5,000 deep raised RecursionError",
     lambda t: _map_with(t, props='<property name="p" type="class"><properties>' * 5000
                         + "</properties></property>" * 5000),
     "error: nested deeper than 100"),
    ("a map width of 1.5 passed the check and then raised ValueError building the Board",
     lambda t: _map_with(t).replace('width="10" height="10" tilewidth', 'width="1.5" height="10" tilewidth'),
     "error: width='1.5' is not a whole number"),
    ("a tileset that is a FIFO blocked forever",
     lambda t: _map_with(t, tilesets=f'<tileset firstgid="1" source="{_fifo(t, "set.tsx")}"/>'),
     "error: tileset"),
    ("a template that is /dev/zero read until memory ran out",
     lambda t: _map_with(t, '<object id="1" template="/dev/zero" x="1" y="1"/>')
     if os.path.exists("/dev/zero") else pytest.skip("no /dev/zero"),
     "board: not a regular file"),
    ("a broken .tsx was reported against the .tsx, not the map the player opened",
     lambda t: (t / "bad.tsx").write_text("<tileset") and _map_with(
         t, tilesets='<tileset firstgid="1" source="bad.tsx"/>'),
     "error: tileset 'bad.tsx': not well-formed XML"),
    ("a file name with a line break made a two-line error",
     lambda t: _map_with(t, tilesets='<tileset firstgid="1" source="a&#10;b.tsx"/>'),
     "error: a\\nb.tsx"),
    ("a template gid that is not a number raised ValueError",
     lambda t: (t / "tile.tx").write_text(
         f'<template><tileset firstgid="1" source="{TILESET_DIR / "props.tsx"}"/>'
         '<object gid="barrel" width="32" height="32"/></template>') and _map_with(
         t, '<object id="1" template="tile.tx" x="1" y="1"/>'),
     "board: gid 'barrel' is not a tile number"),
    ("a gid that is not a number was silently read as no tile",
     lambda t: _map_with(t, '<object id="1" gid="abc" x="1" y="1" width="4" height="4"/>'),
     "board: gid 'abc' is not a 32-bit tile number"),
    ("a polyline wall at 1e308 crashed GEOS (GEOSException)",
     lambda t: _map_with(t, '<object id="1" class="Terrain" x="0" y="0"><polyline points="0,0 1e308,0"/></object>'),
     "board: a point is not finite or lies beyond"),
    ("a spawn polygon at 1e308 gave a spawn at (nan, nan)",
     lambda t: _map_with(t, '<object id="1" class="FigureSpawn" x="0" y="0">'
                         '<polygon points="0,0 1e308,0 0,1e308"/></object>'),
     "board: a point is not finite or lies beyond"),
    ("a rotated collinear cell polygon became a cell made of lines",
     lambda t: _map_with(t, '<object id="1" class="Cell" x="133" y="207" rotation="45">'
                         '<polygon points="0,0 10,0 20,0 30,0"/></object>'),
     "board: a Cell must be a closed shape with an area"),
    ("a tile layer without a width crashed pytmx (range() arg 3 must not be zero)",
     lambda t: _map_with(t).replace('<layer id="1" name="floor" width="10"', '<layer id="1" name="floor"'),
     "board"),
    ("tile data without an encoding crashed pytmx ('NoneType' object is not iterable)",
     lambda t: _map_with(t).replace('<data encoding="csv">', "<data>"),
     "error: tile layer 'floor' stores its tiles with no encoding"),
    ("a short tile layer was read silently (rows missing)",
     lambda t: _map_with(t).replace('<data encoding="csv">0,', '<data encoding="csv">'),
     "error: tile layer 'floor' has 99 tiles, expected 10x10 = 100"),
    ("a zlib bomb was inflated whole (256 MB for a 10x10 map)",
     lambda t: _map_with(t).replace('<data encoding="csv">', f'<data encoding="base64" compression="zlib">{_bomb()}<!--')
     .replace("</data>", "--></data>"),
     "error: tile layer 'floor' has"),
    ("a tileset cut into 0-pixel tiles crashed pytmx (range() arg 3 must not be zero)",
     lambda t: _map_with(t, tilesets='<tileset firstgid="1" name="z" tilewidth="0" tileheight="32" '
                         f'tilecount="1"><image source="{TILESET_DIR / "floors.png"}" width="32" height="32"/>'
                         "</tileset>"),
     "error: tileset 'z' cuts its picture into tiles of 0x32 px"),
    ("a layer offset of NaN was ignored silently",
     lambda t: _map_with(t).replace('<objectgroup id="2" name="terrain">',
                                    '<objectgroup id="2" name="terrain" offsetx="NaN">'),
     "board: layer offsetx='NaN' is not a finite number"),
    ("duplicate object ids were not reported",
     lambda t: _map_with(t, '<object id="1" x="1" y="1"/><object id="1" x="2" y="2"/>'),
     "board: duplicate object id 1"),
    ("a tileset picture that is text was accepted",
     lambda t: (t / "pic.png").write_text("hello") and _map_with(
         t, tilesets='<tileset firstgid="1" name="p" tilewidth="32" tileheight="32" tilecount="1">'
                     '<image source="pic.png" width="32" height="32"/></tileset>'),
     "board: image 'pic.png' is not a picture"),
]


@pytest.mark.parametrize(("what", "make", "expect"), REGRESSIONS, ids=[r[0][:50] for r in REGRESSIONS])
def test_each_bug_the_fuzzer_found_stays_fixed(tmp_path: Path, what: str, make: Callable[[Path], bytes | str],
                                              expect: str) -> None:
    from game.board import MapError, load_board

    content = make(tmp_path)
    path = tmp_path / "m.tmx"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    kind, _, words = expect.partition(": ")
    try:
        board = load_board(path)
    except MapError as exc:
        message = str(exc)
        assert kind == "error", f"{what}: refused ({message})"
        assert "\n" not in message and str(path) in message and words in message, message
        return
    assert kind == "board", f"{what}: loaded"
    lines = [p.line() for p in board.problems]
    assert all("\n" not in line and str(path) in line for line in lines)
    assert not words or any(words in line for line in lines), lines
    assert _board_faults(board, str(path)) == []
