"""The top bar's buttons, the same on every play screen: undo, redo, save, load and the menu,
right-aligned, pygame_gui buttons (``bar_widgets``) with a tooltip that names the key. A press
waits in ``take()`` for the shell. The words left of them: ``top_words`` (the title, the side
to play as a chip in its colour, the facts in one or two lines), drawn by the shell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import N_, _, language
from game.ui.colours import RGB, ink_on
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, text_width
from game.ui.play.widgets import DIM, SMALL_PX, TEXT, TEXT_PX, TITLE_PX, Texts, ellipsize

BUTTONS = (("undo", N_("Undo"), "Ctrl+Z"), ("redo", N_("Redo"), ""), ("save", N_("Save"), "Ctrl+S"),
           ("load", N_("Load"), ""), ("menu", N_("Menu"), "Esc"))
#: what each button does, for its tooltip (with the key)
TOOLTIPS = {
    "undo": N_("Take back your last move (Ctrl+Z)."),
    "redo": N_("Play again the move you took back (Ctrl+Y)."),
    "save": N_("Save the game to the quick-save file (Ctrl+S)."),
    "load": N_("Go back to the quick-saved game (Ctrl+O)."),
    "menu": N_("The game menu: new game, help, language, quit (Esc)."),
}
BUTTON_IDS = ("#small", "button")


class TopButtons:
    """The top bar's buttons (undo, redo, save, load, menu), right-aligned in the bar, each with
    a tooltip that names its key: the same on every play screen. Built again only when the bar's
    rect or the language changes; a press waits in ``take()``."""

    def __init__(self, gui: Gui | None = None) -> None:
        self.widgets = BarWidgets(gui)
        #: ``buttons[i]`` does ``keys[i]``
        self.keys: list[str] = []
        self.buttons: list[Any] = []
        self._built: tuple[tuple[int, int, int, int], str] | None = None

    def layout(self, rect: pygame.Rect, size: tuple[int, int] | None = None) -> bool:
        """Build the buttons (only when the bar's rect or the language changed); True when
        they were built."""
        gui = self.widgets.ready(size or (rect.right, rect.bottom))
        key = ((rect.x, rect.y, rect.width, rect.height), language())
        if key == self._built or (self.widgets.holding() and self._built is not None
                                  and key[1] == self._built[1]):
            return False
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self.widgets.clear()
        self._built = key
        made: list[tuple[str, Any]] = []
        x = rect.right - 8
        for action, msgid, _hint in reversed(BUTTONS):
            label = _(msgid)
            w = text_width(gui, label, BUTTON_IDS) + 18
            x -= w
            made.append((action, self.widgets.add(UIButton(
                pygame.Rect(x, rect.y + 6, w, rect.height - 12), label, gui.manager,
                tool_tip_text=_(TOOLTIPS[action]), object_id=ObjectID(*BUTTON_IDS),
                command=self.widgets.command(action)))))
            x -= 6
        made.reverse()
        self.keys = [a for a, _b in made]
        self.buttons = [b for _a, b in made]
        return True

    def left(self, rect: pygame.Rect) -> int:
        """Where the first button starts (the words of the bar end before it)."""
        return self.buttons[0].rect.x if self.buttons else rect.right

    def enable(self, states: dict[str, bool]) -> None:
        """Enable or disable the buttons named in ``states`` (the others stay as they are)."""
        changed = False
        for action, button in zip(self.keys, self.buttons, strict=True):
            want = states.get(action)
            if want is True and not button.is_enabled:
                button.enable()
                changed = True
            elif want is False and button.is_enabled:
                button.disable()
                changed = True
        if changed and self.widgets.gui is not None:
            self.widgets.gui.touch()

    def button_at(self, pos: tuple[int, int]) -> str:
        """The action of the enabled button at ``pos`` ("" when none)."""
        for action, button in zip(self.keys, self.buttons, strict=True):
            if button.is_enabled and button.rect.collidepoint(pos):
                return action
        return ""

    def take(self) -> list[str]:
        """The actions of the buttons pressed since the last call."""
        return self.widgets.take()


def top_words(texts: Texts, surface: pygame.Surface, room: pygame.Rect, one: str,
              two: Sequence[str], *, title: tuple[str, RGB] | None = None,
              chip: tuple[str, RGB] | None = None) -> None:
    """The words of a top bar in ``room`` (the bar left of its buttons): the game's title in its
    colour, the side to play as a chip in the side's colour, then the facts: ``one`` line when
    it fits, else the lines of ``two`` one over the other (the first lit, the rest dim), each
    cut to the room left. The facts are noted for the glossary's tooltips (``texts.spots``)."""
    x = room.x + 12
    if title is not None:
        pic = texts.render(title[0], TITLE_PX, title[1])
        surface.blit(pic, (x, room.centery - pic.get_height() // 2))
        x += pic.get_width() + 20
    if chip is not None:
        words, colour = chip
        pic = texts.render(f" {words} ", TEXT_PX, ink_on(colour))
        box = pygame.Rect(x, room.y + 8, pic.get_width() + 6, room.height - 16)
        pygame.draw.rect(surface, colour, box, border_radius=5)
        surface.blit(pic, (box.x + 3, box.centery - pic.get_height() // 2))
        x = box.right + 16
    width = room.right - 12 - x
    if texts.width(one, TEXT_PX) <= width:
        shown = [(one, TEXT_PX)]
        pics = [texts.render(one, TEXT_PX, TEXT)]
    else:  # no room for one line (the bar's buttons, a narrow window)
        shown = [(ellipsize(texts, line, width, SMALL_PX), SMALL_PX) for line in two]
        pics = [texts.render(words, SMALL_PX, DIM if i else TEXT)
                for i, (words, _px) in enumerate(shown)]
    y = room.centery - sum(pic.get_height() for pic in pics) // 2
    for pic, (words, px) in zip(pics, shown, strict=True):
        surface.blit(pic, (x, y))
        if texts.spots is not None:  # points and tallies explain themselves on hover
            texts.spots.note(words, (x, y), px)
        y += pic.get_height()
