"""The figures of a One for All state on the table: bases in the side colours with their marks,
the markers (Stunned star, dropped-weapon badge, a red drop per wound), rings for the selected
and the active figure, fallen figures lying as obstacles, and the scenery play has moved. The
names go to the table's one label placement (``game.ui.labels.LabelPlacer``): each base, with its
rings and markers, is kept clear of every label; a name with no room is shortened, else shown
when its figure is hovered.

Pictures come from caches (base sprites by look, name plates by name, moved scenery by camera
and state), so a frame only blits and draws a few small shapes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import pygame

from game.rules.one_for_all.state import Figure, OFAState
from game.rules.one_for_all.table import Table, lying_footprint
from game.ui.camera import Camera
from game.ui.colours import BASE_RIM, INK_LIGHT, NO_SIDE, OBJECT, RGB, darker, terrain_colour
from game.ui.figure_sprites import BaseLook, FigureSprites
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, plate
from game.ui.play.widgets import ACCENT, SMALL_PX, Texts

STAR: RGB = (0xFF, 0xD7, 0x00)
WOUND: RGB = (0xE0, 0x20, 0x28)
BADGE: RGB = (0x20, 0x20, 0x24)
SWORD: RGB = (0xD8, 0xD8, 0xE0)
CARRIED: RGB = OBJECT
GHOST_FILL = (0x10, 0x10, 0x12, 0x8C)
MIN_MARK_RADIUS_PX = 6
#: a base drawn smaller than this (radius, px) carries no name (hover it for its card)
MIN_NAME_RADIUS_PX = 5
#: the priority of a figure's name when the caller gives none (higher is placed first)
NAME_PRIORITY = 10
#: a figure lying unconscious is named last
FALLEN_PRIORITY = 5
#: below this base radius (px: bases under the 24 px UI.md asks for) the names of the rest (not
#: selected, targeted or of the side to act) are shown short from the start
SMALL_BASE_RADIUS_PX = 12
#: a name this long or shorter has no short form
SHORT_NAME_CHARS = 5
#: a raised figure's shadow falls this far down-right per mm of height
SHADOW_SLANT = 0.18


def star_points(cx: float, cy: float, outer: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else outer * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def short_name(name: str) -> str:
    """A name's short form for a crowded table ("" when it is short already): "Guard 2" -> "G2",
    "Rochefort" -> "Roch.", "d'Artagnan" -> "d'Art."."""
    if len(name) <= SHORT_NAME_CHARS:
        return ""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return "".join(w[0] for w in words[:-1]) + words[-1]
    cut = 4 + (1 if "'" in name[:4] else 0)
    return name[:cut].rstrip() + "."


class FigureLayer:
    def __init__(self, texts: Texts, table: Table, colours: Mapping[str, RGB],
                 letters: Mapping[str, str]) -> None:
        self.texts = texts
        self.table = table
        self.colours = dict(colours)
        self.letters = dict(letters)
        self._sprites = FigureSprites(texts.fonts)
        self._plates: dict[str, pygame.Surface] = {}
        self._props_key: tuple[Camera, tuple, frozenset[str]] | None = None
        self._props: list[tuple[pygame.Surface, tuple[int, int]]] = []

    # ------------------------------------------------------------------ queries
    def figure_at(self, camera: Camera, state: OFAState, pos: tuple[float, float],
                  slack_px: float = 4.0) -> str | None:
        """The standing figure under a table-relative screen point (the nearest when several)."""
        best: tuple[float, str] | None = None
        for f in state.figures:
            if not f.conscious:
                continue
            sx, sy = camera.world_to_screen(f.x, f.y)
            d = math.hypot(pos[0] - sx, pos[1] - sy)
            if d <= max(6.0, f.radius * camera.zoom) + slack_px and (best is None or d < best[0]):
                best = (d, f.id)
        return best[1] if best else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, camera: Camera, state: OFAState, *,
             hidden: frozenset[str] = frozenset(), hidden_props: frozenset[str] = frozenset(),
             selected: str = "", active: str = "", rings: Mapping[str, RGB] | None = None,
             labels: Mapping[str, str] | None = None, placer: LabelPlacer | None = None,
             priorities: Mapping[str, int] | None = None) -> None:
        """``labels``: the names to show by figure id (the figure's own name otherwise).

        The names go to ``placer`` (the table's one label placement, drawn by the caller after
        everything else that keeps clear of them), each base kept clear of every label; by
        ``priorities`` (figure id -> priority, ``NAME_PRIORITY`` otherwise), a name with no room
        shortened (``short_name``) or left for the hover. Without a ``placer`` the names are
        placed and drawn here."""
        own = placer is None
        placer = placer if placer is not None else LabelPlacer(surface)
        self._draw_props(surface, camera, state, hidden_props)
        rings = rings or {}
        priorities = priorities or {}
        order = sorted(state.figures, key=lambda f: (f.conscious, f.z, f.y))
        for fig in order:
            if fig.id in hidden:
                continue
            if not fig.conscious:
                box = self._draw_fallen(surface, camera, fig, placer)
                shown = labels.get(fig.id, fig.name) if labels is not None else fig.name
                short = short_name(shown)
                placer.add(self._plate(shown), (box[0] + box[2] / 2, box[1] + box[3] / 2),
                           clearance=max(box[2], box[3]) / 2, priority=FALLEN_PRIORITY,
                           short=self._plate(short) if short else None)
                continue
            sx, sy = camera.world_to_screen(fig.x, fig.y)
            cx, cy = round(sx), round(sy)
            r = max(3, round(fig.radius * camera.zoom))
            if fig.z > 1.0:
                self._draw_shadow(surface, camera, fig, r)
            colour = self.colours.get(fig.side, NO_SIDE)
            look = BaseLook(r, colour, self.letters.get(fig.side, ""), round(fig.facing) % 360)
            sprite = self._sprites.base(look)
            surface.blit(sprite, (cx - sprite.get_width() // 2, cy - sprite.get_height() // 2))
            reach = r + 2  # what is drawn around the centre: the base, its rings and markers
            if fig.id in rings:
                _dashed_ring(surface, rings[fig.id], (cx, cy), r + 5, 3)
                reach = r + 7
            if fig.id == active:
                pygame.draw.circle(surface, BASE_RIM, (cx, cy), r + 9, 2)
                pygame.draw.circle(surface, ACCENT, (cx, cy), r + 7, 3)
                reach = r + 10
            elif fig.id == selected:
                pygame.draw.circle(surface, INK_LIGHT, (cx, cy), r + 6, 2)
                reach = max(reach, r + 7)
            if r >= MIN_MARK_RADIUS_PX:
                reach = max(reach, self._draw_markers(surface, fig, cx, cy, r))
            placer.keep_clear(circle_box((cx, cy), reach))
            if r >= MIN_NAME_RADIUS_PX:
                shown = labels.get(fig.id, fig.name) if labels is not None else fig.name
                short = short_name(shown)
                priority = priorities.get(fig.id, NAME_PRIORITY)
                if short and priority <= NAME_PRIORITY and r < SMALL_BASE_RADIUS_PX:
                    shown = short  # the rest, on a small table: short (hover for the card)
                placer.add(self._plate(shown), (cx, cy), clearance=reach, priority=priority,
                           short=self._plate(short) if short and short != shown else None)
        if own:
            placer.draw()

    def _plate(self, name: str) -> pygame.Surface:
        found = self._plates.get(name)
        if found is None:
            found = plate(self.texts.font(SMALL_PX), name)
            self._plates[name] = found
        return found

    def _draw_shadow(self, surface: pygame.Surface, camera: Camera, fig: Figure, r: int) -> None:
        off = fig.z * SHADOW_SLANT * camera.zoom
        sx, sy = camera.world_to_screen(fig.x, fig.y)
        blob = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.ellipse(blob, (0, 0, 0, 110), blob.get_rect())
        surface.blit(blob, (round(sx + off) - r - 2, round(sy + off) - r - 2))

    def _draw_markers(self, surface: pygame.Surface, fig: Figure, cx: int, cy: int, r: int) -> int:
        """The markers around the base; how far from the centre they reach."""
        b = max(5, round(r * 0.42))
        m = fig.markers
        reach = r + 3 if fig.hanging_on else r + 2
        if m.stunned or m.unarmed or m.wounds or fig.carrying:
            reach = r + round(b * 1.2) + 3

        def spot(deg: float) -> tuple[float, float]:
            a = math.radians(deg)
            return cx + math.cos(a) * (r + b * 0.2), cy + math.sin(a) * (r + b * 0.2)

        if m.stunned:
            x, y = spot(225)
            pygame.draw.polygon(surface, BASE_RIM, star_points(x, y, b + 2))
            pygame.draw.polygon(surface, STAR, star_points(x, y, b))
        if m.unarmed:
            x, y = spot(315)
            pygame.draw.circle(surface, INK_LIGHT, (x, y), b + 1)
            pygame.draw.circle(surface, BADGE, (x, y), b)
            k = b * 0.65
            pygame.draw.line(surface, SWORD, (x - k, y + k), (x + k, y - k), max(2, b // 3))
            pygame.draw.line(surface, WOUND, (x - k, y - k), (x + k, y + k), max(2, b // 3))
        if m.wounds:
            dot = max(3, round(b * 0.62))
            x0, y0 = spot(270)
            span = (m.wounds - 1) * (2 * dot + 2)
            for i in range(m.wounds):
                x = x0 - span / 2 + i * (2 * dot + 2)
                pygame.draw.circle(surface, INK_LIGHT, (x, y0), dot + 1)
                pygame.draw.circle(surface, WOUND, (x, y0), dot)
        if fig.carrying:
            x, y = spot(135)
            box = pygame.Rect(0, 0, b + 3, b + 3)
            box.center = (round(x), round(y))
            pygame.draw.rect(surface, BASE_RIM, box.inflate(2, 2))
            pygame.draw.rect(surface, CARRIED, box)
        if fig.hanging_on:
            pygame.draw.circle(surface, INK_LIGHT, (cx, cy), r + 3, 1)
        return reach

    def _draw_fallen(self, surface: pygame.Surface, camera: Camera, fig: Figure,
                     placer: LabelPlacer) -> tuple[float, float, float, float]:
        """A figure lying as an obstacle; its box on the screen (kept clear of the labels)."""
        poly = lying_footprint(fig)
        pts = [camera.world_to_screen(x, y) for x, y in list(poly.exterior.coords)[:-1]]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = (min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 4, max(ys) - min(ys) + 4)
        placer.keep_clear(box)
        colour = darker(self.colours.get(fig.side, NO_SIDE), 0.6)
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, BASE_RIM, pts, 2)
        pygame.draw.line(surface, BASE_RIM, pts[0], pts[2], 2)
        pygame.draw.line(surface, BASE_RIM, pts[1], pts[3], 2)
        return box

    def _draw_props(self, surface: pygame.Surface, camera: Camera, state: OFAState,
                    hidden: frozenset[str]) -> None:
        key = (camera, state.props, hidden)
        if key != self._props_key:
            self._props_key = key
            self._props = self._prop_pictures(camera, state, hidden)
        if self._props:
            surface.blits(self._props, doreturn=False)

    def _prop_pictures(self, camera: Camera, state: OFAState, hidden: frozenset[str]
                       ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Where a moved or carried piece was: a dark ghost; where it is now: its colour."""
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for prop in state.props:
            if prop.id not in self.table.solids:
                continue
            solid = self.table.solid(prop.id)
            if prop.dx or prop.dy or prop.carried_by:
                out.append(_polygon_picture(camera, solid.footprint, GHOST_FILL, (0x90, 0x90, 0x98)))
            if prop.carried_by or prop.id in hidden:
                continue
            moved = self.table.moved_solid(state, prop.id)
            if moved is not None and (prop.dx or prop.dy):
                fill = (*terrain_colour(solid.kind), 0xF0)
                out.append(_polygon_picture(camera, moved.footprint, fill, BASE_RIM))
        return [p for p in out if p[0].get_width() > 0]


def _polygon_picture(camera: Camera, geometry: object, fill: tuple[int, int, int, int],
                     edge: RGB) -> tuple[pygame.Surface, tuple[int, int]]:
    polys = list(getattr(geometry, "geoms", [geometry]))
    rings = []
    for poly in polys:
        exterior = getattr(poly, "exterior", None)
        if exterior is None:
            continue
        rings.append([camera.world_to_screen(x, y) for x, y in exterior.coords])
    if not rings:
        return pygame.Surface((0, 0)), (0, 0)
    xs = [p[0] for ring in rings for p in ring]
    ys = [p[1] for ring in rings for p in ring]
    left, top = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
    w, h = math.ceil(max(xs)) - left + 3, math.ceil(max(ys)) - top + 3
    if w <= 0 or h <= 0 or w * h > 4_000_000:
        return pygame.Surface((0, 0)), (0, 0)
    pic = pygame.Surface((w, h), pygame.SRCALPHA)
    for ring in rings:
        local = [(x - left, y - top) for x, y in ring]
        if len(local) >= 3:
            pygame.draw.polygon(pic, fill, local)
            pygame.draw.polygon(pic, edge, local, 2)
    return pic, (left, top)


def _dashed_ring(surface: pygame.Surface, colour: RGB, centre: tuple[int, int], radius: int,
                 width: int, dashes: int = 12) -> None:
    """A ring of short arcs: "this can be acted on", told apart from the solid active ring."""
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = centre
    step = 2 * math.pi / dashes
    for i in range(dashes):
        a = i * step
        pygame.draw.arc(surface, BASE_RIM, rect.inflate(2, 2), a, a + step * 0.55, width + 2)
        pygame.draw.arc(surface, colour, rect, a, a + step * 0.55, width)
