"""Where the lesson points: a ring on the piece to drag from, an arrow to where it goes and a
ring there; or a frame around the button to click. Pulsing gently, in the lessons' colour with
a dark edge so that it reads on any table."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.colours import RGB
from game.ui.play.widgets import ACCENT

MARK: RGB = ACCENT
EDGE: RGB = (0x10, 0x10, 0x14)
#: seconds for one pulse
PULSE_S = 1.2


@dataclass(frozen=True)
class Mark:
    """What the lesson points at now, on the screen: a drag from ``start`` to ``end`` (the
    pieces' reach in pixels around each), a click in ``rect`` (a button) or on the thing at
    ``start`` (``start_px`` around it)."""

    kind: str  #: "drag", "click" (a button: ``rect``) or "spot" (a thing on the table)
    start: tuple[int, int]
    end: tuple[int, int] | None = None
    start_px: float = 12.0
    end_px: float = 12.0
    rect: pygame.Rect | None = None

    @property
    def target(self) -> tuple[int, int]:
        """Where to let go (a drag) or to click."""
        if self.kind == "click" and self.rect is not None:
            return self.rect.center
        return self.end or self.start


def pulse(clock: float) -> float:
    """0..1..0 over ``PULSE_S`` seconds."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (clock % PULSE_S) / PULSE_S)


def _ring(surface: pygame.Surface, centre: tuple[int, int], radius: float, width: int) -> None:
    r = max(6, round(radius))
    pygame.draw.circle(surface, EDGE, centre, r + width, width + 2)
    pygame.draw.circle(surface, MARK, centre, r + width - 1, width)


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
           clock: float) -> None:
    """A dashed arrow from ``a`` to ``b``; the dashes run towards ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 8:
        return
    ux, uy = dx / length, dy / length
    dash, gap = 14.0, 8.0
    offset = (clock * 30.0) % (dash + gap)
    s = -dash + offset
    while s < length - 14:
        p0 = max(0.0, s)
        p1 = min(length - 14, s + dash)
        if p1 > p0:
            start = (a[0] + ux * p0, a[1] + uy * p0)
            stop = (a[0] + ux * p1, a[1] + uy * p1)
            pygame.draw.line(surface, EDGE, start, stop, 7)
            pygame.draw.line(surface, MARK, start, stop, 4)
        s += dash + gap
    tip = b
    left = (b[0] - ux * 18 - uy * 9, b[1] - uy * 18 + ux * 9)
    right = (b[0] - ux * 18 + uy * 9, b[1] - uy * 18 - ux * 9)
    pygame.draw.polygon(surface, EDGE, [tip, left, right])
    inner = [(tip[0] - ux * 3, tip[1] - uy * 3), (left[0] + ux, left[1] + uy),
             (right[0] + ux, right[1] + uy)]
    pygame.draw.polygon(surface, MARK, inner)


def draw_mark(surface: pygame.Surface, mark: Mark, clock: float,
              clip: pygame.Rect | None = None) -> None:
    """``mark`` on ``surface`` (clipped to ``clip``: a drag stays on the table)."""
    old = surface.get_clip()
    if clip is not None:
        surface.set_clip(clip)
    grow = pulse(clock)
    if mark.kind == "click" and mark.rect is not None:
        box = mark.rect.inflate(8 + round(6 * grow), 8 + round(6 * grow))
        pygame.draw.rect(surface, EDGE, box.inflate(4, 4), 3, border_radius=8)
        pygame.draw.rect(surface, MARK, box, 3, border_radius=7)
    elif mark.kind == "spot":
        _ring(surface, mark.start, mark.start_px * 0.8 + 4 * grow, 3)
    elif mark.kind == "drag":
        _ring(surface, mark.start, mark.start_px + 3 + 4 * grow, 3)
        if mark.end is not None:
            ax, ay = mark.start
            bx, by = mark.end
            d = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / d, (by - ay) / d
            a = (ax + ux * (mark.start_px + 8), ay + uy * (mark.start_px + 8))
            b = (bx - ux * (mark.end_px + 6), by - uy * (mark.end_px + 6))
            _arrow(surface, a, b, clock)
            _ring(surface, mark.end, mark.end_px + 2, 2)
    surface.set_clip(old)
