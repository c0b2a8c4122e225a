"""The play screens' top bar, action bar and side-panel tabs on pygame_gui: buttons with
tooltips, clicks and keys doing what they did, the language switch rebuilding them, and the
widgets built once (not every frame)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.board import load_board
from game.board.model import Board
from game.i18n import set_language
from game.ui.gui import Gui
from game.ui.play.action_bar import ActionBar
from game.ui.play.choices import Choice, Group
from game.ui.play.hd.view import HDPlayView, make_hd_view
from game.ui.play.ofa.session import PlaySession
from game.ui.play.ofa.top_bar import TopBar, TopInfo
from game.ui.play.ofa.view import OFAPlayView
from game.ui.play.side_panel import CARD, LOG, ODDS, TAB_IDS, PanelTab, SidePanel
from game.ui.play.top_bar import BUTTONS
from game.ui.play.widgets import Texts
from tests.rules.one_for_all.scene import start, write_scene
from tests.ui.ru_texts import english_words, missing_glyphs

REPO = Path(__file__).resolve().parents[2]
TAVERN = REPO / "maps" / "tavern.tmx"
RUINS = REPO / "maps" / "ruins.tmx"
SIZE = (1280, 800)
M, C = "musketeers", "cardinal"
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"


@pytest.fixture
def tavern(headless: None) -> Board:
    return load_board(TAVERN)


@pytest.fixture
def ofa(headless: None, tmp_path: Path) -> OFAPlayView:
    """Athos beside two of the Cardinal's guards: he has actions to choose from."""
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("GuardA", C, "guard", 225, 300),
                                  ("GuardB", C, "guard", 262, 300)])
    match = start(path, [6, 2, 3, 2, 2, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3])
    board = load_board(Path(match.setup.map))
    view = OFAPlayView(PlaySession(match, board), board, SIZE, save_dir=tmp_path / "saves",
                       animate=False, handover=False)
    frame(view)
    return view


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def frame(view: object, dt: float = 1 / 60) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    view.update(dt)  # type: ignore[attr-defined]
    view.draw(surface)  # type: ignore[attr-defined]
    return surface


def click(view: object, pos: tuple[int, int], button: int = 1) -> object:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),  # type: ignore[attr-defined]
                         buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))  # type: ignore[attr-defined]
    return view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=button))  # type: ignore[attr-defined]


def hover(view: object, pos: tuple[int, int], seconds: float = 1.5) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),  # type: ignore[attr-defined]
                         buttons=(0, 0, 0)))
    for _ in range(int(seconds / 0.25)):
        view.update(0.25)  # type: ignore[attr-defined]


def tooltips(gui: Gui) -> list[object]:
    return [e for e in gui.elements() if isinstance(e, pygame_gui.elements.UITooltip)]


def choices_of(view: OFAPlayView) -> None:
    """Put Athos in hand so that the action bar has buttons."""
    click(view, view.screen_point((200, 300)))
    frame(view)
    assert view.action_bar.buttons


# ------------------------------------------------------------------ One for All
def test_the_bars_are_pygame_gui_buttons_with_tooltips(ofa: OFAPlayView) -> None:
    bar = ofa.top_bar
    assert bar.keys == [key for key, _label, _hint in BUTTONS]
    for button in bar.buttons:
        assert isinstance(button, pygame_gui.elements.UIButton) and button.tool_tip_text
        assert ofa.layout.top.contains(button.rect)
    assert "Ctrl+Z" in bar.buttons[0].tool_tip_text
    assert list(ofa.side_panel.buttons) == list(TAB_IDS)
    for button in ofa.side_panel.buttons.values():
        assert isinstance(button, pygame_gui.elements.UIButton) and button.tool_tip_text
    assert [b.text for b in ofa.side_panel.buttons.values()] == ["Log", "Odds", "Figure", "Rules"]
    choices_of(ofa)
    for n, button in enumerate(ofa.action_bar.buttons, start=1):
        assert isinstance(button, pygame_gui.elements.UIButton)
        assert ofa.layout.actions.contains(button.rect)
        assert ofa.action_bar.choices[n - 1].label in button.tool_tip_text
        if n <= 9:
            assert button.text.startswith(f"{n} ") and f"Key {n}." in button.tool_tip_text
    texts = ofa.bars_gui.texts()
    assert "Initiative" in texts and "Turn 1" in texts and "Teaching mode" in texts


