"""``tabletop new SYSTEM FILE.tmx`` (issue 18, point 5): a starter scenario of each game that
validates without a word, opens in Tiled with the custom types beside it, and that the AI plays
to the end."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from game.board import load_board
from game.board.starter import PROJECT_NAME, SYSTEMS, StarterError, suggest, write_starter
from game.board.validate import validate_paths
from game.cli import main
from game.core.dice import SeededDice
from game.core.resources import data_dir
from game.geometry.bases import Base
from game.geometry.contact import touching_solids
from game.geometry.terrain import TerrainIndex, solids_from_board
from game.rules import registry
from game.rules.engine import selfplay
from game.rules.engine.protocol import Setup


def test_the_starters_are_the_registered_games() -> None:
    assert list(SYSTEMS) == registry.names()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_starter_validates_without_a_word_and_the_ai_plays_it_to_the_end(
        system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine" / f"{system}.tmx"
    assert main(["new", system, str(path)]) == 0
    said = capsys.readouterr().out
    assert f"wrote {path} ({system})" in said
    out = io.StringIO()
    assert validate_paths([path], out=out) == 0
    assert "0 error(s), 0 warning(s)" in out.getvalue(), out.getvalue()
    assert load_board(path).system == system
    rules = registry.get(system)
    match, error = selfplay.play_one(rules, Setup(system, str(path), 3), selfplay.greedy_policy,
                                     random.Random(3), max_commands=3000)
    assert error is None
    assert match.outcome() is not None, f"{system}: unfinished after {len(match.steps)} commands"


def test_what_tiled_needs_is_written_beside_the_map_and_nothing_is_replaced(tmp_path: Path) -> None:
    first = write_starter("helldorado", tmp_path / "a.tmx")
    names = [p.relative_to(tmp_path).as_posix() for p in first]
    assert names == ["a.tmx", "tilesets/floors.tsx", "tilesets/floors.png", PROJECT_NAME]
    project = json.loads((tmp_path / PROJECT_NAME).read_text(encoding="utf-8"))
    shipped = json.loads((data_dir("maps") / PROJECT_NAME).read_text(encoding="utf-8"))
    assert project["folders"] == ["."]
    assert project["propertyTypes"] == shipped["propertyTypes"]
    assert {t["name"] for t in project["propertyTypes"]} >= {"Terrain", "FigureSpawn", "Cell",
                                                              "TabletopMap"}
    assert 'class="TabletopMap"' in (tmp_path / "a.tmx").read_text(encoding="utf-8")
    # a second map in the folder shares the tileset and the project; the props tileset of a
    # shipped scenario comes along when it uses it
    (tmp_path / PROJECT_NAME).write_text("{}", encoding="utf-8")
    second = write_starter("relic", tmp_path / "b.tmx", title="My Ring")
    assert second == [tmp_path / "b.tmx"]
    assert (tmp_path / PROJECT_NAME).read_text(encoding="utf-8") == "{}"
    board = load_board(tmp_path / "b.tmx")
    assert board.title == "My Ring" and "title_ru" not in board.properties


def test_an_existing_map_is_replaced_only_with_force(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.tmx"
    path.write_text("mine", encoding="utf-8")
    assert main(["new", "one_for_all", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "--force" in err
    assert path.read_text(encoding="utf-8") == "mine"
    assert main(["new", "one_for_all", str(path), "--force", "--title", "Duel"]) == 0
    assert load_board(path).title == "Duel"


@pytest.mark.parametrize(("name", "nearest"), [("ofa", "one_for_all"), ("Helldorado", "helldorado"),
                                                ("mice", "mice_and_mystics"), ("relics", "relic")])
def test_an_unknown_game_is_refused_with_the_nearest_name(name: str, nearest: str,
                                                          tmp_path: Path) -> None:
    with pytest.raises(StarterError) as caught:
        write_starter(name, tmp_path / "x.tmx")
    assert str(caught.value) == suggest(name)
    assert f"did you mean {nearest}?" in str(caught.value)
    assert not (tmp_path / "x.tmx").exists()


def test_the_one_for_all_starter_deploys_on_the_short_edges_and_its_chandelier_swings(
        tmp_path: Path) -> None:
    """OFA-1C.3 deployment; OFA-MG.2: the chandelier is overhead and within reach of a figure on
    the floor under it (underside above the 40 mm head, at most 60 mm up)."""
    path = tmp_path / "t.tmx"
    write_starter("one_for_all", path)
    from game.rules.one_for_all.game import OneForAll

    rules = OneForAll()
    state = rules.new_state(Setup("one_for_all", str(path), 1), SeededDice(1))
    assert rules.deployment_problems(state) == []
    board = load_board(path)
    index = TerrainIndex(solids_from_board(board), (0, 0, board.width_mm, board.height_mm))
    chandelier = next(s for s in index.solids if s.kind == "chandelier")
    x, y = chandelier.footprint.centroid.x, chandelier.footprint.centroid.y
    hows = {c.id: c.how for c in touching_solids(Base("f", x, y, 12.5, 0.0, 40.0), index)}
    assert hows.get(chandelier.id) == "overhead"


def test_the_helldorado_starter_low_wall_gives_cover(tmp_path: Path) -> None:
    """HD-RANGED-9: a unit right behind the 15 mm low wall is in cover from across the table;
    the same unit in the open is not."""
    from game.rules.helldorado.table import Table

    path = tmp_path / "h.tmx"
    write_starter("helldorado", path)
    table = Table.from_board(load_board(path), 25.4)
    radius = 15 / 25.4
    eye = (16.5, 1.0, 1.0)
    behind = table.cover(eye, Base("t", 16.5, 8.8, radius, 0.0, 1.0), 1.0)
    open_ground = table.cover(eye, Base("t", 12.0, 8.8, radius, 0.0, 1.0), 1.0)
    assert behind.in_cover(0.5)
    assert open_ground.visible and not open_ground.in_cover(0.5)
