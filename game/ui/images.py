"""A pytmx image loader that never raises: a missing or unreadable picture becomes a visible
magenta-and-black checker, and the problem is remembered for the status bar."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pytmx.util_pygame import pygame_image_loader

if TYPE_CHECKING:
    from game.board.model import Board

PLACEHOLDER_A = (255, 0, 255)
PLACEHOLDER_B = (0, 0, 0)
#: Size of a placeholder when nothing says how big the picture should be.
DEFAULT_PLACEHOLDER_SIZE = (32, 32)

TileLoader = Callable[..., pygame.Surface]


def checker(size: tuple[int, int], cell: int = 8) -> pygame.Surface:
    """A magenta/black checker: the universal 'picture missing' sign."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surface = pygame.Surface((w, h))
    surface.fill(PLACEHOLDER_B)
    cell = max(2, min(cell, max(w, h) // 2 or 2))
    for y in range(0, h, cell):
        for x in range((y // cell) % 2 * cell, w, 2 * cell):
            surface.fill(PLACEHOLDER_A, (x, y, cell, cell))
    return surface


class SafeImageLoader:
    """Use as ``load_board(path, image_loader=SafeImageLoader())``.

    Needs a display mode set first (pytmx converts images for the screen format).
    ``missing`` lists one line per picture that could not be read.
    """

    def __init__(self, inner: Callable[..., TileLoader] = pygame_image_loader) -> None:
        self._inner = inner
        self.missing: list[str] = []
        self._failed_tiles: set[str] = set()

    def _note(self, filename: str, reason: str) -> None:
        line = f"{os.path.basename(filename) or filename}: {reason}"
        if line not in self.missing:
            self.missing.append(line)

    def __call__(self, filename: str, colorkey: Any = None, **kwargs: Any) -> TileLoader:
        tileset = kwargs.get("tileset")
        fallback = (int(getattr(tileset, "tilewidth", 0) or DEFAULT_PLACEHOLDER_SIZE[0]),
                    int(getattr(tileset, "tileheight", 0) or DEFAULT_PLACEHOLDER_SIZE[1]))
        try:
            if os.path.isdir(filename):
                raise IsADirectoryError(f"'{filename}' is a folder")
            inner = self._inner(filename, colorkey, **kwargs)
        except (pygame.error, OSError, ValueError, TypeError) as exc:
            self._note(filename, _reason(exc))
            return _placeholder_loader(fallback)

        def load(rect: Any = None, flags: Any = None) -> pygame.Surface:
            try:
                return inner(rect, flags)
            except (pygame.error, ValueError, TypeError) as exc:
                if filename not in self._failed_tiles:
                    self._failed_tiles.add(filename)
                    # the terminal's warnings: not shown on the screen, so English
                    why = f"a tile lies outside the picture ({_reason(exc)})"  # i18n: not shown
                    self._note(filename, why)
                size = (rect[2], rect[3]) if rect else fallback
                return checker(size)

        return load


def _placeholder_loader(size: tuple[int, int]) -> TileLoader:
    def load(rect: Any = None, flags: Any = None) -> pygame.Surface:
        return checker((rect[2], rect[3]) if rect else size)

    return load


def _reason(exc: BaseException) -> str:
    if isinstance(exc, FileNotFoundError):
        return "not found"  # i18n: not shown (the terminal's warnings)
    if isinstance(exc, IsADirectoryError):
        return "is a folder"  # i18n: not shown
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:120]


def play_board(path: Path, board: Board | None = None,
               image_loader: Callable[..., Any] | None = None) -> tuple[Board, Callable[..., Any]]:
    """The board a play screen shows and the loader of its pictures: ``board`` when the caller
    has read the map already (``tabletop play`` has), else the map at ``path`` read with
    ``image_loader`` (default: a ``SafeImageLoader``, a checker where a picture is missing)."""
    loader = image_loader if image_loader is not None else SafeImageLoader()
    if board is None:
        from game.board import load_board

        board = load_board(Path(path), image_loader=loader)
    return board, loader
