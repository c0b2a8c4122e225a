"""A card over the whole screen: a title, a few lines and a column of buttons. The game menu,
the end of the game, the help and the hot-seat handover are cards. ``handle_event`` returns
the key of the button chosen (or ``"close"``), else None."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.colours import RGB, ink_on
from game.ui.play.widgets import (
    ACCENT,
    BIG_PX,
    PANEL_BG,
    TEXT,
    TEXT_PX,
    Button,
    Texts,
    draw_button,
    wrap,
)

CARD_W = 520
BUTTON_H = 36
SHADE = (0, 0, 0, 170)


@dataclass(frozen=True)
class CardItem:
    key: str
    label: str
    enabled: bool = True
    hint: str = ""


class Card:
    def __init__(self, texts: Texts, title: str, lines: Sequence[str] = (),
                 items: Sequence[CardItem] = (), *, colour: RGB | None = None,
                 full: bool = False, close_on_any: bool = False, delay: float = 0.0) -> None:
        self.texts = texts
        self.title = title
        self.lines = list(lines)
        self.items = list(items)
        self.colour = colour
        self.full = full  #: fill the screen with the colour (the handover card)
        self.close_on_any = close_on_any
        self.delay = delay  #: seconds before input is taken (no accidental clicks)
        self.hot = 0
        self._buttons: list[Button] = []
        self._size: tuple[int, int] | None = None

    def _layout(self, size: tuple[int, int]) -> pygame.Rect:
        w = min(CARD_W, size[0] - 40)
        text_lines = sum(len(wrap(self.texts, line, w - 48, TEXT_PX)) for line in self.lines)
        h = 40 + 48 + text_lines * 24 + 16 + len(self.items) * (BUTTON_H + 8) + 20
        rect = pygame.Rect(0, 0, w, min(h, size[1] - 20))
        rect.center = (size[0] // 2, size[1] // 2)
        if self._size != size:
            self._size = size
            y = rect.bottom - 20 - len(self.items) * (BUTTON_H + 8) + 8
            self._buttons = []
            for item in self.items:
                self._buttons.append(Button(pygame.Rect(rect.x + 40, y, rect.width - 80, BUTTON_H),
                                            item.label, item.key, item.enabled, hint=item.hint))
                y += BUTTON_H + 8
        return rect

    def update(self, dt: float) -> None:
        self.delay = max(0.0, self.delay - dt)

    def handle_event(self, event: pygame.event.Event) -> str | None:
        if self.delay > 0:
            return None
        if event.type == pygame.KEYDOWN:
            if self.close_on_any and event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT,
                                                       pygame.K_LCTRL, pygame.K_RCTRL):
                return "close"
            if event.key == pygame.K_ESCAPE:
                return "close"
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self._buttons:
                d = -1 if event.key == pygame.K_UP else 1
                for _ in range(len(self._buttons)):
                    self.hot = (self.hot + d) % len(self._buttons)
                    if self._buttons[self.hot].enabled:
                        break
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._buttons:
                b = self._buttons[self.hot % len(self._buttons)]
                return b.key if b.enabled else None
        elif event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self._buttons):
                if b.hit(event.pos):
                    self.hot = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_on_any:
                return "close"
            for b in self._buttons:
                if b.hit(event.pos):
                    return b.key
        return None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        rect = self._layout(size)
        if self.full and self.colour is not None:
            surface.fill(self.colour)
            ink = ink_on(self.colour)
        else:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill(SHADE)
            surface.blit(shade, (0, 0))
            pygame.draw.rect(surface, PANEL_BG, rect, border_radius=10)
            pygame.draw.rect(surface, self.colour or ACCENT, rect, 3, border_radius=10)
            ink = TEXT
        t = self.texts
        y = rect.y + 28
        title = t.render(self.title, BIG_PX, self.colour if self.colour and not self.full else ink)
        surface.blit(title, (rect.centerx - title.get_width() // 2, y))
        y += title.get_height() + 18
        for line in self.lines:
            for part in wrap(t, line, rect.width - 48, TEXT_PX):
                pic = t.render(part, TEXT_PX, ink)
                surface.blit(pic, (rect.centerx - pic.get_width() // 2, y))
                y += 24
        for i, b in enumerate(self._buttons):
            draw_button(surface, t, b, hot=i == self.hot)
