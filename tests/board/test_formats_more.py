"""Everything Tiled writes for a table (issue #18 point 7): hexagonal and staggered maps, infinite
maps, zstd layers, the old XML ``<tile gid>`` layers, Tiled 1.12 capsules and Tiled 1.11 list
properties, in TMX and in JSON.

The maps are small, hand-written, under ``data/formats/`` (``diamonds.png``: four 32x32 diamonds,
red, green, blue, yellow, on transparent corners; ``squares.png``: the same four as squares). Where Tiled puts tiles is written out here
from Tiled's own rules (``hexagonalrenderer.cpp``), not taken from ``game/board/grid.py``.
"""

from __future__ import annotations

import base64
import dataclasses
import io
import math
import struct
from pathlib import Path

import pytest
import pytmx
import zstandard

from game.board import Board, MapError, load_board
from game.board.validate import validate_paths
from tests.board import tmjkit
from tests.board.mapkit import tmx, write_map

DATA = Path(__file__).resolve().parent / "data" / "formats"
#: The colours of diamonds.png's tiles, by gid (1 to 4).
COLOURS = {1: (220, 40, 40), 2: (40, 180, 60), 3: (40, 80, 220), 4: (230, 210, 40)}
#: The gids of the 4x3 layers of zstd.tmx/.tmj and old_xml_tiles.tmx (the first one flipped).
GRID = [0x80000001, 2, 3, 4, 2, 3, 4, 1, 3, 4, 0, 2]


def tile_layers(board: Board) -> list[tuple[str, list[list[int]]]]:
    """Each tile layer's tiles as pytmx holds them for drawing: Tiled gid with its flip flags."""
    tiled_map = board.tiled_map
    out = []
    for layer in tiled_map.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            rows = []
            for row in layer.data:
                cells = []
                for gid in row:
                    if not gid:
                        cells.append(0)
                        continue
                    tiled = tiled_map.tiledgidmap[gid]
                    flags = next(f for g, f in tiled_map.gidmap[tiled] if g == gid)
                    cells.append(tiled | (0x80000000 if flags.flipped_horizontally else 0)
                                 | (0x40000000 if flags.flipped_vertically else 0))
                rows.append(cells)
            out.append((layer.name, rows))
    return out


def without_path(board: Board) -> Board:
    return dataclasses.replace(board, path="")


def art_of(path: Path):
    """The table's artwork at map resolution, as the window draws it."""
    from game.ui.images import SafeImageLoader
    from game.ui.render import ensure_video_mode
    from game.ui.table_art import art_scale, compose_art

    ensure_video_mode()
    loader = SafeImageLoader()
    board = load_board(path, image_loader=loader)
    assert not loader.missing and not board.problems
    assert art_scale(board) == 1.0
    art = compose_art(board, loader)
    assert art is not None
    return board, art


def colour_at(art, x: float, y: float) -> tuple[int, int, int]:
    return tuple(art.get_at((int(x), int(y))))[:3]


# --------------------------------------------------------------------------- hexagonal, staggered
def test_a_hexagonal_map_draws_its_tiles_where_tiled_does() -> None:
    """hexsidelength 16, stagger axis y, odd index, 32x32 tiles: Tiled's rows are 24 px apart
    ((32 - 16) / 2 + 16), odd rows move right by a column width of 16, and the map is
    4 * 32 + 16 px wide and 4 * 24 + 8 px high."""
    board, art = art_of(DATA / "hexagonal.tmx")
    assert (board.orientation, board.stagger_axis, board.stagger_index, board.hex_side_length) == (
        "hexagonal", "y", "odd", 16)
    assert (board.width_px, board.height_px) == (144, 104) == art.get_size()
    for y in range(4):
        for x in range(4):
            centre = (32 * x + 16 * (y % 2) + 16, 24 * y + 16)
            assert colour_at(art, *centre) == COLOURS[(x + y) % 4 + 1], f"tile {x},{y} at {centre}"
    # between the diamonds of row 0, left of the first one: the floor, not a tile
    assert colour_at(art, 1, 1) not in COLOURS.values()
    (flag,) = board.objects  # objects stay plain pixel coordinates
    assert (flag.geometry.x, flag.geometry.y) == pytest.approx((48 * board.mm_per_px, 40 * board.mm_per_px))


