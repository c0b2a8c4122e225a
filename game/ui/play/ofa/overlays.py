"""Pictures drawn over the table while the player decides: the dragged move (its band as wide
as the base, the ghost base at the end, the point of contact and the name of what is touched),
what stopped a move outlined in its own shape (``ContactMark``), and the targets of an action
(the base-width reach around each chosen target, OFA-MG.6). Words go to the table's one label
placement (``LabelPlacer``), never drawn where a base or another label is.

Each picture is made once for a (camera, preview) pair and blitted on the following frames.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from game.geometry.terrain import TerrainIndex
from game.i18n import _
from game.rules.one_for_all.state import OFAState
from game.ui.camera import Camera
from game.ui.colours import BASE_RIM, INK_LIGHT, RGB
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, plate
from game.ui.play.ofa.move_preview import MovePreview
from game.ui.play.ofa.names import EDGE_NAMES, Names
from game.ui.play.widgets import ACCENT, DANGER, SMALL_PX, Texts

BAND_ALPHA = 80
REACH_ALPHA = 46
#: the radius of the mark at the point of contact (px)
CONTACT_MARK_PX = 9
#: the width of the outline of what stopped a move (px)
OUTLINE_PX = 3
#: the label of the move being dragged is placed before every name
PREVIEW_PRIORITY = 100
#: the edges of the table as the rules name them (what a move may run into)
EDGES = frozenset(EDGE_NAMES)


def _ring(camera: Camera, coords: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [camera.world_to_screen(x, y) for x, y in coords]


class MoveOverlay:
    """The preview of a dragged move; its words go to the table's label placement."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: tuple[Camera, MovePreview, str] | None = None
        self._pictures: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._label: tuple[pygame.Surface, pygame.Surface | None] | None = None

    def draw(self, surface: pygame.Surface, camera: Camera, preview: MovePreview,
             colour: RGB, names: Names, placer: LabelPlacer) -> None:
        """The band, the ghost base and the mark of contact; the label (how far, what is
        touched) to ``placer``, beside the mark, the ghost base kept clear of every label."""
        key = (camera, preview, names.of(preview.touched))
        if key != self._key:
            self._key = key
            self._pictures = self._make(camera, preview, colour, surface.get_size())
            self._label = self._words(preview, names)
        surface.blits(self._pictures, doreturn=False)
        result = preview.result
        r_px = max(3, round(result.radius * camera.zoom))
        placer.keep_clear(circle_box(camera.world_to_screen(result.x, result.y), r_px + 2))
        at = result.point if result.point is not None else (result.x, result.y)
        anchor = camera.world_to_screen(*at)
        if result.point is not None:
            placer.keep_clear(circle_box(anchor, CONTACT_MARK_PX))
        if self._label is not None:
            full, short = self._label
            clearance = CONTACT_MARK_PX if result.point is not None else r_px + 2
            placer.add(full, anchor, clearance=clearance, priority=PREVIEW_PRIORITY, short=short)

    def _make(self, camera: Camera, preview: MovePreview, colour: RGB,
              size: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        result = preview.result
        band = result.path
        pts = _ring(camera, list(getattr(band, "exterior", band).coords))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        r_px = max(3, round(result.radius * camera.zoom))
        left = max(-r_px - 8, math.floor(min(xs)) - r_px - 8)
        top = max(-r_px - 8, math.floor(min(ys)) - r_px - 8)
        right = min(size[0] + r_px + 8, math.ceil(max(xs)) + r_px + 8)
        bottom = min(size[1] + r_px + 8, math.ceil(max(ys)) + r_px + 8)
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if right > left and bottom > top:
            pic = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
            local = [(x - left, y - top) for x, y in pts]
            pygame.draw.polygon(pic, (*colour, BAND_ALPHA), local)
            pygame.draw.polygon(pic, (*colour, 230), local, 2)
            sx, sy = camera.world_to_screen(*result.start)
            ex, ey = camera.world_to_screen(result.x, result.y)
            pygame.draw.line(pic, (*INK_LIGHT, 200), (sx - left, sy - top), (ex - left, ey - top), 1)
            pygame.draw.circle(pic, (*colour, 110), (ex - left, ey - top), r_px)
            pygame.draw.circle(pic, (*INK_LIGHT, 240), (ex - left, ey - top), r_px, 2)
            if result.point is not None:
                px, py = camera.world_to_screen(*result.point)
                px, py = px - left, py - top
                pygame.draw.circle(pic, BASE_RIM, (px, py), 8)
                pygame.draw.circle(pic, ACCENT, (px, py), 6)
                pygame.draw.line(pic, BASE_RIM, (px - 4, py - 4), (px + 4, py + 4), 2)
                pygame.draw.line(pic, BASE_RIM, (px - 4, py + 4), (px + 4, py - 4), 2)
            out.append((pic, (left, top)))
        return out

    def _words(self, preview: MovePreview, names: Names
               ) -> tuple[pygame.Surface, pygame.Surface | None]:
        """The label at full length, and short (what is touched, without the distance)."""
        result = preview.result
        distance = _("{length:.0f} mm").format(length=result.distance)
        name = names.of(preview.touched)
        short: str | None = name
        if preview.free_move:
            text = _("{distance}, open space: a Free Move ends the activation").format(
                distance=distance)
            short = _("{distance}, Free Move").format(distance=distance)
            ink = INK_LIGHT
        elif result.blocked:
            text = _("already against {name}: no move").format(name=name)
            ink = DANGER
        else:
            text = _("{distance}, touches {name}").format(distance=distance, name=name)
            ink = ACCENT
        font = self.texts.font(SMALL_PX)
        return plate(font, text, ink), plate(font, short, ink) if short else None


class ContactMark:
    """What stopped a move, outlined on the table in its own shape: the terrain piece (or the
    raised surface whose edge it was), the figure, or the edge of the table. The outline is
    made once for a (camera, state, piece) and blitted on the following frames."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._picture: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._anchor: tuple[float, float] | None = None
        #: the screen box of the outline drawn last (None when nothing was drawn)
        self.box: tuple[float, float, float, float] | None = None

    def draw(self, surface: pygame.Surface, camera: Camera, state: OFAState,
             index: TerrainIndex, bounds: tuple[float, float, float, float] | None,
             ident: str, near: tuple[float, float], ink: RGB = ACCENT) -> tuple[float, float] | None:
        """Outline ``ident``; returns the screen point of its outline nearest to the table point
        ``near`` (the figure it stopped: where its name may stand), or None when it has no
        shape on this table."""
        key = (camera, id(state), id(index), ident, near, ink, surface.get_size())
        if key != self._key:
            self._key = key
            shape = contact_shape(state, index, bounds, ident)
            self._picture = None if shape is None else _outline_picture(camera, shape, ink,
                                                                        surface.get_size())
            self._anchor = None
            if shape is not None and self._picture is not None:
                edge = shape if shape.geom_type == "LineString" else shape.boundary
                point = nearest_points(edge, Point(near))[0]
                self._anchor = camera.world_to_screen(point.x, point.y)
        if self._picture is None:
            self.box = None
            return None
        surface.blit(*self._picture)
        pic, (left, top) = self._picture
        self.box = (left, top, pic.get_width(), pic.get_height())
        return self._anchor


def contact_shape(state: OFAState, index: TerrainIndex,
                  bounds: tuple[float, float, float, float] | None, ident: str) -> BaseGeometry | None:
    """The shape on the table of what a move touched: a standing figure's base, a terrain
    piece's footprint (a fallen figure lies as one), or an edge of the table (``bounds``)."""
    if state.has_figure(ident) and state.figure(ident).conscious:
        f = state.figure(ident)
        return Point(f.x, f.y).buffer(f.radius)
    try:
        return index.solids[index.index_of(ident)].footprint
    except KeyError:
        pass
    if bounds is not None and ident in EDGES:
        x0, y0, x1, y1 = bounds
        corners = {"x_min": ((x0, y0), (x0, y1)), "x_max": ((x1, y0), (x1, y1)),
                   "y_min": ((x0, y0), (x1, y0)), "y_max": ((x0, y1), (x1, y1))}
        return LineString(corners[ident])
    return None


def _outline_picture(camera: Camera, shape: BaseGeometry, ink: RGB, size: tuple[int, int]
                     ) -> tuple[pygame.Surface, tuple[int, int]] | None:
    lines: list[tuple[list[tuple[float, float]], bool]] = []
    for part in getattr(shape, "geoms", [shape]):
        exterior = getattr(part, "exterior", None)
        if exterior is not None:
            lines.append((_ring(camera, list(exterior.coords)), True))
        elif len(part.coords) >= 2:
            lines.append((_ring(camera, list(part.coords)), False))
    if not lines:
        return None
    xs = [p[0] for pts, _closed in lines for p in pts]
    ys = [p[1] for pts, _closed in lines for p in pts]
    pad = OUTLINE_PX + 2
    left = max(-pad, math.floor(min(xs)) - pad)
    top = max(-pad, math.floor(min(ys)) - pad)
    right = min(size[0] + pad, math.ceil(max(xs)) + pad)
    bottom = min(size[1] + pad, math.ceil(max(ys)) + pad)
    if right <= left or bottom <= top:
        return None
    pic = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
    for pts, closed in lines:
        local = [(x - left, y - top) for x, y in pts]
        if len(local) >= 2:
            pygame.draw.lines(pic, BASE_RIM, closed, local, OUTLINE_PX + 2)
            pygame.draw.lines(pic, ink, closed, local, OUTLINE_PX)
    return pic, (left, top)


class TargetOverlay:
    """The chain of an action's targets: each chosen target's base-width reach (OFA-MG.6), the
    links between them, candidates ringed in gold (click to add), chosen ones in red."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._picture: tuple[pygame.Surface, tuple[int, int]] | None = None

    def draw(self, surface: pygame.Surface, camera: Camera, state: OFAState, first: str,
             chosen: Sequence[str], candidates: Sequence[str]) -> None:
        key = (camera, id(state), first, tuple(chosen), tuple(candidates), surface.get_size())
        if key != self._key:
            self._key = key
            self._picture = _targets_picture(camera, state, first, chosen, candidates,
                                             surface.get_size())
        if self._picture is not None:
            surface.blit(*self._picture)


def _targets_picture(camera: Camera, state: OFAState, first: str, chosen: Sequence[str],
                     candidates: Sequence[str], size: tuple[int, int]
                     ) -> tuple[pygame.Surface, tuple[int, int]] | None:
    chain = [t for t in (first, *chosen) if state.has_figure(t)]
    if not chain:
        return None
    pic = pygame.Surface(size, pygame.SRCALPHA)
    for ident in chain:
        f = state.figure(ident)
        cx, cy = camera.world_to_screen(f.x, f.y)
        pygame.draw.circle(pic, (*ACCENT, REACH_ALPHA), (cx, cy), 3 * f.radius * camera.zoom)
        pygame.draw.circle(pic, (*ACCENT, 150), (cx, cy), 3 * f.radius * camera.zoom, 1)
    for a, b in zip(chain, chain[1:], strict=False):
        fa, fb = state.figure(a), state.figure(b)
        pygame.draw.line(pic, DANGER, camera.world_to_screen(fa.x, fa.y),
                         camera.world_to_screen(fb.x, fb.y), 3)
    for ident in candidates:
        if ident in chain or not state.has_figure(ident):
            continue
        f = state.figure(ident)
        pygame.draw.circle(pic, ACCENT, camera.world_to_screen(f.x, f.y),
                           f.radius * camera.zoom + 6, 2)
    for ident in chain:
        f = state.figure(ident)
        pygame.draw.circle(pic, DANGER, camera.world_to_screen(f.x, f.y),
                           f.radius * camera.zoom + 6, 3)
    return pic, (0, 0)
