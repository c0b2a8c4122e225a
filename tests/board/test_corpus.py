"""The loader against the corpus of real Tiled maps in ``../shared/corpus/tiled`` (see its SOURCES.md).

Every expectation about objects is read from the XML here, independently of the loader, with
``xml.etree``. The corpus lives beside the checkout, not in it: without it these tests skip.
"""

from __future__ import annotations

import functools
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.board import Board, MapError, MapObject, load_board

REPO_DIR = Path(__file__).resolve().parents[2]
CORPUS_DIR = REPO_DIR / ".." / "shared" / "corpus" / "tiled"
NO_CORPUS = "<no corpus>"

#: Maps the loader must refuse, with words the one-line reason must contain.
REFUSED: dict[str, tuple[str, ...]] = {
    "tiled/examples/isometric_grass_and_water.tmx": ("orientation", "isometric"),
    "melonjs/packages/examples/public/assets/tiledMapLoader/map/oblique.tmx": ("orientation", "oblique"),
}
#: Maps the loader must load (SOURCES.md lists 20 maps in all).
LOADED = frozenset({
    "masamune/assets/maps/path_to_forest.tmx",
    "melonjs/packages/examples/public/assets/platformer/map/map1.tmx",
    "pixelwheels/android/assets/maps/tiny-sur-mer.tmx",
    "pyscroll/apps/tutorial/data/grasslands.tmx",
    "pytiled_parser/tests/test_data/map_tests/template/map.tmx",
    "pytiled_parser/tests/test_data/layer_tests/b64_zstd/map.tmx",  # zstd, a JSON tileset
    "pytiled_parser/tests/test_data/layer_tests/infinite_map/map.tmx",  # infinite, CSV chunks
    "tiled/examples/hexagonal-mini.tmx",
    "tiled/examples/isometric_staggered_grass_and_water.tmx",  # staggered and infinite
    "pytmx/apps/data/acid0.tmx",
    "pytmx/apps/data/testtrack1.tmx",
    "pytmx/tests/resources/test01.tmx",
    "tiled/examples/desert.tmx",
    "tiled/examples/forest/forest.tmx",
    "tiled/examples/orthogonal-outside.tmx",
    "tiled/examples/sticker-knight/map/sandbox.tmx",
    "tmxlite/ParseTest/maps/platform.tmx",
    "tuxemon/mods/tuxemon/maps/rubberduck_cave_01.tmx",
})

MASAMUNE = "masamune/assets/maps/path_to_forest.tmx"
TEMPLATE_MAP = "pytiled_parser/tests/test_data/map_tests/template/map.tmx"
STICKER_KNIGHT = "tiled/examples/sticker-knight/map/sandbox.tmx"
ACID0 = "pytmx/apps/data/acid0.tmx"
TINY_SUR_MER = "pixelwheels/android/assets/maps/tiny-sur-mer.tmx"
ORTHOGONAL_OUTSIDE = "tiled/examples/orthogonal-outside.tmx"

SHAPE_TAGS = ("ellipse", "point", "polygon", "polyline", "text")
GID_MASK = 0x0FFFFFFF


def _corpus_maps() -> list[str]:
    if not CORPUS_DIR.is_dir():
        return [NO_CORPUS]
    return sorted(p.relative_to(CORPUS_DIR).as_posix() for p in CORPUS_DIR.rglob("*.tmx"))


ALL_MAPS = _corpus_maps()
LOADABLE_MAPS = [m for m in ALL_MAPS if m not in REFUSED]


@pytest.fixture
def corpus(shared_dir: Path) -> Path:
    path = (shared_dir / "corpus" / "tiled").resolve()
    if not path.is_dir():
        pytest.skip(f"the Tiled map corpus is not at {path}")
    return path


@functools.cache
def _load(path: str) -> Board:
    return load_board(path)


def _board(corpus: Path, rel: str) -> Board:
    return _load(str(corpus / rel))


# --------------------------------------------------------------------------- the XML, read by us
@dataclass
class XmlObject:
    """One ``<object>`` of an object layer, with its template (if any) applied."""

    id: int | None
    layer: str
    shape: str
    text: str | None
    x: float
    y: float
    w: float
    h: float
    rotation: float
    gid: int
    name: str
    template: Path | None = None
    template_gid: int = 0  #: the gid as written in the template
    template_tileset: Path | None = None  #: the template's own tileset file
    properties: dict[str, str] = field(default_factory=dict)


