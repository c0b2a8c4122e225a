"""Small text plates on the table, drawn where ``label_layout`` puts them: never over one another
or over what the caller keeps clear (the bases), never outside the picture they are drawn on; a
plate moved away from its anchor is tied back to it by a thin leader line."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from game.ui.colours import INK_LIGHT, LABEL_PLATE, RGB, RGBA
from game.ui.label_layout import Box, Label, layout

#: the leader line from a moved label back to what it names
LEADER: RGBA = (0xF4, 0xF4, 0xF0, 170)


def plate(font: pygame.font.Font, text: str, ink: RGB = INK_LIGHT,
          backing: RGBA = LABEL_PLATE) -> pygame.Surface:
    rendered = font.render(text, True, ink)
    out = pygame.Surface((rendered.get_width() + 8, rendered.get_height() + 2), pygame.SRCALPHA)
    out.fill(backing)
    out.blit(rendered, (4, 1))
    return out


class LabelPlacer:
    """Collects the labels of one picture (``add``), then draws them all at once (``draw``):
    the higher ``priority`` first; a label with no room is left out (zooming in makes room)."""

    def __init__(self, target: pygame.Surface, gap: int = 2, obstacles: Sequence[Box] = (),
                 bounds: pygame.Rect | None = None) -> None:
        self._target = target
        self._bounds = bounds if bounds is not None else target.get_rect()
        self._gap = gap
        self._obstacles = list(obstacles)
        self._labels: list[Label] = []
        self._pictures: dict[Hashable, tuple[pygame.Surface, pygame.Surface | None]] = {}

    def add(self, picture: pygame.Surface, anchor: tuple[float, float], *, clearance: float = 0.0,
            priority: int = 0, short: pygame.Surface | None = None) -> None:
        """A label for ``anchor``: centred on it when ``clearance`` is 0, else around the circle of
        that radius; ``short`` is its shortened form for when the full one finds no room."""
        key = len(self._labels)
        self._pictures[key] = (picture, short)
        self._labels.append(Label(key, (anchor[0], anchor[1]), picture.get_size(), clearance, priority,
                                  None if short is None else short.get_size()))

    def keep_clear(self, box: Box) -> None:
        self._obstacles.append(box)

    def draw(self) -> int:
        """Draw the labels that found a place; how many did."""
        bounds = self._bounds
        placed = layout(self._labels, (bounds.x, bounds.y, bounds.w, bounds.h), self._obstacles, self._gap)
        for p in placed:
            full, short = self._pictures[p.key]
            picture = short if p.short and short is not None else full
            if p.leader is not None:
                (x0, y0), (x1, y1) = p.leader
                pygame.draw.aaline(self._target, LEADER, (x0, y0), (x1, y1))
            self._target.blit(picture, (round(p.box[0]), round(p.box[1])))
        return len(placed)
