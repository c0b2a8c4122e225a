"""The window, run for a few frames on SDL's dummy driver; and what happens with no display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.board.model import Board
from game.ui.app import run_views, run_window
from game.ui.board_view import BoardView
from game.ui.display import NO_DISPLAY_MESSAGE, display_available
from game.ui.view import ViewStack
from tests.ui.mapfiles import write_tile_map

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(headless: None) -> pygame.Surface:
    return pygame.display.set_mode((800, 600), pygame.RESIZABLE)


def test_frames_run_and_events_reach_the_view(window: pygame.Surface, board: Board) -> None:
    view = BoardView(board, window.get_size())
    zoom = view.camera.zoom
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0,
                                         flipped=False))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0))
    frames = run_views(ViewStack(view), max_frames=5, fps=0)
    assert frames == 5
    assert view.show_terrain
    assert view.camera.zoom == pytest.approx(zoom * 1.15**2)
    assert view.status_info().cursor_mm is not None


def test_wheel_zoom_keeps_the_point_under_the_cursor(window: pygame.Surface, board: Board) -> None:
    view = BoardView(board, window.get_size())
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(123, 456), rel=(0, 0), buttons=(0, 0, 0)))
    before = view.camera.screen_to_world(123, 456)
    view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, precise_x=0.0, precise_y=3.0,
                                         flipped=False))
    after = view.camera.screen_to_world(123, 456)
    assert after == pytest.approx(before)


def test_drag_pans_and_home_fits(window: pygame.Surface, board: Board) -> None:
    view = BoardView(board, window.get_size())
    fitted = view.camera
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(450, 320), rel=(50, 20), buttons=(1, 0, 0)))
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(450, 320), button=1))
    assert view.camera.world_to_screen(0, 0) == pytest.approx(
        (fitted.world_to_screen(0, 0)[0] + 50, fitted.world_to_screen(0, 0)[1] + 20))
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    assert view.camera == fitted


def test_arrow_keys_pan_over_time(window: pygame.Surface, board: Board) -> None:
    view = BoardView(board, window.get_size())
    left = view.camera.left
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    view.update(0.1)
    view.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    view.update(0.1)
    assert view.camera.left > left


def test_escape_and_close_quit(window: pygame.Surface, board: Board) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert run_views(ViewStack(BoardView(board, window.get_size())), max_frames=100, fps=0) == 0
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run_views(ViewStack(BoardView(board, window.get_size())), max_frames=100, fps=0) == 0


def test_resize_refits_the_viewport(window: pygame.Surface, board: Board) -> None:
    view = BoardView(board, (800, 600))
    view.resize((1200, 900))
    assert view.camera.viewport[0] == 1200
    surface = pygame.Surface((1200, 900))
    view.draw(surface)


def test_run_window_on_a_map(tmp_path: Path) -> None:
    assert run_window(write_tile_map(tmp_path), (640, 400), max_frames=3) == 0


def test_run_window_bad_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("not xml", encoding="utf-8")
    assert run_window(bad, (640, 400), max_frames=3) == 2
    err = capsys.readouterr().err
    assert "bad.tmx" in err and "Traceback" not in err


def test_display_detection() -> None:
    assert not display_available({}, "linux")
    assert display_available({"DISPLAY": ":0"}, "linux")
    assert display_available({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert display_available({"SDL_VIDEODRIVER": "dummy"}, "linux")
    assert display_available({}, "win32")


def _no_display_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = str(REPO)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection is for Linux")
def test_no_display_message(tmp_path: Path) -> None:
    path = write_tile_map(tmp_path)
    done = subprocess.run([sys.executable, "-m", "game", "play", str(path)], env=_no_display_env(),
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert NO_DISPLAY_MESSAGE in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL driver names are for Linux")
def test_failing_video_driver_gives_the_message_too(tmp_path: Path) -> None:
    env = _no_display_env()
    env["SDL_VIDEODRIVER"] = "no_such_driver"
    code = "from pathlib import Path; from game.ui.app import play_command; " \
           f"raise SystemExit(play_command(Path({str(tmp_path / 'x.tmx')!r}), (320, 200)))"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert NO_DISPLAY_MESSAGE in done.stderr and "Traceback" not in done.stderr
