"""The One for All play screen, headless: driven with synthetic pygame events and its methods."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pygame
import pytest

from game.board import load_board
from game.board.model import Board
from game.rules.engine import Event, Match
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.ui.play import has_play_view
from game.ui.play.ofa.actions import addable_targets
from game.ui.play.ofa.move_preview import drag_angle, sweep_move
from game.ui.play.ofa.names import Names, compass
from game.ui.play.ofa.roll_odds import preview_roll
from game.ui.play.ofa.session import PlaySession, new_match
from game.ui.play.ofa.tray import dice_rows
from game.ui.play.ofa.view import OFAPlayView
from tests.rules.one_for_all.scene import start, write_scene

REPO = Path(__file__).resolve().parents[2]
TAVERN = REPO / "maps" / "tavern.tmx"
SIZE = (1280, 800)
M, C = "musketeers", "cardinal"


# --------------------------------------------------------------------------- helpers

def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def key(view: OFAPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(view: OFAPlayView, pos: tuple[int, int], button: int = 1) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(view: OFAPlayView, start_pos: tuple[int, int], end: tuple[int, int],
         release: bool = True) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=start_pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    for i in range(1, 6):
        p = (start_pos[0] + (end[0] - start_pos[0]) * i // 5,
             start_pos[1] + (end[1] - start_pos[1]) * i // 5)
        view.handle_event(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    if release:
        view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))


def frame(view: OFAPlayView, dt: float = 1 / 60) -> pygame.Surface:
    surface = pygame.Surface(view.layout.size)
    view.update(dt)
    view.draw(surface)
    return surface


def settle(view: OFAPlayView) -> None:
    for _ in range(400):
        if view.player is None:
            return
        view.update(0.05)
    raise AssertionError("the animation never ended")


@pytest.fixture
def tavern(headless: None) -> Board:
    return load_board(TAVERN)


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_PICTURES_DIR", str(tmp_path / "pictures"))
    return tmp_path / "saves"


def tavern_view(board: Board, saves: Path, seed: int = 3, **kw: object) -> OFAPlayView:
    session = PlaySession(new_match(TAVERN, seed), board,
                          ai_sides=kw.pop("ai_sides", ()))  # type: ignore[arg-type]
    view = OFAPlayView(session, board, SIZE, save_dir=saves, **kw)  # type: ignore[arg-type]
    frame(view)
    return view


def scene_view(match: Match, saves: Path, **kw: object) -> OFAPlayView:
    board = load_board(Path(match.setup.map))
    view = OFAPlayView(PlaySession(match, board), board, SIZE, save_dir=saves,
                       **kw)  # type: ignore[arg-type]
    frame(view)
    return view


def run_at_object(view: OFAPlayView) -> tuple[str, str]:
    """A figure of the side to play and a liftable or rollable piece it runs straight into."""
    st = view.state
    system = view.session.system
    index = system.index(st)
    for f in sorted(st.conscious(st.initiative), key=lambda f: f.id):
        for s in index.solids:
            if not (s.liftable or s.rollable):
                continue
            c = s.footprint.centroid
            angle = drag_angle((f.x, f.y), (c.x, c.y))
            if angle is not None and sweep_move(system, st, f.id, angle, None).id == s.id:
                return f.id, s.id
    raise AssertionError("no clear run at an object on the tavern map")


def move_into(view: OFAPlayView, fig_id: str, solid_id: str) -> None:
    st = view.state
    fig = st.figure(fig_id)
    c = view.session.system.index(st).solids[view.session.system.index(st).index_of(solid_id)]
    centre = c.footprint.centroid
    aim = (fig.x + (centre.x - fig.x) * 0.6, fig.y + (centre.y - fig.y) * 0.6)
    drag(view, view.screen_point((fig.x, fig.y)), view.screen_point(aim))


# --------------------------------------------------------------------------- the app

def test_tabletop_play_opens_the_play_view_for_one_for_all_maps(tavern: Board, saves: Path,
                                                                 tmp_path: Path) -> None:
    from game.ui.app import _play_view, ai_sides_from_env, run_window

    assert has_play_view(tavern)
    view = _play_view(TAVERN, tavern, lambda *a, **k: None, ["cardinal"])
    assert isinstance(view, OFAPlayView)
    assert view.session.ai_sides == {"cardinal"}
    assert view.session.match.autosave_path is not None
    # a One for All map with three sides cannot start a game: the plain board view instead
    three = write_scene(tmp_path, [("A", "reds", "x", 100, 100), ("B", "blues", "x", 300, 300),
                                   ("C", "greens", "x", 500, 500)])
    three.write_text(three.read_text(encoding="utf-8").replace(
        '<properties><property name="mm_per_pixel"',
        '<properties><property name="system" value="one_for_all"/><property name="mm_per_pixel"'),
        encoding="utf-8")
    board = load_board(three)
    assert has_play_view(board)
    assert _play_view(three, board, lambda *a, **k: None, []) is None
    assert not has_play_view(load_board(write_scene(tmp_path, [], name="plain.tmx")))
    assert ai_sides_from_env({"TABLETOP_AI": "cardinal, musketeers"}) == ["cardinal", "musketeers"]
    assert run_window(TAVERN, (800, 600), max_frames=3, ai=["cardinal"]) == 0


# --------------------------------------------------------------------------- selecting and moving

def test_the_screen_draws_and_the_top_bar_shows_the_initiative(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    surface = frame(view)
    colour = view.colours[view.state.initiative]
    top = view.layout.top
    found = {surface.get_at((x, top.centery))[:3] for x in range(top.x, top.x + 700, 2)}
    assert colour in found
    assert view.layout.table.width >= 800 and view.layout.table.height >= 540
    assert "click one of your figures" in view.hint()


def test_tab_cycles_the_figures_of_the_side_holding_the_initiative(tavern: Board,
                                                                   saves: Path) -> None:
    view = tavern_view(tavern, saves)
    side = view.state.initiative
    seen = set()
    for _ in range(len(view.state.conscious(side))):
        key(view, pygame.K_TAB)
        seen.add(view.selected)
    assert seen == {f.id for f in view.state.conscious(side)}
    assert not view.session.match.steps  # selecting changes nothing


def test_a_drag_previews_then_commits_the_same_move(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    fig_id, solid_id = run_at_object(view)
    fig = view.state.figure(fig_id)
    c = view.session.system.index(view.state).solids[
        view.session.system.index(view.state).index_of(solid_id)].footprint.centroid
    start_pos = view.screen_point((fig.x, fig.y))
    aim = view.screen_point((fig.x + (c.x - fig.x) * 0.6, fig.y + (c.y - fig.y) * 0.6))
    drag(view, start_pos, aim, release=False)
    assert view.selected == fig_id
    preview = view.preview
    assert preview is not None and preview.touched
    frame(view)  # the band, the ghost base and the contact label draw
    sweeps = view.previewer.sweeps
    view.handle_event(ev(pygame.MOUSEMOTION, pos=aim, rel=(0, 0), buttons=(1, 0, 0)))
    assert view.previewer.sweeps == sweeps  # the same drag costs no new sweep
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=aim, button=1))
    commands = view.session.match.commands
    assert commands == [Activate(fig_id), preview.command]
    moved = view.state.figure(fig_id)
    assert (moved.x, moved.y) == pytest.approx(preview.result.end)
    assert view.state.activation is not None and view.state.activation.contact == preview.touched


def test_escape_and_right_click_cancel_a_drag(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    fig = view.state.conscious(view.state.initiative)[0]
    p = view.screen_point((fig.x, fig.y))
    drag(view, p, (p[0], p[1] - 150), release=False)
    assert view.preview is not None
    key(view, pygame.K_ESCAPE)
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(p[0], p[1] - 150), button=1))
    drag(view, p, (p[0] + 60, p[1] - 150), release=False)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(p[0] + 60, p[1] - 150), button=3))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(p[0] + 60, p[1] - 150), button=1))
    assert view.session.match.steps == []
    assert view.card is None


def test_shift_drag_stops_short_of_contact(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    fig = view.state.conscious(view.state.initiative)[0]
    p = view.screen_point((fig.x, fig.y))
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        drag(view, p, (p[0], p[1] - 120), release=False)
    finally:
        pygame.key.set_mods(0)
    preview = view.preview
    assert preview is not None and preview.length is not None and preview.free_move
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(p[0], p[1] - 120), button=1))
    settle(view)
    moved = view.state.figure(fig.id)
    assert math.hypot(moved.x - fig.x, moved.y - fig.y) == pytest.approx(preview.length)
    assert view.state.activation is None  # a Free Move ends the activation (OFA-2B.4)


# --------------------------------------------------------------------------- actions

def test_contact_opens_the_action_menu_and_a_choice_acts(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    fig_id, solid_id = run_at_object(view)
    move_into(view, fig_id, solid_id)
    settle(view)
    assert view.menu is not None
    labels = [c.label for c in view.menu.choices]
    assert any(solid_id == c.group for c in view.menu.choices)
    assert labels[-1].startswith("Stop")
    frame(view)
    pick = next(c for c in view.menu.choices if c.group == solid_id)
    view.menu.hot = next(i for i, (_, c) in enumerate(view.menu.rows) if c == pick)
    key(view, pygame.K_RETURN)
    settle(view)
    last = view.session.match.commands[-1]
    assert isinstance(last, Act) and last.object == solid_id
    assert any(e.kind == "ofa.pool_roll" for e in view.session.match.steps[-1].events)


def test_an_illegal_command_shows_its_reason_and_changes_nothing(tavern: Board,
                                                                 saves: Path) -> None:
    view = tavern_view(tavern, saves)
    other = view.state.other_side(view.state.initiative)
    enemy = view.state.conscious(other)[0]
    before = view.state
    result = view.submit(Activate(enemy.id))
    assert not result.ok and view.state is before
    assert "OFA-6.2" in view.message
    frame(view)
    key(view, pygame.K_SPACE)  # nothing active: nothing to stop
    assert "nothing to stop" in view.message
    assert view.session.match.steps == []


def test_a_figure_in_contact_cannot_be_dragged_and_is_told_why(tmp_path: Path,
                                                               saves: Path, headless: None) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 300, 300)])
    view = scene_view(start(path, []), saves)
    view.submit(Activate("athos"), Move("athos", 0.0))
    settle(view)
    assert view.state.activation.contact == "guard"
    view.menu = None
    p = view.screen_point((view.state.figure("athos").x, view.state.figure("athos").y))
    drag(view, p, (p[0], p[1] + 120))
    assert "OFA-2B.2" in view.message
    assert len(view.session.match.steps) == 2


def test_a_chained_attack_picks_more_targets_within_a_base_width(tmp_path: Path, saves: Path,
                                                                 headless: None) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("GuardA", C, "guard", 225, 300),
                                  ("GuardB", C, "guard", 262, 300)])
    view = scene_view(start(path, [6, 2, 3, 2, 2]), saves)
    click(view, view.screen_point((200, 300)))
    assert view.selected == "athos"
    frame(view)
    punch = next(c for c in view.action_bar.choices if isinstance(c.command, Act)
                 and c.command.kind == "punch")
    assert punch.chain_from == "guarda"
    view.choose(punch)
    assert view.targeting is not None
    assert addable_targets(view.options().state, "athos", "guarda", []) == ["guardb"]
    frame(view)  # the reach of each target draws
    click(view, view.screen_point((262, 300)))
    assert view.targeting.chosen == ["guardb"]
    key(view, pygame.K_RETURN)
    commands = view.session.match.commands
    assert commands[0] == Activate("athos")
    assert commands[1] == Act("athos", "punch", "guarda", ("guarda", "guardb"))
    attacks = [e for e in view.session.match.steps[-1].events if e.kind == "ofa.attack"]
    assert [e["defender"] for e in attacks] == ["guarda", "guardb"]


def test_a_won_duel_against_a_group_is_split_from_the_action_bar(tmp_path: Path, saves: Path,
                                                                 headless: None) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("GuardA", C, "guard", 225, 300),
                                  ("GuardB", C, "guard", 200, 325)])
    view = scene_view(start(path, [6, 6, 5, 2, 2, 3, 2]), saves, animate=False)
    click(view, view.screen_point((200, 300)))
    frame(view)
    number = next(i for i, c in enumerate(view.action_bar.choices, 1)
                  if c.command == Duel("athos", "guarda"))
    preview, _ = view.roll_preview()
    assert preview is not None and preview.duel
    key(view, pygame.K_0 + number)
    assert view.state.pending is not None
    frame(view)
    splits = [c.command for c in view.action_bar.choices]
    assert splits and all(isinstance(c, AllocateHits) for c in splits)
    key(view, pygame.K_1)
    assert view.state.pending is None
    assert isinstance(view.session.match.commands[-1], AllocateHits)


def test_buttons_that_roll_show_the_chance_to_win(tmp_path: Path, saves: Path,
                                                  headless: None) -> None:
    """Issue 17: an opposed roll's button says its exact chance (the Odds tab's), and a button
    that makes no opposed roll says none."""
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("GuardA", C, "guard", 225, 300)])
    view = scene_view(start(path, [6, 2, 3, 2, 2]), saves)
    click(view, view.screen_point((200, 300)))
    frame(view)
    duel = next(c for c in view.action_bar.choices if c.command == Duel("athos", "guarda"))
    preview = preview_roll(view.options().state, duel.command, view.names)
    assert preview is not None and preview.opposed
    pct = round(preview.opposed[0].odds.p_attacker_wins * 100)
    assert duel.label.endswith(f" — {pct}%"), duel.label
    for c in view.action_bar.choices:  # an action done whatever the dice say: the initiative
        made = preview_roll(view.options().state, c.command, view.names) if c.command else None
        if made is not None and not made.opposed:
            assert c.label.endswith(f" — keeps the initiative {round((1 - made.p_one) * 100)}%")
        elif made is None:
            assert "%" not in c.label, c.label


def test_the_odds_use_the_dice_the_rules_then_roll(tmp_path: Path, headless: None) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard1", C, "guard", 225, 300),
                                  ("Aramis", M, "aramis", 225, 325), ("Guard2", C, "guard", 200, 275)])
    match = start(path, [5, 5, 4, 1, 3, 4, 4, 5, 2, 6, 6, 6, 2])
    match.submit(Activate("athos"))
    names = Names(load_board(path), match.state)
    preview = preview_roll(match.state, Duel("athos", "guard1"), names)
    duel = next(e for e in match.submit(Duel("athos", "guard1")) if e.kind == "ofa.duel")
    assert preview is not None
    assert preview.dice == duel["attacker_dice"]
    assert preview.opposed[0].dice == duel["defender_dice"]
    assert 0.0 < preview.opposed[0].odds.p_attacker_wins < 1.0


# --------------------------------------------------------------------------- dice, words

def test_the_dice_tray_marks_the_deciding_die_and_a_losing_one_in_red(tmp_path: Path) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)])
    match = start(path, [1, 3, 4])
    names = Names(load_board(path), match.state)
    match.submit(Activate("athos"))
    events = match.submit(Act("athos", "punch", "guard", ("guard",)))
    rows = dice_rows(events, match.state, names)
    assert rows[0].faces == (1,) and rows[0].red_ones
    assert rows[1].faces == (3, 4) and rows[1].deciding == (1,) and not rows[1].red_ones
    assert match.state.initiative == C


def test_names_put_words_on_ids(tmp_path: Path) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard 1", C, "guard", 225, 300)])
    match = start(path, [])
    names = Names(load_board(path), match.state)
    text = match.system.explain(names.event(Event.of("ofa.initiative_lost", ["OFA-3A.1"], "athos",
                                                     ones=1, to=C)))
    assert text.startswith("Athos rolled a 1: the initiative passes to Cardinal")
    assert names.command(Act("athos", "throw", "", ("guard_1",))).endswith("at Guard 1")
    assert names.of("y_max") == "the south edge of the table"
    assert compass(0) == "east" and compass(90) == "south" and compass(270) == "north"


# --------------------------------------------------------------------------- history, saves

def test_undo_takes_back_the_whole_gesture_and_redo_replays_it(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    fig_id, solid_id = run_at_object(view)
    first = view.state
    move_into(view, fig_id, solid_id)
    settle(view)
    after = view.state
    assert len(view.session.match.steps) == 2
    key(view, pygame.K_z, pygame.KMOD_LCTRL)
    assert view.session.match.steps == [] and view.state is first
    key(view, pygame.K_y, pygame.KMOD_LCTRL)
    assert len(view.session.match.steps) == 2 and view.state == after
    key(view, pygame.K_z, pygame.KMOD_LCTRL)
    key(view, pygame.K_z, pygame.KMOD_LCTRL)
    assert "nothing to undo" in view.message


def test_save_and_load_round_trip(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    fig_id, solid_id = run_at_object(view)
    move_into(view, fig_id, solid_id)
    settle(view)
    digest = view.session.match.digest()
    key(view, pygame.K_s, pygame.KMOD_LCTRL)
    saved = list(saves.glob("*.json"))
    assert len(saved) == 1 and "Saved" in view.message
    key(view, pygame.K_SPACE)  # stop: the match moves on
    assert view.session.match.digest() != digest
    key(view, pygame.K_o, pygame.KMOD_LCTRL)
    assert view.session.match.digest() == digest
    assert view.session.match.commands[-1] == Move(fig_id, view.session.match.commands[-1].angle)
    saved[0].write_text("{not json", encoding="utf-8")
    key(view, pygame.K_o, pygame.KMOD_LCTRL)
    assert "Could not load" in view.message
    assert view.session.match.digest() == digest


# --------------------------------------------------------------------------- hot-seat and the AI

def test_the_handover_card_passes_the_screen_between_players(tmp_path: Path, saves: Path,
                                                             headless: None) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)])
    view = scene_view(start(path, [1, 3, 4]), saves)
    view.handover_mode = "card"  # the full-screen card (the default is now a banner)
    assert view.handover_on
    view.submit(Activate("athos"), Act("athos", "punch", "guard", ("guard",)))
    settle(view)
    assert view.card_kind == "handover"
    frame(view)
    key(view, pygame.K_SPACE)  # too soon: a key meant for the table must not dismiss it
    assert view.card is not None
    frame(view, 1.0)
    key(view, pygame.K_SPACE)
    assert view.card is None
    assert view.session.to_play() == C and view.session.match.commands[-1] != Stop("athos")


def test_the_ai_plays_both_sides_through_the_view(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves, ai_sides=(M, C), ai_pace=0.05)
    system = view.session.system
    frames = 0
    while len(view.session.match.steps) < 40 and not view.state.winner and frames < 4000:
        frame(view, 0.05)
        frames += 1
        assert not system.invariants(view.state)
    assert len(view.session.match.steps) >= 40 or view.state.winner
    assert view.session.log()[0].lines  # each command explained


def test_a_whole_game_between_ais_ends_on_the_end_screen(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves, seed=5, ai_sides=(M, C), ai_pace=0.0, animate=False)
    view.ai_hurry = True
    for _ in range(1500):
        if view.state.winner:
            break
        view.update(0.0)
    assert view.state.winner
    assert view.card_kind == "end"
    # the outcome's reason is a stable word; the card says it in full, as it always has
    assert view.session.match.outcome().reason == "all_unconscious"
    assert view.card.lines[0] == "every figure of the other side is unconscious (OFA-1.3)"
    frame(view)
    assert key(view, pygame.K_ESCAPE) is None and view.card is None  # Esc: look at the table
    n = len(view.session.match.steps)
    key(view, pygame.K_z, pygame.KMOD_LCTRL)  # teaching mode: the last roll can be taken back
    assert not view.state.winner and len(view.session.match.steps) == n - 1


def test_undo_against_the_ai_returns_to_the_players_turn(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves, ai_sides=(C,), ai_pace=0.0, animate=False)
    system = view.session.system
    steps = view.session.match.steps

    def actor(step: object) -> str | None:
        return system.current_player(step.before)  # type: ignore[attr-defined]

    for _ in range(600):
        if steps and view.session.to_play() == M and any(actor(s) == C for s in steps):
            break
        if view.session.to_play() == M:
            view.submit(view.session.ai_command())  # the player plays like the AI would
        else:
            view.update(0.0)
    n = len(steps)
    replies = 0
    while replies < n and actor(steps[n - 1 - replies]) == C:
        replies += 1
    assert replies > 0
    key(view, pygame.K_z, pygame.KMOD_LCTRL)
    assert len(view.session.match.steps) == n - replies - 1
    assert view.session.to_play() == M


# --------------------------------------------------------------------------- robustness

def test_random_events_never_crash_the_screen(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves, seed=11)
    rng = random.Random(4)
    keys = [pygame.K_TAB, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_1,
            pygame.K_2, pygame.K_3, pygame.K_z, pygame.K_y, pygame.K_LEFT, pygame.K_HOME,
            pygame.K_F1, pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS, pygame.K_t, pygame.K_F12]
    w, h = SIZE
    held = (0, 0, 0)
    for _ in range(400):
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.35:
            view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=held))
        elif roll < 0.55:
            button = rng.choice((1, 1, 1, 2, 3))
            held = (1, 0, 0) if button == 1 else held
            view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        elif roll < 0.7:
            held = (0, 0, 0)
            view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 2, 3))))
        elif roll < 0.78:
            view.handle_event(ev(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                 precise_x=0.0, precise_y=float(rng.choice((-1, 1))),
                                 flipped=False))
        else:
            k = rng.choice(keys)
            mod = pygame.KMOD_LCTRL if k in (pygame.K_z, pygame.K_y) and rng.random() < 0.5 else 0
            key(view, k, mod)
        frame(view, rng.choice((0.0, 1 / 60, 0.2)))
        assert not view.session.system.invariants(view.state)
    view.resize((640, 480))
    frame(view)
    view.resize((1600, 1000))
    frame(view)


def test_the_menu_sets_the_ai_the_handover_and_the_log_language(tavern: Board,
                                                               saves: Path) -> None:
    from game.ui.view import Quit

    view = tavern_view(tavern, saves)
    key(view, pygame.K_ESCAPE)
    assert view.card_kind == "menu"
    frame(view)
    assert view.card_action("ai") is None and view.session.ai_sides == {C}
    assert view.card_kind == "menu"  # the menu stays open to show the change
    view.card_action("handover")
    assert not view.handover_on
    view.card_action("lang")  # the whole program's language, not only the log's
    from game import i18n

    assert view.session.lang == "ru" and i18n.language() == "ru"
    assert i18n.load_language() == "ru"  # remembered for the next run
    assert view.card is not None
    assert any(item.label == "Язык: Русский" for item in view.card.items)
    frame(view)
    view.card_action("lang")
    assert i18n.language() == "en"
    key(view, pygame.K_F12)
    frame(view)
    assert list((saves.parent / "pictures").glob("tabletop-*.png"))
    assert isinstance(view.card_action("quit"), Quit)


def test_after_a_crash_the_next_start_offers_to_resume_the_autosave(tavern: Board, saves: Path) -> None:
    """Issue 10, crash safety: a game killed after some commands is offered back at the next start."""
    from game.rules.one_for_all.commands import Activate, Move
    from game.ui.app import _play_view, autosaved_commands

    first = _play_view(TAVERN, tavern, lambda *a, **k: None, [])
    assert isinstance(first, OFAPlayView) and first.card_kind != "resume"  # nothing to resume yet
    match = first.session.match
    side = match.current_player()
    fig = next(f for f in match.state.figures if f.side == side)
    match.submit(Activate(fig.id))
    match.submit(Move(fig.id, 270.0, 20.0))  # the autosave now holds two commands; then "killed"
    assert autosaved_commands(match.autosave_path) == 2
    digest = match.digest()

    again = _play_view(TAVERN, tavern, lambda *a, **k: None, [])
    assert isinstance(again, OFAPlayView) and again.card_kind == "resume"
    assert again.session.match.autosave_path == match.autosave_path
    assert autosaved_commands(match.autosave_path) == 2  # the offer itself overwrote nothing
    again.card_action("autosave")
    assert again.session.match.digest() == digest


# --------------------------------------------------------------------------- modes, resume

def test_strict_mode_gives_no_teaching_hints_and_the_top_bar_says_so(tavern: Board, saves: Path
                                                                     ) -> None:
    from game.i18n import set_language
    from game.ui.play.ofa.hints import hint
    from tests.ui.ru_texts import recorded_texts

    with recorded_texts() as seen:
        view = OFAPlayView(PlaySession(new_match(TAVERN, 3, mode="strict"), tavern), tavern,
                           SIZE, save_dir=saves)
        frame(view)
    assert view.mode == "strict" and not view.teaching
    assert hint(view) == ""
    assert "Strict mode" in seen and "Teaching mode" not in seen
    key(view, pygame.K_TAB)  # a figure in hand: teaching mode would explain what it can do
    frame(view)
    assert hint(view) == ""
    set_language("ru")
    view.set_ai_sides({M, C})  # a longer side chip ("(ИИ)"): the mode still has room
    with recorded_texts() as seen:
        frame(view)
    assert "Строгий режим" in seen and "Ход 1" in seen
    view.set_ai_sides(set())
    set_language("en")
    view.card_action("new")  # a new game from the menu keeps the mode
    assert view.session.match.mode == "strict" and hint(view) == ""

    teaching = tavern_view(tavern, saves)
    assert teaching.teaching and hint(teaching)


def test_offer_resume_opens_the_resume_card(tavern: Board, saves: Path) -> None:
    view = tavern_view(tavern, saves)
    view.offer_resume(4)
    assert view.card_kind == "resume" and view.card is not None
    assert any("4" in line for line in view.card.lines)
    frame(view)
    view.card_action("close")  # start afresh: the new game stays
    assert view.card is None and not view.session.match.steps