def test_a_top_bar_click_does_what_the_old_bar_did(ofa: OFAPlayView) -> None:
    assert not ofa.top_bar.buttons[0].is_enabled  # nothing to undo yet
    undo = ofa.top_bar.buttons[0].rect.center
    assert ofa.top_bar.button_at(ofa.layout.top, undo) == ""
    menu = ofa.top_bar.buttons[ofa.top_bar.keys.index("menu")]
    assert ofa.top_bar.button_at(ofa.layout.top, menu.rect.center) == "menu"
    click(ofa, menu.rect.center)
    assert ofa.card is not None and ofa.card_kind == "menu"
    ofa.card, ofa.card_kind = None, ""
    save = ofa.top_bar.buttons[ofa.top_bar.keys.index("save")]
    click(ofa, save.rect.center)
    assert "Saved to" in ofa.message


def test_undo_lights_up_after_a_move_and_a_click_undoes_it(ofa: OFAPlayView) -> None:
    choices_of(ofa)
    before = len(ofa.session.match.steps)
    plain = next(i for i, c in enumerate(ofa.action_bar.choices)
                 if c.command is not None and not c.chain_from)
    click(ofa, ofa.action_bar.buttons[plain].rect.center)
    assert len(ofa.session.match.steps) > before
    frame(ofa)
    undo = ofa.top_bar.buttons[0]
    assert undo.is_enabled
    click(ofa, undo.rect.center)
    assert len(ofa.session.match.steps) == before


def test_a_press_alone_does_nothing_the_release_acts(ofa: OFAPlayView) -> None:
    choices_of(ofa)
    pos = ofa.action_bar.buttons[0].rect.center
    ofa.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    ofa.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert not ofa.session.match.steps and ofa.targeting is None and ofa.menu is None
    ofa.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert ofa.session.match.steps or ofa.targeting is not None


def test_a_tab_click_chooses_the_tab_and_the_log_still_takes_clicks(ofa: OFAPlayView) -> None:
    panel = ofa.side_panel
    assert panel.tab == LOG
    click(ofa, panel.buttons[ODDS].rect.center)
    assert panel.tab == ODDS
    frame(ofa)
    assert panel.buttons[ODDS].object_ids[-1] == "#toggle_on"
    assert panel.buttons[LOG].object_ids[-1] == "#toggle"
    rects = dict(panel.tab_rects(ofa.layout.panel))
    assert panel.click(ofa.layout.panel, rects[CARD].center) and panel.tab == CARD
    assert not panel.click(ofa.layout.panel, panel.body(ofa.layout.panel).center)


