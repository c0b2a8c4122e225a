"""The Relic play screen's action buttons on pygame_gui: buttons with tooltips (what the action
does, its rule ID, its key), a click acting on the release, the keys doing what they did, the
widgets built once (not every frame) and again in Russian when the language changes; the cards
over the screen get the mouse's moves (hover, tooltips)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.i18n import set_language
from game.rules.engine.selfplay import greedy_policy
from game.rules.relic.commands import Choose, Move, Prepare, RollMove
from game.ui.play.relic.view import RelicPlayView, make_relic_view
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
RELIC = REPO / "maps" / "relic.tmx"
SIZE = (1280, 800)
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"


@pytest.fixture
def view(headless: None, tmp_path: Path) -> RelicPlayView:
    """Two people at the table, no hand-over cards: player 1 may roll to move."""
    v = make_relic_view(RELIC, SIZE, players=2, seed=11, save_dir=tmp_path, handover=False)
    frame(v)
    return v


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def key(view: RelicPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def frame(view: RelicPlayView, dt: float = 1 / 60,
          size: tuple[int, int] = SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    view.update(dt)
    view.draw(surface)
    return surface


def move_to(view: RelicPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(view: RelicPlayView, pos: tuple[int, int]) -> None:
    move_to(view, pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def hover(view: RelicPlayView, pos: tuple[int, int], seconds: float = 1.5) -> None:
    move_to(view, pos)
    for _ in range(int(seconds / 0.25)):
        view.update(0.25)


def tooltips(view: RelicPlayView) -> list[object]:
    return [e for e in view.bars_gui.elements() if isinstance(e, pygame_gui.elements.UITooltip)]


def until(view: RelicPlayView, done: object, steps: int = 600) -> None:
    """Play on with the greedy AI's choices until ``done(view)``."""
    rng = random.Random(3)
    for _ in range(steps):
        if done(view):  # type: ignore[operator]
            break
        view.card = None
        view.submit(greedy_policy(view.session.system, view.state, view.session.legal(), rng))
    else:
        pytest.fail("the state wanted was not reached")
    view.card = None


def test_the_actions_are_pygame_gui_buttons_with_tooltips(view: RelicPlayView) -> None:
    acts = view.actions()
    assert isinstance(acts[0], RollMove)
    assert len(view.buttons) == len(acts)
    for n, button in enumerate(view.buttons, start=1):
        assert isinstance(button, pygame_gui.elements.UIButton)
        assert view.layout.actions.contains(button.rect)
        assert button.text.startswith(f"{n}  ")
        assert button.tool_tip_text
    first = view.buttons[0]
    assert first.text == "1  Roll to move" and first.is_selected  # Space and Enter take it
    tip = first.tool_tip_text
    assert "Roll the die" in tip and "REL-BOARD-3" in tip and "1, Space or Enter" in tip
    assert view.bars_gui.texts()


def test_every_kind_of_action_has_a_tooltip_with_its_rule(view: RelicPlayView) -> None:
    seen: set[str] = set()
    rng = random.Random(5)
    for _ in range(500):
        if view.state.phase == "over":
            break
        view.card = None
        frame(view)
        for command, button in zip(view.action_bar.commands, view.buttons, strict=True):
            assert "Rule REL-" in button.tool_tip_text, (command, button.tool_tip_text)
            seen.add(type(command).__name__)
        legal = view.session.legal()
        view.submit(greedy_policy(view.session.system, view.state, legal, rng))
    assert {"RollMove", "Move", "Prepare", "RollBattle", "Score"} <= seen


def test_a_press_alone_does_nothing_the_release_acts(view: RelicPlayView) -> None:
    pos = view.buttons[0].rect.center
    move_to(view, pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert not view.session.match.steps
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert len(view.session.match.steps) == 1 and view.state.phase == "move_choice"


def test_a_click_on_a_move_button_moves_there(view: RelicPlayView) -> None:
    click(view, view.buttons[0].rect.center)  # roll to move
    frame(view)
    second = view.action_bar.commands[-1]
    assert isinstance(second, Move)
    click(view, view.buttons[-1].rect.center)
    assert view.state.heroes[0].space == second.to


def test_a_release_elsewhere_or_the_right_button_does_nothing(view: RelicPlayView) -> None:
    button = view.buttons[0]
    move_to(view, button.rect.center)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    away = (view.layout.actions.right - 5, view.layout.actions.bottom - 5)
    move_to(view, away)
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=away, button=1))
    assert not view.session.match.steps
    click_pos = button.rect.center
    move_to(view, click_pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=click_pos, button=3))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=click_pos, button=3))
    assert not view.session.match.steps


def test_keys_still_act(view: RelicPlayView) -> None:
    key(view, pygame.K_SPACE)  # the first action: roll to move
    assert view.state.phase == "move_choice"
    frame(view)
    wanted = view.actions()[1]
    assert view.action_bar.commands[1] == wanted
    key(view, pygame.K_2)
    assert isinstance(wanted, Move) and view.state.heroes[0].space == wanted.to
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert view.state.phase == "move_choice"
    key(view, pygame.K_RETURN)  # the first space offered
    assert view.state.phase != "move_choice"


def test_the_widgets_are_built_once_not_every_frame(view: RelicPlayView) -> None:
    before = [id(e) for e in view.bars_gui.elements()]
    for _ in range(5):
        frame(view)
        move_to(view, (300, 300))
    assert [id(e) for e in view.bars_gui.elements()] == before
    key(view, pygame.K_SPACE)
    frame(view)
    assert [id(e) for e in view.bars_gui.elements()] != before  # a change builds them again
    after = [id(e) for e in view.bars_gui.elements()]
    frame(view)
    assert [id(e) for e in view.bars_gui.elements()] == after
    view.resize((1024, 700))
    frame(view, size=(1024, 700))
    assert all(view.layout.actions.contains(b.rect) for b in view.buttons)


