"""The status bar says where you are and what the keys do, in text big enough to read."""

from __future__ import annotations

from game.ui.colours import STATUS_BG, STATUS_DIM, STATUS_TEXT, STATUS_WARN, contrast_ratio
from game.ui.fonts import Fonts
from game.ui.status_bar import HELP, StatusBar, StatusInfo, status_segments


def test_segments() -> None:
    info = StatusInfo("Tavern", "one_for_all", (12.4, 300.6), 95.2, 59.7, 2, debug=True)
    texts = [t for t, _ in status_segments(info)]
    assert texts == ["Tavern", "one_for_all", "x 12 y 301 mm", "zoom 95%", "60 FPS",
                     "2 images missing", HELP]
    none = [t for t, _ in status_segments(StatusInfo("T", "", None, 100, None, debug=True))]
    assert none == ["T", "x — y — mm", "zoom 100%", "— FPS", HELP]


def test_no_coordinates_nor_frame_rate_unless_debugging() -> None:
    """Issue 16, item 6: a handout (or a PNG) shows neither; F3 shows them."""
    info = StatusInfo("Tavern", "one_for_all", (12.4, 300.6), 95.2, 59.7)
    assert [t for t, _ in status_segments(info)] == ["Tavern", "one_for_all", "zoom 95%", HELP]


def test_text_is_big_and_contrasted(headless: None) -> None:
    bar = StatusBar(Fonts())
    assert bar.height >= 16 + 8
    for colour in (STATUS_TEXT, STATUS_DIM, STATUS_WARN):
        assert contrast_ratio(colour, STATUS_BG) >= 4.5


def test_f3_shows_and_hides_the_debugging_readouts(headless: None) -> None:
    from pathlib import Path

    import pygame

    from game.board.loader import load_board
    from game.ui.board_view import BoardView

    view = BoardView(load_board(Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"), (1280, 800))
    assert not view.status_info().debug
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0, unicode=""))
    assert view.status_info().debug
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0, unicode=""))
    assert not view.status_info().debug
