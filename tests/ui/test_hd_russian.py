"""The Helldorado play screen in Russian (no English word, no missing glyph: the tabs, the table's
overlays, the dice tray, the action bar, the cards, the log of whole games and the rules' refusals),
its strict mode (no teaching hints, the mode named in the top bar) and the resume offer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.i18n import _, set_language
from game.rules.helldorado.commands import Activate, Move
from game.ui.play.hd.overlay import sight_lines, sight_picture
from game.ui.play.hd.session import HDSession, Tool, new_hd_match
from game.ui.play.hd.view import HDPlayView, make_hd_view
from game.ui.play.resume import RESUME
from game.ui.play.side_panel import CARD, LOG, ODDS
from game.ui.play.widgets import SMALL_PX, TEXT_PX
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
RUINS = REPO / "maps" / "ruins.tmx"
SIZE = (1280, 800)
PNG = Path("/tmp/ru_hd.png")
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"
#: Latin words the Russian screen keeps: the unit card's stats as the Russian rulebook prints
#: them (CBT, DEF, PR, LP, SHS: "...равное CBT сражающихся юнитов", "Параметр PR противника"),
#: the order Vae Victis (Latin there too) and the game's name as the main menu's catalog keeps it
KEPT = ("CBT", "DEF", "PR", "LP", "SHS", "Vae", "Victis", "Helldorado")


@pytest.fixture
def russian(headless: None) -> Iterator[None]:
    set_language("ru")
    yield
    set_language("en")


def _view(tmp_path: Path, **kw: object) -> HDPlayView:
    v = make_hd_view(RUINS, SIZE, (), save_dir=tmp_path, seed=4, **kw)  # type: ignore[arg-type]
    v.handover_on = False
    return v


def _frame(view: HDPlayView, surface: pygame.Surface | None = None) -> pygame.Surface:
    surface = surface or pygame.Surface(SIZE)
    view.update(1 / 60)
    view.draw(surface)
    return surface


def _advance(view: HDPlayView, n: int) -> None:
    for _i in range(n):
        if view.state.over:
            break
        assert view.session.submit(view.session.ai_command()).ok
    view._settle()


def _key(view: HDPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                                scancode=0))


def _all_tabs(view: HDPlayView, seen: list[str]) -> pygame.Surface:
    """Every tab drawn; what the screen drew and what its widgets show (captions, tooltips)."""
    surface = pygame.Surface(SIZE)
    for tab in (ODDS, CARD, LOG):
        view.side_panel.tab = tab
        with recorded_texts() as got:
            _frame(view, surface)
        seen += got + view.bars_gui.texts()
    return surface


def _assert_russian(seen: list[str], view: HDPlayView) -> None:
    assert seen
    assert english_words(seen, KEPT) == {}
    for px in (SMALL_PX, TEXT_PX):
        assert missing_glyphs(seen, view.texts.fonts.of_height(px)) == set()
    widgets = view.bars_gui.texts()  # drawn in the theme's font
    assert missing_glyphs(widgets, pygame.font.Font(str(NOTO), 16)) == set()


# ---------------------------------------------------------------------- Russian
def test_the_russian_screen_shows_no_english(russian: None, tmp_path: Path) -> None:
    view = _view(tmp_path)
    seen: list[str] = []
    _all_tabs(view, seen)  # the start: who starts, nobody active
    # a unit with a template weapon, its template being placed
    system = view.session.system
    found = None
    for _i in range(400):
        st = view.state
        if st.activation is None and st.pending is None:
            found = next((u for u in st.ready(st.turn) if u.weapons_of("cloud", "impact", "explosion")
                          and not system.engaged(st, u)), None)
            if found is not None:
                break
        _advance(view, 1)
    assert found is not None
    view.selected = found.id
    _frame(view)
    tool = next(c for g in view.groups() for c in g.choices if isinstance(c.command, Tool))
    view.choose(tool)
    _all_tabs(view, seen)
    _key(view, pygame.K_ESCAPE)
    # a drag being made
    view.selected = found.id
    u = view.state.unit(found.id)
    view.drag_from = view.screen_point((u.x, u.y))
    view.drag_to = (u.x + 2.0, u.y + 0.5)
    _all_tabs(view, seen)
    view.drag_from = view.drag_to = None
    # later in the game: shots, melee, deaths and choices in the log and the tray
    _advance(view, 120)
    surface = _all_tabs(view, seen)
    pygame.image.save(surface, PNG)
    # the cards: help, menu, and the end of the game
    for k in (pygame.K_F1, pygame.K_ESCAPE):
        _key(view, k)
        with recorded_texts() as got:
            _frame(view)
        seen += got
        view.card, view.card_kind = None, ""
    _advance(view, 2000)
    assert view.state.over and view.card_kind == "end"
    with recorded_texts() as got:
        _frame(view)
    seen += got
    view.offer_resume(7)
    with recorded_texts() as got:
        _frame(view)
    seen += got
    _assert_russian(seen, view)


def test_the_status_line_and_messages_are_russian(russian: None, tmp_path: Path) -> None:
    view = _view(tmp_path)
    st = view.state
    uid = st.ready(st.turn)[0].id
    words = [view.hint()]
    result = view.submit(Activate(uid), Move(uid, 0.0, 50.0))  # farther than its movement
    assert not result.ok
    words.append(view.message)
    view.undo()  # nothing to undo
    words.append(view.message)
    view.save()
    words.append(view.message)
    view.load(tmp_path / "missing.json")
    words.append(view.message)
    assert english_words(words, KEPT + ("json",)) == {}, words
    assert "HD-HOUSE-4" in words[1]


def test_whole_games_are_logged_in_russian(russian: None) -> None:
    texts: list[str] = []
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        session = HDSession(new_hd_match(RUINS, seed, options={"rounds": 3}))
        while not session.state.over:  # what the action bar offers on the way
            st = session.state
            for unit in (st.pending.unit,) if st.pending else [u.id for u in st.ready(st.turn)]:
                for group in session.choices(unit):
                    texts += [group.title] + [c.label for c in group.choices]
            assert session.submit(session.ai_command()).ok
        for entry in session.log():
            texts.append(entry.title)
            texts += [line.text for line in entry.lines]
        kinds |= {e.kind for s in session.match.steps for e in s.events}
    assert {"hd.shot", "hd.roll", "hd.damage", "hd.template", "hd.death", "hd.game_over"} <= kinds
    assert english_words(texts, KEPT) == {}


#: the ids of the ruins' units and sides, which the screen must never show
UNIT_IDS = re.compile(r"\b(malakh|damned_\d|imp|hellhound|capitan_ortega|arquebusier_\d|pikeman|"
                      r"friar_tomas|inferno|conquistadors)\b")


def test_a_refused_command_says_why_in_russian_with_names(russian: None, tmp_path: Path) -> None:
    """A refusal on the Russian screen: why, in Russian, the unit by its Russian name, then the
    rule's ID; the same refusal in English reads in English."""
    view = _view(tmp_path)
    _frame(view)
    st = view.state
    uid = st.ready(st.turn)[0].id
    with recorded_texts() as seen:
        result = view.submit(Activate(uid), Move(uid, 90.0, 40.0))
        _frame(view)
    assert not result.ok and result.reason.endswith(" (HD-HOUSE-4)")
    said = [t for t in seen if t.startswith("Нельзя: ")]
    if said and said[-1] != view.message:  # two lines in the status line beside the table
        said[-1] += " " + list(seen)[len(seen) - 1 - list(reversed(seen)).index(said[-1]) + 1]
    assert said and said[-1] == view.message == f"Нельзя: {result.reason}"
    name = view.session.names.of(uid)
    assert name != st.unit(uid).name  # the Russian name, not the English one
    assert said[-1].startswith(f"Нельзя: {name}: осталось ") and " с. движения" in said[-1]
    assert english_words(said, KEPT) == {} and not UNIT_IDS.search(said[-1])
    set_language("en")
    again = view.session.submit(Activate(uid), Move(uid, 90.0, 40.0))
    assert again.reason.startswith(f"{st.unit(uid).name} has ") and " f of movement left" in again.reason


