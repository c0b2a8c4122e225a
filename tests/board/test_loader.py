"""The Board loader on small hand-written maps: every shape, property and fault we promise."""

from __future__ import annotations

import math

import pytest
import shapely

from game.board import MapError, load_board
from game.board.schema import TERRAIN
from game.core.units import DEFAULT_MM_PER_PIXEL
from tests.board.mapkit import tmx, write_map, write_png

S = DEFAULT_MM_PER_PIXEL


def _by_id(board, oid):
    return next(o for o in board.objects if o.id == oid)


def _terrain(board, oid):
    return next(t for t in board.terrain if t.id == oid)


def test_class_and_type_both_read_and_height_property_is_not_the_object_height(tmp_path):
    objs = """
    <object id="1" name="table" class="Terrain" x="32" y="32" width="64" height="32">
      <properties><property name="height" type="float" value="18"/>
                  <property name="surface" type="bool" value="true"/>
                  <property name="kind" value="table"/></properties></object>
    <object id="2" name="old" type="Terrain" x="0" y="0" width="10" height="10">
      <properties><property name="bottom" type="float" value="55"/>
                  <property name="height" type="float" value="5"/></properties></object>
    """
    board = load_board(write_map(tmp_path, tmx(objs)))
    table = _terrain(board, 1)
    assert (table.bottom, table.top, table.surface, table.kind) == (0.0, 18.0, True, "table")
    assert table.footprint.area == pytest.approx(64 * 32 * S * S)
    assert _by_id(board, 1).size == pytest.approx((64 * S, 32 * S))  # the object's own height kept
    old = _terrain(board, 2)
    assert (old.bottom, old.top) == (55.0, 60.0)


def test_defaults_come_from_the_schema(tmp_path):
    board = load_board(write_map(tmp_path, tmx(
        '<object id="1" class="Terrain" x="0" y="0" width="32" height="32"/>')))
    piece = board.terrain[0]
    d = TERRAIN.defaults()
    assert piece.top - piece.bottom == d["height"]
    assert piece.blocks_sight is d["blocks_sight"] and piece.surface is d["surface"]


def test_ellipse_point_text_kept_as_themselves(tmp_path):
    objs = """
    <object id="1" class="Terrain" x="64" y="64" width="64" height="32"><ellipse/></object>
    <object id="2" name="Athos" x="100" y="120"><point/></object>
    <object id="3" x="0" y="0" width="100" height="20"><text wrap="1">Tavern courtyard</text></object>
    """
    layers = """<objectgroup id="3" name="spawns">
      <object id="4" name="Porthos" x="200" y="40"><properties>
        <property name="side" value="musketeers"/><property name="profile" value="porthos"/>
        <property name="facing" type="float" value="90"/></properties><point/></object>
    </objectgroup>"""
    board = load_board(write_map(tmp_path, tmx(objs, extra_layers=layers)))
    assert _by_id(board, 1).shape == "ellipse"
    assert _terrain(board, 1).footprint.area == pytest.approx(math.pi * 32 * 16 * S * S, rel=0.01)
    point = _by_id(board, 2)
    assert point.shape == "point" and point.geometry.coords[0] == pytest.approx((100 * S, 120 * S))
    text = _by_id(board, 3)
    assert (text.shape, text.text) == ("text", "Tavern courtyard")
    (spawn,) = board.spawns
    assert (spawn.name, spawn.side, spawn.profile, spawn.facing) == ("Porthos", "musketeers", "porthos", 90.0)
    assert (spawn.x, spawn.y) == pytest.approx((200 * S, 40 * S))


def test_rotation_is_clockwise_about_the_top_left_corner(tmp_path):
    board = load_board(write_map(tmp_path, tmx(
        '<object id="1" class="Terrain" x="100" y="100" width="40" height="20" rotation="90"/>')))
    coords = shapely.get_coordinates(board.terrain[0].footprint) / S
    # Rotating (40, 0) by 90 degrees clockwise on screen (y down) gives (0, 40).
    assert coords[0] == pytest.approx((100, 100))
    assert coords[1] == pytest.approx((100, 140))
    assert coords[2] == pytest.approx((80, 140))


def test_polyline_wall_has_its_thickness(tmp_path):
    objs = """<object id="1" class="Terrain" x="0" y="0"><properties>
      <property name="thickness" type="float" value="6"/></properties>
      <polyline points="0,0 100,0"/></object>"""
    board = load_board(write_map(tmp_path, tmx(objs)))
    wall = board.terrain[0]
    assert wall.shape == "polyline"
    assert wall.footprint.area == pytest.approx(100 * S * 6)


def test_map_scale_property(tmp_path):
    board = load_board(write_map(tmp_path, tmx(
        '<object id="1" class="Terrain" x="10" y="0" width="10" height="10"/>',
        props='<property name="mm_per_pixel" type="float" value="2"/>')))
    assert board.mm_per_px == 2.0
    assert board.width_mm == 640.0
    assert board.terrain[0].footprint.bounds == pytest.approx((20, 0, 40, 20))