def test_a_staggered_map_draws_its_tiles_where_tiled_does() -> None:
    """Staggered along x with the even index, 32x32 tiles: columns are 16 px apart, even columns
    move down half a tile, and the map is 4 * 16 + 16 px wide and 3 * 32 + 16 px high."""
    board, art = art_of(DATA / "staggered.tmx")
    assert (board.orientation, board.stagger_axis, board.stagger_index) == ("staggered", "x", "even")
    assert (board.width_px, board.height_px) == (80, 112) == art.get_size()
    for y in range(3):
        for x in range(4):
            centre = (16 * x + 16, 32 * y + 16 * (x % 2 == 0) + 16)
            assert colour_at(art, *centre) == COLOURS[(x + y) % 4 + 1], f"tile {x},{y} at {centre}"


def test_a_staggered_map_draws_a_rows_shifted_columns_over_its_others(tmp_path: Path) -> None:
    """Tiled draws a row's unshifted columns, then its shifted ones (which sit lower): with square
    tiles, where tile 0,0 (shifted, red) and tile 1,0 (not shifted, green) overlap, red is on top."""
    text = (DATA / "staggered.tmx").read_text(encoding="utf-8").replace(
        'source="diamonds.tsx"', f'source="{DATA / "squares.tsx"}"')
    _board, art = art_of(write_map(tmp_path, text))
    assert colour_at(art, 24, 24) == COLOURS[1]
    assert colour_at(art, 40, 8) == COLOURS[2]  # tile 1,0 alone
    assert colour_at(art, 40, 40) == COLOURS[3]  # tile 2,0 (shifted) over tile 1,0


def test_a_tilesets_drawing_offset_moves_its_tiles(tmp_path: Path) -> None:
    """Tiled draws every tile of a tileset with a <tileoffset> moved by it (hexagonal-mini.tmx
    has one); here 5 px right and 7 px down."""
    text = tmx(tilesets=f"""<tileset firstgid="1" name="squares" tilewidth="32" tileheight="32"
        tilecount="4" columns="2"><tileoffset x="5" y="7"/>
        <image source="{DATA / 'squares.png'}" width="64" height="64"/></tileset>""", width=2, height=1)
    _board, art = art_of(write_map(tmp_path, text.replace('<data encoding="csv">0,0</data>',
                                                          '<data encoding="csv">1,2</data>')))
    assert colour_at(art, 2, 2) not in COLOURS.values()
    assert colour_at(art, 6, 8) == COLOURS[1] and colour_at(art, 36, 8) == COLOURS[1]
    assert colour_at(art, 38, 8) == COLOURS[2]


def test_hexagonal_and_staggered_maps_load_the_same_from_json(tmp_path: Path) -> None:
    for name in ("hexagonal", "staggered"):
        saved = tmjkit.save_as_tmj(DATA / f"{name}.tmx", tmp_path / f"{name}.tmj")
        assert without_path(load_board(saved)) == without_path(load_board(DATA / f"{name}.tmx"))


@pytest.mark.parametrize(("orientation", "words"), [("isometric", "at an angle"), ("oblique", "skewed")])
def test_isometric_and_oblique_maps_are_refused_in_one_line(tmp_path: Path, orientation: str, words: str) -> None:
    path = write_map(tmp_path, tmx().replace('orientation="orthogonal"', f'orientation="{orientation}"'))
    with pytest.raises(MapError) as info:
        load_board(path)
    message = str(info.value)
    assert str(path) in message and orientation in message and words in message and "\n" not in message


def test_a_bad_stagger_axis_is_refused(tmp_path: Path) -> None:
    text = tmx().replace('orientation="orthogonal"', 'orientation="hexagonal" staggeraxis="z"')
    with pytest.raises(MapError, match="staggeraxis='z' must be 'x' or 'y'"):
        load_board(write_map(tmp_path, text))


