"""The board on screen: table, terrain, figures and status bar, with a camera to move about.

Events and time change the view's state (camera, toggles, cursor); ``draw`` only reads it
(its caches of pictures aside).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
from shapely.geometry import Point

from game.board.model import Board, TerrainPiece
from game.board.names import local_name, local_title
from game.i18n import _
from game.ui.camera import Camera, Rect, zoom_limits
from game.ui.colours import BACKGROUND, INK_LIGHT, TABLE_EDGE, side_colours
from game.ui.figure_sprites import MIN_NAME_RADIUS_PX, TICK_REACH, BaseLook, FigureSprites
from game.ui.figures import Figure, figures_from_spawns, side_letters
from game.ui.fonts import Fonts
from game.ui.labels import LabelPlacer, TableLabel, place_all
from game.ui.status_bar import StatusBar, StatusInfo
from game.ui.table_art import art_scale, compose_art, floor_colour
from game.ui.table_cache import TableCache
from game.ui.view import Quit, ViewAction
from game.ui.words import system_name

#: Arrow keys pan this fast (screen px per second).
KEY_PAN_SPEED = 700.0
#: One wheel notch zooms by this factor.
WHEEL_ZOOM_STEP = 1.15
FPS_WINDOW_S = 0.5
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
DRAG_BUTTONS = (1, 2)
#: the fit leaves this much of the view free on each side (room for a label at the edge)
FIT_MARGIN = 0.015
#: the map's words placed each frame come after every label of play (their priority shifted)
MAP_LABEL_PRIORITY = -1000
#: the terrain piece under the pointer: its outline and words, placed before the names
HOVER_INK = INK_LIGHT
HOVER_PRIORITY = 100


class BoardView:
    def __init__(
        self,
        board: Board,
        size: tuple[int, int],
        figures: Sequence[Figure] | None = None,
        *,
        show_terrain: bool = False,
        image_loader: Callable[..., Any] | None = None,
        missing_images: int | None = None,
        status: bool = True,
    ) -> None:
        self.board = board
        self.show_terrain = show_terrain
        #: outline and name the terrain piece under the pointer (the sandbox, a plain board; a
        #: game's play screen names its own)
        self.name_terrain_on_hover = False
        self._hovered: tuple[tuple[float, float] | None, TerrainPiece | None] = (None, None)
        self.figures: tuple[Figure, ...] = tuple(
            figures_from_spawns(board) if figures is None else figures)
        self.side_colour = side_colours(f.side for f in self.figures)
        self.side_mark = side_letters(f.side for f in self.figures)
        self._fonts = Fonts()
        self._status = StatusBar(self._fonts)
        #: draw the status bar under the table (a play screen has its own status line: without
        #: it the viewport is the whole size)
        self.show_status = status
        self._sprites = FigureSprites(self._fonts)
        self.table = TableCache(board, compose_art(board, image_loader), art_scale(board),
                                floor_colour(board), self._fonts)
        #: pictures that could not be read (shown as checkers); counted after the art is drawn
        self.missing_images = (len(getattr(image_loader, "missing", ()))
                               if missing_images is None else missing_images)
        self._world = Rect(0.0, 0.0, max(board.width_mm, 1e-6), max(board.height_mm, 1e-6))
        self._drawing_order = sorted(self.figures, key=lambda f: (f.y, f.x))
        self.size = (max(1, size[0]), max(1, size[1]))
        low, high = zoom_limits(self._world, self.viewport)
        self.camera = Camera(1.0, 0.0, 0.0, self.viewport, low, high).fitted(self._world, FIT_MARGIN)
        #: what "fit" shows (the whole table, or the region a scene asks for)
        self._fit_target = self._world
        #: True until the player pans or zooms: then a resize keeps the view's centre instead
        self.following_fit = True
        self.cursor: tuple[int, int] | None = None
        self.fps: float | None = None
        #: F3: the pointer's coordinates and the frame rate in the status bar
        self.show_debug = False
        self._held: set[int] = set()
        self._dragging = False
        self._fps_frames = 0
        self._fps_time = 0.0

    # ------------------------------------------------------------------ state
    @property
    def viewport(self) -> tuple[int, int]:
        bar = self._status.height if self.show_status else 0
        return self.size[0], max(1, self.size[1] - bar)

    @property
    def zoom_percent(self) -> float:
        """100% shows one map pixel per screen pixel."""
        return self.camera.zoom * self.board.mm_per_px * 100.0

    def cursor_mm(self) -> tuple[float, float] | None:
        if self.cursor is None or self.cursor[1] >= self.viewport[1]:
            return None
        return self.camera.screen_to_world(*self.cursor)

    def status_info(self) -> StatusInfo:
        return StatusInfo(local_title(self.board.title, self.board.properties),
                          system_name(self.board.system), self.cursor_mm(),
                          self.zoom_percent, self.fps, self.missing_images, self.show_debug)

    # ------------------------------------------------------------------ commands
    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the table is fitted again, unless the player has panned or zoomed
        since the last fit; then the point at the centre of the view stays at its centre."""
        old_w, old_h = self.viewport
        centre = self.camera.screen_to_world(old_w / 2, old_h / 2)
        self.size = (max(1, size[0]), max(1, size[1]))
        low, high = zoom_limits(self._world, self.viewport)
        camera = self.camera.resized(self.viewport).with_limits(low, high)
        if self.following_fit:
            self.camera = camera.fitted(self._fit_target, FIT_MARGIN)
        else:
            self.camera = camera.centred_on(*centre).clamped(self._world)

    def fit(self) -> None:
        """Show the whole table (or the scene's region) as large as the view allows (Home)."""
        self.camera = self.camera.fitted(self._fit_target, FIT_MARGIN)
        self.following_fit = True

    def fit_to(self, region: Rect) -> None:
        """From now on "fit" shows ``region`` of the table (a scene's focus)."""
        self._fit_target = region
        self.fit()

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.camera = self.camera.panned(dx_px, dy_px).clamped(self._world)
        self.following_fit = False

    def zoom_about(self, factor: float, screen_pos: tuple[float, float]) -> None:
        self.camera = self.camera.zoomed_about(factor, *screen_pos).clamped(self._world)
        self.following_fit = False

    def toggle_terrain(self) -> None:
        self.show_terrain = not self.show_terrain

    # ------------------------------------------------------------------ view protocol
    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if kind == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                return Quit()
            if key == pygame.K_t:
                self.toggle_terrain()
            elif key == pygame.K_HOME:
                self.fit()
            elif key == pygame.K_F3:
                self.show_debug = not self.show_debug
            elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_about(WHEEL_ZOOM_STEP, self._centre())
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_about(1 / WHEEL_ZOOM_STEP, self._centre())
            elif key in PAN_KEYS:
                self._held.add(key)
        elif kind == pygame.KEYUP:
            self._held.discard(event.key)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button in DRAG_BUTTONS:
            self._dragging = True
            self.cursor = event.pos
        elif kind == pygame.MOUSEBUTTONUP and event.button in DRAG_BUTTONS:
            self._dragging = False
        elif kind == pygame.MOUSEMOTION:
            self.cursor = event.pos
            if self._dragging and not any(event.buttons[:2]):
                self._dragging = False  # released outside the window
            if self._dragging:
                self.pan(*event.rel)
        elif kind == pygame.MOUSEWHEEL:
            notches = float(getattr(event, "precise_y", event.y))
            if notches:
                where = self.cursor if self.cursor is not None else self._centre()
                self.zoom_about(WHEEL_ZOOM_STEP ** notches, where)
        elif kind == pygame.WINDOWLEAVE:
            self.cursor = None
        elif kind == pygame.WINDOWFOCUSLOST:
            self._held.clear()
            self._dragging = False
        return None

    def update(self, dt: float) -> None:
        if self._held:
            dx = sum(PAN_KEYS[k][0] for k in self._held)
            dy = sum(PAN_KEYS[k][1] for k in self._held)
            if dx or dy:
                self.pan(dx * KEY_PAN_SPEED * dt, dy * KEY_PAN_SPEED * dt)
        self._fps_frames += 1
        self._fps_time += dt
        if self._fps_time >= FPS_WINDOW_S:
            self.fps = self._fps_frames / self._fps_time
            self._fps_frames = 0
            self._fps_time = 0.0

    @property
    def bake_map_labels(self) -> bool:
        """Whether the map's words (cell names, map texts, terrain heights) are drawn into the
        table's picture (the default); off, they are the view's to place each frame with its own
        labels, clear of every base: ``draw`` adds them to the placer it is given, else the view
        takes them from ``map_labels``."""
        return self.table.bake_labels

    @bake_map_labels.setter
    def bake_map_labels(self, on: bool) -> None:
        self.table.bake_labels = on

    def map_labels(self) -> list[TableLabel]:
        """The map's words for this frame, in viewport pixels (none while they are baked)."""
        if self.table.bake_labels:
            return []
        return self.table.labels(self.camera, self.show_terrain)

    def draw(self, surface: pygame.Surface, placer: LabelPlacer | None = None) -> None:
        """The table, its figures and the status bar. The figures' names (and the map's words,
        when not baked) go to ``placer`` when one is given (the caller adds its own labels and
        draws it), else the names go to a placer of this frame drawn here."""
        cam = self.camera
        vw, vh = cam.viewport
        self.table.prepare(cam, self.show_terrain, surface)
        left, top = cam.world_to_screen(self._world.left, self._world.top)
        right, bottom = cam.world_to_screen(self._world.right, self._world.bottom)
        table_rect = pygame.Rect(round(left), round(top), round(right) - round(left),
                                 round(bottom) - round(top))
        viewport = pygame.Rect(0, 0, vw, vh)
        previous_clip = surface.get_clip()
        surface.set_clip(viewport)
        covered = self.table.blit_onto(surface, cam)
        if covered is None or not covered.contains(viewport):
            _fill_around(surface, BACKGROUND, viewport, covered)
            pygame.draw.rect(surface, TABLE_EDGE, table_rect.inflate(4, 4), 2)
        self._draw_figures(surface, viewport, placer)
        surface.set_clip(previous_clip)
        self.draw_status(surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status bar under the table (when ``show_status``)."""
        if self.show_status:
            self._status.draw(surface, self.status_info())

    # ------------------------------------------------------------------ helpers
    def _centre(self) -> tuple[float, float]:
        vw, vh = self.viewport
        return vw / 2, vh / 2

    def _draw_figures(self, surface: pygame.Surface, viewport: pygame.Rect,
                      given: LabelPlacer | None) -> None:
        cam = self.camera
        z = cam.zoom
        bases: list[tuple[pygame.Surface, tuple[int, int]]] = []
        placer = given if given is not None else LabelPlacer(surface, bounds=viewport)
        for fig in self._drawing_order:
            sx, sy = cam.world_to_screen(fig.x, fig.y)
            r_px = max(2, round(fig.radius * z))
            reach = r_px * 2 + 40
            if sx < -reach or sy < -reach or sx > viewport.right + reach or sy > viewport.bottom + reach:
                continue
            look = BaseLook(r_px, self.side_colour.get(fig.side, (154, 154, 154)),
                            self.side_mark.get(fig.side, ""),
                            None if fig.facing is None else round(fig.facing) % 360)
            sprite = self._sprites.base(look)
            cx, cy = round(sx), round(sy)
            bases.append((sprite, (cx - sprite.get_width() // 2, cy - sprite.get_height() // 2)))
            # the base and its facing tick stay clear of every label
            clear = r_px * TICK_REACH if look.facing is not None else r_px
            placer.keep_clear((cx - clear, cy - clear, 2 * clear, 2 * clear))
            if r_px >= MIN_NAME_RADIUS_PX and fig.name:
                placer.add(self._sprites.name(fig.name), (cx, cy), clearance=clear)
        surface.blits(bases, doreturn=False)
        if self.name_terrain_on_hover:
            self._draw_hovered_piece(surface, placer)
        if given is None:
            placer.draw()
        else:  # the view's placer takes the map's words too (when they are not baked)
            place_all(placer, self.map_labels(), MAP_LABEL_PRIORITY)


    def terrain_under_cursor(self) -> TerrainPiece | None:
        """The terrain piece under the pointer (the highest where pieces stack), or None."""
        mm = self.cursor_mm()
        if mm is None:
            return None
        key = (round(mm[0], 1), round(mm[1], 1))
        if self._hovered[0] != key:
            point = Point(mm)
            hits = [t for t in self.board.terrain if t.footprint.intersects(point)]
            self._hovered = (key, max(hits, key=lambda t: t.top) if hits else None)
        return self._hovered[1]

    def _draw_hovered_piece(self, surface: pygame.Surface, placer: LabelPlacer) -> None:
        """The piece under the pointer outlined, with its name and height (issue 16: terrain
        a player can read)."""
        piece = self.terrain_under_cursor()
        if piece is None:
            return
        anchor = outline_piece(surface, piece.footprint, self.camera.world_to_screen)
        name = local_name(piece.name, piece.properties) or piece.kind or _("terrain")
        words = _("{name} · {height:.0f} mm high").format(name=name, height=piece.top)
        placer.add(self._sprites.name(words), anchor, clearance=4, priority=HOVER_PRIORITY)


def outline_piece(surface: pygame.Surface, footprint: Any,
                  to_screen: Callable[[float, float], tuple[float, float]],
                  ink: tuple[int, int, int] = HOVER_INK) -> tuple[float, float]:
    """A terrain piece's outline on the table (``to_screen``: its coordinates to pixels); returns
    the middle of its top edge, where its words go (above it: the outline stays in sight)."""
    for shape in getattr(footprint, "geoms", [footprint]):
        ring = getattr(shape, "exterior", None)
        if ring is not None and len(ring.coords) > 2:
            pygame.draw.lines(surface, ink, True, [to_screen(x, y) for x, y in ring.coords], 2)
    x0, y0, x1, y1 = footprint.bounds
    (sx0, sy0), (sx1, sy1) = to_screen(x0, y0), to_screen(x1, y1)
    return (sx0 + sx1) / 2, min(sy0, sy1)


def _fill_around(surface: pygame.Surface, colour: tuple[int, int, int], area: pygame.Rect,
                 hole: pygame.Rect | None) -> None:
    """Fill ``area`` except ``hole`` (up to four strips: cheaper than filling it all)."""
    inner = hole.clip(area) if hole is not None else pygame.Rect(0, 0, 0, 0)
    if inner.width == 0 or inner.height == 0:
        surface.fill(colour, area)
        return
    surface.fill(colour, (area.left, area.top, area.width, inner.top - area.top))
    surface.fill(colour, (area.left, inner.bottom, area.width, area.bottom - inner.bottom))
    surface.fill(colour, (area.left, inner.top, inner.left - area.left, inner.height))
    surface.fill(colour, (inner.right, inner.top, area.right - inner.right, inner.height))