def test_every_refusal_of_helldorado_reads_in_russian(russian: None) -> None:
    """Each message of the rules, with the ruins' ids, as the Russian screen shows it."""
    from game.i18n import placeholders
    from game.rules.engine import IllegalCommand
    from game.rules.helldorado.refusals import MESSAGES

    session = HDSession(new_hd_match(RUINS, 4))
    sample = {"unit": "malakh", "target": "arquebusier_1", "active": "friar_tomas", "side": "inferno",
              "solid": "7", "terrain": "8", "blocker": "x_min", "weapon": "arquebus",
              "kind": "ranged", "kinds": ("cloud", "impact"), "action": "shooting",
              "now": "reroll", "asked": "hits", "options": ("", "hellblade"),
              "units": ("imp", "hellhound"), "targets": ("pikeman", "friar_tomas"), "dice": (1, 3),
              "most": 2, "left": 1.5, "rise": 1.25, "drop": 1.75, "cost": 2.5, "distance": 40.0}
    texts = []
    for key, template in MESSAGES.items():
        params = {p: sample[p] for p in placeholders(template)}
        text = session.refusal(IllegalCommand("HD-X", "english", key=key, params=params))
        assert text.endswith(" (HD-X)") and "english" not in text, (key, text)
        assert not UNIT_IDS.search(text), (key, text)
        texts.append(text)
    assert english_words(texts, KEPT) == {}
    assert sum(session.names.of("malakh") in t for t in texts) > 20


