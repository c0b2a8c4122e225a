"""The hot-seat handover: a full-screen card in the next player's colour, "pass to <side>",
taken away by a click or a key once it has been up long enough not to be clicked through."""

from __future__ import annotations

from game.i18n import _
from game.ui.colours import RGB
from game.ui.play.card import Card
from game.ui.play.widgets import Texts

#: seconds the card ignores input (a click meant for the table must not dismiss it)
HOLD_S = 0.6


def handover_card(texts: Texts, side_label: str, colour: RGB, letter: str,
                  previous: str = "") -> Card:
    lines = [_("{side} hand over.").format(side=previous) if previous else "",
             _("{side} ({letter}): click or press a key when you are ready.").format(
                 side=side_label, letter=letter)]
    return Card(texts, _("Pass to {side}").format(side=side_label),
                [line for line in lines if line], colour=colour, full=True, close_on_any=True,
                delay=HOLD_S)
