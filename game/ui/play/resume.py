"""The card a play screen opens at start when the last game on its map was left unfinished
(the program was closed or killed): resume from the autosave, or start afresh."""

from __future__ import annotations

from game.i18n import _
from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts

#: the card's buttons: ``RESUME`` loads the autosave, ``"close"`` keeps the new game
RESUME = "autosave"


def resume_card(texts: Texts, commands: int) -> Card:
    return Card(texts, _("Resume the last game?"),
                [_("The autosave holds a game of {n} command(s) on this map.").format(
                    n=commands),
                 _("Resume it, or start afresh (the autosave is replaced at your first move).")],
                [CardItem(RESUME, _("Resume the autosaved game")),
                 CardItem("close", _("Start afresh"),
                          tip=_("Keep the new game; the autosave is replaced at your first "
                                "move."))])
