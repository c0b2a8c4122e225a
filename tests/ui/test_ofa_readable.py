"""Issue 16 on the One for All play screen: a table a player can read.

The real view is driven with pygame events on the tavern map in a crowded position (all nine
figures in one corner, or under the balcony), at 1024x640, 1280x800 and 1920x1080, in English
and Russian: every word on the table goes through the one label placement (no two labels
overlap, none covers a base, none leaves the view; the active figure and its targets first; a
name with no room is shortened or shown on hover); what stopped a move is outlined and named;
every input answers; the log's lines read as sentences, each rule cited once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pygame
import pytest
import shapely

import game.ui.labels as labels_module
from game.board import load_board
from game.board.model import Board
from game.i18n import catalog, extract_messages, set_language
from game.rules.engine import Match
from game.ui.label_layout import Box, Label, Placed, circle_box, inside, overlaps
from game.ui.play.ofa.figure_layer import short_name
from game.ui.play.ofa.session import PlaySession, new_match
from game.ui.play.ofa.view import OFAPlayView

REPO = Path(__file__).resolve().parents[2]
TAVERN = REPO / "maps" / "tavern.tmx"
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
#: nine spots (mm) in the tavern's courtyard corner, bases 2 mm apart
CORNER = tuple((40 + col * 27 + (row % 2) * 8, 560 - row * 27) for row in range(3) for col in range(3))
#: nine spots under the balcony, the musketeers (the first four figures) nearest the railing
BALCONY = ((262, 98), (290, 98), (318, 98), (346, 98),
           (262, 126), (290, 126), (318, 126), (346, 126), (374, 126))


# --------------------------------------------------------------------------- helpers

def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def move_mouse(view: OFAPlayView, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)
               ) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def drag(view: OFAPlayView, start: tuple[int, int], end: tuple[int, int],
         release: bool = True) -> None:
    move_mouse(view, start)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        move_mouse(view, (start[0] + (end[0] - start[0]) * i // 5,
                          start[1] + (end[1] - start[1]) * i // 5), (1, 0, 0))
    if release:
        view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))


def click(view: OFAPlayView, pos: tuple[int, int], button: int = 1) -> None:
    move_mouse(view, pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def frame(view: OFAPlayView) -> pygame.Surface:
    surface = pygame.Surface(view.layout.size)
    view.update(1 / 60)
    view.draw(surface)
    return surface


def crowded(match: Match, spots: tuple[tuple[float, float], ...]) -> Match:
    """The match with its figures moved to ``spots`` (mm), in the state's order."""
    st = match.state
    match.state = replace(st, figures=tuple(replace(f, x=float(spots[i][0]), y=float(spots[i][1]))
                                            for i, f in enumerate(st.figures)))
    return match


def tavern_view(board: Board, tmp_path: Path, size: tuple[int, int] = (1280, 800),
                spots: tuple[tuple[float, float], ...] = CORNER) -> OFAPlayView:
    """Seed 3: the musketeers hold the initiative."""
    match = crowded(new_match(TAVERN, 3), spots)
    view = OFAPlayView(PlaySession(match, board), board, size, save_dir=tmp_path / "saves",
                       animate=False, handover=False)
    view.card, view.card_kind = None, ""  # straight to the table (no card at the start)
    frame(view)
    return view


@dataclass
class Drawn:
    """The labels of the table's last drawing: what asked for a place, and where each went."""

    labels: tuple[Label, ...] = ()
    placed: tuple[Placed, ...] = ()
    bounds: Box = (0, 0, 0, 0)

    def at(self, anchor: tuple[float, float]) -> list[Placed]:
        """The placed labels anchored within 1.5 px of ``anchor`` (table pixels)."""
        keys = {lab.key for lab in self.labels
                if abs(lab.anchor[0] - anchor[0]) <= 1.5 and abs(lab.anchor[1] - anchor[1]) <= 1.5}
        return [p for p in self.placed if p.key in keys]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Records every layout the table's ``LabelPlacer`` asks for (the last one wins)."""
    record = Drawn()
    real = labels_module.layout

    def recording(labels, bounds, obstacles=(), gap=2.0):  # type: ignore[no-untyped-def]
        placed = real(labels, bounds, obstacles, gap)
        if any(lab.clearance > 0 for lab in labels):  # the figures' names (not the map's texts)
            record.labels, record.placed, record.bounds = tuple(labels), placed, tuple(bounds)
        return placed

    monkeypatch.setattr(labels_module, "layout", recording)
    return record


@pytest.fixture
def tavern(headless: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Board]:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    yield load_board(TAVERN)
    set_language("en")


