"""Fonts by pixel height (pygame's bundled font, so every machine has it)."""

from __future__ import annotations

import pygame


class Fonts:
    """Fonts asked for by line height in pixels, made once each. Needs ``pygame.font.init()``."""

    def __init__(self) -> None:
        self._by_height: dict[int, pygame.font.Font] = {}

    def of_height(self, px: int) -> pygame.font.Font:
        """A font whose glyph height is at least ``px`` pixels."""
        px = max(6, int(px))
        font = self._by_height.get(px)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            size = max(6, int(px / 0.6875))  # pygame shrinks its default font by this factor
            font = pygame.font.Font(None, size)
            while font.get_height() < px:
                size += 1
                font = pygame.font.Font(None, size)
            self._by_height[px] = font
        return font
