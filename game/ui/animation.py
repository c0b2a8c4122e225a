"""Physics animations on the board: a :class:`~game.physics.animate.Timeline` drawn over the view.

:class:`AnimationPlayer` plays a timeline one frame per tick (the window runs at 60 FPS, the
timeline's rate); Space or Esc skips to the end. It draws the direction arrow of a push, roll or
throw, a shadow under airborne bodies (thrown objects, falls, leaps), the moving bodies lifted by
the hump of their flight, barrels with staves that turn as they roll. The view leaves the
animated figures out of its own drawing while a timeline plays (``hidden_ids``).
:func:`render_animation_frame` draws frame ``k`` headless, for tests and screenshots.

Body ids of a timeline are matched to the view's figures by name (``Figure.name``); a body with
no figure of that name is drawn in a neutral grey.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.physics.animate import Arrow, Pose, Timeline
from game.ui.camera import Camera
from game.ui.colours import BASE_RIM, INK_LIGHT, NO_SIDE, OBJECT, RGB, VERMILLION, side_colours
from game.ui.figure_sprites import MIN_NAME_RADIUS_PX, BaseLook, FigureSprites
from game.ui.figures import Figure, side_letters
from game.ui.fonts import Fonts

if TYPE_CHECKING:
    from game.board.model import Board

#: keys that skip an animation to its end
SKIP_KEYS = (pygame.K_SPACE, pygame.K_ESCAPE)
#: a body raised by a flight's hump is drawn this many mm higher up the screen per mm
LIFT = 0.6
#: and this much bigger per mm
GROW_PER_MM = 1.0 / 150.0
#: a shadow falls this far down and to the right per mm of height (light from the top left)
SHADOW_SLANT = 0.35
ARROW_COLOUR: RGB = (0xF4, 0xE0, 0x9A)
ARROW_BLOCKED: RGB = VERMILLION
BARREL_WOOD: RGB = (0xB0, 0x7A, 0x3A)
BARREL_HOOP: RGB = (0x3A, 0x2A, 0x1C)
OBJECT_COLOUR: RGB = OBJECT
SHADOW_ALPHA = 110


@dataclass(frozen=True)
class Look:
    """How one body is drawn: its colour and the letter on a figure's base."""

    colour: RGB = NO_SIDE
    letter: str = ""
    facing: float | None = None
    label: str = ""  #: the name shown under a figure (its body id when empty)


def looks_for(figures: Iterable[Figure], colours: Mapping[str, RGB] | None = None,
              letters: Mapping[str, str] | None = None) -> dict[str, Look]:
    """Looks keyed by figure name, with the view's side colours and letters (or fresh ones)."""
    figs = list(figures)
    colours = colours if colours is not None else side_colours(f.side for f in figs)
    letters = letters if letters is not None else side_letters(f.side for f in figs)
    return {f.name: Look(colours.get(f.side, NO_SIDE), letters.get(f.side, ""), f.facing)
            for f in figs}


