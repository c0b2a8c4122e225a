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


def offscreen() -> bool:
    """Ready to draw offscreen (the dummy drivers, a hidden display mode); False, with the
    reason on stderr, when pygame cannot draw at all (the command then returns 3). The caller
    quits pygame."""
    use_headless_drivers()
    import pygame

    try:
        ensure_video_mode()
    except pygame.error as exc:
        print(f"tabletop: cannot draw offscreen: {exc}", file=sys.stderr)
        return False
    return True


def save_png(surface: pygame.Surface, path: Path, name: str) -> bool:
    """``surface`` written to ``path`` as a PNG; False, with the reason on stderr, when it cannot
    be (the command then returns 2)."""
    import pygame

    try:
        with open(path, "wb") as handle:
            pygame.image.save(surface, handle, name)
    except (OSError, pygame.error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        print(f"tabletop: cannot write {path}: {reason}", file=sys.stderr)
        return False
    return True


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
    if not offscreen():
        return 3
    import pygame

    from game.ui.figures import FigureSpecError, figures_for_render
    from game.ui.images import SafeImageLoader, load_map

    try:
        loader = SafeImageLoader()
        board = load_map(map_path, loader)
        if board is None:
            return 2
        try:
            chosen = figures_for_render(board, figures)
        except FigureSpecError as exc:
            print(f"tabletop: {exc}", file=sys.stderr)
            return 2
        surface = render_board_to_surface(board, size, chosen, terrain, image_loader=loader)
        for line in loader.missing:
            print(f"{map_path}: warning: image {line}; drawn as a checker", file=sys.stderr)
        if not save_png(surface, output, "render.png"):
            return 2
        print(f"wrote {output} ({size[0]}x{size[1]}, {len(chosen)} figures)")
        return 0
    finally:
        pygame.quit()
