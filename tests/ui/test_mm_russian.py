"""The Mice and Mystics play screen in Russian (no English left, every glyph drawable), its
strict mode and its offer to resume the autosaved game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest

from game.i18n import LOCALE_DIR, extract_messages, parse_po, placeholders, set_language, stray_literals
from game.rules import registry
from game.rules.engine import IllegalCommand, Setup, selfplay
from game.rules.engine.selfplay import greedy_policy
from game.rules.mice_and_mystics.board import RULING_KINDS
from game.rules.mice_and_mystics.commands import Explore, Step
from game.rules.mice_and_mystics.explain import explain, name_of, place_name
from game.rules.mice_and_mystics.refusals import MESSAGES
from game.ui.play.mm.session import MMSession, command_title, new_mm_match
from game.ui.play.mm.view import MMPlayView, make_mm_view
from game.ui.play.resume import RESUME
from game.ui.play.side_panel import TAB_IDS
from game.ui.play.widgets import SMALL_PX, Texts
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "mice_chapter.tmx"
SIZE = (1280, 800)
MINE = [REPO / "game" / "ui" / "play" / "mm" / f for f in ("view.py", "paint.py", "dice.py",
                                                             "session.py", "table.py", "hints.py")]
#: the rules' refusals, whose words are in the screen's domain too
REFUSALS = REPO / "game" / "rules" / "mice_and_mystics" / "refusals.py"
#: the rules' events in words and the status block, in the same domain
EXPLAIN = REPO / "game" / "rules" / "mice_and_mystics" / "explain.py"
#: the shell every play screen shares (its words on this screen may stand in this domain too)
SHELL = sorted((REPO / "game" / "ui" / "play").glob("*.py"))
#: the shell's domains: words every play screen shares (the side panel's tabs...)
SHARED = ("play.po", "play_tabs.po")
DOMAIN = "mice_and_mystics.po"


@pytest.fixture(autouse=True)
def _back_to_english() -> object:
    yield
    set_language("en")


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def key(view: MMPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def drawn(view: MMPlayView, surface: pygame.Surface) -> list[str]:
    """The texts drawn with each tab of the side panel open."""
    shown = view.side_panel.tab
    with recorded_texts() as seen:
        view.update(1 / 60)
        for tab in TAB_IDS:
            view.side_panel.tab = tab
            view.draw(surface)
    view.side_panel.tab = shown
    return list(seen)


def play(view: MMPlayView, surface: pygame.Surface, steps: int = 500, every: int = 5) -> list[str]:
    """The mice's commands as the greedy AI would give them (through the view, as a click
    would), the GM playing itself; every text drawn on the way, the choices' labels, the hints
    and every log line."""
    texts: list[str] = []
    rng = random.Random(4)
    for i in range(steps):
        if view.state.result:
            break
        if view.session.human_to_play():
            texts += [label for label, _cmd in view.choices()] + [view.hint()]
            if i % every == 0:
                texts += drawn(view, surface)
            view.card = None
            legal = view.session.legal()
            assert view.submit(greedy_policy(view.session.system, view.state, legal, rng))
        else:
            view.update(0.1)
            if i % every == 0:
                texts += drawn(view, surface)
    texts += drawn(view, surface) + [view.hint(), view.outcome_text()]
    for entry in view.session.log():
        texts.append(entry.title)
        texts += [text for text, _rules in entry.lines]
    return texts


# ---------------------------------------------------------------------- the files and catalogs
def test_my_files_show_no_literal_outside_the_catalogs() -> None:
    assert {p.name: stray_literals(p) for p in MINE if stray_literals(p)} == {}


def test_the_domain_holds_every_message_of_the_screen_in_both_languages() -> None:
    en = parse_po((LOCALE_DIR / "en" / "LC_MESSAGES" / DOMAIN).read_text(encoding="utf-8"))
    ru = parse_po((LOCALE_DIR / "ru" / "LC_MESSAGES" / DOMAIN).read_text(encoding="utf-8"))
    used = extract_messages([*MINE, REFUSALS, EXPLAIN])
    shared = {k for name in SHARED
              for k in parse_po((LOCALE_DIR / "en" / "LC_MESSAGES" / name).read_text(encoding="utf-8"))}
    assert set(used) <= set(en) | shared and set(en) == set(ru)
    assert set(en) <= set(used) | set(extract_messages(SHELL)), "stale entries"
    assert all(k == v for k, v in en.items())
    for k, v in ru.items():
        assert v and placeholders(k) == placeholders(v), (k, v)
        bare = re.sub(r"\{[^}]*\}", " ", v)
        assert not english_words([bare], allowed=["Space"]), (k, v)


# ---------------------------------------------------------------------- the rules' words
def test_the_rules_explain_every_event_in_russian_without_english() -> None:
    system = registry.get("mice_and_mystics")
    texts: list[str] = []
    for seed in (1, 2, 3):
        match, _ = selfplay.play_one(system, Setup("mice_and_mystics", "mice_chapter.tmx", seed),
                                     selfplay.greedy_policy, random.Random(seed))
        texts += [explain(e, "ru") for e in match.events]
    assert english_words(texts) == {}


def test_names_of_minions_mice_tiles_and_cells_in_russian() -> None:
    assert name_of("rat_3", "ru") == "Крыса 3" and name_of("rat_3") == "Rat 3"
    assert name_of("tilly", "ru") == "Тилли" and name_of("tilly") == "Tilly"
    assert name_of("minions:roach", "ru") == "Тараканы"
    assert place_name("cellar:cellar-4", "ru") == "Погреб-4"
    assert place_name("cellar:cellar-4") == "Cellar-4"  # English names the tile too, never the key
    assert place_name("kitchen", "ru") == "Кухня"
    assert place_name("kitchen:kitchen-5", "ru", {"kitchen:kitchen-5": "Полка специй"}) == "Полка специй"


# ---------------------------------------------------------------------- the screen in Russian
def test_the_screen_in_russian_shows_no_english_and_no_boxes(headless: None, tmp_path: Path) -> None:
    set_language("ru")
    surface = pygame.Surface(SIZE)
    texts: list[str] = []
    for seed in (3, 5):
        view = make_mm_view(MAP, SIZE, seed=seed, save_dir=tmp_path / str(seed), pace=0.0)
        texts += drawn(view, surface)
        texts += play(view, surface)
        assert view.state.result in ("won", "lost")
        view.undo()  # "Undone." / the reason it cannot be
        texts += drawn(view, surface) + [view.message]
        view.save()
        texts += [view.message]
        assert view.load(tmp_path / "missing.json") is False
        texts += [view.message]
        view.save_dir = tmp_path / "a-file"  # a save folder that cannot be made
        view.save_dir.write_text("")
        assert view.save() is None
        texts += [view.message]
        view.save_dir.unlink()
    assert english_words(texts) == {}
    font = Texts().fonts.of_height(SMALL_PX)
    assert missing_glyphs(texts, font) == set()


def test_the_log_follows_a_change_of_language(headless: None, tmp_path: Path) -> None:
    view = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0)
    reach = view.reach()
    assert reach is not None
    far = max(reach.cells, key=lambda c: reach.cost[c])
    view.submit(next(c for c in view.session.legal() if type(c).__name__ == "Search"))
    english = [e.title for e in view.session.log()]
    set_language("ru")
    russian = [e.title for e in view.session.log()]
    assert english != russian and english_words(russian) == {}
    assert russian[0].startswith("Тилли")
    step = view.session.match.steps[0]
    assert command_title(step.command, step.before).startswith("Тилли")
    assert far  # the start of the game had somewhere to go


# ---------------------------------------------------------------------- refusals
#: internal ids a refusal must never show: cell keys, cell and exit ids, the mice's ids
IDS = re.compile(r"\b[a-z_]+:[a-z_-]+\b|\b[a-z]+[-_](?:\d+|east|west|north|south)\b"
                 r"|\b(?:tilly|bram|pip|hazel)\b")


def _not_adjacent(view: MMPlayView) -> Step:
    """A step of the mouse in turn to a cell of its tile that is not next to its own."""
    st = view.state
    assert st.turn is not None
    m = st.mouse(st.turn.mouse)
    g = view.session.system.graph(st)
    far = next(c for c in g.cells_on_tile(st.tile) if c != m.cell and c not in g.neighbours(m.cell))
    return Step(m.id, far)


def test_a_refused_command_says_why_in_russian_with_names(headless: None, tmp_path: Path) -> None:
    """Real refusals on the Russian screen (what its session gives the status line): why, in
    Russian, the cells and mice by the names the screen shows, then the rule's ID; the same
    refusal in English reads in English."""
    set_language("ru")
    view = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0)
    drawn(view, pygame.Surface(SIZE))
    st = view.state
    step = _not_adjacent(view)
    mouse = st.mouse(step.mouse)
    other = next(m.id for m in st.mice if m.id != mouse.id)
    shown = [view.session.submit(cmd).reason for cmd in (step, Explore(mouse.id), Step(other, step.cell))]
    assert shown[0] == f"клетки «{view.cell_name(mouse.cell)}» и «{view.cell_name(step.cell)}» не соседние (MM-GEO-10)"
    assert shown[1].startswith(f"{view.name(mouse.id)}: рядом нет выхода") and shown[1].endswith(" (MM-EXP-3)")
    assert shown[2] == f"сейчас ход: {view.name(mouse.id)}, а не {view.name(other)} (MM-MOVE-2)"
    assert english_words(shown) == {}
    assert not any(IDS.search(s) for s in shown), shown
    assert not any(key in s for s in shown for key in (mouse.cell, step.cell)), shown
    assert view.state is st  # refused: nothing changed
    set_language("en")
    assert view.session.submit(step).reason == \
        f"{view.cell_name(mouse.cell)} and {view.cell_name(step.cell)} are not adjacent (MM-GEO-10)"


def test_the_screen_shows_the_refusal_on_its_status_line(headless: None, tmp_path: Path) -> None:
    """What the Russian screen's status line says of a refused step: "Нельзя: " and why."""
    set_language("ru")
    view = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0)
    step = _not_adjacent(view)
    assert not view.submit(step)
    said = view.message
    assert said == "Нельзя: " + view.session.submit(step).reason
    assert said.endswith(" не соседние (MM-GEO-10)") and not IDS.search(said)
    texts = drawn(view, pygame.Surface(SIZE))
    assert any(t.startswith("Нельзя: клетки «") for t in texts) and english_words(texts) == {}


