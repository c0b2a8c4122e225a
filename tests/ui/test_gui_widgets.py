"""The menu and the sandbox on pygame_gui: the theme, the widgets, clicks and tooltips."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.i18n import set_language
from game.ui import colours
from game.ui.gui import THEME_PATH, Gui, ThemeError, hex_colour, read_theme
from game.ui.menu import make_menu_view
from game.ui.sandbox import make_sandbox_view, render_scene_to_surface
from game.ui.sandbox.panel import PANEL_WIDTH
from game.ui.view import Pop, Push
from tests.ui.stand_ins import NullView as _Dummy

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"


def _click(view: object, element: object, button: int = 1) -> object:
    """A synthetic press and release on a widget (pygame_gui acts on the release)."""
    pos = element.rect.center  # type: ignore[attr-defined]
    view.handle_event(pygame.event.Event(  # type: ignore[attr-defined]
        pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    return view.handle_event(pygame.event.Event(  # type: ignore[attr-defined]
        pygame.MOUSEBUTTONUP, pos=pos, button=button))


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


# ------------------------------------------------------------------ the theme
def test_the_theme_is_found_from_the_repo_and_loads(headless: None) -> None:
    assert THEME_PATH == REPO / "assets" / "theme.json"
    data = read_theme()
    gui = Gui((1280, 800))
    assert isinstance(gui.manager, pygame_gui.UIManager)
    assert data["defaults"]["colours"]["dark_bg"] == hex_colour(colours.STATUS_BG)


def test_the_theme_matches_the_screen_colours() -> None:
    c = read_theme()["defaults"]["colours"]
    assert c["dark_bg"] == hex_colour(colours.STATUS_BG)
    assert c["normal_text"] == hex_colour(colours.STATUS_TEXT)
    assert c["disabled_text"] == hex_colour(colours.STATUS_DIM)
    assert c["hovered_border"] == c["selected_border"] == hex_colour(colours.OKABE_ITO[0])

    def rgb(text: str) -> tuple[int, int, int]:
        return colours.hex_to_rgb(text, (0, 0, 0))

    for text, back in (("normal_text", "normal_bg"), ("normal_text", "dark_bg"),
                       ("hovered_text", "hovered_bg"), ("disabled_text", "dark_bg")):
        assert colours.contrast_ratio(rgb(c[text]), rgb(c[back])) >= 4.5, (text, back)


def test_theme_text_is_at_least_16_px() -> None:
    sizes = {block: int(body["font"]["size"]) for block, body in read_theme().items()
             if "font" in body}
    assert {"button", "label", "text_box", "tool_tip", "tool_tip.text_box"} <= set(sizes)
    assert min(sizes.values()) >= 16, sizes


@pytest.mark.parametrize("text", ["", "{nope", "[]", '{"button": {}}',
                                  '{"defaults": {"colours": {"dark_bg": "grey"}}}'])
def test_a_broken_theme_names_the_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "theme.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ThemeError, match=str(path)):
        read_theme(path)


def test_a_missing_theme_names_the_file(headless: None, tmp_path: Path) -> None:
    with pytest.raises(ThemeError, match="nothere.json"):
        Gui((640, 480), tmp_path / "nothere.json")


def test_the_theme_font_draws_russian(headless: None) -> None:
    from tests.ui.ru_texts import missing_glyphs

    noto = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"
    font = pygame.font.Font(str(noto), 16)
    assert not missing_glyphs(["Съешь же ещё этих мягких французских булок, да выпей чаю — №"],
                              font)
    assert font.get_height() >= 16


# ------------------------------------------------------------------ the menu
def test_menu_rows_are_pygame_gui_buttons_with_tooltips(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800))
    assert [a for a, _ in menu.rows()] == list(menu.buttons)
    for action, text in menu.rows():
        button = menu.buttons[action]
        assert isinstance(button, pygame_gui.elements.UIButton)
        assert button.text == text and button.tool_tip_text


def test_a_click_on_a_menu_button_does_what_it_says(headless: None) -> None:
    started: list[object] = []
    menu = make_menu_view(MAPS, (1280, 800), start=lambda c: started.append(c) or _Dummy(),
                          remember=set_language)
    assert menu.choice is not None and not menu.choice.ai
    _click(menu, menu.buttons["ai"])
    assert menu.choice.ai and menu.buttons["ai"].text == "Opponent: the AI"
    before = menu.choice.scenario.system
    _click(menu, menu.buttons["system"])
    _click(menu, menu.buttons["system"], button=3)  # right click: back
    assert menu.choice.scenario.system == before
    assert isinstance(_click(menu, menu.buttons["start"]), Push) and started[-1].ai


def test_the_language_button_rebuilds_the_menu_in_russian(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800), remember=set_language)
    old = menu.buttons["quit"]
    _click(menu, menu.buttons["language"])
    assert menu.buttons["quit"] is not old and not old.alive()
    assert menu.buttons["quit"].text == "Выход"
    assert menu.buttons["quit"].tool_tip_text == "Закрыть tabletop."
    assert "Язык: Русский" in menu.gui.texts()


def test_menu_keys_still_work_over_the_widgets(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800))
    menu.handle_event(_key(pygame.K_DOWN))
    menu.handle_event(_key(pygame.K_DOWN))
    menu.handle_event(_key(pygame.K_DOWN))
    assert menu.rows()[menu.focus][0] == "load"
    assert menu.buttons["load"].is_selected  # the keyboard focus is shown
    menu.handle_event(_key(pygame.K_RETURN))
    assert menu.choice is not None and menu.choice.load


def test_a_tooltip_shows_when_the_pointer_rests(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800))
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.buttons["sandbox"].rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(5):
        menu.update(0.25)
    tips = [e for e in menu.gui.elements() if isinstance(e, pygame_gui.elements.UITooltip)]
    assert tips and "sandbox" in " ".join(menu.gui.texts()).lower()


# ------------------------------------------------------------------ the sandbox
def test_sandbox_switches_are_buttons_and_a_click_toggles(headless: None) -> None:
    view = make_sandbox_view(MAPS / "tavern.tmx", (1280, 800))
    assert set(view.side.toggles) == {"sight", "cover", "ruler", "blast", "cone", "move", "push",
                                      "shadow"}
    for button in [*view.side.toggles.values(), *view.side.buttons.values()]:
        assert isinstance(button, pygame_gui.elements.UIButton) and button.tool_tip_text
        assert button.rect.left >= 1280 - PANEL_WIDTH
    assert not view.scene.shows("shadow")
    _click(view, view.side.toggles["shadow"])
    assert view.scene.shows("shadow")
    view.draw(pygame.Surface((1280, 800)))
    assert view.side.toggles["shadow"].object_ids[-1] == "#toggle_on"
    view.handle_event(_key(pygame.K_8))  # the keys still work
    assert not view.scene.shows("shadow")
    weapon = view.scene.weapon_range
    _click(view, view.side.buttons["weapon"])
    assert view.scene.weapon_range != weapon
    assert isinstance(_click(view, view.side.buttons["back"]), Pop)


def test_sandbox_readouts_are_formatted_text_boxes(headless: None) -> None:
    view = make_sandbox_view(MAPS / "ruins.tmx", (1280, 800))
    view.draw(pygame.Surface((1280, 800)))
    boxes = view.side.boxes
    assert len(boxes) >= 3 and all(isinstance(b, pygame_gui.elements.UITextBox) for b in boxes)
    assert isinstance(view.side.readouts, pygame_gui.elements.UIScrollingContainer)
    html = view.side.readouts_html
    assert "<b>Selected</b>" in html and "<b>1.00</b>" in html
    cover = view.analysis.cover
    assert cover is not None
    assert f"<b>{100 * cover.hidden_fraction:.1f}%</b>" in html
    # stacked one under another, none overlapping
    tops = [(b.rect.top, b.rect.bottom) for b in boxes]
    assert all(a[1] <= b[0] for a, b in zip(tops, tops[1:], strict=False))


def test_a_drag_lays_out_again_only_the_readouts_that_changed(headless: None) -> None:
    view = make_sandbox_view(MAPS / "ruins.tmx", (1280, 800))
    view.draw(pygame.Surface((1280, 800)))
    first = list(view.side.boxes)
    texts = [b.html_text for b in first]
    fig = next(f for f in view.scene.figures if f.id == view.scene.selected)
    view.set_scene(view.scene.with_figure(replace(fig, x=fig.x + 40, y=fig.y + 60)))
    view.draw(pygame.Surface((1280, 800)))
    view.side.flush()
    assert view.side.boxes[: len(first)] == first[: len(view.side.boxes)]  # the same widgets
    assert [b.html_text for b in view.side.boxes] != texts  # with the new numbers


def test_the_blast_slider_sets_the_radius(headless: None) -> None:
    view = make_sandbox_view(MAPS / "tavern.tmx", (1280, 800))
    view.draw(pygame.Surface((1280, 800)))
    assert not view.side.slider.is_enabled  # no blast yet
    w, h = view.board.width_mm, view.board.height_mm
    view.set_scene(replace(view.scene, blast=(w / 2, h / 2, 50.0)).toggled("blast"))
    view.draw(pygame.Surface((1280, 800)))
    assert view.side.slider.is_enabled
    assert view.side.slider.get_current_value() == pytest.approx(50.0)
    view.side.slider.set_current_value(120.0)  # as a drag of its knob does
    view.update(1 / 60)
    assert view.scene.blast is not None and view.scene.blast[2] == pytest.approx(120.0)
    view.draw(pygame.Surface((1280, 800)))
    assert view.side.slider_label.text == "Blast radius: 120 mm"


def test_the_wheel_over_the_panel_does_not_zoom_the_table(headless: None) -> None:
    view = make_sandbox_view(MAPS / "tavern.tmx", (1280, 800))
    zoom = view.table.camera.zoom
    where = view.side.readouts.rect.center
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0,
                                         precise_y=1.0, flipped=False))
    assert view.table.camera.zoom == zoom


def test_an_offscreen_render_draws_the_panel(headless: None) -> None:
    surface = render_scene_to_surface(REPO / "examples" / "cover.json", (1280, 800),
                                      ["sight", "cover"])
    panel = [surface.get_at((x, y))[:3] for x in range(1280 - PANEL_WIDTH + 2, 1278, 7)
             for y in range(400, 790, 9)]
    assert set(panel) != {(0, 0, 0)}
    assert (0x1A, 0x1B, 0x1F) in panel  # the panel's background


def test_the_theme_file_is_valid_json_with_a_newline() -> None:
    text = THEME_PATH.read_text(encoding="utf-8")
    assert json.loads(text) and text.endswith("\n")
