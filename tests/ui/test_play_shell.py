"""Issue 15 item 10: the four play screens are one shell. The same contract, driven with real
pygame events on each screen as ``tabletop play`` opens it: Esc opens the game menu (it never
quits at once), F1 the help, Ctrl+Z / Ctrl+Y undo and redo a real command, Ctrl+S saves and
Ctrl+O loads it back, the side panel has the same tabs (Log, Odds, the piece's card) chosen by a
click or by Ctrl+Tab, the handover card comes up when the seat changes in hot-seat, the resume
card after the program was killed, and the game menu's "Main menu" goes back to the main menu
(or opens one when the game was opened directly); "Quit" quits. Issue 17: each game opens with
its goals card; the side panel's fourth tab is the Rules; the hand-over is a banner that does not
block, with the full-screen card as the game menu's option, and both say why the turn passed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board import load_board
from game.ui.app import _play_view
from game.ui.images import SafeImageLoader
from game.ui.menu import MenuView
from game.ui.menu.launch import MAPS_DIR, main_menu_view
from game.ui.play.game_menu import SHELL_HELP
from game.ui.play.resume import RESUME
from game.ui.play.shell import PlayShell
from game.ui.play.side_panel import CARD, LOG, ODDS, RULES, TAB_IDS
from game.ui.view import Home, Push, Quit, ViewStack
from tests.ui.test_crash_resume import MAPS, _killed_game

SIZE = (1280, 800)
SYSTEMS = sorted(MAPS)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, headless: None) -> Iterator[dict[str, str]]:
    """The user's folders in ``tmp_path``, a 1280x800 window; the environment of a child."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_PICTURES_DIR", str(tmp_path / "pictures"))
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    pygame.display.set_mode(SIZE)
    yield {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def open_screen(system: str, *, goals: bool = False) -> Any:
    """The play screen of the system's map, as ``tabletop play`` opens it: with its goals card
    beside the table, put away with its "Start playing" unless ``goals``."""
    path = MAPS[system]
    loader = SafeImageLoader()
    view = _play_view(path, load_board(path, image_loader=loader), loader, [])
    assert isinstance(view, PlayShell), type(view)
    frame(view)
    if view.goals_sheet is not None and view.card is None and not goals:
        start = next(b for b in view.goals_sheet._buttons if b.key == "close")
        click(view, start.rect.center)
        assert view.goals_sheet is None
        frame(view)
    return view


def frame(view: Any, dt: float = 1 / 60) -> None:
    view.update(dt)
    view.draw(pygame.display.get_surface())


def key(view: Any, k: int, mod: int = 0) -> object:
    return view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                                scancode=0))


def ctrl(view: Any, k: int) -> object:
    return key(view, k, pygame.KMOD_LCTRL)


def choose(view: Any, item: str) -> object:
    """Down to the card's item ``item`` (past the disabled ones) and Enter, as a player would."""
    for _ in range(len(view.card.items)):
        if view.card.items[view.card.hot].key == item:
            break
        key(view, pygame.K_DOWN)
    assert view.card.items[view.card.hot].key == item
    return key(view, pygame.K_RETURN)


def a_command(view: Any) -> None:
    """A real command of the seat to play (the AI's choice), through the screen."""
    command = view.auto_command()
    assert command is not None
    assert view.submit(command) not in (False, None)


def digest(view: Any) -> str:
    return str(view.session.match.digest())


# ------------------------------------------------------------------ the cards
@pytest.mark.parametrize("system", SYSTEMS)
def test_esc_opens_the_game_menu_and_never_quits(system: str, env: dict[str, str]) -> None:
    view = open_screen(system)
    assert key(view, pygame.K_ESCAPE) is None
    assert view.card_kind == "menu"
    items = [i.key for i in view.card.items]
    assert items[0] == "close" and items[-2:] == ["main", "quit"]
    assert {"undo", "redo", "save", "load", "help", "new"} <= set(items)
    frame(view)
    assert key(view, pygame.K_ESCAPE) is None and view.card is None  # Esc closes it again
    top = view.top_buttons
    assert top.keys == ["undo", "redo", "save", "load", "menu"]  # the same bar on each screen
    menu = top.buttons[top.keys.index("menu")].rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        view.handle_event(pygame.event.Event(kind, pos=menu, button=1, rel=(0, 0),
                                             buttons=(0, 0, 0)))
    assert view.card_kind == "menu"


