"""The game menu (Esc) and the help card (F1)."""

from __future__ import annotations

from game.ui.play.card import Card, CardItem
from game.ui.play.widgets import Texts

HELP_LINES = (
    "Click a base of the side holding the initiative, or press Tab, to choose who acts.",
    "Drag from the chosen base to move: the band, the end and what it touches show before "
    "you let go. Hold Shift to stop where you let go. Esc or a right click cancels.",
    "The action bar (keys 1-9) and the menu (right-click the figure or what it touches) list "
    "what the rules allow now. Attacks may take more targets within a base width: click them, "
    "then Enter.",
    "Space ends the activation; it also skips an animation or hurries the AI.",
    "Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load, F12 screenshot, Home fit the table, "
    "wheel zoom, drag the table to pan.",
)


def menu_card(texts: Texts, *, can_undo: bool, can_redo: bool, has_save: bool,
              has_autosave: bool, ai_label: str, handover: bool, lang: str) -> Card:
    items = [
        CardItem("close", "Back to the game", hint="Esc"),
        CardItem("undo", "Undo", can_undo, "Ctrl+Z"),
        CardItem("redo", "Redo", can_redo, "Ctrl+Y"),
        CardItem("save", "Save", hint="Ctrl+S"),
        CardItem("load", "Load the saved game", has_save, "Ctrl+O"),
        CardItem("autosave", "Load the autosave", has_autosave),
        CardItem("ai", f"AI plays: {ai_label}"),
        CardItem("handover", f"Handover cards: {'on' if handover else 'off'}"),
        CardItem("lang", f"Log language: {'Русский' if lang == 'ru' else 'English'}"),
        CardItem("help", "Help", hint="F1"),
        CardItem("new", "New game"),
        CardItem("quit", "Quit"),
    ]
    return Card(texts, "Menu", (), items)


def help_card(texts: Texts) -> Card:
    return Card(texts, "How to play", HELP_LINES, (), close_on_any=True)
