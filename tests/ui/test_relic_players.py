"""Relic's players chosen at the start (issue 18.3): the menu's players row when a Relic scenario is
picked, the play screen seating them, and a board of other ring sizes drawn from its own map."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.ui.menu import MenuChoice, make_menu_view, scan_scenarios
from game.ui.play.relic.table import pieces, spots
from game.ui.play.relic.view import make_relic_view
from game.ui.view import Push
from tests.ui.stand_ins import NullView as _Dummy

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
SQUARE = REPO / "tests" / "rules" / "relic" / "data" / "square_ring.tmx"
SIZE = (1280, 800)


def test_the_menu_offers_a_players_choice_for_relic_only(headless: None) -> None:
    started: list[MenuChoice] = []

    def start(choice: MenuChoice) -> _Dummy:
        started.append(choice)
        return _Dummy()

    menu = make_menu_view(MAPS, SIZE, start=start)
    menu.draw(pygame.Surface(SIZE))
    assert "players" not in dict(menu.rows())  # the default scenario is One for All
    while menu.choice is not None and menu.choice.scenario.system != "relic":
        menu.activate("system")
    assert dict(menu.rows())["players"] == "Players: every start of the map"
    menu.activate("players")
    menu.activate("players")
    assert dict(menu.rows())["players"] == "Players: 2"
    set_language("ru")
    assert dict(menu.rows())["players"] == "Игроков: 2"
    menu.activate("players", -1)
    assert isinstance(menu.activate("start"), Push)
    assert started[-1].players == 1 and started[-1].scenario.system == "relic"
    for _ in range(4):
        menu.activate("players")
    assert menu.choice is not None and menu.choice.players == 0  # round again: every start


@pytest.mark.parametrize("players", [1, 3])
def test_the_menu_choice_seats_that_many_on_the_play_screen(headless: None, players: int) -> None:
    from game.ui.menu.launch import start_view

    relic = next(s for s in scan_scenarios(MAPS) if s.system == "relic")
    view = start_view(MenuChoice(relic, ai=True, players=players), SIZE)
    session = view.session  # type: ignore[union-attr]
    assert session.match.state.seats == ("player1", "player2", "player3")[:players]
    assert tuple(session.ai_sides) == (f"player{players}",)  # the AI plays the last seat in play


def test_a_board_of_other_ring_sizes_is_drawn_from_its_map(headless: None, tmp_path: Path) -> None:
    view = make_relic_view(SQUARE, SIZE, save_dir=tmp_path, seed=3, players=2,
                           ai_sides=("player1", "player2"), ai_pace=0.0)
    surface = pygame.Surface(SIZE)
    for _ in range(30):
        view.update(0.5)
    view.draw(surface)
    pygame.image.save(surface, str(tmp_path / "square.png"))
    table = pygame.Rect((0, 0), view.layout.table.size)  # the camera's screen is the table's
    cam = view.board_view.camera
    at = spots(view)
    assert set(at) == set(view.session.system.board(view.state).spaces)  # every space has a spot
    for spot in at.values():  # and each lies on the table, not off it
        x, y = cam.world_to_screen(*spot.inward)
        assert table.collidepoint(x, y)
    placed = pieces(view)
    assert {p.player for p in placed} == {"player1", "player2"}
    assert view.session.name("sentinel") == "Sentinel Gate"
    set_language("ru")
    assert view.session.name("sentinel") == "Врата стража"
    assert view.session.name("stone_sentinel") == "Каменный страж"
    assert view.session.text("gate") == "Восстановите 1 Здоровье."
