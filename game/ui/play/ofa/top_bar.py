"""One for All's top bar: the game, whose initiative it is (in that side's colour, with its
letter), the turn and the mode as pygame_gui labels, beside the shell's buttons (``TopButtons``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _
from game.ui.colours import RGB, ink_on
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, WidgetBar, fitted, text_width
from game.ui.play.top_bar import TopButtons
from game.ui.play.widgets import CHROME_BG, PANEL_LINE, TEXT_PX, Texts, ellipsize
from game.ui.words import mode_name

GAME_TITLE = N_("...And One for All!")
TITLE_IDS = ("#accent", "label")
WORD_IDS = ("label",)
FACT_IDS = ("#hint", "label")


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


class TopBar(WidgetBar):
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
