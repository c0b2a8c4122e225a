"""Headless renders: PNGs of the requested size that show the table and the figures."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board import load_board
from game.board.model import Board
from game.ui.colours import OKABE_ITO
from game.ui.figures import Figure
from game.ui.images import PLACEHOLDER_A, SafeImageLoader
from game.ui.render import render_board_to_surface, render_command
from tests.ui.mapfiles import GREEN, RED, write_tile_map

REPO = Path(__file__).resolve().parents[2]
TAVERN = REPO / "maps" / "tavern.tmx"


def colours_of(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}


def screen_of(board: Board, size: tuple[int, int], x_mm: float, y_mm: float) -> tuple[int, int]:
    """Where the fitted play view puts a world point (same camera as the render)."""
    from game.ui.board_view import BoardView

    view = BoardView(board, size, ())
    sx, sy = view.camera.world_to_screen(x_mm, y_mm)
    return round(sx), round(sy)


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 6) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a[:3], b[:3], strict=True))


def test_render_constructed_board(headless: None, board: Board, tmp_path: Path) -> None:
    surface = render_board_to_surface(board, (960, 600))
    out = tmp_path / "board.png"
    pygame.image.save(surface, str(out))
    loaded = pygame.image.load(str(out))
    assert loaded.get_size() == (960, 600)
    assert len(colours_of(loaded)) > 10
    # the first side (Orcs) is orange; Brakka stands at (150, 120) mm, alone on the floor
    x, y = screen_of(board, (960, 600), 150, 120)
    assert close(loaded.get_at((x, y + 4)), OKABE_ITO[0])  # just below the letter
    x, y = screen_of(board, (960, 600), 620, 300)  # Aldric, Knights: sky blue
    assert close(loaded.get_at((x, y + 6)), OKABE_ITO[1])


def test_terrain_overlay_changes_the_picture(headless: None, board: Board) -> None:
    plain = render_board_to_surface(board, (640, 400), figures=())
    marked = render_board_to_surface(board, (640, 400), figures=(), show_terrain=True)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB")


def test_given_figures_replace_the_spawns(headless: None, board: Board) -> None:
    fig = Figure("Solo", "Lone", 457, 80, 20.0)
    surface = render_board_to_surface(board, (640, 400), figures=[fig])
    x, y = screen_of(board, (640, 400), 457, 80)
    assert close(surface.get_at((x, y + 5)), OKABE_ITO[0])


def test_tiles_and_tile_objects_are_drawn(headless: None, tmp_path: Path) -> None:
    path = write_tile_map(tmp_path)
    loader = SafeImageLoader()
    board = load_board(path, image_loader=loader)
    surface = render_board_to_surface(board, (800, 600), figures=(), image_loader=loader)
    assert loader.missing == []
    mm = board.mm_per_px
    assert close(surface.get_at(screen_of(board, (800, 600), 16 * mm, 16 * mm)), RED)
    assert close(surface.get_at(screen_of(board, (800, 600), 176 * mm, 16 * mm)), GREEN)  # column 5
    # the tile object: bottom-left anchor at (320, 96) px, so it covers 320..352 x 64..96
    assert close(surface.get_at(screen_of(board, (800, 600), 336 * mm, 80 * mm)), GREEN)


def test_missing_tileset_picture_is_a_checker(headless: None, tmp_path: Path) -> None:
    path = write_tile_map(tmp_path, image="gone.png", with_png=False)
    loader = SafeImageLoader()
    board = load_board(path, image_loader=loader)
    surface = render_board_to_surface(board, (800, 600), figures=(), image_loader=loader)
    assert len(loader.missing) == 1 and "gone.png" in loader.missing[0]
    assert PLACEHOLDER_A in colours_of(surface)
    from game.ui.board_view import BoardView

    info = BoardView(board, (800, 600), image_loader=loader).status_info()
    assert info.missing_images == 1


def test_render_command_writes_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_tile_map(tmp_path)
    out = tmp_path / "out.png"
    assert render_command(path, out, (640, 400), None, True) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 400)
    assert "wrote" in capsys.readouterr().out


def test_render_command_bad_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_tile_map(tmp_path)
    assert render_command(path, tmp_path / "o.png", (320, 200), ["Hero:x:1"], False) == 2
    err = capsys.readouterr().err
    assert "Hero:x:1" in err and "Traceback" not in err


def test_render_command_bad_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map><oops", encoding="utf-8")
    assert render_command(bad, tmp_path / "o.png", (320, 200), None, False) == 2
    err = capsys.readouterr().err.strip()
    assert "broken.tmx" in err and "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.skipif(not TAVERN.is_file(), reason="maps/tavern.tmx is not there yet")
def test_render_tavern(tmp_path: Path) -> None:
    out = tmp_path / "tavern.png"
    assert render_command(TAVERN, out, (1280, 800), None, False) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    assert len(colours_of(image)) > 10
    pygame.display.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    try:
        board = load_board(TAVERN)
        if board.spawns:
            first = board.spawns[0]
            x, y = screen_of(board, (1280, 800), first.x, first.y)
            assert any(close(image.get_at((x + dx, y + dy)), OKABE_ITO[0], 10)
                       for dx in (-3, 0, 3) for dy in (3, 5, 7))
    finally:
        pygame.quit()