def centre(view: OFAPlayView, fig_id: str) -> tuple[float, float]:
    """Where a figure's centre is on the table's surface (table pixels)."""
    f = view.state.figure(fig_id)
    return view.board_view.camera.world_to_screen(f.x, f.y)


def base_boxes(view: OFAPlayView) -> list[Box]:
    zoom = view.board_view.camera.zoom
    return [circle_box(centre(view, f.id), max(3, round(f.radius * zoom)))
            for f in view.state.figures if f.conscious]


def screen(view: OFAPlayView, fig_id: str) -> tuple[int, int]:
    f = view.state.figure(fig_id)
    return view.screen_point((f.x, f.y))


def assert_readable(view: OFAPlayView, drawn: Drawn) -> None:
    """No two placed labels overlap, none covers a base or the map's words, none leaves the
    table."""
    t = view.layout.table
    assert drawn.placed
    bases = base_boxes(view)
    cam = view.board_view.camera
    for obj in view.board.objects:  # the map's own words ("Tavern courtyard") stay clear
        if obj.shape == "text" and obj.visible and obj.text:
            x0, y0, x1, y1 = obj.geometry.bounds
            (sx0, sy0), (sx1, sy1) = cam.world_to_screen(x0, y0), cam.world_to_screen(x1, y1)
            bases.append((sx0, sy0, sx1 - sx0, sy1 - sy0))
    for i, p in enumerate(drawn.placed):
        assert inside(p.box, (0, 0, t.width, t.height)), p
        for other in drawn.placed[i + 1:]:
            assert not overlaps(p.box, other.box), (p, other)
        for base in bases:
            assert not overlaps(p.box, base), (p, base)


# --------------------------------------------------------------------------- 1. labels

def test_short_names_keep_the_number_or_the_first_letters() -> None:
    assert short_name("Guard 2") == "G2"
    assert short_name("Гвардеец 4") == "Г4"
    assert short_name("Rochefort") == "Roch."
    assert short_name("d'Artagnan") == "d'Art."
    assert short_name("Athos") == ""  # short already


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_names_in_a_crowded_corner_never_overlap_a_base_or_each_other(
        tavern: Board, tmp_path: Path, drawn: Drawn, size: tuple[int, int], lang: str) -> None:
    set_language(lang)
    view = tavern_view(tavern, tmp_path, size)
    frame(view)
    assert_readable(view, drawn)
    # most of the nine names find a place even in the corner (the rest show on hover)
    assert len(drawn.placed) >= (6 if size[0] < 1280 else 8)
    # the selected figure's name comes first: select each in turn, its name is always there
    side = view.state.initiative
    for fig in view.state.conscious(side):
        click(view, screen(view, fig.id))
        assert view.selected == fig.id
        frame(view)
        assert drawn.at(centre(view, fig.id)), f"{fig.id} selected but its name is not shown"
        assert_readable(view, drawn)


def test_on_a_small_table_the_rest_are_named_short_from_the_start(
        tavern: Board, tmp_path: Path, drawn: Drawn) -> None:
    from game.ui.play.ofa.paint import HOVER_PRIORITY

    # a window smaller than the three sizes (where the tavern's bases are 24 px at least)
    view = tavern_view(tavern, tmp_path, (900, 560))
    frame(view)
    st = view.state
    assert view.board_view.camera.zoom * 12.5 < 11.5  # bases under 24 px: a small table
    for fig in st.figures:
        (label,) = [lab for lab in drawn.labels
                    if abs(lab.anchor[0] - centre(view, fig.id)[0]) <= 1.5
                    and abs(lab.anchor[1] - centre(view, fig.id)[1]) <= 1.5]
        if fig.side == st.initiative:  # the side to act keeps its full names
            assert label.size[0] > 40, fig.id
        else:  # "G2", "Roch.": the full name on hover and in the card
            assert label.short_size is None and label.size[0] < 60, fig.id
    enemy = next(f for f in st.conscious(st.other_side(st.initiative)) if len(f.name) > 5)
    move_mouse(view, screen(view, enemy.id))
    frame(view)
    (hovered,) = [lab for lab in drawn.labels if lab.priority == HOVER_PRIORITY]
    assert hovered.short_size is not None  # the hovered one at full length (short if no room)


def test_a_name_left_out_shows_when_its_figure_is_hovered(tavern: Board, tmp_path: Path,
                                                          drawn: Drawn) -> None:
    hovered = 0
    for size in SIZES:
        view = tavern_view(tavern, tmp_path, size)
        frame(view)
        left_out = [f.id for f in view.state.figures if not drawn.at(centre(view, f.id))]
        for fig_id in left_out:
            move_mouse(view, screen(view, fig_id))
            assert view.hover == fig_id
            frame(view)
            assert drawn.at(centre(view, fig_id)), f"{fig_id} hovered but its name is not shown"
            assert_readable(view, drawn)
            hovered += 1
    assert hovered, "the corner should be too crowded for every name at some size"


