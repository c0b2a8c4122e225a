"""A game's marks on the table (lit cells or spaces, pieces, names) kept as a picture of their
own: painted again only when what they show changes, else the picture made last is laid on the
table (the part with marks only).

Given the camera apart from the rest of the key, a camera that keeps changing frame after frame
in the window (a resize storm, a drag: ``table_cache.QUICK_WHILE_ZOOMING``) does not paint the
marks each frame: the last picture is moved and scaled to the new camera, and painted properly
on the first frame the camera rests (as the table's picture is)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.ui import table_cache
from game.ui.camera import Camera
from game.ui.labels import collecting_words


def draw_kept_marks(view: Any, target: pygame.Surface, key: Hashable, state: Any,
                    paint: Callable[[Any, pygame.Surface], None],
                    camera: Camera | None = None) -> None:
    """``paint(view, layer)`` into a layer the size of ``target`` when ``key``, ``camera`` or
    ``state`` changed since the last frame (kept in ``view.marks``), or the target's size did,
    then lay the layer's marks on it. While ``camera`` keeps changing (in the window: a drag, a
    resize storm) the last layer is moved and scaled instead (``key`` need not hold the size)."""
    kept = view.marks
    size = target.get_size()
    moving = camera is not None and camera != getattr(view, "marks_camera", None)
    view.marks_camera = camera
    if kept is not None and kept[0][0] == key and kept[1] is state:
        if kept[0][1] == camera and kept[0][2] == size:
            target.blit(kept[2], kept[3], kept[3])
            _note_words(view, target)
            return
        old = kept[0][1]
        if moving and table_cache.QUICK_WHILE_ZOOMING and isinstance(old, Camera) \
                and camera is not None:
            _moved(target, kept[2], kept[3], old, camera)
            return
    layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    with collecting_words() as words:
        paint(view, layer)
    view.marks = ((key, camera, size), state, layer, layer.get_bounding_rect())
    view.marks_words = tuple(words)
    target.blit(layer, view.marks[3], view.marks[3])
    _note_words(view, target)


def _note_words(view: Any, target: pygame.Surface) -> None:
    """The words of the kept marks noted where they now stand, for the glossary's tooltips
    (the notes of a frame are cleared before the next)."""
    spots = getattr(view, "spots", None)
    if spots is None:
        return
    ox, oy = target.get_abs_offset()
    for text, x, y, font in getattr(view, "marks_words", ()):
        spots.note(text, (round(ox + x), round(oy + y)), font=font)


def _moved(target: pygame.Surface, layer: pygame.Surface, part: pygame.Rect, old: Camera,
           new: Camera) -> None:
    """The marks of ``layer`` (painted for ``old``) where ``new`` shows them: a screen point
    s goes to s * k + (old.left - new.left) * new.zoom, k the ratio of the zooms."""
    if part.width <= 0 or part.height <= 0:
        return
    k = new.zoom / old.zoom
    x = part.x * k + (old.left - new.left) * new.zoom
    y = part.y * k + (old.top - new.top) * new.zoom
    size = (max(1, round(part.width * k)), max(1, round(part.height * k)))
    picture = layer.subsurface(part)
    if size != part.size:
        picture = pygame.transform.scale(picture, size)
    target.blit(picture, (round(x), round(y)))
