"""Object shapes from TMX XML to Shapely geometry in pixels, rotation applied.

Tiled rotates every object clockwise (on screen, y down) about its (x, y) anchor: the top-left
corner for rectangles, ellipses and text, the bottom-left corner for tile objects.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

#: Vertices of the polygon that stands for an ellipse.
ELLIPSE_VERTICES = 64


def rotate_points(points: np.ndarray, x: float, y: float, rotation: float) -> np.ndarray:
    """Local points (relative to the anchor) to map points, rotated clockwise by degrees."""
    if rotation:
        a = math.radians(rotation)
        c, s = math.cos(a), math.sin(a)
        rot = np.array([[c, -s], [s, c]])
        points = points @ rot.T
    return points + np.array([x, y])


def rectangle(x: float, y: float, w: float, h: float, rotation: float) -> Polygon:
    local = np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])
    return Polygon(rotate_points(local, x, y, rotation))


def ellipse(x: float, y: float, w: float, h: float, rotation: float) -> Polygon:
    t = np.linspace(0.0, 2.0 * math.pi, ELLIPSE_VERTICES, endpoint=False)
    local = np.column_stack([w / 2 + w / 2 * np.cos(t), h / 2 + h / 2 * np.sin(t)])
    return Polygon(rotate_points(local, x, y, rotation))


def capsule(x: float, y: float, w: float, h: float, rotation: float) -> Polygon:
    """Tiled 1.12's capsule: the w x h box with its short sides made half circles (a stadium,
    round along its long axis; a circle when w == h)."""
    r = min(w, h) / 2.0
    if w >= h:
        ends = np.array([[r, h / 2.0], [w - r, h / 2.0]])
    else:
        ends = np.array([[w / 2.0, r], [w / 2.0, h - r]])
    half = ELLIPSE_VERTICES // 2
    outline = []
    for k, (cx, cy) in enumerate(ends):  # each end's half circle, facing away from the other
        along = math.atan2(*(ends[1] - ends[0])[::-1]) if w != h else 0.0
        start = along + (math.pi / 2 if k == 0 else -math.pi / 2)
        t = start + np.linspace(0.0, math.pi, half + 1)
        outline.append(np.column_stack([cx + r * np.cos(t), cy + r * np.sin(t)]))
    local = np.vstack(outline)
    return Polygon(rotate_points(local, x, y, rotation))


def parse_points(text: str) -> np.ndarray:
    """Tiled's ``points="0,0 10,5 ..."`` as an (n, 2) array; ValueError when malformed."""
    pairs = []
    for item in text.split():
        xs, _, ys = item.partition(",")
        pairs.append((float(xs), float(ys)))
    arr = np.array(pairs, dtype=float).reshape(-1, 2)
    if not np.isfinite(arr).all():
        raise ValueError("a point is not a finite number")
    return arr


def polygon(x: float, y: float, points: np.ndarray, rotation: float) -> Polygon:
    return Polygon(rotate_points(points, x, y, rotation))


def polyline(x: float, y: float, points: np.ndarray, rotation: float) -> LineString:
    return LineString(rotate_points(points, x, y, rotation))


def point(x: float, y: float) -> Point:
    return Point(x, y)


def scale(geom: BaseGeometry, factor: float) -> BaseGeometry:
    return shapely.transform(geom, lambda c: c * factor)


def wall(line: LineString, thickness: float) -> BaseGeometry:
    """A wall drawn as a polyline: a band of the given thickness, square-ended, mitred corners."""
    return line.buffer(thickness / 2.0, cap_style="flat", join_style="mitre", mitre_limit=4.0)


def tile_collision(
    shapes_local: Sequence[BaseGeometry],
    tile_size: tuple[float, float],
    obj: tuple[float, float, float, float, float],
    flip_h: bool,
    flip_v: bool,
) -> list[BaseGeometry]:
    """Collision shapes of a tile (tile pixels, origin top-left) placed as a tile object.

    ``obj`` is (x, y, w, h, rotation) of the tile object, whose anchor is its bottom-left corner.
    """
    tw, th = tile_size
    x, y, w, h, rotation = obj
    sx = w / tw if tw else 1.0
    sy = h / th if th else 1.0

    def place(coords: np.ndarray) -> np.ndarray:
        u = coords[:, 0].copy()
        v = coords[:, 1].copy()
        if flip_h:
            u = tw - u
        if flip_v:
            v = th - v
        local = np.column_stack([u * sx, v * sy - h])
        return rotate_points(local, x, y, rotation)

    return [shapely.transform(g, place) for g in shapes_local]