class AnimationPlayer:
    """Plays a timeline over the board: ``tick`` once per frame, ``draw`` after the figures."""

    def __init__(self, timeline: Timeline, looks: Mapping[str, Look] | None = None,
                 fonts: Fonts | None = None) -> None:
        self.timeline = timeline
        self.looks: dict[str, Look] = dict(looks or {})
        self.k = 0
        self._fonts = fonts or Fonts()
        self._sprites = FigureSprites(self._fonts)

    # ------------------------------------------------------------------ state
    @property
    def done(self) -> bool:
        return self.k >= len(self.timeline) - 1

    @property
    def hidden_ids(self) -> frozenset[str]:
        """Bodies the view should not draw itself while this plays (they are drawn here)."""
        return frozenset(self.timeline.bodies)

    def tick(self) -> bool:
        """Advance one frame; True while frames are left to show."""
        if not self.done:
            self.k += 1
        return not self.done

    def skip(self) -> None:
        self.k = max(0, len(self.timeline) - 1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Space or Esc skip to the end; True when the event was used (the view ignores it)."""
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS and not self.done:
            self.skip()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, camera: Camera, k: int | None = None,
             clip: pygame.Rect | None = None) -> None:
        """Draw frame ``k`` (default: the current one) with ``camera``, inside ``clip``."""
        previous = surface.get_clip()
        if clip is not None:
            surface.set_clip(clip)
        try:
            draw_frame(surface, camera, self.timeline, self.k if k is None else k, self.looks,
                       self._sprites)
        finally:
            surface.set_clip(previous)


def draw_frame(surface: pygame.Surface, camera: Camera, timeline: Timeline, k: int,
               looks: Mapping[str, Look], sprites: FigureSprites) -> None:
    """Arrow, shadows, then the bodies of frame ``k`` (lowest first)."""
    arrow = timeline.arrow_at(k)
    if arrow is not None:
        draw_arrow(surface, camera, arrow)
    frame = timeline.frame(k)
    shadows = timeline.shadow(k)
    zoom = camera.zoom
    for bid, (x, y, ground) in shadows.items():
        info = timeline.bodies.get(bid)
        pose = frame.get(bid)
        if info is None or pose is None:
            continue
        height = max(0.0, pose.z - ground)
        slant = height * SHADOW_SLANT
        _draw_shadow(surface, camera, x + slant, y + slant, info.radius, height)
    order = sorted(frame.items(), key=lambda item: (item[1].z, item[1].y))
    for bid, pose in order:
        info = timeline.bodies.get(bid)
        if info is None:
            continue
        lift = timeline.lift(k, bid)
        sx, sy = camera.world_to_screen(pose.x, pose.y - lift * LIFT)
        grow = 1.0 + lift * GROW_PER_MM
        r_px = max(2, round(info.radius * zoom * grow))
        look = looks.get(bid, Look())
        if info.kind == "figure":
            sprite = sprites.base(BaseLook(r_px, look.colour, look.letter, None if look.facing is None
                                           else round(look.facing) % 360))
            surface.blit(sprite, (round(sx) - sprite.get_width() // 2,
                                  round(sy) - sprite.get_height() // 2))
            if r_px >= MIN_NAME_RADIUS_PX and bid in looks:
                label = sprites.name(look.label or bid)
                surface.blit(label, (round(sx) - label.get_width() // 2, round(sy) + r_px + 3))
        elif info.kind == "barrel":
            _draw_barrel(surface, (sx, sy), r_px, pose)
        else:
            _draw_object(surface, (sx, sy), r_px, pose, look)


def _draw_shadow(surface: pygame.Surface, camera: Camera, x: float, y: float, radius: float,
                 height: float) -> None:
    zoom = camera.zoom
    shrink = 1.0 / (1.0 + height / 80.0)
    w = max(4, round(2.2 * radius * zoom * shrink))
    h = max(3, round(1.4 * radius * zoom * shrink))
    blob = pygame.Surface((w, h), pygame.SRCALPHA)
    alpha = round(SHADOW_ALPHA * (0.5 + 0.5 * shrink))
    pygame.draw.ellipse(blob, (0, 0, 0, alpha), blob.get_rect())
    sx, sy = camera.world_to_screen(x, y)
    surface.blit(blob, (round(sx) - w // 2, round(sy) - h // 2))


def _draw_barrel(surface: pygame.Surface, centre: tuple[float, float], r_px: int,
                 pose: Pose) -> None:
    cx, cy = round(centre[0]), round(centre[1])
    pygame.draw.circle(surface, INK_LIGHT, (cx, cy), r_px + 1)
    pygame.draw.circle(surface, BARREL_HOOP, (cx, cy), r_px)
    pygame.draw.circle(surface, BARREL_WOOD, (cx, cy), max(1, r_px - max(1, r_px // 6)))
    # staves: spokes that turn with the roll
    width = max(1, r_px // 8)
    for i in range(3):
        a = pose.angle + i * math.pi / 3
        dx, dy = math.cos(a) * (r_px - 1), math.sin(a) * (r_px - 1)
        pygame.draw.line(surface, BARREL_HOOP, (cx - dx, cy - dy), (cx + dx, cy + dy), width)
    pygame.draw.circle(surface, BARREL_HOOP, (cx, cy), max(1, r_px // 4))


def _draw_object(surface: pygame.Surface, centre: tuple[float, float], r_px: int, pose: Pose,
                 look: Look) -> None:
    cx, cy = round(centre[0]), round(centre[1])
    colour = look.colour if look.colour != NO_SIDE else OBJECT_COLOUR
    pygame.draw.circle(surface, BASE_RIM, (cx, cy), r_px + 1)
    pygame.draw.circle(surface, colour, (cx, cy), r_px)
    dx, dy = math.cos(pose.angle) * r_px, math.sin(pose.angle) * r_px
    pygame.draw.line(surface, BASE_RIM, (cx, cy), (cx + dx, cy + dy), max(1, r_px // 3))


def draw_arrow(surface: pygame.Surface, camera: Camera, arrow: Arrow) -> None:
    """An arrow along the push, roll or throw direction: dark edge, light core (or vermillion
    for a push that counted as Stunned)."""
    if arrow.length <= 0.0:
        return
    sx, sy = camera.world_to_screen(*arrow.start)
    ux, uy = arrow.direction
    ex, ey = camera.world_to_screen(arrow.start[0] + ux * arrow.length,
                                    arrow.start[1] + uy * arrow.length)
    length_px = math.hypot(ex - sx, ey - sy)
    if length_px < 2:
        return
    head = min(18.0, max(8.0, length_px * 0.25))
    px, py = -uy, ux
    base = (ex - ux * head, ey - uy * head)
    tip = [(ex, ey), (base[0] + px * head * 0.5, base[1] + py * head * 0.5),
           (base[0] - px * head * 0.5, base[1] - py * head * 0.5)]
    colour = ARROW_BLOCKED if arrow.blocked else ARROW_COLOUR
    pygame.draw.line(surface, BASE_RIM, (sx, sy), base, 6)
    pygame.draw.polygon(surface, BASE_RIM, tip, 0)
    pygame.draw.line(surface, colour, (sx, sy), base, 3)
    inner = [(ex - ux * 2, ey - uy * 2),
             (base[0] + px * (head * 0.5 - 2), base[1] + py * (head * 0.5 - 2)),
             (base[0] - px * (head * 0.5 - 2), base[1] - py * (head * 0.5 - 2))]
    pygame.draw.polygon(surface, colour, inner, 0)


def render_animation_frame(
    board: Board,
    timeline: Timeline,
    k: int,
    size: tuple[int, int] = (1280, 800),
    figures: Sequence[Figure] | None = None,
    *,
    show_terrain: bool = False,
    image_loader: Callable[..., Any] | None = None,
) -> pygame.Surface:
    """Frame ``k`` of ``timeline`` drawn over the play screen, headless (``figures=None``: the
    spawns). Figures named like a body of the timeline are drawn where the frame puts them."""
    from game.ui.board_view import BoardView
    from game.ui.figures import figures_from_spawns
    from game.ui.render import ensure_video_mode

    ensure_video_mode()
    everyone = tuple(figures_from_spawns(board) if figures is None else figures)
    colours = side_colours(f.side for f in everyone)
    letters = side_letters(f.side for f in everyone)
    looks = looks_for(everyone, colours, letters)
    hidden = set(timeline.bodies)
    view = BoardView(board, size, [f for f in everyone if f.name not in hidden],
                     show_terrain=show_terrain, image_loader=image_loader)
    view.side_colour, view.side_mark = colours, letters  # as if every figure were there
    surface = pygame.Surface(size)
    view.draw(surface)
    player = AnimationPlayer(timeline, looks)
    player.draw(surface, view.camera, k, pygame.Rect(0, 0, *view.viewport))
    return surface