def test_OFA_5_3_a_figure_lying_unconscious_is_named_and_kept_clear(
        tavern: Board, tmp_path: Path, drawn: Drawn) -> None:
    from game.ui.play.ofa.figure_layer import FALLEN_PRIORITY

    view = tavern_view(tavern, tmp_path, (1280, 800))
    st = view.state
    down = st.figures[-1]
    lying = replace(down, markers=replace(down.markers, wounds=3), fallen=(1.0, 0.0))
    view.session.match.state = st.with_figure(lying)
    view.shown = view.state
    frame(view)
    assert_readable(view, drawn)
    named = [lab for lab in drawn.labels if lab.priority == FALLEN_PRIORITY]
    assert len(named) == 1 and any(p.key == named[0].key for p in drawn.placed)
    lying_box = next(box for lab in named for box in [(lab.anchor[0] - lab.clearance,
                                                       lab.anchor[1] - lab.clearance,
                                                       2 * lab.clearance, 2 * lab.clearance)])
    others = [p for p in drawn.placed if p.key != named[0].key]
    assert not any(overlaps(p.box, lying_box, -4) for p in others)


def test_the_move_being_dragged_is_labelled_first_clear_of_every_base(
        tavern: Board, tmp_path: Path, drawn: Drawn) -> None:
    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    mover = view.state.figures[1].id  # a musketeer in the front row, facing the balcony
    f = view.state.figure(mover)
    drag(view, screen(view, mover), view.screen_point((f.x + 3, f.y - 60)), release=False)
    assert view.preview is not None and view.preview.touched
    frame(view)
    assert_readable(view, drawn)
    result = view.preview.result
    assert result.point is not None
    contact = view.board_view.camera.world_to_screen(*result.point)
    assert drawn.at(contact), "the label of the move (how far, what it touches) is not drawn"
    ghost = circle_box(view.board_view.camera.world_to_screen(result.x, result.y),
                       round(result.radius * view.board_view.camera.zoom))
    assert not any(overlaps(p.box, ghost) for p in drawn.placed)


# --------------------------------------------------------------------------- 2. what stopped a move

def accent_pixels(surface: pygame.Surface, view: OFAPlayView, box: Box) -> int:
    """How many pixels of the outline's colour lie in ``box`` (table pixels)."""
    from game.ui.play.widgets import ACCENT

    t = view.layout.table
    n = 0
    for x in range(max(0, int(box[0])), min(t.width, int(box[0] + box[2]))):
        for y in range(max(0, int(box[1])), min(t.height, int(box[1] + box[3]))):
            if tuple(surface.get_at((t.x + x, t.y + y)))[:3] == ACCENT:
                n += 1
    return n


