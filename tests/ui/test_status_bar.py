"""The status bar says where you are and what the keys do, in text big enough to read."""

from __future__ import annotations

from game.ui.colours import STATUS_BG, STATUS_DIM, STATUS_TEXT, STATUS_WARN, contrast_ratio
from game.ui.fonts import Fonts
from game.ui.status_bar import HELP, StatusBar, StatusInfo, status_segments


def test_segments() -> None:
    info = StatusInfo("Tavern", "one_for_all", (12.4, 300.6), 95.2, 59.7, 2)
    texts = [t for t, _ in status_segments(info)]
    assert texts == ["Tavern", "one_for_all", "x 12 y 301 mm", "zoom 95%", "60 FPS",
                     "2 images missing", HELP]
    none = [t for t, _ in status_segments(StatusInfo("T", "", None, 100, None))]
    assert none == ["T", "x — y — mm", "zoom 100%", "— FPS", HELP]


def test_text_is_big_and_contrasted(headless: None) -> None:
    bar = StatusBar(Fonts())
    assert bar.height >= 16 + 8
    for colour in (STATUS_TEXT, STATUS_DIM, STATUS_WARN):
        assert contrast_ratio(colour, STATUS_BG) >= 4.5
