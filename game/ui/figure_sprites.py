"""Pictures of figures: a round base in the side colour with a dark rim, the side's letter,
a facing tick, and the figure's name on a plate below. Each picture is drawn once per size."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.colours import BASE_RIM, INK_LIGHT, LABEL_PLATE, RGB, ink_on
from game.ui.fonts import Fonts
from game.ui.labels import plate

#: Below this base radius on screen (px) the letter is left out, below the next the name.
MIN_LETTER_RADIUS_PX = 7
MIN_NAME_RADIUS_PX = 5
NAME_HEIGHT_PX = 14
#: The facing tick reaches this far out, in base radii.
TICK_REACH = 1.55
MAX_CACHED = 1024


@dataclass(frozen=True)
class BaseLook:
    radius_px: int
    colour: RGB
    letter: str
    facing: float | None  #: degrees clockwise from east, rounded


class FigureSprites:
    def __init__(self, fonts: Fonts) -> None:
        self._fonts = fonts
        self._bases: dict[BaseLook, pygame.Surface] = {}
        self._names: dict[str, pygame.Surface] = {}

    def base(self, look: BaseLook) -> pygame.Surface:
        """The base picture; its centre is the base centre."""
        sprite = self._bases.get(look)
        if sprite is None:
            if len(self._bases) >= MAX_CACHED:
                self._bases.clear()
            sprite = _draw_base(look, self._fonts)
            self._bases[look] = sprite
        return sprite

    def name(self, text: str) -> pygame.Surface:
        sprite = self._names.get(text)
        if sprite is None:
            if len(self._names) >= MAX_CACHED:
                self._names.clear()
            sprite = plate(self._fonts.of_height(NAME_HEIGHT_PX), text, INK_LIGHT, LABEL_PLATE)
            self._names[text] = sprite
        return sprite


def _draw_base(look: BaseLook, fonts: Fonts) -> pygame.Surface:
    r = max(2, look.radius_px)
    half = math.ceil(r * TICK_REACH) + 3
    ss = 4 if r < 40 else 2 if r < 120 else 1  # supersampling for smooth edges
    big = pygame.Surface((2 * half * ss, 2 * half * ss), pygame.SRCALPHA)
    c = half * ss
    R = r * ss
    rim = max(ss, round(max(1.5, r * 0.14) * ss))
    # a faint light halo first, so a dark rim still shows on a dark floor
    pygame.draw.circle(big, (*INK_LIGHT, 150), (c, c), R + max(ss, ss * r // 16))
    pygame.draw.circle(big, BASE_RIM, (c, c), R)
    pygame.draw.circle(big, look.colour, (c, c), R - rim)
    if look.facing is not None:
        _draw_facing(big, c, R, look.facing, ss, inner_tick=not (look.letter and r >= MIN_LETTER_RADIUS_PX))
    sprite = pygame.transform.smoothscale(big, (2 * half, 2 * half)) if ss > 1 else big
    if look.letter and r >= MIN_LETTER_RADIUS_PX:
        font = fonts.of_height(max(8, round(r * (1.05 if len(look.letter) == 1 else 0.8))))
        glyph = font.render(look.letter, True, ink_on(look.colour))
        sprite.blit(glyph, glyph.get_rect(center=(half, half + 1)))
    return sprite


def _draw_facing(big: pygame.Surface, c: int, R: float, facing: float, ss: int, inner_tick: bool) -> None:
    """An arrowhead on the rim pointing the way the figure faces, with a light edge, and a tick
    inside the base when no letter is drawn there."""
    a = math.radians(facing)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux

    def at(along: float, across: float) -> tuple[float, float]:
        return c + ux * along + px * across, c + uy * along + py * across

    halo = max(ss, R * 0.09)
    tip = R * TICK_REACH
    root = R * 0.80
    half = R * 0.36
    pygame.draw.polygon(big, (*INK_LIGHT, 230),
                        [at(root - halo, half + halo), at(tip + 1.6 * halo, 0), at(root - halo, -half - halo)])
    pygame.draw.polygon(big, BASE_RIM, [at(root, half), at(tip, 0), at(root, -half)])
    if not inner_tick:
        return
    width = max(ss, round(R * 0.12))
    pygame.draw.line(big, BASE_RIM, at(0, 0), at(R, 0), width)
