"""The Helldorado screen's top bar buttons and side-panel tabs on pygame_gui: buttons with
tooltips, a click (press, then release on the same button) doing what the old buttons did, the
keys unchanged, the widgets built once (not every frame) and built again in Russian when the
language changes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.play.hd.session import Tool
from game.ui.play.hd.view import HDPlayView, make_hd_view
from game.ui.play.side_panel import CARD, LOG, ODDS, TAB_IDS
from game.ui.play.top_bar import BUTTONS
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
RUINS = REPO / "maps" / "ruins.tmx"
SIZE = (1280, 800)
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"
#: the Latin words the Russian screen keeps (see test_hd_russian.KEPT)
KEPT = ("CBT", "DEF", "PR", "LP", "SHS", "Vae", "Victis", "Helldorado")
KEYS = {"undo": "Ctrl+Z", "redo": "Ctrl+Y", "save": "Ctrl+S", "load": "Ctrl+O", "menu": "Esc"}


@pytest.fixture
def view(headless: None, tmp_path: Path) -> HDPlayView:
    v = make_hd_view(RUINS, SIZE, (), save_dir=tmp_path, seed=4)
    v.handover_on = False
    frame(v)
    return v


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def frame(view: HDPlayView, dt: float = 1 / 60) -> pygame.Surface:
    surface = pygame.Surface(view.layout.size)
    view.update(dt)
    view.draw(surface)
    return surface


def move(view: HDPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(view: HDPlayView, pos: tuple[int, int]) -> object:
    move(view, pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    return view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(view: HDPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def top(view: HDPlayView, action: str) -> object:
    return view.top_buttons.buttons[view.top_buttons.keys.index(action)]


def act(view: HDPlayView) -> None:
    """A command through the action bar: the first ready unit's first choice that is not a
    template to lay."""
    st = view.state
    uid = st.ready(st.turn)[0].id
    view.selected = uid
    frame(view)
    before = len(view.session.match.steps)
    plain = next(i for i, c in enumerate(view.action_bar.choices)
                 if c.command is not None and not isinstance(c.command, Tool))
    click(view, view.action_bar.buttons[plain].rect.center)
    assert len(view.session.match.steps) > before, view.message
    frame(view)


# ------------------------------------------------------------------ the widgets
def test_the_top_bar_and_the_tabs_are_pygame_gui_buttons_with_tooltips(view: HDPlayView) -> None:
    buttons = view.top_buttons
    assert buttons.keys == [k for k, _label, _hint in BUTTONS]
    for action, button in zip(buttons.keys, buttons.buttons, strict=True):
        assert isinstance(button, pygame_gui.elements.UIButton)
        assert view.layout.top.contains(button.rect)
        assert KEYS[action] in button.tool_tip_text
    assert [b.text for b in buttons.buttons] == ["Undo", "Redo", "Save", "Load", "Menu"]
    assert list(view.side_panel.buttons) == list(TAB_IDS)
    for button in view.side_panel.buttons.values():
        assert isinstance(button, pygame_gui.elements.UIButton) and button.tool_tip_text
        assert view.layout.panel.contains(button.rect)
    assert [b.text for b in view.side_panel.buttons.values()] == ["Log", "Odds", "Unit", "Rules"]
    assert view.side_panel.buttons[LOG].object_ids[-1] == "#toggle_on"
    # one Gui for the screen's widgets: the bars' buttons and the tabs together
    elements = view.bars_gui.elements()
    assert all(b in elements for b in [*buttons.buttons, *view.side_panel.buttons.values()])
    assert view.action_bar.widgets.gui is view.bars_gui


def test_a_tooltip_shows_over_a_top_button_and_a_tab(view: HDPlayView) -> None:
    for button, words in ((top(view, "save"), "Ctrl+S"), (view.side_panel.buttons[ODDS], "sight")):
        move(view, button.rect.center)  # type: ignore[attr-defined]
        for _i in range(6):
            view.update(0.25)
        frame(view)
        tips = [e for e in view.bars_gui.elements() if isinstance(e, pygame_gui.elements.UITooltip)]
        assert tips and any(words in t for t in view.bars_gui.texts())
        move(view, view.layout.table.center)
        frame(view)


# ------------------------------------------------------------------ clicks
def test_the_menu_save_and_load_buttons_do_what_they_did(view: HDPlayView) -> None:
    click(view, top(view, "menu").rect.center)  # type: ignore[attr-defined]
    assert view.card is not None and view.card_kind == "menu"
    view.card, view.card_kind = None, ""
    frame(view)
    click(view, top(view, "save").rect.center)  # type: ignore[attr-defined]
    assert "Saved to" in view.message
    path = Path(view.save_dir) / "ruins.json"
    assert path.is_file()
    act(view)
    click(view, top(view, "load").rect.center)  # type: ignore[attr-defined]
    assert "Loaded" in view.message and view.session.match.steps == []


def test_undo_lights_up_after_a_command_and_a_click_undoes_and_redoes(view: HDPlayView) -> None:
    undo, redo = top(view, "undo"), top(view, "redo")
    assert not undo.is_enabled and not redo.is_enabled  # type: ignore[attr-defined]
    click(view, undo.rect.center)  # type: ignore[attr-defined]
    assert view.message == ""  # a disabled button does nothing (it did nothing before)
    act(view)
    n = len(view.session.match.steps)
    assert undo.is_enabled  # type: ignore[attr-defined]
    click(view, undo.rect.center)  # type: ignore[attr-defined]
    assert view.session.match.steps == [] and view.message == "Undone."  # the whole gesture
    frame(view)
    assert redo.is_enabled  # type: ignore[attr-defined]
    click(view, redo.rect.center)  # type: ignore[attr-defined]
    assert len(view.session.match.steps) == n and view.message == "Redone."


def test_a_press_alone_does_nothing_the_release_acts(view: HDPlayView) -> None:
    pos = view.side_panel.buttons[CARD].rect.center
    move(view, pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert view.side_panel.tab == LOG
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert view.side_panel.tab == CARD
    menu = top(view, "menu").rect.center  # type: ignore[attr-defined]
    move(view, menu)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=menu, button=1))
    assert view.card is None
    # released elsewhere: no click
    move(view, view.layout.table.center)
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=view.layout.table.center, button=1))
    assert view.card is None
    move(view, menu)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=menu, button=1))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=menu, button=1))
    assert view.card_kind == "menu"


def test_a_tab_click_chooses_the_tab_and_the_log_still_takes_clicks(view: HDPlayView) -> None:
    for name in (ODDS, CARD, LOG):
        click(view, view.side_panel.buttons[name].rect.center)
        assert view.side_panel.tab == name
        frame(view)
        lit = [n for n, b in view.side_panel.buttons.items() if b.object_ids[-1] == "#toggle_on"]
        assert lit == [name]
    act(view)
    body = view.side_panel.body(view.layout.panel)
    entry = (body.x + 40, body.y + 14 + 21)  # the newest entry's title, under the caption
    toggled = set(view.log_panel.toggled)
    click(view, entry)
    assert view.side_panel.tab == LOG and view.log_panel.toggled != toggled


# ------------------------------------------------------------------ keys
def test_the_keys_still_act(view: HDPlayView, tmp_path: Path) -> None:
    key(view, pygame.K_s, pygame.KMOD_CTRL)
    assert "Saved to" in view.message
    act(view)
    n = len(view.session.match.steps)
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert view.session.match.steps == []
    key(view, pygame.K_y, pygame.KMOD_CTRL)
    assert len(view.session.match.steps) == n
    key(view, pygame.K_o, pygame.KMOD_CTRL)
    assert len(view.session.match.steps) == 0 and "Loaded" in view.message
    frame(view)
    steps = len(view.session.match.steps)
    key(view, pygame.K_1)
    assert len(view.session.match.steps) > steps or view.tool is not None or view.message
    key(view, pygame.K_ESCAPE)
    if view.card is None:  # the first Esc put a template away
        key(view, pygame.K_ESCAPE)
    assert view.card_kind == "menu"


# ------------------------------------------------------------------ built once
def test_the_widgets_are_built_once_not_every_frame(view: HDPlayView) -> None:
    before = [id(e) for e in view.bars_gui.elements()]
    for pos in (top(view, "save").rect.center, view.layout.table.center,  # type: ignore[attr-defined]
                view.side_panel.buttons[CARD].rect.center):
        move(view, pos)
        frame(view)
        frame(view)
    assert [id(e) for e in view.bars_gui.elements()] == before
    old = top(view, "undo")
    view.resize((1000, 700))
    frame(view)
    assert not old.alive()  # type: ignore[attr-defined]
    for button in view.top_buttons.buttons:
        assert view.layout.top.contains(button.rect)
    for button in view.side_panel.buttons.values():
        assert view.layout.panel.contains(button.rect)


# ------------------------------------------------------------------ Russian
def test_the_language_switch_rebuilds_the_widgets_in_russian(view: HDPlayView, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from game import i18n

    monkeypatch.setenv(i18n.CONFIG_ENV, str(tmp_path / "config"))
    old = top(view, "undo")
    view.open_game_menu()
    view.card_action("lang")
    view.card, view.card_kind = None, ""
    assert i18n.language() == "ru"
    with recorded_texts() as drawn:
        frame(view)
    assert not old.alive()  # type: ignore[attr-defined]
    assert top(view, "undo").text == "Отменить"  # type: ignore[attr-defined]
    assert view.side_panel.buttons[LOG].text == "Журнал"
    assert view.side_panel.buttons[ODDS].text == "Шансы"
    texts = view.bars_gui.texts()
    assert all(b.tool_tip_text for b in [*view.top_buttons.buttons, *view.side_panel.buttons.values()])
    assert texts and not english_words(texts, KEPT), english_words(texts, KEPT)
    assert not english_words(drawn, KEPT), english_words(drawn, KEPT)
    assert not missing_glyphs(texts, pygame.font.Font(str(NOTO), 16))
    # and back: English again
    view.open_game_menu()
    view.card_action("lang")
    view.card, view.card_kind = None, ""
    frame(view)
    assert top(view, "undo").text == "Undo"  # type: ignore[attr-defined]