def test_a_tooltip_shows_over_a_button(view: RelicPlayView) -> None:
    hover(view, view.buttons[0].rect.center)
    frame(view)
    assert tooltips(view)
    hover(view, (300, 300))
    frame(view)
    assert not tooltips(view)


def test_the_hovered_preparation_drives_the_odds(view: RelicPlayView) -> None:
    until(view, lambda v: v.state.battle is not None and v.state.battle.step == "prepare"
          and len(v.actions()) > 1)
    frame(view)
    i = next(i for i, c in enumerate(view.action_bar.commands)
             if isinstance(c, Prepare) and (c.items or c.cards))
    move_to(view, view.buttons[i].rect.center)
    assert view.hot_action == i
    odds, what = view.odds()
    assert odds is not None and what.startswith("with ")
    move_to(view, (5, 300))
    assert view.hot_action == -1 and view.odds()[1] == ""


def test_actions_that_do_not_fit_are_counted_and_keys_reach_them(view: RelicPlayView) -> None:
    until(view, lambda v: len(v.actions()) > 12, steps=3000)
    surface = pygame.Surface(SIZE)
    with recorded_texts() as seen:
        view.update(0.1)
        view.draw(surface)
    bar = view.action_bar
    assert bar.hidden > 0 and len(bar.buttons) + bar.hidden == len(view.actions())
    assert f"+{bar.hidden} more" in seen
    assert all(view.layout.actions.contains(b.rect) for b in bar.buttons)
    hidden = view.actions()[len(bar.buttons)]
    assert len(bar.buttons) < 9
    before = len(view.session.match.steps)
    key(view, pygame.K_1 + len(bar.buttons))  # a key reaches a button left out
    assert len(view.session.match.steps) == before + 1
    assert view.session.match.steps[-1].command == hidden


def test_no_button_acts_under_a_card(view: RelicPlayView) -> None:
    view.offer_resume(3)
    frame(view)
    assert view.card is not None
    pos = view.buttons[0].rect.center
    hover(view, pos)
    frame(view)
    assert not tooltips(view)
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert not view.session.match.steps


def test_the_cards_get_the_mouse_moves(view: RelicPlayView) -> None:
    view.offer_resume(3)
    frame(view)
    card = view.card
    assert card is not None and card.keyboard_focus and card.hot == 0
    second = card._buttons[1]
    hover(view, second.rect.center)
    assert card.hot == 1 and not card.keyboard_focus  # the hover follows the mouse
    gui = card.gui
    assert gui is not None and any(isinstance(e, pygame_gui.elements.UITooltip)
                                   for e in gui.elements())
    assert view.card is card  # a move chooses nothing


def test_switching_the_language_rebuilds_the_buttons_in_russian(view: RelicPlayView) -> None:
    old = view.buttons[0]
    assert old.text == "1  Roll to move"
    set_language("ru")
    frame(view)
    assert not old.alive()
    assert view.buttons[0].text == "1  Бросок на перемещение"
    assert "Пробел" in view.buttons[0].tool_tip_text
    texts = view.bars_gui.texts()
    assert texts and not english_words(texts), english_words(texts)


def test_russian_buttons_and_tooltips_have_no_english(headless: None, tmp_path: Path) -> None:
    set_language("ru")
    view = make_relic_view(RELIC, SIZE, players=3, seed=7, save_dir=tmp_path, handover=False)
    rng = random.Random(2)
    texts: list[str] = []
    kinds: set[str] = set()
    for _ in range(700):
        if view.state.phase == "over":
            break
        view.card = None
        frame(view)
        texts += view.bars_gui.texts()
        kinds |= {type(c).__name__ for c in view.action_bar.commands}
        view.submit(greedy_policy(view.session.system, view.state, view.session.legal(), rng))
    assert {"RollMove", "Move", "Prepare", "RollBattle", "Score"} <= kinds
    assert any("Правило REL-" in t for t in texts)
    assert not english_words(texts), english_words(texts)
    assert not missing_glyphs(texts, pygame.font.Font(str(NOTO), 16))


def test_a_choice_of_spaces_explains_itself(view: RelicPlayView) -> None:
    until(view, lambda v: any(isinstance(c, Choose) for c in v.actions()), steps=3000)
    frame(view)
    for command, button in zip(view.action_bar.commands, view.buttons, strict=True):
        if isinstance(command, Choose):
            assert "REL-BOARD-2" in button.tool_tip_text


def test_a_decline_among_many_spaces_comes_first_on_the_bar(headless: None, tmp_path: Path) -> None:
    """REL-BOARD: a space may offer a choice of spaces or none; with 23 spaces to pick, the
    decline used to come last, past the bar and the keys 1-9. The spaces can be clicked on the
    board, so the bar lists what only a button can choose first."""
    view = make_relic_view(RELIC, SIZE, players=3, seed=1, save_dir=tmp_path, handover=False)
    rng = random.Random(1)
    system = view.session.system
    for _ in range(3000):
        legal = view.session.legal()
        if any(isinstance(c, Choose) and c.option == "" for c in legal) and len(legal) > 9:
            break
        view.session.submit(greedy_policy(system, view.state, legal, rng))
    else:
        pytest.fail("no choice of many spaces with a decline was reached")
    view.session.ai_sides.clear()
    view.card = None
    frame(view)
    first = view.actions()[0]
    assert isinstance(first, Choose) and first.option == ""
    assert set(view.actions()[1:]) <= set(view.targets().values())
    before = len(view.session.match.steps)
    key(view, pygame.K_1)
    assert len(view.session.match.steps) == before + 1
    assert view.session.match.steps[-1].command == first