def test_keys_still_choose_the_numbered_actions(ofa: OFAPlayView) -> None:
    choices_of(ofa)
    first = ofa.action_bar.by_number(1)
    assert first is not None and first == ofa.action_bar.choices[0]
    assert ofa.action_bar.choice_at(ofa.action_bar.buttons[0].rect.center) == first
    ofa.handle_event(ev(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    assert ofa.session.match.steps or ofa.targeting is not None


def test_a_tooltip_shows_over_a_bar_button(ofa: OFAPlayView) -> None:
    undo = ofa.top_bar.buttons[ofa.top_bar.keys.index("save")]
    hover(ofa, undo.rect.center)
    frame(ofa)
    tips = tooltips(ofa.bars_gui)
    assert tips and any("Ctrl+S" in t for t in ofa.bars_gui.texts())


def test_the_widgets_are_built_once_not_every_frame(ofa: OFAPlayView) -> None:
    choices_of(ofa)
    before = [id(e) for e in ofa.bars_gui.elements()]
    for _ in range(5):
        frame(ofa)
    assert [id(e) for e in ofa.bars_gui.elements()] == before


def test_switching_the_language_rebuilds_the_bars_in_russian(ofa: OFAPlayView, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    from game import i18n

    monkeypatch.setenv(i18n.CONFIG_ENV, str(tmp_path / "config"))
    choices_of(ofa)
    old = ofa.top_bar.buttons[0]
    ofa.open_game_menu()
    ofa.card_action("lang")
    ofa.card, ofa.card_kind = None, ""
    assert i18n.language() == "ru"
    frame(ofa)
    assert not old.alive() and ofa.top_bar.buttons[0].text == "Отменить"
    assert ofa.side_panel.buttons[LOG].text == "Журнал"
    texts = ofa.bars_gui.texts()
    assert "Инициатива" in texts and "Ход 1" in texts
    assert not english_words(texts, {w for c in ofa.action_bar.choices
                                      for w in c.label.split()} | {"OFA"}), texts
    assert not missing_glyphs(texts, pygame.font.Font(str(NOTO), 16))


def test_the_russian_bars_have_no_english(headless: None, tmp_path: Path) -> None:
    """A scene whose map names everything in Russian: the bars' words, buttons and tooltips."""
    from tests.ui.test_ofa_russian import played

    set_language("ru")
    view, _board = played(tmp_path)
    frame(view)
    texts = view.bars_gui.texts()
    assert view.action_bar.buttons or view.action_bar.hint
    assert texts and not english_words(texts), english_words(texts)
    assert not missing_glyphs(texts, pygame.font.Font(str(NOTO), 16))
    for button in [*view.top_bar.buttons, *view.side_panel.buttons.values(),
                   *view.action_bar.buttons]:
        assert button.tool_tip_text


# ------------------------------------------------------------------ the bars on their own
def test_a_bar_without_a_shared_gui_has_its_own(headless: None) -> None:
    texts = Texts()
    rect = pygame.Rect(0, 700, 900, 78)
    bar = ActionBar(texts)
    go, stop = Choice("Go", "go", ""), Choice("Stop", None, "")
    bar.set(rect, [Group("a", "Athos", (go, stop))], "", SIZE)
    assert bar.widgets.own and len(bar.buttons) == 2
    surface = pygame.Surface(SIZE)
    bar.draw(surface, rect, None)
    pos = bar.buttons[1].rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        bar.process(ev(kind, pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0)))
    assert bar.take() == [stop] and bar.take() == []
    assert bar.choice_at(pos) == stop and bar.by_number(1) == go
    bar.draw(surface, rect, go)  # the choice hovered elsewhere (the action menu) is lit
    assert bar.buttons[0].is_selected
    top = TopBar(texts)
    info = TopInfo("Musketeers", (0xE6, 0x9F, 0x00), "M", 2, "strict", False, True, False)
    top.draw(surface, pygame.Rect(0, 0, 1280, 44), info)
    assert "Strict mode" in top.texts_shown() and "Turn 2" in top.texts_shown()
    assert not top.buttons[top.keys.index("redo")].is_enabled
    assert surface.get_at((400, 22))[:3] != (0, 0, 0)
    panel = SidePanel(texts)
    drawn: list[pygame.Rect] = []
    panel.draw(surface, pygame.Rect(900, 44, 380, 756),
               [PanelTab(t, t, t, lambda _s, body: drawn.append(body)) for t in TAB_IDS])
    assert list(panel.buttons) == list(TAB_IDS) and drawn == [panel.body(pygame.Rect(900, 44, 380, 756))]


# ------------------------------------------------------------------ Helldorado
def test_the_helldorado_action_bar_is_buttons_and_a_click_chooses(headless: None,
                                                                 tmp_path: Path) -> None:
    view: HDPlayView = make_hd_view(RUINS, SIZE, (), save_dir=tmp_path, seed=4)
    view.handover_on = False
    frame(view)
    view.handle_event(ev(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    frame(view)
    bar = view.action_bar
    assert bar.buttons and all(isinstance(b, pygame_gui.elements.UIButton) and b.tool_tip_text
                               for b in bar.buttons)
    steps = len(view.session.match.steps)
    click(view, bar.buttons[-1].rect.center)
    frame(view)
    assert len(view.session.match.steps) > steps or view.tool is not None or view.message
