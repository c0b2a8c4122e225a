"""The shipped maps are what ``tools/make_maps.py`` writes, and name everything in Russian too."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.board import load_board
from game.board.names import local_name, local_side_name, local_text, local_title

REPO = Path(__file__).resolve().parents[2]
MAPS = ("tavern.tmx", "ruins.tmx", "mice_chapter.tmx", "relic.tmx")


@pytest.fixture(scope="module")
def make_maps() -> object:
    sys.path.insert(0, str(REPO))
    try:
        import tools.make_maps as module
    finally:
        sys.path.remove(str(REPO))
    return module


@pytest.mark.parametrize("name", MAPS)
def test_the_map_file_is_what_the_generator_writes(make_maps: object, name: str) -> None:
    makers = {"tavern.tmx": "make_tavern", "ruins.tmx": "make_ruins",
              "mice_chapter.tmx": "make_mice", "relic.tmx": "make_relic"}
    built = make_maps.add_russian(getattr(make_maps, makers[name])())  # type: ignore[attr-defined]
    assert built.xml() == (REPO / "maps" / name).read_text(encoding="utf-8"), (
        f"maps/{name} differs from its generator: run python tools/make_maps.py")


@pytest.mark.parametrize("name", MAPS)
def test_everything_the_map_names_has_a_russian_name(name: str) -> None:
    board = load_board(REPO / "maps" / name)
    untranslated = [s.name for s in board.spawns if local_name(s.name, s.properties, "ru") == s.name]
    untranslated += [t.name for t in board.terrain
                     if t.name and local_name(t.name, t.properties, "ru") == t.name]
    untranslated += [c.name for c in board.cells if c.name and local_name(c.name, c.properties, "ru") == c.name]
    untranslated += [o.text for o in board.objects
                     if o.shape == "text" and local_text(o.text, o.properties, "ru") == o.text]
    assert untranslated == []
    assert local_title(board.title, board.properties, "ru") != board.title
    for side in {s.side for s in board.spawns}:
        assert local_side_name(side, board.properties, "ru") != local_side_name(side, {}, "en")


def test_without_translations_the_map_words_show() -> None:
    assert local_name("Porthos", {}, "ru") == "Porthos"
    assert local_name("Porthos", {"name_ru": "Портос"}, "ru") == "Портос"
    assert local_name("Porthos", {"name_ru": "Портос"}, "en") == "Porthos"
    assert local_side_name("red_team", {}, "ru") == "Red team"
    assert local_side_name("red_team", {"side_red_team": "Reds"}, "ru") == "Reds"
    assert local_title("T", {"title_ru": " "}, "ru") == "T"
