"""A game's marks on the table (lit cells or spaces, pieces, names) kept as a picture of their
own: painted again only when what they show changes, else the picture made last is laid on the
table (the part with marks only)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame


def draw_kept_marks(view: Any, target: pygame.Surface, key: Hashable, state: Any,
                    paint: Callable[[Any, pygame.Surface], None]) -> None:
    """``paint(view, layer)`` into a layer the size of ``target`` when ``key`` or ``state``
    changed since the last frame (kept in ``view.marks``), then lay the layer's marks on it."""
    kept = view.marks
    if kept is None or kept[0] != key or kept[1] is not state:
        layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        paint(view, layer)
        kept = view.marks = (key, state, layer, layer.get_bounding_rect())
    target.blit(kept[2], kept[3], kept[3])
