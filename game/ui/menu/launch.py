"""``tabletop menu``: the main menu in a window, wired to the play screen, the sandbox and the
lessons; ``tabletop learn SYSTEM``: a lesson in a window, its "full scenario" the map's play
screen and its "main menu" this menu."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from game.board.maps import MAPS_DIR
from game.ui.menu import MenuChoice, Scenario, make_menu_view
from game.ui.view import View


def start_view(choice: MenuChoice, size: tuple[int, int]) -> View | None:
    """The play screen of the chosen scenario (the board view when its system has none);
    ``ScenarioRefused`` with the game's errors when its game cannot start as the map is.

    ``choice.ai`` gives the AI the last side of the map; ``load`` starts from the scenario's
    autosave when there is one (else a new game shows the resume card when the autosave holds
    a game); ``teaching`` picks teaching or strict mode.
    """
    from game.board import load_board
    from game.core.errors import MapError
    from game.rules.scenario_check import ScenarioRefused
    from game.ui.app import _play_view, scenario_refusal
    from game.ui.board_view import BoardView
    from game.ui.images import SafeImageLoader

    loader = SafeImageLoader()
    try:
        board = load_board(choice.scenario.path, image_loader=loader)
    except (MapError, OSError) as exc:
        print(f"{choice.scenario.path}: {exc}", file=sys.stderr)
        return None
    refusal = scenario_refusal(choice.scenario.path, board)
    if refusal:  # the menu shows the lines on its card instead of a game, never a plain board
        raise ScenarioRefused(refusal)
    sides = list(dict.fromkeys(s.side for s in board.spawns if s.side))
    if choice.players and board.system == "relic":  # Relic seats the first N starts
        sides = sorted(sides)[:choice.players]
    ai = sides[-1:] if choice.ai else []
    try:
        view = _play_view(choice.scenario.path, board, loader, ai,
                          mode="teaching" if choice.teaching else "strict",
                          offer_resume=not choice.load, players=choice.players or None)
    except Exception as exc:  # noqa: BLE001 - a broken scenario must not close the menu
        print(f"{choice.scenario.path}: cannot start: {exc}", file=sys.stderr)
        return None
    if view is None:
        view = BoardView(board, size, image_loader=loader)
    elif choice.load:
        _load_autosave(view)
    from game.ui.live_map import live_game  # saved again in Tiled: the screen follows

    mode = "teaching" if choice.teaching else "strict"
    return live_game(view, choice.scenario.path, lambda b, lo, sides: _play_view(
        choice.scenario.path, b, lo, sides, mode=mode, offer_resume=False,
        players=choice.players or None))


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
    from game.ui.sandbox.live import live_sandbox

    try:
        return live_sandbox(make_sandbox_view(map_path, size), map_path)
    except (MapError, OSError) as exc:
        print(f"{map_path}: {exc}", file=sys.stderr)
        return None


def learn_view(system: str, size: tuple[int, int]) -> View | None:
    """The lesson of ``system`` (None, said on the terminal, when it cannot start); its
    "full scenario" is a new game of the lesson's map in teaching mode, hot-seat."""
    from game.board import map_path
    from game.lessons import LessonError
    from game.ui.images import SafeImageLoader
    from game.ui.learn import make_learn_view

    def full_game(lesson_system: str) -> View | None:
        from game.lessons import load_lesson
        from game.rules.scenario_check import ScenarioRefused

        path = map_path(load_lesson(lesson_system).map)
        try:
            return start_view(MenuChoice(Scenario(path, path.stem, lesson_system)), _screen_size())
        except ScenarioRefused:  # its lines are said on the terminal
            return None

    try:
        return make_learn_view(system, size, full_game=full_game, image_loader=SafeImageLoader())
    except (KeyError, LessonError, OSError, ValueError) as exc:
        print(f"tabletop learn: cannot start the lesson of {system!r}: {exc}", file=sys.stderr)
        return None


def learn_command(system: str, size: tuple[int, int] = (1280, 800), *, lang: str | None = None,
                  max_frames: int | None = None) -> int:
    """``tabletop learn SYSTEM``: 0 when closed, 2 for a system without a lesson, 3 without a
    display. ``lang``: the language for this run (None: the remembered one)."""
    from game.lessons import available
    from game.ui.app import in_window, run_views
    from game.ui.view import ViewStack

    if system not in available():
        print(f"tabletop learn: no lesson for {system!r}; lessons: {', '.join(available())}",
              file=sys.stderr)
        return 2

    def lesson() -> int:
        import pygame

        from game.i18n import set_language

        if lang is not None:
            set_language(lang)
        pygame.display.set_caption("tabletop")
        view = learn_view(system, _screen_size())
        if view is None:
            return 2
        run_views(ViewStack(view, home=main_menu_view), max_frames)
        return 0

    return in_window(size, lesson)


def menu_command(size: tuple[int, int] = (1280, 800), maps_dir: Path = MAPS_DIR,
                 max_frames: int | None = None, user_maps: Path | None = None) -> int:
    """0 when closed, 3 without a display. ``user_maps``: the player's own maps folder
    (None: the usual one, ``user_dirs.maps_dir``)."""
    from game.ui.app import in_window, run_views
    from game.ui.view import ViewStack

    def menu() -> int:
        run_views(ViewStack(main_menu_view(_screen_size(), maps_dir, user_maps)), max_frames)
        return 0

    return in_window(size, menu)


def main_menu_view(size: tuple[int, int], maps_dir: Path = MAPS_DIR,
                   user_maps: Path | None = None) -> View:
    """The main menu in the window (which must be open), starting games and the sandbox in it:
    what ``tabletop menu`` opens, and what "Main menu" opens from a game started directly. It
    lists the player's own maps too (``user_maps``, else ``user_dirs.maps_dir()``; the folder
    is made when it is missing, so the player finds it where the menu says)."""
    import pygame

    from game.ui.play import user_dirs

    mine = user_maps if user_maps is not None else user_dirs.maps_dir()
    with contextlib.suppress(OSError):  # a folder not made lists nothing; the menu names it
        mine.mkdir(parents=True, exist_ok=True)
    pygame.display.set_caption("tabletop")
    return make_menu_view(maps_dir, size, start=lambda c: start_view(c, _screen_size()),
                          sandbox=lambda p: sandbox_view(p, _screen_size()),
                          learn=lambda s: learn_view(s, _screen_size()), maps_folder=mine)


def _screen_size() -> tuple[int, int]:
    import pygame

    surface = pygame.display.get_surface()
    return surface.get_size() if surface is not None else (1280, 800)
