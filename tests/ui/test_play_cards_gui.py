"""The play screens' cards on pygame_gui: a panel with the title, the lines in a text box and the
items as buttons (disabled ones disabled, a tooltip on each); clicks and keys choose as before;
the widgets follow the language and are built once; the handover card fills the screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox, UITooltip

from game.board import load_board
from game.i18n import _, language, set_language
from game.ui.play.card import Card, CardItem
from game.ui.play.end_screen import end_card
from game.ui.play.game_menu import help_card, menu_card
from game.ui.play.handover import HOLD_S, handover_card
from game.ui.play.ofa.session import PlaySession, new_match
from game.ui.play.ofa.view import OFAPlayView
from game.ui.play.resume import RESUME, resume_card
from game.ui.play.widgets import Texts
from tests.ui.ru_texts import english_words, missing_glyphs

REPO = Path(__file__).resolve().parents[2]
SIZE = (1280, 800)
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"
ORANGE = (0xE6, 0x9F, 0x00)
SKY = (0x56, 0xB4, 0xE9)


@pytest.fixture(autouse=True)
def _english() -> object:
    set_language("en")
    yield
    set_language("en")


def _menu(texts: Texts, **kw: object) -> Card:
    args: dict[str, object] = dict(can_undo=True, can_redo=False, has_save=False,
                                   has_autosave=True, ai_label=_("nobody (hot-seat)"),
                                   handover=True, lang=language())
    args.update(kw)
    return menu_card(texts, **args)  # type: ignore[arg-type]


def _drawn(card: Card, size: tuple[int, int] = SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((40, 90, 40))
    card.update(1 / 60)
    card.draw(surface)
    return surface


def _button(card: Card, key: str) -> UIButton:
    return next(b.widget for b in card._buttons if b.key == key)


def _down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def _up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def _move(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


# ------------------------------------------------------------------ the widgets
def test_a_card_is_a_panel_with_a_title_a_text_box_and_buttons(headless: None) -> None:
    texts = Texts()
    card = end_card(texts, "Musketeers", SKY, "Every guard is down.", 40, 6, can_undo=False)
    _drawn(card)
    assert isinstance(card.panel, UIPanel) and card.gui is not None
    assert isinstance(card.title_label, UILabel) and card.title_label.text == "Musketeers win!"
    assert isinstance(card.text_box, UITextBox)
    assert "Every guard is down." in card.text_box.html_text
    assert "Commands: 40, turns: 6." in card.text_box.html_text
    widgets = [b.widget for b in card._buttons]
    assert all(isinstance(w, UIButton) for w in widgets)
    assert [w.text for w in widgets] == [i.label for i in card.items]
    assert all(w.tool_tip_text for w in widgets)  # each says what it does
    undo = _button(card, "undo")
    assert not undo.is_enabled and _button(card, "new").is_enabled
    assert "Ctrl+Z" in undo.tool_tip_text  # the key: in the tooltip and at the button's right
    shown = card.gui.texts()
    assert "Ctrl+Z" in shown and "Musketeers win!" in shown
    # the buttons lie inside the panel, one under the other, where the card reports them
    panel = card.panel.rect
    for b in card._buttons:
        assert panel.contains(b.rect) and b.rect == b.widget.rect
    tops = [b.rect.top for b in card._buttons]
    assert tops == sorted(tops)


def test_the_menu_items_have_tooltips_and_disabled_items_are_disabled(headless: None) -> None:
    card = _menu(Texts(), can_redo=False, has_save=False, has_autosave=False)
    _drawn(card)
    assert {b.key for b in card._buttons if not b.widget.is_enabled} == {"redo", "load",
                                                                        "autosave"}
    for b in card._buttons:
        assert b.widget.tool_tip_text, b.key
    assert "Switch between English and Russian" in _button(card, "lang").tool_tip_text
    # a newcomer learns the keys from the tooltips
    assert "Esc" in _button(card, "close").tool_tip_text
    assert "F1" in _button(card, "help").tool_tip_text


def test_a_tooltip_shows_when_the_pointer_rests_on_a_button(headless: None) -> None:
    card = _menu(Texts())
    _drawn(card)
    card.handle_event(_move(_button(card, "new").rect.center))
    for _i in range(4):
        card.update(0.3)
    assert card.gui is not None
    tips = [e for e in card.gui.elements() if isinstance(e, UITooltip)]
    assert tips and "again from the beginning" in " ".join(card.gui.texts())


# ------------------------------------------------------------------ the mouse
def test_a_click_on_a_button_returns_its_key(headless: None) -> None:
    card = _menu(Texts())
    _drawn(card)
    where = _button(card, "save").rect.center
    # the views hand a card the press (as the hand-drawn card chose on it)
    assert card.handle_event(_down(where)) == "save"
    assert card.handle_event(_up(where)) is None  # the release chooses nothing more
    # a press and a release given both, as a window delivers them: one choice
    where = _button(card, "help").rect.center
    chosen = [card.handle_event(_down(where)), card.handle_event(_up(where))]
    assert [c for c in chosen if c] == ["help"]
    # on the key shown at the button's right: still the button
    right = _button(card, "undo").rect
    assert card.handle_event(_down((right.right - 12, right.centery))) == "undo"


def test_disabled_items_right_clicks_and_misses_choose_nothing(headless: None) -> None:
    card = _menu(Texts(), can_redo=False)
    _drawn(card)
    assert card.handle_event(_down(_button(card, "redo").rect.center)) is None
    assert card.handle_event(_down(_button(card, "quit").rect.center, button=3)) is None
    assert card.handle_event(_down((5, 5))) is None
    assert card.panel is not None
    assert card.handle_event(_down(card.panel.rect.midtop)) is None


def test_a_click_through_the_view_takes_the_item(headless: None, tmp_path: Path) -> None:
    board = load_board(REPO / "maps" / "tavern.tmx")
    view = OFAPlayView(PlaySession(new_match(REPO / "maps" / "tavern.tmx", 3), board), board,
                       SIZE, save_dir=tmp_path / "saves", animate=False, handover=False)
    surface = pygame.Surface(SIZE)
    view.open_game_menu()
    view.update(1 / 60)
    view.draw(surface)
    card = view.card
    assert card is not None
    view.handle_event(_down(_button(card, "help").rect.center))
    assert view.card_kind == "help" and view.card is not card
    view.draw(surface)
    view.handle_event(_down((10, 10)))  # the help goes at any click
    assert view.card is None


# ------------------------------------------------------------------ the keys
def test_keys_move_over_disabled_items_and_enter_takes_one(headless: None) -> None:
    card = _menu(Texts(), can_undo=True, can_redo=False)
    _drawn(card)
    keys = [b.key for b in card._buttons]
    assert keys[:3] == ["close", "undo", "redo"]
    assert card._buttons[0].widget.is_selected  # the keyboard's choice is shown
    card.handle_event(_key(pygame.K_DOWN))
    assert card.hot == 1 and card._buttons[1].widget.is_selected
    assert not card._buttons[0].widget.is_selected
    card.handle_event(_key(pygame.K_DOWN))  # over the disabled "redo"
    assert keys[card.hot] == "save"
    assert card.handle_event(_key(pygame.K_RETURN)) == "save"
    card.handle_event(_key(pygame.K_UP))
    card.handle_event(_key(pygame.K_UP))
    assert card.handle_event(_key(pygame.K_KP_ENTER)) == "close"
    card.handle_event(_key(pygame.K_UP))  # round to the last
    assert card.handle_event(_key(pygame.K_RETURN)) == "quit"
    assert card.handle_event(_key(pygame.K_ESCAPE)) == "close"
    # the mouse moves the choice too (the hover highlight shows it then)
    card.handle_event(_move(_button(card, "lang").rect.center))
    assert keys[card.hot] == "lang" and not any(b.widget.is_selected for b in card._buttons)
    assert card.handle_event(_key(pygame.K_RETURN)) == "lang"


def test_resume_card_by_keys(headless: None) -> None:
    card = resume_card(Texts(), 7)
    _drawn(card)
    assert card.handle_event(_key(pygame.K_RETURN)) == RESUME
    card.handle_event(_key(pygame.K_DOWN))
    assert card.handle_event(_key(pygame.K_RETURN)) == "close"


def test_help_goes_at_any_key_or_click_but_not_a_modifier(headless: None) -> None:
    card = help_card(Texts())
    _drawn(card)
    assert isinstance(card.text_box, UITextBox) and not card._buttons
    assert card.handle_event(_key(pygame.K_LSHIFT)) is None
    assert card.handle_event(_key(pygame.K_a)) == "close"
    assert card.handle_event(_down((3, 3), button=3)) is None
    assert card.handle_event(_down((3, 3))) == "close"


def test_the_handover_card_waits_before_it_takes_input(headless: None) -> None:
    card = handover_card(Texts(), "Cardinal", SKY, "C", "Musketeers")
    _drawn(card)
    assert card.handle_event(_key(pygame.K_SPACE)) is None
    assert card.handle_event(_down(card.panel.rect.center if card.panel else (9, 9))) is None
    card.update(HOLD_S)
    assert card.handle_event(_key(pygame.K_SPACE)) == "close"
    assert card.handle_event(_down((9, 9))) == "close"


# ------------------------------------------------------------------ the look
def test_the_handover_card_fills_the_screen_with_the_players_colour(headless: None) -> None:
    for size in (SIZE, (640, 480), (1920, 1080)):
        card = handover_card(Texts(), "Cardinal", SKY, "C", "Musketeers")
        surface = _drawn(card, size)
        w, h = size
        edge = [surface.get_at((x, y))[:3] for x in range(0, w, max(1, w // 17))
                for y in (0, h // 10, h - h // 10, h - 1)]
        assert set(edge) == {SKY}, size
        assert card.panel is not None and card.panel.rect == pygame.Rect(0, 0, w, h)
        # the words in the middle, dark on the sky blue
        middle = {surface.get_at((x, y))[:3] for x in range(w // 4, 3 * w // 4, 3)
                  for y in range(h // 3, 2 * h // 3, 3)}
        assert any(sum(c) < 200 for c in middle)


def test_a_card_dims_the_screen_around_it(headless: None) -> None:
    card = resume_card(Texts(), 3)
    surface = _drawn(card)
    assert surface.get_at((5, 5))[:3] != (40, 90, 40)  # the shade
    assert card.panel is not None
    assert card.panel.rect.center == (SIZE[0] // 2, SIZE[1] // 2)
    inside = surface.get_at((card.panel.rect.x + 10, card.panel.rect.bottom - 8))[:3]
    assert inside == (0x24, 0x25, 0x2B)  # the card's background


def test_a_card_fits_a_small_window(headless: None) -> None:
    card = _menu(Texts())
    _drawn(card, (640, 480))
    assert card.panel is not None
    screen = pygame.Rect(0, 0, 640, 480)
    assert screen.contains(card.panel.rect)
    assert all(card.panel.rect.contains(b.rect) for b in card._buttons)


# ------------------------------------------------------------------ built once
def test_the_widgets_are_built_once_and_again_only_on_a_change(headless: None) -> None:
    card = handover_card(Texts(), "Cardinal", SKY, "C")
    _drawn(card)
    panel, box = card.panel, card.text_box
    for _i in range(30):
        _drawn(card)
    assert card.panel is panel and card.text_box is box
    card.lines.insert(0, "Cardinal: roll for the guard.")  # as the Relic screen does
    _drawn(card)
    assert card.text_box is not box and "roll for the guard" in card.text_box.html_text
    box = card.text_box
    _drawn(card, (1024, 600))
    assert card.text_box is not box and card.panel is not None
    assert card.panel.rect.size == (1024, 600)


def test_switching_the_language_rebuilds_the_card(headless: None) -> None:
    card = end_card(Texts(), "Musketeers", ORANGE, "x", 1, 1, can_undo=True)
    _drawn(card)
    undo = _button(card, "undo")
    assert undo.tool_tip_text.startswith("Take back the last command.")
    set_language("ru")
    _drawn(card)
    fresh = _button(card, "undo")
    assert fresh is not undo and not undo.alive()
    assert fresh.tool_tip_text.startswith("Отменить последнюю команду.")
    assert "Клавиша" in fresh.tool_tip_text


def test_cards_share_one_gui_and_take_it_back_when_drawn(headless: None) -> None:
    texts = Texts()
    first, second = resume_card(texts, 2), help_card(texts)
    _drawn(first)
    gui = first.gui
    _drawn(second)
    assert first.gui is None and second.gui is gui  # the widgets of one card at a time
    assert not any("Start afresh" in t for t in gui.texts())
    _drawn(first)
    assert first.gui is gui and "Start afresh" in gui.texts()
    assert first.handle_event(_down(_button(first, "close").rect.center)) == "close"


def test_the_same_card_opened_again_takes_over_its_widgets(headless: None) -> None:
    texts = Texts()
    first = _menu(texts)
    _drawn(first)
    widgets = [b.widget for b in first._buttons]
    first.handle_event(_key(pygame.K_DOWN))
    again = _menu(texts)  # Esc, Esc: the menu closed and opened again
    _drawn(again)
    assert [b.widget for b in again._buttons] == widgets and first.gui is None
    assert again._buttons[0].widget.is_selected and not again._buttons[1].widget.is_selected
    assert again.handle_event(_down(_button(again, "new").rect.center)) == "new"
    other = _menu(texts, can_undo=False)  # something changed: built afresh
    _drawn(other)
    assert _button(other, "undo") not in widgets and not _button(other, "undo").is_enabled


# ------------------------------------------------------------------ Russian
def test_the_cards_in_russian_have_no_english_and_no_missing_glyph(headless: None) -> None:
    set_language("ru")
    texts = Texts()
    cards = [
        _menu(texts, can_redo=True, has_save=True),
        _menu(texts, handover=False),
        help_card(texts),
        end_card(texts, "Мушкетёры", ORANGE, "Все гвардейцы без сознания (OFA-1.3).", 12, 3,
                 can_undo=True),
        resume_card(texts, 4),
        handover_card(texts, "Кардинал", SKY, "К", "Мушкетёры"),
    ]
    shown: list[str] = []
    for card in cards:
        _drawn(card)
        assert card.gui is not None
        shown += card.gui.texts()
    assert "Меню" in shown and "Как играть" in shown and "Начать заново" in shown
    assert any("Закрыть меню и продолжить игру." in t for t in shown)  # a tooltip
    assert english_words(shown) == {}
    assert missing_glyphs(shown, pygame.font.Font(str(NOTO), 16)) == set()


def test_every_tooltip_of_the_cards_reads_in_russian(headless: None) -> None:
    from game.ui.play.card import TIPS

    set_language("ru")
    items = [CardItem(key, key) for key in TIPS] + [CardItem("x", "x", hint="Ctrl+Z")]
    card = Card(Texts(), "Т", (), items)
    _drawn(card)
    tips = [b.widget.tool_tip_text for b in card._buttons]
    assert all(tips)
    assert english_words(tips) == {}
