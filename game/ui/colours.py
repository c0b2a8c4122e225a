"""Colours of the screen: side colours (Okabe-Ito), terrain kinds and the chrome.

Plain RGB tuples; no pygame here, so rules and tests can reason about colours too.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

#: The Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
ORANGE: RGB = (0xE6, 0x9F, 0x00)
SKY_BLUE: RGB = (0x56, 0xB4, 0xE9)
BLUISH_GREEN: RGB = (0x00, 0x9E, 0x73)
VERMILLION: RGB = (0xD5, 0x5E, 0x00)
BLUE: RGB = (0x00, 0x72, 0xB2)
REDDISH_PURPLE: RGB = (0xCC, 0x79, 0xA7)
#: the sides' colours, in the order sides take them
OKABE_ITO: tuple[RGB, ...] = (ORANGE, SKY_BLUE, BLUISH_GREEN, VERMILLION, BLUE, REDDISH_PURPLE)
#: A figure without a side.
NO_SIDE: RGB = (0x9A, 0x9A, 0x9A)

BACKGROUND: RGB = (0x26, 0x27, 0x2B)  #: around the table
FLOOR: RGB = (0x8C, 0x7A, 0x62)  #: the table when the map has no tiles
TABLE_EDGE: RGB = (0x14, 0x14, 0x16)
BASE_RIM: RGB = (0x16, 0x16, 0x18)
INK_DARK: RGB = (0x10, 0x10, 0x12)
INK_LIGHT: RGB = (0xF4, 0xF4, 0xF0)
STATUS_BG: RGB = (0x1A, 0x1B, 0x1F)
STATUS_TEXT: RGB = (0xEE, 0xEE, 0xEA)
STATUS_DIM: RGB = (0xA8, 0xAC, 0xB4)
STATUS_WARN: RGB = (0xFF, 0xC8, 0x57)
LABEL_PLATE: RGBA = (0x10, 0x10, 0x12, 0xB4)
#: a thrown, rolled or carried object (a bottle, a chair, a barrel's lid)
OBJECT: RGB = (0xE6, 0xC8, 0x7A)

#: Translucent fills of terrain by kind (alpha is applied by the drawing code).
TERRAIN_KINDS: dict[str, RGB] = {
    "wall": (0x4A, 0x4C, 0x58),
    "door": (0xC9, 0x9A, 0x4E),
    "window": (0x7F, 0xB8, 0xD8),
    "table": (0x9C, 0x5B, 0x2A),
    "bar": (0x7A, 0x3E, 0x1C),
    "counter": (0x7A, 0x3E, 0x1C),
    "bench": (0xC0, 0x84, 0x4A),
    "chair": (0xC0, 0x84, 0x4A),
    "stool": (0xC0, 0x84, 0x4A),
    "barrel": (0xD9, 0xA4, 0x41),
    "crate": (0xB8, 0x8B, 0x3C),
    "stairs": (0xA8, 0xA8, 0xB0),
    "balcony": (0x8E, 0x86, 0xC0),
    "platform": (0x8E, 0x86, 0xC0),
    "chandelier": (0xF0, 0xD0, 0x50),
    "fireplace": (0xD8, 0x50, 0x28),
    "hearth": (0xD8, 0x50, 0x28),
    "rug": (0xB0, 0x38, 0x48),
    "carpet": (0xB0, 0x38, 0x48),
    "water": (0x3C, 0x78, 0xC8),
    "rock": (0x80, 0x80, 0x78),
    "tree": (0x3A, 0x8A, 0x40),
    "forest": (0x3A, 0x8A, 0x40),
    "hill": (0x8A, 0xA0, 0x50),
    "ruin": (0x90, 0x88, 0x80),
}
#: Kinds not listed above take one of these, chosen by a stable hash of the kind.
TERRAIN_FALLBACK: tuple[RGB, ...] = (
    (0x6A, 0x9F, 0xB5), (0xB5, 0x6A, 0x9F), (0x9F, 0xB5, 0x6A),
    (0xB5, 0x9F, 0x6A), (0x6A, 0xB5, 0x9F), (0x9F, 0x6A, 0xB5),
)


def hex_to_rgb(text: str | None, default: RGB) -> RGB:
    """``#rrggbb`` or ``#aarrggbb`` (Tiled writes both) to RGB; ``default`` when unreadable."""
    if not text:
        return default
    digits = text.strip().lstrip("#")
    if len(digits) == 8:
        digits = digits[2:]
    if len(digits) != 6:
        return default
    try:
        value = int(digits, 16)
    except ValueError:
        return default
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def side_colours(sides: Iterable[str]) -> dict[str, RGB]:
    """Each side its Okabe-Ito colour, in order of first appearance (cycling past six)."""
    colours: dict[str, RGB] = {}
    for side in sides:
        if side in colours:
            continue
        if not side:
            colours[side] = NO_SIDE
        else:
            used = sum(1 for s in colours if s)
            colours[side] = OKABE_ITO[used % len(OKABE_ITO)]
    return colours


def terrain_colour(kind: str) -> RGB:
    key = kind.strip().lower()
    if key in TERRAIN_KINDS:
        return TERRAIN_KINDS[key]
    for name, colour in TERRAIN_KINDS.items():  # "stone wall", "long table"
        if name in key:
            return colour
    return TERRAIN_FALLBACK[zlib.crc32(key.encode()) % len(TERRAIN_FALLBACK)]


def _luminance(rgb: RGB) -> float:
    def channel(c: int) -> float:
        v = c / 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(background: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``background``."""
    if contrast_ratio(INK_DARK, background) >= contrast_ratio(INK_LIGHT, background):
        return INK_DARK
    return INK_LIGHT


def darker(rgb: RGB, factor: float = 0.55) -> RGB:
    r, g, b = rgb
    return int(r * factor), int(g * factor), int(b * factor)