def test_OFA_2B_1_what_stops_a_move_is_outlined_and_named_before_and_after(
        tavern: Board, tmp_path: Path, drawn: Drawn) -> None:
    from game.ui.play.ofa.paint import CONTACT_PRIORITY

    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    mover = view.state.figures[1].id
    f = view.state.figure(mover)
    aim = view.screen_point((f.x + 3, f.y - 60))
    drag(view, screen(view, mover), aim, release=False)
    preview = view.preview
    assert preview is not None and preview.touched == "36"  # barrel 1, under the balcony
    surface = frame(view)
    mark = view.painter.contact_mark
    assert mark.box is not None
    index = view.session.system.index(view.state)
    x0, y0, x1, y1 = index.solids[index.index_of("36")].footprint.bounds
    cam = view.board_view.camera
    (sx0, sy0), (sx1, sy1) = cam.world_to_screen(x0, y0), cam.world_to_screen(x1, y1)
    assert mark.box[0] <= sx0 and mark.box[1] <= sy0
    assert mark.box[0] + mark.box[2] >= sx1 and mark.box[1] + mark.box[3] >= sy1
    assert accent_pixels(surface, view, mark.box) > 20  # the barrel's outline
    # a small piece is never covered by its own label
    assert not any(overlaps(p.box, (sx0, sy0, sx1 - sx0, sy1 - sy0)) for p in drawn.placed)
    # the move made: the piece it ran into stays outlined, with its name beside it
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=aim, button=1))
    act = view.state.activation
    assert act is not None and act.contact == "36"
    view.menu = None  # the action menu opened on the barrel; the table under it is the same
    surface = frame(view)
    assert mark.box is not None and accent_pixels(surface, view, mark.box) > 20
    named = [lab for lab in drawn.labels if lab.priority == CONTACT_PRIORITY]
    assert len(named) == 1
    assert any(p.key == named[0].key for p in drawn.placed)
    assert_readable(view, drawn)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_terrain_under_the_pointer_is_outlined_and_named_with_its_height(
        tavern: Board, tmp_path: Path, drawn: Drawn, lang: str) -> None:
    """Issue 16, point 2: a piece of terrain says what it is (name and height) on hover."""
    from game.ui.labels import recording_labels

    set_language(lang)
    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    index = view.session.system.index(view.state)
    figures = [shapely.Point(f.x, f.y).buffer(f.radius + 2) for f in view.state.figures]
    barrel = next(s for s in index.solids  # a piece alone under its point, no figure on it
                  if len(index.query(s.footprint.representative_point())) == 1
                  and not any(f.intersects(s.footprint) for f in figures))
    c = barrel.footprint.representative_point()
    move_mouse(view, view.screen_point((c.x, c.y)))
    assert view.hover_piece == barrel.id
    with recording_labels() as seen:
        frame(view)
    words = [p.text for draw in seen for p in draw.labels]
    height = f"{barrel.top:.0f}"
    expected = (f"{view.names.of(barrel.id)} · {height} mm high" if lang == "en"
                else f"{view.names.of(barrel.id)} · высота {height} мм")
    assert expected in words, words
    mark = view.painter.contact_mark
    assert mark.box is not None  # outlined, as what stopped a move is
    move_mouse(view, screen(view, view.state.figures[0].id))  # a figure: its own name, no piece
    assert view.hover_piece == ""


# --------------------------------------------------------------------------- 3. every input answers

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_OFA_6_2_dragging_an_enemy_figure_says_why_in_the_readers_language(
        tavern: Board, tmp_path: Path, lang: str) -> None:
    set_language(lang)
    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    st = view.state
    enemy = st.conscious(st.other_side(st.initiative))[0]
    start = screen(view, enemy.id)
    drag(view, start, (start[0] + 80, start[1] + 60))
    assert not view.session.match.commands and view.selected == ""
    assert view.message_showing and "OFA-6.2" in view.message
    name = view.names.of(enemy.id)
    assert name in view.message
    if lang == "ru":
        assert "инициатива" in view.message
    else:
        assert "initiative" in view.message
    # a plain click shows its card and says the same, without the red of a refusal
    view.message = ""
    click(view, start)
    assert view.inspected == enemy.id and "OFA-6.2" in view.message
    frame(view)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_OFA_5D_3_dragging_a_stunned_figure_says_why_with_the_rule_last(
        tavern: Board, tmp_path: Path, lang: str) -> None:
    set_language(lang)
    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    st = view.state
    fig = st.conscious(st.initiative)[0]
    view.session.match.state = st.with_figure(replace(fig, markers=replace(fig.markers,
                                                                          stunned=True)))
    view.shown = view.state
    start = screen(view, fig.id)
    drag(view, start, (start[0] + 90, start[1] + 90))
    assert not view.session.match.commands
    assert view.message.endswith("(OFA-5D.3)") and view.names.of(fig.id) in view.message


def test_the_first_click_while_the_contact_menu_is_open_acts(tavern: Board, tmp_path: Path) -> None:
    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    mover = view.state.figures[1].id
    f = view.state.figure(mover)
    drag(view, screen(view, mover), view.screen_point((f.x + 3, f.y - 60)))
    assert view.menu is not None  # the contact popup on the barrel
    frame(view)
    # a click on another musketeer closes the menu and selects it at once
    other = view.state.figures[0].id
    click(view, screen(view, other))
    assert view.menu is None and view.selected == other
    frame(view)
    # open it again: a click on an action bar button presses it at once
    view.selected = mover
    view.open_menu("*", screen(view, mover))
    assert view.menu is not None
    frame(view)
    steps = len(view.session.match.steps)
    button = view.action_bar.buttons[0]
    assert not view.menu.rect.colliderect(button.rect)
    click(view, button.rect.center)
    frame(view)
    assert view.menu is None
    assert len(view.session.match.steps) > steps or view.targeting is not None


def test_keys_and_clicks_that_do_nothing_say_so(tavern: Board, tmp_path: Path) -> None:
    view = tavern_view(tavern, tmp_path, (1280, 800), BALCONY)
    view.handle_event(ev(pygame.KEYDOWN, key=pygame.K_9, mod=0, unicode="9", scancode=0))
    assert "9" in view.message
    view.message = ""
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=view.layout.table.center, button=3))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=view.layout.table.center, button=3))
    assert view.message_showing or view.menu is not None


