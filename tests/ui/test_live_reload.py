"""Live reload (issue 18, point 6): a map saved again on disk while it is open redraws the
sandbox (figures kept where they still fit) and a game's setup within a second; a game in
progress offers to restart on the changed map. The disk is looked at twice a second at most."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.board.starter import write_starter
from game.core.watch import FileWatch
from game.ui.live_map import LiveMap, in_progress
from game.ui.menu import MenuChoice, Scenario
from game.ui.sandbox import make_sandbox_view
from game.ui.sandbox.live import live_sandbox

SIZE = (1100, 700)
#: the starter's table (One for All), as ``tabletop new`` writes it
TABLE = '<object id="1" name="table" class="Terrain" x="128" y="224" width="128" height="64">'


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _save(path: Path, old: str, new: str, when: int) -> None:
    """Change the map on disk as an editor's save does (a later modification time)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(when * 10**9, when * 10**9))


@pytest.fixture
def brawl(tmp_path: Path) -> Path:
    path = tmp_path / "brawl.tmx"
    write_starter("one_for_all", path)
    os.utime(path, ns=(10**18, 10**18))
    return path


def _watched(view: LiveMap, clock: Clock) -> LiveMap:
    view.watch = FileWatch(view.map_file, clock=clock)
    return view


def test_the_watch_looks_at_most_twice_a_second_and_says_each_change_once(brawl: Path) -> None:
    clock = Clock()
    watch = FileWatch(brawl, clock=clock)
    for _ in range(30):  # a frame every 10 ms for 0.3 s: no look at the disk yet
        clock.now += 0.01
        assert not watch.changed()
    assert watch.looks == 0
    _save(brawl, 'value="A Tavern Brawl"', 'value="A Tavern Fight"', 1_000_000_001)
    clock.now += 0.2
    assert watch.changed() and watch.looks == 1
    clock.now += 0.5
    assert not watch.changed() and watch.looks == 2  # seen already
    brawl.unlink()  # an editor between writing a new file and renaming it
    clock.now += 0.5
    assert not watch.changed()
    write_starter("one_for_all", brawl)
    clock.now += 0.5
    assert watch.changed()


def test_a_saved_map_redraws_the_sandbox_and_keeps_the_figures_that_fit(
        headless: None, brawl: Path) -> None:
    clock = Clock()
    view = _watched(live_sandbox(make_sandbox_view(brawl, SIZE), brawl), clock)
    view.resize(SIZE)
    screen = pygame.Surface(SIZE)
    view.draw(screen)
    before = screen.copy()
    old = view.inner
    figures = {f.name: (f.x, f.y) for f in old.scene.figures}
    assert set(figures) == {"d'Artagnan", "Athos", "Rochefort", "Guard"}
    view.table.zoom_about(1.3, (300, 300))
    camera = view.table.camera
    # the table moves to the top-left corner, and a wall now stands where Athos does (224, 480)
    _save(brawl, TABLE, TABLE.replace('x="128" y="224"', 'x="16" y="16"'), 1_000_000_001)
    _save(brawl, '<polyline points="16,160 16,352"/>', '<polyline points="200,480 250,480"/>',
          1_000_000_002)
    clock.now += 0.3
    view.update(0.3)
    assert view.inner is old  # not looked at yet: under half a second
    clock.now += 0.3
    view.update(0.3)
    assert view.inner is not old and view.reloads == 1
    table = next(p for p in view.board.terrain if p.name == "table")
    assert table.footprint.bounds[:2] == pytest.approx((16 * 0.79375, 16 * 0.79375))
    kept = {f.name: (f.x, f.y) for f in view.scene.figures}
    assert kept == {k: v for k, v in figures.items() if k != "Athos"}
    assert "1 figure(s) no longer fit" in view.message
    now = view.table.camera
    assert (now.zoom, now.left, now.top) == pytest.approx((camera.zoom, camera.left, camera.top))
    view.draw(screen)
    changed = sum(1 for x in range(0, SIZE[0] - 300, 7) for y in range(0, SIZE[1], 7)
                  if screen.get_at((x, y)) != before.get_at((x, y)))
    assert changed > 50


def test_a_map_saved_broken_leaves_the_table_as_it_was(headless: None, brawl: Path) -> None:
    clock = Clock()
    view = _watched(live_sandbox(make_sandbox_view(brawl, SIZE), brawl), clock)
    old = view.inner
    _save(brawl, "</map>", "", 1_000_000_001)
    clock.now += 0.6
    view.update(0.6)
    assert view.inner is old
    assert "cannot be read" in view.message and "brawl.tmx" in view.message


def _game(brawl: Path, clock: Clock) -> LiveMap:
    from game.ui.menu.launch import start_view

    view = start_view(MenuChoice(Scenario(brawl, "A Tavern Brawl", "one_for_all")), SIZE)
    assert isinstance(view, LiveMap)
    view.resize(SIZE)
    return _watched(view, clock)


