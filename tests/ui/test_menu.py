"""The main menu: the default scenario in one click, choices, sandbox, language, quit."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.ui.menu import MenuChoice, make_menu_view, scan_scenarios
from game.ui.view import Push, Quit
from tests.ui.stand_ins import NullView as _Dummy

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"


def _click(menu: object, action: str, button: int = 1) -> object:
    """Press and release the mouse on the row's pygame_gui button (it acts on the release)."""
    pos = menu.buttons[action].rect.center  # type: ignore[attr-defined]
    menu.handle_event(pygame.event.Event(  # type: ignore[attr-defined]
        pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    return menu.handle_event(pygame.event.Event(  # type: ignore[attr-defined]
        pygame.MOUSEBUTTONUP, pos=pos, button=button))


def test_scenarios_are_read_from_the_maps() -> None:
    found = {s.path.name: s.system for s in scan_scenarios(MAPS)}
    assert found["tavern.tmx"] == "one_for_all" and found["ruins.tmx"] == "helldorado"


def test_default_scenario_in_one_click(headless: None) -> None:
    started: list[MenuChoice] = []
    menu = make_menu_view(MAPS, (1280, 800), start=lambda c: started.append(c) or _Dummy())
    menu.draw(pygame.Surface((1280, 800)))
    action = _click(menu, "quick")
    assert isinstance(action, Push)
    assert started[0].scenario.path.name == "tavern.tmx" and not started[0].ai


def test_choices_cycle_and_start(headless: None) -> None:
    started: list[MenuChoice] = []
    menu = make_menu_view(MAPS, (1280, 800), start=lambda c: started.append(c) or _Dummy(),
                          remember=lambda lang: set_language(lang))
    menu.draw(pygame.Surface((1280, 800)))
    systems = set()
    for _ in range(4):
        _click(menu, "system")
        systems.add(menu.choice.scenario.system)  # type: ignore[union-attr]
    assert len(systems) == 4
    for action in ("load", "ai", "teaching"):
        _click(menu, action)
    assert isinstance(_click(menu, "start"), Push)
    c = started[-1]
    assert c.load and c.ai and not c.teaching


def test_sandbox_language_and_quit(headless: None) -> None:
    opened: list[Path] = []
    menu = make_menu_view(MAPS, (1280, 800), sandbox=lambda p: opened.append(p) or _Dummy(),
                          remember=lambda lang: set_language(lang))
    menu.draw(pygame.Surface((1280, 800)))
    assert isinstance(_click(menu, "sandbox"), Push) and opened
    _click(menu, "language")
    assert any("Выход" in text for _, text in menu.rows())
    menu.draw(pygame.Surface((1280, 800)))
    assert isinstance(menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)), Quit)


def test_refusals_are_said_not_crashed(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800))
    menu.draw(pygame.Surface((1280, 800)))
    assert _click(menu, "start") is None and menu.message
    assert _click(menu, "sandbox") is None and menu.message


def test_keyboard_moves_the_focus(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800))
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP))
    assert menu.rows()[menu.focus][0] == "quit"
    assert isinstance(menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)), Quit)


def test_menu_starts_the_real_play_screen_and_sandbox(headless: None) -> None:
    from game.ui.menu.launch import sandbox_view, start_view

    scenarios = {s.path.name: s for s in scan_scenarios(MAPS)}
    assert start_view(MenuChoice(scenarios["tavern.tmx"]), (1280, 800)) is not None
    assert start_view(MenuChoice(scenarios["ruins.tmx"], ai=True), (1280, 800)) is not None
    assert sandbox_view(MAPS / "ruins.tmx", (1280, 800)) is not None
    assert sandbox_view(MAPS / "missing.tmx", (1280, 800)) is None


def test_menu_and_sandbox_commands_run_a_few_frames(headless: None, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menu.launch import menu_command
    from game.ui.sandbox import sandbox_command

    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    assert menu_command((800, 600), max_frames=3) == 0
    assert sandbox_command(MAPS / "tavern.tmx", (900, 600), max_frames=3) == 0
    assert sandbox_command(tmp_path / "nope.tmx", (900, 600), max_frames=3) == 2
