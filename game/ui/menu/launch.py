"""``tabletop menu``: the main menu in a window, wired to the play screen and the sandbox."""

from __future__ import annotations

import sys
from pathlib import Path

from game.ui.menu import MenuChoice, make_menu_view
from game.ui.view import View

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps"


def start_view(choice: MenuChoice, size: tuple[int, int]) -> View | None:
    """The play screen of the chosen scenario (the board view when its system has none).

    ``choice.ai`` gives the AI the last side of the map; ``load`` starts from the scenario's
    autosave when there is one (else a new game shows the resume card when the autosave holds
    a game); ``teaching`` picks teaching or strict mode.
    """
    from game.board import load_board
    from game.core.errors import MapError
    from game.ui.app import _play_view
    from game.ui.board_view import BoardView
    from game.ui.images import SafeImageLoader

    loader = SafeImageLoader()
    try:
        board = load_board(choice.scenario.path, image_loader=loader)
    except (MapError, OSError) as exc:
        print(f"{choice.scenario.path}: {exc}", file=sys.stderr)
        return None
    sides = list(dict.fromkeys(s.side for s in board.spawns if s.side))
    ai = sides[-1:] if choice.ai else []
    try:
        view = _play_view(choice.scenario.path, board, loader, ai,
                          mode="teaching" if choice.teaching else "strict",
                          offer_resume=not choice.load)
    except Exception as exc:  # noqa: BLE001 - a broken scenario must not close the menu
        print(f"{choice.scenario.path}: cannot start: {exc}", file=sys.stderr)
        return None
    if view is None:
        return BoardView(board, size, image_loader=loader)
    if choice.load:
        _load_autosave(view)
    return view


def _load_autosave(view: object) -> bool:
    """Load the play screen's autosave when it has one (its own ``load``, as its menu does)."""
    session = getattr(view, "session", None)
    path = getattr(getattr(session, "match", None), "autosave_path", None)
    loader = getattr(view, "load", None)
    if path is None or loader is None or not Path(path).is_file():
        return False
    return bool(loader(path))


def sandbox_view(map_path: Path, size: tuple[int, int]) -> View | None:
    from game.core.errors import MapError
    from game.ui.sandbox import make_sandbox_view

    try:
        return make_sandbox_view(map_path, size)
    except (MapError, OSError) as exc:
        print(f"{map_path}: {exc}", file=sys.stderr)
        return None


def menu_command(size: tuple[int, int] = (1280, 800), maps_dir: Path = MAPS_DIR,
                 max_frames: int | None = None) -> int:
    """0 when closed, 3 without a display."""
    from game.ui.display import NO_DISPLAY_MESSAGE, display_available, quiet_pygame_import

    quiet_pygame_import()
    if not display_available():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 3
    import pygame

    from game.i18n import load_language
    from game.ui.app import run_views
    from game.ui.view import ViewStack

    try:
        pygame.display.init()
        pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error:
        pygame.quit()
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 3
    try:
        pygame.font.init()
        load_language()
        run_views(ViewStack(main_menu_view(_screen_size(), maps_dir)), max_frames)
        return 0
    finally:
        pygame.quit()


def main_menu_view(size: tuple[int, int], maps_dir: Path = MAPS_DIR) -> View:
    """The main menu in the window (which must be open), starting games and the sandbox in it:
    what ``tabletop menu`` opens, and what "Main menu" opens from a game started directly."""
    import pygame

    pygame.display.set_caption("tabletop")
    return make_menu_view(maps_dir, size, start=lambda c: start_view(c, _screen_size()),
                          sandbox=lambda p: sandbox_view(p, _screen_size()))


def _screen_size() -> tuple[int, int]:
    import pygame

    surface = pygame.display.get_surface()
    return surface.get_size() if surface is not None else (1280, 800)
