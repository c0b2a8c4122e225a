"""The side panel: tabs for the Log, the Odds of the pending roll and the Figure card."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.play.widgets import ACCENT, DIM, PANEL_BG, PANEL_LINE, TEXT, TEXT_PX, Texts

#: the tabs' ids, which are also their English names (translated where drawn)
TABS = (N_("Log"), N_("Odds"), N_("Figure"))
TAB_H = 36


class SidePanel:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.tab = TABS[0]

    @staticmethod
    def tab_rects(rect: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        w = rect.width // len(TABS)
        return [(name, pygame.Rect(rect.x + i * w, rect.y, w, TAB_H)) for i, name in enumerate(TABS)]

    @staticmethod
    def body(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x, rect.y + TAB_H, rect.width, max(1, rect.height - TAB_H))

    def click(self, rect: pygame.Rect, pos: tuple[int, int]) -> bool:
        for name, r in self.tab_rects(rect):
            if r.collidepoint(pos):
                self.tab = name
                return True
        return False

    def draw_frame(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft)
        for name, r in self.tab_rects(rect):
            on = name == self.tab
            label = self.texts.render(_(name), TEXT_PX, TEXT if on else DIM)
            surface.blit(label, label.get_rect(center=r.center))
            pygame.draw.line(surface, ACCENT if on else PANEL_LINE, (r.x + 6, r.bottom - 2),
                             (r.right - 6, r.bottom - 2), 3 if on else 1)
