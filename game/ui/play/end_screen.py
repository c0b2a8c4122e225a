"""The end of the game: the winner in their colour, why, how long it took, and what next."""

from __future__ import annotations

from game.ui.colours import RGB
from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts


def end_card(texts: Texts, winner_label: str, colour: RGB, reason: str, commands: int,
             turns: int, can_undo: bool) -> Card:
    lines = [reason, f"{commands} commands over {turns} turns."]
    items = [CardItem("look", "Look at the table and the log"),
             CardItem("undo", "Undo the last command", can_undo, "Ctrl+Z"),
             CardItem("new", "New game"),
             CardItem("quit", "Quit")]
    return Card(texts, f"{winner_label} win!", lines, items, colour=colour)
