"""Issue 14, item 4, on the play screen: in One for All on the tavern, a figure that ran into a
wall or a table is dragged along what it touches with real mouse events, and the drag preview is
the rules' own move (OFA-2B.1, OFA-0.4).

The figure is put at a start point (the match state edited before the screen opens), runs into
the piece with a real drag, is stopped with the Space key (OFA-2B.4; OFA-2B.2 allows no second
move straight after contact), then dragged again along the touched face: the release activates
it again (OFA-6.4) and submits the preview's command.

A drag's direction comes from screen pixels and is rounded to ``ANGLE_STEP`` degrees, so it is
only along the face when the face's direction is such a multiple (the walls, the askew table at
20 degrees). The test picks the rounded angle nearest to "along" that the tolerance policy does
not call "into" (along when the face allows it, else the step just away from the face), finds
a pixel that gives it, and checks the move really slides. A second check hands the previewer an
exact table point along the face (as a drag to that point would), which must slide too.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from game.board import load_board
from game.core.dice import ScriptedDice
from game.geometry.tolerance import Heading, heading
from game.rules.engine import Match, Setup
from game.rules.one_for_all.commands import Activate, Move, Stop
from game.rules.one_for_all.game import OneForAll
from game.ui.play.ofa.move_preview import ANGLE_STEP, MovePreview, MovePreviewer, drag_angle
from game.ui.play.ofa.session import PlaySession
from game.ui.play.ofa.view import OFAPlayView
from tests.rules.one_for_all.test_slide_along import FACES, FIG, TAVERN, Case, brute_force, face_geometry, run_in, unit

SIZE = (1280, 800)
DRAG_PX = 160  #: how far from the figure's centre the drag ends, in pixels


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def frame(view: OFAPlayView) -> None:
    surface = pygame.Surface(view.layout.size)
    view.update(1 / 60)
    view.draw(surface)


def settle(view: OFAPlayView) -> None:
    for _ in range(400):
        if view.player is None:
            return
        view.update(0.05)
    raise AssertionError("the animation never ended")


def key(view: OFAPlayView, k: int) -> None:
    view.handle_event(ev(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def press_and_drag(view: OFAPlayView, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Button down on ``start``, then motion in five steps to ``end`` (button still held)."""
    view.handle_event(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        p = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        view.handle_event(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))


def release(view: OFAPlayView, end: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))
    settle(view)


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_PICTURES_DIR", str(tmp_path / "pictures"))
    return tmp_path / "saves"


def case_of(label: str, at: float, approach: float = 0.0) -> Case:
    return Case(next(f for f in FACES if f.label == label), at, approach)


def open_at(case: Case, saves: Path) -> OFAPlayView:
    """The play screen on the tavern, the musketeers to play, Athos at the case's start point."""
    system = OneForAll()
    match = Match(system, Setup("one_for_all", str(TAVERN), 1), dice=ScriptedDice([6, 1]))
    start, _ = run_in(case)
    match.state = match.state.with_figure(match.state.figure(FIG).at(*start))
    assert system.invariants(match.state) == []
    board = load_board(TAVERN)
    view = OFAPlayView(PlaySession(match, board), board, SIZE, save_dir=saves)
    frame(view)
    return view


def pixel_for(view: OFAPlayView, angle: float) -> tuple[int, int] | None:
    """A pixel of the table on screen whose drag from the figure gives exactly ``angle`` after
    rounding: of those near the ray 40 to 400 pixels out, the one whose unrounded direction is
    nearest to ``angle`` (so the rounding cannot tip it over); None when there is none."""
    fig = view.state.figure(FIG)
    cx, cy = view.screen_point((fig.x, fig.y))
    sx, sy = view.board_view.camera.world_to_screen(fig.x, fig.y)
    t = view.layout.table
    sx, sy = sx + t.x, sy + t.y
    ux, uy = unit(angle)
    best: tuple[float, tuple[int, int]] | None = None
    for dist in range(40, 400):
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                p = (round(sx + ux * dist) + dx, round(sy + uy * dist) + dy)
                if not t.collidepoint(p) or math.dist(p, (cx, cy)) < 40:
                    continue
                w = view.world_at(p)
                if drag_angle((fig.x, fig.y), w) != angle:
                    continue
                raw = math.degrees(math.atan2(w[1] - fig.y, w[0] - fig.x))
                off = abs((raw - angle + 180.0) % 360.0 - 180.0)
                if best is None or off < best[0]:
                    best = (off, p)
    return None if best is None else best[1]


def run_into(view: OFAPlayView, case: Case) -> None:
    """Drag the figure into the case's face (the run-in is square to it, so the rounded drag
    angle is the run-in's), then stop it with the Space key."""
    _, angle = run_in(case)
    angle = round(angle / ANGLE_STEP) * ANGLE_STEP % 360.0
    fig = view.state.figure(FIG)
    start, end = view.screen_point((fig.x, fig.y)), pixel_for(view, angle)
    assert end is not None
    press_and_drag(view, start, end)
    assert view.preview is not None and view.preview.touched == case.face.piece
    release(view, end)
    assert view.state.activation.contact == case.face.piece
    assert view.session.match.commands[-2:] == [Activate(FIG), Move(FIG, angle, None)]
    if view.menu is not None:  # the action menu on what it touches: closed with Escape
        key(view, pygame.K_ESCAPE)
    assert view.menu is None
    key(view, pygame.K_SPACE)  # Stop (OFA-2B.4)
    settle(view)
    assert isinstance(view.session.match.commands[-1], Stop) and view.state.activation is None


