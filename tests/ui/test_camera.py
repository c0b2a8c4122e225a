"""Camera math: world millimetres to screen pixels and back."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui.camera import Camera, Rect, fit_zoom, zoom_limits

TABLE = Rect(0.0, 0.0, 914.4, 609.6)


def approx(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-6) -> bool:
    return math.isclose(a[0], b[0], abs_tol=tol) and math.isclose(a[1], b[1], abs_tol=tol)


def test_round_trip() -> None:
    cam = Camera(2.5, -10.0, 40.0, (800, 600))
    assert cam.world_to_screen(-10.0, 40.0) == (0.0, 0.0)
    assert approx(cam.screen_to_world(*cam.world_to_screen(123.4, 56.7)), (123.4, 56.7))


@given(
    factor=st.floats(0.2, 5.0),
    sx=st.floats(0, 1280),
    sy=st.floats(0, 760),
    zoom=st.floats(0.1, 20.0),
    left=st.floats(-500, 500),
    top=st.floats(-500, 500),
)
def test_zoom_about_keeps_the_point_under_the_cursor(
    factor: float, sx: float, sy: float, zoom: float, left: float, top: float
) -> None:
    cam = Camera(zoom, left, top, (1280, 760), 0.05, 50.0)
    before = cam.screen_to_world(sx, sy)
    after = cam.zoomed_about(factor, sx, sy)
    assert approx(after.screen_to_world(sx, sy), before, tol=1e-6 * max(1.0, abs(left), abs(top)))


def test_zoom_is_clamped_and_the_point_still_stays() -> None:
    cam = Camera(1.0, 0.0, 0.0, (800, 600), 0.5, 4.0)
    before = cam.screen_to_world(300, 200)
    far_in = cam.zoomed_about(1000.0, 300, 200)
    assert far_in.zoom == 4.0
    assert approx(far_in.screen_to_world(300, 200), before)
    assert cam.zoomed_about(1e-6, 300, 200).zoom == 0.5


def test_fit_shows_the_whole_table_centred() -> None:
    cam = Camera(1.0, 0.0, 0.0, (1280, 774)).fitted(TABLE)
    view = cam.visible_rect()
    assert view.contains(TABLE)
    assert math.isclose((view.left + view.right) / 2, TABLE.width / 2)
    assert math.isclose((view.top + view.bottom) / 2, TABLE.height / 2)
    # and it is a tight fit on the limiting side (3% margins)
    assert math.isclose(cam.zoom, fit_zoom(TABLE, (1280, 774)))
    assert TABLE.height * cam.zoom == pytest.approx(774 * 0.94)


def test_pan_moves_the_world_with_the_pointer() -> None:
    cam = Camera(2.0, 100.0, 100.0, (800, 600))
    moved = cam.panned(40, -20)
    assert approx(moved.world_to_screen(*cam.screen_to_world(10, 10)), (50, -10))


def test_clamp_keeps_part_of_the_table_in_view() -> None:
    cam = Camera(1.0, 0.0, 0.0, (800, 600)).panned(-10_000, -10_000).clamped(TABLE, keep_px=64)
    view = cam.visible_rect()
    overlap = view.intersection(TABLE)
    assert overlap is not None
    assert overlap.width >= 64 - 1e-9 and overlap.height >= 64 - 1e-9
    inside = Camera(1.0, 10.0, 10.0, (800, 600))
    assert inside.clamped(TABLE) is inside


def test_resize_keeps_zoom_and_top_left() -> None:
    cam = Camera(1.5, 20.0, 30.0, (800, 600)).resized((1024, 700))
    assert cam.viewport == (1024, 700) and cam.zoom == 1.5 and (cam.left, cam.top) == (20.0, 30.0)


def test_zoom_limits_allow_fit() -> None:
    low, high = zoom_limits(TABLE, (1280, 774))
    fit = fit_zoom(TABLE, (1280, 774))
    assert low < fit < high


def test_bad_zoom_is_refused() -> None:
    with pytest.raises(ValueError):
        Camera(0.0, 0.0, 0.0, (10, 10))


# ------------------------------------------------------------------ the board view follows the window
def _board_view(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from pathlib import Path

    from game.board.loader import load_board
    from game.ui.board_view import BoardView

    board = load_board(Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx")
    return BoardView(board, size)


def _whole_board_in_view(view) -> bool:  # type: ignore[no-untyped-def]
    w, h = view.viewport
    x0, y0 = view.camera.world_to_screen(0, 0)
    x1, y1 = view.camera.world_to_screen(view.board.width_mm, view.board.height_mm)
    return x0 >= -0.5 and y0 >= -0.5 and x1 <= w + 0.5 and y1 <= h + 0.5


@pytest.mark.parametrize("sizes", [[(1024, 640), (1920, 1080)], [(1920, 1080), (1024, 640), (1280, 800)]])
def test_the_table_is_fitted_again_after_every_resize(sizes: list[tuple[int, int]]) -> None:
    """Issue 16, item 3: at 1920x1080 the board no longer sits small in a corner, at 1024x640 it
    is no longer cut off: after each resize it fills the limiting side."""
    view = _board_view((800, 600))
    for size in sizes:
        view.resize(size)
        assert _whole_board_in_view(view)
        w, h = view.viewport
        shown = view.board.height_mm * view.camera.zoom  # the tavern is taller than wide
        assert shown >= 0.9 * h


def test_after_a_pan_or_zoom_a_resize_keeps_the_centre_and_home_fits_again() -> None:
    view = _board_view((1280, 800))
    view.zoom_about(2.0, (300, 200))
    view.pan(40, -25)
    w, h = view.viewport
    centre = view.camera.screen_to_world(w / 2, h / 2)
    zoom = view.camera.zoom
    view.resize((1920, 1080))
    w, h = view.viewport
    assert approx(view.camera.screen_to_world(w / 2, h / 2), centre, tol=1e-6)
    assert view.camera.zoom == pytest.approx(zoom)
    assert not _whole_board_in_view(view)
    view.fit()  # Home
    assert _whole_board_in_view(view)
    view.resize((1024, 640))
    assert _whole_board_in_view(view)
