"""The Relic play screen in Russian (no English left, every glyph drawable), its strict mode and
its offer to resume the autosaved game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest

from game.i18n import set_language, stray_literals
from game.rules.engine.selfplay import greedy_policy
from game.rules.relic.commands import Fight, Move, RollMove
from game.ui.play.relic.session import RelicSession, new_relic_match
from game.ui.play.relic.view import RelicPlayView, make_relic_view
from game.ui.play.resume import RESUME
from game.ui.play.side_panel import TAB_IDS
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
RELIC = REPO / "maps" / "relic.tmx"
SIZE = (1280, 800)
MINE = [REPO / "game" / "ui" / "play" / "relic" / f for f in ("view.py", "paint.py", "session.py")]


@pytest.fixture(autouse=True)
def _back_to_english() -> object:
    yield
    set_language("en")


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def key(view: RelicPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def drawn(view: RelicPlayView, surface: pygame.Surface) -> list[str]:
    """The texts drawn with each tab of the side panel open, and those of the pygame_gui widgets
    (the buttons' tooltips too)."""
    shown = view.side_panel.tab
    with recorded_texts() as seen:
        for tab in TAB_IDS:
            view.side_panel.tab = tab
            view.draw(surface)
    view.side_panel.tab = shown
    return list(seen) + view.bars_gui.texts()


def play(view: RelicPlayView, surface: pygame.Surface | None = None, steps: int = 400,
         until: object = None) -> list[str]:
    """Commands the greedy AI would give, for every seat; the texts drawn on the way."""
    texts: list[str] = []
    rng = random.Random(3)
    for i in range(steps):
        if view.state.phase == "over" or (until is not None and until(view)):  # type: ignore[operator]
            break
        legal = view.session.legal()
        texts += [view.session.label(c) for c in legal]
        view.card = None
        view.submit(greedy_policy(view.session.system, view.state, legal, rng))
        if surface is not None and (i % 7 == 0 or view.state.battle is not None):
            view._reveal = 99.0  # every die of the battle on show
            texts += drawn(view, surface)
    return texts


def test_my_files_have_no_stray_english_literals() -> None:
    for path in MINE:
        assert stray_literals(path) == [], path


def test_russian_screen_shows_no_english_and_no_missing_glyphs(headless: None, tmp_path: Path) -> None:
    set_language("ru")
    view = make_relic_view(RELIC, SIZE, ("player4",), players=4, seed=11, save_dir=tmp_path,
                           handover=False)
    surface = pygame.Surface(SIZE)
    texts = drawn(view, surface)
    texts += play(view, surface, steps=900)
    # the messages of the status line
    key(view, pygame.K_F2)
    texts += drawn(view, surface)
    key(view, pygame.K_s, pygame.KMOD_CTRL)
    texts += drawn(view, surface)
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    texts += drawn(view, surface)
    key(view, pygame.K_y, pygame.KMOD_CTRL)
    texts += drawn(view, surface)
    assert not view.load(tmp_path / "missing.json")
    texts += drawn(view, surface)
    view.submit(RollMove())  # not allowed now: why, in Russian
    texts += [view.message]
    # the end of the game (its card) and a narrow window
    play(view, None, steps=4000)
    assert view.state.phase == "over"
    view._settle()
    assert view.card is not None
    texts += drawn(view, surface)
    view.resize((900, 640))
    texts += drawn(view, pygame.Surface((900, 640)))
    assert any("Игрок" in t for t in texts) and any("Реликвия" in t for t in texts)
    assert any(t.startswith("Шансы (точно") for t in texts)  # a battle was on show
    assert any(t.startswith(("ПОБЕДА", "ПОРАЖЕНИЕ", "НИЧЬЯ")) for t in texts)
    assert any(t.startswith("Победа: ") for t in texts)  # the card at the end
    assert english_words(texts) == {}
    assert missing_glyphs(texts, view.texts.font(16)) == set()
    assert missing_glyphs(texts, view.texts.font(30)) == set()


#: the ids of spaces, seats and cards (``outer-3``, ``player2``, ``gear-7``), never shown
IDS = re.compile(r"\b[a-z_]+-\d+\b|\bplayer\d\b")


def test_a_refused_command_says_why_in_russian_with_names(headless: None, tmp_path: Path) -> None:
    """Refusals on the Russian screen: why, in Russian, the spaces and cards by their Russian
    names, then the rule's ID; the same refusal in English reads in English."""
    set_language("ru")
    view = make_relic_view(RELIC, SIZE, players=4, seed=11, save_dir=tmp_path, handover=False)
    surface = pygame.Surface(SIZE)
    drawn(view, surface)
    st = view.state
    board = view.session.system.board(st)
    far = next(s for s in board.tiers["outer"] if s != st.active_hero.space
               and s not in view.session.system.step_targets(st))
    shown = []
    for command in (Move(far), Fight("red-1"), Move(board.tiers["inner"][0])):
        assert not view.submit(command)
        texts = drawn(view, surface)
        said = [t for t in texts if t.startswith("Нельзя: ")]
        full = view.message
        assert said and (said[-1] == full or (  # cut to the status line, the rule's ID kept
            "..." in said[-1] and full.startswith(said[-1].split("...")[0])
            and said[-1].endswith(full[full.rindex(" ("):])))
        shown.append(full)
    here, there = view.session.name(st.active_hero.space), view.session.name(far)
    assert shown[0] == (f"Нельзя: клетка «{there}» не связана с клеткой «{here}»: "
                        "бросайте на перемещение (REL-BOARD-5)")
    assert shown[1] == "Нельзя: начать бой: не сейчас (этап хода: перемещение) (REL-ENG-1)"
    assert shown[2].startswith("Нельзя: на Внутренний ярус (") and "реликвией (REL-WIN-3)" in shown[2]
    assert english_words(shown) == {} and not any(IDS.search(s) for s in shown)
    set_language("en")
    assert view.session.submit(Fight("red-1")).reason == \
        "starting a battle: not now (the turn is at: movement) (REL-ENG-1)"


def test_every_refusal_of_relic_reads_in_russian() -> None:
    """Each message of the rules, with ids of a real game, as the Russian screen shows it."""
    from game.i18n import placeholders
    from game.rules.engine import IllegalCommand
    from game.rules.relic.refusals import MESSAGES

    set_language("ru")
    session = RelicSession(new_relic_match(RELIC, 4, seed=11))
    st = session.state
    card = st.hero("player1").hand[0]
    sample = {"player": "player2", "uid": card.uid, "item": "chain_blade", "card": "scrap_raider",
              "enemy": "red-1", "attribute": "cunning", "space": "outer-5", "frm": "outer-0",
              "options": ("outer-3", "buy", "player3", card.uid), "roll": (4,), "phase": "engagement",
              "step": "adjust", "source": "ability", "die": 2, "weapons": 1, "armour": 1}
    texts = []
    for key_, template in MESSAGES.items():
        params = {p: sample[p] for p in placeholders(template)}
        text = session.refusal(IllegalCommand("REL-X", "english", key=key_, params=params))
        assert text.endswith(" (REL-X)") and "english" not in text, (key_, text)
        assert not IDS.search(text), (key_, text)
        texts.append(text)
    assert english_words(texts) == {}
    assert any(session.name(card.id) in t for t in texts) and any("Игрок 2" in t for t in texts)


def test_the_handover_line_asking_to_roll_for_the_enemy_is_russian(headless: None,
                                                                   tmp_path: Path) -> None:
    set_language("ru")
    view = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path)
    view.handover_mode = "card"  # the full-screen card (the default is now a banner)
    play(view, until=lambda v: v.state.battle is not None and v.state.battle.step == "enemy_roll")
    view._last_human = "player1" if view.session.to_play() == "player2" else "player2"
    view._settle()
    assert view.card is not None
    line = view.card.lines[0]
    assert "кубик врага бросаете вы" in line and english_words([line]) == {}