def _raw_properties(node: ET.Element | None) -> dict[str, str]:
    out: dict[str, str] = {}
    if node is None:
        return out
    props = node.find("properties")
    if props is None:
        return out
    for prop in props.findall("property"):
        value = prop.get("value")
        out[prop.get("name", "")] = value if value is not None else (prop.text or "")
    return out


def _object_layers(node: ET.Element):
    for child in node:
        if child.tag == "objectgroup":
            yield child
        elif child.tag == "group":
            yield from _object_layers(child)


def _shape_child(node: ET.Element | None) -> ET.Element | None:
    if node is None:
        return None
    return next((c for c in node if c.tag in SHAPE_TAGS), None)


def _expected_shape(shape_el: ET.Element | None, gid: int) -> str:
    # A gid makes a tile object (as in Tiled, where a tile object draws its tile whatever else
    # it holds); no corpus object has both a gid and a shape child.
    if gid:
        return "tile"
    if shape_el is None:
        return "rectangle"
    if shape_el.tag == "polygon":
        return "polygon" if len(shape_el.get("points", "").split()) >= 3 else "polyline"
    return shape_el.tag


@functools.cache
def xml_objects(map_path: str) -> tuple[XmlObject, ...]:
    path = Path(map_path)
    root = ET.parse(path).getroot()
    found: list[XmlObject] = []
    for layer in _object_layers(root):
        for obj in layer.findall("object"):
            attrs = dict(obj.attrib)
            shape_el = _shape_child(obj)
            props = _raw_properties(obj)
            template = tpl_ts = None
            tpl_gid = 0
            if "template" in attrs:
                template = (path.parent / attrs["template"]).resolve()
                tpl_root = ET.parse(template).getroot()
                tpl_obj = tpl_root.find("object")
                assert tpl_obj is not None, f"{template} holds no <object>"
                base = {k: v for k, v in tpl_obj.attrib.items() if k != "id"}
                tpl_gid = int(base.get("gid", 0))
                ts_ref = tpl_root.find("tileset")
                if ts_ref is not None and ts_ref.get("source"):
                    tpl_ts = (template.parent / ts_ref.get("source", "")).resolve()
                attrs = {**base, **attrs}
                props = {**_raw_properties(tpl_obj), **props}
                if shape_el is None:
                    shape_el = _shape_child(tpl_obj)
            gid = int(attrs.get("gid", 0))
            text = None
            if shape_el is not None and shape_el.tag == "text":
                text = shape_el.text or ""
            found.append(XmlObject(
                id=int(attrs["id"]) if "id" in attrs else None,
                layer=layer.get("name", ""),
                shape=_expected_shape(shape_el, gid),
                text=text,
                x=float(attrs.get("x", 0)),
                y=float(attrs.get("y", 0)),
                w=float(attrs.get("width", 0)),
                h=float(attrs.get("height", 0)),
                rotation=float(attrs.get("rotation", 0)),
                gid=gid,
                name=attrs.get("name", ""),
                template=template,
                template_gid=tpl_gid,
                template_tileset=tpl_ts,
                properties=props,
            ))
    return tuple(found)


def _first_edge_angle(obj: MapObject) -> tuple[float, int]:
    """Angle (degrees, y down) of the first non-degenerate edge of the exterior, and its index."""
    coords = list(obj.geometry.exterior.coords)
    for k in range(len(coords) - 1):
        (x0, y0), (x1, y1) = coords[k], coords[k + 1]
        if math.hypot(x1 - x0, y1 - y0) > 1e-9:
            return math.degrees(math.atan2(y1 - y0, x1 - x0)), k
    raise AssertionError(f"object {obj.id}: every edge has zero length")


def _angle_diff(a: float, b: float) -> float:
    d = (a - b) % 360.0
    return min(d, 360.0 - d)