def _spawn_x(view: LiveMap, name: str) -> float:
    return next(f.x for f in view.session.match.state.figures if f.name == name)


def test_a_saved_map_restarts_a_game_nobody_has_moved_in(headless: None, brawl: Path) -> None:
    clock = Clock()
    view = _game(brawl, clock)
    first = view.inner
    assert not in_progress(view) and _spawn_x(view, "Rochefort") == pytest.approx(160 * 0.79375)
    _save(brawl, '<object id="9" name="Rochefort" class="FigureSpawn" x="160"',
          '<object id="9" name="Rochefort" class="FigureSpawn" x="100"', 1_000_000_001)
    clock.now += 0.6
    view.update(0.6)
    assert view.inner is not first and view.offer is None
    assert _spawn_x(view, "Rochefort") == pytest.approx(100 * 0.79375)
    view.draw(pygame.Surface(SIZE))


def test_a_map_saved_unreadable_says_why_on_a_card_until_a_save_mends_it(headless: None,
                                                                          brawl: Path) -> None:
    """The status line has room for the start of the reason only: a card shows all of it."""
    clock = Clock()
    view = _game(brawl, clock)
    first = view.inner
    _save(brawl, '<tileset firstgid="1"', '<tileset firstgid="-4"', 1_000_000_001)
    clock.now += 0.6
    view.update(0.6)
    assert view.inner is first and view.offer is view.unreadable is not None
    assert view.offer.title == "The changed map cannot be read"
    reason = "tileset 'tilesets/floors.tsx' has firstgid -4; it must be 1 or more"
    assert view.offer.lines[:2] == ["brawl.tmx was saved again, but it cannot be read:", reason]
    view.draw(pygame.Surface(SIZE))
    # Esc closes it and the game goes on, on the map as it was
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert view.offer is None and view.unreadable is None and view.inner is first
    # broken again: the card again; a save that mends the map takes it away by itself
    _save(brawl, 'firstgid="-4"', 'firstgid="0"', 1_000_000_002)
    clock.now += 0.6
    view.update(0.6)
    assert view.offer is view.unreadable is not None and "firstgid 0" in view.offer.lines[1]
    _save(brawl, 'firstgid="0"', 'firstgid="1"', 1_000_000_003)
    clock.now += 0.6
    view.update(0.6)
    assert view.offer is None and view.unreadable is None
    assert view.inner is not first and view.reloads == 1


def test_a_game_in_progress_is_offered_a_restart_on_the_changed_map(headless: None,
                                                                     brawl: Path) -> None:
    clock = Clock()
    view = _game(brawl, clock)
    match = view.session.match
    rules = match.system
    match.submit(rules.legal_commands(match.state)[0])
    playing = view.inner
    assert in_progress(view)
    _save(brawl, '<object id="9" name="Rochefort" class="FigureSpawn" x="160"',
          '<object id="9" name="Rochefort" class="FigureSpawn" x="100"', 1_000_000_001)
    clock.now += 0.6
    view.update(0.6)
    assert view.inner is playing and view.offer is not None
    view.draw(pygame.Surface(SIZE))
    assert view.offer.title == "The map has changed"
    # Esc keeps playing: the game goes on, on the map as it was
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    assert view.offer is None and view.inner is playing and in_progress(view)
    # saved again: asked again; Enter takes the first button, the restart
    _save(brawl, 'x="100"', 'x="96"', 1_000_000_002)
    clock.now += 0.6
    view.update(0.6)
    assert view.offer is not None
    view.offer.delay = 0.0
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r"))
    assert view.inner is not playing and view.offer is None and not in_progress(view)
    assert _spawn_x(view, "Rochefort") == pytest.approx(96 * 0.79375)


def test_a_saved_chapter_file_remakes_a_game_nobody_has_moved_in(headless: None,
                                                                 tmp_path: Path) -> None:
    """The files a map names beside it are watched with it: a Mice and Mystics chapter saved
    again starts the game anew on it."""
    import json

    from game.ui.menu.launch import start_view

    room = tmp_path / "room.tmx"
    write_starter("mice_and_mystics", room)
    chapter = next(tmp_path.glob("*.chapter.json"))
    view = start_view(MenuChoice(Scenario(room, "Room", "mice_and_mystics")), SIZE)
    assert isinstance(view, LiveMap) and chapter in view.watch.paths
    view.resize(SIZE)
    clock = Clock()
    view.watch = FileWatch(view.watch.paths, clock=clock)
    first = view.inner
    before = view.session.match.state.end_page
    doc = json.loads(chapter.read_text(encoding="utf-8"))
    doc["end_page"] = before + 1
    chapter.write_text(json.dumps(doc), encoding="utf-8")
    os.utime(chapter, ns=(2 * 10**18, 2 * 10**18))
    clock.now += 0.6
    view.update(0.6)
    assert view.inner is not first and view.session.match.state.end_page == before + 1
    view.draw(pygame.Surface(SIZE))
