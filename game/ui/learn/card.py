"""The lesson's card: it takes the side panel's place on the play screen while a lesson runs.

From the top: the lesson and the step ("Step 3 of 8"), what to do and why, the gentle hint
after an input the step does not take; once the step is done, what happened (the events in
words, with the rules they cite), the rule book's text of the rules the step teaches and the
other rules applied; at the bottom the card's buttons (Next; at the end, the full scenario and
the main menu). The words are paragraphs the view gives (``Para``), wrapped to the panel; a long
card scrolls with the wheel. The buttons are pygame_gui buttons in the card's own ``Gui``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import _, language
from game.ui.colours import RGB
from game.ui.gui import Gui
from game.ui.play.widgets import ACCENT, DIM, PANEL_BG, PANEL_LINE, SMALL_PX, TEXT, TEXT_PX, Texts, wrap

PAD = 14
BUTTON_H = 38
BUTTON_GAP = 8
SCROLL_PX = 40
#: the strip at the top of the card, in the lessons' colour
STRIP: RGB = ACCENT


@dataclass(frozen=True)
class Para:
    """A paragraph of the card: its words, size, colour, the room above it and its indent."""

    text: str
    px: int = TEXT_PX
    colour: RGB = TEXT
    gap: int = 6
    indent: int = 0


@dataclass(frozen=True)
class CardButton:
    key: str
    label: str
    accent: bool = False


class LessonCard:
    """The card's words and buttons in a rect of the screen."""

    def __init__(self, texts: Texts, size: tuple[int, int]) -> None:
        self.texts = texts
        self.gui = Gui(size)
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.paras: tuple[Para, ...] = ()
        #: the wrapped lines: (text, px, colour, x offset, y from the top of the words)
        self.lines: list[tuple[str, int, RGB, int, int]] = []
        self.height = 0
        self.widgets: dict[str, Any] = {}
        self.pressed: list[str] = []
        self._built: tuple[Any, ...] | None = None
        self._laid: tuple[Any, ...] | None = None

    # ------------------------------------------------------------------ content
    def show(self, rect: pygame.Rect, paras: Sequence[Para], buttons: Sequence[CardButton],
             size: tuple[int, int]) -> None:
        """Lay out ``paras`` and build ``buttons`` in ``rect`` (only when something changed;
        new words scroll back to the top)."""
        paras = tuple(paras)
        laid = (tuple(rect), paras)
        if laid != self._laid:
            if paras != self.paras:
                self.scroll = 0
            self._laid = laid
            self.rect = pygame.Rect(rect)
            self.paras = paras
            self._wrap()
        built = (tuple(rect), tuple(buttons), language(), size)
        if built != self._built:
            self._built = built
            self._build(buttons, size)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def _wrap(self) -> None:
        width = self.rect.width - 2 * PAD
        y = 0
        self.lines = []
        for p in self.paras:
            y += p.gap
            for line in wrap(self.texts, p.text, max(40, width - p.indent), p.px):
                self.lines.append((line, p.px, p.colour, p.indent, y))
                y += self.texts.font(p.px).get_linesize()
        self.height = y + PAD

    def _build(self, buttons: Sequence[CardButton], size: tuple[int, int]) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self.gui.clear()
        self.gui.resize(size)
        self.widgets = {}
        x, w = self.rect.x + PAD, self.rect.width - 2 * PAD
        y = self.rect.bottom - PAD - len(buttons) * (BUTTON_H + BUTTON_GAP) + BUTTON_GAP
        for b in buttons:
            self.widgets[b.key] = UIButton(
                pygame.Rect(x, y, w, BUTTON_H), b.label, self.gui.manager,
                object_id=ObjectID("#accent" if b.accent else "#menu_button", "button"),
                command=self._command(b.key))
            y += BUTTON_H + BUTTON_GAP

    def _command(self, key: str) -> Any:
        def pressed() -> None:
            self.pressed.append(key)
        return pressed

    # ------------------------------------------------------------------ geometry
    @property
    def words_rect(self) -> pygame.Rect:
        """Where the words go: the card above its buttons, under its strip."""
        n = len(self.widgets)
        bottom = self.rect.bottom - (PAD + n * (BUTTON_H + BUTTON_GAP) if n else 0)
        top = self.rect.y + 6
        return pygame.Rect(self.rect.x, top, self.rect.width, max(0, bottom - top))

    @property
    def max_scroll(self) -> int:
        return max(0, self.height - self.words_rect.height)

    def button_rect(self, key: str) -> pygame.Rect | None:
        widget = self.widgets.get(key)
        return pygame.Rect(widget.rect) if widget is not None else None

    # ------------------------------------------------------------------ input
    def process(self, event: pygame.event.Event) -> bool:
        return bool(self.gui.process(event))

    def take(self) -> list[str]:
        out, self.pressed = self.pressed, []
        return out

    def wheel(self, notches: float) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll - round(notches * SCROLL_PX)))

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft)
        surface.fill(STRIP, pygame.Rect(rect.x, rect.y, rect.width, 4))
        area = self.words_rect
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip else area)
        for text, px, colour, indent, y in self.lines:
            top = area.y + y - self.scroll
            if top > area.bottom or top + px * 2 < area.y:
                continue
            surface.blit(self.texts.render(text, px, colour), (rect.x + PAD + indent, top))
        surface.set_clip(clip)
        if self.max_scroll:
            self._draw_scrollbar(surface, area)
        if self.scroll < self.max_scroll:  # the words go on below: say so
            more = self.texts.render(_("More below: turn the wheel"), SMALL_PX, DIM)
            box = pygame.Rect(rect.x, area.bottom - more.get_height() - 6, rect.width - 8,
                              more.get_height() + 6)
            surface.fill(PANEL_BG, box)
            pygame.draw.line(surface, PANEL_LINE, box.topleft, box.topright)
            surface.blit(more, (box.right - more.get_width() - 4, box.y + 3))
        self.gui.draw(surface)

    def _draw_scrollbar(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        track = pygame.Rect(area.right - 5, area.y + 2, 3, area.height - 4)
        pygame.draw.rect(surface, PANEL_LINE, track)
        share = area.height / max(1, self.height)
        h = max(16, round(track.height * share))
        y = track.y + round((track.height - h) * self.scroll / max(1, self.max_scroll))
        pygame.draw.rect(surface, STRIP, pygame.Rect(track.x, y, 3, h))

    def text(self) -> str:
        """Every word of the card, its buttons' captions too (for tests and checks)."""
        return "\n".join([p.text for p in self.paras]
                         + [w.text for w in self.widgets.values()])