def _props_tileset(tmp_path):
    write_png(tmp_path / "props.png", 64, 32)
    return """<tileset firstgid="1" name="props" tilewidth="32" tileheight="32" tilecount="2" columns="2">
      <image source="props.png" width="64" height="32"/>
      <tile id="0" type="Terrain"><properties><property name="kind" value="barrel"/>
        <property name="rollable" type="bool" value="true"/>
        <property name="height" type="float" value="25"/></properties>
        <objectgroup><object id="1" x="0" y="16" width="16" height="16"/></objectgroup></tile>
    </tileset>"""


def test_tile_object_uses_its_collision_shape_and_flips(tmp_path):
    objs = """<object id="1" gid="1" x="64" y="96" width="32" height="32"/>
              <object id="2" gid="2147483649" x="128" y="96" width="32" height="32"/>"""
    board = load_board(write_map(tmp_path, tmx(objs, tilesets=_props_tileset(tmp_path))))
    plain, flipped = _terrain(board, 1), _terrain(board, 2)
    assert plain.kind == "barrel" and plain.rollable and plain.top == 25
    # The collision square is the tile's bottom-left quarter; the anchor is the bottom-left corner.
    assert plain.footprint.bounds == pytest.approx((64 * S, 80 * S, 80 * S, 96 * S))
    # Flipped horizontally, it moves to the bottom-right quarter.
    assert flipped.footprint.bounds == pytest.approx((144 * S, 80 * S, 160 * S, 96 * S))
    assert _by_id(board, 1).shape == "tile"
    assert not [p for p in board.problems if p.severity == "error"]


def test_template_instance_takes_the_template_and_overrides(tmp_path):
    (tmp_path / "crate.tx").write_text("""<?xml version="1.0" encoding="UTF-8"?>
<template><object name="crate" class="Terrain" width="32" height="16">
  <properties><property name="height" type="float" value="20"/>
  <property name="liftable" type="bool" value="true"/></properties><ellipse/></object></template>""")
    objs = """<object id="5" template="crate.tx" x="10" y="10">
      <properties><property name="height" type="float" value="30"/></properties></object>"""
    board = load_board(write_map(tmp_path, tmx(objs)))
    obj = _by_id(board, 5)
    assert (obj.shape, obj.name, obj.template.endswith("crate.tx")) == ("ellipse", "crate", True)
    piece = _terrain(board, 5)
    assert piece.top == 30 and piece.liftable
    assert obj.size == pytest.approx((32 * S, 16 * S))


def test_cells_inherit_tile_id_from_their_group_and_group_offsets_apply(tmp_path):
    layers = """<group id="5" name="kitchen" offsetx="100" offsety="0">
      <properties><property name="tile_id" value="kitchen"/></properties>
      <objectgroup id="6" name="cells">
        <object id="9" x="0" y="0"><properties><property name="wide" type="bool" value="true"/></properties>
          <polygon points="0,0 50,0 50,40 0,40"/></object>
      </objectgroup></group>"""
    board = load_board(write_map(tmp_path, tmx(extra_layers=layers)))
    (cell,) = board.cells
    assert cell.id == "9" and cell.properties["tile_id"] == "kitchen" and cell.properties["wide"] is True
    assert cell.polygon.bounds == pytest.approx((100 * S, 0, 150 * S, 40 * S))


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaa">]><map/>', "entity"),
        ("<map", "not well-formed"),
        ("<tileset/>", "not a Tiled map"),
        (tmx().replace('orientation="orthogonal"', 'orientation="isometric"'), "orientation"),
        (tmx().replace('orientation="orthogonal"', 'orientation="oblique"'), "oblique"),
        (tmx().replace('<data encoding="csv">', '<data encoding="base64" compression="lzma">'), "lzma"),
        (tmx(tilesets='<tileset firstgid="1" source="missing.tsx"/>'), "missing.tsx"),
        (tmx(width=0), "empty"),
    ],
)
def test_fatal_faults_raise_one_clear_line_naming_the_file(tmp_path, text, needle):
    path = write_map(tmp_path, text)
    with pytest.raises(MapError) as info:
        load_board(path)
    message = str(info.value)
    assert str(path) in message and needle in message and "\n" not in message


def test_folder_and_missing_file(tmp_path):
    with pytest.raises(MapError, match="folder"):
        load_board(tmp_path)
    with pytest.raises(MapError, match="not found"):
        load_board(tmp_path / "nope.tmx")


