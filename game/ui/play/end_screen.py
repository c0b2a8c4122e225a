"""The end of the game: the winner in their colour, why, how long it took, and what next."""

from __future__ import annotations

from game.i18n import _
from game.ui.colours import RGB
from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts


def end_card(texts: Texts, winner_label: str, colour: RGB, reason: str, commands: int,
             turns: int, can_undo: bool) -> Card:
    lines = [reason, _("Commands: {commands}, turns: {turns}.").format(commands=commands,
                                                                       turns=turns)]
    items = [CardItem("look", _("Look at the table and the log")),
             CardItem("undo", _("Undo the last command"), can_undo, "Ctrl+Z"),
             CardItem("new", _("New game")),
             CardItem("quit", _("Quit"))]
    return Card(texts, _("{winner} win!").format(winner=winner_label), lines, items,
                colour=colour)
