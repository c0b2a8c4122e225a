"""Issue 16 on the Mice and Mystics screen, headless: a table a player can read.

Four mice in one cell stand side by side inside it; every word on the table (the cells' names,
the figures' names) is placed by the one label placement, clear of the bases and of one another;
a search roll reaches the dice tray; a single mouse that may not leave a single rat's cell is told
why, in both languages; the teaching hint fits the status line. The screen is driven by the
pygame events a player makes where the thing tested is an input."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from shapely.geometry import Point

from game.i18n import set_language
from game.rules.mice_and_mystics.commands import Search
from game.ui import labels
from game.ui.label_layout import circle_box, inside, overlaps
from game.ui.play.mm import hints
from game.ui.play.mm.table import FIG_R, grid, spots_in_cell
from game.ui.play.mm.view import MMPlayView, make_mm_view
from tests.ui.ru_texts import recorded_texts

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "mice_chapter.tmx"
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
HOME = "kitchen:kitchen-5"  #: the chapter's start: the four mice in one cell


@pytest.fixture(autouse=True)
def _back_to_english() -> object:
    yield
    set_language("en")


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click(view: MMPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def frame(view: MMPlayView, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    view.update(1 / 60)
    view.draw(surface)
    return surface


def new_view(size: tuple[int, int], tmp: Path) -> MMPlayView:
    """The chapter's opening, on the table (a card the screen opens with put away)."""
    view = make_mm_view(MAP, size, seed=3, save_dir=tmp, pace=0.0)
    view.card, view.card_kind = None, ""
    return view


def screen_bases(view: MMPlayView) -> dict[str, tuple[float, float]]:
    """Each figure's centre on the screen."""
    return {ident: view.screen_point(p) for ident, _label, _seat, p in view.figure_spots(view.state)}


def placed_labels(view: MMPlayView, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
                  ) -> list[tuple[float, float, float, float]]:
    """The boxes of every label drawn on the table in one frame (screen coordinates)."""
    boxes: list[tuple[float, float, float, float]] = []
    layout = labels.layout

    def recording(*args: object, **kw: object) -> tuple:
        placed = layout(*args, **kw)  # type: ignore[arg-type]
        boxes.extend(p.box for p in placed)
        return placed

    frame(view, size)  # the table's picture made (the map's own words placed in it)
    monkeypatch.setattr(labels, "layout", recording)
    view.marks = None  # the table's marks drawn anew (not the picture kept from the last frame)
    frame(view, size)
    monkeypatch.setattr(labels, "layout", layout)
    t = view.layout.table
    return [(x + t.x, y + t.y, w, h) for x, y, w, h in boxes]


# ---------------------------------------------------------------------- the figures in a cell
def test_a_grid_puts_each_figure_in_its_own_place() -> None:
    for k in range(1, 8):
        spots = grid(k)
        assert len(spots) == k == len(set(spots))
    assert grid(4) == [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]


def test_figures_stay_inside_a_cell_that_has_room() -> None:
    from shapely.geometry import box

    cell = box(0, 0, 100, 60)
    spots = spots_in_cell(cell, (90.0, 50.0), 4, 20.0, 5.0)  # the centre given is near an edge
    assert all(cell.buffer(-5).covers(Point(p)) for p in spots)


@pytest.mark.parametrize("size", SIZES)
def test_four_mice_in_one_cell_stand_apart_inside_it(headless, tmp_path, size) -> None:
    view = new_view(size, tmp_path)
    frame(view, size)
    st = view.state
    assert {m.cell for m in st.mice} == {HOME}
    centres = list(screen_bases(view).values())
    assert len(centres) == 4
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            assert Point(a).distance(Point(b)) >= 2 * FIG_R + 2, (a, b)
    cell = view.session.system.graph(st).cell(HOME).polygon
    for _ident, _label, _seat, p in view.figure_spots(st):
        assert cell.covers(Point(p))


# ---------------------------------------------------------------------- the words on the table
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_no_label_covers_a_base_or_another_label(headless, tmp_path, monkeypatch, size, lang) -> None:
    set_language(lang)
    view = new_view(size, tmp_path)
    st = view.state
    # a rat in the next cell too: a figure of the other side with a name of its own
    rat = st.minions[0]
    next_cell = next(c for c in view.session.system.graph(st).keys
                     if c != HOME and c.startswith("kitchen:"))
    view.session.match.state = st.with_minion(replace(rat, cell=next_cell, tile=st.tile))
    boxes = placed_labels(view, size, monkeypatch)
    table = view.layout.table
    bases = [circle_box(c, FIG_R) for c in screen_bases(view).values()]
    assert len(boxes) >= 10
    for i, box in enumerate(boxes):
        assert inside(box, (table.x, table.y, table.w, table.h)), box
        assert not any(overlaps(box, other) for other in boxes[i + 1:]), box
        assert not any(overlaps(box, base) for base in bases), box


@pytest.mark.parametrize("size", SIZES)
def test_the_mouse_in_turn_and_the_cell_it_stands_in_are_named(headless, tmp_path, size) -> None:
    view = new_view(size, tmp_path)
    with recorded_texts() as texts:
        frame(view, size)
    st = view.state
    assert view.name(st.acting) in texts
    assert any(t.startswith("Spice Rack") for t in texts)
    assert "Kitchen-5" not in texts  # the cell's own name, as the buttons and the log have it
    assert view.cell_name(HOME) == "Spice Rack"


