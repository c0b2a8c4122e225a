"""The demonstration sandbox: figures on any map with live sight, cover, ruler, templates,
moves, push-backs and shadows. ``make_sandbox_view`` for the window, ``render_scene`` for PNGs."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.sandbox.view import SandboxView

DEFAULT_SIZE = (1280, 800)


def make_sandbox_view(board_path: Path, size: tuple[int, int] = DEFAULT_SIZE, *,
                      scene_path: Path | None = None,
                      image_loader: Callable[..., Any] | None = None) -> SandboxView:
    """The sandbox on ``board_path`` (any .tmx), starting from ``scene_path`` when given, else
    with the map's spawn points as figures. Raises ``MapError``/``OSError``/``SceneError``."""
    from game.board import load_board
    from game.ui.images import SafeImageLoader
    from game.ui.sandbox.scene import load_scene, scene_from_board
    from game.ui.sandbox.view import SandboxView

    loader = image_loader or SafeImageLoader()
    board = load_board(Path(board_path), image_loader=loader)
    if scene_path is not None:
        scene = load_scene(Path(scene_path))
    else:
        scene = scene_from_board(board, str(Path(board_path).resolve()))
    return SandboxView(board, scene, size, image_loader=loader, scene_path=scene_path)


def render_scene_to_surface(scene_path: Path, size: tuple[int, int] = DEFAULT_SIZE,
                            overlays: Sequence[str] | None = None) -> Any:
    """A saved scene drawn offscreen (needs a video mode: ``ensure_video_mode``)."""
    from dataclasses import replace

    import pygame

    from game.board import load_board
    from game.ui.images import SafeImageLoader
    from game.ui.sandbox.scene import OVERLAYS, load_scene, map_path
    from game.ui.sandbox.view import SandboxView

    scene = load_scene(Path(scene_path))
    if overlays is not None:
        unknown = [o for o in overlays if o not in OVERLAYS]
        if unknown:
            raise ValueError(f"unknown overlay {unknown[0]!r}; choose from {', '.join(OVERLAYS)}")
        scene = replace(scene, overlays=tuple(o for o in OVERLAYS if o in overlays))
    loader = SafeImageLoader()
    board = load_board(map_path(scene, Path(scene_path)), image_loader=loader)
    view = SandboxView(board, scene, size, image_loader=loader, scene_path=Path(scene_path))
    surface = pygame.Surface(view.size)
    view.draw(surface)
    return surface


def render_scene(scene_path: Path, out: Path, size: tuple[int, int] = DEFAULT_SIZE,
                 overlays: Sequence[str] | None = None) -> int:
    """``tabletop render --scene``: 0 written, 2 bad scene/map/output, 3 cannot draw."""
    from game.ui.render import offscreen

    return offscreen(lambda: _render_scene(scene_path, out, size, overlays))


def _render_scene(scene_path: Path, out: Path, size: tuple[int, int],
                  overlays: Sequence[str] | None) -> int:
    from game.core.errors import MapError
    from game.ui.render import write_png
    from game.ui.sandbox.scene import SceneError

    try:
        surface = render_scene_to_surface(scene_path, size, overlays)
    except (SceneError, MapError, ValueError) as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tabletop: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if not write_png(surface, out):
        return 2
    print(f"wrote {out} ({surface.get_width()}x{surface.get_height()})")
    return 0


def _window_size() -> tuple[int, int]:
    import pygame

    surface = pygame.display.get_surface()
    return surface.get_size() if surface is not None else DEFAULT_SIZE


def sandbox_command(map_path: Path, size: tuple[int, int] = DEFAULT_SIZE,
                    scene_path: Path | None = None, max_frames: int | None = None) -> int:
    """``tabletop sandbox MAP [--scene S]``: 0 closed, 2 bad map or scene, 3 without a display."""
    from game.ui.app import in_window

    return in_window(size, lambda: _sandbox(map_path, scene_path, max_frames))


def _sandbox(map_path: Path, scene_path: Path | None, max_frames: int | None) -> int:
    import pygame

    from game.core.errors import MapError
    from game.i18n import _
    from game.ui.app import run_views
    from game.ui.sandbox.scene import SceneError
    from game.ui.view import ViewStack

    try:
        view = make_sandbox_view(map_path, _window_size(), scene_path=scene_path)
    except (MapError, SceneError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{map_path}: error: {exc.strerror or exc}", file=sys.stderr)
        return 2
    pygame.display.set_caption(_("tabletop — sandbox — {title}").format(title=view.board.title))
    from game.ui.sandbox.live import live_sandbox  # saved again in Tiled: the table follows

    run_views(ViewStack(live_sandbox(view, map_path)), max_frames)
    return 0