@pytest.mark.parametrize("system", SYSTEMS)
def test_f1_opens_the_help_with_the_games_lines_and_the_shared_keys(system: str,
                                                                    env: dict[str, str]) -> None:
    view = open_screen(system)
    key(view, pygame.K_F1)
    assert view.card_kind == "help"
    lines = view.card.lines
    assert len(lines) > len(SHELL_HELP)  # the game's own lines first
    assert lines[-len(SHELL_HELP):] == list(SHELL_HELP)
    assert any("Ctrl+O" in line for line in lines) and not any("Ctrl+L" in line for line in lines)
    frame(view)
    key(view, pygame.K_a)  # any key closes it
    assert view.card is None


# ------------------------------------------------------------------ undo, redo, save, load
@pytest.mark.parametrize("system", SYSTEMS)
def test_ctrl_z_and_ctrl_y_undo_and_redo_a_real_command(system: str, env: dict[str, str]) -> None:
    view = open_screen(system)
    view.handover_on = False
    start = digest(view)
    a_command(view)
    after = digest(view)
    assert after != start and view.session.match.steps
    ctrl(view, pygame.K_z)
    assert digest(view) == start and view.message == "Undone."
    ctrl(view, pygame.K_y)
    assert digest(view) == after and view.message == "Redone."
    frame(view)


@pytest.mark.parametrize("system", SYSTEMS)
def test_ctrl_s_saves_and_ctrl_o_loads_it_back(system: str, env: dict[str, str]) -> None:
    view = open_screen(system)
    view.handover_on = False
    a_command(view)
    saved = digest(view)
    assert ctrl(view, pygame.K_s) is None and view.message.startswith("Saved to ")
    assert view.quick_save_path().is_file()
    a_command(view)
    assert digest(view) != saved
    ctrl(view, pygame.K_o)
    assert digest(view) == saved and view.message.startswith("Loaded ")
    frame(view)
    ctrl(view, pygame.K_l)  # not a key of the play screens: nothing happens
    assert digest(view) == saved and view.message.startswith("Loaded ")


# ------------------------------------------------------------------ the side panel's tabs
def click(view: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        view.handle_event(pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0),
                                             buttons=(0, 0, 0)))


