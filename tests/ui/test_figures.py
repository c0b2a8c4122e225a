"""Figures from spawns and from ``--figures`` items; side colours."""

from __future__ import annotations

import pytest

from game.board.model import Board
from game.ui.colours import OKABE_ITO, contrast_ratio, ink_on, side_colours
from game.ui.figures import (
    DEFAULT_BASE_RADIUS_MM,
    FigureSpecError,
    figures_for_render,
    figures_from_spawns,
    parse_figure_spec,
)


def test_side_colours_in_order_of_first_appearance() -> None:
    colours = side_colours(["Orcs", "Knights", "Orcs", "Rats"])
    assert colours == {"Orcs": OKABE_ITO[0], "Knights": OKABE_ITO[1], "Rats": OKABE_ITO[2]}


def test_letters_read_on_every_side_colour() -> None:
    for colour in OKABE_ITO:
        assert contrast_ratio(ink_on(colour), colour) >= 4.5


def test_spawns_become_figures_with_radius_override(board: Board) -> None:
    figures = figures_from_spawns(board)
    assert [f.name for f in figures] == ["Brakka", "Grub", "Aldric", "Mira", "Rat"]
    assert figures[0].radius == DEFAULT_BASE_RADIUS_MM
    assert figures[3].radius == 20.0
    assert figures[1].facing == 90.0


def test_figure_spec() -> None:
    f = parse_figure_spec("Hero:Good:100:200")
    assert (f.name, f.side, f.x, f.y, f.radius) == ("Hero", "Good", 100.0, 200.0, DEFAULT_BASE_RADIUS_MM)
    assert parse_figure_spec("Ogre:Bad:1:2:25").radius == 25.0


@pytest.mark.parametrize("item", ["Hero", "Hero:Good:1", "Hero:Good:x:2", "Hero:Good:1:2:0",
                                  ":Good:1:2", "Hero:Good:1:2:3:4", "Hero:Good:nan:2"])
def test_bad_figure_spec_names_the_item(item: str) -> None:
    with pytest.raises(FigureSpecError) as caught:
        parse_figure_spec(item)
    assert item in str(caught.value)


def test_figures_for_render(board: Board) -> None:
    assert len(figures_for_render(board, None)) == 5
    assert len(figures_for_render(board, ["spawns"])) == 5
    assert figures_for_render(board, ["none"]) == ()
    assert [f.name for f in figures_for_render(board, ["A:x:1:1", "B:y:2:2"])] == ["A", "B"]


def test_side_letters_tell_sides_apart() -> None:
    from game.ui.figures import side_letters

    assert side_letters(["Orcs", "Knights"]) == {"Orcs": "O", "Knights": "K"}
    marks = side_letters(["mice", "minions", "cardinal"])
    assert marks["cardinal"] == "C" and marks["mice"] != marks["minions"]
    assert side_letters(["player1", "player2"]) == {"player1": "P1", "player2": "P2"}