def test_log_and_buttons_in_russian_for_every_event_kind() -> None:
    set_language("ru")
    kinds: set[str] = set()
    for seed in range(1, 5):
        session = RelicSession(new_relic_match(RELIC, 2 + seed % 3, seed))
        rng = random.Random(seed)
        labels: list[str] = []
        for _ in range(3000):
            legal = session.legal()
            if not legal:
                break
            labels += [session.label(c) for c in legal]
            pick = rng.choice(legal) if rng.random() < 0.3 else greedy_policy(
                session.system, session.state, legal, rng)
            assert session.submit(pick).ok
        log = session.log()
        kinds |= {e.kind for s in session.match.steps for e in s.events}
        lines = [line.text for e in log for line in e.lines] + [e.title for e in log]
        assert english_words(lines + labels) == {}
        assert not any("→" in t for t in lines)
    assert {"rel.battle", "rel.score", "rel.result", "rel.move", "rel.die_changed",
            "rel.game_over"} <= kinds


def test_a_lone_player_sees_the_program_roll_for_the_enemy_in_russian() -> None:
    session = RelicSession(new_relic_match(RELIC, 1, 5))
    rng = random.Random(1)
    for _ in range(400):
        if any(e.kind == "rel.enemy_roll" for s in session.match.steps for e in s.events):
            break
        session.submit(greedy_policy(session.system, session.state, session.legal(), rng))
    roll = next(e for s in session.match.steps for e in s.events if e.kind == "rel.enemy_roll")
    assert session.explain(roll)[0].startswith("The program rolls for")
    set_language("ru")
    text = session.explain(roll)[0]
    assert text.startswith("Программа бросает за врага") and english_words([text]) == {}


def test_the_language_can_change_while_the_screen_is_up(headless: None, tmp_path: Path) -> None:
    view = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path, handover=False)
    surface = pygame.Surface(SIZE)
    play(view, steps=30)
    english = drawn(view, surface)
    assert any("Player 1" in t for t in english) and view.session.log()[0].title.isascii()
    set_language("ru")
    russian = drawn(view, surface)
    assert english_words(russian) == {}
    assert not view.session.log()[0].title.isascii()


