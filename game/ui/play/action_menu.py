"""The action menu that opens on the table: what the touched object allows, grouped by object,
next to the point of contact (or a right-clicked figure). Mouse or arrow keys and Enter; Esc or
a click outside closes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.play.choices import Choice, Group
from game.ui.play.widgets import ACCENT, BUTTON_HOT, DIM, PANEL_BG, SMALL_PX, TEXT, TEXT_PX, Texts

ITEM_H = 28
HEAD_H = 24
PAD = 8


@dataclass(frozen=True)
class MenuResult:
    """What the menu did with an event: chose something, closed, or just used the event."""

    choice: Choice | None = None
    closed: bool = False


class ActionMenu:
    def __init__(self, texts: Texts, groups: Sequence[Group], anchor: tuple[int, int],
                 bounds: pygame.Rect, title: str = "") -> None:
        self.texts = texts
        self.title = title
        self.rows: list[tuple[str, Choice | None]] = []  # (text, choice or None for a header)
        if title:
            self.rows.append((title, None))
        for group in groups:
            self.rows.append((group.title, None))
            self.rows += [(c.label, c) for c in group.choices]
        width = max([texts.width(text, TEXT_PX) for text, c in self.rows if c is not None]
                    + [texts.width(text, SMALL_PX) for text, c in self.rows if c is None] + [120])
        height = sum(ITEM_H if c is not None else HEAD_H for _, c in self.rows) + 2 * PAD
        self.rect = pygame.Rect(0, 0, min(width + 48, bounds.width), min(height, bounds.height))
        self.rect.topleft = (anchor[0] + 14, anchor[1] - 10)
        self.rect.clamp_ip(bounds)
        self.hot = next((i for i, (_, c) in enumerate(self.rows) if c is not None), -1)

    @property
    def choices(self) -> list[Choice]:
        return [c for _, c in self.rows if c is not None]

    def _row_rects(self) -> list[pygame.Rect]:
        out, y = [], self.rect.y + PAD
        for _, c in self.rows:
            h = ITEM_H if c is not None else HEAD_H
            out.append(pygame.Rect(self.rect.x + 4, y, self.rect.width - 8, h))
            y += h
        return out

    def _row_at(self, pos: tuple[int, int]) -> int:
        for i, r in enumerate(self._row_rects()):
            if r.collidepoint(pos) and self.rows[i][1] is not None:
                return i
        return -1

    def hot_choice(self) -> Choice | None:
        return self.rows[self.hot][1] if 0 <= self.hot < len(self.rows) else None

    def handle_event(self, event: pygame.event.Event) -> MenuResult | None:
        """A result when the event was the menu's; None lets the view have it."""
        if event.type == pygame.MOUSEMOTION:
            i = self._row_at(event.pos)
            if i >= 0:
                self.hot = i
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.rect.collidepoint(event.pos):
                return MenuResult(closed=True)
            if event.button == 1:
                i = self._row_at(event.pos)
                if i >= 0:
                    return MenuResult(choice=self.rows[i][1], closed=True)
            return MenuResult()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return MenuResult(closed=True)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return MenuResult(choice=self.hot_choice(), closed=True)
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self._step(-1 if event.key == pygame.K_UP else 1)
                return MenuResult()
        return None

    def _step(self, d: int) -> None:
        n = len(self.rows)
        i = self.hot
        for _ in range(n):
            i = (i + d) % n
            if self.rows[i][1] is not None:
                self.hot = i
                return

    def draw(self, surface: pygame.Surface) -> None:
        shadow = self.rect.move(4, 5)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=6)
        pygame.draw.rect(surface, PANEL_BG, self.rect, border_radius=6)
        pygame.draw.rect(surface, ACCENT, self.rect, 2, border_radius=6)
        t = self.texts
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for i, ((text, choice), r) in enumerate(zip(self.rows, self._row_rects(), strict=True)):
            if choice is None:
                pic = t.render(text, SMALL_PX, DIM)
                surface.blit(pic, (r.x + 6, r.bottom - pic.get_height() - 2))
                continue
            if i == self.hot:
                pygame.draw.rect(surface, BUTTON_HOT, r, border_radius=4)
            pic = t.render(text, TEXT_PX, TEXT)
            surface.blit(pic, (r.x + 14, r.centery - pic.get_height() // 2))
        surface.set_clip(clip)


def take_menu_event(view: Any, event: pygame.event.Event) -> MenuResult | None:
    """``view``'s open action menu (``view.menu``) takes ``event``: a closed menu goes, a chosen
    action is done (``view.choose``); the result, or None when the menu did not use the event."""
    assert view.menu is not None
    result = view.menu.handle_event(event)
    if result is not None:
        if result.closed:
            view.menu = None
        if result.choice is not None:
            view.choose(result.choice)
    return result