# --------------------------------------------------------------------------- infinite maps
@pytest.mark.parametrize("name", ["infinite.tmx", "infinite.tmj"])
def test_an_infinite_map_is_the_bounds_of_its_chunks(name: str) -> None:
    """Chunks of 4x4 at (-4,-4), (0,0) and (8,8) (empty), and (0,-4) in the second layer: the
    table is tiles -4..3 both ways, so everything moves 4 tiles (128 px) right and down."""
    board = load_board(DATA / name)
    assert (board.width_tiles, board.height_tiles, board.width_px, board.height_px) == (8, 8, 256, 256)
    layers = dict(tile_layers(board))
    ground, marks = layers["ground"], layers["marks"]
    assert [(x, y, g) for y, row in enumerate(ground) for x, g in enumerate(row) if g] == [
        (1, 1, 1), (4, 4, 2), (7, 7, 3)]
    assert [(x, y, g) for y, row in enumerate(marks) for x, g in enumerate(row) if g] == [(6, 3, 4)]
    (crate,) = board.objects  # at (-64, -64) px in Tiled, at (64, 64) px on the table
    s = board.mm_per_px
    assert crate.geometry.bounds == pytest.approx((64 * s, 64 * s, 96 * s, 96 * s))
    assert board.properties == {} and not board.problems


@pytest.mark.parametrize("name", ["infinite.tmx", "infinite.tmj"])
def test_an_infinite_maps_pictures_move_with_it(name: str) -> None:
    """The image layer at (-128, -128) px (squares.png) is at the table's top-left corner, under
    the tile at (-3, -3), now (1, 1): a red diamond on the image's blue square."""
    _board, art = art_of(DATA / name)
    assert colour_at(art, 2, 2) == COLOURS[1] and colour_at(art, 40, 2) == COLOURS[2]
    assert colour_at(art, 2, 40) == COLOURS[3] and colour_at(art, 48, 48) == COLOURS[1]
    assert colour_at(art, 70, 2) not in COLOURS.values()


def test_an_infinite_map_loads_the_same_from_tmx_and_json() -> None:
    tmx_board, json_board = load_board(DATA / "infinite.tmx"), load_board(DATA / "infinite.tmj")
    assert without_path(json_board) == without_path(tmx_board)
    assert tile_layers(json_board) == tile_layers(tmx_board)


def test_an_infinite_staggered_map_keeps_its_shifted_rows_shifted(tmp_path: Path) -> None:
    """A chunk starting on row -3 (odd, a shifted row): the table starts on row -4, so row -3
    becomes row 1, shifted as before, and objects move down 4 rows of 16 px."""
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="staggered" width="10" height="10" tilewidth="32" tileheight="32"
     infinite="1" staggeraxis="y" staggerindex="odd">
 <tileset firstgid="1" source="{DATA / 'diamonds.tsx'}"/>
 <layer id="1" name="ground" width="10" height="10">
  <data encoding="csv"><chunk x="0" y="-3" width="2" height="3">0,1,0,0,0,2</chunk></data>
 </layer>
 <objectgroup id="2" name="things"><object id="1" name="mark" x="40" y="-48"><point/></object></objectgroup>