def _mismatches(board: Board, expected: tuple[XmlObject, ...]) -> list[str]:
    """Every way the board's objects differ from the XML, one line each."""
    bad: list[str] = []
    scale = board.mm_per_px
    for got, want in zip(board.objects, expected, strict=True):
        where = f"object {want.id} ({want.shape}, layer '{want.layer}')"
        if want.id is not None and got.id != want.id:
            bad.append(f"{where}: out of order or renumbered, got id {got.id}")
            continue
        if got.layer != want.layer:
            bad.append(f"{where}: layer {got.layer!r}")
        if got.shape != want.shape:
            bad.append(f"{where}: shape {got.shape!r}, expected {want.shape!r}")
            continue
        if want.text is not None and got.text != want.text:
            bad.append(f"{where}: text {got.text!r}, expected {want.text!r}")
        if want.template is None and got.template:
            bad.append(f"{where}: template {got.template!r} but the object is no template instance")
        if want.template is not None and (
            not got.template or Path(got.template).resolve() != want.template
        ):
            bad.append(f"{where}: template {got.template!r}, expected {want.template}")
        if not math.isclose(got.rotation, want.rotation, abs_tol=1e-9):
            bad.append(f"{where}: rotation {got.rotation}, expected {want.rotation}")
        if want.shape != "tile" or want.w or want.h:
            size = (want.w * scale, want.h * scale)
            if not all(math.isclose(g, s, rel_tol=1e-9, abs_tol=1e-9)
                       for g, s in zip(got.size, size, strict=True)):
                bad.append(f"{where}: size {got.size} mm, expected {size} mm")
        kind = got.geometry.geom_type
        if want.shape == "point" and kind != "Point":
            bad.append(f"{where}: geometry is a {kind}")
        if want.shape == "polygon" and kind != "Polygon":
            bad.append(f"{where}: geometry is a {kind}")
        if want.shape == "rectangle" and want.rotation and (want.w > 0 or want.h > 0):
            if kind != "Polygon":
                bad.append(f"{where}: a rotated rectangle came back as a {kind}")
            else:
                angle, k = _first_edge_angle(got)
                expected_angle = want.rotation + 90.0 * k
                if _angle_diff(angle, expected_angle) > 1e-6:
                    bad.append(f"{where}: edge {k} at {angle:.9f} deg, expected "
                               f"{expected_angle % 360.0:.9f} (rotation {want.rotation})")
        if want.shape == "ellipse" and want.w > 0 and want.h > 0:
            area = math.pi * (want.w * scale) * (want.h * scale) / 4.0
            if kind != "Polygon":
                bad.append(f"{where}: an ellipse of size {want.w}x{want.h} px came back as a {kind}")
            elif abs(got.geometry.area - area) > 0.005 * area:
                bad.append(f"{where}: ellipse area {got.geometry.area:.3f} mm^2, expected {area:.3f}")
    return bad


# --------------------------------------------------------------------------- 1. no crash, ever
@pytest.mark.parametrize("rel", ALL_MAPS)
def test_map_loads_or_is_refused_in_one_line(corpus: Path, rel: str) -> None:
    path = corpus / rel
    try:
        board = load_board(path)
    except MapError as exc:
        message = str(exc)
        assert "\n" not in message and "\r" not in message, message
        assert str(path) in message, f"the message does not name {path}: {message}"
    else:
        assert isinstance(board, Board)


# --------------------------------------------------------------------------- 2. objects vs the XML
@pytest.mark.parametrize("rel", LOADABLE_MAPS)
def test_objects_match_the_xml(corpus: Path, rel: str) -> None:
    path = corpus / rel
    board = _board(corpus, rel)
    expected = xml_objects(str(path))
    assert len(board.objects) == len(expected), (
        f"{len(board.objects)} objects loaded, the XML has {len(expected)} "
        f"(board: {Counter(o.shape for o in board.objects)}, "
        f"XML: {Counter(o.shape for o in expected)})"
    )
    bad = _mismatches(board, expected)
    assert not bad, f"{len(bad)} mismatch(es):\n" + "\n".join(bad)


# --------------------------------------------------------------------------- 3. what SOURCES.md says
def test_the_expected_maps_load_and_the_others_are_refused(corpus: Path) -> None:
    found = {p.relative_to(corpus).as_posix() for p in corpus.rglob("*.tmx")}
    assert found == LOADED | set(REFUSED), "the corpus is not the 20 maps SOURCES.md lists"
    loaded, refused = set(), {}
    for rel in sorted(found):
        try:
            _board(corpus, rel)
        except MapError as exc:
            refused[rel] = str(exc)
        else:
            loaded.add(rel)
    assert loaded == LOADED, f"unexpectedly refused: {sorted(LOADED - loaded)}; " \
                             f"unexpectedly loaded: {sorted(loaded - LOADED)}"
    assert set(refused) == set(REFUSED)
    for rel, words in REFUSED.items():
        for word in words:
            assert word in refused[rel].lower(), f"{rel}: reason lacks {word!r}: {refused[rel]}"


