"""The camera: table millimetres to screen pixels and back. Pure math, no pygame.

World coordinates are the Board's: millimetres, origin at the map's top-left, y down. Screen
coordinates are pixels inside the viewport (the window above the status bar), origin top-left.
A Camera is a frozen value; every move returns a new one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

#: Zoom limits when nothing better is known (screen px per mm).
ABSOLUTE_MIN_ZOOM = 0.01
ABSOLUTE_MAX_ZOOM = 200.0


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in world millimetres."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def contains(self, other: Rect) -> bool:
        return (self.left <= other.left and self.top <= other.top
                and self.right >= other.right and self.bottom >= other.bottom)

    def intersection(self, other: Rect) -> Rect | None:
        r = Rect(max(self.left, other.left), max(self.top, other.top),
                 min(self.right, other.right), min(self.bottom, other.bottom))
        return r if r.width > 0 and r.height > 0 else None

    def expanded(self, dx: float, dy: float) -> Rect:
        return Rect(self.left - dx, self.top - dy, self.right + dx, self.bottom + dy)


@dataclass(frozen=True)
class Camera:
    zoom: float  #: screen pixels per world millimetre
    left: float  #: world x at the viewport's left edge
    top: float  #: world y at the viewport's top edge
    viewport: tuple[int, int]  #: width and height in screen pixels
    min_zoom: float = ABSOLUTE_MIN_ZOOM
    max_zoom: float = ABSOLUTE_MAX_ZOOM

    def __post_init__(self) -> None:
        if not (math.isfinite(self.zoom) and self.zoom > 0):
            raise ValueError(f"zoom must be a positive number, not {self.zoom}")
        if not 0 < self.min_zoom <= self.max_zoom:
            raise ValueError(f"bad zoom range {self.min_zoom}..{self.max_zoom}")

    # ------------------------------------------------------------- conversions
    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.left) * self.zoom, (y - self.top) * self.zoom

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return self.left + sx / self.zoom, self.top + sy / self.zoom

    def visible_rect(self) -> Rect:
        w, h = self.viewport
        return Rect(self.left, self.top, self.left + w / self.zoom, self.top + h / self.zoom)

    # ------------------------------------------------------------- moves
    def clamp_zoom(self, zoom: float) -> float:
        return min(self.max_zoom, max(self.min_zoom, zoom))

    def zoomed_about(self, factor: float, sx: float, sy: float) -> Camera:
        """Zoom by ``factor`` keeping the world point under screen point (sx, sy) where it is."""
        return self.with_zoom_about(self.zoom * factor, sx, sy)

    def with_zoom_about(self, zoom: float, sx: float, sy: float) -> Camera:
        wx, wy = self.screen_to_world(sx, sy)
        z = self.clamp_zoom(zoom)
        return replace(self, zoom=z, left=wx - sx / z, top=wy - sy / z)

    def panned(self, dx_px: float, dy_px: float) -> Camera:
        """Drag the table by (dx, dy) screen pixels: the world moves with the pointer."""
        return replace(self, left=self.left - dx_px / self.zoom, top=self.top - dy_px / self.zoom)

    def resized(self, viewport: tuple[int, int]) -> Camera:
        """A new viewport size, keeping the top-left world point and the zoom."""
        return replace(self, viewport=(max(1, viewport[0]), max(1, viewport[1])))

    def with_limits(self, min_zoom: float, max_zoom: float) -> Camera:
        cam = replace(self, min_zoom=min_zoom, max_zoom=max_zoom)
        w, h = self.viewport
        return cam.with_zoom_about(cam.zoom, w / 2, h / 2)

    def centred_on(self, x: float, y: float) -> Camera:
        """The same zoom, with the world point ``(x, y)`` at the centre of the view."""
        w, h = self.viewport
        return replace(self, left=x - w / 2 / self.zoom, top=y - h / 2 / self.zoom)

    def fitted(self, world: Rect, margin: float = 0.03) -> Camera:
        """Zoom and centre so the whole of ``world`` shows, with ``margin`` of the view spare."""
        z = self.clamp_zoom(fit_zoom(world, self.viewport, margin))
        w, h = self.viewport
        cx = (world.left + world.right) / 2
        cy = (world.top + world.bottom) / 2
        return replace(self, zoom=z, left=cx - w / 2 / z, top=cy - h / 2 / z)

    def clamped(self, world: Rect, keep_px: float = 64.0) -> Camera:
        """Pan back so at least ``keep_px`` of ``world`` (or all of it, if smaller) stays in view."""
        w, h = self.viewport
        keep_x = min(keep_px, world.width * self.zoom, w) / self.zoom
        keep_y = min(keep_px, world.height * self.zoom, h) / self.zoom
        view_w, view_h = w / self.zoom, h / self.zoom
        left = min(max(self.left, world.left + keep_x - view_w), world.right - keep_x)
        top = min(max(self.top, world.top + keep_y - view_h), world.bottom - keep_y)
        if left == self.left and top == self.top:
            return self
        return replace(self, left=left, top=top)


def fit_zoom(world: Rect, viewport: tuple[int, int], margin: float = 0.03) -> float:
    """The zoom at which ``world`` just fits the viewport, less ``margin`` on each side."""
    w, h = viewport
    usable = max(1e-9, 1.0 - 2 * margin)
    return min(w * usable / max(world.width, 1e-9), h * usable / max(world.height, 1e-9))


def zoom_limits(world: Rect, viewport: tuple[int, int]) -> tuple[float, float]:
    """A sane zoom range for a table: from a quarter of 'fit' to close enough to read a base."""
    fit = fit_zoom(world, viewport)
    low = max(ABSOLUTE_MIN_ZOOM, fit / 4)
    high = min(ABSOLUTE_MAX_ZOOM, max(fit * 4, 12.0))
    return min(low, high), high
