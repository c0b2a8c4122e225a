"""The dice tray's frame, the same on every play screen (``TrayFrame``): the active piece's
counter on the left, then the last roll's title and the game's rows of dice; and a die drawn
with its pips (``draw_die``). A game's tray (``ofa/tray.py``, ``hd/tray.py``) fills in its rows.
The frame's words (and a row's words drawn with ``words``) are noted for the glossary's tooltips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _
from game.ui.colours import RGB
from game.ui.play.glossary_tip import Written, draw_text
from game.ui.play.widgets import ACCENT, BIG_PX, DANGER, DIM, PANEL_BG, PANEL_LINE, SMALL_PX, TEXT, Texts, ellipsize

IVORY: RGB = (0xF4, 0xEE, 0xDC)
PIP: RGB = (0x1A, 0x1A, 0x1E)
DIE_PX = 28
POOL_W = 120
#: a tray narrower than this (beside the table) has its counter in a line on top
NARROW_W = 600

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def draw_die(surface: pygame.Surface, x: int, y: int, face: int, *, size: int = DIE_PX,
             red: bool = False, deciding: bool = False) -> None:
    rect = pygame.Rect(x, y, size, size)
    if deciding:
        pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), border_radius=6)
    fill, pip = (DANGER, IVORY) if red else (IVORY, PIP)
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, (0x10, 0x10, 0x12), rect, 1, border_radius=5)
    step = size * 0.27
    r = max(2, round(size * 0.09))
    for px, py in PIPS.get(face, []):
        pygame.draw.circle(surface, pip, (rect.centerx + px * step, rect.centery + py * step), r)


class TrayFrame:
    """The dice tray's frame, the same on every play screen: on the left the active piece's
    counter (its caption, its value, its name), then the last roll's title and the game's rows
    of dice, flowed left to right and top to bottom. A game's tray says what its counter is
    called, how wide a row is and how one is drawn. The picture is kept until what it shows
    (``key``) or the tray's size changes."""

    #: the counter's caption (a msgid)
    caption = ""
    info_w = POOL_W
    die_px = DIE_PX
    row_h = DIE_PX + 12
    gap = 18

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: object = None
        self._picture: pygame.Surface | None = None
        #: the words drawn in the picture and where (noted at each draw for the tooltips)
        self._written = Written()

    def _say(self, pic: pygame.Surface, text: str, x: int, y: int, colour: RGB) -> int:
        """Small ``text`` at (x, y) in the picture (its rule IDs as links), noted; returns its
        width."""
        self._written.add(text, (x, y), SMALL_PX)
        return draw_text(pic, self.texts, None, text, (x, y), SMALL_PX, colour, bg=PANEL_BG)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: object, title: str,
             rows: Sequence[Any], info: tuple[str, object] | None,
             colours: dict[str, RGB]) -> None:
        """``info``: the active piece's name and its counter's value (None: no one active)."""
        full = (key, rect.size)
        if full != self._key or self._picture is None:
            self._key = full
            self._written.clear()
            self._picture = self._render(rect.size, title, rows, info, colours)
        surface.blit(self._picture, rect)
        self._written.note(self.texts.spots, rect)  # its terms explain themselves on hover

    def _render(self, size: tuple[int, int], title: str, rows: Sequence[Any],
                info: tuple[str, object] | None, colours: dict[str, RGB]) -> pygame.Surface:
        pic = pygame.Surface(size)
        pic.fill(PANEL_BG)
        w, h = size
        pygame.draw.line(pic, PANEL_LINE, (0, 0), (w, 0))
        if w < NARROW_W:  # in the column beside the table: the counter in a line on top
            x0, y = 10, self._counter_line(pic, w, info)
        else:
            x0, y = self.info_w + 12, 4
            self._counter_column(pic, h, info)
        heading = _("Last roll: {title}").format(title=title) if title else \
            _("No dice rolled yet.")
        self._say(pic, _fit(self.texts, heading, w - x0 - 8), x0, y, DIM)
        x, y = x0, y + 22
        for whole in rows:
            for row in self.split(whole, w - 8 - x0):
                need = self.row_width(row)
                if x > x0 and x + need > w - 8:
                    x, y = x0, y + self.row_h
                if y + self.die_px > h:
                    return pic
                x = self.draw_row(pic, row, x, y, colours) + self.gap
        return pic

    def _counter_column(self, pic: pygame.Surface, h: int,
                        info: tuple[str, object] | None) -> None:
        """The active piece's counter in a column on the left (caption, value, name)."""
        t = self.texts
        pygame.draw.line(pic, PANEL_LINE, (self.info_w, 6), (self.info_w, h - 6))
        self._say(pic, _(self.caption), 10, 6, DIM)
        if info is not None:
            name, value = info
            big = t.render(str(value), BIG_PX, ACCENT)
            pic.blit(big, (self.info_w - 14 - big.get_width(), 4))
            self._written.add(str(value), (self.info_w - 14 - big.get_width(), 4), BIG_PX)
            self._say(pic, _fit(t, name, self.info_w - 16), 10, h - 26, TEXT)
        else:
            self._say(pic, _("no one active"), 10, h - 26, DIM)

    def _counter_line(self, pic: pygame.Surface, w: int,
                      info: tuple[str, object] | None) -> int:
        """The counter in one line on top (a narrow tray): caption, value, name; returns
        where the line below starts."""
        t = self.texts
        x = 10 + self._say(pic, _(self.caption), 10, 6, DIM) + 10
        if info is None:
            self._say(pic, _fit(t, _("no one active"), w - x - 8), x, 6, DIM)
            return 30
        name, value = info
        big = t.render(str(value), BIG_PX, ACCENT)
        pic.blit(big, (x, 2))
        self._written.add(str(value), (x, 2), BIG_PX)
        x += big.get_width() + 10
        self._say(pic, _fit(t, name, w - x - 8), x, 6, TEXT)
        pygame.draw.line(pic, PANEL_LINE, (6, big.get_height() + 4), (w - 6, big.get_height() + 4))
        return big.get_height() + 8

    def split(self, row: Any, room: int) -> list[Any]:
        """``row`` as the rows it is drawn in when it is wider than ``room`` (a game whose
        rows carry a result may put it on a line of its own)."""
        return [row]

    def words(self, pic: pygame.Surface, text: str, x: int, y: int, colour: RGB = TEXT) -> int:
        """``text`` at ``x`` beside a row of dice at ``y``; returns where it ends."""
        high = self.texts.render(text, SMALL_PX, colour).get_height()
        return x + self._say(pic, text, x, y + (self.die_px - high) // 2, colour)

    def lead(self, pic: pygame.Surface, side: str, label: str, x: int, y: int,
             colours: dict[str, RGB]) -> int:
        """A row's start: its side's stripe and its label; returns where the dice go."""
        if side in colours:
            pygame.draw.rect(pic, colours[side], (x, y + 4, 5, self.die_px - 8))
            x += 9
        return self.words(pic, label, x, y) + 8

    def row_width(self, row: Any) -> int:
        """How wide ``row`` is drawn."""
        raise NotImplementedError

    def draw_row(self, pic: pygame.Surface, row: Any, x: int, y: int,
                 colours: dict[str, RGB]) -> int:
        """Draw ``row`` from ``x``; returns where it ends."""
        raise NotImplementedError


def _fit(texts: Texts, text: str, width: int) -> str:
    return ellipsize(texts, text, width, SMALL_PX)