def test_object_faults_are_reported_and_the_rest_loads(tmp_path):
    objs = """
    <object id="1" name="nan" class="Terrain" x="nan" y="0" width="10" height="10"/>
    <object id="2" name="bowtie" class="Terrain" x="0" y="0"><polygon points="0,0 40,40 40,0 0,40"/></object>
    <object id="3" name="pit" class="Terrain" x="0" y="0" width="10" height="10">
      <properties><property name="height" type="float" value="-5"/></properties></object>
    <object id="4" name="badbool" class="Terrain" x="0" y="0" width="10" height="10">
      <properties><property name="surface" type="bool" value="maybe"/></properties></object>
    <object id="5" name="zero" class="Terrain" x="0" y="0"/>
    <object id="6" name="ok" class="Terrain" x="0" y="0" width="10" height="10"/>
    """
    board = load_board(write_map(tmp_path, tmx(objs)))
    by_object = {p.object_id: p for p in board.problems}
    assert "not a finite number" in by_object[1].message
    assert "self-intersecting" in by_object[2].message
    assert "negative height" in by_object[3].message
    assert "'maybe' is not a bool" in by_object[4].message
    assert "area" in by_object[5].message
    assert {t.id for t in board.terrain} == {2, 4, 6}
    assert _terrain(board, 2).footprint.is_valid
    assert by_object[2].line().startswith(f"{tmp_path / 'm.tmx'} layer 'terrain' object 2 'bowtie': error:")


def test_missing_tileset_image_is_an_error_but_the_map_loads(tmp_path):
    ts = """<tileset firstgid="1" name="floor" tilewidth="32" tileheight="32" tilecount="1" columns="1">
      <image source="nowhere.png" width="32" height="32"/></tileset>"""
    board = load_board(write_map(tmp_path, tmx(tilesets=ts)))
    assert any("nowhere.png" in p.message and p.severity == "error" for p in board.problems)


@pytest.mark.parametrize("form", ["embedded", "external"])
def test_a_tileset_picture_declared_absurdly_large_is_refused_at_once(tmp_path, form):
    """Found by the map fuzz: a picture declared 10,000,001 px tall kept pytmx busy for 6 s."""
    tileset = """<tileset {ref}name="hex mini" tilewidth="18" tileheight="18" spacing="2">
      <image source="hexmini.png" width="106" height="10000001"/></tileset>"""
    if form == "external":
        (tmp_path / "hex.tsx").write_text('<?xml version="1.0"?>\n' + tileset.format(ref=""))
        ts = '<tileset firstgid="1" source="hex.tsx"/>'
    else:
        ts = tileset.format(ref='firstgid="1" ')
    with pytest.raises(MapError) as info:
        load_board(write_map(tmp_path, tmx(tilesets=ts)))
    message = str(info.value)
    assert str(tmp_path / "m.tmx") in message and "\n" not in message
    # 106 px holds 5 columns of 18 px with 2 px between; 10,000,001 px holds 500,000 rows
    assert "tileset 'hex mini'" in message and "106x10000001 px" in message
    assert "2500000 tiles of 18x18 px" in message and "65536" in message


def test_the_largest_tileset_picture_we_read_loads(tmp_path):
    # 256 x 256 tiles of 2 px: exactly MAX_TILESET_TILES
    ts = """<tileset firstgid="1" name="fine" tilewidth="2" tileheight="2">
      <image source="fine.png" width="512" height="513"/></tileset>"""
    write_png(tmp_path / "fine.png", 512, 513)
    board = load_board(write_map(tmp_path, tmx(tilesets=ts)))
    assert not [p for p in board.problems if p.severity == "error"]


def test_unknown_class_is_one_warning_per_class(tmp_path):
    objs = "".join(f'<object id="{i}" type="collision" x="0" y="0" width="5" height="5"/>' for i in range(1, 6))
    board = load_board(write_map(tmp_path, tmx(objs)))
    warnings = [p for p in board.problems if "collision" in p.message]
    assert len(warnings) == 1 and warnings[0].severity == "warning" and "5 object(s)" in warnings[0].message


def test_polygon_with_two_points_becomes_a_line_and_says_so(tmp_path):
    board = load_board(write_map(tmp_path, tmx(
        '<object id="1" x="0" y="0"><polygon points="0,0 10,0"/></object>')))
    (obj,) = board.objects
    assert obj.shape == "polyline" and obj.geometry.geom_type == "LineString"
    assert any("not an area" in p.message for p in board.problems)


def test_every_object_in_a_group_gets_its_tile_id(tmp_path):
    layers = """<group id="5" name="cellar"><properties><property name="tile_id" value="cellar"/></properties>
      <objectgroup id="6" name="walls"><object id="9" x="0" y="0"><polyline points="0,0 50,0"/></object></objectgroup>
      <objectgroup id="7" name="exits"><object id="10" x="0" y="0" width="5" height="5">
        <properties><property name="tile_id" value="own"/></properties></object></objectgroup></group>"""
    board = load_board(write_map(tmp_path, tmx(extra_layers=layers)))
    assert _by_id(board, 9).properties["tile_id"] == "cellar"
    assert _by_id(board, 10).properties["tile_id"] == "own"  # the object's own value wins
