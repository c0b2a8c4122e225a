"""The sandbox: scenes, numbers equal to the geometry layer's, the view on every map, renders."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.board import load_board
from game.geometry.cover import cover
from game.geometry.measure import edge_distances_from, range_band
from game.geometry.sight import point_sees_base, shadow
from game.geometry.sweep import move_until_contact
from game.geometry.templates import explosion, impact_blast
from game.geometry.terrain import TerrainIndex
from game.physics.knockback import push_back
from game.ui.sandbox import make_sandbox_view, render_scene, render_scene_to_surface
from game.ui.sandbox.analysis import analyse, hd_base_class
from game.ui.sandbox.panel import panel_lines
from game.ui.sandbox.scene import (
    OVERLAYS,
    Scene,
    SceneError,
    SceneFigure,
    load_scene,
    save_scene,
    scene_from_board,
    scene_from_json,
)
from game.ui.sandbox.view import SandboxView

REPO = Path(__file__).resolve().parents[2]
MAPS = sorted((REPO / "maps").glob("*.tmx"))
DEMO = REPO / "docs" / "sandbox" / "ruins_demo.json"
CORPUS_MAP = (REPO / ".." / "shared" / "corpus" / "tiled" / "pixelwheels" / "android" / "assets"
              / "maps" / "tiny-sur-mer.tmx")


def _everything(scene: Scene, w: float, h: float) -> Scene:
    return replace(scene, overlays=OVERLAYS, blast=(w / 2, h / 2, 76.2), push_source=(0.0, 0.0))


# ------------------------------------------------------------------ scene files
def test_scene_round_trips_through_json(tmp_path: Path) -> None:
    scene = load_scene(DEMO)
    path = tmp_path / "s.json"
    save_scene(scene, path)
    again = load_scene(path)
    assert again == scene
    assert json.loads(path.read_text())["version"] == 1


@pytest.mark.parametrize("bad", [
    [], {"figures": []}, {"map": "m.tmx", "figures": [{"id": "a", "x": "?", "y": 0}]},
    {"map": "m.tmx", "figures": [{"id": "a", "x": 0, "y": 0}, {"id": "a", "x": 1, "y": 1}]},
    {"map": "m.tmx", "figures": [{"id": "a", "x": 0, "y": 0, "radius": -1}]},
    {"map": "m.tmx", "version": 99},
])
def test_bad_scenes_are_refused(bad: object) -> None:
    with pytest.raises(SceneError):
        scene_from_json(bad)


def test_scene_edits() -> None:
    s = Scene(map="m", figures=(SceneFigure("a", "A", "R", 0, 0),), selected="a", target="a")
    assert s.toggled("shadow").shows("shadow") and not s.toggled("sight").shows("sight")
    assert s.without_figure("a").selected is None and s.next_id() == "f2"


# ------------------------------------------------------------------ numbers = geometry layer
def test_analysis_equals_the_geometry_layer() -> None:
    scene = load_scene(DEMO)
    board = load_board(REPO / "maps" / "ruins.tmx")
    index = TerrainIndex.from_board(board)
    result = analyse(scene, index)
    me = scene.figure(scene.selected).base()  # type: ignore[union-attr]
    tgt = scene.figure(scene.target).base()  # type: ignore[union-attr]
    others = [b for b in scene.bases() if b.id != me.id]
    assert [(s.target, s.seen) for s in result.sight] == [
        (b.id, point_sees_base(index, me.eye, b)) for b in others]
    assert any(s.seen for s in result.sight) and not all(s.seen for s in result.sight)
    ref = cover(index, me.eye, tgt, cover_radius=scene.cover_radius)
    assert result.cover is not None
    assert result.cover.hidden_fraction == ref.hidden_fraction
    assert result.cover.near_hidden_fraction == ref.near_hidden_fraction
    assert 0.0 < ref.hidden_fraction < 1.0
    assert result.verdicts[0].in_cover == ref.in_cover()
    ds = edge_distances_from(me, others)
    assert [r.distance for r in result.rulers] == [float(d) for d in ds]
    assert [r.band for r in result.rulers] == [range_band(float(d), scene.weapon_range) for d in ds]
    assert scene.blast is not None
    ref_blast = explosion(scene.blast[:2], scene.bases(), radius=scene.blast[2], index=index)
    assert result.blast is not None and result.blast.caught == ref_blast.caught
    assert result.blast.saved == ref_blast.saved
    import math
    a = math.radians(scene.cone_angle)
    ref_cone = impact_blast(me, (math.cos(a), math.sin(a)), scene.bases(),
                            length=scene.cone_length, far_width=scene.cone_width, index=index)
    assert result.cone is not None and (result.cone.caught, result.cone.saved) == (
        ref_cone.caught, ref_cone.saved)
    m = math.radians(scene.move_angle)
    ref_move = move_until_contact(me, (math.cos(m), math.sin(m)), scene.move_length, index,
                                  scene.bases())
    assert result.move is not None and result.move.distance == ref_move.distance
    assert scene.push_source is not None
    ref_push = push_back(tgt, scene.push_source, index, scene.bases())
    assert result.push is not None and result.push.end == ref_push.end
    ref_shadow = shadow(index, me.eye, scene.shadow_radius)
    assert result.shadow is not None and result.shadow.area == pytest.approx(ref_shadow.area)


def test_panel_prints_the_analysis_numbers() -> None:
    scene = load_scene(DEMO)
    index = TerrainIndex.from_board(load_board(REPO / "maps" / "ruins.tmx"))
    result = analyse(scene, index)
    text = "\n".join(t for _, t in panel_lines(scene, result))
    assert result.cover is not None
    assert f"{100 * result.cover.hidden_fraction:.1f}%" in text
    for r in result.rulers:
        assert f"{r.distance:.0f} mm" in text or r not in sorted(result.rulers, key=lambda r: r.distance)[:6]


def test_base_classes() -> None:
    assert [hd_base_class(r) for r in (15, 20, 25)] == ["normal", "large", "huge"]


# ------------------------------------------------------------------ the view
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_sandbox_draws_every_shipped_map(headless: None, path: Path) -> None:
    view = make_sandbox_view(path, (1000, 700))
    board = view.board
    view.set_scene(_everything(view.scene, board.width_mm, board.height_mm))
    surface = pygame.Surface((1000, 700))
    view.draw(surface)
    assert view.analysis.sight or len(view.scene.figures) < 2


def test_sandbox_on_a_corpus_map(headless: None) -> None:
    if not CORPUS_MAP.exists():
        pytest.skip("the Tiled map corpus is not beside the checkout")
    view = make_sandbox_view(CORPUS_MAP, (900, 600))
    w, h = view.board.width_mm, view.board.height_mm
    view.set_scene(_everything(replace(view.scene, figures=(
        SceneFigure("a", "A", "Red", w * 0.3, h * 0.5), SceneFigure("b", "B", "Blue", w * 0.7, h * 0.5)),
        selected="a", target="b"), w, h))
    view.draw(pygame.Surface((900, 600)))
    assert len(view.analysis.sight) == 1 and view.analysis.cover is not None


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")


def test_place_drag_raise_and_delete(headless: None, board: object) -> None:
    scene = scene_from_board(board, "x.tmx")
    view = SandboxView(board, scene, (1200, 800))  # type: ignore[arg-type]
    cam = view.table.camera
    # add a figure on the balcony (a surface 55..60 mm high): it stands on it
    pos = tuple(round(c) for c in cam.world_to_screen(700, 470))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    before = len(view.scene.figures)
    view.handle_event(_key(pygame.K_n))
    assert len(view.scene.figures) == before + 1
    new = view.scene.figure(view.scene.selected)
    assert new is not None and new.z == pytest.approx(60.0)
    view.handle_event(_key(pygame.K_RIGHTBRACKET))
    view.handle_event(_key(pygame.K_PAGEUP))
    grown = view.scene.figure(new.id)
    assert grown is not None and grown.radius == 15.0 and grown.height == 45.0
    # drag it off the balcony onto the floor
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    dest = tuple(round(c) for c in cam.world_to_screen(500, 420))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=dest, rel=(0, 0), buttons=(1, 0, 0)))
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dest, button=1))
    moved = view.scene.figure(new.id)
    assert moved is not None and moved.z == 0.0 and moved.x == pytest.approx(500, abs=3)
    view.handle_event(_key(pygame.K_DELETE))
    assert view.scene.figure(new.id) is None
    # overlays toggle with the number keys
    view.handle_event(_key(pygame.K_8))
    assert view.scene.shows("shadow")


def test_templates_and_previews_from_keys(headless: None, board: object) -> None:
    view = SandboxView(board, scene_from_board(board, "x.tmx"), (1200, 800))  # type: ignore[arg-type]
    cam = view.table.camera
    pos = tuple(round(c) for c in cam.world_to_screen(480, 300))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for key in (pygame.K_b, pygame.K_r, pygame.K_c, pygame.K_m, pygame.K_p, pygame.K_h, pygame.K_w):
        view.handle_event(_key(key))
    s = view.scene
    assert s.blast is not None and s.blast[2] == pytest.approx(3.5 * 25.4)
    assert all(s.shows(o) for o in ("blast", "cone", "move", "push", "shadow"))
    result = view.analysis
    assert result.blast is not None and result.cone is not None and result.move is not None
    assert result.push is not None and result.shadow is not None
    view.draw(pygame.Surface((1200, 800)))


def test_save_and_load_from_the_view(headless: None, board: object, tmp_path: Path) -> None:
    view = SandboxView(board, scene_from_board(board, "x.tmx"), (1200, 800),  # type: ignore[arg-type]
                       scene_path=tmp_path / "scene.json")
    view.handle_event(_key(pygame.K_s, pygame.KMOD_CTRL))
    saved = load_scene(tmp_path / "scene.json")
    assert saved == view.scene
    view.set_scene(view.scene.without_figure(view.scene.figures[0].id))
    view.handle_event(_key(pygame.K_o, pygame.KMOD_CTRL))
    assert len(view.scene.figures) == len(saved.figures)


# ------------------------------------------------------------------ headless renders
def test_render_scene_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "scene.png"
    assert render_scene(DEMO, out, (900, 600), ["sight", "cover"]) == 0
    surface = pygame.image.load(str(out))
    assert surface.get_size() == (900, 600)


def test_render_scene_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert render_scene(tmp_path / "missing.json", tmp_path / "o.png") == 2
    assert render_scene(DEMO, tmp_path / "o.png", overlays=["nonsense"]) == 2
    assert "nonsense" in capsys.readouterr().err


def test_each_overlay_changes_the_picture(headless: None) -> None:
    plain = pygame.image.tobytes(render_scene_to_surface(DEMO, (800, 500), []), "RGB")
    for overlay in OVERLAYS:
        drawn = pygame.image.tobytes(render_scene_to_surface(DEMO, (800, 500), [overlay]), "RGB")
        assert drawn != plain, overlay


def test_blast_drags_and_cone_turns_with_the_pointer(headless: None, board: object) -> None:
    view = SandboxView(board, scene_from_board(board, "x.tmx"), (1200, 800))  # type: ignore[arg-type]
    cam = view.table.camera

    def at(x: float, y: float) -> tuple[int, int]:
        return tuple(round(c) for c in cam.world_to_screen(x, y))  # type: ignore[return-value]

    def move(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))

    move(at(300, 450))
    view.handle_event(_key(pygame.K_b))
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(310, 450), button=1))
    move(at(500, 480), (1, 0, 0))
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(500, 480), button=1))
    assert view.scene.blast is not None
    assert view.scene.blast[:2] == pytest.approx((490, 480), abs=3)
    me = view.scene.figure(view.scene.selected)
    assert me is not None
    move(at(me.x + 100, me.y))
    view.handle_event(_key(pygame.K_c))
    move(at(me.x, me.y + 100))
    assert view.scene.cone_angle == pytest.approx(90, abs=2)
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(me.x, me.y + 100), button=1))
    move(at(me.x - 100, me.y))
    assert view.scene.cone_angle == pytest.approx(90, abs=2)


def test_panel_speaks_russian() -> None:
    from game.i18n import set_language

    scene = load_scene(DEMO)
    index = TerrainIndex.from_board(load_board(REPO / "maps" / "ruins.tmx"))
    result = analyse(scene, index)
    english = panel_lines(scene, result)
    try:
        set_language("ru")
        russian = panel_lines(scene, result)
    finally:
        set_language("en")
    heads = [(e, r) for (k, e), (_, r) in zip(english, russian, strict=True) if k == "head"]
    assert heads and all(e != r for e, r in heads)
    assert any("Укрытие" in r for _, r in heads)


def test_weapons_and_profiles_come_from_the_helldorado_data(headless: None) -> None:
    from game.ui.sandbox.weapons import next_weapon, profile_look, weapons

    named = [w for w in weapons() if w.name]
    assert any(w.name == "Arquebus" and w.range_mm == pytest.approx(8 * 25.4) for w in named)
    first = weapons()[0]
    assert next_weapon(first.range_mm, first.name) == weapons()[1]
    assert profile_look("no such profile") is None
    view = make_sandbox_view(REPO / "maps" / "ruins.tmx", (1000, 700))
    assert {f.radius for f in view.scene.figures} <= {15.0, 20.0, 25.0}
    expected = next_weapon(view.scene.weapon_range, view.scene.weapon)
    view.handle_event(_key(pygame.K_w))
    assert (view.scene.weapon, view.scene.weapon_range) == (expected.name, expected.range_mm)


def test_a_geometry_failure_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    import shapely.errors

    from game.ui.sandbox import analysis

    def boom(*args: object, **kwargs: object) -> None:
        raise shapely.errors.GEOSException("NaN")

    monkeypatch.setattr(analysis, "shadow", boom)
    scene = load_scene(DEMO)
    result = analyse(scene, TerrainIndex.from_board(load_board(REPO / "maps" / "ruins.tmx")))
    assert result.failed == ["shadow"] and result.sight and result.cover is not None
    assert any(kind == "warn" for kind, _ in panel_lines(scene, result))


def _type(view: SandboxView, text: str) -> None:
    for ch in text:
        view.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def test_a_new_figure_is_renamed_with_f2_and_the_keys_are_the_name_fields(headless: None,
                                                                          board: object) -> None:
    """Issue 16, item 6: figures can be renamed (F2, type, Enter); while the name is typed, N, S
    or a digit are letters of the name, not the sandbox's keys; Esc cancels."""
    view = SandboxView(board, scene_from_board(board, "x.tmx"), (1200, 800))  # type: ignore[arg-type]
    pos = tuple(round(c) for c in view.table.camera.world_to_screen(480, 300))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(_key(pygame.K_n))
    new = view.scene.figure(view.scene.selected)
    assert new is not None
    count = len(view.scene.figures)
    view.handle_event(_key(pygame.K_F2))
    assert view.side.renaming
    for _ in new.name:
        view.handle_event(_key(pygame.K_BACKSPACE))
    _type(view, "Sentinel 8ns")
    view.draw(pygame.Surface((1200, 800)))
    assert len(view.scene.figures) == count and not view.scene.shows("shadow")
    view.handle_event(_key(pygame.K_RETURN))
    assert not view.side.renaming
    renamed = view.scene.figure(new.id)
    assert renamed is not None and renamed.name == "Sentinel 8ns"
    assert "Sentinel 8ns" in view.message
    # Esc leaves the name as it was (and does not leave the sandbox)
    view.handle_event(_key(pygame.K_F2))
    _type(view, "xyz")
    assert view.handle_event(_key(pygame.K_ESCAPE)) is None
    assert view.scene.figure(new.id).name == "Sentinel 8ns"  # type: ignore[union-attr]
    # with nothing selected, F2 says what to do
    view.scene = replace(view.scene, selected=None)
    view.handle_event(_key(pygame.K_F2))
    assert not view.side.renaming and "Select a figure" in view.message


def test_terrain_under_the_pointer_is_named_with_its_height(headless: None) -> None:
    """Issue 16, point 2, in the sandbox: a piece under the pointer is outlined and named with
    its height (the map's own name)."""
    from game.ui.labels import recording_labels

    view = make_sandbox_view(REPO / "maps" / "tavern.tmx", (1280, 800))
    table = view.table
    piece = next(t for t in table.board.terrain if t.name and t.footprint.area > 400
                 and sum(o.footprint.intersects(t.footprint.representative_point())
                         for o in table.board.terrain) == 1)
    p = piece.footprint.representative_point()
    at = tuple(round(v) for v in table.camera.world_to_screen(p.x, p.y))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.terrain_under_cursor() is piece
    with recording_labels() as seen:
        view.draw(pygame.Surface((1280, 800)))
    words = [label.text for draw in seen for label in draw.labels]
    assert f"{piece.name} · {piece.top:.0f} mm high" in words, words