def test_every_refusal_of_mice_and_mystics_reads_in_russian() -> None:
    """Each message of the rules, with ids of a real game, as the Russian screen words it."""
    set_language("ru")
    session = MMSession(new_mm_match(MAP, seed=3))
    st = session.state
    g = session.system.graph(st)
    cells = g.cells_on_tile(st.tile)
    way = next(e.id for e in g.exits if e.tile == st.tile)
    minions = tuple(n.id for n in st.minions)
    sample = {"mouse": "tilly", "other": "bram", "acting": "minions:rat", "entity": minions[0],
              "target": minions[0], "targets": minions[:2], "cell": cells[2], "frm": cells[0], "to": cells[3],
              "a": cells[0], "b": cells[1], "tile": "cellar", "via": way, "ways": (way, "turning"),
              "weapon": "oak_sword", "card": "walnut_shield", "ability": "rallying_cry", "what": "second_wind",
              "kind": "find", "free": "level_up", "mode": "ranged", "class": "healer", "slot": "head",
              "kinds": RULING_KINDS, "n": 9, "most": 3, "cheese": 2, "cost": 6, "paws": 3, "mp": 2}
    texts = []
    for key_, template in MESSAGES.items():
        params = {p: sample[p] for p in placeholders(template)}
        text = session.refusal(IllegalCommand("MM-X", "english", key=key_, params=params))
        assert text.endswith(" (MM-X)") and "english" not in text, (key_, text)
        assert not IDS.search(text), (key_, text)
        texts.append(text)
    assert english_words(texts) == {}
    joined = "\n".join(texts)
    for shown in ("Тилли", "Брэм", "Крыс", "Погреб", "выход (Погреб)", "поворотную клетку", "Дубовый меч",
                  "Повышение уровня", "дальняя", "целитель", "голова", "в прямой видимости"):
        assert shown in joined, shown