def test_masamune_loads_with_its_tile_objects(corpus: Path) -> None:
    board = _board(corpus, MASAMUNE)
    want = [o for o in xml_objects(str(corpus / MASAMUNE)) if o.gid]
    assert len(want) == 13
    by_id = {o.id: o for o in board.objects}
    for o in want:
        got = by_id[o.id]
        assert got.shape == "tile"
        assert got.gid == o.gid
        assert got.size[0] > 0 and got.size[1] > 0
        assert got.geometry.area > 0
    # class-typed tile properties (what crashes pytmx) come through as a nested mapping
    player = next(o for o in board.objects if o.name == "Player")
    assert player.cls == "PlayerObject"
    assert isinstance(player.properties.get("stats"), Mapping)
    assert "baseLife" in player.properties["stats"]


def _same_value(typed: object, raw: str) -> bool:
    """A loaded (typed) property value against its text in the XML."""
    if isinstance(typed, bool):
        return raw.lower() == str(typed).lower()
    if isinstance(typed, int | float):
        return math.isclose(float(raw), float(typed))
    return str(typed) == raw


def _map_tilesets(map_path: Path) -> dict[Path, int]:
    root = ET.parse(map_path).getroot()
    return {(map_path.parent / ts.get("source", "")).resolve(): int(ts.get("firstgid", 1))
            for ts in root.findall("tileset") if ts.get("source")}


def _check_template_instances(board: Board, map_path: Path, count: int) -> list[MapObject]:
    instances = [o for o in xml_objects(str(map_path)) if o.template is not None]
    assert len(instances) == count
    by_id = {o.id: o for o in board.objects}
    tilesets = _map_tilesets(map_path)
    scale = board.mm_per_px
    got_all = []
    for want in instances:
        got = by_id[want.id]
        got_all.append(got)
        assert want.template is not None
        assert got.template and Path(got.template).resolve() == want.template
        assert Path(got.template).suffix == ".tx"
        assert got.shape == want.shape
        assert want.w > 0 and want.h > 0
        assert got.size == pytest.approx((want.w * scale, want.h * scale)), \
            f"object {want.id} came back {got.size} mm, not the template's {want.w}x{want.h} px"
        assert got.name == want.name
        for key, raw in want.properties.items():
            assert key in got.properties, f"object {want.id}: property {key!r} lost"
            assert _same_value(got.properties[key], raw), \
                f"object {want.id}: property {key!r} = {got.properties[key]!r}, the XML says {raw!r}"
        if want.template_gid:
            assert want.template_tileset is not None
            local = want.template_gid - 1  # every corpus template writes its tileset at firstgid 1
            if want.template_tileset in tilesets:
                assert got.gid & GID_MASK == tilesets[want.template_tileset] + local, \
                    f"object {want.id}: gid {got.gid} is not the map's gid for the template's tile"
            else:  # a tileset only the template uses: appended after the map's own tilesets
                names = {ts.name: ts.firstgid for ts in board.tiled_map.tilesets}
                ts_name = ET.parse(want.template_tileset).getroot().get("name")
                assert ts_name in names, f"tileset {ts_name} of {want.template} was not added"
                assert got.gid & GID_MASK == names[ts_name] + local
    return got_all


def test_template_instances_of_the_pytiled_parser_map(corpus: Path) -> None:
    path = corpus / TEMPLATE_MAP
    board = _board(corpus, TEMPLATE_MAP)
    _check_template_instances(board, path, 3)
    by_id = {o.id: o for o in board.objects}
    rect = by_id[2]
    assert rect.shape == "rectangle" and Path(rect.template).name == "template-rectangle.tx"
    assert rect.geometry.area > 0
    assert rect.properties["test"] == "hello"  # the instance's own property
    assert by_id[6].shape == by_id[7].shape == "tile"
    assert Path(by_id[6].template).name == "template-tile-spritesheet.tx"
    assert Path(by_id[7].template).name == "template-tile-image.tx"
    assert by_id[6].gid != by_id[7].gid


def test_template_instances_of_sticker_knight(corpus: Path) -> None:
    path = corpus / STICKER_KNIGHT
    board = _board(corpus, STICKER_KNIGHT)
    got = _check_template_instances(board, path, 9)
    assert Counter(Path(o.template).name for o in got) == {"diamond.tx": 6, "block.tx": 2, "hero.tx": 1}
    assert all(o.shape == "tile" for o in got)
    hero = next(o for o in got if Path(o.template).name == "hero.tx")
    assert (hero.name, hero.cls) == ("hero", "hero")
    for block in (o for o in got if Path(o.template).name == "block.tx"):
        assert block.properties["bodyType"] == "dynamic"
        assert block.properties["density"] == pytest.approx(2.0)


