"""The chrome of the play screen: colours, cached text, buttons, wrapped lines.

Every piece of text is at least 16 px tall (UI guide) and drawn light on the dark chrome.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.colours import RGB, STATUS_DIM, STATUS_TEXT, ink_on
from game.ui.fonts import Fonts

CHROME_BG: RGB = (0x1C, 0x1D, 0x22)
PANEL_BG: RGB = (0x24, 0x25, 0x2B)
PANEL_LINE: RGB = (0x3C, 0x3E, 0x48)
TEXT: RGB = STATUS_TEXT
DIM: RGB = STATUS_DIM
ACCENT: RGB = (0xF0, 0xC0, 0x40)
DANGER: RGB = (0xE8, 0x3A, 0x30)
GOOD: RGB = (0x7C, 0xD6, 0x8C)
BUTTON: RGB = (0x36, 0x38, 0x42)
BUTTON_HOT: RGB = (0x4A, 0x4D, 0x5A)
BUTTON_OFF: RGB = (0x2A, 0x2B, 0x31)
BUTTON_EDGE: RGB = (0x5A, 0x5D, 0x6A)

TEXT_PX = 17
SMALL_PX = 16
TITLE_PX = 20
BIG_PX = 30
MAX_TEXTS = 4096


class Texts:
    """Rendered text, cached by (text, height, colour): drawing a frame renders nothing new."""

    def __init__(self, fonts: Fonts | None = None) -> None:
        self.fonts = fonts or Fonts()
        #: where the words drawn with these texts are noted for the glossary's tooltips and the
        #: rule IDs' links (a ``glossary_tip.Spots``, set by the play shell; None: nowhere)
        self.spots: Any = None
        self._cache: OrderedDict[tuple[str, int, RGB], pygame.Surface] = OrderedDict()

    def font(self, px: int) -> pygame.font.Font:
        return self.fonts.of_height(px)

    def render(self, text: str, px: int = TEXT_PX, colour: RGB = TEXT) -> pygame.Surface:
        key = (text, px, colour)
        found = self._cache.get(key)
        if found is None:
            found = self.font(px).render(text, True, colour)
            self._cache[key] = found
            if len(self._cache) > MAX_TEXTS:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return found

    def width(self, text: str, px: int = TEXT_PX) -> int:
        return self.font(px).size(text)[0]


def wrap(texts: Texts, text: str, width: int, px: int = TEXT_PX) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a long word is cut)."""
    font = texts.font(px)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def ellipsize(texts: Texts, text: str, width: int, px: int = TEXT_PX) -> str:
    font = texts.font(px)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..." if text else ""


#: the rule ID a refusal ends with: "... (OFA-2A.1)"
RULE_TAIL = re.compile(r" \([A-Z]+(?:-[A-Z0-9.]+)+\)$")


def ellipsize_message(texts: Texts, text: str, width: int, px: int = TEXT_PX) -> str:
    """``text`` cut to ``width`` like ``ellipsize``, but a refusal keeps its rule ID at the end:
    "Нельзя: Атос не касается... (OFA-2A.1)"."""
    tail = RULE_TAIL.search(text)
    font = texts.font(px)
    if tail is None or font.size(text)[0] <= width:
        return ellipsize(texts, text, width, px)
    return ellipsize(texts, text[:tail.start()], width - font.size(tail.group(0))[0], px) + tail.group(0)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    key: str  #: what pressing it means to the view
    enabled: bool = True
    colour: RGB | None = None  #: a side colour for the fill, else the chrome's
    hint: str = ""  #: a key shown at the left ("1", "Ctrl+Z")

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def draw_button(surface: pygame.Surface, texts: Texts, button: Button, hot: bool = False,
                px: int = TEXT_PX) -> None:
    if button.colour is not None:
        fill = button.colour
        ink = ink_on(fill)
    else:
        fill = BUTTON_HOT if hot and button.enabled else BUTTON if button.enabled else BUTTON_OFF
        ink = TEXT if button.enabled else DIM
    pygame.draw.rect(surface, fill, button.rect, border_radius=5)
    edge = ACCENT if hot and button.enabled else BUTTON_EDGE
    pygame.draw.rect(surface, edge, button.rect, 2 if hot else 1, border_radius=5)
    x = button.rect.x + 8
    if button.hint:
        hint = texts.render(button.hint, SMALL_PX, ACCENT if button.enabled else DIM)
        surface.blit(hint, (x, button.rect.centery - hint.get_height() // 2))
        x += hint.get_width() + 6
    room = button.rect.right - 8 - x
    label = texts.render(ellipsize(texts, button.label, room, px), px, ink)
    if not button.hint:
        x = button.rect.centerx - label.get_width() // 2
    surface.blit(label, (x, button.rect.centery - label.get_height() // 2))


def button_width(texts: Texts, label: str, hint: str = "", px: int = TEXT_PX) -> int:
    extra = texts.width(hint, SMALL_PX) + 6 if hint else 0
    return texts.width(label, px) + extra + 18


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: RGB = PANEL_BG) -> None:
    surface.fill(fill, rect)
    pygame.draw.rect(surface, PANEL_LINE, rect, 1)
