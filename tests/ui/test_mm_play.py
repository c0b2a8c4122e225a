"""The Mice and Mystics play screen, headless: a chapter with the AI and the GM through the view,
clicks on reachable cells, undo, a save/load round trip and random events."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.rules.mice_and_mystics.commands import Attack
from game.rules.mice_and_mystics.state import GM
from game.ui.play.mm.odds import attack_odds
from game.ui.play.mm.view import MMPlayView, make_mm_view

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "mice_chapter.tmx"
SIZE = (1280, 800)


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click(view: MMPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def frame(view: MMPlayView, dt: float = 1 / 60) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    view.update(dt)
    view.draw(surface)
    return surface


@pytest.fixture
def view(headless, tmp_path) -> MMPlayView:
    return make_mm_view(MAP, SIZE, seed=3, save_dir=tmp_path, pace=0.0)


def screen_of(view: MMPlayView, cell: str) -> tuple[int, int]:
    g = view.session.system.graph(view.state)
    x, y = view.board_view.camera.world_to_screen(*g.cell(cell).centre)
    t = view.layout.table
    return round(x) + t.x, round(y) + t.y


def test_reachable_cells_after_the_movement_roll_and_a_click_moves(view):
    st = view.state
    assert st.turn is not None and st.turn.mp > 0
    reach = view.reach()
    assert reach is not None
    far = max((c for c in reach.cells if c not in reach.terminal), key=lambda c: reach.cost[c])
    frame(view)
    click(view, screen_of(view, far))
    assert view.state.mouse(st.turn.mouse).cell == far
    assert view.session.log()[0].title.startswith(st.mouse(st.turn.mouse).name)
    # undo takes the move back
    view.handle_event(ev(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                         scancode=0))
    assert view.state.mouse(st.turn.mouse).cell == st.mouse(st.turn.mouse).cell
    frame(view)


def test_a_chapter_with_the_ai_and_the_gm_through_the_view(headless, tmp_path):
    view = make_mm_view(MAP, SIZE, ai_sides=("mice",), seed=5, save_dir=tmp_path, pace=0.0)
    seen_gm = seen_attack = False
    for i in range(3000):
        if view.state.result:
            break
        seen_gm = seen_gm or view.session.to_play() == GM
        view.update(0.02)
        if i % 25 == 0:
            frame(view)
        seen_attack = seen_attack or bool(view.session.last_rolls())
    assert view.state.result in ("won", "lost")
    assert seen_gm and seen_attack
    frame(view)
    assert view.session.system.invariants(view.state) == []
    assert "Chapter over" in view.hint()


def test_hot_seat_players_own_mice_and_the_gm_plays_itself(view):
    seats = view.session.seats()
    view.handover_mode = "card"  # the full-screen card (the default is now a banner)
    assert set(seats) == {"Player 1", "Player 2"}
    # end turns by the action bar until the GM has played at least once
    handovers = 0
    for _ in range(60):
        if view.session.human_to_play():
            handovers += view.card is not None
            view.card = None
            legal = view.session.legal()
            end = next((c for c in legal if type(c).__name__ in ("EndTurn", "KeepFound", "Discard",
                                                                  "Rescue")), legal[0])
            assert view.submit(end)
        else:
            view.update(0.1)
        frame(view)
    assert any(e.side == GM for e in view.session.log())
    assert handovers > 0  # the screen asks to pass it to the other player


def test_each_mouse_may_belong_to_its_own_player(headless, tmp_path):
    names = ("Ann", "Ben", "Cid", "Dee")
    view = make_mm_view(MAP, SIZE, ai_sides=("Ben",), players=names, seed=2, save_dir=tmp_path,
                        pace=0.0)
    assert sorted(m.player for m in view.state.mice) == sorted(names)
    assert view.session.ai_sides == {"Ben"}
    frame(view)


def test_attack_odds_are_probabilities(view):
    st = view.state
    minion = st.minions[0]
    m = st.mouse("tilly")
    odds = attack_odds(view.session.system, st, Attack(m.id, m.equipped[0], minion.id))
    assert odds is not None
    assert 0 < odds.p_wound < 1 and 0 <= odds.p_defeat <= odds.p_wound
    assert odds.expected_wounds > 0


def test_save_and_load_round_trip(view, tmp_path):
    reach = view.reach()
    cell = next(c for c in reach.cells if c != reach.start)
    click(view, screen_of(view, cell))
    digest = view.session.match.digest()
    view.handle_event(ev(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="",
                         scancode=0))
    assert (tmp_path / "mice_chapter.json").is_file()
    view.session.undo()
    assert view.session.match.digest() != digest
    view.handle_event(ev(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL, unicode="",
                         scancode=0))
    assert view.session.match.digest() == digest
    assert not view.load(tmp_path / "missing.json")
    frame(view)


def test_random_events_for_a_few_hundred_frames(view):
    rng = random.Random(11)
    for _ in range(400):
        pos = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
        kind = rng.choice(["move", "click", "key", "wheel"])
        if kind == "move":
            view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        elif kind == "click":
            click(view, pos)
        elif kind == "key":
            k = rng.choice([pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_SPACE, pygame.K_z,
                            pygame.K_LEFT, pygame.K_HOME])
            mod = pygame.KMOD_CTRL if k == pygame.K_z else 0
            view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        else:
            view.handle_event(ev(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), precise_y=1.0))
        frame(view, 0.05)
        assert view.session.system.invariants(view.state) == []
    view.resize((900, 640))
    frame(view)


def test_the_search_button_says_its_chance(tmp_path: Path) -> None:
    """Issue 17: a button that leads to a roll shows its chance (MM-SEARCH-2: one die, a
    success symbol on 4-6)."""
    from game.rules.mice_and_mystics.commands import Search
    from game.ui.play.mm.view import SEARCH_CHANCE

    assert SEARCH_CHANCE == 0.5
    view = make_mm_view(MAP, (1280, 800), save_dir=tmp_path)
    assert view.label(Search("tilly"), view.state) == "Search — 50%"