# ---------------------------------------------------------------------- strict mode
HINTS = ("roll to move (or cross a link)", "you need", "change a die or count")


def _battle_texts(mode: str, tmp_path: Path) -> tuple[RelicPlayView, list[str]]:
    view = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path, handover=False,
                           mode=mode)
    surface = pygame.Surface(SIZE)
    texts = drawn(view, surface)  # the start: roll to move
    texts += play(view, surface, until=lambda v: v.state.battle is not None
                  and v.state.battle.step == "adjust")
    view._reveal = 99.0
    texts += drawn(view, surface)
    return view, texts


def test_teaching_mode_names_itself_and_hints(headless: None, tmp_path: Path) -> None:
    view, texts = _battle_texts("teaching", tmp_path)
    assert view.mode == "teaching" and view.session.match.mode == "teaching"
    top = [t for t in texts if t.startswith("Relic — ")]
    assert top and all("· teaching mode ·" in t for t in top)
    for hint in HINTS:
        assert any(hint in t for t in texts), hint


def test_strict_mode_names_itself_and_gives_no_hints(headless: None, tmp_path: Path) -> None:
    view, texts = _battle_texts("strict", tmp_path)
    assert view.mode == "strict" and view.session.match.mode == "strict"
    top = [t for t in texts if t.startswith("Relic — ")]
    assert top and all("· strict mode ·" in t for t in top)
    for hint in HINTS:
        assert not any(hint in t for t in texts), hint
    set_language("ru")
    ru = drawn(view, pygame.Surface(SIZE))
    assert any("· строгий режим ·" in t for t in ru)
    assert not any("для победы нужно" in t or "измените кубик" in t for t in ru)


def test_strict_mode_refuses_to_undo_a_roll(headless: None, tmp_path: Path) -> None:
    view = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path, handover=False,
                           mode="strict")
    key(view, pygame.K_SPACE)  # roll to move: dice were rolled
    assert view.state.phase == "move_choice"
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert view.state.phase == "move_choice"
    assert view.message == "Cannot undo: strict mode: dice were rolled, so this cannot be undone"
    set_language("ru")
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert view.message == "Нельзя отменить: строгий режим: кубики уже брошены, отменить нельзя"


def test_a_loaded_save_brings_its_mode(headless: None, tmp_path: Path) -> None:
    strict = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path / "a",
                             handover=False, mode="strict")
    play(strict, steps=12)
    path = strict.save()
    assert path is not None
    teaching = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path / "b",
                               handover=False)
    assert teaching.mode == "teaching"
    assert teaching.load(path)
    assert teaching.mode == "strict" and teaching.state == strict.state


# ---------------------------------------------------------------------- resume
def _played(tmp_path: Path, mode: str = "teaching") -> RelicPlayView:
    view = make_relic_view(RELIC, SIZE, players=3, seed=11, save_dir=tmp_path, handover=False,
                           mode=mode)
    key(view, pygame.K_SPACE)  # roll to move
    key(view, pygame.K_1)  # go to the first space offered
    assert len(view.session.match.steps) == 2
    autosave = view.session.match.autosave_path
    assert autosave is not None and autosave.is_file()
    return view


def test_resume_by_key_loads_the_autosave(headless: None, tmp_path: Path) -> None:
    old = _played(tmp_path, mode="strict")
    new = make_relic_view(RELIC, SIZE, players=3, seed=99, save_dir=tmp_path, handover=False)
    assert new.session.match.autosave_path == old.session.match.autosave_path
    assert new.state != old.state
    new.offer_resume(len(old.session.match.steps))
    assert new.card is not None and any(i.key == RESUME for i in new.card.items)
    new.draw(pygame.Surface(SIZE))
    key(new, pygame.K_RETURN)  # the first button: resume
    assert new.card is None
    assert new.state == old.state and len(new.session.match.steps) == 2
    assert new.mode == "strict"  # the save's mode


def test_start_afresh_by_click_keeps_the_fresh_game(headless: None, tmp_path: Path) -> None:
    old = _played(tmp_path)
    saved = old.session.match.autosave_path.read_bytes()  # type: ignore[union-attr]
    new = make_relic_view(RELIC, SIZE, players=3, seed=99, save_dir=tmp_path, handover=False)
    fresh = new.state
    new.offer_resume(2)
    new.draw(pygame.Surface(SIZE))
    card = new.card
    assert card is not None
    afresh = next(b for b in card._buttons if b.key == "close")
    new.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=afresh.rect.center, button=1))
    assert new.card is None
    assert new.state == fresh and new.session.match.steps == []
    assert new.session.match.autosave_path.read_bytes() == saved  # type: ignore[union-attr]
    key(new, pygame.K_SPACE)  # the first move of the fresh game replaces the autosave
    assert new.session.match.autosave_path.read_bytes() != saved  # type: ignore[union-attr]


def test_the_resume_card_is_russian(headless: None, tmp_path: Path) -> None:
    set_language("ru")
    view = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path, handover=False)
    view.offer_resume(5)
    texts = drawn(view, pygame.Surface(SIZE))
    assert any("Продолжить" in t for t in texts)
    assert english_words(texts) == {}
