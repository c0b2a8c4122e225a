"""Issue 16 on the Relic screen, headless: a table a player can read.

One source for every name: each space is named by its map (the rules read it), as on the
buttons, in the log and in the tray (and the map's own names agree with it, in both languages);
the spaces' names are placed clear of the pieces, the cards and one another; the hand-over says
why a player is called to roll for the enemy, and the roll that sends the screen back; the
Russian words are whole sentences, never a name glued after a colon."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.board.loader import load_board
from game.board.names import local_name
from game.i18n import LOCALE_DIR, parse_po, set_language
from game.rules.relic.board import RingBoard
from game.rules.relic.commands import Move, RollMove
from game.ui import labels
from game.ui.label_layout import circle_box, inside, overlaps
from game.ui.play.relic.table import card_boxes, pieces
from game.ui.play.relic.view import RelicPlayView, make_relic_view
from game.ui.terrain_art import label_point
from tests.ui.ru_texts import recorded_texts

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "relic.tmx"
SIZES = ((1024, 640), (1280, 800), (1920, 1080))


@pytest.fixture(autouse=True)
def _back_to_english() -> object:
    yield
    set_language("en")


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def frame(view: RelicPlayView, size: tuple[int, int], dt: float = 1 / 60) -> pygame.Surface:
    surface = pygame.Surface(size)
    view.update(dt)
    view.draw(surface)
    return surface


def new_view(size: tuple[int, int], tmp: Path, **options: object) -> RelicPlayView:
    """A four-player game on the table (a card the screen opens with put away)."""
    view = make_relic_view(MAP, size, seed=5, players=4, save_dir=tmp, ai_pace=0.0,
                           **options)  # type: ignore[arg-type]
    view.card, view.card_kind = None, ""
    return view


def mid_game(size: tuple[int, int], tmp: Path, steps: int = 60) -> RelicPlayView:
    """The AI plays ``steps`` commands; then three heroes stand on the space of the one to play
    (the screen shows the next person's turn)."""
    view = new_view(size, tmp, handover=False)
    session = view.session
    for _ in range(steps):
        session.submit(session.ai_command())
    st = session.state
    for hero in st.heroes[:3]:
        st = st.with_hero(replace(hero, space=st.active_hero.space))
    session.match.state = st
    view.after_change()
    view.card, view.card_kind = None, ""
    return view


def placed(view: RelicPlayView, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
           ) -> list[tuple[tuple[float, float], tuple[float, float, float, float]]]:
    """The labels drawn on the table in one frame: (anchor, box), in the table's pixels."""
    frame(view, size)  # the table's picture made (the map's own words placed in it)
    out: list[tuple[tuple[float, float], tuple[float, float, float, float]]] = []
    layout = labels.layout

    def recording(wanted: list, *args: object, **kw: object) -> tuple:
        result = layout(wanted, *args, **kw)  # type: ignore[arg-type]
        anchors = {label.key: label.anchor for label in wanted}
        out.extend((anchors[p.key], p.box) for p in result)
        return result

    monkeypatch.setattr(labels, "layout", recording)
    view.marks = None  # the ring's marks drawn anew (not the picture kept from the last frame)
    frame(view, size)
    monkeypatch.setattr(labels, "layout", layout)
    return out


def named_spaces(view: RelicPlayView, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
                 ) -> set[str]:
    """The spaces whose names are drawn in one frame."""
    cam = view.board_view.camera
    at = {}
    for cid, cell in view.cells.items():
        x, y = cam.world_to_screen(*label_point(cell.polygon))
        at[(round(x), round(y))] = cid
    return {at[(round(a[0]), round(a[1]))] for a, _box in placed(view, size, monkeypatch)
            if (round(a[0]), round(a[1])) in at}


# ---------------------------------------------------------------------- one source for names
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_map_and_the_rules_name_every_space_alike(lang) -> None:
    board = load_board(MAP)
    ring = RingBoard(board)  # the rules read each space's names from the map (issue 18.3)
    differ = {c.id: (local_name(c.name, c.properties, lang), ring.name_of(c.id, lang))
              for c in board.cells if local_name(c.name, c.properties, lang) != ring.name_of(c.id, lang)}
    assert len(board.cells) >= 40 and differ == {}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_board_names_a_space_as_its_button_does(headless, tmp_path, monkeypatch, lang) -> None:
    set_language(lang)
    size = (1024, 640)
    view = new_view(size, tmp_path)
    view.submit(RollMove())
    view.card, view.card_kind = None, ""
    moves = [c for c in view.actions() if isinstance(c, Move)]
    assert moves
    view.plates.clear()  # every name rendered anew, to be recorded
    with recorded_texts() as texts:
        shown = named_spaces(view, size, monkeypatch)
    for move in moves:
        name = view.session.name(move.to)
        assert move.to in shown and name in texts  # on the board, where the move may end
        assert any(name in t for t in texts if t != name)  # and on its button
    # the map's own cell names are not drawn into the table: the screen writes each once
    assert all(not cell.name for cell in view.board.cells)


# ---------------------------------------------------------------------- the words on the ring
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_no_space_name_covers_a_piece_a_card_or_another_name(headless, tmp_path, monkeypatch,
                                                              size, lang) -> None:
    set_language(lang)
    view = mid_game(size, tmp_path)
    boxes = [box for _anchor, box in placed(view, size, monkeypatch)]
    on_table = pieces(view)
    assert sum(1 for p in on_table if p.space == view.state.active_hero.space) >= 3
    keep_clear = [circle_box((p.x, p.y), p.r) for p in on_table]
    keep_clear += [(r.x, r.y, r.w, r.h) for r, _card in card_boxes(view, on_table)]
    t = view.layout.table
    assert len(boxes) >= 2
    for i, box in enumerate(boxes):
        assert inside(box, (0, 0, t.w, t.h)), box
        assert not any(overlaps(box, other) for other in boxes[i + 1:]), box
        assert not any(overlaps(box, other) for other in keep_clear), box
    # the pieces of a space stand apart
    for i, a in enumerate(on_table):
        for b in on_table[i + 1:]:
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= (a.r + b.r) ** 2


def test_the_space_under_the_pointer_is_named(headless, tmp_path, monkeypatch) -> None:
    size = (1024, 640)
    view = new_view(size, tmp_path)
    st = view.state
    far = next(cid for cid in view.cells if cid.startswith("outer") and
               all(h.space != cid for h in st.heroes))
    assert far not in named_spaces(view, size, monkeypatch)  # too wide for its space here
    pos = view.screen_point(view.cells[far].polygon.representative_point().coords[0])
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert view.hot_space == far and far in named_spaces(view, size, monkeypatch)


# ---------------------------------------------------------------------- the hand-over
def handed_over(view: RelicPlayView) -> bool:
    return view.card_kind == "handover" or getattr(view, "banner", None) is not None


def test_REL_SEQ_3_the_hand_over_says_why_this_player_rolls_for_the_enemy(headless, tmp_path) -> None:
    size = (1280, 800)
    view = new_view(size, tmp_path, handover=True)
    session = view.session
    notes: list[tuple[str, str]] = []
    for _ in range(400):
        before = session.state.battle
        view.card, view.card_kind = None, ""
        if hasattr(view, "banner"):
            view.banner = None
        assert view.submit(session.ai_command())
        st = session.state
        b = st.battle
        if b is not None and b.step == "enemy_roll" and (before is None or before.step != "enemy_roll"):
            assert handed_over(view)
            notes.append(("roll", view.handover_note(b.roller)))
        elif b is not None and b.step == "player_roll" and before is not None \
                and before.step == "enemy_roll":
            assert handed_over(view)
            notes.append(("back", view.handover_note(st.active_player)))
        if {kind for kind, _note in notes} == {"roll", "back"}:
            break
    words = dict(notes)
    assert "you roll the enemy's die" in words["roll"] and "(REL-SEQ-3)" in words["roll"]
    assert " battles " in words["roll"] and "turn order" in words["roll"]
    assert "your battle roll" in words["back"] and " rolled " in words["back"]
    assert words["back"].endswith("(REL-SEQ-4).")


# ---------------------------------------------------------------------- whole sentences
#: a placeholder glued after a preposition and a colon ("Увернуться от: {object}")
GLUED = re.compile(r"(?i)(?:^|[\s(])(?:на|в|во|с|со|от|к|ко|по|из|за|для|при|о|об|у|до|без|над|"
                   r"под|через|про)\s*:\s*«?\{")


@pytest.mark.parametrize("domain", ["relic", "mice_and_mystics"])
def test_no_russian_sentence_glues_a_name_after_a_preposition(domain) -> None:
    ru = parse_po((LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8"))
    assert [v for v in ru.values() if GLUED.search(v)] == []


def test_the_action_buttons_are_whole_sentences_in_russian(headless, tmp_path) -> None:
    set_language("ru")
    view = new_view((1280, 800), tmp_path, handover=False)
    session = view.session
    seen: dict[str, str] = {}
    for _ in range(300):
        for command in view.actions():
            seen.setdefault(type(command).__name__, session.label(command))
        session.submit(session.ai_command())
        if {"Move", "Fight", "Prepare"} <= set(seen):
            break
    assert seen["Move"].startswith("Перейти на клетку «") and seen["Move"].endswith("»")
    assert seen["Fight"].startswith("Сразиться с врагом «")
    assert seen["Prepare"].startswith("Готовиться к бою")
    assert not any(re.match(r"^\w+: ", label) for label in seen.values()), seen


# ---------------------------------------------------------------------- built only on a change
def test_the_ring_marks_and_the_buttons_are_made_again_only_on_a_change(headless, tmp_path) -> None:
    size = (1280, 800)
    view = new_view(size, tmp_path, handover=False)
    view.submit(RollMove())
    frame(view, size)
    marks, buttons = view.marks, list(view.buttons)
    assert buttons
    frame(view, size)
    assert view.marks is marks and view.buttons == buttons  # a still frame makes nothing
    for other in ((1300, 820), (1280, 800)):  # a new window size moves the same buttons
        view.handle_event(ev(pygame.VIDEORESIZE, size=other, w=other[0], h=other[1]))
        view.resize(other)
        frame(view, other)
        assert view.buttons == buttons and all(b.alive() for b in buttons)
        assert view.layout.actions.contains(buttons[0].rect)
    assert view.marks is not marks  # the table's size changed: the marks were drawn again
    marks = view.marks
    view.submit(next(c for c in view.actions() if isinstance(c, Move)))
    frame(view, size)
    assert view.marks is not marks and view.buttons != buttons  # a command: both anew
