"""The window: ``tabletop play``. A loop that only dispatches events to a stack of views."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from game.ui.display import NO_DISPLAY_MESSAGE, display_available, quiet_pygame_import
from game.ui.view import Quit, View, ViewStack

if TYPE_CHECKING:
    import pygame

    from game.board.model import Board
    from game.core.errors import Problem

FPS_CAP = 60
#: makes the main menu for a window of the given size
Home = Callable[[tuple[int, int]], View]
#: sides the AI plays, comma-separated (until ``tabletop play`` has an ``--ai`` option)
AI_ENV = "TABLETOP_AI"


def play_command(map_path: Path, size: tuple[int, int], ai: Sequence[str] | None = None,
                 mode: str = "teaching", home: Home | None = None,
                 players: int | None = None) -> int:
    """``tabletop play``: 0 when the window was closed, 2 for a bad map, 3 without a display.

    ``ai``: the sides the AI plays on a map with a play screen (default: ``$TABLETOP_AI``);
    ``mode``: "teaching" or "strict"; ``home(size)``: the main menu the game menu's "Main menu"
    opens (None: that choice closes the window).
    """
    return run_window(map_path, size, ai=ai, mode=mode, home=home, players=players)


def ai_sides_from_env(environ: dict[str, str] | None = None) -> list[str]:
    text = (os.environ if environ is None else environ).get(AI_ENV, "")
    return [s.strip() for s in text.split(",") if s.strip()]


def run_window(map_path: Path, size: tuple[int, int], max_frames: int | None = None,
               ai: Sequence[str] | None = None, mode: str = "teaching",
               home: Home | None = None, players: int | None = None) -> int:
    """``play_command`` that can stop by itself after ``max_frames`` frames (for tests)."""
    sides = ai_sides_from_env() if ai is None else list(ai)
    return in_window(size, lambda: _play(map_path, max_frames, sides, mode, home, players))


def in_window(size: tuple[int, int], body: Callable[[], int]) -> int:
    """Open a resizable window of ``size`` (fonts and the reader's language loaded), run ``body``
    in it and close pygame after, whatever happens: ``body``'s exit code, or 3, said on the
    terminal, when there is no display to open the window on. What every windowed command
    (``tabletop play``, ``menu``, ``sandbox``) starts with."""
    quiet_pygame_import()
    if not display_available():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 3
    import pygame

    from game.i18n import load_language

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
        return body()
    finally:
        pygame.quit()


def _play(map_path: Path, max_frames: int | None, ai: Sequence[str] = (),
          mode: str = "teaching", home: Home | None = None, players: int | None = None) -> int:
    import pygame

    from game.board.names import local_title
    from game.i18n import _
    from game.ui.board_view import BoardView
    from game.ui.images import command_board, warn_missing_pictures

    pygame.display.set_caption(_("tabletop — loading {map}").format(map=map_path.name))
    read = command_board(map_path)
    if read is None:
        return 2
    board, loader = read
    refusal = scenario_refusal(map_path, board)
    if refusal:
        return 2
    starts = sum(1 for spawn in board.spawns if spawn.side)
    if players is not None and board.system == "relic" and players > starts:
        print(f"{map_path}: error: --players {players}, but the board has {starts} start(s): "
              f"play with --players {starts} or fewer, or add starts in Tiled", file=sys.stderr)
        return 2
    pygame.display.set_caption(_("tabletop — {title}").format(
        title=local_title(board.title, board.properties)))
    view: View | None = _play_view(map_path, board, loader, ai, mode=mode, players=players)
    if view is None:
        view = BoardView(board, _screen().get_size(), image_loader=loader)
        view.name_terrain_on_hover = True
    warn_missing_pictures(map_path, loader)
    from game.ui.live_map import live_game  # saved again in Tiled: the screen follows

    view = live_game(view, map_path, lambda b, lo, sides: _play_view(
        map_path, b, lo, sides, mode=mode, offer_resume=False, players=players))
    run_views(ViewStack(view, home=home), max_frames)
    return 0


def scenario_refusal(map_path: Path, board: Board) -> list[Problem]:
    """The errors that refuse a play screen for the map (``tabletop validate``'s game lines),
    each said on the terminal; [] when its game can start."""
    from game.rules.scenario_check import scenario_errors

    errors = scenario_errors(board, str(map_path))
    for problem in errors:
        print(problem.line(), file=sys.stderr)
    return errors


def _play_view(map_path: Path, board: Board, loader: Callable[..., Any],
               ai: Sequence[str], *, mode: str = "teaching", offer_resume: bool = True,
               players: int | None = None) -> View | None:
    """The play screen of the map's rule system, or None (the plain board view) when it has
    none or the map cannot start a game of it.

    When the map's autosave holds a game (the program was closed or killed during it), the
    screen opens with a card offering to resume it (``offer_resume``; off when the caller
    loads the autosave itself)."""
    from game.ui.play import has_play_view

    if players is not None and board.system != "relic":
        print(f"{map_path}: warning: --players is for Relic; a {board.system or 'plain'} map plays "
              "its own sides", file=sys.stderr)
    if not has_play_view(board):
        if ai:
            print(f"{map_path}: warning: no play screen for system {board.system!r}; "
                  "the AI option is ignored", file=sys.stderr)
        return None
    if board.system in PLAY_VIEW_FACTORIES:
        module, name = PLAY_VIEW_FACTORIES[board.system]
        factory = getattr(importlib.import_module(module), name)
        try:
            seats = {"players": players} if players is not None and board.system == "relic" else {}
            made = cast(View, factory(map_path, _screen().get_size(), ai_sides=tuple(ai),
                                      image_loader=loader, mode=mode, board=board, **seats))
        except (ValueError, KeyError, OSError) as exc:
            print(f"{map_path}: warning: cannot start a game here ({exc}); showing the board",
                  file=sys.stderr)
            return None
        return _offering_resume(made) if offer_resume else made
    from game.ui.play import user_dirs
    from game.ui.play.ofa.session import PlaySession, map_setting, new_match
    from game.ui.play.ofa.view import OFAPlayView

    saves = user_dirs.saves_dir()
    try:
        match = new_match(map_path, autosave=user_dirs.autosave_path(saves, map_setting(map_path)),
                          mode=mode)
    except (ValueError, KeyError, OSError) as exc:
        print(f"{map_path}: warning: cannot start a game here ({exc}); showing the board",
              file=sys.stderr)
        return None
    sides = match.state.sides
    unknown = [s for s in ai if s not in sides]
    if unknown:
        print(f"{map_path}: warning: no side {', '.join(map(repr, unknown))} for the AI; "
              f"the sides are {', '.join(sides)}", file=sys.stderr)
    session = PlaySession(match, board, ai_sides=[s for s in ai if s in sides])
    view = OFAPlayView(session, board, _screen().get_size(), image_loader=loader, save_dir=saves)
    return _offering_resume(view) if offer_resume else view


def _offering_resume(view: View) -> View:
    """``view``, showing the resume card when its map's autosave holds a game."""
    match = getattr(getattr(view, "session", None), "match", None)
    commands = autosaved_commands(getattr(match, "autosave_path", None))
    offer = getattr(view, "offer_resume", None)
    if commands and offer is not None:
        offer(commands)
    return view


def autosaved_commands(path: Path | None) -> int:
    """How many commands an unfinished autosaved game holds (0: nothing worth offering)."""
    if path is None or not path.is_file():
        return 0
    from game.rules.engine import SaveError, saves

    try:
        doc = saves.read(path)
    except SaveError:
        return 0
    commands = doc.get("commands")
    return len(commands) if isinstance(commands, list) else 0


#: rule systems whose play screen is built by a factory
#: ``f(map, size, ai_sides=, image_loader=, mode=, board=)``
PLAY_VIEW_FACTORIES: dict[str, tuple[str, str]] = {
    "mice_and_mystics": ("game.ui.play.mm.view", "make_mm_view"),
    "relic": ("game.ui.play.relic.view", "make_relic_view"),
    "helldorado": ("game.ui.play.hd.view", "make_hd_view"),
}


def run_views(stack: ViewStack, max_frames: int | None = None, fps: int = FPS_CAP) -> int:
    """Run until the stack is empty (or ``max_frames`` frames); returns the frames drawn.

    Needs a display mode already set. Window close quits whatever the views say.
    """
    from game.ui import table_cache

    live = table_cache.QUICK_WHILE_ZOOMING
    table_cache.QUICK_WHILE_ZOOMING = True  # a resize storm scales the table's last picture
    try:
        return _loop(stack, max_frames, fps)
    finally:
        table_cache.QUICK_WHILE_ZOOMING = live


def _loop(stack: ViewStack, max_frames: int | None, fps: int) -> int:
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
