"""What keeps frames short and the table large (issue 16): the layout that puts the bars beside
the table when that shows the map larger, the bars' widgets kept through a resize storm, the
Log wrapped once per text and width, and the kept marks moved (not painted) while the camera
keeps changing. Timing itself is ``tools/bench.py frames``."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import table_cache
from game.ui.camera import Camera
from game.ui.play import log_panel as log_module
from game.ui.play.layout import Layout, fit_zoom
from game.ui.play.log_panel import LogPanel
from game.ui.play.marks import draw_kept_marks
from game.ui.play.widgets import Texts
from tests.ui.crowded import crowd, ev
from tests.ui.crowded import headless as crowded_headless

TAVERN = (457.2, 609.6)  #: the tavern's width and height (mm): taller than wide
CHAPTER = (504.0, 252.0)  #: the mice's chapter: twice as wide as tall


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_tall_map_on_a_wide_window_gets_the_bars_beside_it(size: tuple[int, int]) -> None:
    beside = Layout.of(size, TAVERN)
    under = Layout.under(size)
    assert beside.beside and fit_zoom(beside.table, TAVERN) > 1.2 * fit_zoom(under.table, TAVERN)
    window = pygame.Rect(0, 0, *size)
    parts = beside.parts()
    assert all(window.contains(p) for p in parts)
    assert not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1:])
    # the top bar across; the table the rest of the height; the column on its right
    assert beside.top.width == size[0] and beside.table.height == size[1] - beside.top.height
    for part in (beside.tray, beside.actions, beside.panel, beside.status):
        assert part.x == beside.table.right and part.right == size[0]


def test_a_wide_map_and_a_game_that_did_not_opt_in_keep_the_bars_under_the_table() -> None:
    assert not Layout.of((1280, 800), CHAPTER).beside
    assert not Layout.of((1280, 800)).beside  # no map given: the game keeps them under
    assert Layout.of((1280, 800)) == Layout.under((1280, 800))


def test_the_bars_keep_their_widgets_through_a_resize_storm_and_fit_once_it_rests() -> None:
    with tempfile.TemporaryDirectory() as scratch, crowded_headless(Path(scratch)):
        c = crowd("one_for_all", Path(scratch))
        view = c.view
        surfaces = {s: pygame.Surface(s) for s in ((1280, 800), (1024, 640), (1920, 1080))}
        c.resize((1920, 1080))  # the first resize after a rest: the bars fit it at once
        c.frame(surfaces[(1920, 1080)])
        built = [id(b) for b in view.top_buttons.buttons]
        assert view.top_buttons.buttons[-1].rect.right == 1920 - 8
        for size in ((1024, 640), (1280, 800), (1024, 640)):  # one resize a frame: a storm
            c.resize(size)
            c.frame(surfaces[size])
            assert view.bars_gui.storming
            assert [id(b) for b in view.top_buttons.buttons] == built
        c.frame(surfaces[(1024, 640)])  # the window rests
        c.frame(surfaces[(1024, 640)])
        assert not view.bars_gui.storming
        assert [id(b) for b in view.top_buttons.buttons] != built
        for button in [*view.top_buttons.buttons, *view.side_panel.buttons.values()]:
            assert pygame.Rect(0, 0, 1024, 640).contains(button.rect)
        assert view.top_buttons.buttons[-1].rect.right == view.layout.top.right - 8
        # one resize after a rest is no storm: the bars fit it at once
        c.resize((1280, 800))
        view.handle_event(ev(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
        c.frame(surfaces[(1280, 800)])
        assert view.top_buttons.buttons[-1].rect.right == 1280 - 8


def test_the_log_wraps_each_text_once_per_width(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.play.match_session import LogEntry, LogLine

    pygame.font.init()
    calls: list[int] = []
    real = log_module.wrap

    def counting(*args: Any, **kwargs: Any) -> list[str]:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(log_module, "wrap", counting)
    panel = LogPanel(Texts())
    line = LogLine("he moves 30 mm and stops", "OFA-2A.1")
    entries = [LogEntry(n, f"Athos moves {n}", "a", (line,)) for n in range(3, 0, -1)]
    panel.layout(entries, 380, "one")
    first = len(calls)
    assert first > 0
    panel.layout(entries, 480, "one")  # another width: wrapped again
    second = len(calls) - first
    assert second == first
    panel.layout(entries, 380, "two")  # a width seen before, a new revision: nothing to wrap
    assert len(calls) == first + second
    newer = [LogEntry(4, "Athos moves 4", "a", (line,)), *entries]
    panel.layout(newer, 380, "three")  # a new entry: only its title is new
    assert len(calls) == first + second + 1


def test_kept_marks_move_with_a_changing_camera_and_are_painted_when_it_rests(
        monkeypatch: pytest.MonkeyPatch) -> None:
    painted: list[Camera] = []

    class View:
        marks: Any = None
        camera = Camera(1.0, 0.0, 0.0, (200, 100))

    def paint(view: Any, layer: pygame.Surface) -> None:
        painted.append(view.camera)
        x, y = view.camera.world_to_screen(50.0, 40.0)
        pygame.draw.circle(layer, (255, 0, 0, 255), (round(x), round(y)), 4)

    view = View()
    target = pygame.Surface((200, 100), pygame.SRCALPHA)

    def frame(cam: Camera) -> tuple[int, int, int, int]:
        view.camera = cam
        target.fill((0, 0, 0, 0))
        draw_kept_marks(view, target, "key", None, paint, cam)
        return tuple(target.get_bounding_rect())  # type: ignore[return-value]

    monkeypatch.setattr(table_cache, "QUICK_WHILE_ZOOMING", True)
    start = view.camera
    frame(start)
    zoomed = Camera(2.0, 10.0, 5.0, (200, 100))
    moved = frame(zoomed)  # the camera changed: the last picture moved and scaled, not painted
    assert painted == [start]
    cx, cy = zoomed.world_to_screen(50.0, 40.0)
    assert abs(moved[0] + moved[2] / 2 - cx) <= 2 and abs(moved[1] + moved[3] / 2 - cy) <= 2
    frame(zoomed)  # it rests: painted properly
    assert painted == [start, zoomed]
    monkeypatch.setattr(table_cache, "QUICK_WHILE_ZOOMING", False)
    frame(start)  # offscreen (pictures, tests): every change painted
    assert painted == [start, zoomed, start]