def touch(view: OFAPlayView, piece: str) -> tuple[float, float]:
    """The unit vector from the figure's centre to the nearest point of ``piece``."""
    st = view.state
    index = view.session.system.index(st)
    fig = st.figure(FIG)
    q = nearest_points(index.solids[index.index_of(piece)].footprint, Point(fig.x, fig.y))[0]
    d = math.hypot(q.x - fig.x, q.y - fig.y)
    assert d == pytest.approx(fig.radius, abs=1e-6)
    return (q.x - fig.x) / d, (q.y - fig.y) / d


def drag_along(view: OFAPlayView, n: tuple[float, float],
               sense: float) -> tuple[float, tuple[int, int]]:
    """The drag (rounded angle, end pixel) nearest to along the face (``sense`` +1 or -1) that
    the tolerance policy does not call "into": along itself when a multiple of ANGLE_STEP is
    along by the policy and a pixel on screen gives it, else the next step away from the face."""
    exact = math.degrees(math.atan2(sense * n[0], -sense * n[1]))
    base = round(exact / ANGLE_STEP) * ANGLE_STEP
    candidates = [(base + k * ANGLE_STEP) % 360.0 for k in (0, 1, -1, 2, -2)]
    for want in (Heading.ALONG, Heading.AWAY):
        for angle in candidates:
            u = unit(angle)
            if heading(n[0], n[1], u[0], u[1]) is want:
                pixel = pixel_for(view, angle)
                if pixel is not None:
                    return angle, pixel
    raise AssertionError("no drag along or just away from the face")


def off_face(preview: MovePreview, case: Case) -> None:
    """The previewed move goes (more than a millimetre) and the touched face does not stop it:
    it ends on something else, or on another part of the same piece (where two walls meet)."""
    assert preview.result.distance > 1.0 and not preview.result.blocked, preview
    if preview.touched == case.face.piece:
        a, b, _ = face_geometry(case.face)
        assert LineString([a, b]).distance(Point(preview.result.point)) > 1.0, preview


SLIDES = [case_of("askew18-north", 0.45), case_of("askew18-east", 0.8),
          case_of("wall1-room-south", 0.6), case_of("table12-east", 0.3)]


@pytest.mark.parametrize("case", SLIDES, ids=lambda c: c.id)
@pytest.mark.parametrize("sense", (1.0, -1.0), ids=("sense+", "sense-"))
def test_OFA_2B_1_a_figure_against_a_wall_or_table_is_dragged_along_it(
        case: Case, sense: float, saves: Path, headless: None) -> None:
    """The preview of the drag along the touched face moves (distance > 0), is not stopped by
    the piece, and is exactly what the rules then do: the submitted command is the preview's,
    the figure ends where the preview ended, touching what it said."""
    view = open_at(case, saves)
    run_into(view, case)
    n = touch(view, case.face.piece)
    angle, end = drag_along(view, n, sense)
    u = unit(angle)
    assert heading(n[0], n[1], u[0], u[1]) is not Heading.INTO
    before = view.state
    fig = before.figure(FIG)
    start = view.screen_point((fig.x, fig.y))
    press_and_drag(view, start, end)
    preview = view.preview
    assert preview is not None and preview.angle == angle and preview.length is None
    assert preview.result.distance > 0.0 and not preview.result.blocked
    off_face(preview, case)
    assert preview.result == view.session.system.move_sweep(before, preview.command)
    expected = brute_force(before, FIG, u, None)
    assert expected.stop_lo <= preview.result.distance <= expected.stop_hi
    if preview.result.kind == "board_edge":
        assert expected.first == {"board edge"}
    else:
        assert preview.touched in expected.first
    frame(view)  # the band, the ghost base and the label draw
    steps = len(view.session.match.steps)
    release(view, end)
    assert view.session.match.commands[steps:] == [Activate(FIG), preview.command]
    moved = view.state.figure(FIG)
    assert math.dist((moved.x, moved.y), preview.result.end) <= 1e-6
    (ev_move,) = view.session.match.steps[-1].events[:1]
    assert ev_move["touched"] == preview.touched
    assert ev_move["distance"] == round(preview.result.distance, 3)
    assert view.state.activation is not None and view.state.activation.contact == preview.touched


@pytest.mark.parametrize("case", SLIDES, ids=lambda c: c.id)
def test_OFA_2B_1_the_previewer_slides_towards_an_exact_point_along_the_face(
        case: Case, saves: Path, headless: None) -> None:
    """``MovePreviewer.preview`` with a table point exactly along the touched face (from the
    footprint's edge, both senses): the preview slides, and the rules then do just that."""
    view = open_at(case, saves)
    run_into(view, case)
    state = view.state
    fig = state.figure(FIG)
    a, b, _ = face_geometry(case.face)
    e = math.dist(a, b)
    ex, ey = (b[0] - a[0]) / e, (b[1] - a[1]) / e
    n = touch(view, case.face.piece)
    for sense in (1.0, -1.0):
        to = (fig.x + sense * ex * 100.0, fig.y + sense * ey * 100.0)
        preview = MovePreviewer(view.session.system).preview(state, FIG, to)
        assert preview is not None
        u = unit(preview.angle)
        assert heading(n[0], n[1], u[0], u[1]) is not Heading.INTO, (sense, preview.angle)
        off_face(preview, case)
        applied = view.session.system.apply(state, Activate(FIG), ScriptedDice([]))
        applied = view.session.system.apply(applied.state, preview.command, ScriptedDice([]))
        moved = applied.state.figure(FIG)
        assert math.dist((moved.x, moved.y), preview.result.end) <= 1e-6
        assert applied.events[0]["touched"] == preview.touched
    # and one of them through the screen's session
    result = view.submit(Activate(FIG), preview.command)
    assert result.ok
    settle(view)
    moved = view.state.figure(FIG)
    assert math.dist((moved.x, moved.y), preview.result.end) <= 1e-6
