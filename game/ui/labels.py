"""Small text plates on the table that never cover one another (a label that would is left
out; zooming in makes room), and that are kept inside the picture they are drawn on."""

from __future__ import annotations

import pygame

from game.ui.colours import INK_LIGHT, LABEL_PLATE, RGB, RGBA


def plate(font: pygame.font.Font, text: str, ink: RGB = INK_LIGHT,
          backing: RGBA = LABEL_PLATE) -> pygame.Surface:
    rendered = font.render(text, True, ink)
    out = pygame.Surface((rendered.get_width() + 8, rendered.get_height() + 2), pygame.SRCALPHA)
    out.fill(backing)
    out.blit(rendered, (4, 1))
    return out


class LabelPlacer:
    def __init__(self, target: pygame.Surface, gap: int = 2) -> None:
        self._target = target
        self._bounds = target.get_rect()
        self._placed: list[pygame.Rect] = []
        self._gap = gap

    def place(self, picture: pygame.Surface, centre: tuple[float, float]) -> bool:
        """Blit ``picture`` centred at ``centre`` unless it would cover a placed label."""
        rect = picture.get_rect(center=(round(centre[0]), round(centre[1])))
        if not rect.colliderect(self._bounds):
            return False
        rect.clamp_ip(self._bounds)
        padded = rect.inflate(self._gap * 2, self._gap * 2)
        if padded.collidelist(self._placed) != -1:
            return False
        self._placed.append(rect)
        self._target.blit(picture, rect)
        return True