# ---------------------------------------------------------------------- strict mode
def _shooter_state(view: HDPlayView) -> str:
    """Advance until a unit with a ranged weapon may shoot; its id."""
    system = view.session.system
    for _i in range(400):
        st = view.state
        for u in st.alive():
            if u.weapons_of("ranged") and not system.engaged(st, u) and system.shot_targets(
                    st, u, u.weapons_of("ranged")[0]).ids:
                return u.id
        _advance(view, 1)
    pytest.skip("no shot came up")


def test_strict_mode_shows_no_teaching_hints_and_names_itself(headless: None, tmp_path: Path) -> None:
    teaching, strict = _view(tmp_path / "t"), _view(tmp_path / "s", mode="strict")
    assert teaching.session.match.mode == "teaching" and strict.session.match.mode == "strict"
    assert "pick a unit to activate" in teaching.hint()
    side = strict.names.side(strict.session.to_play() or "")
    assert strict.hint() == f"{side} to play."
    for view, shown, hidden in ((teaching, "Teaching mode", "Strict mode"),
                                (strict, "Strict mode", "Teaching mode")):
        with recorded_texts() as seen:
            _frame(view)
        assert any(shown in t for t in seen) and not any(hidden in t for t in seen)
    # the targets the rules allow and why not the others: teaching only
    uid = _shooter_state(teaching)
    _advance(strict, len(teaching.session.match.steps))
    assert strict.state == teaching.state
    system = teaching.session.system
    taught = sight_picture(system, teaching.state, uid, teaching.names, True)
    bare = sight_picture(system, strict.state, uid, strict.names, False)
    assert taught.legal and not bare.legal
    assert [s.distance for s in taught.sights] == [s.distance for s in bare.sights]
    assert any("LEGAL TARGET" in line for line in sight_lines(taught, teaching.state))
    assert not any("LEGAL TARGET" in line or "HD-RANGED-2" in line
                   for line in sight_lines(bare, strict.state))
    strict.selected = uid
    strict.hover = ""
    assert strict.sight() is not None and not strict.sight().legal  # type: ignore[union-attr]
    # in Russian the top bar says the mode in Russian (its short name where the full one
    # would not leave the bar on one line)
    set_language("ru")
    try:
        with recorded_texts() as seen:
            _frame(strict)
        assert any(_("Strict mode") in t or f"· {_('Strict')} ·" in t for t in seen)
        assert _("Strict mode") != "Strict mode" and _("Strict") != "Strict"
    finally:
        set_language("en")


