"""Drawing the sandbox's overlays and figures on the table (screen guide: "Overlays on the table").

Everything is drawn from an ``Analysis`` (the geometry layer's own results) through the camera;
nothing here measures anything.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pygame
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.core.units import FATHOM_MM
from game.i18n import _
from game.ui.camera import Camera
from game.ui.colours import BASE_RIM, INK_LIGHT, ORANGE, REDDISH_PURPLE, RGB, SKY_BLUE, VERMILLION, ink_on
from game.ui.fonts import Fonts
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, plate
from game.ui.sandbox.analysis import Analysis
from game.ui.sandbox.scene import Scene, SceneFigure

SEEN: RGB = (0x7C, 0xE0, 0x8A)
BLOCKED: RGB = VERMILLION
HIDDEN: RGB = (0x20, 0x20, 0x30)
BLOCKER: RGB = (0xFF, 0xE0, 0x40)
CAUGHT: RGB = (0xFF, 0xF0, 0x50)
SAVED: RGB = SKY_BLUE
TEMPLATE: RGB = (0xE6, 0x60, 0x20)
CONE: RGB = REDDISH_PURPLE
#: how opaque a blast or cone template is drawn: as strong as the other overlays, not a veil
TEMPLATE_ALPHA = 110
MOVE: RGB = SKY_BLUE
PUSH: RGB = ORANGE
RULER: RGB = INK_LIGHT
SELECT: RGB = (0xFF, 0xFF, 0xFF)
TARGET: RGB = (0xFF, 0x50, 0x50)
LABEL_PX = 16


def _pts(cam: Camera, coords: Iterable[Sequence[float]]) -> list[tuple[float, float]]:
    return [cam.world_to_screen(float(c[0]), float(c[1])) for c in coords]


def fill_geometry(surface: pygame.Surface, cam: Camera, geom: BaseGeometry | None, colour: RGB,
                  alpha: int, outline: int = 0) -> None:
    """A (multi)polygon filled translucently, holes left clear, optionally outlined (on a layer
    only as big as the part of it on the surface)."""
    if geom is None or geom.is_empty:
        return
    parts = []
    for part in shapely.get_parts(geom):
        if isinstance(part, Polygon) and not part.is_empty:
            parts.append((_pts(cam, part.exterior.coords), [_pts(cam, h.coords) for h in part.interiors]))
    xs = [x for outer, _holes in parts for x, _y in outer]
    ys = [y for outer, _holes in parts for _x, y in outer]
    if not xs:
        return
    pad = outline + 2
    box = pygame.Rect(int(min(xs)) - pad, int(min(ys)) - pad, 0, 0)
    box.width, box.height = int(max(xs)) + pad + 1 - box.x, int(max(ys)) + pad + 1 - box.y
    box = box.clip(surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    dx, dy = -box.x, -box.y

    def moved(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x + dx, y + dy) for x, y in pts]

    for outer, holes in parts:
        if len(outer) >= 3:
            pygame.draw.polygon(layer, (*colour, alpha), moved(outer))
        for pts in holes:
            if len(pts) >= 3:
                pygame.draw.polygon(layer, (0, 0, 0, 0), moved(pts))
        if outline and len(outer) >= 2:
            # a dark rim under the line: the template reads on light and dark floors alike
            pygame.draw.lines(layer, (20, 20, 24, 200), True, moved(outer), outline + 2)
            pygame.draw.lines(layer, (*colour, 255), True, moved(outer), outline)
    surface.blit(layer, box.topleft)


def outline_geometry(surface: pygame.Surface, cam: Camera, geom: BaseGeometry, colour: RGB,
                     width: int = 3) -> None:
    for part in shapely.get_parts(geom):
        if isinstance(part, Polygon) and not part.is_empty:
            pts = _pts(cam, part.exterior.coords)
            if len(pts) >= 2:
                pygame.draw.lines(surface, colour, True, pts, width)


def dashed_line(surface: pygame.Surface, colour: RGB, a: tuple[float, float],
                b: tuple[float, float], width: int = 2, dash: float = 8.0) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    n = int(length // dash)
    for k in range(0, n + 1, 2):
        t0, t1 = k * dash / length, min(1.0, (k + 1) * dash / length)
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, colour, p, q, width)


def label(surface: pygame.Surface, fonts: Fonts, text: str, at: tuple[float, float],
          colour: RGB = INK_LIGHT, centre: bool = True) -> None:
    """Text on a dark plate (readable on any table)."""
    img = fonts.of_height(LABEL_PX).render(text, True, colour)
    w, h = img.get_size()
    x = at[0] - w / 2 if centre else at[0]
    y = at[1] - h / 2 if centre else at[1]
    plate = pygame.Surface((w + 6, h + 2), pygame.SRCALPHA)
    plate.fill((16, 16, 18, 190))
    surface.blit(plate, (round(x) - 3, round(y) - 1))
    surface.blit(img, (round(x), round(y)))


def word(surface: pygame.Surface, fonts: Fonts, placer: LabelPlacer | None, text: str,
         at: tuple[float, float], colour: RGB = INK_LIGHT, *, clearance: float = 0.0,
         priority: int = 0) -> None:
    """Words about the point ``at``: placed by ``placer`` (around the circle of ``clearance``,
    the ``priority`` ones first), or without one drawn centred on it."""
    if placer is None:
        label(surface, fonts, text, at, colour)
        return
    placer.add(plate(fonts.of_height(LABEL_PX), text, colour), at, clearance=clearance,
               priority=priority)


def shield(surface: pygame.Surface, at: tuple[float, float], size: float = 9.0) -> None:
    """The 'saved by full cover' mark."""
    x, y = at
    pts = [(x - size, y - size), (x + size, y - size), (x + size, y), (x, y + size * 1.4),
           (x - size, y)]
    pygame.draw.polygon(surface, SAVED, pts)
    pygame.draw.polygon(surface, BASE_RIM, pts, 2)


def draw_figures(surface: pygame.Surface, cam: Camera, fonts: Fonts, scene: Scene,
                 colours: dict[str, RGB], marks: dict[str, str],
                 placer: LabelPlacer | None = None) -> None:
    """The bases, their marks and rings; each name placed by ``placer`` (the selected figure
    and the target first, every base and its rings kept clear), or under its base."""
    for fig in sorted(scene.figures, key=lambda f: (f.z, f.y)):
        cx, cy = cam.world_to_screen(fig.x, fig.y)
        r = max(3, round(fig.radius * cam.zoom))
        colour = colours.get(fig.side, (154, 154, 154))
        pygame.draw.circle(surface, BASE_RIM, (cx, cy), r + 2)
        pygame.draw.circle(surface, colour, (cx, cy), r)
        if fig.z > 0:  # raised: a second rim, the level in mm beside it
            pygame.draw.circle(surface, INK_LIGHT, (cx, cy), r + 4, 2)
        mark = marks.get(fig.side, "")
        if mark and r >= 7:
            img = fonts.of_height(max(8, min(LABEL_PX, r))).render(mark, True, ink_on(colour))
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
        if fig.id == scene.selected:
            pygame.draw.circle(surface, SELECT, (cx, cy), r + 6, 3)
        elif fig.id == scene.target:
            pygame.draw.circle(surface, TARGET, (cx, cy), r + 6, 3)
        text = fig.name if fig.z <= 0 else f"{fig.name} +{fig.z:.0f}"
        ringed = fig.id in (scene.selected, scene.target)
        reach = r + 7 if ringed else r + 5 if fig.z > 0 else r + 3
        if placer is not None:
            placer.keep_clear(circle_box((cx, cy), reach))
            if r >= 6:
                placer.add(plate(fonts.of_height(LABEL_PX), text), (cx, cy), clearance=reach,
                           priority=30 if fig.id == scene.selected else 25 if ringed else 10)
        elif r >= 6:
            label(surface, fonts, text, (cx, cy + r + 14))


def _fig_screen(cam: Camera, fig: SceneFigure) -> tuple[tuple[float, float], float]:
    return cam.world_to_screen(fig.x, fig.y), fig.radius * cam.zoom


def draw_overlays(surface: pygame.Surface, cam: Camera, fonts: Fonts, scene: Scene,
                  result: Analysis, placer: LabelPlacer | None = None) -> None:
    """Every switched-on overlay, under the figures (call ``draw_figures`` after, then
    ``draw_marks``)."""
    me = scene.figure(scene.selected)
    if result.shadow is not None:
        fill_geometry(surface, cam, result.shadow, HIDDEN, 150)
        if result.shadow_eye is not None:
            ex, ey = cam.world_to_screen(*result.shadow_eye[:2])
            pygame.draw.circle(surface, INK_LIGHT, (ex, ey), 5)
            pygame.draw.circle(surface, BASE_RIM, (ex, ey), 5, 2)
    if result.blast is not None:
        fill_geometry(surface, cam, result.blast.polygon, TEMPLATE, TEMPLATE_ALPHA, outline=3)
    if result.cone is not None:
        fill_geometry(surface, cam, result.cone.polygon, CONE, TEMPLATE_ALPHA, outline=3)
    if result.move is not None:
        fill_geometry(surface, cam, result.move.path, MOVE, 60, outline=1)
    if me is not None and result.rulers:
        (cx, cy), _r = _fig_screen(cam, me)
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        rings = [(me.radius + k * scene.weapon_range) * cam.zoom for k in range(1, 5)]
        for k, ring in enumerate(rings):  # bands: point blank 3, short 4, medium 5, long 6
            pygame.draw.circle(layer, (*RULER, 150 - 25 * k), (cx, cy), ring, 2)
        surface.blit(layer, (0, 0))
        w, h = surface.get_size()
        for k, ring in enumerate(rings):
            for ang in (-0.5, 2.6, 1.2, -2.0):  # the first spot on screen
                px, py = cx + ring * math.cos(ang), cy + ring * math.sin(ang)
                if 10 <= px <= w - 10 and 10 <= py <= h - 10:
                    word(surface, fonts, placer, str(3 + k), (px, py), priority=35)
                    break
    if result.cover is not None and result.cover_all is not None:
        for fp in result.cover_all.blocking_footprints:
            outline_geometry(surface, cam, fp, BLOCKER, 3)
    if me is not None:
        start = cam.world_to_screen(me.x, me.y)
        for line in result.sight:
            fig = scene.figure(line.target)
            if fig is None:
                continue
            if line.seen and line.point is not None:
                end = cam.world_to_screen(line.point[0], line.point[1])
                pygame.draw.line(surface, SEEN, start, end, 3)
            elif line.seen:
                pygame.draw.line(surface, SEEN, start, cam.world_to_screen(fig.x, fig.y), 3)
            else:
                dashed_line(surface, BLOCKED, start, cam.world_to_screen(fig.x, fig.y), 2)
    if me is not None and result.rulers and scene.target is not None:
        tgt = scene.figure(scene.target)
        ruler = next((r for r in result.rulers if r.target == scene.target), None)
        if tgt is not None and ruler is not None:
            dx, dy = tgt.x - me.x, tgt.y - me.y
            n = math.hypot(dx, dy) or 1.0
            a = cam.world_to_screen(me.x + dx / n * me.radius, me.y + dy / n * me.radius)
            b = cam.world_to_screen(tgt.x - dx / n * tgt.radius, tgt.y - dy / n * tgt.radius)
            pygame.draw.line(surface, RULER, a, b, 2)
            for p in (a, b):
                pygame.draw.circle(surface, RULER, p, 4)
            diff = ruler.band.difficulty
            text = _("{mm:.0f} mm · {f:.2f} f · band {band}").format(
                mm=ruler.distance, f=ruler.distance / FATHOM_MM, band="—" if diff is None else diff)
            if placer is None:
                label(surface, fonts, text, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 14))
            else:
                word(surface, fonts, placer, text, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
                     priority=40)


def dashed_circle(surface: pygame.Surface, colour: RGB, centre: tuple[float, float],
                  radius: float, width: int = 1) -> None:
    if radius < 2:
        return
    n = max(24, int(radius / 5))
    for k in range(0, n, 2):
        a0, a1 = 2 * math.pi * k / n, 2 * math.pi * (k + 1) / n
        p = (centre[0] + radius * math.cos(a0), centre[1] + radius * math.sin(a0))
        q = (centre[0] + radius * math.cos(a1), centre[1] + radius * math.sin(a1))
        pygame.draw.line(surface, colour, p, q, width)


def draw_marks(surface: pygame.Surface, cam: Camera, fonts: Fonts, scene: Scene,
               result: Analysis, names: dict[str, str] | None = None,
               placer: LabelPlacer | None = None) -> None:
    """Marks on top of the figures: caught and saved, impact order, cover inset, move and push."""
    for tmpl, colour in ((result.blast, CAUGHT), (result.cone, CAUGHT)):
        if tmpl is None:
            continue
        for fid in tmpl.caught:
            fig = scene.figure(fid)
            if fig is not None:
                (cx, cy), r = _fig_screen(cam, fig)
                pygame.draw.circle(surface, colour, (cx, cy), r + 9, 3)
        for fid in tmpl.saved:
            fig = scene.figure(fid)
            if fig is not None:
                (cx, cy), r = _fig_screen(cam, fig)
                shield(surface, (cx + r * 0.8, cy - r * 0.8))
        for k, group in enumerate(tmpl.order, start=1):
            for fid in group:
                fig = scene.figure(fid)
                if fig is not None:
                    (cx, cy), r = _fig_screen(cam, fig)
                    if placer is None:
                        label(surface, fonts, str(k), (cx - r - 10, cy - r - 4), CAUGHT)
                    else:
                        word(surface, fonts, placer, str(k), (cx, cy), CAUGHT, clearance=r + 11,
                             priority=20)
    if result.move is not None:
        _draw_move(surface, cam, fonts, scene, result, names, placer)
    if result.push is not None:
        _draw_push(surface, cam, fonts, result)
        if scene.push_source is not None:  # where the push comes from
            sx, sy = cam.world_to_screen(*scene.push_source)
            pygame.draw.circle(surface, PUSH, (sx, sy), 8, 3)
            pygame.draw.circle(surface, PUSH, (sx, sy), 2)
    if result.cover is not None:
        _draw_cover_inset(surface, cam, fonts, scene, result, placer)


def _ghost(surface: pygame.Surface, cam: Camera, centre: tuple[float, float], radius: float,
           colour: RGB) -> None:
    c = cam.world_to_screen(*centre)
    r = max(3, round(radius * cam.zoom))
    layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(layer, (*colour, 110), (r + 2, r + 2), r)
    pygame.draw.circle(layer, (*colour, 255), (r + 2, r + 2), r, 2)
    surface.blit(layer, (round(c[0]) - r - 2, round(c[1]) - r - 2))


def _contact(surface: pygame.Surface, cam: Camera, point: tuple[float, float]) -> None:
    x, y = cam.world_to_screen(*point)
    for dx, dy in ((6, 6), (6, -6)):
        pygame.draw.line(surface, BLOCKED, (x - dx, y - dy), (x + dx, y + dy), 3)


def touch_name(kind: str | None, tid: str | None, scene: Scene,
               kinds: dict[str, str] | None = None, names: dict[str, str] | None = None) -> str:
    """What a move or a push-back touches; ``names``: terrain piece id -> the piece's name in the
    reader's language (``ShownNames.terrain``), else the map's kind word and the id."""
    if kind is None:
        return _("the full length")
    if kind == "figure":
        fig = scene.figure(tid)
        return fig.name if fig is not None else str(tid)
    if kind == "terrain" and names and tid in names:
        return names[tid]
    if kind == "terrain" and kinds and tid in kinds:
        return f"{kinds[tid]} {tid}"  # the map's own word for the piece
    names = {"terrain": _("terrain {id}"), "board_edge": _("the table edge"),
             "surface_edge": _("the edge of the surface")}
    return names.get(kind, kind).format(id=tid)


def _draw_move(surface: pygame.Surface, cam: Camera, fonts: Fonts, scene: Scene,
               result: Analysis, names: dict[str, str] | None = None,
               placer: LabelPlacer | None = None) -> None:
    mv = result.move
    assert mv is not None
    if not (math.isfinite(mv.x) and math.isfinite(mv.y)):
        return
    _ghost(surface, cam, mv.end, mv.radius, MOVE)
    if mv.point is not None:
        _contact(surface, cam, mv.point)
        px, py = cam.world_to_screen(*mv.point)
        what = touch_name(mv.kind, mv.id, scene, result.terrain_kinds, names)
        if placer is None:
            label(surface, fonts, what, (px, py - 18), MOVE)
        else:
            placer.keep_clear(circle_box((px, py), 8))
            word(surface, fonts, placer, what, (px, py), MOVE, clearance=8, priority=45)


def _draw_push(surface: pygame.Surface, cam: Camera, fonts: Fonts, result: Analysis) -> None:
    p = result.push
    assert p is not None
    a = cam.world_to_screen(*p.start)
    b = cam.world_to_screen(*p.end)
    _ghost(surface, cam, p.end, p.radius, PUSH)
    pygame.draw.line(surface, PUSH, a, b, 4)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    if math.hypot(b[0] - a[0], b[1] - a[1]) > 4:
        for side in (-0.5, 0.5):
            tip = (b[0] - 14 * math.cos(ang + side), b[1] - 14 * math.sin(ang + side))
            pygame.draw.line(surface, PUSH, b, tip, 4)


def _draw_cover_inset(surface: pygame.Surface, cam: Camera, fonts: Fonts, scene: Scene,
                      result: Analysis, placer: LabelPlacer | None = None) -> None:
    """The target's silhouette as the viewer sees it, beside the target: the part hidden by all
    terrain in grey, the part hidden by terrain within the cover radius (what counts) dark."""
    cov, allc = result.cover, result.cover_all
    tgt = scene.figure(scene.target)
    assert cov is not None and allc is not None
    if tgt is None:
        return
    (cx, cy), r = _fig_screen(cam, tgt)
    # on the table: the silhouette seen from above (a segment across the target), hidden parts dark
    frame_ = cov.frame
    ends = frame_.to_plan(np.array([-tgt.radius, tgt.radius]))
    pygame.draw.line(surface, INK_LIGHT, cam.world_to_screen(*ends[0]), cam.world_to_screen(*ends[1]), 5)
    for part in shapely.get_parts(allc.hidden_part):
        if isinstance(part, Polygon) and not part.is_empty:
            u0, _v0, u1, _v1 = part.bounds
            seg = frame_.to_plan(np.array([u0, u1]))
            pygame.draw.line(surface, HIDDEN, cam.world_to_screen(*seg[0]),
                             cam.world_to_screen(*seg[1]), 5)
    box_h = 70
    scale = box_h / max(tgt.height, 1e-6)
    box_w = max(16, round(2 * tgt.radius * scale))
    left = round(cx + r + 12)
    top = round(cy - box_h / 2)
    frame = pygame.Rect(left, top, box_w, box_h)
    pygame.draw.rect(surface, (230, 230, 225), frame)

    def to_px(coords: np.ndarray) -> list[tuple[float, float]]:
        return [(left + (u + tgt.radius) * scale, top + box_h - v * scale) for u, v in coords]

    for geom, colour in ((allc.hidden_part, (90, 90, 110)), (cov.hidden_part, HIDDEN)):
        for part in shapely.get_parts(geom):
            if isinstance(part, Polygon) and not part.is_empty:
                pts = to_px(np.asarray(part.exterior.coords))
                if len(pts) >= 3:
                    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.rect(surface, BASE_RIM, frame, 2)
    pct = _("{pct:.0f}% hidden").format(pct=100 * cov.hidden_fraction)
    if placer is None:
        label(surface, fonts, pct, (left, top - 12), INK_LIGHT, centre=False)
        return
    placer.keep_clear((frame.x - 2, frame.y - 2, frame.width + 4, frame.height + 4))
    word(surface, fonts, placer, pct, (frame.centerx, frame.top - 12), priority=50)
