"""The top bar: the game, whose initiative it is (in that side's colour, with its letter), the
turn, the mode, and the buttons for undo, redo, save, load and the menu.

The buttons and the words are pygame_gui widgets (``bar_widgets``): buttons with a tooltip that
names the key, labels for the title, the turn and the mode. The side's chip is drawn in the
side's colour. A press waits in ``take()`` for the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _, language
from game.ui.colours import RGB, ink_on
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, fitted, text_width
from game.ui.play.widgets import CHROME_BG, PANEL_LINE, TEXT_PX, Texts, ellipsize
from game.ui.words import mode_name

GAME_TITLE = N_("...And One for All!")
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
TITLE_IDS = ("#accent", "label")
WORD_IDS = ("label",)
FACT_IDS = ("#hint", "label")
BUTTON_IDS = ("#small", "button")


@dataclass(frozen=True)
class TopInfo:
    side_label: str  #: "Musketeers"
    side_colour: RGB
    side_letter: str
    turn: int
    mode: str
    ai: bool
    can_undo: bool
    can_redo: bool
    over: bool = False


@dataclass(frozen=True)
class _Word:
    text: str
    x: int
    width: int
    ids: tuple[str, ...]


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
        if key == self._built:
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


class TopBar:
    """The One for All top bar: the shared buttons (``TopButtons``) and its words as labels."""

    def __init__(self, texts: Texts, gui: Gui | None = None,
                 buttons: TopButtons | None = None) -> None:
        self.texts = texts
        self.widgets = BarWidgets(gui)
        self.top_buttons = buttons if buttons is not None else TopButtons(self.widgets.gui)
        self.labels: list[Any] = []
        self._shown: tuple[Any, ...] | None = None
        self._chip: tuple[pygame.Rect, str] | None = None

    @property
    def buttons(self) -> list[Any]:
        return self.top_buttons.buttons

    @property
    def keys(self) -> list[str]:
        return self.top_buttons.keys

    # ------------------------------------------------------------------ widgets
    def _layout(self, rect: pygame.Rect, size: tuple[int, int] | None = None) -> None:
        """The buttons, built when the bar's rect or the language changed."""
        self.widgets.ready(size or (rect.right, rect.bottom))
        if self.top_buttons.layout(rect, size):
            self._shown = None

    def button_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> str:
        self._layout(rect)
        return self.top_buttons.button_at(pos)

    def take(self) -> list[str]:
        """The buttons pressed since the last call (their actions)."""
        return self.top_buttons.take()

    def process(self, event: pygame.event.Event) -> bool:
        """Feed an event to the bar's own Gui (a shared one is fed by the view)."""
        return self.widgets.process(event)

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    # ------------------------------------------------------------------ drawing
    def _words(self, rect: pygame.Rect, info: TopInfo, gui: Gui) -> tuple[list[_Word],
                                                                         pygame.Rect | None, str]:
        """The words left of the buttons and where they go; the chip's box and text."""
        t = self.texts
        x = rect.x + 12
        right = self.buttons[0].rect.x - 12 if self.buttons else rect.right
        title = _(GAME_TITLE)
        title_w = text_width(gui, title, TITLE_IDS)
        mode = mode_name(info.mode)
        facts = [(words, text_width(gui, words, FACT_IDS))
                 for words in (_("Turn {n}").format(n=info.turn), mode)]
        facts_w = sum(w + 18 for _text, w in facts)
        label = _("Initiative")
        label_w = text_width(gui, label, FACT_IDS)
        who = _("{side} (AI)").format(side=info.side_label) if info.ai else info.side_label
        text = f" {info.side_letter}  {who} "
        # when the words do not all fit before the buttons: the "Initiative" label goes first,
        # then the title, then the mode, then the side's name is shortened (the turn stays)
        chip_w = t.width(text, TEXT_PX) + 6
        show_label = x + title_w + 22 + label_w + 8 + chip_w + 18 + facts_w <= right or info.over
        show_title = x + title_w + 22 + chip_w + 18 + facts_w <= right or show_label or info.over
        words: list[_Word] = []
        chip: pygame.Rect | None = None
        if show_title:
            words.append(_Word(title, x, title_w, TITLE_IDS))
            x += title_w + 22
        if info.over:
            over = _("Game over")
            over_w = text_width(gui, over, WORD_IDS)
            words.append(_Word(over, x, over_w, WORD_IDS))
            x += over_w + 18
        else:
            if show_label:
                words.append(_Word(label, x, label_w, FACT_IDS))
                x += label_w + 8
            room = right - x - 18 - facts_w - 6
            if chip_w - 6 > room and len(facts) > 1:  # a narrow window: the side's name
                facts_w -= facts.pop()[1] + 18      # before the mode
                room = right - x - 18 - facts_w - 6
            if chip_w - 6 > room:
                text = ellipsize(t, text, max(room, 40), TEXT_PX)
            chip = pygame.Rect(x, rect.y + 8, t.width(text, TEXT_PX) + 6, rect.height - 16)
            x = chip.right + 18
        for words_text, w in facts:
            if x + w > right:
                break
            words.append(_Word(words_text, x, w, FACT_IDS))
            x += w + 18
        return words, chip, text

    def _show(self, rect: pygame.Rect, info: TopInfo) -> None:
        """The labels and the buttons' states for ``info`` (changed only when it changed)."""
        key = (self.top_buttons._built, info)
        if key == self._shown:
            return
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UILabel

        gui = self.widgets.gui
        assert gui is not None  # made by _layout
        self._shown = key
        for label in self.labels:
            label.kill()
            if label in self.widgets.elements:
                self.widgets.elements.remove(label)
        words, chip, text = self._words(rect, info, gui)
        self.labels = [self.widgets.add(UILabel(
            pygame.Rect(w.x - 4 if w.ids == FACT_IDS else w.x, rect.y + 2, w.width + 8,
                        rect.height - 4),
            fitted(gui, w.text, w.width + 6, w.ids), gui.manager,
            object_id=ObjectID(w.ids[0], "label") if len(w.ids) > 1 else None))
            for w in words]
        self._chip = (chip, text) if chip is not None else None
        self.top_buttons.enable({"undo": info.can_undo, "redo": info.can_redo})
        gui.touch()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, info: TopInfo,
             hot: tuple[int, int] | None = None) -> None:
        """The bar's background and the side's chip; the widgets are drawn with their Gui
        (here when the bar has its own). ``hot`` is kept for callers: the Gui shows the hover."""
        self._layout(rect, surface.get_size())
        self._show(rect, info)
        surface.fill(CHROME_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.bottomleft, rect.bottomright)
        if self._chip is not None:
            box, text = self._chip
            pic = self.texts.render(text, TEXT_PX, ink_on(info.side_colour))
            pygame.draw.rect(surface, info.side_colour, box, border_radius=5)
            surface.blit(pic, (box.x + 3, box.centery - pic.get_height() // 2))
        self.widgets.draw(surface)

    def texts_shown(self) -> list[str]:
        """The widgets' texts (captions, labels, tooltips), for tests."""
        from game.ui.gui import element_texts

        return element_texts(self.widgets.elements + self.top_buttons.widgets.elements)