def test_instance_property_overrides_the_template(tmp_path: Path) -> None:
    """The corpus has no overridden template property (the pytiled_parser .tx has none), so a
    small map of our own checks that the instance's value wins and the rest is inherited."""
    (tmp_path / "tpl").mkdir()
    (tmp_path / "tpl" / "round.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <object name="well" type="Marker" width="40" height="20">\n'
        '  <properties>\n'
        '   <property name="test" value="from the template"/>\n'
        '   <property name="kept" value="inherited"/>\n'
        '  </properties>\n'
        '  <ellipse/>\n'
        ' </object>\n</template>\n', encoding="utf-8")
    (tmp_path / "map.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" '
        'height="4" tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="3">\n'
        ' <layer id="1" name="floor" width="4" height="4">\n'
        '  <data encoding="csv">0,0,0,0,\n0,0,0,0,\n0,0,0,0,\n0,0,0,0</data>\n'
        ' </layer>\n'
        ' <objectgroup id="2" name="marks">\n'
        '  <object id="1" template="tpl/round.tx" x="10" y="12">\n'
        '   <properties>\n'
        '    <property name="test" value="hello"/>\n'
        '   </properties>\n'
        '  </object>\n'
        '  <object id="2" template="tpl/round.tx" name="other" x="50" y="50"/>\n'
        ' </objectgroup>\n</map>\n', encoding="utf-8")
    board = load_board(tmp_path / "map.tmx")
    first, second = board.objects
    assert first.properties["test"] == "hello"
    assert first.properties["kept"] == "inherited"
    assert second.properties["test"] == "from the template"
    assert (first.name, second.name) == ("well", "other")
    assert first.cls == "Marker"
    assert first.shape == second.shape == "ellipse"
    assert Path(first.template) == (tmp_path / "tpl" / "round.tx").resolve()
    assert first.size == pytest.approx((40 * board.mm_per_px, 20 * board.mm_per_px))


def test_acid0_text_object_keeps_its_text(corpus: Path) -> None:
    board = _board(corpus, ACID0)
    texts = [o for o in board.objects if o.shape == "text"]
    assert [(o.id, o.text) for o in texts] == [(21, "Hello World")]
    assert texts[0].geometry.area > 0


def test_tiny_sur_mer_ellipses_stay_ellipses(corpus: Path) -> None:
    board = _board(corpus, TINY_SUR_MER)
    want = [o for o in xml_objects(str(corpus / TINY_SUR_MER)) if o.shape == "ellipse"]
    assert len(want) == 37
    assert any(o.w == 0 and o.h == 0 for o in want), "SOURCES.md: some ellipses are zero-size"
    by_id = {o.id: o for o in board.objects}
    assert [by_id[o.id].shape for o in want] == ["ellipse"] * 37
    assert sum(o.shape == "ellipse" for o in board.objects) == 37


def test_orthogonal_outside_property_named_text(corpus: Path) -> None:
    board = _board(corpus, ORTHOGONAL_OUTSIDE)
    with_text = [o for o in board.objects if "text" in o.properties]
    assert [(o.id, o.properties["text"]) for o in with_text] == [(34, "East West")]
    sign = with_text[0]
    assert sign.shape == "tile" and sign.cls == "Sign"
    assert sign.text == ""  # a property called text is not a text object's text


# --------------------------------------------------------------------------- 4. the command line
def test_validate_cli_on_the_corpus(corpus: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_DIR), env.get("PYTHONPATH")]))
    run = subprocess.run(
        [sys.executable, "-m", "game", "validate", str(corpus)],
        cwd=REPO_DIR, env=env, capture_output=True, text=True, timeout=600,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "Traceback" not in output, output
    lines = run.stdout.splitlines()
    for rel in REFUSED:
        path = str(corpus / rel)
        errors = [line for line in lines if line.startswith(path + ":") and ": error:" in line]
        assert len(errors) == 1, f"{rel}: {len(errors)} error lines:\n" + "\n".join(errors)
    for rel in LOADED:
        path = str(corpus / rel)
        assert any(line.startswith(path + ": loaded (") for line in lines), f"{rel} not loaded"
    summary = [line for line in lines if re.match(r"^\d+ map\(s\): ", line)]
    assert len(summary) == 1, output
    match = re.fullmatch(
        r"(\d+) map\(s\): (\d+) loaded, (\d+) refused; (\d+) error\(s\), (\d+) warning\(s\)",
        summary[0],
    )
    assert match, summary[0]
    maps, loaded, refused, errors, _warnings = (int(g) for g in match.groups())
    assert (maps, loaded, refused) == (len(LOADED) + len(REFUSED), len(LOADED), len(REFUSED))
    assert errors >= len(REFUSED)
    assert lines[-1] == summary[0]
