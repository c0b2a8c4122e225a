"""The Mice and Mystics play screen's buttons on pygame_gui: the top bar's undo, redo, save and
load, the action bar's actions and its More page button. Each is a UIButton with a tooltip (what
it does, its key, the rule ID); a click (press and release) does what the old buttons did, the
keys still act, the widgets are built once (not every frame) and rebuilt in Russian."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.i18n import set_language
from game.rules.mice_and_mystics.commands import Attack
from game.rules.mice_and_mystics.state import GM
from game.ui.gui import Gui
from game.ui.play.mm.view import MMPlayView, make_mm_view
from game.ui.play.top_bar import BUTTONS
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "mice_chapter.tmx"
SIZE = (1280, 800)
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"
TOP_KEYS = ["undo", "redo", "save", "load", "menu"]


@pytest.fixture
def view(headless: None, tmp_path: Path) -> MMPlayView:
    v = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0)
    frame(v)
    return v


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def frame(view: MMPlayView, dt: float = 1 / 60, size: tuple[int, int] = SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    view.update(dt)
    view.draw(surface)
    return surface


def click(view: MMPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(view: MMPlayView, k: int, mod: int = 0) -> None:
    view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def kind_key(view: MMPlayView, kind: str) -> str:
    """The key of the action button whose command is of ``kind``."""
    return next(b.key for b in view.buttons if type(view._commands.get(b.key)).__name__ == kind)


def tooltips(gui: Gui) -> list[object]:
    return [e for e in gui.elements() if isinstance(e, pygame_gui.elements.UITooltip)]


# ------------------------------------------------------------------ widgets with tooltips
def test_the_buttons_are_pygame_gui_buttons_with_tooltips(view: MMPlayView) -> None:
    assert [k for k, _label, _hint in BUTTONS] == TOP_KEYS  # the shell's, as on every screen
    assert view.top_buttons.keys == TOP_KEYS
    for k, hint in zip(TOP_KEYS, ("Ctrl+Z", "Ctrl+Y", "Ctrl+S", "Ctrl+O", "Esc"), strict=True):
        widget = view.widgets[k]
        assert isinstance(widget, pygame_gui.elements.UIButton) and widget.alive()
        assert widget is view.top_buttons.buttons[TOP_KEYS.index(k)]
        assert hint in widget.tool_tip_text
        assert view.layout.top.contains(widget.rect)
    assert view.buttons
    for n, b in enumerate(view.buttons, start=1):
        widget = view.widgets[b.key]
        assert isinstance(widget, pygame_gui.elements.UIButton)
        assert view.layout.actions.contains(widget.rect)
        assert widget.text.startswith(f"{n}  ") and f"Key {n}." in widget.tool_tip_text
        assert b.label in widget.tool_tip_text
    search = view.widgets[kind_key(view, "Search")]
    assert "Rule MM-SEARCH-1." in search.tool_tip_text and "1d6" in search.tool_tip_text
    end = view.widgets[kind_key(view, "EndTurn")]
    assert "Rule MM-TURN-5." in end.tool_tip_text
    assert not view.widgets["redo"].is_enabled and not view.widgets["undo"].is_enabled


def test_a_tooltip_shows_over_a_button(view: MMPlayView) -> None:
    save = view.widgets["save"]
    view.handle_event(ev(pygame.MOUSEMOTION, pos=save.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(6):
        view.update(0.25)
    frame(view)
    assert tooltips(view.bars_gui)
    assert any("Ctrl+S" in t for t in view.bars_gui.texts())


# ------------------------------------------------------------------ clicks
def test_a_click_on_an_action_plays_it_and_undo_lights_up(view: MMPlayView) -> None:
    assert not view.session.match.steps
    search = view.widgets[kind_key(view, "Search")]
    click(view, search.rect.center)
    assert len(view.session.match.steps) == 1
    assert type(view.session.match.steps[0].command).__name__ == "Search"
    frame(view)
    undo = view.widgets["undo"]
    assert undo.is_enabled and not search.alive()  # the bar was built again for the new state
    click(view, undo.rect.center)
    assert not view.session.match.steps and view.message == "Undone."
    frame(view)
    redo = view.widgets["redo"]
    assert redo.is_enabled
    click(view, redo.rect.center)
    assert len(view.session.match.steps) == 1 and view.message == "Redone."


def test_a_press_alone_does_nothing_the_release_acts(view: MMPlayView) -> None:
    pos = view.widgets[kind_key(view, "Search")].rect.center
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert not view.session.match.steps
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert len(view.session.match.steps) == 1


def test_save_and_load_by_click(view: MMPlayView, tmp_path: Path) -> None:
    click(view, view.widgets["save"].rect.center)
    assert "Saved to" in view.message and (tmp_path / "mice_chapter.json").is_file()
    digest = view.session.match.digest()
    frame(view)
    click(view, view.widgets[kind_key(view, "Search")].rect.center)
    assert view.session.match.digest() != digest
    frame(view)
    click(view, view.widgets["load"].rect.center)
    assert view.session.match.digest() == digest and "Loaded" in view.message
    frame(view)  # the loaded game's buttons
    assert view.widgets["save"].alive() and all(view.widgets[b.key].alive() for b in view.buttons)


def test_the_more_button_turns_the_page_of_actions(headless: None, tmp_path: Path) -> None:
    small = (700, 600)
    view = make_mm_view(MAP, small, seed=3, save_dir=tmp_path, pace=0.0)
    frame(view, size=small)
    assert "more" in view.widgets and view.widgets["more"].alive()
    more = view.widgets["more"]
    assert more.text.startswith("More 1/") and more.tool_tip_text
    first = [b.label for b in view.buttons if b.key != "more"]
    click(view, more.rect.center)
    frame(view, size=small)
    assert view.page == 1 and view.widgets["more"].text.startswith("More 2/")
    second = [b.label for b in view.buttons if b.key != "more"]
    assert second and not set(second) & set(first)
    assert view.widgets["cmd0"].text.startswith("1  ")  # numbered anew for the keys
    for b in view.buttons:
        assert view.layout.actions.contains(view.widgets[b.key].rect)


# ------------------------------------------------------------------ keys
def test_keys_still_act(view: MMPlayView) -> None:
    first = view._commands["cmd0"]
    key(view, pygame.K_1)
    assert len(view.session.match.steps) == 1 and view.session.match.steps[0].command == first
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert not view.session.match.steps
    key(view, pygame.K_y, pygame.KMOD_CTRL)
    assert len(view.session.match.steps) == 1
    key(view, pygame.K_s, pygame.KMOD_CTRL)
    assert "Saved to" in view.message


def test_hovering_an_attack_button_shows_its_odds(headless: None, tmp_path: Path) -> None:
    view = make_mm_view(MAP, SIZE, ai_sides=("mice",), seed=3, save_dir=tmp_path, pace=0.0)
    for _ in range(2000):
        if view.state.result:
            pytest.skip("no attack on offer in this game")
        if view.session.to_play() != GM and any(isinstance(c, Attack)
                                                for c in view.session.legal()):
            break
        view.ai_step()
    view.session.set_ai(())
    frame(view)
    b = next(b for b in view.buttons if isinstance(view._commands.get(b.key), Attack))
    tip = view.widgets[b.key].tool_tip_text
    assert "Rule MM-MELEE-1." in tip or "Rule MM-RANGED-1." in tip
    view.handle_event(ev(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert view.hot is b and view.odds()[1] == "hovered"


# ------------------------------------------------------------------ built once
def test_the_widgets_are_built_once_not_every_frame(view: MMPlayView) -> None:
    before = [id(e) for e in view.bars_gui.elements()]
    for _ in range(5):
        view.handle_event(ev(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0), buttons=(0, 0, 0)))
        frame(view)
    assert [id(e) for e in view.bars_gui.elements()] == before
    with recorded_texts() as seen:
        frame(view)
    assert not seen.by_gui  # no button drew its words again


# ------------------------------------------------------------------ Russian
def test_switching_the_language_rebuilds_the_buttons_in_russian(view: MMPlayView) -> None:
    old = view.widgets["undo"]
    set_language("ru")
    with recorded_texts() as seen:
        frame(view)
    assert not old.alive() and view.widgets["undo"].text == "Отменить"
    assert view.widgets["load"].text == "Загрузить"
    assert seen.by_gui and not english_words(seen.by_gui), seen.by_gui
    texts = view.bars_gui.texts()
    assert not english_words(texts), english_words(texts)
    assert not missing_glyphs(texts, pygame.font.Font(str(NOTO), 16))
    set_language("en")
    frame(view)
    assert view.widgets["undo"].text == "Undo"


def test_the_russian_buttons_have_no_english(headless: None, tmp_path: Path) -> None:
    """Every button and tooltip over a few turns of play in Russian, the More page too."""
    set_language("ru")
    small = (700, 600)
    texts: list[str] = []
    for size in (SIZE, small):
        view = make_mm_view(MAP, size, seed=5, save_dir=tmp_path / f"{size[0]}", pace=0.0)
        for _ in range(40):
            if view.state.result:
                break
            frame(view, 0.1, size)
            texts += view.bars_gui.texts()
            if view.session.human_to_play():
                view.card = None
                if "more" in view.widgets and view.page == 0:
                    click(view, view.widgets["more"].rect.center)
                    frame(view, 0.1, size)
                    texts += view.bars_gui.texts()
                key(view, pygame.K_1)
    assert any(t.startswith("Ещё ") for t in texts)
    assert any("Правило MM-" in t and "Клавиша 1." in t for t in texts)
    assert not english_words(texts), english_words(texts)
    assert not missing_glyphs(texts, pygame.font.Font(str(NOTO), 16))
