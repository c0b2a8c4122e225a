"""The Relic play screen, headless: driven with synthetic pygame events and its methods."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.rules.relic.commands import Move, RollMove
from game.ui.play.relic.view import RelicPlayView, make_relic_view

REPO = Path(__file__).resolve().parents[2]
RELIC = REPO / "maps" / "relic.tmx"
SIZE = (1280, 800)


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def key(view: RelicPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def frame(view: RelicPlayView, surface: pygame.Surface, dt: float = 1 / 30) -> None:
    view.update(dt)
    view.draw(surface)


def new_view(tmp_path: Path, **kw: object) -> RelicPlayView:
    kw.setdefault("seed", 11)
    return make_relic_view(RELIC, SIZE, save_dir=tmp_path, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats(headless: None, tmp_path: Path, players: int) -> None:
    view = new_view(tmp_path, players=players)
    assert len(view.state.seats) == players
    view.draw(pygame.Surface(SIZE))


def test_ai_seats_play_a_short_game_through_the_view(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2, ai_sides=("player1", "player2"), ai_pace=0.0)
    surface = pygame.Surface(SIZE)
    system = view.session.system
    kinds: set[str] = set()
    seen = 0
    for i in range(6000):
        view.update(0.5)
        if i % 25 == 0:
            view.draw(surface)
        assert not system.invariants(view.state)
        steps = view.session.match.steps
        kinds |= {e.kind for s in steps[seen:] for e in s.events}
        seen = len(steps)
        if view.state.phase == "over" or (view.state.round > 3 and "rel.result" in kinds):
            break
    assert view.state.round > 3 or view.state.phase == "over"
    assert {"rel.move", "rel.battle", "rel.enemy_roll", "rel.score", "rel.result"} <= kinds
    assert view.session.log()  # the explained log
    assert all(e.title and all(line.text for line in e.lines) for e in view.session.log())


def test_human_moves_by_clicking_a_highlighted_space(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2, handover=False)
    surface = pygame.Surface(SIZE)
    frame(view, surface)
    assert isinstance(view.actions()[0], RollMove)
    key(view, pygame.K_SPACE)  # the first action: roll to move
    assert view.state.phase == "move_choice"
    targets = view.targets()
    assert targets and all(isinstance(c, Move) for c in targets.values())
    frame(view, surface)
    target = sorted(targets)[0]
    cell = next(c for c in view.board.cells if c.id == target)
    p = cell.polygon.representative_point()
    sx, sy = view.board_view.camera.world_to_screen(p.x, p.y)
    pos = (round(sx) + view.layout.table.x, round(sy) + view.layout.table.y)
    assert view.space_at(pos) == target
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert view.state.heroes[0].space == target
    frame(view, surface)


def test_battle_prompts_the_next_player_to_roll_for_the_enemy(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2)
    view.handover_mode = "card"  # the full-screen card (the default is now a banner)
    surface = pygame.Surface(SIZE)
    for _ in range(600):
        b = view.state.battle
        if b is not None and b.step == "enemy_roll":
            break
        if view.card is not None:
            view.card = None
        view.submit(view.session.ai_command())
    else:
        pytest.fail("no battle reached")
    assert view.session.to_play() == view.state.battle.roller  # type: ignore[union-attr]
    assert view.card is not None and "you roll the enemy's die" in view.card.lines[0]  # the hand-over prompt
    frame(view, surface)
    view.card = None
    key(view, pygame.K_1)  # roll for the enemy
    assert view.state.battle is None or view.state.battle.enemy_chains
    assert view.battle_events and view.battle_events[0].kind == "rel.battle"
    for _ in range(20):
        frame(view, surface, 0.2)  # the dice appear one by one


def test_handover_card_between_humans(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2)
    view.handover_mode = "card"  # the full-screen card (the default is now a banner)
    surface = pygame.Surface(SIZE)
    first = view.session.to_play()
    for _ in range(200):
        if view.card is not None:
            break
        view.submit(view.session.ai_command())
    assert view.card is not None and view.session.to_play() != first
    key(view, pygame.K_SPACE)  # too soon: the card holds
    assert view.card is not None
    frame(view, surface, 1.0)
    before = len(view.session.match.steps)
    key(view, pygame.K_SPACE)
    assert view.card is None and len(view.session.match.steps) == before


def test_undo_and_redo(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=3, handover=False)
    start = view.state
    key(view, pygame.K_SPACE)
    assert view.state is not start
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert view.state == start
    key(view, pygame.K_y, pygame.KMOD_CTRL)
    assert view.state.phase == "move_choice"
    view.session.undo()
    key(view, pygame.K_z, pygame.KMOD_CTRL)  # nothing left: a message, no crash
    assert "Cannot undo" in view.message


def test_undo_skips_back_over_ai_replies(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2, ai_sides=("player2",), ai_pace=0.0)
    for _ in range(400):
        if view.session.to_play() == "player1" and view.session.match.steps and \
                view.session.system.current_player(view.session.match.steps[-1].before) == "player2":
            break
        if view.session.ai_to_play():
            view.ai_step()
        else:
            view.submit(view.session.legal()[0])
    steps = view.session.match.steps
    human = max(i for i, s in enumerate(steps) if view.session.system.current_player(s.before) == "player1")
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    assert len(view.session.match.steps) == human


def test_save_and_load(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2, handover=False)
    for _ in range(30):
        view.submit(view.session.ai_command())
    state = view.state
    key(view, pygame.K_s, pygame.KMOD_CTRL)
    assert "Saved" in view.message
    path = Path(view.message.split("Saved to ", 1)[1])
    assert path.exists()
    for _ in range(5):
        view.submit(view.session.ai_command())
    assert view.state != state
    key(view, pygame.K_o, pygame.KMOD_CTRL)
    assert view.state == state
    assert len(view.session.match.steps) == 30
    view.draw(pygame.Surface(SIZE))


def test_load_of_a_missing_save_says_so(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2)
    assert not view.load(tmp_path / "nope.json")
    assert "Could not load" in view.message


def test_random_events_for_a_few_hundred_frames(headless: None, tmp_path: Path) -> None:
    view = new_view(tmp_path, players=4, ai_sides=("player3",), ai_pace=0.05)
    surface = pygame.Surface(SIZE)
    rng = random.Random(5)
    w, h = SIZE
    keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_LEFT,
            pygame.K_PLUS, pygame.K_MINUS, pygame.K_HOME, pygame.K_a, pygame.K_F2]
    for i in range(400):
        roll = rng.random()
        if roll < 0.35:
            key(view, rng.choice(keys))
        elif roll < 0.4:
            key(view, pygame.K_z, pygame.KMOD_CTRL)
        elif roll < 0.7:
            pos = (rng.randrange(w), rng.randrange(h))
            view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3))))
            view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif roll < 0.9:
            pos = (rng.randrange(w), rng.randrange(h))
            view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        else:
            view.handle_event(ev(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), precise_y=0.0,
                                 flipped=False))
        if i == 200:
            view.resize((900, 640))
            surface = pygame.Surface((900, 640))
        frame(view, surface, 0.1)
        assert not view.session.system.invariants(view.state)
    assert view.session.match.steps


def test_odds_of_the_pending_battle_follow_the_hovered_preparation(headless: None,
                                                                    tmp_path: Path) -> None:
    view = new_view(tmp_path, players=2, handover=False)
    surface = pygame.Surface(SIZE)
    assert view.odds() == (None, "")
    for _ in range(600):
        b = view.state.battle
        if b is not None and b.step == "prepare":
            break
        view.submit(view.session.ai_command())
    else:
        pytest.fail("no battle reached")
    odds, what = view.odds()
    assert odds is not None and what == ""
    assert abs(odds.p_win + odds.p_tie + odds.p_lose - 1) < 1e-6
    frame(view, surface)  # lays out the buttons
    button = view.buttons[0]
    view.handle_event(ev(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    odds, what = view.odds()
    assert odds is not None and what.startswith("with ")
    frame(view, surface)


def test_buttons_that_roll_show_the_chance_to_win(headless: None, tmp_path: Path) -> None:
    """Issue 17: each preparation's button says the exact chance to win the battle it leads to
    (the Odds tab's), the buttons that roll nothing say none."""
    view = new_view(tmp_path, players=2, handover=False)
    surface = pygame.Surface(SIZE)
    for _ in range(600):
        b = view.state.battle
        if b is not None and b.step == "prepare" and view.human_to_play():
            break
        view.submit(view.session.ai_command())
    else:
        pytest.fail("no battle reached")
    frame(view, surface)
    shown = view.action_bar.texts_shown
    for text, command in zip(shown, view.action_bar.commands, strict=False):
        odds = view.session.system.battle_odds(view.state, command.items, command.cards)
        assert text.endswith(f" — {odds.p_win * 100:.0f}%"), text
    assert shown, "no buttons"