def test_strict_mode_is_kept_by_a_new_game_and_a_save_brings_its_own(headless: None,
                                                                     tmp_path: Path) -> None:
    strict = _view(tmp_path / "s", mode="strict")
    _advance(strict, 3)
    strict.card_action("new")
    assert strict.session.match.mode == "strict" and strict.session.match.steps == []
    teaching = _view(tmp_path / "t")
    _advance(teaching, 3)
    path = teaching.save()
    assert path is not None
    assert strict.load(path)
    assert strict.session.match.mode == "teaching"
    with recorded_texts() as seen:
        _frame(strict)
    assert any("Teaching mode" in t for t in seen)


def test_strict_mode_refuses_to_undo_a_roll(headless: None, tmp_path: Path) -> None:
    view = _view(tmp_path, mode="strict")
    for _i in range(400):
        steps = view.session.match.steps
        if steps and steps[-1].rolled:
            break
        _advance(view, 1)
    n = len(view.session.match.steps)
    view.undo()
    assert len(view.session.match.steps) == n
    assert "strict mode" in view.message


# ---------------------------------------------------------------------- resume
def _click_item(view: HDPlayView, key: str) -> None:
    card = view.card
    assert card is not None
    card.update(10.0)
    button = next(b for b in card._buttons if b.key == key)
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))


def test_the_resume_offer_brings_back_the_autosaved_game(headless: None, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    first = make_hd_view(RUINS, SIZE, ())
    auto = first.session.match.autosave_path
    assert auto is not None and str(auto).startswith(str(tmp_path))
    st = first.state
    uid = st.ready(st.turn)[0].id
    assert first.submit(Activate(uid)).ok
    _advance(first, 4)
    assert auto.is_file()
    n = len(first.session.match.steps)

    again = make_hd_view(RUINS, SIZE, ())
    assert again.session.match.steps == []
    again.offer_resume(n)
    assert again.card_kind == "resume" and again.card is not None
    assert again.card.items[0].key == RESUME
    _frame(again)
    _click_item(again, RESUME)
    assert again.card is None
    assert again.state == first.state
    assert again.session.match.digest() == first.session.match.digest()
    assert len(again.session.match.steps) == n
    assert again.session.match.autosave_path == auto

    fresh = make_hd_view(RUINS, SIZE, ())
    before = fresh.state
    fresh.offer_resume(n)
    _frame(fresh)
    assert fresh.card is not None
    fresh.card.update(10.0)
    for _i in range([i.key for i in fresh.card.items].index("close")):
        _key(fresh, pygame.K_DOWN)
    _key(fresh, pygame.K_RETURN)
    assert fresh.card is None and fresh.state == before and fresh.session.match.steps == []


def test_resume_card_in_russian(russian: None, tmp_path: Path) -> None:
    view = _view(tmp_path)
    view.offer_resume(5)
    with recorded_texts() as seen:
        _frame(view)
    assert any("5" in t for t in seen)
    _assert_russian(seen, view)


def test_the_language_item_of_the_menu_switches_the_screen(headless: None, tmp_path: Path) -> None:
    view = _view(tmp_path)
    _frame(view)
    view.open_game_menu()
    view.card_action("lang")
    try:
        with recorded_texts() as seen:
            _frame(view)
        seen += view.bars_gui.texts()
        assert _("Log") != "Log" and _("Log") in seen and _("Menu") in seen
        assert view.side_panel.buttons[LOG].text == _("Log")
        assert view.top_buttons.buttons[-1].text == _("Menu")
    finally:
        set_language("en")


def test_every_text_of_the_screen_has_its_glyphs(headless: None) -> None:
    """Every message of the Helldorado catalogs and of the log's Russian (as the log shows it,
    arrows written "->"), in the screen's font."""
    from game.i18n import LOCALE_DIR, parse_po
    from game.rules.engine import words as engine_words
    from game.rules.helldorado import explain as explain_mod
    from game.ui.play.widgets import Texts

    texts: list[str] = []
    for lang in ("en", "ru"):
        po = parse_po((LOCALE_DIR / lang / "LC_MESSAGES" / "helldorado.po").read_text(encoding="utf-8"))
        texts += list(po.values())
        texts += [engine_words.translate(t, lang).replace("→", "->")
                  for t in explain_mod.EXPLANATIONS.messages.values()]
    font = Texts().fonts.of_height(SMALL_PX)
    assert missing_glyphs(texts, font) == set()
