"""The action bar under the table: the actions allowed right now as buttons, grouped by the
object they use, numbered 1-9 for the keyboard. When nothing can be chosen it shows a hint."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.ui.play.actions import Choice, Group
from game.ui.play.widgets import (
    DIM,
    PANEL_BG,
    PANEL_LINE,
    SMALL_PX,
    TEXT_PX,
    Button,
    Texts,
    button_width,
    draw_button,
)

ROW_H = 30
GAP = 6
MAX_LABEL_W = 300


class ActionBar:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.buttons: list[Button] = []
        self.captions: list[tuple[str, tuple[int, int]]] = []
        self.choices: list[Choice] = []
        self.hidden = 0  #: choices that did not fit (they are in the right-click menu)
        self.hint = ""
        self._key: tuple | None = None

    def set(self, rect: pygame.Rect, groups: Sequence[Group], hint: str = "") -> None:
        """Lay out the buttons (only when the groups, the hint or the rect change)."""
        key = (tuple(groups), hint, tuple(rect))
        if key == self._key:
            return
        self._key = key
        self.hint = hint
        self.buttons, self.captions, self.choices, self.hidden = [], [], [], 0
        t = self.texts
        x, y = rect.x + 10, rect.y + GAP
        rows = max(1, (rect.height - GAP) // (ROW_H + GAP))
        row = 0
        for group in groups:
            caption = f"{group.title}:"
            cw = t.width(caption, SMALL_PX) + 8
            first = True
            for choice in group.choices:
                n = len(self.choices) + 1
                hint_key = str(n) if n <= 9 else ""
                bw = min(MAX_LABEL_W, button_width(t, choice.label, hint_key))
                need = bw + (cw if first else 0)
                if x + need > rect.right - 8 and x > rect.x + 10:
                    row += 1
                    x, y = rect.x + 10, y + ROW_H + GAP
                if row >= rows:
                    self.hidden += 1
                    continue
                if first:
                    self.captions.append((caption, (x, y + (ROW_H - 18) // 2)))
                    x += cw
                    first = False
                self.buttons.append(Button(pygame.Rect(x, y, bw, ROW_H), choice.label,
                                           str(len(self.choices)), hint=hint_key))
                self.choices.append(choice)
                x += bw + GAP
            x += 10

    def choice_at(self, pos: tuple[int, int]) -> Choice | None:
        for button in self.buttons:
            if button.hit(pos):
                return self.choices[int(button.key)]
        return None

    def by_number(self, n: int) -> Choice | None:
        return self.choices[n - 1] if 1 <= n <= len(self.choices) else None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, hot: Choice | None) -> None:
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.topright)
        t = self.texts
        if not self.buttons:
            text = t.render(self.hint, TEXT_PX, DIM)
            surface.blit(text, (rect.x + 12, rect.y + (rect.height - text.get_height()) // 2))
            return
        for caption, pos in self.captions:
            surface.blit(t.render(caption, SMALL_PX, DIM), pos)
        for button, choice in zip(self.buttons, self.choices, strict=True):
            draw_button(surface, t, button, hot=choice == hot)
        if self.hidden:
            more = t.render(_("+{n} more: right-click the figure").format(n=self.hidden),
                            SMALL_PX, DIM)
            surface.blit(more, (rect.right - more.get_width() - 10, rect.bottom - more.get_height() - 2))