# --------------------------------------------------------------------------- 4. words

#: a Russian preposition (or a participle that takes a case) left before a colon: the name after
#: it would need a case the placeholder cannot give ("Увернуться от: круглый стол")
GLUED_RU = re.compile(r"(?<![\w-])(от|с|со|на|в|во|по|к|ко|за|через|из|у|против|между|касаясь|"
                      r"упирается в|вплотную к):\s*\{")


def ofa_msgids() -> set[str]:
    """Every msgid the One for All screen and rules put on the screen."""
    paths = sorted((REPO / "game" / "ui" / "play" / "ofa").glob("*.py"))
    paths += sorted((REPO / "game" / "rules" / "one_for_all").glob("*.py"))
    return set(extract_messages(paths))


def test_the_russian_of_one_for_all_never_leaves_a_preposition_before_a_name() -> None:
    ru = catalog("ru")
    glued = {m: ru[m] for m in ofa_msgids() if m in ru and GLUED_RU.search(ru[m])}
    assert not glued


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_OFA_5_4_a_hit_that_only_pushes_back_reads_as_a_sentence(lang: str) -> None:
    from game.rules.engine import Event
    from game.rules.one_for_all.explain import explain

    hits = Event.of("ofa.hits", ["OFA-5.1", "OFA-5.4", "OFA-5A.1"], "Porthos", table="swashbuckling",
                    rows=("pushed_back",), steps=(), stunned=False, unarmed=False, wounds=0)
    line = explain(hits, lang)
    if lang == "en":
        assert line.startswith("Porthos takes 1 hit(s) (Pushed Back), with no lasting harm")
        assert "unhurt" not in line
    else:
        assert line.startswith("Porthos получает ударов: 1 (Отброшен), без последствий")
    worse = Event.of("ofa.hits", ["OFA-5.1", "OFA-5.4", "OFA-5A.1"], "Porthos",
                     table="swashbuckling", rows=("pushed_back", "stunned"), steps=(),
                     stunned=True, unarmed=False, wounds=0)
    assert ("2 hit(s) (Pushed Back, Stunned): now Stunned" in explain(worse, "en"))
    blocked = Event.of("ofa.push", ["OFA-5D.1", "OFA-5D.2", "OFA-AMB-4", "OFA-AMB-4"], "Porthos",
                       distance=0.0, blocked=True, touched="long table", touched_kind="terrain")
    text = explain(blocked, lang)
    assert " 0 mm" not in text and " 0 мм" not in text and "long table" in text
    assert text.endswith("[OFA-5D.1, OFA-5D.2, OFA-AMB-4]")  # each rule once


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_whole_game_logs_each_rule_once_and_no_empty_or_glued_piece(
        tavern: Board, lang: str) -> None:
    set_language(lang)
    session = PlaySession(new_match(TAVERN, 5), tavern, ai_sides=("musketeers", "cardinal"))
    for _ in range(250):
        if session.state.winner:
            break
        command = session.ai_command()
        if command is None:
            break
        session.submit(command)
    lines = [line for entry in session.log() for line in entry.lines]
    assert len(lines) > 50
    for line in lines:
        rules = [r.strip() for r in line.rules.split(",") if r.strip()]
        assert len(rules) == len(set(rules)), line
        assert "()" not in line.text and "  " not in line.text, line
        assert not re.search(r"\b([^\W\d_]+)\b,? \1\b", line.text), line  # no word twice
        if lang == "ru":
            assert not re.search(r"(?<![\w-])(от|на|с|по|к|за|в|против): ", line.text), line


def test_the_shape_of_what_stopped_a_move_is_its_own(tavern: Board, tmp_path: Path) -> None:
    from game.ui.play.ofa.overlays import contact_shape

    view = tavern_view(tavern, tmp_path, (1280, 800))
    st = view.state
    index = view.session.system.index(st)
    bounds = view.session.system.table_for_state(st).bounds
    assert bounds is not None
    fig = st.figures[0]
    base = contact_shape(st, index, bounds, fig.id)
    assert base is not None and abs(base.area - 3.14159 * fig.radius ** 2) < 0.05 * base.area
    barrel = contact_shape(st, index, bounds, "36")
    assert barrel is not None and barrel.equals(index.solids[index.index_of("36")].footprint)
    west = contact_shape(st, index, bounds, "x_min")
    assert west is not None and west.geom_type == "LineString"
    assert west.bounds == (bounds[0], bounds[1], bounds[0], bounds[3])
    assert contact_shape(st, index, bounds, "nowhere") is None