# ---------------------------------------------------------------------- strict mode

def test_strict_mode_shows_no_hints_and_names_itself(headless: None, tmp_path: Path) -> None:
    surface = pygame.Surface(SIZE)
    teaching = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path / "t", pace=0.0)
    strict = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path / "s", pace=0.0, mode="strict")
    assert teaching.session.match.mode == "teaching" and strict.session.match.mode == "strict"
    assert "Click a green cell" in teaching.hint()
    assert "Click" not in strict.hint() and "Ctrl+Z" in strict.hint()
    assert "Teaching mode" in drawn(teaching, surface)
    assert "Strict mode" in drawn(strict, surface)
    set_language("ru")
    assert "Режим обучения" in drawn(teaching, surface)
    texts = drawn(strict, surface)
    assert "Строгий режим" in texts and english_words(texts) == {}
    assert "зелён" not in strict.hint().lower() and "зелён" in teaching.hint().lower()


def test_strict_mode_keeps_rolls_and_a_save_keeps_its_mode(headless: None, tmp_path: Path) -> None:
    views = {mode: make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path / mode, pace=0.0, mode=mode)
             for mode in ("teaching", "strict")}
    for view in views.values():
        assert view.submit(next(c for c in view.session.legal() if type(c).__name__ == "Search"))
    assert views["teaching"].session.can_undo()
    strict = views["strict"]
    assert not strict.session.can_undo()
    strict.undo()
    assert strict.message == "Cannot undo: strict mode: dice were rolled, so this cannot be undone"
    set_language("ru")
    strict.undo()
    assert strict.message == "Нельзя отменить: строгий режим: кубики уже брошены, отменить нельзя"
    path = strict.save()
    assert path is not None
    teaching = views["teaching"]
    assert teaching.load(path)
    assert teaching.session.match.mode == "strict" and teaching.state == strict.state
    assert "Строгий режим" in drawn(teaching, pygame.Surface(SIZE))


