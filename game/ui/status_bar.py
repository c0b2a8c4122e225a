"""The status bar along the bottom of the screen: where you are and what the keys do."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.ui.colours import RGB, STATUS_BG, STATUS_DIM, STATUS_TEXT, STATUS_WARN
from game.ui.fonts import Fonts

TEXT_HEIGHT_PX = 17
PADDING_PX = 5
HELP = N_("T terrain · Home fit · wheel zoom · drag pan · Esc quit")
SEPARATOR = "  ·  "


@dataclass(frozen=True)
class StatusInfo:
    title: str
    system: str
    cursor_mm: tuple[float, float] | None
    zoom_percent: float
    fps: float | None
    missing_images: int = 0
    #: the pointer's coordinates and the frame rate, for whoever debugs the screen (F3); never
    #: shown otherwise, so never in a handout or a PNG
    debug: bool = False


def status_segments(info: StatusInfo) -> list[tuple[str, RGB]]:
    """The bar's pieces of text, most important first, with their colours."""
    where = (_("x — y — mm") if info.cursor_mm is None
             else _("x {x:.0f} y {y:.0f} mm").format(x=info.cursor_mm[0], y=info.cursor_mm[1]))
    fps = _("— FPS") if info.fps is None else _("{fps:.0f} FPS").format(fps=info.fps)
    parts: list[tuple[str, RGB]] = [(info.title, STATUS_TEXT)]
    if info.system:
        parts.append((info.system, STATUS_DIM))
    if info.debug:
        parts.append((where, STATUS_TEXT))
    parts.append((_("zoom {pct:.0f}%").format(pct=info.zoom_percent), STATUS_TEXT))
    if info.debug:
        parts.append((fps, STATUS_DIM))
    if info.missing_images:
        n = info.missing_images
        text = _("{n} image missing") if n == 1 else _("{n} images missing")
        parts.append((text.format(n=n), STATUS_WARN))
    parts.append((_(HELP), STATUS_DIM))
    return parts


class StatusBar:
    def __init__(self, fonts: Fonts) -> None:
        self._font = fonts.of_height(TEXT_HEIGHT_PX)
        self.height = self._font.get_height() + 2 * PADDING_PX
        self._drawn: tuple[StatusInfo, int] | None = None
        self._surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, info: StatusInfo) -> None:
        width = surface.get_width()
        if self._drawn != (info, width) or self._surface is None:
            self._surface = self._render(info, width, surface)
            self._drawn = (info, width)
        surface.blit(self._surface, (0, surface.get_height() - self.height))

    def _render(self, info: StatusInfo, width: int, like: pygame.Surface) -> pygame.Surface:
        bar = pygame.Surface((max(1, width), self.height), 0, like)
        bar.fill(STATUS_BG)
        pieces = [self._font.render(text, True, colour, STATUS_BG) for text, colour in status_segments(info)]
        sep = self._font.render(SEPARATOR, True, STATUS_DIM, STATUS_BG)
        help_piece = pieces[-1]
        body = pieces[:-1]
        x = PADDING_PX + 4
        y = PADDING_PX
        for i, piece in enumerate(body):
            if i:
                bar.blit(sep, (x, y))
                x += sep.get_width()
            bar.blit(piece, (x, y))
            x += piece.get_width()
        # the help hint goes at the right when there is room for it
        help_x = width - help_piece.get_width() - PADDING_PX - 4
        if help_x >= x + sep.get_width():
            bar.blit(help_piece, (help_x, y))
        return bar
