"""The end of the game: who won in their colour, why, how long it took, and what next (the same
choices on every play screen)."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _
from game.ui.colours import RGB
from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts


def game_over_card(texts: Texts, title: str, lines: Sequence[str], colour: RGB | None,
                   can_undo: bool) -> Card:
    """``title``: "Musketeers win!"; ``lines``: why, then the score or the length of the game."""
    items = [CardItem("look", _("Look at the table and the log")),
             CardItem("undo", _("Undo the last command"), can_undo, "Ctrl+Z"),
             CardItem("new", _("New game")),
             CardItem("main", _("Main menu")),
             CardItem("quit", _("Quit"))]
    return Card(texts, title, [line for line in lines if line], items, colour=colour)


def end_card(texts: Texts, winner_label: str, colour: RGB, reason: str, commands: int,
             turns: int, can_undo: bool) -> Card:
    """The card of a game a side won after ``commands`` commands in ``turns`` turns."""
    return game_over_card(
        texts, _("{winner} win!").format(winner=winner_label),
        [reason, _("Commands: {commands}, turns: {turns}.").format(commands=commands,
                                                                   turns=turns)],
        colour, can_undo)