# ---------------------------------------------------------------------- resume
def _played(tmp_path: Path, mode: str = "teaching") -> MMPlayView:
    view = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0, mode=mode)
    assert view.submit(next(c for c in view.session.legal() if type(c).__name__ == "Search"))
    assert view.submit(view.choices()[0][1])  # keep the find, or end the move
    assert len(view.session.match.steps) >= 2
    autosave = view.session.match.autosave_path
    assert autosave is not None and autosave.is_file()
    return view


def test_resume_by_key_loads_the_autosave(headless: None, tmp_path: Path) -> None:
    old = _played(tmp_path, mode="strict")
    new = make_mm_view(MAP, SIZE, seed=99, save_dir=tmp_path, pace=0.0)
    assert new.session.match.autosave_path == old.session.match.autosave_path
    assert new.state != old.state
    new.offer_resume(len(old.session.match.steps))
    assert new.card is not None and [i.key for i in new.card.items][0] == RESUME
    new.draw(pygame.Surface(SIZE))
    key(new, pygame.K_RETURN)  # the first button: resume
    assert new.card is None
    assert new.state == old.state
    assert new.session.match.digest() == old.session.match.digest()
    assert new.session.match.mode == "strict"  # the save's mode


def test_start_afresh_by_click_keeps_the_fresh_game(headless: None, tmp_path: Path) -> None:
    old = _played(tmp_path)
    autosave = old.session.match.autosave_path
    assert autosave is not None
    saved = autosave.read_bytes()
    new = make_mm_view(MAP, SIZE, seed=99, save_dir=tmp_path, pace=0.0)
    fresh = new.state
    new.offer_resume(2)
    new.draw(pygame.Surface(SIZE))
    card = new.card
    assert card is not None
    afresh = next(b for b in card._buttons if b.key == "close")
    new.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=afresh.rect.center, button=1))
    assert new.card is None
    assert new.state == fresh and new.session.match.steps == []
    assert autosave.read_bytes() == saved
    assert new.submit(next(c for c in new.session.legal() if type(c).__name__ == "Search"))
    assert autosave.read_bytes() != saved  # the first command of the fresh game replaces it


def test_the_resume_card_is_russian(headless: None, tmp_path: Path) -> None:
    set_language("ru")
    view = make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0)
    view.offer_resume(5)
    texts = drawn(view, pygame.Surface(SIZE))
    assert english_words(texts) == {}
