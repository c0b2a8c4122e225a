"""The game menu (Esc) and the help card (F1), the same on every play screen: the help lists
the game's own lines, then the keys every screen shares."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import LANGUAGE_NAMES, N_, _
from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts

#: the keys of every play screen, the last lines of each help card
SHELL_HELP = (
    N_("Esc cancels what is in hand, else opens the game menu (new game, main menu, quit); "
       "F1 opens this help."),
    N_("Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load, F12 screenshot, Home fit the "
       "table, wheel zoom, drag the table to pan."),
    N_("Ctrl+Tab shows the next tab of the side panel (the log, the odds, the card of a piece), "
       "Ctrl+Shift+Tab the one before; a click on a tab shows it too."),
)


def menu_card(texts: Texts, *, can_undo: bool, can_redo: bool, has_save: bool,
              has_autosave: bool, ai_label: str, handover: bool, lang: str) -> Card:
    """``lang``: the language now shown; its item switches to the other one."""
    items = [
        CardItem("close", _("Back to the game"), hint="Esc",
                 tip=_("Close the menu and go on playing.")),
        CardItem("undo", _("Undo"), can_undo, "Ctrl+Z"),
        CardItem("redo", _("Redo"), can_redo, "Ctrl+Y"),
        CardItem("save", _("Save"), hint="Ctrl+S"),
        CardItem("load", _("Load the saved game"), has_save, "Ctrl+O"),
        CardItem("autosave", _("Load the autosave"), has_autosave),
        CardItem("ai", _("AI plays: {who}").format(who=ai_label),
                 tip=_("Change the side the AI plays; with nobody, you take turns at this "
                       "computer.")),
        CardItem("handover", _("Handover cards: on") if handover else _("Handover cards: off"),
                 tip=_("Between turns, a full-screen card asks the next player to take the "
                       "seat.")),
        CardItem("lang", _("Language: {language}").format(
            language=LANGUAGE_NAMES.get(lang, lang)),
                 tip=_("Switch between English and Russian; the choice is remembered.")),
        CardItem("help", _("Help"), hint="F1"),
        CardItem("new", _("New game")),
        CardItem("main", _("Main menu")),
        CardItem("quit", _("Quit")),
    ]
    return Card(texts, _("Menu"), (), items)


def help_card(texts: Texts, lines: Sequence[str] = ()) -> Card:
    """``lines``: the game's own help (msgids, translated here), before the shared keys."""
    return Card(texts, _("How to play"), [_(line) for line in (*lines, *SHELL_HELP)], (),
                close_on_any=True)
