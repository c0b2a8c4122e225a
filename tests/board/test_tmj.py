"""Tiled JSON maps (.tmj, .json), tilesets (.tsj) and templates (.tj) load as the same map in TMX.

The JSON files are written here by ``tmjkit`` (the tests' own TMX -> JSON writer, after Tiled's
JSON Map Format) or by hand; the loader goes the other way (``game/board/tmj.py``).
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import pytmx

from game.board import Board, MapError, load_board
from game.board.validate import validate_paths
from tests.board import tmjkit
from tests.board.mapkit import tmx, write_map, write_png

REPO = Path(__file__).resolve().parents[2]
SHIPPED = ("tavern.tmx", "ruins.tmx", "mice_chapter.tmx", "relic.tmx")


def comparable(board: Board) -> Board:
    """The board with what names its file left out (the path, a template's file ending)."""
    return dataclasses.replace(
        board, path="",
        problems=tuple(dataclasses.replace(p, path="") for p in board.problems),
        objects=tuple(dataclasses.replace(o, template=os.path.splitext(o.template)[0])
                      for o in board.objects),
    )


def tile_layers(board: Board) -> list[tuple[str, list[list[int]]]]:
    """Each tile layer's gids, as pytmx holds them for drawing."""
    return [(layer.name, [list(row) for row in layer.data]) for layer in board.tiled_map.layers
            if isinstance(layer, pytmx.TiledTileLayer)]


def assert_same_board(tmx_board: Board, json_board: Board) -> None:
    assert comparable(json_board) == comparable(tmx_board)
    assert tile_layers(json_board) == tile_layers(tmx_board)
    assert [(t.firstgid, t.name, t.tilewidth, t.tileheight, t.tilecount)
            for t in json_board.tiled_map.tilesets] == [
        (t.firstgid, t.name, t.tilewidth, t.tileheight, t.tilecount) for t in tmx_board.tiled_map.tilesets]


# --------------------------------------------------------------------------- the shipped maps
@pytest.mark.parametrize("tsj", [False, True], ids=["tsx-tilesets", "tsj-tilesets"])
@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_map_saved_as_tmj_loads_the_same_board(tmp_path: Path, name: str, tsj: bool) -> None:
    original = REPO / "maps" / name
    saved = tmjkit.save_as_tmj(original, tmp_path / name.replace(".tmx", ".tmj"), tsj=tsj,
                               json_dir=tmp_path)
    if tsj:
        assert sorted(p.name for p in tmp_path.glob("*.tsj"))
        assert ".tsx" not in saved.read_text(encoding="utf-8")
    tmx_board, json_board = load_board(original), load_board(saved)
    assert_same_board(tmx_board, json_board)
    assert json_board.path == str(saved)
    assert json_board.terrain and json_board.spawns or json_board.cells
    assert json_board.properties["system"] == tmx_board.properties["system"]


def test_the_shipped_maps_as_tmj_keep_every_kind_of_object(tmp_path: Path) -> None:
    shapes: set[str] = set()
    texts: list[str] = []
    for name in SHIPPED:
        board = load_board(tmjkit.save_as_tmj(REPO / "maps" / name, tmp_path / f"{name}.tmj"))
        shapes |= {o.shape for o in board.objects}
        texts += [o.text for o in board.objects if o.shape == "text"]
    assert {"ellipse", "point", "polygon", "polyline", "rectangle", "text"} <= shapes
    assert "Tavern courtyard" in texts


def test_a_tmx_map_may_use_tsj_tilesets_and_a_json_map_tsx_ones(tmp_path: Path) -> None:
    original = REPO / "maps" / "tavern.tmx"
    tmjkit.save_as_tmj(original, tmp_path / "scratch.tmj", tsj=True, json_dir=tmp_path)
    text = original.read_text(encoding="utf-8")
    for name in ("floors", "props"):
        text = text.replace(f'source="../assets/tilesets/{name}.tsx"', f'source="{name}.tsj"')
    with_tsj = write_map(tmp_path, text, "tavern.tmx")
    assert_same_board(load_board(original), load_board(with_tsj))


def test_a_json_map_named_json_loads_and_a_tmj_holding_xml_too(tmp_path: Path) -> None:
    original = REPO / "maps" / "relic.tmx"
    as_json = tmjkit.save_as_tmj(original, tmp_path / "relic.json")
    assert_same_board(load_board(original), load_board(as_json))
    xml_named_tmj = tmp_path / "xml.tmj"
    xml_named_tmj.write_text(original.read_text(encoding="utf-8").replace(
        "../assets/", str(REPO / "assets") + "/"), encoding="utf-8")
    assert_same_board(load_board(original), load_board(xml_named_tmj))


# --------------------------------------------------------------------------- the corpus of real maps
@pytest.fixture(scope="module")
def corpus_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the corpus of real maps (the JSON files are written beside the maps)."""
    from tests.conftest import shared_path

    source = shared_path() / "corpus" / "tiled"
    if not source.is_dir():
        pytest.skip(f"the Tiled map corpus is not at {source}")
    copy = tmp_path_factory.mktemp("corpus") / "tiled"
    shutil.copytree(source, copy)
    return copy


def _corpus_maps() -> list[str]:
    from tests.conftest import SHARED_DIR

    folder = SHARED_DIR / "corpus" / "tiled"
    if not folder.is_dir():
        return ["<no corpus>"]
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.tmx"))


@pytest.mark.parametrize("rel", _corpus_maps())
def test_a_real_map_saved_as_tmj_with_tsj_and_tj_loads_as_its_tmx(corpus_copy: Path, rel: str) -> None:
    original = corpus_copy / rel
    saved = tmjkit.save_as_tmj(original, original.with_suffix(".tmj"), tsj=True, tj=True)
    try:
        tmx_board = load_board(original)
    except MapError as refused:  # refused as TMX: refused as JSON with the same words
        with pytest.raises(MapError) as info:
            load_board(saved)
        assert info.value.problem.message == refused.problem.message
        return
    assert_same_board(tmx_board, load_board(saved))


# --------------------------------------------------------------------------- written by hand
def _write_json(folder: Path, doc: Any, name: str = "m.tmj") -> Path:
    path = folder / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


def hand_map(objects: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """A small map as Tiled writes it in JSON, one floor layer and one object layer."""
    doc: dict[str, Any] = {
        "type": "map", "version": "1.10", "tiledversion": "1.11.0", "orientation": "orthogonal",
        "renderorder": "right-down", "width": 10, "height": 10, "tilewidth": 32, "tileheight": 32,
        "infinite": False, "nextlayerid": 3, "nextobjectid": 10, "compressionlevel": -1,
        "tilesets": [],
        "layers": [
            {"type": "tilelayer", "id": 1, "name": "floor", "width": 10, "height": 10, "x": 0, "y": 0,
             "opacity": 1, "visible": True, "data": [0] * 100},
            {"type": "objectgroup", "id": 2, "name": "terrain", "draworder": "topdown", "x": 0,
             "y": 0, "opacity": 1, "visible": True, "objects": objects or []},
        ],
    }
    doc.update(extra)
    return doc


def test_properties_of_every_type_load_as_their_tmx(tmp_path: Path) -> None:
    """Class values (members written without types), lists, files, objects, and the properties
    format before Tiled 1.2 ({name: value} with "propertytypes")."""
    props = [
        {"name": "height", "type": "float", "value": 30.5},
        {"name": "liftable", "type": "bool", "value": True},
        {"name": "count", "type": "int", "value": 3},
        {"name": "note", "type": "string", "value": "two\nlines"},
        {"name": "tint", "type": "color", "value": "#ff102030"},
        {"name": "sheet", "type": "file", "value": "rules/sheet.md"},
        {"name": "target", "type": "object", "value": 7},
        {"name": "stats", "type": "class", "propertytype": "Stats",
         "value": {"armour": 4, "brave": True, "speed": 1.5, "title": "Sir", "inner": {"deep": 2}}},
        {"name": "drops", "type": "list",
         "value": [{"type": "int", "value": 10}, {"type": "string", "value": "key"},
                   {"type": "list", "value": [{"type": "bool", "value": True}]}]},
    ]
    doc = hand_map([{"id": 1, "name": "crate", "type": "Terrain", "x": 10, "y": 20, "width": 32,
                     "height": 16, "rotation": 0, "visible": True, "properties": props}],
                   properties={"title": "Old style", "mm_per_pixel": 0.5},
                   propertytypes={"title": "string", "mm_per_pixel": "float"})
    json_board = load_board(_write_json(tmp_path, doc))
    objects = """<object id="1" name="crate" type="Terrain" x="10" y="20" width="32" height="16">
      <properties>
       <property name="height" type="float" value="30.5"/>
       <property name="liftable" type="bool" value="true"/>
       <property name="count" type="int" value="3"/>
       <property name="note">two
lines</property>
       <property name="tint" type="color" value="#ff102030"/>
       <property name="sheet" type="file" value="rules/sheet.md"/>
       <property name="target" type="object" value="7"/>
       <property name="stats" type="class" propertytype="Stats"><properties>
         <property name="armour" type="int" value="4"/><property name="brave" type="bool" value="true"/>
         <property name="speed" type="float" value="1.5"/><property name="title" value="Sir"/>
         <property name="inner" type="class"><properties><property name="deep" type="int" value="2"/>
         </properties></property></properties></property>
       <property name="drops" type="list"><item type="int" value="10"/><item value="key"/>
         <item type="list"><item type="bool" value="true"/></item></property>
      </properties></object>"""
    map_props = ('<property name="title" value="Old style"/>'
                 '<property name="mm_per_pixel" type="float" value="0.5"/>')
    tmx_board = load_board(write_map(tmp_path, tmx(objects, props=map_props)))
    assert comparable(json_board) == comparable(tmx_board)
    crate = json_board.objects[0].properties
    assert crate["stats"] == {"armour": 4, "brave": True, "speed": 1.5, "title": "Sir", "inner": {"deep": 2}}
    assert crate["sheet"] == str(tmp_path / "rules" / "sheet.md") and crate["note"] == "two\nlines"
    assert json_board.mm_per_px == 0.5 and json_board.terrain[0].top == 30.5


def test_shapes_text_and_templates_by_hand(tmp_path: Path) -> None:
    (tmp_path / "crate.tj").write_text(json.dumps({
        "type": "template",
        "object": {"name": "crate", "type": "Terrain", "width": 32, "height": 16, "rotation": 0,
                   "visible": True, "ellipse": True,
                   "properties": [{"name": "height", "type": "float", "value": 20}]}}), encoding="utf-8")
    objects = [
        {"id": 1, "name": "pond", "type": "Terrain", "x": 40, "y": 40, "width": 64, "height": 32,
         "rotation": 0, "visible": True, "ellipse": True},
        {"id": 2, "name": "here", "type": "", "x": 5, "y": 6, "width": 0, "height": 0, "rotation": 0,
         "visible": True, "point": True},
        {"id": 3, "name": "sign", "type": "", "x": 100, "y": 100, "width": 120, "height": 20,
         "rotation": 0, "visible": True, "text": {"text": "Tavern courtyard", "wrap": True, "halign": "center"}},
        {"id": 4, "template": "crate.tj", "x": 200, "y": 200,
         "properties": [{"name": "height", "type": "float", "value": 30}]},
        {"id": 5, "name": "wall", "type": "Terrain", "x": 0, "y": 300, "width": 0, "height": 0,
         "rotation": 0, "visible": False,
         "polyline": [{"x": 0, "y": 0}, {"x": 100, "y": 0.5}]},
        {"id": 6, "name": "pill", "type": "", "x": 10, "y": 10, "width": 40, "height": 20,
         "rotation": 15, "visible": True, "capsule": True},
    ]
    board = load_board(_write_json(tmp_path, hand_map(objects)))
    by_id = {o.id: o for o in board.objects}
    assert [by_id[i].shape for i in range(1, 7)] == ["ellipse", "point", "text", "ellipse", "polyline",
                                                      "capsule"]
    assert by_id[3].text == "Tavern courtyard"
    assert by_id[4].name == "crate" and by_id[4].template == str(tmp_path / "crate.tj")
    tops = {t.id: t.top for t in board.terrain}  # the layer "terrain" makes them all Terrain
    assert (tops[1], tops[4], tops[5]) == (20.0, 30.0, 20.0)
    assert by_id[5].visible is False
    tmx_objects = """
      <object id="1" name="pond" type="Terrain" x="40" y="40" width="64" height="32"><ellipse/></object>
      <object id="2" name="here" x="5" y="6"><point/></object>
      <object id="3" name="sign" x="100" y="100" width="120" height="20">
        <text wrap="1" halign="center">Tavern courtyard</text></object>
      <object id="4" template="crate.tj" x="200" y="200">
        <properties><property name="height" type="float" value="30"/></properties></object>
      <object id="5" name="wall" type="Terrain" x="0" y="300" visible="0">
        <polyline points="0,0 100,0.5"/></object>
      <object id="6" name="pill" x="10" y="10" width="40" height="20" rotation="15"><capsule/></object>"""
    assert comparable(board) == comparable(load_board(write_map(tmp_path, tmx(tmx_objects))))


def test_tile_data_in_base64_zlib_and_gzip_loads_as_csv(tmp_path: Path) -> None:
    import base64
    import gzip
    import struct
    import zlib

    gids = [(i % 4) + 1 for i in range(100)]
    gids[5] |= 0x80000000  # flipped
    raw = struct.pack("<100I", *gids)
    tileset = {"firstgid": 1, "name": "floor", "tilewidth": 32, "tileheight": 32, "tilecount": 4,
               "columns": 2, "image": "floor.png", "imagewidth": 64, "imageheight": 64, "margin": 0,
               "spacing": 0}
    write_png(tmp_path / "floor.png", 64, 64)
    boards = []
    for encoding, compression, data in (("csv", None, gids), ("base64", None, base64.b64encode(raw).decode()),
                                        ("base64", "zlib", base64.b64encode(zlib.compress(raw)).decode()),
                                        ("base64", "gzip", base64.b64encode(gzip.compress(raw)).decode())):
        doc = hand_map(tilesets=[tileset])
        layer = doc["layers"][0]
        layer.update(encoding=encoding, data=data)
        if compression:
            layer["compression"] = compression
        boards.append(load_board(_write_json(tmp_path, doc, f"{encoding}-{compression}.tmj")))
    first = tile_layers(boards[0])
    assert first and all(tile_layers(b) == first for b in boards[1:])
    assert all(not b.problems for b in boards)


# --------------------------------------------------------------------------- faults: one clear line
def _broken(doc: dict[str, Any], at: list[Any], value: Any) -> dict[str, Any]:
    node: Any = doc
    for key in at[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[at[-1]]
    else:
        node[at[-1]] = value
    return doc


_DELETE = object()
_POLY = {"id": 1, "name": "p", "type": "Terrain", "x": 0, "y": 0, "polygon": [{"x": 0, "y": 0}, {"x": 9, "y": 0},
                                                                              {"x": 9, "y": 9}]}


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('{"type": "map", "width": 10,', "not valid JSON (line 1, column 29"),
        ("", "not valid JSON (line 1, column 1"),
        ("[1, 2]", "not a Tiled map: the JSON document is an array"),
        ('{"type": "tileset", "tilewidth": 32, "tileheight": 32}', "not a Tiled map: this JSON file is a Tiled tileset"),
        ('{"type": "world", "maps": []}', "not a Tiled map: this JSON file is 'type' \"world\""),
        (_broken(hand_map(), ["width"], "ten"), 'width: expected a whole number, found "ten"'),
        (_broken(hand_map(), ["tileheight"], _DELETE), "tileheight: missing"),
        (_broken(hand_map(), ["infinite"], "no"), 'infinite: expected true or false, found "no"'),
        (_broken(hand_map(), ["layers"], {"a": 1}), "layers: expected an array [...], found an object"),
        (_broken(hand_map(), ["layers", 0, "data", 17], "x"),
         'layers[0].data[17]: expected a tile number (a whole number from 0 to 4294967295), found "x"'),
        (_broken(hand_map(), ["layers", 0, "data"], _DELETE), "layers[0].data: missing"),
        (_broken(hand_map(), ["layers", 0, "encoding"], "xml"), 'layers[0].encoding: expected "csv" or "base64"'),
        (_broken(hand_map(), ["layers", 1, "type"], "shapes"),
         'layers[1].type: expected "tilelayer", "objectgroup", "imagelayer" or "group", found "shapes"'),
        (_broken(hand_map([dict(_POLY)]), ["layers", 1, "objects", 0, "x"], "left"),
         'layers[1].objects[0].x: expected a number, found "left"'),
        (_broken(hand_map([dict(_POLY, polygon=[{"x": 0, "y": 0}, {"x": 9, "y": "0"}])]),
                 ["layers", 1, "objects", 0, "id"], 1),
         'layers[1].objects[0].polygon[1].y: expected a number, found "0"'),
        (_broken(hand_map([dict(_POLY, properties=[{"name": "height", "type": "float", "value": [1]}])]),
                 ["layers", 1, "objects", 0, "id"], 1),
         "layers[1].objects[0].properties[0].value: expected a float value, found an array"),
        (_broken(hand_map([dict(_POLY, properties=[{"type": "float", "value": 1}])]),
                 ["layers", 1, "objects", 0, "id"], 1),
         "layers[1].objects[0].properties[0].name: missing"),
        (_broken(hand_map(), ["tilesets"], [{"firstgid": 1, "source": "nowhere.tsj"}]),
         "tileset file 'nowhere.tsj' not found"),
        (_broken(hand_map(), ["tilesets"], [{"firstgid": 1.5, "name": "x"}]),
         "tilesets[0].firstgid: expected a whole number, found 1.5"),
        (_broken(hand_map(), ["orientation"], "isometric"), "unsupported orientation 'isometric'"),
        (_broken(hand_map(), ["layers", 0, "compression"], "lzma"), "unsupported tile layer compression 'lzma'"),
        (_broken(hand_map(), ["layers", 0, "data"], list(range(99))), "tile layer 'floor' has 99 tiles, expected 10x10 = 100"),
    ],
)
def test_a_broken_tmj_is_one_line_naming_the_file_and_the_json_path(tmp_path: Path, text: Any, needle: str) -> None:
    path = _write_json(tmp_path, text)
    with pytest.raises(MapError) as info:
        load_board(path)
    message = str(info.value)
    assert message.startswith(f"{path}: error: ") and needle in message and "\n" not in message
    out = io.StringIO()
    assert validate_paths([path], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == message and lines[-1].startswith("1 map(s): 0 loaded, 1 refused")


def test_a_broken_tsj_tileset_or_tj_template_names_its_file_and_path(tmp_path: Path) -> None:
    (tmp_path / "set.tsj").write_text(json.dumps({"type": "tileset", "name": "set", "tilewidth": "wide",
                                                  "tileheight": 32}), encoding="utf-8")
    path = _write_json(tmp_path, hand_map(tilesets=[{"firstgid": 1, "source": "set.tsj"}]))
    with pytest.raises(MapError, match=r"tileset 'set.tsj': tilewidth: expected a whole number, "
                                       r'found "wide"'):
        load_board(path)
    (tmp_path / "t.tj").write_text('{"type": "template", "object": {"x": []}}', encoding="utf-8")
    board = load_board(_write_json(tmp_path, hand_map([{"id": 3, "template": "t.tj", "x": 1, "y": 1}])))
    (problem,) = board.problems
    assert problem.object_id == 3 and "template 't.tj'" in problem.message
    assert "object.x: expected a number, found an array" in problem.message


@pytest.mark.parametrize(("depth", "needle"), [(40, "group layers nested deeper than 32"),
                                               (150, "group layers nested deeper than 100 levels"),
                                               (100_000, "not valid JSON: nested too deeply to read")])
def test_group_layers_nested_beyond_reason_are_refused_not_a_crash(tmp_path: Path, depth: int,
                                                                   needle: str) -> None:
    groups = '{"type": "group", "name": "g", "layers": [' * depth + "]}" * depth
    text = json.dumps(hand_map()).replace('"layers": [', f'"layers": [{groups}, ', 1)
    with pytest.raises(MapError) as info:
        load_board(_write_json(tmp_path, text))
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_a_tmj_with_tsj_tilesets_renders_the_same_picture_as_its_tmx(tmp_path: Path) -> None:
    """The tile pictures (a spritesheet and a collection of pictures) come through pytmx alike."""
    import pygame

    from game.ui.render import render_command

    original = REPO / "maps" / "tavern.tmx"
    saved = tmjkit.save_as_tmj(original, tmp_path / "tavern.tmj", tsj=True, json_dir=tmp_path)
    pictures = []
    for name, path in (("tmx.png", original), ("tmj.png", saved)):
        assert render_command(path, tmp_path / name, (640, 400), None, False) == 0
        pictures.append(pygame.image.tobytes(pygame.image.load(str(tmp_path / name)), "RGB"))
    assert pictures[0] == pictures[1]
