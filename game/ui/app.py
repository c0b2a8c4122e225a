"""The window: ``tabletop play``. A loop that only dispatches events to a stack of views."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.display import NO_DISPLAY_MESSAGE, display_available, quiet_pygame_import
from game.ui.view import Quit, ViewStack

if TYPE_CHECKING:
    import pygame

FPS_CAP = 60


def play_command(map_path: Path, size: tuple[int, int]) -> int:
    """``tabletop play``: 0 when the window was closed, 2 for a bad map, 3 without a display."""
    return run_window(map_path, size)


def run_window(map_path: Path, size: tuple[int, int], max_frames: int | None = None) -> int:
    """``play_command`` that can stop by itself after ``max_frames`` frames (for tests)."""
    quiet_pygame_import()
    if not display_available():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 3
    import pygame

    try:
        pygame.display.init()
        pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error:
        pygame.quit()
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 3
    try:
        return _play(map_path, max_frames)
    finally:
        pygame.quit()


def _play(map_path: Path, max_frames: int | None) -> int:
    import pygame

    from game.board import load_board
    from game.core.errors import MapError
    from game.ui.board_view import BoardView
    from game.ui.images import SafeImageLoader

    pygame.font.init()
    pygame.display.set_caption(f"tabletop — loading {map_path.name}")
    loader = SafeImageLoader()
    try:
        board = load_board(map_path, image_loader=loader)
    except MapError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{map_path}: error: {exc.strerror or exc}", file=sys.stderr)
        return 2
    pygame.display.set_caption(f"tabletop — {board.title}")
    view = BoardView(board, _screen().get_size(), image_loader=loader)
    for line in loader.missing:
        print(f"{map_path}: warning: image {line}; drawn as a checker", file=sys.stderr)
    run_views(ViewStack(view), max_frames)
    return 0


def run_views(stack: ViewStack, max_frames: int | None = None, fps: int = FPS_CAP) -> int:
    """Run until the stack is empty (or ``max_frames`` frames); returns the frames drawn.

    Needs a display mode already set. Window close quits whatever the views say.
    """
    import pygame

    clock = pygame.time.Clock()
    size = _screen().get_size()
    if stack.top is not None:
        stack.top.resize(size)
    frames = 0
    dt = 0.0
    while not stack.empty and (max_frames is None or frames < max_frames):
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                stack.apply(Quit(), size)
            elif stack.top is not None:
                stack.apply(stack.top.handle_event(event), size)
            if stack.empty:
                break
        top = stack.top
        if top is None:
            break
        screen = _screen()
        if screen.get_size() != size:
            size = screen.get_size()
            top.resize(size)
        top.update(dt)
        top.draw(screen)
        pygame.display.flip()
        dt = clock.tick(fps) / 1000.0
        frames += 1
    return frames


def _screen() -> pygame.Surface:
    import pygame

    screen = pygame.display.get_surface()
    if screen is None:
        raise RuntimeError("no display mode is set")
    return screen
