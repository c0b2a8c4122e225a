"""Headless renders: the play screen drawn offscreen into a PNG, exactly as the window shows it.

``render_command`` is ``tabletop render``; ``render_board_to_surface`` is the same for Python
callers (tests, tools). pygame is imported only after SDL is told to use its dummy drivers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ui.display import use_headless_drivers

if TYPE_CHECKING:
    import pygame

    from game.board.model import Board
    from game.ui.figures import Figure

DEFAULT_SIZE = (1280, 800)


def ensure_video_mode() -> None:
    """pygame needs a display mode before it can convert pictures; make a hidden 1x1 one."""
    import pygame

    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)
    if not pygame.font.get_init():
        pygame.font.init()


def render_board_to_surface(
    board: Board,
    size: tuple[int, int] = DEFAULT_SIZE,
    figures: Sequence[Figure] | None = None,
    show_terrain: bool = False,
    *,
    image_loader: Callable[..., Any] | None = None,
) -> pygame.Surface:
    """One frame of the play screen, fitted to the table. ``figures=None`` uses the spawns."""
    import pygame

    from game.ui.board_view import BoardView

    ensure_video_mode()
    view = BoardView(board, size, figures, show_terrain=show_terrain, image_loader=image_loader)
    surface = pygame.Surface(size)
    view.draw(surface)
    return surface


def render_command(map_path: Path, output: Path, size: tuple[int, int],
                   figures: list[str] | None, terrain: bool) -> int:
    use_headless_drivers()
    import pygame

    from game.board import load_board
    from game.core.errors import MapError
    from game.ui.figures import FigureSpecError, figures_for_render
    from game.ui.images import SafeImageLoader

    try:
        ensure_video_mode()
    except pygame.error as exc:
        print(f"tabletop: cannot draw offscreen: {exc}", file=sys.stderr)
        return 3
    try:
        loader = SafeImageLoader()
        try:
            board = load_board(map_path, image_loader=loader)
        except MapError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"{map_path}: error: {exc.strerror or exc}", file=sys.stderr)
            return 2
        try:
            chosen = figures_for_render(board, figures)
        except FigureSpecError as exc:
            print(f"tabletop: {exc}", file=sys.stderr)
            return 2
        surface = render_board_to_surface(board, size, chosen, terrain, image_loader=loader)
        for line in loader.missing:
            print(f"{map_path}: warning: image {line}; drawn as a checker", file=sys.stderr)
        try:
            with open(output, "wb") as handle:
                pygame.image.save(surface, handle, "render.png")
        except (OSError, pygame.error) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            print(f"tabletop: cannot write {output}: {reason}", file=sys.stderr)
            return 2
        print(f"wrote {output} ({size[0]}x{size[1]}, {len(chosen)} figures)")
        return 0
    finally:
        pygame.quit()
