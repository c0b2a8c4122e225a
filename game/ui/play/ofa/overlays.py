"""Pictures drawn over the table while the player decides: the dragged move (its band as wide
as the base, the ghost base at the end, the point of contact and the name of what is touched)
and the targets of an action (the base-width reach around each chosen target, OFA-MG.6).

Each picture is made once for a (camera, preview) pair and blitted on the following frames.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.i18n import _
from game.rules.one_for_all.state import OFAState
from game.ui.camera import Camera
from game.ui.colours import BASE_RIM, INK_LIGHT, RGB
from game.ui.labels import plate
from game.ui.play.ofa.move_preview import MovePreview
from game.ui.play.ofa.names import Names
from game.ui.play.widgets import ACCENT, DANGER, SMALL_PX, Texts

BAND_ALPHA = 80
REACH_ALPHA = 46


def _ring(camera: Camera, coords: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [camera.world_to_screen(x, y) for x, y in coords]


class MoveOverlay:
    """The preview of a dragged move."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: tuple[Camera, MovePreview, str] | None = None
        self._pictures: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._size: tuple[int, int] = (1, 1)

    def draw(self, surface: pygame.Surface, camera: Camera, preview: MovePreview,
             colour: RGB, names: Names) -> None:
        key = (camera, preview, names.of(preview.touched))
        if key != self._key:
            self._key = key
            self._size = surface.get_size()
            self._pictures = self._make(camera, preview, colour, names, surface.get_size())
        surface.blits(self._pictures, doreturn=False)

    def _make(self, camera: Camera, preview: MovePreview, colour: RGB, names: Names,
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
        out.append(self._label(camera, preview, names))
        return out

    def _label(self, camera: Camera, preview: MovePreview, names: Names
               ) -> tuple[pygame.Surface, tuple[int, int]]:
        result = preview.result
        distance = _("{length:.0f} mm").format(length=result.distance)
        if preview.free_move:
            text = _("{distance}, open space: a Free Move ends the activation").format(
                distance=distance)
            ink = INK_LIGHT
        elif result.blocked:
            text = _("already against {name}: no move").format(name=names.of(preview.touched))
            ink = DANGER
        else:
            text = _("{distance}, touches {name}").format(distance=distance,
                                                          name=names.of(preview.touched))
            ink = ACCENT
        label = plate(self.texts.font(SMALL_PX), text, ink)
        at = result.point if result.point is not None else (result.x, result.y)
        x, y = camera.world_to_screen(*at)
        ux, uy = result.direction
        # beyond the contact point, on the side away from the moving figure
        x += ux * 18 - label.get_width() / 2 + ux * label.get_width() / 2
        y += uy * 18 - label.get_height() / 2 + uy * label.get_height() / 2
        rect = label.get_rect(topleft=(round(x), round(y)))
        rect.clamp_ip(pygame.Rect(0, 0, *self._size))
        return label, rect.topleft


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