# ---------------------------------------------------------------------- every roll in the tray
def test_a_search_roll_reaches_the_dice_tray(headless, tmp_path) -> None:
    size = (1280, 800)
    view = new_view(size, tmp_path)
    frame(view, size)
    view.sync_bars()
    button = next(b for b in view.buttons if isinstance(view._commands.get(b.key), Search))
    with recorded_texts() as texts:
        click(view, button.rect.center)
        surface = frame(view, size)
    rolls = view.session.last_rolls()
    assert [e.kind for e in rolls] == ["mm.search"]
    face = dict(rolls[0].values)["face"]
    tray = view.layout.tray
    assert "Tilly: search" in texts
    assert ("star" if face >= 4 else "fail") in texts
    assert "star = success (4-6)" in texts
    # the die is drawn in the tray: its ivory face
    assert any(surface.get_at((x, tray.y + 40))[:3] == (0xF4, 0xEE, 0xDC)
               for x in range(tray.x, tray.x + 80))


def test_the_movement_roll_of_a_turn_reaches_the_tray(headless, tmp_path) -> None:
    size = (1280, 800)
    view = new_view(size, tmp_path)
    with recorded_texts() as texts:
        frame(view, size)
    # the chapter opened with the initiative and the first mouse's movement roll
    assert "Initiative" in texts and "Tilly: movement" in texts
    assert "No dice rolled yet." not in texts


# ---------------------------------------------------------------------- words
def one_mouse_one_rat(view: MMPlayView) -> None:
    st = view.state
    me = st.mouse(st.turn.mouse)
    for other in st.mice:
        if other.id != me.id:
            st = st.with_mouse(replace(other, cell="kitchen:kitchen-1"))
    st = st.with_minion(replace(st.minions[0], cell=me.cell, tile=st.tile))
    view.session.match.state = st


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_MM_MOVE_4_a_single_mouse_by_a_single_rat_is_told_the_real_reason(headless, tmp_path, lang) -> None:
    set_language(lang)
    size = (1280, 800)
    view = new_view(size, tmp_path)
    one_mouse_one_rat(view)
    frame(view, size)
    g = view.session.system.graph(view.state)
    click(view, view.screen_point(g.cell("kitchen:kitchen-3").centre))
    said, _colour = view.status_line()
    assert said.endswith("(MM-MOVE-4)")
    assert "more minions than" not in said
    if lang == "en":
        assert said.startswith("Tilly cannot leave")
        assert "mice 1, minions 1" in said and "must outnumber" in said
    else:
        assert said.startswith("Тилли не может уйти")
        assert "мышей 1, прихвостней 1" in said
    assert view.hint() == hints.leave_refusal(view) != ""


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_teaching_hint_fits_the_status_line(headless, tmp_path, size, lang) -> None:
    set_language(lang)
    view = new_view(size, tmp_path)
    frame(view, size)
    hint = view.hint()
    assert "move" in hint or "движения" in hint
    assert view.texts.width(hint) <= view.layout.status.width - 20, hint


def test_a_click_on_a_far_cell_says_how_far_the_mouse_goes(headless, tmp_path) -> None:
    size = (1280, 800)
    view = new_view(size, tmp_path)
    frame(view, size)
    reach = view.reach()
    g = view.session.system.graph(view.state)
    far = next(c for c in g.keys if c.startswith("cellar:") and c not in reach)
    click(view, view.screen_point(g.cell(far).centre))
    said, _colour = view.status_line()
    assert "is out of reach" in said and f"{view.state.turn.mp} move points" in said


# ---------------------------------------------------------------------- built only on a change
def test_the_table_marks_and_the_buttons_are_made_again_only_on_a_change(headless, tmp_path) -> None:
    size = (1280, 800)
    view = new_view(size, tmp_path)
    frame(view, size)
    marks, widgets = view.marks, [view.widgets[b.key] for b in view.buttons]
    assert widgets
    frame(view, size)
    assert view.marks is marks  # a still frame makes nothing
    assert [view.widgets[b.key] for b in view.buttons] == widgets
    for other in ((1300, 820), (1280, 800)):  # a new window size moves the same buttons
        view.handle_event(ev(pygame.VIDEORESIZE, size=other, w=other[0], h=other[1]))
        view.resize(other)
        frame(view, other)
        assert [view.widgets[b.key] for b in view.buttons] == widgets
        assert all(w.alive() for w in widgets)
        assert all(view.layout.actions.contains(b.rect) for b in view.buttons)
    assert view.marks is not marks
    marks = view.marks
    view.sync_bars()
    search = next(b for b in view.buttons if isinstance(view._commands.get(b.key), Search))
    click(view, search.rect.center)
    frame(view, size)
    assert view.marks is not marks  # a command: the table and the bar anew
    assert [view.widgets[b.key] for b in view.buttons] != widgets


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_log_reads_as_whole_sentences(headless, tmp_path, lang) -> None:
    set_language(lang)
    view = make_mm_view(MAP, (1280, 800), ai_sides=("mice",), seed=5, save_dir=tmp_path, pace=0.0)
    session = view.session
    for _ in range(250):
        if view.state.result:
            break
        session.submit(session.ai_command())
    log = session.log()
    titles = [entry.title for entry in log]
    lines = [line.text for entry in log for line in entry.lines]
    assert len(titles) > 50
    # no "Tilly: ends the move" (a name glued to a piece), no "(s)" plurals, no "1 dice"
    assert [t for t in titles if re.match(r"^[^:«]+: [a-zа-яё]", t)] == []
    assert [t for t in titles + lines if "(s)" in t or re.search(r"\b1 dice\b", t)] == []
    if lang == "en":
        assert any(t.endswith(" moves to Flour Sacks") for t in titles)
    else:
        assert any("идёт на клетку «" in t for t in titles)