def body_drawn(view: Any) -> pygame.Surface:
    """The side panel's body as the frame drew it."""
    frame(view)
    body = view.side_panel.body(view.layout.panel)
    return pygame.display.get_surface().subsurface(body).copy()


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_game_has_the_same_tabs_chosen_by_a_click_or_by_ctrl_tab(system: str,
                                                                       env: dict[str, str]) -> None:
    view = open_screen(system)
    view.handover_on = False
    a_command(view)  # something in the log
    panel = view.side_panel
    assert list(panel.buttons) == list(TAB_IDS) and panel.tab == LOG  # the Log first, open
    labels = [b.text for b in panel.buttons.values()]
    assert labels[:2] == ["Log", "Odds"] and labels[3] == "Rules"
    assert labels[2] not in (*labels[:2], labels[3])
    assert all(view.layout.panel.contains(b.rect) and b.tool_tip_text
               for b in panel.buttons.values())
    pictures = {LOG: body_drawn(view)}
    for tab in (CARD, ODDS, RULES, LOG):  # a click on each tab shows it, lit
        click(view, panel.buttons[tab].rect.center)
        assert panel.tab == tab
        pictures.setdefault(tab, body_drawn(view))
        assert [t for t, b in panel.buttons.items() if b.object_ids[-1] == "#toggle_on"] == [tab]
    # each tab draws a body of its own
    raw = {tab: pygame.image.tobytes(pic, "RGB") for tab, pic in pictures.items()}
    assert len(set(raw.values())) == 4
    # Ctrl+Tab goes round the tabs, Ctrl+Shift+Tab back; nothing else changes
    steps = len(view.session.match.steps)
    seen = []
    for _ in range(4):
        ctrl(view, pygame.K_TAB)
        seen.append(panel.tab)
    assert seen == [ODDS, CARD, RULES, LOG]
    key(view, pygame.K_TAB, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert panel.tab == RULES
    frame(view)
    assert [t for t, b in panel.buttons.items() if b.object_ids[-1] == "#toggle_on"] == [RULES]
    assert len(view.session.match.steps) == steps and view.card is None
    # the help names the key
    key(view, pygame.K_F1)
    assert any("Ctrl+Tab" in line for line in view.card.lines)


# ------------------------------------------------------------------ hot-seat, crash
def play_until_handover(view: Any, first: str | None) -> None:
    """Real commands of the seats to play until the screen passes to another player."""
    for _ in range(400):
        if view.card is not None or view.banner is not None:
            break
        a_command(view)
        for _ in range(30):  # until its animation (if any) has played
            frame(view, 0.2)
            if view.card is not None or view.banner is not None \
                    or getattr(view, "player", None) is None:
                break
    assert view.session.to_play() != first and view.is_human(view.session.to_play())


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_handover_is_a_banner_that_does_not_block_and_says_why(system: str,
                                                                   env: dict[str, str]) -> None:
    view = open_screen(system)
    assert view.handover_on and view.handover_mode == "banner"  # hot-seat, nothing hidden
    play_until_handover(view, view.session.to_play())
    side = view.session.to_play()
    banner = view.banner
    assert view.card is None and banner is not None
    assert view.side_name(side) in banner.title and banner.line  # why the turn passed
    assert banner.words.why and banner.words.title  # read from the last command in the log
    frame(view)
    drawn = view.spots.texts_noted()
    assert banner.title in drawn
    # it does not block: the next player plays at once, and the banner goes
    a_command(view)
    assert view.banner is None or view.banner is not banner


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_handover_card_is_the_game_menus_option(system: str, env: dict[str, str]) -> None:
    view = open_screen(system)
    key(view, pygame.K_ESCAPE)
    labels = {i.key: i.label for i in view.card.items}
    assert labels["handover"] == "Hand-over: a banner"
    choose(view, "handover")  # the menu stays open to show the change
    assert view.card_kind == "menu" and view.handover_mode == "off" and not view.handover_on
    assert {i.key: i.label for i in view.card.items}["handover"] == "Hand-over: not shown"
    choose(view, "handover")
    assert view.card_kind == "menu" and view.handover_mode == "card"
    assert {i.key: i.label for i in view.card.items}["handover"] == "Hand-over: a full-screen card"
    key(view, pygame.K_ESCAPE)
    first = view.session.to_play()
    play_until_handover(view, first)
    assert view.card_kind == "handover", view.card_kind
    assert view.side_name(view.session.to_play()) in view.card.title
    lines = view.card.lines
    assert any(line.startswith("**Why:**") for line in lines)  # why the turn passed
    assert any(line.startswith("**What happened:**") for line in lines)  # the command, its roll
    steps = len(view.session.match.steps)
    key(view, pygame.K_SPACE)  # too soon: a key meant for the table does not take it away
    assert view.card is not None
    frame(view, 1.0)
    key(view, pygame.K_SPACE)
    assert view.card is None and len(view.session.match.steps) == steps


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_resume_card_after_the_program_was_killed(system: str, env: dict[str, str]) -> None:
    steps, killed = _killed_game(MAPS[system], env)
    view = open_screen(system)
    assert view.card_kind == "resume" and view.card.items[0].key == RESUME
    key(view, pygame.K_RETURN)  # the first item: resume
    assert view.card_kind != "resume"
    assert digest(view) == killed and len(view.session.match.steps) == steps


# ------------------------------------------------------------------ leaving the game
@pytest.mark.parametrize("system", SYSTEMS)
def test_main_menu_returns_to_the_main_menu_it_was_started_from(system: str,
                                                                env: dict[str, str]) -> None:
    menu = main_menu_view(SIZE, MAPS_DIR)
    view = open_screen(system)
    stack = ViewStack(menu)
    stack.apply(Push(view), SIZE)
    key(view, pygame.K_ESCAPE)
    action = choose(view, "main")
    assert isinstance(action, Home)
    stack.apply(action, SIZE)
    assert stack.top is menu


@pytest.mark.parametrize("system", SYSTEMS)
def test_main_menu_opens_one_when_the_game_was_opened_directly(system: str,
                                                               env: dict[str, str]) -> None:
    view = open_screen(system)
    stack = ViewStack(view, home=main_menu_view)  # as ``tabletop`` opens the default scenario
    key(view, pygame.K_ESCAPE)
    stack.apply(choose(view, "main"), SIZE)
    assert isinstance(stack.top, MenuView) and not stack.empty
    again = open_screen(system)
    key(again, pygame.K_ESCAPE)
    assert isinstance(choose(again, "quit"), Quit)
