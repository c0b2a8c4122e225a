"""The game menu (Esc) and the help card (F1), the same on every play screen: the help lists
the game's own lines, then the keys every screen shares, and offers the Rules tab (F1 again)
and the goals card; the menu has the goals one click away and the hand-over setting (a banner
that does not block, a full-screen card, or nothing)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import LANGUAGE_NAMES, N_, _
from game.rules.engine.rulebook import Glossary
from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts

#: how the screen passes between players: a banner over the table that does not block (where no
#: information is hidden), a full-screen card, or nothing; the menu's item goes round them
HANDOVER_MODES = ("banner", "off", "card")
HANDOVER_LABELS = {"banner": N_("Hand-over: a banner"), "card": N_("Hand-over: a full-screen card"),
                   "off": N_("Hand-over: not shown")}

#: the keys of every play screen, the last lines of each help card
SHELL_HELP = (
    N_("Esc cancels what is in hand, else opens the game menu (new game, main menu, quit); "
       "F1 opens this help."),
    N_("Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load, F12 screenshot, Home fit the "
       "table, wheel zoom, drag the table to pan."),
    N_("Ctrl+Tab shows the next tab of the side panel (the log, the odds, the card of a piece), "
       "Ctrl+Shift+Tab the one before; a click on a tab shows it too."),
    N_("F1 again opens the Rules tab: the game's rules by topic (Ctrl+F searches them); a click "
       "on a rule ID in the log, the hint line or the odds opens its rule; rest the pointer on a "
       "game term to have it explained; Esc, then Goals: how to win."),
)


def menu_card(texts: Texts, *, can_undo: bool, can_redo: bool, has_save: bool,
              has_autosave: bool, ai_label: str, handover: bool | str, lang: str) -> Card:
    """``lang``: the language now shown; its item switches to the other one. ``handover``: the
    hand-over's mode (``HANDOVER_MODES``; True is the card, False nothing)."""
    mode = handover if isinstance(handover, str) else ("card" if handover else "off")
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
        CardItem("handover", _(HANDOVER_LABELS.get(mode, HANDOVER_LABELS["off"])),
                 tip=_("How the screen passes to the next player: a banner over the table that "
                       "says why (nothing is hidden in this game), a full-screen card that waits "
                       "for the player, or nothing.")),
        CardItem("lang", _("Language: {language}").format(
            language=LANGUAGE_NAMES.get(lang, lang)),
                 tip=_("Switch between English and Russian; the choice is remembered.")),
        CardItem("help", _("Help"), hint="F1"),
        CardItem("goals", _("Goals"), tip=_("Who plays which side, how to win, how long the "
                                            "game lasts and what to try first.")),
        CardItem("new", _("New game")),
        CardItem("main", _("Main menu")),
        CardItem("quit", _("Quit")),
    ]
    return Card(texts, _("Menu"), (), items)


def help_card(texts: Texts, lines: Sequence[str] = (), glossary: Glossary | None = None) -> Card:
    """``lines``: the game's own help (msgids, translated here), before the shared keys; F1
    again opens the rules, any other key or a click goes back to the game."""
    return Card(texts, _("How to play"), [_(line) for line in (*lines, *SHELL_HELP)], (),
                close_on_any=True, glossary=glossary, keys={pygame.K_F1: "rules"})