</map>"""
    board = load_board(write_map(tmp_path, text))
    assert (board.width_tiles, board.height_tiles) == (2, 4)
    ground = dict(tile_layers(board))["ground"]
    assert ground[1] == [0, 1] and ground[3] == [0, 2]
    (mark,) = board.objects
    assert (mark.geometry.x, mark.geometry.y) == pytest.approx((40 * board.mm_per_px, 16 * board.mm_per_px))


def test_an_infinite_map_without_tiles_keeps_its_size(tmp_path: Path) -> None:
    text = tmx().replace('infinite="0"', 'infinite="1"').replace(
        f'<data encoding="csv">{",".join(["0"] * 100)}</data>', '<data encoding="csv"></data>')
    board = load_board(write_map(tmp_path, text))
    assert (board.width_tiles, board.height_tiles) == (10, 10)


@pytest.mark.parametrize(("chunks", "words"), [
    ('<chunk x="-3000" y="-3000" width="1" height="1">1</chunk>'
     '<chunk x="3000" y="3000" width="1" height="1">1</chunk>', "span 6001x6001 tiles, more than"),
    ('<chunk x="0" y="0" width="0" height="4"></chunk>', "chunk of impossible size 0x4 at 0,0"),
    ('<chunk x="0" y="0" width="2" height="2">1,1,1</chunk>', "chunk at 0,0 has 3 tiles, expected 2x2 = 4"),
])
def test_a_bad_infinite_map_is_refused_in_one_line(tmp_path: Path, chunks: str, words: str) -> None:
    text = tmx().replace('infinite="0"', 'infinite="1"').replace(
        f'<data encoding="csv">{",".join(["0"] * 100)}</data>', f'<data encoding="csv">{chunks}</data>')
    path = write_map(tmp_path, text)
    with pytest.raises(MapError) as info:
        load_board(path)
    assert str(path) in str(info.value) and words in str(info.value) and "\n" not in str(info.value)


# --------------------------------------------------------------------------- zstd and <tile gid>
@pytest.mark.parametrize("name", ["zstd.tmx", "zstd.tmj", "old_xml_tiles.tmx"])
def test_zstd_and_xml_tile_layers_load_as_csv(tmp_path: Path, name: str) -> None:
    csv = ",".join(map(str, GRID))
    reference = tmx(tilesets=f'<tileset firstgid="1" source="{DATA / "diamonds.tsx"}"/>', width=4,
                    height=3).replace(",".join(["0"] * 12), csv).replace('name="floor"', 'name="ground"')
    expected = tile_layers(load_board(write_map(tmp_path, reference)))
    assert expected == [("ground", [GRID[0:4], GRID[4:8], GRID[8:12]])]
    board = load_board(DATA / name)
    assert tile_layers(board) == expected and not board.problems


def _zstd_map(payload: bytes) -> str:
    data = base64.b64encode(payload).decode()
    return (tmx(width=4, height=3).replace(f'<data encoding="csv">{",".join(["0"] * 12)}</data>',
                                           f'<data encoding="base64" compression="zstd">{data}</data>'))


def test_a_broken_zstd_layer_is_one_line(tmp_path: Path) -> None:
    path = write_map(tmp_path, _zstd_map(b"not zstd at all"))
    with pytest.raises(MapError) as info:
        load_board(path)
    assert "tile layer 'floor' data is not valid zstd data" in str(info.value)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_a_zstd_layer_is_never_inflated_past_its_size(tmp_path: Path) -> None:
    bomb = zstandard.ZstdCompressor().compress(struct.pack("<I", 1) * 1_000_000)
    with pytest.raises(MapError, match=r"has 12 tiles and a partial one, expected 4x3 = 12"):
        load_board(write_map(tmp_path, _zstd_map(bomb)))


def test_an_xml_tile_layer_with_a_tile_missing_is_refused(tmp_path: Path) -> None:
    text = (DATA / "old_xml_tiles.tmx").read_text(encoding="utf-8").replace("<tile/>", "")
    text = text.replace('source="diamonds.tsx"', f'source="{DATA / "diamonds.tsx"}"')
    with pytest.raises(MapError, match=r"tile layer 'ground' has 11 tiles, expected 4x3 = 12"):
        load_board(write_map(tmp_path, text))


# --------------------------------------------------------------------------- capsules
@pytest.mark.parametrize("name", ["capsules_and_lists.tmx", "capsules_and_lists.tmj"])
def test_capsules_keep_their_round_ends(name: str) -> None:
    board = load_board(DATA / name)
    assert board.mm_per_px == 1.0
    by_name = {o.name: o for o in board.objects}
    pill, standing, coin = by_name["pill"], by_name["standing pill"], by_name["coin"]
    assert pill.shape == standing.shape == coin.shape == "capsule"
    # 80x40 at (10, 20): a 40x40 middle and two half circles of radius 20
    assert pill.geometry.bounds == pytest.approx((10, 20, 90, 60))
    assert pill.geometry.area == pytest.approx(40 * 40 + math.pi * 20**2, rel=0.005)
    from shapely.geometry import Point

    assert pill.geometry.contains(Point(50, 40)) and pill.geometry.contains(Point(12, 40))
    assert not pill.geometry.contains(Point(12, 22))  # a rectangle's corner, cut off by the round end
    # 30x60 standing, turned 90 degrees clockwise about its top-left corner (150, 20)
    assert standing.geometry.bounds == pytest.approx((90, 20, 150, 50))
    assert standing.geometry.area == pytest.approx(30 * 30 + math.pi * 15**2, rel=0.005)
    assert not standing.geometry.contains(Point(91, 21)) and standing.geometry.contains(Point(91, 35))
    assert coin.geometry.area == pytest.approx(math.pi * 12**2, rel=0.005)  # square: a circle
    # a tile whose collision shape is a capsule: the terrain's footprint is that capsule, placed
    (log,) = board.terrain
    assert log.footprint.bounds == pytest.approx((100, 108, 132, 124))
    assert log.footprint.area == pytest.approx(16 * 16 + math.pi * 8**2, rel=0.005)


def test_capsules_and_lists_load_the_same_from_tmx_and_json() -> None:
    tmx_board = load_board(DATA / "capsules_and_lists.tmx")
    json_board = load_board(DATA / "capsules_and_lists.tmj")
    assert without_path(json_board) == without_path(tmx_board)


# --------------------------------------------------------------------------- list properties
@pytest.mark.parametrize("name", ["capsules_and_lists.tmx", "capsules_and_lists.tmj"])
def test_list_properties_are_tuples_of_typed_values(name: str) -> None:
    board = load_board(DATA / name)
    assert board.properties["loot"] == (
        3, "rope", 2.5, True, "#ff102030", str(DATA / "notes" / "rules.md"), 7, "mice",
        {"damage": 4, "name": "sabre"}, (1, ("deep",)), "two\nlines")
    assert board.properties["none"] == ()
    pill = next(o for o in board.objects if o.name == "pill")
    assert pill.properties["stats"] == {"moves": (4, 6)}  # a list inside a class


def test_a_bad_list_item_names_the_item(tmp_path: Path) -> None:
    props = '<property name="loot" type="list"><item type="int" value="1"/><item type="int" value="x"/></property>'
    board = load_board(write_map(tmp_path, tmx(props=props)))
    assert "loot" not in board.properties
    assert any("property 'loot': list item 2: 'x' is not a number" in p.message for p in board.problems)


# --------------------------------------------------------------------------- tabletop validate
def test_validate_a_folder_loads_every_format() -> None:
    out = io.StringIO()
    assert validate_paths([DATA], out) == 0, out.getvalue()
    text = out.getvalue()
    names = sorted(p.name for p in DATA.iterdir() if p.suffix in (".tmx", ".tmj"))
    assert len(names) == 9
    for name in names:
        assert f"{name}: loaded (" in text, text
    assert text.splitlines()[-1].startswith("9 map(s): 9 loaded, 0 refused; 0 error(s), 0 warning(s)")


def test_validate_a_folder_finds_tmx_maps_saved_as_xml(tmp_path: Path) -> None:
    """Tiled saves TMX maps (and tilesets) as ``.xml`` too: a map is found, other XML is not."""
    text = (DATA / "zstd.tmx").read_text(encoding="utf-8").replace(
        'source="diamonds.tsx"', f'source="{DATA / "diamonds.tsx"}"')
    write_map(tmp_path, text, "level.xml")
    (tmp_path / "tiles.xml").write_text((DATA / "diamonds.tsx").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "other.xml").write_text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><map/>',
                                        encoding="utf-8")
    (tmp_path / "broken.xml").write_text("<ma", encoding="utf-8")
    out = io.StringIO()
    assert validate_paths([tmp_path], out) == 0, out.getvalue()
    text = out.getvalue()
    assert "level.xml: loaded (" in text and "tiles.xml" not in text and "other.xml" not in text
    assert text.splitlines()[-1].startswith("1 map(s): 1 loaded, 0 refused")
