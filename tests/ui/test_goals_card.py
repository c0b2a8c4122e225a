"""Issue 17 item 4 on the four play screens: each new game opens with its goals card beside the
table (who plays which side, how to win, how long it lasts, the first thing to try), in the
reader's language; it does not block the table, and goes at the first command, a tab chosen or
its own button; the game menu's "Goals" shows the same card one click away; a map's own
``goal_en`` / ``goal_ru`` is preferred to the rule book's words. Driven with real pygame events."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

import pygame
import pytest

from game.board import load_board
from game.i18n import set_language
from game.rules.engine.rulebook import rulebook
from game.ui.app import _play_view
from game.ui.images import SafeImageLoader
from game.ui.play.goals import GAME_LINES, paragraphs
from game.ui.play.side_panel import ODDS, RULES
from tests.ui.test_crash_resume import MAPS
from tests.ui.test_play_shell import SYSTEMS, a_command, choose, click, frame, key, open_screen


def plain_lines(card: Any) -> list[str]:
    return [line.replace("**", "") for line in card.lines if line]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_each_game_opens_with_its_goals_beside_the_table(system: str, lang: str,
                                                        env: None) -> None:
    set_language(lang)
    view = open_screen(system, goals=True)
    sheet = view.goals_sheet
    assert sheet is not None and view.card is None  # beside the table, not blocking it
    frame(view)
    assert sheet.rect is not None and view.layout.panel.contains(sheet.rect)
    book = rulebook(system, lang)
    assert book.title in sheet.title
    lines = plain_lines(sheet)
    first = paragraphs(book.intro)[0].replace("**", "")
    assert lines[0] == first  # what the game is
    who = "Who plays:" if lang == "en" else "Кто играет:"
    seats = next(line for line in lines if line.startswith(who))
    assert all(view.side_name(s) in seats for s in view.seats())  # who plays which side
    how_long, first_try = GAME_LINES[system]
    from game.i18n import _
    assert _(how_long).replace("**", "") in lines and _(first_try).replace("**", "") in lines
    assert [i.key for i in sheet.items] == ["close", "rules"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_goals_do_not_block_and_go_with_the_first_command(system: str, env: None) -> None:
    view = open_screen(system, goals=True)
    view.handover_on = False
    key(view, pygame.K_ESCAPE)  # the keys are the game's: the menu opens
    assert view.card_kind == "menu" and view.goals_sheet is not None
    key(view, pygame.K_ESCAPE)
    frame(view)
    a_command(view)
    assert view.goals_sheet is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_goals_own_buttons_and_a_tab_put_them_away(system: str, env: None) -> None:
    view = open_screen(system, goals=True)
    frame(view)
    rules = next(b for b in view.goals_sheet._buttons if b.key == "rules")
    click(view, rules.rect.center)  # "Read the rules"
    assert view.goals_sheet is None and view.side_panel.tab == RULES
    view = open_screen(system, goals=True)
    frame(view)
    start = next(b for b in view.goals_sheet._buttons if b.key == "close")
    click(view, start.rect.center)  # "Start playing"
    assert view.goals_sheet is None and view.card is None
    view = open_screen(system, goals=True)
    frame(view)
    click(view, view.side_panel.buttons[ODDS].rect.center)
    frame(view)
    assert view.goals_sheet is None and view.side_panel.tab == ODDS


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_game_menu_has_the_goals_one_click_away(system: str, env: None) -> None:
    view = open_screen(system)
    a_command(view)
    key(view, pygame.K_ESCAPE)
    assert "goals" in [i.key for i in view.card.items]
    frame(view)
    goals = next(b for b in view.card._buttons if b.key == "goals")
    click(view, goals.rect.center)  # one click
    assert view.card_kind == "goals"
    assert rulebook(system, "en").title in view.card.title
    frame(view)
    key(view, pygame.K_RETURN)  # "Start playing" closes it
    assert view.card is None
    key(view, pygame.K_ESCAPE)
    choose(view, "goals")
    key(view, pygame.K_DOWN)
    key(view, pygame.K_RETURN)  # "Read the rules"
    assert view.card is None and view.side_panel.tab == RULES


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_maps_own_goal_is_preferred(lang: str, env: None) -> None:
    set_language(lang)
    path = MAPS["helldorado"]
    loader = SafeImageLoader()
    board = load_board(path, image_loader=loader)
    goal = {"en": "Hold the chapel until round 8.", "ru": "Удержите часовню до 8-го раунда."}
    board = dataclasses.replace(board, properties=MappingProxyType(
        {**board.properties, "goal_en": goal["en"], "goal_ru": goal["ru"]}))
    view = _play_view(path, board, loader, [])
    lines = plain_lines(view.goals_sheet)
    assert any(line.endswith(goal[lang]) for line in lines)
    book_win = paragraphs(rulebook("helldorado", lang).intro)[1].replace("**", "")
    assert book_win not in lines  # the map's goal instead of the book's
